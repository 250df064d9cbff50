"""Game objects as frozen value objects: players, permanents, damage sources.

Nothing here changes in place: a changed permanent is a new one made with
:func:`dataclasses.replace`, a changed board a new :class:`GameState`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from ._fast import evolver, fast_frozen
from .block_types import BLOCK_KEYWORDS, BlockRules
from .features import Features, board_features
from .ja import COLOR_JA, KEYWORD_JA
from .trigger_types import Trigger

COLORS: Final = ("white", "blue", "black", "red", "green")
"""The five colours, in the usual order (CR 105.1)."""

KEYWORDS: Final = (
    "deathtouch",
    "double_strike",
    "first_strike",
    "hexproof",
    "indestructible",
    "infect",
    "lifelink",
    "shroud",
    "trample",
    "trample_over_planeswalkers",
    "wither",
)
"""Keyword abilities the scenario format knows (``scenario-format.md``) that damage may depend on."""

PERMANENT_KEYWORDS: Final = (*KEYWORDS, *BLOCK_KEYWORDS)
"""Keyword abilities a permanent may have: those of :data:`KEYWORDS` and the block keywords (§ 13)."""

DAMAGEABLE_TYPES: Final = ("creature", "planeswalker", "battle")
"""CR 120.1a: only battles, creatures and planeswalkers can be dealt damage."""

OTHER_PERMANENT_TYPES: Final = ("artifact", "enchantment")
"""Card types a damageable permanent may have besides (an artifact creature), for protection (CR 702.16a)."""


def sort_colors(colors: Iterable[str]) -> tuple[str, ...]:
    """Colours without repeats, in WUBRG order.

    >>> sort_colors(["green", "white", "green"])
    ('white', 'green')
    """
    present = set(colors)
    if not present:
        return ()
    return tuple(c for c in COLORS if c in present)


@fast_frozen
@dataclass(frozen=True, slots=True)
class Player:
    """A player: life total (CR 119), poison counters (CR 122), whether they lost (CR 704.5a, 704.5c)."""

    id: str
    name: str | None = None
    life: int = 20
    poison: int = 0
    lost: bool = False
    protection: tuple[str, ...] = ()
    """CR 702.16j-k: a player's protection qualities (``rules_core.model.protection``), e.g. ``("everything",)``."""
    left: bool = False
    """CR 800.4a: left a multiplayer game that goes on (after losing it)."""

    @property
    def label(self) -> str:
        """The name a learner reads: ``name`` if given, else the id."""
        return self.name or self.id


