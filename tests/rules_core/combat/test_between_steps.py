"""Changes between the first-strike and the regular combat damage step (CR 510.4, 702.4c-d, 702.7c, 506.4,
508.4d, 509.1h, 509.3c, 506.3e). Expected values are derived from the cited paragraphs."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import ScenarioError, check_assignment, parse_scenario, resolve_document

from ..helpers import attack, combat, creature, doc, stage


def between(*changes: dict[str, Any]) -> dict[str, Any]:
    return {"between_steps": list(changes)}


def regular_events(result: dict[str, Any]) -> list[tuple[str, str, int]]:
    step = next(i for i, s in enumerate(result["steps"]) if s["name"] == "combat_damage")
    return sorted((e["source"], e["to"], e["amount"]) for e in stage(result, "120.4b", step)["events"])


KNIGHT = creature("knight", 2, 1, "A", keywords=["first_strike"])


def test_first_striker_pumped_between_steps_survives_and_deals_no_more() -> None:
    """510.4: the first striker dealt its damage in step one and doesn't assign again; pumped +3/+3 (5/4)
    after that step, the 3 damage the 3/3 deals it in the regular step is not lethal (704.5g)."""
    d = doc(
        [KNIGHT, creature("giant", 3, 3)],
        combat(
            attack("knight", blockers=("giant",)),
            **between(
                {"type": "pump", "creature": "knight", "power": 3, "toughness": 3, "name": "《巨大化》"}
            ),
        ),
    )
    result = resolve_document(d)
    assert [s["name"] for s in result["steps"]] == ["first_strike_damage", "between_steps", "combat_damage"]
    assert regular_events(result) == [("giant", "knight", 3)]
    final = result["final"]["permanents"]
    assert final["knight"] == {"zone": "battlefield", "damage": 3, "counters": {}, "power": 5, "toughness": 4}
    assert final["giant"]["damage"] == 2


def test_gaining_first_strike_after_step_one_still_deals_regular_damage() -> None:
    """702.7c: giving first strike to a creature without it after first-strike damage doesn't stop it from
    assigning combat damage in the second step."""
    d = doc(
        [creature("ogre", 3, 3, "A"), creature("fs", 1, 1, keywords=["first_strike"])],
        combat(
            attack("ogre", blockers=("fs",)),
            **between({"type": "gain_keyword", "creature": "ogre", "keyword": "first_strike"}),
        ),
    )
    result = resolve_document(d)
    assert "702.7c" in result["steps"][1]["stages"][0]["rules"]
    assert regular_events(result) == [("ogre", "fs", 3)]
    assert result["final"]["permanents"]["fs"]["zone"] == "graveyard"


def test_losing_first_strike_after_step_one_deals_no_second_damage() -> None:
    """702.7c: removing first strike after it dealt first-strike damage doesn't let it assign again."""
    d = doc(
        [creature("ogre", 3, 5, "A"), creature("fs", 1, 3, keywords=["first_strike"])],
        combat(
            attack("ogre", blockers=("fs",)),
            **between({"type": "lose_keyword", "creature": "fs", "keyword": "first_strike"}),
        ),
    )
    result = resolve_document(d)
    assert regular_events(result) == [("ogre", "fs", 3)]
    assert result["final"]["permanents"]["ogre"]["damage"] == 1


def test_gaining_double_strike_after_first_strike_damage_deals_again() -> None:
    """702.4d: giving double strike to a first striker after its first-strike damage lets it assign in the
    second step too: 2 + 2 to the player."""
    d = doc(
        [KNIGHT],
        combat(
            attack("knight"),
            **between({"type": "gain_keyword", "creature": "knight", "keyword": "double_strike"}),
        ),
    )
    result = resolve_document(d)
    assert regular_events(result) == [("knight", "B", 2)]
    assert result["final"]["players"]["B"]["life"] == 16


def test_losing_double_strike_during_step_one_stops_the_second_hit() -> None:
    """702.4c: removing double strike during the first combat damage step stops it assigning in the second."""
    d = doc(
        [creature("ds", 2, 2, "A", keywords=["double_strike"])],
        combat(
            attack("ds"), **between({"type": "lose_keyword", "creature": "ds", "keyword": "double_strike"})
        ),
    )
    result = resolve_document(d)
    assert regular_events(result) == []
    assert result["final"]["players"]["B"]["life"] == 18


