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
    ("keys", "expected"),
    [
        ({"targets": ["bear"]}, "both accept"),
        ({"targets": []}, "both accept"),
        ({"targets": None, "ward_paid": None}, "both accept"),
        ({"targets": "bear"}, "both refuse"),
        ({"targets": [1]}, "both refuse"),
        ({"ward_paid": {}}, "both refuse"),
        # CR 115.1, 702.21a: which ids may be listed compares objects, beyond a schema
        ({"targets": ["walker"]}, "the parser refuses what the schema cannot say"),
        ({"targets": ["bear"], "ward_paid": ["bear"]}, "the parser refuses what the schema cannot say"),
    ],
)
def test_targets_and_ward_paid_on_the_event(keys: dict[str, Any], expected: str) -> None:
    assert _agree(str(keys), _with(BOARD, event={**BOLT, **keys})) == expected


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
    event = {**BOLT, "damage": [{"to": "troll", "amount": 3}], "targets": ["troll"]}
    assert (
        _agree("hexproof", _with(BOARD, permanents=permanents, event=event))
        == "the parser refuses what the schema cannot say"
    )
