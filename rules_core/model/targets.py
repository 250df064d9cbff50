"""CR 115, 601.2c, 608.2b: who a spell or ability may target, and what changes before it resolves.

A damage event's recipient is a *target* when the spell or ability says "target" (115.1); "deals N
damage to each creature" targets nothing (115.10a), so nothing here applies to it. A target must be
legal as the spell is put on the stack (601.2c) and again as it resolves (608.2b):

- shroud: no spell or ability may target it (702.18a);
- hexproof: no spell or ability an opponent controls (702.11b);
- protection: no spell with the stated quality, no ability from a source with it (702.16b);
- a permanent that has left the battlefield is no longer a legal target (608.2b).

Ward (702.21a) doesn't make a target illegal: it is a triggered ability that counters the spell or
ability unless its controller pays the cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ._fast import fast_frozen
from .protection import label, matching
from .state import Permanent, Player, Source

RESPONSE_TYPES: Final = ("gain_keyword", "gain_protection", "leave_battlefield")
"""What may change between casting the spell and its resolution (``event.in_response``)."""

LEAVE_ZONES: Final = ("graveyard", "exile", "hand")
"""Where a permanent that leaves the battlefield in response may go."""


@fast_frozen
@dataclass(frozen=True, slots=True)
class Response:
    """One change made by a spell or ability (``name``) while the targeted spell waits on the stack."""

    type: str
    object: str
    keyword: str | None = None
    quality: str | None = None
    zone: str | None = None
    name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type}
        if self.type == "gain_protection":
            doc["object"] = self.object
            doc["from"] = self.quality
        else:
            doc["permanent"] = self.object
        if self.keyword is not None:
            doc["keyword"] = self.keyword
        if self.zone is not None:
            doc["zone"] = self.zone
        if self.name is not None:
            doc["name"] = self.name
        return doc


def are_opponents(teams: Sequence[Sequence[str]], a: str, b: str) -> bool:
    """Whether players ``a`` and ``b`` are opponents (CR 102.2; 810.2: teammates in Two-Headed Giant are not)."""
    if a == b:
        return False
    return not any(a in team and b in team for team in teams)


def why_untargetable(
    target: Permanent | Player, source: Source, teams: Sequence[Sequence[str]] = ()
) -> tuple[str, str] | None:
    """``(rule, why)`` when ``source`` (a spell, or the source of an ability) can't target ``target``:
    ``why`` is a Japanese sentence (without its full stop) saying what the target has and what that means.
    None when the target is legal."""
    if isinstance(target, Permanent):
        if not target.on_battlefield:
            return "608.2b", "もう戦場にありません。対象にしたときの領域にもうないものは不正な対象です"
        keywords = target.keywords
        if keywords and "shroud" in keywords:
            return "702.18a", "被覆を持っています。被覆を持つものは、どの呪文や能力の対象にもなりません"
        if keywords and "hexproof" in keywords and are_opponents(teams, source.controller, target.controller):
            return (
                "702.11b",
                "呪禁を持っています。呪禁を持つパーマネントは、コントローラーの対戦相手がコントロールする"
                "呪文や能力の対象になりません",
            )
    if target.protection:
        qualities = matching(target.protection, source)
        if qualities:
            return (
                "702.16b",
                f"{label(qualities)}を持っています。プロテクションを持つものは、その性質を持つ呪文や、"
                "その性質を持つ発生源の能力の対象になりません",
            )
    return None


def untargetable_message(
    target_label: str, source_label: str, rule: str, why: str, chosen: str = "601.2c"
) -> str:
    """The parse error for an illegal target chosen as the spell is cast (601.2c) or as a triggered ability is
    put on the stack (``chosen`` 603.3d)."""
    return f"{target_label}は{why}。{source_label}の対象には選べません ({rule}, {chosen})"


def ward_triggers(target: Permanent | Player, source: Source, teams: Sequence[Sequence[str]] = ()) -> bool:
    """CR 702.21a: ward triggers when the permanent becomes the target of an opponent's spell or ability."""
    return (
        isinstance(target, Permanent)
        and target.ward is not None
        and are_opponents(teams, source.controller, target.controller)
    )


__all__ = [
    "LEAVE_ZONES",
    "RESPONSE_TYPES",
    "Response",
    "are_opponents",
    "untargetable_message",
    "ward_triggers",
    "why_untargetable",
]
