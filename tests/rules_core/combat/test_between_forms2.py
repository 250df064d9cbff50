"""A damage spell cast between the combat damage steps (CR 510.3, 510.4, 120.2b, 608.2b), a creature
returned to its owner's hand (400.7, 506.4, 509.1h) and ninjutsu (702.49a, 702.49c) between the steps.
Expected values are derived from the cited paragraphs."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import ScenarioError, parse_scenario, resolve_document

from ..helpers import attack, combat, creature, doc, planeswalker

KNIGHT = creature("knight", 2, 2, "A", keywords=["first_strike"])


def shock(to: str, amount: int = 2, controller: str = "B") -> dict[str, Any]:
    return {
        "type": "damage",
        "source": {"name": "《ショック》", "controller": controller, "colors": ["red"]},
        "damage": [{"to": to, "amount": amount}],
        "name": "《ショック》",
    }


def step_names(result: dict[str, Any]) -> list[str]:
    return [s["name"] for s in result["steps"]]


def regular_events(result: dict[str, Any]) -> list[tuple[str, str, int]]:
    step = next(s for s in result["steps"] if s["name"] == "combat_damage")
    found = next(st for st in step["stages"] if st["stage"] == "120.4b")
    return sorted((e["source"], e["to"], e["amount"]) for e in found["events"])


def test_spell_between_steps_kills_the_first_striker_before_the_regular_step() -> None:
    """510.3: players get priority after the first combat damage step; a spell cast then is dealt with its
    own 120.4 stages and state-based actions (704.3) before the regular step. The 2/2 first striker dies to
    《ショック》 (704.5g) and, gone from the battlefield, is no longer in combat (506.4): the regular step has
    only the unblocked 3/3's damage (510.4)."""
    d = doc(
        [KNIGHT, creature("ogre", 3, 3, "A"), creature("bear", 2, 2)],
        combat(attack("knight", blockers=("bear",)), attack("ogre"), between_steps=[shock("knight")]),
    )
    result = resolve_document(d)
    assert step_names(result) == ["first_strike_damage", "between_steps", "combat_damage"]
    between = [st["stage"] for st in result["steps"][1]["stages"]]
    assert between == ["between_steps", "120.4a", "120.4b", "120.4c", "120.4d", "704"]
    assert "120.2b" in result["steps"][1]["stages"][0]["rules"]
    assert regular_events(result) == [("ogre", "B", 3)]
    final = result["final"]
    assert final["permanents"]["knight"]["zone"] == "graveyard"
    assert final["permanents"]["bear"]["zone"] == "graveyard"
    assert final["players"]["B"]["life"] == 17


def test_spell_damage_adds_to_first_strike_damage_already_marked() -> None:
    """120.6, 704.5g: damage marked in the first step stays (it wears off in the cleanup step, 514.2), so a
    3/3 blocker dealt 2 first-strike damage dies to 1 more from a spell between the steps and deals no
    regular combat damage to the attacker (506.4, 510.4)."""
    d = doc(
        [creature("knight", 2, 3, "A", keywords=["first_strike"]), creature("giant", 3, 3)],
        combat(attack("knight", blockers=("giant",)), between_steps=[shock("giant", 1, controller="A")]),
    )
    result = resolve_document(d)
    final = result["final"]["permanents"]
    assert final["giant"]["zone"] == "graveyard"
    assert final["giant"]["damage"] == 3
    assert final["knight"]["damage"] == 0


def test_spell_between_steps_that_ends_the_game_leaves_no_regular_step() -> None:
    """104.2a: a player at 0 life loses (704.5a); in a two-player game the game is over, so the regular
    combat damage step never happens."""
    d = doc(
        [KNIGHT, creature("ogre", 3, 3, "A")],
        combat(attack("knight"), attack("ogre"), between_steps=[shock("B", 2, controller="A")]),
        players=[{"id": "A"}, {"id": "B", "life": 4}],
    )
    result = resolve_document(d)
    assert step_names(result) == ["first_strike_damage", "between_steps"]
    assert result["final"]["players"]["B"]["life"] == 0
    assert result["final"]["players"]["B"]["lost"] is True
    assert "104.3a" in result["steps"][-1]["stages"][-1]["notes"][-1]


def test_spell_whose_target_left_the_battlefield_does_not_resolve() -> None:
    """608.2b: a spell whose only target is gone (the creature was destroyed by an earlier spell between the
    steps) doesn't resolve: no damage, no change."""
    d = doc(
        [KNIGHT, creature("ogre", 3, 3, "A"), creature("bear", 2, 2)],
        combat(
            attack("knight"),
            attack("ogre", blockers=("bear",)),
            between_steps=[{"type": "destroy", "creature": "ogre"}, shock("ogre")],
        ),
    )
    result = resolve_document(d)
    spell_step = result["steps"][2]
    assert spell_step["name"] == "between_steps"
    assert "608.2b" in spell_step["stages"][0]["rules"]
    assert [st["stage"] for st in spell_step["stages"]] == ["between_steps"]
    assert result["final"]["permanents"]["ogre"]["damage"] == 0


def test_spell_between_steps_round_trips_and_refuses_a_missing_source() -> None:
    """The document form (scenario-format.md § 17): parsing the normalised document gives the same scenario;
    a damage change needs its source and damage."""
    d = doc([KNIGHT, creature("bear", 2, 2)], combat(attack("knight"), between_steps=[shock("bear")]))
    scenario = parse_scenario(d)
    assert parse_scenario(scenario.to_dict()) == scenario
    bad = {"type": "damage", "damage": [{"to": "bear", "amount": 2}]}
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc([KNIGHT, creature("bear", 2, 2)], combat(attack("knight"), between_steps=[bad])))
    assert err.value.field == "event.between_steps[0].source"


