"""CR 603, 117.5, 120.4b: triggered abilities — when they trigger, how they go on the stack, how they resolve.

After a damage event (a non-combat event, or one combat damage step) :func:`follow_up`

1. finds every triggered ability the event triggered, each where it triggers: damage dealt and
   damage prevented at ``120.4b`` (CR 120.4b, 615.13; 120.9: each sees only its own source's damage;
   120.8: 0 damage triggers nothing), excess damage at ``120.4b`` (CR 120.10), life gained at
   ``120.4d`` after the 120.4c replacements (CR 119.9: 0 life gained is no life gain event), a Siege's
   last defense counter at ``120.4d`` (CR 310.11b), "dies" in the ``704`` round that put the creature
   into the graveyard, looking back in time (CR 603.10a);
2. puts them on the stack in APNAP order (CR 603.3b) in a ``603.3b`` stage: the active player's
   first, so the last player's in turn order resolve first;
3. resolves them one at a time, each as a ``trigger`` step with its own stages (a damage effect goes
   through 120.4a-d like any damage, CR 120.4), then state-based actions (CR 704.3); abilities that
   trigger meanwhile go on the stack above the rest before the next one resolves (CR 117.5).

At most :data:`MAX_RESOLUTIONS` abilities resolve, so that loops end; the rest are reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ..damage.deal import DamageOutcome, deal_damage, state_based_stages
from ..damage.results import (
    LIFE_GAIN,
    LIFE_LOSS,
    MINUS_COUNTERS,
    Result,
    _replace_results,
    apply_results,
    life_cant_change_results,
)
from ..document.scenario import Choices, CombatEvent, NoncombatEvent, Scenario
from ..model import trigger_types as tt
from ..model._frozen import FrozenMap
from ..model.effects import CounterMultiplier, Effect, NoCounters, effect_label
from ..model.ja import SIEGE_ABILITY_JA, TRIGGER_WHEN_JA, WATCHED_WHEN_JA
from ..model.state import GameState, Permanent, Source, evolve
from ..model.targets import ward_triggers, why_untargetable
from ..model.trace import Change, Resolution, Stage, Step
from ..sba.multiplayer import game_goes_on
from ..sba.sieges import defeated_sieges
from ..sba.zones import zone_rules

MAX_RESOLUTIONS: Final = 200
"""At most this many triggered abilities resolve after one event; a loop stops here (noted)."""

_ZONE_STAGES: Final = ("704", "between_steps", "701.21a")
_COUNTER_STAGES: Final = ("120.4d", "615.5", "704")
"""Stages where counters can come off: damage to a planeswalker (120.3c), a prevention's additional effect
(615.5), 704.5q's annihilation."""
_REMOVED: Final = {"counters.+1/+1": "+1/+1", "loyalty": "loyalty"}
"""Stages whose ``zone`` changes can be a creature dying."""

_NO_MORE_SBA: Final = "これ以上行われる状況起因処理はありません (704.3)。"

SIEGE_INDEX: Final = -1
"""``Pending.index`` of a Siege's intrinsic ability (CR 310.11b)."""


def reacts(state: GameState) -> bool:
    """Whether anything on the board can trigger: a permanent with triggers, or a Siege (CR 310.11b).

    Worked out once with the board (:class:`~rules_core.model.features.Features`), so that boards without
    triggers pay nothing more.
    """
    return state.features.triggers


def trigger_label(source: Permanent, index: int) -> str:
    """How notes name ``source``'s triggered ability ``index`` (:data:`SIEGE_INDEX`: a Siege's own)."""
    if index == SIEGE_INDEX:
        return f"{source.label}の誘発型能力（{SIEGE_ABILITY_JA}）"
    trigger = source.triggers[index]
    if trigger.name:
        return trigger.name
    if trigger.when == "counters_removed":
        what = "忠誠" if trigger.counter == "loyalty" else "+1/+1"
        return f"{source.label}の誘発型能力（{what}カウンターが取り除かれるたび）"
    if trigger.watch != tt.SELF and trigger.when in WATCHED_WHEN_JA:
        return f"{source.label}の誘発型能力（{WATCHED_WHEN_JA[trigger.when]}）"
    return f"{source.label}の誘発型能力（{TRIGGER_WHEN_JA[trigger.when]}）"


@dataclass(frozen=True, slots=True)
class Pending:
    """A triggered ability that has triggered: waiting to be put on the stack, or on it (CR 603.3)."""

    id: str
    source: Permanent
    """Its source as it was when the ability triggered (last known information, CR 603.10, 702.2e)."""
    index: int
    """Which of ``source.triggers``; :data:`SIEGE_INDEX` for a Siege's own ability."""
    controller: str
    """CR 603.3a: the player who controlled its source when it triggered."""
    amount: int
    """What it saw: the damage, life or excess of its trigger event (``"that_much"``)."""
    rule: str
    about: str | None = None
    """The creature it watched, for a trigger that watches others (§ 16.4: ``its_controller``)."""

    @property
    def trigger(self) -> tt.Trigger | None:
        return None if self.index == SIEGE_INDEX else self.source.triggers[self.index]

    @property
    def label(self) -> str:
        return trigger_label(self.source, self.index)

    def event(self) -> FrozenMap[str, Any]:
        trigger = self.trigger
        return FrozenMap(
            {
                "id": self.id,
                "source": self.source.id,
                "when": "siege_defeated" if trigger is None else trigger.when,
                "controller": self.controller,
                "amount": self.amount,
                "rule": self.rule,
            }
        )


@dataclass(slots=True)
class _Context:
    choices: Choices
    turn_order: tuple[str, ...]
    reactive: tuple[str, ...]
    """Ids of the permanents with triggers (they never gain or lose them during a resolution)."""
    combat: bool
    count: int = 0
    stack: list[Pending] = field(default_factory=list)
    """Top last."""
    countered: set[str] = field(default_factory=set)
    """Ids of the abilities countered so far (``choices.countered_triggers``, CR 701.6a)."""
    death_watchers: tuple[str, ...] = ()
    """§ 16.4: ids of the permanents with a "dies" ability that watches other creatures (worked out once)."""
    counter_watchers: frozenset[str] = frozenset()
    """§ 16.3: ids of the permanents with a ``counters_removed`` ability (worked out once)."""
    delayed: list[tuple[tt.DelayedTrigger, Source]] = field(default_factory=list)
    """Delayed triggered abilities that have not triggered yet, with the spell or ability that made them
    (CR 603.7a); each triggers once (603.7b)."""

    def next_id(self) -> str:
        self.count += 1
        return f"t{self.count}"


