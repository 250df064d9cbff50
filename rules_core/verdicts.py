"""Whether a declaration is legal and which rule refuses it, and who makes a choice — as answers, not errors.

The parser refuses an illegal declaration as it reads a document: an attack (508.1c, defender 702.3b), a
block (509.1a-b: flying 702.9b with reach 702.17b, menace 702.111b, "can't block", "can't be blocked
(except by …)", protection 702.16f) or a target (601.2c: hexproof 702.11b, shroud 702.18a, protection
702.16b), each with a Japanese message that ends with its rules in parentheses. An illegal combat damage
assignment is not refused: it comes back as violations (510.1a-d, trample 702.19b-c, deathtouch 702.2c).
:func:`declaration_verdict` reports both the same way, so a question can ask "legal, or which rule
refuses it?" and read the answer from the engine. Nothing here runs while damage is resolved.

The ``*_chooser`` functions answer "who decides": the player who orders replacement and prevention
effects (616.1), who divides a creature's combat damage (510.1c-d), who may pay a ward cost (702.21a).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from .combat.steps import check_assignment
from .document.parse import parse_scenario
from .document.scenario import CombatEvent, NoncombatEvent, Scenario
from .model.errors import ScenarioError
from .model.state import Source
from .model.targets import ward_triggers

LEGAL: Final = "legal"

_RULE: Final = re.compile(r"\d{3}\.\d+[a-z]?")
_DECLARED: Final = ("event.attacks", "event.targets")
"""The parts of a document that declare attacks, blocks and targets: a refusal elsewhere is a bad board."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """A declaration judged: ``rules`` are the refusing rules (the deciding one first), empty when legal;
    ``warded`` the targets whose ward triggers (702.21a: legal, but the spell is countered unless paid)."""

    legal: bool
    rules: tuple[str, ...] = ()
    message: str = ""
    warded: tuple[str, ...] = ()


def cited(message: str) -> tuple[str, ...]:
    """The rules a refusal cites in its last parentheses.

    >>> cited("飛行を持つ…ブロックできません (702.9b, 702.17b)")
    ('702.9b', '702.17b')
    """
    groups = re.findall(r"[(（]([^()（）]*)[)）]", message)
    return tuple(_RULE.findall(groups[-1])) if groups else ()


def _warded(scenario: Scenario) -> tuple[str, ...]:
    event = scenario.event
    if not isinstance(event, NoncombatEvent):
        return ()
    spell = event.source if isinstance(event.source, Source) else Source.of(scenario.permanent(event.source))
    state = scenario.state
    return tuple(
        d.to
        for d in event.damage
        if d.target
        and state.is_permanent(d.to)
        and ward_triggers(state.permanent(d.to), spell, scenario.teams)
    )


def declaration_verdict(doc: Mapping[str, Any]) -> Verdict:
    """CR 508.1, 509.1, 601.2c, 510.1: the document's attacks, blocks, targets and combat damage
    assignment judged together: legal, or the rule that refuses the first illegal one.

    A document that is invalid for another reason (not a declaration) still raises
    :class:`~rules_core.model.errors.ScenarioError`.

    >>> bird = {"id": "bird", "controller": "A", "types": ["creature"], "power": 1, "toughness": 1,
    ...         "keywords": ["flying"]}
    >>> bear = {"id": "bear", "controller": "B", "types": ["creature"], "power": 2, "toughness": 2}
    >>> doc = {"players": [{"id": "A"}, {"id": "B"}], "permanents": [bird, bear], "event": {"type": "combat",
    ...        "attacks": [{"attacker": "bird", "defender": "B", "blockers": ["bear"]}]}}
    >>> declaration_verdict(doc).rules
    ('702.9b', '702.17b')
    """
    try:
        scenario = parse_scenario(doc)
    except ScenarioError as error:
        if not error.field.startswith(_DECLARED):
            raise
        return Verdict(False, cited(error.message), error.message)
    if isinstance(scenario.event, CombatEvent):
        violations = check_assignment(scenario)
        if violations:
            first = violations[0]
            return Verdict(False, (first.rule,), first.message)
    return Verdict(True, warded=_warded(scenario))


def order_chooser(scenario: Scenario, affected: str) -> str:
    """CR 616.1: the affected player, or the controller of the affected object, chooses the order in which
    replacement and prevention effects apply to it (not the controller of the source or of the effects)."""
    state = scenario.state
    return state.permanent(affected).controller if state.is_permanent(affected) else state.player(affected).id


def division_chooser(scenario: Scenario, creature: str) -> str:
    """CR 510.1c-d: a blocked creature's controller divides its combat damage among the creatures blocking
    it, and a blocking creature's controller among the creatures it blocks (not the player being dealt it)."""
    return scenario.state.permanent(creature).controller


def ward_chooser(scenario: Scenario) -> str:
    """CR 702.21a: ward counters the spell "unless that player pays": the spell's controller decides."""
    event = scenario.event
    if not isinstance(event, NoncombatEvent):
        raise ValueError("護法のコストを支払うかを選ぶのは、対象をとる呪文や能力のコントローラーです")
    source = event.source
    return source.controller if isinstance(source, Source) else scenario.permanent(source).controller


__all__ = [
    "LEGAL",
    "Verdict",
    "cited",
    "declaration_verdict",
    "division_chooser",
    "order_chooser",
    "ward_chooser",
]
