"""Tests for rules_core.combat.assignment: CR 510.1, 702.19, 702.2c (combat damage assignment).

CR examples first (510.1c, 702.19b, 702.19c), then each rule and each kind of
illegal assignment, then property-based tests against an oracle written here
from the text of the rules, independently of the module.
"""

from __future__ import annotations

import dataclasses
import itertools
import time
from collections.abc import Iterator, Mapping
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import count_assignments as scenario_count
from rules_core import parse_scenario, resolve
from rules_core.combat.assignment import (
    AssignmentError,
    AttackView,
    BlockView,
    CombatView,
    Violation,
    check_assignment_in_view,
    complete_assignment,
    count_assignments_in_view,
    default_assignment_in_view,
    format_assignment,
    legal_assignments_in_view,
    lethal_needed,
    loyalty_needed,
    max_damage_assignment_in_view,
    recipients_in_view,
)

RULES = {
    "510.1",
    "510.1a",
    "510.1b",
    "510.1c",
    "510.1d",
    "506.4c",
    "702.19b",
    "702.19c",
    "702.19e",
    "702.19f",
}


def rules_of(violations: tuple[Violation, ...]) -> list[str]:
    return [v.rule for v in violations]


def view_of(*attacks: AttackView, blocks: tuple[BlockView, ...] = (), lethal=None, loyalty=None, names=None):
    return CombatView(tuple(attacks), blocks, lethal or {}, loyalty or {}, names or {})


# --------------------------------------------------------------------------------------------
# CR examples
# --------------------------------------------------------------------------------------------


def example_702_19b_1() -> CombatView:
    """702.19b example 1: a 2/2 that can block an additional creature blocks a 1/1 and a 3/3 trampler."""
    return view_of(
        AttackView.of("ox", 1, "B", blockers=("wall",)),
        AttackView.of("wurm", 3, "B", blockers=("wall",), trample=True),
        blocks=(BlockView.of("wall", 2, ("ox", "wurm")),),
        lethal={"wall": 2},
    )


def test_702_19b_example1_other_attackers_damage_counts_towards_lethal():
    view = example_702_19b_1()
    legal = {"ox": {"wall": 1}, "wurm": {"wall": 1, "B": 2}}
    assert check_assignment_in_view(view, legal, {"wall": {"ox": 1, "wurm": 1}}) == ()
    assert lethal_needed(view, "wurm") == {"wall": 1}
    assert default_assignment_in_view(view)[0] == legal


def test_702_19b_example1_trampler_cannot_skip_the_blocker():
    view = example_702_19b_1()
    (v,) = check_assignment_in_view(
        view, {"ox": {"wall": 1}, "wurm": {"B": 3}}, {"wall": {"ox": 1, "wurm": 1}}
    )
    assert (v.rule, v.attacker) == ("702.19b", "wurm")
    assert "あと1点" in v.message
    assert "他のクリーチャーから1点" in v.message  # the 1/1's point is counted, and the message says so


def test_702_19b_example1_without_the_1_1s_damage_the_trampler_needs_2():
    view = example_702_19b_1()
    violations = check_assignment_in_view(view, {"ox": {"wall": 0}, "wurm": {"wall": 1, "B": 2}}, {})
    # the 1/1 assigning 0 is wrong (510.1a), and then the wall has only 1 of its 2 points
    assert [(v.rule, v.attacker) for v in violations] == [("510.1a", "ox"), ("702.19b", "wurm")]


def example_702_19b_2() -> CombatView:
    """702.19b example 2: a 6/6 green trampler blocked by a 2/2 with protection from green."""
    return view_of(
        AttackView.of("wurm", 6, "B", blockers=("knight",), trample=True),
        blocks=(BlockView.of("knight", 2, ("wurm",)),),
        lethal={"knight": 2},
        names={"wurm": "緑のワーム", "knight": "白騎士", "B": "対戦相手"},
    )


@pytest.mark.parametrize("split", [(2, 4), (3, 3), (6, 0), (5, 1)])
def test_702_19b_example2_protection_does_not_lower_lethal_legal(split):
    view = example_702_19b_2()
    knight, player = split
    assert check_assignment_in_view(view, {"wurm": {"knight": knight, "B": player}}, {}) == ()


@pytest.mark.parametrize("split", [(1, 5), (0, 6)])
def test_702_19b_example2_protection_does_not_lower_lethal_illegal(split):
    view = example_702_19b_2()
    knight, player = split
    (v,) = check_assignment_in_view(view, {"wurm": {"knight": knight, "B": player}}, {})
    assert v.rule == "702.19b"
    assert "「白騎士」にあと" in v.message and "「対戦相手」" in v.message
    assert f"あと{2 - knight}点" in v.message


def example_702_19c() -> CombatView:
    """702.19c example: a 1/1 and a 7/7 with trample over planeswalkers attack a planeswalker with loyalty 3."""
    return view_of(
        AttackView.of("ox", 1, "jace", defender_kind="planeswalker", defender_controller="B"),
        AttackView.of(
            "titan",
            7,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            trample_over_planeswalkers=True,
        ),
        loyalty={"jace": 3},
    )


def test_702_19c_example_loyalty_counts_other_attackers_damage():
    view = example_702_19c()
    assert check_assignment_in_view(view, {"ox": {"jace": 1}, "titan": {"jace": 2, "B": 5}}, {}) == ()
    assert loyalty_needed(view, "titan") == 1 + 1  # 3 loyalty, 1 from the 1/1
    assert default_assignment_in_view(view)[0] == {"ox": {"jace": 1}, "titan": {"jace": 2, "B": 5}}
    assert max_damage_assignment_in_view(view, "titan") == {"jace": 2, "B": 5}


def test_702_19c_example_controller_before_loyalty_is_illegal():
    view = example_702_19c()
    (v,) = check_assignment_in_view(view, {"ox": {"jace": 1}, "titan": {"jace": 1, "B": 6}}, {})
    assert (v.rule, v.attacker) == ("702.19c", "titan")
    assert "あと1点" in v.message and "忠誠度3" in v.message


def test_702_19c_example_counts_all_choices():
    # (jace, B) with jace + B = 7: (7, 0) or B >= 1 with jace >= 2: jace = 2..6
    view = example_702_19c()
    generated = list(legal_assignments_in_view(view, "titan"))
    assert count_assignments_in_view(view, "titan") == len(generated) == 6
    assert {"jace": 7} in generated and {"jace": 1, "B": 6} not in generated


def test_510_1c_example_four_power_against_2_3_and_1_1_has_exactly_five_assignments():
    view = view_of(
        AttackView.of("regrower", 4, "B", blockers=("spawn", "hunter")), lethal={"spawn": 3, "hunter": 1}
    )
    expected = [
        {"spawn": 4},
        {"spawn": 3, "hunter": 1},
        {"spawn": 2, "hunter": 2},
        {"spawn": 1, "hunter": 3},
        {"hunter": 4},
    ]
    assert list(legal_assignments_in_view(view, "regrower")) == expected
    assert count_assignments_in_view(view, "regrower") == 5
    for amounts in expected:
        assert check_assignment_in_view(view, {"regrower": amounts}, {}) == ()


# --------------------------------------------------------------------------------------------
# The 2007 blog post (seed 003): old examples under current rules
# --------------------------------------------------------------------------------------------


