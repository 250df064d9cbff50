"""The examples of the Comprehensive Rules (rules_core.examples), each with the outcome the CR states."""

from __future__ import annotations

import copy

from rules_core import parse_scenario, resolve
from rules_core.examples import EXAMPLES

from .helpers import notes, run, stage


def test_120_4_example_1_boon_reflection_wither_lifelink_combat() -> None:
    """CR 120.4 例1: [3 to the 2/2, 2 to the 3/3] → prevent 2 → [-1/-1 counter, gain 1 → 2, 2 marked]."""
    _, result = run(EXAMPLES["120.4-1"].document)
    assert result["legal"] is True
    assert [s["name"] for s in result["steps"]] == ["combat_damage"]
    start = stage(result, "120.4a")["events"]
    assert [(e["source"], e["to"], e["amount"]) for e in start] == [
        ("attacker", "blocker", 3),
        ("blocker", "attacker", 2),
    ]
    dealt = stage(result, "120.4b")["events"]
    assert [(e["to"], e["amount"], e["prevented"]) for e in dealt] == [("blocker", 1, 2), ("attacker", 2, 0)]
    results = stage(result, "120.4c")["events"]
    kinds = {(r["result"], r["object"]): r["amount"] for r in results}
    assert kinds == {("counters.-1/-1", "blocker"): 1, ("damage", "attacker"): 2, ("life_gain", "A"): 2}
    gain = next(r for r in results if r["result"] == "life_gain")
    assert gain["before_replacement"] == 1
    f = result["final"]
    assert f["players"]["A"]["life"] == 22
    assert f["permanents"]["blocker"] == {
        "zone": "battlefield",
        "damage": 0,
        "counters": {"-1/-1": 1},
        "power": 1,
        "toughness": 1,
    }
    assert f["permanents"]["attacker"]["damage"] == 2
    assert f["permanents"]["attacker"]["zone"] == "battlefield"
    assert f["effects"][1]["amount"] == 0 and f["effects"][1]["used"] is True


def test_120_4_example_2_worship_and_awe_strike() -> None:
    """CR 120.4 例2: [10 to the player] → [5 dealt, gain 5] → [lose 5, gain 5]; Worship doesn't apply."""
    _, result = run(EXAMPLES["120.4-2"].document)
    start = stage(result, "120.4a")["events"]
    assert sum(e["amount"] for e in start) == 10
    b = stage(result, "120.4b")
    assert sum(e["amount"] for e in b["events"]) == 5
    assert sum(e["prevented"] for e in b["events"]) == 5
    assert "615.5" in b["rules"]
    results = {(r["result"], r["rule"]): r["amount"] for r in stage(result, "120.4c")["events"]}
    assert results == {("life_loss", "120.3a"): 5, ("life_gain", "615.5"): 5}
    assert "《崇拝》は適用されません" in notes(result, "120.4c")
    life = next(c for c in stage(result, "120.4d")["changes"] if c["attribute"] == "life")
    assert (life["before"], life["after"], life["lost"], life["gained"]) == (2, 2, 5, 5)
    assert result["final"]["players"]["B"] == {"life": 2, "poison": 0, "lost": False}


def test_120_4_example_2_without_awe_strike_worship_applies() -> None:
    doc = copy.deepcopy(EXAMPLES["120.4-2"].document)
    doc["effects"].pop()
    _, result = run(doc)
    assert result["final"]["players"]["B"]["life"] == 1
    assert "《崇拝》により" in notes(result, "120.4c")


def test_120_5_example_lightning_bolt_destroyed_by_state_based_action() -> None:
    _, result = run(EXAMPLES["120.5"].document)
    assert stage(result, "120.4d")["changes"] == [
        {"object": "bear", "attribute": "damage", "before": 0, "after": 3, "rule": "120.3e"}
    ]
    assert result["steps"][0]["stages"][-1]["changes"][0]["rule"] == "704.5g"
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"


def test_615_10_example_daunting_defender_and_pyroclasm() -> None:
    _, result = run(EXAMPLES["615.10"].document)
    dealt = {e["to"]: e["amount"] for e in stage(result, "120.4b")["events"]}
    assert dealt == {"defender": 1, "cleric": 1, "bear": 2, "their_cleric": 2}
    f = result["final"]["permanents"]
    assert f["defender"]["zone"] == "battlefield"
    assert f["cleric"]["zone"] == "graveyard"  # 1/1 Cleric still takes 1
    assert f["bear"]["zone"] == "graveyard"
    assert f["their_cleric"]["zone"] == "graveyard"


def test_615_11_example_wojek_apothecary_shields_fixed_at_resolution() -> None:
    _, result = run(EXAMPLES["615.11"].document)
    dealt = {e["to"]: e["amount"] for e in stage(result, "120.4b")["events"]}
    assert dealt == {"target": 1, "shared": 1, "other": 2}
    assert result["final"]["permanents"]["other"]["zone"] == "graveyard"
    assert [e["used"] for e in result["final"]["effects"]] == [True, True]


def test_every_example_round_trips_and_resolves() -> None:
    for key, example in EXAMPLES.items():
        scenario = parse_scenario(example.document)
        assert parse_scenario(scenario.to_dict()) == scenario, key
        assert resolve(scenario).legal, key
