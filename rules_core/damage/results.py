"""CR 120.3, 120.4c-d: damage becomes its results, results are modified, then the event happens.

Results (CR 120.3): life loss (a), poison counters from infect (b), loyalty
counters removed (c), -1/-1 counters from wither/infect (d), damage marked (e),
life gained from lifelink (f, one life gain event per source: 702.15e), poison
counters from toxic combat damage (g), defense counters removed (h). The extra
effect of a prevention effect (CR 615.5, e.g. Awe Strike's life gain) joins
these results. Replacement effects on results (120.4c) are applied per
affected player or permanent in the order of ``choices.replacement_order``
(CR 616.1), by default in listed order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..document.scenario import Choices
from ..model._frozen import FrozenMap, ScalarMap
from ..model.effects import (
    RESULT_EFFECTS,
    CounterMultiplier,
    Effect,
    LifeFloor,
    LifeGainMultiplier,
    NoCounters,
    NoLifeGain,
    effect_label,
)
from ..model.hits import Hit
from ..model.state import GameState, Permanent, Player, evolve, evolve_player
from ..model.text import object_names, plain, source_name, who
from ..model.trace import Change
from ..sba.multiplayer import share_with_teams
from .life import floor_condition_fails, infect_note, life_cant_change_players
from .prevention import PendingGain

LIFE_LOSS = "life_loss"
LIFE_GAIN = "life_gain"
POISON = "poison"
MINUS_COUNTERS = "counters.-1/-1"
DAMAGE = "damage"
LOYALTY = "loyalty"
DEFENSE = "defense"
SHIELD_REMOVED = "counters.shield"
"""Not a result of damage: a shield counter removed by its prevention effect (CR 122.1c), applied in 120.4d."""

_COUNTER_KINDS = (POISON, MINUS_COUNTERS)


@dataclass(slots=True)
class Result:
    """One result of damage (CR 120.3) or of a prevention effect's extra effect (CR 615.5)."""

    kind: str
    object: str
    amount: int
    rule: str
    source: str | None = None
    by: str | None = None
    """The player who gains the life or puts the counters (CR 120.3b, 120.3d, 120.3f, 120.3g)."""
    base: int = 0
    modified_by: list[int] = field(default_factory=list)

    def event(self) -> FrozenMap[str, Any]:
        doc: dict[str, Any] = {
            "result": self.kind,
            "object": self.object,
            "amount": self.amount,
            "rule": self.rule,
        }
        if self.source is not None:
            doc["source"] = self.source
        if self.by is not None:
            doc["by"] = self.by
        if self.base != self.amount or self.modified_by:
            doc["before_replacement"] = self.base
            doc["modified_by"] = tuple(self.modified_by)
            return FrozenMap.adopt(doc)
        return ScalarMap.adopt(doc)  # ids, kinds and amounts only


@dataclass(slots=True)
class ResultsOutcome:
    results: list[Result]
    deathtouched: list[str]
    notes: list[str]
    rules: list[str]


def _add(rules: list[str], rule: str) -> None:
    if rule not in rules:
        rules.append(rule)


