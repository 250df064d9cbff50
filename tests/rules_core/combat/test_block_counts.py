"""Assignment, counting and enumeration with menace and additional blocks (issue 23 item 1).

CR 510.1c: a blocked creature divides its combat damage among its blockers; 510.1d: a creature blocking
two or more attackers divides its damage among them. A creature with menace is blocked by two or more
(702.111b); one that can block an additional creature blocks two attackers (509.1a).
"""

from __future__ import annotations

from rules_core import (
    count_all_assignments,
    count_assignments,
    default_assignment,
    legal_assignments,
    parse_scenario,
)
from tests.rules_core.helpers import attack, combat, creature, doc, final, run


def _menace(**kw: object) -> dict[str, object]:
    return doc(
        [
            creature("rogue", 3, 3, "A", keywords=["menace"]),
            creature("bear", 2, 2),
            creature("elf", 1, 1),
        ],
        combat(attack("rogue", blockers=("bear", "elf")), **kw),
    )


def _double_block(**kw: object) -> dict[str, object]:
    return doc(
        [
            creature("ox", 1, 1, "A"),
            creature("elf", 1, 1, "A"),
            creature("brigade", 2, 4, additional_blocks=1),
        ],
        combat(attack("ox", blockers=("brigade",)), attack("elf", blockers=("brigade",)), **kw),
    )


def test_menace_attacker_divides_among_its_two_blockers():
    """CR 510.1c: 3 damage among two blockers: 0-3, 1-2, 2-1, 3-0 (four divisions), enumerated and counted alike."""
    scenario = parse_scenario(_menace())
    divisions = list(legal_assignments(scenario, "rogue"))
    assert len(divisions) == 4 == count_assignments(scenario, "rogue")
    assert {"bear": 2, "elf": 1} in divisions


def test_menace_block_resolves_with_the_given_division():
    """CR 510.1c, 510.2, 704.5g: 2 to the bear and 1 to the elf kill both; their 3 damage kills the 3/3."""
    result = final(_menace(assignments={"rogue": {"bear": 2, "elf": 1}}))
    zones = {pid: p["zone"] for pid, p in result["permanents"].items()}
    assert zones == {"rogue": "graveyard", "bear": "graveyard", "elf": "graveyard"}


def test_a_blocker_of_two_attackers_divides_its_damage_between_them():
    """CR 510.1d: the 2/4 blocking two 1/1s divides 2 damage: 0-2, 1-1, 2-0 (three divisions)."""
    scenario = parse_scenario(_double_block())
    divisions = list(legal_assignments(scenario, "brigade"))
    assert len(divisions) == 3 == count_assignments(scenario, "brigade")
    assert {"ox": 1, "elf": 1} in divisions
    assert all(set(d) <= {"ox", "elf"} for d in divisions)


def test_the_double_blocker_kills_both_attackers_with_one_each():
    """CR 510.1d, 704.5g: 1 damage to each 1/1 attacker kills both; the 2/4 takes 2 and survives."""
    result = final(_double_block(blocker_assignments={"brigade": {"ox": 1, "elf": 1}}))
    by_id = result["permanents"]
    assert by_id["ox"]["zone"] == by_id["elf"]["zone"] == "graveyard"
    assert by_id["brigade"]["zone"] == "battlefield" and by_id["brigade"]["damage"] == 2


def test_the_double_blocker_can_t_assign_to_a_creature_it_doesn_t_block():
    """CR 510.1d: a blocker assigns its damage only to the creatures it blocks."""
    board = doc(
        [
            creature("ox", 1, 1, "A"),
            creature("elf", 1, 1, "A"),
            creature("third", 1, 1, "A"),
            creature("brigade", 2, 4, additional_blocks=1),
        ],
        combat(
            attack("ox", blockers=("brigade",)),
            attack("elf", blockers=("brigade",)),
            attack("third"),
            blocker_assignments={"brigade": {"third": 2}},
        ),
    )
    _, result = run(board)
    assert not result["legal"]


def test_default_assignment_and_the_count_of_every_creature_stay_consistent():
    """CR 510.1c-d: the default is one of the legal divisions; the whole combat's count is the product
    per creature: three divisions for the blocker, one for each attacker (it has one blocker)."""
    scenario = parse_scenario(_double_block())
    default = default_assignment(scenario)
    assert default["blocker_assignments"]["brigade"] in list(legal_assignments(scenario, "brigade"))
    assert count_all_assignments(scenario) == {"brigade": 3, "ox": 1, "elf": 1}
