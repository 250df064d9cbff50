"""Reading the course: the published lessons, one lesson, the lessons that teach a paragraph, and a
learner's progress."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tutor.models import Lesson, LessonProgress
from tutor.study.selectors import Learner

SLUG = re.compile(r"[-a-zA-Z0-9_]{1,40}")
"""A lesson's slug: a SlugField's letters, at most 40 of them."""


def lesson_list() -> list[Lesson]:
    return list(Lesson.objects.filter(is_published=True))


def lesson_get(*, slug: str) -> Lesson | None:
    """The published lesson ``slug``; None for any other string, without asking the database when it
    cannot be a slug (a query parameter may hold anything, and PostgreSQL refuses a NUL)."""
    if not isinstance(slug, str) or not SLUG.fullmatch(slug):
        return None
    return Lesson.objects.filter(slug=slug, is_published=True).first()


def lessons_by_rule(lessons: Iterable[Lesson]) -> dict[str, list[Lesson]]:
    """Paragraph number → the lessons that teach it, in course order."""
    out: dict[str, list[Lesson]] = {}
    for lesson in lessons:
        for number in lesson.rules if isinstance(lesson.rules, list) else []:
            if isinstance(number, str):
                out.setdefault(number, []).append(lesson)
    return out


def progress_of(*, learner: Learner) -> dict[int, LessonProgress]:
    """The learner's finished lessons, by lesson id."""
    return {row.lesson_id: row for row in LessonProgress.objects.filter(learner.q())}
