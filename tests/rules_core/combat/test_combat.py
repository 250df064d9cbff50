"""CR 510, 702.19, 702.2c and the combat damage step(s) through the 120.4 pipeline."""

from __future__ import annotations

import copy
from math import comb

import pytest

from rules_core import (
    check_assignment,
    count_assignments,
    default_assignment,
    legal_assignments,
    max_damage_assignment,
    parse_scenario,
)
from rules_core.examples import EXAMPLES

from ..helpers import attack, battle, combat, creature, doc, final, notes, planeswalker, run, stage


def _example(key: str, **event_changes: object) -> dict:
    d = copy.deepcopy(EXAMPLES[key].document)
    d["event"].update(event_changes)
    return d


def _illegal(d: dict) -> list[dict]:
    _, result = run(d)
    assert result["legal"] is False
    assert result["steps"] == []
    assert "final" not in result
    return result["violations"]


# --------------------------------------------------------------------------- CR examples


def test_702_19b_example_1_other_attackers_damage_counts_towards_lethal() -> None:
    _, result = run(EXAMPLES["702.19b-1"].document)
    assert result["legal"] is True
    assert result["final"]["players"]["B"]["life"] == 18
    assert result["final"]["permanents"]["wall"]["zone"] == "graveyard"
    assert "702.19b" in stage(result, "assignment")["rules"]


def test_702_19b_example_1_trampler_without_lethal_to_blocker_is_illegal() -> None:
    violations = _illegal(_example("702.19b-1", assignments={"ox": {"wall": 1}, "trampler": {"B": 3}}))
    assert [v["rule"] for v in violations] == ["702.19b"]
    assert "致死ダメージ" in violations[0]["message"]


def test_702_19b_example_2_must_assign_lethal_even_if_protection_prevents_it() -> None:
    _, result = run(EXAMPLES["702.19b-2"].document)
    assert result["final"]["players"]["B"]["life"] == 16
    assert result["final"]["permanents"]["knight"]["damage"] == 0  # 702.16e
    assert "702.16e" in stage(result, "120.4b")["rules"]
    violations = _illegal(_example("702.19b-2", assignments={"wurm": {"knight": 1, "B": 5}}))
    assert violations[0]["rule"] == "702.19b"


