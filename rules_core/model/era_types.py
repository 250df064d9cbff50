"""拡張: the era of the rules a scenario is resolved under (plain value objects; :mod:`rules_core.document.eras`).

``"current"`` is today's rules and the default (a scenario without ``era`` has ``Scenario.era is None``).
``"2009-2024"`` is Magic 2010 to the last rules before Foundations (a damage assignment order, rules file
of 2024-08-02); ``"2007"`` the rules of February 1, 2007 (combat damage on the stack).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ._frozen import FrozenMap
from .effects import Effect

CURRENT: Final = "current"
ORDER_ERA: Final = "2009-2024"
STACK_ERA: Final = "2007"
ERAS: Final = (CURRENT, ORDER_ERA, STACK_ERA)

ERA_FILES: Final = FrozenMap({ORDER_ERA: "2024-08-02", STACK_ERA: "2007-02-01"})
"""The former rules file each era cites: ``era_rules`` entries are ``"<file date>:<rule number>"``."""

WINDOW_ACTIONS: Final = ("sacrifice", "pump", "destroy", "bounce", "damage", "effect")
"""What the 2007 document can list while combat damage is on the stack (``on_stack_actions``)."""


@dataclass(frozen=True, slots=True)
class WindowAction:
    """One spell or ability resolved while the combat damage is on the stack (2007 rule 310.1).

    ``sacrifice`` (``gain_life``: its controller gains that much life, 《貪欲なるベイロス》), ``pump``
    (+``power``/+``toughness``), ``destroy`` (《恐怖》), ``bounce`` (to its owner's hand, 《送還》),
    ``damage`` (``source`` deals ``amount`` to ``to``, not combat damage: 《モグの狂信者》), ``effect``
    (the effect this action creates: a regeneration or prevention shield).
    """

    type: str
    creature: str | None = None
    power: int = 0
    toughness: int = 0
    gain_life: int = 0
    source: str | None = None
    to: str | None = None
    amount: int = 0
    effect: Effect | None = None
    name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type}
        if self.creature is not None:
            doc["creature"] = self.creature
        if self.type == "pump":
            doc["power"] = self.power
            doc["toughness"] = self.toughness
        if self.gain_life:
            doc["gain_life"] = self.gain_life
        if self.type == "damage":
            doc["source"] = self.source
            doc["to"] = self.to
            doc["amount"] = self.amount
        if self.type == "effect":
            assert self.effect is not None
            doc["effect"] = self.effect.to_dict()
        if self.name is not None:
            doc["name"] = self.name
        return doc


@dataclass(frozen=True, slots=True)
class EraSpec:
    """The era of a scenario other than today's, with what that era's document carries.

    ``orders`` (2009-2024): each blocked attacker's damage assignment order as announced (509.2 of the
    2024-08-02 file); the attack's ``blockers`` are already in that order. ``on_stack`` (2007): the window
    while combat damage is on the stack.
    """

    name: str
    orders: FrozenMap[str, tuple[str, ...]] = field(default_factory=FrozenMap)
    on_stack: tuple[WindowAction, ...] = ()


__all__ = [
    "CURRENT",
    "ERAS",
    "ERA_FILES",
    "ORDER_ERA",
    "STACK_ERA",
    "WINDOW_ACTIONS",
    "EraSpec",
    "WindowAction",
]
