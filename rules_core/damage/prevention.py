"""CR 120.4b, 614, 615, 616: replacement and prevention effects on the damage itself.

Per affected player or permanent, the applicable effects are applied one at a
time in the order its controller chooses (CR 616.1; ``choices.replacement_order``,
default: protection, the shield counter, then the effects in listed order). Each effect
applies at most once to the event (CR 614.5, 615.12a). Prevented damage is never
dealt (CR 615.6); damage that can't be prevented still has the prevention effects
applied, but nothing is prevented and no shield is used up (CR 615.12).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..document.scenario import Choices
from ..model import protection as pr
from ..model._frozen import ScalarMap
from ..model.effects import (
    EFFECTS2,
    CantBePrevented,
    DamageMultiplier,
    Effect,
    PreventAll,
    PreventFromColor,
    PreventNext,
    PreventNextFromSource,
    PreventStatic,
    TargetFilter,
    effect_label,
)
from ..model.hits import Hit
from ..model.ja import COLOR_JA
from ..model.state import GameState
from ..model.text import object_names, source_name, who
from ..model.trace import Change
from . import redirection as rd
from .shields import SHIELD_COUNTER, SHIELD_LABEL, prevent_with_shield_counter

PROTECTION = "protection"


@dataclass(frozen=True, slots=True)
class PendingGain:
    """CR 615.5: the extra effect of a prevention effect: ``player`` gains life equal to the damage prevented."""

    player: str
    amount: int
    effect: int


@dataclass(slots=True)
class DamageEffectsOutcome:
    """What stage 120.4b did: the effects afterwards, the changes and notes, and life to gain (CR 615.5)."""

    effects: tuple[Effect, ...]
    changes: list[Change] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    gains: list[PendingGain] = field(default_factory=list)
    shield_removed: list[str] = field(default_factory=list)
    """Permanents that lose a shield counter (CR 122.1c), one entry per counter."""
    extras: list[rd.Additional] = field(default_factory=list)
    """CR 615.5: what ``prevent_and`` effects prevented, for their additional effects."""
    orders: dict[str, tuple[tuple[int | str, ...], tuple[int | str, ...]]] = field(default_factory=dict)
    """CR 616.1 (boards with ``EFFECTS2``): per affected object, the effects that could apply at first
    and those that applied, in order."""


def is_unpreventable(hit: Hit, effects: Sequence[Effect], *, event_flag: bool) -> bool:
    """CR 615.12: the event says the damage can't be prevented, or a ``cant_be_prevented`` effect covers it."""
    if event_flag:
        return True
    for effect in effects:
        if isinstance(effect, CantBePrevented):
            if effect.from_ is not None and effect.from_ != hit.source.id:
                continue
            if effect.from_controller is not None and effect.from_controller != hit.source.controller:
                continue
            if effect.combat_only and not hit.combat:
                continue
            return True
    return False


def matches_filter(state: GameState, recipient: str, flt: TargetFilter) -> bool:
    """``to_filter``: a permanent with the controller, subtype and every type given."""
    if not state.is_permanent(recipient):
        return False
    permanent = state.permanent(recipient)
    if flt.controller is not None and permanent.controller != flt.controller:
        return False
    if flt.subtype is not None and flt.subtype not in permanent.subtypes:
        return False
    return all(t in permanent.types for t in flt.types)


def _static_applies(state: GameState, effect: PreventStatic, recipient: str) -> bool:
    if effect.to is not None:
        return effect.to == recipient
    if effect.to_filter is not None:
        return matches_filter(state, recipient, effect.to_filter)
    return True


class _Book:
    """Shields and one-shot effects while the event is processed."""

    def __init__(self, effects: tuple[Effect, ...]) -> None:
        self.effects = effects
        self.shield: dict[int, int] = {}
        self.used: set[int] = set()
        self.from_source_prevented: dict[int, int] = {}
        self.changed: dict[int, Effect] = {}
        """Effects of :mod:`rules_core.damage.redirection` as they stand after this event (shields, used)."""
        self.flow: rd.Flow | None = None

    def result(self) -> tuple[Effect, ...]:
        if not self.shield and not self.used and not self.changed:
            return self.effects
        out: list[Effect] = []
        for i, effect in enumerate(self.effects):
            if i in self.changed:
                effect = self.changed[i]
            elif isinstance(effect, PreventNext) and i in self.shield:
                left = self.shield[i]
                effect = replace(effect, amount=left, used=effect.used or left == 0)
            elif i in self.used and isinstance(effect, (PreventNextFromSource, PreventFromColor)):
                effect = replace(effect, used=True)
            out.append(effect)
        return tuple(out)


