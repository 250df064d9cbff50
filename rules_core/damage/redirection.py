"""Stage 120.4b for the effects of :data:`rules_core.model.effects.EFFECTS2`.

- Redirection (CR 614.9): ``redirect_damage`` moves damage to another recipient. The moved damage keeps
  its source, so lifelink, infect, deathtouch and wither still work from the source (120.3, 702.2b,
  702.15b, 702.90), and combat damage stays combat damage (ruling 2012-10-01, Palisade Giant). Its new
  recipient's controller then applies the effects that now apply to it (616.1f, 616.2), never one that
  already applied to this damage (614.5). The effect does nothing if the new recipient has left the
  battlefield or is no longer a battle, creature or planeswalker, or if a player involved has left the
  game (614.9).
- Prevention with an additional effect (CR 615.5): ``prevent_and`` prevents, and records what it prevented;
  :mod:`rules_core.damage.additional` carries out the additional effect right after the event. Damage that
  can't be prevented has the effect applied, prevents 0, and nothing counted happens (615.12).
- Modifiers that are not multiplications: ``damage_plus`` (+N, 614.1a), ``prevent_half`` (half, rounded
  up), ``prevent_all_but`` (all but N); each takes part in the 616.1 order like any other effect.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..document.scenario import Choices
from ..model._frozen import FrozenMap
from ..model.effects import (
    DamagePlus,
    Dealer,
    Effect,
    PreventAllBut,
    PreventAnd,
    PreventHalf,
    RedirectDamage,
    effect_label,
)
from ..model.hits import Hit
from ..model.ja import COLOR_JA, KEYWORD_JA
from ..model.state import DAMAGEABLE_TYPES, GameState, Source
from ..model.text import source_name, who
from ..model.trace import Change

FOLLOWS_SOURCE = {"lifelink": "702.15b", "infect": "702.90b", "deathtouch": "702.2b", "wither": "702.80a"}
"""Keywords whose effect belongs to the source of the damage, wherever the damage goes, and their rules."""


@dataclass(frozen=True, slots=True)
class Additional:
    """CR 615.5: what a ``prevent_and`` effect prevented from one source, for its additional effect."""

    effect: int
    then: str
    recipient: str
    source: Source
    prevented: int
    dealer: Dealer | None = None
    player: str | None = None


def on_opponents_side(state: GameState, recipient: str, player: str) -> bool:
    """An opponent of ``player``, or a permanent an opponent controls (every other player is an opponent)."""
    if state.is_permanent(recipient):
        return state.permanent(recipient).controller != player
    return recipient != player


def initial_groups(
    state: GameState, effects: Iterable[Effect], by_recipient: Mapping[str, list[Hit]]
) -> list[tuple[str, list[Hit]]]:
    """The groups of damage to process, one per recipient, in event order except that a recipient that
    redirection effects may send damage to comes after every recipient they may take it from, so that
    damage moved to it is processed with the damage dealt to it directly (615.7, 616.1). Redirection
    targets with no damage of their own get an empty group, ready for what is moved to them."""
    redirects = [e for e in effects if isinstance(e, RedirectDamage)]
    groups: dict[str, list[Hit]] = dict(by_recipient)
    for effect in redirects:
        groups.setdefault(effect.to, [])
    rank = dict.fromkeys(groups, 0)
    limit = len(redirects)
    for _ in range(limit):  # longest chain of redirections; a cycle (two Palisade Giants) stops at the limit
        changed = False
        for effect in redirects:
            for recipient in groups:
                if (
                    recipient == effect.to
                    or rank[recipient] >= limit
                    or rank[recipient] + 1 <= rank[effect.to]
                ):
                    continue
                if recipient == effect.from_ or (
                    effect.and_permanents
                    and state.is_permanent(recipient)
                    and state.permanent(recipient).controller == effect.from_
                ):
                    rank[effect.to] = rank[recipient] + 1
                    changed = True
        if not changed:
            break
    return [(r, groups[r]) for r in sorted(groups, key=rank.__getitem__)]


class Flow:
    """The groups of damage still to process in stage 120.4b, and the damage redirection adds."""

    def __init__(self, groups: list[tuple[str, list[Hit]]], hits: list[Hit]) -> None:
        self.groups = groups
        self.open: dict[str, list[Hit]] = dict(groups)
        self.hits = hits
        self.extras: list[Additional] = []
        self.orders: dict[str, tuple[list[int | str], list[int | str]]] = {}
        """Per affected object: the effects that could apply as its damage was first looked at, and
        those that applied, in order (616.1)."""

    def close(self, recipient: str) -> None:
        """The group of ``recipient`` is being processed: damage moved to it later forms a new group."""
        self.open.pop(recipient, None)

    def deliver(self, hit: Hit) -> None:
        self.hits.append(hit)
        group = self.open.get(hit.to)
        if group is not None:
            group.append(hit)
            return
        group = [hit]
        self.open[hit.to] = group
        self.groups.append((hit.to, group))


# --------------------------------------------------------------------------- applicability (616.1f)


def _current(book: Any, index: int, effect: Effect) -> Effect:
    changed: dict[int, Effect] = book.changed
    return changed.get(index, effect)


def could_apply(state: GameState, effect: Effect, recipient: str, live: list[Hit]) -> bool:
    """Whether ``effect`` would modify damage now about to be dealt to ``recipient`` (616.1, 616.1f)."""
    if isinstance(effect, RedirectDamage):
        if effect.used or (effect.amount is not None and effect.amount <= 0) or recipient == effect.to:
            return False
        if effect.source is not None and not any(h.source.id == effect.source for h in live):
            return False
        if recipient == effect.from_:
            return True
        return (
            effect.and_permanents
            and state.is_permanent(recipient)
            and state.permanent(recipient).controller == effect.from_
        )
    if isinstance(effect, PreventAnd):
        if effect.used or effect.to != recipient or (effect.amount is not None and effect.amount <= 0):
            return False
        return effect.source is None or any(h.source.id == effect.source for h in live)
    if isinstance(effect, DamagePlus):
        if effect.to is not None and effect.to != recipient:
            return False
        if effect.to_opponents and (
            effect.from_controller is None or not on_opponents_side(state, recipient, effect.from_controller)
        ):
            return False
        return any(_plus_matches(effect, h.source) for h in live)
    if isinstance(effect, PreventHalf):
        if recipient == effect.player:
            return True
        return state.is_permanent(recipient) and state.permanent(recipient).controller == effect.player
    if isinstance(effect, PreventAllBut):
        return (
            not effect.used
            and effect.to == recipient
            and any(h.source.id == effect.source and h.combat for h in live)
        )
    return False


def _plus_matches(effect: DamagePlus, source: Source) -> bool:
    if effect.from_controller is not None and source.controller != effect.from_controller:
        return False
    return effect.source_color is None or effect.source_color in source.colors


# --------------------------------------------------------------------------- application


class _Context:
    """What one application writes to: the stage's changes, notes and rules."""

    def __init__(self, state: GameState, out: Any, name_of: Callable[[str], str]) -> None:
        self.state = state
        self.changes: list[Change] = out.changes
        self.notes: list[str] = out.notes
        self.rules: list[str] = out.rules
        self.name_of = name_of

    def rule(self, rule: str) -> None:
        if rule not in self.rules:
            self.rules.append(rule)

    def src(self, hit: Hit) -> str:
        return source_name(self.state, hit.source)

    def prevent(self, hit: Hit, amount: int, rule: str, label: str, index: int, recipient: str) -> int:
        """Prevent up to ``amount`` of ``hit``; nothing if it can't be prevented (615.12). Returns what was."""
        self.rule(rule)
        if hit.unpreventable:
            self.notes.append(
                f"{label}は{self.src(hit)}から{who(self.state, recipient)}へのダメージに適用されるが、"
                "軽減できないダメージなので何も軽減しません (615.12)。"
            )
            self.rule("615.12")
            return 0
        amount = min(amount, hit.amount)
        if amount <= 0:
            return 0
        before = hit.amount
        hit.amount -= amount
        hit.prevented += amount
        self.changes.append(
            Change(
                recipient,
                "prevented",
                before,
                hit.amount,
                rule,
                FrozenMap({"source": hit.source.key, "effect": index}),
            )
        )
        return amount


