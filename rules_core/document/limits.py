"""Size limits of a scenario document, checked before it is parsed.

Every page of the board, every stage of a resolution and every assignment check costs time that grows
with the document: with the numbers below the worst document allowed resolves and renders in well
under a second on a two-core machine (``bench/bench_limits.py`` prints the figures). A document over
one of them is refused with :class:`LimitExceeded`, a :class:`~rules_core.model.errors.ScenarioError` whose
``field`` is where the limit applies and whose message names the limit and its number.

The walk that measures the document stops as soon as a limit is passed, so checking a huge document
costs no more than checking one at the limits. :func:`~rules_core.parse_scenario` checks the counted
limits on every parse (:func:`check_counts`); the walk (:func:`check_document`) is for documents from
outside — the board's JSON import and the command line — so that a stored board, parsed on
every page, is not walked again.

>>> check_document({"players": [{"id": "A"}], "permanents": [], "event": {}})
>>> try:
...     check_document({"players": [{"id": "A"}], "permanents": [{"id": str(i)} for i in range(101)]})
... except LimitExceeded as err:
...     print(err, err.limit, err.maximum)
permanents: 盤面に置けるパーマネントは最大100個です permanents 100
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..model.errors import ScenarioError


@dataclass(frozen=True, slots=True)
class Limit:
    """One limit: its ``name`` (as reported in errors), its ``maximum`` and its messages.

    ``ja`` and ``en`` are templates with ``{n}`` for the maximum.
    """

    name: str
    maximum: int
    ja: str
    en: str

    def message_ja(self) -> str:
        return self.ja.format(n=self.maximum)

    def message_en(self) -> str:
        return self.en.format(n=self.maximum)


DOCUMENT_BYTES: Final = Limit(
    "document_bytes", 64 * 1024, "シナリオの大きさは最大{n}バイトです", "a scenario is at most {n} bytes"
)
"""Size of the document written as compact JSON in UTF-8 (what the board stores and exports)."""
DOCUMENT_NODES: Final = Limit(
    "document_nodes",
    10_000,
    "シナリオに書ける値(オブジェクト・配列・文字列・数など)は最大{n}個です",
    "a scenario holds at most {n} JSON values",
)
DOCUMENT_DEPTH: Final = Limit(
    "document_depth", 8, "シナリオの入れ子は最大{n}段です", "a scenario is nested at most {n} levels deep"
)
TITLE_LENGTH: Final = Limit("title", 200, "題名は最大{n}文字です", "the title is at most {n} characters")
DESCRIPTION_LENGTH: Final = Limit(
    "description", 2000, "説明は最大{n}文字です", "the description is at most {n} characters"
)
PLAYERS: Final = Limit("players", 8, "プレイヤーは最大{n}人です", "at most {n} players")
PERMANENTS: Final = Limit(
    "permanents", 100, "盤面に置けるパーマネントは最大{n}個です", "at most {n} permanents on the battlefield"
)
EFFECTS: Final = Limit("effects", 24, "効果は最大{n}個です", "at most {n} effects")
DAMAGE_ENTRIES: Final = Limit(
    "damage", 100, "ダメージを与える先は最大{n}個です", "a damage event has at most {n} recipients"
)
ATTACKERS: Final = Limit(
    "attackers", 40, "攻撃クリーチャーは最大{n}体です", "at most {n} attacking creatures"
)
BLOCKERS_PER_ATTACKER: Final = Limit(
    "blockers_per_attacker",
    40,
    "1体の攻撃クリーチャーをブロックできるのは最大{n}体です",
    "at most {n} blockers per attacking creature",
)
BLOCKS: Final = Limit(
    "blocks",
    400,
    "ブロックの組(攻撃クリーチャーとブロック・クリーチャーの組)は全部で最大{n}組です",
    "at most {n} attacker-blocker pairs in all",
)
ASSIGNMENT_ENTRIES: Final = Limit(
    "assignment_entries",
    2000,
    "戦闘ダメージの割り振りに書ける項目は全部で最大{n}個です",
    "combat damage assignments hold at most {n} entries in all",
)
REPLACEMENT_ORDERS: Final = Limit(
    "replacement_orders",
    60,
    "置換・軽減の順番を指定できるのは最大{n}か所です",
    "replacement orders are given for at most {n} objects",
)
REPLACEMENT_ORDER_ENTRIES: Final = Limit(
    "replacement_order_entries",
    400,
    "置換・軽減の順番に並べる項目は全部で最大{n}個です",
    "replacement orders list at most {n} entries in all",
)
SHIELD_ALLOCATIONS: Final = Limit(
    "shield_allocations",
    400,
    "軽減の盾の割り当てに書ける項目は全部で最大{n}個です",
    "shield allocations hold at most {n} entries in all",
)

LIMITS: Final[tuple[Limit, ...]] = (
    DOCUMENT_BYTES,
    DOCUMENT_NODES,
    DOCUMENT_DEPTH,
    TITLE_LENGTH,
    DESCRIPTION_LENGTH,
    PLAYERS,
    PERMANENTS,
    EFFECTS,
    DAMAGE_ENTRIES,
    ATTACKERS,
    BLOCKERS_PER_ATTACKER,
    BLOCKS,
    ASSIGNMENT_ENTRIES,
    REPLACEMENT_ORDERS,
    REPLACEMENT_ORDER_ENTRIES,
    SHIELD_ALLOCATIONS,
)
"""Every limit, in the order they are checked."""

_ASSIGNMENT_KEYS: Final = (
    "assignments",
    "blocker_assignments",
    "second_step_assignments",
    "second_step_blocker_assignments",
)


class LimitExceeded(ScenarioError):
    """A document over one of the :data:`LIMITS`; ``limit`` is its name, ``maximum`` its number.

    >>> err = LimitExceeded(EFFECTS, "effects")
    >>> str(err), err.to_dict()["limit"], err.to_dict()["maximum"]
    ('effects: 効果は最大24個です', 'effects', 24)
    """

    def __init__(self, limit: Limit, field: str) -> None:
        super().__init__(field, limit.message_ja(), limit.message_en())
        self.limit = limit.name
        self.maximum = limit.maximum

    def to_dict(self) -> dict[str, Any]:
        """The error document, with the limit's name and number beside the usual keys."""
        return {**super().to_dict(), "limit": self.limit, "maximum": self.maximum}


