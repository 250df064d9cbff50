"""Mock exams (模擬試験): the two shapes, building one from the built-in templates, and scoring.

Pure Python: no Django. The views and :mod:`tutor.study.exam_services` store what is built here.

Why these shapes: an L1-shaped exam is 20 questions, short enough for one sitting on a phone (about
half an hour); the L2-shaped one is longer, 25 questions, and drawn from the harder level. The pass
lines are the ones the judge programmes use: 70 % for L1 and 80 % for L2.

Building takes each question from a different template (so no question and no template repeats
within an exam) and spreads them over the study topics: every next question goes to the topic that
has had the fewest so far, among those that still have an unused template. Each prompt is the
exam's wording (:func:`tutor.study.prompts.exam_prompt`): the cards and what happens, no keyword.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from tutor.study.asks import AskError
from tutor.study.building import BuiltQuestion, Disagreement, question_build
from tutor.study.drafts import Template
from tutor.study.generators import TEMPLATES
from tutor.study.prompts import exam_prompt
from tutor.study.topics import L1, L2, TOPICS, TOPICS_BY_SLUG


@dataclass(frozen=True)
class ExamShape:
    slug: str
    label: str
    level: str
    size: int
    pass_percent: int
    minutes: int
    """The optional time limit: 2 minutes a question."""
    summary: str

    @property
    def pass_mark(self) -> int:
        """The fewest right answers that pass (the pass line rounded up to a whole question)."""
        return math.ceil(self.size * self.pass_percent / 100)


SHAPES: Final = (
    ExamShape(
        "l1",
        "L1 模擬試験",
        L1,
        20,
        70,
        40,
        "L1の問題から20問。スマートフォンでも一度に解き終えられる長さです。合格ラインは70%（14問）です。",
    ),
    ExamShape(
        "l2",
        "L2 模擬試験",
        L2,
        25,
        80,
        50,
        "より難しいL2の問題から25問。L1より長く、合格ラインは80%（20問）です。",
    ),
)
SHAPES_BY_SLUG: Final = {s.slug: s for s in SHAPES}

SEED_TRIES: Final = 4
"""Seeds tried for one template before it is left out of this exam (a draw the engine refuses)."""


class ExamTooSmall(LookupError):
    """Not enough templates at the level to fill an exam without repeating one."""


def exam_templates(level: str) -> list[Template]:
    return [t for t in TEMPLATES if level in t.levels]


def _topics_of(template: Template, level: str) -> list[str]:
    return [t for t in template.topics if t in TOPICS_BY_SLUG and template.trains(t, level)]


def exam_build(
    shape: ExamShape, seed: int, templates: Sequence[Template] | None = None
) -> list[BuiltQuestion]:
    """The questions of one exam of ``shape``, the same ones for the same ``seed``.

    Each template is used at most once. Slots go round the topics, fewest first (ties broken by the
    seeded order), so an exam covers as many topics as the level's templates allow.
    """
    rng = random.Random(f"exam|{shape.slug}|{seed}")
    pool = list(templates if templates is not None else exam_templates(shape.level))
    rng.shuffle(pool)
    by_topic: dict[str, list[Template]] = defaultdict(list)
    for template in pool:
        for topic in _topics_of(template, shape.level) or ["other"]:
            by_topic[topic].append(template)
    topic_order = [t.slug for t in TOPICS if t.slug in by_topic] + (["other"] if "other" in by_topic else [])
    rng.shuffle(topic_order)
    used: set[str] = set()
    seen: set[tuple[str, str]] = set()
    counts: Counter[str] = Counter()
    out: list[BuiltQuestion] = []
    while len(out) < shape.size:
        open_topics = [t for t in topic_order if any(tp.slug not in used for tp in by_topic[t])]
        if not open_topics:
            raise ExamTooSmall(f"{shape.slug}: {len(out)} of {shape.size}")
        topic = min(open_topics, key=lambda t: counts[t])
        template = next(tp for tp in by_topic[topic] if tp.slug not in used)
        used.add(template.slug)
        built = _one(template, shape.level, rng)
        if built is None:
            continue
        built = replace(built, prompt=exam_prompt(built.prompt))  # the exam's words name no keyword
        key = (built.prompt, repr(built.scenario))
        if key in seen:  # two templates that drew the same board and words: keep one
            continue
        seen.add(key)
        out.append(built)
        counts.update(built.topics or [topic])
    rng.shuffle(out)
    return out


def _one(template: Template, level: str, rng: random.Random) -> BuiltQuestion | None:
    for _ in range(SEED_TRIES):
        try:
            return question_build(template, seed=rng.randrange(2**48), level=level)
        except (Disagreement, AskError):
            continue
    return None


@dataclass(frozen=True)
class Marked:
    """One question of a scored exam: its topics and paragraphs, and whether it was answered right."""

    topics: Sequence[str]
    rules: Sequence[str]
    answered: bool
    correct: bool
    points: float | None = None
    """What it scores, 0 to 1: the fraction of its parts right for a parts question; else 1 if correct."""

    @property
    def score(self) -> float:
        return (1.0 if self.correct else 0.0) if self.points is None else self.points


@dataclass(frozen=True)
class Tally:
    key: str
    right: float
    total: int

    @property
    def shown(self) -> str:
        """``3`` or ``2.5``: a part-scored question adds a fraction."""
        return _number(self.right)

    @property
    def percent(self) -> int:
        return round(100 * self.right / self.total) if self.total else 0


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


def _tally(pairs: Iterable[tuple[str, float]]) -> list[Tally]:
    right: defaultdict[str, float] = defaultdict(float)
    total: Counter[str] = Counter()
    for key, ok in pairs:
        total[key] += 1
        right[key] += ok
    # weakest first, so the report starts with what to study
    return sorted(
        (Tally(k, right[k], total[k]) for k in total), key=lambda t: (t.right / t.total, -t.total, t.key)
    )


@dataclass(frozen=True)
class Score:
    right: int
    """Questions right as a whole (every part of a parts question)."""
    answered: int
    total: int
    percent: int
    passed: bool
    by_topic: list[Tally]
    by_rule: list[Tally]
    points: float = 0.0
    """The score against the pass line: a parts question counts the fraction of its parts right."""

    @property
    def points_shown(self) -> str:
        return _number(round(self.points, 2))


def exam_score(shape: ExamShape, marked: Sequence[Marked]) -> Score:
    """The score against the pass line; an unanswered question counts as wrong, and a parts question
    counts the fraction of its parts right."""
    right = sum(m.correct for m in marked)
    points = sum(m.score for m in marked)
    total = len(marked)
    return Score(
        right=right,
        answered=sum(m.answered for m in marked),
        total=total,
        percent=round(100 * points / total) if total else 0,
        passed=total > 0 and points * 100 >= shape.pass_percent * total - 1e-9,
        by_topic=_tally((t, m.score) for m in marked for t in dict.fromkeys(m.topics)),
        by_rule=_tally((r, m.score) for m in marked for r in dict.fromkeys(m.rules)),
        points=points,
    )
