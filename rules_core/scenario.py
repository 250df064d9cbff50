"""The scenario document (``scenario-format.md``): parsing, validation and writing back.

:func:`parse_scenario` turns a JSON-like mapping into a :class:`Scenario`, or
raises :class:`~rules_core.errors.ScenarioError` naming the first bad field.
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
rules_core.errors.ScenarioError: players[0].life: 整数で指定してください
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from ._frozen import FrozenMap
from .effects import (
    EFFECT_TYPES,
    CantBePrevented,
    CounterMultiplier,
    DamageMultiplier,
    Effect,
    LifeFloor,
    LifeGainMultiplier,
    NoCounters,
    NoLifeGain,
    PreventAll,
    PreventFromColor,
    PreventNext,
    PreventNextFromSource,
    PreventStatic,
    TargetFilter,
)
from .errors import ScenarioError
from .ja import COLOR_JA
from .limits import check_document
from .state import (
    COLORS,
    DAMAGEABLE_TYPES,
    KEYWORDS,
    GameState,
    Permanent,
    Player,
    Source,
    sort_colors,
)

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

_EVENT_TYPES = ("noncombat", "combat")


# --------------------------------------------------------------------------- value objects


@dataclass(frozen=True, slots=True)
class DamageSpec:
    """One entry of a non-combat event's ``damage`` list: ``amount`` damage to ``to``."""

    to: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"to": self.to, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class NoncombatEvent:
    """Damage dealt by a spell or ability (CR 120.2b). ``source`` is a permanent id or an inline :class:`Source`."""

    source: str | Source
    damage: tuple[DamageSpec, ...]
    excess_to: str | None = None
    cant_be_prevented: bool = False

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
            if self.source.id is not None:
                src = {"id": self.source.id, **src}
        else:
            src = self.source
        return {
            "type": "noncombat",
            "source": src,
            "damage": [d.to_dict() for d in self.damage],
            "excess_to": self.excess_to,
            "cant_be_prevented": self.cant_be_prevented,
        }


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


@dataclass(frozen=True, slots=True)
class CombatEvent:
    """Combat damage (CR 510). Assignments are optional; missing ones are made by default."""

    attacks: tuple[Attack, ...]
    assignments: Assignment = field(default_factory=FrozenMap)
    blocker_assignments: Assignment = field(default_factory=FrozenMap)
    second_step_assignments: Assignment = field(default_factory=FrozenMap)
    second_step_blocker_assignments: Assignment = field(default_factory=FrozenMap)
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
        for key in (
            "assignments",
            "blocker_assignments",
            "second_step_assignments",
            "second_step_blocker_assignments",
        ):
            value: Assignment = getattr(self, key)
            if value:
                doc[key] = _assignment_doc(value)
        return doc


Event = NoncombatEvent | CombatEvent


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
    _state: GameState = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not self.active_player and self.players:
            object.__setattr__(self, "active_player", self.players[0].id)
        object.__setattr__(self, "_state", GameState(self.players, self.permanents))

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
        return doc


def _player_doc(p: Player) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": p.id}
    if p.name is not None:
        doc["name"] = p.name
    doc["life"] = p.life
    doc["poison"] = p.poison
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
    doc["keywords"] = sorted(p.keywords)
    doc["toxic"] = p.toxic
    doc["protection"] = list(p.protection)
    return doc


# --------------------------------------------------------------------------- validation helpers


def _fail(path: str, ja: str, en: str) -> ScenarioError:
    return ScenarioError(path or "document", ja, en)


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
    )
)
_PLAYER_KEYS = frozenset(("id", "name", "life", "poison"))
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
    )
)
_COUNTER_KEYS = frozenset(("+1/+1", "-1/-1"))


