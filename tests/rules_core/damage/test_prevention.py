"""CR 614-616 and 702.16e: replacement and prevention effects (stage 120.4b) and result replacements (120.4c)."""

from __future__ import annotations

import copy

from ..helpers import attack, combat, creature, doc, final, from_permanent, notes, run, spell, stage

SHIELD_2_ON_BEAR = {"type": "prevent_next", "to": "bear", "amount": 2}
DOUBLER = {"type": "damage_multiplier", "factor": 2}

# --------------------------------------------------------------------------- 615.4 no going back in time


def _board_after(document: dict, result: dict) -> dict:
    """The board a result leaves, as a new scenario document with no event yet: life and poison of each
    player; damage, counters, loyalty and defense of each permanent still on the battlefield."""
    after = copy.deepcopy(document)
    final_state = result["final"]
    for player in after["players"]:
        player["life"] = final_state["players"][player["id"]]["life"]
        player["poison"] = final_state["players"][player["id"]]["poison"]
    permanents = []
    for permanent in after["permanents"]:
        state = final_state["permanents"][permanent["id"]]
        if state["zone"] != "battlefield":
            continue
        permanent["damage"] = state["damage"]
        permanent["counters"] = {
            "+1/+1": state["counters"].get("+1/+1", 0),
            "-1/-1": state["counters"].get("-1/-1", 0),
        }
        for key in ("loyalty", "defense"):
            if key in state:
                permanent[key] = state[key]
        permanents.append(permanent)
    after["permanents"] = permanents
    after["effects"] = final_state["effects"]
    after["event"] = {}
    return after


def test_615_4_example_a_prevention_effect_cannot_go_back_in_time() -> None:
    """CR 615.4 例: the ability must resolve before the damage. Cast in response, the shield is there when
    《稲妻》 resolves and prevents; once 《稲妻》 has resolved, a shield created afterwards changes nothing:
    the damage stays marked and the shield waits, unused, for the next damage."""
    bolt = spell({"bear": 3}, name="《稲妻》", colors=("red",))
    board = doc([creature("bear", 2, 5, name="灰色熊")], bolt)

    in_response = doc([creature("bear", 2, 5, name="灰色熊")], bolt, [SHIELD_2_ON_BEAR])
    assert final(in_response)["permanents"]["bear"]["damage"] == 1  # 615.4: created first, it prevents

    _, too_late = run(board)  # 《稲妻》 resolved with no shield around: 3 damage is marked
    assert too_late["final"]["permanents"]["bear"]["damage"] == 3
    later = _board_after(board, too_late)
    later["effects"].append(SHIELD_2_ON_BEAR)  # the shield is created only now
    _, result = run(later)
    assert result["legal"] and result["steps"] == []
    assert result["final"]["permanents"]["bear"]["damage"] == 3  # nothing goes back in time
    assert result["final"]["effects"] == [SHIELD_2_ON_BEAR]  # unused: it still waits for the next damage
    next_damage = copy.deepcopy(later)
    next_damage["event"] = spell({"bear": 1}, name="《ショック》", colors=("red",))
    again = final(next_damage)
    assert again["permanents"]["bear"]["damage"] == 3
    assert again["effects"] == [{**SHIELD_2_ON_BEAR, "amount": 1}]


# --------------------------------------------------------------------------- 615.5 extra effects


def test_615_5_extra_effect_gains_life_equal_to_damage_prevented() -> None:
    d = doc(
        [creature("bear", 2, 2, controller="A")],
        from_permanent("bear", {"B": 2}),
        [{"type": "prevent_next_from_source", "source": "bear", "gain_life_to": "B"}],
    )
    _, result = run(d)
    assert result["final"]["players"]["B"]["life"] == 22
    gain = next(e for e in stage(result, "120.4c")["events"] if e["result"] == "life_gain")
    assert (gain["object"], gain["amount"], gain["rule"]) == ("B", 2, "615.5")
    assert "615.5" in stage(result, "120.4b")["rules"]


