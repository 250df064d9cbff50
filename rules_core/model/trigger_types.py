"""The triggered abilities a permanent may carry (``docs/scenario-format.md`` § 6): a fixed vocabulary.

A :class:`Trigger` pairs a trigger event (CR 603.1: "When/Whenever [event], [effect]") with one
:class:`TriggerEffect`. They are plain value objects, written back by :meth:`to_dict`; when they
trigger and how they resolve lives in :mod:`rules_core.events.triggers`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

WHEN: Final = (
    "deals_damage",
    "dealt_damage",
    "gain_life",
    "damage_prevented",
    "excess_damage",
    "dies",
    "counters_removed",
)
"""Trigger events: "whenever ~ deals damage", "whenever ~ is dealt damage", "whenever you gain life",
"whenever damage that would be dealt … is prevented" (CR 615.13), "whenever … is dealt excess damage"
(CR 120.10), "when ~ dies" (CR 603.10a), "whenever one or more +1/+1 counters are removed from ~" (§ 16.3;
``each_counter``: "whenever a +1/+1 counter is removed", once per counter, CR 603.2c)."""

DAMAGE_KINDS: Final = ("any", "combat", "noncombat")
"""Which damage a damage trigger watches: all of it, combat damage only, noncombat damage only."""

RECIPIENT_KINDS: Final = ("any", "player", "creature")
"""``deals_damage``: "deals damage" (once per event), "to a player" or "to a creature" (once per recipient)."""

WATCH: Final = ("self", "you", "opponents", "any")
"""``damage_prevented``/``excess_damage``: whose damage: this permanent, its controller,
what its controller's opponents control (or they themselves), anyone's."""

EFFECT_KINDS: Final = ("gain_life", "lose_life", "counters", "damage")

THAT_MUCH: Final = "that_much"
"""``amount`` of an effect: the amount the trigger saw (CR 120.9: only its own source's damage)."""

COUNTER_KINDS: Final = ("+1/+1", "-1/-1")

REMOVED_KINDS: Final = ("+1/+1", "loyalty")
"""``counter`` of ``counters_removed``: the counters whose removal it watches."""

SELF: Final = "self"
CONTROLLER: Final = "controller"
EACH_OPPONENT: Final = "each_opponent"
ITS_CONTROLLER: Final = "its_controller"
"""``to`` of a damage effect of a trigger that watches others: the watched creature's controller (§ 16.4)."""

WATCHING_OTHERS: Final = ("damage_prevented", "excess_damage", "dealt_damage", "dies")
"""Triggers that take ``watch``: for ``dealt_damage`` and ``dies`` (§ 16.4) it makes the ability watch every
creature (``any``), those its controller controls (``you``) or its opponents' (``opponents``)."""


@dataclass(frozen=True, slots=True)
class TriggerEffect:
    """What a triggered ability does when it resolves.

    - ``gain_life``: ``player`` (``"controller"`` or a player id) gains ``amount`` life (CR 119.3);
    - ``lose_life``: ``player`` (``"controller"``, ``"each_opponent"`` or a player id) loses ``amount`` life;
    - ``counters``: puts ``amount`` counters of ``kind`` on ``on`` (``"self"`` or a permanent id);
    - ``damage``: the ability's source deals ``amount`` damage to ``to`` (``"controller"`` or an id).

    ``amount`` is a number or ``"that_much"``.
    """

    type: str
    amount: int | str = 1
    player: str = CONTROLLER
    kind: str = "+1/+1"
    on: str = SELF
    to: str = CONTROLLER
    target: bool = False
    """拡張 (§ 14.4): ``damage`` — "deals N damage to target …": ``to`` is chosen as a target when the ability is
    put on the stack (CR 603.3d) and checked again as it resolves (608.2b)."""
    ward_paid: bool = False
    """拡張 (§ 14.4): the ward cost of that target was paid (CR 702.21a); unpaid, the ability is countered."""

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type, "amount": self.amount}
        if self.type in ("gain_life", "lose_life"):
            doc["player"] = self.player
        elif self.type == "counters":
            doc["kind"] = self.kind
            doc["on"] = self.on
        else:
            doc["to"] = self.to
            if self.target:
                doc["target"] = True
            if self.ward_paid:
                doc["ward_paid"] = True
        return doc


@dataclass(frozen=True, slots=True)
class Trigger:
    """One triggered ability of a permanent: when ``when`` happens, do ``effect``.

    ``damage`` narrows damage triggers to combat or noncombat damage; ``recipient`` narrows
    ``deals_damage``; ``watch`` says whose damage ``damage_prevented`` and ``excess_damage`` look at.
    ``name`` is how notes call the ability (default 「<permanent>の誘発型能力」).
    """

    when: str
    effect: TriggerEffect
    damage: str = "any"
    recipient: str = "any"
    watch: str = SELF
    name: str | None = None
    each_counter: bool = False
    """``counters_removed``: once per counter removed (Protean Hydra) rather than once per event (CR 603.2c)."""
    counter: str = "+1/+1"
    """``counters_removed``: which counters, ``+1/+1`` or ``loyalty`` (Chandra, Fire Artisan: damage to a
    planeswalker removes them, CR 120.3c)."""

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"when": self.when}
        if self.when == "counters_removed":
            doc["counter"] = self.counter
        if self.each_counter:
            doc["each_counter"] = True
        if self.damage != "any":
            doc["damage"] = self.damage
        if self.recipient != "any":
            doc["recipient"] = self.recipient
        if self.when in ("damage_prevented", "excess_damage") or (
            self.when in WATCHING_OTHERS and self.watch != SELF
        ):
            doc["watch"] = self.watch
        if self.name is not None:
            doc["name"] = self.name
        doc["effect"] = self.effect.to_dict()
        return doc


DELAYED_WHEN: Final = ("dies", "end_step")
"""Delayed trigger events: "when that creature dies this turn" (CR 603.7, 603.10a); "at the beginning of the
next end step, sacrifice it" (603.7, 513.1, 603.2b, 701.21a)."""

END_STEP: Final = "end_step"


@dataclass(frozen=True, slots=True)
class DelayedTrigger:
    """拡張: a delayed triggered ability the event's spell or ability creates as it resolves (CR 603.7a):
    "when ``creature`` dies this turn, [the source] deals ``amount`` damage to that creature's controller"
    (《灼熱の血》). It triggers once (603.7b); its source and controller are the spell's (603.7d-e).
    ``when`` ``"end_step"``: "at the beginning of the next end step, sacrifice ``creature``" (513.1, 701.21a;
    ``amount`` unused)."""

    creature: str
    amount: int
    when: str = "dies"
    name: str | None = None
    controller: str | None = None
    """``end_step``: who controls the ability (and sacrifices), when not the event's source's controller (a combat)."""
    made_by: str | None = None
    """``end_step``: the spell or ability that made it earlier this turn (《騙し討ち》), when not the event's own."""

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"when": self.when, "creature": self.creature}
        if self.when != END_STEP:
            doc["amount"] = self.amount
        if self.name is not None:
            doc["name"] = self.name
        if self.controller is not None:
            doc["controller"] = self.controller
        if self.made_by is not None:
            doc["made_by"] = self.made_by
        return doc


__all__ = [
    "COUNTER_KINDS",
    "DAMAGE_KINDS",
    "DELAYED_WHEN",
    "EFFECT_KINDS",
    "END_STEP",
    "RECIPIENT_KINDS",
    "REMOVED_KINDS",
    "THAT_MUCH",
    "WATCH",
    "WATCHING_OTHERS",
    "WHEN",
    "DelayedTrigger",
    "Trigger",
    "TriggerEffect",
]
