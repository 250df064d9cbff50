"""Triggered abilities (CR 603, 117.5, 120.4b, 120.8-120.10, 615.13) and the defeated Siege (310.11b, 704.5v).

Every expected value is derived from the CR paragraph (or its example) cited in the test.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import ScenarioError, parse_scenario, resolve_document
from rules_core.events.triggers import MAX_RESOLUTIONS

from ..helpers import attack, battle, combat, creature, doc, from_permanent, spell, stage

ROOT = Path(__file__).resolve().parents[3]


def trig(when: str, effect: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"when": when, "effect": effect, **kw}


PRIDEMATE = trig("gain_life", {"type": "counters", "amount": 1})
"""《アジャニの群れ仲間》: "Whenever you gain life, put a +1/+1 counter on this creature." (CR 702.15e example)"""

RECKONER_AT_A = trig("dealt_damage", {"type": "damage", "amount": "that_much", "to": "A"})
"""《ボロスの反攻者》: "Whenever this creature is dealt damage, it deals that much damage to any target" (here: A)."""


def trigger_steps(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in result["steps"] if s["name"] == "trigger"]


def resolved_ids(result: dict[str, Any]) -> list[str]:
    return [s["stages"][0]["trigger"]["id"] for s in trigger_steps(result)]


def triggered(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for step in result["steps"] for s in step["stages"] for t in s.get("triggered", [])]


def test_pridemate_triggers_once_per_lifelink_source() -> None:
    """CR 702.15e example: two creatures with lifelink deal combat damage at once; Ajani's Pridemate's
    ability triggers twice (separate life gain events), so it gets two +1/+1 counters."""
    d = doc(
        [
            creature("pridemate", 2, 2, "A", triggers=[PRIDEMATE]),
            creature("l1", 2, 2, "A", keywords=["lifelink"]),
            creature("l2", 3, 3, "A", keywords=["lifelink"]),
        ],
        combat(attack("l1"), attack("l2")),
    )
    result = resolve_document(d)
    gains = [t for t in triggered(result) if t["when"] == "gain_life"]
    assert sorted(t["amount"] for t in gains) == [2, 3]
    assert stage(result, "120.4d")["triggered"] == gains  # life gain triggers when the event happens
    assert len(trigger_steps(result)) == 2
    final = result["final"]
    assert final["players"]["A"]["life"] == 25
    assert final["permanents"]["pridemate"]["counters"] == {"+1/+1": 2}
    assert (final["permanents"]["pridemate"]["power"], final["permanents"]["pridemate"]["toughness"]) == (
        4,
        4,
    )


def test_boon_reflection_changes_the_amount_the_trigger_sees() -> None:
    """CR 120.4c (its first example): 《加護の反射》 doubles a lifelink gain as a replacement of the result;
    CR 119.9: the "whenever you gain life" ability sees the gain that happens (4, not 2)."""
    d = doc(
        [
            creature(
                "pridemate",
                2,
                2,
                "A",
                keywords=["lifelink"],
                triggers=[trig("gain_life", {"type": "counters", "amount": "that_much"})],
            ),
            creature("bear", 2, 2),
        ],
        from_permanent("pridemate", {"bear": 2}),
        effects=[{"type": "life_gain_multiplier", "player": "A", "factor": 2, "name": "《加護の反射》"}],
    )
    result = resolve_document(d)
    assert [t["amount"] for t in triggered(result)] == [4]
    assert result["final"]["players"]["A"]["life"] == 24
    assert result["final"]["permanents"]["pridemate"]["counters"] == {"+1/+1": 4}


def test_no_life_gain_means_no_life_gain_trigger() -> None:
    """CR 119.7: a player who can't gain life gains none (a replacement such as 《加護の反射》 does nothing);
    CR 119.9: gaining 0 life is no life gain event, so "whenever you gain life" doesn't trigger."""
    d = doc(
        [
            creature("pridemate", 2, 2, "A", keywords=["lifelink"], triggers=[PRIDEMATE]),
            creature("bear", 2, 2),
        ],
        from_permanent("pridemate", {"bear": 2}),
        effects=[
            {"type": "life_gain_multiplier", "player": "A", "factor": 2},
            {"type": "no_life_gain", "player": "A"},
        ],
    )
    result = resolve_document(d)
    assert triggered(result) == []
    assert trigger_steps(result) == []
    assert "(119.9)" in "\n".join(stage(result, "120.4d")["notes"])
    assert result["final"]["players"]["A"]["life"] == 20
    assert result["final"]["permanents"]["pridemate"]["counters"] == {}


