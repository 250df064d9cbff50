"""Two changes to the combat damage assignment rules (CR 510.1), through the whole engine.

* ``assign_by_toughness`` (《包囲の塔、ドラン》 Doran, the Siege Tower: "Each creature assigns combat
  damage equal to its toughness rather than its power"; 《好戦的なブロントドン》 Belligerent Brontodon for
  the creatures one player controls): CR 510.1a with toughness in place of power.
* ``may_assign_as_though_unblocked`` (《茨の精霊》 Thorn Elemental: "You may have it assign its combat
  damage as though it weren't blocked"): a blocked creature may assign as CR 510.1b says instead of
  510.1c, all of it to what it attacks.
"""

from __future__ import annotations

import json
import os
from math import comb
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import (
    ScenarioError,
    check_assignment,
    count_assignments,
    default_assignment,
    legal_assignments,
    max_damage_assignment,
    parse_scenario,
    recipients,
)

from ..helpers import attack, combat, creature, doc, final, notes, planeswalker, run, stage

DORAN = {"type": "assign_by_toughness", "name": "《包囲の塔、ドラン》"}
DORAN_NOTE = "《包囲の塔、ドラン》の効果で、各クリーチャーはパワーではなくタフネスに等しい戦闘ダメージを割り振ります (510.1a)。"


def thorn(power: int = 7, toughness: int = 7, **kw: Any) -> dict[str, Any]:
    return creature(
        "thorn", power, toughness, controller="A", name="茨の精霊", may_assign_as_though_unblocked=True, **kw
    )


def _rules(d: dict[str, Any]) -> list[str]:
    _, result = run(d)
    return [v["rule"] for v in result["violations"]]


# --------------------------------------------------------------------------------------------
# Doran: toughness rather than power (CR 510.1a)
# --------------------------------------------------------------------------------------------


def test_510_1a_under_doran_each_creature_assigns_its_toughness() -> None:
    """Doran (0/5) attacks into a 2/4: it assigns 5 and the blocker 4, not 0 and 2."""
    d = doc(
        [creature("doran", 0, 5, controller="A", name="包囲の塔、ドラン"), creature("wall", 2, 4)],
        combat(attack("doran", blockers=("wall",))),
        effects=[DORAN],
    )
    _, result = run(d)
    assert result["legal"]
    assignment = stage(result, "assignment")
    assert "510.1a" in assignment["rules"]
    text = notes(result, "assignment")
    assert DORAN_NOTE in text
    assert "「包囲の塔、ドラン」(タフネス5)" in text and "(タフネス4)" in text
    board = result["final"]["permanents"]
    assert board["wall"]["zone"] == "graveyard" and board["wall"]["damage"] == 5
    assert board["doran"]["zone"] == "battlefield" and board["doran"]["damage"] == 4
    # Ruling (Doran): its effect changes only the damage assigned; the creatures' power is unchanged.
    assert board["doran"]["power"] == 0 and board["wall"]["power"] == 2


def test_510_1a_under_doran_toughness_zero_or_less_assigns_no_combat_damage() -> None:
    """CR 510.1a ("0 or less this way") and Doran's ruling: a creature whose toughness is 0 or less
    assigns no combat damage under the effect, whatever its power."""
    zero = creature("husk", 3, 1, controller="A", counters={"-1/-1": 1})  # 2/0 as damage is assigned
    negative = creature("shade", 4, -1, controller="A")
    d = doc([zero, negative], combat(attack("husk"), attack("shade")), effects=[DORAN])
    s = parse_scenario(d)
    assert default_assignment(s)["assignments"] == {"husk": {}, "shade": {}}
    assert count_assignments(s, "husk") == count_assignments(s, "shade") == 1
    assert final(d)["players"]["B"]["life"] == 20
    assert "タフネスが0なので戦闘ダメージを割り振りません (510.1a)" in notes(run(d)[1], "assignment")
    (violation,) = check_assignment(
        parse_scenario({**d, "event": {**d["event"], "assignments": {"husk": {"B": 2}}}})
    )
    assert violation.rule == "510.1a" and "タフネスは0なので" in violation.message