def test_702_19b_seed003_5_5_trampler_blocked_by_3_3():
    view = view_of(
        AttackView.of("wurm", 5, "B", blockers=("bear",), trample=True),
        blocks=(BlockView.of("bear", 3, ("wurm",)),),
        lethal={"bear": 3},
    )
    assert check_assignment_in_view(view, {"wurm": {"bear": 3, "B": 2}}, {"bear": {"wurm": 3}}) == ()
    assert default_assignment_in_view(view) == ({"wurm": {"bear": 3, "B": 2}}, {"bear": {"wurm": 3}})
    assert rules_of(check_assignment_in_view(view, {"wurm": {"bear": 2, "B": 3}}, {})) == ["702.19b"]
    assert count_assignments_in_view(view, "wurm") == 3  # 5-0, 4-1, 3-2


def seed003_5_5_vs_1_1_and_two_4_4s() -> CombatView:
    return view_of(
        AttackView.of("giant", 5, "B", blockers=("elf", "bear1", "bear2")),
        blocks=(
            BlockView.of("elf", 1, ("giant",)),
            BlockView.of("bear1", 4, ("giant",)),
            BlockView.of("bear2", 4, ("giant",)),
        ),
        lethal={"elf": 1, "bear1": 4, "bear2": 4},
    )


def test_510_1c_no_damage_assignment_order_any_division_is_legal():
    """The 2007 post used the damage assignment order (gone since 2024): now every division is legal."""
    view = seed003_5_5_vs_1_1_and_two_4_4s()
    divisions = [d for d in itertools.product(range(6), repeat=3) if sum(d) == 5]
    assert len(divisions) == 21 == count_assignments_in_view(view, "giant")
    for elf, b1, b2 in divisions:
        assert check_assignment_in_view(view, {"giant": {"elf": elf, "bear1": b1, "bear2": b2}}, {}) == ()
    assert {"bear2": 5} in list(legal_assignments_in_view(view, "giant"))
    assert {"elf": 1, "bear1": 4} in list(legal_assignments_in_view(view, "giant"))


def test_510_1c_blocked_without_trample_assigns_nothing_to_the_player():
    view = seed003_5_5_vs_1_1_and_two_4_4s()
    (v,) = check_assignment_in_view(view, {"giant": {"elf": 1, "bear1": 3, "B": 1}}, {})
    assert (v.rule, v.attacker) == ("510.1c", "giant")
    assert v.message.startswith(
        "トランプルを持たないので、ブロックされた「giant」はプレイヤー「B」に割り振れません"
    )
    assert max_damage_assignment_in_view(view, "giant") == {
        "elf": 1,
        "bear1": 4,
    }  # nothing can go past the blockers


def test_510_1c_default_lethal_to_each_blocker_in_order_rest_to_last():
    view = seed003_5_5_vs_1_1_and_two_4_4s()
    attacks, blocks = default_assignment_in_view(view)
    assert attacks == {"giant": {"elf": 1, "bear1": 4}}
    assert blocks == {"elf": {"giant": 1}, "bear1": {"giant": 4}, "bear2": {"giant": 4}}
    six = view_of(AttackView.of("giant", 9, "B", blockers=("elf", "bear1")), lethal={"elf": 1, "bear1": 4})
    assert default_assignment_in_view(six)[0] == {"giant": {"elf": 1, "bear1": 8}}


# --------------------------------------------------------------------------------------------
# 510.1a, 510.1b: power and unblocked creatures
# --------------------------------------------------------------------------------------------


def test_510_1b_unblocked_assigns_all_to_what_it_attacks():
    view = view_of(AttackView.of("bear", 2, "B"), AttackView.of("elf", 1, "siege", defender_kind="battle"))
    assert default_assignment_in_view(view)[0] == {"bear": {"B": 2}, "elf": {"siege": 1}}
    assert count_assignments_in_view(view, "bear") == 1
    (v,) = check_assignment_in_view(view, {"bear": {"C": 2}}, {})
    assert v.rule == "510.1b" and "「B」" in v.message


@pytest.mark.parametrize("power", [0, -2])
def test_510_1a_power_zero_or_less_assigns_nothing(power):
    view = view_of(AttackView.of("wall", power, "B", blockers=("bear",), trample=True), lethal={"bear": 2})
    assert default_assignment_in_view(view)[0] == {"wall": {}}
    assert check_assignment_in_view(view, {"wall": {}}, {}) == ()
    assert check_assignment_in_view(view, {"wall": {"bear": 0, "B": 0}}, {}) == ()
    assert list(legal_assignments_in_view(view, "wall")) == [{}]
    assert count_assignments_in_view(view, "wall") == 1
    (v,) = check_assignment_in_view(view, {"wall": {"bear": 1}}, {})
    assert v.rule == "510.1a"


def test_510_1a_wrong_total_says_by_how_much():
    view = view_of(AttackView.of("wurm", 6, "B", blockers=("bear", "elf")), lethal={"bear": 2, "elf": 1})
    (v,) = check_assignment_in_view(view, {"wurm": {"bear": 2, "elf": 3}}, {})
    assert v.rule == "510.1a"
    assert "合計が6点ではなく5点" in v.message and "あと1点" in v.message
    (v,) = check_assignment_in_view(view, {"wurm": {"bear": 4, "elf": 3}}, {})
    assert "1点減らして" in v.message


def test_510_1a_negative_and_non_integer_amounts_are_illegal():
    view = view_of(AttackView.of("wurm", 2, "B", blockers=("bear", "elf")), lethal={"bear": 2, "elf": 1})
    violations = check_assignment_in_view(view, {"wurm": {"bear": 3, "elf": -1}}, {})
    assert "510.1a" in rules_of(violations) and any("負の点数" in v.message for v in violations)
    violations = check_assignment_in_view(view, {"wurm": {"bear": 1.5, "elf": True}}, {})  # type: ignore[dict-item]
    assert rules_of(violations).count("510.1a") >= 2 and all(v.attacker == "wurm" for v in violations)


def test_510_1_explicit_zeros_are_accepted_and_returned_dicts_omit_them():
    view = view_of(AttackView.of("wurm", 3, "B", blockers=("bear",), trample=True), lethal={"bear": 2})
    assert check_assignment_in_view(view, {"wurm": {"bear": 3, "B": 0, "nobody": 0}}, {}) == ()
    assert all(0 not in d.values() for d in legal_assignments_in_view(view, "wurm"))


def test_510_1_missing_creatures_get_the_default():
    view = example_702_19b_1()
    assert check_assignment_in_view(view, {}, {}) == ()
    assert (
        check_assignment_in_view(view, {"wurm": {"wall": 1, "B": 2}}, {}) == ()
    )  # the 1/1's default is its 1 point
    full, _ = complete_assignment(view, {"ox": {"wall": 1}, "wurm": {"wall": 3}})
    assert full == {"ox": {"wall": 1}, "wurm": {"wall": 3}}


def test_510_1_an_id_that_is_not_an_attacking_or_blocking_creature():
    view = example_702_19b_1()
    violations = check_assignment_in_view(view, {"wall": {"ox": 2}, "ghost": {"B": 1}}, {"ox": {"wall": 1}})
    assert rules_of(violations) == ["510.1", "510.1", "510.1"]
    assert "blocker_assignments" in violations[0].message and "assignments" in violations[2].message


