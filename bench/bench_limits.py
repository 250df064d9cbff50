"""Worst-case documents at the scenario limits (``rules_core.document.limits``): engine and page times.

Run from the repository root: ``python bench/bench_limits.py [case …] [--in-process] [--no-server]``.

By default it first serves the tutor as production does (``tutor.settings`` with DEBUG off, gunicorn
with ``deploy/gunicorn.conf.py``, a fresh SQLite database, static files collected) and prints:

* each worst board's pages (the permalink, ``?stage=1``, ``?stage=all``, ``?stage=all&eras=1``) on one
  worker: the first view (the page is built) and the second (from the content cache); the slowest
  build against the 1 s budget;
* the production worker count with the five slowest pages requested at once, while a visitor reads
  ``/cr/120/`` every 50 ms: the slowest of the five (budget 3 s) and ``/cr/120/``'s median and worst
  answer (budget 200 ms); then ten visitors opening the same new permalink at once.

Then (unless ``--no-server``), in process, the engine's times and every page through Django's test
Client, as below (``--in-process`` runs only that part).

Each case builds a document exactly at the limits, in the shape that costs most:

* ``effects``: every effect allowed applying to one creature (the 616.1 order of them all chosen);
* ``tramplers`` / ``tramplers-wide``: tramplers blocked by the same blockers, as many pairs as allowed;
* ``double-strikers``: the wide case with double strike (two combat damage steps, CR 510.4);
* ``spell``: one spell dealing damage to every permanent and player allowed;
* ``spell-effects``: the same spell with every effect allowed applying to every recipient.

The cases of ``bench/limit_boards.py``; for each the in-process part prints the document's size, the engine's times (parse, resolve, the assignment helpers)
and the server time of every page of that board through Django's test Client: the page, ``?stage=all``,
each stage (slowest and total), the share-card PNG and the embed page, the htmx partial and the
assignment check. The code measured is the
real one, unpatched; the slowest page of all is printed last, against the 1 s budget.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings_test")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from rules_core import (  # noqa: E402
    check_assignment,
    count_all_assignments,
    count_assignments,
    default_assignment,
    max_damage_assignment,
    parse_scenario,
    resolve_document,
)
from rules_core.document import limits  # noqa: E402

REPEAT = 3

from bench.limit_boards import CASES  # noqa: E402


def timed(fn: Callable[[], Any], repeat: int = REPEAT) -> tuple[float, Any]:
    """Median milliseconds of ``repeat`` calls, and the last result."""
    samples = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples), result


def engine_figures(doc: dict[str, Any]) -> dict[str, float]:
    figures: dict[str, float] = {}
    figures["check_document"], _ = timed(lambda: limits.check_document(doc))
    figures["parse"], parsed = timed(lambda: parse_scenario(doc))
    figures["resolve"], _ = timed(lambda: resolve_document(doc))
    if parsed.is_combat:
        figures["default_assignment"], _ = timed(lambda: default_assignment(parsed))
        figures["check_assignment"], _ = timed(lambda: check_assignment(parsed))
        attackers = [a.attacker for a in parsed.event.attacks]
        figures["count_assignments(each attacker)"], _ = timed(
            lambda: [count_assignments(parsed, a) for a in attackers], repeat=1
        )
        figures["count_all_assignments"], _ = timed(lambda: count_all_assignments(parsed))
        figures["max_damage_assignment(all)"], _ = timed(
            lambda: [max_damage_assignment(parsed, a) for a in attackers], repeat=1
        )
    return figures


def page_figures(client: Client, slug: str, doc: dict[str, Any]) -> dict[str, float]:
    base = f"/board/s/{slug}/"

    def get(url: str, headers: Mapping[str, str] | None = None) -> Callable[[], None]:
        def call() -> None:
            response = client.get(url, headers=headers)
            assert response.status_code == 200, (url, response.status_code)

        return call

    figures: dict[str, float] = {}
    figures["page"], _ = timed(get(base), repeat=1)
    result = resolve_document(doc)
    stages = sum(len(step.get("stages", [])) for step in result.get("steps", []))
    figures["?stage=all"], _ = timed(get(base + "?stage=all"), repeat=1)
    sampled = range(stages) if stages <= 20 else sorted({1, stages // 2, stages})
    per_stage = [timed(get(f"{base}?stage={i}"), repeat=1)[0] for i in sampled]
    figures[f"each stage (max of {len(per_stage)} of {stages})"] = max(per_stage) if per_stage else 0.0
    figures["all stages (sum)"] = sum(per_stage)
    # share cards and embeds (tutor.embed): the PNG is drawn once per slug, then served from the cache
    figures["preview.png (drawn)"], _ = timed(get(base + "preview.png"), repeat=1)
    figures["preview.png (cached)"], _ = timed(get(base + "preview.png"), repeat=1)
    figures["embed ?stage=all"], _ = timed(get(f"/embed/board/{slug}/"), repeat=1)
    figures["htmx play partial (last stage)"], _ = timed(
        get(f"{base}?stage={max(stages - 1, 0)}", headers={"HX-Request": "true", "HX-Target": "play"}),
        repeat=1,
    )
    if doc["event"]["type"] == "combat":

        def check(fill: str) -> Callable[[], None]:
            def call() -> None:
                response = client.post(base + "assignment/check/", {"fill": fill})
                assert response.status_code == 200, response.status_code

            return call

        # 拡張: 「この盤面を旧ルールで」 resolves the board once more under each era
        figures["?stage=all&eras=1 (eras compared)"], _ = timed(get(base + "?stage=all&eras=1"), repeat=1)
        figures["assignment check (fill=default)"], _ = timed(check("default"), repeat=1)
        figures["assignment check (fill=max)"], _ = timed(check("max"), repeat=1)
        figures["assignment check (htmx)"], _ = timed(
            lambda: client.post(base + "assignment/check/", {}, headers={"HX-Request": "true"}), repeat=1
        )
    return figures


def main(argv: list[str]) -> None:
    names = [a for a in argv if not a.startswith("--")] or list(CASES)
    if "--in-process" not in argv:
        from bench.limits_server import server_figures

        server_figures(names)
        if "--no-server" in argv:
            return
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    call_command("load_content", verbosity=0)
    from tutor.board.services import scenario_save

    print("limits: " + ", ".join(f"{limit.name}={limit.maximum}" for limit in limits.LIMITS))
    client = Client()
    slowest: tuple[float, str] = (0.0, "")
    for name in names:
        doc = CASES[name]()
        size, values = limits.measure(doc)
        encoded = len(json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode())
        print(f"\n== {name}: {encoded} bytes ({size} measured), {values} JSON values")
        for label, ms in engine_figures(doc).items():
            print(f"  engine  {label:<34} {ms:9.1f} ms")
        scenario = scenario_save(document=doc)
        for label, ms in page_figures(client, scenario.slug, scenario.document).items():
            print(f"  web     {label:<34} {ms:9.1f} ms")
            if label != "all stages (sum)":
                slowest = max(slowest, (ms, f"{name}: {label}"))
    print(f"\nslowest page: {slowest[1]}, {slowest[0]:.1f} ms (budget 1000 ms)")


if __name__ == "__main__":
    main(sys.argv[1:])
