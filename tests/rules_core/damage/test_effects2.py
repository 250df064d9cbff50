"""Redirection (CR 614.9), prevention with additional effects (615.5), protection from any quality
(702.16), damage modifiers that are not multiplications (614.1a, 615), and their 616.1 orders.

Every expected value is worked out from the CR paragraph or the official ruling cited in the test.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import ScenarioError, ordering, parse_scenario, resolve
from rules_core.__main__ import main
from rules_core.ordering import legal_orders

from ..helpers import PLAYERS, attack, combat, creature, doc, final, notes, run, spell, stage

ROOT = Path(__file__).resolve().parents[3]

PARIAH = {"type": "redirect_damage", "from": "A", "to": "bear", "name": "《最下層民》"}
FURNACE = {"type": "damage_multiplier", "factor": 2, "name": "《ラースの灼熱洞》"}
TORBRAN = {
    "type": "damage_plus",
    "amount": 2,
    "from_controller": "A",
    "source_color": "red",
    "to_opponents": True,
    "name": "《朱地洞の族長、トーブラン》",
}
PALM = {
    "type": "prevent_and",
    "to": "A",
    "source": "ogre",
    "then": "deal_damage",
    "name": "《跳ね返す掌》",
    "dealer": {"name": "《跳ね返す掌》", "controller": "A", "colors": ["white", "red"]},
}


def bear(controller: str = "A", **kw: Any) -> dict[str, Any]:
    return creature("bear", 2, 2, controller=controller, name="灰色熊", **kw)


def ogre(**kw: Any) -> dict[str, Any]:
    return creature("ogre", 5, 5, controller="B", name="オーガ", **kw)


def b_attacks(document: dict[str, Any]) -> dict[str, Any]:
    document["active_player"] = "B"
    return document


def bolt_to(to: str, amount: int = 3, **kw: Any) -> dict[str, Any]:
    return spell({to: amount}, name="稲妻", controller="B", colors=("red",), **kw)


def events(result: dict[str, Any], name: str = "120.4b", step: int = 0) -> list[dict[str, Any]]:
    return stage(result, name, step)["events"]


# --------------------------------------------------------------------------- redirection (614.9)


def test_pariah_damage_to_player_is_dealt_to_creature_which_dies() -> None:
    """CR 614.9: Pariah redirects the damage to the enchanted creature; 704.5g then destroys it;
    lifelink is the source's (702.15b): its controller gains life for damage dealt to the creature."""
    result = run(doc([bear()], bolt_to("A", keywords=("lifelink",)), [PARIAH]))[1]
    out = result["final"]
    assert out["players"]["A"]["life"] == 20
    assert out["permanents"]["bear"] == {
        "zone": "graveyard",
        "damage": 3,
        "counters": {},
        "power": 2,
        "toughness": 2,
    }
    assert out["players"]["B"]["life"] == 23
    moved = [e for e in events(result) if e["to"] == "bear"]
    assert moved == [
        {
            "source": "稲妻",
            "to": "bear",
            "amount": 3,
            "combat": False,
            "redirected_from": "A",
            "would_deal": 0,
            "added": 0,
            "prevented": 0,
            "redirected_in": 3,
        }
    ]
    assert "614.9" in stage(result, "120.4b")["rules"]
    assert "704.5g" in stage(result, "704")["rules"]


def test_redirected_infect_damage_gives_counters_to_the_creature_not_poison() -> None:
    """CR 702.90c, 614.9: infect belongs to the source, so damage redirected to a creature is -1/-1 counters."""
    out = final(doc([bear()], bolt_to("A", keywords=("infect",)), [PARIAH]))
    assert out["players"]["A"]["poison"] == 0
    assert out["permanents"]["bear"]["counters"] == {"-1/-1": 3}
    assert out["permanents"]["bear"]["zone"] == "graveyard"  # 704.5f: toughness -1


def test_pariah_and_a_shield_on_the_player_order_chosen_by_the_player() -> None:
    """CR 616.1: the affected player chooses. Pariah first: the shield no longer applies (616.1f), the
    bear is dealt 3. Shield first: it prevents 2, Pariah redirects the remaining 1."""
    shield = {"type": "prevent_next", "to": "A", "amount": 2}
    document = doc([bear()], bolt_to("A"), [PARIAH, shield])
    assert final(document)["permanents"]["bear"]["damage"] == 3
    document["choices"] = {"replacement_order": {"A": [1, 0]}}
    out = final(document)
    assert out["permanents"]["bear"]["damage"] == 1
    assert out["effects"][1] == {"type": "prevent_next", "to": "A", "amount": 0, "used": True}
    orders = legal_orders(parse_scenario(document), "A")
    assert [o.order for o in orders] == [
        (1, 0),
        (0,),
    ]  # (0, 1) is not legal: after Pariah the shield can't apply


def test_pariah_and_furnace_double_once_whichever_order() -> None:
    """CR 614.5: the doubler applies once to the damage, before or after it is redirected (616.2)."""
    document = doc([bear()], bolt_to("A"), [PARIAH, FURNACE])
    document["permanents"][0]["toughness"] = 9
    for order in ([0], [1, 0]):
        document["choices"] = {"replacement_order": {"A": order}}
        out = final(document)
        assert out["permanents"]["bear"]["damage"] == 6
        assert out["players"]["A"]["life"] == 20


