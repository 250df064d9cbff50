"""This checkout's engine against other checkouts, in one process: ``.venv/bin/python bench/bench_engine_ab.py
main=/work/main base=/path/to/other/checkout [--rounds 31]``.

Prints figures only (no assertions). On a machine busy with other work, one run of
``bench/bench_engine.py`` after another measures the load as much as the engine; here each checkout's
``rules_core`` is copied under its own name (``rc_main``, ``rc_base``…: the package imports itself
relatively) and the checkouts take turns, one short chunk each, reversing the order every round, so a
busy moment slows them alike. The figures are the median and the minimum CPU time of a chunk, and the
median as a ratio of this checkout's. The workloads are those of ``bench_engine.py``: the CR example
mix (parse + resolve + to_dict, and parse alone), 1,000 creatures under one spell, 50 attackers against
50 blockers, a chain of 50 triggered damage events. A checkout whose engine can't read a workload
(an older one, before triggered abilities) is left out of that line.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import bench_engine  # the workloads, found on the path set above

HERE = Path(__file__).resolve().parent

clock = time.process_time


def _load(checkout: Path, name: str, into: Path) -> ModuleType:
    shutil.copytree(checkout / "rules_core", into / name, ignore=shutil.ignore_patterns("__pycache__"))
    return importlib.import_module(name)


def _workloads(rc: ModuleType) -> dict[str, Callable[[], Any]]:
    examples = importlib.import_module(f"{rc.__name__}.examples").EXAMPLES
    docs = [e.document for e in examples.values()]
    trusted = "check_limits" in inspect.signature(rc.parse_scenario).parameters

    def parse(doc: dict[str, Any]) -> Any:
        return rc.parse_scenario(doc, check_limits=False) if trusted else rc.parse_scenario(doc)

    board, combat, chain = (
        bench_engine.pyroclasm(1000),
        bench_engine.big_combat(50),
        bench_engine.trigger_chain(50),
    )
    return {
        "CR examples parse+resolve+to_dict (x90)": lambda: [
            rc.resolve_document(d) for _ in range(10) for d in docs
        ],
        "CR examples parse (x90)": lambda: [rc.parse_scenario(d) for _ in range(10) for d in docs],
        "1,000 creatures parse+resolve+to_dict": lambda: rc.resolve(parse(board)).to_dict(),
        "50 vs 50 combat parse+resolve+to_dict": lambda: rc.resolve(parse(combat)).to_dict(),
        "50 triggers parse+resolve+to_dict": lambda: rc.resolve(parse(chain)).to_dict(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "others", nargs="+", metavar="LABEL=CHECKOUT", help="another checkout to compare with"
    )
    parser.add_argument("--rounds", type=int, default=31, help="turns each checkout takes per workload")
    args = parser.parse_args()
    checkouts = {"this": HERE.parent, **{o.split("=", 1)[0]: Path(o.split("=", 1)[1]) for o in args.others}}
    with tempfile.TemporaryDirectory() as tmp:
        sys.path.insert(0, tmp)
        work = {label: _workloads(_load(path, f"rc_{label}", Path(tmp))) for label, path in checkouts.items()}
        for name in work["this"]:
            able = []
            for label in checkouts:
                try:
                    work[label][name]()  # warm up, and see that this engine reads the workload
                except Exception:  # an older engine refusing a newer document is left out
                    continue
                able.append(label)
            times: dict[str, list[float]] = {label: [] for label in able}
            for r in range(args.rounds):
                for label in able if r % 2 == 0 else reversed(able):
                    start = clock()
                    work[label][name]()
                    times[label].append(clock() - start)
            ours = statistics.median(times["this"])
            figures = "  ".join(
                f"{label} {statistics.median(t) * 1000:7.2f} ms (min {min(t) * 1000:6.2f}, x{statistics.median(t) / ours:.3f})"
                for label, t in times.items()
            )
            print(f"  {name:42s} {figures}", flush=True)


if __name__ == "__main__":
    main()