# --------------------------------------------------------------------------- what triggers


def _damage_kind_ok(trigger: tt.Trigger, combat: bool) -> bool:
    return trigger.damage == "any" or (trigger.damage == "combat") == combat


def _watches(state: GameState, watcher: Permanent, watch: str, affected: str) -> bool:
    """Whether damage to ``affected`` is what ``watch`` looks at (``trigger_types.WATCH``)."""
    if watch == "any":
        return True
    if watch == tt.SELF:
        return affected == watcher.id
    owner = affected if state.is_player(affected) else state.permanent(affected).controller
    if watch == "you":
        return owner == watcher.controller
    return owner != watcher.controller


def excess_dealt(permanent: Permanent, total: int) -> int:
    """CR 120.10: the excess damage ``total`` damage dealt at once is, for ``permanent`` as it was before.

    >>> bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2, damage=1)
    >>> excess_dealt(bear, 3)
    2
    """
    found = [0]
    if permanent.is_creature:
        found.append(total - permanent.lethal_damage())
    if permanent.is_planeswalker:
        found.append(total - (permanent.loyalty or 0))
    if permanent.is_battle:
        found.append(total - (permanent.defense or 0))
    return max(found)


@dataclass(slots=True)
class _Found:
    """Abilities that triggered, and the note and event each stage gets."""

    pending: list[Pending] = field(default_factory=list)
    by_stage: dict[int, list[tuple[str, Pending, str]]] = field(default_factory=dict)
    unmet: list[str] = field(default_factory=list)
    """CR 603.2g: abilities of the damage's source or recipient that did not trigger, because all the
    damage they watch for was prevented (noted at ``120.4b``, where it was)."""

    def add(
        self,
        ctx: _Context,
        stage: int,
        source: Permanent,
        index: int,
        amount: int,
        rule: str,
        why: str,
        about: str | None = None,
    ) -> None:
        p = Pending(ctx.next_id(), source, index, source.controller, amount, rule, about)
        self.pending.append(p)
        self.by_stage.setdefault(stage, []).append((why, p, rule))


def _stage_index(stages: Sequence[Stage], name: str) -> int:
    for i, s in enumerate(stages):
        if s.stage == name:
            return i
    return -1


def _find_damage_triggers(
    ctx: _Context, before: GameState, outcome: DamageOutcome, stages: Sequence[Stage], found: _Found
) -> None:
    """CR 120.4b, 120.8, 120.9, 120.10, 615.13: abilities that trigger on the damage dealt (or prevented)."""
    at_b = _stage_index(stages, "120.4b")
    dealt_by: dict[str, list[tuple[str, int, bool]]] = {}
    dealt_to: dict[str, list[tuple[int, bool]]] = {}
    for h in outcome.hits:
        if h.amount > 0:
            if h.source.id is not None:
                dealt_by.setdefault(h.source.id, []).append((h.to, h.amount, h.combat))
            dealt_to.setdefault(h.to, []).append((h.amount, h.combat))
    prevented: dict[tuple[str, object], int] = {}
    if at_b >= 0:
        for c in stages[at_b].changes:
            if c.attribute == "prevented":
                key = (c.object, c.extra.get("effect", "protection"))
                prevented[key] = prevented.get(key, 0) + c.before - c.after
    for pid in ctx.reactive:
        watcher = before.permanent(pid)
        if not watcher.on_battlefield:
            continue
        for index, trigger in enumerate(watcher.triggers):
            when = trigger.when
            if when == "deals_damage":
                items = [
                    (to, n) for to, n, combat in dealt_by.get(pid, ()) if _damage_kind_ok(trigger, combat)
                ]
                if trigger.recipient == "any":
                    total = sum(n for _to, n in items)
                    if total:
                        found.add(
                            ctx,
                            at_b,
                            watcher,
                            index,
                            total,
                            "120.4b",
                            f"{watcher.label}が合計{total}点のダメージを与えた",
                        )
                    else:
                        _note_prevented_away(before, outcome, watcher, index, found, by_source=True)
                    continue
                _note_prevented_away(before, outcome, watcher, index, found, by_source=True)
                for to, n in items:
                    if _recipient_watched(before, trigger, to):
                        found.add(
                            ctx,
                            at_b,
                            watcher,
                            index,
                            n,
                            "120.4b",
                            f"{watcher.label}が{before.label(to)}に{n}点のダメージを与えた",
                        )
            elif when == "dealt_damage" and trigger.watch != tt.SELF:
                # § 16.4 (603.2c): once for each watched creature dealt damage, with what it was dealt
                for to, received in dealt_to.items():
                    if before.is_player(to) or not before.permanent(to).is_creature:
                        continue
                    if not _watches(before, watcher, trigger.watch, to):
                        continue
                    total = sum(n for n, combat in received if _damage_kind_ok(trigger, combat))
                    if total:
                        found.add(
                            ctx,
                            at_b,
                            watcher,
                            index,
                            total,
                            "120.4b",
                            f"{before.who(to)}に合計{total}点のダメージが与えられた",
                            to,
                        )
            elif when == "dealt_damage":
                total = sum(n for n, combat in dealt_to.get(pid, ()) if _damage_kind_ok(trigger, combat))
                if total:
                    found.add(
                        ctx,
                        at_b,
                        watcher,
                        index,
                        total,
                        "120.4b",
                        f"{watcher.label}に合計{total}点のダメージが与えられた",
                    )
                else:
                    _note_prevented_away(before, outcome, watcher, index, found, by_source=False)
            elif when == "excess_damage":
                for to, received in dealt_to.items():
                    if before.is_player(to) or not _watches(before, watcher, trigger.watch, to):
                        continue
                    total = sum(n for n, combat in received if _damage_kind_ok(trigger, combat))
                    excess = excess_dealt(before.permanent(to), total) if total else 0
                    if excess > 0:
                        found.add(
                            ctx,
                            at_b,
                            watcher,
                            index,
                            excess,
                            "120.10",
                            f"{before.who(to)}に{total}点が与えられ、うち{excess}点が余剰のダメージだった",
                        )
            elif when == "damage_prevented":
                for (to, _effect), n in prevented.items():
                    if n > 0 and _watches(before, watcher, trigger.watch, to):
                        found.add(
                            ctx,
                            at_b,
                            watcher,
                            index,
                            n,
                            "615.13",
                            f"{before.label(to)}へのダメージが{n}点軽減された",
                        )


