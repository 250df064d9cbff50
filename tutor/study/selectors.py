"""Reading study data: a learner's questions, accuracy per topic, history, review queue, rating,
weakest topics and paragraphs.

Keyword-only functions named ``<entity>_<action>``. A *learner* is a signed-in user, or an anonymous
visitor known by a random key kept in their session (:class:`Learner`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from tutor.common.urls import cr_url
from tutor.models import (
    AuthoredQuestion,
    AuthoredTemplate,
    Language,
    LearnerRating,
    Paragraph,
    QuestionRating,
    ReviewItem,
    ReviewState,
    StudyAttempt,
    StudyQuestion,
)
from tutor.study import ratings, review
from tutor.study.charts import Day, history_chart
from tutor.study.generators import TEMPLATES, TEMPLATES_BY_SLUG
from tutor.study.review import wait_text
from tutor.study.topics import LEVEL_LABELS, LEVELS, TOPICS, TOPICS_BY_SLUG


@dataclass(frozen=True)
class Learner:
    """Who is studying: ``user`` when signed in, else the anonymous session ``key``."""

    user: Any
    key: str

    @property
    def is_anonymous(self) -> bool:
        return self.user is None

    def q(self) -> Q:
        """The rows that belong to this learner."""
        if self.user is not None:
            return Q(user=self.user)
        if not self.key:
            return Q(pk__in=[])
        return Q(user__isnull=True, learner_key=self.key)


_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def question_get(*, learner: Learner, token: str) -> StudyQuestion | None:
    """The learner's question with ``token``, or None (unknown, or someone else's)."""
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        return None
    return StudyQuestion.objects.filter(learner.q(), token=token).select_related("attempt").first()


def _authored_templates() -> list[AuthoredTemplate]:
    return list(AuthoredTemplate.objects.filter(is_active=True))


def _authored_questions() -> list[AuthoredQuestion]:
    return list(AuthoredQuestion.objects.filter(is_active=True))


def study_sources(*, topic: str, level: str) -> list[str]:
    """Every source of questions for ``topic`` at ``level``: built-in templates, then the authors' ones."""
    sources = [f"builtin:{t.slug}" for t in TEMPLATES if t.trains(topic, level)]
    sources += [
        f"template:{t.pk}" for t in _authored_templates() if topic in (t.topics or []) and t.level == level
    ]
    sources += [
        f"question:{q.pk}" for q in _authored_questions() if topic in (q.topics or []) and q.level == level
    ]
    return sources


def source_title(*, source: str) -> str:
    kind, _, ident = source.partition(":")
    if kind == "builtin" and ident in TEMPLATES_BY_SLUG:
        return TEMPLATES_BY_SLUG[ident].title
    if ident.isdigit():
        row: AuthoredTemplate | AuthoredQuestion | None = None
        if kind == "template":
            row = AuthoredTemplate.objects.filter(pk=int(ident)).first()
        elif kind == "question":
            row = AuthoredQuestion.objects.filter(pk=int(ident)).first()
        if row is not None:
            return row.title
    return source


def topic_levels() -> dict[str, list[str]]:
    """For each topic, the levels that have at least one question source."""
    levels: dict[str, set[str]] = defaultdict(set)
    for template in TEMPLATES:
        for topic in template.topics:
            levels[topic].update(lv for lv in template.levels if template.trains(topic, lv))
    authored: list[AuthoredTemplate | AuthoredQuestion] = [*_authored_templates(), *_authored_questions()]
    for row in authored:
        for topic in row.topics or []:
            levels[topic].add(row.level)
    return {topic.slug: [lv for lv in LEVELS if lv in levels[topic.slug]] for topic in TOPICS}


def _rate(correct: int, answered: int) -> int | None:
    return round(100 * correct / answered) if answered else None


def topic_accuracy(*, learner: Learner) -> list[dict[str, Any]]:
    """Every topic with how many of the learner's answered questions trained it, and how many were right.

    A question counts for every topic its template trains, not only the one the learner picked.
    """
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_level: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    rows = StudyAttempt.objects.filter(learner.q()).values_list("correct", "level", "question__topics")
    for correct, level, topics in rows:
        for topic in topics or []:
            counts[topic][0] += 1
            counts[topic][1] += int(correct)
            by_level[(topic, level)][0] += 1
            by_level[(topic, level)][1] += int(correct)
    available = topic_levels()
    out = []
    for topic in TOPICS:
        answered, right = counts[topic.slug]
        levels = []
        for level in available.get(topic.slug, []):
            a, c = by_level[(topic.slug, level)]
            levels.append(
                {
                    "level": level,
                    "label": LEVEL_LABELS[level],
                    "answered": a,
                    "correct": c,
                    "rate": _rate(c, a),
                }
            )
        out.append(
            {
                "topic": topic,
                "answered": answered,
                "correct": right,
                "rate": _rate(right, answered),
                "levels": levels,
            }
        )
    return out


