"""CR 120.4: the four-part damage sequence, then state-based actions (CR 704).

:func:`deal_damage` takes the damage of one event (every source, every
recipient, all simultaneous) and returns the new board with a stage per part:

- ``120.4a``: excess damage redirected, if the effect says so (CR 120.4a, 120.10);
- ``120.4b``: replacement and prevention effects (CR 614, 615, 616);
- ``120.4c``: damage turned into results, and replacement effects on the results;
- ``120.4d``: the event happens, all at once;
- ``615.5``: the additional effects of prevention effects, right afterwards (:mod:`rules_core.damage.additional`),
  with the 120.4a-d stages of any damage event they cause (marked ``"after": "615.5"``);
- ``704``: state-based actions, one stage per round that did something.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..document.scenario import Choices
from ..model._fast import fast_frozen
from ..model._frozen import FrozenMap, ScalarMap
from ..model.effects import LIFE_RULE_EFFECTS, Effect, ExileInstead, LifeCantChange
from ..model.hits import Hit
from ..model.state import GameState, Permanent, Source
from ..model.text import source_name, who
from ..model.trace import NO_EXTRA, Change, Stage
from ..sba.actions import check_state_based_actions
from ..sba.guard import DestructionGuard, needs_guard
from ..sba.multiplayer import depart, leavers
from ..sba.sieges import defeated_sieges
from ..sba.zones import ZoneRules, zone_rules
from .additional import carry_out
from .life import infect_damage_players, ordinary_loss_notes, spared_players
from .prevention import apply_damage_effects
from .redirection import Additional
from .results import SHIELD_REMOVED, Result, apply_results, damage_results

_NO_KINDS: frozenset[type] = frozenset()
"""The effect kinds looked at when the board has neither life rules nor destruction's replacements."""

MAX_LISTED = 12
"""Notes list at most this many damage items; the structured ``events`` always list them all."""


@fast_frozen
@dataclass(frozen=True, slots=True)
class DamageOutcome:
    """The board and effects after one damage event, and the stages that explain it."""

    state: GameState
    effects: tuple[Effect, ...]
    stages: tuple[Stage, ...]
    hits: tuple[Hit, ...]


def excess_damage(permanent: Permanent, amount: int, *, deathtouch: bool, other: int = 0) -> int:
    """CR 120.4a, 120.10: how much of ``amount`` is excess for ``permanent``.

    Creature: beyond lethal damage, counting damage already marked and ``other``
    damage dealt at the same time by other sources; with a deathtouch source any
    amount greater than 1 is excess. Planeswalker: beyond its loyalty; battle:
    beyond its defense. Several of these types: the greatest.

    >>> bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2)
    >>> excess_damage(bear, 5, deathtouch=False)
    3
    >>> excess_damage(bear, 5, deathtouch=True)
    4
    >>> pw_creature = Permanent(id="x", controller="B", types=("creature", "planeswalker"),
    ...                         power=1, toughness=4, loyalty=2)
    >>> excess_damage(pw_creature, 5, deathtouch=False)
    3
    """
    if amount <= 0:
        return 0
    found: list[int] = []
    if permanent.is_creature:
        lethal = max(0, permanent.current_toughness - permanent.damage - other)
        creature_excess = max(0, amount - lethal)
        if deathtouch:
            creature_excess = max(creature_excess, amount - 1)
        found.append(creature_excess)
    if permanent.is_planeswalker:
        found.append(max(0, amount - max(0, (permanent.loyalty or 0) - other)))
    if permanent.is_battle:
        found.append(max(0, amount - max(0, (permanent.defense or 0) - other)))
    return max(found, default=0)


def _describe(state: GameState, hits: list[Hit]) -> str:
    parts = [f"{source_name(state, h.source)}が{who(state, h.to)}に{h.amount}点" for h in hits[:MAX_LISTED]]
    if len(hits) > MAX_LISTED:
        parts.append(f"ほか{len(hits) - MAX_LISTED}件")
    return "［" + "、".join(parts) + "］"