def test_615_5_extra_life_gain_is_a_life_gain_doubled_by_boon_reflection() -> None:
    d = doc(
        [creature("bear", 2, 2, controller="A")],
        from_permanent("bear", {"B": 2}),
        [
            {"type": "prevent_next_from_source", "source": "bear", "gain_life_to": "B"},
            {"type": "life_gain_multiplier", "player": "B", "factor": 2},
        ],
    )
    assert final(d)["players"]["B"]["life"] == 24


def test_615_5_extra_life_gain_stopped_by_no_life_gain() -> None:
    d = doc(
        [creature("bear", 2, 2, controller="A")],
        from_permanent("bear", {"B": 2}),
        [
            {"type": "prevent_next_from_source", "source": "bear", "gain_life_to": "B"},
            {"type": "no_life_gain", "name": "《硫黄の渦》"},
        ],
    )
    _, result = run(d)
    assert result["final"]["players"]["B"]["life"] == 20
    assert (
        "《硫黄の渦》により、対戦相手は2点のライフを得られません (120.4c)。"
        in stage(result, "120.4c")["notes"]
    )


# --------------------------------------------------------------------------- 615.6


def test_615_6_prevented_damage_never_happens_no_lifelink_no_counters() -> None:
    d = doc(
        [creature("bear", 2, 2)],
        spell({"bear": 2}, keywords=("lifelink", "wither")),
        [{"type": "prevent_all", "to": "bear"}],
    )
    f = final(d)
    assert f["players"]["A"]["life"] == 20
    assert f["permanents"]["bear"]["counters"] == {}
    assert f["permanents"]["bear"]["damage"] == 0


def test_615_6_partly_prevented_lifelink_gains_only_damage_dealt() -> None:
    d = doc([creature("bear", 2, 5)], spell({"bear": 4}, keywords=("lifelink",)), [SHIELD_2_ON_BEAR])
    f = final(d)
    assert f["players"]["A"]["life"] == 22
    assert f["permanents"]["bear"]["damage"] == 2


# --------------------------------------------------------------------------- 615.7 shields


def test_615_7_shield_prevents_part_and_keeps_the_rest() -> None:
    d = doc([creature("bear", 2, 2)], spell({"bear": 3}), [SHIELD_2_ON_BEAR])
    _, result = run(d)
    assert result["final"]["permanents"]["bear"]["damage"] == 1
    assert result["final"]["effects"] == [{"type": "prevent_next", "to": "bear", "amount": 0, "used": True}]
    assert (
        "2/2のbearが呪文から受ける3点のうち2点を効果1（次の2点を軽減する盾）が軽減します (615.7)。残り1点。"
        in notes(result, "120.4b")
    )
    shield = next(c for c in stage(result, "120.4b")["changes"] if c["attribute"] == "shield")
    assert (shield["before"], shield["after"], shield["effect"]) == (2, 0, 0)


def test_615_7_shield_left_over_stays_for_later() -> None:
    d = doc(
        [creature("bear", 2, 2)], spell({"bear": 1}), [{"type": "prevent_next", "to": "bear", "amount": 3}]
    )
    f = final(d)
    assert f["permanents"]["bear"]["damage"] == 0
    assert f["effects"] == [{"type": "prevent_next", "to": "bear", "amount": 2}]


def test_615_7_shield_on_player() -> None:
    f = final(doc(event=spell({"B": 5}), effects=[{"type": "prevent_next", "to": "B", "amount": 3}]))
    assert f["players"]["B"]["life"] == 18


def test_615_7_used_shield_does_nothing() -> None:
    f = final(
        doc(
            [creature("bear", 2, 2)],
            spell({"bear": 1}),
            [{"type": "prevent_next", "to": "bear", "amount": 0, "used": True}],
        )
    )
    assert f["permanents"]["bear"]["damage"] == 1