@fast_frozen
@dataclass(frozen=True, slots=True)
class Permanent:
    """A permanent on the battlefield (or, after state-based actions, in a graveyard).

    ``power`` and ``toughness`` are the values before counters, as in the
    scenario document; :attr:`current_power` and :attr:`current_toughness`
    add the +1/+1 and -1/-1 counters (CR 122.1a).

    >>> bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2,
    ...                  minus_counters=1)
    >>> bear.current_power, bear.current_toughness
    (1, 1)
    """

    id: str
    controller: str
    types: tuple[str, ...]
    name: str | None = None
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    damage: int = 0
    plus_counters: int = 0
    minus_counters: int = 0
    keywords: frozenset[str] = frozenset()
    toxic: int = 0
    protection: tuple[str, ...] = ()
    loyalty: int | None = None
    defense: int | None = None
    protector: str | None = None
    zone: str = "battlefield"
    deathtouch_damaged: bool = False
    """CR 704.5h: dealt damage by a source with deathtouch since state-based actions were last checked."""
    shield_counters: int = 0
    """CR 122.1c: shield counters (:mod:`rules_core.damage.shields`)."""
    tapped: bool = False
    """Tapped (regeneration taps it, CR 701.19a)."""
    removed_from_combat: bool = False
    """CR 506.4: removed from combat (a regenerated attacking or blocking creature, 701.19a) while still on the
    battlefield."""
    may_assign_as_though_unblocked: bool = False
    """It may assign its combat damage as though it weren't blocked (《茨の精霊》; CR 510.1c gives way to 510.1b)."""
    protection_after_blocks: tuple[str, ...] = ()
    """CR 509.1h: the qualities of ``protection`` gained after blockers were declared (they don't undo a block)."""
    triggers: tuple[Trigger, ...] = ()
    """Its triggered abilities (CR 603), from the fixed vocabulary of :mod:`rules_core.model.trigger_types`."""
    owner: str | None = None
    """CR 108.3: the player who owns it, when not its controller (a creature someone else gained control of)."""
    ward: str | None = None
    """CR 702.21a: its ward cost as printed (「{2}」, 「3点のライフを支払う」), or None without ward."""
    token: bool = False
    """CR 111.1: a token, not a card (Kalitas's replacement looks only at nontoken creatures)."""
    created: bool = False
    """A token created during the resolution (CR 111.1, 614.6: Kalitas's Zombie); it is not in the document."""
    blocks: BlockRules | None = None
    """CR 509.1a-b: its block restrictions besides its keywords (:mod:`rules_core.model.evasion`); None for none."""

    @property
    def label(self) -> str:
        """The name a learner reads: ``name`` if given, else the id."""
        return self.name or self.id

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    @property
    def owned_by(self) -> str:
        """Its owner (CR 108.3): ``owner`` if given, else its controller."""
        return self.owner or self.controller

    @property
    def is_planeswalker(self) -> bool:
        return "planeswalker" in self.types

    @property
    def is_battle(self) -> bool:
        return "battle" in self.types

    @property
    def on_battlefield(self) -> bool:
        return self.zone == "battlefield"

    @property
    def current_power(self) -> int:
        """Power with counters (CR 122.1a); 0 for a permanent without power."""
        return (self.power or 0) + self.plus_counters - self.minus_counters

    @property
    def current_toughness(self) -> int:
        """Toughness with counters (CR 122.1a); 0 for a permanent without toughness."""
        return (self.toughness or 0) + self.plus_counters - self.minus_counters

    def has(self, keyword: str) -> bool:
        """Whether it has ``keyword`` (CR 702: several instances are redundant)."""
        return keyword in self.keywords

    @property
    def defending_player(self) -> str:
        """The player who defends it when it is attacked: a battle's protector (CR 310.8d), else its controller."""
        if self.is_battle and self.protector is not None:
            return self.protector
        return self.controller

    def lethal_damage(self) -> int:
        """CR 120.6, 704.5g: damage still needed for lethal damage (toughness minus marked damage, at least 0).

        >>> Permanent(id="x", controller="A", types=("creature",), power=3, toughness=3, damage=1).lethal_damage()
        2
        """
        return max(0, self.current_toughness - self.damage)

    def sized(self) -> str:
        """``"2/2の灰色熊"`` for a creature, the bare label otherwise, or when the label already states
        the creature's size as it is now (an example's 「トランプルを持つ6/6の緑」 is not written
        「6/6のトランプルを持つ6/6の緑」).

        >>> bear = Permanent(id="b", controller="A", types=("creature",), power=2, toughness=2, name="灰色熊")
        >>> bear.sized(), evolve(bear, name="2/2クリーチャー").sized(), evolve(bear, name="12/12の巨人").sized()
        ('2/2の灰色熊', '2/2クリーチャー', '2/2の12/12の巨人')
        """
        if not self.is_creature:
            return self.label
        size = f"{self.current_power}/{self.current_toughness}"
        return self.label if _states(self.label, size) else f"{size}の{self.label}"


def _states(label: str, size: str) -> bool:
    """Whether ``label`` names ``size`` (``"6/6"``) as a whole, not as part of ``"16/6"`` or ``"6/60"``."""
    at = label.find(size)
    while at >= 0:
        before = label[at - 1] if at else ""
        after = label[at + len(size) : at + len(size) + 1]
        if not (before.isdigit() or before == "/" or after.isdigit() or after == "/"):
            return True
        at = label.find(size, at + 1)
    return False