def _note_prevented_away(
    before: GameState,
    outcome: DamageOutcome,
    watcher: Permanent,
    index: int,
    found: _Found,
    *,
    by_source: bool,
) -> None:
    """CR 603.2g, 120.8: an ability that triggers on damage ``watcher`` deals (``by_source``) or is dealt does
    not trigger on damage that was prevented to 0. Called only where the ability did not trigger; one note
    for the ability, or one per recipient for "deals damage to a player / creature"."""
    trigger = watcher.triggers[index]
    prevented = [
        h
        for h in outcome.hits
        if (h.source.id == watcher.id if by_source else h.to == watcher.id)
        and h.amount == 0
        and h.prevented > 0
        and _damage_kind_ok(trigger, h.combat)
    ]
    if not by_source or trigger.recipient == "any":
        damage = f"{watcher.label}が与えるダメージ" if by_source else f"{watcher.label}へのダメージ"
        recipients = [damage] if prevented else []
    else:
        recipients = [
            f"{watcher.label}から{before.label(h.to)}へのダメージ"
            for h in prevented
            if _recipient_watched(before, trigger, h.to)
        ]
    label = trigger_label(watcher, index)
    found.unmet += [f"{what}はすべて軽減されたので、{label}は誘発しません (603.2g)。" for what in recipients]


def _recipient_watched(before: GameState, trigger: tt.Trigger, to: str) -> bool:
    """Whether "deals damage to a player" (or "to a creature") watches damage dealt to ``to``."""
    is_player = before.is_player(to)
    return (trigger.recipient == "player") == is_player and (is_player or before.permanent(to).is_creature)


def _find_life_and_siege_triggers(
    ctx: _Context,
    before: GameState,
    stages: Sequence[Stage],
    life_events: Sequence[tuple[str, int, str | None]],
    at: int,
    changes: Sequence[Change],
    found: _Found,
) -> list[str]:
    """CR 119.9: "whenever you gain life" per life gain event (after its 120.4c replacements; 0 life is no
    event); CR 310.11b: a Siege whose last defense counter was removed. Returns notes for 0-life events."""
    remarks: list[str] = []
    for player, amount, _source in life_events:
        watchers = [
            (before.permanent(pid), i)
            for pid in ctx.reactive
            if before.permanent(pid).on_battlefield and before.permanent(pid).controller == player
            for i, t in enumerate(before.permanent(pid).triggers)
            if t.when == "gain_life"
        ]
        if not watchers:
            continue
        if amount <= 0:
            remarks.append(
                f"{before.label(player)}が得るライフは0点なので、ライフを得るイベントは起こらず、"
                "「ライフを得るたび」の能力は誘発しません (119.9)。"
            )
            continue
        for watcher, i in watchers:
            found.add(
                ctx, at, watcher, i, amount, "119.9", f"{before.label(player)}が{amount}点のライフを得た"
            )
    for bid in sorted(defeated_sieges(before, changes)):
        battle = before.permanent(bid)
        found.add(
            ctx, at, battle, SIEGE_INDEX, 0, "310.11b", f"{battle.label}の最後の守備カウンターが取り除かれた"
        )
    return remarks


def _find_dies(ctx: _Context, stages: Sequence[Stage], after: GameState, first: int, found: _Found) -> None:
    """CR 603.10a, 700.4: "when ~ dies" — a creature put into a graveyard from the battlefield by a
    ``704`` round (or destroyed between the combat damage steps); the game looks back in time, so the
    ability is the one it had on the battlefield."""
    for i in range(first, len(stages)):
        s = stages[i]
        if s.stage not in _ZONE_STAGES:
            continue
        died = [
            after.permanent(c.object)
            for c in s.changes
            if c.attribute == "zone"
            and c.before == "battlefield"
            and c.after == "graveyard"
            and after.is_permanent(c.object)
            and after.permanent(c.object).is_creature
        ]
        if not died:
            continue
        for gone in died:
            for index, t in enumerate(gone.triggers):
                if t.when == "dies" and t.watch == tt.SELF:
                    found.add(ctx, i, gone, index, 0, "603.10a", f"{gone.sized()}が死亡した")
            if ctx.delayed:
                _delayed_dies(ctx, i, gone, after, found)
        if not ctx.death_watchers:
            continue
        left_here = {p.id for p in died}
        # § 16.4: "whenever a creature dies" on a permanent that watches others: a watcher still on the
        # battlefield, or one that died in this same event (leaves-the-battlefield abilities look back, 603.10a)
        for pid in ctx.death_watchers:
            watcher = after.permanent(pid)
            if not (watcher.on_battlefield or pid in left_here):
                continue
            for index, t in enumerate(watcher.triggers):
                if t.when != "dies" or t.watch == tt.SELF:
                    continue
                for gone in died:
                    if _watches(after, watcher, t.watch, gone.id):
                        found.add(ctx, i, watcher, index, 0, "603.10a", f"{gone.sized()}が死亡した", gone.id)


def _find_counter_removals(ctx: _Context, stages: Sequence[Stage], after: GameState, found: _Found) -> None:
    """§ 16.3: "whenever one or more +1/+1 (or loyalty) counters are removed from ~": once per event that removed
    some (damage to a planeswalker, 120.3c; a prevention's additional effect, 615.5; 704.5q's annihilation), or
    once per counter with ``each_counter``
    (CR 603.2c: one event with several occurrences). It is not a leaves-the-battlefield ability: the permanent
    was on the battlefield as the counters came off (its last known information is used)."""
    if not ctx.counter_watchers:
        return
    for i, s in enumerate(stages):
        if s.stage not in _COUNTER_STAGES:
            continue
        for c in s.changes:
            kind = _REMOVED.get(c.attribute)
            if kind is None or c.object not in ctx.counter_watchers or not c.after < c.before:
                continue
            removed = c.before - c.after
            watcher = after.permanent(c.object)
            for index, t in enumerate(watcher.triggers):
                if t.when != "counters_removed" or t.counter != kind:
                    continue
                what = "忠誠" if kind == "loyalty" else kind
                why = f"{watcher.label}から{what}カウンターが{removed}個取り除かれた"
                for _ in range(
                    min(removed, MAX_RESOLUTIONS + 1) if t.each_counter else 1
                ):  # bounded: 200 resolve
                    found.add(ctx, i, watcher, index, removed if not t.each_counter else 1, "603.2c", why)