def _two_attackers_one_blocker(choices: dict | None = None) -> dict:
    return doc(
        [
            creature("elf", 1, 1, controller="A"),
            creature("ogre", 3, 3, controller="A", keywords=["lifelink"]),
            creature("wall", 0, 5, additional_blocks=1),
        ],
        combat(attack("elf", blockers=("wall",)), attack("ogre", blockers=("wall",))),
        [{"type": "prevent_next", "to": "wall", "amount": 2}],
        choices=choices,
    )


def test_615_7_several_sources_default_shield_prevents_in_listed_order() -> None:
    _, result = run(_two_attackers_one_blocker())
    prevented = {e["source"]: e["prevented"] for e in stage(result, "120.4b")["events"]}
    assert prevented == {"elf": 1, "ogre": 1}
    assert result["final"]["permanents"]["wall"]["damage"] == 2
    assert result["final"]["players"]["A"]["life"] == 22  # the ogre's lifelink: 2 dealt


def test_615_7_several_sources_controller_chooses_which_damage_the_shield_prevents() -> None:
    _, result = run(_two_attackers_one_blocker({"shield_allocation": {"0": {"ogre": 2}}}))
    prevented = {e["source"]: e["prevented"] for e in stage(result, "120.4b")["events"]}
    assert prevented == {"elf": 0, "ogre": 2}
    assert result["final"]["permanents"]["wall"]["damage"] == 2
    assert result["final"]["players"]["A"]["life"] == 21  # only 1 lifelink damage dealt
    assert "615.7" in stage(result, "120.4b")["rules"]


def test_615_7_shield_counts_only_amount_allocation_beyond_is_filled_in_order() -> None:
    # Allocation asks for 1 from the ogre; the shield still has 1 left and prevents it from the elf.
    _, result = run(_two_attackers_one_blocker({"shield_allocation": {"0": {"ogre": 1}}}))
    prevented = {e["source"]: e["prevented"] for e in stage(result, "120.4b")["events"]}
    assert prevented == {"elf": 1, "ogre": 1}


# --------------------------------------------------------------------------- 615.8


def test_615_8_next_damage_from_source_prevents_all_of_it_everywhere() -> None:
    d = doc(
        [creature("a", 2, 2), creature("b", 3, 3), creature("burner", 1, 1, controller="A")],
        from_permanent("burner", {"a": 2, "b": 2, "B": 2}),
        [{"type": "prevent_next_from_source", "source": "burner"}],
    )
    f = final(d)
    assert f["permanents"]["a"]["damage"] == 0
    assert f["permanents"]["b"]["damage"] == 0
    assert f["players"]["B"]["life"] == 20
    assert f["effects"][0]["used"] is True


def test_615_8_effect_waits_for_its_source() -> None:
    d = doc(
        [creature("bear", 2, 2), creature("burner", 1, 1, controller="A")],
        spell({"bear": 1}),
        [{"type": "prevent_next_from_source", "source": "burner"}],
    )
    f = final(d)
    assert f["permanents"]["bear"]["damage"] == 1
    assert "used" not in f["effects"][0]


# --------------------------------------------------------------------------- 615.9


def test_615_9_colour_is_rechecked_when_damage_is_dealt() -> None:
    d = doc(
        event=spell({"B": 3}, colors=("red",)),
        effects=[{"type": "prevent_from_color", "color": "red", "to": "B", "next_only": True}],
    )
    f = final(d)
    assert f["players"]["B"]["life"] == 20
    assert f["effects"][0]["used"] is True


def test_615_9_shield_is_not_used_up_when_the_source_no_longer_matches() -> None:
    d = doc(
        event=spell({"B": 3}, colors=("blue",)),
        effects=[{"type": "prevent_from_color", "color": "red", "to": "B", "next_only": True}],
    )
    _, result = run(d)
    assert result["final"]["players"]["B"]["life"] == 17
    assert "used" not in result["final"]["effects"][0]
    assert "615.9" in stage(result, "120.4b")["rules"]