def test_palisade_giant_takes_damage_for_another_permanent_and_deathtouch_follows_the_source() -> None:
    """Palisade Giant (rulings 2012-10-01): damage to another permanent you control is dealt to it instead,
    and is still combat damage; deathtouch is the source's (702.2b), so the Giant is destroyed (704.5h)."""
    giant = creature("giant", 2, 7, controller="A", name="矢来の巨人")
    effect = {
        "type": "redirect_damage",
        "from": "A",
        "and_permanents": True,
        "to": "giant",
        "name": "《矢来の巨人》",
    }
    document = b_attacks(
        doc([giant, bear(), ogre(keywords=["deathtouch"])], combat(attack("ogre", "A", ("bear",))), [effect])
    )
    result = run(document)[1]
    out = result["final"]
    assert out["permanents"]["bear"]["damage"] == 0
    assert out["permanents"]["giant"]["zone"] == "graveyard"
    moved = [e for e in events(result) if e["to"] == "giant"]
    assert moved[0]["combat"] is True and moved[0]["redirected_from"] == "bear"
    assert "704.5h" in stage(result, "704")["rules"]


def test_palisade_giant_does_not_redirect_damage_dealt_to_itself() -> None:
    """Palisade Giant: "you or *another* permanent you control" — damage to the Giant stays on it."""
    giant = creature("giant", 2, 7, controller="A", name="矢来の巨人")
    effect = {"type": "redirect_damage", "from": "A", "and_permanents": True, "to": "giant"}
    out = final(doc([giant], bolt_to("giant", 4), [effect]))
    assert out["permanents"]["giant"]["damage"] == 4


def test_harms_way_redirects_only_the_next_two_from_the_chosen_source() -> None:
    """Harm's Way: the next 2 damage the chosen source would deal to you is dealt to the target instead
    (614.9; a shield counting damage like 615.7); the rest is dealt to you, other sources are unaffected."""
    effect = {
        "type": "redirect_damage",
        "from": "A",
        "and_permanents": True,
        "to": "ogre",
        "amount": 2,
        "source": "ogre",
        "name": "《危害のあり方》",
    }
    wolf = creature("wolf", 2, 2, controller="B")
    document = b_attacks(doc([ogre(), wolf], combat(attack("ogre", "A"), attack("wolf", "A")), [effect]))
    out = final(document)
    assert out["players"]["A"]["life"] == 20 - 3 - 2
    assert out["permanents"]["ogre"]["damage"] == 2
    assert out["effects"][0]["amount"] == 0 and out["effects"][0]["used"] is True


def test_no_redirection_to_a_creature_that_left_the_battlefield() -> None:
    """CR 614.9: the enchanted creature died in the first-strike step (704.5g), so in the regular step the
    damage to the player is not redirected: the effect does nothing."""
    knight = creature("knight", 2, 2, controller="B", name="騎士", keywords=["first_strike"])
    wolf = creature("wolf", 3, 3, controller="B", name="狼")
    document = b_attacks(
        doc([bear(), knight, wolf], combat(attack("knight", "A", ("bear",)), attack("wolf", "A")), [PARIAH])
    )
    result = run(document)[1]
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"
    assert result["final"]["players"]["A"]["life"] == 17
    assert "もう戦場にない" in notes(result, "120.4b", step=1)


def test_no_redirection_to_a_player_who_left_the_game() -> None:
    """CR 614.9, 800.4a: C lost in the first-strike step and left the (multiplayer) game; damage can't be
    redirected to C in the regular step, so A is dealt it."""
    players = [
        {"id": "A", "name": "あなた"},
        {"id": "B", "name": "対戦相手"},
        {"id": "C", "name": "第三者", "life": 2},
    ]
    knight = creature("knight", 3, 3, controller="B", keywords=["first_strike"])
    wolf = creature("wolf", 3, 3, controller="B")
    effect = {"type": "redirect_damage", "from": "A", "to": "C", "name": "移し替え"}
    document = b_attacks(
        doc([knight, wolf], combat(attack("knight", "C"), attack("wolf", "A")), [effect], players=players)
    )
    result = run(document)[1]
    assert result["final"]["players"]["C"]["lost"] is True
    assert result["final"]["players"]["A"]["life"] == 17
    assert "ゲームから離れている" in notes(result, "120.4b", step=1)


# --------------------------------------------------------------------------- 615.5 additional effects


def test_test_of_faith_prevents_three_and_gives_three_counters() -> None:
    """Test of Faith (615.7, 615.5): 3 of 5 prevented, then three +1/+1 counters: a 5/5 with 2 damage lives."""
    effect = {
        "type": "prevent_and",
        "to": "bear",
        "amount": 3,
        "then": "plus_counters",
        "name": "《信仰の試練》",
    }
    result = run(doc([bear()], bolt_to("bear", 5), [effect]))[1]
    out = result["final"]
    assert out["permanents"]["bear"] == {
        "zone": "battlefield",
        "damage": 2,
        "counters": {"+1/+1": 3},
        "power": 5,
        "toughness": 5,
    }
    names = [s["stage"] for s in result["steps"][0]["stages"]]
    assert names == [
        "120.4a",
        "120.4b",
        "120.4c",
        "120.4d",
        "615.5",
        "704",
    ]  # right after the event, before SBA


def test_test_of_faith_with_unpreventable_damage_gives_no_counters_and_keeps_its_shield() -> None:
    """CR 615.12: the effect applies but prevents 0; the counters count the damage prevented: none; the
    shield is not reduced. The bear is dealt 5 and dies (704.5g)."""
    effect = {"type": "prevent_and", "to": "bear", "amount": 3, "then": "plus_counters"}
    result = run(doc([bear()], bolt_to("bear", 5, cant_be_prevented=True), [effect]))[1]
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["bear"]["counters"] == {}
    assert result["final"]["effects"][0]["amount"] == 3
    assert "615.12" in stage(result, "615.5")["rules"]