def _redirect(
    state: GameState, hits: list[Hit], excess_to: str | None
) -> tuple[list[Hit], list[str], list[Change]]:
    """CR 120.4a: move excess damage to ``excess_to`` (a player or permanent id, or ``"controller"``)."""
    if excess_to is None:
        return hits, ["余剰のダメージを移し替える効果はありません。"], []
    notes: list[str] = []
    changes: list[Change] = []
    # Damage to each permanent from all sources, for "damage from other sources at the same time".
    total: dict[str, int] = {}
    for h in hits:
        total[h.to] = total.get(h.to, 0) + h.amount
    out = list(hits)
    for h in hits:
        if h.amount <= 0 or not state.is_permanent(h.to):
            continue
        permanent = state.permanent(h.to)
        excess = excess_damage(
            permanent, h.amount, deathtouch=h.source.has("deathtouch"), other=total[h.to] - h.amount
        )
        target = permanent.controller if excess_to == "controller" else excess_to
        if excess <= 0 or target == h.to:
            notes.append(f"{who(state, h.to)}への{h.amount}点に余剰のダメージはありません (120.4a)。")
            continue
        before = h.amount
        h.amount -= excess
        h.would_deal = h.amount
        existing = next((o for o in out if o.to == target and o.source.key == h.source.key), None)
        if existing is None:
            moved = Hit(h.source, target, excess, combat=h.combat)
            moved.redirected_from = h.to
            out.append(moved)
        else:
            existing.amount += excess
            existing.would_deal = existing.amount
        if h.source.has("deathtouch") and permanent.is_creature:
            why = "接死を持つ発生源からのダメージなので1点を超える分"
        else:
            why = "致死ダメージなどを超える分"
        notes.append(
            f"{who(state, h.to)}への{before}点のうち、{why}の{excess}点は余剰のダメージとして"
            f"代わりに{who(state, target)}に与えられます (120.4a)。"
        )
        changes.append(
            Change(
                h.to,
                "redirected",
                before,
                h.amount,
                "120.4a",
                ScalarMap.adopt({"source": h.source.key, "to": target, "excess": excess}),
            )
        )
    return out, notes, changes


def deal_damage(
    state: GameState,
    effects: tuple[Effect, ...],
    choices: Choices,
    damage: list[tuple[Source, str, int]],
    *,
    combat: bool,
    excess_to: str | None = None,
    cant_be_prevented: bool = False,
    cant_be_regenerated: bool = False,
    in_combat: frozenset[str] = frozenset(),
    blocking: frozenset[str] = frozenset(),
    keep_battles: frozenset[str] = frozenset(),
    exile_if_dies: bool = False,
) -> DamageOutcome:
    """Process one damage event (CR 120.4a-d) and the state-based actions after it (CR 704).

    ``damage`` lists (source, recipient id, amount) — all dealt simultaneously.
    ``keep_battles``: battles whose own triggered ability is on the stack (CR 704.5v).
    The function is pure: ``state`` and ``effects`` are not changed. The additional effects of
    prevention effects (CR 615.5) happen right after the event, before state-based actions.
    ``cant_be_regenerated``: a creature dealt damage by this event can't be regenerated this turn
    (CR 701.19c, Incinerate). ``in_combat``/``blocking``: the creatures in combat, the blocking ones
    (a creature regenerated by state-based actions is removed from combat, CR 506.4, 701.19a).
    """
    state, effects, stage_list, hits, extras, unregenerable = _process(
        state,
        effects,
        choices,
        damage,
        combat=combat,
        excess_to=excess_to,
        cant_be_prevented=cant_be_prevented,
        cant_be_regenerated=cant_be_regenerated,
    )
    stages = list(stage_list)
    changes: list[Change] = []
    if exile_if_dies:
        effects = _exile_if_dies(state, effects, damage, hits, stages)
    if extras:
        state, effects, more = carry_out(state, effects, choices, extras, _follow_up)
        stages.extend(more)
    for st in stages:  # what the event and its 615.5 events changed (a loop: no generator per event)
        if st.stage == "120.4d":
            changes.extend(st.changes)
    return _after_event(
        state,
        effects,
        choices,
        stages,
        hits,
        cant_be_regenerated=cant_be_regenerated,
        unregenerable=unregenerable,
        in_combat=in_combat,
        blocking=blocking,
        keep_battles=keep_battles,
        changes=tuple(changes),
    )


def _exile_if_dies(
    state: GameState,
    effects: tuple[Effect, ...],
    damage: list[tuple[Source, str, int]],
    hits: tuple[Hit, ...],
    stages: list[Stage],
) -> tuple[Effect, ...]:
    """§ 16.1 (Anger of the Gods): "If a creature dealt damage this way would die this turn, exile it instead" —
    an ``exile_instead`` effect on the creatures dealt damage (614.6), kept in the effects for the rest of the turn."""
    dealt = tuple(
        dict.fromkeys(
            h.to
            for h in hits
            if h.amount > 0 and state.is_permanent(h.to) and state.permanent(h.to).is_creature
        )
    )
    if not dealt or not damage:
        return effects
    source = damage[0][0]
    effect = ExileInstead(controller=source.controller, creatures=True, on=dealt, name=source.name)
    at = next((i for i, s in enumerate(stages) if s.stage == "120.4d"), -1)
    if at >= 0:
        s = stages[at]
        names = "、".join(who(state, pid) for pid in dealt)
        note = f"{names}はこのダメージを受けたので、このターン死亡するなら、代わりに追放されます (614.1a, 614.6)。"
        stages[at] = Stage(s.stage, (*s.rules, "614.6"), (*s.notes, note), s.changes, s.events, s.extra)
    return (*effects, effect)