def apply(
    state: GameState,
    effects: tuple[Effect, ...],
    choices: Choices,
    book: Any,
    index: int,
    recipient: str,
    rhits: list[Hit],
    out: Any,
    name_of: Callable[[str], str],
) -> None:
    """Apply effect ``index`` (one of ``EFFECTS2``) to the damage about to be dealt to ``recipient``."""
    effect = _current(book, index, effects[index])
    label = effect_label(effects[index], index, name_of)
    ctx = _Context(state, out, name_of)
    live = [h for h in rhits if h.amount > 0 and h.to == recipient]
    if isinstance(effect, RedirectDamage):
        _redirect(ctx, book, effect, index, label, recipient, _plan(ctx, choices, index, label, live))
    elif isinstance(effect, PreventAnd):
        _prevent_and(ctx, book, effect, index, label, recipient, _plan(ctx, choices, index, label, live))
    elif isinstance(effect, DamagePlus):
        _plus(ctx, effect, index, label, recipient, live)
    elif isinstance(effect, PreventHalf):
        for hit in live:
            before = hit.amount
            half = (before + 1) // 2
            done = ctx.prevent(hit, half, "615.1a", label, index, recipient)
            if done:
                ctx.notes.append(
                    f"{label}により、{ctx.src(hit)}が{who(state, recipient)}に与える{before}点の半分"
                    f"(端数切り上げ)の{done}点を軽減します (615.1a)。残り{hit.amount}点。"
                )
    elif isinstance(effect, PreventAllBut):
        _all_but(ctx, book, effect, index, label, recipient, live)


