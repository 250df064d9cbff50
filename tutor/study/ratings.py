"""Ratings: how strong a learner is, and how hard each kind of question (template × level) is.

Each scored answer is a match of two players, the learner and the kind of question: a right answer is
the learner's win, a wrong one the question's. Both ratings are OpenSkill's Weng-Lin Plackett-Luce
model (the ``openskill`` package): a mean ``mu`` and an uncertainty ``sigma`` that shrinks as answers
come in, so a new learner's or a new template's first answers move it far and later ones less.

Why OpenSkill and not Glicko-2 (the ``glicko2`` package): Glicko-2 is meant to be updated once per
*rating period* over all its games, while here every answer updates at once; OpenSkill is an online
update per match by design, ships type information (this project type-checks strictly), and is kept
up; its two-player case is the same kind of Bayesian skill rating.

Practice picks a question's kind near the learner's rating (:func:`pick_weights`): a weighted draw,
not the closest kind, so that every kind still comes up, and a learner and kinds that nobody has
answered yet (all at the starting rating) draw evenly, as before the ratings.

Pure Python: the services read and store the numbers (``LearnerRating``, ``QuestionRating``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, NamedTuple

from openskill.models import PlackettLuce

MODEL: Final = PlackettLuce()

DISPLAY_SCALE: Final = 60
"""The page shows ``mu`` × 60: the starting rating reads 1500, as chess-like ratings start."""

SETTLED_SIGMA: Final = MODEL.sigma / 2
"""Below this uncertainty the page stops calling the rating provisional (about 15 answers)."""

PICK_WIDTH: Final = 2 * MODEL.beta
"""How far (in ``mu``) from the learner a kind's weight falls to e⁻¹ ≈ 0.37."""


class Skill(NamedTuple):
    mu: float
    sigma: float


START: Final = Skill(MODEL.mu, MODEL.sigma)


def match(learner: Skill, question: Skill, *, correct: bool) -> tuple[Skill, Skill]:
    """Both ratings after one answer: ``correct`` is the learner's win.

    >>> after, kind = match(START, START, correct=True)
    >>> after.mu > START.mu > kind.mu, after.sigma < START.sigma
    (True, True)
    """
    mine = MODEL.rating(mu=learner.mu, sigma=learner.sigma)
    theirs = MODEL.rating(mu=question.mu, sigma=question.sigma)
    ranks = [1.0, 2.0] if correct else [2.0, 1.0]
    [[mine], [theirs]] = MODEL.rate([[mine], [theirs]], ranks=ranks)
    return Skill(mine.mu, mine.sigma), Skill(theirs.mu, theirs.sigma)


def chance(learner: Skill, question: Skill) -> float:
    """The predicted chance that the learner answers a question of this kind right.

    >>> chance(START, START)
    0.5
    """
    mine = MODEL.rating(mu=learner.mu, sigma=learner.sigma)
    theirs = MODEL.rating(mu=question.mu, sigma=question.sigma)
    return round(MODEL.predict_win([[mine], [theirs]])[0], 6)


def pick_weights(learner: Skill, questions: Sequence[Skill]) -> list[float]:
    """A weight per kind for the draw: 1 at the learner's rating, falling off with the distance.

    >>> [round(w, 2) for w in pick_weights(START, [START, Skill(START.mu + PICK_WIDTH, 3.0)])]
    [1.0, 0.37]
    """
    return [math.exp(-(((q.mu - learner.mu) / PICK_WIDTH) ** 2)) for q in questions]


def merged(first: Skill, second: Skill) -> Skill:
    """One learner's two ratings (an anonymous session's and the account's, on sign-up) as one.

    Each is a Gaussian belief that started from the same prior, so the two are multiplied and the
    prior is divided out once (precisions add, less the prior's); a rating no surer than the prior
    adds nothing.

    >>> merged(START, START) == START
    True
    >>> sure = Skill(30.0, 2.0)
    >>> merged(sure, START) == sure
    True
    """
    prior = 1 / START.sigma**2
    p1, p2 = 1 / first.sigma**2, 1 / second.sigma**2
    precision = p1 + p2 - prior
    if precision <= max(p1, p2):
        # one of them is no surer than the prior (its sigma grew by the dynamics): keep the surer one
        return first if p1 >= p2 else second
    mu = (p1 * first.mu + p2 * second.mu - prior * START.mu) / precision
    return Skill(mu, math.sqrt(1 / precision))


def shown(skill: Skill) -> int:
    """The rating as the page shows it.

    >>> shown(START)
    1500
    """
    return round(skill.mu * DISPLAY_SCALE)
