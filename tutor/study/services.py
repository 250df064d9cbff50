"""Doing things in study mode: put a question, score an answer, keep the review queue and the ratings,
claim progress.

Keyword-only functions named ``<entity>_<action>``. The engine's answer is computed when a question
is made and again when it is answered; only the server ever sees it.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from tutor.models import (
    AuthoredQuestion,
    AuthoredTemplate,
    LearnerRating,
    QuestionRating,
    ReviewItem,
    StudyAttempt,
    StudyQuestion,
)
from tutor.models.study import CARD_FIELDS
from tutor.study import ratings, review
from tutor.study.asks import AskError, engine_answer, parse_answer_text
from tutor.study.building import BuiltQuestion, Disagreement, authored_build, grade, question_build
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.involvement import involved_topics
from tutor.study.prompts import exam_prompt
from tutor.study.selectors import Learner, pick_weights, study_sources

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
    pool: Sequence[str] = (),
    within: frozenset[str] | None = None,
    mixed: bool = False,
    avoid: Collection[str] = (),
) -> StudyQuestion:
    """Put a new question of ``topic`` at ``level`` to ``learner`` (from ``source`` if given).

    A lesson's check question (:mod:`tutor.lessons.checks`) draws from its own ``pool`` of sources
    and keeps a draw only when every topic it involves is ``within`` those the course has taught.

    Another source than the learner's previous question in this topic is preferred, so questions
    vary, and kinds whose rating is near the learner's are drawn more often (:mod:`.ratings`). A
    source the engine refuses (an authored question that no longer agrees) is skipped. ``mixed``
    marks a question of mixed practice (:mod:`.mixed`): its prompt is the exam's wording, which names
    no keyword; ``avoid`` are sources it should not repeat.
    """
    rng = rng or random.SystemRandom()
    sources = [source] if source else list(pool) or study_sources(topic=topic, level=level)
    if not sources:
        raise NoQuestion(f"{topic}/{level}")
    previous = StudyQuestion.objects.filter(learner.q(), topic=topic).values_list("source", flat=True).first()
    pool = (
        [s for s in sources if s != previous and s not in avoid]
        or [s for s in sources if s not in avoid]
        or sources
    )
    weights = pick_weights(learner=learner, sources=pool, level=level)
    for _ in range(BUILD_TRIES):
        [picked] = rng.choices(pool, weights=[weights[s] for s in pool])
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
        if within is not None and not involved_topics(built.scenario, built.ask, built.rules) <= within:
            continue  # a check question about something its lesson has not taught yet
        return StudyQuestion.objects.create(
            token=secrets.token_urlsafe(12),
            user=learner.user,
            learner_key=learner.key,
            **{**built.stored_fields(), "prompt": exam_prompt(built.prompt) if mixed else built.prompt},
            topic=topic,
            is_review=is_review,
            is_mixed=mixed,
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

    The attempt and the updates of the review queue and the ratings are one transaction: a learner who sees an error page
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
            rating_record(learner=learner, question=question, correct=result.correct)
    except IntegrityError:  # the same question answered twice at once: the first one counts
        first = StudyAttempt.objects.filter(question=question).first()
        if first is None:
            raise
        return first, False
    return attempt, True


def review_record(*, learner: Learner, question: StudyQuestion, correct: bool, now: datetime) -> None:
    """Rate the question's kind on its FSRS card (:mod:`tutor.study.review`): a wrong answer makes the
    card or lapses it; a right one moves a due card on and leaves the others alone (no cramming).

    The row is locked while its card is worked out, and it is unique per learner and kind: when two
    wrong answers create it at once, the one that loses the race rates the row the other made.
    """
    mine = ReviewItem.objects.filter(learner.q(), source=question.source, level=question.level)
    item = mine.select_for_update().first()
    if item is None:
        if correct:
            return  # only a kind the learner got wrong is reviewed
        card = review.card_review(review.card_new(now), correct=False, now=now)
        try:
            with transaction.atomic():  # a savepoint: the caller's transaction goes on after a race
                row = ReviewItem(
                    user=learner.user,
                    learner_key=learner.key,
                    source=question.source,
                    level=question.level,
                    topic=question.topic,
                    title=question.title,
                    lapses=1,
                )
                row.card_store(card)
                row.save()
            return
        except IntegrityError:  # created meanwhile by another answer of the same kind
            item = mine.select_for_update().first()
            if item is None:
                raise
    elif correct and item.due_at > now:
        return
    item.card_store(review.card_review(item.card(), correct=correct, now=now))
    fields = [*CARD_FIELDS, "updated_at"]
    if not correct:
        item.lapses = F("lapses") + 1
        fields.append("lapses")
    item.save(update_fields=fields)


def _locked_or_new[Row: (LearnerRating, QuestionRating)](rows: QuerySet[Row], **fields: Any) -> Row:
    """The one row of ``rows`` locked for this transaction, made at the starting rating if there is
    none (a savepoint takes the race where two answers make it at once)."""
    found = rows.select_for_update().first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return rows.create(mu=ratings.START.mu, sigma=ratings.START.sigma, **fields)
    except IntegrityError:
        return rows.select_for_update().get()


def rating_record(*, learner: Learner, question: StudyQuestion, correct: bool) -> None:
    """One match: the learner against the question's kind (:mod:`tutor.study.ratings`).

    Every transaction locks the learner's row before the kind's, so two answers never wait on each
    other in a circle.
    """
    if learner.user is not None:
        mine = _locked_or_new(LearnerRating.objects.filter(user=learner.user), user=learner.user)
    elif learner.key:
        mine = _locked_or_new(
            LearnerRating.objects.filter(user__isnull=True, learner_key=learner.key), learner_key=learner.key
        )
    else:
        return
    kind = _locked_or_new(
        QuestionRating.objects.filter(source=question.source, level=question.level),
        source=question.source,
        level=question.level,
    )
    learner_after, kind_after = ratings.match(
        ratings.Skill(mine.mu, mine.sigma), ratings.Skill(kind.mu, kind.sigma), correct=correct
    )
    mine.mu, mine.sigma, mine.matches = learner_after.mu, learner_after.sigma, mine.matches + 1
    mine.save(update_fields=["mu", "sigma", "matches", "updated_at"])
    kind.mu, kind.sigma, kind.matches = kind_after.mu, kind_after.sigma, kind.matches + 1
    kind.save(update_fields=["mu", "sigma", "matches", "updated_at"])


def progress_claim(*, learner_key: str, user: Any) -> int:
    """Give an anonymous session's questions, answers, review queue and rating to ``user`` (on sign-up
    or log-in).

    Where the user already has the same kind in review, the two merge: the card of the one due first
    (the memory that needs it sooner) is kept, and the lapses add up. Two ratings merge into one
    (:func:`tutor.study.ratings.merged`). Returns how many answers were claimed.
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
            if item.due_at < mine.due_at:
                mine.card_store(item.card())
            mine.lapses += item.lapses
            mine.save(update_fields=[*CARD_FIELDS, "lapses", "updated_at"])
            item.delete()
        anonymous = LearnerRating.objects.filter(user__isnull=True, learner_key=learner_key).first()
        if anonymous is not None:
            account = LearnerRating.objects.select_for_update().filter(user=user).first()
            if account is None:
                anonymous.user = user
                anonymous.save(update_fields=["user", "updated_at"])
            else:
                both = ratings.merged(
                    ratings.Skill(account.mu, account.sigma), ratings.Skill(anonymous.mu, anonymous.sigma)
                )
                account.mu, account.sigma = both
                account.matches += anonymous.matches
                account.save(update_fields=["mu", "sigma", "matches", "updated_at"])
                anonymous.delete()
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
