"""CR 701.8: a ``destroy`` event (an extension): a spell or ability destroys permanents, e.g. 《殺害》.

One step named ``destroy``: a stage ``701.8`` in which every target is destroyed at the same time
unless it is indestructible (702.12b: nothing happens, so no shield is used) or a replacement effect
replaces its destruction (its shield counters, 122.1c; a regeneration shield or static regeneration,
701.19a, 701.19b, 614.8; its controller choosing among several, 616.1), then the usual ``704``
stages. ``cant_be_regenerated`` (Wrath of God) keeps regeneration from being applied (701.19c); it
does not stop a shield counter, which is not regeneration (ruling 2022-04-29).
"""

from __future__ import annotations

from typing import Any

from ..damage.deal import state_based_stages
from ..damage.life import spared_players
from ..document.scenario import DestroyEvent, Scenario
from ..model._frozen import FrozenMap
from ..model.effects import ExileInstead
from ..model.state import GameState, Permanent, Source
from ..model.text import source_name
from ..model.trace import Change, Resolution, Stage, Step
from ..sba.guard import DestructionGuard, needs_guard
from ..sba.zones import create_tokens, to_graveyard, zone_rules
from .targeting import illegal_targets, until_resolution


def resolve_destroy(scenario: Scenario) -> Resolution:
    """CR 701.8a: destroy the event's targets (all at once), with the replacement effects that apply, then 704."""
    event = scenario.event
    assert isinstance(event, DestroyEvent)
    state = scenario.state
    source = event.source if isinstance(event.source, Source) else Source.of(state.permanent(event.source))
    if not (event.targeted or event.in_response):
        return _destroy(scenario, event, state, source, event.targets, ())
    # 拡張 (§ 14.4): "destroy target creature" — ward (702.21a), the responses, 608.2b on resolution
    targets = event.targets if event.targeted else ()
    state, stages, countered = until_resolution(state, source, targets, event.ward_paid, event.in_response)
    if countered:
        return Resolution(
            legal=True, steps=(Step("destroy", tuple(stages)),), state=state, effects=scenario.effects
        )
    illegal = illegal_targets(state, source, targets)
    kept = [t for t in event.targets if t not in {i for i, _r, _w in illegal}]
    if (
        not event.targeted
    ):  # nothing targeted: what left the battlefield is simply not there to destroy (400.7)
        kept = [t for t in kept if state.permanent(t).on_battlefield]
    else:
        stages.append(_check_stage(state, source, targets, illegal))
    if not kept:
        return Resolution(
            legal=True, steps=(Step("destroy", tuple(stages)),), state=state, effects=scenario.effects
        )
    return _destroy(scenario, event, state, source, tuple(kept), tuple(stages))


def _check_stage(
    state: GameState, source: Source, targets: tuple[str, ...], illegal: list[tuple[str, str, str]]
) -> Stage:
    """CR 608.2b: the destroy spell's targets checked again as it resolves."""
    label = source.label
    if not illegal:
        return Stage(
            "608.2b",
            ("608.2b",),
            (f"{label}の解決時に対象を確認します。対象はすべて適正なままです (608.2b)。",),
        )
    rules = ["608.2b"]
    notes: list[str] = []
    for ident, rule, why in illegal:
        _add(rules, rule)
        notes.append(
            f"{state.who(ident)}は{why}。{label}の対象として不正になったので、破壊されません ({rule}, 608.2b)。"
        )
    if len(illegal) == len(targets):
        notes.append(
            f"{label}の対象はすべて不正になったので、{label}は解決されません。何も起こりません (608.2b)。"
        )
    else:
        notes.append(f"残りの対象は適正なので、{label}は解決され、それらを破壊します (608.2b)。")
    return Stage("608.2b", tuple(rules), tuple(notes))


def _destroy(
    scenario: Scenario,
    event: DestroyEvent,
    state: GameState,
    source: Source,
    targets: tuple[str, ...],
    before: tuple[Stage, ...],
) -> Resolution:
    src = source_name(state, source)
    guard = DestructionGuard(
        scenario.effects, scenario.choices.replacement_order, nothing_regenerates=event.cant_be_regenerated
    )
    notes: list[str] = []
    rules: list[str] = ["701.8a"]
    changes: list[Change] = []
    events: list[FrozenMap[str, Any]] = []
    names = "、".join(state.who(t) for t in targets)
    notes.append(f"{src}が{names}を破壊します (701.8a)。")
    if event.cant_be_regenerated:
        notes.append("この破壊では再生できません。再生の盾は適用されません (701.19c)。")
        rules.append("701.19c")
    changed: dict[str, Permanent] = {}
    tokens: list[tuple[str, ExileInstead]] = []
    zones = zone_rules(state, scenario.effects, scenario.choices.replacement_order)
    for target in targets:
        p = state.permanent(target)
        if p.has("indestructible"):
            notes.append(
                f"{p.sized()}は破壊不能なので破壊されません。破壊が起きないので、再生の盾も盾カウンターも使われません "
                "(702.12b)。"
            )
            _add(rules, "702.12b")
            events.append(FrozenMap({"object": target, "result": "indestructible"}))
            continue
        kept, more_notes, more_changes, more_rules = guard.destroy(
            state, p, by_effect=True, reason=f"{src}によって破壊される"
        )
        notes.extend(more_notes)
        changes.extend(more_changes)
        for r in more_rules:
            _add(rules, r)
        if kept is not None:
            changed[target] = kept
            how = "shield_counter" if kept.shield_counters < p.shield_counters else "regenerated"
            events.append(FrozenMap({"object": target, "result": how}))
            continue
        moved = to_graveyard(state, p, "701.8a", zones=zones)
        changed[target] = moved.permanent
        if moved.notes:
            notes.append(f"{p.sized()}は破壊されます (701.8a)。")
            notes.extend(moved.notes)
        else:
            notes.append(f"{p.sized()}は破壊され、オーナーの墓地に置かれます (701.8a)。")
        for r in moved.rules:
            _add(rules, r)
        tokens.extend(moved.tokens)
        changes.append(moved.change)
        events.append(FrozenMap({"object": target, "result": "destroyed"}))
    state = state.with_permanents(changed)
    state, made = create_tokens(state, tokens)
    changes.extend(made)
    effects = guard.effects()
    stage = Stage("701.8", tuple(rules), tuple(notes), tuple(changes), tuple(events))
    # Lethal damage already marked on other permanents is destroyed by 704.5g, which regeneration can replace.
    after_guard = None
    if state.features.destruction and needs_guard(state, {type(e) for e in effects}):
        after_guard = DestructionGuard(effects, scenario.choices.replacement_order)
    state, after = state_based_stages(state, after_guard, spared_players(state, effects), zones=zones)
    if after_guard is not None:
        effects = after_guard.effects()
    return Resolution(
        legal=True, steps=(Step("destroy", (*before, stage, *after)),), state=state, effects=effects
    )


def _add(rules: list[str], rule: str) -> None:
    if rule not in rules:
        rules.append(rule)