def damage_results(
    state: GameState,
    effects: tuple[Effect, ...],
    choices: Choices,
    hits: Iterable[Hit],
    gains: Iterable[PendingGain],
    as_infect: frozenset[str] = frozenset(),
    life_rules: bool = False,
) -> ResultsOutcome:
    """CR 120.4c: turn the damage dealt into results, then apply replacement effects on those results.

    ``as_infect``: players to whom damage is dealt as though its source had infect (:mod:`rules_core.damage.life`);
    ``life_rules``: some effect says a life total can't change (applied before the replacement effects).
    """
    results: list[Result] = []
    notes: list[str] = []
    rules: list[str] = ["120.4c"]
    deathtouched: list[str] = []
    lifelink: dict[str, Result] = {}

    for hit in hits:
        if hit.amount <= 0:
            continue  # CR 120.8: 0 damage is no damage
        source = hit.source
        src = source_name(state, source)
        n = hit.amount
        if state.is_player(hit.to):
            to = plain(state, hit.to)
            if source.has("infect"):
                results.append(Result(POISON, hit.to, n, "120.3b", source.key, source.controller, n))
                notes.append(
                    f"感染を持つ{src}からのダメージなので、{to}は毒カウンターを{n}個得ます (120.3b)。"
                )
                _add(rules, "120.3b")
            elif hit.to in as_infect:
                results.append(Result(POISON, hit.to, n, "120.3b", source.key, source.controller, n))
                notes.append(
                    infect_note(state, effects, hit.to)
                    + f"{src}からのダメージで、{to}は毒カウンターを{n}個得ます (120.3b)。"
                )
                _add(rules, "120.3b")
                _add(rules, "702.90b")
            else:
                results.append(Result(LIFE_LOSS, hit.to, n, "120.3a", source.key, None, n))
                notes.append(f"{to}は{src}からのダメージで{n}点のライフを失います (120.3a)。")
                _add(rules, "120.3a")
            if hit.combat and source.is_creature and source.toxic > 0:
                t = source.toxic
                results.append(Result(POISON, hit.to, t, "120.3g", source.key, source.controller, t))
                notes.append(
                    f"毒性{t}を持つ{src}の戦闘ダメージなので、さらに{to}は毒カウンターを{t}個得ます (120.3g)。"
                )
                _add(rules, "120.3g")
        else:
            permanent = state.permanent(hit.to)
            to = who(state, hit.to)
            if permanent.is_creature:
                if source.has("infect") or source.has("wither"):
                    kw = "感染" if source.has("infect") else "萎縮"
                    results.append(
                        Result(MINUS_COUNTERS, hit.to, n, "120.3d", source.key, source.controller, n)
                    )
                    notes.append(
                        f"{kw}を持つ{src}からのダメージなので、{to}に-1/-1カウンターが{n}個置かれます (120.3d)。"
                    )
                    _add(rules, "120.3d")
                else:
                    results.append(Result(DAMAGE, hit.to, n, "120.3e", source.key, None, n))
                    notes.append(f"{to}は{src}からの{n}点のダメージを負います (120.3e)。")
                    _add(rules, "120.3e")
                if source.has("deathtouch") and hit.to not in deathtouched:
                    deathtouched.append(hit.to)
                    notes.append(f"{to}は接死を持つ{src}からダメージを受けました (702.2b)。")
                    _add(rules, "702.2b")
            if permanent.is_planeswalker:
                results.append(Result(LOYALTY, hit.to, n, "120.3c", source.key, None, n))
                notes.append(f"{src}からのダメージで、{to}から忠誠カウンターが{n}個取り除かれます (120.3c)。")
                _add(rules, "120.3c")
            if permanent.is_battle:
                results.append(Result(DEFENSE, hit.to, n, "120.3h", source.key, None, n))
                notes.append(f"{src}からのダメージで、{to}から守備カウンターが{n}個取り除かれます (120.3h)。")
                _add(rules, "120.3h")
        if source.has("lifelink"):
            gain = lifelink.get(source.key)
            if gain is None:
                gain = Result(LIFE_GAIN, source.controller, 0, "120.3f", source.key, source.controller, 0)
                lifelink[source.key] = gain
                results.append(gain)
            gain.amount += n
            gain.base += n

    for gain in lifelink.values():
        notes.append(
            f"絆魂を持つ{source_name(state, _source_of(hits, gain.source))}が与えた{gain.amount}点のダメージで、"
            f"{plain(state, gain.object)}は{gain.amount}点のライフを得ます (120.3f)。"
        )
        _add(rules, "120.3f")
    if len(lifelink) > 1:
        notes.append("絆魂を持つ発生源ごとに別々のライフ獲得のイベントになります (702.15e)。")
        _add(rules, "702.15e")

    for pending in gains:
        results.append(
            Result(
                LIFE_GAIN, pending.player, pending.amount, "615.5", None, pending.player, pending.amount, []
            )
        )
        names = object_names(state, [h.source for h in hits])
        label = effect_label(effects[pending.effect], pending.effect, names)
        notes.append(
            f"{label}の追加の効果で、{plain(state, pending.player)}は{pending.amount}点のライフを得ます (615.5)。"
        )
        _add(rules, "615.5")

    if not results:
        notes.append("ダメージは与えられなかったので、結果もありません (120.8)。")
        _add(rules, "120.8")
    else:
        if life_rules:
            life_cant_change_results(state, effects, results, notes, rules)
        _replace_results(state, effects, choices, results, notes, rules)
    return ResultsOutcome(results, deathtouched, notes, rules)


