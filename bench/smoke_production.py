"""Driver of the production smoke test (``scripts/smoke_production.sh``, ``make smoke``): bounded checks
against nginx → gunicorn → PostgreSQL on 127.0.0.1, printing figures. Not a CI test.

``python bench/smoke_production.py nocache`` runs the load test of ``/cr/120/`` with the content cache
off and keeps its figures; ``… cache`` runs it with the cache on, prints both side by side, then the
other load tests (a board permalink, the resolve partial, study answers), the slow-client test and
the PostgreSQL restart while answering. Everything is bounded by a request count and a time limit.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shlex
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HOST = "127.0.0.1"
NGINX_PORT = int(os.environ.get("SMOKE_NGINX_PORT", "58080"))
APP_PORT = int(os.environ.get("SMOKE_APP_PORT", "58000"))
STATE = Path(os.environ.get("SMOKE_DIR", "/tmp")) / "smoke-figures.json"
CONCURRENCY = 8
MAX_REQUESTS = 600
MAX_SECONDS = 12.0
TIMEOUT = 20.0


# --------------------------------------------------------------------------- a small HTTP client


class Browser:
    """One visitor: a keep-alive connection to nginx and a cookie jar (flags ignored: TLS is nginx's
    business here, and the app believes it is behind https)."""

    def __init__(self, port: int = NGINX_PORT) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.connection: http.client.HTTPConnection | None = None

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], str]:
        body = urllib.parse.urlencode(form).encode() if form is not None else None
        # nginx passes $host (no port), as on 443 in production: the CSRF referer check compares them
        sent = {"Referer": f"https://{HOST}{path}", **(headers or {})}
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            token = self.cookies.get("csrftoken")
            if token:
                sent["X-CSRFToken"] = token
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for attempt in range(2):  # a keep-alive connection the server closed is opened again once
            if self.connection is None:
                self.connection = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
            try:
                self.connection.request(method, path, body=body, headers=sent)
                response = self.connection.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = None
                if attempt:
                    raise
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text

    def get(self, path: str, **headers: str) -> tuple[int, dict[str, str], str]:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, form: dict[str, str]) -> tuple[int, dict[str, str], str]:
        return self.request("POST", path, form=form)


def wait_for_app(port: int, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if Browser(port).get("/cr/")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise SystemExit(f"the app did not answer on port {port} within {seconds:.0f} s")


# --------------------------------------------------------------------------- load test


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0

    def row(self) -> dict[str, float]:
        done = sorted(self.latencies)
        if not done:
            return {
                "requests": 0,
                "rps": 0.0,
                "p50_ms": 0.0,
                "p95_ms": 0.0,
                "errors": sum(self.statuses.values()),
            }
        return {
            "requests": len(done),
            "rps": len(done) / self.seconds if self.seconds else 0.0,
            "p50_ms": statistics.median(done) * 1000,
            "p95_ms": done[max(int(len(done) * 0.95) - 1, 0)] * 1000,
            "errors": sum(n for status, n in self.statuses.items() if status >= 400),
        }


def load(
    name: str,
    make: Callable[[], Callable[[Browser], int | tuple[int, float]]],
    *,
    concurrency: int = CONCURRENCY,
    max_requests: int = MAX_REQUESTS,
    max_seconds: float = MAX_SECONDS,
) -> dict[str, float]:
    """``concurrency`` visitors run ``make()``'s request in a loop until ``max_requests`` or ``max_seconds``."""
    figures = Figures()
    lock = threading.Lock()
    count = [0]
    deadline = time.monotonic() + max_seconds

    def visitor() -> None:
        browser = Browser()
        step = make()
        while time.monotonic() < deadline:
            with lock:
                if count[0] >= max_requests:
                    return
                count[0] += 1
            start = time.perf_counter()
            try:
                outcome = step(browser)
            except OSError:
                outcome = 599
            elapsed = time.perf_counter() - start
            status, elapsed = outcome if isinstance(outcome, tuple) else (outcome, elapsed)
            with lock:
                figures.statuses[status] = figures.statuses.get(status, 0) + 1
                if status < 400:
                    figures.latencies.append(elapsed)

    threads = [threading.Thread(target=visitor) for _ in range(concurrency)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    figures.seconds = time.perf_counter() - began
    row = figures.row()
    print(
        f"  {name:<42} {row['requests']:5d} req  {row['rps']:7.1f} req/s  p50 {row['p50_ms']:7.1f} ms"
        f"  p95 {row['p95_ms']:7.1f} ms  errors {row['errors']}  statuses {dict(sorted(figures.statuses.items()))}"
    )
    return row


def simple_get(path: str, **headers: str) -> Callable[[], Callable[[Browser], int]]:
    return lambda: (lambda browser: browser.get(path, **headers)[0])


# --------------------------------------------------------------------------- study answers

START_FORM = re.compile(r'name="topic" value="([^"]+)">\s*<input type="hidden" name="level" value="([^"]+)"')
ANSWER_VALUE = re.compile(r'name="answer"[^>]*value="([^"]*)"|name="answer"')


def new_question(browser: Browser) -> tuple[str, dict[str, str]] | int:
    """Start a question (the first topic and level of /study/): its answer path and a form to post,
    or the status of the request that failed (597: a page was not what was expected)."""
    status, _, page = browser.get("/study/")
    if status != 200:
        return status
    found = START_FORM.search(page)
    if not found:
        return 597
    status, headers, _ = browser.post("/study/start/", {"topic": found[1], "level": found[2]})
    location = headers.get("location", "")
    if status != 302 or "/study/q/" not in location:
        return status if status != 302 else 597
    path = urllib.parse.urlsplit(location).path
    status, _, page = browser.get(path)
    if status != 200:
        return status
    match = ANSWER_VALUE.search(page)
    value = match[1] if match and match[1] is not None else "0"
    return path + "answer/", {"answer": value}


def answer_step() -> Callable[[Browser], int | tuple[int, float]]:
    """Start a question (not timed), then answer it: the answer's POST is what is timed."""

    def step(browser: Browser) -> int | tuple[int, float]:
        question = new_question(browser)
        if isinstance(question, int):
            return question
        path, form = question
        start = time.perf_counter()
        status = browser.post(path, form)[0]
        return status, time.perf_counter() - start

    return step


# --------------------------------------------------------------------------- slow clients


def slowloris(port: int, connections: int = 4, seconds: float = 15.0) -> dict[str, float]:
    """``connections`` clients each sending a request header one byte every second, while a normal
    visitor asks for /cr/120/ every 0.25 s. Prints the normal visitor's latencies and failures."""
    stop = threading.Event()
    dropped = []

    def slow_client(i: int) -> None:
        sock = socket.create_connection((HOST, port), timeout=30)
        header = f"GET /cr/120/?slow={i} HTTP/1.1\r\nHost: {HOST}\r\nX-Padding: " + "a" * 200
        began = time.monotonic()
        try:
            for ch in header:
                if stop.is_set():
                    break
                sock.send(ch.encode())
                time.sleep(1.0)
        except OSError:
            dropped.append(time.monotonic() - began)
        finally:
            sock.close()

    slow = [threading.Thread(target=slow_client, args=(i,), daemon=True) for i in range(connections)]
    for t in slow:
        t.start()
    time.sleep(1.0)
    latencies: list[float] = []
    failures = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=5)
            conn.request("GET", "/cr/120/", headers={"Host": f"{HOST}:{port}"})
            ok = conn.getresponse().status == 200
            conn.close()
        except OSError:
            ok = False
        if ok:
            latencies.append(time.perf_counter() - start)
        else:
            failures += 1
        time.sleep(0.25)
    stop.set()
    done = sorted(latencies)
    row = {
        "answered": len(done),
        "failed": failures,
        "p50_ms": statistics.median(done) * 1000 if done else 0.0,
        "max_ms": done[-1] * 1000 if done else 0.0,
        "slow_dropped_after_s": min(dropped) if dropped else -1.0,
    }
    return row