def test_phyrexian_hydra_turns_damage_into_minus_counters() -> None:
    """Phyrexian Hydra (615.5): all damage to it prevented, a -1/-1 counter for each 1: 7/7 dealt 3 -> 4/4."""
    effect = {"type": "prevent_and", "to": "hydra", "then": "minus_counters"}
    hydra = creature("hydra", 7, 7, controller="A", keywords=["infect"])
    out = final(doc([hydra], bolt_to("hydra", 3), [effect]))
    assert out["permanents"]["hydra"] == {
        "zone": "battlefield",
        "damage": 0,
        "counters": {"-1/-1": 3},
        "power": 4,
        "toughness": 4,
    }
    out = final(doc([hydra], bolt_to("hydra", 7), [effect]))
    assert out["permanents"]["hydra"]["zone"] == "graveyard"  # 704.5f: toughness 0


def test_phyrexian_hydra_and_unpreventable_damage() -> None:
    """CR 615.12: unpreventable damage is dealt (marked) and no counter is put."""
    effect = {"type": "prevent_and", "to": "hydra", "then": "minus_counters"}
    hydra = creature("hydra", 7, 7, controller="A")
    out = final(doc([hydra], bolt_to("hydra", 3, cant_be_prevented=True), [effect]))
    assert out["permanents"]["hydra"]["damage"] == 3
    assert out["permanents"]["hydra"]["counters"] == {}


def test_deflecting_palm_deals_a_new_damage_event_before_state_based_actions() -> None:
    """Deflecting Palm (615.8, 615.5): the combat damage is prevented; right afterwards Palm deals that much
    damage to the source's controller, a new event (its own 120.4a-d, source Palm); 704 is checked once after."""
    document = b_attacks(doc([ogre()], combat(attack("ogre", "A")), [PALM]))
    result = run(document)[1]
    out = result["final"]
    assert out["players"]["A"]["life"] == 20
    assert out["players"]["B"]["life"] == 15
    assert out["effects"][0]["used"] is True
    names = [(s["stage"], s.get("after")) for s in result["steps"][0]["stages"]]
    assert names[-6:] == [
        ("615.5", None),
        ("120.4a", "615.5"),
        ("120.4b", "615.5"),
        ("120.4c", "615.5"),
        ("120.4d", "615.5"),
        ("704", None),
    ]
    palm_event = stage(result, "120.4c")  # the original event: nothing to process
    assert palm_event["events"] == []
    dealt = next(s for s in result["steps"][0]["stages"] if s.get("after") and s["stage"] == "120.4b")
    assert dealt["events"][0]["source"] == "《跳ね返す掌》" and dealt["events"][0]["combat"] is False


def test_deflecting_palm_with_torbran_is_a_red_source_of_its_controller() -> None:
    """Deflecting Palm is red and white and its controller is A, so Torbran adds 2 (614.1a): B loses 7."""
    torbran = creature("torbran", 2, 4, controller="A", colors=["red"])
    document = b_attacks(doc([ogre(), torbran], combat(attack("ogre", "A")), [PALM, TORBRAN]))
    assert final(document)["players"]["B"]["life"] == 13


def test_deflecting_palm_and_unpreventable_damage_does_nothing_and_is_not_used_up() -> None:
    """CR 615.12: Palm applies, prevents 0, deals 0 (it counts the damage prevented); the shield stays."""
    document = b_attacks(
        doc([ogre()], combat(attack("ogre", "A")), [PALM, {"type": "cant_be_prevented", "combat_only": True}])
    )
    out = final(document)
    assert out["players"]["A"]["life"] == 15
    assert out["players"]["B"]["life"] == 20
    assert "used" not in out["effects"][0]


def test_swans_draw_is_recorded_as_an_event() -> None:
    """Swans of Bryn Argoll (615.5): damage prevented; the source's controller draws that many cards."""
    swans = creature("swans", 4, 3, controller="A", name="ブリン・アーゴルの白鳥")
    effect = {"type": "prevent_and", "to": "swans", "then": "draw", "name": "《ブリン・アーゴルの白鳥》"}
    result = run(doc([swans], bolt_to("swans", 3), [effect]))[1]
    assert result["final"]["permanents"]["swans"]["damage"] == 0
    assert stage(result, "615.5")["events"] == [
        {"result": "draw", "object": "B", "amount": 3, "rule": "615.5", "effect": 0}
    ]


# --------------------------------------------------------------------------- protection (702.16)


def test_protection_from_everything_on_a_player_and_from_a_player() -> None:
    """CR 702.16j (Teferi's Protection: the player has protection from everything) and 702.16k
    (protection from a player: damage from sources that player controls is prevented)."""
    players = [
        {"id": "A", "name": "あなた", "protection": ["everything"]},
        {"id": "B", "name": "対戦相手", "protection": [{"player": "A"}]},
    ]
    document = doc([], spell({"B": 3}, controller="A"), players=players)
    assert final(document)["players"]["B"]["life"] == 20
    document["event"] = bolt_to("A")
    result = run(document)[1]
    assert result["final"]["players"]["A"]["life"] == 20
    assert "702.16j" in stage(result, "120.4b")["rules"]


def test_protection_from_card_types_and_multicolored() -> None:
    """CR 702.16a: protection from a card type covers sources of that type; multicoloured (105.4) is two or
    more colours: a red instant deals damage to a creature with protection from multicoloured."""
    knight = creature("knight", 2, 2, controller="A", protection=["artifacts", "multicolored"])
    spell_src = {
        "type": "noncombat",
        "source": {"name": "石", "controller": "B", "types": ["artifact"]},
        "damage": [{"to": "knight", "amount": 2}],
    }
    assert final(doc([knight], spell_src))["permanents"]["knight"]["damage"] == 0
    boros = spell({"knight": 2}, controller="B", colors=("red", "white"))
    assert final(doc([knight], boros))["permanents"]["knight"]["damage"] == 0
    assert final(doc([knight], bolt_to("knight", 1)))["permanents"]["knight"]["damage"] == 1


