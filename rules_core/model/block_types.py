"""The vocabulary of block restrictions (CR 509.1b): which creatures a restriction on an attacker names.

A :class:`BlockerFilter` is one condition on a would-be blocker, written in a document as an object
(``scenario-format.md`` § 13): every key it gives must hold. A restriction lists filters, and a blocker
matches the list when it matches one of them ("creatures with flying or Walls" is two filters).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

BLOCK_KEYWORDS: Final = ("defender", "flying", "menace", "reach")
"""Keyword abilities that matter only when attackers and blockers are declared (CR 702.3b, 702.9b, 702.17b,
702.111b): a permanent may have them, a damage source never needs them."""

ANY_NUMBER: Final = -1
"""``additional_blocks`` of a creature that can block any number of creatures (CR 509.1a)."""


@dataclass(frozen=True, slots=True)
class BlockerFilter:
    """A quality of a blocking creature: each condition given must hold (None: not asked)."""

    keyword: str | None = None
    color: str | None = None
    type: str | None = None
    subtype: str | None = None
    power_at_most: int | None = None
    power_at_least: int | None = None


@dataclass(frozen=True, slots=True)
class BlockRules:
    """A creature's block restrictions besides its keywords (CR 509.1a-b), kept in one field of the
    permanent so that a board without any carries a single None."""

    cant_block: bool = False
    """"can't block" (《離反ダニ、スクレルヴ》)."""
    cant_be_blocked: bool = False
    """"can't be blocked" (《荒廃の工作員》)."""
    cant_be_blocked_by: tuple[BlockerFilter, ...] = ()
    """"can't be blocked by" creatures matching any of these (《探索する獣》: power 2 or less)."""
    cant_be_blocked_except_by: tuple[BlockerFilter, ...] = ()
    """"can't be blocked except by" creatures matching one of these; () for no such restriction."""
    min_blockers: int = 0
    """"can't be blocked except by N or more creatures" (menace is 2, 702.111b); 0 for none."""
    additional_blocks: int = 0
    """How many more attackers it can block than one ("an additional creature" is 1); :data:`ANY_NUMBER`
    for any number."""


NO_BLOCK_RULES: Final = BlockRules()
"""The rules of a creature with none (what a missing ``Permanent.blocks`` stands for)."""


__all__ = ["ANY_NUMBER", "BLOCK_KEYWORDS", "NO_BLOCK_RULES", "BlockRules", "BlockerFilter"]
