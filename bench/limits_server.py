"""The worst boards under gunicorn with production settings (``bench/bench_limits.py`` runs this first).

Pages are fetched over HTTP on 127.0.0.1 from a gunicorn started here (``deploy/gunicorn.conf.py``) on a
fresh SQLite database in a temporary folder; nothing else on the machine is touched but ``staticfiles/``
(collected as in production). Every loop is bounded in count and time, and the server is stopped at the end.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
GUNICORN = str(Path(PY).with_name("gunicorn"))
QUERIES = ("", "?stage=1", "?stage=all", "?stage=all&eras=1")
BUDGET_MS = 1000
PARALLEL_BUDGET_MS = 3000
READER_BUDGET_MS = 200

SAVE_BOARDS = """
import json, sys
from bench.limit_boards import CASES
from tutor.board.services import scenario_save
names = sys.argv[1:]
print(json.dumps({name: scenario_save(document=CASES[name]()).slug for name in names}))
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _environment(folder: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="tutor.settings",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_HSTS_SECONDS="0",
        DATABASE_URL=f"sqlite:///{folder}/db.sqlite3",
        DJANGO_CONTENT_STAMP=f"{folder}/content-stamp",
        DJANGO_RATELIMIT="0",  # every request here comes from one address
        GUNICORN_ACCESS_LOG="/dev/null",
        PYTHONPATH=str(ROOT),
    )
    return env


def _manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PY, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True, timeout=600
    )
    return done.stdout


@contextmanager
def _gunicorn(env: dict[str, str], workers: int | None) -> Iterator[str]:
    port = _free_port()
    run_env = {**env, "GUNICORN_BIND": f"127.0.0.1:{port}"}
    if workers is not None:
        run_env["GUNICORN_WORKERS"] = str(workers)
    server = subprocess.Popen(
        [GUNICORN, "tutor.wsgi", "-c", "deploy/gunicorn.conf.py"],
        cwd=ROOT,
        env=run_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                _get(base + "/cr/120/")
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("gunicorn did not answer within 60 s")
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


def _get(url: str, timeout: float = 60) -> tuple[int, float]:
    """(status, milliseconds) of one GET."""
    request = urllib.request.Request(url, headers={"Accept-Language": "ja"})
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        error.read()
        status = error.code
    return status, (time.perf_counter() - start) * 1000


def _warm(base: str, workers: int) -> None:
    """Every worker loads its code and templates once (a reader page per worker, at once)."""
    threads = [threading.Thread(target=_get, args=(base + "/cr/120/",)) for _ in range(workers * 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def _reader_while(base: str, stop: threading.Event, out: list[float]) -> None:
    """``/cr/120/`` every 50 ms until ``stop`` (at most 60 s)."""
    deadline = time.monotonic() + 60
    while not stop.is_set() and time.monotonic() < deadline:
        status, ms = _get(base + "/cr/120/")
        out.append(ms if status == 200 else float("inf"))
        time.sleep(0.05)


def _at_once(base: str, urls: list[str]) -> tuple[list[tuple[int, float]], list[float]]:
    """Fetch ``urls`` all at once while a reader polls ``/cr/120/``: each page's (status, ms), the reader's."""
    results: list[tuple[int, float]] = [(0, 0.0)] * len(urls)
    reader: list[float] = []
    stop = threading.Event()
    poll = threading.Thread(target=_reader_while, args=(base, stop, reader))
    poll.start()
    time.sleep(0.2)

    def fetch(i: int, url: str) -> None:
        results[i] = _get(url)

    threads = [threading.Thread(target=fetch, args=(i, u)) for i, u in enumerate(urls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    time.sleep(0.2)
    stop.set()
    poll.join()
    return results, reader


def server_figures(names: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="tutor-limits-") as folder:
        env = _environment(folder)
        _manage(env, "migrate", "--noinput", "-v", "0")
        _manage(env, "load_content", "-v", "0")
        _manage(env, "collectstatic", "--noinput", "-v", "0")
        saved = _manage(env, "shell", "-v", "0", "-c", SAVE_BOARDS.replace("sys.argv[1:]", repr(names)))
        slugs = json.loads(saved.strip().splitlines()[-1])
        print("== under gunicorn, production settings, one worker (first view builds; second from the cache)")
        builds: list[tuple[float, str]] = []
        with _gunicorn(env, workers=1) as base:
            _warm(base, 1)
            for name in names:
                for query in QUERIES:
                    url = f"{base}/board/s/{slugs[name]}/{query}"
                    status, first = _get(url)
                    _, second = _get(url)
                    builds.append((first, f"{name} {query or '(page)'}"))
                    flag = "" if status == 200 else f"  status {status}!"
                    print(
                        f"  {name:<20} {query or '(page)':<19} {first:8.1f} ms  cached {second:6.1f} ms{flag}"
                    )
        slowest = max(builds)
        verdict = "ok" if slowest[0] < BUDGET_MS else "OVER BUDGET"
        print(f"  slowest build: {slowest[1]}, {slowest[0]:.1f} ms (budget {BUDGET_MS} ms): {verdict}")

        worst = [label for _, label in sorted(builds, reverse=True)[:5]]
        with _gunicorn(env, workers=None) as base:
            _warm(base, 8)
            urls = []
            for label in worst:
                name, query = label.split(" ", 1)
                urls.append(f"{base}/board/s/{slugs[name]}/{'' if query == '(page)' else query}")
            pages, reader = _at_once(base, urls)
            _report("five slowest pages at once", pages, reader)
            if "era-order-blockers" in slugs:
                same = f"{base}/board/s/{slugs['era-order-blockers']}/?stage=all&eras=1"
                pages, reader = _at_once(base, [same] * 10)
                _report("ten views of the eight-blocker permalink at once", pages, reader)


def _report(title: str, pages: list[tuple[int, float]], reader: list[float]) -> None:
    slowest = max(ms for _, ms in pages)
    bad = [status for status, _ in pages if status != 200]
    print(f"== production workers: {title}")
    print(
        f"  slowest of {len(pages)}: {slowest:.1f} ms (budget {PARALLEL_BUDGET_MS} ms)"
        + (f", statuses {bad}" if bad else "")
    )
    if reader:
        print(
            f"  /cr/120/ meanwhile: {len(reader)} answers, median {statistics.median(reader):.1f} ms, "
            f"worst {max(reader):.1f} ms (budget {READER_BUDGET_MS} ms)"
        )
