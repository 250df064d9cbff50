"""Questions put under a topic involve it, and progress counts an answer under the topics it really
tested, not every topic its template could train (issue 13: 接死 L1 gave 0 of 6 deathtouch questions)."""

from __future__ import annotations

import random

import pytest

from tutor.study.involvement import involved_topics
from tutor.study.selectors import Learner, topic_accuracy
from tutor.study.services import answer_submit, question_create

pytestmark = pytest.mark.django_db


def _answer_right(learner: Learner, question) -> None:
    if question.answer_format == "multi":
        response = question.answer or ["none"]
    elif question.answer_format == "number":
        response = question.answer
    else:
        response = next(o["key"] for o in question.options if o["value"] == question.answer)
    attempt, scored = answer_submit(learner=learner, question=question, response=response)
    assert scored and attempt.correct


@pytest.mark.parametrize(("topic", "level"), [("deathtouch", "l1"), ("planeswalker", "l1"), ("615", "l2")])
def test_questions_created_under_a_topic_involve_it(topic, level):
    learner = Learner(user=None, key=f"k-{topic}-{level}")
    rng = random.Random(5)
    for _ in range(6):
        question = question_create(learner=learner, topic=topic, level=level, rng=rng)
        assert topic in question.topics
        assert topic in involved_topics(question.scenario, question.ask, question.rules)


def test_progress_counts_only_the_topics_a_question_really_tested():
    """The sweeper template lists 接死 among its topics, but at L1 its spell never has deathtouch: an
    answer to it counts for 704.5 (state-based actions, which it tests) and not for 接死."""
    learner = Learner(user=None, key="k-progress")
    question = question_create(
        learner=learner, topic="704.5", level="l1", source="builtin:sweep-dies", rng=random.Random(1)
    )
    assert "deathtouch" not in question.topics and "704.5" in question.topics
    _answer_right(learner, question)
    rows = {row["topic"].slug: row for row in topic_accuracy(learner=learner)}
    assert rows["704.5"]["answered"] == 1 and rows["704.5"]["correct"] == 1
    assert rows["deathtouch"]["answered"] == 0


def test_card_names_in_a_question_link_to_their_card_pages(client, django_user_model):
    """The prompt and the explanation name real cards in 《》; each is a link to the card's page."""
    user = django_user_model.objects.create_user("cards", password="a-long-password-1")
    client.force_login(user)
    question = question_create(
        learner=Learner(user=user, key=""),
        topic="616.1",
        level="l2",
        source="builtin:card-torbran-furnace",
        rng=random.Random(3),
    )
    page = client.get(f"/study/q/{question.token}/").content.decode()
    prompt = page.split('class="study-prompt">', 1)[1].split("</p>", 1)[0]
    assert '<a class="card-ref" href="/cards/furnace-of-rath/">《ラースの灼熱洞》</a>' in prompt, prompt


def test_a_review_item_from_before_topics_were_checked_still_gets_a_question():
    """An item kept from a question made under a topic its template no longer claims at that level
    (the sweeper under 接死 at L1) still brings back a question of its kind."""
    learner = Learner(user=None, key="k-legacy")
    question = question_create(
        learner=learner,
        topic="deathtouch",
        level="l1",
        source="builtin:sweep-dies",
        is_review=True,
        rng=random.Random(2),
    )
    assert question.source == "builtin:sweep-dies" and question.is_review