def test_prevented_damage_triggers_nothing() -> None:
    """CR 603.2g example: an ability that triggers on damage being dealt won't trigger if all the damage is
    prevented (CR 120.8: 0 damage is no damage)."""
    d = doc(
        [creature("reckoner", 3, 3, triggers=[RECKONER_AT_A])],
        spell({"reckoner": 2}),
        effects=[{"type": "prevent_all", "to": "reckoner"}],
    )
    result = resolve_document(d)
    assert triggered(result) == []
    assert result["final"]["players"]["A"]["life"] == 20
    at_b = stage(result, "120.4b")
    assert "603.2g" in at_b["rules"]
    assert at_b["notes"][-1] == (
        "reckonerへのダメージはすべて軽減されたので、reckonerの誘発型能力（ダメージを与えられるたび）は誘発しません (603.2g)。"
    )


def test_prevented_combat_damage_to_a_player_triggers_nothing_and_says_so() -> None:
    """CR 603.2g: "whenever this creature deals combat damage to a player" doesn't trigger when a fog
    prevents that damage; its damage to a creature, prevented too, is not what it watches (no note)."""
    ninja = trig("deals_damage", {"type": "gain_life", "amount": 1}, damage="combat", recipient="player")
    d = doc(
        [
            creature("ninja", 2, 2, "A", triggers=[ninja]),
            creature("rogue", 2, 2, "A", triggers=[ninja]),
            creature("bear", 2, 2),
        ],
        combat(attack("ninja"), attack("rogue", blockers=("bear",))),
        effects=[{"type": "prevent_all", "combat_only": True, "name": "《濃霧》"}],
    )
    result = resolve_document(d)
    assert triggered(result) == []
    notes = [n for n in stage(result, "120.4b")["notes"] if "603.2g" in n]
    assert notes == [
        "ninjaから対戦相手へのダメージはすべて軽減されたので、ninjaの誘発型能力（ダメージを与えるたび）は誘発しません (603.2g)。"
    ]


def test_partly_prevented_damage_triggers_with_what_was_dealt() -> None:
    """CR 120.4b: abilities that trigger on damage being dealt trigger on the damage as modified by
    prevention: 3 damage, 1 prevented, 2 dealt; "that much" is 2."""
    d = doc(
        [creature("reckoner", 3, 3, triggers=[RECKONER_AT_A])],
        spell({"reckoner": 3}),
        effects=[{"type": "prevent_next", "to": "reckoner", "amount": 1}],
    )
    result = resolve_document(d)
    assert [(t["amount"], t["rule"]) for t in stage(result, "120.4b")["triggered"]] == [(2, "120.4b")]
    assert result["final"]["players"]["A"]["life"] == 18
    assert "603.2g" not in stage(result, "120.4b")["rules"]  # it did trigger


def test_each_trigger_sees_only_its_own_sources_damage() -> None:
    """CR 120.9: an ability that triggers on damage dealt by a specific source refers only to that source's
    damage, not to damage other sources dealt at the same time (3 and 2, never 5)."""
    spirit = trig(
        "deals_damage", {"type": "gain_life", "amount": "that_much"}, damage="combat", recipient="player"
    )
    d = doc(
        [creature("a3", 3, 3, "A", triggers=[spirit]), creature("a2", 2, 2, "A", triggers=[spirit])],
        combat(attack("a3"), attack("a2")),
    )
    result = resolve_document(d)
    assert sorted((t["source"], t["amount"]) for t in triggered(result)) == [("a2", 2), ("a3", 3)]
    assert result["final"]["players"]["A"]["life"] == 25
    assert result["final"]["players"]["B"]["life"] == 15


def test_combat_only_trigger_ignores_noncombat_damage() -> None:
    """CR 120.2a-b: damage from a source's ability is noncombat damage; "deals combat damage" doesn't trigger."""
    spirit = trig("deals_damage", {"type": "gain_life", "amount": "that_much"}, damage="combat")
    d = doc([creature("a3", 3, 3, "A", triggers=[spirit])], from_permanent("a3", {"B": 3}))
    assert triggered(resolve_document(d)) == []


