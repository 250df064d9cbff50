"""Multiplayer: a player who loses leaves the game (CR 800.4a, 800.4d-e, 506.4, 509.1h).

Expected values are derived from the cited paragraphs.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import ScenarioError, parse_scenario, resolve_document

from ..helpers import attack, combat, creature, doc, spell, stage

THREE = [{"id": "A"}, {"id": "B", "life": 2}, {"id": "C"}]


def regular_events(result: dict[str, Any]) -> list[tuple[str, str, int]]:
    step = next(i for i, s in enumerate(result["steps"]) if s["name"] == "combat_damage")
    return sorted((e["source"], e["to"], e["amount"]) for e in stage(result, "120.4b", step)["events"])


def board() -> dict[str, Any]:
    return doc(
        [
            creature("knight", 2, 1, "A", keywords=["first_strike"]),
            creature("ogre", 3, 3, "A"),
            creature("ogre2", 3, 3, "A"),
            creature("elf", 1, 1, "A"),
            creature("bear", 2, 2, "B"),
            creature("stolen", 4, 4, "B", owner="C"),
        ],
        combat(
            attack("knight"),
            attack("ogre", blockers=("bear",)),
            attack("ogre2", blockers=("stolen",)),
            attack("elf"),
        ),
        players=THREE,
    )


def test_blocking_player_loses_in_first_step_and_leaves() -> None:
    """800.4a: B loses (704.5a) in the first-strike step and, the game going on, leaves at once: the 2/2 B
    owns leaves the game. 509.1h: the 3/3 it blocked stays blocked, so with no blocker left it assigns no
    combat damage in the regular step (510.1c), and the bear deals none."""
    result = resolve_document(board())
    first = result["steps"][0]
    departure = next(s for s in first["stages"] if s["stage"] == "800.4a")
    assert departure["left"] == ["B"]
    assert regular_events(result) == []
    final = result["final"]
    assert final["players"]["B"] == {"life": 0, "poison": 0, "lost": True, "left": True}
    assert final["permanents"]["bear"]["zone"] == "left_game"
    assert final["permanents"]["ogre"]["damage"] == 0
    assert "(509.1h, 510.1c)" in "\n".join(departure["notes"] + first["stages"][-1]["notes"])


def test_stolen_blocker_returns_to_its_owner_out_of_combat() -> None:
    """800.4a: the effect that gave B control of C's creature ends; it returns to C — a change of controller,
    so it is removed from combat (506.4): it deals and is dealt no combat damage in the regular step."""
    final = resolve_document(board())["final"]["permanents"]
    assert final["stolen"] == {
        "zone": "battlefield",
        "damage": 0,
        "counters": {},
        "power": 4,
        "toughness": 4,
        "controller": "C",
    }
    assert final["ogre2"]["damage"] == 0


def test_attack_on_a_player_who_left_deals_nothing() -> None:
    """800.4e: combat damage that would be assigned to a player who has left the game isn't assigned; the
    unblocked 1/1 attacking B deals nothing, and C (not attacked) loses nothing."""
    result = resolve_document(board())
    assert ("elf", "B", 1) not in regular_events(result)
    assert result["final"]["players"]["C"]["life"] == 20


def test_trampler_whose_blocker_left_assigns_nothing_to_the_departed_player() -> None:
    """702.19d would send a blocked trampler's damage to the player it attacks, but 800.4e: none is assigned
    to a player who left the game."""
    d = doc(
        [
            creature("knight", 2, 1, "A", keywords=["first_strike"]),
            creature("tr", 5, 5, "A", keywords=["trample"]),
            creature("bear", 2, 2, "B"),
        ],
        combat(attack("knight"), attack("tr", blockers=("bear",))),
        players=THREE,
    )
    assert regular_events(resolve_document(d)) == []


def test_two_player_game_ends_instead() -> None:
    """104.2a, 104.1, 800.4: in a two-player game the other player wins when one loses and the game ends at once;
    nobody leaves."""
    d = doc(
        [creature("knight", 2, 1, "A", keywords=["first_strike"]), creature("bear", 2, 2, "B")],
        combat(attack("knight")),
        players=[{"id": "A"}, {"id": "B", "life": 2}],
    )
    result = resolve_document(d)
    assert "left" not in result["final"]["players"]["B"]
    assert result["final"]["permanents"]["bear"]["zone"] == "battlefield"
    assert [s["name"] for s in result["steps"]] == ["first_strike_damage"]


def test_noncombat_loss_in_three_player_game() -> None:
    """800.4a after a spell: B's own permanents leave the game, the creature B controlled but A owns returns
    to A."""
    d = doc(
        [creature("bear", 2, 2, "B"), creature("borrowed", 3, 3, "B", owner="A")],
        spell({"B": 2}),
        players=THREE,
    )
    final = resolve_document(d)["final"]
    assert final["permanents"]["bear"]["zone"] == "left_game"
    assert final["permanents"]["borrowed"]["controller"] == "A"
    assert final["permanents"]["borrowed"]["zone"] == "battlefield"


def test_departed_players_triggers_are_not_put_on_the_stack() -> None:
    """800.4d: a triggered ability that would be controlled by a player who left isn't put on the stack:
    B's creature's ability triggers on the damage, B loses and leaves before it would go on the stack."""
    reckoner = creature(
        "rk",
        3,
        3,
        "B",
        triggers=[{"when": "dealt_damage", "effect": {"type": "damage", "amount": "that_much", "to": "A"}}],
    )
    result = resolve_document(doc([reckoner], spell({"B": 2, "rk": 1}), players=THREE))
    assert [s["name"] for s in result["steps"]] == ["damage"]
    assert "800.4d" in result["steps"][0]["stages"][-1]["rules"]
    assert result["final"]["players"]["A"]["life"] == 20


def test_owner_round_trip() -> None:
    scenario = parse_scenario(board())
    assert scenario.permanent("stolen").owner == "C"
    assert parse_scenario(scenario.to_dict()) == scenario


def test_documented_departure_example() -> None:
    """docs/scenario-format.md § 11.1: B leaves; the stolen 4/4 returns to C; the 3/3 deals nothing (509.1h)."""
    import json
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    block = text.split("### 11.1", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    final = resolve_document(json.loads(block))["final"]
    assert final["players"]["B"]["left"] is True
    assert final["permanents"]["stolen"]["controller"] == "C"
    assert final["permanents"]["ogre"]["damage"] == 0
    assert final["players"]["C"]["life"] == 20


# --------------------------------------------------------------------------- Two-Headed Giant (CR 810)


def giant(
    permanents: list[dict[str, Any]],
    event: dict[str, Any],
    life: int = 30,
    poison: int = 0,
    their_life: int = 30,
    their_poison: int = 0,
) -> dict[str, Any]:
    players = [
        {"id": "A", "life": life, "poison": poison},
        {"id": "B", "life": their_life, "poison": their_poison},
        {"id": "C", "life": life, "poison": poison},
        {"id": "D", "life": their_life, "poison": their_poison},
    ]
    out = doc(permanents, event, players=players)
    out.update({"variant": "two_headed_giant", "teams": [["A", "C"], ["B", "D"]]})
    return out


def test_damage_and_life_gain_happen_individually_then_to_the_team() -> None:
    """810.9: damage, life loss and life gain happen to each player individually and the result is applied to
    the team's shared life: B loses 3 and D loses 4, team 30 → 23; A gains 3 by lifelink, team 30 → 33.
    805.10a: C's creature attacks with A's (one team attacks as a group)."""
    d = giant(
        [creature("x", 3, 3, "A", keywords=["lifelink"]), creature("y", 4, 4, "C")],
        combat(attack("x", "B"), attack("y", "D")),
    )
    players = resolve_document(d)["final"]["players"]
    assert {p: players[p]["life"] for p in "ABCD"} == {"A": 33, "C": 33, "B": 23, "D": 23}


def test_team_with_no_life_loses_together() -> None:
    """810.8c, 810.8a: a team whose shared life is 0 or less loses, both its players: 3 + 3 from a team at 5."""
    d = giant([], spell({"B": 3, "D": 3}), their_life=5)
    players = resolve_document(d)["final"]["players"]
    assert (players["B"]["life"], players["B"]["lost"], players["D"]["lost"]) == (-1, True, True)
    assert "left" not in players["B"]  # 810.8a: the game is over, nobody leaves (800.4a)


def test_poison_is_shared_and_fifteen_loses() -> None:
    """810.10, 704.6b (704.5c ignored): 8 + 3 = 11 shared poison counters don't lose; 13 + 2 = 15 do."""
    infect = ("infect",)
    players = resolve_document(giant([], spell({"B": 3}, keywords=infect), their_poison=8))["final"][
        "players"
    ]
    assert (players["B"]["poison"], players["D"]["poison"], players["B"]["lost"]) == (11, 11, False)
    players = resolve_document(giant([], spell({"D": 2}, keywords=infect), their_poison=13))["final"][
        "players"
    ]
    assert (players["D"]["poison"], players["B"]["lost"], players["D"]["lost"]) == (15, True, True)


