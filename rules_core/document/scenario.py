"""The scenario document (``scenario-format.md``): parsing, validation and writing back.

:func:`parse_scenario` turns a JSON-like mapping into a :class:`Scenario`, or
raises :class:`~rules_core.model.errors.ScenarioError` naming the first bad field.
Nothing is half-accepted: unknown keys, unknown ids, wrong types (``True`` is
not an integer), out-of-range numbers and over-long lists are all refused.

>>> doc = {"players": [{"id": "A"}, {"id": "B"}],
...        "permanents": [{"id": "bear", "controller": "B", "types": ["creature"],
...                        "power": 2, "toughness": 2}],
...        "event": {"type": "noncombat", "source": {"name": "稲妻", "controller": "A", "colors": ["red"]},
...                  "damage": [{"to": "bear", "amount": 3}]}}
>>> scenario = parse_scenario(doc)
>>> scenario.permanent("bear").current_toughness
2
>>> parse_scenario(scenario.to_dict()) == scenario
True
>>> parse_scenario({**doc, "players": [{"id": "A", "life": True}]})
Traceback (most recent call last):
...
rules_core.model.errors.ScenarioError: players[0].life: 整数で指定してください
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final

from ..model import protection as pr
from ..model import trigger_types as tt
from ..model._fast import fast_frozen
from ..model._frozen import FrozenMap
from ..model.effects import (
    EFFECT_TYPES,
    EFFECTS2,
    AssignByToughness,
    CantBePrevented,
    CantBeRegenerated,
    ControlCondition,
    CounterMultiplier,
    DamageMultiplier,
    DamagePlus,
    Dealer,
    Effect,
    LifeCantChange,
    LifeFloor,
    LifeGainMultiplier,
    NoCounters,
    NoLifeGain,
    NoLossForLife,
    PreventAll,
    PreventAllBut,
    PreventAnd,
    PreventFromColor,
    PreventHalf,
    PreventNext,
    PreventNextFromSource,
    PreventStatic,
    RedirectDamage,
    Regenerate,
    TargetFilter,
)
from ..model.era_types import EraSpec
from ..model.errors import ScenarioError
from ..model.state import (
    COLORS,
    DAMAGEABLE_TYPES,
    KEYWORDS,
    OTHER_PERMANENT_TYPES,
    GameState,
    Permanent,
    Player,
    Source,
    sort_colors,
)
from ..model.step_changes import CHANGE_TYPES, ENTERING, StepChange
from ..model.trigger_types import Trigger, TriggerEffect
from .limits import check_counts

FORMAT_VERSION: Final = 1

MAX_PLAYERS: Final = 16
MAX_PERMANENTS: Final = 5000
MAX_EFFECTS: Final = 1000
MAX_DAMAGE_ENTRIES: Final = MAX_PERMANENTS + MAX_PLAYERS
MAX_ATTACKS: Final = 1000
MAX_BLOCKERS: Final = 1000
MAX_SUBTYPES: Final = 20
MAX_ID_LENGTH: Final = 64
MAX_NAME_LENGTH: Final = 100
MAX_AMOUNT: Final = 1_000_000
"""Bound for damage amounts, counters, loyalty, defense, poison, shields."""
MAX_LIFE: Final = 1_000_000
MAX_PT: Final = 1_000_000
MAX_FACTOR: Final = 1000
MAX_TOXIC: Final = 1000
MAX_TEXT_LENGTH: Final = 2000

RESERVED_IDS: Final = frozenset({"controller", "protection"})

_EVENT_TYPES = ("noncombat", "combat", "destroy", "fight", "bite", "power_damage")


# --------------------------------------------------------------------------- value objects


@fast_frozen
@dataclass(frozen=True, slots=True)
class DamageSpec:
    """One entry of a non-combat event's ``damage`` list: ``amount`` damage to ``to``."""

    to: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"to": self.to, "amount": self.amount}


@fast_frozen
@dataclass(frozen=True, slots=True)
class NoncombatEvent:
    """Damage dealt by a spell or ability (CR 120.2b). ``source`` is a permanent id or an inline :class:`Source`."""

    source: str | Source
    damage: tuple[DamageSpec, ...]
    excess_to: str | None = None
    cant_be_prevented: bool = False
    cant_be_regenerated: bool = False
    """Extension: a creature dealt damage by this event can't be regenerated this turn (CR 701.19c, Incinerate)."""

    type: ClassVar[str] = "noncombat"

    def to_dict(self) -> dict[str, Any]:
        if isinstance(self.source, Source):
            src: Any = {
                "name": self.source.name,
                "controller": self.source.controller,
                "colors": list(self.source.colors),
                "keywords": sorted(self.source.keywords),
            }
            if self.source.name is None:
                del src["name"]
            if self.source.types:
                src["types"] = list(self.source.types)
            if self.source.id is not None:
                src = {"id": self.source.id, **src}
        else:
            src = self.source
        doc = {
            "type": "noncombat",
            "source": src,
            "damage": [d.to_dict() for d in self.damage],
            "excess_to": self.excess_to,
            "cant_be_prevented": self.cant_be_prevented,
        }
        if self.cant_be_regenerated:
            doc["cant_be_regenerated"] = True
        return doc


@fast_frozen
@dataclass(frozen=True, slots=True)
class Attack:
    """One attacking creature, what it attacks and who blocks it (CR 506, 509)."""

    attacker: str
    defender: str
    blockers: tuple[str, ...] = ()
    blocked: bool = False

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "attacker": self.attacker,
            "defender": self.defender,
            "blockers": list(self.blockers),
        }
        if self.blocked and not self.blockers:
            doc["blocked"] = True
        return doc


Assignment = FrozenMap[str, FrozenMap[str, int]]


def _assignment_doc(a: Assignment) -> dict[str, dict[str, int]]:
    return {k: dict(v) for k, v in a.items()}


@fast_frozen
@dataclass(frozen=True, slots=True)
class CombatEvent:
    """Combat damage (CR 510). Assignments are optional; missing ones are made by default."""

    attacks: tuple[Attack, ...]
    assignments: Assignment = field(default_factory=FrozenMap)
    blocker_assignments: Assignment = field(default_factory=FrozenMap)
    second_step_assignments: Assignment = field(default_factory=FrozenMap)
    second_step_blocker_assignments: Assignment = field(default_factory=FrozenMap)
    between_steps: tuple[StepChange, ...] = ()
    """拡張: what happens between the first-strike and the regular combat damage step (CR 510.4)."""
    combatants: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The creatures in combat (CR 506.3): the attackers, then the blockers, each once, in the order listed."""

    type: ClassVar[str] = "combat"

    def __post_init__(self) -> None:
        seen = dict.fromkeys(attack.attacker for attack in self.attacks)
        for attack in self.attacks:
            seen.update(dict.fromkeys(attack.blockers))
        object.__setattr__(self, "combatants", tuple(seen))

    def attack_of(self, attacker: str) -> Attack | None:
        for attack in self.attacks:
            if attack.attacker == attacker:
                return attack
        return None

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": "combat", "attacks": [a.to_dict() for a in self.attacks]}
        for key in ASSIGNMENT_KEYS:
            value: Assignment = getattr(self, key)
            if value:
                doc[key] = _assignment_doc(value)
        if self.between_steps:
            doc["between_steps"] = [c.to_dict() for c in self.between_steps]
        return doc

    @property
    def entrants(self) -> frozenset[str]:
        """Creatures put onto the battlefield attacking or blocking between the steps (CR 508.4d, 509.3c)."""
        return frozenset(c.creature for c in self.between_steps if c.type in ENTERING)


@dataclass(frozen=True, slots=True)
class PowerDamageEvent:
    """拡張: creatures dealing damage equal to their power at once, not combat damage (CR 701.14d, 120.2b).

    ``type`` ``"fight"``: ``pairs`` is ((a, b), (b, a)) — each deals damage equal to its power to the
    other (CR 701.14a; one creature fighting itself is ((a, a),) and deals twice its power, 701.14c);
    ``"bite"``: one (source, recipient) pair, one-sided; ``"power_damage"``: each source to the same
    recipient ("each creature deals damage equal to its power to …"). ``gone``: creatures of the event
    that left the battlefield before it resolved (CR 701.14b, 608.2b).
    """

    type: str
    pairs: tuple[tuple[str, str], ...]
    gone: tuple[str, ...] = ()
    excess_to: str | None = None
    name: str | None = None
    """The spell or ability that instructs it (《捕食》), for notes."""

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type}
        if self.name is not None:
            doc["name"] = self.name
        if self.type == "fight":
            first = self.pairs[0]
            doc["fighters"] = list(first)
        elif self.type == "bite":
            doc["source"], doc["to"] = self.pairs[0]
        else:
            doc["sources"] = [a for a, _b in self.pairs]
            doc["to"] = self.pairs[0][1]
        if self.gone:
            doc["gone"] = list(self.gone)
        if self.excess_to is not None:
            doc["excess_to"] = self.excess_to
        return doc


@dataclass(frozen=True, slots=True)
class DestroyEvent:
    """Extension: a spell or ability destroys ``targets`` (CR 701.8a), e.g. Murder; with
    ``cant_be_regenerated`` they can't be regenerated (CR 701.19c, Wrath of God)."""

    source: str | Source
    targets: tuple[str, ...]
    cant_be_regenerated: bool = False

    type: ClassVar[str] = "destroy"

    def to_dict(self) -> dict[str, Any]:
        src: Any = self.source
        if isinstance(self.source, Source):
            src = {"id": self.source.id} if self.source.id is not None else {}
            if self.source.name is not None:
                src["name"] = self.source.name
            src["controller"] = self.source.controller
            src["colors"] = list(self.source.colors)
            src["keywords"] = sorted(self.source.keywords)
        doc: dict[str, Any] = {"type": "destroy", "source": src, "targets": list(self.targets)}
        if self.cant_be_regenerated:
            doc["cant_be_regenerated"] = True
        return doc


Event = NoncombatEvent | CombatEvent | DestroyEvent | PowerDamageEvent


