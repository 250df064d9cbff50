"""Two-Headed Giant: effects on one player that cover the whole team (CR 810.8a, 810.9a, 810.9g, 810.9h).

- 810.8a: "If an effect says that a player can't lose the game, that player's team can't lose the game."
  《ファイレクシアの非生》 (Phyrexian Unlife: "You don't lose the game for having 0 or less life.") on one head
  keeps the team from losing by its shared life of 0 or less (810.8c; "your life" is the team's, 810.9a).
  Its ruling of 2011-06-01: "You can still lose the game for other reasons, including having ten or more
  poison counters" (fifteen for a team, 704.6b).
- 810.9g: "If an effect says that a player can't gain life, no player on that player's team can gain life."
- 810.9h: "If an effect says that a player can't lose life, no player on that player's team can lose life";
  《白金の帝像》 (Platinum Emperion): "Your life total can't change. (You can't gain or lose life.)"
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules_core import resolve_document

from ..helpers import attack, combat, creature, doc, spell

UNLIFE = {"type": "no_loss_for_life", "damage_as_infect": True, "name": "《ファイレクシアの非生》"}
EMPERION = {"type": "life_cant_change", "name": "《白金の帝像》"}
LASHED = {"type": "no_life_gain", "name": "《斑点の殴打者》"}


def giant(
    permanents: list[dict[str, Any]],
    event: dict[str, Any],
    effects: list[dict[str, Any]],
    life: int = 30,
    poison: int = 0,
) -> dict[str, Any]:
    """A (with teammate C) against B and D; A's team has ``life`` and ``poison``."""
    players = [
        {"id": "A", "life": life, "poison": poison},
        {"id": "B", "life": 30},
        {"id": "C", "life": life, "poison": poison},
        {"id": "D", "life": 30},
    ]
    out = doc(permanents, event, effects=effects, players=players)
    out.update({"variant": "two_headed_giant", "teams": [["A", "C"], ["B", "D"]]})
    return out


def texts(result: dict[str, Any]) -> str:
    return "".join(n for step in result["steps"] for s in step["stages"] for n in s["notes"])


# --------------------------------------------------------------------------- 810.8a


def test_unlife_on_one_head_keeps_the_team_from_losing_at_zero_life() -> None:
    """810.8a, 810.8c: the team at 3 is dealt 2 (to A) and 3 (to C): shared life -2, but A's 《ファイレクシアの非生》
    keeps A's team from losing; neither A nor the teammate C loses."""
    d = giant([], spell({"A": 2, "C": 3}, controller="B"), [{**UNLIFE, "player": "A"}], life=3)
    result = resolve_document(d)
    players = result["final"]["players"]
    assert (players["A"]["life"], players["C"]["life"]) == (-2, -2)
    assert (players["A"]["lost"], players["C"]["lost"]) == (False, False)
    assert "810.8a" in texts(result)


def test_without_unlife_the_same_team_loses() -> None:
    """810.8c, 810.8a: the same damage with no effect: the team's shared life is -2 and both players lose."""
    players = resolve_document(giant([], spell({"A": 2, "C": 3}, controller="B"), [], life=3))["final"][
        "players"
    ]
    assert (players["A"]["lost"], players["C"]["lost"]) == (True, True)


def test_unlife_on_the_teammate_covers_the_player_dealt_the_damage() -> None:
    """810.8a: 《ファイレクシアの非生》 is C's; only A is dealt damage (team 2 → -1); the team doesn't lose."""
    d = giant([], spell({"A": 3}, controller="B"), [{**UNLIFE, "player": "C"}], life=2)
    players = resolve_document(d)["final"]["players"]
    assert players["A"]["life"] == -1
    assert (players["A"]["lost"], players["C"]["lost"]) == (False, False)


def test_below_zero_only_the_unlife_player_gets_poison_and_the_teammate_loses_life() -> None:
    """810.9a, 702.90b: the team has -2 life (810.9a: "you have 0 or less life" reads the team's total), so
    damage to A (who controls 《ファイレクシアの非生》) is dealt as though it had infect: 2 poison counters;
    damage to C is ordinary life loss: the team goes -2 → -5 and keeps playing."""
    d = giant([], spell({"A": 2, "C": 3}, controller="B"), [{**UNLIFE, "player": "A"}], life=-2)
    players = resolve_document(d)["final"]["players"]
    assert (players["A"]["poison"], players["C"]["poison"]) == (2, 2)
    assert (players["A"]["life"], players["C"]["life"]) == (-5, -5)
    assert players["A"]["lost"] is False


