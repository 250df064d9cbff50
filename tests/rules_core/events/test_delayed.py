"""A delayed triggered ability created by the damage spell (CR 603.7a-d, 603.10a; 《灼熱の血》: "deals 2
damage to target creature. When that creature dies this turn, 《灼熱の血》 deals 3 damage to the creature's
controller"). Expected values are derived from the cited paragraphs."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import ScenarioError, parse_scenario, resolve_document

from ..helpers import creature, doc, spell


def searing_blood(to: str = "bear", **delayed: Any) -> dict[str, Any]:
    return spell(
        {to: 2},
        name="《灼熱の血》",
        colors=("red",),
        delayed={"when": "dies", "creature": to, "amount": 3, **delayed},
    )


def test_the_delayed_trigger_is_created_then_triggers_when_the_creature_dies() -> None:
    """603.7a: the spell creates the ability as it resolves; the 2/2 dies to state-based actions (704.5g),
    the ability triggers (603.7b), goes on the stack and deals 3 to the creature's controller."""
    result = resolve_document(doc([creature("bear", 2, 2)], searing_blood()))
    first = result["steps"][0]["stages"]
    assert first[0]["stage"] == "603.7a"
    assert "603.7d" in first[0]["rules"]
    sba = next(s for s in first if s["stage"] == "704")
    assert "603.7b" in sba["rules"]
    assert [s["name"] for s in result["steps"]] == ["damage", "trigger"]
    assert result["final"]["players"]["B"]["life"] == 17
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"


def test_a_creature_that_survives_never_triggers_it_here() -> None:
    """603.7b: the ability triggers only the next time its event happens this turn; the 2/3 survives the
    2 damage, so nothing triggers and the controller keeps their life."""
    result = resolve_document(doc([creature("bear", 2, 3)], searing_blood()))
    assert [s["name"] for s in result["steps"]] == ["damage"]
    assert result["final"]["players"]["B"]["life"] == 20
    assert "603.7b" in result["steps"][0]["stages"][-1]["notes"][-1]


def test_the_delayed_ability_s_source_is_the_red_spell() -> None:
    """603.7d: the source of a delayed ability a spell created is that spell, so protection from red on the
    player prevents its 3 damage (702.16e, 615)."""
    players = [{"id": "A"}, {"id": "B", "protection": ["red"]}]
    result = resolve_document(doc([creature("bear", 2, 2)], searing_blood(), players=players))
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"
    assert result["final"]["players"]["B"]["life"] == 20


def test_delayed_round_trips_and_needs_a_creature() -> None:
    d = doc([creature("bear", 2, 2)], searing_blood(name="《灼熱の血》の誘発"))
    scenario = parse_scenario(d)
    assert parse_scenario(scenario.to_dict()) == scenario
    assert scenario.to_dict()["event"]["delayed"]["name"] == "《灼熱の血》の誘発"
    bad = doc([creature("bear", 2, 2)], spell({"bear": 2}, delayed={"creature": "A", "amount": 3}))
    with pytest.raises(ScenarioError) as err:
        parse_scenario(bad)
    assert err.value.field == "event.delayed.creature"
