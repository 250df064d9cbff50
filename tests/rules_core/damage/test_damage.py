"""CR 120: results of damage (120.3a-h), the four-part sequence (120.4a-d), 0 damage (120.8)."""

from __future__ import annotations

from rules_core.damage.deal import excess_damage
from rules_core.model.state import Permanent

from ..helpers import (
    attack,
    battle,
    combat,
    creature,
    doc,
    final,
    from_permanent,
    notes,
    planeswalker,
    run,
    spell,
    stage,
)

# --------------------------------------------------------------------------- 120.3 results


def test_120_3a_damage_to_player_causes_life_loss() -> None:
    f = final(doc(event=spell({"B": 3})))
    assert f["players"]["B"]["life"] == 17
    assert f["players"]["B"]["poison"] == 0


def test_120_3b_infect_gives_poison_to_player_instead_of_life_loss() -> None:
    f = final(doc(event=spell({"B": 3}, keywords=("infect",))))
    assert f["players"]["B"] == {"life": 20, "poison": 3, "lost": False}


def test_120_3c_damage_to_planeswalker_removes_loyalty_counters() -> None:
    f = final(doc([planeswalker("jace", 5)], spell({"jace": 3})))
    assert f["permanents"]["jace"]["loyalty"] == 2
    assert f["permanents"]["jace"]["damage"] == 0
    assert f["permanents"]["jace"]["zone"] == "battlefield"


def test_120_3d_wither_puts_minus_counters_on_creature() -> None:
    f = final(doc([creature("bear", 2, 2)], spell({"bear": 1}, keywords=("wither",))))
    bear = f["permanents"]["bear"]
    assert bear["counters"] == {"-1/-1": 1}
    assert bear["damage"] == 0
    assert (bear["power"], bear["toughness"]) == (1, 1)


def test_120_3d_infect_puts_minus_counters_on_creature() -> None:
    f = final(doc([creature("bear", 3, 3)], spell({"bear": 2}, keywords=("infect",))))
    assert f["permanents"]["bear"]["counters"] == {"-1/-1": 2}
    assert f["permanents"]["bear"]["damage"] == 0


def test_120_3e_damage_without_wither_or_infect_is_marked() -> None:
    f = final(doc([creature("bear", 2, 4)], spell({"bear": 3})))
    assert f["permanents"]["bear"]["damage"] == 3
    assert f["permanents"]["bear"]["counters"] == {}
    assert f["permanents"]["bear"]["zone"] == "battlefield"


def test_120_3f_lifelink_source_controller_gains_that_much() -> None:
    f = final(
        doc(
            [creature("cleric", 2, 2, controller="A", keywords=["lifelink"]), creature("bear", 2, 2)],
            from_permanent("cleric", {"bear": 2, "B": 3}),
        )
    )
    assert f["players"]["A"]["life"] == 25
    assert f["players"]["B"]["life"] == 17


def test_120_3f_lifelink_gain_counts_damage_dealt_not_damage_assigned() -> None:
    # 4 damage to a 2/2: all 4 is dealt (excess isn't "lost"), so 4 life.
    f = final(doc([creature("bear", 2, 2)], spell({"bear": 4}, keywords=("lifelink",))))
    assert f["players"]["A"]["life"] == 24


def test_702_15e_two_lifelink_sources_make_separate_life_gain_events() -> None:
    d = doc(
        [
            creature("x", 2, 2, controller="A", keywords=["lifelink"]),
            creature("y", 3, 3, controller="A", keywords=["lifelink"]),
        ],
        combat(attack("x"), attack("y")),
    )
    _, result = run(d)
    gains = [e for e in stage(result, "120.4c")["events"] if e["result"] == "life_gain"]
    assert [(g["source"], g["amount"]) for g in gains] == [("x", 2), ("y", 3)]
    assert result["final"]["players"]["A"]["life"] == 25
    assert "702.15e" in stage(result, "120.4c")["rules"]


def test_120_3g_toxic_combat_damage_gives_poison_in_addition() -> None:
    f = final(doc([creature("snake", 2, 2, controller="A", toxic=2)], combat(attack("snake"))))
    assert f["players"]["B"] == {"life": 18, "poison": 2, "lost": False}


def test_120_3g_toxic_needs_combat_damage() -> None:
    f = final(doc([creature("snake", 2, 2, controller="A", toxic=2)], from_permanent("snake", {"B": 2})))
    assert f["players"]["B"] == {"life": 18, "poison": 0, "lost": False}


def test_120_3g_toxic_with_infect_adds_both_poison_amounts() -> None:
    f = final(
        doc([creature("snake", 3, 3, controller="A", toxic=1, keywords=["infect"])], combat(attack("snake")))
    )
    assert f["players"]["B"] == {"life": 20, "poison": 4, "lost": False}


def test_120_3h_damage_to_battle_removes_defense_counters() -> None:
    f = final(doc([battle("siege", 5)], spell({"siege": 3}, controller="A")))
    assert f["permanents"]["siege"]["defense"] == 2
    assert f["permanents"]["siege"]["zone"] == "battlefield"