def test_615_9_without_next_only_prevents_every_time_and_stays() -> None:
    d = doc(
        [
            creature("x", 2, 2, controller="A", colors=["red"]),
            creature("y", 2, 2, controller="A", colors=["red"]),
        ],
        combat(attack("x"), attack("y")),
        [{"type": "prevent_from_color", "color": "red", "to": "B"}],
    )
    f = final(d)
    assert f["players"]["B"]["life"] == 20
    assert "used" not in f["effects"][0]


def test_615_9_next_only_prevents_one_source_of_several() -> None:
    d = doc(
        [
            creature("x", 2, 2, controller="A", colors=["red"]),
            creature("y", 3, 3, controller="A", colors=["red"]),
        ],
        combat(attack("x"), attack("y")),
        [{"type": "prevent_from_color", "color": "red", "to": "B", "next_only": True}],
    )
    f = final(d)
    assert f["players"]["B"]["life"] == 17
    assert f["effects"][0]["used"] is True


# --------------------------------------------------------------------------- 615.10, 615.11


def test_615_10_static_prevention_applies_to_each_event_separately() -> None:
    d = doc(
        [
            creature("x", 2, 2, controller="A"),
            creature("y", 3, 3, controller="A"),
            creature("cleric", 1, 6, subtypes=["Cleric"], additional_blocks=1),
        ],
        combat(attack("x", blockers=("cleric",)), attack("y", blockers=("cleric",))),
        [{"type": "prevent_static", "amount": 1, "to_filter": {"controller": "B", "subtype": "Cleric"}}],
    )
    f = final(d)
    assert f["permanents"]["cleric"]["damage"] == 3  # (2-1) + (3-1)


def test_615_10_static_prevention_on_a_player() -> None:
    d = doc(event=spell({"B": 3}), effects=[{"type": "prevent_static", "amount": 1, "to": "B"}])
    assert final(d)["players"]["B"]["life"] == 18


def test_615_10_filter_types_must_all_match() -> None:
    d = doc(
        [{"id": "jace", "controller": "B", "types": ["planeswalker"], "loyalty": 5, "subtypes": ["Cleric"]}],
        spell({"jace": 3}),
        [{"type": "prevent_static", "amount": 1, "to_filter": {"subtype": "Cleric", "types": ["creature"]}}],
    )
    assert final(d)["permanents"]["jace"]["loyalty"] == 2


# --------------------------------------------------------------------------- 615.12


def test_615_12_cant_be_prevented_shield_applies_but_is_not_reduced() -> None:
    d = doc([creature("bear", 2, 2)], spell({"bear": 3}, cant_be_prevented=True), [SHIELD_2_ON_BEAR])
    _, result = run(d)
    assert result["final"]["permanents"]["bear"]["damage"] == 3
    assert result["final"]["effects"][0] == SHIELD_2_ON_BEAR
    assert "615.12" in stage(result, "120.4b")["rules"]
    assert stage(result, "120.4b")["events"][0]["cant_be_prevented"] is True


def test_615_12_protection_does_not_prevent_unpreventable_damage() -> None:
    d = doc(
        [creature("knight", 2, 2, protection=["red"])],
        spell({"knight": 2}, colors=("red",), cant_be_prevented=True),
    )
    assert final(d)["permanents"]["knight"]["zone"] == "graveyard"


def test_615_12_effect_from_controller_and_combat_only() -> None:
    d = doc(
        [creature("beast", 4, 4, controller="A")],
        combat(attack("beast")),
        [
            {"type": "prevent_all", "combat_only": True, "name": "《濃霧》"},
            {"type": "cant_be_prevented", "from_controller": "A", "combat_only": True},
        ],
    )
    assert final(d)["players"]["B"]["life"] == 16
    d2 = doc(
        [creature("beast", 4, 4, controller="A")],
        from_permanent("beast", {"B": 4}),
        [{"type": "prevent_all"}, {"type": "cant_be_prevented", "from_controller": "A", "combat_only": True}],
    )
    assert final(d2)["players"]["B"]["life"] == 20


