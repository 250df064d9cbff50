"""Timings of rules_core.combat.assignment (CR 510.1, 702.19): counting and checking.

Run from the repository root: ``python bench/bench_assignment.py`` (``--cpu``: CPU time of this
process instead of wall-clock time, steadier on a busy machine).

* ``count_assignments`` for a 20-power trampler blocked by 6 creatures (and
  the same with trample over planeswalkers attacking a planeswalker): closed
  form, no enumeration.
* ``check_assignment`` of a whole assignment of 50 attackers and 50 blockers
  (each attacker blocked by one or two blockers, some with trample,
  deathtouch or blocking two attackers).
* the same counts for a trampler that may also assign as though it weren't
  blocked (《茨の精霊》: the two choices' union, still in closed form).
"""

from __future__ import annotations

import argparse
import sys
import time
import timeit
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_core.combat.assignment import (
    AttackView,
    BlockView,
    CombatView,
    check_assignment_in_view,
    count_assignments_in_view,
    default_assignment_in_view,
)


def trampler_view(top: bool, *, as_though_unblocked: bool = False) -> CombatView:
    blockers = tuple(f"b{i}" for i in range(6))
    attack = AttackView.of(
        "wurm",
        20,
        "jace" if top else "B",
        blockers=blockers,
        defender_kind="planeswalker" if top else "player",
        defender_controller="B" if top else None,
        trample=not top,
        trample_over_planeswalkers=top,
        as_though_unblocked=as_though_unblocked,
    )
    return CombatView((attack,), (), {b: 1 + i % 3 for i, b in enumerate(blockers)}, {"jace": 4})


def big_view(n: int = 50) -> CombatView:
    attacks = []
    blocking: dict[str, list[str]] = {f"b{i}": [] for i in range(n)}
    for i in range(n):
        mine = (f"b{i}",) if i % 3 else (f"b{i}", f"b{(i + 1) % n}")
        for b in mine:
            blocking[b].append(f"a{i}")
        attacks.append(
            AttackView.of(f"a{i}", 3 + i % 5, "B", blockers=mine, trample=i % 2 == 0, deathtouch=i % 7 == 0)
        )
    blocks = tuple(
        BlockView.of(b, 1 + j % 4, tuple(ats), deathtouch=j % 5 == 0)
        for j, (b, ats) in enumerate(blocking.items())
    )
    lethal = {b: 1 + j % 4 for j, b in enumerate(blocking)} | {a.attacker: 3 for a in attacks}
    return CombatView(tuple(attacks), blocks, lethal, {})


clock = time.perf_counter


def report(label: str, stmt: Callable[[], object], number: int) -> float:
    best = min(timeit.Timer(stmt, timer=clock).repeat(number=number, repeat=5)) / number
    print(f"{label:<84} {best * 1e6:10.1f} µs")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cpu", action="store_true", help="measure CPU time instead of wall-clock time")
    global clock
    if parser.parse_args().cpu:
        clock = time.process_time
    for top in (False, True):
        view = trampler_view(top)
        kind = "trample over planeswalkers vs planeswalker" if top else "trample vs player"
        n = count_assignments_in_view(view, "wurm")
        report(
            f"count_assignments: 20 power, 6 blockers, {kind} ({n:,} ways)",
            # not a lambda binding view as a default: mypy cannot type one (python/mypy#15459)
            partial(count_assignments_in_view, view, "wurm"),
            2000,
        )
    thorn = trampler_view(False, as_though_unblocked=True)
    n = count_assignments_in_view(thorn, "wurm")
    report(
        f"count_assignments: the same trampler, may assign as though unblocked ({n:,} ways)",
        lambda: count_assignments_in_view(thorn, "wurm"),
        2000,
    )
    view = big_view()
    attacks, blocks = default_assignment_in_view(view)
    assert check_assignment_in_view(view, attacks, blocks) == ()
    report(
        "check_assignment: 50 attackers vs 50 blockers, full assignment given",
        lambda: check_assignment_in_view(view, attacks, blocks),
        200,
    )
    report(
        "check_assignment: 50 attackers vs 50 blockers, all defaults",
        lambda: check_assignment_in_view(view, {}, {}),
        200,
    )
    report("default_assignment: 50 attackers vs 50 blockers", lambda: default_assignment_in_view(view), 200)


if __name__ == "__main__":
    main()
