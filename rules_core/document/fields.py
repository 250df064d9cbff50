"""The validators every part of the parser reads its fields with, and the bounds they check.

Each takes the raw value and its field path (``permanents[2].power``) and returns the value, or raises
:class:`~rules_core.model.errors.ScenarioError` naming that path with a Japanese message (and an English
one). The common case (a plain ``dict``, ``list``, ``int`` or ``str`` that is fine) is tested first and
returned at once: a board is read on every page, so the happy path is kept short.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from ..model.errors import ScenarioError
from ..model.state import Permanent, Player

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


def fail(path: str, ja: str, en: str) -> ScenarioError:
    return ScenarioError(path or "document", ja, en)


UNSAFE_TEXT: Final = re.compile(r"[\x00\ud800-\udfff]")
"""NUL and lone surrogates: no text may hold them (PostgreSQL refuses NUL; a lone surrogate has no
UTF-8 encoding, so it could be neither stored nor shown)."""


def refuse_unsafe(value: str, path: str) -> None:
    """Refuse NUL and lone surrogates (JSON may carry them as ``\\u0000`` and ``\\ud800``)."""
    if UNSAFE_TEXT.search(value):
        raise fail(
            path,
            "NUL文字(\\u0000)や対になっていないサロゲート(\\ud800 など)は使えません",
            "must not contain NUL or unpaired surrogates",
        )


def as_object(value: Any, path: str) -> Mapping[str, Any]:
    if type(value) is dict:
        for key in value:
            if type(key) is not str:
                raise fail(path, "キーは文字列で指定してください", "keys must be strings")
        return value
    if not isinstance(value, Mapping):
        raise fail(path, "オブジェクト(JSONの{})で指定してください", "must be an object")
    for key in value:
        if not isinstance(key, str):
            raise fail(path, "キーは文字列で指定してください", "keys must be strings")
    return value


def known_keys(
    value: Mapping[str, Any],
    path: str,
    allowed: frozenset[str] | tuple[str, ...],
    required: tuple[str, ...] = (),
) -> None:
    for key in value:
        if key not in allowed:
            raise fail(join(path, key), "未知の項目です", "unknown key")
    for key in required:
        if key not in value:
            raise fail(join(path, key), "必須の項目です", "required")


def as_record(
    value: Any, path: str, allowed: frozenset[str], required: tuple[str, ...] = ()
) -> Mapping[str, Any]:
    """``value`` as an object with only ``allowed`` keys and every ``required`` one (:func:`as_object`, :func:`known_keys`).

    A plain ``dict`` that passes is returned after two set operations; anything
    else goes through the checks that name the first bad key.
    """
    if type(value) is dict and value.keys() <= allowed and all(map(value.__contains__, required)):
        return value
    obj = as_object(value, path)
    known_keys(obj, path, allowed, required)
    return obj


def join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def as_int(value: Any, path: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(path, "整数で指定してください", "must be an integer")
    if not lo <= value <= hi:
        raise fail(path, f"{lo}以上{hi}以下の整数で指定してください", f"must be an integer from {lo} to {hi}")
    return value


def as_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise fail(path, "true か false で指定してください", "must be true or false")
    return value


def as_str(value: Any, path: str, max_len: int, *, what: str = "文字列") -> str:
    if not isinstance(value, str):
        raise fail(path, "文字列で指定してください", "must be a string")
    if not value:
        raise fail(path, f"空の{what}は指定できません", "must not be empty")
    if len(value) > max_len:
        raise fail(path, f"{max_len}文字以内で指定してください", f"must be at most {max_len} characters")
    if not value.isprintable():
        refuse_unsafe(value, path)
        raise fail(path, "改行や制御文字は使えません", "must not contain control characters")
    return value


def as_id(value: Any, path: str) -> str:
    return as_str(value, path, MAX_ID_LENGTH, what="ID")


def as_name(value: Any, path: str) -> str | None:
    if value is None:
        return None
    if type(value) is str and 0 < len(value) <= MAX_NAME_LENGTH and value.isprintable():
        return value
    return as_str(value, path, MAX_NAME_LENGTH, what="名前")


def as_list(value: Any, path: str, max_len: int, *, min_len: int = 0) -> list[Any]:
    if type(value) is list and min_len <= len(value) <= max_len:
        return value
    if not isinstance(value, list | tuple):
        raise fail(path, "配列(JSONの[])で指定してください", "must be an array")
    if len(value) > max_len:
        raise fail(path, f"{max_len}個以内で指定してください", f"must have at most {max_len} items")
    if len(value) < min_len:
        raise fail(path, f"{min_len}個以上指定してください", f"must have at least {min_len} items")
    return list(value)


def as_choice(value: Any, path: str, options: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in options:
        shown = "、".join(options)
        raise fail(path, f"次のいずれかで指定してください: {shown}", f"must be one of: {', '.join(options)}")
    return value


def as_choices(value: Any, path: str, options: tuple[str, ...]) -> list[str]:
    items = as_list(value, path, len(options) * 4)
    for v in items:
        if type(v) is not str or v not in options:
            return [as_choice(v, f"{path}[{i}]", options) for i, v in enumerate(items)]
    return items


def as_text(value: Any, path: str, max_len: int) -> str:
    if not isinstance(value, str):
        raise fail(path, "文字列で指定してください", "must be a string")
    if len(value) > max_len:
        raise fail(path, f"{max_len}文字以内で指定してください", f"must be at most {max_len} characters")
    refuse_unsafe(value, path)
    return value


def int_at(obj: Mapping[str, Any], key: str, default: int, path: str, lo: int, hi: int) -> int:
    """``obj[key]`` (or ``default``) as a bounded integer; the path is built only on failure."""
    value = obj.get(key, default)
    if type(value) is int and lo <= value <= hi:
        return value
    return as_int(value, f"{path}.{key}", lo, hi)


def choices_at(obj: Mapping[str, Any], key: str, path: str, options: tuple[str, ...]) -> list[str]:
    value = obj.get(key)
    if value is None and key not in obj:
        return []
    return as_choices(value, f"{path}.{key}", options)


_NO_CHOICES: Final[frozenset[str]] = frozenset()


def choice_set_at(
    obj: Mapping[str, Any], key: str, path: str, options: tuple[str, ...], allowed: frozenset[str]
) -> frozenset[str]:
    """:func:`choices_at` as a set (``allowed`` is ``frozenset(options)``): a list of known names is
    taken in one set operation; anything else goes through :func:`as_choices`, which names the bad item."""
    value = obj.get(key)
    if type(value) is list and len(value) <= len(options) * 4:
        try:
            if allowed.issuperset(value):
                return frozenset(value)
        except TypeError:  # an unhashable item (an object, a list): refused below, with its path
            pass
    elif value is None and key not in obj:
        return _NO_CHOICES
    return frozenset(as_choices(value, f"{path}.{key}", options))


class Ids:
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

    def player(self, value: Any, path: str, key: str = "") -> str:
        """``value`` as a known player's id; the field is ``path`` (with ``key`` after it, joined only on failure)."""
        if type(value) is str and value in self.players:
            return value
        path = f"{path}.{key}" if key else path
        ident = as_id(value, path)
        if ident not in self.players:
            raise fail(path, f"存在しないプレイヤーのIDです: {ident}", f"no player with id {ident!r}")
        return ident

    def permanent(self, value: Any, path: str, key: str = "") -> str:
        """``value`` as a known permanent's id (``key`` as in :meth:`player`)."""
        if type(value) is str and value in self.permanents:
            return value
        path = f"{path}.{key}" if key else path
        ident = as_id(value, path)
        if ident not in self.permanents:
            raise fail(path, f"存在しないパーマネントのIDです: {ident}", f"no permanent with id {ident!r}")
        return ident

    def object(self, value: Any, path: str, key: str = "") -> str:
        """``value`` as a known player's or permanent's id (``key`` as in :meth:`player`)."""
        if type(value) is str and (value in self.players or value in self.permanents):
            return value
        path = f"{path}.{key}" if key else path
        ident = as_id(value, path)
        if ident not in self.players and ident not in self.permanents:
            raise fail(
                path,
                f"存在しないプレイヤーまたはパーマネントのIDです: {ident}",
                f"no player or permanent with id {ident!r}",
            )
        return ident

    def source(self, value: Any, path: str) -> str:
        ident = as_id(value, path)
        if ident not in self.permanents and ident != self.source_id:
            raise fail(path, f"存在しない発生源のIDです: {ident}", f"no source with id {ident!r}")
        return ident

    def new(self, value: Any, path: str, key: str = "") -> str:
        """``value`` as a new object's id (``key`` as in :meth:`player`)."""
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
        path = f"{path}.{key}" if key else path
        ident = as_id(value, path)
        if ident in self.players or ident in self.permanents or ident == self.source_id:
            raise fail(path, f"IDが重複しています: {ident}", f"duplicate id {ident!r}")
        if ident in RESERVED_IDS:
            raise fail(path, f"「{ident}」はIDに使えません(予約語)", f"{ident!r} is reserved")
        return ident