def test_510_1a_doran_with_controller_changes_only_that_players_creatures() -> None:
    """《好戦的なブロントドン》: "Each creature you control assigns combat damage equal to its toughness"."""
    brontodon = {"type": "assign_by_toughness", "controller": "A", "name": "《好戦的なブロントドン》"}
    d = doc(
        [creature("wall", 1, 5, controller="A"), creature("bear", 2, 2)],
        combat(attack("wall", blockers=("bear",))),
        effects=[brontodon],
    )
    s = parse_scenario(d)
    assert default_assignment(s) == {
        "assignments": {"wall": {"bear": 5}},
        "blocker_assignments": {"bear": {"wall": 2}},
    }
    text = notes(run(d)[1], "assignment")
    assert "《好戦的なブロントドン》の効果で、「あなた」がコントロールする各クリーチャーは" in text
    assert "「bear」(パワー2)" in text


def test_510_1a_doran_with_trample_lethal_damage_is_still_the_blockers_toughness() -> None:
    """CR 702.19b: lethal damage to the blocker is unchanged (toughness minus damage); only the amount assigned is."""
    d = doc(
        [creature("tree", 1, 6, controller="A", keywords=["trample"]), creature("bear", 2, 2)],
        combat(attack("tree", blockers=("bear",))),
        effects=[DORAN],
    )
    s = parse_scenario(d)
    assert default_assignment(s)["assignments"] == {"tree": {"bear": 2, "B": 4}}
    assert count_assignments(s, "tree") == len(list(legal_assignments(s, "tree"))) == 1 + comb(3 + 1, 1)
    bad = {**d, "event": {**d["event"], "assignments": {"tree": {"bear": 1, "B": 5}}}}
    assert _rules(bad) == ["702.19b"]
    (violation,) = check_assignment(
        parse_scenario({**d, "event": {**d["event"], "assignments": {"tree": {"bear": 2, "B": 3}}}})
    )
    assert violation.rule == "510.1a" and "タフネスに等しい6点" in violation.message


def test_510_1a_doran_with_deathtouch_and_trample_one_point_is_lethal() -> None:
    """CR 702.2c: with deathtouch 1 point is lethal, whatever the amount assigned is based on."""
    d = doc(
        [creature("tree", 0, 5, controller="A", keywords=["trample", "deathtouch"]), creature("ox", 2, 4)],
        combat(attack("tree", blockers=("ox",))),
        effects=[DORAN],
    )
    assert max_damage_assignment(parse_scenario(d), "tree") == {"ox": 1, "B": 4}


def test_510_1a_doran_with_trample_over_planeswalkers_against_a_planeswalker() -> None:
    """CR 702.19c: loyalty first, then the controller; the amount is the attacker's toughness (7)."""
    d = doc(
        [
            creature("tree", 1, 7, controller="A", keywords=["trample_over_planeswalkers"]),
            planeswalker("jace", 3),
        ],
        combat(attack("tree", "jace")),
        effects=[DORAN],
    )
    s = parse_scenario(d)
    assert default_assignment(s)["assignments"] == {"tree": {"jace": 3, "B": 4}}
    assert count_assignments(s, "tree") == len(list(legal_assignments(s, "tree"))) == 1 + (7 - 3)
    assert final(d)["players"]["B"]["life"] == 16


