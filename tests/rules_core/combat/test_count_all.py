"""``count_all_assignments``: every creature's count from one view per step, the same as asking
``count_assignments`` creature by creature (CR 510.1, 510.4)."""

from __future__ import annotations

import pytest

from rules_core import (
    AssignmentError,
    StepError,
    count_all_assignments,
    count_assignments,
    max_damage_all_assignments,
    max_damage_assignment,
    parse_scenario,
    plan_steps,
)
from rules_core.examples import EXAMPLES
from tutor.board.curated import CURATED

from ..helpers import attack, combat, creature, doc


def _combat_documents() -> list[tuple[str, dict]]:
    found = [(key, ex.document) for key, ex in EXAMPLES.items()]
    found += [(item.slug, item.document) for item in CURATED]
    found += [
        (
            "double-striking trampler, two blockers",
            doc(
                [
                    creature("ds", 4, 4, "A", keywords=["double_strike", "trample"]),
                    creature("x", 1, 1),
                    creature("y", 2, 3),
                ],
                combat(attack("ds", blockers=("x", "y"))),
            ),
        ),
        (
            "first-striking blocker of two attackers",
            doc(
                [
                    creature("p", 2, 2, "A"),
                    creature("q", 3, 3, "A"),
                    creature("fs", 3, 3, "B", keywords=["first_strike"], additional_blocks=1),
                    creature("z", 1, 1),
                ],
                combat(attack("p", blockers=("fs",)), attack("q", blockers=("fs", "z"))),
            ),
        ),
    ]
    return [(key, d) for key, d in found if (d.get("event") or {}).get("type") == "combat"]


def _one_by_one(scenario, step):
    """What count_assignments says for each creature of the combat (those it refuses are left out)."""
    out = {}
    event = scenario.event
    for ident in dict.fromkeys([*event.combatants, *event.entrants]):
        try:
            out[ident] = count_assignments(scenario, ident, step=step)
        except StepError:
            continue
    return out


COMBATS = _combat_documents()


@pytest.mark.parametrize(("key", "document"), COMBATS, ids=[key for key, _ in COMBATS])
@pytest.mark.parametrize("step", [None, 1, 2])
def test_count_all_matches_count_assignments(key: str, document: dict, step: int | None) -> None:
    """CR 510.4: each creature counted in the step asked (None: its first), as count_assignments counts it."""
    scenario = parse_scenario(document)
    try:
        counts = count_all_assignments(scenario, step=step)
    except StepError:
        # no such step for this board: count_assignments refuses every creature for it too
        assert _one_by_one(scenario, step) == {}
        return
    assert dict(counts) == _one_by_one(scenario, step)


def test_there_are_two_step_boards_among_them() -> None:
    """The comparison above covers CR 510.4 boards (first strike / double strike), not only one-step ones."""
    two_step = [k for k, d in COMBATS if plan_steps(parse_scenario(d))[0]]
    assert len(COMBATS) >= 20
    assert len(two_step) >= 3


def test_count_all_refuses_a_noncombat_and_a_bad_step() -> None:
    spell = next(ex.document for ex in EXAMPLES.values() if ex.document["event"]["type"] == "noncombat")
    with pytest.raises(AssignmentError):
        count_all_assignments(parse_scenario(spell))
    with pytest.raises(StepError):
        count_all_assignments(parse_scenario(COMBATS[0][1]), step=3)


@pytest.mark.parametrize(("key", "document"), COMBATS, ids=[key for key, _ in COMBATS])
@pytest.mark.parametrize("step", [None, 1, 2])
def test_max_damage_all_matches_max_damage_assignment(key: str, document: dict, step: int | None) -> None:
    """CR 702.19b: each attacker's most-damage assignment from one view per step, as asked one by one."""
    scenario = parse_scenario(document)
    try:
        found = max_damage_all_assignments(scenario, step=step)
    except StepError:
        return
    one_by_one = {}
    # the declared attackers and those put onto the battlefield attacking between the steps (508.4d, 702.49c)
    entering = [c.creature for c in scenario.event.between_steps if c.type in ("enter_attacking", "ninjutsu")]
    for attacker in dict.fromkeys([*(a.attacker for a in scenario.event.attacks), *entering]):
        try:
            one_by_one[attacker] = max_damage_assignment(scenario, attacker, step=step)
        except StepError:
            continue
    assert dict(found) == one_by_one
