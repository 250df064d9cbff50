"""The progress page's weakest topics and CR paragraphs (issue 24, item 5), counted from the learner's
answers: only what was answered wrong is listed, the weakest first, each linked."""

from __future__ import annotations

import pytest

from tests.study.test_views import key_for, start, url
from tutor.common.urls import cr_url
from tutor.models import Paragraph, StudyAttempt
from tutor.study.selectors import Learner, _weakest, weakest_get
from tutor.study.topics import TOPICS_BY_SLUG

pytestmark = pytest.mark.django_db


def test_weakest_lists_only_what_was_missed_weakest_first():
    counts = {"a": [4, 3], "b": [1, 0], "c": [10, 2], "d": [5, 5]}
    # with one right and one wrong added: c 3/12, b 1/3, a 4/6; one miss of one is not the weakest
    assert [key for key, _a, _c in _weakest(counts)] == ["c", "b", "a"]  # "d" was never missed


def test_progress_page_names_the_missed_topic_and_paragraphs_and_not_the_mastered_ones(client):
    for _ in range(3):
        question = start(client, "infect", "intro")
        client.post(url(question, "answer/"), {"answer": key_for(question, right=False)})
    for _ in range(2):
        question = start(client, "lifelink", "intro")
        client.post(url(question, "answer/"), {"answer": key_for(question, right=True)})
    learner_key = StudyAttempt.objects.first().learner_key
    weakest = weakest_get(learner=Learner(user=None, key=learner_key))
    missed = StudyAttempt.objects.filter(correct=False).select_related("question")
    missed_topics = {t for a in missed for t in a.question.topics}
    missed_rules = {r for a in missed for r in a.question.rules}
    shown_topics = [row["topic"].slug for row in weakest["topics"]]
    assert "infect" in shown_topics and set(shown_topics) <= missed_topics
    assert all(row["correct"] < row["answered"] for row in weakest["topics"])
    assert weakest["rules"] and {row["number"] for row in weakest["rules"]} <= missed_rules

    html = client.get("/study/progress/").content.decode()
    assert "苦手なところ" in html
    assert f'<a href="/study/t/infect/">{TOPICS_BY_SLUG["infect"].title}</a>' in html
    for row in weakest["rules"]:
        assert f'<a href="{cr_url(row["number"])}">{row["number"]}</a>' in html
        text = Paragraph.objects.filter(number=row["number"], is_current=True, language="ja").first()
        if text is not None:
            assert row["excerpt"] and row["excerpt"].rstrip("…") in " ".join(text.text.split())


def test_a_learner_with_no_wrong_answer_has_no_weak_list(client):
    question = start(client, "lifelink", "intro")
    client.post(url(question, "answer/"), {"answer": key_for(question, right=True)})
    html = client.get("/study/progress/").content.decode()
    assert "間違えた問題はまだありません。" in html
