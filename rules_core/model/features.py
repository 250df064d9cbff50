"""What a board may need while it resolves, worked out once: a scenario's :class:`Features`.

The hooks that matter only for some boards (the life-total rules, what replaces destruction, Sieges,
players leaving a multiplayer game, triggered abilities) each test one attribute here after an event,
instead of looking through the board or the effects again. An attribute is true when the board may
need its hook at any point of the resolution: the effects the 2007 window adds count from the start,
and a state built without a scenario looks through its own board and assumes every effect is there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from ._fast import fast_frozen
from .effects import LIFE_RULE_EFFECTS, CantBeRegenerated, Effect, ExileInstead, Regenerate

if TYPE_CHECKING:
    from .state import Permanent, Player

SIEGE: Final = "Siege"
"""CR 205.3q, 310.11: the battle type every current battle has."""

_DESTRUCTION_EFFECTS: Final = (Regenerate, CantBeRegenerated)


@fast_frozen
@dataclass(frozen=True, slots=True)
class Features:
    """Which of the engine's optional hooks a board may need (each true unless the board rules it out)."""

    life_rules: bool = True
    """``life_cant_change`` or ``no_loss_for_life`` among the effects (CR 119.7, 119.8, 704.5a)."""
    destruction: bool = True
    """Regeneration, "can't be regenerated" or a shield counter: a destruction may be replaced (CR 614.8,
    701.19, 122.1c). No resolution adds shield counters, so a board without any never gets one."""
    sieges: bool = True
    """A Siege on the board (CR 310.11b, 704.5v)."""
    departures: bool = True
    """Three players or more: a player who loses may leave a game that goes on (CR 800.4a)."""
    triggers: bool = True
    """A permanent with triggered abilities, or a Siege with its own (CR 603, 310.11b). No resolution
    gives a permanent new abilities or subtypes."""
    exile_instead: bool = field(default=True, repr=False, compare=False)
    """An ``exile_instead`` effect among the effects: a move to a graveyard may be replaced (CR 614.6)."""


def is_siege(permanent: Permanent) -> bool:
    """A battle with the subtype Siege (CR 310.11)."""
    return permanent.is_battle and SIEGE in permanent.subtypes


def board_features(
    players: Sequence[Player],
    permanents: Sequence[Permanent],
    effects: Iterable[Effect] | None,
) -> Features:
    """The features of a board; ``effects=None`` when the effects are not known (every effect may be there).

    >>> from rules_core.model.state import Permanent, Player
    >>> bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2)
    >>> board_features((Player("A"), Player("B")), (bear,), ())
    Features(life_rules=False, destruction=False, sieges=False, departures=False, triggers=False)
    """
    # one pass and no calls: this runs whenever a scenario is made, on every page that shows a board
    sieges = triggers = shields = False
    for p in permanents:
        if p.triggers:
            triggers = True
        if p.shield_counters:
            shields = True
        if SIEGE in p.subtypes and "battle" in p.types:
            sieges = True
    triggers = triggers or sieges
    exile = True
    if effects is None:
        life_rules = destruction = True
    else:
        kinds = {type(e) for e in effects}
        life_rules = not kinds.isdisjoint(LIFE_RULE_EFFECTS)
        destruction = shields or not kinds.isdisjoint(_DESTRUCTION_EFFECTS)
        exile = ExileInstead in kinds
    return Features(
        life_rules=life_rules,
        destruction=destruction,
        sieges=sieges,
        departures=len(players) >= 3,
        triggers=triggers,
        exile_instead=exile,
    )


__all__ = ["SIEGE", "Features", "board_features", "is_siege"]
