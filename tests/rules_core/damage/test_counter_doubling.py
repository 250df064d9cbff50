"""Counters doubled by whose permanent gets them (CR 614.1a, 122.6, 120.3d, 614.16).

Card: 《倍増の季節》 (Doubling Season), Oracle: "If an effect would put one or more counters on a permanent
you control, it puts twice that many of those counters on that permanent instead." The words are "a
permanent you control": the permanent's controller decides, not the player whose source puts the counters.
So your wither 2/2 blocked by the opponent's 0/5 puts 2 -1/-1 counters on it (120.3d): not doubled by your
《倍増の季節》, doubled to 4 by the opponent's. Players' poison counters are not on a permanent.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import ScenarioError, parse_scenario

from ..helpers import attack, combat, creature, doc, final, notes, run, spell

WITHER_A = creature("ram", 2, 2, controller="A", name="萎縮の熊", keywords=["wither"])
WALL_B = creature("wall", 0, 5, name="壁")


def season(player: str) -> dict[str, Any]:
    return {"type": "counter_multiplier", "factor": 2, "on_controlled_by": player, "name": "《倍増の季節》"}


def blocked_by_wall(effects: list[dict[str, Any]]) -> dict[str, Any]:
    return doc([WITHER_A, WALL_B], combat(attack("ram", "B", blockers=("wall",))), effects=effects)


def test_your_doubling_season_does_not_double_counters_you_put_on_the_opponents_creature() -> None:
    """CR 614.1a, 122.6: the 0/5 is not a permanent you control, so your 《倍増の季節》 doesn't apply: 2 counters."""
    f = final(blocked_by_wall([season("A")]))
    assert f["permanents"]["wall"]["counters"] == {"-1/-1": 2}


def test_the_blockers_controllers_doubling_season_doubles_the_counters_your_wither_puts() -> None:
    """CR 614.1a, 122.6: the 0/5's controller has 《倍増の季節》: 2 -1/-1 counters become 4 (a 0/1 left)."""
    _, result = run(blocked_by_wall([season("B")]))
    wall = result["final"]["permanents"]["wall"]
    assert wall["counters"] == {"-1/-1": 4}
    assert wall["zone"] == "battlefield"
    assert "《倍増の季節》により" in notes(result, "120.4c")


def test_by_the_putter_still_doubles_what_that_player_puts() -> None:
    """CR 614.1a: the older key ``by_controller`` (who puts the counters, Vorinclex-like) is unchanged:
    A's wither puts 2, doubled to 4 on B's creature."""
    f = final(blocked_by_wall([{"type": "counter_multiplier", "factor": 2, "by_controller": "A"}]))
    assert f["permanents"]["wall"]["counters"] == {"-1/-1": 4}


def test_poison_counters_on_a_player_are_not_on_a_permanent() -> None:
    """CR 120.3b, 122.6: infect damage to the opponent gives poison counters to a player, not a permanent:
    the opponent's 《倍増の季節》 leaves them at 3."""
    f = final(doc([], spell({"B": 3}, keywords=("infect",)), effects=[season("B")]))
    assert f["players"]["B"]["poison"] == 3


def test_trigger_counters_on_your_own_creature_are_doubled() -> None:
    """CR 614.1a, 122.6: your lifelink creature's life gain makes 《アジャニの群れ仲間》's ability put one +1/+1
    counter on it; it is your permanent, so your 《倍増の季節》 doubles it to 2 and the opponent's doesn't."""
    child = creature("child", 2, 1, controller="A", keywords=["lifelink"])
    pridemate = creature(
        "mate",
        2,
        2,
        controller="A",
        triggers=[{"when": "gain_life", "effect": {"type": "counters", "amount": 1, "kind": "+1/+1"}}],
    )
    f = final(doc([child, pridemate], combat(attack("child", "B")), effects=[season("A")]))
    assert f["permanents"]["mate"]["counters"] == {"+1/+1": 2}
    f = final(doc([child, pridemate], combat(attack("child", "B")), effects=[season("B")]))
    assert f["permanents"]["mate"]["counters"] == {"+1/+1": 1}


def test_the_key_round_trips_and_names_a_player() -> None:
    """The document form: ``on_controlled_by`` is a player id, written back as given."""
    scenario = parse_scenario(blocked_by_wall([season("B")]))
    assert scenario.to_dict()["effects"][0]["on_controlled_by"] == "B"
    assert parse_scenario(scenario.to_dict()) == scenario


def test_an_unknown_player_is_refused_in_japanese_on_its_field() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(blocked_by_wall([season("nobody")]))
    assert err.value.field == "effects[0].on_controlled_by"
