"""A lesson's check questions ask only about what the course has taught up to that lesson.

A study topic is taught by a lesson when one of the lesson's CR paragraphs falls under the topic's
paragraphs (``704.5g`` under ``704.5``, ``310.6`` under ``310``). A check question names the question
templates it draws from (``templates``), and each question drawn for it is kept only when every topic
it really involves (:func:`tutor.study.involvement.involved_topics`) is one taught so far: a lesson on
damage to players never gets a question about a battle's defense counters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.models import Lesson
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.topics import TOPICS


def _under(number: str, prefix: str) -> bool:
    return number == prefix or (number.startswith(prefix) and not number[len(prefix)].isdigit())


def topics_of(rules: Iterable[str]) -> frozenset[str]:
    """The study topics that the paragraphs ``rules`` teach.

    >>> sorted(topics_of(["120.3a", "704.5g", "310.6", "702.19b"]))
    ['120.3', '702.19b', '704.5', 'battle', 'trample']
    """
    numbers = [r for r in rules if isinstance(r, str)]
    return frozenset(
        topic.slug for topic in TOPICS if any(_under(n, p) for n in numbers for p in topic.rules)
    )


def taught_by(lessons: Sequence[Lesson], lesson: Lesson) -> frozenset[str]:
    """The topics ``lesson`` and the lessons before it in ``lessons`` (course order) teach."""
    taught: set[str] = set()
    for other in lessons:
        taught |= topics_of(other.rules if isinstance(other.rules, list) else [])
        if other.pk == lesson.pk:
            break
    return frozenset(taught)


@dataclass(frozen=True, slots=True)
class Check:
    """Where a lesson's check question comes from: the template sources, and the topics allowed."""

    pool: tuple[str, ...]
    within: frozenset[str]


def check_for(lessons: Sequence[Lesson], lesson: Lesson, *, topic: str, level: str) -> Check | None:
    """The check question of ``lesson`` at ``topic`` and ``level``; None when the lesson has none."""
    entry: Mapping[str, Any] | None = next(
        (
            q
            for q in (lesson.questions if isinstance(lesson.questions, list) else [])
            if isinstance(q, dict) and q.get("topic") == topic and q.get("level") == level
        ),
        None,
    )
    if entry is None:
        return None
    listed = entry.get("templates")
    names: list[Any] = listed if isinstance(listed, list) else []
    pool = tuple(
        f"builtin:{name}"
        for name in names
        if name in TEMPLATES_BY_SLUG and TEMPLATES_BY_SLUG[name].trains(topic, level)
    )
    return Check(pool=pool, within=taught_by(lessons, lesson))