# --------------------------------------------------------------------------------------------
# 510.1c, 510.1d: blocked creatures and blockers
# --------------------------------------------------------------------------------------------


def test_510_1c_single_blocker_takes_all():
    view = view_of(AttackView.of("bear", 2, "B", blockers=("elf",)), lethal={"elf": 1})
    assert default_assignment_in_view(view)[0] == {"bear": {"elf": 2}}
    assert list(legal_assignments_in_view(view, "bear")) == [{"elf": 2}]


def test_510_1c_blocked_by_a_creature_that_is_not_blocking_it():
    view = view_of(
        AttackView.of("bear", 2, "B", blockers=("elf",)),
        AttackView.of("ox", 2, "B", blockers=("wall",)),
        lethal={"elf": 1, "wall": 4},
    )
    (v,) = check_assignment_in_view(view, {"bear": {"elf": 1, "wall": 1}}, {})
    assert (v.rule, v.attacker) == ("510.1c", "bear")
    assert "「wall」は「bear」をブロックしていない" in v.message


def test_510_1c_blocked_with_no_blockers_left_assigns_nothing():
    view = view_of(AttackView.of("bear", 2, "B", blocked=True))
    assert default_assignment_in_view(view)[0] == {"bear": {}}
    assert count_assignments_in_view(view, "bear") == 1
    (v,) = check_assignment_in_view(view, {"bear": {"B": 2}}, {})
    assert v.rule == "510.1c" and "702.19d" in v.message


def test_510_1d_blocker_divides_among_the_attackers_it_blocks():
    view = view_of(
        AttackView.of("ox", 1, "B", blockers=("wall",)),
        AttackView.of("bear", 2, "B", blockers=("wall",)),
        AttackView.of("elf", 1, "B"),
        blocks=(BlockView.of("wall", 3, ("ox", "bear")),),
        lethal={"wall": 5, "ox": 1, "bear": 2},
    )
    assert list(legal_assignments_in_view(view, "wall")) == [
        {"ox": 3},
        {"ox": 2, "bear": 1},
        {"ox": 1, "bear": 2},
        {"bear": 3},
    ]
    assert count_assignments_in_view(view, "wall") == 4
    for amounts in legal_assignments_in_view(view, "wall"):
        assert check_assignment_in_view(view, {}, {"wall": amounts}) == ()
    # extension: lethal to each attacker in order (from `lethal`), the rest to the last
    assert default_assignment_in_view(view)[1] == {"wall": {"ox": 1, "bear": 2}}
    (v,) = check_assignment_in_view(view, {}, {"wall": {"ox": 1, "elf": 2}})
    assert (v.rule, v.attacker) == ("510.1d", "wall")
    assert "「elf」は「wall」がブロックしているクリーチャーではない" in v.message


def test_510_1d_blocker_default_without_attacker_toughness_and_with_deathtouch():
    attacks = (
        AttackView.of("ox", 1, "B", blockers=("wall",)),
        AttackView.of("bear", 2, "B", blockers=("wall",)),
    )
    plain = view_of(*attacks, blocks=(BlockView.of("wall", 3, ("ox", "bear")),), lethal={"wall": 5})
    assert default_assignment_in_view(plain)[1] == {
        "wall": {"ox": 3}
    }  # unknown toughness: the first takes the rest
    dt = view_of(
        *attacks, blocks=(BlockView.of("wall", 3, ("ox", "bear"), deathtouch=True),), lethal={"wall": 5}
    )
    assert default_assignment_in_view(dt)[1] == {"wall": {"ox": 1, "bear": 2}}  # 702.2c: 1 is lethal


def test_510_1d_blocker_with_nothing_left_to_block_assigns_nothing():
    view = view_of(blocks=(BlockView.of("wall", 3, ()),), lethal={"wall": 5})
    assert default_assignment_in_view(view)[1] == {"wall": {}}
    (v,) = check_assignment_in_view(view, {}, {"wall": {"ox": 3}})
    assert v.rule == "510.1d"


# --------------------------------------------------------------------------------------------
# 702.19b, 702.2c: trample, lethal damage, deathtouch
# --------------------------------------------------------------------------------------------


def test_702_19b_after_lethal_the_rest_is_free_among_blockers_and_player():
    view = view_of(
        AttackView.of("wurm", 6, "B", blockers=("bear", "elf"), trample=True), lethal={"bear": 2, "elf": 1}
    )
    for amounts in ({"bear": 2, "elf": 1, "B": 3}, {"bear": 5, "elf": 1}, {"bear": 3, "elf": 2, "B": 1}):
        assert check_assignment_in_view(view, {"wurm": amounts}, {}) == ()
    # 6 split over 2 blockers (7 ways) + the 6 - 3 - 1 = 2 spare points split over bear, elf, B (6 ways)
    assert (
        count_assignments_in_view(view, "wurm") == 7 + 6 == len(list(legal_assignments_in_view(view, "wurm")))
    )


def test_702_19b_lethal_accounts_for_damage_already_marked():
    # a 2/5 with 3 damage marked needs only 2 more
    view = view_of(AttackView.of("wurm", 5, "B", blockers=("wall",), trample=True), lethal={"wall": 5 - 3})
    assert check_assignment_in_view(view, {"wurm": {"wall": 2, "B": 3}}, {}) == ()
    assert default_assignment_in_view(view)[0] == {"wurm": {"wall": 2, "B": 3}}
    assert rules_of(check_assignment_in_view(view, {"wurm": {"wall": 1, "B": 4}}, {})) == ["702.19b"]


def test_702_19b_blocker_already_lethally_damaged_needs_nothing():
    view = view_of(AttackView.of("wurm", 4, "B", blockers=("wall",), trample=True), lethal={"wall": 0})
    assert check_assignment_in_view(view, {"wurm": {"B": 4}}, {}) == ()
    assert max_damage_assignment_in_view(view, "wurm") == {"B": 4}


def test_702_19b_two_tramplers_count_each_others_damage():
    view = view_of(
        AttackView.of("w1", 3, "B", blockers=("wall",), trample=True),
        AttackView.of("w2", 3, "B", blockers=("wall",), trample=True),
        lethal={"wall": 4},
    )
    assert check_assignment_in_view(view, {"w1": {"wall": 2, "B": 1}, "w2": {"wall": 2, "B": 1}}, {}) == ()
    violations = check_assignment_in_view(view, {"w1": {"wall": 2, "B": 1}, "w2": {"wall": 1, "B": 2}}, {})
    assert rules_of(violations) == ["702.19b", "702.19b"]  # 3 < 4: neither may trample
    assert default_assignment_in_view(view)[0] == {"w1": {"wall": 3}, "w2": {"wall": 1, "B": 2}}


def test_702_19b_damage_assigned_illegally_by_another_creature_does_not_count():
    view = view_of(
        AttackView.of("ox", 2, "B", blockers=("elf",)),
        AttackView.of("wurm", 3, "B", blockers=("wall",), trample=True),
        lethal={"elf": 1, "wall": 2},
    )
    violations = check_assignment_in_view(view, {"ox": {"wall": 2}, "wurm": {"B": 3}}, {})
    assert [(v.rule, v.attacker) for v in violations] == [("510.1c", "ox"), ("702.19b", "wurm")]
    assert lethal_needed(view, "wurm", {"ox": {"wall": 2}}) == {"wall": 2}