@fast_frozen
@dataclass(frozen=True, slots=True)
class Choices:
    """Decisions the rules leave to players.

    ``replacement_order``: for an affected player or permanent, the order in
    which its controller applies replacement/prevention effects (CR 616.1) —
    effect indexes, and ``"protection"`` for the permanent's own protection.
    ``shield_allocation``: for a ``prevent_next`` effect, how much of which
    source's damage it prevents (CR 615.7).
    """

    replacement_order: FrozenMap[str, tuple[int | str, ...]] = field(default_factory=FrozenMap)
    shield_allocation: FrozenMap[int, FrozenMap[str, int]] = field(default_factory=FrozenMap)

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        if self.replacement_order:
            doc["replacement_order"] = {k: list(v) for k, v in self.replacement_order.items()}
        if self.shield_allocation:
            doc["shield_allocation"] = {str(k): dict(v) for k, v in self.shield_allocation.items()}
        return doc


@dataclass(frozen=True)
class Scenario:
    """A parsed, valid scenario: the board, the effects, one damage event, the players' choices.

    ``event`` is ``None`` for a board with no damage event yet (``"event": {}``, an
    extension): resolving it changes nothing.
    """

    players: tuple[Player, ...]
    permanents: tuple[Permanent, ...]
    event: Event | None = None
    effects: tuple[Effect, ...] = ()
    choices: Choices = field(default_factory=Choices)
    active_player: str = ""
    title: str | None = None
    description: str | None = None
    format: int = FORMAT_VERSION
    variant: str | None = None
    """拡張: ``"two_headed_giant"`` (CR 810) or None."""
    teams: tuple[tuple[str, ...], ...] = ()
    """拡張: Two-Headed Giant's two teams of two players (CR 810.1)."""
    era: EraSpec | None = None
    """拡張: a former era of the rules (:mod:`rules_core.document.eras`); None for today's rules."""
    _state: GameState = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not self.active_player and self.players:
            object.__setattr__(self, "active_player", self.players[0].id)
        object.__setattr__(self, "_state", GameState(self.players, self.permanents, self.teams))

    @property
    def state(self) -> GameState:
        """The board before the event."""
        return self._state

    @property
    def is_combat(self) -> bool:
        return isinstance(self.event, CombatEvent)

    def player(self, player_id: str) -> Player:
        return self._state.player(player_id)

    def permanent(self, permanent_id: str) -> Permanent:
        return self._state.permanent(permanent_id)

    def to_dict(self) -> dict[str, Any]:
        """The normalized contract document; ``parse_scenario(s.to_dict()) == s``."""
        doc: dict[str, Any] = {"format": self.format}
        if self.title is not None:
            doc["title"] = self.title
        if self.description is not None:
            doc["description"] = self.description
        doc["active_player"] = self.active_player
        doc["players"] = [_player_doc(p) for p in self.players]
        doc["permanents"] = [_permanent_doc(p) for p in self.permanents]
        doc["effects"] = [e.to_dict() for e in self.effects]
        doc["event"] = {} if self.event is None else self.event.to_dict()
        doc["choices"] = self.choices.to_dict()
        if self.variant is not None:
            doc["variant"] = self.variant
            doc["teams"] = [list(t) for t in self.teams]
        if self.era is not None:
            from .eras import era_document

            era_document(self.era, doc)
        return doc


def _player_doc(p: Player) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": p.id}
    if p.name is not None:
        doc["name"] = p.name
    doc["life"] = p.life
    doc["poison"] = p.poison
    if p.protection:
        doc["protection"] = pr.protection_doc(p.protection)
    return doc


def _permanent_doc(p: Permanent) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": p.id}
    if p.name is not None:
        doc["name"] = p.name
    doc["controller"] = p.controller
    if p.protector is not None:
        doc["protector"] = p.protector
    doc["types"] = list(p.types)
    doc["subtypes"] = list(p.subtypes)
    doc["colors"] = list(p.colors)
    if p.is_creature:
        doc["power"] = p.power
        doc["toughness"] = p.toughness
    if p.loyalty is not None:
        doc["loyalty"] = p.loyalty
    if p.defense is not None:
        doc["defense"] = p.defense
    doc["damage"] = p.damage
    doc["counters"] = {"+1/+1": p.plus_counters, "-1/-1": p.minus_counters}
    if p.shield_counters:
        doc["counters"]["shield"] = p.shield_counters
    doc["keywords"] = sorted(p.keywords)
    doc["toxic"] = p.toxic
    doc["protection"] = pr.protection_doc(p.protection, p.protection_after_blocks)
    if p.tapped:
        doc["tapped"] = True
    if p.may_assign_as_though_unblocked:
        doc["may_assign_as_though_unblocked"] = True
    if p.triggers:
        doc["triggers"] = [t.to_dict() for t in p.triggers]
    if p.owner is not None:
        doc["owner"] = p.owner
    return doc


# --------------------------------------------------------------------------- validation helpers


def _fail(path: str, ja: str, en: str) -> ScenarioError:
    return ScenarioError(path or "document", ja, en)


UNSAFE_TEXT: Final = re.compile(r"[\x00\ud800-\udfff]")
"""NUL and lone surrogates: no text may hold them (PostgreSQL refuses NUL; a lone surrogate has no
UTF-8 encoding, so it could be neither stored nor shown)."""


def _refuse_unsafe(value: str, path: str) -> None:
    """Refuse NUL and lone surrogates (JSON may carry them as ``\\u0000`` and ``\\ud800``)."""
    if UNSAFE_TEXT.search(value):
        raise _fail(
            path,
            "NUL文字(\\u0000)や対になっていないサロゲート(\\ud800 など)は使えません",
            "must not contain NUL or unpaired surrogates",
        )


def _obj(value: Any, path: str) -> Mapping[str, Any]:
    if type(value) is dict:
        for key in value:
            if type(key) is not str:
                raise _fail(path, "キーは文字列で指定してください", "keys must be strings")
        return value
    if not isinstance(value, Mapping):
        raise _fail(path, "オブジェクト(JSONの{})で指定してください", "must be an object")
    for key in value:
        if not isinstance(key, str):
            raise _fail(path, "キーは文字列で指定してください", "keys must be strings")
    return value


def _keys(
    value: Mapping[str, Any],
    path: str,
    allowed: frozenset[str] | tuple[str, ...],
    required: tuple[str, ...] = (),
) -> None:
    for key in value:
        if key not in allowed:
            raise _fail(_join(path, key), "未知の項目です", "unknown key")
    for key in required:
        if key not in value:
            raise _fail(_join(path, key), "必須の項目です", "required")


def _record(
    value: Any, path: str, allowed: frozenset[str], required: tuple[str, ...] = ()
) -> Mapping[str, Any]:
    """``value`` as an object with only ``allowed`` keys and every ``required`` one (:func:`_obj`, :func:`_keys`).

    A plain ``dict`` that passes is returned after two set operations; anything
    else goes through the checks that name the first bad key.
    """
    if type(value) is dict and value.keys() <= allowed and all(key in value for key in required):
        return value
    obj = _obj(value, path)
    _keys(obj, path, allowed, required)
    return obj


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _int(value: Any, path: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, "整数で指定してください", "must be an integer")
    if not lo <= value <= hi:
        raise _fail(
            path, f"{lo}以上{hi}以下の整数で指定してください", f"must be an integer from {lo} to {hi}"
        )
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(path, "true か false で指定してください", "must be true or false")
    return value


def _str(value: Any, path: str, max_len: int, *, what: str = "文字列") -> str:
    if not isinstance(value, str):
        raise _fail(path, "文字列で指定してください", "must be a string")
    if not value:
        raise _fail(path, f"空の{what}は指定できません", "must not be empty")
    if len(value) > max_len:
        raise _fail(path, f"{max_len}文字以内で指定してください", f"must be at most {max_len} characters")
    if not value.isprintable():
        _refuse_unsafe(value, path)
        raise _fail(path, "改行や制御文字は使えません", "must not contain control characters")
    return value


def _id(value: Any, path: str) -> str:
    return _str(value, path, MAX_ID_LENGTH, what="ID")


def _name(value: Any, path: str) -> str | None:
    if value is None:
        return None
    if type(value) is str and 0 < len(value) <= MAX_NAME_LENGTH and value.isprintable():
        return value
    return _str(value, path, MAX_NAME_LENGTH, what="名前")


def _list(value: Any, path: str, max_len: int, *, min_len: int = 0) -> list[Any]:
    if type(value) is list and min_len <= len(value) <= max_len:
        return value
    if not isinstance(value, list | tuple):
        raise _fail(path, "配列(JSONの[])で指定してください", "must be an array")
    if len(value) > max_len:
        raise _fail(path, f"{max_len}個以内で指定してください", f"must have at most {max_len} items")
    if len(value) < min_len:
        raise _fail(path, f"{min_len}個以上指定してください", f"must have at least {min_len} items")
    return list(value)