def _delayed_dies(ctx: _Context, stage: int, gone: Permanent, after: GameState, found: _Found) -> None:
    """CR 603.7a-b, 603.10a: a delayed "when that creature dies this turn" triggers, once."""
    for item in list(ctx.delayed):
        delayed, source = item
        if delayed.creature != gone.id:
            continue
        ctx.delayed.remove(item)
        found.add(
            ctx,
            stage,
            delayed_source(delayed, source, gone, after),
            0,
            0,
            "603.7b",
            f"{gone.sized()}が死亡した",
        )


def delayed_source(
    delayed: tt.DelayedTrigger, source: Source, gone: Permanent, state: GameState
) -> Permanent:
    """The delayed ability's source as a permanent-like object carrying it: the spell (CR 603.7d) or the
    permanent whose ability made it (603.7e). It deals its damage to the creature's controller as the
    creature last existed on the battlefield (608.2h)."""
    name = delayed.name or f"{source.label}の遅延誘発型能力"
    trigger = tt.Trigger("dies", tt.TriggerEffect("damage", delayed.amount, to=gone.controller), name=name)
    if source.id is not None and state.is_permanent(source.id):
        return evolve(state.permanent(source.id), triggers=(trigger,))
    ident = source.key if not state.is_permanent(source.key) else f"{source.key}#spell"
    return Permanent(
        id=ident,
        controller=source.controller,
        types=source.types or ("instant",),
        name=source.name,
        colors=source.colors,
        keywords=source.keywords,
        zone="graveyard",
        triggers=(trigger,),
    )


def _annotate(stages: list[Stage], found: _Found) -> None:
    for i, items in found.by_stage.items():
        if i < 0:
            continue
        s = stages[i]
        notes = list(s.notes)
        # A 704 stage's closing sentence stays last.
        closing = [notes.pop()] if notes and notes[-1] == _NO_MORE_SBA else []
        rules = list(s.rules)
        for why, p, rule in items:
            notes.append(
                f"{why}ので、{p.label}が誘発します。スタックに置かれるのを待ちます ({rule}, 603.2)。"
            )
            for r in (rule, "603.2"):
                if r not in rules:
                    rules.append(r)
        notes.extend(closing)
        previous = s.extra.get("triggered", ())
        extra = {**s.extra.to_dict(), "triggered": (*previous, *(p.event() for _w, p, _r in items))}
        stages[i] = Stage(s.stage, tuple(rules), tuple(notes), s.changes, s.events, FrozenMap(extra))


def _append_notes(stages: list[Stage], index: int, notes: Sequence[str], rule: str) -> None:
    if not notes or index < 0:
        return
    s = stages[index]
    rules = s.rules if rule in s.rules else (*s.rules, rule)
    stages[index] = Stage(s.stage, rules, (*s.notes, *notes), s.changes, s.events, s.extra)


def _triggers_of_damage(
    ctx: _Context, before: GameState, outcome: DamageOutcome, stages: list[Stage]
) -> list[Pending]:
    """Every ability one damage event triggered, in the order they triggered; ``stages`` are annotated."""
    found = _Found()
    _find_damage_triggers(ctx, before, outcome, stages, found)
    at_c = _stage_index(stages, "120.4c")
    at_d = _stage_index(stages, "120.4d")
    life: list[tuple[str, int, str | None]] = []
    if at_c >= 0:
        for e in stages[at_c].events:
            if e.get("result") == LIFE_GAIN:
                life.append((e["object"], e["amount"], e.get("source")))
    changes = stages[at_d].changes if at_d >= 0 else ()
    remarks = _find_life_and_siege_triggers(ctx, before, stages, life, at_d, changes, found)
    _find_dies(ctx, stages, outcome.state, at_d + 1, found)
    _find_counter_removals(ctx, stages, outcome.state, found)
    _append_notes(stages, _stage_index(stages, "120.4b"), found.unmet, "603.2g")
    _annotate(stages, found)
    _append_notes(stages, at_d, remarks, "119.9")
    if any(
        p.index == SIEGE_INDEX for p in found.pending
    ):  # the 704 check that kept it (its remark cites 704.5v)
        first = _stage_index(stages, "704")
        if first >= 0 and "704.5v" not in stages[first].rules:
            s = stages[first]
            stages[first] = Stage(s.stage, (*s.rules, "704.5v"), s.notes, s.changes, s.events, s.extra)
    return found.pending


# --------------------------------------------------------------------------- the stack


def _put_on_stack(ctx: _Context, state: GameState, new: Sequence[Pending]) -> Stage:
    """CR 603.3b: each player in APNAP order puts the abilities they control on the stack; within one
    player's, the default order makes them resolve in the order they triggered (the player may choose)."""
    # CR 800.4d: an ability that a player who left would control is not put on the stack
    dropped = [x for x in new if state.player(x.controller).left]
    new = [x for x in new if x not in dropped]
    players = [p for p in ctx.turn_order if any(x.controller == p for x in new)]
    for player in players:
        for p in reversed([x for x in new if x.controller == player]):
            ctx.stack.append(p)
    rules = ["603.3", "117.5"]
    notes = [
        "誘発した能力は、次にプレイヤーが優先権を得る前に、そのコントローラーがスタックに置きます (117.5, 603.3)。"
    ]
    if ctx.combat:
        rules.append("510.3a")
        notes.append(
            "戦闘ダメージで誘発した能力も、アクティブ・プレイヤーが優先権を得る前にスタックに置かれます (510.3a)。"
        )
    if len(players) > 1:
        rules.append("603.3b")
        order = "→".join(state.label(p) for p in players)
        notes.append(
            f"複数のプレイヤーの能力が誘発したので、APNAP順（{order}）にスタックに置きます。"
            "後から置かれた能力ほど先に解決されるので、アクティブ・プレイヤーでないプレイヤーの能力が先に解決されます (603.3b)。"
        )
    elif len(new) > 1:
        rules.append("603.3b")
        notes.append(
            f"{state.label(players[0])}は自分の能力を好きな順番でスタックに置けます。既定では誘発した順に解決されます (603.3b)。"
        )
    if dropped:
        rules.append("800.4d")
        names = "、".join(x.label for x in dropped)
        notes.append(f"{names}のコントローラーはゲームから除外されたので、スタックに置かれません (800.4d)。")
    top_first = list(reversed(ctx.stack))
    listed = "、".join(f"{i + 1}. {p.label}" for i, p in enumerate(top_first))
    notes.append(f"スタック（上から）：{listed}。")
    return Stage(
        "603.3b", tuple(rules), tuple(notes), extra=FrozenMap({"stack": tuple(p.id for p in top_first)})
    )


