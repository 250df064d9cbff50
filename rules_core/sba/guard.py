"""CR 614.8, 701.19, 122.1c, 702.12b: what replaces a permanent's destruction.

Regeneration (CR 614.8, 701.19): a destruction-replacement effect, by an effect (701.8b, a
``destroy`` event) or by the state-based actions 704.5g/704.5h — never 704.5f. Instead of being
destroyed the permanent loses all its damage, its controller taps it and, if it was attacking or
blocking, it is removed from combat (506.4). A shield from a resolving spell or ability is used
once (701.19a); a static ability regenerates every time (701.19b); "can't be regenerated" keeps
shields from being applied (701.19c). A permanent that would not be destroyed (indestructible,
702.12b) uses nothing. Shield counters replace destruction by an effect only (122.1c, 701.8b).

The state-based actions (:mod:`rules_core.sba.actions`) and a ``destroy`` event both destroy through
:class:`DestructionGuard`; the shield counters' prevention half is in :mod:`rules_core.damage.shields`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from ..model._frozen import FrozenMap
from ..model.effects import CantBeRegenerated, Effect, Regenerate, effect_label
from ..model.ja import COUNTER_JA
from ..model.state import GameState, Permanent, evolve
from ..model.trace import Change

SHIELD_COUNTER = "shield_counter"
"""How ``replacement_order`` names a permanent's shield counters (one effect however many, CR 122.1c)."""

SHIELD_LABEL = COUNTER_JA["shield"]


def needs_guard(state: GameState, kinds: Iterable[type], *, cant_be_regenerated: bool = False) -> bool:
    """Whether anything on this board can replace or comment on destruction (checked once, up front);
    ``kinds``: the classes of the effects present."""
    if cant_be_regenerated or not {Regenerate, CantBeRegenerated}.isdisjoint(kinds):
        return True
    return any(p.shield_counters for p in state.permanents)


def _add(rules: list[str], rule: str) -> None:
    if rule not in rules:
        rules.append(rule)