def apply_damage_effects(
    state: GameState,
    effects: tuple[Effect, ...],
    choices: Choices,
    hits: list[Hit],
    *,
    cant_be_prevented: bool = False,
) -> DamageEffectsOutcome:
    """CR 120.4b: modify ``hits`` in place by the replacement and prevention effects; return the record.

    ``state`` is the board before the event; ``effects`` the effects as they
    stand; the returned ``effects`` has shields reduced and one-shot effects used up.
    """
    out = DamageEffectsOutcome(effects=effects)
    rules = out.rules
    notes = out.notes
    name_of = object_names(state, [h.source for h in hits])

    # CR 615.12: which damage can't be prevented.
    has_cbp = cant_be_prevented or any(isinstance(e, CantBePrevented) for e in effects)
    if has_cbp:
        told: set[str] = set()
        for hit in hits:
            hit.unpreventable = is_unpreventable(hit, effects, event_flag=cant_be_prevented)
            if hit.unpreventable and hit.source.key not in told:
                told.add(hit.source.key)
                notes.append(f"{source_name(state, hit.source)}のダメージは軽減できません (615.12)。")
                _add(rules, "615.12")

    # The damage effects that can still do something, split by the recipient they name.
    targeted: dict[str, list[int]] = {}
    general: list[int] = []
    has_effects2 = False
    for i, effect in enumerate(effects):
        if isinstance(effect, EFFECTS2):
            general.append(i)
            has_effects2 = True
        elif isinstance(effect, PreventNext):
            if effect.amount > 0 and not effect.used:
                targeted.setdefault(effect.to, []).append(i)
        elif isinstance(effect, PreventFromColor):
            if not effect.used:
                targeted.setdefault(effect.to, []).append(i)
        elif isinstance(effect, PreventNextFromSource):
            if not effect.used:
                general.append(i)
        elif isinstance(effect, (PreventAll, DamageMultiplier, PreventStatic)):
            if effect.to is not None:
                targeted.setdefault(effect.to, []).append(i)
            else:
                general.append(i)

    book = _Book(effects)
    by_recipient: dict[str, list[Hit]] = {}
    for hit in hits:
        by_recipient.setdefault(hit.to, []).append(hit)
    # CR 614.9, 616.2: damage a redirection effect moves joins its new recipient's group, or a group of
    # its own when that recipient's effects were already applied.
    groups = rd.initial_groups(state, effects, by_recipient) if has_effects2 else list(by_recipient.items())
    flow = rd.Flow(groups, hits) if has_effects2 else None
    book.flow = flow

    position = 0
    while position < len(groups):
        recipient, rhits = groups[position]
        position += 1
        if flow is not None:
            flow.close(recipient)
        live = [h for h in rhits if h.amount > 0]
        if not live:
            continue
        candidates = sorted(targeted[recipient] + general) if recipient in targeted else general
        order: list[int | str] = []
        is_perm = state.is_permanent(recipient)
        prot = state.permanent(recipient).protection if is_perm else pr.protection_of(state, recipient)
        if prot and any(pr.matching(prot, h.source) for h in live):
            order.append(PROTECTION)
        if is_perm and state.permanent(recipient).shield_counters:
            order.append(SHIELD_COUNTER)
        for i in candidates:
            if flow is not None and all(i in h.applied for h in live):
                continue  # CR 614.5: it already applied to this damage before it was redirected
            if _could_apply(state, effects[i], recipient, live):
                order.append(i)
        if not order:
            continue
        chosen = choices.replacement_order.get(recipient)
        if chosen:
            first = [x for x in chosen if x in order]
            order = first + [x for x in order if x not in first]
        if len(order) >= 2:
            chooser = state.permanent(recipient).controller if is_perm else recipient
            names = " → ".join(_order_label(effects, x, name_of) for x in order)
            how = "指定された順番" if chosen else "既定の順番"
            notes.append(
                f"{who(state, recipient)}に適用しうる置換・軽減効果が複数あるので、"
                f"{state.label(chooser)}が適用する順番を選びます (616.1)。{how}：{names}。"
            )
            _add(rules, "616.1")
        if flow is None:
            applied: list[int | str] = []
            for item in order:
                if any(h.amount > 0 for h in rhits):
                    applied.append(item)  # CR 614.7a: once no damage is left, nothing more applies
                _apply(state, effects, choices, book, item, recipient, rhits, out, name_of)
            out.orders[recipient] = (tuple(order), tuple(applied))
        else:
            _apply_with_flow(state, effects, choices, book, order, recipient, rhits, out, name_of)

    # CR 615.5: extra effects happen right after the prevention.
    for i, total in book.from_source_prevented.items():
        effect = effects[i]
        assert isinstance(effect, PreventNextFromSource)
        if effect.gain_life_to is not None:
            label = effect_label(effect, i, name_of)
            if total > 0:
                out.gains.append(PendingGain(effect.gain_life_to, total, i))
                notes.append(
                    f"{label}の追加の効果：{state.label(effect.gain_life_to)}は軽減された{total}点に等しいライフを"
                    f"得ます。軽減は本来のイベントの時点で、追加の効果はその直後に起こります (615.5)。"
                )
            else:
                notes.append(f"{label}が軽減したダメージは0点なので、ライフは得ません (615.5)。")
            _add(rules, "615.5")

    for hit in hits:
        if hit.redirected_out and hit.amount == 0 and not hit.prevented:
            notes.append(
                f"{source_name(state, hit.source)}から{who(state, hit.to)}へのダメージはすべて移し替えられたので、"
                f"{who(state, hit.to)}には与えられません (614.9)。"
            )
        elif hit.would_deal > 0 and hit.amount == 0:
            notes.append(
                f"{source_name(state, hit.source)}から{who(state, hit.to)}へのダメージは0点になったので、"
                "ダメージは与えられません (615.6, 120.8)。"
            )
            _add(rules, "615.6")
    out.effects = book.result()
    if flow is not None:
        out.extras = flow.extras
        out.orders = {r: (tuple(c), tuple(a)) for r, (c, a) in flow.orders.items()}
    return out