def _keep(ctx: _Context) -> frozenset[str]:
    """CR 704.5v: battles that are the source of an ability on the stack."""
    return frozenset(p.source.id for p in ctx.stack if p.index == SIEGE_INDEX)


def follow_up(
    *,
    before: GameState,
    outcome: DamageOutcome,
    step: Step,
    choices: Choices,
    turn_order: tuple[str, ...],
    combat: bool,
    earlier: Sequence[Step] = (),
    delayed: Sequence[tuple[tt.DelayedTrigger, Source]] = (),
) -> tuple[tuple[Step, ...], GameState, tuple[Effect, ...]]:
    """CR 120.4b, 603.3, 117.5: the abilities ``outcome`` triggered, put on the stack and resolved.

    ``step`` is the event's step (its stages are ``outcome.stages`` after any stage before them);
    returns that step annotated (and with its ``603.3b`` stage), then one ``trigger`` step per
    resolved ability, and the board and effects afterwards. ``earlier``: the steps already made in
    this resolution (a combat's first step), so that ability ids (``t1``, …) stay unique.
    """
    reactive = [p for p in before.permanents if p.triggers]
    ctx = _Context(
        choices,
        turn_order,
        tuple(p.id for p in reactive),
        combat,
        death_watchers=tuple(
            p.id for p in reactive if any(t.when == "dies" and t.watch != tt.SELF for t in p.triggers)
        ),
        counter_watchers=frozenset(
            p.id for p in reactive if any(t.when == "counters_removed" for t in p.triggers)
        ),
    )
    ctx.delayed = list(delayed)
    # Ids stay unique over the whole resolution: count the abilities earlier steps saw trigger.
    ctx.count = sum(len(st.extra.get("triggered", ())) for s in earlier for st in s.stages)
    stages = list(step.stages)
    offset = len(stages) - len(outcome.stages)
    inner = stages[offset:]
    new = _triggers_of_damage(ctx, before, outcome, inner)
    stages[offset:] = inner
    state, effects = outcome.state, outcome.effects
    if not new:
        done = Step(step.name, tuple(stages))
        return (_delayed_unfired(ctx, done, state),), state, effects
    stages.append(_put_on_stack(ctx, state, new))
    steps = [Step(step.name, tuple(stages))]
    state = _counter_on_stack(ctx, state, effects, steps)
    resolved = 0
    while ctx.stack:
        if not game_goes_on(state):
            steps[-1] = _with_note(
                steps[-1], "ゲームが終わったので、スタックに残った能力は解決されません (104.2a, 104.1)。"
            )
            break
        if resolved >= MAX_RESOLUTIONS:
            steps[-1] = _with_note(
                steps[-1],
                f"誘発型能力の解決は{MAX_RESOLUTIONS}回までにしています。"
                f"スタックにはまだ{len(ctx.stack)}個の能力が残っています（ここで打ち切ります）。",
            )
            break
        departed = [p for p in ctx.stack if state.player(p.controller).left]
        if departed:  # CR 800.4a: abilities controlled by a player who left cease to exist
            ctx.stack = [p for p in ctx.stack if p not in departed]
            names = "、".join(p.label for p in departed)
            steps[-1] = _with_note(
                steps[-1],
                f"コントローラーがゲームから除外されたので、{names}はスタックから消滅します (800.4a)。",
            )
            continue
        top = ctx.stack.pop()
        resolved += 1
        step_stages, state, effects, new = _resolve(ctx, top, state, effects)
        if new:
            step_stages.append(_put_on_stack(ctx, state, new))
        steps.append(Step("trigger", tuple(step_stages)))
        if new:
            state = _counter_on_stack(ctx, state, effects, steps)
    missing = [c.trigger for c in ctx.choices.countered_triggers if c.trigger not in ctx.countered]
    if missing and len(steps) > 1:
        steps[-1] = _with_note(
            steps[-1],
            f"{'、'.join(missing)}という誘発型能力はスタックに置かれなかったので、打ち消されるものはありません (701.6a)。",
        )
    steps[-1] = _delayed_unfired(ctx, steps[-1], state)
    return tuple(steps), state, effects


def _counter_on_stack(
    ctx: _Context, state: GameState, effects: tuple[Effect, ...], steps: list[Step]
) -> GameState:
    """CR 701.6a, 405.5: the abilities ``choices.countered_triggers`` names are countered as soon as they are on
    the stack (a spell cast in response, like Stifle, resolves first): removed from the stack, they don't
    resolve and none of their effects occur. A countered Siege ability leaves the stack, so 704.5v applies."""
    wanted = {c.trigger: c for c in ctx.choices.countered_triggers}
    if not wanted:
        return state
    hits = [p for p in reversed(ctx.stack) if p.id in wanted]
    if not hits:
        return state
    ctx.stack = [p for p in ctx.stack if p.id not in wanted]
    notes: list[str] = []
    for p in hits:
        ctx.countered.add(p.id)
        how = wanted[p.id]
        spell = how.name or "呪文"
        who = f"{state.label(how.controller)}が" if how.controller is not None else ""
        notes.append(
            f"{who}{spell}を唱え、スタック上の{p.label}を対象とします。{spell}は能力より上にあるので先に解決し、"
            f"{p.label}を打ち消します。打ち消された能力はスタックから取り除かれ、解決されず、その効果は何も起こりません "
            "(405.5, 701.6a)。"
        )
    left = "、".join(f"{i + 1}. {p.label}" for i, p in enumerate(reversed(ctx.stack)))
    notes.append(f"スタック（上から）：{left}。" if left else "スタックは空になりました。")
    stage = Stage(
        "701.6a",
        ("701.6a", "405.5"),
        tuple(notes),
        extra=FrozenMap(
            {"countered": tuple(p.event() for p in hits), "stack": tuple(p.id for p in reversed(ctx.stack))}
        ),
    )
    stages = [stage]
    if any(p.index == SIEGE_INDEX for p in hits):
        state, sba = state_based_stages(
            state, keep_battles=_keep(ctx), zones=zone_rules(state, effects, ctx.choices.replacement_order)
        )
        stages.extend(sba)
    steps.append(Step("counter", tuple(stages)))
    return state