def test_702_19b_power_short_of_lethal_cannot_trample():
    view = view_of(AttackView.of("wurm", 3, "B", blockers=("a", "b"), trample=True), lethal={"a": 2, "b": 2})
    (v,) = check_assignment_in_view(view, {"wurm": {"a": 2, "B": 1}}, {})
    assert v.rule == "702.19b" and "パワーが足りない" in v.message
    assert count_assignments_in_view(view, "wurm") == 4 == len(list(legal_assignments_in_view(view, "wurm")))
    assert max_damage_assignment_in_view(view, "wurm") == {"a": 2, "b": 1}


def test_702_2c_deathtouch_trample_needs_one_point_per_blocker():
    view = view_of(
        AttackView.of("snake", 6, "B", blockers=("a", "b", "c"), trample=True, deathtouch=True),
        lethal={"a": 4, "b": 4, "c": 0},
    )
    assert lethal_needed(view, "snake") == {"a": 1, "b": 1, "c": 0}
    assert check_assignment_in_view(view, {"snake": {"a": 1, "b": 1, "B": 4}}, {}) == ()
    assert default_assignment_in_view(view)[0] == {"snake": {"a": 1, "b": 1, "B": 4}}
    (v,) = check_assignment_in_view(view, {"snake": {"a": 1, "B": 5}}, {})
    assert v.rule == "702.19b" and "接死" in v.message and "702.2c" in v.message


def test_702_2c_another_deathtouch_attackers_point_is_lethal_for_the_trampler():
    view = view_of(
        AttackView.of("snake", 1, "B", blockers=("wall",), deathtouch=True),
        AttackView.of("wurm", 4, "B", blockers=("wall",), trample=True),
        lethal={"wall": 8},
    )
    assert lethal_needed(view, "wurm") == {"wall": 0}
    assert check_assignment_in_view(view, {"snake": {"wall": 1}, "wurm": {"B": 4}}, {}) == ()


def test_702_19b_trample_over_a_battle():
    view = view_of(
        AttackView.of("wurm", 5, "siege", defender_kind="battle", blockers=("bear",), trample=True),
        lethal={"bear": 2},
    )
    assert default_assignment_in_view(view)[0] == {"wurm": {"bear": 2, "siege": 3}}
    assert recipients_in_view(view, "wurm") == ("bear", "siege")


def test_702_19c_trample_over_planeswalkers_gives_nothing_extra_against_a_battle():
    view = view_of(
        AttackView.of("titan", 5, "siege", defender_kind="battle", trample_over_planeswalkers=True),
        AttackView.of(
            "wurm", 5, "siege", defender_kind="battle", blockers=("bear",), trample_over_planeswalkers=True
        ),
        lethal={"bear": 2},
    )
    assert default_assignment_in_view(view)[0] == {"titan": {"siege": 5}, "wurm": {"bear": 2, "siege": 3}}
    assert rules_of(check_assignment_in_view(view, {"titan": {"siege": 3, "B": 2}}, {})) == ["510.1b"]


def test_702_19b_plain_trample_against_a_planeswalker_stops_at_the_planeswalker():
    view = view_of(
        AttackView.of(
            "wurm",
            6,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            blockers=("bear",),
            trample=True,
        ),
        lethal={"bear": 2},
        loyalty={"jace": 3},
    )
    assert default_assignment_in_view(view)[0] == {"wurm": {"bear": 2, "jace": 4}}
    (v,) = check_assignment_in_view(view, {"wurm": {"bear": 2, "jace": 3, "B": 1}}, {})
    assert v.rule == "702.19f"


def test_702_19c_blocked_top_needs_lethal_then_loyalty():
    view = view_of(
        AttackView.of(
            "titan",
            8,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            blockers=("bear",),
            trample_over_planeswalkers=True,
        ),
        lethal={"bear": 2},
        loyalty={"jace": 3},
    )
    assert default_assignment_in_view(view)[0] == {"titan": {"bear": 2, "jace": 3, "B": 3}}
    assert check_assignment_in_view(view, {"titan": {"bear": 3, "jace": 5}}, {}) == ()
    assert rules_of(check_assignment_in_view(view, {"titan": {"bear": 1, "jace": 3, "B": 4}}, {})) == [
        "702.19b"
    ]
    assert rules_of(check_assignment_in_view(view, {"titan": {"bear": 2, "jace": 2, "B": 4}}, {})) == [
        "702.19c"
    ]
    assert rules_of(check_assignment_in_view(view, {"titan": {"bear": 1, "jace": 2, "B": 5}}, {})) == [
        "702.19b",
        "702.19c",
    ]
    generated = list(legal_assignments_in_view(view, "titan"))
    assert count_assignments_in_view(view, "titan") == len(generated)
    assert max_damage_assignment_in_view(view, "titan") == {"bear": 2, "jace": 3, "B": 3}


def test_702_19g_trample_and_top_together_behave_as_top():
    view = view_of(
        AttackView.of(
            "titan",
            5,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            trample=True,
            trample_over_planeswalkers=True,
        ),
        loyalty={"jace": 2},
    )
    assert default_assignment_in_view(view)[0] == {"titan": {"jace": 2, "B": 3}}


# --------------------------------------------------------------------------------------------
# An attacked creature planeswalker that blocks the creature attacking it: one recipient
# --------------------------------------------------------------------------------------------
#
# Damage assigned to it is damage assigned to it: it is listed once. As a blocker it may take any
# part of the damage (510.1c), so trample's lethal-damage condition never keeps damage off it
# (702.19b); with trample over planeswalkers, its controller is reached only once every blocker,
# this one included, has lethal damage and this one damage at least equal to its loyalty (702.19c).


def gideon_view(
    power: int,
    *,
    trample: bool = False,
    top: bool = False,
    toughness: int = 2,
    loyalty: int = 3,
    elf: bool = False,
    deathtouch: bool = False,
) -> CombatView:
    blockers = ("gideon", "elf") if elf else ("gideon",)
    return view_of(
        AttackView.of(
            "wurm",
            power,
            "gideon",
            defender_kind="planeswalker",
            defender_controller="B",
            blockers=blockers,
            trample=trample,
            trample_over_planeswalkers=top,
            deathtouch=deathtouch,
        ),
        blocks=tuple(BlockView.of(b, 1, ("wurm",)) for b in blockers),
        lethal={"gideon": toughness, "elf": 1} if elf else {"gideon": toughness},
        loyalty={"gideon": loyalty},
        names={"gideon": "ギデオン", "elf": "エルフ", "wurm": "ワーム", "B": "対戦相手"},
    )


@pytest.mark.parametrize("trample", [False, True])
def test_attacked_planeswalker_that_blocks_alone_is_one_recipient(trample):
    """The reported case: 5 power with trample against a 2/2 creature planeswalker (loyalty 3) that is both
    attacked and blocking gave count_assignments == 4 (it was listed twice); there is one assignment."""
    view = gideon_view(5, trample=trample)
    assert recipients_in_view(view, "wurm") == ("gideon",)
    assert list(legal_assignments_in_view(view, "wurm")) == [{"gideon": 5}]
    assert count_assignments_in_view(view, "wurm") == 1
    assert default_assignment_in_view(view)[0] == {"wurm": {"gideon": 5}}
    assert max_damage_assignment_in_view(view, "wurm") == {"gideon": 5}
    assert check_assignment_in_view(view, {"wurm": {"gideon": 5}}, {}) == ()
    assert rules_of(check_assignment_in_view(view, {"wurm": {"gideon": 2}}, {})) == ["510.1a"]


