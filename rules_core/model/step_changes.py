"""What happens between the first-strike and the regular combat damage step (``between_steps``, 拡張).

Plain value objects; :mod:`rules_core.combat.midcombat` applies them (CR 510.4, 702.4c-d, 702.7c, 506.4, 508.4d).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

CHANGE_TYPES: Final = (
    "pump",
    "gain_keyword",
    "lose_keyword",
    "remove_from_combat",
    "destroy",
    "enter_attacking",
    "enter_blocking",
)
"""+X/+Y until end of turn; a keyword gained or lost; removed from combat (506.4); destroyed (701.8);
put onto the battlefield attacking (508.4d) or blocking (509.3c)."""

ENTERING: Final = ("enter_attacking", "enter_blocking")


@dataclass(frozen=True, slots=True)
class StepChange:
    """One change to the board between the two combat damage steps, made by a spell or ability (``name``)."""

    type: str
    creature: str
    power: int = 0
    toughness: int = 0
    keyword: str | None = None
    defender: str | None = None
    """``enter_attacking``: the player, planeswalker or battle it attacks."""
    blocking: str | None = None
    """``enter_blocking``: the attacking creature it blocks."""
    name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type, "creature": self.creature}
        if self.type == "pump":
            doc["power"] = self.power
            doc["toughness"] = self.toughness
        if self.keyword is not None:
            doc["keyword"] = self.keyword
        if self.defender is not None:
            doc["defender"] = self.defender
        if self.blocking is not None:
            doc["blocking"] = self.blocking
        if self.name is not None:
            doc["name"] = self.name
        return doc


__all__ = ["CHANGE_TYPES", "ENTERING", "StepChange"]
