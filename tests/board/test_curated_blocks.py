"""Curated boards and block restrictions (issue 23 items 1 and 7).

Every curated board parses, so none shows a block its cards forbid (CR 509.1b); each board of
``blocks.json`` shows a legal declaration, and the illegal one its description names is refused with
the rule it names.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules_core import ScenarioError, parse_scenario

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _blocks() -> dict[str, dict[str, Any]]:
    entries = json.loads((FIXTURES / "curated_sources" / "blocks.json").read_text(encoding="utf-8"))
    return {e["slug"]: e for e in entries}


def test_every_curated_board_parses():
    """No curated board has an illegal block (509.1a-b, 702.9b, 702.111b, 702.16f …)."""
    rows = json.loads((FIXTURES / "scenarios.json").read_text(encoding="utf-8"))
    refused = []
    for row in rows:
        try:
            parse_scenario(row["fields"]["document"])
        except ScenarioError as err:
            refused.append(f"{row['fields']['slug']}: {err}")
    assert len(rows) >= 120
    assert refused == []


def test_the_block_boards_are_in_the_curated_fixture():
    slugs = {row["fields"]["slug"] for row in json.loads((FIXTURES / "scenarios.json").read_text("utf-8"))}
    assert set(_blocks()) <= slugs


def _with_blockers(document: dict[str, Any], index: int, blockers: list[str]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    changed["event"]["attacks"][index]["blockers"] = blockers
    changed["event"].pop("assignments", None)
    changed["event"].pop("blocker_assignments", None)
    return changed


# slug -> (the attack, the blockers the description says are refused, the rule the refusal names)
REFUSED = {
    "cr702-9b-reach": (0, ["giant"], "702.9b"),
    "cr702-111b": (0, ["bear"], "702.111b"),
    "cr509-1b-agent": (0, ["bear"], "509.1b"),
    "cr509-1b-beast": (0, ["bear"], "509.1b"),
    "cr509-1b-skrelv": (0, ["skrelv"], "509.1b"),
}


@pytest.mark.parametrize("slug", sorted(REFUSED))
def test_the_block_the_board_rules_out_is_refused(slug):
    """Each board's description names a block that is not allowed; the parser refuses it, naming the rule."""
    board = _blocks()[slug]
    assert REFUSED[slug][2] in board["description"]
    index, blockers, rule = REFUSED[slug]
    with pytest.raises(ScenarioError) as info:
        parse_scenario(_with_blockers(board["document"], index, blockers))
    assert f"{rule}" in str(info.value)


def test_the_defender_board_refuses_the_wall_attacking():
    """CR 702.3b, 508.1c: 《石の壁》 blocks, but can't attack."""
    board = copy.deepcopy(_blocks()["cr702-3b-wall"]["document"])
    board["active_player"] = "B"
    board["event"]["attacks"] = [{"attacker": "wall", "defender": "A", "blockers": []}]
    with pytest.raises(ScenarioError) as info:
        parse_scenario(board)
    assert "702.3b" in str(info.value) and info.value.field == "event.attacks[0].attacker"


def test_the_brigade_board_needs_its_additional_block():
    """CR 509.1a: without "can block an additional creature" the second block is refused."""
    board = copy.deepcopy(_blocks()["cr509-1a-brigade"]["document"])
    brigade = next(p for p in board["permanents"] if p["id"] == "brigade")
    del brigade["additional_blocks"]
    with pytest.raises(ScenarioError) as info:
        parse_scenario(board)
    assert "509.1a" in str(info.value) and info.value.field == "event.attacks[1].blockers[0]"