def test_615_12_extra_effect_still_happens_but_nothing_was_prevented() -> None:
    d = doc(
        [creature("bear", 2, 2, controller="A")],
        from_permanent("bear", {"B": 2}, cant_be_prevented=True),
        [{"type": "prevent_next_from_source", "source": "bear", "gain_life_to": "B"}],
    )
    _, result = run(d)
    assert result["final"]["players"]["B"]["life"] == 18
    assert "used" not in result["final"]["effects"][0]
    assert "615.5" in stage(result, "120.4b")["rules"]


def test_615_12a_each_prevention_effect_applies_once_to_unpreventable_damage() -> None:
    d = doc(
        [creature("bear", 2, 9)],
        spell({"bear": 3}, cant_be_prevented=True),
        [SHIELD_2_ON_BEAR, {"type": "prevent_static", "amount": 1, "to": "bear"}],
    )
    _, result = run(d)
    text = notes(result, "120.4b")
    assert text.count("効果1（次の2点を軽減する盾）は") == 1
    assert text.count("効果2（ダメージを1点ずつ軽減する常在型能力）は") == 1
    assert result["final"]["permanents"]["bear"]["damage"] == 3


# --------------------------------------------------------------------------- 614, 616.1


def test_614_damage_multiplier_doubles_damage() -> None:
    f = final(doc([creature("bear", 2, 5)], spell({"bear": 2}), [DOUBLER]))
    assert f["permanents"]["bear"]["damage"] == 4


def test_614_damage_multiplier_only_from_controller_and_to() -> None:
    d = doc(
        [creature("bear", 2, 9), creature("elf", 1, 9)],
        spell({"bear": 2, "elf": 2}, controller="B"),
        [
            {"type": "damage_multiplier", "factor": 2, "from_controller": "A"},
            {"type": "damage_multiplier", "factor": 3, "to": "elf"},
        ],
    )
    f = final(d)
    assert f["permanents"]["bear"]["damage"] == 2
    assert f["permanents"]["elf"]["damage"] == 6


def test_616_1_default_order_is_the_listed_order() -> None:
    _, result = run(doc([creature("bear", 2, 9)], spell({"bear": 3}), [DOUBLER, SHIELD_2_ON_BEAR]))
    assert result["final"]["permanents"]["bear"]["damage"] == 4  # 3*2 - 2
    assert "616.1" in stage(result, "120.4b")["rules"]


def test_616_1_affected_controller_chooses_shield_first_changes_outcome() -> None:
    d = doc(
        [creature("bear", 2, 9)],
        spell({"bear": 3}),
        [DOUBLER, SHIELD_2_ON_BEAR],
        choices={"replacement_order": {"bear": [1, 0]}},
    )
    _, result = run(d)
    assert result["final"]["permanents"]["bear"]["damage"] == 2  # (3-2)*2
    event = stage(result, "120.4b")["events"][0]
    assert event["amount"] + event["prevented"] == event["would_deal"] + event["added"]
    assert "指定された順番" in notes(result, "120.4b")


def test_616_1_order_for_one_object_does_not_change_another() -> None:
    d = doc(
        [creature("bear", 2, 9), creature("elf", 1, 9)],
        spell({"bear": 3, "elf": 3}),
        [DOUBLER, SHIELD_2_ON_BEAR, {"type": "prevent_next", "to": "elf", "amount": 2}],
        choices={"replacement_order": {"bear": [1, 0]}},
    )
    f = final(d)
    assert f["permanents"]["bear"]["damage"] == 2
    assert f["permanents"]["elf"]["damage"] == 4