def life_cant_change_results(
    state: GameState, effects: tuple[Effect, ...], results: list[Result], notes: list[str], rules: list[str]
) -> None:
    """CR 119.7, 119.8: a player whose life total can't change neither loses nor gains life; the damage to
    them was still dealt (its source's lifelink still gains its controller life, 120.3f). In Two-Headed
    Giant the effect covers the whole team (810.9g: no one on it can gain life; 810.9h: nor lose life)."""
    frozen = life_cant_change_players(effects)
    covered: dict[str, tuple[int, str]] = {}
    for holder, index in frozen.items():
        for member in state.team_of(holder):
            covered.setdefault(member, (index, holder))
    for player, (index, holder) in covered.items():
        mine = [
            r for r in results if r.object == player and r.kind in (LIFE_LOSS, LIFE_GAIN) and r.amount > 0
        ]
        if not mine:
            continue
        label = effect_label(effects[index], index, state.label)
        name = plain(state, player)
        if holder != player:
            notes.append(
                f"{label}は{plain(state, holder)}のライフの総量を変化させなくする効果だが、双頭巨人戦では、"
                f"ライフを得られない・失えないという効果はそのプレイヤーのチーム全員に及ぶので、チームメイトの"
                f"{name}もライフを得ることも失うこともできません (810.9g, 810.9h)。"
            )
            _add(rules, "810.9g")
            _add(rules, "810.9h")
        loss = sum(r.amount for r in mine if r.kind == LIFE_LOSS)
        gain = sum(r.amount for r in mine if r.kind == LIFE_GAIN)
        for r in mine:
            r.amount = 0
            r.modified_by.append(index)
        if loss and any(r.rule == "120.3a" for r in mine):
            notes.append(
                f"{label}により{name}のライフの総量は変化しません：ダメージは与えられていますが、{name}は"
                f"{loss}点のライフを失いません (119.8, 120.3a)。"
            )
            _add(rules, "119.8")
        elif loss:
            notes.append(
                f"{label}により{name}のライフの総量は変化しません：{name}は{loss}点のライフを失いません (119.8)。"
            )
            _add(rules, "119.8")
        if gain:
            notes.append(
                f"{label}により{name}のライフの総量は変化しません：{name}は{gain}点のライフを得られません (119.7)。"
            )
            _add(rules, "119.7")


def _source_of(hits: Iterable[Hit], key: str | None) -> Any:
    for hit in hits:
        if hit.source.key == key:
            return hit.source
    raise KeyError(key)  # pragma: no cover


def _replace_results(
    state: GameState,
    effects: tuple[Effect, ...],
    choices: Choices,
    results: list[Result],
    notes: list[str],
    rules: list[str],
) -> None:
    result_effects = [(i, e) for i, e in enumerate(effects) if isinstance(e, RESULT_EFFECTS)]
    if not result_effects:
        return
    by_object: dict[str, list[Result]] = {}
    for result in results:
        by_object.setdefault(result.object, []).append(result)
    for obj, items in by_object.items():
        order = [i for i, e in result_effects if _applies(state, e, obj, items)]
        if not order:
            continue
        chosen = choices.replacement_order.get(obj)
        if chosen:
            first = [x for x in chosen if isinstance(x, int) and x in order]
            order = first + [x for x in order if x not in first]
        if len(order) >= 2:
            chooser = obj if state.is_player(obj) else state.permanent(obj).controller
            names = " → ".join(effect_label(effects[i], i, state.label) for i in order)
            notes.append(
                f"{plain(state, obj)}への結果を修整する置換効果が複数あるので、"
                f"{plain(state, chooser)}が順番を選びます (616.1)：{names}。"
            )
            _add(rules, "616.1")
        for i in order:
            _apply_result_effect(state, effects[i], i, obj, items, results, notes, rules)


def _holder(state: GameState, obj: str) -> str | None:
    """The controller of the permanent ``obj`` (None when ``obj`` is a player)."""
    return None if state.is_player(obj) else state.permanent(obj).controller


def _applies(state: GameState, effect: Effect, obj: str, items: list[Result]) -> bool:
    if isinstance(effect, LifeGainMultiplier):
        return effect.player == obj and any(r.kind == LIFE_GAIN for r in items)
    if isinstance(effect, NoLifeGain):
        # CR 810.9g: in Two-Headed Giant "can't gain life" on one player covers their teammate too
        covers = effect.player is None or obj in state.team_of(effect.player)
        return covers and any(r.kind == LIFE_GAIN for r in items)
    if isinstance(effect, LifeFloor):
        return effect.player == obj and any(r.kind == LIFE_LOSS and r.amount > 0 for r in items)
    if isinstance(effect, NoCounters):
        return effect.on == obj and any(r.kind in _COUNTER_KINDS for r in items)
    if isinstance(effect, CounterMultiplier):
        holder = _holder(state, obj)
        return any(r.kind in _COUNTER_KINDS and effect.covers(r.by, holder) for r in items)
    return False