def test_702_19b_trample_never_keeps_damage_off_the_attacked_planeswalker_that_blocks():
    view = gideon_view(5, trample=True, elf=True)
    generated = list(legal_assignments_in_view(view, "wurm"))
    assert (
        count_assignments_in_view(view, "wurm") == len(generated) == comb(5 + 1, 1)
    )  # any division over 2 blockers
    assert {"gideon": 5} in generated and {"elf": 5} in generated
    assert (
        check_assignment_in_view(view, {"wurm": {"gideon": 5}}, {}) == ()
    )  # the elf need not be assigned lethal damage
    assert default_assignment_in_view(view)[0] == {
        "wurm": {"gideon": 4, "elf": 1}
    }  # lethal in order, the rest to it
    assert rules_of(check_assignment_in_view(view, {"wurm": {"gideon": 4, "B": 1}}, {})) == ["702.19f"]


def test_702_19c_top_past_an_attacked_planeswalker_that_blocks_needs_lethal_and_loyalty():
    view = gideon_view(5, top=True)  # lethal 2, loyalty 3: 3 to it before anything to its controller
    assert recipients_in_view(view, "wurm") == ("gideon", "B")
    assert list(legal_assignments_in_view(view, "wurm")) == [
        {"gideon": 5},
        {"gideon": 4, "B": 1},
        {"gideon": 3, "B": 2},
    ]
    assert count_assignments_in_view(view, "wurm") == 3
    assert default_assignment_in_view(view)[0] == {"wurm": {"gideon": 3, "B": 2}}
    assert max_damage_assignment_in_view(view, "wurm") == {"gideon": 3, "B": 2}
    assert rules_of(check_assignment_in_view(view, {"wurm": {"gideon": 2, "B": 3}}, {})) == ["702.19c"]

    tough = gideon_view(5, top=True, toughness=4, loyalty=2)  # now lethal damage is the larger need
    assert list(legal_assignments_in_view(tough, "wurm")) == [{"gideon": 5}, {"gideon": 4, "B": 1}]
    assert rules_of(check_assignment_in_view(tough, {"wurm": {"gideon": 3, "B": 2}}, {})) == ["702.19b"]
    assert default_assignment_in_view(tough)[0] == {"wurm": {"gideon": 4, "B": 1}}

    deadly = gideon_view(
        5, top=True, toughness=4, loyalty=2, deathtouch=True
    )  # 702.2c: 1 is lethal, loyalty 2
    assert default_assignment_in_view(deadly)[0] == {"wurm": {"gideon": 2, "B": 3}}
    assert (
        count_assignments_in_view(deadly, "wurm") == len(list(legal_assignments_in_view(deadly, "wurm"))) == 4
    )


def test_702_19c_top_with_another_blocker_and_the_attacked_planeswalker_blocking():
    view = gideon_view(6, top=True, elf=True)
    generated = list(legal_assignments_in_view(view, "wurm"))
    # Nothing to B: any division over the two blockers (7 ways); something to B: gideon >= 3, elf >= 1 (3 ways).
    assert count_assignments_in_view(view, "wurm") == len(generated) == 7 + 3
    assert default_assignment_in_view(view)[0] == {"wurm": {"gideon": 3, "elf": 1, "B": 2}}
    (v,) = check_assignment_in_view(view, {"wurm": {"gideon": 3, "B": 3}}, {})
    assert v.rule == "702.19b"
    assert "プレインズウォーカー「ギデオン」のコントローラー「対戦相手」には割り振れません" in v.message
    assert "「エルフ」にあと1点" in v.message


def test_attacked_planeswalker_that_blocks_through_the_engine():
    """The same board as a scenario: one assignment, and the damage is dealt to it once (120.3c and 120.3e)."""
    document = {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [
            {
                "id": "wurm",
                "controller": "A",
                "types": ["creature"],
                "power": 5,
                "toughness": 5,
                "keywords": ["trample"],
            },
            {
                "id": "gideon",
                "controller": "B",
                "types": ["creature", "planeswalker"],
                "power": 2,
                "toughness": 2,
                "loyalty": 3,
            },
        ],
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "wurm", "defender": "gideon", "blockers": ["gideon"]}],
        },
    }
    scenario = parse_scenario(document)
    assert scenario_count(scenario, "wurm") == 1
    result = resolve(scenario).to_dict()
    assignment = result["steps"][0]["stages"][0]
    assert [(e["source"], e["to"], e["amount"]) for e in assignment["events"]] == [
        ("wurm", "gideon", 5),
        ("gideon", "wurm", 2),
    ]
    assert "ブロックしてもいる" in "\n".join(assignment["notes"])
    final = result["final"]["permanents"]["gideon"]
    assert (final["zone"], final["damage"], final["loyalty"]) == ("graveyard", 5, 0)
    assert result["final"]["players"]["B"]["life"] == 20


# --------------------------------------------------------------------------------------------
# 702.19d-f: blockers or planeswalker gone
# --------------------------------------------------------------------------------------------


def test_702_19d_trampler_with_no_blockers_left_assigns_all_to_the_player():
    view = view_of(AttackView.of("wurm", 5, "B", blocked=True, trample=True))
    assert default_assignment_in_view(view)[0] == {"wurm": {"B": 5}}
    assert count_assignments_in_view(view, "wurm") == 1
    assert rules_of(check_assignment_in_view(view, {"wurm": {"B": 4}}, {})) == ["510.1a"]


def test_702_19d_top_with_no_blockers_left_still_needs_loyalty_first():
    view = view_of(
        AttackView.of(
            "titan",
            5,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            blocked=True,
            trample_over_planeswalkers=True,
        ),
        loyalty={"jace": 4},
    )
    assert default_assignment_in_view(view)[0] == {"titan": {"jace": 4, "B": 1}}
    assert rules_of(check_assignment_in_view(view, {"titan": {"jace": 3, "B": 2}}, {})) == ["702.19c"]


def test_702_19e_top_whose_planeswalker_left_combat_assigns_to_its_controller():
    unblocked = view_of(
        AttackView.of(
            "titan",
            5,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            defender_removed=True,
            trample_over_planeswalkers=True,
        ),
    )
    assert default_assignment_in_view(unblocked)[0] == {"titan": {"B": 5}}
    assert rules_of(check_assignment_in_view(unblocked, {"titan": {"jace": 5}}, {})) == ["506.4c"]
    blocked = view_of(
        AttackView.of(
            "titan",
            5,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            defender_removed=True,
            blockers=("bear",),
            trample_over_planeswalkers=True,
        ),
        lethal={"bear": 2},
    )
    assert default_assignment_in_view(blocked)[0] == {"titan": {"bear": 2, "B": 3}}
    assert rules_of(check_assignment_in_view(blocked, {"titan": {"bear": 1, "B": 4}}, {})) == ["702.19e"]
    gone = view_of(
        AttackView.of(
            "titan",
            5,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            defender_removed=True,
            blocked=True,
            trample_over_planeswalkers=True,
        ),
    )
    assert default_assignment_in_view(gone)[0] == {"titan": {"B": 5}}


