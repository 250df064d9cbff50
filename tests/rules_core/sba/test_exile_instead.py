"""CR 614.1a, 614.6, 700.4, 603.10a: "if it would die / be put into a graveyard, exile it instead" (§ 16.1).

Kalitas, Traitor of Ghet: "If a nontoken creature an opponent controls would die, instead exile that card and
create a 2/2 black Zombie creature token." Rest in Peace: "If a card or token would be put into a graveyard
from anywhere, exile it instead."
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules_core import parse_scenario, resolve_document
from rules_core.model.errors import ScenarioError

KALITAS: dict[str, Any] = {
    "type": "exile_instead",
    "controller": "A",
    "creatures": True,
    "nontoken": True,
    "opponents": True,
    "token": {"power": 2, "toughness": 2, "colors": ["black"], "subtypes": ["Zombie"]},
    "name": "《ゲトの裏切り者、カリタス》",
}
REST_IN_PEACE: dict[str, Any] = {"type": "exile_instead", "controller": "B", "name": "《安らかなる眠り》"}
DIES_DAMAGE = [{"when": "dies", "effect": {"type": "damage", "amount": 2, "to": "A"}}]


def _board(
    effects: list[dict[str, Any]], *, mine: dict[str, Any] | None = None, **theirs: Any
) -> dict[str, Any]:
    myr = {
        "id": "myr",
        "name": "危険なマイア",
        "controller": "B",
        "types": ["artifact", "creature"],
        "power": 1,
        "toughness": 1,
        "triggers": DIES_DAMAGE,
        **theirs,
    }
    permanents = [myr]
    if mine is not None:
        permanents.append(mine)
    return {
        "players": [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}],
        "permanents": permanents,
        "effects": effects,
        "event": {
            "type": "noncombat",
            "source": {"name": "《紅蓮地獄》", "controller": "A", "colors": ["red"]},
            "damage": [{"to": p["id"], "amount": 2} for p in permanents],
        },
    }


def _notes(result: dict[str, Any]) -> str:
    return "".join(n for step in result["steps"] for stage in step["stages"] for n in stage["notes"])


def test_kalitas_exiles_the_opponents_creature_which_does_not_die_and_makes_a_zombie() -> None:
    """Kalitas (614.6): exiled instead, so it doesn't die (700.4) and its dies ability doesn't trigger
    (603.10a); Kalitas's controller creates a 2/2 black Zombie token (the card's Oracle text)."""
    result = resolve_document(_board([KALITAS]))
    final = result["final"]
    assert final["permanents"]["myr"]["zone"] == "exile"
    assert final["players"]["A"]["life"] == 20  # the Myr's "deals 2 damage" never triggered
    assert not any(s["name"] == "trigger" for s in result["steps"])
    token = final["permanents"]["token1"]
    assert token == {
        "zone": "battlefield",
        "damage": 0,
        "counters": {},
        "power": 2,
        "toughness": 2,
        "created": True,
        "token": True,
        "name": "ゾンビ・トークン",
        "controller": "A",
    }
    sba = next(s for s in result["steps"][0]["stages"] if s["stage"] == "704")
    assert {"614.6", "700.4", "603.10a", "111.1"} <= set(sba["rules"])
    assert "代わりに追放されます (614.1a, 614.6)" in _notes(result)


def test_without_the_replacement_the_same_creature_dies_and_its_ability_triggers() -> None:
    """The control: with no exile effect the Myr dies (700.4) and its ability triggers (603.10a)."""
    result = resolve_document(_board([]))
    assert result["final"]["permanents"]["myr"]["zone"] == "graveyard"
    assert result["final"]["players"]["A"]["life"] == 18


def test_kalitas_leaves_its_controllers_own_creatures_and_tokens_alone() -> None:
    """Kalitas: only "a nontoken creature an opponent controls": a token, or a creature you control, dies."""
    bear = {
        "id": "bear",
        "name": "灰色熊",
        "controller": "A",
        "types": ["creature"],
        "power": 2,
        "toughness": 2,
    }
    result = resolve_document(_board([KALITAS], mine=bear, token=True))
    permanents = result["final"]["permanents"]
    assert permanents["myr"]["zone"] == "graveyard"  # a token: it dies, and its ability triggers
    assert permanents["bear"]["zone"] == "graveyard"
    assert "token1" not in permanents
    assert result["final"]["players"]["A"]["life"] == 18


def test_rest_in_peace_exiles_every_players_permanents_a_planeswalker_too() -> None:
    """Rest in Peace: "a card or token … from anywhere": creatures of both players, and a planeswalker put
    into the graveyard by 704.5i, are exiled; no token is made."""
    walker = {"id": "walker", "name": "ニッサ", "controller": "A", "types": ["planeswalker"], "loyalty": 2}
    result = resolve_document(_board([REST_IN_PEACE], mine=walker))
    permanents = result["final"]["permanents"]
    assert permanents["myr"]["zone"] == "exile"
    assert permanents["walker"]["zone"] == "exile"
    assert result["final"]["players"]["A"]["life"] == 20
    assert len(permanents) == 2


@pytest.mark.parametrize(("order", "zombie"), [(None, True), ([1], False), ([0], True)])
def test_with_both_the_creatures_controller_chooses_which_applies(
    order: list[int] | None, zombie: bool
) -> None:
    """616.1: the affected object's controller chooses one; once it is exiled the other no longer applies
    (616.1f). Choosing Rest in Peace means no Zombie (Kalitas's replacement never happened)."""
    doc = _board([KALITAS, REST_IN_PEACE])
    if order is not None:
        doc["choices"] = {"replacement_order": {"myr": order}}
    result = resolve_document(doc)
    assert result["final"]["permanents"]["myr"]["zone"] == "exile"
    assert ("token1" in result["final"]["permanents"]) is zombie
    assert "616.1" in next(s for s in result["steps"][0]["stages"] if s["stage"] == "704")["rules"]


def test_a_destroy_event_is_replaced_too() -> None:
    """701.8a puts a destroyed permanent into its owner's graveyard: Rest in Peace exiles it instead (614.6)."""
    doc = _board([REST_IN_PEACE])
    doc["event"] = {"type": "destroy", "source": {"name": "《殺害》", "controller": "A"}, "targets": ["myr"]}
    result = resolve_document(doc)
    assert result["final"]["permanents"]["myr"]["zone"] == "exile"
    stage = result["steps"][0]["stages"][0]
    assert stage["stage"] == "701.8" and "614.6" in stage["rules"]
    assert result["final"]["players"]["A"]["life"] == 20


def test_a_zombie_made_in_the_first_strike_step_is_not_in_combat() -> None:
    """506.3: a creature put onto the battlefield during combat isn't attacking: the Zombie deals nothing in
    the regular step, while the other attacker still does."""
    doc = {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [
            {
                "id": "kalitas",
                "controller": "A",
                "types": ["creature"],
                "power": 3,
                "toughness": 4,
                "keywords": ["first_strike"],
            },
            {"id": "ogre", "controller": "A", "types": ["creature"], "power": 3, "toughness": 3},
            {"id": "bear", "controller": "B", "types": ["creature"], "power": 2, "toughness": 2},
        ],
        "effects": [KALITAS],
        "event": {
            "type": "combat",
            "attacks": [
                {"attacker": "kalitas", "defender": "B", "blockers": ["bear"]},
                {"attacker": "ogre", "defender": "B", "blockers": []},
            ],
        },
    }
    result = resolve_document(doc)
    assert result["final"]["permanents"]["bear"]["zone"] == "exile"
    assert result["final"]["permanents"]["token1"]["zone"] == "battlefield"
    assert result["final"]["players"]["B"]["life"] == 17


def test_the_document_round_trips_and_bad_tokens_are_refused_in_japanese() -> None:
    doc = _board([KALITAS], token=True)
    scenario = parse_scenario(doc)
    again = scenario.to_dict()
    assert again["effects"][0] == KALITAS
    assert again["permanents"][0]["token"] is True
    assert parse_scenario(again).to_dict() == again
    bad = copy.deepcopy(doc)
    del bad["effects"][0]["token"]["toughness"]
    with pytest.raises(ScenarioError, match=r"effects\[0\]\.token\.toughness: 必須の項目です"):
        parse_scenario(bad)
    bad = copy.deepcopy(doc)
    bad["effects"][0]["controller"] = "Z"
    with pytest.raises(ScenarioError, match=r"effects\[0\]\.controller"):
        parse_scenario(bad)


def test_anger_of_the_gods_exiles_only_the_creatures_it_dealt_damage() -> None:
    """Anger of the Gods: "If a creature dealt damage this way would die this turn, exile it instead." A creature
    it dealt damage is exiled (614.6) and doesn't die (its dies ability doesn't trigger, 603.10a); another
    creature dying at the same time from damage already marked goes to the graveyard (704.5g). The effect stays
    in ``final.effects`` for the rest of the turn."""
    doc = _board([])
    doc["permanents"].append(
        {"id": "wurm", "controller": "B", "types": ["creature"], "power": 6, "toughness": 4, "damage": 4}
    )
    doc["event"] = {
        "type": "noncombat",
        "source": {"name": "《神々の憤怒》", "controller": "A", "colors": ["red"]},
        "damage": [{"to": "myr", "amount": 3}],
        "exile_if_dies": True,
    }
    result = resolve_document(doc)
    final = result["final"]
    assert (final["permanents"]["myr"]["zone"], final["permanents"]["wurm"]["zone"]) == ("exile", "graveyard")
    assert final["players"]["A"]["life"] == 20
    assert final["effects"] == [
        {
            "type": "exile_instead",
            "controller": "A",
            "creatures": True,
            "name": "《神々の憤怒》",
            "on": ["myr"],
        }
    ]
    assert parse_scenario(doc).to_dict()["event"]["exile_if_dies"] is True
