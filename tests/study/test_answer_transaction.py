"""Answering is one transaction (the attempt and the review queue together), the review queue holds one
row per learner and kind of question, and two submits at once score once (issue 10, fault tolerance)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tutor.models import ReviewItem, StudyAttempt, StudyQuestion
from tutor.study import services
from tutor.study.selectors import Learner

pytestmark = pytest.mark.django_db


def _question(learner: Learner, source: str | None = None) -> StudyQuestion:
    return services.question_create(learner=learner, topic="lifelink", level="intro", source=source)


def _wrong(question: StudyQuestion) -> str:
    return next(o["key"] for o in question.options if o["value"] != question.answer)


def _right(question: StudyQuestion) -> str:
    return next(o["key"] for o in question.options if o["value"] == question.answer)


def _item(**extra: object) -> ReviewItem:
    fields = {"learner_key": "k1", "source": "builtin:x", "level": "intro", "topic": "120.3", "title": "問題"}
    return ReviewItem.objects.create(**{**fields, "due_at": timezone.now(), **extra})


def test_an_anonymous_learner_has_one_review_row_per_kind():
    _item()
    with pytest.raises(IntegrityError), transaction.atomic():
        _item()
    _item(level="l1")  # another kind
    _item(learner_key="k2")  # another learner


def test_an_account_has_one_review_row_per_kind_whatever_its_session_keys():
    user = User.objects.create_user("u1")
    _item(user=user, learner_key="a")
    with pytest.raises(IntegrityError), transaction.atomic():
        _item(user=user, learner_key="b")
    _item(learner_key="a")  # the anonymous row of that session key is another learner


def test_two_wrong_answers_of_one_kind_count_two_lapses_in_one_row():
    learner = Learner(user=None, key="k-lapses")
    source = None
    for _ in range(2):
        question = _question(learner, source)
        source = question.source
        services.answer_submit(learner=learner, question=question, response=_wrong(question))
    [item] = ReviewItem.objects.filter(learner_key="k-lapses")
    assert item.lapses == 2 and item.box == 1


def test_a_failure_after_the_attempt_stores_nothing(monkeypatch):
    """The learner who sees an error page has no answer stored (the issue's lost-then-stored answer)."""
    learner = Learner(user=None, key="k-fail")
    question = _question(learner)

    def broken(**kwargs: object) -> None:
        raise RuntimeError("database went away")

    monkeypatch.setattr(services, "review_record", broken)
    with pytest.raises(RuntimeError):
        services.answer_submit(learner=learner, question=question, response=_wrong(question))
    assert not StudyAttempt.objects.filter(question=question).exists()
    assert not ReviewItem.objects.filter(learner_key="k-fail").exists()


def test_a_double_submit_that_passed_the_check_at_once_scores_once(monkeypatch):
    """Two submits that both saw "not answered yet": the second's transaction fails on the unique
    attempt, gets the first attempt back, and the review queue counts one lapse."""
    learner = Learner(user=None, key="k-race")
    question = _question(learner)
    first, scored = services.answer_submit(learner=learner, question=question, response=_wrong(question))
    assert scored

    real_filter = StudyAttempt.objects.filter
    calls = {"n": 0}

    def stale_filter(*args: object, **kwargs: object):
        calls["n"] += 1
        found = real_filter(*args, **kwargs)
        return found.none() if calls["n"] == 1 else found  # the check ran before the first answer landed

    monkeypatch.setattr(StudyAttempt.objects, "filter", stale_filter)
    again, scored_again = services.answer_submit(
        learner=learner, question=question, response=_wrong(question)
    )
    assert not scored_again and again.pk == first.pk
    assert StudyAttempt.objects.filter(question=question).count() == 1
    assert ReviewItem.objects.get(learner_key="k-race").lapses == 1


def test_a_review_row_made_meanwhile_by_another_answer_is_updated(monkeypatch):
    """The race on the review row: the update found nothing, then another answer created the row."""
    learner = Learner(user=None, key="k-row")
    question = _question(learner)
    other = _item(learner_key="k-row", source=question.source, level=question.level, lapses=1)
    real_update = ReviewItem.objects.get_queryset().__class__.update
    calls = {"n": 0}

    def first_update_misses(self, **kwargs: object) -> int:
        calls["n"] += 1
        return 0 if calls["n"] == 1 else real_update(self, **kwargs)

    monkeypatch.setattr(ReviewItem.objects.get_queryset().__class__, "update", first_update_misses)
    services.review_record(learner=learner, question=question, correct=False, now=timezone.now())
    other.refresh_from_db()
    assert other.lapses == 2
    assert ReviewItem.objects.filter(learner_key="k-row").count() == 1


def test_a_right_answer_to_a_due_review_moves_it_up_one_box():
    learner = Learner(user=None, key="k-right")
    question = _question(learner)
    _item(
        learner_key="k-right",
        source=question.source,
        level=question.level,
        due_at=timezone.now() - timedelta(1),
    )
    services.answer_submit(learner=learner, question=question, response=_right(question))
    assert ReviewItem.objects.get(learner_key="k-right").box == 2


@pytest.mark.django_db(transaction=True)
def test_two_submits_at_once_score_once_on_postgresql():
    """Two threads submit the same answer at the same moment, each on its own connection: one scores,
    the other waits on the unique attempt and gets it back; one lapse in the review queue. (SQLite
    serialises writers with a lock instead, so the race needs PostgreSQL.)"""
    if connection.vendor != "postgresql":
        pytest.skip("needs concurrent writers (scripts/with_postgres.sh)")
    learner = Learner(user=None, key="k-threads")
    question = _question(learner)
    wrong = _wrong(question)
    barrier = threading.Barrier(2)
    results: list[tuple[int, bool]] = []

    def submit() -> None:
        try:
            mine = StudyQuestion.objects.get(pk=question.pk)
            barrier.wait(timeout=10)
            attempt, scored = services.answer_submit(learner=learner, question=mine, response=wrong)
            results.append((attempt.pk, scored))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(scored for _pk, scored in results) == [False, True]
    assert len({pk for pk, _scored in results}) == 1
    assert StudyAttempt.objects.filter(question=question).count() == 1
    assert ReviewItem.objects.get(learner_key="k-threads").lapses == 1
