"""The scenario limits (``rules_core.document.limits``): a document over any of them is refused with the typed
error naming the limit, before any parsing; one exactly at a limit is parsed as before."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import ScenarioError, parse_scenario, resolve_document
from rules_core.__main__ import main
from rules_core.document import limits
from rules_core.document.limits import LimitExceeded
from tests.rules_core.helpers import PLAYERS, attack, combat, creature, doc, spell


def _attackers_and_blockers(attackers: int, blockers: int) -> dict[str, Any]:
    blocker_ids = tuple(f"b{j}" for j in range(blockers))
    return doc(
        [
            *(creature(f"a{i}", 2, 2, controller="A") for i in range(attackers)),
            *(creature(b, 1, 1, additional_blocks="any") for b in blocker_ids),  # 509.1a
        ],
        combat(*(attack(f"a{i}", blockers=blocker_ids) for i in range(attackers))),
    )


def _n(limit: limits.Limit, extra: int = 1) -> int:
    return limit.maximum + extra


OVER: dict[str, tuple[Callable[[], dict[str, Any]], str]] = {
    "players": (lambda: doc(players=[{"id": f"p{i}"} for i in range(_n(limits.PLAYERS))]), "players"),
    "permanents": (
        lambda: doc([creature(f"c{i}", 1, 1) for i in range(_n(limits.PERMANENTS))]),
        "permanents",
    ),
    "effects": (
        lambda: doc(effects=[{"type": "prevent_static", "amount": 1}] * _n(limits.EFFECTS)),
        "effects",
    ),
    "damage": (
        lambda: doc(event=spell({f"c{i}": 1 for i in range(_n(limits.DAMAGE_ENTRIES))})),
        "event.damage",
    ),
    "attackers": (
        lambda: doc(event=combat(*(attack(f"a{i}") for i in range(_n(limits.ATTACKERS))))),
        "event.attacks",
    ),
    "blockers_per_attacker": (
        lambda: _attackers_and_blockers(1, _n(limits.BLOCKERS_PER_ATTACKER)),
        "event.attacks[0].blockers",
    ),
    "blocks": (
        lambda: _attackers_and_blockers(
            limits.BLOCKS.maximum // limits.BLOCKERS_PER_ATTACKER.maximum + 1,
            limits.BLOCKERS_PER_ATTACKER.maximum,
        ),
        "event.attacks",
    ),
    "assignment_entries": (
        lambda: doc(
            event=combat(
                attack("a"),
                assignments={
                    f"a{i}": {f"x{j}": 1 for j in range(100)}
                    for i in range(limits.ASSIGNMENT_ENTRIES.maximum // 100 + 1)
                },
            )
        ),
        "event.assignments",
    ),
    "replacement_orders": (
        lambda: doc(
            choices={"replacement_order": {f"c{i}": [0] for i in range(_n(limits.REPLACEMENT_ORDERS))}}
        ),
        "choices.replacement_order",
    ),
    "replacement_order_entries": (
        lambda: doc(
            choices={
                "replacement_order": {
                    f"c{i}": list(range(limits.EFFECTS.maximum))
                    for i in range(limits.REPLACEMENT_ORDERS.maximum)
                }
            }
        ),
        "choices.replacement_order",
    ),
    "shield_allocations": (
        lambda: doc(
            choices={"shield_allocation": {str(i): {f"s{j}": 1 for j in range(50)} for i in range(10)}}
        ),
        "choices.shield_allocation",
    ),
    "title": (lambda: {**doc(), "title": "題" * _n(limits.TITLE_LENGTH)}, "title"),
    "description": (lambda: {**doc(), "description": "説" * _n(limits.DESCRIPTION_LENGTH)}, "description"),
    "document_bytes": (
        lambda: {
            **doc(),
            "description": "x" * 10,
            "players": [
                {"id": "A", "name": "x" * 100},
                {"id": "B", "name": "y" * (limits.DOCUMENT_BYTES.maximum)},
            ],
        },
        "document",
    ),
    "document_nodes": (
        lambda: {**doc(), "event": {"x": [[0] * 100] * (limits.DOCUMENT_NODES.maximum // 100)}},
        "document",
    ),
    "document_depth": (lambda: {**doc(), "event": _nested(limits.DOCUMENT_DEPTH.maximum)}, "document"),
}


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"x": value}
    return value


def test_every_limit_has_a_test() -> None:
    assert set(OVER) == {limit.name for limit in limits.LIMITS}


@pytest.mark.parametrize("name", sorted(OVER))
def test_a_document_over_a_limit_is_refused_naming_it(name: str) -> None:
    build, field = OVER[name]
    limit = next(limit for limit in limits.LIMITS if limit.name == name)
    with pytest.raises(LimitExceeded) as caught:
        # the walked limits (document_*) are checked for documents from outside; parse checks the counts
        (limits.check_document if name.startswith("document_") else parse_scenario)(build())
    error = caught.value
    assert isinstance(error, ScenarioError)
    assert error.limit == name and error.maximum == limit.maximum
    assert error.field == field
    assert f"最大{limit.maximum}" in error.message  # the Japanese message states the number
    assert error.to_dict()["limit"] == name


def test_the_message_reads_as_the_brief_says() -> None:
    with pytest.raises(LimitExceeded) as caught:
        parse_scenario(OVER["permanents"][0]())
    assert str(caught.value) == f"permanents: 盤面に置けるパーマネントは最大{limits.PERMANENTS.maximum}個です"


def test_documents_at_the_limits_still_resolve() -> None:
    """At the limits nothing is refused for its size: 702.19b still governs the result (each trampler
    blocked by the same blockers assigns lethal damage to each of them first)."""
    per_attacker = limits.BLOCKERS_PER_ATTACKER.maximum
    attackers = min(limits.BLOCKS.maximum // per_attacker, limits.PERMANENTS.maximum - per_attacker)
    document = _attackers_and_blockers(attackers, per_attacker)
    assert resolve_document(document)["legal"] in (True, False)
    many = doc(
        [creature(f"c{i}", 2, 2) for i in range(limits.PERMANENTS.maximum)],
        spell({f"c{i}": 2 for i in range(limits.DAMAGE_ENTRIES.maximum)}),
    )
    final = resolve_document(many)["final"]["permanents"]
    assert all(
        final[f"c{i}"]["zone"] == "graveyard" for i in range(limits.DAMAGE_ENTRIES.maximum)
    )  # CR 704.5g


def test_limits_come_before_other_errors() -> None:
    """A huge document is refused for its size even when its first player is also invalid."""
    document = doc(
        [creature(f"c{i}", 1, 1) for i in range(limits.PERMANENTS.maximum + 1)],
        players=[{"id": "A", "life": True}, *PLAYERS[1:]],
    )
    with pytest.raises(LimitExceeded):
        parse_scenario(document)


def test_a_document_within_the_limits_gets_the_parsers_error() -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(doc(players=[{"id": "A", "life": True}, *PLAYERS[1:]]))
    assert not isinstance(caught.value, LimitExceeded)
    assert caught.value.field == "players[0].life"


@settings(max_examples=40, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=5),
        max_leaves=40,
    )
)
def test_measure_matches_compact_json(value: Any) -> None:
    """The measured size is the compact UTF-8 JSON size (what the board stores)."""
    document = {"x": value}
    try:
        size, _ = limits.measure(document)
    except LimitExceeded as error:
        assert error.limit == "document_depth"
        return
    assert size == len(
        json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
    )


def test_the_command_line_refuses_with_the_limit(tmp_path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(OVER["effects"][0]()), encoding="utf-8")
    out = io.StringIO()
    assert main(["resolve", str(path)], stdin=io.StringIO(), stdout=out) == 2
    error = json.loads(out.getvalue())
    assert error["limit"] == "effects" and error["maximum"] == limits.EFFECTS.maximum
    assert error["field"] == "effects" and error["message"] == f"効果は最大{limits.EFFECTS.maximum}個です"
