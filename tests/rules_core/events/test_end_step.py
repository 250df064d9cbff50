""" "At the beginning of the next end step, sacrifice it" (docs/scenario-format.md § 17.6; CR 603.7a-c, 513.1,
603.2b, 701.21a): a delayed triggered ability made by the damage spell, or before combat by 《騙し討ち》."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import compare_eras, parse_scenario, resolve
from rules_core.model.errors import ScenarioError
from rules_core.model.trace import Resolution

PLAYERS = [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}]
TROLL = {
    "id": "troll",
    "name": "《トロールの苦行者》",
    "controller": "A",
    "types": ["creature"],
    "power": 3,
    "toughness": 2,
    "keywords": ["hexproof"],
}
BEAR = {
    "id": "bear",
    "name": "《灰色熊》",
    "controller": "B",
    "types": ["creature"],
    "power": 2,
    "toughness": 2,
}
SNEAK = {"when": "end_step", "creature": "troll", "controller": "A", "made_by": "《騙し討ち》"}
BOLT = {"name": "《稲妻》", "controller": "A", "colors": ["red"], "types": ["instant"]}


def _doc(permanents: list[dict[str, Any]], event: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"players": PLAYERS, "active_player": "A", "permanents": permanents, "event": event, **top}


def _run(permanents: list[dict[str, Any]], event: dict[str, Any], **top: Any) -> Resolution:
    return resolve(parse_scenario(_doc(permanents, event, **top)))


def _attack(**delayed: Any) -> dict[str, Any]:
    return {
        "type": "combat",
        "attacks": [{"attacker": "troll", "defender": "B"}],
        "delayed": {**SNEAK, **delayed},
    }


def _bolt(to: str, amount: int, **delayed: Any) -> dict[str, Any]:
    return {
        "type": "noncombat",
        "source": BOLT,
        "damage": [{"to": to, "amount": amount}],
        "delayed": {"when": "end_step", "creature": "troll", **delayed},
    }


def test_regeneration_doesnt_stop_the_sacrifice() -> None:
    # CR 701.21a: "Sacrificing a permanent doesn't destroy it, so regeneration or other effects that replace
    # destruction can't affect this action."
    shield = [{"type": "regenerate", "on": "troll"}]
    result = _run([TROLL], _attack(), effects=shield)
    assert result.state.permanent("troll").zone == "graveyard"
    assert result.state.player("B").life == 17
    end = result.steps[-1]
    assert end.name == "end_step" and [s.stage for s in end.stages][:2] == ["513.1", "701.21a"]
    assert {"603.7a", "513.1", "603.2b", "603.7b"} <= set(end.stages[0].rules)
    assert "701.19a" in end.stages[1].rules and "再生" in end.stages[1].notes[-1]


def test_indestructible_doesnt_stop_it_and_every_era_sacrifices() -> None:
    # CR 702.12b: indestructible stops destruction only; the end step is no combat rule, so all eras agree.
    scenario = parse_scenario(_doc([{**TROLL, "keywords": ["indestructible"]}], _attack()))
    assert {era: r.state.permanent("troll").zone for era, r in compare_eras(scenario).items()} == {
        "current": "graveyard",
        "2009-2024": "graveyard",
        "2007": "graveyard",
    }


def test_a_creature_that_already_died_is_not_affected() -> None:
    # CR 603.7c: the object is no longer in the zone expected; a returning creature would be a new object.
    blocked = {
        "type": "combat",
        "attacks": [{"attacker": "troll", "defender": "B", "blockers": ["ogre"]}],
        "delayed": SNEAK,
    }
    ogre = {**BEAR, "id": "ogre", "power": 5, "toughness": 5}
    result = _run([TROLL, ogre], blocked)
    sacrifice = result.steps[-1].stages[1]
    assert sacrifice.rules == ("608.2", "603.7c", "400.7") and sacrifice.changes == ()


def test_the_damage_spell_makes_it_as_it_resolves() -> None:
    # CR 603.7a, 603.7d: made by the spell as it resolves; its controller, the spell's, sacrifices.
    result = _run([TROLL, BEAR], _bolt("bear", 3))
    assert result.steps[0].stages[0].stage == "603.7a"
    assert "生け贄に捧げる" in result.steps[0].stages[0].notes[0]
    assert result.state.permanent("bear").zone == "graveyard"
    assert result.state.permanent("troll").zone == "graveyard"


def test_a_countered_spell_never_makes_it() -> None:
    # CR 603.7a, 702.21a: ward unpaid counters the spell, so no delayed ability exists and nothing is sacrificed.
    warded = {**BEAR, "ward": "{2}"}
    event = {**_bolt("bear", 3), "targets": ["bear"]}
    result = _run([TROLL, warded], event)
    assert [s.name for s in result.steps] == ["damage"]
    assert result.state.permanent("troll").zone == "battlefield"


def test_a_creature_its_controller_no_longer_controls_cant_be_sacrificed() -> None:
    # CR 701.21a: "A player can't sacrifice ... a permanent they don't control."
    result = _run([{**TROLL, "controller": "B"}, BEAR], _bolt("bear", 3, controller="A"))
    assert result.state.permanent("troll").zone == "battlefield"
    assert result.steps[-1].stages[1].rules == ("608.2", "701.21a")


def test_the_sacrificed_creature_dies_and_its_dies_ability_triggers() -> None:
    # CR 700.4, 603.10a: put into a graveyard from the battlefield, it died: "when ~ dies" triggers.
    dies = {"when": "dies", "effect": {"type": "gain_life", "amount": 2}}
    result = _run([{**TROLL, "triggers": [dies]}], _attack())
    assert [s.name for s in result.steps][-2:] == ["end_step", "trigger"]
    assert result.state.player("A").life == 22


def test_exile_instead_still_applies_to_the_move() -> None:
    # CR 614.6: a replacement of the move to the graveyard applies to a sacrifice too.
    rest = [{"type": "exile_instead", "controller": "B", "name": "《安らかなる眠り》"}]
    result = _run([TROLL], _attack(), effects=rest)
    assert result.state.permanent("troll").zone == "exile"


@pytest.mark.parametrize(
    ("delayed", "field"),
    [
        ({"when": "end_step", "creature": "troll", "amount": 1}, "event.delayed.amount"),
        (
            {"when": "dies", "creature": "troll", "amount": 1, "made_by": "《騙し討ち》"},
            "event.delayed.made_by",
        ),
    ],
)
def test_refusals_of_the_noncombat_form(delayed: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(_doc([TROLL, BEAR], {**_bolt("bear", 1), "delayed": delayed}))
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("delayed", "field"),
    [
        ({"when": "end_step", "creature": "troll", "made_by": "《騙し討ち》"}, "event.delayed.controller"),
        ({"when": "end_step", "creature": "troll", "controller": "A"}, "event.delayed.made_by"),
        ({"creature": "troll", "amount": 3}, "event.delayed.when"),
    ],
)
def test_refusals_of_the_combat_form(delayed: dict[str, Any], field: str) -> None:
    # § 17.6: made before combat, the ability needs who controls it and what made it (603.7a, 603.7e).
    event = {"type": "combat", "attacks": [{"attacker": "troll", "defender": "B"}], "delayed": delayed}
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(_doc([TROLL], event))
    assert caught.value.field == field and caught.value.message


def test_the_normalized_form_round_trips() -> None:
    for event in (_attack(), _bolt("bear", 3)):
        scenario = parse_scenario(_doc([TROLL, BEAR], event))
        assert parse_scenario(scenario.to_dict()) == scenario
        assert "amount" not in scenario.to_dict()["event"]["delayed"]
