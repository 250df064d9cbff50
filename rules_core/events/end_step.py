"""CR 603.7, 513.1, 603.2b, 701.21a: "at the beginning of the next end step, sacrifice it" — a delayed triggered
ability the damage spell creates as it resolves (an extension, ``event.delayed.when: "end_step"``).

The event resolves as usual, with what it triggered (the 603.7a stage says the ability was made). Then the
turn goes on to the end step: at its beginning the ability triggers (513.1, 603.2b, 603.7b), goes on the stack and
resolves. Its controller — the spell's — sacrifices the creature: moves it to its owner's graveyard
(701.21a). Sacrificing is not destroying, so indestructible (702.12b) and regeneration (701.19a, which
replaces destruction only) don't keep it; a replacement of the move to the graveyard ("exile it instead",
614.6) still applies. A creature that left the battlefield is a new object if it returns, and the ability
does nothing (603.7c, 400.7); one its controller no longer controls can't be sacrificed (701.21a). The
creature put into the graveyard dies, so its "dies" abilities trigger and resolve (700.4, 603.10a).
"""

from __future__ import annotations

from dataclasses import replace

from ..damage.deal import DamageOutcome, state_based_stages
from ..document.scenario import Scenario
from ..model._frozen import FrozenMap
from ..model.effects import Effect, ExileInstead, Regenerate
from ..model.ja import KEYWORD_JA
from ..model.state import GameState, Source
from ..model.trace import Change, Resolution, Stage, Step
from ..model.trigger_types import END_STEP, DelayedTrigger
from ..sba.multiplayer import game_goes_on
from ..sba.zones import create_tokens, to_graveyard, zone_rules
from .triggers import follow_up, scenario_delayed, turn_order


def resolve_end_step(scenario: Scenario, resolution: Resolution) -> Resolution:
    """The resolution of the event, followed by the end step's delayed sacrifice (one ``end_step`` step)."""
    made = scenario_delayed(scenario)
    if not made or made[0][0].when != END_STEP:
        return resolution
    delayed, made_with = made[0]
    source = made_with if delayed.controller is None else replace(made_with, controller=delayed.controller)
    state, effects = resolution.state, resolution.effects
    if state is None or effects is None:  # an illegal combat damage assignment: the board never got here
        return resolution
    if delayed.made_by is None and not any(s.stage == "603.7a" for st in resolution.steps for s in st.stages):
        return resolution  # countered or without a legal target, the spell never made it (603.7a)
    if not game_goes_on(state):  # CR 104.1: nothing more happens once the game is over
        return resolution
    name = delayed.name or f"{delayed.made_by or source.label}の遅延誘発型能力"
    notes = [
        "ターンは終了ステップに進みます。ステップが始まると、「～の開始時に」誘発する能力が誘発します。"
        "「次の終了ステップの開始時に」の能力もここで誘発します (513.1, 603.2b)。",
        f"{name}が誘発し、コントローラーの{state.label(source.controller)}がスタックに置きます。"
        "遅延誘発型能力は一度だけ誘発します (603.7b, 603.3)。",
    ]
    rules = ["513.1", "603.2b", "603.7b", "603.3"]
    if delayed.made_by is not None:
        notes.insert(
            0,
            f"{delayed.made_by}が解決したときに、遅延誘発型能力「次の終了ステップの開始時に、"
            f"{state.permanent(delayed.creature).label}を生け贄に捧げる」が作られていました (603.7a)。",
        )
        rules.insert(0, "603.7a")
    begin = Stage("513.1", tuple(rules), tuple(notes), extra=_ability(delayed, source))
    before = state
    sacrifice, state, tokens = _sacrifice(scenario, state, effects, delayed, source, name)
    zones = zone_rules(state, effects, scenario.choices.replacement_order)
    state, sba = state_based_stages(state, zones=zones)
    stages = (begin, sacrifice, *sba)
    if tokens is not None:
        state, made_tokens = create_tokens(state, tokens)
        if made_tokens:
            s = stages[1]
            stages = (
                begin,
                Stage(s.stage, s.rules, s.notes, (*s.changes, *made_tokens), s.events, s.extra),
                *sba,
            )
    step = Step("end_step", stages)
    if not state.features.triggers:
        return Resolution(legal=True, steps=(*resolution.steps, step), state=state, effects=effects)
    # CR 700.4, 603.10a: the sacrificed creature died; its abilities (and those watching) trigger
    outcome = DamageOutcome(state, effects, stages[1:], ())
    made_steps, after, effects = follow_up(
        before=before,
        outcome=outcome,
        step=step,
        choices=scenario.choices,
        turn_order=turn_order([p.id for p in scenario.players], scenario.active_player),
        combat=False,
        earlier=resolution.steps,
    )
    return Resolution(legal=True, steps=(*resolution.steps, *made_steps), state=after, effects=effects)