_PLAIN = re.compile(r'[^\x00-\x1f"\\\ud800-\udfff]*')
"""A string JSON writes as it is (no quote, backslash, control character or lone surrogate to escape)."""


def _scalar_bytes(value: Any) -> int:
    """Bytes of one scalar in compact JSON (UTF-8); a lone surrogate counts as its escape."""
    if isinstance(value, str):
        if len(value) > DOCUMENT_BYTES.maximum:  # over already, whatever its escapes: spare the copy
            return len(value)
        if _PLAIN.fullmatch(value):  # nothing to escape: the quotes and the UTF-8 bytes (the usual case)
            return len(value.encode("utf-8")) + 2
        return len(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    if value is None or isinstance(value, bool):
        return 4 if value is not False else 5
    if isinstance(value, int):
        bits = abs(value).bit_length()
        if bits <= 256:
            return len(str(value))
        # Estimating digits keeps a 100,000-digit integer from costing a conversion (or refusing one).
        return 1 + (bits * 30103) // 100_000 + (value < 0)
    if isinstance(value, float):
        return len(repr(value))
    return 8


def measure(doc: Any) -> tuple[int, int]:
    """``(bytes, values)`` of ``doc`` as compact JSON; raises :class:`LimitExceeded` past a limit.

    Walks without recursion and stops at the first limit passed (size, count of values, depth).
    Plain dicts, lists and strings (what ``json.loads`` gives) take a fast path; other mappings and
    sequences are measured the same way.

    >>> measure({"a": [1, "xy"]})
    (14, 4)
    """
    max_nodes, max_depth, max_bytes = DOCUMENT_NODES.maximum, DOCUMENT_DEPTH.maximum, DOCUMENT_BYTES.maximum
    plain = _PLAIN.fullmatch
    size = 0
    nodes = 0
    stack: list[tuple[Any, int]] = [(doc, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        value, depth = pop()
        nodes += 1
        if nodes > max_nodes:
            raise LimitExceeded(DOCUMENT_NODES, "document")
        kind = type(value)
        if kind is str:
            size += (
                len(value.encode("utf-8")) + 2
                if len(value) <= max_bytes and plain(value)
                else _scalar_bytes(value)
            )
        elif kind is dict or (kind is not list and kind is not tuple and isinstance(value, Mapping)):
            if depth > max_depth:
                raise LimitExceeded(DOCUMENT_DEPTH, "document")
            size += 2 + max(len(value) - 1, 0)  # braces and commas
            for key, item in value.items():
                if type(key) is str and len(key) <= max_bytes and plain(key):
                    size += len(key.encode("utf-8")) + 3  # the key, its quotes and its colon
                else:
                    size += _scalar_bytes(key) + 1
                push((item, depth + 1))
        elif kind is list or kind is tuple:
            if depth > max_depth:
                raise LimitExceeded(DOCUMENT_DEPTH, "document")
            size += 2 + max(len(value) - 1, 0)
            for item in value:
                push((item, depth + 1))
        else:
            size += _scalar_bytes(value)
        if size > max_bytes:
            raise LimitExceeded(DOCUMENT_BYTES, "document")
    return size, nodes


def _length(value: Any) -> int:
    kind = type(value)
    if kind is list or kind is dict or kind is str or kind is tuple:  # JSON's own types: no ABC check
        return len(value)
    return len(value) if isinstance(value, list | tuple | Mapping | str) else 0


def _is_mapping(value: Any) -> bool:
    return type(value) is dict or isinstance(value, Mapping)


def _over(limit: Limit, count: int, field: str) -> None:
    if count > limit.maximum:
        raise LimitExceeded(limit, field)


def check_document(doc: Any) -> None:
    """Refuse a document over any of the :data:`LIMITS` (:class:`LimitExceeded`).

    Only sizes are looked at: a value of the wrong type is left for the parser to name, so a
    document within the limits gets exactly the parser's error it got before.
    """
    if not isinstance(doc, Mapping):
        return
    # Counts first: they take len() only and name the most telling limit (a board with 5,000
    # permanents is refused for its permanents, not for its size); then the walk over every value.
    check_counts(doc)
    measure(doc)


def check_counts(doc: Any) -> None:
    """The counted limits only (players, permanents, effects, attacks, blocks, texts…): ``len()``
    calls, no walk. :func:`~rules_core.parse_scenario` checks these on every parse; documents from
    outside get the whole :func:`check_document`."""
    if not _is_mapping(doc):
        return
    get = doc.get
    title = get("title")
    if type(title) is str:
        _over(TITLE_LENGTH, len(title), "title")
    description = get("description")
    if type(description) is str:
        _over(DESCRIPTION_LENGTH, len(description), "description")
    _over(PLAYERS, _length(get("players")), "players")
    _over(PERMANENTS, _length(get("permanents")), "permanents")
    _over(EFFECTS, _length(get("effects")), "effects")
    event = get("event")
    if event is not None and _is_mapping(event):
        _check_event(event)
    choices = get("choices")
    if choices and _is_mapping(choices):
        _check_choices(choices)


def _check_event(event: Mapping[str, Any]) -> None:
    _over(DAMAGE_ENTRIES, _length(event.get("damage")), "event.damage")
    attacks = event.get("attacks")
    if type(attacks) is list or isinstance(attacks, list | tuple):
        _over(ATTACKERS, len(attacks), "event.attacks")  # bounds the loop below
        blocks = 0
        per_attacker = BLOCKERS_PER_ATTACKER.maximum
        for i, attack in enumerate(attacks):
            if type(attack) is dict:
                listed = attack.get("blockers")
                blockers = len(listed) if type(listed) is list else _length(listed)
            elif isinstance(attack, Mapping):
                blockers = _length(attack.get("blockers"))
            else:
                continue
            if blockers:
                if blockers > per_attacker:
                    raise LimitExceeded(BLOCKERS_PER_ATTACKER, f"event.attacks[{i}].blockers")
                blocks += blockers
        _over(BLOCKS, blocks, "event.attacks")
    entries = 0
    for key in _ASSIGNMENT_KEYS:
        table = event.get(key)
        if table and _is_mapping(table):
            _over(ASSIGNMENT_ENTRIES, entries + len(table), f"event.{key}")
            entries += sum(_length(division) for division in table.values())
            _over(ASSIGNMENT_ENTRIES, entries, f"event.{key}")


def _check_choices(choices: Mapping[str, Any]) -> None:
    orders = choices.get("replacement_order")
    if isinstance(orders, Mapping):
        _over(REPLACEMENT_ORDERS, len(orders), "choices.replacement_order")  # bounds the sum below
        entries = sum(_length(order) for order in orders.values())
        _over(REPLACEMENT_ORDER_ENTRIES, entries, "choices.replacement_order")
    allocations = choices.get("shield_allocation")
    if isinstance(allocations, Mapping):
        _over(SHIELD_ALLOCATIONS, len(allocations), "choices.shield_allocation")
        entries = sum(_length(division) for division in allocations.values())
        _over(SHIELD_ALLOCATIONS, entries, "choices.shield_allocation")


def limits_table() -> list[dict[str, Any]]:
    """Every limit as ``{"name", "maximum", "ja", "en"}`` (for documentation and pages)."""
    return [
        {"name": limit.name, "maximum": limit.maximum, "ja": limit.message_ja(), "en": limit.message_en()}
        for limit in LIMITS
    ]