def test_blocker_removed_from_combat_attacker_stays_blocked() -> None:
    """506.4, 509.1h: a blocker removed from combat leaves the attacker blocked; with no blockers left it
    assigns no combat damage (510.1c) — B loses nothing from it."""
    d = doc(
        [KNIGHT, creature("ogre", 4, 4, "A"), creature("wall", 0, 5)],
        combat(
            attack("knight"),
            attack("ogre", blockers=("wall",)),
            **between({"type": "remove_from_combat", "creature": "wall"}),
        ),
    )
    result = resolve_document(d)
    assert "509.1h" in result["steps"][1]["stages"][0]["rules"]
    assert regular_events(result) == []
    assert result["final"]["players"]["B"]["life"] == 18
    assert result["final"]["permanents"]["wall"]["damage"] == 0


def test_attacker_destroyed_between_steps_deals_no_damage() -> None:
    """701.8a, 506.4: a destroyed attacker is in the graveyard and out of combat: no regular damage."""
    d = doc(
        [KNIGHT, creature("ogre", 4, 4, "A")],
        combat(attack("knight"), attack("ogre"), **between({"type": "destroy", "creature": "ogre"})),
    )
    result = resolve_document(d)
    assert regular_events(result) == []
    assert result["final"]["permanents"]["ogre"]["zone"] == "graveyard"
    assert result["final"]["players"]["B"]["life"] == 18


def test_indestructible_creature_is_not_destroyed() -> None:
    """702.12b: a permanent with indestructible can't be destroyed."""
    d = doc(
        [KNIGHT, creature("ogre", 4, 4, "A", keywords=["indestructible"])],
        combat(attack("knight"), attack("ogre"), **between({"type": "destroy", "creature": "ogre"})),
    )
    assert resolve_document(d)["final"]["players"]["B"]["life"] == 14


def test_creature_entering_attacking_deals_damage_in_the_regular_step() -> None:
    """508.4d: it enters unblocked; 510.4: it was not in combat as the first step began, so (even with first
    strike) it assigns combat damage in the regular step."""
    d = doc(
        [KNIGHT, creature("late", 3, 3, "A", keywords=["first_strike"])],
        combat(attack("knight"), **between({"type": "enter_attacking", "creature": "late", "defender": "B"})),
    )
    scenario = parse_scenario(d)
    assert scenario.permanent("late").zone == "hand"
    result = resolve_document(d)
    assert regular_events(result) == [("late", "B", 3)]
    assert result["final"]["permanents"]["late"]["zone"] == "battlefield"
    assert result["final"]["players"]["B"]["life"] == 15


def test_creature_entering_blocking_makes_the_attacker_blocked() -> None:
    """509.3c: a creature put onto the battlefield blocking makes the attacker a blocked creature; the 3/3
    assigns its 3 to that blocker, not to the player (510.1c)."""
    d = doc(
        [KNIGHT, creature("ogre", 3, 3, "A"), creature("bear", 2, 2)],
        combat(
            attack("knight"),
            attack("ogre"),
            **between({"type": "enter_blocking", "creature": "bear", "blocking": "ogre"}),
        ),
    )
    result = resolve_document(d)
    assert regular_events(result) == [("bear", "ogre", 2), ("ogre", "bear", 3)]
    assert result["final"]["players"]["B"]["life"] == 18


def test_entering_blocking_an_attack_on_someone_else_never_blocks() -> None:
    """506.3e: put onto the battlefield blocking a creature that isn't attacking its controller, it enters
    but is never a blocking creature; the attacker stays unblocked and hits C."""
    players = [{"id": "A"}, {"id": "B"}, {"id": "C"}]
    d = doc(
        [KNIGHT, creature("ogre", 3, 3, "A"), creature("bear", 2, 2, "B")],
        combat(
            attack("knight", "C"),
            attack("ogre", "C"),
            **between({"type": "enter_blocking", "creature": "bear", "blocking": "ogre"}),
        ),
        players=players,
    )
    result = resolve_document(d)
    assert "506.3e" in result["steps"][1]["stages"][0]["rules"]
    assert regular_events(result) == [("ogre", "C", 3)]


def test_second_step_legality_uses_the_changed_board() -> None:
    """702.19b on the regular step's board: the 2/2 pumped +3/+3 between the steps needs 5 lethal damage, so
    a trampler's given {bear: 2, B: 3} (legal on the first board) is illegal."""
    d = doc(
        [KNIGHT, creature("tramp", 5, 5, "A", keywords=["trample"]), creature("bear", 2, 2)],
        combat(
            attack("knight"),
            attack("tramp", blockers=("bear",)),
            assignments={"tramp": {"bear": 2, "B": 3}},
            **between({"type": "pump", "creature": "bear", "power": 3, "toughness": 3}),
        ),
    )
    violations = check_assignment(parse_scenario(d))
    assert [(v.rule, v.step) for v in violations] == [("702.19b", 2)]
    assert resolve_document(d)["legal"] is False