def test_is_dealt_damage_triggers_once_for_simultaneous_sources() -> None:
    """CR 603.2c: an ability triggers once each time its trigger event occurs. Two blockers dealing combat
    damage to one attacker at the same time are one damage event: "whenever ~ is dealt damage" triggers
    once, seeing 1 + 2 = 3 damage."""
    d = doc(
        [
            creature(
                "reckoner",
                3,
                5,
                "A",
                triggers=[trig("dealt_damage", {"type": "damage", "amount": "that_much", "to": "B"})],
            ),
            creature("b1", 1, 1),
            creature("b2", 2, 2),
        ],
        combat(attack("reckoner", blockers=("b1", "b2")), assignments={"reckoner": {"b1": 1, "b2": 2}}),
    )
    result = resolve_document(d)
    assert [t["amount"] for t in triggered(result)] == [3]
    assert result["final"]["players"]["B"]["life"] == 17


def test_apnap_nonactive_players_trigger_resolves_first() -> None:
    """CR 603.3b: the active player puts their triggered abilities on the stack first, then the nonactive
    player; the last put on the stack resolves first, so B's ability resolves before A's."""
    d = doc(
        [
            creature("mine", 3, 3, "A", triggers=[trig("dealt_damage", {"type": "gain_life", "amount": 1})]),
            creature(
                "theirs", 3, 3, "B", triggers=[trig("dealt_damage", {"type": "gain_life", "amount": 1})]
            ),
        ],
        spell({"mine": 1, "theirs": 1}),
    )
    result = resolve_document(d)
    stack_stage = stage(result, "603.3b")
    assert "603.3b" in stack_stage["rules"]
    controllers = [s["stages"][0]["trigger"]["controller"] for s in trigger_steps(result)]
    assert controllers == ["B", "A"]
    assert stack_stage["stack"] == [
        t["id"] for t in sorted(triggered(result), key=lambda t: t["controller"] != "B")
    ]


def test_new_triggers_go_on_the_stack_before_the_next_resolves() -> None:
    """CR 117.5, 603.3: abilities that trigger while one resolves are put on the stack (on top) before the next
    one resolves. B's two abilities t1, t2 trigger; t1 deals damage to A's creature, whose ability t3 goes on
    the stack above t2 and so resolves before it."""
    d = doc(
        [
            creature(
                "x", 3, 3, "B", triggers=[trig("dealt_damage", {"type": "damage", "amount": 1, "to": "y"})]
            ),
            creature("z", 3, 3, "B", triggers=[trig("dealt_damage", {"type": "gain_life", "amount": 1})]),
            creature("y", 3, 3, "A", triggers=[trig("dealt_damage", {"type": "gain_life", "amount": 2})]),
        ],
        spell({"x": 1, "z": 1}),
    )
    result = resolve_document(d)
    assert resolved_ids(result) == ["t1", "t3", "t2"]
    first = trigger_steps(result)[0]
    assert first["stages"][-1]["stage"] == "603.3b"
    assert first["stages"][-1]["stack"] == ["t3", "t2"]
    assert result["final"]["players"]["A"]["life"] == 22
    assert result["final"]["players"]["B"]["life"] == 21


def test_dies_trigger_looks_back_in_time() -> None:
    """CR 603.10a, 603.6c: a leaves-the-battlefield ability ("when ~ dies") triggers from the state-based
    action that puts the creature into the graveyard, using the ability it had on the battlefield."""
    d = doc(
        [
            creature(
                "rats",
                1,
                1,
                triggers=[trig("dies", {"type": "lose_life", "amount": 2, "player": "each_opponent"})],
            )
        ],
        spell({"rats": 1}),
    )
    result = resolve_document(d)
    dies = [s for s in result["steps"][0]["stages"] if s["stage"] == "704" and s.get("triggered")]
    assert dies and dies[0]["triggered"][0]["rule"] == "603.10a"
    assert "704.5g" in dies[0]["rules"]
    assert result["final"]["players"]["A"]["life"] == 18