if TYPE_CHECKING:

    def evolve(permanent: Permanent, **changes: object) -> Permanent:
        """A copy of ``permanent`` with some fields changed (a faster :func:`dataclasses.replace`)."""
        ...
else:
    evolve = evolver(Permanent)
    """A copy of ``permanent`` with some fields changed (a faster :func:`dataclasses.replace`).

    >>> bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2)
    >>> evolve(bear, damage=3).damage, bear.damage
    (3, 0)
    """


if TYPE_CHECKING:

    def evolve_player(player: Player, **changes: object) -> Player:
        """A copy of ``player`` with some fields changed (a faster :func:`dataclasses.replace`)."""
        ...
else:
    evolve_player = evolver(Player)
    """A copy of ``player`` with some fields changed (a faster :func:`dataclasses.replace`: a player's life
    changes in every damage event that reaches one).

    >>> evolve_player(Player("A"), life=17).life
    17
    """


@fast_frozen
@dataclass(frozen=True, slots=True)
class Source:
    """The source of damage (CR 120.7) with the characteristics the damage rules look at.

    Characteristics are read when the damage is dealt (CR 615.9, 702.2e).
    """

    id: str | None
    controller: str
    name: str | None = None
    colors: tuple[str, ...] = ()
    keywords: frozenset[str] = frozenset()
    toxic: int = 0
    is_creature: bool = False
    types: tuple[str, ...] = ()
    """Card types, for protection from a card type (CR 702.16a): ``creature``, ``artifact``, ``instant``..."""
    subtypes: tuple[str, ...] = ()
    """Its subtypes, for protection from a creature type (CR 702.16a, 205.3m: e.g. Goblins)."""

    @property
    def label(self) -> str:
        return self.name or self.id or "発生源"

    @property
    def key(self) -> str:
        """How a source is named in traces and ``shield_allocation``: its id, else its name."""
        return self.id or self.name or "source"

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @classmethod
    def of(cls, permanent: Permanent) -> Source:
        """The permanent as a source of damage."""
        return cls(
            id=permanent.id,
            controller=permanent.controller,
            name=permanent.name,
            colors=permanent.colors,
            keywords=permanent.keywords,
            toxic=permanent.toxic,
            is_creature=permanent.is_creature,
            types=permanent.types,
            subtypes=permanent.subtypes,
        )


_NOT_GIVEN: Final = Features()
"""GameState's default ``features``: replaced by what its own board shows."""


