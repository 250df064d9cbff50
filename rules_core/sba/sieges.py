"""CR 310.11b, 704.5v: a defeated Siege waits on the battlefield for its own triggered ability.

Every Siege has the intrinsic ability "When the last defense counter is removed from this permanent,
exile it, then you may cast it transformed without paying its mana cost" (310.11b). While that
ability has triggered and not yet left the stack, the state-based action of 704.5v does not put the
battle into its owner's graveyard.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model.features import is_siege
from ..model.state import GameState
from ..model.trace import Change


def defeated_sieges(state: GameState, changes: Iterable[Change]) -> frozenset[str]:
    """CR 310.11b: the Sieges whose last defense counter ``changes`` removed (defense > 0 → 0)."""
    out = [
        c.object
        for c in changes
        if c.attribute == "defense" and c.after == 0 and c.before > 0 and is_siege(state.permanent(c.object))
    ]
    return frozenset(out)
