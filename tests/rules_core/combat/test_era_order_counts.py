"""The 2009-2024 damage assignment order (510.1c-d of the 2024-08-02 file) counted in closed form.

``era_order.count_in_view`` must count exactly the assignments ``era_order.legal_in_view`` yields
(today's legal assignments that respect the order), without walking them: the 2009-2024 board of
one 20-power trampler and eight 1/3 blockers took more than 30 s per page by enumeration.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from rules_core import count_all_assignments, parse_scenario
from rules_core.combat import era_order as eo
from rules_core.combat.assignment import AttackView, CombatView

from .test_assignment import others_for, views

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(views(max_power=5))
def test_property_order_count_equals_enumeration_with_the_others_given(view: CombatView) -> None:
    """The same with the other attackers' assignments given (their defaults): their damage counts towards
    each blocker's lethal damage (510.1c: "when combat damage assignments are complete")."""
    for a in view.attacks:
        given = others_for(view, a.attacker)
        assert eo.count_in_view(view, a.attacker, given) == sum(
            1 for _ in eo.legal_in_view(view, a.attacker, given)
        )


@PROPERTY
@given(views(max_power=7))
def test_property_order_count_equals_enumeration(view: CombatView) -> None:
    for a in view.attacks:
        generated = list(eo.legal_in_view(view, a.attacker, {}))
        assert eo.count_in_view(view, a.attacker, {}) == len(generated)
        if generated:  # the most-damage assignment is one of them and none gives more past the blockers
            best = eo.max_damage_in_view(view, a.attacker, {})
            assert best in generated
            blockers = set(a.blockers)
            past = [sum(n for r, n in d.items() if r not in blockers) for d in generated]
            assert max(past) == sum(n for r, n in best.items() if r not in blockers)
    for b in view.blocks:
        generated = list(eo.legal_in_view(view, b.blocker, {}))
        assert eo.count_in_view(view, b.blocker, {}) == len(generated)


def test_510_1c_order_counts_for_a_small_case_by_hand() -> None:
    """A 4/4 blocked by a 2/2 then a 1/1 (2024-08-02 510.1c): the 2/2 first must have 2 before the 1/1 gets
    any. {2/2: 4}, {2/2: 3, 1/1: 1}, {2/2: 2, 1/1: 2}: three, where today's free division has five."""
    view = CombatView((AttackView.of("a", 4, "B", blockers=("bear", "elf")),), (), {"bear": 2, "elf": 1}, {})
    assert eo.count_in_view(view, "a", {}) == 3
    assert sorted(tuple(sorted(d.items())) for d in eo.legal_in_view(view, "a", {})) == [
        (("bear", 2), ("elf", 2)),
        (("bear", 3), ("elf", 1)),
        (("bear", 4),),
    ]


def _eight_blockers(power: int = 20, blockers: int = 8) -> dict[str, object]:
    """The 913-byte board of the hardening report: a 20-power trampler blocked by eight 1/3 creatures."""
    perms = [
        {"id": "w", "name": "ワーム", "controller": "A", "types": ["creature"], "power": power, "toughness": 20,
         "keywords": ["trample"]},
        *({"id": f"b{i}", "name": f"壁{i}", "controller": "B", "types": ["creature"], "power": 1,
           "toughness": 3} for i in range(blockers)),
    ]  # fmt: skip
    return {
        "format": 1,
        "era": "2009-2024",
        "active_player": "A",
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": perms,
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "w", "defender": "B", "blockers": [f"b{i}" for i in range(blockers)]}],
        },
    }


def test_eight_blocker_board_counts_without_enumeration() -> None:
    """Short at blocker s (1-8) or all lethal: with needs 3 each, C(20-3(s-1), s) - C(17-3(s-1), s) for each
    s; none gives all eight lethal damage (20 < 24). The count needs no walk of the assignments."""
    counts = count_all_assignments(parse_scenario(_eight_blockers()))
    assert counts["w"] == 872
    assert all(counts[f"b{i}"] == 1 for i in range(8))
    # Far past what enumeration could ever reach, still a closed form.
    huge = count_all_assignments(parse_scenario(_eight_blockers(power=99, blockers=8)))
    assert huge["w"] > 10**9
