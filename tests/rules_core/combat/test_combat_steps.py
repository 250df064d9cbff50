"""CR 510.4: the combat query helpers asked about a given combat damage step (``step=1`` / ``step=2``)."""

from __future__ import annotations

import copy
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import (
    Violation,
    check_assignment,
    count_assignments,
    default_assignment,
    legal_assignments,
    max_damage_assignment,
    parse_scenario,
    plan_steps,
    recipients,
)

from ..helpers import attack, combat, creature, doc

SETTINGS = settings(
    max_examples=int(os.environ.get("RULES_CORE_EXAMPLES", "120")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _duelist(**event: Any) -> dict[str, Any]:
    """A 4/4 double striker with trample blocked by two 1/2s."""
    return doc(
        [
            creature("duelist", 4, 4, controller="A", keywords=["double_strike", "trample"]),
            creature("x", 1, 2),
            creature("y", 1, 2),
        ],
        combat(attack("duelist", blockers=("x", "y")), **event),
    )


def test_step_2_is_answered_on_the_board_the_given_first_step_leaves() -> None:
    # Step 1 as given: 3 to x (dies), 1 to y (1 damage marked). Step 2: y needs 1 more, x is gone (506.4).
    s = parse_scenario(_duelist(assignments={"duelist": {"x": 3, "y": 1}}))
    assert recipients(s, "duelist", step=2) == ("y", "B")
    assert list(legal_assignments(s, "duelist", step=2)) == [
        {"y": 4},
        {"y": 3, "B": 1},
        {"y": 2, "B": 2},
        {"y": 1, "B": 3},
    ]
    assert count_assignments(s, "duelist", step=2) == 4
    assert max_damage_assignment(s, "duelist", step=2) == {"y": 1, "B": 3}
    # step=None and step=1 are the first step, on the board as it begins.
    assert recipients(s, "duelist") == recipients(s, "duelist", step=1) == ("x", "y", "B")
    assert count_assignments(s, "duelist") == count_assignments(s, "duelist", step=1) == 5
    assert max_damage_assignment(s, "duelist", step=1) == {"x": 2, "y": 2}


def test_step_2_follows_the_first_step_typed_not_the_default() -> None:
    by_default = parse_scenario(_duelist())  # 2 and 2: both blockers die in step 1
    assert recipients(by_default, "duelist", step=2) == ("B",)
    assert count_assignments(by_default, "duelist", step=2) == 1  # 702.19d: all to the player
    typed = parse_scenario(_duelist(assignments={"duelist": {"x": 4}}))
    assert recipients(typed, "duelist", step=2) == ("y", "B")
    assert max_damage_assignment(typed, "duelist", step=2) == {"y": 2, "B": 2}


def test_default_assignment_second_step_follows_the_given_first_step() -> None:
    """Behaviour change: the second step's defaults come after the *given* first step (no longer a default one)."""
    s = parse_scenario(_duelist(assignments={"duelist": {"x": 3, "y": 1}}))
    assert default_assignment(s) == {
        "assignments": {"duelist": {"x": 2, "y": 2}},  # step 1's own default, as before
        "blocker_assignments": {"y": {"duelist": 1}},  # x died in the given step 1
        "second_step_assignments": {"duelist": {"y": 1, "B": 3}},
    }
    # An illegal first step leaves no board: the second step's defaults follow a default first step.
    illegal = parse_scenario(_duelist(assignments={"duelist": {"x": 1, "B": 3}}))
    assert default_assignment(illegal)["second_step_assignments"] == {"duelist": {"B": 4}}


def test_other_creatures_second_step_entries_are_held_as_given() -> None:
    # Two double strikers blocked by one 0/6 wall; after step 1 (2 + 3) it needs 1 more.
    def scenario(ox_second: dict[str, int]) -> Any:
        return parse_scenario(
            doc(
                [
                    creature("ox", 2, 2, controller="A", keywords=["double_strike"]),
                    creature("wurm", 3, 3, controller="A", keywords=["double_strike", "trample"]),
                    creature("wall", 0, 6, additional_blocks=1),
                ],
                combat(
                    attack("ox", blockers=("wall",)),
                    attack("wurm", blockers=("wall",)),
                    assignments={"ox": {"wall": 2}, "wurm": {"wall": 3}},
                    second_step_assignments={"ox": ox_second},
                ),
            )
        )

    assert count_assignments(scenario({"wall": 2}), "wurm", step=2) == 1 + 3  # the wall needs nothing more
    assert count_assignments(scenario({}), "wurm", step=2) == 1 + 2  # the wall still needs 1 from the wurm
    assert max_damage_assignment(scenario({}), "wurm", step=2) == {"wall": 1, "B": 2}


def test_creatures_without_first_strike_answer_for_step_2_with_or_without_step() -> None:
    s = parse_scenario(_duelist(assignments={"duelist": {"x": 3, "y": 1}}))
    assert count_assignments(s, "y") == count_assignments(s, "y", step=2) == 1
    assert recipients(s, "y", step=2) == ("duelist",)


@pytest.mark.parametrize(
    ("creature_id", "step", "message"),
    [
        ("x", 1, "第1戦闘ダメージ・ステップでは戦闘ダメージを割り振りません"),
        ("x", 2, "戦場を離れた"),
        ("x", None, "戦場を離れた"),
        ("duelist", 3, "1 か 2"),
    ],
)
def test_a_creature_dealing_no_damage_in_the_asked_step_is_a_value_error(
    creature_id: str, step: int | None, message: str
) -> None:
    s = parse_scenario(_duelist(assignments={"duelist": {"x": 3, "y": 1}}))
    for helper in (
        count_assignments,
        max_damage_assignment,
        recipients,
        lambda s, c, step: list(legal_assignments(s, c, step=step)),
    ):
        with pytest.raises(ValueError, match=message):
            helper(s, creature_id, step=step)  # type: ignore[operator]


def test_step_2_of_a_first_striker_without_double_strike_or_of_a_one_step_combat() -> None:
    s = parse_scenario(
        doc(
            [
                creature("knight", 2, 2, controller="A", keywords=["first_strike"]),
                creature("ogre", 3, 3, controller="A"),
                creature("wall", 0, 9),
            ],
            combat(attack("knight", blockers=("wall",)), attack("ogre")),
        )
    )
    with pytest.raises(ValueError, match="二段攻撃を持たず"):
        count_assignments(s, "knight", step=2)
    assert count_assignments(s, "ogre", step=2) == 1
    one = parse_scenario(doc([creature("ogre", 3, 3, controller="A")], combat(attack("ogre"))))
    assert count_assignments(one, "ogre", step=1) == 1
    with pytest.raises(ValueError, match="第2戦闘ダメージ・ステップはありません"):
        count_assignments(one, "ogre", step=2)


def test_step_2_after_an_illegal_first_step_is_a_value_error_but_step_none_falls_back() -> None:
    s = parse_scenario(
        doc(
            [
                creature("knight", 2, 2, controller="A", keywords=["first_strike", "trample"]),
                creature("ogre", 3, 3, controller="A"),
                creature("wall", 0, 9),
            ],
            combat(attack("knight", blockers=("wall",)), attack("ogre"), assignments={"knight": {"B": 2}}),
        )
    )
    with pytest.raises(ValueError, match="第1戦闘ダメージ・ステップの割り振りが適正ではない"):
        count_assignments(s, "ogre", step=2)
    assert count_assignments(s, "ogre") == 1  # as before: on the board after a default first step


def test_step_2_after_the_game_ended_is_a_value_error() -> None:
    s = parse_scenario(
        doc(
            [
                creature("knight", 5, 2, controller="A", keywords=["first_strike"]),
                creature("ogre", 3, 3, controller="A"),
            ],
            combat(attack("knight"), attack("ogre")),
            players=[{"id": "A"}, {"id": "B", "life": 5}],
        )
    )
    with pytest.raises(ValueError, match="ゲームが終わった"):
        count_assignments(s, "ogre", step=2)


def test_violations_carry_their_step() -> None:
    (v1,) = check_assignment(parse_scenario(_duelist(assignments={"duelist": {"x": 1, "B": 3}})))
    assert (v1.rule, v1.step) == ("702.19b", 1)
    (v2,) = check_assignment(
        parse_scenario(
            _duelist(
                second_step_assignments={"duelist": {"B": 4, "x": 0}},
                assignments={"duelist": {"x": 1, "y": 3}},
            )
        )
    )
    assert (v2.rule, v2.step) == ("702.19b", 2)
    (v0,) = check_assignment(
        parse_scenario(
            doc(
                [creature("ogre", 3, 3, controller="A", keywords=["trample"]), creature("wall", 0, 9)],
                combat(attack("ogre", blockers=("wall",)), assignments={"ogre": {"B": 3}}),
            )
        )
    )
    assert v0.step is None
    assert Violation("510.1a", "x").step is None


# --------------------------------------------------------------------------- hypothesis


@st.composite
def two_step_combats(draw: st.DrawFn) -> dict[str, Any]:
    """Small combats with a first-strike step: 1-2 attackers, 0-3 blockers (some blocking both)."""
    perms: list[dict[str, Any]] = []
    n_attackers = draw(st.integers(1, 2))
    for i in range(n_attackers):
        keywords = draw(
            st.sets(st.sampled_from(["first_strike", "double_strike", "trample", "deathtouch"]), max_size=2)
        )
        perms.append(
            creature(
                f"a{i}",
                draw(st.integers(0, 4)),
                draw(st.integers(1, 4)),
                controller="A",
                keywords=sorted(keywords),
            )
        )
    if not any({"first_strike", "double_strike"} & set(p["keywords"]) for p in perms):
        perms[0]["keywords"] = sorted({*perms[0]["keywords"], "double_strike"})
    blocks: dict[str, list[str]] = {f"a{i}": [] for i in range(n_attackers)}
    for j in range(draw(st.integers(0, 3))):
        keywords = draw(st.sets(st.sampled_from(["first_strike", "double_strike", "deathtouch"]), max_size=1))
        perms.append(
            creature(
                f"b{j}",
                draw(st.integers(0, 3)),
                draw(st.integers(1, 4)),
                keywords=sorted(keywords),
                damage=draw(st.integers(0, 1)),
            )
        )
        chosen = draw(st.lists(st.sampled_from(sorted(blocks)), min_size=1, max_size=2, unique=True))
        for a in chosen:
            blocks[a].append(f"b{j}")
        if len(chosen) > 1:  # 509.1a: it can block an additional creature (issue 23)
            perms[-1]["additional_blocks"] = len(chosen) - 1
    event = combat(*(attack(a, blockers=tuple(bs)) for a, bs in blocks.items()))
    d = doc(perms, event)
    if draw(st.booleans()):  # a legal first step typed for one first striker
        s = parse_scenario(d)
        _two, first = plan_steps(s)
        attackers = sorted(first & set(blocks))
        if attackers:
            who = draw(st.sampled_from(attackers))
            options = list(legal_assignments(s, who, step=1))
            d["event"]["assignments"] = {who: draw(st.sampled_from(options))}
    return d


@SETTINGS
@given(two_step_combats())
def test_property_step_2_count_matches_the_generator_and_each_one_is_legal(d: dict[str, Any]) -> None:
    s = parse_scenario(d)
    two_steps, first = plan_steps(s)
    assert two_steps
    assert check_assignment(s) == ()
    for c in sorted(s.event.combatants):  # type: ignore[union-attr]
        try:
            n = count_assignments(s, c, step=2)
        except ValueError:
            continue
        generated = list(legal_assignments(s, c, step=2))
        assert n == len(generated)
        best = max_damage_assignment(s, c, step=2) if c.startswith("a") else None
        assert best is None or best in generated
        role = "assignments" if c.startswith("a") else "blocker_assignments"
        key = f"second_step_{role}" if c in first else role
        for g in generated:
            trial = copy.deepcopy(d)
            trial["event"].setdefault(key, {})[c] = g
            assert check_assignment(parse_scenario(trial)) == (), (c, g)


def test_query_errors_are_typed_step_errors_for_steps_and_assignment_errors_otherwise() -> None:
    """Issue 9 item 5: AssignmentError for a question about no combat or no such creature; StepError (CR 510.4)
    for a step the creature deals no damage in or a step that does not exist. Both stay ValueErrors."""
    from rules_core import AssignmentError, StepError

    s = parse_scenario(_duelist(assignments={"duelist": {"x": 3, "y": 1}}))
    with pytest.raises(StepError, match="第1戦闘ダメージ・ステップでは戦闘ダメージを割り振りません"):
        count_assignments(s, "x", step=1)  # no first strike: step 1 is not its step (510.4)
    with pytest.raises(StepError, match="1 か 2"):
        recipients(s, "duelist", step=3)
    with pytest.raises(
        AssignmentError, match="攻撃クリーチャーでもブロック・クリーチャーでもありません"
    ) as info:
        max_damage_assignment(s, "nobody")
    assert not isinstance(info.value, StepError)
    one = parse_scenario(doc([creature("ogre", 3, 3, controller="A")], combat(attack("ogre"))))
    with pytest.raises(StepError, match="第2戦闘ダメージ・ステップはありません"):
        count_assignments(one, "ogre", step=2)
    no_event = parse_scenario({**doc([creature("bear", 2, 2, controller="A")]), "event": {}})
    with pytest.raises(AssignmentError, match="戦闘のシナリオではありません") as info:
        check_assignment(no_event)
    assert not isinstance(info.value, StepError) and isinstance(info.value, ValueError)