def _apply_result_effect(
    state: GameState,
    effect: Effect,
    index: int,
    obj: str,
    items: list[Result],
    results: list[Result],
    notes: list[str],
    rules: list[str],
) -> None:
    label = effect_label(effect, index, state.label)
    name = plain(state, obj)
    if isinstance(effect, LifeGainMultiplier):
        for r in items:
            if r.kind == LIFE_GAIN and r.amount > 0:
                before = r.amount
                r.amount *= effect.factor
                r.modified_by.append(index)
                notes.append(
                    f"{label}により、{name}が得るライフは{before}点から{r.amount}点になります (120.4c)。"
                )
        _add(rules, "120.4c")
        _add(rules, "614.1a")
    elif isinstance(effect, NoLifeGain):
        teammate = effect.player is not None and effect.player != obj
        for r in items:
            if r.kind == LIFE_GAIN and r.amount > 0:
                before = r.amount
                r.amount = 0
                r.modified_by.append(index)
                if teammate:
                    assert effect.player is not None
                    notes.append(
                        f"{label}は{plain(state, effect.player)}がライフを得られなくする効果だが、双頭巨人戦では"
                        f"そのチームのプレイヤー全員がライフを得られないので、チームメイトの{name}も{before}点の"
                        "ライフを得られません (810.9g, 120.4c)。"
                    )
                else:
                    notes.append(f"{label}により、{name}は{before}点のライフを得られません (120.4c)。")
        _add(rules, "120.4c")
        if teammate:
            _add(rules, "810.9g")
    elif isinstance(effect, LifeFloor):
        _add(rules, "120.4c")
        if effect.if_controls_creature and not state.controls_creature(obj):
            notes.append(f"{name}はクリーチャーをコントロールしていないので、{label}は適用されません。")
            return
        failed = floor_condition_fails(state, effect, obj, label)
        if failed is not None:
            notes.append(failed)
            return
        life = state.player(obj).life
        loss = sum(r.amount for r in items if r.kind == LIFE_LOSS)
        gain = sum(r.amount for r in items if r.kind == LIFE_GAIN)
        after = life - loss + gain
        if after >= effect.floor:
            parts = f"{loss}点を失い{gain}点を得るので" if gain else f"{loss}点を失うので"
            notes.append(
                f"このダメージのイベントでは{name}は{parts}ライフは{life}点から{after}点になり、"
                f"{effect.floor}点未満になりません。{label}は適用されません (120.4c)。"
            )
            return
        allowed = max(0, life + gain - effect.floor)
        cut = loss - allowed
        for r in reversed(items):
            if cut <= 0:
                break
            if r.kind == LIFE_LOSS and r.amount > 0:
                take = min(cut, r.amount)
                r.amount -= take
                cut -= take
                r.modified_by.append(index)
        notes.append(
            f"このダメージは{name}のライフを{effect.floor}点未満({after}点)にするので、{label}により"
            f"代わりに{effect.floor}点まで減ります：失うライフは{loss}点から{allowed}点になります (120.4c)。"
        )
    elif isinstance(effect, NoCounters):
        for r in items:
            if r.kind in _COUNTER_KINDS and r.amount > 0:
                what = "毒カウンター" if r.kind == POISON else "-1/-1カウンター"
                notes.append(f"{label}により、{name}には{what}{r.amount}個が置かれません (120.4c)。")
                r.amount = 0
                r.modified_by.append(index)
        _add(rules, "120.4c")
    elif isinstance(effect, CounterMultiplier):
        holder = _holder(state, obj)
        for r in items:
            if r.kind in _COUNTER_KINDS and r.amount > 0 and effect.covers(r.by, holder):
                what = "毒カウンター" if r.kind == POISON else "-1/-1カウンター"
                before = r.amount
                r.amount *= effect.factor
                r.modified_by.append(index)
                notes.append(
                    f"{label}により、{name}に置かれる{what}は{before}個から{r.amount}個になります (120.4c)。"
                )
        _add(rules, "120.4c")
        _add(rules, "614.1a")


@dataclass(slots=True)
class EventOutcome:
    state: GameState
    changes: list[Change]
    notes: list[str]