NINJA = creature("ninja", 2, 2, "A", name="深き刻の忍者", subtypes=["Human", "Ninja"])


def test_ninjutsu_after_first_strike_damage_the_ninja_deals_regular_damage() -> None:
    """702.49a, 702.49c: ninjutsu returns an unblocked attacker to its owner's hand and puts the ninja onto
    the battlefield tapped and attacking the same player; it is unblocked (508.4d). It was not in combat as
    the first step began, so it assigns combat damage in the regular step (510.4). The returned creature is
    a new object in the hand: its marked damage is gone (400.7)."""
    d = doc(
        [creature("knight", 2, 2, "A", keywords=["first_strike"], damage=1), NINJA],
        combat(
            attack("knight"),
            between_steps=[{"type": "ninjutsu", "creature": "ninja", "returned": "knight"}],
        ),
    )
    result = resolve_document(d)
    assert regular_events(result) == [("ninja", "B", 2)]
    final = result["final"]
    assert final["players"]["B"]["life"] == 16
    assert final["permanents"]["knight"]["zone"] == "hand"
    assert final["permanents"]["knight"]["damage"] == 0
    assert final["permanents"]["ninja"]["zone"] == "battlefield"
    assert final["permanents"]["ninja"]["tapped"] is True
    rules = result["steps"][1]["stages"][0]["rules"]
    assert {"702.49a", "702.49c", "400.7", "506.4"} <= set(rules)


def test_ninja_attacks_the_planeswalker_the_returned_creature_attacked() -> None:
    """702.49c: the ninja enters attacking the same player, planeswalker or battle as the returned creature."""
    d = doc(
        [KNIGHT, NINJA, planeswalker("jace", 4)],
        combat(
            attack("knight", "jace"),
            between_steps=[{"type": "ninjutsu", "creature": "ninja", "returned": "knight"}],
        ),
    )
    result = resolve_document(d)
    assert regular_events(result) == [("ninja", "jace", 2)]
    assert result["final"]["permanents"]["jace"]["zone"] == "graveyard"
    assert result["final"]["players"]["B"]["life"] == 20


def test_ninjutsu_refuses_a_blocked_attacker_and_the_ninja_itself() -> None:
    """702.49a: the cost returns an *unblocked* attacking creature its controller controls; the ninja is in
    the hand, so it can't be the creature returned."""
    blocked = doc(
        [KNIGHT, NINJA, creature("bear", 2, 2)],
        combat(
            attack("knight", blockers=("bear",)),
            between_steps=[{"type": "ninjutsu", "creature": "ninja", "returned": "knight"}],
        ),
    )
    with pytest.raises(ScenarioError) as err:
        parse_scenario(blocked)
    assert err.value.field == "event.between_steps[0].returned"
    assert "702.49a" in err.value.message
    itself = doc(
        [KNIGHT, NINJA],
        combat(
            attack("knight"),
            between_steps=[{"type": "ninjutsu", "creature": "ninja", "returned": "ninja"}],
        ),
    )
    with pytest.raises(ScenarioError) as err:
        parse_scenario(itself)
    assert err.value.field == "event.between_steps[0].returned"


def test_returned_then_put_back_is_a_new_object_that_deals_regular_damage() -> None:
    """400.7: a creature returned to its hand and put back onto the battlefield is a new object with no
    memory of its previous existence: the +1/+1 counter is gone, and though the old object dealt
    first-strike damage, the new one (put onto the battlefield attacking by ninjutsu, 702.49a) assigns
    combat damage in the regular step (510.4)."""
    fast = creature("fast", 1, 1, "A", keywords=["first_strike"], counters={"+1/+1": 1})
    d = doc(
        [fast, NINJA],
        combat(
            attack("fast"),
            between_steps=[
                {"type": "ninjutsu", "creature": "ninja", "returned": "fast"},
                {"type": "ninjutsu", "creature": "fast", "returned": "ninja"},
            ],
        ),
    )
    result = resolve_document(d)
    assert regular_events(result) == [("fast", "B", 1)]
    final = result["final"]
    assert final["players"]["B"]["life"] == 17  # 2 first-strike damage, then 1 from the new object
    assert final["permanents"]["fast"]["counters"] == {}
    assert final["permanents"]["ninja"]["zone"] == "hand"


def test_blocker_returned_to_hand_leaves_the_attacker_blocked() -> None:
    """506.4: a creature that leaves the battlefield is removed from combat; the attacker it blocked stays
    blocked (509.1h) and, with no blocker left and no trample, assigns no combat damage (510.1c)."""
    d = doc(
        [KNIGHT, creature("ogre", 3, 3, "A"), creature("bear", 2, 4)],
        combat(
            attack("knight"),
            attack("ogre", blockers=("bear",)),
            between_steps=[{"type": "return_to_hand", "creature": "bear", "name": "《送還》"}],
        ),
    )
    result = resolve_document(d)
    final = result["final"]
    assert final["permanents"]["bear"]["zone"] == "hand"
    assert final["players"]["B"]["life"] == 18  # only the first striker's 2
    assert "509.1h" in result["steps"][1]["stages"][0]["rules"]
