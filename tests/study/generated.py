"""One set of generated questions shared by the study tests that check thousands of them.

Building every template at every level over ``SEEDS`` seeds costs a few seconds, so it is built once
per test session (``functools.cache``) and every module that needs "at least 3,000 generated
questions" (issue 24's bar) reads the same set.
"""

from __future__ import annotations

from functools import cache

from tutor.study.building import BuiltQuestion, question_build
from tutor.study.generators import TEMPLATES

SEEDS = range(26)


@cache
def built_questions() -> tuple[tuple[str, BuiltQuestion], ...]:
    """``(template slug, question)`` for every template, level and seed."""
    return tuple(
        (template.slug, question_build(template, seed=seed, level=level))
        for template in TEMPLATES
        for level in template.levels
        for seed in SEEDS
    )