def _delayed_unfired(ctx: _Context, step: Step, state: GameState) -> Step:
    """CR 603.7b: a delayed ability whose creature didn't die here waits for the rest of the turn."""
    for delayed, source in ctx.delayed:
        creature = state.permanent(delayed.creature)
        where = "戦場に残っている" if creature.on_battlefield else "死亡せずに戦場を離れた"
        name = delayed.name or f"{source.label}の遅延誘発型能力"
        step = _with_note(
            step,
            f"{creature.label}は{where}ので、{name}はここでは誘発しません。"
            "このターンのうちに死亡すれば、そのとき一度だけ誘発します (603.7b, 603.7c)。"
            if creature.on_battlefield
            else f"{creature.label}は{where}ので、{name}は誘発しません (603.7c, 400.7)。",
        )
    return step


def _with_note(step: Step, note: str) -> Step:
    last = step.stages[-1]
    stage = Stage(last.stage, last.rules, (*last.notes, note), last.changes, last.events, last.extra)
    return Step(step.name, (*step.stages[:-1], stage))


# --------------------------------------------------------------------------- resolving one ability


def _resolve(
    ctx: _Context, p: Pending, state: GameState, effects: tuple[Effect, ...]
) -> tuple[list[Stage], GameState, tuple[Effect, ...], list[Pending]]:
    """CR 608.2: one triggered ability resolves, then state-based actions (CR 704.3)."""
    head = f"スタックの一番上の{p.label}が解決します (608.2)。"
    info: dict[str, Any] = {"trigger": p.event()}
    trigger = p.trigger
    if trigger is None:
        return _resolve_siege(ctx, p, state, effects, head, info)
    effect = trigger.effect
    amount = p.amount if effect.amount == tt.THAT_MUCH else int(effect.amount)
    if effect.amount == tt.THAT_MUCH:
        head += f"「その点数」は誘発したときの{amount}点です (120.9)。"
    if effect.type == "damage":
        return _resolve_damage(ctx, p, state, effects, amount, head, info)
    notes = [head]
    changes: list[Change] = []
    rules = ["608.2"]
    life_events: list[tuple[str, int, str | None]] = []
    if effect.type in ("gain_life", "lose_life"):
        state, life_events = _life(ctx, p, state, effects, amount, notes, changes, rules)
    else:
        state = _counters(p, state, effects, amount, notes, changes, rules)
    stages = [Stage("608.2", tuple(rules), tuple(notes), tuple(changes), extra=FrozenMap(info))]
    found = _Found()
    remarks = _find_life_and_siege_triggers(ctx, state, stages, life_events, 0, (), found)
    _annotate(stages, found)
    _append_notes(stages, 0, remarks, "119.9")
    state, sba = state_based_stages(
        state, keep_battles=_keep(ctx), zones=zone_rules(state, effects, ctx.choices.replacement_order)
    )
    stages.extend(sba)
    _find_dies(ctx, stages, state, 1, found)
    dies = _Found(by_stage={i: v for i, v in found.by_stage.items() if i >= 1})
    _annotate(stages, dies)
    return stages, state, effects, found.pending


def _resolve_siege(
    ctx: _Context, p: Pending, state: GameState, effects: tuple[Effect, ...], head: str, info: dict[str, Any]
) -> tuple[list[Stage], GameState, tuple[Effect, ...], list[Pending]]:
    """CR 310.11b: exile the Siege, then its controller may cast it transformed (the back face's spell is
    outside the damage rules and not followed here)."""
    battle = state.permanent(p.source.id)
    notes = [head]
    changes: list[Change] = []
    if battle.on_battlefield:
        state = state.with_permanents({battle.id: evolve(battle, zone="exile")})
        changes.append(Change(battle.id, "zone", "battlefield", "exile", "310.11b"))
        notes.append(
            f"{battle.label}を追放します。その後、コントローラーはこれを変身させた状態で、マナ・コストを支払わずに"
            "唱えてもかまいません (310.11b)。裏面の呪文はダメージのルールの外なので、ここでは追いません。"
        )
    else:
        notes.append(
            f"{battle.label}はもう戦場にないので、追放も変身した状態で唱えることも行われません (400.7)。"
        )
    stages = [Stage("608.2", ("608.2", "310.11b"), tuple(notes), tuple(changes), extra=FrozenMap(info))]
    state, sba = state_based_stages(
        state, keep_battles=_keep(ctx), zones=zone_rules(state, effects, ctx.choices.replacement_order)
    )
    stages.extend(sba)
    found = _Found()
    _find_dies(ctx, stages, state, 1, found)
    _annotate(stages, found)
    return stages, state, effects, found.pending


def _gone(state: GameState, ident: str) -> bool:
    if state.is_player(ident):
        return state.player(ident).lost
    return not state.permanent(ident).on_battlefield


def _resolve_damage(
    ctx: _Context,
    p: Pending,
    state: GameState,
    effects: tuple[Effect, ...],
    amount: int,
    head: str,
    info: dict[str, Any],
) -> tuple[list[Stage], GameState, tuple[Effect, ...], list[Pending]]:
    """The ability's source deals the damage (CR 120.4); a source that left the battlefield deals it as it
    last existed there (last known information, CR 702.2e, 702.15c)."""
    trigger = p.trigger
    assert trigger is not None
    if trigger.effect.to == tt.ITS_CONTROLLER and p.about is not None:
        to = state.permanent(p.about).controller  # "that creature's controller" (Repercussion)
    else:
        to = p.controller if trigger.effect.to in (tt.CONTROLLER, tt.ITS_CONTROLLER) else trigger.effect.to
    current = state.permanent(p.source.id) if state.is_permanent(p.source.id) else None
    source_perm = current if current is not None and current.on_battlefield else p.source
    if _gone(state, to):
        note = f"{head}対象の{state.label(to)}がもう不正な対象なので、この能力は解決されず何もしません (608.2b)。"
        stage = Stage("608.2", ("608.2", "608.2b"), (note,), extra=FrozenMap(info))
        return [stage], state, effects, []
    checked: tuple[str, ...] = ()
    if trigger.effect.target:  # § 14.4: "deals N damage to target …" (603.3d, 702.21a, 608.2b)
        refused, checked = _ability_target(p, state, source_perm, to, head, info)
        if refused is not None:
            return [refused], state, effects, []
    notes = [
        head,
        *checked,
        f"{source_perm.label}が{state.who(to)}に{amount}点のダメージを与えます。ダメージは120.4の手順で処理されます。",
    ]
    if current is None:  # a delayed trigger's source is the spell that made it (CR 603.7d)
        notes.append(
            f"この能力の発生源は、それを作った{p.source.label}です。{p.source.label}はもうスタックにないので、"
            "最後に存在したときの情報を用います (603.7d, 608.2h)。"
        )
    elif not current.on_battlefield:
        notes.append(
            f"{p.source.label}はもう戦場にないので、最後に戦場にあったときの情報を用います (702.2e, 702.15c)。"
        )
    rules = ("608.2", "120.4", "603.3d", "608.2b") if checked else ("608.2", "120.4")
    if checked and "702.21a" in "".join(checked):
        rules = (*rules, "702.21a")
    resolve_stage = Stage("608.2", rules, tuple(notes), extra=FrozenMap(info))
    outcome = deal_damage(
        state,
        effects,
        ctx.choices,
        [(Source.of(source_perm), to, amount)],
        combat=False,
        keep_battles=_keep(ctx),
    )
    stages = [resolve_stage, *outcome.stages]
    inner = stages[1:]
    new = _triggers_of_damage(ctx, state, outcome, inner)
    stages[1:] = inner
    return stages, outcome.state, outcome.effects, new