@pytest.mark.parametrize(
    ("protection", "blocker", "named"),
    [
        (["creatures"], {}, "プロテクション(クリーチャー)"),
        (["everything"], {}, "プロテクション(すべて)"),
        ([{"player": "B"}], {}, "プロテクション(プレイヤー「対戦相手」)"),
        (["multicolored"], {"colors": ["green", "white"]}, "プロテクション(多色)"),
        (["artifacts"], {"types": ["artifact", "creature"]}, "プロテクション(アーティファクト)"),
        (["red"], {"colors": ["red"]}, "プロテクション(赤)"),
    ],
)
def test_a_block_forbidden_by_protection_is_refused(
    protection: list[Any], blocker: dict[str, Any], named: str
) -> None:
    """CR 702.16f, j, k, 509.1b: such a block can't be declared; the error names the blocker's field."""
    attacker = creature("hero", 3, 3, controller="A", protection=protection)
    wall = {**creature("wall", 0, 4, controller="B"), **blocker}
    with pytest.raises(ScenarioError) as error:
        parse_scenario(doc([attacker, wall], combat(attack("hero", "B", ("wall",)))))
    assert error.value.field == "event.attacks[0].blockers[0]"
    assert named in str(error.value) and "702.16f" in str(error.value)


def test_protection_gained_after_blocks_does_not_undo_the_block() -> None:
    """CR 509.1h: the block stands; 702.16e still prevents the blocker's damage; the attacker's damage is dealt."""
    attacker = creature(
        "hero", 3, 3, controller="A", protection=[{"from": "creatures", "after_blocks": True}]
    )
    wall = creature("wall", 2, 2, controller="B")
    scenario = parse_scenario(doc([attacker, wall], combat(attack("hero", "B", ("wall",)))))
    assert parse_scenario(scenario.to_dict()) == scenario
    assert scenario.to_dict()["permanents"][0]["protection"] == [{"from": "creatures", "after_blocks": True}]
    out = resolve(scenario).to_dict()["final"]
    assert out["permanents"]["hero"]["damage"] == 0
    assert out["permanents"]["wall"]["zone"] == "graveyard"
    assert out["players"]["B"]["life"] == 20  # still blocked: no damage to the player


def test_trampler_must_assign_lethal_damage_to_a_protected_blocker() -> None:
    """CR 702.19b example: a 6/6 green trampler blocked by a 2/2 with protection from green must assign at
    least 2 to the blocker, though that damage will be prevented; the rest may go to the player."""
    trampler = creature("wurm", 6, 6, controller="A", colors=["green"], keywords=["trample"])
    knight = creature("knight", 2, 2, controller="B", protection=["green"])
    document = doc(
        [trampler, knight],
        combat(attack("wurm", "B", ("knight",)), assignments={"wurm": {"knight": 0, "B": 6}}),
    )
    _resolution, result = run(document)
    assert not result["legal"]
    assert any(v["rule"] == "702.19b" for v in result["violations"])
    document["event"] = combat(attack("wurm", "B", ("knight",)), assignments={"wurm": {"knight": 2, "B": 4}})
    out = final(document)
    assert out["players"]["B"]["life"] == 16
    assert out["permanents"]["knight"]["damage"] == 0  # 702.16e
    document["event"] = combat(attack("wurm", "B", ("knight",)))
    assert stage(run(document)[1], "assignment")["events"][0] == {
        "source": "wurm",
        "to": "knight",
        "amount": 2,
        "combat": True,
        "given": False,
    }


# --------------------------------------------------------------------------- +N, half, all but N


def test_torbran_and_a_doubler_order_changes_the_result() -> None:
    """CR 616.1 (Torbran ruling 2019-10-04: the affected player chooses the order): (3+2)x2=10 or 3x2+2=8."""
    document = doc([], spell({"B": 3}, name="稲妻", controller="A", colors=("red",)), [TORBRAN, FURNACE])
    orders = legal_orders(parse_scenario(document), "B")
    assert [(o.order, o.resolution.state.player("B").life) for o in orders] == [((0, 1), 10), ((1, 0), 12)]


def test_torbran_only_red_sources_you_control_to_opponents_and_their_permanents() -> None:
    """Torbran: a red source you control, to an opponent or a permanent an opponent controls."""
    document = doc(
        [bear(), creature("elf", 1, 5, controller="B")],
        spell({"bear": 1, "elf": 1, "B": 1}, controller="A", colors=("red",)),
        [TORBRAN],
    )
    out = final(document)
    assert (
        out["permanents"]["bear"]["damage"],
        out["permanents"]["elf"]["damage"],
        out["players"]["B"]["life"],
    ) == (1, 3, 17)
    assert (
        final(doc([], spell({"B": 1}, controller="A", colors=("green",)), [TORBRAN]))["players"]["B"]["life"]
        == 19
    )


def test_gisela_doubles_to_opponents_and_halves_to_you_rounded_up() -> None:
    """Gisela, Blade of Goldnight: damage to an opponent doubled; damage to you: half prevented, rounded up
    (5 -> 3 prevented, 2 dealt)."""
    effects = [
        {"type": "damage_multiplier", "factor": 2, "to_opponents_of": "A"},
        {"type": "prevent_half", "player": "A"},
    ]
    assert final(doc([], spell({"B": 3}, controller="B"), effects))["players"]["B"]["life"] == 14
    assert final(doc([], spell({"A": 5}, controller="B"), effects))["players"]["A"]["life"] == 18
    out = final(doc([bear()], spell({"bear": 3}, controller="B"), effects))
    assert out["permanents"]["bear"]["damage"] == 1