def test_702_19f_without_top_nothing_reaches_the_planeswalkers_controller():
    view = view_of(
        AttackView.of("ox", 5, "jace", defender_kind="planeswalker", defender_controller="B"),
        loyalty={"jace": 2},
    )
    (v,) = check_assignment_in_view(view, {"ox": {"jace": 2, "B": 3}}, {})
    assert v.rule == "702.19f" and "プレインズウォーカー越えトランプルを持たない" in v.message
    removed = view_of(
        AttackView.of(
            "ox", 5, "jace", defender_kind="planeswalker", defender_controller="B", defender_removed=True
        )
    )
    assert default_assignment_in_view(removed)[0] == {"ox": {}}  # 506.4c, 510.1b
    assert rules_of(check_assignment_in_view(removed, {"ox": {"B": 5}}, {})) == ["702.19f"]
    assert rules_of(check_assignment_in_view(removed, {"ox": {"jace": 5}}, {})) == ["510.1b"]


def test_506_4c_trampler_whose_planeswalker_left_combat_tramples_to_nobody():
    view = view_of(
        AttackView.of(
            "wurm",
            5,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            defender_removed=True,
            blockers=("bear",),
            trample=True,
        ),
        lethal={"bear": 2},
    )
    assert default_assignment_in_view(view)[0] == {"wurm": {"bear": 5}}
    assert rules_of(check_assignment_in_view(view, {"wurm": {"bear": 2, "jace": 3}}, {})) == ["506.4c"]


# --------------------------------------------------------------------------------------------
# Messages, names, helpers, errors
# --------------------------------------------------------------------------------------------


def test_messages_use_names_from_the_view_or_the_keyword():
    view = example_702_19b_2()
    (v,) = check_assignment_in_view(view, {"wurm": {"knight": 2, "B": 3}}, {})
    assert v.message.startswith("「緑のワーム」の割り振りの合計が6点ではなく5点です")
    (v,) = check_assignment_in_view(view, {"wurm": {"knight": 2, "B": 3}}, {}, names={"wurm": "ワーム"})
    assert v.message.startswith("「ワーム」の") and v.message.endswith("(510.1a)")


def test_every_message_ends_with_its_rule():
    view = view_of(
        AttackView.of("wurm", 6, "B", blockers=("bear",), trample=True),
        AttackView.of(
            "titan",
            4,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            trample_over_planeswalkers=True,
        ),
        blocks=(BlockView.of("bear", 2, ("wurm",)),),
        lethal={"bear": 2},
        loyalty={"jace": 3},
    )
    violations = check_assignment_in_view(
        view, {"wurm": {"B": 6, "C": -1}, "titan": {"jace": 1, "B": 2}, "elf": {}}, {"bear": {"titan": 2}}
    )
    assert len(violations) >= 5
    for v in violations:
        assert v.message.endswith(f"({v.rule})")


def test_format_assignment():
    assert format_assignment({"bear": 2, "B": 4}, {"B": "対戦相手"}) == "「bear」に2点、「対戦相手」に4点"
    assert format_assignment({"bear": 0}) == "割り振りなし"


def test_assignment_error_for_unknown_creatures_and_missing_lethal():
    with pytest.raises(AssignmentError):
        count_assignments_in_view(example_702_19b_1(), "ghost")
    with pytest.raises(AssignmentError, match="lethal"):
        view_of(AttackView.of("ox", 1, "B", blockers=("wall",)))
    with pytest.raises(AssignmentError, match="loyalty"):
        view_of(
            AttackView.of(
                "t",
                1,
                "jace",
                defender_kind="planeswalker",
                defender_controller="B",
                trample_over_planeswalkers=True,
            )
        )
    with pytest.raises(AssignmentError):
        AttackView.of("ox", 1, "B", defender_kind="creature")


def test_legal_assignments_holds_given_other_assignments_fixed():
    view = example_702_19b_1()
    # with the 1/1 assigning nothing to the wall (illegal for it, but held fixed), the trampler needs 2
    assert lethal_needed(view, "wurm", {"ox": {}}) == {"wall": 2}
    assert count_assignments_in_view(view, "wurm", {"ox": {}}) == 1 + 1  # 3-0, 2-1
    assert count_assignments_in_view(view, "wurm") == 1 + 2  # 3-0, 2-1, 1-2


def test_count_is_fast_for_twenty_power_and_six_blockers():
    view = view_of(
        AttackView.of(
            "wurm",
            20,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            blockers=tuple("abcdef"),
            trample_over_planeswalkers=True,
        ),
        lethal=dict(zip("abcdef", (1, 2, 3, 1, 2, 3), strict=True)),
        loyalty={"jace": 4},
    )
    start = time.perf_counter()
    n = count_assignments_in_view(view, "wurm")
    assert time.perf_counter() - start < 0.05
    # stars and bars: 20 over the 6 blockers, + (20 - 12 - 1) spare over 7 recipients_in_view, + (20 - 12 - 4 - 1) over 8
    assert n == comb(25, 5) + comb(13, 6) + comb(10, 7) == 53130 + 1716 + 120


def test_count_closed_form_equals_enumeration_for_a_medium_case():
    view = view_of(
        AttackView.of(
            "wurm",
            10,
            "jace",
            defender_kind="planeswalker",
            defender_controller="B",
            blockers=tuple("abcd"),
            trample_over_planeswalkers=True,
            deathtouch=True,
        ),
        AttackView.of("ox", 1, "jace", defender_kind="planeswalker", defender_controller="B"),
        lethal={"a": 3, "b": 0, "c": 2, "d": 5},
        loyalty={"jace": 4},
    )
    generated = list(legal_assignments_in_view(view, "wurm"))
    assert (
        count_assignments_in_view(view, "wurm")
        == len(generated)
        == len({tuple(g.items()) for g in generated})
    )
    assert all(own_violations(view, "wurm", g, {"ox": {"jace": 1}}) == [] for g in generated)


def thorn_view(*blockers: str, power: int = 7, **kw) -> CombatView:
    """《茨の精霊》 (7 power) attacking B, blocked by ``blockers`` (lethal 2 each)."""
    return view_of(
        AttackView.of("thorn", power, "B", blockers=blockers, blocked=True, as_though_unblocked=True, **kw),
        lethal=dict.fromkeys(blockers, 2),
    )


def test_510_1c_as_though_unblocked_adds_the_all_to_the_player_choice():
    """Thorn Elemental's ruling: blocked, it may assign all its damage to the player as though unblocked."""
    view = thorn_view("bear", "elf")
    assert recipients_in_view(view, "thorn") == ("bear", "elf", "B")
    assert check_assignment_in_view(view, {"thorn": {"B": 7}}, {}) == ()
    assert check_assignment_in_view(view, {"thorn": {"bear": 3, "elf": 4}}, {}) == ()
    assert rules_of(check_assignment_in_view(view, {"thorn": {"bear": 3, "B": 4}}, {})) == ["510.1c"]
    assert rules_of(check_assignment_in_view(view, {"thorn": {"B": 8}}, {})) == ["510.1a"]
    assert count_assignments_in_view(view, "thorn") == comb(8, 1) + 1
    assert list(legal_assignments_in_view(view, "thorn"))[-1] == {"B": 7}
    assert default_assignment_in_view(view)[0] == {"thorn": {"bear": 2, "elf": 5}}
    assert max_damage_assignment_in_view(view, "thorn") == {"B": 7}