def _ability_target(
    p: Pending, state: GameState, source_perm: Permanent, to: str, head: str, info: dict[str, Any]
) -> tuple[Stage | None, tuple[str, ...]]:
    """A triggered ability's target: chosen as it was put on the stack (CR 603.3d); ward triggered then and
    resolved first (702.21a, 405.5); checked again as the ability resolves (608.2b). ``(stage that ends the
    ability, notes)``: a stage when ward countered it or its target became illegal."""
    ability = replace(Source.of(source_perm), controller=p.controller)
    target = state.permanent(to) if state.is_permanent(to) else state.player(to)
    effect = p.trigger.effect if p.trigger is not None else None
    notes = [
        f"{p.label}の対象は{state.who(to)}です。誘発型能力の対象は、スタックに置くときに選ばれます (603.3d, 115.1)。"
    ]
    rules = ["608.2", "603.3d"]
    if ward_triggers(target, ability, state.teams):
        assert isinstance(target, Permanent) and target.ward is not None
        rules.extend(("702.21a", "405.5"))
        notes.append(
            f"{target.label}が対戦相手の能力の対象になったので、護法({target.ward})が誘発し、"
            f"{p.label}より先に解決されます (702.21a, 405.5)。"
        )
        if effect is None or not effect.ward_paid:
            rules.append("701.6a")
            notes.append(
                f"{state.label(p.controller)}は護法のコスト({target.ward})を支払わなかったので、{p.label}は打ち消されます。"
                "解決されず、ダメージは与えられません (702.21a, 701.6a)。"
            )
            return Stage("702.21a", tuple(rules), tuple(notes), extra=FrozenMap(info)), ()
        notes.append(
            f"{state.label(p.controller)}は護法のコスト({target.ward})を支払ったので、{p.label}は打ち消されません (702.21a)。"
        )
    why = why_untargetable(target, ability, state.teams)
    if why is not None:
        rule, reason = why
        rules.extend((rule, "608.2b"))
        notes.insert(0, head)
        notes.append(
            f"{state.who(to)}は{reason}。解決時に対象が不正になっているので、{p.label}は解決されず、"
            f"何もしません ({rule}, 608.2b)。"
        )
        return Stage("608.2", tuple(rules), tuple(notes), extra=FrozenMap(info)), ()
    notes.append("解決時にも対象は適正です (608.2b)。")
    return None, tuple(notes)


def _life(
    ctx: _Context,
    p: Pending,
    state: GameState,
    effects: tuple[Effect, ...],
    amount: int,
    notes: list[str],
    changes: list[Change],
    rules: list[str],
) -> tuple[GameState, list[tuple[str, int, str | None]]]:
    """CR 119.3: gain or lose life; a life gain is a life gain event that replacement effects modify
    (CR 614.1a, 119.10) and that "whenever you gain life" abilities see after them (CR 119.9)."""
    trigger = p.trigger
    assert trigger is not None
    effect = trigger.effect
    if effect.player == tt.CONTROLLER:
        players = [p.controller]
    elif effect.player == tt.EACH_OPPONENT:
        team = next((t for t in state.teams if p.controller in t), (p.controller,))  # CR 810: not a teammate
        players = [q.id for q in state.players if q.id not in team and not q.lost]
    else:
        players = [effect.player]
    players = [q for q in players if not state.player(q).lost]
    if amount <= 0 or not players:
        what = "ライフを得る" if effect.type == "gain_life" else "ライフを失う"
        notes.append(
            f"0点なので、{what}イベントは起こりません (119.9, 119.10)。"
            if amount <= 0
            else "対象のプレイヤーがいません。"
        )
        return state, []
    kind = LIFE_GAIN if effect.type == "gain_life" else LIFE_LOSS
    results = [
        Result(kind, q, amount, "119.3", p.source.id, q if kind == LIFE_GAIN else None, amount)
        for q in players
    ]
    if state.features.life_rules:  # CR 119.7, 119.8, 810.9g-h: a life total that can't change
        life_cant_change_results(state, effects, results, notes, rules)
    if kind == LIFE_GAIN:
        _replace_results(state, effects, ctx.choices, results, notes, rules)
    else:
        for r in results:
            if r.amount > 0:
                notes.append(f"{state.label(r.object)}は{amount}点のライフを失います (119.3)。")
    event = apply_results(state, results, ())
    notes.extend(event.notes)
    changes.extend(event.changes)
    if "119.3" not in rules:
        rules.append("119.3")
    life_events: list[tuple[str, int, str | None]] = []
    for r in results:
        if kind == LIFE_GAIN:
            life_events.append((r.object, r.amount, r.source))
            if r.amount <= 0:
                notes.append(f"{state.label(r.object)}はライフを得ません (119.7)。")
            else:
                notes.append(f"{state.label(r.object)}は{r.amount}点のライフを得ます (119.3)。")
    return event.state, life_events