def test_teammate_may_block_for_the_attacked_player() -> None:
    """805.10d: the defending team blocks as one: D's creature may block a creature attacking B."""
    d = giant(
        [creature("x", 3, 3, "A"), creature("wall", 0, 4, "D")], combat(attack("x", "B", blockers=("wall",)))
    )
    result = resolve_document(d)
    assert result["final"]["permanents"]["wall"]["damage"] == 3
    assert result["final"]["players"]["B"]["life"] == 30


def test_each_opponent_means_the_other_team() -> None:
    """810.9 with 102.3 (a teammate is not an opponent): "each opponent loses 1 life" makes B and D each lose 1,
    so their team loses 2; A's teammate C loses nothing."""
    rats = creature(
        "rats",
        1,
        1,
        "A",
        triggers=[{"when": "dies", "effect": {"type": "lose_life", "amount": 1, "player": "each_opponent"}}],
    )
    players = resolve_document(giant([rats], spell({"rats": 1}, controller="B")))["final"]["players"]
    assert {p: players[p]["life"] for p in "ABCD"} == {"A": 30, "C": 30, "B": 28, "D": 28}


def test_two_headed_giant_validation_and_round_trip() -> None:
    d = giant([], spell({"B": 1}))
    scenario = parse_scenario(d)
    assert scenario.teams == (("A", "C"), ("B", "D"))
    assert parse_scenario(scenario.to_dict()) == scenario
    with pytest.raises(ScenarioError) as err:
        parse_scenario({**d, "variant": None})
    assert err.value.field == "teams"
    unequal = giant([], spell({"B": 1}))
    unequal["players"][3]["life"] = 29
    with pytest.raises(ScenarioError) as err:
        parse_scenario(unequal)
    assert err.value.field == "players[3].life"
    with pytest.raises(ScenarioError) as err:
        parse_scenario({**d, "teams": [["A", "B"], ["C", "A"]]})
    assert err.value.field == "teams[1][1]"


def test_documented_two_headed_giant_header_parses() -> None:
    """docs/scenario-format.md § 11.2: the example's top-level keys make a valid Two-Headed Giant board."""
    import json
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    block = text.split("### 11.2", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    scenario = parse_scenario(json.loads(block))
    assert scenario.variant == "two_headed_giant"
    assert scenario.state.teams == (("A", "C"), ("B", "D"))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20), st.booleans())
def test_team_members_always_share_life(to_b: int, to_d: int, to_a: int, lifelink: bool) -> None:
    """810.9: whatever each player is dealt, both members of a team end with the same life: the team's total
    minus everything its players lost plus what they gained."""
    kw = ("lifelink",) if lifelink else ()
    d = giant([], spell({"B": to_b, "D": to_d, "A": to_a}, keywords=kw), life=40, their_life=40)
    players = resolve_document(d)["final"]["players"]
    gained = (to_b + to_d + to_a) if lifelink else 0
    assert players["B"]["life"] == players["D"]["life"] == 40 - to_b - to_d
    assert players["A"]["life"] == players["C"]["life"] == 40 - to_a + gained