def _add(rules: list[str], rule: str) -> None:
    if rule not in rules:
        rules.append(rule)


def _apply_with_flow(
    state: GameState,
    effects: tuple[Effect, ...],
    choices: Choices,
    book: _Book,
    order: list[int | str],
    recipient: str,
    rhits: list[Hit],
    out: DamageEffectsOutcome,
    name_of: Callable[[str], str],
) -> None:
    """CR 616.1f: apply the effects in ``order`` one at a time, each only if it still applies after
    those before it (a redirection may have moved the damage away), recording each application."""
    flow = book.flow
    assert flow is not None
    considered, applied = flow.orders.setdefault(recipient, ([], []))
    considered.extend(x for x in order if x not in considered)
    for position, item in enumerate(order):
        live = [h for h in rhits if h.amount > 0]
        if not live:
            if any(h.redirected_out for h in rhits):
                for rest in order[position:]:
                    out.notes.append(
                        f"{_order_label(effects, rest, name_of)}は、ダメージがすべて移し替えられたあとでは"
                        f"もう{who(state, recipient)}へのダメージに適用できないので、適用されません (616.1f)。"
                    )
                _add(out.rules, "616.1f")
            break  # CR 614.7a: no damage left to modify
        if isinstance(item, int):
            if all(item in h.applied for h in live):
                continue
            if not _could_apply(state, effects[item], recipient, live):
                out.notes.append(
                    f"{effect_label(effects[item], item, name_of)}は、先に適用された効果のあとでは"
                    f"もう{who(state, recipient)}へのダメージに適用できないので、適用されません (616.1f)。"
                )
                _add(out.rules, "616.1f")
                continue
        _apply(state, effects, choices, book, item, recipient, rhits, out, name_of)
        if item not in applied:  # a later group of the same recipient (damage moved to it afterwards)
            applied.append(item)
        if isinstance(item, int):
            for hit in live:
                hit.applied = hit.applied | {item}


