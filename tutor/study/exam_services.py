"""Doing things with mock exams: start one, keep an answer, score it; reading them back.

An exam's questions are made once, when it starts, and kept in their order, so its permalink
resumes it. Nothing is scored before 「採点する」: then each saved answer is scored as a practice
answer is (:func:`tutor.study.services.answer_submit`), so the FSRS review queue and the ratings learn
from the exam as from practice. An unanswered question counts as wrong in the score and is not
recorded as an answer (there is nothing to learn from).

With a time limit, the exam closes at its deadline: an answer sent later is not kept, and the exam
can only be scored.
"""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from tutor.models import Exam, ExamQuestion, StudyAttempt, StudyQuestion
from tutor.study.building import answer_points
from tutor.study.exams import SHAPES_BY_SLUG, ExamShape, Marked, Score, exam_build, exam_score
from tutor.study.selectors import Learner
from tutor.study.services import answer_submit

_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,24}")

HISTORY_PAGE = 20
"""Past exams per page of the history."""


def exam_shape(exam: Exam) -> ExamShape:
    return SHAPES_BY_SLUG[exam.kind]


def exam_create(
    *,
    learner: Learner,
    kind: str,
    mode: str,
    timed: bool,
    seed: int | None = None,
    now: datetime | None = None,
) -> Exam:
    """Build an exam of ``kind`` and store it with its questions in their order."""
    shape = SHAPES_BY_SLUG[kind]
    now = now or timezone.now()
    seed = random.SystemRandom().randrange(2**48) if seed is None else seed
    built = exam_build(shape, seed)
    with transaction.atomic():
        exam = Exam.objects.create(
            token=secrets.token_urlsafe(12),
            user=learner.user,
            learner_key=learner.key,
            kind=kind,
            mode=mode,
            seed=seed,
            deadline_at=now + timedelta(minutes=shape.minutes) if timed else None,
            total=len(built),
        )
        questions = StudyQuestion.objects.bulk_create(
            StudyQuestion(
                token=secrets.token_urlsafe(12),
                user=learner.user,
                learner_key=learner.key,
                topic=(q.topics or [""])[0][:16],
                **q.stored_fields(),
            )
            for q in built
        )
        ExamQuestion.objects.bulk_create(
            ExamQuestion(exam=exam, position=n, question=question)
            for n, question in enumerate(questions, start=1)
        )
    return exam


def exam_get(*, learner: Learner, token: str) -> Exam | None:
    """The learner's exam with ``token``, or None (malformed, unknown, or someone else's)."""
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        return None
    return Exam.objects.filter(learner.q(), token=token).first()


def exam_entries(*, exam: Exam) -> list[ExamQuestion]:
    return list(exam.entries.select_related("question").order_by("position"))


def entry_get(*, exam: Exam, position: int) -> ExamQuestion | None:
    # bounded before the query: a huge number would overflow the column on PostgreSQL
    if not 1 <= position <= exam.total:
        return None
    return exam.entries.select_related("question").filter(position=position).first()


def exam_closed(*, exam: Exam, now: datetime | None = None) -> bool:
    """Whether answers are no longer taken: scored, or past the deadline."""
    if exam.scored_at is not None:
        return True
    return exam.deadline_at is not None and (now or timezone.now()) >= exam.deadline_at


def entry_answer_save(*, exam: Exam, entry: ExamQuestion, response: Any, now: datetime | None = None) -> bool:
    """Keep (or replace) the answer to one question; False when the exam no longer takes answers."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = Exam.objects.select_for_update().get(pk=exam.pk)
        if exam_closed(exam=locked, now=now):
            return False
        entry.response = response
        entry.answered_at = now
        entry.save(update_fields=["response", "answered_at"])
    return True


def exam_score_submit(*, learner: Learner, exam: Exam, now: datetime | None = None) -> Exam:
    """Score the exam once: every saved answer becomes a practice answer; a second call changes nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = Exam.objects.select_for_update().get(pk=exam.pk)
        if locked.scored_at is not None:
            return locked
        entries = exam_entries(exam=locked)
        for entry in entries:
            if entry.response is None:
                continue
            try:
                answer_submit(learner=learner, question=entry.question, response=entry.response, now=now)
            except ValueError:  # an option the question no longer has: counted as unanswered
                continue
        score = exam_score(exam_shape(locked), marks(entries=entries))
        locked.scored_at = now
        locked.right = score.right
        locked.total = score.total
        locked.points = score.points
        locked.passed = score.passed
        locked.save(update_fields=["scored_at", "right", "total", "points", "passed"])
    return locked


def _attempts(entries: list[ExamQuestion]) -> dict[int, StudyAttempt]:
    ids = [e.question_id for e in entries]
    return {a.question_id: a for a in StudyAttempt.objects.filter(question_id__in=ids)}


def marks(*, entries: list[ExamQuestion]) -> list[Marked]:
    attempts = _attempts(entries)
    out = []
    for entry in entries:
        attempt = attempts.get(entry.question_id)
        out.append(
            Marked(
                topics=entry.question.topics or [],
                rules=entry.question.rules or [],
                answered=attempt is not None,
                correct=bool(attempt and attempt.correct),
                points=(
                    answer_points(
                        entry.question.answer_format, entry.question.answer, attempt.response, attempt.correct
                    )
                    if attempt is not None
                    else None
                ),
            )
        )
    return out


@dataclass(frozen=True)
class Report:
    exam: Exam
    shape: ExamShape
    score: Score
    rows: list[tuple[ExamQuestion, StudyAttempt | None]]


def exam_report(*, exam: Exam) -> Report:
    entries = exam_entries(exam=exam)
    attempts = _attempts(entries)
    shape = exam_shape(exam)
    return Report(
        exam=exam,
        shape=shape,
        score=exam_score(shape, marks(entries=entries)),
        rows=[(e, attempts.get(e.question_id)) for e in entries],
    )


def exam_history(*, learner: Learner) -> QuerySet[Exam]:
    """The learner's exams, newest first (the page paginates them by :data:`HISTORY_PAGE`)."""
    return Exam.objects.filter(learner.q()).order_by("-started_at", "-id")


def exam_claim(*, learner_key: str, user: Any) -> int:
    """Give an anonymous session's exams to ``user`` (their questions and answers go with
    :func:`tutor.study.services.progress_claim`)."""
    if not learner_key or user is None:
        return 0
    return Exam.objects.filter(user__isnull=True, learner_key=learner_key).update(user=user)