def test_fifteen_poison_counters_still_lose_with_unlife() -> None:
    """704.6b and the 2011-06-01 ruling: 《ファイレクシアの非生》 doesn't stop a loss by poison: 13 + 2 = 15."""
    d = giant([], spell({"A": 2}, controller="B"), [{**UNLIFE, "player": "A"}], life=-1, poison=13)
    players = resolve_document(d)["final"]["players"]
    assert players["A"]["poison"] == 15
    assert (players["A"]["lost"], players["C"]["lost"]) == (True, True)


# --------------------------------------------------------------------------- 810.9g


def test_cant_gain_life_on_one_player_covers_the_teammates_lifelink() -> None:
    """810.9g: A can't gain life (《斑点の殴打者》's trigger resolved); the teammate C's lifelink creature deals 3
    to B: C gains no life either, so A's team stays at 30 while the other team goes to 27."""
    hawk = creature("hawk", 3, 3, controller="C", keywords=["lifelink"])
    result = resolve_document(giant([hawk], combat(attack("hawk", "B")), [{**LASHED, "player": "A"}]))
    players = result["final"]["players"]
    assert (players["A"]["life"], players["C"]["life"], players["B"]["life"]) == (30, 30, 27)
    assert "810.9g" in texts(result)


def test_cant_gain_life_doesnt_cover_the_other_team() -> None:
    """810.9g is about that player's team only: B's lifelink still gains B's team 3 life."""
    hawk = creature("hawk", 3, 3, controller="B", keywords=["lifelink"])
    d = giant([hawk], combat(attack("hawk", "A")), [{**LASHED, "player": "A"}])
    players = resolve_document({**d, "active_player": "B"})["final"]["players"]
    assert (players["B"]["life"], players["D"]["life"], players["A"]["life"]) == (33, 33, 27)


# --------------------------------------------------------------------------- 810.9h


def test_life_cant_change_on_one_head_stops_damage_life_loss_for_the_teammate() -> None:
    """810.9h, 119.8: A controls 《白金の帝像》; B's spell deals 4 to C and 3 to A: the damage is dealt, but no
    one on A's team loses life: the team stays at 30."""
    result = resolve_document(
        giant([], spell({"C": 4, "A": 3}, controller="B"), [{**EMPERION, "player": "A"}])
    )
    players = result["final"]["players"]
    assert (players["A"]["life"], players["C"]["life"]) == (30, 30)
    assert "810.9h" in texts(result)


def test_life_cant_change_on_one_head_stops_the_teammates_lifelink_gain() -> None:
    """810.9g with 119.7 (《白金の帝像》: "You can't gain or lose life"): C's lifelink gains C's team nothing."""
    hawk = creature("hawk", 3, 3, controller="C", keywords=["lifelink"])
    players = resolve_document(giant([hawk], combat(attack("hawk", "B")), [{**EMPERION, "player": "A"}]))[
        "final"
    ]["players"]
    assert (players["A"]["life"], players["C"]["life"], players["B"]["life"]) == (30, 30, 27)


def test_life_cant_change_stops_a_triggered_life_loss_of_the_team() -> None:
    """810.9h, 119.8: "each opponent loses 1 life" from B's dying rats: A and C are opponents, but C's
    《白金の帝像》 means no one on that team loses life: A's team stays at 30."""
    rats = creature(
        "rats",
        1,
        1,
        "B",
        triggers=[{"when": "dies", "effect": {"type": "lose_life", "amount": 1, "player": "each_opponent"}}],
    )
    d = giant([rats], spell({"rats": 1}, controller="A"), [{**EMPERION, "player": "C"}])
    players = resolve_document(d)["final"]["players"]
    assert (players["A"]["life"], players["C"]["life"]) == (30, 30)
    assert players["B"]["life"] == 30


def test_outside_two_headed_giant_the_effect_stays_on_its_player() -> None:
    """119.8 alone: in a two-player game 《白金の帝像》 on A doesn't touch B: B loses 3."""
    d = doc([], spell({"A": 3, "B": 3}), effects=[{**EMPERION, "player": "A"}])
    players = resolve_document(d)["final"]["players"]
    assert (players["A"]["life"], players["B"]["life"]) == (20, 17)


def test_the_documented_example_resolves_as_documented() -> None:
    """docs/scenario-format.md § 15.1: 1 + 2 damage to a team at 3 with 《ファイレクシアの非生》: 0 life, no loss
    (810.8a, 810.8c)."""
    text = (Path(__file__).resolve().parents[3] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    part = text[text.index("### 15.1") :]
    block = part[part.index("```json") + len("```json") : part.index("```", part.index("```json") + 7)]
    document = {"format": 1, "permanents": [], "choices": {}, **json.loads(block)}
    players = resolve_document(document)["final"]["players"]
    assert (players["A"]["life"], players["A"]["lost"], players["C"]["lost"]) == (0, False, False)
