"""§ 16.3-16.5: counters_removed (Chandra, Fire Artisan; 603.2c), triggers that watch every creature (Dross
Harvester, Repercussion; 603.2c, 603.10a) and countering a triggered ability on the stack (Stifle; 701.6a)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules_core import parse_scenario, resolve_document
from rules_core.model.errors import ScenarioError

PLAYERS = [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}]


def _triggered(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for step in result["steps"] for stage in step["stages"] for t in stage.get("triggered", ())]


def _chandra(*, each_counter: bool = False) -> dict[str, Any]:
    trigger: dict[str, Any] = {
        "when": "counters_removed",
        "counter": "loyalty",
        "effect": {"type": "damage", "amount": "that_much", "to": "B"},
    }
    if each_counter:
        trigger["each_counter"] = True
        trigger["effect"] = {"type": "damage", "amount": 1, "to": "B"}
    return {
        "active_player": "B",
        "players": PLAYERS,
        "permanents": [
            {
                "id": "chandra",
                "controller": "A",
                "types": ["planeswalker"],
                "loyalty": 6,
                "triggers": [trigger],
            },
            {"id": "bear", "controller": "B", "types": ["creature"], "power": 2, "toughness": 2},
            {"id": "giant", "controller": "B", "types": ["creature"], "power": 3, "toughness": 3},
        ],
        "event": {
            "type": "combat",
            "attacks": [
                {"attacker": "bear", "defender": "chandra", "blockers": []},
                {"attacker": "giant", "defender": "chandra", "blockers": []},
            ],
        },
    }


def test_one_or_more_loyalty_counters_removed_at_once_trigger_once() -> None:
    """Chandra, Fire Artisan: "Whenever one or more loyalty counters are removed from Chandra, she deals that much
    damage to target opponent or planeswalker." Damage removes loyalty counters (120.3c); two attackers' damage
    is one event, so it triggers once (603.2c) with 5; Chandra (6 loyalty) survives with 1."""
    result = resolve_document(_chandra())
    assert [(t["when"], t["amount"], t["rule"]) for t in _triggered(result)] == [
        ("counters_removed", 5, "603.2c")
    ]
    assert result["final"]["players"]["B"]["life"] == 15
    assert result["final"]["permanents"]["chandra"]["loyalty"] == 1


def test_each_counter_triggers_once_per_counter() -> None:
    """603.2c: an ability can trigger repeatedly if one event contains multiple occurrences ("whenever a counter is
    removed", like Protean Hydra's): five counters, five triggers."""
    result = resolve_document(_chandra(each_counter=True))
    assert len(_triggered(result)) == 5
    assert result["final"]["players"]["B"]["life"] == 15


def test_annihilation_removes_plus_counters_and_triggers_too() -> None:
    """704.5q removes +1/+1 counters (and -1/-1): a counters_removed ability on the permanent triggers."""
    doc = {
        "players": PLAYERS,
        "permanents": [
            {
                "id": "ooze",
                "controller": "A",
                "types": ["creature"],
                "power": 2,
                "toughness": 2,
                "counters": {"+1/+1": 2},
                "triggers": [
                    {"when": "counters_removed", "effect": {"type": "gain_life", "amount": "that_much"}}
                ],
            },
            {
                "id": "wither",
                "controller": "B",
                "types": ["creature"],
                "power": 1,
                "toughness": 1,
                "keywords": ["wither"],
            },
        ],
        "event": {"type": "noncombat", "source": "wither", "damage": [{"to": "ooze", "amount": 1}]},
    }
    result = resolve_document(doc)
    assert [t["amount"] for t in _triggered(result)] == [1]
    assert result["final"]["players"]["A"]["life"] == 21
    assert result["final"]["permanents"]["ooze"]["counters"] == {"+1/+1": 1}


def _dross(watch: str) -> dict[str, Any]:
    return {
        "players": PLAYERS,
        "permanents": [
            {
                "id": "dross",
                "controller": "A",
                "types": ["creature"],
                "power": 4,
                "toughness": 4,
                "triggers": [{"when": "dies", "watch": watch, "effect": {"type": "gain_life", "amount": 2}}],
            },
            {"id": "bear", "controller": "B", "types": ["creature"], "power": 2, "toughness": 2},
            {"id": "elves", "controller": "A", "types": ["creature"], "power": 1, "toughness": 1},
        ],
        "event": {
            "type": "noncombat",
            "source": {"name": "《紅蓮地獄》", "controller": "A", "colors": ["red"]},
            "damage": [{"to": p, "amount": 4} for p in ("dross", "bear", "elves")],
        },
    }


@pytest.mark.parametrize(("watch", "triggers"), [("any", 3), ("you", 2), ("opponents", 1)])
def test_whenever_a_creature_dies_sees_every_watched_creature_itself_included(
    watch: str, triggers: int
) -> None:
    """Dross Harvester: "Whenever a creature dies, you gain 2 life." Leaves-the-battlefield abilities look back in
    time (603.10a): dying with the others, it sees them and itself; one trigger per creature (603.2c)."""
    result = resolve_document(_dross(watch))
    assert len(_triggered(result)) == triggers
    assert result["final"]["players"]["A"]["life"] == 20 + 2 * triggers


def test_whenever_a_creature_is_dealt_damage_hits_that_creatures_controller() -> None:
    """Repercussion: "Whenever a creature is dealt damage, Repercussion deals that much damage to that creature's
    controller." One trigger per creature dealt damage, each with its own amount (603.2c, 120.9)."""
    doc = _dross("any")
    doc["permanents"][0]["triggers"] = [
        {
            "when": "dealt_damage",
            "watch": "any",
            "effect": {"type": "damage", "amount": "that_much", "to": "its_controller"},
        }
    ]
    doc["event"]["damage"] = [{"to": "bear", "amount": 1}, {"to": "elves", "amount": 3}]
    result = resolve_document(doc)
    assert sorted(t["amount"] for t in _triggered(result)) == [1, 3]
    assert result["final"]["players"]["B"]["life"] == 19
    assert result["final"]["players"]["A"]["life"] == 17


def test_its_controller_and_watch_are_refused_where_they_mean_nothing() -> None:
    doc = _dross("any")
    doc["permanents"][0]["triggers"] = [
        {"when": "dealt_damage", "effect": {"type": "damage", "amount": 1, "to": "its_controller"}}
    ]
    with pytest.raises(ScenarioError, match=r"effect\.to: its_controller"):
        parse_scenario(doc)
    doc["permanents"][0]["triggers"] = [
        {"when": "gain_life", "watch": "any", "effect": {"type": "gain_life"}}
    ]
    with pytest.raises(ScenarioError, match=r"triggers\[0\]\.watch"):
        parse_scenario(doc)
    doc["permanents"][0]["triggers"] = [
        {"when": "dies", "counter": "loyalty", "effect": {"type": "gain_life"}}
    ]
    with pytest.raises(ScenarioError, match=r"triggers\[0\]\.counter"):
        parse_scenario(doc)


RECKONER = {
    "active_player": "A",
    "players": PLAYERS,
    "permanents": [
        {
            "id": "reckoner",
            "controller": "B",
            "types": ["creature"],
            "power": 3,
            "toughness": 3,
            "triggers": [
                {"when": "dealt_damage", "effect": {"type": "damage", "amount": "that_much", "to": "A"}}
            ],
        },
        {
            "id": "pridemate",
            "controller": "B",
            "types": ["creature"],
            "power": 2,
            "toughness": 2,
            "triggers": [
                {
                    "when": "dealt_damage",
                    "effect": {"type": "lose_life", "amount": 1, "player": "each_opponent"},
                }
            ],
        },
    ],
    "event": {
        "type": "noncombat",
        "source": {"name": "《紅蓮地獄》", "controller": "A", "colors": ["red"]},
        "damage": [{"to": "reckoner", "amount": 2}, {"to": "pridemate", "amount": 1}],
    },
}


def test_a_countered_ability_doesnt_resolve_and_the_others_still_do() -> None:
    """Stifle: "Counter target activated or triggered ability." 701.6a: a countered ability is removed from the
    stack, doesn't resolve and none of its effects occur; the other ability on the stack still resolves."""
    doc = copy.deepcopy(RECKONER)
    doc["choices"] = {"countered_triggers": [{"trigger": "t1", "name": "《もみ消し》", "controller": "A"}]}
    result = resolve_document(doc)
    assert result["final"]["players"]["A"]["life"] == 19  # only the second ability's 1 life
    counter = next(s for s in result["steps"] if s["name"] == "counter")
    stage = counter["stages"][0]
    assert stage["stage"] == "701.6a" and stage["rules"] == ["701.6a", "405.5"]
    assert [t["id"] for t in stage["countered"]] == ["t1"]
    assert stage["stack"] == ["t2"]
    without = resolve_document(RECKONER)
    assert without["final"]["players"]["A"]["life"] == 17


def test_countered_triggers_round_trip_and_are_refused_when_malformed() -> None:
    doc = copy.deepcopy(RECKONER)
    doc["choices"] = {"countered_triggers": [{"trigger": "t2", "name": "《もみ消し》"}]}
    scenario = parse_scenario(doc)
    assert scenario.to_dict()["choices"] == doc["choices"]
    doc["choices"] = {"countered_triggers": [{"trigger": "x"}]}
    with pytest.raises(ScenarioError, match=r"countered_triggers\[0\]\.trigger"):
        parse_scenario(doc)
    doc["choices"] = {"countered_triggers": [{"trigger": "t1", "controller": "Z"}]}
    with pytest.raises(ScenarioError, match=r"countered_triggers\[0\]\.controller"):
        parse_scenario(doc)