def test_gisela_half_and_furnace_on_damage_to_you() -> None:
    """CR 616.1: you choose. Double then halve: 10, 5 prevented, 5 dealt. Halve then double: 2, then 4."""
    effects = [FURNACE, {"type": "prevent_half", "player": "A"}]
    document = doc([], spell({"A": 5}, controller="B"), effects)
    lives = {
        o.order: o.resolution.state.player("A").life for o in legal_orders(parse_scenario(document), "A")
    }
    assert lives == {(0, 1): 15, (1, 0): 16}


def test_forcefield_prevents_all_but_one_of_the_chosen_unblocked_creature() -> None:
    """Forcefield: all but 1 of the chosen creature's combat damage is prevented; other creatures are not."""
    wurm = creature("wurm", 6, 4, controller="B")
    wolf = creature("wolf", 2, 2, controller="B")
    effect = {"type": "prevent_all_but", "to": "A", "source": "wurm", "name": "《Forcefield》"}
    document = b_attacks(doc([wurm, wolf], combat(attack("wurm", "A"), attack("wolf", "A")), [effect]))
    out = final(document)
    assert out["players"]["A"]["life"] == 17
    assert out["effects"][0]["used"] is True


def test_forcefield_on_one_damage_prevents_nothing_and_is_not_used_up() -> None:
    """CR 609.7b: a shield that prevents no damage isn't used up (1 damage, all but 1 is 0)."""
    goblin = creature("goblin", 1, 1, controller="B")
    effect = {"type": "prevent_all_but", "to": "A", "source": "goblin"}
    out = final(b_attacks(doc([goblin], combat(attack("goblin", "A")), [effect])))
    assert out["players"]["A"]["life"] == 19
    assert "used" not in out["effects"][0]


def test_forcefield_cannot_choose_a_blocked_creature() -> None:
    """Forcefield chooses an unblocked creature (509.1h: it stays blocked): refused with the field named."""
    effect = {"type": "prevent_all_but", "to": "A", "source": "ogre"}
    document = b_attacks(doc([ogre(), bear()], combat(attack("ogre", "A", ("bear",))), [effect]))
    with pytest.raises(ScenarioError) as error:
        parse_scenario(document)
    assert error.value.field == "effects[0].source"
    assert "ブロックされた" in str(error.value)


# --------------------------------------------------------------------------- validation, round trip, CLI


@pytest.mark.parametrize(
    ("effect", "path"),
    [
        ({"type": "redirect_damage", "from": "A", "to": "A"}, "effects[0].to"),
        (
            {"type": "redirect_damage", "from": "bear", "to": "A", "and_permanents": True},
            "effects[0].and_permanents",
        ),
        ({"type": "prevent_and", "to": "A", "then": "deal_damage"}, "effects[0].dealer"),
        ({"type": "prevent_and", "to": "A", "then": "plus_counters"}, "effects[0].to"),
        ({"type": "prevent_and", "to": "bear", "then": "explode"}, "effects[0].then"),
        ({"type": "damage_plus", "amount": 2, "to_opponents": True}, "effects[0].from_controller"),
        ({"type": "damage_plus", "amount": 0}, "effects[0].amount"),
        ({"type": "prevent_half", "player": "bear"}, "effects[0].player"),
        ({"type": "prevent_all_but", "to": "bear", "source": "bear"}, "effects[0].to"),
    ],
)
def test_bad_effects_are_refused_in_japanese_naming_the_field(effect: dict[str, Any], path: str) -> None:
    with pytest.raises(ScenarioError) as error:
        parse_scenario(doc([bear()], bolt_to("A"), [effect]))
    assert error.value.field == path
    assert any("\u3040" <= ch <= "\u30ff" for ch in str(error.value))  # a Japanese message


def test_bad_protection_entries_are_refused() -> None:
    for entry, path in (
        ("shiny", "permanents[0].protection[0]"),
        ({"from": "red", "player": "A"}, "permanents[0].protection[0]"),
        ({"player": "Z"}, "permanents[0].protection[0].player"),
    ):
        with pytest.raises(ScenarioError) as error:
            parse_scenario(doc([bear(protection=[entry])], bolt_to("A")))
        assert error.value.field == path
    with pytest.raises(ScenarioError) as error:
        parse_scenario(
            doc(
                [],
                bolt_to("A"),
                players=[{"id": "A", "protection": [{"from": "red", "after_blocks": True}]}, {"id": "B"}],
            )
        )
    assert error.value.field == "players[0].protection[0].after_blocks"


def test_new_forms_round_trip() -> None:
    """``parse_scenario(s.to_dict()) == s`` for every new form (scenario-format.md § 1.8)."""
    players = [{"id": "A", "protection": ["everything"]}, {"id": "B", "protection": [{"player": "A"}]}]
    effects = [
        PARIAH,
        PALM,
        TORBRAN,
        {"type": "prevent_half", "player": "A"},
        {"type": "prevent_and", "to": "bear", "amount": 3, "then": "plus_counters"},
        {
            "type": "redirect_damage",
            "from": "A",
            "and_permanents": True,
            "to": "bear",
            "amount": 2,
            "source": "ogre",
        },
        {"type": "damage_multiplier", "factor": 2, "to_opponents_of": "A"},
    ]
    perms = [bear(protection=["monocolored", {"player": "B"}, "white"]), ogre(types=["artifact", "creature"])]
    event = {
        "type": "noncombat",
        "source": {"name": "石", "controller": "B", "types": ["artifact", "instant"]},
        "damage": [{"to": "A", "amount": 1}],
    }
    scenario = parse_scenario(doc(perms, event, effects, players=players))
    assert parse_scenario(scenario.to_dict()) == scenario
    assert scenario.to_dict()["event"]["source"]["types"] == ["artifact", "instant"]
    assert scenario.to_dict()["permanents"][0]["protection"] == ["white", "monocolored", {"player": "B"}]