def test_702_19c_example_trample_over_planeswalkers() -> None:
    _, result = run(EXAMPLES["702.19c"].document)
    assert result["final"]["players"]["B"]["life"] == 15
    assert result["final"]["permanents"]["pw"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["pw"]["loyalty"] == 0
    violations = _illegal(_example("702.19c", assignments={"ox": {"pw": 1}, "titan": {"pw": 1, "B": 6}}))
    assert violations[0]["rule"] == "702.19c"


def test_510_1c_example_any_division_among_blockers_is_legal() -> None:
    scenario = parse_scenario(EXAMPLES["510.1c"].document)
    options = list(legal_assignments(scenario, "regrower"))
    assert options == [
        {"spawn": 4},
        {"spawn": 3, "hunter": 1},
        {"spawn": 2, "hunter": 2},
        {"spawn": 1, "hunter": 3},
        {"hunter": 4},
    ]
    assert count_assignments(scenario, "regrower") == 5
    for option in options:
        assert _legal(_example("510.1c", assignments={"regrower": option}))


def _legal(d: dict) -> bool:
    return run(d)[1]["legal"]


# --------------------------------------------------------------------------- trample and blocks


def test_702_19b_five_five_trampler_over_three_three_defaults_to_three_and_two() -> None:
    d = doc(
        [creature("wurm", 5, 5, controller="A", keywords=["trample"]), creature("ox", 3, 3)],
        combat(attack("wurm", blockers=("ox",))),
    )
    scenario = parse_scenario(d)
    assert default_assignment(scenario) == {
        "assignments": {"wurm": {"ox": 3, "B": 2}},
        "blocker_assignments": {"ox": {"wurm": 3}},
    }
    assert max_damage_assignment(scenario, "wurm") == {"ox": 3, "B": 2}
    f = final(d)
    assert f["players"]["B"]["life"] == 18
    assert f["permanents"]["ox"]["zone"] == "graveyard"


def test_510_1c_no_damage_assignment_order_free_division_among_three_blockers() -> None:
    d = doc(
        [
            creature("giant", 5, 5, controller="A"),
            creature("small", 1, 1),
            creature("big1", 4, 4),
            creature("big2", 4, 4),
        ],
        combat(attack("giant", blockers=("small", "big1", "big2")), assignments={"giant": {"big2": 5}}),
    )
    scenario = parse_scenario(d)
    assert check_assignment(scenario) == ()
    assert count_assignments(scenario, "giant") == comb(5 + 2, 2)
    f = final(d)
    assert f["permanents"]["big2"]["zone"] == "graveyard"
    assert f["permanents"]["small"]["zone"] == "battlefield"
    assert f["permanents"]["giant"]["zone"] == "graveyard"  # 1 + 4 + 4 damage


def test_702_19b_702_2c_deathtouch_trample_one_to_each_blocker_is_lethal() -> None:
    d = doc(
        [
            creature("snake", 5, 5, controller="A", keywords=["trample", "deathtouch"]),
            creature("a", 3, 3),
            creature("b", 3, 3),
        ],
        combat(attack("snake", blockers=("a", "b")), assignments={"snake": {"a": 1, "b": 1, "B": 3}}),
    )
    _, result = run(d)
    assert result["legal"]
    assert result["final"]["players"]["B"]["life"] == 17
    assert result["final"]["permanents"]["a"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["b"]["zone"] == "graveyard"
    assert "702.2c" in stage(result, "assignment")["rules"]
    assert "704.5h" in stage(result, "704")["rules"]


def test_702_19b_lethal_counts_damage_already_marked_on_blocker() -> None:
    d = doc(
        [creature("wurm", 5, 5, controller="A", keywords=["trample"]), creature("ox", 3, 3, damage=2)],
        combat(attack("wurm", blockers=("ox",)), assignments={"wurm": {"ox": 1, "B": 4}}),
    )
    _, result = run(d)
    assert result["legal"]
    assert result["final"]["players"]["B"]["life"] == 16
    assert result["final"]["permanents"]["ox"]["zone"] == "graveyard"


def test_702_19b_lethal_uses_toughness_with_counters() -> None:
    d = doc(
        [
            creature("wurm", 5, 5, controller="A", keywords=["trample"]),
            creature("ox", 3, 3, counters={"-1/-1": 2}),
        ],
        combat(attack("wurm", blockers=("ox",))),
    )
    assert max_damage_assignment(parse_scenario(d), "wurm") == {"ox": 1, "B": 4}


def test_510_1d_blocker_blocking_two_divides_its_damage() -> None:
    d = copy.deepcopy(EXAMPLES["702.19b-1"].document)
    d["event"]["blocker_assignments"] = {"wall": {"trampler": 2}}
    f = final(d)
    assert f["permanents"]["ox"]["zone"] == "battlefield"
    assert f["permanents"]["trampler"]["damage"] == 2


# --------------------------------------------------------------------------- keywords in combat


def test_combat_infect_attacker_poisons_player_and_wither_blocker_shrinks_attacker() -> None:
    d = doc(
        [
            creature("rat", 2, 2, controller="A", keywords=["infect"]),
            creature("elf", 3, 3, controller="A"),
            creature("thorn", 1, 4, keywords=["wither"]),
        ],
        combat(attack("rat"), attack("elf", blockers=("thorn",))),
    )
    f = final(d)
    assert f["players"]["B"] == {"life": 20, "poison": 2, "lost": False}
    assert f["permanents"]["elf"]["counters"] == {"-1/-1": 1}
    assert f["permanents"]["elf"]["damage"] == 0
    assert f["permanents"]["thorn"]["damage"] == 3


def test_combat_lifelink_blocker_gains_for_defending_player() -> None:
    d = doc(
        [creature("elf", 3, 3, controller="A"), creature("priest", 2, 2, keywords=["lifelink"])],
        combat(attack("elf", blockers=("priest",))),
    )
    assert final(d)["players"]["B"]["life"] == 22


def test_combat_toxic_attacker_blocked_gives_no_poison() -> None:
    d = doc(
        [creature("snake", 2, 2, controller="A", toxic=3), creature("wall", 0, 5)],
        combat(attack("snake", blockers=("wall",))),
    )
    assert final(d)["players"]["B"]["poison"] == 0


def test_combat_attacking_a_battle_removes_defense_counters() -> None:
    d = doc(
        [creature("giant", 4, 4, controller="A"), battle("siege", 4, controller="A", protector="B")],
        combat(attack("giant", defender="siege")),
    )
    _, result = run(d)
    assert result["final"]["permanents"]["siege"]["defense"] == 0
    assert result["final"]["permanents"]["siege"]["zone"] == "graveyard"
    assert result["final"]["players"]["B"]["life"] == 20
    assert "120.3h" in stage(result, "120.4c")["rules"]
    assert "704.5v" in stage(result, "704")["rules"]


def test_combat_trample_over_battle_with_blocker() -> None:
    d = doc(
        [
            creature("wurm", 6, 6, controller="A", keywords=["trample"]),
            battle("siege", 5),
            creature("bear", 2, 2),
        ],
        combat(attack("wurm", defender="siege", blockers=("bear",))),
    )
    f = final(d)
    assert f["permanents"]["siege"]["defense"] == 1
    assert f["permanents"]["bear"]["zone"] == "graveyard"


def test_combat_attacking_planeswalker_without_trample_over_planeswalkers() -> None:
    d = doc(
        [creature("giant", 5, 5, controller="A"), planeswalker("jace", 3)],
        combat(attack("giant", defender="jace")),
    )
    f = final(d)
    assert f["permanents"]["jace"]["zone"] == "graveyard"
    assert f["players"]["B"]["life"] == 20
    violations = _illegal(
        doc(
            [creature("giant", 5, 5, controller="A"), planeswalker("jace", 3)],
            combat(attack("giant", defender="jace"), assignments={"giant": {"jace": 3, "B": 2}}),
        )
    )
    assert violations and all(v["rule"] in ("510.1b", "702.19f") for v in violations)


# --------------------------------------------------------------------------- first strike, double strike


def test_510_4_first_strike_makes_two_steps_and_dead_blocker_deals_no_damage() -> None:
    d = doc(
        [creature("knight", 2, 2, controller="A", keywords=["first_strike"]), creature("bear", 2, 2)],
        combat(attack("knight", blockers=("bear",))),
    )
    _, result = run(d)
    assert [s["name"] for s in result["steps"]] == ["first_strike_damage", "combat_damage"]
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["knight"]["damage"] == 0
    second = result["steps"][1]["stages"][0]
    assert second["stage"] == "assignment" and second["events"] == []


def test_510_4_regular_creatures_deal_damage_in_the_second_step() -> None:
    d = doc(
        [creature("knight", 2, 2, controller="A", keywords=["first_strike"]), creature("ogre", 5, 5)],
        combat(attack("knight", blockers=("ogre",))),
    )
    _, result = run(d)
    assert result["steps"][0]["stages"][0]["events"] == [
        {"source": "knight", "to": "ogre", "amount": 2, "combat": True, "given": False}
    ]
    assert result["steps"][1]["stages"][0]["events"] == [
        {"source": "ogre", "to": "knight", "amount": 5, "combat": True, "given": False}
    ]
    assert result["final"]["permanents"]["knight"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["ogre"]["damage"] == 2


def test_510_4_double_strike_deals_damage_in_both_steps() -> None:
    d = doc(
        [creature("duelist", 3, 3, controller="A", keywords=["double_strike", "lifelink"])],
        combat(attack("duelist")),
    )
    _, result = run(d)
    assert len(result["steps"]) == 2
    assert result["final"]["players"]["B"]["life"] == 14
    assert result["final"]["players"]["A"]["life"] == 26


def test_702_19d_double_strike_trample_after_blocker_died_all_to_player() -> None:
    d = doc(
        [
            creature("duelist", 2, 2, controller="A", keywords=["double_strike", "trample"]),
            creature("bear", 2, 2),
        ],
        combat(attack("duelist", blockers=("bear",))),
    )
    _, result = run(d)
    assert result["final"]["players"]["B"]["life"] == 18
    assert "702.19d" in stage(result, "assignment", step=1)["rules"]


def test_510_1c_blocked_creature_without_trample_deals_nothing_when_blockers_are_gone() -> None:
    d = doc(
        [creature("duelist", 2, 2, controller="A", keywords=["double_strike"]), creature("bear", 2, 2)],
        combat(attack("duelist", blockers=("bear",))),
    )
    _, result = run(d)
    assert result["final"]["players"]["B"]["life"] == 20
    assert stage(result, "assignment", step=1)["events"] == []


def test_510_4_second_step_assignment_for_double_striker() -> None:
    d = doc(
        [
            creature("duelist", 3, 3, controller="A", keywords=["double_strike"]),
            creature("a", 1, 1),
            creature("b", 1, 5),
        ],
        combat(
            attack("duelist", blockers=("a", "b")),
            assignments={"duelist": {"a": 1, "b": 2}},
            second_step_assignments={"duelist": {"b": 3}},
        ),
    )
    _, result = run(d)
    assert result["legal"]
    assert result["final"]["permanents"]["b"]["damage"] == 5
    assert result["final"]["permanents"]["b"]["zone"] == "graveyard"
    assert stage(result, "assignment", step=1)["events"][0]["given"] is True


def test_510_4_second_step_assignment_for_a_first_striker_is_illegal() -> None:
    d = doc(
        [creature("knight", 2, 2, controller="A", keywords=["first_strike"])],
        combat(attack("knight"), second_step_assignments={"knight": {"B": 2}}),
    )
    violations = _illegal(d)
    assert [v["rule"] for v in violations] == ["510.4"]


def test_510_4_second_step_assignment_without_first_strike_is_illegal() -> None:
    d = doc(
        [creature("bear", 2, 2, controller="A")],
        combat(attack("bear"), second_step_assignments={"bear": {"B": 2}}),
    )
    assert [v["rule"] for v in _illegal(d)] == ["510.4"]


def test_510_4_assignment_of_a_creature_killed_by_first_strike_is_ignored_with_a_note() -> None:
    d = doc(
        [
            creature("knight", 2, 2, controller="A", keywords=["first_strike"]),
            creature("a", 1, 1),
            creature("bear", 2, 2, controller="A"),
        ],
        combat(attack("knight"), attack("bear", blockers=("a",))),
        players=[{"id": "A"}, {"id": "B"}],
    )
    # The blocker a (1/1) is killed by nobody in step 1; make the knight fight it instead.
    d["event"]["attacks"] = [attack("knight", blockers=("a",)), attack("bear")]
    d["event"]["blocker_assignments"] = {"a": {"knight": 1}}
    _, result = run(d)
    assert result["legal"]
    assert result["final"]["permanents"]["a"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["knight"]["damage"] == 0
    assert "指定された割り振りは使われません" in notes(result, "assignment", step=1)


def test_510_4_player_losing_in_first_step_ends_the_game() -> None:
    d = doc(
        [
            creature("knight", 3, 3, controller="A", keywords=["first_strike"]),
            creature("bear", 2, 2, controller="A"),
        ],
        combat(attack("knight"), attack("bear")),
        players=[{"id": "A"}, {"id": "B", "life": 3}],
    )
    _, result = run(d)
    assert len(result["steps"]) == 1
    assert result["final"]["players"]["B"]["lost"] is True
    assert result["final"]["players"]["B"]["life"] == 0


def test_506_4c_planeswalker_killed_in_first_step_unblocked_attacker_deals_nothing() -> None:
    d = doc(
        [
            creature("knight", 3, 3, controller="A", keywords=["first_strike"]),
            creature("bear", 2, 2, controller="A"),
            planeswalker("jace", 3),
        ],
        combat(attack("knight", defender="jace"), attack("bear", defender="jace")),
    )
    _, result = run(d)
    assert result["final"]["permanents"]["jace"]["zone"] == "graveyard"
    assert result["final"]["players"]["B"]["life"] == 20
    assert stage(result, "assignment", step=1)["events"] == []


# --------------------------------------------------------------------------- illegal assignments


@pytest.mark.parametrize(
    ("assignments", "blocker_assignments", "rule"),
    [
        ({"elf": {"bear": 1}}, {}, "510.1a"),  # total is not the power
        ({"elf": {"B": 3}}, {}, "510.1c"),  # blocked, no trample: not to the player
        ({"elf": {"wall": 3}}, {}, "510.1c"),  # not blocking it
        ({}, {"bear": {"ogre": 2}}, "510.1d"),  # blocker to an attacker it doesn't block
        ({"ogre": {"jace": 4}}, {}, "510.1b"),  # unblocked: only to what it attacks
        ({"elf": {"bear": 4, "wall": -1}}, {}, "510.1a"),  # negative amounts
    ],
)
def test_illegal_assignments_of_each_kind(assignments: dict, blocker_assignments: dict, rule: str) -> None:
    d = doc(
        [
            creature("elf", 3, 3, controller="A"),
            creature("ogre", 4, 4, controller="A"),
            creature("bear", 2, 2),
            creature("wall", 0, 4),
            planeswalker("jace", 3),
        ],
        combat(
            attack("elf", blockers=("bear",)),
            attack("ogre"),
            assignments=assignments,
            blocker_assignments=blocker_assignments,
        ),
    )
    if any(n < 0 for a in assignments.values() for n in a.values()):
        with pytest.raises(ValueError):
            parse_scenario(d)
        return
    violations = _illegal(d)
    assert rule in [v["rule"] for v in violations]
    assert all(v["message"] for v in violations)


def test_check_assignment_helper_returns_violations_with_japanese_messages() -> None:
    scenario = parse_scenario(_example("702.19b-2", assignments={"wurm": {"knight": 1, "B": 5}}))
    (violation,) = check_assignment(scenario)
    assert violation.rule == "702.19b"
    assert "プロテクション(緑)を持つクリーチャー" in violation.message


def test_default_assignment_covers_double_strike_second_step() -> None:
    d = doc(
        [creature("duelist", 3, 3, controller="A", keywords=["double_strike"]), creature("ogre", 1, 9)],
        combat(attack("duelist", blockers=("ogre",))),
    )
    assert default_assignment(parse_scenario(d)) == {
        "assignments": {"duelist": {"ogre": 3}},
        "blocker_assignments": {"ogre": {"duelist": 1}},
        "second_step_assignments": {"duelist": {"ogre": 3}},
    }


def test_query_helpers_refuse_a_noncombat_scenario_and_unknown_creatures() -> None:
    scenario = parse_scenario(EXAMPLES["120.5"].document)
    with pytest.raises(ValueError):
        default_assignment(scenario)
    combat_scenario = parse_scenario(EXAMPLES["510.1c"].document)
    with pytest.raises(ValueError):
        count_assignments(combat_scenario, "nobody")


@pytest.mark.parametrize(
    "helper",
    [
        check_assignment,
        default_assignment,
        lambda s: count_assignments(s, "bear"),
        lambda s: list(legal_assignments(s, "bear")),
        lambda s: max_damage_assignment(s, "bear"),
    ],
    ids=["check", "default", "count", "legal", "max"],
)
def test_query_helpers_refuse_a_board_with_no_event_yet(helper: object) -> None:
    scenario = parse_scenario({**doc([creature("bear", 2, 2, controller="A")]), "event": {}})
    assert scenario.event is None
    with pytest.raises(ValueError, match="戦闘のシナリオではありません"):
        helper(scenario)  # type: ignore[operator]


def test_assignment_stage_explains_each_creature() -> None:
    _, result = run(EXAMPLES["702.19c"].document)
    text = notes(result, "assignment")
    assert "「プレインズウォーカー越えトランプルを持つクリーチャー」(パワー7)" in text
    assert "(指定された割り振り)" in text
    assert "510.1e" in stage(result, "assignment")["rules"]
    assert "702.19c" in stage(result, "assignment")["rules"]


def test_combat_damage_is_one_simultaneous_event() -> None:
    d = doc([creature("a", 2, 2, controller="A"), creature("b", 2, 2)], combat(attack("a", blockers=("b",))))
    _, result = run(d)
    assert [s["stage"] for s in result["steps"][0]["stages"]] == [
        "assignment",
        "120.4a",
        "120.4b",
        "120.4c",
        "120.4d",
        "704",
    ]
    assert result["final"]["permanents"]["a"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["b"]["zone"] == "graveyard"
    assert all(e["combat"] for e in stage(result, "120.4a")["events"])


def test_510_1d_queries_work_for_a_blocker_too() -> None:
    scenario = parse_scenario(EXAMPLES["702.19b-1"].document)
    assert list(legal_assignments(scenario, "wall")) == [{"ox": 2}, {"ox": 1, "trampler": 1}, {"trampler": 2}]
    assert count_assignments(scenario, "wall") == 3


def test_510_4_queries_answer_for_the_step_in_which_the_creature_deals_damage() -> None:
    d = doc(
        [
            creature("knight", 2, 2, controller="A", keywords=["first_strike"]),
            creature("ogre", 5, 5, controller="A", keywords=["trample"]),
            creature("a", 1, 1),
            creature("b", 3, 3),
        ],
        combat(attack("knight", blockers=("a",)), attack("ogre", blockers=("b",))),
    )
    scenario = parse_scenario(d)
    assert max_damage_assignment(scenario, "ogre") == {"b": 3, "B": 2}
    assert default_assignment(scenario)["assignments"] == {"knight": {"a": 2}, "ogre": {"b": 3, "B": 2}}
    with pytest.raises(ValueError):
        count_assignments(scenario, "a")  # the 1/1 dies to first strike before it could assign


@pytest.mark.parametrize(
    ("defender", "kind"),
    [("B", "プレイヤー「対戦相手」"), ("jace", "プレインズウォーカー「jace」"), ("siege", "バトル「siege」")],
)
def test_510_1b_note_names_what_the_creature_attacks_not_an_attacking_player(defender, kind):
    """CR 510.1b: an unblocked creature assigns its damage to the player, planeswalker or battle *it is
    attacking*. 「攻撃しているプレイヤー」 would read as the player whose creatures attack (issue 26)."""
    board = doc(
        [creature("bear", 2, 2, controller="A"), planeswalker("jace", 3), battle("siege", 5)],
        combat(attack("bear", defender)),
    )
    _, result = run(board)
    text = notes(result, "assignment")
    assert f"ブロックされていないので、攻撃先の{kind}に割り振ります (510.1b)。" in text
    assert "攻撃しているプレイヤー" not in text