@fast_frozen
@dataclass(frozen=True, slots=True)
class GameState:
    """Every player and permanent, in the scenario's order."""

    players: tuple[Player, ...]
    permanents: tuple[Permanent, ...]
    teams: tuple[tuple[str, ...], ...] = ()
    """Two-Headed Giant (CR 810): the two teams, whose members share one life total and poison counters."""
    features: Features = field(default=_NOT_GIVEN, repr=False, compare=False)
    """What the board may need while it resolves (:mod:`rules_core.model.features`): the scenario's, kept by
    every state derived from this one; worked out from this board when not given."""
    _player_index: Mapping[str, int] = field(init=False, repr=False, compare=False, hash=False)
    _permanent_index: Mapping[str, int] = field(init=False, repr=False, compare=False, hash=False)
    _who: dict[str, str] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.features is _NOT_GIVEN:
            object.__setattr__(self, "features", board_features(self.players, self.permanents, None))
        object.__setattr__(self, "_player_index", {p.id: i for i, p in enumerate(self.players)})
        object.__setattr__(self, "_permanent_index", {p.id: i for i, p in enumerate(self.permanents)})
        object.__setattr__(self, "_who", {})

    def who(self, object_id: str) -> str:
        """A player's name, or a permanent's with its size for a creature (「2/2の灰色熊」); cached."""
        name = self._who.get(object_id)
        if name is None:
            index = self._permanent_index.get(object_id)
            name = self.permanents[index].sized() if index is not None else self.label(object_id)
            self._who[object_id] = name
        return name

    def player(self, player_id: str) -> Player:
        return self.players[self._player_index[player_id]]

    def team_of(self, player_id: str) -> tuple[str, ...]:
        """CR 810.1: the Two-Headed Giant team of ``player_id`` (just that player outside the variant)."""
        for team in self.teams:
            if player_id in team:
                return team
        return (player_id,)

    def permanent(self, permanent_id: str) -> Permanent:
        return self.permanents[self._permanent_index[permanent_id]]

    def is_player(self, object_id: str) -> bool:
        return object_id in self._player_index

    def is_permanent(self, object_id: str) -> bool:
        return object_id in self._permanent_index

    def label(self, object_id: str) -> str:
        """The learner-facing name of a player or permanent id."""
        if object_id in self._player_index:
            return self.player(object_id).label
        if object_id in self._permanent_index:
            return self.permanent(object_id).label
        return object_id

    def in_combat_still(self, permanent_id: str) -> bool:
        """CR 506.4: on the battlefield and not removed from combat (a regenerated creature is removed, 701.19a)."""
        p = self.permanent(permanent_id)
        return p.zone == "battlefield" and not p.removed_from_combat

    def controls_creature(self, player_id: str) -> bool:
        return any(p.controller == player_id and p.is_creature and p.on_battlefield for p in self.permanents)

    def _derive(self, players: tuple[Player, ...], permanents: tuple[Permanent, ...]) -> GameState:
        """A state with the same ids in the same places: the id indexes are shared, not rebuilt."""
        new = object.__new__(GameState)
        set_ = object.__setattr__
        set_(new, "players", players)
        set_(new, "permanents", permanents)
        set_(new, "teams", self.teams)
        set_(new, "features", self.features)
        set_(new, "_player_index", self._player_index)
        set_(new, "_permanent_index", self._permanent_index)
        set_(new, "_who", {})
        return new

    def with_new_permanents(self, added: Iterable[Permanent]) -> GameState:
        """A new state with permanents added at the end (tokens created, CR 111.1): the indexes are rebuilt."""
        more = tuple(added)
        if not more:
            return self
        return GameState(self.players, (*self.permanents, *more), self.teams, self.features)

    def free_id(self, stem: str) -> str:
        """An id no player or permanent has, ``stem`` followed by a number."""
        n = 1
        while f"{stem}{n}" in self._permanent_index or f"{stem}{n}" in self._player_index:
            n += 1
        return f"{stem}{n}"

    def with_players(self, changed: Mapping[str, Player]) -> GameState:
        """A new state with some players replaced (by id)."""
        return self.replaced(players=changed)

    def with_permanents(self, changed: Mapping[str, Permanent]) -> GameState:
        """A new state with some permanents replaced (by id)."""
        return self.replaced(permanents=changed)

    def replaced(
        self,
        *,
        players: Mapping[str, Player] | None = None,
        permanents: Mapping[str, Permanent] | None = None,
    ) -> GameState:
        """A new state with some players and permanents replaced (by id), in one step.

        >>> state = GameState((Player("A"),), ())
        >>> state.replaced(players={"A": Player("A", life=3)}).player("A").life
        3
        """
        if not players and not permanents:
            return self
        new_players = self.players
        if players:
            player_list = list(self.players)
            for pid, player in players.items():
                player_list[self._player_index[pid]] = player
            new_players = tuple(player_list)
        new_perms = self.permanents
        if permanents:
            permanent_list = list(self.permanents)
            for pid, permanent in permanents.items():
                permanent_list[self._permanent_index[pid]] = permanent
            new_perms = tuple(permanent_list)
        return self._derive(new_players, new_perms)


__all__ = [
    "COLORS",
    "COLOR_JA",
    "DAMAGEABLE_TYPES",
    "KEYWORDS",
    "KEYWORD_JA",
    "PERMANENT_KEYWORDS",
    "GameState",
    "Permanent",
    "Player",
    "Source",
    "evolve",
    "evolve_player",
    "sort_colors",
]