def _choice(value: Any, path: str, options: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in options:
        shown = "、".join(options)
        raise _fail(path, f"次のいずれかで指定してください: {shown}", f"must be one of: {', '.join(options)}")
    return value


def _choices_list(value: Any, path: str, options: tuple[str, ...]) -> list[str]:
    items = _list(value, path, len(options) * 4)
    for v in items:
        if type(v) is not str or v not in options:
            return [_choice(v, f"{path}[{i}]", options) for i, v in enumerate(items)]
    return items


class _Ids:
    """Known ids while parsing, to refuse references to unknown objects."""

    def __init__(self) -> None:
        self.players: dict[str, Player] = {}
        self.permanents: dict[str, Permanent] = {}
        self.source_id: str | None = None
        self.teams: dict[str, tuple[str, ...]] = {}
        """Two-Headed Giant: each player's team (CR 810.1)."""

    def side(self, player: str) -> tuple[str, ...]:
        """The player and their teammate, if any (CR 805.10a: a team attacks and defends as one)."""
        return self.teams.get(player, (player,))

    def player(self, value: Any, path: str) -> str:
        if type(value) is str and value in self.players:
            return value
        ident = _id(value, path)
        if ident not in self.players:
            raise _fail(path, f"存在しないプレイヤーのIDです: {ident}", f"no player with id {ident!r}")
        return ident

    def permanent(self, value: Any, path: str) -> str:
        if type(value) is str and value in self.permanents:
            return value
        ident = _id(value, path)
        if ident not in self.permanents:
            raise _fail(path, f"存在しないパーマネントのIDです: {ident}", f"no permanent with id {ident!r}")
        return ident

    def object(self, value: Any, path: str) -> str:
        if type(value) is str and (value in self.players or value in self.permanents):
            return value
        ident = _id(value, path)
        if ident not in self.players and ident not in self.permanents:
            raise _fail(
                path,
                f"存在しないプレイヤーまたはパーマネントのIDです: {ident}",
                f"no player or permanent with id {ident!r}",
            )
        return ident

    def source(self, value: Any, path: str) -> str:
        ident = _id(value, path)
        if ident not in self.permanents and ident != self.source_id:
            raise _fail(path, f"存在しない発生源のIDです: {ident}", f"no source with id {ident!r}")
        return ident

    def new(self, value: Any, path: str) -> str:
        if (
            type(value) is str
            and 0 < len(value) <= MAX_ID_LENGTH
            and value.isprintable()
            and value not in self.players
            and value not in self.permanents
            and value != self.source_id
            and value not in RESERVED_IDS
        ):
            return value
        ident = _id(value, path)
        if ident in self.players or ident in self.permanents or ident == self.source_id:
            raise _fail(path, f"IDが重複しています: {ident}", f"duplicate id {ident!r}")
        if ident in RESERVED_IDS:
            raise _fail(path, f"「{ident}」はIDに使えません(予約語)", f"{ident!r} is reserved")
        return ident


# --------------------------------------------------------------------------- parsing


_TOP_KEYS = frozenset(
    (
        "format",
        "title",
        "description",
        "active_player",
        "players",
        "permanents",
        "effects",
        "event",
        "choices",
        "variant",
        "teams",
    )
)
_PLAYER_KEYS = frozenset(("id", "name", "life", "poison", "protection"))
_PERMANENT_KEYS = frozenset(
    (
        "id",
        "name",
        "controller",
        "protector",
        "types",
        "subtypes",
        "colors",
        "power",
        "toughness",
        "loyalty",
        "defense",
        "damage",
        "counters",
        "keywords",
        "toxic",
        "protection",
        "tapped",
        "may_assign_as_though_unblocked",
        "triggers",
        "owner",
    )
)
_COUNTER_KEYS = frozenset(("+1/+1", "-1/-1", "shield"))


def parse_scenario(doc: Mapping[str, Any], *, check_limits: bool = True) -> Scenario:
    """Validate a scenario document fully and return it as a :class:`Scenario`.

    Raises :class:`ScenarioError` (a ``ValueError``) naming the first bad field. The counted limits
    of :mod:`rules_core.document.limits` come first (a :class:`~rules_core.document.limits.LimitExceeded`); every list
    the parser then reads is bounded by them and every key it does not know is refused, so parsing is
    bounded. A document from outside (the board's import, the command line) should go
    through :func:`~rules_core.document.limits.check_document` first, which also walks the whole document for
    its size, number of values and depth. ``check_limits=False`` skips the counted limits, for
    trusted documents only (the benchmarks of the engine's scaling: 1,000 creatures under one spell).
    """
    if check_limits:
        check_counts(doc)  # sizes first (rules_core.document.limits): every later step is bounded by them
    if (
        type(doc) is dict or isinstance(doc, Mapping)
    ) and "era" in doc:  # 拡張: a former era (rules_core.document.eras)
        from .eras import parse_era_document

        return parse_era_document(doc)
    doc = _record(doc, "", _TOP_KEYS, ("players",))
    if "format" in doc:
        fmt = doc["format"]
        if isinstance(fmt, bool) or fmt != FORMAT_VERSION:
            raise _fail(
                "format",
                f"{FORMAT_VERSION} を指定してください(対応している形式は1だけです)",
                f"must be {FORMAT_VERSION}",
            )
    title = None if doc.get("title") is None else _str_multiline(doc["title"], "title", MAX_NAME_LENGTH * 2)
    description = (
        None
        if doc.get("description") is None
        else _str_multiline(doc["description"], "description", MAX_TEXT_LENGTH)
    )

    ids = _Ids()
    players = _list(doc["players"], "players", MAX_PLAYERS, min_len=1)
    for i, raw in enumerate(players):
        player = _parse_player(raw, f"players[{i}]", ids)
        ids.players[player.id] = player
    _player_protection(players, ids)

    teams = _parse_teams(doc, ids)
    active = doc.get("active_player")
    active_player = next(iter(ids.players)) if active is None else ids.player(active, "active_player")

    permanents = _list(doc.get("permanents", []), "permanents", MAX_PERMANENTS)
    for i, raw in enumerate(permanents):
        permanent = _parse_permanent(raw, f"permanents[{i}]", ids)
        ids.permanents[permanent.id] = permanent

    _check_trigger_ids(ids)
    event = _parse_event(doc.get("event"), "event", ids)
    if isinstance(event, CombatEvent):
        for i, attack in enumerate(event.attacks):
            if ids.permanents[attack.attacker].controller not in ids.side(active_player):
                raise _fail(
                    f"event.attacks[{i}].attacker",
                    "攻撃クリーチャーを指定するのはアクティブ・プレイヤーです(active_player のクリーチャーを"
                    "指定してください) (508.1)",
                    "attacking creatures must be controlled by the active player",
                )

    if isinstance(event, CombatEvent) and event.between_steps:
        _place_entrants(event, ids, active_player)

    effects_raw = _list(doc.get("effects", []), "effects", MAX_EFFECTS)
    effects = tuple(_parse_effect(raw, f"effects[{i}]", ids) for i, raw in enumerate(effects_raw))

    choices = _parse_choices(doc.get("choices", {}), "choices", ids, effects)
    if isinstance(event, CombatEvent):
        _check_unblocked_choices(effects, event)

    return Scenario(
        players=tuple(ids.players.values()),
        permanents=tuple(ids.permanents.values()),
        event=event,
        effects=effects,
        choices=choices,
        active_player=active_player,
        title=title,
        description=description,
        variant="two_headed_giant" if teams else None,
        teams=teams,
    )


def _str_multiline(value: Any, path: str, max_len: int) -> str:
    if not isinstance(value, str):
        raise _fail(path, "文字列で指定してください", "must be a string")
    if len(value) > max_len:
        raise _fail(path, f"{max_len}文字以内で指定してください", f"must be at most {max_len} characters")
    _refuse_unsafe(value, path)
    return value


def _parse_player(raw: Any, path: str, ids: _Ids) -> Player:
    obj = _record(raw, path, _PLAYER_KEYS, ("id",))
    life = obj.get("life", 20)
    poison = obj.get("poison", 0)
    return Player(
        id=ids.new(obj["id"], f"{path}.id"),
        name=_name(obj["name"], f"{path}.name") if obj.get("name") is not None else None,
        life=life
        if type(life) is int and -MAX_LIFE <= life <= MAX_LIFE
        else _int(life, f"{path}.life", -MAX_LIFE, MAX_LIFE),
        poison=poison
        if type(poison) is int and 0 <= poison <= MAX_AMOUNT
        else _int(poison, f"{path}.poison", 0, MAX_AMOUNT),
    )


def _amount(obj: Mapping[str, Any], key: str, default: int, path: str, lo: int, hi: int) -> int:
    """``obj[key]`` (or ``default``) as a bounded integer; the path is built only on failure."""
    value = obj.get(key, default)
    if type(value) is int and lo <= value <= hi:
        return value
    return _int(value, f"{path}.{key}", lo, hi)


def _set_of(obj: Mapping[str, Any], key: str, path: str, options: tuple[str, ...]) -> list[str]:
    value = obj.get(key)
    if value is None and key not in obj:
        return []
    return _choices_list(value, f"{path}.{key}", options)


_ROLE_KEYS = (
    ("power", "creature", "クリーチャー"),
    ("toughness", "creature", "クリーチャー"),
    ("loyalty", "planeswalker", "プレインズウォーカー"),
    ("defense", "battle", "バトル"),
)


def _parse_permanent(raw: Any, path: str, ids: _Ids) -> Permanent:
    obj = _record(raw, path, _PERMANENT_KEYS, ("id", "controller", "types"))
    ident = ids.new(obj["id"], f"{path}.id")
    controller = ids.player(obj["controller"], f"{path}.controller")
    types_list = _choices_list(obj["types"], f"{path}.types", _PERMANENT_TYPES)
    if not _DAMAGEABLE.intersection(types_list):
        raise _fail(
            f"{path}.types",
            "creature、planeswalker、battle のうち1つ以上を指定してください",
            "must hold at least one of creature, planeswalker, battle",
        )
    types = tuple(t for t in _PERMANENT_TYPES if t in types_list)
    is_creature = "creature" in types
    is_planeswalker = "planeswalker" in types
    is_battle = "battle" in types

    for key, kind, what in _ROLE_KEYS:
        present = kind in types
        if present and key not in obj:
            raise _fail(f"{path}.{key}", f"{what}には必須の項目です", f"required for a {kind}")
        if not present and key in obj:
            raise _fail(
                f"{path}.{key}", f"{what}でないパーマネントには指定できません", f"only allowed for a {kind}"
            )
    if "protector" in obj and not is_battle:
        raise _fail(
            f"{path}.protector", "バトルでないパーマネントには指定できません", "only allowed for a battle"
        )
    unblocked_key = "may_assign_as_though_unblocked"
    as_though_unblocked = unblocked_key in obj and _bool(obj[unblocked_key], f"{path}.{unblocked_key}")
    if as_though_unblocked and not is_creature:
        raise _fail(
            f"{path}.{unblocked_key}",
            "戦闘ダメージを割り振れるのはクリーチャーだけなので、クリーチャーでないパーマネントには指定できません (510.1)",
            "only allowed for a creature",
        )

    plus = minus = shield = 0
    if "counters" in obj:
        cpath = f"{path}.counters"
        counters = _record(obj["counters"], cpath, _COUNTER_KEYS)
        plus = _amount(counters, "+1/+1", 0, cpath, 0, MAX_AMOUNT)
        minus = _amount(counters, "-1/-1", 0, cpath, 0, MAX_AMOUNT)
        if "shield" in counters:
            shield = _amount(counters, "shield", 0, cpath, 0, MAX_AMOUNT)

    subtypes: list[str] = []
    if obj.get("subtypes"):
        for i, s in enumerate(_list(obj["subtypes"], f"{path}.subtypes", MAX_SUBTYPES)):
            value = _str(s, f"{path}.subtypes[{i}]", MAX_ID_LENGTH)
            if value not in subtypes:
                subtypes.append(value)
    elif "subtypes" in obj:
        _list(obj["subtypes"], f"{path}.subtypes", MAX_SUBTYPES)

    protection, after_blocks = _parse_protection(obj, path, ids) if "protection" in obj else _NO_PROTECTION
    return Permanent(
        id=ident,
        controller=controller,
        types=types,
        name=_name(obj["name"], f"{path}.name") if obj.get("name") is not None else None,
        subtypes=tuple(subtypes),
        colors=sort_colors(_set_of(obj, "colors", path, COLORS)),
        power=_amount(obj, "power", 0, path, -MAX_PT, MAX_PT) if is_creature else None,
        toughness=_amount(obj, "toughness", 0, path, -MAX_PT, MAX_PT) if is_creature else None,
        damage=_amount(obj, "damage", 0, path, 0, MAX_AMOUNT),
        plus_counters=plus,
        minus_counters=minus,
        keywords=frozenset(_set_of(obj, "keywords", path, KEYWORDS)),
        toxic=_amount(obj, "toxic", 0, path, 0, MAX_TOXIC),
        protection=protection,
        protection_after_blocks=after_blocks,
        loyalty=_amount(obj, "loyalty", 0, path, 0, MAX_AMOUNT) if is_planeswalker else None,
        defense=_amount(obj, "defense", 0, path, 0, MAX_AMOUNT) if is_battle else None,
        protector=(
            ids.player(obj["protector"], f"{path}.protector") if obj.get("protector") is not None else None
        ),
        shield_counters=shield,
        tapped=_bool(obj["tapped"], f"{path}.tapped") if "tapped" in obj else False,
        may_assign_as_though_unblocked=as_though_unblocked,
        triggers=_parse_triggers(obj["triggers"], f"{path}.triggers") if obj.get("triggers") else (),
        owner=_owner(obj, path, controller, ids) if "owner" in obj else None,
    )


def _parse_event(raw: Any, path: str, ids: _Ids) -> Event | None:
    """The damage event; ``None`` for no event yet (``{}``, ``null`` or no ``event`` key)."""
    if raw is None or (type(raw) is dict and not raw):
        return None
    obj = _obj(raw, path)
    if not obj:
        return None
    if "type" not in obj:
        raise _fail(f"{path}.type", "必須の項目です(noncombat か combat)", "required (noncombat or combat)")
    kind = _choice(obj["type"], f"{path}.type", _EVENT_TYPES)
    if kind == "noncombat":
        return _parse_noncombat(obj, path, ids)
    if kind == "destroy":
        return _parse_destroy(obj, path, ids)
    if kind in _POWER_EVENT_TYPES:
        return _parse_power_event(kind, obj, path, ids)
    return _parse_combat(obj, path, ids)


_SOURCE_KEYS = frozenset(("id", "name", "controller", "colors", "keywords", "types"))
_NONCOMBAT_KEYS = frozenset(
    ("type", "source", "damage", "excess_to", "cant_be_prevented", "cant_be_regenerated")
)
_DAMAGE_KEYS = frozenset(("to", "amount"))


def _parse_source(raw_source: Any, path: str, ids: _Ids) -> str | Source:
    """An event's ``source``: a permanent's id, or an inline spell or ability object."""
    if isinstance(raw_source, str):
        return ids.permanent(raw_source, path)
    sobj = _record(raw_source, path, _SOURCE_KEYS, ("controller",))
    source_id = ids.new(sobj["id"], f"{path}.id") if sobj.get("id") is not None else None
    source = Source(
        id=source_id,
        controller=ids.player(sobj["controller"], f"{path}.controller"),
        name=_name(sobj.get("name"), f"{path}.name"),
        colors=sort_colors(_choices_list(sobj.get("colors", []), f"{path}.colors", COLORS)),
        keywords=frozenset(_choices_list(sobj.get("keywords", []), f"{path}.keywords", KEYWORDS)),
        types=_source_types(sobj, path),
    )
    ids.source_id = source_id
    return source


def _parse_noncombat(obj: Mapping[str, Any], path: str, ids: _Ids) -> NoncombatEvent:
    _keys(obj, path, _NONCOMBAT_KEYS, ("source", "damage"))
    source = _parse_source(obj["source"], f"{path}.source", ids)
    entries = _list(obj["damage"], f"{path}.damage", MAX_DAMAGE_ENTRIES, min_len=1)
    damage: list[DamageSpec] = []
    seen: set[str] = set()
    for i, raw in enumerate(entries):
        dpath = f"{path}.damage[{i}]"
        dobj = _record(raw, dpath, _DAMAGE_KEYS, ("to", "amount"))
        to = ids.object(dobj["to"], f"{dpath}.to")
        if to in seen:
            raise _fail(f"{dpath}.to", f"同じ相手が2回指定されています: {to}", f"{to!r} is listed twice")
        seen.add(to)
        damage.append(DamageSpec(to=to, amount=_int(dobj["amount"], f"{dpath}.amount", 0, MAX_AMOUNT)))
    excess_raw = obj.get("excess_to")
    excess_to: str | None
    if excess_raw is None:
        excess_to = None
    elif excess_raw == "controller":
        excess_to = "controller"
    else:
        excess_to = ids.object(excess_raw, f"{path}.excess_to")
    return NoncombatEvent(
        source=source,
        damage=tuple(damage),
        excess_to=excess_to,
        cant_be_prevented=_bool(obj.get("cant_be_prevented", False), f"{path}.cant_be_prevented"),
        cant_be_regenerated=_bool(obj.get("cant_be_regenerated", False), f"{path}.cant_be_regenerated"),
    )


_DESTROY_KEYS = frozenset(("type", "source", "targets", "cant_be_regenerated"))


def _parse_destroy(obj: Mapping[str, Any], path: str, ids: _Ids) -> DestroyEvent:
    """Extension: ``{"type": "destroy", "source", "targets", "cant_be_regenerated"}`` (CR 701.8a)."""
    _keys(obj, path, _DESTROY_KEYS, ("source", "targets"))
    source = _parse_source(obj["source"], f"{path}.source", ids)
    targets: list[str] = []
    for i, raw in enumerate(_list(obj["targets"], f"{path}.targets", MAX_PERMANENTS, min_len=1)):
        tpath = f"{path}.targets[{i}]"
        target = ids.permanent(raw, tpath)
        if target in targets:
            raise _fail(
                tpath, f"同じパーマネントが2回指定されています: {target}", f"{target!r} is listed twice"
            )
        targets.append(target)
    return DestroyEvent(
        source=source,
        targets=tuple(targets),
        cant_be_regenerated=_bool(obj.get("cant_be_regenerated", False), f"{path}.cant_be_regenerated"),
    )


_NO_ASSIGNMENT: Assignment = FrozenMap()
ASSIGNMENT_KEYS: Final = (
    "assignments",
    "blocker_assignments",
    "second_step_assignments",
    "second_step_blocker_assignments",
)
"""The combat event's assignment keys (``scenario-format.md`` § 1.5, 2.8), first step's first."""
_COMBAT_KEYS = frozenset(("type", "attacks", "between_steps", *ASSIGNMENT_KEYS))
_ATTACK_KEYS = frozenset(("attacker", "defender", "blockers", "blocked"))


def _parse_combat(obj: Mapping[str, Any], path: str, ids: _Ids) -> CombatEvent:
    _keys(obj, path, _COMBAT_KEYS, ("attacks",))
    raw_attacks = _list(obj["attacks"], f"{path}.attacks", MAX_ATTACKS, min_len=1)
    attacks: list[Attack] = []
    attackers: set[str] = set()
    all_blockers: set[str] = set()
    for i, raw in enumerate(raw_attacks):
        apath = f"{path}.attacks[{i}]"
        aobj = _record(raw, apath, _ATTACK_KEYS, ("attacker", "defender"))
        attacker_id = ids.permanent(aobj["attacker"], f"{apath}.attacker")
        attacker = ids.permanents[attacker_id]
        if not attacker.is_creature:
            raise _fail(
                f"{apath}.attacker",
                "クリーチャーでないパーマネントは攻撃できません",
                "only a creature can attack",
            )
        if attacker_id in attackers:
            raise _fail(
                f"{apath}.attacker",
                f"同じクリーチャーが2回攻撃しています: {attacker_id}",
                f"{attacker_id!r} attacks twice",
            )
        attackers.add(attacker_id)
        defender_id = ids.object(aobj["defender"], f"{apath}.defender")
        if defender_id in ids.players:
            defending_player = defender_id
        else:
            defender = ids.permanents[defender_id]
            if not (defender.is_planeswalker or defender.is_battle):
                raise _fail(
                    f"{apath}.defender",
                    "攻撃できるのはプレイヤー、プレインズウォーカー、バトルだけです (506.1)",
                    "only a player, planeswalker or battle can be attacked",
                )
            defending_player = defender.defending_player
            if defender.is_planeswalker and not defender.is_battle:
                defending_player = defender.controller
        if defending_player in ids.side(attacker.controller):
            raise _fail(
                f"{apath}.defender",
                "自分自身や自分が守るパーマネントは攻撃できません (508.1b)",
                "a creature can't attack its controller or what its controller protects",
            )
        blockers_raw = _list(aobj.get("blockers", []), f"{apath}.blockers", MAX_BLOCKERS)
        blockers: list[str] = []
        for j, braw in enumerate(blockers_raw):
            bpath = f"{apath}.blockers[{j}]"
            blocker_id = ids.permanent(braw, bpath)
            blocker = ids.permanents[blocker_id]
            if not blocker.is_creature:
                raise _fail(
                    bpath, "クリーチャーでないパーマネントはブロックできません", "only a creature can block"
                )
            if blocker_id in blockers:
                raise _fail(
                    bpath,
                    f"同じブロック・クリーチャーが2回指定されています: {blocker_id}",
                    f"{blocker_id!r} is listed twice",
                )
            if blocker.controller not in ids.side(defending_player):  # CR 805.10d: the defending team
                raise _fail(
                    bpath,
                    "ブロックできるのは防御プレイヤーのクリーチャーだけです (509.1a)",
                    "only the defending player's creatures can block",
                )
            forbidden = pr.blocking_forbidden(attacker, blocker)
            if forbidden is not None:
                raise _fail(
                    bpath,
                    pr.cant_block_message(forbidden, lambda ident: ids.players[ident].label),
                    "an attacker with protection can't be blocked by creatures with that quality",
                )
            blockers.append(blocker_id)
        blocked_raw = aobj.get("blocked")
        blocked = bool(blockers) if blocked_raw is None else _bool(blocked_raw, f"{apath}.blocked")
        if blockers and not blocked:
            raise _fail(
                f"{apath}.blocked",
                "ブロック・クリーチャーがいるのにブロックされていないとはできません",
                "an attack with blockers is blocked",
            )
        all_blockers.update(blockers)
        attacks.append(Attack(attacker_id, defender_id, tuple(blockers), blocked))
    for attack in attacks:
        for blocker_id in attack.blockers:
            if blocker_id in attackers:
                raise _fail(
                    f"{path}.attacks",
                    f"攻撃クリーチャーはブロックできません: {blocker_id}",
                    f"attacking creature {blocker_id!r} can't block",
                )
    between = _parse_between_steps(obj.get("between_steps"), f"{path}.between_steps", ids, attacks)
    attackers.update(c.creature for c in between if c.type == "enter_attacking")
    all_blockers.update(c.creature for c in between if c.type == "enter_blocking")

    def assignment(key: str, owners: set[str], owner_ja: str, owner_en: str) -> Assignment:
        if not obj.get(key) and type(obj.get(key, {})) is dict:
            return _NO_ASSIGNMENT
        apath = f"{path}.{key}"
        raw = _obj(obj.get(key, {}), apath)
        if len(raw) > MAX_ATTACKS + MAX_BLOCKERS:
            raise _fail(apath, "項目が多すぎます", "too many entries")
        out: dict[str, FrozenMap[str, int]] = {}
        for creature, division in raw.items():
            cpath = f"{apath}.{creature}"
            ids.permanent(creature, cpath)
            if creature not in owners:
                raise _fail(cpath, f"{owner_ja}ではありません: {creature}", f"{creature!r} is not {owner_en}")
            dobj = _obj(division, cpath)
            if len(dobj) > MAX_BLOCKERS + 2:
                raise _fail(cpath, "項目が多すぎます", "too many entries")
            out[creature] = _division(dobj, cpath, ids)
        return FrozenMap(out)

    return CombatEvent(
        attacks=tuple(attacks),
        assignments=assignment("assignments", attackers, "攻撃クリーチャー", "an attacking creature"),
        blocker_assignments=assignment(
            "blocker_assignments", all_blockers, "ブロック・クリーチャー", "a blocking creature"
        ),
        second_step_assignments=assignment(
            "second_step_assignments", attackers, "攻撃クリーチャー", "an attacking creature"
        ),
        second_step_blocker_assignments=assignment(
            "second_step_blocker_assignments", all_blockers, "ブロック・クリーチャー", "a blocking creature"
        ),
        between_steps=between,
    )


def _division(obj: Mapping[str, Any], path: str, ids: _Ids) -> FrozenMap[str, int]:
    """One creature's combat damage assignment ``{recipient id: amount}`` (recipients must exist)."""
    for to, amount in obj.items():
        if not (
            type(amount) is int and 0 <= amount <= MAX_AMOUNT and (to in ids.players or to in ids.permanents)
        ):
            break
    else:
        return FrozenMap(obj)
    return FrozenMap(
        (ids.object(to, f"{path}.{to}"), _int(amount, f"{path}.{to}", 0, MAX_AMOUNT))
        for to, amount in obj.items()
    )


_EFFECT_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "prevent_next": (("to", "amount", "used"), ("to", "amount")),
    "prevent_next_from_source": (("source", "gain_life_to", "used"), ("source",)),
    "prevent_all": (("to", "from", "combat_only"), ()),
    "prevent_static": (("amount", "to", "to_filter"), ("amount",)),
    "prevent_from_color": (("color", "to", "next_only", "used"), ("color", "to")),
    "damage_multiplier": (("factor", "from_controller", "to", "to_opponents_of"), ("factor",)),
    "life_gain_multiplier": (("player", "factor"), ("player", "factor")),
    "no_life_gain": (("player",), ()),
    "life_floor": (("player", "floor", "if_controls_creature", "condition"), ("player",)),
    "no_counters": (("on",), ("on",)),
    "counter_multiplier": (("factor", "by_controller"), ("factor",)),
    "cant_be_prevented": (("from", "from_controller", "combat_only"), ()),
    "regenerate": (("on", "static", "used"), ("on",)),
    "cant_be_regenerated": (("on",), ()),
    "life_cant_change": (("player",), ("player",)),
    "no_loss_for_life": (("player", "damage_as_infect"), ("player",)),
    "assign_by_toughness": (("controller",), ()),
    "redirect_damage": (("from", "to", "and_permanents", "amount", "source", "used"), ("from", "to")),
    "prevent_and": (("to", "then", "amount", "source", "dealer", "player", "used"), ("to", "then")),
    "damage_plus": (("amount", "from_controller", "source_color", "to_opponents", "to"), ("amount",)),
    "prevent_half": (("player",), ("player",)),
    "prevent_all_but": (("to", "source", "leave", "used"), ("to", "source")),
}
_EFFECT_KINDS = tuple(EFFECT_TYPES)
_EFFECT_ALLOWED = {kind: frozenset(("type", "name", *allowed)) for kind, (allowed, _) in _EFFECT_KEYS.items()}