def _ability(delayed: DelayedTrigger, source: Source) -> FrozenMap[str, object]:
    return FrozenMap({"delayed": delayed.to_dict(), "source": source.key, "controller": source.controller})


def _sacrifice(
    scenario: Scenario,
    state: GameState,
    effects: tuple[Effect, ...],
    delayed: DelayedTrigger,
    source: Source,
    name: str,
) -> tuple[Stage, GameState, list[tuple[str, ExileInstead]] | None]:
    """CR 701.21a: the ability resolves; its controller sacrifices the creature if it still can."""
    creature = state.permanent(delayed.creature)
    head = f"スタックの一番上の{name}が解決します (608.2)。"
    if not creature.on_battlefield:
        note = (
            f"{creature.label}はもう戦場にないので、{name}は何もしません。戦場に戻ったとしても"
            "それは新しいオブジェクトで、この能力が指すものではありません (603.7c, 400.7)。"
        )
        return Stage("701.21a", ("608.2", "603.7c", "400.7"), (head, note)), state, None
    if creature.controller != source.controller:
        note = (
            f"{state.label(source.controller)}は{creature.label}をコントロールしていないので、生け贄に捧げられません。"
            "生け贄に捧げられるのは自分がコントロールするパーマネントだけです (701.21a)。"
        )
        return Stage("701.21a", ("608.2", "701.21a"), (head, note)), state, None
    notes = [
        head,
        f"{state.label(source.controller)}は{creature.sized()}を生け贄に捧げます。生け贄に捧げるとは、"
        "自分がコントロールするパーマネントを戦場からオーナーの墓地に直接置くことです (701.21a)。",
    ]
    rules = ["608.2", "701.21a"]
    shields = [
        why
        for why, has in (
            (KEYWORD_JA.get("indestructible", "破壊不能"), creature.has("indestructible")),
            ("再生", _can_regenerate(effects, creature.id)),
            ("盾カウンター", creature.shield_counters > 0),
        )
        if has
    ]
    if shields:
        cited = ("702.12b", "701.19a", "122.1c") if creature.shield_counters else ("702.12b", "701.19a")
        notes.append(
            f"{creature.label}には{'、'.join(shields)}がありますが、生け贄は破壊ではないので、"
            f"これらでは墓地に置かれるのを防げません (701.21a, {', '.join(cited)})。"
        )
        rules.extend(cited)
    zones = zone_rules(state, effects, scenario.choices.replacement_order)
    moved = to_graveyard(state, creature, "701.21a", zones=zones)
    notes.extend(moved.notes)
    for r in moved.rules:
        if r not in rules:
            rules.append(r)
    state = state.with_permanents({creature.id: moved.permanent})
    changes: tuple[Change, ...] = (moved.change,)
    return Stage("701.21a", tuple(rules), tuple(notes), changes), state, list(moved.tokens)


def _can_regenerate(effects: tuple[Effect, ...], creature: str) -> bool:
    return any(isinstance(e, Regenerate) and e.on == creature and not e.used for e in effects)


__all__ = ["resolve_end_step"]