def test_120_3_creature_planeswalker_gets_both_results() -> None:
    f = final(
        doc(
            [
                {
                    "id": "gid",
                    "controller": "B",
                    "types": ["creature", "planeswalker"],
                    "power": 3,
                    "toughness": 4,
                    "loyalty": 5,
                }
            ],
            spell({"gid": 2}),
        )
    )
    assert f["permanents"]["gid"]["damage"] == 2
    assert f["permanents"]["gid"]["loyalty"] == 3


# --------------------------------------------------------------------------- 120.4 sequence


def test_120_4_every_step_has_the_four_stages_and_sba() -> None:
    _, result = run(doc([creature("bear", 2, 2)], spell({"bear": 1})))
    assert [s["stage"] for s in result["steps"][0]["stages"]] == [
        "120.4a",
        "120.4b",
        "120.4c",
        "120.4d",
        "704",
    ]
    assert result["steps"][0]["name"] == "damage"
    assert "余剰のダメージを移し替える効果はありません。" in stage(result, "120.4a")["notes"]
    assert "ダメージを置換・軽減する効果はありません。" in stage(result, "120.4b")["notes"]


def test_120_4a_excess_damage_to_creature_goes_to_controller() -> None:
    d = doc([creature("bear", 2, 2)], spell({"bear": 5}, excess_to="controller"))
    _, result = run(d)
    assert result["final"]["permanents"]["bear"]["damage"] == 2
    assert result["final"]["players"]["B"]["life"] == 17
    change = stage(result, "120.4a")["changes"][0]
    assert change == {
        "object": "bear",
        "attribute": "redirected",
        "before": 5,
        "after": 2,
        "rule": "120.4a",
        "source": "呪文",
        "to": "B",
        "excess": 3,
    }


def test_120_4a_excess_counts_damage_already_marked() -> None:
    f = final(doc([creature("bear", 2, 3, damage=2)], spell({"bear": 4}, excess_to="controller")))
    assert f["permanents"]["bear"]["damage"] == 3
    assert f["players"]["B"]["life"] == 17


def test_120_4a_deathtouch_source_anything_beyond_one_is_excess() -> None:
    f = final(
        doc([creature("giant", 5, 5)], spell({"giant": 4}, keywords=("deathtouch",), excess_to="controller"))
    )
    assert f["permanents"]["giant"]["damage"] == 1
    assert f["permanents"]["giant"]["zone"] == "graveyard"  # 704.5h
    assert f["players"]["B"]["life"] == 17


def test_120_4a_planeswalker_excess_is_beyond_loyalty() -> None:
    f = final(
        doc(
            [planeswalker("jace", 3), creature("bear", 2, 2, controller="A")],
            spell({"jace": 5}, excess_to="bear"),
        )
    )
    assert f["permanents"]["jace"]["loyalty"] == 0
    assert f["permanents"]["bear"]["damage"] == 2


def test_120_4a_battle_excess_is_beyond_defense() -> None:
    f = final(doc([battle("siege", 2)], spell({"siege": 6}, excess_to="B")))
    assert f["permanents"]["siege"]["defense"] == 0
    assert f["players"]["B"]["life"] == 16


def test_120_4a_several_card_types_take_the_greatest_excess() -> None:
    # Creature 1/4 (lethal 4) and planeswalker with loyalty 2: excess is max(5-4, 5-2) = 3.
    pwc = {
        "id": "gid",
        "controller": "B",
        "types": ["creature", "planeswalker"],
        "power": 1,
        "toughness": 4,
        "loyalty": 2,
    }
    f = final(doc([pwc], spell({"gid": 5}, excess_to="controller")))
    assert f["players"]["B"]["life"] == 17
    assert f["permanents"]["gid"]["damage"] == 2
    assert f["permanents"]["gid"]["loyalty"] == 0


def test_120_4a_excess_damage_function_counts_other_sources_at_the_same_time() -> None:
    bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=4, damage=1)
    assert excess_damage(bear, 3, deathtouch=False) == 0
    assert excess_damage(bear, 3, deathtouch=False, other=2) == 2
    walker = Permanent(id="pw", controller="B", types=("planeswalker",), loyalty=4)
    assert excess_damage(walker, 3, deathtouch=False, other=2) == 1


def test_120_4a_redirected_excess_is_then_prevented_like_any_damage() -> None:
    # Excess is computed before prevention (120.4a before 120.4b): the shield on the bear doesn't change it.
    d = doc(
        [creature("bear", 2, 2)],
        spell({"bear": 5}, excess_to="controller"),
        [{"type": "prevent_next", "to": "bear", "amount": 2}],
    )
    f = final(d)
    assert f["permanents"]["bear"]["damage"] == 0
    assert f["players"]["B"]["life"] == 17