def test_510_1c_as_though_unblocked_with_trample_is_counted_once_where_both_choices_agree():
    """Trample is irrelevant to the unblocked choice; an assignment both choices allow counts once."""
    view = view_of(
        AttackView.of("thorn", 5, "B", blockers=("bear",), trample=True, as_though_unblocked=True),
        lethal={"bear": 0},  # already lethally damaged: all to B is an ordinary trample assignment too
    )
    generated = list(legal_assignments_in_view(view, "thorn"))
    assert count_assignments_in_view(view, "thorn") == len(generated) == 1 + comb(4 + 1, 1)
    assert generated.count({"B": 5}) == 1


def test_510_1c_as_though_unblocked_against_the_planeswalker_that_blocks_it():
    """An attacked creature planeswalker that blocks is one recipient (510.1c): all to it is both choices;
    with trample over planeswalkers the unblocked choice needs only its loyalty (702.19c), the blocked one
    its lethal damage too, and the elf's."""
    for elf in (False, True):
        blockers = ("pw", "elf") if elf else ("pw",)
        attack = AttackView.of(
            "thorn",
            6,
            "pw",
            blockers=blockers,
            defender_kind="planeswalker",
            defender_controller="B",
            trample_over_planeswalkers=True,
            as_though_unblocked=True,
        )
        view = view_of(attack, lethal={"pw": 4, "elf": 1}, loyalty={"pw": 2})
        generated = list(legal_assignments_in_view(view, "thorn"))
        assert count_assignments_in_view(view, "thorn") == len(generated)
        assert len({tuple(sorted(g.items())) for g in generated}) == len(generated)
        assert {"pw": 2, "B": 4} in generated  # as though unblocked: loyalty 2 is enough (702.19c)
        assert generated.count({"pw": 6}) == 1
        assert check_assignment_in_view(view, {"thorn": {"pw": 2, "B": 4}}, {}) == ()
        assert max_damage_assignment_in_view(view, "thorn") == {"pw": 2, "B": 4}


def test_510_1c_as_though_unblocked_damage_counts_for_another_tramplers_loyalty():
    """CR 702.19c: the Thorn Elemental's points on the planeswalker count towards its loyalty for the other
    attacker's trample over planeswalkers, as any other creature's damage assigned to it does."""
    view = view_of(
        AttackView.of(
            "thorn",
            3,
            "pw",
            blockers=("bear",),
            defender_kind="planeswalker",
            defender_controller="B",
            as_though_unblocked=True,
        ),
        AttackView.of(
            "titan",
            4,
            "pw",
            defender_kind="planeswalker",
            defender_controller="B",
            trample_over_planeswalkers=True,
        ),
        lethal={"bear": 2},
        loyalty={"pw": 3},
    )
    assert check_assignment_in_view(view, {"thorn": {"pw": 3}, "titan": {"B": 4}}, {}) == ()
    assert rules_of(check_assignment_in_view(view, {"thorn": {"bear": 3}, "titan": {"B": 4}}, {})) == [
        "702.19c"
    ]


def test_510_1a_by_toughness_messages_say_toughness():
    view = view_of(
        AttackView.of("tree", 5, "B", by_toughness=True), AttackView.of("husk", 0, "B", by_toughness=True)
    )
    (short,) = check_assignment_in_view(view, {"tree": {"B": 4}, "husk": {}}, {})
    assert short.rule == "510.1a" and "タフネスに等しい5点" in short.message
    (nothing,) = check_assignment_in_view(view, {"tree": {"B": 5}, "husk": {"B": 1}}, {})
    assert "タフネスは0なので" in nothing.message


# --------------------------------------------------------------------------------------------
# Property-based tests
# --------------------------------------------------------------------------------------------


@st.composite
def views(draw, max_power: int = 4) -> CombatView:
    """Small combats: up to 3 attackers, up to 3 blockers, a player P, a planeswalker pw (controller P), a battle bt.

    pw is sometimes a creature planeswalker that blocks too (possibly the creature attacking it).
    """
    blockers = [f"b{i}" for i in range(draw(st.integers(0, 3)))]
    if draw(st.integers(0, 3)) == 0:
        blockers.append("pw")
    attacks = []
    for i in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["player", "planeswalker", "battle"]))
        defender = {"player": "P", "planeswalker": "pw", "battle": "bt"}[kind]
        removed = kind != "player" and draw(st.integers(0, 3)) == 0
        blocked = draw(st.booleans())
        chosen = (
            tuple(draw(st.permutations(blockers))[: draw(st.integers(0, len(blockers)))]) if blocked else ()
        )
        attacks.append(
            AttackView.of(
                f"a{i}",
                draw(st.integers(-1, max_power)),
                None if kind == "player" and draw(st.integers(0, 9)) == 0 else defender,
                blockers=chosen,
                blocked=blocked,
                defender_kind=kind,
                defender_controller="P" if kind == "planeswalker" else None,
                trample=draw(st.booleans()),
                trample_over_planeswalkers=draw(st.booleans()),
                deathtouch=draw(st.integers(0, 3)) == 0,
                defender_removed=removed,
                as_though_unblocked=draw(st.integers(0, 3)) == 0,
            )
        )
    blocks = tuple(
        BlockView.of(
            b,
            draw(st.integers(-1, 3)),
            tuple(a.attacker for a in attacks if b in a.blockers),
            deathtouch=draw(st.booleans()),
        )
        for b in blockers
    )
    lethal = {b: draw(st.integers(0, 4)) for b in blockers}
    for a in attacks:
        if draw(st.booleans()):
            lethal[a.attacker] = draw(st.integers(0, 4))
    return CombatView(tuple(attacks), blocks, lethal, {"pw": draw(st.integers(1, 5))})


