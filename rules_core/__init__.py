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
"""

from __future__ import annotations

from .combat import (
    Violation,
    check_assignment,
    count_assignments,
    default_assignment,
    legal_assignments,
    max_damage_assignment,
    plan_steps,
    recipients,
)
from .engine import resolve, resolve_document
from .errors import ScenarioError
from .scenario import Scenario, parse_scenario
from .trace import Change, Resolution, Stage, Step

__all__ = [
    "Change",
    "Resolution",
    "Scenario",
    "ScenarioError",
    "Stage",
    "Step",
    "Violation",
    "check_assignment",
    "count_assignments",
    "default_assignment",
    "legal_assignments",
    "max_damage_assignment",
    "parse_scenario",
    "plan_steps",
    "recipients",
    "resolve",
    "resolve_document",
]
