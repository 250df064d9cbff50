"""Writing the course's progress: a learner finishes a lesson by predicting and reaching the reveal;
signing up or logging in gives an anonymous session's progress to the account (as study mode does)."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from tutor.models import Lesson, LessonProgress
from tutor.study.selectors import Learner


def progress_record(*, learner: Learner, lesson: Lesson, right: int, judged: int) -> LessonProgress:
    """Mark ``lesson`` finished for ``learner`` with the score of their latest prediction."""
    owner: dict[str, Any] = {"user": learner.user} if learner.user is not None else {"user": None}
    if learner.user is None:
        owner["learner_key"] = learner.key
    try:
        with transaction.atomic():
            row, _ = LessonProgress.objects.update_or_create(
                **owner, lesson=lesson, defaults={"right": right, "judged": judged}
            )
    except IntegrityError:  # two tabs finishing the same lesson at once: the other one's row stands
        row = LessonProgress.objects.get(**owner, lesson=lesson)
    return row


def progress_claim(*, learner_key: str, user: Any) -> int:
    """Give an anonymous session's finished lessons to ``user``; a lesson the account has already
    finished keeps the account's row. Returns how many lessons were carried over."""
    if not learner_key or user is None:
        return 0
    claimed = 0
    with transaction.atomic():
        mine = set(LessonProgress.objects.filter(user=user).values_list("lesson_id", flat=True))
        for row in LessonProgress.objects.filter(user__isnull=True, learner_key=learner_key):
            if row.lesson_id in mine:
                row.delete()
                continue
            row.user = user
            row.save(update_fields=["user"])
            claimed += 1
    return claimed