def apply_results(state: GameState, results: Iterable[Result], deathtouched: Iterable[str]) -> EventOutcome:
    """CR 120.4d: the damage event happens — every result at once."""
    life: dict[str, int] = {}
    lost: dict[str, int] = {}
    gained: dict[str, int] = {}
    poison: dict[str, int] = {}
    perm: dict[str, dict[str, int]] = {}
    rule_of: dict[tuple[str, str], str] = {}
    """The CR rule of each changed attribute; 120.4d when several results combine."""
    for r in results:
        key = (r.object, "life" if r.kind in (LIFE_LOSS, LIFE_GAIN) else r.kind)
        rule_of[key] = r.rule if rule_of.get(key, r.rule) == r.rule else "120.4d"
        if r.amount <= 0:
            continue
        if r.kind == LIFE_LOSS:
            life[r.object] = life.get(r.object, 0) - r.amount
            lost[r.object] = lost.get(r.object, 0) + r.amount
        elif r.kind == LIFE_GAIN:
            life[r.object] = life.get(r.object, 0) + r.amount
            gained[r.object] = gained.get(r.object, 0) + r.amount
        elif r.kind == POISON:
            poison[r.object] = poison.get(r.object, 0) + r.amount
        else:
            d = perm.setdefault(r.object, {})
            d[r.kind] = d.get(r.kind, 0) + r.amount
    for pid in deathtouched:
        perm.setdefault(pid, {})

    changes: list[Change] = []
    notes: list[str] = []

    def rule(obj: str, attr: str) -> str:
        return rule_of.get((obj, attr), "120.4d")

    if state.teams and (life or poison):  # CR 810.9, 810.10: applied to the team's shared totals
        notes.extend(share_with_teams(state, life, poison))
    new_players: dict[str, Player] = {}
    for pid in dict.fromkeys([*life, *poison]):
        player = state.player(pid)
        q = evolve_player(
            player, life=player.life + life.get(pid, 0), poison=player.poison + poison.get(pid, 0)
        )
        if pid in life:
            extra: dict[str, int] = {}
            if pid in lost:
                extra["lost"] = lost[pid]
            if pid in gained:
                extra["gained"] = gained[pid]
            changes.append(
                Change(pid, "life", player.life, q.life, rule(pid, "life"), ScalarMap.adopt(extra))
            )
            detail = ""
            if pid in lost and pid in gained:
                detail = f"({lost[pid]}点失い、{gained[pid]}点得る)"
            notes.append(f"{player.label}のライフ：{player.life} → {q.life}{detail}")
        if q.poison != player.poison:
            changes.append(Change(pid, "poison", player.poison, q.poison, rule(pid, POISON)))
            notes.append(f"{player.label}の毒カウンター：{player.poison} → {q.poison}")
        new_players[pid] = q

    new_perms: dict[str, Permanent] = {}
    dt = set(deathtouched)
    for pid, d in perm.items():
        p = state.permanent(pid)
        fields: dict[str, object] = {}
        if DAMAGE in d:
            fields["damage"] = p.damage + d[DAMAGE]
            changes.append(Change(pid, "damage", p.damage, fields["damage"], rule(pid, DAMAGE)))
            notes.append(f"{p.label}の負っているダメージ：{p.damage} → {fields['damage']}")
        if MINUS_COUNTERS in d:
            minus = p.minus_counters + d[MINUS_COUNTERS]
            fields["minus_counters"] = minus
            changes.append(Change(pid, MINUS_COUNTERS, p.minus_counters, minus, rule(pid, MINUS_COUNTERS)))
            n = d[MINUS_COUNTERS]
            notes.append(
                f"{p.label}の-1/-1カウンター：{p.minus_counters} → {minus}"
                f"({p.current_power}/{p.current_toughness} → {p.current_power - n}/{p.current_toughness - n})"
            )
        if LOYALTY in d and p.loyalty is not None:
            fields["loyalty"] = max(0, p.loyalty - d[LOYALTY])
            changes.append(Change(pid, "loyalty", p.loyalty, fields["loyalty"], rule(pid, LOYALTY)))
            notes.append(f"{p.label}の忠誠度：{p.loyalty} → {fields['loyalty']}")
        if DEFENSE in d and p.defense is not None:
            fields["defense"] = max(0, p.defense - d[DEFENSE])
            changes.append(Change(pid, "defense", p.defense, fields["defense"], rule(pid, DEFENSE)))
            notes.append(f"{p.label}の守備値：{p.defense} → {fields['defense']}")
        if SHIELD_REMOVED in d:
            shield = max(0, p.shield_counters - d[SHIELD_REMOVED])
            fields["shield_counters"] = shield
            changes.append(Change(pid, SHIELD_REMOVED, p.shield_counters, shield, "122.1c"))
            notes.append(f"{p.label}の盾カウンター：{p.shield_counters} → {shield}")
        if pid in dt:
            fields["deathtouch_damaged"] = True
        new_perms[pid] = evolve(p, **fields)

    new_state = state.replaced(players=new_players, permanents=new_perms)
    return EventOutcome(new_state, changes, notes)
