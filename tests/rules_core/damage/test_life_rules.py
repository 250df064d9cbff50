"""Life-total rules beyond Worship (rules_core.damage.life): CR 119.7, 119.8, 120.3, 704.5a, 702.90b.

Cards: 《白金の帝像》 (Platinum Emperion): "Your life total can't change. (You can't gain or lose life.)";
《ファイレクシアの非生》 (Phyrexian Unlife): "You don't lose the game for having 0 or less life. As long as you
have 0 or less life, all damage is dealt to you as though its source had infect." Its rulings of
2011-06-01: "Phyrexian Unlife won't affect damage that reduces your life total from a positive number to 0
or less. For example, if you're at 3 life and are dealt 5 damage, you'll end up at -2 life. The next time
you're dealt damage, it will be dealt as though its source had infect"; "You can still lose the game for
other reasons, including having ten or more poison counters".
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import ScenarioError, parse_scenario

from ..helpers import attack, combat, creature, doc, final, from_permanent, notes, run, spell, stage

EMPERION_B = {"type": "life_cant_change", "player": "B", "name": "《白金の帝像》"}
UNLIFE_B = {
    "type": "no_loss_for_life",
    "player": "B",
    "damage_as_infect": True,
    "name": "《ファイレクシアの非生》",
}
NIGHTHAWK_A = creature("hawk", 2, 3, controller="A", name="吸血鬼の夜鷲", keywords=["deathtouch", "lifelink"])


def players(life_b: int = 20, poison_b: int = 0) -> list[dict[str, Any]]:
    return [
        {"id": "A", "name": "あなた"},
        {"id": "B", "name": "対戦相手", "life": life_b, "poison": poison_b},
    ]


# --------------------------------------------------------------------------- life total can't change


def test_damage_is_dealt_but_no_life_is_lost_and_the_attackers_lifelink_still_gains() -> None:
    """CR 119.8 (can't lose life), 120.3f: the damage is dealt (120.4b event), so the opponent's lifelink
    source still gains its controller life; the player with 《白金の帝像》 loses none."""
    emperion = creature("emp", 8, 8, name="白金の帝像")
    _, result = run(doc([emperion, NIGHTHAWK_A], combat(attack("hawk", "B")), effects=[EMPERION_B]))
    assert result["final"]["players"]["B"]["life"] == 20
    assert result["final"]["players"]["A"]["life"] == 22
    dealt = stage(result, "120.4b")["events"]
    assert dealt == [
        {
            "source": "hawk",
            "to": "B",
            "amount": 2,
            "combat": True,
            "would_deal": 2,
            "added": 0,
            "prevented": 0,
        }
    ]
    loss = next(e for e in stage(result, "120.4c")["events"] if e["result"] == "life_loss")
    assert (loss["amount"], loss["before_replacement"], loss["modified_by"]) == (0, 2, [0])
    assert "119.8" in stage(result, "120.4c")["rules"]


def test_own_lifelink_gains_nothing() -> None:
    """CR 119.7: the player with 《白金の帝像》 can't gain life, so their own lifelink source gains nothing."""
    hawk_b = creature("hawkb", 2, 3, name="吸血鬼の夜鷲", keywords=["lifelink"])
    result_final = final(doc([hawk_b], from_permanent("hawkb", {"A": 2}), effects=[EMPERION_B]))
    assert result_final["players"]["B"]["life"] == 20
    assert result_final["players"]["A"]["life"] == 18


def test_life_gain_replacement_does_nothing_when_life_cant_change() -> None:
    """CR 119.7: "a replacement effect that would replace a life gain event affecting that player won't do
    anything" (《加護の反射》 doubling)."""
    hawk_b = creature("hawkb", 2, 3, keywords=["lifelink"])
    effects = [
        {"type": "life_gain_multiplier", "player": "B", "factor": 2, "name": "《加護の反射》"},
        EMPERION_B,
    ]
    _, result = run(doc([hawk_b], from_permanent("hawkb", {"A": 2}), effects=effects))
    assert result["final"]["players"]["B"]["life"] == 20
    assert "加護の反射" not in notes(result, "120.4c")


def test_poison_still_comes_when_life_cant_change() -> None:
    """CR 120.3b: infect damage gives poison counters, not life loss; a life total that can't change
    doesn't stop them."""
    result_final = final(doc([], spell({"B": 3}, keywords=("infect",)), effects=[EMPERION_B]))
    assert result_final["players"]["B"] == {"life": 20, "poison": 3, "lost": False}


def test_worship_has_nothing_to_replace_under_platinum_emperion() -> None:
    """CR 120.4c, 119.8: no life would be lost, so 《崇拝》's floor doesn't apply (616.1f: no longer applicable)."""
    effects = [
        EMPERION_B,
        {"type": "life_floor", "player": "B", "if_controls_creature": True, "name": "《崇拝》"},
    ]
    _, result = run(doc([creature("emp", 8, 8)], spell({"B": 30}), effects=effects))
    assert result["final"]["players"]["B"]["life"] == 20
    assert "《崇拝》" not in notes(result, "120.4c")


# --------------------------------------------------------------------------- Phyrexian Unlife


def test_damage_from_above_zero_is_ordinary_life_loss() -> None:
    """Ruling 2011-06-01: at 3 life and dealt 5 damage, the player ends at -2 life (no poison), and doesn't
    lose (704.5a doesn't apply to them)."""
    _, result = run(doc([], spell({"B": 5}, name="《火の玉》"), players=players(3), effects=[UNLIFE_B]))
    assert result["final"]["players"]["B"] == {"life": -2, "poison": 0, "lost": False}
    assert "1点以上" in notes(result, "120.4c")
    sba = "\n".join(result["steps"][0]["stages"][-1]["notes"])
    assert "704.5a" in sba and "《ファイレクシアの非生》" in sba


def test_damage_at_zero_or_less_is_dealt_as_though_infect() -> None:
    """Ruling 2011-06-01 ("The next time you're dealt damage, it will be dealt as though its source had
    infect"); CR 702.90b, 120.3b: poison counters, no life loss."""
    _, result = run(doc([], spell({"B": 5}), players=players(-2), effects=[UNLIFE_B]))
    assert result["final"]["players"]["B"] == {"life": -2, "poison": 5, "lost": False}
    assert "702.90b" in stage(result, "120.4c")["rules"]


def test_ten_poison_counters_still_lose() -> None:
    """Ruling 2011-06-01: "You can still lose the game for other reasons, including having ten or more poison
    counters" (704.5c)."""
    result_final = final(doc([], spell({"B": 4}), players=players(0, 6), effects=[UNLIFE_B]))
    assert result_final["players"]["B"] == {"life": 0, "poison": 10, "lost": True}


def test_simultaneous_damage_above_zero_is_all_life_loss() -> None:
    """CR 510.2, ruling 2011-06-01: combat damage is dealt at once, while the player has 4 life: all of it is
    life loss (4 - 3 - 3 = -2), none is poison."""
    a1 = creature("a1", 3, 3, controller="A")
    a2 = creature("a2", 3, 3, controller="A")
    result_final = final(
        doc([a1, a2], combat(attack("a1"), attack("a2")), players=players(4), effects=[UNLIFE_B])
    )
    assert result_final["players"]["B"] == {"life": -2, "poison": 0, "lost": False}


def test_without_the_second_ability_damage_keeps_lowering_life() -> None:
    """CR 704.5a alone (Platinum Angel-like "don't lose for 0 or less life"): no poison, life goes on down."""
    effect = {"type": "no_loss_for_life", "player": "B"}
    result_final = final(doc([], spell({"B": 5}), players=players(-2), effects=[effect]))
    assert result_final["players"]["B"] == {"life": -7, "poison": 0, "lost": False}


def test_lifelink_of_the_source_still_works_with_unlife() -> None:
    """CR 120.3f, 702.90b: the source is only treated as having infect for the damage to that player; its
    lifelink still gains its controller life."""
    result_final = final(doc([NIGHTHAWK_A], combat(attack("hawk")), players=players(0), effects=[UNLIFE_B]))
    assert result_final["players"]["B"]["poison"] == 2
    assert result_final["players"]["A"]["life"] == 22


def test_unlife_and_emperion_together() -> None:
    """CR 119.8, 702.90b: at 0 or less life the damage is poison, which a life total that can't change allows."""
    result_final = final(doc([], spell({"B": 3}), players=players(-1), effects=[UNLIFE_B, EMPERION_B]))
    assert result_final["players"]["B"] == {"life": -1, "poison": 3, "lost": False}


# --------------------------------------------------------------------------- conditional floors


ANGEL = creature("angel", 4, 4, name="セラの天使", subtypes=["Angel"], colors=["white"])


def floor_if(condition: dict[str, Any]) -> dict[str, Any]:
    return {"type": "life_floor", "player": "B", "condition": condition}


def test_floor_with_a_condition_that_holds() -> None:
    """CR 120.4c: the floor's condition (controls an Angel) holds before the event, so B ends at 1."""
    result_final = final(
        doc([ANGEL], spell({"B": 25}), effects=[floor_if({"controls": {"subtype": "Angel"}})])
    )
    assert result_final["players"]["B"]["life"] == 1


def test_floor_with_a_condition_that_fails() -> None:
    """CR 120.4c: the condition (two white creatures) doesn't hold, so the floor doesn't apply."""
    effect = floor_if({"controls": {"types": ["creature"], "colors": ["white"]}, "at_least": 2})
    _, result = run(doc([ANGEL], spell({"B": 25}), effects=[effect]))
    assert result["final"]["players"]["B"]["life"] == -5
    assert "条件を満たさず" in notes(result, "120.4c")


def test_opponents_permanents_dont_count() -> None:
    """The condition counts permanents the floor's player controls."""
    mine = {**ANGEL, "controller": "A"}
    result_final = final(
        doc([mine], spell({"B": 25}), effects=[floor_if({"controls": {"subtype": "Angel"}})])
    )
    assert result_final["players"]["B"]["life"] == -5


@pytest.mark.parametrize(
    ("effect", "field", "message"),
    [
        ({"type": "life_cant_change"}, "effects[0].player", "必須"),
        ({"type": "life_cant_change", "player": "angel"}, "effects[0].player", "プレイヤー"),
        (
            {"type": "no_loss_for_life", "player": "B", "damage_as_infect": "yes"},
            "effects[0].damage_as_infect",
            "true か false",
        ),
        (
            {
                "type": "life_floor",
                "player": "B",
                "if_controls_creature": True,
                "condition": {"controls": {}},
            },
            "effects[0].condition",
            "同時に",
        ),
        (floor_if({}), "effects[0].condition.controls", "必須"),
        (
            floor_if({"controls": {"types": ["land"]}}),
            "effects[0].condition.controls.types[0]",
            "次のいずれか",
        ),
        (
            floor_if({"controls": {"colors": ["pink"]}}),
            "effects[0].condition.controls.colors[0]",
            "次のいずれか",
        ),
        (floor_if({"controls": {}, "at_least": 0}), "effects[0].condition.at_least", "1以上"),
        (floor_if({"controls": {"power": 3}}), "effects[0].condition.controls.power", "未知の項目"),
    ],
)
def test_bad_life_effects_are_refused_naming_the_field(
    effect: dict[str, Any], field: str, message: str
) -> None:
    """scenario-format.md § 1.7: a clear Japanese error naming the field."""
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc([ANGEL], spell({"B": 1}), effects=[effect]))
    assert err.value.field == field
    assert message in err.value.message