# --------------------------------------------------------------------------- 702.16e protection


def test_702_16e_protection_prevents_damage_from_sources_of_that_colour() -> None:
    d = doc([creature("knight", 2, 2, protection=["red"])], spell({"knight": 3}, colors=("red", "white")))
    _, result = run(d)
    assert result["final"]["permanents"]["knight"]["damage"] == 0
    assert "702.16e" in stage(result, "120.4b")["rules"]


def test_702_16e_protection_ignores_other_colours() -> None:
    f = final(doc([creature("knight", 2, 2, protection=["red"])], spell({"knight": 1}, colors=("black",))))
    assert f["permanents"]["knight"]["damage"] == 1


def test_702_16e_protection_applies_before_a_shield_by_default() -> None:
    f = final(
        doc(
            [creature("bear", 2, 2, protection=["red"])],
            spell({"bear": 3}, colors=("red",)),
            [SHIELD_2_ON_BEAR],
        )
    )
    assert f["effects"][0]["amount"] == 2
    assert f["permanents"]["bear"]["damage"] == 0


def test_702_16e_replacement_order_can_put_protection_after_a_shield() -> None:
    d = doc(
        [creature("bear", 2, 2, protection=["red"])],
        spell({"bear": 3}, colors=("red",)),
        [SHIELD_2_ON_BEAR],
        choices={"replacement_order": {"bear": [0, "protection"]}},
    )
    f = final(d)
    assert f["effects"][0] == {"type": "prevent_next", "to": "bear", "amount": 0, "used": True}
    assert f["permanents"]["bear"]["damage"] == 0


# --------------------------------------------------------------------------- prevent_all (Fog)


def test_prevent_all_combat_only_is_a_fog() -> None:
    d = doc(
        [creature("x", 3, 3, controller="A"), creature("bear", 2, 2)],
        combat(attack("x", blockers=("bear",))),
        [{"type": "prevent_all", "combat_only": True}],
    )
    f = final(d)
    assert f["permanents"]["bear"]["damage"] == 0
    assert f["permanents"]["x"]["damage"] == 0
    d2 = doc([creature("bear", 2, 2)], spell({"bear": 3}), [{"type": "prevent_all", "combat_only": True}])
    assert final(d2)["permanents"]["bear"]["zone"] == "graveyard"


def test_prevent_all_from_one_source_only() -> None:
    d = doc(
        [creature("x", 3, 3, controller="A"), creature("y", 3, 3, controller="A")],
        combat(attack("x"), attack("y")),
        [{"type": "prevent_all", "from": "x"}],
    )
    assert final(d)["players"]["B"]["life"] == 17


# --------------------------------------------------------------------------- 120.4c result replacements


def test_120_4c_boon_reflection_doubles_lifelink_gain() -> None:
    d = doc(
        [creature("x", 3, 3, controller="A", keywords=["lifelink"])],
        combat(attack("x")),
        [{"type": "life_gain_multiplier", "player": "A", "factor": 2, "name": "《加護の反射》"}],
    )
    assert final(d)["players"]["A"]["life"] == 26


def test_120_4c_sulfuric_vortex_stops_lifelink_gain_but_not_damage() -> None:
    d = doc(
        [creature("x", 3, 3, controller="A", keywords=["lifelink"])],
        combat(attack("x")),
        [{"type": "no_life_gain", "player": "A"}],
    )
    f = final(d)
    assert f["players"]["A"]["life"] == 20
    assert f["players"]["B"]["life"] == 17


def test_120_4c_worship_keeps_life_at_one_when_controlling_a_creature() -> None:
    d = doc(
        [creature("guard", 1, 1)],
        spell({"B": 10}),
        [{"type": "life_floor", "player": "B", "floor": 1, "if_controls_creature": True}],
        players=[{"id": "A"}, {"id": "B", "life": 5}],
    )
    _, result = run(d)
    assert result["final"]["players"]["B"] == {"life": 1, "poison": 0, "lost": False}
    loss = next(e for e in stage(result, "120.4c")["events"] if e["result"] == "life_loss")
    assert (loss["before_replacement"], loss["amount"], loss["modified_by"]) == (10, 4, [0])