def _order_label(effects: tuple[Effect, ...], item: int | str, name_of: Callable[[str], str]) -> str:
    if item == PROTECTION:
        return "プロテクション"
    if item == SHIELD_COUNTER:
        return SHIELD_LABEL
    assert isinstance(item, int)
    return effect_label(effects[item], item, name_of)


def _could_apply(state: GameState, effect: Effect, recipient: str, live: list[Hit]) -> bool:
    if isinstance(effect, EFFECTS2):
        return rd.could_apply(state, effect, recipient, live)
    if isinstance(effect, PreventFromColor) and effect.source is not None:
        return effect.to == recipient and any(h.source.id == effect.source for h in live)
    if isinstance(effect, (PreventNext, PreventFromColor)):
        return effect.to == recipient
    if isinstance(effect, PreventNextFromSource):
        return any(h.source.id == effect.source for h in live)
    if isinstance(effect, PreventAll):
        return (
            (effect.to is None or effect.to == recipient)
            and (effect.from_ is None or any(h.source.id == effect.from_ for h in live))
            and (not effect.combat_only or any(h.combat for h in live))
        )
    if isinstance(effect, PreventStatic):
        return _static_applies(state, effect, recipient)
    if isinstance(effect, DamageMultiplier):
        return (
            (effect.to is None or effect.to == recipient)
            and (
                effect.from_controller is None
                or any(h.source.controller == effect.from_controller for h in live)
            )
            and (
                effect.to_opponents_of is None
                or rd.on_opponents_side(state, recipient, effect.to_opponents_of)
            )
        )
    return False


def _apply(
    state: GameState,
    effects: tuple[Effect, ...],
    choices: Choices,
    book: _Book,
    item: int | str,
    recipient: str,
    rhits: list[Hit],
    out: DamageEffectsOutcome,
    name_of: Callable[[str], str],
) -> None:
    """Apply one item of the 616.1 order (an effect index, or the recipient's protection) to ``rhits``."""
    if item == PROTECTION:
        _apply_protection(_Application(state, choices, book, recipient, rhits, out, name_of))
        return
    if item == SHIELD_COUNTER:

        def record(hit: Hit, before: int, after: int) -> None:
            out.changes.append(
                Change(
                    recipient,
                    "prevented",
                    before,
                    after,
                    "122.1c",
                    ScalarMap.adopt({"source": hit.source.key}),
                )
            )

        prevent_with_shield_counter(state, recipient, rhits, record, out.notes, out.rules, out.shield_removed)
        return
    assert isinstance(item, int)
    effect = effects[item]
    if isinstance(effect, EFFECTS2):
        rd.apply(state, effects, choices, book, item, recipient, rhits, out, name_of)
        return
    handler = _APPLY.get(type(effect))
    if handler is not None:
        application = _Application(state, choices, book, recipient, rhits, out, name_of, item)
        application.label = effect_label(effect, item, name_of)
        handler(application, effect)


class _Application:
    """One effect (or protection) being applied to the damage to one recipient, and where it writes."""

    __slots__ = (
        "book",
        "choices",
        "index",
        "label",
        "name_of",
        "notes",
        "out",
        "recipient",
        "rhits",
        "rules",
        "state",
        "to_name",
    )

    def __init__(
        self,
        state: GameState,
        choices: Choices,
        book: _Book,
        recipient: str,
        rhits: list[Hit],
        out: DamageEffectsOutcome,
        name_of: Callable[[str], str],
        index: int = -1,
    ) -> None:
        self.state = state
        self.choices = choices
        self.book = book
        self.recipient = recipient
        self.rhits = rhits
        self.out = out
        self.name_of = name_of
        self.index = index
        self.label = ""
        self.notes = out.notes
        self.rules = out.rules
        self.to_name = who(state, recipient)

    def prevent(self, hit: Hit, amount: int, rule: str, label: str, index: int | None) -> int:
        """Prevent up to ``amount`` of ``hit`` (nothing if it can't be prevented); return what was prevented."""
        state = self.state
        _add(self.rules, rule)
        if hit.unpreventable:
            self.notes.append(
                f"{label}は{source_name(state, hit.source)}から{self.to_name}へのダメージに適用されるが、"
                "軽減できないダメージなので何も軽減しません (615.12)。"
            )
            _add(self.rules, "615.12")
            return 0
        amount = min(amount, hit.amount)
        if amount <= 0:
            return 0
        before = hit.amount
        hit.amount -= amount
        hit.prevented += amount
        extra: dict[str, str | int] = {"source": hit.source.key}
        if index is not None:
            extra["effect"] = index
        self.out.changes.append(
            Change(self.recipient, "prevented", before, hit.amount, rule, ScalarMap.adopt(extra))
        )
        return amount