def test_510_4_doran_in_the_second_step_uses_the_toughness_the_creature_has_then() -> None:
    """A 1/3 first striker with wither assigns 3 (its toughness) and gives a 2/5 three -1/-1 counters
    (702.80a); in the second step that creature is a -1/2 and assigns 2, its toughness then, not 5."""
    d = doc(
        [
            creature("ogre", 2, 5, controller="A"),
            creature("wisp", 1, 3, keywords=["first_strike", "wither"]),
        ],
        combat(attack("ogre", blockers=("wisp",))),
        effects=[DORAN],
    )
    _, result = run(d)
    assert result["legal"]
    assert "510.1a" in stage(result, "assignment", step=0)["rules"]
    assert "510.1a" in stage(result, "assignment", step=1)["rules"]
    assert "(タフネス2)" in notes(result, "assignment", step=1)
    assert [e["amount"] for e in stage(result, "assignment", step=1)["events"]] == [2]
    board = result["final"]["permanents"]
    assert board["ogre"]["counters"] == {"-1/-1": 3} and board["ogre"]["zone"] == "battlefield"
    assert board["wisp"]["damage"] == 2 and board["wisp"]["zone"] == "battlefield"


def test_510_1a_doran_double_strike_assigns_its_toughness_in_both_steps() -> None:
    d = doc(
        [creature("knight", 1, 3, controller="A", keywords=["double_strike"]), creature("wall", 0, 5)],
        combat(attack("knight", blockers=("wall",))),
        effects=[DORAN],
    )
    _, result = run(d)
    assert [e["amount"] for e in stage(result, "assignment", 0)["events"]] == [3]
    board = result["final"]["permanents"]
    assert board["wall"]["zone"] == "graveyard"  # 3 + 3 >= 5
    assert board["knight"]["zone"] == "graveyard"  # the wall assigns 5 (its toughness) in step 2


def test_doran_unnamed_is_named_by_its_number_and_what_it_does() -> None:
    d = doc(
        [creature("doran", 0, 5, controller="A")],
        combat(attack("doran")),
        effects=[{"type": "assign_by_toughness"}],
    )
    text = notes(run(d)[1], "assignment")
    assert (
        "効果1（各クリーチャーがタフネスに等しい戦闘ダメージを割り振る効果）により、各クリーチャーは" in text
    )


def test_assign_by_toughness_document_round_trip_and_errors() -> None:
    d = doc(
        [creature("doran", 0, 5, controller="A")],
        combat(attack("doran")),
        effects=[{"type": "assign_by_toughness", "controller": "A", "name": "《突撃陣形》"}],
    )
    s = parse_scenario(d)
    assert s.to_dict()["effects"] == [
        {"type": "assign_by_toughness", "controller": "A", "name": "《突撃陣形》"}
    ]
    assert parse_scenario(s.to_dict()) == s
    with pytest.raises(ScenarioError) as info:
        parse_scenario({**d, "effects": [{"type": "assign_by_toughness", "controller": "nobody"}]})
    assert info.value.field == "effects[0].controller" and "存在しないプレイヤー" in info.value.message
    with pytest.raises(ScenarioError) as info:
        parse_scenario({**d, "effects": [{"type": "assign_by_toughness", "power": 1}]})
    assert info.value.field.startswith("effects[0]") and "未知の項目" in info.value.message


# --------------------------------------------------------------------------------------------
# Thorn Elemental: as though it weren't blocked (CR 510.1b in place of 510.1c)
# --------------------------------------------------------------------------------------------


def _thorn_doc(
    *, blockers: tuple[str, ...] = ("bear",), keywords: tuple[str, ...] = (), **event: Any
) -> dict:
    return doc(
        [thorn(keywords=list(keywords)), creature("bear", 2, 2), creature("elf", 1, 1)],
        combat(attack("thorn", blockers=blockers), **event),
    )


def test_thorn_elemental_may_assign_all_its_damage_to_the_player_it_attacks() -> None:
    """Thorn Elemental's ruling: if it assigns as though it weren't blocked, all its damage goes to the
    defending player and none to the blocker, which still deals its damage (CR 510.1b, 510.1c)."""
    d = _thorn_doc(assignments={"thorn": {"B": 7}})
    _, result = run(d)
    assert result["legal"]
    assignment = stage(result, "assignment")
    assert {"510.1b", "510.1c"} <= set(assignment["rules"])
    assert "ブロックされていないかのように戦闘ダメージを割り振ることを選んだので" in notes(
        result, "assignment"
    )
    board = result["final"]
    assert board["players"]["B"]["life"] == 13
    assert board["permanents"]["bear"]["damage"] == 0 and board["permanents"]["bear"]["zone"] == "battlefield"
    assert board["permanents"]["thorn"]["damage"] == 2