class DestructionGuard:
    """The destruction-replacement effects of one event and the state-based actions after it.

    A working record, like :class:`~rules_core.damage.prevention._Book`: it marks regeneration shields
    used while the event is processed; :meth:`effects` gives the effects afterwards.
    """

    def __init__(
        self,
        effects: tuple[Effect, ...],
        order: Mapping[str, tuple[int | str, ...]],
        *,
        in_combat: frozenset[str] = frozenset(),
        blocking: frozenset[str] = frozenset(),
        cant_be_regenerated: frozenset[str] = frozenset(),
        nothing_regenerates: bool = False,
    ) -> None:
        self._effects = effects
        self._order = order
        self._in_combat = in_combat
        self._blocking = blocking
        self._unregenerable = set(cant_be_regenerated)
        self._nothing_regenerates = nothing_regenerates
        self._used: set[int] = set()
        self._added: list[Effect] = []
        self._shields: dict[str, list[int]] = {}
        self._everyone_unregenerable = False
        for i, effect in enumerate(effects):
            if isinstance(effect, Regenerate) and (effect.static or not effect.used):
                self._shields.setdefault(effect.on, []).append(i)
            elif isinstance(effect, CantBeRegenerated):
                if effect.on is None:
                    self._everyone_unregenerable = True
                else:
                    self._unregenerable.add(effect.on)

    def forbid_regeneration(self, permanent_ids: Iterable[str]) -> None:
        """CR 701.19c: these can't be regenerated this turn (Incinerate's damage); kept as new effects."""
        for pid in permanent_ids:
            if pid not in self._unregenerable:
                self._unregenerable.add(pid)
                self._added.append(CantBeRegenerated(on=pid))

    def effects(self) -> tuple[Effect, ...]:
        """The effects afterwards: used shields marked ``used``, new "can't be regenerated" effects appended."""
        if not self._used and not self._added:
            return self._effects
        out = [
            replace(e, used=True) if i in self._used and isinstance(e, Regenerate) else e
            for i, e in enumerate(self._effects)
        ]
        return (*out, *self._added)

    def _can_regenerate(self, pid: str) -> bool:
        return not (self._nothing_regenerates or self._everyone_unregenerable or pid in self._unregenerable)

    def destroy(
        self, state: GameState, p: Permanent, *, by_effect: bool, reason: str
    ) -> tuple[Permanent | None, list[str], list[Change], list[str]]:
        """``p`` would be destroyed (``reason``, a Japanese clause). Returns the permanent that stays on the
        battlefield instead (None: it is destroyed), notes, changes and rules.

        The replacements that could apply: its shield counters when destroyed by an effect (122.1c; never
        by state-based actions, 701.8b), then its unused regeneration shields and static regeneration in
        listed order (701.19a, 701.19b) unless it can't be regenerated (701.19c). Its controller chooses
        one (616.1, ``replacement_order``); once one has replaced the destruction, the event no longer
        exists and the others don't apply (614.7, 616.1f).
        """
        notes: list[str] = []
        rules: list[str] = []
        changes: list[Change] = []
        name = p.sized()
        options: list[int | str] = []
        if p.shield_counters:
            if by_effect:
                options.append(SHIELD_COUNTER)
            else:
                notes.append(
                    f"{name}の盾カウンターが置換するのは効果による破壊だけで、状況起因処理による破壊は置換しない"
                    "ので、盾カウンターは取り除かれず、破壊を防げません (122.1c, 701.8b)。"
                )
                _add(rules, "122.1c")
        shields = self._shields.get(p.id, [])
        live_shields = [i for i in shields if i not in self._used]
        if live_shields:
            if self._can_regenerate(p.id):
                options.extend(live_shields)
            else:
                labels = "、".join(self._label(state, i) for i in live_shields)
                notes.append(f"{name}は再生できないので、{labels}は適用されません (701.19c)。")
                _add(rules, "701.19c")
        if not options:
            return None, notes, changes, rules
        chosen = self._order.get(p.id)
        if chosen:
            first = [x for x in chosen if x in options]
            options = first + [x for x in options if x not in first]
        if len(options) > 1:
            how = "指定された順番" if chosen else "既定の順番"
            names = " → ".join(self._label(state, x) for x in options)
            notes.append(
                f"{name}の破壊を置換できる効果が複数あるので、コントローラーの{state.label(p.controller)}が"
                f"1つを選びます (616.1)。{how}：{names}。最初の1つが破壊を置換し、ほかは適用されません (616.1f)。"
            )
            _add(rules, "616.1")
        pick = options[0]
        if pick == SHIELD_COUNTER:
            after = p.shield_counters - 1
            notes.append(
                f"{name}は{reason}が、代わりに盾カウンターを1個取り除きます (122.1c, 614.1a)。"
                f"盾カウンター：{p.shield_counters} → {after}。"
            )
            changes.append(Change(p.id, "counters.shield", p.shield_counters, after, "122.1c"))
            _add(rules, "122.1c")
            _add(rules, "614.1a")
            return evolve(p, shield_counters=after), notes, changes, rules
        assert isinstance(pick, int)
        effect = self._effects[pick]
        assert isinstance(effect, Regenerate)
        rule = "701.19b" if effect.static else "701.19a"
        if not effect.static:
            self._used.add(pick)
        fields: dict[str, object] = {"damage": 0, "tapped": True, "deathtouch_damaged": False}
        steps = ["負っているダメージをすべて取り除き", "タップし"]
        extra = FrozenMap({"effect": pick})
        if p.damage:
            changes.append(Change(p.id, "damage", p.damage, 0, rule, extra))
        if not p.tapped:
            changes.append(Change(p.id, "tapped", False, True, rule, extra))
        else:
            steps[1] = "(すでにタップ状態なので)タップ状態のままにし"
        in_combat = p.id in self._in_combat and not p.removed_from_combat
        if in_combat:
            fields["removed_from_combat"] = True
            changes.append(Change(p.id, "removed_from_combat", False, True, "506.4", extra))
            steps.append("戦闘から取り除き")
            _add(rules, "506.4")
        what = "、".join(steps) + "ます"  # the last step's verb, made polite
        used = "" if effect.static else f"{self._label(state, pick)}は使われました。"
        notes.append(
            f"{name}は{reason}が、{self._label(state, pick)}により代わりに再生します：{what} "
            f"({rule}, 614.8)。{used}"
        )
        if in_combat:
            text = (
                f"戦闘から取り除かれたので、{p.label}はこのあとの戦闘ダメージ・ステップで戦闘ダメージを割り振られず、"
                "割り振りもしません (506.4)。"
            )
            if p.id in self._blocking:
                text += "それがブロックしていた攻撃クリーチャーはブロックされたままです (509.1h)。"
                _add(rules, "509.1h")
            notes.append(text)
        _add(rules, rule)
        _add(rules, "614.8")
        return evolve(p, **fields), notes, changes, rules

    def _label(self, state: GameState, item: int | str) -> str:
        if item == SHIELD_COUNTER:
            return SHIELD_LABEL
        assert isinstance(item, int)
        return effect_label(self._effects[item], item, state.label)