def oracle_is_legal(view: CombatView, a: AttackView, amounts: Mapping[str, int], others: Mapping) -> bool:
    """CR 510.1a-c, 702.19b-f, 702.2c read directly: is ``amounts`` (non-negative) legal for attacker ``a``?

    A blocked creature that may assign as though it weren't blocked (《茨の精霊》) may also assign as the
    same creature unblocked would (510.1b instead of 510.1c).
    """
    if a.as_though_unblocked and a.blocked:
        unblocked = dataclasses.replace(a, blocked=False, blockers=(), as_though_unblocked=False)
        if oracle_is_legal(view, unblocked, amounts, others):
            return True
    amounts = {r: n for r, n in amounts.items() if n}
    if a.power <= 0:
        return not amounts  # 510.1a
    present = a.defender is not None and not a.defender_removed
    top_pw = a.trample_over_planeswalkers and a.defender_kind == "planeswalker" and a.defender_controller
    tier: dict[str, int] = {}  # recipient -> 0 free, 1 after lethal, 2 after lethal and loyalty
    if not a.blocked:  # 510.1b, 702.19c (its example is unblocked), 702.19e
        if present:
            tier[a.defender] = 0 if not top_pw else 1
            if top_pw:
                tier[a.defender_controller] = 2
        elif top_pw:
            tier[a.defender_controller] = 0
    else:  # 510.1c, 702.19b-e
        tier.update(dict.fromkeys(a.blockers, 0))
        if a.trample or a.trample_over_planeswalkers:
            if present:
                tier.setdefault(a.defender, 1)  # a blocker stays free, even the planeswalker it attacks
                if top_pw:
                    tier[a.defender_controller] = 2
            elif top_pw:
                tier[a.defender_controller] = 1
    if not tier:
        return not amounts
    if any(r not in tier for r in amounts) or sum(amounts.values()) != a.power:
        return False

    def others_on(r: str) -> list[tuple[AttackView, int]]:
        return [(o, others[o.attacker].get(r, 0)) for o in view.attacks if o.attacker != a.attacker]

    def lethal(b: str) -> bool:
        dealt = others_on(b)
        if any(o.deathtouch and n > 0 for o, n in dealt):
            return True
        if a.deathtouch and amounts.get(b, 0) > 0:
            return True
        return amounts.get(b, 0) + sum(max(n, 0) for _, n in dealt) >= view.lethal[b]

    if any(tier[r] >= 1 for r in amounts) and not all(lethal(b) for b in a.blockers):
        return False
    if any(tier[r] == 2 for r in amounts):
        loyalty = view.loyalty[a.defender]
        return amounts.get(a.defender, 0) + sum(max(n, 0) for _, n in others_on(a.defender)) >= loyalty
    return True


def others_for(view: CombatView, attacker: str) -> dict[str, dict[str, int]]:
    """The other attackers' assignments legal_assignments holds fixed: defaults made as if ``attacker`` assigned 0."""
    full, _ = complete_assignment(view, {attacker: {}})
    return {k: v for k, v in full.items() if k != attacker}


def own_violations(view, attacker, amounts, others, blocks=None):
    full = {**others, attacker: amounts}
    return [v for v in check_assignment_in_view(view, full, blocks or {}) if v.attacker == attacker]


def divisions_of(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` ordered amounts of 0 or more (stars and bars).

    The same vectors as filtering ``itertools.product(range(total + 1), repeat=parts)`` by their sum, without
    visiting the (total + 1) ** parts others: the oracle then spends its time on the divisions it checks.
    """
    for bars in itertools.combinations(range(total + parts - 1), parts - 1):
        edges = (-1, *bars, total + parts - 1)
        yield tuple(right - left - 1 for left, right in itertools.pairwise(edges))


@pytest.mark.parametrize(("total", "parts"), [(0, 1), (0, 4), (3, 1), (4, 3), (5, 4), (2, 6)])
def test_divisions_of_are_the_filtered_product(total, parts):
    expected = [v for v in itertools.product(range(total + 1), repeat=parts) if sum(v) == total]
    assert sorted(divisions_of(total, parts)) == expected
    assert len(expected) == comb(total + parts - 1, parts - 1)


PROPERTY = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(views())
def test_property_generated_equals_oracle_and_check_agrees(view):
    """Every division of the power over every id in sight: check_assignment_in_view, the generator and the oracle agree."""
    _, blocks = default_assignment_in_view(view)
    ids = sorted({"P", "pw", "bt", "zz", *view.lethal})
    for a in view.attacks:
        others = others_for(view, a.attacker)
        generated = list(legal_assignments_in_view(view, a.attacker))
        for g in generated:  # the others' defaults never rely on this attacker: the whole stays legal
            assert check_assignment_in_view(view, {**others, a.attacker: g}, blocks) == ()
        assert len(generated) == count_assignments_in_view(view, a.attacker)
        keys = [tuple(sorted(g.items())) for g in generated]
        assert len(set(keys)) == len(keys)
        power = max(a.power, 0)
        oracle = set()
        for total in {0, power}:
            for vec in divisions_of(total, len(ids)):
                amounts = {r: n for r, n in zip(ids, vec, strict=True) if n}
                legal = oracle_is_legal(view, a, amounts, others)
                assert legal == (own_violations(view, a.attacker, amounts, others) == []), (a, amounts)
                if legal:
                    oracle.add(tuple(sorted(amounts.items())))
        assert oracle == set(keys)


@PROPERTY
@given(views(max_power=7))
def test_property_count_matches_generator_and_max_is_maximal(view):
    for a in view.attacks:
        others = others_for(view, a.attacker)
        generated = list(legal_assignments_in_view(view, a.attacker))
        assert count_assignments_in_view(view, a.attacker) == len(generated)
        best = max_damage_assignment_in_view(view, a.attacker)
        assert best in generated
        assert own_violations(view, a.attacker, best, others) == []
        past = {a.defender, a.defender_controller} - {None} - set(a.blockers)

        def score(d, past=past):
            return sum(n for r, n in d.items() if r in past)

        assert all(score(g) <= score(best) for g in generated)
        if a.defender_controller:
            top = [g for g in generated if score(g) == score(best)]
            assert all(g.get(a.defender_controller, 0) <= best.get(a.defender_controller, 0) for g in top)
    for b in view.blocks:
        generated = list(legal_assignments_in_view(view, b.blocker))
        assert count_assignments_in_view(view, b.blocker) == len(generated)
        for g in generated:
            assert check_assignment_in_view(view, {}, {b.blocker: g}) == ()


@PROPERTY
@given(views())
def test_property_default_assignment_is_legal(view):
    attacks, blocks = default_assignment_in_view(view)
    assert check_assignment_in_view(view, attacks, blocks) == ()
    assert set(attacks) == {a.attacker for a in view.attacks}
    assert all(0 not in d.values() for d in (*attacks.values(), *blocks.values()))


@PROPERTY
@given(views(), st.data())
def test_property_perturbed_assignments_are_refused(view, data):
    attacks, blocks = default_assignment_in_view(view)
    creatures = [("a", a.attacker) for a in view.attacks] + [("b", b.blocker) for b in view.blocks]
    side, who = data.draw(st.sampled_from(creatures))
    table = attacks if side == "a" else blocks
    amounts = dict(table[who])
    kind = data.draw(st.sampled_from(["plus_one", "negative", "stranger", "minus_one"]))
    if kind == "plus_one":
        r = data.draw(st.sampled_from(sorted({*amounts, "P", "zz"})))
        amounts[r] = amounts.get(r, 0) + 1
    elif kind == "negative":
        amounts[data.draw(st.sampled_from(sorted({*amounts, "P"})))] = -1
    elif kind == "stranger":
        amounts["zz"] = 1
        if amounts.keys() - {"zz"}:
            r = data.draw(st.sampled_from(sorted(amounts.keys() - {"zz"})))
            amounts[r] -= 1
    else:
        if not amounts:
            return
        r = data.draw(st.sampled_from(sorted(amounts)))
        amounts[r] -= 1
    table[who] = amounts
    if side == "a" and kind == "minus_one":
        a = view.attack(who)
        others = {k: v for k, v in attacks.items() if k != who}
        if a.as_though_unblocked and a.blocked and oracle_is_legal(view, a, amounts, others):
            return  # one point less landed on the other choice: {} when its blockers are gone (510.1c)
    violations = check_assignment_in_view(view, attacks, blocks)
    assert violations
    assert any(v.attacker == who for v in violations)
    assert {v.rule for v in violations} <= RULES
    assert all(v.message.endswith(f"({v.rule})") for v in violations)
