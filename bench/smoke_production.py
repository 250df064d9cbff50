"""Driver of the production smoke test (``scripts/smoke_production.sh``, ``make smoke``): bounded checks
against nginx → gunicorn → PostgreSQL on 127.0.0.1, printing figures. Not a CI test.

``python bench/smoke_production.py nocache`` runs the load test of ``/cr/120/`` with the content cache
off and keeps its figures; ``… cache`` runs it with the cache on, prints both side by side, then the
other load tests (a board permalink, the resolve partial, study answers), the slow-client test and
the PostgreSQL restart while answering. Everything is bounded by a request count and a time limit.

``… errors`` checks every error page a visitor can get (nginx's own, the upstream's replaced, Django's
passed through) for our Japanese page and the site's security headers, static files for them too, and
the logs for a request that failed on purpose (its request id in nginx's, gunicorn's and Django's
lines, the traceback on Django's); ``… down`` the page nginx answers when no app server does. Each check
prints a line; a failed one says why and the run ends with an error.
"""

from __future__ import annotations

import contextlib
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

    def tokens(paths: list[str]) -> list[str]:
        return [p.split("/q/", 1)[1].split("/", 1)[0] for p in paths]

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


# --------------------------------------------------------------------------- error pages and logs

SECURITY_HEADERS = (
    "content-security-policy",
    "x-frame-options",
    "x-content-type-options",
    "referrer-policy",
    "cross-origin-opener-policy",
)
LOGS = Path(os.environ.get("SMOKE_DIR", "/tmp"))
# a visitor that is not the proxy: nginx sees 127.0.0.2, and every log must say so (not 127.0.0.1)
VISITOR = "127.0.0.2"


def raw(
    request: bytes, *, source: str = HOST, wait: float = TIMEOUT
) -> tuple[int, dict[str, list[str]], str]:
    """Send ``request`` as it is and read the whole answer (nginx closes after an error or on
    ``Connection: close``): the status, the headers (every value of each) and the body. 0: no answer."""
    with socket.create_connection((HOST, NGINX_PORT), timeout=wait, source_address=(source, 0)) as sock:
        # nginx may answer and close before a large request is all sent
        with contextlib.suppress(OSError):
            sock.sendall(request)
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except OSError:
            pass
    if not data:
        return 0, {}, ""
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, list[str]] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    if "chunked" in headers.get("transfer-encoding", [""])[0]:
        body = _unchunk(body)
    return int(lines[0].split()[1]), headers, body.decode("utf-8", "replace")


def _unchunk(body: bytes) -> bytes:
    out = b""
    while body:
        size, _, rest = body.partition(b"\r\n")
        n = int(size.split(b";")[0] or b"0", 16)
        if n == 0:
            break
        out += rest[:n]
        body = rest[n + 2 :]
    return out


def get(path: str, *, extra: str = "", method: str = "GET", body: bytes = b"") -> bytes:
    length = f"Content-Length: {len(body)}\r\n" if body or method == "POST" else ""
    return (
        f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\n{extra}{length}Connection: close\r\n\r\n".encode(
            "latin-1"
        )
        + body
    )


class Checks:
    def __init__(self) -> None:
        self.failed: list[str] = []
        self.reference: dict[str, str] = {}

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        print(f"  {'ok  ' if ok else 'FAIL'} {name}{'' if ok else ': ' + detail}")
        if not ok:
            self.failed.append(name)
        return ok

    def page(
        self,
        name: str,
        answer: tuple[int, dict[str, list[str]], str],
        status: int,
        words: str,
        *,
        django: bool = False,
    ) -> str:
        """The answer is ``status`` with the page saying ``words`` (Japanese), Django's (its site menu)
        or nginx's own, and the security headers Django sends, once each. Returns its request id."""
        got, headers, body = answer
        problems = []
        if got != status:
            problems.append(f"status {got}, not {status}")
        if words not in body or '<html lang="ja">' not in body:
            problems.append(f"not our Japanese page ({body[:120]!r})")
        if django != ('class="site-nav"' in body):
            problems.append("Django's page was replaced" if django else "not nginx's page")
        for header in SECURITY_HEADERS:
            values = headers.get(header, [])
            if values != [self.reference[header]]:
                problems.append(f"{header}: {values or 'missing'}")
        if re.search(r"nginx|gunicorn|Internal Server Error|Bad Request", body, re.I):
            problems.append("English or the server's name in the page")
        request_ids = headers.get("x-request-id", [])
        if len(request_ids) != 1:
            problems.append(f"x-request-id: {request_ids}")
        self.check(
            f"{name:<52} {got} {'Django' if django else 'nginx '} {words}", not problems, "; ".join(problems)
        )
        return request_ids[0] if request_ids else ""


