"""A prevention shield for one source of a colour, chosen when the effect is created (CR 609.7a, 609.7b, 615.9).

Card: 《赤の防御円》 (Circle of Protection: Red), Oracle: "{1}: The next time a red source of your choice would
deal damage to you this turn, prevent that damage." 609.7a: "The source is chosen when the effect is
created"; 615.9 / 609.7b: "When the source would deal damage, the shield rechecks the source's properties.
If the properties no longer match, the damage isn't prevented or replaced and the shield isn't used up."
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import ScenarioError, parse_scenario

from ..helpers import attack, combat, creature, doc, final, notes, run, stage

CHOSEN = creature("chosen", 3, 3, controller="A", colors=["red"])
OTHER = creature("other", 2, 2, controller="A", colors=["red"])


def circle(source: str = "chosen") -> dict[str, Any]:
    return {
        "type": "prevent_from_color",
        "color": "red",
        "to": "B",
        "next_only": True,
        "name": "《赤の防御円》",
        "source": source,
    }


def test_only_the_chosen_red_source_is_prevented() -> None:
    """609.7a: the shield is for the one source chosen, not for any red source: the chosen 3/3's 3 damage is
    prevented and the other red 2/2's 2 damage is dealt (20 → 18)."""
    _, result = run(doc([CHOSEN, OTHER], combat(attack("chosen"), attack("other")), effects=[circle()]))
    assert result["final"]["players"]["B"]["life"] == 18
    assert "615.9" in stage(result, "120.4b")["rules"]
    assert "2/2のotherが対戦相手に2点" in notes(result, "120.4b")


def test_the_other_red_source_first_doesnt_use_up_the_shield() -> None:
    """609.7a: damage from a red source that wasn't chosen is not this shield's: it stays unused for the
    chosen one (only the other attacks: B takes 2, the effect is still unused)."""
    result = final(doc([CHOSEN, OTHER], combat(attack("other")), effects=[circle()]))
    assert result["players"]["B"]["life"] == 18
    assert result["effects"][0].get("used", False) is False


def test_a_chosen_source_no_longer_red_is_not_prevented_and_the_shield_stays() -> None:
    """615.9, 609.7b: the chosen source is green now: its 3 damage is dealt and the shield isn't used up."""
    green = creature("chosen", 3, 3, controller="A", colors=["green"])
    _, result = run(doc([green], combat(attack("chosen")), effects=[circle()]))
    assert result["final"]["players"]["B"]["life"] == 17
    assert result["final"]["effects"][0].get("used", False) is False
    assert "盾は消費されません (615.9)" in notes(result, "120.4b")


def test_without_a_chosen_source_every_red_source_is_still_the_old_form() -> None:
    """615.9: the form without ``source`` (a shield for the next red source's damage) is unchanged: the
    listed first red source's 3 is prevented (one shot), the second's 2 is dealt."""
    general = {k: v for k, v in circle().items() if k != "source"}
    result = final(doc([CHOSEN, OTHER], combat(attack("chosen"), attack("other")), effects=[general]))
    assert result["players"]["B"]["life"] == 18
    assert result["effects"][0]["used"] is True


def test_the_chosen_source_round_trips_and_an_unknown_one_is_refused() -> None:
    scenario = parse_scenario(doc([CHOSEN], combat(attack("chosen")), effects=[circle()]))
    assert scenario.to_dict()["effects"][0]["source"] == "chosen"
    assert parse_scenario(scenario.to_dict()) == scenario
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc([CHOSEN], combat(attack("chosen")), effects=[circle("nobody")]))
    assert err.value.field == "effects[0].source"