def _apply_protection(a: _Application) -> None:
    """CR 702.16e, j, k: damage from sources with a stated quality is prevented."""
    state = a.state
    prot = pr.protection_of(state, a.recipient)
    for hit in a.rhits:
        shared = pr.matching(prot, hit.source)
        if hit.amount > 0 and shared:
            before = hit.amount
            label = pr.label(shared, state.label)
            rule = pr.rule_of(shared)
            done = a.prevent(hit, hit.amount, rule, label, None)
            if done:
                a.notes.append(
                    f"{a.to_name}は{label}を持つので、"
                    f"{source_name(state, hit.source)}からの{before}点のダメージはすべて軽減されます ({rule})。"
                )


def _apply_damage_multiplier(a: _Application, effect: DamageMultiplier) -> None:
    """CR 614.1a: the damage from each matching source becomes ``factor`` times as much."""
    for hit in a.rhits:
        if hit.amount <= 0:
            continue
        if effect.from_controller is not None and hit.source.controller != effect.from_controller:
            continue
        before = hit.amount
        hit.amount *= effect.factor
        hit.added += hit.amount - before
        a.out.changes.append(
            Change(
                a.recipient,
                "multiplied",
                before,
                hit.amount,
                "614.1a",
                ScalarMap.adopt({"source": hit.source.key, "effect": a.index}),
            )
        )
        a.notes.append(
            f"{a.label}により、{source_name(a.state, hit.source)}が{a.to_name}に与えるダメージは"
            f"{before}点から{hit.amount}点になります (614.1a, 120.4b)。"
        )
        _add(a.rules, "614.1a")


def _apply_prevent_next(a: _Application, effect: PreventNext) -> None:
    """CR 615.7: the shield prevents up to what is left of it, the damage chosen by ``shield_allocation`` first."""
    remaining = a.book.shield.get(a.index, effect.amount)
    if remaining <= 0:
        return
    live = [h for h in a.rhits if h.amount > 0]
    for hit in live:
        if hit.unpreventable:
            a.notes.append(
                f"{a.label}は{source_name(a.state, hit.source)}から{a.to_name}へのダメージに適用されるが、"
                f"軽減できないダメージなので何も軽減せず、盾も減りません (615.12)。"
            )
            _add(a.rules, "615.12")
            _add(a.rules, "615.7")
    preventable = [h for h in live if not h.unpreventable]
    if not preventable:
        return
    plan: list[tuple[Hit, int]] = []
    allocation = a.choices.shield_allocation.get(a.index)
    if allocation:
        by_key = {h.source.key: h for h in preventable}
        for key, n in allocation.items():
            chosen = by_key.get(key)
            if chosen is not None:
                plan.append((chosen, n))
        if len(preventable) > 1:
            a.notes.append(
                f"{a.to_name}は複数の発生源から同時にダメージを受けるので、"
                f"{a.label}がどのダメージを軽減するかを選びます (615.7)。"
            )
    plan.extend((h, h.amount) for h in preventable)
    start = remaining
    for hit, cap in plan:
        if remaining <= 0:
            break
        before = hit.amount
        done = a.prevent(hit, min(cap, remaining), "615.7", a.label, a.index)
        if done:
            remaining -= done
            a.notes.append(
                f"{a.to_name}が{source_name(a.state, hit.source)}から受ける{before}点のうち{done}点を"
                f"{a.label}が軽減します (615.7)。残り{hit.amount}点。"
            )
    if remaining != start:
        a.book.shield[a.index] = remaining
        a.out.changes.append(
            Change(a.recipient, "shield", start, remaining, "615.7", ScalarMap.adopt({"effect": a.index}))
        )
        a.notes.append(
            f"{a.label}の残りは{remaining}点です。" if remaining else f"{a.label}は使い切られました (615.7)。"
        )