def _counters(
    p: Pending,
    state: GameState,
    effects: tuple[Effect, ...],
    amount: int,
    notes: list[str],
    changes: list[Change],
    rules: list[str],
) -> GameState:
    """CR 122.1a, 122.6: put counters on a permanent, as modified by counter replacement effects."""
    trigger = p.trigger
    assert trigger is not None
    effect = trigger.effect
    target = p.source.id if effect.on == tt.SELF else effect.on
    permanent = state.permanent(target)
    if not permanent.on_battlefield:
        notes.append(f"{permanent.label}はもう戦場にないので、カウンターは置かれません (400.7)。")
        return state
    n = amount
    for i, e in enumerate(effects):
        label = effect_label(e, i, state.label)
        if isinstance(e, NoCounters) and e.on == target and n > 0:
            notes.append(f"{label}により、{permanent.label}にはカウンターが置かれません (614.1a)。")
            n = 0
        elif isinstance(e, CounterMultiplier) and n > 0 and e.covers(p.controller, permanent.controller):
            notes.append(f"{label}により、置かれるカウンターは{n}個から{n * e.factor}個になります (614.1a)。")
            n *= e.factor
            if "614.1a" not in rules:
                rules.append("614.1a")
    rules.append("122.1a")
    if n <= 0:
        return state
    if effect.kind == "+1/+1":
        after = evolve(permanent, plus_counters=permanent.plus_counters + n)
        changes.append(
            Change(target, "counters.+1/+1", permanent.plus_counters, after.plus_counters, "122.1a")
        )
    else:
        after = evolve(permanent, minus_counters=permanent.minus_counters + n)
        changes.append(
            Change(target, MINUS_COUNTERS, permanent.minus_counters, after.minus_counters, "122.1a")
        )
    notes.append(
        f"{permanent.label}に{effect.kind}カウンターを{n}個置きます：{permanent.current_power}/{permanent.current_toughness}"
        f" → {after.current_power}/{after.current_toughness} (122.1a)。"
    )
    return state.with_permanents({target: after})


def turn_order(players: Sequence[str], active: str) -> tuple[str, ...]:
    """CR 101.4: APNAP order — the active player, then the others in turn order.

    >>> turn_order(["A", "B", "C"], "B")
    ('B', 'C', 'A')
    """
    i = list(players).index(active) if active in players else 0
    return (*players[i:], *players[:i])


def scenario_follow_up(
    scenario: Scenario,
    *,
    before: GameState,
    outcome: DamageOutcome,
    step: Step,
    combat: bool,
    earlier: Sequence[Step] = (),
) -> tuple[tuple[Step, ...], GameState, tuple[Effect, ...]]:
    """:func:`follow_up` with the scenario's choices and its players in APNAP order (CR 101.4)."""
    return follow_up(
        before=before,
        outcome=outcome,
        step=step,
        choices=scenario.choices,
        turn_order=turn_order([p.id for p in scenario.players], scenario.active_player),
        combat=combat,
        earlier=earlier,
        delayed=tuple(d for d in _scenario_delayed(scenario) if d[0].when != tt.END_STEP),
    )


def _scenario_delayed(scenario: Scenario) -> tuple[tuple[tt.DelayedTrigger, Source], ...]:
    event = scenario.event
    if isinstance(event, CombatEvent) and event.delayed is not None:  # § 17.6: made before combat
        delayed = event.delayed
        return ((delayed, Source(id=None, controller=delayed.controller or "", name=delayed.made_by)),)
    if not isinstance(event, NoncombatEvent) or event.delayed is None:
        return ()
    delayed, source = event.delayed, event.source
    if not isinstance(source, Source):
        source = Source.of(scenario.permanent(source))
    return ((delayed, source),)


def delayed_created(scenario: Scenario) -> Stage | None:
    """CR 603.7a: the stage saying the resolving spell created its delayed triggered ability."""
    made = _scenario_delayed(scenario)
    if not made or made[0][0].made_by is not None:  # made earlier: the 513.1 stage says by what
        return None
    delayed, source = made[0]
    creature = scenario.permanent(delayed.creature)
    name = delayed.name or f"{source.label}の遅延誘発型能力"
    if delayed.when == tt.END_STEP:
        return Stage(
            "603.7a",
            ("603.7a", "603.7d"),
            (
                f"{source.label}は解決するときに、遅延誘発型能力「次の終了ステップの開始時に、{creature.label}を"
                "生け贄に捧げる」を作ります (603.7a)。作られるまでは誘発しません。発生源はこの呪文で、"
                "コントローラーはこの呪文のコントローラーです (603.7d)。",
                f"{name}は、次の終了ステップの開始時に一度だけ誘発します (603.7b, 603.2b)。",
            ),
            extra=FrozenMap({"delayed": delayed.to_dict()}),
        )
    return Stage(
        "603.7a",
        ("603.7a", "603.7d"),
        (
            f"{source.label}は解決するときに、遅延誘発型能力「{creature.label}がこのターン死亡したとき、"
            f"{source.label}はそのクリーチャーのコントローラーに{delayed.amount}点のダメージを与える」を作ります (603.7a)。"
            "作られるまでは誘発しません。発生源はこの呪文で、コントローラーはこの呪文のコントローラーです (603.7d)。",
            f"{name}は、{creature.label}がこのターン死亡したとき、一度だけ誘発します (603.7b)。",
        ),
        extra=FrozenMap({"delayed": delayed.to_dict()}),
    )


def scenario_delayed(scenario: Scenario) -> tuple[tuple[tt.DelayedTrigger, Source], ...]:
    """The event's delayed triggered ability with the spell or ability that makes it (none, or one)."""
    return _scenario_delayed(scenario)


def event_resolution(
    scenario: Scenario,
    *,
    before: GameState,
    outcome: DamageOutcome,
    step: Step,
    combat: bool,
    earlier: Sequence[Step] = (),
) -> Resolution:
    """The resolution of a damage event dealt in ``step`` after the ``earlier`` steps: with what it
    triggered put on the stack and resolved (CR 603.3) when anything on the board ``before`` can
    trigger, else the step as it is."""
    if reacts(before):
        made, after, effects = scenario_follow_up(
            scenario, before=before, outcome=outcome, step=step, combat=combat, earlier=earlier
        )
        return Resolution(legal=True, steps=(*earlier, *made), state=after, effects=effects)
    return Resolution(legal=True, steps=(*earlier, step), state=outcome.state, effects=outcome.effects)


__all__ = [
    "MAX_RESOLUTIONS",
    "Pending",
    "delayed_created",
    "event_resolution",
    "excess_dealt",
    "follow_up",
    "reacts",
    "scenario_delayed",
    "scenario_follow_up",
    "turn_order",
]