def test_120_4b_damage_is_modified_before_results() -> None:
    _, result = run(
        doc(
            [creature("bear", 2, 2)],
            spell({"bear": 3}),
            [{"type": "prevent_next", "to": "bear", "amount": 2}],
        )
    )
    event = stage(result, "120.4b")["events"][0]
    assert (event["would_deal"], event["prevented"], event["amount"]) == (3, 2, 1)
    assert result["final"]["permanents"]["bear"]["damage"] == 1


def test_120_4c_results_are_modified_by_result_replacement_effects() -> None:
    _, result = run(
        doc(
            [creature("x", 2, 2, controller="A", keywords=["lifelink"])],
            from_permanent("x", {"B": 2}),
            [{"type": "life_gain_multiplier", "player": "A", "factor": 2}],
        )
    )
    gain = next(e for e in stage(result, "120.4c")["events"] if e["result"] == "life_gain")
    assert (gain["before_replacement"], gain["amount"]) == (2, 4)
    assert result["final"]["players"]["A"]["life"] == 24


def test_120_4d_the_event_happens_all_at_once_with_before_after() -> None:
    _, result = run(doc([creature("bear", 2, 2)], spell({"bear": 1, "B": 2})))
    changes = {
        (c["object"], c["attribute"]): (c["before"], c["after"], c["rule"])
        for c in stage(result, "120.4d")["changes"]
    }
    assert changes == {("B", "life"): (20, 18, "120.3a"), ("bear", "damage"): (0, 1, "120.3e")}


def test_120_5_damage_does_not_destroy_state_based_actions_do() -> None:
    _, result = run(doc([creature("bear", 2, 2)], spell({"bear": 3})))
    assert stage(result, "120.4d")["changes"][0]["after"] == 3
    assert "120.5" in stage(result, "120.4d")["rules"]
    zone = stage(result, "704")["changes"][0]
    assert (zone["object"], zone["attribute"], zone["after"], zone["rule"]) == (
        "bear",
        "zone",
        "graveyard",
        "704.5g",
    )


# --------------------------------------------------------------------------- 120.8


def test_120_8_zero_damage_is_no_damage_no_lifelink() -> None:
    f = final(doc([creature("bear", 2, 2)], spell({"bear": 0}, keywords=("lifelink", "deathtouch"))))
    assert f["players"]["A"]["life"] == 20
    assert f["permanents"]["bear"]["zone"] == "battlefield"


def test_120_8_fully_prevented_deathtouch_damage_does_not_destroy() -> None:
    d = doc(
        [creature("bear", 2, 2)],
        spell({"bear": 2}, keywords=("deathtouch", "lifelink")),
        [{"type": "prevent_next", "to": "bear", "amount": 2}],
    )
    _, result = run(d)
    assert result["final"]["permanents"]["bear"]["zone"] == "battlefield"
    assert result["final"]["players"]["A"]["life"] == 20
    assert "120.8" in stage(result, "120.4c")["rules"]


def test_120_8_zero_damage_is_not_doubled_and_not_redirected() -> None:
    d = doc(
        [creature("bear", 2, 2)],
        spell({"bear": 0, "B": 0}, excess_to="controller"),
        [{"type": "damage_multiplier", "factor": 2}],
    )
    _, result = run(d)
    assert result["final"]["players"]["B"]["life"] == 20
    assert all(e["amount"] == 0 and e["added"] == 0 for e in stage(result, "120.4b")["events"])
    assert "120.8" in notes(result, "120.4a")


def test_702_2b_deathtouch_damage_destroys_large_creature() -> None:
    f = final(doc([creature("giant", 8, 8)], spell({"giant": 1}, keywords=("deathtouch",))))
    assert f["permanents"]["giant"]["zone"] == "graveyard"
    assert f["permanents"]["giant"]["damage"] == 1


def test_damage_to_player_notes_name_the_player() -> None:
    _, result = run(doc(event=spell({"B": 3}, name="《稲妻》")))
    assert (
        "対戦相手は《稲妻》からのダメージで3点のライフを失います (120.3a)。"
        in stage(result, "120.4c")["notes"]
    )


def test_120_4a_redirected_excess_joins_damage_already_going_to_that_recipient() -> None:
    _, result = run(doc([creature("bear", 2, 2)], spell({"bear": 5, "B": 1}, excess_to="controller")))
    events = stage(result, "120.4a")["events"]
    assert [(e["to"], e["amount"]) for e in events] == [("bear", 2), ("B", 4)]
    assert result["final"]["players"]["B"]["life"] == 16


def test_120_4a_excess_to_a_new_recipient_is_marked_redirected() -> None:
    _, result = run(doc([creature("bear", 2, 2), creature("elf", 1, 5)], spell({"bear": 3}, excess_to="elf")))
    moved = stage(result, "120.4a")["events"][1]
    assert moved == {"source": "呪文", "to": "elf", "amount": 1, "combat": False, "redirected_from": "bear"}
    assert result["final"]["permanents"]["elf"]["damage"] == 1
