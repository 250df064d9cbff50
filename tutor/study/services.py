"""Doing things in study mode: put a question, score an answer, keep the review queue, claim progress.

Keyword-only functions named ``<entity>_<action>``. The engine's answer is computed when a question
is made and again when it is answered; only the server ever sees it.
"""

from __future__ import annotations

import logging
import random
import secrets
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from tutor.models import AuthoredQuestion, AuthoredTemplate, ReviewItem, StudyAttempt, StudyQuestion
from tutor.study.asks import AskError, engine_answer, parse_answer_text
from tutor.study.building import BuiltQuestion, Disagreement, authored_build, grade, question_build
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.review import after_right, after_wrong
from tutor.study.selectors import Learner, study_sources

logger = logging.getLogger(__name__)

BUILD_TRIES = 40
"""Seeds tried before giving up on a topic (a template refused by the engine is skipped)."""


class NoQuestion(LookupError):
    """Nothing to ask for this topic and level."""


def authored_ask(*, kind: str, target: str) -> dict[str, Any]:
    """The ask of an authored question or template (kind and target from the admin form)."""
    if kind in ("life", "poison"):
        return {"kind": kind, "player": target}
    if kind in ("toughness", "defense", "loyalty", "damage"):
        return {"kind": kind, "permanent": target}
    if kind == "max_to_defender":
        return {"kind": kind, "attacker": target}
    return {"kind": kind}


def authored_template_build(*, template: AuthoredTemplate, seed: int) -> BuiltQuestion:
    return authored_build(
        source=f"template:{template.pk}",
        title=template.title,
        topics=list(template.topics or []),
        level=template.level,
        prompt=template.prompt,
        scenario=template.scenario,
        ask=authored_ask(kind=template.ask_kind, target=template.ask_target),
        explanation=template.explanation,
        rules=list(template.rules or []),
        seed=seed,
        variables=template.variables or {},
    )


def authored_question_build(*, question: AuthoredQuestion) -> BuiltQuestion:
    ask = authored_ask(kind=question.ask_kind, target=question.ask_target)
    expected = parse_answer_text(ask, question.answer, question.scenario)
    wrong = [
        parse_answer_text(ask, line, question.scenario)
        for line in (question.wrong_answers or "").splitlines()
        if line.strip()
    ]
    return authored_build(
        source=f"question:{question.pk}",
        title=question.title,
        topics=list(question.topics or []),
        level=question.level,
        prompt=question.prompt,
        scenario=question.scenario,
        ask=ask,
        explanation=question.explanation,
        rules=list(question.rules or []),
        expected=expected,
        wrong=wrong,
    )


def source_build(*, source: str, seed: int, level: str) -> BuiltQuestion:
    """The question of one source (``builtin:<slug>``, ``template:<id>``, ``question:<id>``) for a seed."""
    kind, _, ident = source.partition(":")
    if kind == "builtin" and ident in TEMPLATES_BY_SLUG:
        return question_build(TEMPLATES_BY_SLUG[ident], seed=seed, level=level)
    if kind == "template" and ident.isdigit():
        template = AuthoredTemplate.objects.filter(pk=int(ident), is_active=True).first()
        if template is not None:
            return authored_template_build(template=template, seed=seed)
    if kind == "question" and ident.isdigit():
        question = AuthoredQuestion.objects.filter(pk=int(ident), is_active=True).first()
        if question is not None:
            return authored_question_build(question=question)
    raise NoQuestion(source)


def question_create(
    *,
    learner: Learner,
    topic: str,
    level: str,
    source: str | None = None,
    is_review: bool = False,
    rng: random.Random | None = None,
) -> StudyQuestion:
    """Put a new question of ``topic`` at ``level`` to ``learner`` (from ``source`` if given).

    Another source than the learner's previous question in this topic is preferred, so questions
    vary. A source the engine refuses (an authored question that no longer agrees) is skipped.
    """
    rng = rng or random.SystemRandom()
    sources = [source] if source else study_sources(topic=topic, level=level)
    if not sources:
        raise NoQuestion(f"{topic}/{level}")
    previous = StudyQuestion.objects.filter(learner.q(), topic=topic).values_list("source", flat=True).first()
    pool = [s for s in sources if s != previous] or sources
    for _ in range(BUILD_TRIES):
        picked = rng.choice(pool)
        seed = rng.randrange(2**48)
        try:
            built = source_build(source=picked, seed=seed, level=level)
        except (Disagreement, AskError, NoQuestion) as error:
            logger.warning("study: %s refused (seed %s): %s", picked, seed, error)
            if len(pool) > 1 and picked.split(":")[0] != "builtin":
                pool = [s for s in pool if s != picked]
            continue
        template = (
            TEMPLATES_BY_SLUG.get(picked.removeprefix("builtin:")) if picked.startswith("builtin:") else None
        )
        if template is not None and template.trains(topic, level) and topic not in built.topics:
            continue  # this draw does not involve the topic: show only questions that do
        return StudyQuestion.objects.create(
            token=secrets.token_urlsafe(12),
            user=learner.user,
            learner_key=learner.key,
            source=built.source,
            seed=built.seed,
            level=built.level,
            topic=topic,
            topics=built.topics,
            title=built.title,
            prompt=built.prompt,
            scenario=built.scenario,
            ask=built.ask,
            answer=built.answer,
            answer_format=built.answer_format,
            options=built.options,
            mistakes=built.mistakes,
            explanation=built.explanation,
            rules=built.rules,
            is_review=is_review,
        )
    raise NoQuestion(f"{topic}/{level}")


