"""What a board may need, worked out once (:mod:`rules_core.model.features`): each hook of the engine tests
one attribute, and a board resolves exactly as it would with every hook on."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import Scenario, parse_scenario, resolve
from rules_core.examples import EXAMPLES
from rules_core.model.features import Features
from rules_core.model.state import GameState, Permanent, Player

from ..helpers import attack, combat, creature, doc, spell
from ..test_properties import combat_documents, noncombat_documents

ROOT = Path(__file__).resolve().parents[3]
BOARDS = [
    row["fields"]["document"]
    for row in json.loads((ROOT / "fixtures" / "scenarios.json").read_text(encoding="utf-8"))
]


def _with_every_hook(scenario: Scenario) -> Scenario:
    """The same scenario with every feature on: each hook then looks at the board as it did before."""
    out = dataclasses.replace(scenario)
    state = scenario.state
    object.__setattr__(out, "_state", GameState(state.players, state.permanents, state.teams, Features()))
    return out


def _same_resolution(document: dict[str, Any]) -> None:
    scenario = parse_scenario(document)
    assert resolve(scenario).to_dict() == resolve(_with_every_hook(scenario)).to_dict()


@pytest.mark.parametrize("document", [e.document for e in EXAMPLES.values()] + BOARDS)
def test_every_example_and_curated_board_resolves_as_with_every_hook_on(document: dict[str, Any]) -> None:
    _same_resolution(document)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(noncombat_documents(), combat_documents()))
def test_generated_boards_resolve_as_with_every_hook_on(document: dict[str, Any]) -> None:
    _same_resolution(document)


def test_a_plain_board_needs_no_hook() -> None:
    bolt = parse_scenario(doc([creature("bear", 2, 2)], spell({"bear": 3})))
    assert bolt.features == Features(
        life_rules=False, destruction=False, sieges=False, departures=False, triggers=False
    )


def test_each_feature_comes_from_what_the_board_has() -> None:
    shielded = creature("bear", 2, 2, counters={"shield": 1})
    assert parse_scenario(doc([shielded], spell({"bear": 3}))).features.destruction
    regenerating = doc([creature("bear", 2, 2)], spell({"bear": 3}), [{"type": "regenerate", "on": "bear"}])
    assert parse_scenario(regenerating).features.destruction
    worship = doc([creature("bear", 2, 2)], spell({"B": 30}), [{"type": "life_cant_change", "player": "B"}])
    assert parse_scenario(worship).features.life_rules
    three = doc([creature("bear", 2, 2)], spell({"C": 30}), players=[{"id": "A"}, {"id": "B"}, {"id": "C"}])
    assert parse_scenario(three).features.departures
    trigger = {"when": "dealt_damage", "effect": {"type": "gain_life", "amount": 1}}
    reacting = doc([creature("bear", 2, 2, triggers=[trigger])], spell({"bear": 1}))
    features = parse_scenario(reacting).features
    assert (features.triggers, features.sieges) == (True, False)


def test_a_siege_can_trigger() -> None:
    siege = {
        "id": "siege",
        "controller": "A",
        "protector": "B",
        "types": ["battle"],
        "subtypes": ["Siege"],
        "defense": 3,
    }
    board = parse_scenario(doc([creature("bear", 4, 4, "A"), siege], combat(attack("bear", "siege"))))
    assert (board.features.sieges, board.features.triggers) == (True, True)


def test_the_2007_windows_effects_count_from_the_start() -> None:
    """A regeneration shield made in the 2007 window exists only once the window's actions resolve."""
    window = doc(
        [creature("bear", 2, 2, "A"), creature("wall", 0, 4)], combat(attack("bear", "B", ("wall",)))
    )
    window["era"] = "2007"
    window["event"]["on_stack_actions"] = [{"type": "effect", "effect": {"type": "regenerate", "on": "wall"}}]
    scenario = parse_scenario(window)
    assert scenario.effects == ()
    assert scenario.features.destruction


def test_a_state_without_a_scenario_looks_at_its_own_board() -> None:
    """A GameState made by hand assumes every effect may be there, and reads triggers from its board."""
    bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2)
    features = GameState((Player("A"), Player("B")), (bear,)).features
    assert (features.life_rules, features.destruction, features.triggers, features.departures) == (
        True,
        True,
        False,
        False,
    )
