"""A life floor that depends on the player's own life total (CR 614.1a, 120.3a, 120.4c; 《古鱗のワーム》: "As
long as you have 7 or more life, damage that would reduce your life total to less than 7 reduces it to 7
instead"). Expected values are derived from the card's text and the cited paragraphs."""

from __future__ import annotations

from typing import Any

from rules_core import parse_scenario, resolve_document

from ..helpers import doc, spell

WURM_FLOOR = {
    "type": "life_floor",
    "player": "B",
    "floor": 7,
    "if_life_at_least": 7,
    "name": "《古鱗のワーム》",
}


def lava_axe(life: int, amount: int = 5) -> dict[str, Any]:
    return doc(
        [],
        spell({"B": amount}, name="《溶岩の斧》", colors=("red",)),
        effects=[WURM_FLOOR],
        players=[{"id": "A"}, {"id": "B", "life": life}],
    )


def test_with_seven_or_more_life_damage_reduces_it_only_to_seven() -> None:
    """120.4c, 614.1a: at 8 life, 5 damage would leave 3; the floor applies and B ends at 7 (1 life lost)."""
    result = resolve_document(lava_axe(8))
    assert result["final"]["players"]["B"]["life"] == 7
    stage = next(s for s in result["steps"][0]["stages"] if s["stage"] == "120.4c")
    assert "120.4c" in stage["rules"]


def test_below_seven_life_the_floor_does_not_apply() -> None:
    """The condition is the player's own life total before the event: at 6 life the ability does nothing,
    and 5 damage leaves 1 (120.3a)."""
    result = resolve_document(lava_axe(6))
    assert result["final"]["players"]["B"]["life"] == 1
    notes = "\n".join(next(s for s in result["steps"][0]["stages"] if s["stage"] == "120.4c")["notes"])
    assert "7点以上ではない" in notes


def test_at_exactly_seven_life_no_life_is_lost() -> None:
    """At 7 life the condition holds and any damage would reduce the total below 7: it stays at 7."""
    assert resolve_document(lava_axe(7, 3))["final"]["players"]["B"]["life"] == 7


def test_the_floor_round_trips() -> None:
    scenario = parse_scenario(lava_axe(8))
    assert parse_scenario(scenario.to_dict()) == scenario
    assert scenario.to_dict()["effects"][0]["if_life_at_least"] == 7