def review_start(*, learner: Learner, item: ReviewItem) -> StudyQuestion:
    """A fresh question of the kind in ``item`` (a new board, the same template and level)."""
    return question_create(
        learner=learner, topic=item.topic, level=item.level, source=item.source, is_review=True
    )


def answer_submit(
    *, learner: Learner, question: StudyQuestion, response: Any, now: datetime | None = None
) -> tuple[StudyAttempt, bool]:
    """Score ``response`` (already cleaned by the answer form). Returns the attempt and whether it was
    scored now: a question is scored once; a second submit gets the first attempt back.

    The attempt and the review queue's update are one transaction: a learner who sees an error page
    has had nothing stored, and one who sees the result has both. Two submits at once: the question's
    attempt is unique, so the second one's transaction fails and gets the first attempt back.
    """
    existing = StudyAttempt.objects.filter(question=question).first()
    if existing is not None:
        return existing, False
    now = now or timezone.now()
    answer = question.answer
    try:
        fresh = engine_answer(question.scenario, question.ask)
    except AskError as error:
        logger.warning("study: engine cannot re-answer %s: %s", question.token, error)
        fresh = answer
    if fresh != answer:
        logger.warning("study: stored answer of %s was %r, engine now says %r", question.token, answer, fresh)
        answer = fresh
    result = grade(
        ask=question.ask,
        answer=answer,
        answer_format=question.answer_format,
        options=question.options,
        mistakes=question.mistakes,
        scenario=question.scenario,
        response=response,
    )
    try:
        with transaction.atomic():
            if answer != question.answer:
                question.answer = answer
                question.save(update_fields=["answer"])
            attempt = StudyAttempt.objects.create(
                question=question,
                user=question.user,
                learner_key=question.learner_key,
                source=question.source,
                topic=question.topic,
                level=question.level,
                response=response,
                response_text=result.response_text[:300],
                correct=result.correct,
                mistake=result.mistake[:300],
            )
            review_record(learner=learner, question=question, correct=result.correct, now=now)
    except IntegrityError:  # the same question answered twice at once: the first one counts
        first = StudyAttempt.objects.filter(question=question).first()
        if first is None:
            raise
        return first, False
    return attempt, True


def review_record(*, learner: Learner, question: StudyQuestion, correct: bool, now: datetime) -> None:
    """Move the question's kind between Leitner boxes (:mod:`tutor.study.review`).

    Counts are ``F()`` updates and the row is unique per learner and kind: when two answers create it
    at once, the one that loses the race updates the row the other made.
    """
    mine = ReviewItem.objects.filter(learner.q(), source=question.source, level=question.level)
    if not correct:
        box, due = after_wrong(now)
        if mine.update(box=box, due_at=due, lapses=F("lapses") + 1, updated_at=now):
            return
        try:
            with transaction.atomic():  # a savepoint: the caller's transaction goes on after a race
                ReviewItem.objects.create(
                    user=learner.user,
                    learner_key=learner.key,
                    source=question.source,
                    level=question.level,
                    topic=question.topic,
                    title=question.title,
                    box=box,
                    due_at=due,
                    lapses=1,
                )
        except IntegrityError:  # created meanwhile by another answer of the same kind
            mine.update(box=box, due_at=due, lapses=F("lapses") + 1, updated_at=now)
        return
    item = mine.select_for_update().first()
    if item is None or item.due_at > now:
        return
    moved = after_right(item.box, now)
    if moved is None:
        item.delete()
    else:
        item.box, item.due_at = moved
        item.save(update_fields=["box", "due_at", "updated_at"])


def progress_claim(*, learner_key: str, user: Any) -> int:
    """Give an anonymous session's questions, answers and review queue to ``user`` (on sign-up or log-in).

    Where the user already has the same kind in review, the two merge (the lower box, the earlier
    due time). Returns how many answers were claimed.
    """
    if not learner_key or user is None:
        return 0
    with transaction.atomic():
        StudyQuestion.objects.filter(user__isnull=True, learner_key=learner_key).update(user=user)
        claimed = StudyAttempt.objects.filter(user__isnull=True, learner_key=learner_key).update(user=user)
        for item in ReviewItem.objects.filter(user__isnull=True, learner_key=learner_key):
            mine = ReviewItem.objects.filter(user=user, source=item.source, level=item.level).first()
            if mine is None:
                item.user = user
                item.save(update_fields=["user", "updated_at"])
                continue
            mine.box = min(mine.box, item.box)
            mine.due_at = min(mine.due_at, item.due_at)
            mine.lapses += item.lapses
            mine.save(update_fields=["box", "due_at", "lapses", "updated_at"])
            item.delete()
    return claimed


def question_board_slug(*, question: StudyQuestion) -> str:
    """The board permalink of the question's scenario (saved once, by content)."""
    if question.board_slug:
        return question.board_slug
    from tutor.board.services import scenario_save

    scenario = scenario_save(document=question.scenario)
    question.board_slug = scenario.slug
    question.save(update_fields=["board_slug"])
    return scenario.slug