def _follow_up(
    state: GameState, effects: tuple[Effect, ...], choices: Choices, damage: list[tuple[Source, str, int]]
) -> tuple[GameState, tuple[Effect, ...], tuple[Stage, ...], Sequence[Additional]]:
    """CR 615.5: a damage event caused by an additional effect (120.4a-d, no state-based actions yet)."""
    state, effects, stages, _hits, extras, _unregenerable = _process(
        state, effects, choices, damage, combat=False
    )
    return state, effects, stages, extras


def _process(
    state: GameState,
    effects: tuple[Effect, ...],
    choices: Choices,
    damage: list[tuple[Source, str, int]],
    *,
    combat: bool,
    excess_to: str | None = None,
    cant_be_prevented: bool = False,
    cant_be_regenerated: bool = False,
) -> tuple[
    GameState, tuple[Effect, ...], tuple[Stage, ...], tuple[Hit, ...], Sequence[Additional], list[str]
]:
    """CR 120.4a-d for one damage event: the new board and effects, the stages, the damage dealt,
    what prevention effects with additional effects prevented (CR 615.5) and the creatures that can't
    be regenerated this turn because this event dealt them damage (CR 701.19c)."""
    hits = [Hit(source, to, amount, combat=combat) for source, to, amount in damage]
    stages: list[Stage] = []

    # 120.4a
    start = _describe(state, hits)
    hits, notes_a, changes_a = _redirect(state, hits, excess_to)
    notes_a.insert(0, f"ダメージのイベントは{start}から始まります。")
    rules_a: tuple[str, ...] = ("120.4a",)
    for h in hits:
        if h.amount == 0:
            notes_a.append(
                f"{source_name(state, h.source)}から{who(state, h.to)}へのダメージは0点なので、"
                "ダメージは与えられません (120.8)。"
            )
            rules_a = ("120.4a", "120.8")
    stages.append(
        Stage(
            "120.4a",
            rules_a,
            tuple(notes_a),
            tuple(changes_a),
            tuple([h.event(detailed=False) for h in hits]),
        )
    )

    # 120.4b
    outcome = apply_damage_effects(state, effects, choices, hits, cant_be_prevented=cant_be_prevented)
    notes_b = outcome.notes
    if not notes_b:
        notes_b.append("ダメージを置換・軽減する効果はありません。")
    dealt = [h for h in hits if h.amount > 0]
    if dealt:
        notes_b.append(f"与えられるダメージ：{_describe(state, dealt)}。")
    else:
        notes_b.append("与えられるダメージはありません。")
    stages.append(
        Stage(
            "120.4b",
            ("120.4b", *outcome.rules),
            tuple(notes_b),
            tuple(outcome.changes),
            tuple([h.event(detailed=True) for h in hits]),
            orders=FrozenMap(outcome.orders) if outcome.orders else NO_EXTRA,
        )
    )
    effects = outcome.effects

    # 120.4c
    kinds = {type(e) for e in effects} if state.features.life_rules else _NO_KINDS
    life_rules = not kinds.isdisjoint(LIFE_RULE_EFFECTS)
    res = damage_results(
        state,
        effects,
        choices,
        hits,
        outcome.gains,
        as_infect=infect_damage_players(state, effects) if life_rules else frozenset(),
        life_rules=LifeCantChange in kinds,
    )
    if life_rules:
        res.notes.extend(ordinary_loss_notes(state, effects, (h.to for h in hits if h.amount > 0)))
    stages.append(
        Stage("120.4c", tuple(res.rules), tuple(res.notes), (), tuple([r.event() for r in res.results]))
    )

    # 120.4d
    applied = res.results
    if outcome.shield_removed:
        applied = [*applied, *(Result(SHIELD_REMOVED, pid, 1, "122.1c") for pid in outcome.shield_removed)]
    event = apply_results(state, applied, res.deathtouched)
    notes_d = ["ダメージのイベントが発生し、すべての結果が同時に起こります (120.4d)。", *event.notes]
    rules_d = ["120.4d"]
    if not event.changes:
        notes_d.append("盤面は何も変わりません。")
    newly_lethal = False  # a creature that now has lethal damage and had not before (a loop, no generators)
    for c in event.changes:
        if c.attribute == "damage":
            p = event.state.permanent(c.object)
            if p.is_creature and 0 < p.current_toughness <= p.damage:
                before = state.permanent(c.object)
                if before.damage < before.current_toughness:
                    newly_lethal = True
                    break
    if newly_lethal:
        notes_d.append(
            "ダメージそのものはクリーチャーを破壊しません。致死ダメージを負ったクリーチャーを破壊するのは"
            "状況起因処理です (120.5)。"
        )
        rules_d.append("120.5")
    unregenerable: list[str] = []
    if cant_be_regenerated:
        unregenerable = list(
            dict.fromkeys(
                h.to
                for h in hits
                if h.amount > 0 and state.is_permanent(h.to) and state.permanent(h.to).is_creature
            )
        )
        for pid in unregenerable:
            notes_d.append(
                f"{who(state, pid)}はこのダメージを受けたので、このターン再生できません (701.19c)。"
            )
        if unregenerable:
            rules_d.append("701.19c")
    stages.append(Stage("120.4d", tuple(rules_d), tuple(notes_d), tuple(event.changes)))
    return event.state, effects, tuple(stages), tuple(hits), outcome.extras, unregenerable


