"""What happens between the first-strike and the regular combat damage step (``between_steps``, 拡張).

Plain value objects; :mod:`rules_core.combat.midcombat` applies them (CR 510.4, 702.4c-d, 702.7c, 506.4, 508.4d).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .state import Source

CHANGE_TYPES: Final = (
    "pump",
    "gain_keyword",
    "lose_keyword",
    "remove_from_combat",
    "destroy",
    "enter_attacking",
    "enter_blocking",
    "damage",
    "return_to_hand",
    "ninjutsu",
)
"""+X/+Y until end of turn; a keyword gained or lost; removed from combat (506.4); destroyed (701.8);
put onto the battlefield attacking (508.4d) or blocking (509.3c); a spell or ability dealing noncombat
damage (120.2b, 510.3); returned to its owner's hand (400.7, 506.4); ninjutsu (702.49)."""

ENTERING: Final = ("enter_attacking", "enter_blocking", "ninjutsu")
"""Changes that put ``creature`` onto the battlefield in combat (a ninja enters attacking, 702.49c)."""


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
    returned: str | None = None
    """``ninjutsu``: the unblocked attacker returned to its owner's hand as the cost (702.49a)."""
    source: str | Source | None = None
    """``damage``: the permanent (its id) or the spell or ability dealing the damage."""
    damage: tuple[tuple[str, int], ...] = ()
    """``damage``: (recipient, amount), dealt at once (120.2b)."""

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type}
        if self.type == "damage":
            doc["source"] = _source_doc(self.source)
            doc["damage"] = [{"to": to, "amount": amount} for to, amount in self.damage]
        else:
            doc["creature"] = self.creature
        if self.returned is not None:
            doc["returned"] = self.returned
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


def _source_doc(source: str | Source | None) -> Any:
    if not isinstance(source, Source):
        return source
    doc: dict[str, Any] = {"controller": source.controller}
    if source.name is not None:
        doc["name"] = source.name
    doc["colors"] = list(source.colors)
    doc["keywords"] = sorted(source.keywords)
    if source.types:
        doc["types"] = list(source.types)
    return doc


__all__ = ["CHANGE_TYPES", "ENTERING", "StepChange"]