def _plan(ctx: _Context, choices: Choices, index: int, label: str, live: list[Hit]) -> list[tuple[Hit, int]]:
    """CR 615.7: the damage a counted shield takes first, as ``choices.shield_allocation`` says, then the rest."""
    plan: list[tuple[Hit, int]] = []
    allocation = choices.shield_allocation.get(index)
    if allocation:
        by_key = {h.source.key: h for h in live}
        plan.extend((by_key[key], n) for key, n in allocation.items() if key in by_key)
        if len(live) > 1:
            ctx.notes.append(
                f"複数の発生源から同時にダメージを受けるので、{label}がどのダメージに適用されるかを"
                "影響を受けるプレイヤーかコントローラーが選びます (615.7)。"
            )
            ctx.rule("615.7")
    plan.extend((h, h.amount) for h in live)
    return plan


def _redirect(
    ctx: _Context,
    book: Any,
    effect: RedirectDamage,
    index: int,
    label: str,
    recipient: str,
    plan: list[tuple[Hit, int]],
) -> None:
    state = ctx.state
    ctx.rule("614.9")
    reason = _cannot_redirect(state, recipient, effect.to)
    if reason is not None:
        ctx.notes.append(
            f"{label}は{reason}ので、何もしません。ダメージは{who(state, recipient)}に与えられます (614.9)。"
        )
        return
    remaining = effect.amount
    flow = book.flow
    for hit, cap in plan:
        if effect.source is not None and hit.source.id != effect.source:
            continue
        if remaining is not None and remaining <= 0:
            break
        n = min(hit.amount, cap) if remaining is None else min(hit.amount, cap, remaining)
        if n <= 0:
            continue
        before = hit.amount
        hit.amount -= n
        hit.redirected_out += n
        moved = Hit(hit.source, effect.to, n, combat=hit.combat)
        moved.would_deal = 0
        moved.redirected_in = n
        moved.redirected_from = recipient
        moved.unpreventable = hit.unpreventable
        moved.applied = hit.applied | {index}
        flow.deliver(moved)
        if remaining is not None:
            remaining -= n
        ctx.changes.append(
            Change(
                recipient,
                "redirected",
                before,
                hit.amount,
                "614.9",
                FrozenMap({"source": hit.source.key, "to": effect.to, "effect": index}),
            )
        )
        part = "" if n == before else f"{before}点のうち"
        ctx.notes.append(
            f"{label}により、{ctx.src(hit)}が{who(state, recipient)}に与える{part}{n}点のダメージは、"
            f"代わりに{who(state, effect.to)}に与えられます (614.9)。"
        )
        kept = [k for k in FOLLOWS_SOURCE if hit.source.has(k)]
        if kept:
            cited = ", ".join(["120.3", *(FOLLOWS_SOURCE[k] for k in kept)])
            ctx.notes.append(
                f"移し替えても発生源は{ctx.src(hit)}のままなので、{'・'.join(KEYWORD_JA[k] for k in kept)}は"
                f"新しい受け手へのダメージにもそのまま働きます ({cited})。"
            )
            ctx.rule("120.3")
        if hit.combat:
            ctx.notes.append("移し替えられたダメージも戦闘ダメージのままです (614.9、2012-10-01の裁定)。")
    if remaining is not None and remaining != effect.amount:
        book.changed[index] = replace(effect, amount=remaining, used=remaining == 0)
        ctx.notes.append(
            f"{label}の残りは{remaining}点です。" if remaining else f"{label}は使い切られました (614.9)。"
        )