def _parse_effect(raw: Any, path: str, ids: _Ids) -> Effect:
    obj = _obj(raw, path)
    if "type" not in obj:
        raise _fail(f"{path}.type", "必須の項目です", "required")
    kind = _choice(obj["type"], f"{path}.type", _EFFECT_KINDS)
    _keys(obj, path, _EFFECT_ALLOWED[kind], _EFFECT_KEYS[kind][1])
    name = _name(obj.get("name"), f"{path}.name")

    def opt(key: str, parse: Callable[[Any, str], Any]) -> Any:
        value = obj.get(key)
        return None if value is None else parse(value, f"{path}.{key}")

    def flag(key: str) -> bool:
        return _bool(obj.get(key, False), f"{path}.{key}")

    def amount(key: str, lo: int = 0, hi: int = MAX_AMOUNT) -> int:
        return _int(obj[key], f"{path}.{key}", lo, hi)

    if kind in _EFFECTS2_KINDS:
        return _parse_effect2(kind, obj, path, ids, name)

    if kind == "prevent_next":
        return PreventNext(
            to=ids.object(obj["to"], f"{path}.to"), amount=amount("amount"), used=flag("used"), name=name
        )
    if kind == "prevent_next_from_source":
        return PreventNextFromSource(
            source=ids.source(obj["source"], f"{path}.source"),
            gain_life_to=opt("gain_life_to", ids.player),
            used=flag("used"),
            name=name,
        )
    if kind == "prevent_all":
        return PreventAll(
            to=opt("to", ids.object),
            from_=opt("from", ids.source),
            combat_only=flag("combat_only"),
            name=name,
        )
    if kind == "prevent_static":
        if obj.get("to") is not None and obj.get("to_filter") is not None:
            raise _fail(
                f"{path}.to_filter", "to と to_filter は同時に指定できません", "give either to or to_filter"
            )
        return PreventStatic(
            amount=amount("amount"),
            to=opt("to", ids.object),
            to_filter=opt("to_filter", lambda v, p: _parse_filter(v, p, ids)),
            name=name,
        )
    if kind == "prevent_from_color":
        return PreventFromColor(
            color=_choice(obj["color"], f"{path}.color", COLORS),
            to=ids.object(obj["to"], f"{path}.to"),
            next_only=flag("next_only"),
            used=flag("used"),
            name=name,
        )
    if kind == "damage_multiplier":
        return DamageMultiplier(
            factor=amount("factor", 1, MAX_FACTOR),
            from_controller=opt("from_controller", ids.player),
            to=opt("to", ids.object),
            to_opponents_of=opt("to_opponents_of", ids.player),
            name=name,
        )
    if kind == "life_gain_multiplier":
        return LifeGainMultiplier(
            player=ids.player(obj["player"], f"{path}.player"),
            factor=amount("factor", 1, MAX_FACTOR),
            name=name,
        )
    if kind == "no_life_gain":
        return NoLifeGain(player=opt("player", ids.player), name=name)
    if kind == "life_floor":
        floor = _int(obj.get("floor", 1), f"{path}.floor", -MAX_LIFE, MAX_LIFE)
        condition = None
        if obj.get("condition") is not None:
            if flag("if_controls_creature"):
                raise _fail(
                    f"{path}.condition",
                    "if_controls_creature と condition は同時に指定できません",
                    "give either if_controls_creature or condition",
                )
            condition = _parse_condition(obj["condition"], f"{path}.condition")
        return LifeFloor(
            player=ids.player(obj["player"], f"{path}.player"),
            floor=floor,
            if_controls_creature=flag("if_controls_creature"),
            name=name,
            condition=condition,
        )
    if kind in _NEW_EFFECT_PARSERS:
        return _NEW_EFFECT_PARSERS[kind](obj, path, ids, name)
    if kind == "no_counters":
        return NoCounters(on=ids.object(obj["on"], f"{path}.on"), name=name)
    if kind == "assign_by_toughness":
        return AssignByToughness(controller=opt("controller", ids.player), name=name)
    if kind == "counter_multiplier":
        return CounterMultiplier(
            factor=amount("factor", 1, MAX_FACTOR), by_controller=opt("by_controller", ids.player), name=name
        )
    return CantBePrevented(
        from_=opt("from", ids.source),
        from_controller=opt("from_controller", ids.player),
        combat_only=flag("combat_only"),
        name=name,
    )