def test_thorn_elemental_by_default_assigns_as_a_blocked_creature() -> None:
    """The ability is optional ("you may"): the default is the ordinary 510.1c assignment."""
    d = _thorn_doc()
    s = parse_scenario(d)
    assert default_assignment(s)["assignments"] == {"thorn": {"bear": 7}}
    text = notes(run(d)[1], "assignment")
    assert (
        "ブロックされていないかのように割り振ることもできますが、通常どおりブロック・クリーチャーに割り振ります (510.1c)"
        in text
    )


def test_thorn_elemental_cannot_split_between_blockers_and_the_player() -> None:
    """Its ruling: the choice is all or nothing: all to the player, or divided among the blockers."""
    (violation,) = check_assignment(parse_scenario(_thorn_doc(assignments={"thorn": {"bear": 2, "B": 5}})))
    assert violation.rule == "510.1c" and violation.attacker == "thorn"
    assert "分けることはできません" in violation.message
    assert _rules(_thorn_doc(assignments={"thorn": {"B": 6}})) == ["510.1a"]  # all 7 of it


def test_thorn_elemental_queries_count_both_choices() -> None:
    s = parse_scenario(_thorn_doc(blockers=("bear", "elf")))
    generated = list(legal_assignments(s, "thorn"))
    assert count_assignments(s, "thorn") == len(generated) == comb(7 + 1, 1) + 1  # 8 divisions + all to B
    assert generated[-1] == {"B": 7}
    assert recipients(s, "thorn") == ("bear", "elf", "B")
    assert max_damage_assignment(s, "thorn") == {"B": 7}


def test_thorn_elemental_with_trample_trample_is_irrelevant_when_it_assigns_as_though_unblocked() -> None:
    """Its ruling: as though unblocked, all of it goes to the player, so trample (702.19b) asks nothing;
    assigned normally, trample applies as usual. An assignment both ways allow is counted once."""
    s = parse_scenario(_thorn_doc(keywords=("trample",), assignments={"thorn": {"B": 7}}))
    assert check_assignment(s) == ()
    text = notes(run(s.to_dict())[1], "assignment")
    assert "トランプルは関係しません" in text
    # Normal trample choices: 7 to the bear, or lethal 2 then 5 spare over bear and B (at least 1 to B).
    assert count_assignments(s, "thorn") == len(list(legal_assignments(s, "thorn"))) == 1 + comb(4 + 1, 1) + 1
    hurt = _thorn_doc(keywords=("trample",))
    hurt["permanents"][1]["damage"] = (
        2  # the bear already has lethal damage: all to B is an ordinary trample choice
    )
    s2 = parse_scenario(hurt)
    assert count_assignments(s2, "thorn") == len(list(legal_assignments(s2, "thorn"))) == 1 + comb(6 + 1, 1)


def test_thorn_elemental_whose_blockers_left_combat_assigns_to_the_player_by_default() -> None:
    """CR 510.1c: a blocked creature with no blockers left assigns nothing; as though unblocked (510.1b) it
    assigns all of it to the player. The default takes that choice (assigning nothing wastes it)."""
    d = doc([thorn()], combat(attack("thorn", blocked=True)))
    s = parse_scenario(d)
    assert default_assignment(s)["assignments"] == {"thorn": {"B": 7}}
    assert list(legal_assignments(s, "thorn")) == [{}, {"B": 7}]
    assert count_assignments(s, "thorn") == 2
    assert final(d)["players"]["B"]["life"] == 13