def attempt_totals(*, learner: Learner) -> dict[str, Any]:
    qs = StudyAttempt.objects.filter(learner.q())
    answered = qs.count()
    correct = qs.filter(correct=True).count()
    return {"answered": answered, "correct": correct, "rate": _rate(correct, answered)}


def attempt_recent(*, learner: Learner, limit: int = 10) -> list[StudyAttempt]:
    return list(StudyAttempt.objects.filter(learner.q()).select_related("question")[:limit])


def history_days(*, learner: Learner, days: int = 14, now: datetime | None = None) -> list[Day]:
    """Answers per local day for the last ``days`` days, oldest first (days without answers included)."""
    now = now or timezone.now()
    today = timezone.localdate(now)
    start = today - timedelta(days=days - 1)
    tally: dict[Any, list[int]] = defaultdict(lambda: [0, 0])
    since = now - timedelta(days=days + 1)
    for answered_at, correct in StudyAttempt.objects.filter(learner.q(), answered_at__gte=since).values_list(
        "answered_at", "correct"
    ):
        day = timezone.localdate(answered_at)
        if day >= start:
            tally[day][0] += 1
            tally[day][1] += int(correct)
    return [Day(start + timedelta(days=i), *tally[start + timedelta(days=i)]) for i in range(days)]


def history_chart_get(*, learner: Learner, days: int = 14, now: datetime | None = None) -> dict[str, Any]:
    return history_chart(history_days(learner=learner, days=days, now=now))


REVIEW_SHOWN = 200
"""At most this many review items are listed (the due ones first); the counts are of all of them."""


def review_queue(*, learner: Learner, now: datetime | None = None) -> dict[str, Any]:
    """The learner's review items: those due now, and the others with when they come back (their
    FSRS due time) and, once past the fixed steps, the chance of answering right today."""
    now = now or timezone.now()
    mine = ReviewItem.objects.filter(learner.q())
    count = mine.count()
    due_count = mine.filter(due_at__lte=now).count()
    items = list(mine.order_by("due_at", "id")[:REVIEW_SHOWN])
    due = [i for i in items if i.due_at <= now]
    later = [i for i in items if i.due_at > now]
    for item in later:
        item.wait = wait_text(item.due_at - now)
    for item in items:
        item.recall = (
            round(100 * review.SCHEDULER.get_card_retrievability(item.card(), review.utc(now)))
            if item.state == ReviewState.REVIEW
            else None
        )
        item.level_label = LEVEL_LABELS.get(item.level, item.level)
        topic = TOPICS_BY_SLUG.get(item.topic)
        item.topic_title = topic.title if topic else item.topic
    return {"due": due, "later": later, "count": count, "due_count": due_count, "shown": len(items)}


def review_next(*, learner: Learner, now: datetime | None = None) -> ReviewItem | None:
    """The review item that has waited longest past its due time."""
    now = now or timezone.now()
    return ReviewItem.objects.filter(learner.q(), due_at__lte=now).order_by("due_at", "id").first()


# --------------------------------------------------------------------------- ratings


def _learner_rating(learner: Learner) -> LearnerRating | None:
    if learner.user is not None:
        return LearnerRating.objects.filter(user=learner.user).first()
    if not learner.key:
        return None
    return LearnerRating.objects.filter(user__isnull=True, learner_key=learner.key).first()


def learner_skill(*, learner: Learner) -> ratings.Skill:
    row = _learner_rating(learner)
    return ratings.Skill(row.mu, row.sigma) if row else ratings.START


def pick_weights(*, learner: Learner, sources: list[str], level: str) -> dict[str, float]:
    """For each source, its weight in practice's draw at ``level``: near the learner's rating, more
    (:func:`tutor.study.ratings.pick_weights`); a kind nobody has answered is at the starting rating."""
    mine = learner_skill(learner=learner)
    rated = {
        source: ratings.Skill(mu, sigma)
        for source, mu, sigma in QuestionRating.objects.filter(source__in=sources, level=level).values_list(
            "source", "mu", "sigma"
        )
    }
    kinds = [rated.get(source, ratings.START) for source in sources]
    return dict(zip(sources, ratings.pick_weights(mine, kinds), strict=True))


