"""rules_core: the Magic: The Gathering damage rules (CR 120, 510, 614-616, 702.19, 704) as pure functions.

Read a scenario document (``scenario-format.md``), resolve its damage event and
get back every stage with the rules that apply:

>>> from rules_core import resolve_document
>>> result = resolve_document({
...     "players": [{"id": "A"}, {"id": "B"}],
...     "permanents": [{"id": "bear", "name": "灰色熊", "controller": "B", "types": ["creature"],
...                     "power": 2, "toughness": 2}],
...     "event": {"type": "noncombat", "source": {"name": "稲妻", "controller": "A", "colors": ["red"]},
...               "damage": [{"to": "bear", "amount": 3}]}})
>>> result["final"]["permanents"]["bear"]["zone"]
'graveyard'

The scenario and result documents are the contract's plus the extensions
documented in ``docs/scenario-format.md``. The package never imports Django.

The combat damage assignment queries (``check_assignment``, ``count_assignments``,
…) take a scenario and live in :mod:`rules_core.combat.steps`; they raise
:class:`AssignmentError`, or its subclass :class:`StepError` for a combat damage
step that does not apply; both are ``ValueError`` subclasses.
"""

from __future__ import annotations

from .combat.steps import (
    Violation,
    check_assignment,
    count_all_assignments,
    count_assignments,
    declared_recipients,
    default_assignment,
    legal_assignments,
    max_damage_all_assignments,
    max_damage_assignment,
    plan_steps,
    recipients,
)
from .document.parse import parse_scenario
from .document.scenario import ASSIGNMENT_KEYS, Scenario
from .engine import compare_eras, resolve, resolve_document
from .model.errors import AssignmentError, ScenarioError, StepError
from .model.trace import Change, Resolution, Stage, Step

__all__ = [
    "ASSIGNMENT_KEYS",
    "AssignmentError",
    "Change",
    "Resolution",
    "Scenario",
    "ScenarioError",
    "Stage",
    "Step",
    "StepError",
    "Violation",
    "check_assignment",
    "compare_eras",
    "count_all_assignments",
    "count_assignments",
    "declared_recipients",
    "default_assignment",
    "legal_assignments",
    "max_damage_all_assignments",
    "max_damage_assignment",
    "parse_scenario",
    "plan_steps",
    "recipients",
    "resolve",
    "resolve_document",
]