def parse_scenario(doc: Mapping[str, Any]) -> Scenario:
    """Validate a scenario document fully and return it as a :class:`Scenario`.

    Raises :class:`ScenarioError` (a ``ValueError``) naming the first bad field.
    """
    check_document(doc)  # sizes first (rules_core.limits): every later step is bounded by them
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

    active = doc.get("active_player")
    active_player = next(iter(ids.players)) if active is None else ids.player(active, "active_player")

    permanents = _list(doc.get("permanents", []), "permanents", MAX_PERMANENTS)
    for i, raw in enumerate(permanents):
        permanent = _parse_permanent(raw, f"permanents[{i}]", ids)
        ids.permanents[permanent.id] = permanent

    event = _parse_event(doc.get("event"), "event", ids)
    if isinstance(event, CombatEvent):
        for i, attack in enumerate(event.attacks):
            if ids.permanents[attack.attacker].controller != active_player:
                raise _fail(
                    f"event.attacks[{i}].attacker",
                    "攻撃クリーチャーを指定するのはアクティブ・プレイヤーです(active_player のクリーチャーを"
                    "指定してください) (508.1)",
                    "attacking creatures must be controlled by the active player",
                )

    effects_raw = _list(doc.get("effects", []), "effects", MAX_EFFECTS)
    effects = tuple(_parse_effect(raw, f"effects[{i}]", ids) for i, raw in enumerate(effects_raw))

    choices = _parse_choices(doc.get("choices", {}), "choices", ids, effects)

    return Scenario(
        players=tuple(ids.players.values()),
        permanents=tuple(ids.permanents.values()),
        event=event,
        effects=effects,
        choices=choices,
        active_player=active_player,
        title=title,
        description=description,
    )


def _str_multiline(value: Any, path: str, max_len: int) -> str:
    if not isinstance(value, str):
        raise _fail(path, "文字列で指定してください", "must be a string")
    if len(value) > max_len:
        raise _fail(path, f"{max_len}文字以内で指定してください", f"must be at most {max_len} characters")
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
    types_list = _choices_list(obj["types"], f"{path}.types", DAMAGEABLE_TYPES)
    if not types_list:
        raise _fail(
            f"{path}.types",
            "creature、planeswalker、battle のうち1つ以上を指定してください",
            "must hold at least one of creature, planeswalker, battle",
        )
    types = tuple(t for t in DAMAGEABLE_TYPES if t in types_list)
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

    plus = minus = 0
    if "counters" in obj:
        cpath = f"{path}.counters"
        counters = _record(obj["counters"], cpath, _COUNTER_KEYS)
        plus = _amount(counters, "+1/+1", 0, cpath, 0, MAX_AMOUNT)
        minus = _amount(counters, "-1/-1", 0, cpath, 0, MAX_AMOUNT)

    subtypes: list[str] = []
    if obj.get("subtypes"):
        for i, s in enumerate(_list(obj["subtypes"], f"{path}.subtypes", MAX_SUBTYPES)):
            value = _str(s, f"{path}.subtypes[{i}]", MAX_ID_LENGTH)
            if value not in subtypes:
                subtypes.append(value)
    elif "subtypes" in obj:
        _list(obj["subtypes"], f"{path}.subtypes", MAX_SUBTYPES)

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
        protection=sort_colors(_set_of(obj, "protection", path, COLORS)),
        loyalty=_amount(obj, "loyalty", 0, path, 0, MAX_AMOUNT) if is_planeswalker else None,
        defense=_amount(obj, "defense", 0, path, 0, MAX_AMOUNT) if is_battle else None,
        protector=(
            ids.player(obj["protector"], f"{path}.protector") if obj.get("protector") is not None else None
        ),
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
    return _parse_combat(obj, path, ids)


_SOURCE_KEYS = frozenset(("id", "name", "controller", "colors", "keywords"))
_NONCOMBAT_KEYS = frozenset(("type", "source", "damage", "excess_to", "cant_be_prevented"))
_DAMAGE_KEYS = frozenset(("to", "amount"))