def _cannot_redirect(state: GameState, origin: str, target: str) -> str | None:
    """CR 614.9: why the damage can't be redirected now, or None."""
    for ident in (origin, target):
        if state.is_permanent(ident):
            permanent = state.permanent(ident)
            if not permanent.on_battlefield:
                return f"{permanent.label}がもう戦場にない"
            if not any(t in permanent.types for t in DAMAGEABLE_TYPES):
                return f"{permanent.label}がもうバトルでもクリーチャーでもプレインズウォーカーでもない"
        elif state.is_player(ident) and state.player(ident).lost:
            return f"{state.player(ident).label}がもうゲームから離れている"
    return None


def _prevent_and(
    ctx: _Context,
    book: Any,
    effect: PreventAnd,
    index: int,
    label: str,
    recipient: str,
    plan: list[tuple[Hit, int]],
) -> None:
    state = ctx.state
    remaining = effect.amount
    used = False
    flow = book.flow
    for hit, most in plan:
        if effect.source is not None and hit.source.id != effect.source:
            continue
        if remaining is not None and remaining <= 0:
            break
        if hit.amount <= 0:
            continue
        cap = min(hit.amount, most) if remaining is None else min(remaining, most)
        before = hit.amount
        rule = "615.7" if effect.amount is not None else ("615.8" if effect.source is not None else "615.1a")
        done = ctx.prevent(hit, cap, rule, label, index, recipient)
        if done == before:
            ctx.notes.append(
                f"{label}が、{ctx.src(hit)}から{who(state, recipient)}への{before}点のダメージをすべて軽減します ({rule})。"
            )
        elif done:
            ctx.notes.append(
                f"{label}が、{ctx.src(hit)}から{who(state, recipient)}への{before}点のうち{done}点を軽減します "
                f"({rule})。残り{hit.amount}点。"
            )
        elif hit.unpreventable and remaining is not None:
            ctx.notes.append(f"軽減できないダメージなので、{label}の盾は減りません (615.12)。")
        if remaining is not None:
            remaining -= done
        if effect.source is not None and done:
            used = True
        flow.extras.append(
            Additional(index, effect.then, recipient, hit.source, done, effect.dealer, effect.player)
        )
        ctx.rule("615.5")
        if effect.source is not None:
            break  # CR 615.8: the next instance of damage from that source only
    if remaining is not None and remaining != effect.amount:
        book.changed[index] = replace(effect, amount=remaining, used=remaining == 0)
        ctx.notes.append(
            f"{label}の残りは{remaining}点です。" if remaining else f"{label}は使い切られました (615.7)。"
        )
    elif used:
        book.changed[index] = replace(effect, used=True)


def _plus(ctx: _Context, effect: DamagePlus, index: int, label: str, recipient: str, live: list[Hit]) -> None:
    state = ctx.state
    ctx.rule("614.1a")
    for hit in live:
        if not _plus_matches(effect, hit.source):
            continue
        before = hit.amount
        hit.amount += effect.amount
        hit.added += effect.amount
        ctx.changes.append(
            Change(
                recipient,
                "increased",
                before,
                hit.amount,
                "614.1a",
                FrozenMap({"source": hit.source.key, "effect": index}),
            )
        )
        color = f"{COLOR_JA[effect.source_color]}の" if effect.source_color else ""
        ctx.notes.append(
            f"{label}により、{color}発生源{ctx.src(hit)}が{who(state, recipient)}に与えるダメージは"
            f"{before}点に{effect.amount}点を加えた{hit.amount}点になります (614.1a, 120.4b)。"
        )


def _all_but(
    ctx: _Context,
    book: Any,
    effect: PreventAllBut,
    index: int,
    label: str,
    recipient: str,
    live: list[Hit],
) -> None:
    state = ctx.state
    for hit in live:
        if hit.source.id != effect.source or not hit.combat:
            continue
        before = hit.amount
        done = ctx.prevent(hit, before - effect.leave, "615.1a", label, index, recipient)
        if done:
            book.changed[index] = replace(effect, used=True)
            ctx.notes.append(
                f"{label}により、{ctx.src(hit)}が{who(state, recipient)}に与える{before}点の戦闘ダメージのうち"
                f"{effect.leave}点を残して{done}点を軽減します (615.1a)。この効果は使い切られました。"
            )
        elif not hit.unpreventable:
            ctx.rule("609.7b")
            ctx.notes.append(
                f"{ctx.src(hit)}のダメージは{before}点で、{effect.leave}点を残すと軽減するダメージがないので、"
                f"{label}は何も軽減せず、使い切られません (609.7b)。"
            )
        return