def test_between_steps_validation_and_round_trip() -> None:
    d = doc(
        [KNIGHT, creature("late", 1, 1, "A")],
        combat(
            attack("knight"),
            **between(
                {"type": "enter_attacking", "creature": "late", "defender": "B"},
                {"type": "pump", "creature": "knight", "power": 1, "toughness": 0},
            ),
        ),
    )
    scenario = parse_scenario(d)
    assert parse_scenario(scenario.to_dict()) == scenario
    with pytest.raises(ScenarioError) as err:
        parse_scenario(
            doc(
                [creature("ogre", 3, 3, "A")],
                combat(attack("ogre"), **between({"type": "destroy", "creature": "ogre"})),
            )
        )
    assert err.value.field == "event.between_steps"
    with pytest.raises(ScenarioError) as err:
        parse_scenario(
            doc(
                [KNIGHT],
                combat(
                    attack("knight"),
                    **between({"type": "enter_attacking", "creature": "knight", "defender": "B"}),
                ),
            )
        )
    assert err.value.field == "event.between_steps[0].creature"


def test_documented_between_steps_example_resolves() -> None:
    """docs/scenario-format.md § 10: the example event is valid and 702.4d makes the pumped knight hit twice."""
    import json
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    block = text.split("## 10. Between", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    board = [KNIGHT, creature("giant", 3, 3), creature("goblin", 1, 1, "A")]
    result = resolve_document(doc(board, json.loads(block)))
    assert regular_events(result) == [("giant", "knight", 3), ("goblin", "B", 1), ("knight", "giant", 5)]


def test_destroyed_creatures_dies_ability_resolves_before_the_regular_step() -> None:
    """603.10a: a creature destroyed between the steps dies (put into a graveyard from the battlefield);
    its "when ~ dies" ability triggers and resolves before the regular step (B loses 2)."""
    dies = {"when": "dies", "effect": {"type": "lose_life", "amount": 2, "player": "each_opponent"}}
    d = doc(
        [KNIGHT, creature("ogre", 4, 4, "A", triggers=[dies])],
        combat(attack("knight"), attack("ogre"), **between({"type": "destroy", "creature": "ogre"})),
    )
    result = resolve_document(d)
    assert [s["name"] for s in result["steps"]] == [
        "first_strike_damage",
        "between_steps",
        "trigger",
        "combat_damage",
    ]
    assert result["final"]["players"]["B"]["life"] == 16


def test_helpers_answer_for_a_creature_that_entered_attacking() -> None:
    """510.4: the entering creature assigns in step two; the helpers see it on that step's board."""
    from rules_core import count_assignments, recipients

    d = doc(
        [KNIGHT, creature("late", 3, 3, "A", keywords=["trample"]), creature("bear", 2, 2)],
        combat(attack("knight"), **between({"type": "enter_attacking", "creature": "late", "defender": "B"})),
    )
    scenario = parse_scenario(d)
    assert recipients(scenario, "late") == ("B",)
    assert count_assignments(scenario, "late", step=2) == 1


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["first_strike", "double_strike", "none"]),
    st.lists(
        st.tuples(
            st.sampled_from(["gain_keyword", "lose_keyword"]),
            st.sampled_from(["first_strike", "double_strike"]),
        ),
        max_size=3,
    ),
)
def test_who_deals_damage_in_the_regular_step(start: str, keyword_changes: list[tuple[str, str]]) -> None:
    """510.4, 702.7c, 702.4c-d: in the regular step a creature deals damage iff it had neither first strike nor
    double strike as the first step began, or it has double strike now — whatever changed in between."""
    keywords = [] if start == "none" else [start]
    changes = [{"type": t, "creature": "x", "keyword": k} for t, k in keyword_changes]
    d = doc(
        [creature("x", 2, 2, "A", keywords=keywords), creature("fs", 1, 1, "A", keywords=["first_strike"])],
        combat(attack("x"), attack("fs"), **between(*changes)),
    )
    now = set(keywords)
    for t, k in keyword_changes:
        if t == "gain_keyword":
            now.add(k)
        else:
            now.discard(k)
    deals = start == "none" or "double_strike" in now
    assert (("x", "B", 2) in regular_events(resolve_document(d))) == deals