def _parse_filter(raw: Any, path: str, ids: _Ids) -> TargetFilter:
    obj = _obj(raw, path)
    _keys(obj, path, ("controller", "subtype", "types"))
    types = _choices_list(obj.get("types", []), f"{path}.types", DAMAGEABLE_TYPES)
    return TargetFilter(
        controller=ids.player(obj["controller"], f"{path}.controller")
        if obj.get("controller") is not None
        else None,
        subtype=_str(obj["subtype"], f"{path}.subtype", MAX_ID_LENGTH)
        if obj.get("subtype") is not None
        else None,
        types=tuple(t for t in DAMAGEABLE_TYPES if t in types),
    )


def _effect_index(key: Any, path: str, effects: tuple[Effect, ...]) -> int:
    if isinstance(key, bool):
        raise _fail(path, "効果の番号(0から)で指定してください", "must be an effect index")
    if isinstance(key, str):
        if not key.isdecimal() or not key.isascii() or len(key) > 6:
            raise _fail(path, "効果の番号(0から)で指定してください", "must be an effect index")
        key = int(key)
    if not isinstance(key, int):
        raise _fail(path, "効果の番号(0から)で指定してください", "must be an effect index")
    if not 0 <= key < len(effects):
        raise _fail(path, f"存在しない効果の番号です: {key}", f"no effect with index {key}")
    return key