def test_thorn_elemental_attacking_a_planeswalker_assigns_all_to_it_not_its_controller() -> None:
    """CR 510.1b: as though unblocked it assigns to the planeswalker it attacks; without trample over
    planeswalkers nothing reaches the controller (702.19f)."""
    d = doc(
        [thorn(), creature("bear", 2, 2), planeswalker("jace", 3)], combat(attack("thorn", "jace", ("bear",)))
    )
    s = parse_scenario(d)
    assert count_assignments(s, "thorn") == 2 and max_damage_assignment(s, "thorn") == {"jace": 7}
    assert _rules({**d, "event": {**d["event"], "assignments": {"thorn": {"jace": 3, "B": 4}}}}) == [
        "702.19f"
    ]
    top = doc(
        [thorn(keywords=["trample_over_planeswalkers"]), creature("bear", 2, 2), planeswalker("jace", 3)],
        combat(attack("thorn", "jace", ("bear",))),
    )
    s = parse_scenario(top)
    # Blocked: 7 to the bear, or 2 to it and 5 over bear, jace (at least 1) and B (after 3 to jace): 1 + 5 + 3.
    # As though unblocked (702.19c): all to jace, or 3..6 to jace and the rest to B: 1 + 4.
    assert count_assignments(s, "thorn") == len(list(legal_assignments(s, "thorn"))) == 1 + 5 + 3 + 1 + 4
    assert max_damage_assignment(s, "thorn") == {"jace": 3, "B": 4}
    unblocked = {**top, "event": {**top["event"], "assignments": {"thorn": {"jace": 3, "B": 4}}}}
    _, result = run(unblocked)
    assert result["legal"] and "702.19c" in stage(result, "assignment")["rules"]


def test_thorn_elemental_under_doran_assigns_its_toughness_as_though_unblocked() -> None:
    d = doc(
        [thorn(3, 6), creature("bear", 2, 2)],
        combat(attack("thorn", blockers=("bear",)), assignments={"thorn": {"B": 6}}),
        effects=[DORAN],
    )
    assert final(d)["players"]["B"]["life"] == 14


def test_thorn_elemental_with_double_strike_chooses_again_in_each_step() -> None:
    """CR 510.4: each step's assignment is its own; after the bear dies in step 1, the second step's
    blocked choice assigns nothing (510.1c) and the default is all to the player (510.1b)."""
    d = doc(
        [thorn(keywords=["double_strike"]), creature("bear", 2, 2)],
        combat(attack("thorn", blockers=("bear",))),
    )
    s = parse_scenario(d)
    assert default_assignment(s)["second_step_assignments"] == {"thorn": {"B": 7}}
    assert final(d)["players"]["B"]["life"] == 13
    first = {**d, "event": {**d["event"], "assignments": {"thorn": {"B": 7}}}}
    board = final(first)  # step 2 by default: the bear is still blocking, so all 7 to it
    assert board["players"]["B"]["life"] == 13 and board["permanents"]["bear"]["zone"] == "graveyard"
    both = {**first, "event": {**first["event"], "second_step_assignments": {"thorn": {"B": 7}}}}
    board = final(both)
    assert board["players"]["B"]["life"] == 6 and board["permanents"]["bear"]["zone"] == "battlefield"


def test_may_assign_as_though_unblocked_document_round_trip_and_errors() -> None:
    d = _thorn_doc()
    s = parse_scenario(d)
    assert s.permanent("thorn").may_assign_as_though_unblocked
    assert s.to_dict()["permanents"][0]["may_assign_as_though_unblocked"] is True
    assert "may_assign_as_though_unblocked" not in s.to_dict()["permanents"][1]
    assert parse_scenario(s.to_dict()) == s
    wrong = doc([planeswalker("jace", 3, may_assign_as_though_unblocked=True)])
    with pytest.raises(ScenarioError) as info:
        parse_scenario(wrong)
    assert info.value.field == "permanents[0].may_assign_as_though_unblocked"
    assert "クリーチャーでないパーマネントには指定できません" in info.value.message
    with pytest.raises(ScenarioError) as info:
        parse_scenario(doc([creature("x", 1, 1, may_assign_as_though_unblocked="yes")]))
    assert info.value.field == "permanents[0].may_assign_as_though_unblocked"
    assert info.value.message == "true か false で指定してください"