def test_dead_source_deals_damage_with_last_known_deathtouch() -> None:
    """CR 702.2e: a source that left its zone deals damage with its last known information, so a deathtouch
    creature that died still deals deathtouch damage through its ability; CR 704.5h destroys the 5/5."""
    d = doc(
        [
            creature(
                "viper",
                1,
                1,
                keywords=["deathtouch"],
                triggers=[trig("dealt_damage", {"type": "damage", "amount": 1, "to": "big"})],
            ),
            creature("big", 5, 5, "A"),
        ],
        spell({"viper": 3}),
    )
    result = resolve_document(d)
    assert result["final"]["permanents"]["viper"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["big"]["zone"] == "graveyard"
    step = trigger_steps(result)[0]
    assert "704.5h" in [r for s in step["stages"] for r in s["rules"]]


def test_target_gone_ability_does_nothing() -> None:
    """CR 608.2b: an ability whose only target is illegal as it resolves doesn't resolve; the 2/2 it would
    damage died before (the same spell killed it)."""
    d = doc(
        [
            creature(
                "reckoner",
                3,
                3,
                triggers=[trig("dealt_damage", {"type": "damage", "amount": 2, "to": "bear"})],
            ),
            creature("bear", 2, 2, "A"),
        ],
        spell({"reckoner": 1, "bear": 2}),
    )
    result = resolve_document(d)
    assert "608.2b" in trigger_steps(result)[0]["stages"][0]["rules"]
    assert result["final"]["permanents"]["bear"]["damage"] == 2


def test_excess_damage_trigger() -> None:
    """CR 120.10: 5 damage to a 2/2 with 1 damage marked is 4 excess damage (lethal damage was 1); an ability
    like 《怒りの神、トラルフ》's ("whenever a creature an opponent controls is dealt excess noncombat
    damage, deals damage equal to the excess to any target") deals 4."""
    toralf = trig(
        "excess_damage",
        {"type": "damage", "amount": "that_much", "to": "B"},
        watch="opponents",
        damage="noncombat",
        name="《怒りの神、トラルフ》の誘発型能力",
    )
    d = doc(
        [creature("toralf", 5, 4, "A", triggers=[toralf]), creature("bear", 2, 2, damage=1)],
        spell({"bear": 5}),
    )
    result = resolve_document(d)
    assert [(t["amount"], t["rule"]) for t in triggered(result)] == [(4, "120.10")]
    assert result["final"]["players"]["B"]["life"] == 16


def test_damage_prevented_trigger() -> None:
    """CR 615.13: an ability that triggers when damage that would be dealt is prevented triggers each time a
    prevention effect prevents some of it: a shield of 2 against 3 damage prevents 2."""
    d = doc(
        [
            creature(
                "guard",
                2,
                2,
                triggers=[trig("damage_prevented", {"type": "counters", "amount": "that_much"})],
            )
        ],
        spell({"guard": 3}),
        effects=[{"type": "prevent_next", "to": "guard", "amount": 2}],
    )
    result = resolve_document(d)
    assert [(t["amount"], t["rule"]) for t in stage(result, "120.4b")["triggered"]] == [(2, "615.13")]
    assert result["final"]["permanents"]["guard"]["counters"] == {"+1/+1": 2}
    assert result["final"]["permanents"]["guard"]["damage"] == 1


def test_defeated_siege_waits_for_its_ability_then_is_exiled() -> None:
    """CR 704.5v, 310.11b: a battle with defense 0 that is the source of an ability that has triggered but not
    yet left the stack is not put into the graveyard; the Siege's ability exiles it when it resolves."""
    d = doc([battle("siege", 3, subtypes=["Siege"])], spell({"siege": 4}, controller="A"))
    result = resolve_document(d)
    sba = stage(result, "704")
    assert not [c for c in sba["changes"] if c["object"] == "siege"]
    assert "(704.5v, 310.11b)" in "\n".join(sba["notes"])
    assert "704.5v" in sba["rules"]
    assert [t["when"] for t in triggered(result)] == ["siege_defeated"]
    exile = trigger_steps(result)[0]["stages"][0]
    assert exile["changes"] == [
        {"object": "siege", "attribute": "zone", "before": "battlefield", "after": "exile", "rule": "310.11b"}
    ]
    assert result["final"]["permanents"]["siege"]["zone"] == "exile"


def test_siege_defeated_in_first_strike_step_is_gone_for_the_regular_step() -> None:
    """CR 510.3a, 310.11b: the Siege's ability resolves before the second combat damage step; the Siege is
    exiled, so it is removed from combat (506.4) and the creature still attacking it is attacking nothing
    (506.4c) and, unblocked, assigns no combat damage (510.1b)."""
    d = doc(
        [
            battle("siege", 3, subtypes=["Siege"]),
            creature("fs", 3, 3, "A", keywords=["first_strike"]),
            creature("late", 4, 4, "A"),
        ],
        combat(attack("fs", "siege"), attack("late", "siege")),
    )
    result = resolve_document(d)
    assert [s["name"] for s in result["steps"]] == ["first_strike_damage", "trigger", "combat_damage"]
    regular = result["steps"][2]
    assert stage(result, "120.4b", 2)["events"] == []
    assert "510.1b" in regular["stages"][0]["rules"]
    assert result["final"]["permanents"]["siege"]["zone"] == "exile"


def test_a_battle_that_is_not_a_siege_still_goes_to_the_graveyard() -> None:
    """CR 704.5v: without an ability of its own waiting, a battle with defense 0 is put into the graveyard."""
    result = resolve_document(doc([battle("siege", 3)], spell({"siege": 4})))
    assert result["final"]["permanents"]["siege"]["zone"] == "graveyard"
    assert trigger_steps(result) == []


def test_a_loop_stops_at_the_bound() -> None:
    """Two abilities that damage each other's source would loop forever; the engine resolves at most
    MAX_RESOLUTIONS and says so (a documented bound, not a rule)."""
    d = doc(
        [
            creature(
                "p",
                1,
                1_000_000,
                "A",
                triggers=[trig("dealt_damage", {"type": "damage", "amount": 1, "to": "q"})],
            ),
            creature(
                "q",
                1,
                1_000_000,
                "B",
                triggers=[trig("dealt_damage", {"type": "damage", "amount": 1, "to": "p"})],
            ),
        ],
        spell({"p": 1}),
    )
    result = resolve_document(d)
    assert len(trigger_steps(result)) == MAX_RESOLUTIONS
    assert f"{MAX_RESOLUTIONS}回まで" in result["steps"][-1]["stages"][-1]["notes"][-1]


def test_game_over_stops_the_stack() -> None:
    """CR 104.2a, 104.1 (and 704.5a): once a player has lost a two-player game the other wins and the game ends
    at once; nothing more resolves."""
    d = doc(
        [
            creature(
                "x",
                3,
                3,
                "B",
                triggers=[
                    trig("dealt_damage", {"type": "damage", "amount": 5, "to": "A"}),
                    trig("dealt_damage", {"type": "gain_life", "amount": 3}),
                ],
            )
        ],
        spell({"x": 1}),
        players=[{"id": "A", "life": 5}, {"id": "B"}],
    )
    result = resolve_document(d)
    assert len(trigger_steps(result)) == 1
    assert result["final"]["players"]["A"]["lost"] is True
    assert result["final"]["players"]["B"]["life"] == 20


def test_triggers_round_trip_and_validation() -> None:
    d = doc([creature("pridemate", 2, 2, "A", triggers=[PRIDEMATE, RECKONER_AT_A])])
    scenario = parse_scenario(d)
    assert parse_scenario(scenario.to_dict()) == scenario
    bad = doc([creature("rats", 1, 1, triggers=[trig("dies", {"type": "damage", "amount": "that_much"})])])
    with pytest.raises(ScenarioError) as err:
        parse_scenario(bad)
    assert err.value.field == "permanents[0].triggers[0].effect.amount"
    bad = doc([creature("r", 1, 1, triggers=[trig("dealt_damage", {"type": "counters", "on": "nobody"})])])
    with pytest.raises(ScenarioError) as err:
        parse_scenario(bad)
    assert err.value.field == "permanents[0].triggers[0].effect.on"
    bad = doc([creature("r", 1, 1, triggers=[trig("gain_life", {"type": "counters"}, recipient="player")])])
    with pytest.raises(ScenarioError, match="recipient"):
        parse_scenario(bad)


def test_cli_resolves_a_board_with_triggers(tmp_path: Path) -> None:
    d = doc([battle("siege", 3, subtypes=["Siege"])], spell({"siege": 3}))
    path = tmp_path / "siege.json"
    path.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "rules_core", "resolve", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(out.stdout)["final"]["permanents"]["siege"]["zone"] == "exile"


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from("AB"), st.integers(0, 3), st.integers(0, 4)), min_size=1, max_size=6)
)
def test_every_triggered_ability_resolves_once(specs: list[tuple[str, int, int]]) -> None:
    """CR 603.3, 608.2: every ability that triggered is put on the stack once and resolves once (no loops
    here: each ability only gains life), in an order where later triggers never wait below earlier ones of
    a later event (117.5)."""
    permanents = [
        creature(f"c{i}", 1, 5, who, triggers=[trig("dealt_damage", {"type": "gain_life", "amount": gain})])
        for i, (who, _dmg, gain) in enumerate(specs)
    ]
    result = resolve_document(doc(permanents, spell({f"c{i}": dmg for i, (_w, dmg, _g) in enumerate(specs)})))
    ids = [t["id"] for t in triggered(result)]
    assert sorted(resolved_ids(result)) == sorted(ids)
    assert len(ids) == sum(1 for _w, dmg, _g in specs if dmg > 0)
    expected = {p: 20 + sum(g for w, dmg, g in specs if w == p and dmg > 0) for p in "AB"}
    assert {p: result["final"]["players"][p]["life"] for p in "AB"} == expected