_NO_CHOICES = Choices()
_OWN_EFFECTS = ("protection", "shield_counter")
"""``replacement_order`` entries naming a permanent's own effects: its protection (702.16e), its shield
counters (122.1c)."""


def _parse_choices(raw: Any, path: str, ids: _Ids, effects: tuple[Effect, ...]) -> Choices:
    if type(raw) is dict and not raw:
        return _NO_CHOICES
    obj = _obj(raw, path)
    _keys(obj, path, ("replacement_order", "shield_allocation"))
    order_raw = _obj(obj.get("replacement_order", {}), f"{path}.replacement_order")
    order: dict[str, tuple[int | str, ...]] = {}
    for affected, items in order_raw.items():
        opath = f"{path}.replacement_order.{affected}"
        ids.object(affected, opath)
        values = _list(items, opath, len(effects) + len(_OWN_EFFECTS))
        seen: list[int | str] = []
        for i, item in enumerate(values):
            ipath = f"{opath}[{i}]"
            if isinstance(item, str) and item not in _OWN_EFFECTS:
                raise _fail(
                    ipath,
                    '効果の番号(0から始まる整数)か "protection"、"shield_counter" で指定してください',
                    'must be an effect index, "protection" or "shield_counter"',
                )
            value: int | str = item if item in _OWN_EFFECTS else _effect_index(item, ipath, effects)
            if value in seen:
                raise _fail(ipath, f"同じ効果が2回指定されています: {value}", f"{value!r} is listed twice")
            seen.append(value)
        order[affected] = tuple(seen)

    alloc_raw = _obj(obj.get("shield_allocation", {}), f"{path}.shield_allocation")
    allocation: dict[int, FrozenMap[str, int]] = {}
    for key, division in alloc_raw.items():
        apath = f"{path}.shield_allocation.{key}"
        index = _effect_index(key, apath, effects)
        if not (isinstance(effects[index], PreventNext) or _is_counted_shield(effects[index])):
            raise _fail(
                apath,
                "prevent_next(軽減の盾)か、amount を持つ prevent_and / redirect_damage の効果の番号を指定してください (615.7)",
                "must name a prevent_next effect",
            )
        dobj = _obj(division, apath)
        if len(dobj) > MAX_ATTACKS + MAX_BLOCKERS:
            raise _fail(apath, "項目が多すぎます", "too many entries")
        allocation[index] = FrozenMap(
            (_source_key(source, f"{apath}.{source}", ids), _int(n, f"{apath}.{source}", 0, MAX_AMOUNT))
            for source, n in dobj.items()
        )
    return Choices(replacement_order=FrozenMap(order), shield_allocation=FrozenMap(allocation))


def _source_key(value: Any, path: str, ids: _Ids) -> str:
    ident = _id(value, path)
    if ident in ids.permanents or ident == ids.source_id:
        return ident
    raise _fail(path, f"存在しない発生源のIDです: {ident}", f"no source with id {ident!r}")


# --------------------------------------------------------------------------- shields, regeneration, life (拡張)


_CONDITION_KEYS = frozenset(("controls", "at_least"))
_CONTROLS_KEYS = frozenset(("types", "subtype", "colors"))


def _parse_condition(raw: Any, path: str) -> ControlCondition:
    """``life_floor.condition``: ``{"controls": {"types", "subtype", "colors"}, "at_least": n}``."""
    obj = _record(raw, path, _CONDITION_KEYS, ("controls",))
    cpath = f"{path}.controls"
    controls = _record(obj["controls"], cpath, _CONTROLS_KEYS)
    types = _choices_list(controls.get("types", []), f"{cpath}.types", DAMAGEABLE_TYPES)
    subtype = controls.get("subtype")
    return ControlCondition(
        types=tuple(t for t in DAMAGEABLE_TYPES if t in types),
        subtype=None if subtype is None else _str(subtype, f"{cpath}.subtype", MAX_ID_LENGTH),
        colors=sort_colors(_choices_list(controls.get("colors", []), f"{cpath}.colors", COLORS)),
        at_least=_int(obj.get("at_least", 1), f"{path}.at_least", 1, MAX_PERMANENTS),
    )


def _parse_regenerate(obj: Mapping[str, Any], path: str, ids: _Ids, name: str | None) -> Effect:
    on = ids.permanent(obj["on"], f"{path}.on")
    static = _bool(obj.get("static", False), f"{path}.static")
    used = _bool(obj.get("used", False), f"{path}.used")
    if static and used:
        raise _fail(
            f"{path}.used",
            "常在型能力による再生(static)は使い切られません。used は指定できません (701.19b)",
            "a static regeneration is never used up",
        )
    return Regenerate(on=on, static=static, used=used, name=name)


def _parse_cant_be_regenerated(obj: Mapping[str, Any], path: str, ids: _Ids, name: str | None) -> Effect:
    on = None if obj.get("on") is None else ids.permanent(obj["on"], f"{path}.on")
    return CantBeRegenerated(on=on, name=name)


def _parse_life_cant_change(obj: Mapping[str, Any], path: str, ids: _Ids, name: str | None) -> Effect:
    return LifeCantChange(player=ids.player(obj["player"], f"{path}.player"), name=name)


def _parse_no_loss_for_life(obj: Mapping[str, Any], path: str, ids: _Ids, name: str | None) -> Effect:
    return NoLossForLife(
        player=ids.player(obj["player"], f"{path}.player"),
        damage_as_infect=_bool(obj.get("damage_as_infect", False), f"{path}.damage_as_infect"),
        name=name,
    )


# --------------------------------------------------------------------------- effects2: protection from any
# quality (702.16), redirection (614.9), prevention with additional effects (615.5), damage modifiers

_PERMANENT_TYPES: Final = (*DAMAGEABLE_TYPES, *OTHER_PERMANENT_TYPES)
_DAMAGEABLE: Final = frozenset(DAMAGEABLE_TYPES)
_NO_PROTECTION: Final[tuple[tuple[str, ...], tuple[str, ...]]] = ((), ())
_PROTECTION_ENTRY_KEYS = frozenset(("from", "player", "after_blocks"))
MAX_PROTECTION: Final = 64