def _apply_prevent_next_from_source(a: _Application, effect: PreventNextFromSource) -> None:
    """CR 615.8: the next instance of damage from the source is prevented, however much (615.5: its gain counts it)."""
    for hit in a.rhits:
        if hit.amount <= 0 or hit.source.id != effect.source:
            continue
        before = hit.amount
        done = a.prevent(hit, hit.amount, "615.8", a.label, a.index)
        a.book.from_source_prevented[a.index] = a.book.from_source_prevented.get(a.index, 0) + done
        if done:
            a.book.used.add(a.index)
            a.notes.append(
                f"{a.label}により、{source_name(a.state, hit.source)}が{a.to_name}に与える{before}点のダメージを"
                "すべて軽減します (615.8)。"
            )


def _apply_prevent_all(a: _Application, effect: PreventAll) -> None:
    """CR 615.1: all matching damage (from ``from``, combat only) is prevented."""
    for hit in a.rhits:
        if hit.amount <= 0:
            continue
        if effect.from_ is not None and hit.source.id != effect.from_:
            continue
        if effect.combat_only and not hit.combat:
            continue
        before = hit.amount
        if a.prevent(hit, hit.amount, "615.1", a.label, a.index):
            a.notes.append(
                f"{a.label}により、{source_name(a.state, hit.source)}から{a.to_name}への{before}点のダメージを"
                "すべて軽減します (615.1)。"
            )


def _apply_prevent_static(a: _Application, effect: PreventStatic) -> None:
    """CR 615.10: ``amount`` of each damage event is prevented, separately for each source."""
    for hit in a.rhits:
        if hit.amount <= 0:
            continue
        before = hit.amount
        done = a.prevent(hit, effect.amount, "615.10", a.label, a.index)
        if done:
            a.notes.append(
                f"{a.label}は{a.to_name}が{source_name(a.state, hit.source)}から受ける{before}点のうち"
                f"{done}点を軽減します (615.10)。残り{hit.amount}点。"
            )


def _apply_prevent_from_color(a: _Application, effect: PreventFromColor) -> None:
    """CR 615.9, 609.7b: damage from a source of that colour now is prevented; a mismatch uses up nothing."""
    color = COLOR_JA[effect.color]
    matched = False
    for hit in a.rhits:
        if hit.amount <= 0:
            continue
        if effect.source is not None and hit.source.id != effect.source:
            continue  # 609.7a: the shield watches only the one source chosen when it was created
        if effect.color not in hit.source.colors:
            a.notes.append(
                f"{source_name(a.state, hit.source)}は今{color}ではないので、{a.label}は"
                f"そのダメージを軽減しません"
                + ("。盾は消費されません (615.9)。" if effect.next_only else " (615.9)。")
            )
            _add(a.rules, "615.9")
            continue
        matched = True
        before = hit.amount
        done = a.prevent(hit, hit.amount, "615.9", a.label, a.index)
        if done:
            a.notes.append(
                f"{source_name(a.state, hit.source)}は{color}なので、{a.label}が{a.to_name}への"
                f"{before}点のダメージを軽減します (615.9)。"
            )
            if effect.next_only:
                a.book.used.add(a.index)
        if effect.next_only:
            break
    if matched:
        _add(a.rules, "615.9")


_APPLY: dict[type, Callable[[_Application, Any], None]] = {
    DamageMultiplier: _apply_damage_multiplier,
    PreventNext: _apply_prevent_next,
    PreventNextFromSource: _apply_prevent_next_from_source,
    PreventAll: _apply_prevent_all,
    PreventStatic: _apply_prevent_static,
    PreventFromColor: _apply_prevent_from_color,
}
"""How each effect kind of § 1.4 applies (EFFECTS2 are applied by :mod:`rules_core.damage.redirection`)."""