def test_cli_resolves_a_new_form() -> None:
    """The command line accepts what parse accepts (ENGINE.md)."""
    out = io.StringIO()
    code = main(
        ["resolve", "-"], stdin=io.StringIO(json.dumps(doc([bear()], bolt_to("A"), [PARIAH]))), stdout=out
    )
    assert code == 0
    assert json.loads(out.getvalue())["final"]["permanents"]["bear"]["damage"] == 3


def test_curated_sources_resolve_with_their_expected_outcome() -> None:
    """fixtures/curated_sources/effects2.json: each board resolves and its ``expect`` holds."""
    drafts = json.loads((ROOT / "fixtures" / "curated_sources" / "effects2.json").read_text(encoding="utf-8"))
    assert len(drafts) >= 4
    for draft in drafts:
        result = resolve(parse_scenario(draft["document"])).to_dict()
        assert result["legal"], draft["slug"]
        _contains(result["final"], draft["expect"], draft["slug"])


def _contains(actual: Any, expected: Any, where: str) -> None:
    if isinstance(expected, dict):
        for key, value in expected.items():
            assert key in actual, (where, key)
            _contains(actual[key], value, f"{where}.{key}")
    else:
        assert actual == expected, (where, actual, expected)


# --------------------------------------------------------------------------- properties (hypothesis)