def _parse_noncombat(obj: Mapping[str, Any], path: str, ids: _Ids) -> NoncombatEvent:
    _keys(obj, path, _NONCOMBAT_KEYS, ("source", "damage"))
    raw_source = obj["source"]
    source: str | Source
    if isinstance(raw_source, str):
        source = ids.permanent(raw_source, f"{path}.source")
    else:
        spath = f"{path}.source"
        sobj = _record(raw_source, spath, _SOURCE_KEYS, ("controller",))
        source_id = ids.new(sobj["id"], f"{spath}.id") if sobj.get("id") is not None else None
        source = Source(
            id=source_id,
            controller=ids.player(sobj["controller"], f"{spath}.controller"),
            name=_name(sobj.get("name"), f"{spath}.name"),
            colors=sort_colors(_choices_list(sobj.get("colors", []), f"{spath}.colors", COLORS)),
            keywords=frozenset(_choices_list(sobj.get("keywords", []), f"{spath}.keywords", KEYWORDS)),
        )
        ids.source_id = source_id
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
    )


_NO_ASSIGNMENT: Assignment = FrozenMap()
_ASSIGNMENT_KEYS = (
    "assignments",
    "blocker_assignments",
    "second_step_assignments",
    "second_step_blocker_assignments",
)
_COMBAT_KEYS = frozenset(("type", "attacks", *_ASSIGNMENT_KEYS))
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
        if defending_player == attacker.controller:
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
            if blocker.controller != defending_player:
                raise _fail(
                    bpath,
                    "ブロックできるのは防御プレイヤーのクリーチャーだけです (509.1a)",
                    "only the defending player's creatures can block",
                )
            shared = [c for c in blocker.colors if c in attacker.protection]
            if shared:
                raise _fail(
                    bpath,
                    f"プロテクション({COLOR_JA[shared[0]]})を持つ攻撃クリーチャーは"
                    f"{COLOR_JA[shared[0]]}のクリーチャーにブロックされません (702.16f)",
                    "an attacker with protection can't be blocked by creatures of that colour",
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
    "damage_multiplier": (("factor", "from_controller", "to"), ("factor",)),
    "life_gain_multiplier": (("player", "factor"), ("player", "factor")),
    "no_life_gain": (("player",), ()),
    "life_floor": (("player", "floor", "if_controls_creature"), ("player",)),
    "no_counters": (("on",), ("on",)),
    "counter_multiplier": (("factor", "by_controller"), ("factor",)),
    "cant_be_prevented": (("from", "from_controller", "combat_only"), ()),
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
        return LifeFloor(
            player=ids.player(obj["player"], f"{path}.player"),
            floor=floor,
            if_controls_creature=flag("if_controls_creature"),
            name=name,
        )
    if kind == "no_counters":
        return NoCounters(on=ids.object(obj["on"], f"{path}.on"), name=name)
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
        values = _list(items, opath, len(effects) + 1)
        seen: list[int | str] = []
        for i, item in enumerate(values):
            ipath = f"{opath}[{i}]"
            if isinstance(item, str) and item != "protection":
                raise _fail(
                    ipath,
                    '効果の番号(0から始まる整数)か "protection" で指定してください',
                    'must be an effect index or "protection"',
                )
            value: int | str = "protection" if item == "protection" else _effect_index(item, ipath, effects)
            if value in seen:
                raise _fail(ipath, f"同じ効果が2回指定されています: {value}", f"{value!r} is listed twice")
            seen.append(value)
        order[affected] = tuple(seen)

    alloc_raw = _obj(obj.get("shield_allocation", {}), f"{path}.shield_allocation")
    allocation: dict[int, FrozenMap[str, int]] = {}
    for key, division in alloc_raw.items():
        apath = f"{path}.shield_allocation.{key}"
        index = _effect_index(key, apath, effects)
        if not isinstance(effects[index], PreventNext):
            raise _fail(
                apath,
                "prevent_next(軽減の盾)の効果の番号を指定してください (615.7)",
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
