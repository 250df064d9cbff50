"""Resolving a scenario: one non-combat damage event, or the combat damage step(s); one board under
each era of the rules (:func:`compare_eras`).

The top of the engine: it picks the layer that resolves the scenario's event (:mod:`rules_core.combat`,
:mod:`rules_core.events`, :mod:`rules_core.eras`) and hands each the damage pipeline
(:mod:`rules_core.damage`); no lower layer imports this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .combat.steps import resolve_combat
from .damage.deal import deal_damage
from .document.eras import with_era
from .document.parse import parse_scenario
from .document.scenario import CombatEvent, DestroyEvent, NoncombatEvent, PowerDamageEvent, Scenario
from .eras.era_2007 import resolve_2007
from .events.destruction import resolve_destroy
from .events.end_step import resolve_end_step
from .events.fight import resolve_power_event
from .events.targeting import resolve_targeted
from .events.triggers import delayed_created, event_resolution
from .model.era_types import CURRENT, ERAS
from .model.state import Source
from .model.trace import Resolution, Stage, Step
from .model.trigger_types import END_STEP
from .sba.multiplayer import absent_from_spell


def noncombat_source(scenario: Scenario, event: NoncombatEvent) -> Source:
    """The event's source: a permanent on the board, or the spell/ability object given inline."""
    if isinstance(event.source, Source):
        return event.source
    return Source.of(scenario.permanent(event.source))


def resolve(scenario: Scenario) -> Resolution:
    """Resolve the scenario's damage event (CR 120.4, 510, 704). Pure: the scenario is not changed.

    >>> s = parse_scenario({"players": [{"id": "A"}, {"id": "B"}],
    ...     "permanents": [{"id": "bear", "name": "灰色熊", "controller": "B", "types": ["creature"],
    ...                     "power": 2, "toughness": 2}],
    ...     "event": {"type": "noncombat", "source": {"name": "稲妻", "controller": "A", "colors": ["red"]},
    ...               "damage": [{"to": "bear", "amount": 3}]}})
    >>> result = resolve(s)
    >>> result.state.permanent("bear").zone
    'graveyard'
    >>> [stage.stage for stage in result.steps[0].stages]
    ['120.4a', '120.4b', '120.4c', '120.4d', '704']

    A board with no damage event yet (``"event": {}``) resolves to itself: no
    steps, and the board and effects as given (no state-based actions are checked).
    """
    event = scenario.event
    if event is None:
        return Resolution(legal=True, steps=(), state=scenario.state, effects=scenario.effects)
    if isinstance(event, CombatEvent):
        if scenario.era is not None and scenario.era.name == "2007":  # 拡張: combat damage on the stack
            fought = resolve_2007(scenario)
        else:
            fought = resolve_combat(scenario)
        return fought if event.delayed is None else resolve_end_step(scenario, fought)  # 拡張: § 17.6
    if isinstance(event, DestroyEvent):
        return resolve_destroy(scenario)
    if isinstance(event, PowerDamageEvent):
        return resolve_power_event(scenario, event)
    source = noncombat_source(scenario, event)
    if event.delayed is not None and event.delayed.when == END_STEP:  # 拡張: 603.7a, 513.1, 701.21a
        return resolve_end_step(scenario, _resolve_noncombat(scenario, event, source))
    return _resolve_noncombat(scenario, event, source)


def _resolve_noncombat(scenario: Scenario, event: NoncombatEvent, source: Source) -> Resolution:
    if event.targeted:  # 拡張: targets checked on the stack and on resolution (601.2c, 702.21a, 608.2b)
        return resolve_targeted(scenario, event, source)
    damage = [(d.to, d.amount) for d in event.damage]
    departed: Stage | None = None
    if scenario.features.departures and any(p.left for p in scenario.players):  # CR 800.4a
        damage, departed = absent_from_spell(scenario.state, source.controller, source.label, damage)
        if not damage and departed is not None:
            step = Step("damage", (departed,))
            return Resolution(legal=True, steps=(step,), state=scenario.state, effects=scenario.effects)
    outcome = deal_damage(
        scenario.state,
        scenario.effects,
        scenario.choices,
        [(source, to, amount) for to, amount in damage],
        combat=False,
        excess_to=event.excess_to,
        cant_be_prevented=event.cant_be_prevented,
        cant_be_regenerated=event.cant_be_regenerated,
        exile_if_dies=event.exile_if_dies,
    )
    created = delayed_created(scenario) if event.delayed is not None else None
    stages = outcome.stages if created is None else (created, *outcome.stages)
    if departed is not None:
        stages = (departed, *stages)
    return event_resolution(
        scenario, before=scenario.state, outcome=outcome, step=Step("damage", stages), combat=False
    )


def resolve_document(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Parse, resolve and write the result document; raises :class:`~rules_core.model.errors.ScenarioError`."""
    return resolve(parse_scenario(doc)).to_dict()


def compare_eras(scenario: Scenario) -> Mapping[str, Resolution]:
    """The board resolved under each era that applies to it: ``{"current": …, "2009-2024": …, "2007": …}``.

    A combat board resolves under all three; a board with no combat only under today's rules (the eras
    differ here only in combat damage). The 2009-2024 board uses the order given (the blockers as listed
    by default); the 2007 board's window actions are dropped in the other eras, where that window does
    not exist (510.2 of the 2024-08-02 file).
    """
    if not isinstance(scenario.event, CombatEvent):
        return {CURRENT: resolve(with_era(scenario, CURRENT))}
    return {era: resolve(with_era(scenario, era)) for era in ERAS}
