"""The schema and the parser agree on the § 14 forms (targets, ward, in_response; CR 601.2c, 608.2b, 702.21a)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules_core.document.test_schema import BOARD, BOLT, _agree, _with

RESPONSES: list[tuple[Any, str]] = [
    ({"type": "gain_keyword", "permanent": "bear", "keyword": "hexproof"}, "both accept"),
    ({"type": "gain_keyword", "permanent": "bear", "keyword": "shroud", "name": "《x》"}, "both accept"),
    ({"type": "gain_keyword", "permanent": "bear"}, "both refuse"),
    ({"type": "gain_keyword", "permanent": "bear", "keyword": "fly"}, "both refuse"),
    ({"type": "gain_protection", "object": "A", "from": "everything"}, "both accept"),
    ({"type": "gain_protection", "object": "bear", "from": "pink"}, "both refuse"),
    ({"type": "gain_protection", "permanent": "bear", "from": "red"}, "both refuse"),
    ({"type": "leave_battlefield", "permanent": "bear"}, "both accept"),
    ({"type": "leave_battlefield", "permanent": "bear", "zone": "exile"}, "both accept"),
    ({"type": "leave_battlefield", "permanent": "bear", "zone": "library"}, "both refuse"),
    ({"type": "leave_battlefield", "permanent": "bear", "zone": None}, "both refuse"),
    ({"type": "leave_battlefield", "permanent": "bear", "keyword": "hexproof"}, "both refuse"),
    ({"permanent": "bear"}, "both refuse"),
    ({"type": "blink", "permanent": "bear"}, "both refuse"),
]


@pytest.mark.parametrize(("response", "expected"), RESPONSES)
def test_each_response_form(response: Any, expected: str) -> None:
    # CR 608.2b: what changed in response; the schema says what the parser reads, key by key.
    assert _agree(str(response), _with(BOARD, event={**BOLT, "in_response": [response]})) == expected


def test_too_many_responses() -> None:
    one = {"type": "leave_battlefield", "permanent": "bear"}
    assert _agree("16", _with(BOARD, event={**BOLT, "in_response": [one] * 16})) == "both accept"
    assert _agree("17", _with(BOARD, event={**BOLT, "in_response": [one] * 17})) == "both refuse"


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({"to": "bear", "amount": 3, "target": True}, "both accept"),
        ({"to": "bear", "amount": 3, "target": False}, "both accept"),
        ({"to": "bear", "amount": 3, "target": 1}, "both refuse"),
        ({"to": "bear", "amount": 3, "ward_paid": "yes"}, "both refuse"),
        # CR 702.21a: ward_paid where no ward triggers is beyond what a schema can say
        (
            {"to": "bear", "amount": 3, "target": True, "ward_paid": True},
            "the parser refuses what the schema cannot say",
        ),
    ],
)
def test_target_and_ward_paid_on_a_damage_entry(entry: dict[str, Any], expected: str) -> None:
    assert _agree(str(entry), _with(BOARD, event={**BOLT, "damage": [entry]})) == expected


@pytest.mark.parametrize(
    ("ward", "expected"),
    [
        ("{2}", "both accept"),
        ("", "both refuse"),
        ("x" * 41, "both refuse"),
        (2, "both refuse"),
        (None, "both accept"),
    ],
)
def test_ward_on_a_permanent(ward: Any, expected: str) -> None:
    # CR 702.21a: the ward cost as printed.
    permanents = [
        *BOARD["permanents"],
        {"id": "guard", "controller": "B", "types": ["creature"], "power": 1, "toughness": 1, "ward": ward},
    ]
    assert _agree(str(ward), _with(BOARD, permanents=permanents)) == expected


def test_an_illegal_target_is_refused_by_the_parser_alone() -> None:
    # CR 601.2c, 702.11b: whether a target is legal compares objects, beyond the schema.
    permanents = [
        *BOARD["permanents"],
        {
            "id": "troll",
            "controller": "B",
            "types": ["creature"],
            "power": 3,
            "toughness": 2,
            "keywords": ["hexproof"],
        },
    ]
    event = {**BOLT, "damage": [{"to": "troll", "amount": 3, "target": True}]}
    assert (
        _agree("hexproof", _with(BOARD, permanents=permanents, event=event))
        == "the parser refuses what the schema cannot say"
    )
