"""Mixed practice (総合練習, issue 24 item 2): a level and nothing else, questions across every topic,
the exam's wording, and the kind and topic told only with the result."""

from __future__ import annotations

import random
from collections import Counter
from datetime import timedelta
from functools import cache

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from tests.study.test_exam_prompts import _outside_cards
from tests.study.test_exams import answer_post
from tests.study.test_views import HTMX, url
from tutor.models import LearnerRating, QuestionRating, ReviewItem, StudyAttempt, StudyQuestion
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.mixed import RECENT, level_sources, mixed_create
from tutor.study.prompts import deciding_words, exam_prompt, named_paragraphs
from tutor.study.selectors import Learner
from tutor.study.topics import TOPICS_BY_SLUG

pytestmark = pytest.mark.django_db


def mixed(client: Client, level: str = "l1") -> StudyQuestion:
    response = client.post("/study/mixed/", {"level": level})
    assert response.status_code == 302, response.content.decode()[:500]
    return StudyQuestion.objects.get(token=response["Location"].split("/q/")[1].strip("/"))


def test_the_study_page_offers_mixed_practice_by_level_only(client):
    html = client.get("/study/").content.decode()
    assert "総合練習" in html and 'action="/study/mixed/"' in html
    form = html.split('action="/study/mixed/"')[1].split("</form>")[0]
    assert 'name="csrfmiddlewaretoken"' in form and 'name="level"' in form and 'name="topic"' not in form


def test_a_mixed_question_hides_its_kind_and_topic_until_answered(client):
    question = mixed(client, "l1")
    assert question.is_mixed and question.level == "l1"
    assert question.prompt == exam_prompt(question.prompt)
    html = client.get(url(question)).content.decode()
    assert "回答する" in html and "総合練習" in html
    assert question.title not in html
    topic = TOPICS_BY_SLUG[question.topic]
    # a keyword topic's word may be on the board (the creature's row); the page never names it as the topic
    breadcrumb = html.split('aria-label="現在地"')[1].split("</nav>")[0]
    title = html.split("<title>")[1].split("</title>")[0]
    assert topic.title not in breadcrumb and topic.title not in title and "総合練習" in breadcrumb
    assert "/study/t/" not in html and "問題の種類" not in html and "トピック:" not in html
    response = client.post(url(question, "answer/"), answer_post(question, right=True), **HTMX)
    result = response.content.decode()
    assert "正解！" in result and question.title in result
    assert "トピック:" in result and any(TOPICS_BY_SLUG[t].title in result for t in question.topics)
    # 「次の問題」 stays in mixed practice at the same level, as a plain form (works without JS)
    next_form = result.split('action="/study/mixed/"')[1].split("</form>")[0]
    assert 'name="csrfmiddlewaretoken"' in next_form and 'value="l1"' in next_form
    assert 'type="hidden"' in next_form


def test_answers_feed_attempts_review_and_ratings_as_topic_practice(client):
    question = mixed(client, "l2")
    response = client.post(url(question, "answer/"), answer_post(question, right=False))
    assert response.status_code == 302 and response["Location"].endswith("#result")
    attempt = StudyAttempt.objects.get(question=question)
    assert not attempt.correct and attempt.level == "l2" and attempt.topic == question.topic
    item = ReviewItem.objects.get()
    assert item.source == question.source and item.level == "l2"
    assert LearnerRating.objects.get().matches == 1
    assert QuestionRating.objects.get(source=question.source, level="l2").matches == 1
    following = mixed(client, "l2")
    assert following.is_mixed and following.source != question.source  # not due yet, and recent
    html = client.get(url(question)).content.decode()  # the permalink shows the result
    assert "不正解" in html and question.title in html


def test_a_due_review_comes_first_but_never_twice_in_a_row(client):
    first = mixed(client, "l1")
    client.post(url(first, "answer/"), answer_post(first, right=False))
    for _ in range(RECENT):  # push the wrong kind out of the no-repeat window
        nxt = mixed(client, "l1")
        client.post(url(nxt, "answer/"), answer_post(nxt, right=True))
    ReviewItem.objects.update(due_at=timezone.now() - timedelta(minutes=1))
    review = mixed(client, "l1")
    assert review.is_review and review.is_mixed and review.source == first.source
    assert not mixed(client, "l1").is_review


def test_signed_in_learners_practise_mixed_too(client):
    user = User.objects.create_user("mixer", password="pw-long-enough-1")
    client.force_login(user)
    question = mixed(client, "intro")
    assert question.user == user and question.level == "intro"
    client.post(url(question, "answer/"), answer_post(question, right=True))
    assert StudyAttempt.objects.get().user == user


@pytest.mark.parametrize(
    ("post", "message"),
    [
        ({}, "レベルを選んでください"),
        ({"level": "l9"}, "そのレベルはありません"),
        ({"level": "l1\x00"}, ""),
        ({"level": ["l1", "l2"], "topic": "trample"}, ""),
        ({"level": "<script>alert(1)</script>"}, "そのレベルはありません"),
    ],
)
def test_bad_input_gets_a_japanese_error_not_a_500(client, post, message):
    response = client.post("/study/mixed/", post)
    html = response.content.decode()
    if post.get("level") == ["l1", "l2"]:  # a repeated field: the last value, a valid level
        assert response.status_code == 302
        return
    assert response.status_code == 400 and "<script>alert(1)" not in html
    assert message in html and "総合練習" in html
    assert not StudyQuestion.objects.exists()


def test_the_post_needs_its_csrf_token():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/study/mixed/", {"level": "l1"}).status_code == 403
    assert client.get("/study/mixed/").status_code in (303, 405)


# --------------------------------------------------------------------------- many draws


@cache
def _draws() -> tuple[StudyQuestion, ...]:
    """A few hundred mixed questions of one learner per level, made once for the tests below."""
    rng = random.Random(24)
    out = []
    for level, count in (("l1", 80), ("l2", 80), ("intro", 40)):
        learner = Learner(user=None, key=f"mixed-{level}".ljust(32, "x"))
        out += [mixed_create(learner=learner, level=level, rng=rng) for _ in range(count)]
    return tuple(out)


@pytest.fixture(scope="module")
def draws(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        questions = _draws()
        yield questions
        StudyQuestion.objects.filter(pk__in=[q.pk for q in questions]).delete()


def test_mixed_prompts_never_name_their_deciding_keyword_or_paragraph(draws):
    problems = []
    for question in draws:
        slug = question.source.removeprefix("builtin:")
        deciding = deciding_words(TEMPLATES_BY_SLUG[slug].topics, question.rules)
        named = sorted(w for w in deciding if w in _outside_cards(question.prompt))
        named += named_paragraphs(question.prompt)
        if named:
            problems.append(f"{question.source}/{question.level}: {named}: {question.prompt}")
    assert problems == []
    assert len(draws) >= 200


def test_mixed_draws_spread_over_topics_and_never_repeat_a_kind_soon(draws):
    for level in ("l1", "l2", "intro"):
        mine = [q for q in draws if q.level == level][::-1]  # oldest first
        available = level_sources(level=level)
        kinds = {s for sources in available.values() for s in sources}
        window = min(RECENT, len(kinds) - 1)
        for i, question in enumerate(mine):
            assert question.source not in {q.source for q in mine[max(0, i - window) : i]}, (level, i)
        topics = Counter(q.topic for q in mine)
        # most topics of the level come up, and none takes the lion's share
        assert len(topics) >= len(available) * 2 // 3, (level, topics)
        assert max(topics.values()) <= len(mine) // 4, (level, topics)
        assert all(q.topic in q.topics for q in mine)