def _parse_protection(
    obj: Mapping[str, Any], path: str, ids: _Ids, *, player: bool = False
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``protection`` of a permanent or player: the qualities (:mod:`rules_core.model.protection`) and those
    gained after blockers were declared (509.1h)."""
    value = obj.get("protection")
    if value is None:
        return (), ()
    ppath = f"{path}.protection"
    if type(value) is list and all(type(v) is str and v in COLORS for v in value) and len(value) <= 20:
        return sort_colors(value), ()
    items = _list(value, ppath, MAX_PROTECTION)
    qualities: list[str] = []
    late: list[str] = []
    early: list[str] = []
    for i, item in enumerate(items):
        ipath = f"{ppath}[{i}]"
        if isinstance(item, str):
            quality = _choice(item, ipath, pr.QUALITIES)
            qualities.append(quality)
            early.append(quality)
            continue
        entry = _record(item, ipath, _PROTECTION_ENTRY_KEYS)
        if ("from" in entry) == ("player" in entry):
            raise _fail(
                ipath,
                "from(性質)か player(プレイヤーのID)のどちらか一方を指定してください (702.16a, 702.16k)",
                "give either from or player",
            )
        if "from" in entry:
            quality = _choice(entry["from"], f"{ipath}.from", pr.QUALITIES)
        else:
            quality = pr.player_quality(ids.player(entry["player"], f"{ipath}.player"))
        if _bool(entry.get("after_blocks", False), f"{ipath}.after_blocks"):
            if player:
                raise _fail(
                    f"{ipath}.after_blocks",
                    "プレイヤーのプロテクションには指定できません(ブロックに関係するのはパーマネントだけです)",
                    "only for a permanent",
                )
            late.append(quality)
        else:
            early.append(quality)
        qualities.append(quality)
    ordered = pr.sort_qualities(qualities)
    # 702.16m: one instance from before blocks is enough for the restriction (509.1b).
    return ordered, tuple(q for q in ordered if q in late and q not in early)


def _player_protection(raw_players: list[Any], ids: _Ids) -> None:
    """Players' ``protection`` (702.16j, k), read once every player is known (protection from a player)."""
    for i, raw in enumerate(raw_players):
        if "protection" in raw and raw["protection"] is not None:  # each raw player passed _record
            qualities, _late = _parse_protection(raw, f"players[{i}]", ids, player=True)
            player = ids.players[raw["id"]]
            ids.players[player.id] = replace(player, protection=qualities)


def _source_types(sobj: Mapping[str, Any], path: str) -> tuple[str, ...]:
    """An inline source's card types (for protection from a card type, 702.16a)."""
    if not sobj.get("types"):
        if "types" in sobj:
            _list(sobj["types"], f"{path}.types", len(pr.SOURCE_TYPES))
        return ()
    listed = _choices_list(sobj["types"], f"{path}.types", pr.SOURCE_TYPES)
    return tuple(t for t in pr.SOURCE_TYPES if t in listed)


_EFFECTS2_KINDS = frozenset(cls.type for cls in EFFECTS2)
_PREVENT_THEN = ("plus_counters", "minus_counters", "deal_damage", "draw")
_DEALER_KEYS = frozenset(("name", "controller", "colors"))


def _parse_effect2(kind: str, obj: Mapping[str, Any], path: str, ids: _Ids, name: str | None) -> Effect:
    """The effect kinds of :data:`rules_core.model.effects.EFFECTS2` (keys already checked)."""

    def opt(key: str, parse: Callable[[Any, str], Any]) -> Any:
        value = obj.get(key)
        return None if value is None else parse(value, f"{path}.{key}")

    def flag(key: str) -> bool:
        return _bool(obj.get(key, False), f"{path}.{key}")

    def count(key: str, lo: int = 0) -> int | None:
        value = obj.get(key)
        return None if value is None else _int(value, f"{path}.{key}", lo, MAX_AMOUNT)

    if kind == "redirect_damage":
        origin = ids.object(obj["from"], f"{path}.from")
        target = ids.object(obj["to"], f"{path}.to")
        if target == origin:
            raise _fail(
                f"{path}.to",
                "移し替え先は from と別のものを指定してください (614.9)",
                "to must differ from from",
            )
        and_permanents = flag("and_permanents")
        if and_permanents and origin not in ids.players:
            raise _fail(
                f"{path}.and_permanents",
                "from がプレイヤーのときだけ指定できます(そのプレイヤーのパーマネントも含める)",
                "only when from is a player",
            )
        return RedirectDamage(
            from_=origin,
            to=target,
            and_permanents=and_permanents,
            amount=count("amount"),
            source=opt("source", ids.source),
            used=flag("used"),
            name=name,
        )
    if kind == "prevent_and":
        then = _choice(obj["then"], f"{path}.then", _PREVENT_THEN)
        to = ids.object(obj["to"], f"{path}.to")
        if then in ("plus_counters", "minus_counters") and to not in ids.permanents:
            raise _fail(
                f"{path}.to",
                "カウンターを置く効果では to にパーマネントを指定してください",
                "must be a permanent",
            )
        dealer: Dealer | None = None
        if then == "deal_damage":
            if obj.get("dealer") is None:
                raise _fail(
                    f"{path}.dealer",
                    "then が deal_damage のときは必須の項目です(ダメージを与える発生源)",
                    "required for deal_damage",
                )
            dpath = f"{path}.dealer"
            dobj = _record(obj["dealer"], dpath, _DEALER_KEYS, ("controller",))
            dealer = Dealer(
                controller=ids.player(dobj["controller"], f"{dpath}.controller"),
                name=_name(dobj.get("name"), f"{dpath}.name"),
                colors=sort_colors(_choices_list(dobj.get("colors", []), f"{dpath}.colors", COLORS)),
            )
        elif obj.get("dealer") is not None:
            raise _fail(
                f"{path}.dealer", "then が deal_damage のときだけ指定できます", "only for deal_damage"
            )
        if obj.get("player") is not None and then != "draw":
            raise _fail(f"{path}.player", "then が draw のときだけ指定できます", "only for draw")
        amount = count("amount")
        source = opt("source", ids.source)
        if amount is not None and source is not None:
            raise _fail(
                f"{path}.source",
                "amount(次のN点)と source(その発生源からの次のダメージ)は同時に指定できません",
                "give either amount or source",
            )
        return PreventAnd(
            to=to,
            then=then,
            amount=amount,
            source=source,
            dealer=dealer,
            player=opt("player", ids.player),
            used=flag("used"),
            name=name,
        )
    if kind == "damage_plus":
        to_opponents = flag("to_opponents")
        from_controller = opt("from_controller", ids.player)
        if to_opponents and from_controller is None:
            raise _fail(
                f"{path}.from_controller",
                "to_opponents を指定するときは必須の項目です(誰の対戦相手か)",
                "required with to_opponents",
            )
        return DamagePlus(
            amount=_int(obj["amount"], f"{path}.amount", 1, MAX_AMOUNT),
            from_controller=from_controller,
            source_color=opt("source_color", lambda v, p: _choice(v, p, COLORS)),
            to_opponents=to_opponents,
            to=opt("to", ids.object),
            name=name,
        )
    if kind == "prevent_half":
        return PreventHalf(player=ids.player(obj["player"], f"{path}.player"), name=name)
    return PreventAllBut(
        to=ids.player(obj["to"], f"{path}.to"),
        source=ids.permanent(obj["source"], f"{path}.source"),
        leave=_int(obj.get("leave", 1), f"{path}.leave", 0, MAX_AMOUNT),
        used=flag("used"),
        name=name,
    )


_NEW_EFFECT_PARSERS: dict[str, Callable[[Mapping[str, Any], str, _Ids, str | None], Effect]] = {
    "regenerate": _parse_regenerate,
    "cant_be_regenerated": _parse_cant_be_regenerated,
    "life_cant_change": _parse_life_cant_change,
    "no_loss_for_life": _parse_no_loss_for_life,
}


def _check_unblocked_choices(effects: tuple[Effect, ...], event: CombatEvent) -> None:
    """Forcefield chooses an unblocked creature (609.7b rechecks it; 509.1h: being blocked doesn't change
    during the combat damage step): a ``prevent_all_but`` source must not be a blocked attacker."""
    for i, effect in enumerate(effects):
        if isinstance(effect, PreventAllBut):
            attack = event.attack_of(effect.source)
            if attack is not None and attack.blocked:
                raise _fail(
                    f"effects[{i}].source",
                    f"ブロックされたクリーチャーは選べません(ブロックされていないクリーチャーを選ぶ効果です): {effect.source}",
                    "must be an unblocked creature",
                )


def _is_counted_shield(effect: Effect) -> bool:
    """A ``prevent_and`` or ``redirect_damage`` with ``amount``: a shield whose damage the player chooses (615.7)."""
    return isinstance(effect, PreventAnd | RedirectDamage) and effect.amount is not None


# --------------------------------------------------------------------------- triggered abilities (拡張)

MAX_TRIGGERS_PER_PERMANENT: Final = 8
_TRIGGER_KEYS = frozenset(("when", "damage", "recipient", "watch", "name", "effect"))
_TRIGGER_EFFECT_KEYS: dict[str, frozenset[str]] = {
    "gain_life": frozenset(("type", "amount", "player")),
    "lose_life": frozenset(("type", "amount", "player")),
    "counters": frozenset(("type", "amount", "kind", "on")),
    "damage": frozenset(("type", "amount", "to")),
}
_DAMAGE_WHEN = ("deals_damage", "dealt_damage", "excess_damage")


def _parse_triggers(raw: Any, path: str) -> tuple[Trigger, ...]:
    """A permanent's ``triggers`` (CR 603): ids in effects are checked once every permanent is known."""
    items = _list(raw, path, MAX_TRIGGERS_PER_PERMANENT)
    return tuple(_parse_trigger(item, f"{path}[{i}]") for i, item in enumerate(items))


def _parse_trigger(raw: Any, path: str) -> Trigger:
    obj = _record(raw, path, _TRIGGER_KEYS, ("when", "effect"))
    when = _choice(obj["when"], f"{path}.when", tt.WHEN)
    damage = _choice(obj.get("damage", "any"), f"{path}.damage", tt.DAMAGE_KINDS)
    if damage != "any" and when not in _DAMAGE_WHEN:
        raise _fail(
            f"{path}.damage",
            "damage はダメージで誘発する能力(deals_damage、dealt_damage、excess_damage)にだけ指定できます",
            "only for damage triggers",
        )
    recipient = _choice(obj.get("recipient", "any"), f"{path}.recipient", tt.RECIPIENT_KINDS)
    if recipient != "any" and when != "deals_damage":
        raise _fail(
            f"{path}.recipient", "recipient は deals_damage にだけ指定できます", "only for deals_damage"
        )
    watch = _choice(obj.get("watch", tt.SELF), f"{path}.watch", tt.WATCH)
    if "watch" in obj and when not in ("damage_prevented", "excess_damage"):
        raise _fail(
            f"{path}.watch",
            "watch は damage_prevented と excess_damage にだけ指定できます",
            "only for damage_prevented and excess_damage",
        )
    epath = f"{path}.effect"
    eobj = _obj(obj["effect"], epath)
    if "type" not in eobj:
        raise _fail(f"{epath}.type", "必須の項目です", "required")
    kind = _choice(eobj["type"], f"{epath}.type", tt.EFFECT_KINDS)
    _keys(eobj, epath, _TRIGGER_EFFECT_KEYS[kind])
    amount_raw = eobj.get("amount", 1)
    amount: int | str
    if amount_raw == tt.THAT_MUCH:
        if when == "dies":
            raise _fail(
                f"{epath}.amount",
                "「死亡したとき」の能力には「その点数」がありません。数で指定してください",
                "a dies trigger has no amount to refer to",
            )
        amount = tt.THAT_MUCH
    else:
        amount = _int(amount_raw, f"{epath}.amount", 0, MAX_AMOUNT)
    fields: dict[str, str] = {}
    if kind in ("gain_life", "lose_life"):
        fields["player"] = _id(eobj.get("player", tt.CONTROLLER), f"{epath}.player")
        if fields["player"] == tt.EACH_OPPONENT and kind == "gain_life":
            raise _fail(f"{epath}.player", "gain_life には each_opponent は使えません", "not for gain_life")
    elif kind == "counters":
        fields["kind"] = _choice(eobj.get("kind", "+1/+1"), f"{epath}.kind", tt.COUNTER_KINDS)
        fields["on"] = _id(eobj.get("on", tt.SELF), f"{epath}.on")
    else:
        fields["to"] = _id(eobj.get("to", tt.CONTROLLER), f"{epath}.to")
    return Trigger(
        when=when,
        effect=TriggerEffect(type=kind, amount=amount, **fields),
        damage=damage,
        recipient=recipient,
        watch=watch,
        name=_name(obj.get("name"), f"{path}.name"),
    )


def _check_trigger_ids(ids: _Ids) -> None:
    """The players and permanents a trigger's effect names must exist (``"controller"``, ``"self"``,
    ``"each_opponent"`` are words, not ids)."""
    words = {tt.CONTROLLER, tt.SELF, tt.EACH_OPPONENT}
    for i, permanent in enumerate(ids.permanents.values()):
        if not permanent.triggers:
            continue
        for j, trigger in enumerate(permanent.triggers):
            effect = trigger.effect
            epath = f"permanents[{i}].triggers[{j}].effect"
            if effect.type in ("gain_life", "lose_life") and effect.player not in words:
                ids.player(effect.player, f"{epath}.player")
            elif effect.type == "counters" and effect.on != tt.SELF:
                ids.permanent(effect.on, f"{epath}.on")
            elif effect.type == "damage" and effect.to != tt.CONTROLLER:
                ids.object(effect.to, f"{epath}.to")


# --------------------------------------------------------------------------- fight, bite, power damage (拡張)

_POWER_EVENT_TYPES = ("fight", "bite", "power_damage")
_POWER_EVENT_KEYS = {
    "fight": (frozenset(("type", "name", "fighters", "gone")), ("fighters",)),
    "bite": (frozenset(("type", "name", "source", "to", "gone", "excess_to")), ("source", "to")),
    "power_damage": (frozenset(("type", "name", "sources", "to", "gone")), ("sources", "to")),
}


def _parse_power_event(kind: str, obj: Mapping[str, Any], path: str, ids: _Ids) -> PowerDamageEvent:
    """``fight`` (CR 701.14), ``bite`` and ``power_damage``: damage equal to power from permanents."""
    allowed, required = _POWER_EVENT_KEYS[kind]
    _keys(obj, path, allowed, required)
    pairs: list[tuple[str, str]]
    if kind == "fight":
        raw = _list(obj["fighters"], f"{path}.fighters", 2, min_len=2)
        a, b = (ids.permanent(x, f"{path}.fighters[{i}]") for i, x in enumerate(raw))
        pairs = [(a, a)] if a == b else [(a, b), (b, a)]
    elif kind == "bite":
        pairs = [(ids.permanent(obj["source"], f"{path}.source"), ids.object(obj["to"], f"{path}.to"))]
    else:
        to = ids.object(obj["to"], f"{path}.to")
        raw = _list(obj["sources"], f"{path}.sources", MAX_PERMANENTS, min_len=1)
        sources: list[str] = []
        for i, x in enumerate(raw):
            ident = ids.permanent(x, f"{path}.sources[{i}]")
            if ident in sources:
                raise _fail(
                    f"{path}.sources[{i}]",
                    f"同じ発生源が2回指定されています: {ident}",
                    f"{ident!r} is listed twice",
                )
            sources.append(ident)
        pairs = [(x, to) for x in sources]
    involved = {x for pair in pairs for x in pair}
    gone: list[str] = []
    for i, x in enumerate(_list(obj.get("gone", []), f"{path}.gone", MAX_PERMANENTS)):
        ident = ids.permanent(x, f"{path}.gone[{i}]")
        if ident not in involved:
            raise _fail(
                f"{path}.gone[{i}]",
                f"このイベントのクリーチャーではありません: {ident}",
                f"{ident!r} is not in this event",
            )
        if ident not in gone:
            gone.append(ident)
    excess_to: str | None = None
    raw_excess = obj.get("excess_to")
    if raw_excess is not None:
        excess_to = (
            "controller" if raw_excess == "controller" else ids.object(raw_excess, f"{path}.excess_to")
        )
    return PowerDamageEvent(
        kind, tuple(pairs), tuple(gone), excess_to, _name(obj.get("name"), f"{path}.name")
    )


# --------------------------------------------------------------------------- between the combat damage steps (拡張)

MAX_STEP_CHANGES: Final = 100
_STEP_CHANGE_KEYS: dict[str, frozenset[str]] = {
    "pump": frozenset(("type", "creature", "name", "power", "toughness")),
    "gain_keyword": frozenset(("type", "creature", "name", "keyword")),
    "lose_keyword": frozenset(("type", "creature", "name", "keyword")),
    "remove_from_combat": frozenset(("type", "creature", "name")),
    "destroy": frozenset(("type", "creature", "name")),
    "enter_attacking": frozenset(("type", "creature", "name", "defender")),
    "enter_blocking": frozenset(("type", "creature", "name", "blocking")),
}
_STEP_CHANGE_REQUIRED: dict[str, tuple[str, ...]] = {
    "gain_keyword": ("keyword",),
    "lose_keyword": ("keyword",),
    "enter_attacking": ("defender",),
    "enter_blocking": ("blocking",),
}


def _parse_between_steps(raw: Any, path: str, ids: _Ids, attacks: list[Attack]) -> tuple[StepChange, ...]:
    """``between_steps``: changes made between the two combat damage steps (CR 510.4). A creature that
    enters attacking or blocking is listed in ``permanents`` and is off the battlefield until then."""
    if raw is None:
        return ()
    items = _list(raw, path, MAX_STEP_CHANGES)
    if not items:
        return ()
    in_combat = {a.attacker for a in attacks} | {b for a in attacks for b in a.blockers}
    if not any(
        ids.permanents[c].has("first_strike") or ids.permanents[c].has("double_strike") for c in in_combat
    ):
        raise _fail(
            path,
            "先制攻撃か二段攻撃を持つクリーチャーが戦闘にいないので、戦闘ダメージ・ステップは1回だけです。"
            "ステップの間はありません (510.4)",
            "there is only one combat damage step, so nothing happens between steps",
        )
    out: list[StepChange] = []
    entered: set[str] = set()
    for i, item in enumerate(items):
        cpath = f"{path}[{i}]"
        obj = _obj(item, cpath)
        if "type" not in obj:
            raise _fail(f"{cpath}.type", "必須の項目です", "required")
        kind = _choice(obj["type"], f"{cpath}.type", CHANGE_TYPES)
        _keys(obj, cpath, _STEP_CHANGE_KEYS[kind], ("creature", *_STEP_CHANGE_REQUIRED.get(kind, ())))
        creature = ids.permanent(obj["creature"], f"{cpath}.creature")
        if not ids.permanents[creature].is_creature:
            raise _fail(f"{cpath}.creature", "クリーチャーを指定してください", "must be a creature")
        name = _name(obj.get("name"), f"{cpath}.name")
        if kind in ENTERING:
            if creature in in_combat or creature in entered:
                raise _fail(
                    f"{cpath}.creature",
                    f"すでに戦闘にいるクリーチャーは戦場に出せません: {creature}",
                    "already in combat",
                )
            entered.add(creature)
        if kind == "pump":
            out.append(
                StepChange(
                    kind,
                    creature,
                    power=_amount(obj, "power", 0, cpath, -MAX_PT, MAX_PT),
                    toughness=_amount(obj, "toughness", 0, cpath, -MAX_PT, MAX_PT),
                    name=name,
                )
            )
        elif kind in ("gain_keyword", "lose_keyword"):
            keyword = _choice(obj["keyword"], f"{cpath}.keyword", KEYWORDS)
            out.append(StepChange(kind, creature, keyword=keyword, name=name))
        elif kind == "enter_attacking":
            defender = ids.object(obj["defender"], f"{cpath}.defender")
            if defender in ids.permanents and not (
                ids.permanents[defender].is_planeswalker or ids.permanents[defender].is_battle
            ):
                raise _fail(
                    f"{cpath}.defender",
                    "攻撃できるのはプレイヤー、プレインズウォーカー、バトルだけです (506.1)",
                    "only a player, planeswalker or battle can be attacked",
                )
            controller = ids.permanents[creature].controller
            defending = defender if defender in ids.players else ids.permanents[defender].defending_player
            if defending == controller:
                raise _fail(
                    f"{cpath}.defender",
                    "自分自身や自分が守るパーマネントは攻撃できません (508.1b)",
                    "a creature can't attack its controller",
                )
            out.append(StepChange(kind, creature, defender=defender, name=name))
        elif kind == "enter_blocking":
            blocking = ids.permanent(obj["blocking"], f"{cpath}.blocking")
            if blocking not in {a.attacker for a in attacks}:
                raise _fail(
                    f"{cpath}.blocking", "攻撃クリーチャーを指定してください", "must be an attacking creature"
                )
            out.append(StepChange(kind, creature, blocking=blocking, name=name))
        else:
            if creature not in in_combat and creature not in entered:
                raise _fail(
                    f"{cpath}.creature",
                    f"戦闘にいないクリーチャーです: {creature}",
                    "not in combat",
                )
            out.append(StepChange(kind, creature, name=name))
    return tuple(out)


def _place_entrants(event: CombatEvent, ids: _Ids, active_player: str) -> None:
    """A creature put onto the battlefield attacking or blocking between the steps is in its owner's hand
    until then (zone ``hand``); one entering attacking is the active player's (CR 508.4d: it attacks for them)."""
    for i, change in enumerate(event.between_steps):
        if change.type not in ENTERING:
            continue
        permanent = ids.permanents[change.creature]
        if change.type == "enter_attacking" and permanent.controller != active_player:
            raise _fail(
                f"event.between_steps[{i}].creature",
                "攻撃している状態で戦場に出るのはアクティブ・プレイヤーのクリーチャーです (508.4d)",
                "a creature entering attacking must be the active player's",
            )
        ids.permanents[change.creature] = replace(permanent, zone="hand")


# --------------------------------------------------------------------------- multiplayer (拡張)


def _owner(obj: Mapping[str, Any], path: str, controller: str, ids: _Ids) -> str | None:
    """``owner`` (CR 108.3): given only when someone else controls it; the same as the controller is None."""
    raw = obj.get("owner")
    if raw is None:
        return None
    owner = ids.player(raw, f"{path}.owner")
    return None if owner == controller else owner


VARIANTS: Final = ("two_headed_giant",)


def _parse_teams(doc: Mapping[str, Any], ids: _Ids) -> tuple[tuple[str, ...], ...]:
    """``variant: "two_headed_giant"`` with ``teams``: two teams of two players (CR 810.1), each team with
    one shared life total and shared poison counters (810.4, 810.10): both members carry the same values."""
    if doc.get("variant") is None:
        if doc.get("teams") is not None:
            raise _fail(
                "teams",
                'teams は "variant": "two_headed_giant" と一緒に指定してください',
                "teams need a variant",
            )
        return ()
    _choice(doc["variant"], "variant", VARIANTS)
    if "teams" not in doc:
        raise _fail("teams", "双頭巨人戦では必須の項目です (810.1)", "required for two_headed_giant")
    raw = _list(doc["teams"], "teams", 2, min_len=2)
    teams: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for i, team in enumerate(raw):
        members = _list(team, f"teams[{i}]", 2, min_len=2)
        ids_ = tuple(ids.player(m, f"teams[{i}][{j}]") for j, m in enumerate(members))
        for j, m in enumerate(ids_):
            if m in seen:
                raise _fail(
                    f"teams[{i}][{j}]", f"同じプレイヤーが2回指定されています: {m}", f"{m!r} is listed twice"
                )
            seen.add(m)
        teams.append(ids_)
    if len(ids.players) != 4:
        raise _fail(
            "players", "双頭巨人戦は2人ずつ2チーム、4人のプレイヤーで行います (810.1)", "needs four players"
        )
    order = list(ids.players)
    for team in teams:
        a, b = (ids.players[m] for m in team)
        for key, ja in (("life", "ライフ"), ("poison", "毒カウンター")):
            if getattr(a, key) != getattr(b, key):
                raise _fail(
                    f"players[{order.index(b.id)}].{key}",
                    f"双頭巨人戦ではチームの{ja}は共有です。チームの2人に同じ値を指定してください (810.4, 810.10)",
                    f"a team shares its {key}: give both members the same value",
                )
        for m in team:
            ids.teams[m] = team
    return tuple(teams)