# --------------------------------------------------------------------------------------------
# Property: with both options, every generated assignment is accepted and resolves; counts are exact
# --------------------------------------------------------------------------------------------

SETTINGS = settings(
    max_examples=int(os.environ.get("RULES_CORE_EXAMPLES", "120")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def combats(draw: st.DrawFn) -> dict[str, Any]:
    """Two attackers (one may be a Thorn Elemental), up to three blockers, sometimes a Doran-like effect."""
    keywords = st.lists(
        st.sampled_from(["trample", "deathtouch", "first_strike", "double_strike"]), max_size=2
    )
    attackers = [
        creature(
            f"a{i}",
            draw(st.integers(0, 4)),
            draw(st.integers(-1, 4)),
            controller="A",
            keywords=draw(keywords),
            may_assign_as_though_unblocked=draw(st.booleans()),
        )
        for i in range(2)
    ]
    blockers = [
        creature(f"b{j}", draw(st.integers(0, 3)), draw(st.integers(1, 3)))
        for j in range(draw(st.integers(0, 3)))
    ]
    attacks = []
    free = [b["id"] for b in blockers]
    for a in attackers:
        mine = free[: draw(st.integers(0, len(free)))]
        free = free[len(mine) :]
        attacks.append(attack(a["id"], blockers=tuple(mine), blocked=bool(mine) or draw(st.booleans())))
    effects = []
    if draw(st.booleans()):
        effects.append(
            {"type": "assign_by_toughness", **({"controller": "A"} if draw(st.booleans()) else {})}
        )
    return doc([*attackers, *blockers], combat(*attacks), effects=effects)


@SETTINGS
@given(combats())
def test_property_generated_assignments_are_accepted_counted_exactly_and_resolve(d: dict[str, Any]) -> None:
    s = parse_scenario(d)
    assert check_assignment(s) == ()  # the defaults are legal
    for creature_id in ("a0", "a1"):
        try:
            generated = list(legal_assignments(s, creature_id))
        except ValueError:  # not dealing damage in its first step (left the battlefield)
            continue
        assert count_assignments(s, creature_id) == len(generated)
        assert len({tuple(sorted(g.items())) for g in generated}) == len(generated)
        assert max_damage_assignment(s, creature_id) in generated
        for g in generated[:6]:
            given_doc = {**d, "event": {**d["event"], "assignments": {creature_id: g}}}
            assert check_assignment(parse_scenario(given_doc)) == (), g
            _, result = run(given_doc)
            assert result["legal"]


def _doc_example(heading: str) -> dict[str, Any]:
    text = (Path(__file__).resolve().parents[3] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    block = text.split(heading, 1)[1].split("```json", 1)[1].split("```", 1)[0]
    fragment: dict[str, Any] = json.loads(block)
    return {"players": [{"id": "A"}, {"id": "B"}], **fragment}


def test_the_format_documents_examples_resolve_as_the_text_says() -> None:
    """docs/scenario-format.md § 3.3: Doran assigns 5 and the wall 4; the Thorn Elemental's 7 go to B."""
    doran = final(_doc_example("#### Combat damage equal to toughness (Doran)"))
    assert doran["permanents"]["wall"]["zone"] == "graveyard"
    assert doran["permanents"]["doran"]["damage"] == 4
    thorn_board = final(_doc_example("#### As though it weren't blocked (Thorn Elemental)"))
    assert thorn_board["players"]["B"]["life"] == 13
    assert thorn_board["permanents"]["bear"]["damage"] == 0