def _contains(actual: Any, expected: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and _contains(actual[k], v) for k, v in expected.items()
        )
    return bool(actual == expected)


def test_curated_event_boards_resolve_as_the_cr_says() -> None:
    """Each curated board of this branch (fixtures/curated_sources/events.json) resolves with its ``expect``
    (derived in its description from the CR paragraph it illustrates), with real cards' official names."""
    entries = json.loads((ROOT / "fixtures" / "curated_sources" / "events.json").read_text(encoding="utf-8"))
    assert entries
    for entry in entries:
        assert set(entry) == {"slug", "title", "illustrates", "description", "document", "expect"}
        result = resolve_document(entry["document"])
        assert result["legal"], entry["slug"]
        assert _contains(result["final"], entry["expect"]), (entry["slug"], result["final"])


def test_documented_trigger_examples_parse() -> None:
    """docs/scenario-format.md § 8: every permanent shown there with ``triggers`` is a valid permanent."""
    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8").split("## 8. Triggered", 1)[1]
    text = text.split("\n## 9. ", 1)[
        0
    ]  # § 8 only, as the docstring says (later sections have their own tests)
    blocks = [b.split("```", 1)[0] for b in text.split("```json")[1:]]
    shown = [json.loads(b) for b in blocks if '"triggers"' in b]
    assert len(shown) == 2
    scenario = parse_scenario(doc(shown))
    assert all(p.triggers for p in scenario.permanents)


