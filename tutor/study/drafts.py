"""What a question template is and what it makes from a seed (shared by every template module).

:mod:`tutor.study.generators` holds the first templates and the catalogue ``TEMPLATES``;
:mod:`tutor.study.card_questions` holds the templates built from real catalogue cards. Both import
these types from here, so neither imports the other at load time.

Pure Python: no Django, no engine import.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Mistake = tuple[Any, str]
"""A wrong answer and, in Japanese, the misunderstanding that leads to it."""


@dataclass
class Draft:
    """What a template makes from one seed, before the engine has looked at it."""

    scenario: dict[str, Any]
    prompt: str
    ask: dict[str, Any]
    predicted: Any
    explanation: str
    rules: list[str]
    mistakes: list[Mistake] = field(default_factory=list)


Generate = Callable[[random.Random, str], Draft]


@dataclass(frozen=True)
class Template:
    """A kind of question: the learner's review queue brings back templates they got wrong."""

    slug: str
    title: str
    topics: tuple[str, ...]
    levels: tuple[str, ...]
    generate: Generate
    topic_levels: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Topics this template trains only at some of its levels: ``(("510.4", ("l2",)),)``."""

    def trains(self, topic: str, level: str) -> bool:
        """Whether questions of this template at ``level`` are meant to involve ``topic``."""
        if topic not in self.topics or level not in self.levels:
            return False
        return level in dict(self.topic_levels).get(topic, self.levels)

    def draft(self, seed: int, level: str) -> Draft:
        """The draft for ``seed`` at ``level``: the same arguments always give the same draft."""
        if level not in self.levels:
            raise ValueError(f"{self.slug} has no level {level}")
        return self.generate(random.Random(f"{self.slug}|{level}|{seed}"), level)