# RULES_CORE_EXAMPLES=1500 for a longer run, as in test_properties.py.
SETTINGS = settings(
    max_examples=int(os.environ.get("RULES_CORE_EXAMPLES", "80")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    """Small boards with redirection, prevention with additional effects and damage modifiers."""
    perms = [
        creature(
            f"c{i}",
            draw(st.integers(0, 4)),
            draw(st.integers(1, 5)),
            controller=draw(st.sampled_from(["A", "B"])),
        )
        for i in range(draw(st.integers(1, 4)))
    ]
    ids = [p["id"] for p in perms]
    objects = ["A", "B", *ids]
    effect = st.one_of(
        st.builds(
            lambda f, t, a: {"type": "redirect_damage", "from": f, "to": t, "amount": a},
            st.sampled_from(["A", "B"]),
            st.sampled_from(ids),
            st.one_of(st.none(), st.integers(0, 4)),
        ),
        st.builds(
            lambda t: {"type": "redirect_damage", "from": "A", "and_permanents": True, "to": t},
            st.sampled_from(ids),
        ),
        st.builds(
            lambda t, a, th: {"type": "prevent_and", "to": t, "amount": a, "then": th},
            st.sampled_from(ids),
            st.one_of(st.none(), st.integers(0, 4)),
            st.sampled_from(["plus_counters", "minus_counters", "draw"]),
        ),
        st.builds(
            lambda t: {
                "type": "prevent_and",
                "to": t,
                "then": "deal_damage",
                "dealer": {"controller": "A", "colors": ["red"]},
            },
            st.sampled_from(objects),
        ),
        st.builds(
            lambda n, c: {
                "type": "damage_plus",
                "amount": n,
                "from_controller": "A",
                "source_color": c,
                "to_opponents": True,
            },
            st.integers(1, 3),
            st.sampled_from(["red", None]),
        ),
        st.builds(lambda p: {"type": "prevent_half", "player": p}, st.sampled_from(["A", "B"])),
        st.builds(
            lambda t, n: {"type": "prevent_next", "to": t, "amount": n},
            st.sampled_from(objects),
            st.integers(0, 4),
        ),
        st.just(FURNACE),
    )
    effects = draw(st.lists(effect, max_size=4))
    targets = draw(st.lists(st.sampled_from(objects), min_size=1, max_size=4, unique=True))
    damage = {t: draw(st.integers(0, 6)) for t in targets}
    event = spell(
        damage,
        controller=draw(st.sampled_from(["A", "B"])),
        colors=tuple(draw(st.sets(st.sampled_from(["red", "green"])))),
        keywords=tuple(draw(st.sets(st.sampled_from(["lifelink", "infect"])))),
        cant_be_prevented=draw(st.booleans()),
    )
    return doc(perms, event, effects, players=PLAYERS)


@SETTINGS
@given(boards())
def test_damage_is_conserved_through_redirection_and_prevention(document: dict[str, Any]) -> None:
    """Per damage item: dealt + prevented + redirected away == would deal + added + redirected in; what is
    redirected away equals what is redirected in; no counter is ever negative."""
    result = run(document)[1]
    for step in result["steps"]:
        for st_ in step["stages"]:
            if st_["stage"] != "120.4b":
                continue
            moved_in = moved_out = 0
            for e in st_["events"]:
                assert e["amount"] >= 0 and e["prevented"] >= 0
                assert e["amount"] + e["prevented"] + e.get("redirected_out", 0) == e["would_deal"] + e[
                    "added"
                ] + e.get("redirected_in", 0)
                moved_in += e.get("redirected_in", 0)
                moved_out += e.get("redirected_out", 0)
            assert moved_in == moved_out
    for permanent in result["final"]["permanents"].values():
        assert all(n >= 0 for n in permanent["counters"].values())
    for effect in result["final"]["effects"]:
        assert effect.get("amount") is None or effect["amount"] >= 0


@SETTINGS
@given(boards())
def test_orders_are_legal_distinct_and_reproducible(document: dict[str, Any]) -> None:
    """CR 616.1, 616.1f: every order :func:`legal_orders` gives applies only candidates, appears once, and
    choosing it gives that very sequence of applications again."""
    scenario = parse_scenario(document)
    affected = document["event"]["damage"][0]["to"]
    orders = legal_orders(scenario, affected)
    seen = [o.order for o in orders]
    assert len(seen) == len(set(seen))
    candidates = set(ordering.candidates(scenario, affected))
    for option in orders:
        assert set(option.order) <= candidates
        chosen = {**document, "choices": {"replacement_order": {affected: list(option.order)}}}
        resolution = resolve(parse_scenario(chosen))
        applied = ordering._orders_of(resolution, affected)
        assert (applied[1] if applied else ()) == option.order
        assert resolution.to_dict()["final"] == option.resolution.to_dict()["final"]


# --------------------------------------------------------------------------- further interactions


def test_two_palisade_giants_the_player_may_have_either_take_the_damage() -> None:
    """Palisade Giant ruling 2012-10-01: with two Giants you choose which redirection applies; the damage
    can go to either Giant, never back and forth (614.5: each effect applies once to the damage)."""
    giants = [creature("g1", 2, 7, controller="A"), creature("g2", 2, 7, controller="A")]
    effects = [
        {"type": "redirect_damage", "from": "A", "and_permanents": True, "to": g} for g in ("g1", "g2")
    ]
    document = doc(giants, bolt_to("A", 5), effects)
    outcomes = {o.order: o.resolution.to_dict()["final"] for o in legal_orders(parse_scenario(document), "A")}
    damage = {
        order: (f["permanents"]["g1"]["damage"], f["permanents"]["g2"]["damage"])
        for order, f in outcomes.items()
    }
    assert sorted(damage.values()) == [(0, 5), (5, 0)]
    assert all(f["players"]["A"]["life"] == 20 for f in outcomes.values())


def test_redirected_damage_meets_the_new_recipients_effects() -> None:
    """CR 616.2: once redirected, effects on the new recipient apply: a shield on the bear prevents 2 of 3;
    the bear's protection from red prevents all of it (702.16e)."""
    shield = {"type": "prevent_next", "to": "bear", "amount": 2}
    out = final(doc([creature("bear", 2, 3, controller="A")], bolt_to("A"), [PARIAH, shield]))
    assert out["permanents"]["bear"]["damage"] == 1
    out = final(doc([bear(protection=["red"])], bolt_to("A"), [PARIAH]))
    assert out["permanents"]["bear"]["damage"] == 0
    assert out["players"]["A"]["life"] == 20


def test_counters_from_an_additional_effect_meet_counter_effects() -> None:
    """CR 614.16: effects on counters apply to counters a prevention effect puts (Tatterkite-like: none)."""
    effect = {"type": "prevent_and", "to": "bear", "amount": 3, "then": "plus_counters"}
    result = run(doc([bear()], bolt_to("bear", 3), [effect, {"type": "no_counters", "on": "bear"}]))[1]
    assert result["final"]["permanents"]["bear"]["counters"] == {}
    assert "614.16" in stage(result, "615.5")["rules"]
    doubled = final(doc([bear()], bolt_to("bear", 3), [effect, {"type": "counter_multiplier", "factor": 2}]))
    assert doubled["permanents"]["bear"]["counters"] == {"+1/+1": 6}


QUALITY = st.one_of(
    st.sampled_from(
        ["white", "red", "green", "multicolored", "monocolored", "creatures", "artifacts", "everything"]
    ),
    st.builds(lambda p: {"player": p}, st.sampled_from(["A", "B"])),
    st.builds(
        lambda q, late: {"from": q, "after_blocks": late},
        st.sampled_from(["red", "creatures"]),
        st.booleans(),
    ),
)


@SETTINGS
@given(
    st.lists(QUALITY, max_size=3),
    st.lists(st.sampled_from(["white", "red", "green"]), max_size=2),
    st.booleans(),
)
def test_a_block_is_refused_exactly_when_protection_forbids_it(
    protection: list[Any], colors: list[str], artifact: bool
) -> None:
    """CR 702.16f, j, k, 509.1b, 509.1h: refused iff a quality not gained after blocks matches the blocker."""
    attacker = creature("hero", 3, 3, controller="A", protection=protection)
    types = ["artifact", "creature"] if artifact else ["creature"]
    wall = {**creature("wall", 0, 4, controller="B"), "colors": colors, "types": types}
    n = len(set(colors))

    def forbids(entry: Any) -> bool:
        if isinstance(entry, dict):
            if entry.get("after_blocks"):
                return False
            if "player" in entry:
                return entry["player"] == "B"
            entry = entry["from"]
        return {
            "multicolored": n >= 2,
            "monocolored": n == 1,
            "creatures": True,
            "artifacts": artifact,
            "everything": True,
        }.get(entry, entry in colors)

    document = doc([attacker, wall], combat(attack("hero", "B", ("wall",))))
    expected = any(forbids(e) for e in protection)
    try:
        parse_scenario(document)
        refused = False
    except ScenarioError as error:
        assert error.field == "event.attacks[0].blockers[0]"
        refused = True
    assert refused == expected


def test_legal_orders_of_a_document() -> None:
    """CR 616.1f: the document form gives the same legal orders (Pariah and a shield: two, not three)."""
    from rules_core.ordering import legal_orders_document

    shield = {"type": "prevent_next", "to": "A", "amount": 2}
    options = legal_orders_document(doc([bear()], bolt_to("A"), [PARIAH, shield]), "A")
    assert sorted((o["order"], o["result"]["final"]["permanents"]["bear"]["damage"]) for o in options) == [
        ([0], 3),
        ([1, 0], 1),
    ]


def test_test_of_faith_against_two_blockers_the_controller_chooses_which_damage() -> None:
    """CR 615.7: with two sources at once, the creature's controller chooses what the shield prevents.
    Preventing the 3 from the 3/3 leaves the deathtoucher's 1 point: 704.5h destroys the bear. Preventing the
    deathtoucher's 1 first, then 2 of the 3, leaves 1 damage on a 5/5 (615.5): it lives."""
    effect = {
        "type": "prevent_and",
        "to": "bear",
        "amount": 3,
        "then": "plus_counters",
        "name": "《信仰の試練》",
    }
    viper = creature("viper", 1, 1, controller="B", keywords=["deathtouch"])
    brute = creature("brute", 3, 3, controller="B")
    document = doc([bear(), viper, brute], combat(attack("bear", "B", ("viper", "brute"))), [effect])
    document["choices"] = {"shield_allocation": {"0": {"brute": 3}}}
    assert final(document)["permanents"]["bear"]["zone"] == "graveyard"
    document["choices"] = {"shield_allocation": {"0": {"viper": 1}}}
    out = final(document)["permanents"]["bear"]
    assert (out["zone"], out["damage"], out["counters"]) == ("battlefield", 1, {"+1/+1": 3})


@st.composite
def combat_boards(draw: st.DrawFn) -> dict[str, Any]:
    """B attacks A; A's creatures may block; redirection, 615.5 effects and modifiers on the board."""
    keywords = st.lists(
        st.sampled_from(["first_strike", "deathtouch", "lifelink", "trample", "infect"]), max_size=2
    )
    attackers = [
        creature(
            f"b{i}", draw(st.integers(0, 5)), draw(st.integers(1, 5)), controller="B", keywords=draw(keywords)
        )
        for i in range(draw(st.integers(1, 3)))
    ]
    defenders = [
        creature(
            f"a{i}", draw(st.integers(0, 4)), draw(st.integers(1, 5)), controller="A", keywords=draw(keywords)
        )
        for i in range(draw(st.integers(0, 3)))
    ]
    free = [d["id"] for d in defenders]
    attacks = []
    for a in attackers:
        blockers = draw(st.lists(st.sampled_from(free), max_size=2, unique=True)) if free else []
        free = [f for f in free if f not in blockers]
        attacks.append(attack(a["id"], "A", tuple(blockers)))
    objects = ["A", "B", *(p["id"] for p in attackers + defenders)]
    mine = [d["id"] for d in defenders] or ["A"]
    effect = st.one_of(
        st.builds(
            lambda t: {"type": "redirect_damage", "from": "A", "and_permanents": True, "to": t},
            st.sampled_from([o for o in objects if o != "A"]),
        ),
        st.builds(
            lambda t, a: {"type": "redirect_damage", "from": "A", "to": t, "amount": a},
            st.sampled_from([o for o in objects if o != "A"]),
            st.integers(0, 4),
        ),
        st.builds(
            lambda t, a: {"type": "prevent_and", "to": t, "amount": a, "then": "plus_counters"},
            st.sampled_from(mine if defenders else [attackers[0]["id"]]),
            st.integers(0, 4),
        ),
        st.builds(
            lambda s: {
                "type": "prevent_and",
                "to": "A",
                "source": s,
                "then": "deal_damage",
                "dealer": {"controller": "A", "colors": ["red"]},
            },
            st.sampled_from([a["id"] for a in attackers]),
        ),
        st.just({"type": "prevent_half", "player": "A"}),
        st.just({"type": "damage_plus", "amount": 1, "from_controller": "B", "to_opponents": True}),
        st.just(FURNACE),
    )
    document = doc(attackers + defenders, combat(*attacks), draw(st.lists(effect, max_size=4)))
    document["active_player"] = "B"
    return document


@SETTINGS
@given(combat_boards())
def test_combat_damage_is_conserved_through_redirection(document: dict[str, Any]) -> None:
    """The accounting of the non-combat property holds in both combat damage steps (510.4)."""
    result = run(document)[1]
    assert result["legal"], result["violations"]
    for step in result["steps"]:
        for st_ in step["stages"]:
            if st_["stage"] == "120.4b":
                events_ = st_["events"]
                for e in events_:
                    assert e["amount"] + e["prevented"] + e.get("redirected_out", 0) == e["would_deal"] + e[
                        "added"
                    ] + e.get("redirected_in", 0)
                assert sum(e.get("redirected_in", 0) for e in events_) == sum(
                    e.get("redirected_out", 0) for e in events_
                )
    for permanent in result["final"]["permanents"].values():
        assert all(n >= 0 for n in permanent["counters"].values())


def test_a_chain_of_redirections_ends_where_the_last_applicable_effect_sends_it() -> None:
    """CR 614.9, 616.1f, 614.5: damage to A goes to c1 (Pariah-like), and c1 being A's permanent, Palisade
    Giant-like c0 takes it next; each effect applies once. c0 is dealt its own 1 and the moved 3."""
    perms = [creature("c0", 0, 9, controller="A"), creature("c1", 0, 9, controller="A")]
    effects = [
        {"type": "redirect_damage", "from": "A", "to": "c1"},
        {"type": "redirect_damage", "from": "A", "and_permanents": True, "to": "c0"},
    ]
    document = doc(perms, spell({"c0": 1, "A": 3}, controller="B"), effects)
    out = final(document)
    assert (
        out["players"]["A"]["life"],
        out["permanents"]["c1"]["damage"],
        out["permanents"]["c0"]["damage"],
    ) == (20, 0, 4)
    for option in legal_orders(parse_scenario(document), "c0"):
        assert len(option.order) == len(set(option.order))
