"""``{% lessons_teaching number as taught %}``: the lessons of the course that teach a CR paragraph.

The reader draws many paragraphs per page, so the course is read once per render and kept in the
context's bottom layer: ``render_context`` starts afresh in every ``{% include %}``, which made a
page of 150 paragraphs read the course 150 times.
"""

from __future__ import annotations

from typing import Any

from django import template

from tutor.lessons.selectors import lesson_list, lessons_by_rule

register = template.Library()

_KEY = "lessons_by_rule"


@register.simple_tag(takes_context=True)
def lessons_teaching(context: template.Context, number: str) -> list[dict[str, Any]]:
    cache = context.dicts[0]  # this render's own layer, seen by every included template
    if _KEY not in cache:
        lessons = lesson_list()
        numbers = {lesson.pk: i + 1 for i, lesson in enumerate(lessons)}
        cache[_KEY] = {
            rule: [
                {"slug": lesson.slug, "title": lesson.title, "number": numbers[lesson.pk]}
                for lesson in taught
            ]
            for rule, taught in lessons_by_rule(lessons).items()
        }
    found: list[dict[str, Any]] = cache[_KEY].get(str(number), [])
    return found