def test_ability_ids_are_unique_over_both_combat_damage_steps() -> None:
    """The trace numbers triggered abilities once per resolution: a first-strike step's t1, then the regular
    step's t2 (each "deals combat damage to a player" trigger, CR 510.3a, resolves after its own step)."""
    spirit = trig(
        "deals_damage", {"type": "gain_life", "amount": "that_much"}, damage="combat", recipient="player"
    )
    d = doc(
        [
            creature("fs", 1, 1, "A", keywords=["first_strike"], triggers=[spirit]),
            creature("late", 2, 2, "A", triggers=[spirit]),
        ],
        combat(attack("fs"), attack("late")),
    )
    result = resolve_document(d)
    assert [t["id"] for t in triggered(result)] == ["t1", "t2"]
    assert [s["name"] for s in result["steps"]] == [
        "first_strike_damage",
        "trigger",
        "combat_damage",
        "trigger",
    ]
    assert result["final"]["players"]["A"]["life"] == 23


def test_an_ability_that_did_not_trigger_is_noted_once_for_all_its_prevented_damage() -> None:
    """CR 603.2g: two sources' damage to 《ボロスの反攻者》, both prevented: one note that it does not
    trigger; "whenever this deals damage" with its damage to two creatures prevented: one note too."""
    striker = trig("deals_damage", {"type": "gain_life", "amount": 1})
    d = doc(
        [
            creature("reckoner", 3, 3, triggers=[RECKONER_AT_A]),
            creature("bear", 2, 2),
            creature("hydra", 2, 2, "A", triggers=[striker]),
        ],
        {
            "type": "noncombat",
            "source": "hydra",
            "damage": [{"to": "reckoner", "amount": 2}, {"to": "bear", "amount": 1}],
        },
        effects=[{"type": "prevent_all", "name": "《濃霧》"}],
    )
    result = resolve_document(d)
    assert triggered(result) == []
    notes = [n for n in stage(result, "120.4b")["notes"] if "603.2g" in n]
    assert notes == [  # in the board's order
        "reckonerへのダメージはすべて軽減されたので、reckonerの誘発型能力（ダメージを与えられるたび）は誘発しません (603.2g)。",
        "hydraが与えるダメージはすべて軽減されたので、hydraの誘発型能力（ダメージを与えるたび）は誘発しません (603.2g)。",
    ]
