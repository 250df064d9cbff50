"""CR 704.5: state-based actions after the damage event, repeated until none applies (704.3)."""

from __future__ import annotations

from rules_core.model.state import GameState, Permanent, Player
from rules_core.sba.actions import check_state_based_actions

from ..helpers import battle, creature, doc, final, planeswalker, run, spell, stage


def test_704_5a_player_with_zero_or_less_life_loses() -> None:
    d = doc(event=spell({"B": 3}), players=[{"id": "A"}, {"id": "B", "life": 3}])
    _, result = run(d)
    assert result["final"]["players"]["B"] == {"life": 0, "poison": 0, "lost": True}
    change = stage(result, "704")["changes"][0]
    assert (change["object"], change["attribute"], change["before"], change["after"], change["rule"]) == (
        "B",
        "lost",
        False,
        True,
        "704.5a",
    )


def test_704_5a_player_above_zero_does_not_lose() -> None:
    d = doc(event=spell({"B": 2}), players=[{"id": "A"}, {"id": "B", "life": 3}])
    assert final(d)["players"]["B"]["lost"] is False


def test_704_5c_ten_poison_counters_lose() -> None:
    d = doc(event=spell({"B": 3}, keywords=("infect",)), players=[{"id": "A"}, {"id": "B", "poison": 7}])
    _, result = run(d)
    assert result["final"]["players"]["B"] == {"life": 20, "poison": 10, "lost": True}
    assert stage(result, "704")["rules"] == ["704.5c"]


def test_704_5c_nine_poison_counters_do_not_lose() -> None:
    d = doc(event=spell({"B": 2}, keywords=("infect",)), players=[{"id": "A"}, {"id": "B", "poison": 7}])
    assert final(d)["players"]["B"]["lost"] is False


def test_704_5f_toughness_zero_goes_to_graveyard_even_indestructible() -> None:
    d = doc([creature("golem", 2, 2, keywords=["indestructible"])], spell({"golem": 2}, keywords=("wither",)))
    _, result = run(d)
    assert result["final"]["permanents"]["golem"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["golem"]["toughness"] == 0
    assert stage(result, "704")["rules"] == ["704.5f"]


def test_704_5g_lethal_damage_destroys() -> None:
    _, result = run(doc([creature("bear", 2, 2, damage=1)], spell({"bear": 1})))
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"
    assert stage(result, "704")["rules"] == ["704.5g"]


def test_704_5g_indestructible_ignores_lethal_damage() -> None:
    _, result = run(doc([creature("golem", 2, 2, keywords=["indestructible"])], spell({"golem": 5})))
    assert result["final"]["permanents"]["golem"]["zone"] == "battlefield"
    assert result["final"]["permanents"]["golem"]["damage"] == 5
    assert any("702.12b" in n for n in stage(result, "704")["notes"])


def test_704_5g_less_than_lethal_stays() -> None:
    assert (
        final(doc([creature("bear", 2, 3)], spell({"bear": 2})))["permanents"]["bear"]["zone"]
        == "battlefield"
    )


def test_704_5h_deathtouch_damage_destroys_unless_indestructible() -> None:
    d = doc(
        [creature("giant", 7, 7), creature("golem", 7, 7, keywords=["indestructible"])],
        spell({"giant": 1, "golem": 1}, keywords=("deathtouch",)),
    )
    _, result = run(d)
    assert result["final"]["permanents"]["giant"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["golem"]["zone"] == "battlefield"
    assert "704.5h" in stage(result, "704")["rules"]


def test_704_5h_deathtouch_wither_damage_still_destroys() -> None:
    f = final(doc([creature("giant", 7, 7)], spell({"giant": 1}, keywords=("deathtouch", "wither"))))
    assert f["permanents"]["giant"]["zone"] == "graveyard"
    assert f["permanents"]["giant"]["counters"] == {"-1/-1": 1}


def test_704_5i_planeswalker_with_zero_loyalty_goes_to_graveyard() -> None:
    _, result = run(doc([planeswalker("jace", 3)], spell({"jace": 3})))
    assert result["final"]["permanents"]["jace"] == {
        "zone": "graveyard",
        "damage": 0,
        "counters": {},
        "loyalty": 0,
    }
    assert stage(result, "704")["rules"] == ["704.5i"]


def test_704_5v_battle_with_zero_defense_goes_to_graveyard() -> None:
    _, result = run(doc([battle("siege", 3)], spell({"siege": 4})))
    assert result["final"]["permanents"]["siege"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["siege"]["defense"] == 0
    assert stage(result, "704")["rules"] == ["704.5v"]


def test_704_5q_plus_and_minus_counters_annihilate() -> None:
    d = doc([creature("bear", 2, 2, counters={"+1/+1": 3})], spell({"bear": 2}, keywords=("wither",)))
    _, result = run(d)
    bear = result["final"]["permanents"]["bear"]
    assert bear["counters"] == {"+1/+1": 1}
    assert (bear["power"], bear["toughness"]) == (3, 3)
    assert stage(result, "704")["rules"] == ["704.5q"]


def test_704_creature_planeswalker_dies_to_either() -> None:
    pwc = {
        "id": "gid",
        "controller": "B",
        "types": ["creature", "planeswalker"],
        "power": 2,
        "toughness": 5,
        "loyalty": 2,
    }
    _, result = run(doc([pwc], spell({"gid": 2})))
    assert result["final"]["permanents"]["gid"]["zone"] == "graveyard"
    zone = stage(result, "704")["changes"][0]
    assert zone["rules"] == ["704.5i"]


def test_704_3_all_applicable_actions_happen_simultaneously() -> None:
    d = doc([creature("bear", 2, 2), planeswalker("jace", 1)], spell({"bear": 2, "jace": 1, "B": 20}))
    _, result = run(d)
    sba = [s for s in result["steps"][0]["stages"] if s["stage"] == "704"]
    assert len(sba) == 1
    assert sorted(sba[0]["rules"]) == ["704.5a", "704.5g", "704.5i"]
    assert sba[0]["round"] == 1


def test_704_3_nothing_to_do_gives_one_quiet_stage() -> None:
    _, result = run(doc([creature("bear", 2, 3)], spell({"bear": 1})))
    sba = [s for s in result["steps"][0]["stages"] if s["stage"] == "704"]
    assert len(sba) == 1
    assert sba[0]["changes"] == [] and sba[0]["round"] == 0


def test_704_5h_deathtouch_mark_is_cleared_after_the_check() -> None:
    golem = Permanent(
        id="golem",
        controller="B",
        types=("creature",),
        power=3,
        toughness=3,
        keywords=frozenset({"indestructible"}),
        deathtouch_damaged=True,
    )
    state, rounds, remarks = check_state_based_actions(GameState((Player("B"),), (golem,)))
    assert rounds == []
    assert state.permanent("golem").deathtouch_damaged is False
    assert remarks and "702.12b" in remarks[0]


def test_704_existing_toughness_zero_creature_dies_after_any_event() -> None:
    f = final(doc([creature("shade", 1, 0), creature("bear", 2, 2)], spell({"bear": 1})))
    assert f["permanents"]["shade"]["zone"] == "graveyard"
    assert f["permanents"]["bear"]["zone"] == "battlefield"