def rating_summary(*, learner: Learner) -> dict[str, Any]:
    """The learner's rating as the progress page shows it, with the predicted chance of answering a
    question of each level right (against the average kind of that level that has been answered)."""
    row = _learner_rating(learner)
    mine = ratings.Skill(row.mu, row.sigma) if row else ratings.START
    by_level: dict[str, list[ratings.Skill]] = defaultdict(list)
    for level, mu, sigma in QuestionRating.objects.filter(matches__gt=0).values_list("level", "mu", "sigma"):
        by_level[level].append(ratings.Skill(mu, sigma))
    chances = []
    for level in LEVELS:
        kinds = by_level.get(level)
        if kinds:
            typical = ratings.Skill(
                sum(k.mu for k in kinds) / len(kinds), sum(k.sigma for k in kinds) / len(kinds)
            )
            chances.append(
                {"label": LEVEL_LABELS[level], "percent": round(100 * ratings.chance(mine, typical))}
            )
    return {
        "shown": ratings.shown(mine),
        "matches": row.matches if row else 0,
        "provisional": mine.sigma > ratings.SETTLED_SIGMA,
        "chances": chances,
    }


# --------------------------------------------------------------------------- weakest topics and paragraphs

WEAK_WINDOW = 500
"""The weakest topics and paragraphs are counted over the learner's latest answers, at most this many."""
WEAK_SHOWN = 5


def _weakest(counts: dict[str, list[int]]) -> list[tuple[str, int, int]]:
    """``(key, answered, correct)`` with at least one wrong answer, weakest first: by the right-answer
    rate with one right and one wrong added (so one wrong answer of one is not below six of ten)."""
    rows = [(key, a, c) for key, (a, c) in counts.items() if c < a]
    rows.sort(key=lambda row: ((row[2] + 1) / (row[1] + 2), -row[1], row[0]))
    return rows[:WEAK_SHOWN]


EXCERPT_CHARS = 40


def _excerpt(text: str) -> str:
    """The opening of a paragraph's text, to tell which rule a number is."""
    text = " ".join(text.split())
    return text if len(text) <= EXCERPT_CHARS else text[: EXCERPT_CHARS - 1] + "…"


def rule_excerpts(numbers: Iterable[str]) -> dict[str, str]:
    """The opening of each paragraph's Japanese text, by number, in one query: a number alone does not
    tell a learner which rule it is. A number without a Japanese paragraph has no entry."""
    texts = Paragraph.objects.filter(number__in=set(numbers), is_current=True, language=Language.JA)
    return {number: _excerpt(text) for number, text in texts.values_list("number", "text")}


def weakest_get(*, learner: Learner) -> dict[str, Any]:
    """The topics and the CR paragraphs the learner gets wrong most, from the latest answers: a
    question counts for every topic it tested and every paragraph its explanation cites."""
    by_topic: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_rule: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    rows = StudyAttempt.objects.filter(learner.q()).values_list(
        "correct", "question__topics", "question__rules"
    )
    for correct, topics, rules in rows[:WEAK_WINDOW]:
        for topic in set(topics or []):
            by_topic[topic][0] += 1
            by_topic[topic][1] += int(correct)
        for rule in set(rules or []):
            if isinstance(rule, str) and cr_url(rule):
                by_rule[rule][0] += 1
                by_rule[rule][1] += int(correct)
    topics_out = [
        {"topic": TOPICS_BY_SLUG[slug], "answered": a, "correct": c, "rate": _rate(c, a)}
        for slug, a, c in _weakest({k: v for k, v in by_topic.items() if k in TOPICS_BY_SLUG})
    ]
    weak_rules = _weakest(by_rule)
    excerpts = rule_excerpts(number for number, _a, _c in weak_rules)
    rules_out = [
        {
            "number": number,
            "url": cr_url(number),
            "excerpt": excerpts.get(number, ""),
            "answered": a,
            "correct": c,
            "rate": _rate(c, a),
        }
        for number, a, c in weak_rules
    ]
    return {"topics": topics_out, "rules": rules_out, "window": WEAK_WINDOW}