# --------------------------------------------------------------------------- PostgreSQL restart


def restart_while_answering(seconds: float = 14.0, restart_at: float = 4.0) -> None:
    """Visitors answer questions while PostgreSQL restarts; then every answer a visitor was told was
    stored is looked for in the database, and the 5xx are counted before, during and after."""
    import psycopg

    outcomes: list[tuple[float, int, str]] = []  # (time, status, answer path)
    lock = threading.Lock()
    began = time.monotonic()
    restart_window: list[float] = []

    def visitor() -> None:
        browser = Browser()
        while time.monotonic() - began < seconds:
            try:
                question = new_question(browser)
            except OSError:
                question = 599
            if isinstance(question, int):
                with lock:
                    outcomes.append((time.monotonic() - began, question, ""))
                time.sleep(0.1)
                continue
            path, form = question
            try:
                status = browser.post(path, form)[0]
            except OSError:
                status = 599
            with lock:
                outcomes.append((time.monotonic() - began, status, path))

    def restart() -> None:
        time.sleep(restart_at)
        restart_window.append(time.monotonic() - began)
        command = os.environ.get("SMOKE_AS_PG", "").split() + shlex.split(os.environ["SMOKE_PG_RESTART"])
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        restart_window.append(time.monotonic() - began)

    threads = [threading.Thread(target=visitor) for _ in range(4)] + [threading.Thread(target=restart)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    down, up = restart_window
    phases = {"before": (0, down), "during": (down, up + 0.5), "after": (up + 0.5, seconds + 60)}
    print(f"  PostgreSQL restarted from {down:.1f} s to {up:.1f} s")
    for phase, (lo, hi) in phases.items():
        in_phase = [s for t, s, _ in outcomes if lo <= t < hi]
        errors = sum(1 for s in in_phase if s >= 500)
        print(
            f"  {phase:<7} answers {sum(1 for s in in_phase if s in (200, 302)):4d}  5xx/failed {errors:3d}"
            f"  statuses {dict(sorted({s: in_phase.count(s) for s in set(in_phase)}.items()))}"
        )
    told_stored = [p for _, s, p in outcomes if s in (200, 302) and p]
    told_failed = [p for _, s, p in outcomes if s >= 500 and p]
    tokens = lambda paths: [p.split("/q/", 1)[1].split("/", 1)[0] for p in paths]  # noqa: E731
    with psycopg.connect(os.environ["DATABASE_URL"]) as db:
        stored = {
            row[0]
            for row in db.execute(
                "select q.token from tutor_studyquestion q join tutor_studyattempt a on a.question_id = q.id"
            )
        }
    lost = [t for t in tokens(told_stored) if t not in stored]
    phantom = [t for t in tokens(told_failed) if t in stored]
    print(
        f"  answers acknowledged {len(told_stored)}, of them missing from the database: {len(lost)}; "
        f"answers that failed for the visitor but were stored: {len(phantom)}"
    )


# --------------------------------------------------------------------------- main


def first_board_slug() -> str:
    status, _, page = Browser().get("/board/examples/")
    found = re.search(r'href="/board/s/([a-z0-9-]+)/"', page)
    if status != 200 or not found:
        raise SystemExit("no curated board found on /board/examples/")
    return found[1]


def main(phase: str) -> None:
    wait_for_app(APP_PORT)
    wait_for_app(NGINX_PORT)
    if phase == "nocache":
        print("\n== load test, content cache OFF (DJANGO_CONTENT_CACHE=0)")
        row = load("/cr/120/ (no cache)", simple_get("/cr/120/"))
        STATE.write_text(json.dumps({"cr120_nocache": row}))
        return
    earlier = json.loads(STATE.read_text()) if STATE.exists() else {}
    print("\n== load test, content cache ON")
    Browser().get("/cr/120/")  # the first visit fills the cache (per worker with local memory)
    cached = load("/cr/120/ (cached)", simple_get("/cr/120/"))
    if "cr120_nocache" in earlier:
        before = earlier["cr120_nocache"]
        print(
            f"  /cr/120/ side by side: {before['rps']:.1f} req/s without the cache, {cached['rps']:.1f} req/s "
            f"with it (× {cached['rps'] / before['rps']:.1f}); p50 {before['p50_ms']:.1f} → {cached['p50_ms']:.1f} ms"
        )
    slug = first_board_slug()
    load(f"/board/s/{slug}/ (permalink)", simple_get(f"/board/s/{slug}/"), max_requests=300)
    load(
        f"/board/s/{slug}/?stage=all (htmx resolve partial)",
        simple_get(f"/board/s/{slug}/?stage=all", **{"HX-Request": "true", "HX-Target": "play"}),
        max_requests=300,
    )
    load("study answer POST (req/s = questions/s)", answer_step, concurrency=4, max_requests=120)

    print("\n== slow clients: 4 slowloris connections, a normal visitor every 0.25 s for 15 s")
    through = slowloris(NGINX_PORT)
    print(
        f"  through nginx:      answered {through['answered']}, failed {through['failed']}, "
        f"p50 {through['p50_ms']:.1f} ms, max {through['max_ms']:.1f} ms"
    )
    direct = slowloris(APP_PORT, seconds=8.0)
    print(
        f"  gunicorn directly:  answered {direct['answered']}, failed {direct['failed']}, "
        f"p50 {direct['p50_ms']:.1f} ms, max {direct['max_ms']:.1f} ms  (why the proxy is required)"
    )

    wait_for_app(APP_PORT)  # the workers the direct test held are free again
    print("\n== PostgreSQL restart while 4 visitors answer questions")
    restart_while_answering()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "cache")