def test_120_4c_worship_needs_a_creature() -> None:
    d = doc(
        event=spell({"B": 10}),
        effects=[{"type": "life_floor", "player": "B", "if_controls_creature": True}],
        players=[{"id": "A"}, {"id": "B", "life": 5}],
    )
    f = final(d)
    assert f["players"]["B"]["life"] == -5
    assert f["players"]["B"]["lost"] is True


def test_120_4c_worship_does_not_stop_poison() -> None:
    d = doc(
        [creature("guard", 1, 1)],
        spell({"B": 10}, keywords=("infect",)),
        [{"type": "life_floor", "player": "B", "if_controls_creature": True}],
    )
    f = final(d)
    assert f["players"]["B"] == {"life": 20, "poison": 10, "lost": True}


def test_120_4c_tatterkite_no_counters_on_it() -> None:
    d = doc(
        [creature("kite", 2, 1)],
        spell({"kite": 2}, keywords=("wither",)),
        [{"type": "no_counters", "on": "kite", "name": "《破れ翼トビ》"}],
    )
    f = final(d)
    assert f["permanents"]["kite"]["counters"] == {}
    assert f["permanents"]["kite"]["zone"] == "battlefield"


def test_120_4c_no_counters_on_a_player_stops_infect_poison() -> None:
    d = doc(event=spell({"B": 4}, keywords=("infect",)), effects=[{"type": "no_counters", "on": "B"}])
    assert final(d)["players"]["B"] == {"life": 20, "poison": 0, "lost": False}


def test_120_4c_counter_multiplier_by_the_player_putting_them() -> None:
    d = doc(
        [creature("bear", 2, 5)],
        spell({"bear": 2, "B": 3}, keywords=("infect",)),
        [{"type": "counter_multiplier", "factor": 2, "by_controller": "A"}],
    )
    f = final(d)
    assert f["permanents"]["bear"]["counters"] == {"-1/-1": 4}
    assert f["players"]["B"]["poison"] == 6
    d2 = doc(
        [creature("bear", 2, 5)],
        spell({"bear": 2}, keywords=("infect",)),
        [{"type": "counter_multiplier", "factor": 2, "by_controller": "B"}],
    )
    assert final(d2)["permanents"]["bear"]["counters"] == {"-1/-1": 2}


# --------------------------------------------------------------------------- how notes name effects


def test_notes_name_an_effect_by_its_name_or_its_number_from_1_and_what_it_does() -> None:
    """Notes count effects from 1, as the board does (``choices`` keys and ``effect`` indexes stay 0-based)."""
    d = doc(
        [creature("bear", 2, 9)],
        {
            "type": "noncombat",
            "source": {"id": "bolt", "name": "稲妻", "controller": "A"},
            "damage": [{"to": "bear", "amount": 3}],
        },
        [
            {"type": "damage_multiplier", "factor": 2, "name": "《ラースの灼熱洞》"},
            {"type": "prevent_next_from_source", "source": "bolt"},
            SHIELD_2_ON_BEAR,
        ],
        choices={"replacement_order": {"bear": [2, 0, 1]}},
    )
    _, result = run(d)
    text = notes(result, "120.4b")
    assert (
        "指定された順番：効果3（次の2点を軽減する盾） → 《ラースの灼熱洞》 → 効果2（稲妻からの次のダメージを軽減する効果）"
        in text
    )
    assert "効果0" not in text and "(効果" not in text
    shield = next(c for c in stage(result, "120.4b")["changes"] if c["attribute"] == "shield")
    assert shield["effect"] == 2  # structured data keeps the 0-based index of `effects`
