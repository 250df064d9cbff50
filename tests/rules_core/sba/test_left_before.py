"""A player who left a multiplayer game before a noncombat spell resolved (CR 800.4, 800.4a, 608.2b).
Expected values are derived from the cited paragraphs."""

from __future__ import annotations

import pytest

from rules_core import ScenarioError, parse_scenario, resolve_document

from ..helpers import creature, doc, spell

THREE = [{"id": "A"}, {"id": "B"}, {"id": "C", "life": 0, "left": True}]


def test_divided_damage_to_a_player_who_left_is_not_dealt_the_rest_is() -> None:
    """608.2b: a player no longer in the game (800.4a) is an illegal target; the spell still resolves for
    its legal target, and the division stays as announced: the bear gets its 1, C nothing."""
    d = doc([creature("bear", 2, 2)], spell({"bear": 1, "C": 2}, name="《弧状の稲妻》"), players=THREE)
    result = resolve_document(d)
    first = result["steps"][0]["stages"][0]
    assert first["stage"] == "800.4a"
    assert set(first["rules"]) == {"800.4a", "608.2b"}
    final = result["final"]
    assert final["permanents"]["bear"]["damage"] == 1
    assert final["players"]["C"] == {"life": 0, "poison": 0, "lost": True, "left": True}
    events = next(s for s in result["steps"][0]["stages"] if s["stage"] == "120.4b")["events"]
    assert [e["to"] for e in events] == ["bear"]


def test_a_spell_whose_only_target_left_does_not_resolve() -> None:
    """608.2b: with its only target illegal the spell doesn't resolve: no 120.4 stages, nothing changes."""
    d = doc([], spell({"C": 3}, name="《稲妻》"), players=THREE)
    result = resolve_document(d)
    assert [s["stage"] for s in result["steps"][0]["stages"]] == ["800.4a"]
    assert result["final"]["players"]["C"]["life"] == 0


def test_a_spell_controlled_by_a_player_who_left_is_gone() -> None:
    """800.4a: objects a player who left owned leave the game with them, so their spell never resolves:
    B's bear is dealt nothing."""
    d = doc([creature("bear", 2, 2)], spell({"bear": 3}, name="《稲妻》", controller="C"), players=THREE)
    result = resolve_document(d)
    assert result["final"]["permanents"]["bear"]["zone"] == "battlefield"
    assert result["final"]["permanents"]["bear"]["damage"] == 0
    assert "800.4a" in result["steps"][0]["stages"][0]["notes"][0]


def test_left_is_refused_where_the_game_would_not_go_on_or_they_still_own_something() -> None:
    """800.4: only a multiplayer game goes on after a player leaves; 800.4a: what they owned or controlled
    left the game with them; a player who left can't be attacked."""
    two = [{"id": "A"}, {"id": "B", "left": True}]
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc([], spell({"B": 1}), players=two))
    assert err.value.field == "players[1].left"
    assert "800.4" in err.value.message
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc([creature("rat", 1, 1, "C")], spell({"B": 1}), players=THREE))
    assert err.value.field == "permanents[0].controller"
    attack = {"type": "combat", "attacks": [{"attacker": "ogre", "defender": "C"}]}
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc([creature("ogre", 3, 3, "A")], attack, players=THREE))
    assert err.value.field == "event.attacks[0].defender"
    scenario = parse_scenario(doc([], spell({"B": 1}), players=THREE))
    assert parse_scenario(scenario.to_dict()) == scenario
    assert scenario.player("C").left and scenario.player("C").lost