def log_lines(name: str, needle: str, seconds: float = 5.0) -> list[str]:
    """The lines of the log file ``name`` holding ``needle`` (waiting a little: logs are written late)."""
    deadline = time.monotonic() + seconds
    while True:
        text = (LOGS / name).read_text(errors="replace") if (LOGS / name).exists() else ""
        found = [line for line in text.splitlines() if needle in line]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def short(line: str, limit: int = 260) -> str:
    return line if len(line) <= limit else line[:limit] + f"… ({len(line)} chars)"


def stalled_body(result: list[tuple[int, dict[str, list[str]], str]]) -> None:
    """A body that stops coming: nginx gives up after client_body_timeout (10 s)."""
    request = get("/board/import/", method="POST", body=b"x" * 10).replace(
        b"Content-Length: 10", b"Content-Length: 100"
    )
    result.append(raw(request, wait=25.0))


def error_pages() -> None:
    checks = Checks()
    print("\n== every error page is ours (Japanese, the site's security headers), through nginx")
    status, headers, _ = raw(get("/cr/"))
    checks.reference = {h: headers.get(h, [""])[0] for h in SECURITY_HEADERS}
    checks.check(
        "Django's headers (the reference)", status == 200 and all(checks.reference.values()), str(headers)
    )
    stalled: list[tuple[int, dict[str, list[str]], str]] = []
    stall = threading.Thread(target=stalled_body, args=(stalled,))
    stall.start()

    # Django's own pages pass through nginx unchanged
    checks.page(
        "Django's 404 passes through", raw(get("/no-such-page/")), 404, "ページが見つかりません", django=True
    )
    checks.page(
        "a refused Host: Django's 400 with the headers",
        raw(get("/cr/").replace(f"Host: {HOST}".encode(), b"Host: evil.example")),
        400,
        "リクエストを処理できません",
        django=True,
    )
    checks.page(
        "Django's 405 passes through",
        raw(get("/accounts/logout/")),
        405,
        "この方法では開けません",
        django=True,
    )
    checks.page(
        "a POST without the CSRF token: Django's 403",
        raw(get("/study/start/", method="POST")),
        403,
        "この操作はできません",
        django=True,
    )
    # nginx's own answers
    checks.page("NUL in the path: nginx's 400", raw(get("/cr/%00")), 400, "リクエストを処理できません")
    checks.page(
        "a 20 000-character URL: nginx's 414", raw(get("/cr/?q=" + "a" * 20000)), 414, "URLが長すぎます"
    )
    checks.page(
        "a 20 KB header: nginx's 400 (494)",
        raw(get("/cr/", extra="Cookie: x=" + "a" * 20000 + "\r\n")),
        400,
        "ヘッダーが大きすぎます",
    )
    checks.page(
        "a 2 MB body: nginx's 413",
        # only the headers: nginx refuses the body from its Content-Length, before reading it
        raw(get("/board/import/", method="POST").replace(b"Content-Length: 0", b"Content-Length: 2000000")),
        413,
        "送られた内容が大きすぎます",
    )
    # a body Django refuses (over DATA_UPLOAD_MAX_MEMORY_SIZE), with the CSRF token it asks for first
    _, headers, _ = raw(get("/board/import/"))
    cookies = [c.split(";")[0] for c in headers.get("set-cookie", []) if c.startswith("csrftoken=")]
    token = cookies[0].split("=", 1)[1] if cookies else ""
    checks.check("a CSRF token from the import page", bool(token), str(headers.get("set-cookie")))
    signed = (
        f"Content-Type: application/x-www-form-urlencoded\r\nCookie: csrftoken={token}\r\n"
        f"X-CSRFToken: {token}\r\nReferer: https://{HOST}/board/import/\r\n"
    )
    checks.page(
        "a 600 KB body: Django's 413, answered as nginx's",
        raw(get("/board/import/", method="POST", body=b"document=" + b"x" * 600_000, extra=signed)),
        413,
        "送られた内容が大きすぎます",
    )
    checks.page(
        "a missing static file: nginx's 404",
        raw(get("/static/no-such-file.css")),
        404,
        "ページが見つかりません",
    )
    checks.page(
        "a POST to a static file: nginx's 405",
        raw(get("/static/css/tutor.css", method="POST")),
        405,
        "この方法では開けません",
    )
    # what the upstream answers when it is not Django's page (or no answer) is replaced
    failed_id = checks.page(
        "a view that raises: 500, nginx's page",
        raw(get("/_smoke/fail/"), source=VISITOR),
        500,
        "サーバーでエラーが起きました",
    )
    checks.page(
        "gunicorn's bare 500: replaced by ours",
        raw(get("/_smoke/bare500/")),
        500,
        "サーバーでエラーが起きました",
    )
    checks.page(
        "a worker that dies mid-request: 502, ours", raw(get("/_smoke/die/")), 502, "ただいま利用できません"
    )
    wait_for_app(APP_PORT)  # gunicorn has replaced the worker

    # static files: nosniff and the rest, from nginx and from whitenoise (gunicorn directly)
    status, headers, _ = raw(get("/static/css/tutor.css"))
    missing = [h for h in SECURITY_HEADERS if headers.get(h) != [checks.reference[h]]]
    checks.check(
        "a static file from nginx: nosniff and the headers",
        status == 200 and not missing,
        f"{status} {missing}",
    )
    direct = http.client.HTTPConnection(HOST, APP_PORT, timeout=TIMEOUT)
    direct.request("GET", "/static/css/tutor.css", headers={"Host": HOST, "X-Forwarded-Proto": "https"})
    answer = direct.getresponse()
    answer.read()
    checks.check(
        "a static file from whitenoise: nosniff",
        answer.status == 200 and answer.getheader("X-Content-Type-Options") == "nosniff",
        f"{answer.status} {answer.getheader('X-Content-Type-Options')}",
    )
    stall.join()
    status, headers, body = stalled[0]
    checks.check(
        "a body that stops coming: closed after 10 s, no English page",
        status in (0, 408) and (status == 0 or "時間内に届きませんでした" in body),
        f"{status} {body[:100]!r}",
    )

    print("\n== the logs of the request that failed on purpose (from 127.0.0.2, request id from nginx)")
    nginx_lines = log_lines("nginx/access.log", f"request_id={failed_id}")
    gunicorn_lines = log_lines("gunicorn-access.log", f"request_id={failed_id}")
    django_lines = log_lines("gunicorn.log", f"request_id={failed_id}")
    for name, lines in (
        ("nginx access log", nginx_lines),
        ("gunicorn access log", gunicorn_lines),
        ("Django (gunicorn's stderr)", django_lines),
    ):
        for line in lines:
            print(f"  {name}: {short(line)}")
    checks.check(
        "nginx's access line: the visitor's address and the request id",
        len(nginx_lines) == 1
        and f" {VISITOR} " in nginx_lines[0]
        and '"GET /_smoke/fail/ HTTP/1.1" 500' in nginx_lines[0],
        str(nginx_lines),
    )
    checks.check(
        "gunicorn's access line: the visitor (X-Real-IP), the request id, UTC",
        len(gunicorn_lines) == 1 and gunicorn_lines[0].startswith(VISITOR) and "+0000]" in gunicorn_lines[0],
        str(gunicorn_lines),
    )
    failed = [line for line in django_lines if "event=request_failed" in line]
    checks.check(
        "Django's line: UTC, the visitor, method, path, status, duration, the traceback",
        len(failed) == 1
        and re.match(r"timestamp=\S+Z level=error event=request_failed ", failed[0]) is not None
        and f"ip={VISITOR} method=GET path=/_smoke/fail/ status=500 duration_ms=" in failed[0]
        and "Traceback (most recent call last)" in failed[0]
        and "RuntimeError: smoke test: a view that fails on purpose" in failed[0],
        str(django_lines),
    )
    own = [
        line
        for line in (LOGS / "gunicorn.log").read_text(errors="replace").splitlines()
        if line.startswith("[")
    ]
    exited = [line for line in own if "exited with code" in line or "Booting worker" in line][-1:]
    for line in exited:
        print(f"  gunicorn's own line: {short(line)}")
    checks.check(
        "gunicorn's own lines in UTC",
        bool(own) and all(re.match(r"\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000\]", line) for line in own),
        str([line for line in own if "+0000]" not in line][:3]),
    )
    local = [
        name
        for name in ("gunicorn.log", "gunicorn-access.log", "nginx/access.log")
        if "+0900" in (LOGS / name).read_text(errors="replace")
        or "+09:00" in (LOGS / name).read_text(errors="replace")
    ]
    checks.check("no local (+0900) times in any log", not local, str(local))
    nginx_times = [line.split()[0] for line in (LOGS / "nginx/access.log").read_text().splitlines()[:3]]
    checks.check("nginx's times in UTC", all(t.endswith("+00:00") for t in nginx_times), str(nginx_times))
    if checks.failed:
        raise SystemExit(
            f"\n{len(checks.failed)} error-page or log checks FAILED: {', '.join(checks.failed)}"
        )


def app_down() -> None:
    checks = Checks()
    print("\n== no app server answers")
    checks.reference = {
        "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
        "frame-ancestors 'none'",
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "referrer-policy": "same-origin",
        "cross-origin-opener-policy": "same-origin",
    }
    checks.page("gunicorn stopped: nginx's 502", raw(get("/cr/")), 502, "ただいま利用できません")
    if checks.failed:
        raise SystemExit("the page of a stopped app server FAILED")


# --------------------------------------------------------------------------- main


def first_board_slug() -> str:
    status, _, page = Browser().get("/board/examples/")
    found = re.search(r'href="/board/s/([a-z0-9-]+)/"', page)
    if status != 200 or not found:
        raise SystemExit("no curated board found on /board/examples/")
    return found[1]


def main(phase: str) -> None:
    if phase == "down":
        app_down()
        return
    wait_for_app(APP_PORT)
    wait_for_app(NGINX_PORT)
    if phase == "errors":
        error_pages()
        return
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
