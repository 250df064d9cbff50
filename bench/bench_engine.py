"""Benchmarks for rules_core: run with ``.venv/bin/python bench/bench_engine.py``.

Prints figures only (no assertions). ``--cpu`` measures CPU time of this process
instead of wall-clock time: steadier on a machine that is busy with other work.

1. resolutions per second over a mix of the CR example scenarios
   (``rules_core.examples``), parsed once, then parse + resolve + to_dict;
2. one non-combat event (Pyroclasm: 2 damage to each creature, with a
   static prevention effect on Clerics) over 1,000, 2,000 and 4,000 creatures;
3. a combat of 50 attackers against 50 blockers (some double blocks, trample,
   deathtouch, first strike), parse + resolve;
4. a chain of 50 triggered damage events (CR 603): each creature's "whenever this is
   dealt damage" ability deals 1 damage to the next one, parse + resolve + to_dict.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _from_bytecode() -> None:
    """Import the engine from bytecode compiled beforehand, in a fresh cache of its own.

    Checkouts compared one after another should start alike. With ``PYTHONDONTWRITEBYTECODE=1`` (set in
    this environment) a checkout without ``__pycache__`` compiles every module in the measured process
    (0.5 s for today's engine), while one that has it (an old checkout) only loads it: the compiler's
    garbage is left in the heap of one and not of the other. Here every checkout loads bytecode.
    """
    prefix = tempfile.mkdtemp(prefix="bench-engine-pyc-")
    atexit.register(shutil.rmtree, prefix, ignore_errors=True)
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "rules_core")],
        env={**os.environ, "PYTHONPYCACHEPREFIX": prefix},
        check=True,
        stdout=subprocess.DEVNULL,
    )
    sys.pycache_prefix = prefix


if __name__ == "__main__":
    _from_bytecode()

from rules_core import parse_scenario, resolve, resolve_document  # noqa: E402
from rules_core.examples import EXAMPLES  # noqa: E402

clock = time.perf_counter


def _time(fn: Callable[[], Any], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = clock()
        fn()
        out.append(clock() - start)
    return out


def bench_examples(seconds: float, windows: int = 5) -> None:
    """Throughput over the CR examples: the best of several short windows (other processes add noise)."""
    docs = [e.document for e in EXAMPLES.values()]
    scenarios = [parse_scenario(d) for d in docs]
    for label, fn in (
        ("resolve(scenario) (parsed once)", lambda i: resolve(scenarios[i % len(scenarios)])),
        ("resolve(scenario).to_dict()", lambda i: resolve(scenarios[i % len(scenarios)]).to_dict()),
        ("parse_scenario(doc)", lambda i: parse_scenario(docs[i % len(docs)])),
        ("resolve_document(doc) (parse+resolve+to_dict)", lambda i: resolve_document(docs[i % len(docs)])),
    ):
        for i in range(200):  # warm up
            fn(i)
        rates = []
        total = 0
        for _ in range(windows):
            n = 0
            start = clock()
            while (elapsed := clock() - start) < seconds / windows:
                for _ in range(len(docs) * 10):
                    fn(n)
                    n += 1
            rates.append(n / elapsed)
            total += n
        print(
            f"  {label:48s} best {max(rates):8,.0f}/s  median {statistics.median(rates):8,.0f}/s  "
            f"({len(docs)} CR examples, {total:,} runs)"
        )


def pyroclasm(n: int) -> dict[str, Any]:
    permanents = []
    for i in range(n):
        cleric = i % 5 == 0
        permanents.append(
            {
                "id": f"c{i}",
                "name": f"クリーチャー{i}",
                "controller": "B" if i % 2 else "A",
                "types": ["creature"],
                "subtypes": ["Cleric"] if cleric else [],
                "colors": ["white"],
                "power": 1 + i % 4,
                "toughness": 1 + i % 4,
            }
        )
    return {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": permanents,
        "effects": [
            {
                "type": "prevent_static",
                "amount": 1,
                "to_filter": {"controller": "B", "subtype": "Cleric"},
                "name": "《圧倒する防衛者》",
            },
            {"type": "prevent_next", "to": "c1", "amount": 1},
        ],
        "event": {
            "type": "noncombat",
            "source": {"name": "《紅蓮地獄》", "controller": "A", "colors": ["red"]},
            "damage": [{"to": f"c{i}", "amount": 2} for i in range(n)],
        },
    }


def _parse_resolve_to_dict(doc: dict[str, Any]) -> dict[str, Any]:
    return resolve(parse_scenario(doc, check_limits=False)).to_dict()


def bench_board(sizes: list[int], repeat: int) -> None:
    base = None
    for n in sizes:
        doc = pyroclasm(n)
        # beyond the web's limits (rules_core.document.limits): the engine's own scaling, so limits are skipped
        scenario = parse_scenario(doc, check_limits=False)
        # partials, not lambdas binding doc as a default: mypy cannot type those (python/mypy#15459)
        parse_t = min(_time(partial(parse_scenario, doc, check_limits=False), repeat))
        resolve_t = min(_time(partial(resolve, scenario), repeat))
        full_t = min(_time(partial(_parse_resolve_to_dict, doc), repeat))
        base = base or full_t / n
        print(
            f"  {n:5d} creatures: parse {parse_t * 1000:7.1f} ms  resolve {resolve_t * 1000:7.1f} ms  "
            f"parse+resolve+to_dict {full_t * 1000:7.1f} ms  ({full_t / n * 1e6:5.1f} µs/creature, "
            f"x{full_t / n / base:4.2f} of the first)"
        )


def big_combat(n: int = 50) -> dict[str, Any]:
    permanents = []
    attacks = []
    for i in range(n):
        kw = []
        if i % 5 == 0:
            kw.append("trample")
        if i % 7 == 0:
            kw.append("deathtouch")
        if i % 11 == 0:
            kw.append("first_strike")
        if i % 13 == 0:
            kw.append("double_strike")
        permanents.append(
            {
                "id": f"a{i}",
                "controller": "A",
                "types": ["creature"],
                "power": 2 + i % 5,
                "toughness": 2 + i % 3,
                "keywords": kw,
            }
        )
    for i in range(n):
        permanents.append(
            {
                "id": f"b{i}",
                "controller": "B",
                "types": ["creature"],
                "power": 1 + i % 4,
                "toughness": 1 + i % 5,
                "keywords": ["lifelink"] if i % 6 == 0 else [],
            }
        )
    for i in range(n):
        blockers = [f"b{i}"]
        if i % 10 == 9:  # some double blocks, using a blocker of an unblocked attacker
            blockers.append(f"b{i - 1}")
        if i % 10 == 8:
            blockers = []
        attacks.append({"attacker": f"a{i}", "defender": "B", "blockers": blockers})
    return {
        "players": [{"id": "A"}, {"id": "B", "life": 200}],
        "permanents": permanents,
        "effects": [{"type": "prevent_next", "to": "b3", "amount": 2}],
        "event": {"type": "combat", "attacks": attacks},
    }


def bench_combat(repeat: int) -> None:
    doc = big_combat(
        50
    )  # 50 attackers: over the web's 40 (rules_core.document.limits), the engine's own scaling
    scenario = parse_scenario(doc, check_limits=False)
    result = resolve(scenario)
    assert result.legal, result.violations
    resolve_t = _time(lambda: resolve(scenario), repeat)
    full_t = _time(lambda: resolve(parse_scenario(doc, check_limits=False)).to_dict(), repeat)
    steps = ", ".join(s.name for s in result.steps)
    print(
        f"  50 attackers vs 50 blockers ({steps}): resolve min {min(resolve_t) * 1000:.1f} ms / "
        f"median {statistics.median(resolve_t) * 1000:.1f} ms; parse+resolve+to_dict min "
        f"{min(full_t) * 1000:.1f} ms / median {statistics.median(full_t) * 1000:.1f} ms"
    )


def trigger_chain(n: int = 50) -> dict[str, Any]:
    permanents = []
    for i in range(n):
        target = f"c{i + 1}" if i + 1 < n else "B"
        permanents.append(
            {
                "id": f"c{i}",
                "controller": "A" if i % 2 else "B",
                "types": ["creature"],
                "power": 1,
                "toughness": 1000,
                "triggers": [
                    {
                        "when": "dealt_damage",
                        "effect": {"type": "damage", "amount": "that_much", "to": target},
                    }
                ],
            }
        )
    return {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": permanents,
        "event": {
            "type": "noncombat",
            "source": {"name": "《ショック》", "controller": "A", "colors": ["red"]},
            "damage": [{"to": "c0", "amount": 1}],
        },
    }


def bench_triggers(repeat: int) -> None:
    doc = trigger_chain(50)
    scenario = parse_scenario(doc)
    result = resolve(scenario)
    chained = sum(1 for s in result.steps if s.name == "trigger")
    assert chained == 50, chained
    resolve_t = _time(lambda: resolve(scenario), repeat)
    full_t = _time(lambda: resolve_document(doc), repeat)
    print(
        f"  chain of {chained} triggered damage events: resolve min {min(resolve_t) * 1000:.1f} ms / median "
        f"{statistics.median(resolve_t) * 1000:.1f} ms; parse+resolve+to_dict min {min(full_t) * 1000:.1f} ms / "
        f"median {statistics.median(full_t) * 1000:.1f} ms (target: under 100 ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="time per example-mix figure")
    parser.add_argument(
        "--repeat", type=int, default=7, help="repetitions for the large cases (best is shown)"
    )
    parser.add_argument("--cpu", action="store_true", help="measure CPU time instead of wall-clock time")
    args = parser.parse_args()
    global clock
    if args.cpu:
        clock = time.process_time
    print(f"Python {sys.version.split()[0]} ({'CPU' if args.cpu else 'wall-clock'} time)")
    print("1. CR example mix")
    bench_examples(args.seconds)
    print("2. Non-combat event over a large board (Pyroclasm)")
    bench_board([1000, 2000, 4000], args.repeat)
    print("3. Combat")
    bench_combat(args.repeat)
    print("4. Triggered abilities")
    bench_triggers(args.repeat)


if __name__ == "__main__":
    main()