def _after_event(
    state: GameState,
    effects: tuple[Effect, ...],
    choices: Choices,
    stages: list[Stage],
    hits: tuple[Hit, ...],
    *,
    cant_be_regenerated: bool,
    unregenerable: list[str],
    in_combat: frozenset[str],
    blocking: frozenset[str],
    keep_battles: frozenset[str],
    changes: tuple[Change, ...],
) -> DamageOutcome:
    """CR 704: state-based actions after the event (and after its additional effects, CR 615.5)."""
    features = state.features
    kinds = {type(e) for e in effects} if features.life_rules or features.destruction else _NO_KINDS
    life_rules = not kinds.isdisjoint(LIFE_RULE_EFFECTS)
    guard = None
    if (cant_be_regenerated or features.destruction) and needs_guard(
        state, kinds, cant_be_regenerated=cant_be_regenerated
    ):
        guard = DestructionGuard(effects, choices.replacement_order, in_combat=in_combat, blocking=blocking)
        guard.forbid_regeneration(unregenerable)
    spared = spared_players(state, effects) if life_rules else None
    # a Siege whose last defense counter was just removed has its ability waiting (310.11b, 704.5v)
    keep = keep_battles | defeated_sieges(state, changes) if changes and features.sieges else keep_battles
    zones = zone_rules(state, effects, choices.replacement_order) if features.exile_instead else None
    state, sba = state_based_stages(state, guard, spared, keep_battles=keep, zones=zones)
    stages.extend(sba)
    if guard is not None:
        effects = guard.effects()
    return DamageOutcome(state, effects, tuple(stages), tuple(hits))


def state_based_stages(
    state: GameState,
    guard: DestructionGuard | None = None,
    spared: Mapping[str, str] | None = None,
    *,
    keep_battles: frozenset[str] = frozenset(),
    zones: ZoneRules | None = None,
) -> tuple[GameState, list[Stage]]:
    """CR 704.3: check state-based actions until none applies; one ``704`` stage per round that did
    something, or one ``"round": 0`` stage when nothing did. ``guard`` replaces destructions
    (regeneration, shield counters), ``spared`` players don't lose for 0 or less life, ``keep_battles``
    as in :func:`~rules_core.sba.actions.check_state_based_actions`; players who lost leave a multiplayer game
    (CR 800.4a) and the checks go on."""
    stages: list[Stage] = []
    state, rounds, remarks = check_state_based_actions(
        state, guard, spared, keep_battles=keep_battles, zones=zones
    )
    leaving = leavers(state) if rounds and state.features.departures else []
    if not rounds:
        stages.append(
            Stage(
                "704",
                ("704.3",),
                ("状況起因処理で起きることはありません (704.3)。", *remarks),
                extra=ScalarMap.adopt({"round": 0}),
            )
        )
    last = len(rounds) - 1
    for i, rnd in enumerate(rounds):
        notes = list(rnd.notes)
        if i == 0:
            notes.extend(remarks)
        if i > 0:
            notes.insert(0, "状況起因処理が行われたので、もう一度チェックします (704.3)。")
        if i == last:  # the last round says so itself (one stage made per round, none made twice)
            notes.append("これ以上行われる状況起因処理はありません (704.3)。")
        stages.append(
            Stage("704", rnd.rules, tuple(notes), rnd.changes, extra=ScalarMap.adopt({"round": rnd.number}))
        )
    if leaving:  # CR 800.4a: they leave at once; then state-based actions are checked again
        state, departure = depart(state, leaving)
        more_state, more = state_based_stages(state, guard, spared, keep_battles=keep_battles, zones=zones)
        if more[0].extra.get("round") == 0:
            more = []
        return more_state, [*stages, departure, *more]
    return state, stages
