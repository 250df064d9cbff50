"""Short Japanese phrases for notes. Names come from the scenario (``name``, else the id)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .ja import COLOR_JA
from .state import GameState, Source


def who(state: GameState, object_id: str) -> str:
    """A player's or permanent's name; a creature with its size (「2/2の灰色熊」)."""
    return state.who(object_id)


def plain(state: GameState, object_id: str) -> str:
    """A player's or permanent's name without size."""
    return state.label(object_id)


def source_name(state: GameState, source: Source) -> str:
    """The source's name (a permanent source with its size)."""
    if source.id is not None and state.is_permanent(source.id):
        return state.who(source.id)
    return source.label


def object_names(state: GameState, sources: Iterable[Source]) -> Callable[[str], str]:
    """Names for the ids an effect mentions: players and permanents, and this event's inline sources."""
    inline = {s.id: s.label for s in sources if s.id is not None and not state.is_permanent(s.id)}
    if not inline:
        return state.label
    return lambda ident: inline.get(ident) or state.label(ident)


def colors_ja(colors: Iterable[str]) -> str:
    """「赤」「白と緑」.

    >>> colors_ja(["white", "green"])
    '白と緑'
    """
    return "と".join(COLOR_JA[c] for c in colors)


def rule_ref(rule: str) -> str:
    return f"({rule})"
