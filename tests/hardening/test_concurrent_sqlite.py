"""SQLite, the default database, under concurrent writers: gunicorn with 3 sync workers on a throwaway
SQLite file (production settings: DEBUG off, rate limits on), eight visitors writing at once (a new
board and an effect on it, a lesson's prediction, a study question and its answer, sign-up, logout,
login), each with its own session, CSRF token and address. No answer is a 500, and every write is
in the database afterwards. Then the hostile-input tables (``test_hostile_inputs.py``) are sent from
eight threads while eight writers run: no 500 either, and each refusal is the one the in-process
tests expect.

Marked ``live_sqlite`` (``-m "not live_sqlite"`` leaves them out). They start real processes, so the
PostgreSQL run (``DATABASE_URL`` set) skips them: the server they test is always on SQLite.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
from django.conf import settings

from tests.hardening import test_hostile_inputs as hostile
from tutor.common.text_input import UNSAFE_TEXT_MESSAGE

pytestmark = [
    pytest.mark.live_sqlite,
    pytest.mark.skipif(
        bool(os.environ.get("DATABASE_URL")), reason="the SQLite server is tested in the SQLite run"
    ),
]

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 3
WRITERS = 8
ROUNDS = 3
REQUEST_TIMEOUT = 120  # gunicorn's own (below): this test judges 500s and lost writes, not speed, and the
# suite runs beside other test runs on a small machine, so a slow answer is not a failure here
RUN_TIMEOUT = 480  # the whole of one test's traffic; far above what it takes
TOKEN = re.compile(r'"X-CSRFToken": "([A-Za-z0-9]+)"')
ANSWER = re.compile(r'name="answer"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="answer"')
PASSWORD = "concurrent-writes-42"


# --------------------------------------------------------------------------- the server


@dataclass
class Server:
    port: int
    database: Path
    log: Path

    def rows(self, sql: str, *params: object) -> list[tuple]:
        """Read the database the server writes (WAL lets a reader in while it writes)."""
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=30) as db:
            return db.execute(sql, params).fetchall()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    workdir = tmp_path_factory.mktemp("sqlite-server")
    database = workdir / "tutor.sqlite3"
    port = _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tutor.settings",  # production settings, not the test suite's
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SECRET_KEY": "live-" + os.urandom(24).hex(),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        # plain http on localhost: no TLS redirect and no secure-only cookies; DEBUG stays off
        "DJANGO_TESTING": "1",
        "DJANGO_RATELIMIT": "1",
        "DJANGO_CONTENT_STAMP": str(workdir / "content-stamp"),
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": str(WORKERS),
        "GUNICORN_TIMEOUT": str(REQUEST_TIMEOUT),
        "GUNICORN_ACCESS_LOG": "/dev/null",
    }
    env.pop("DJANGO_DEBUG", None)
    for command in (["migrate", "--noinput"], ["load_content"]):
        subprocess.run([sys.executable, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)
    log = workdir / "server.log"
    with log.open("wb") as out:
        app = subprocess.Popen(
            [str(Path(sys.executable).with_name("gunicorn")), "-c", "deploy/gunicorn.conf.py", "tutor.wsgi"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if app.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("gunicorn did not start:\n" + log.read_text(errors="replace")[-3000:])
                time.sleep(0.2)
        yield Server(port=port, database=database, log=log)
    finally:
        app.terminate()
        try:
            app.wait(timeout=30)
        except subprocess.TimeoutExpired:
            app.kill()
            app.wait()


def _no_server_errors(server: Server) -> None:
    text = server.log.read_text(errors="replace")
    # (a refused body over the size limit is logged with a traceback too: only 500s and locks count)
    for sign in ("Internal Server Error", "database is locked", "OperationalError", "WORKER TIMEOUT"):
        assert sign not in text, text[-4000:]


# --------------------------------------------------------------------------- a visitor


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: str

    @property
    def location(self) -> str:
        return urllib.parse.urlsplit(self.headers.get("location", "")).path


@dataclass
class Visitor:
    """One browser: its own cookies (session, CSRF), the CSRF token of the last page it read, and its
    own address (the proxy's X-Real-IP, which the server believes from 127.0.0.1)."""

    port: int
    address: str
    cookies: dict[str, str] = field(default_factory=dict)
    token: str = ""
    log: list[tuple[str, str, int]] = field(default_factory=list)

    def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> Answer:
        sent = {"X-Real-IP": self.address, "Accept-Language": "ja", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
        try:
            connection.request(method, path, body=body or None, headers=sent)
            response = connection.getresponse()
            data = response.read()
            for value in response.headers.get_all("Set-Cookie") or []:
                jar: SimpleCookie = SimpleCookie()
                jar.load(value)
                for name, morsel in jar.items():
                    if morsel["max-age"] == "0" or morsel.value == "":
                        self.cookies.pop(name, None)
                    else:
                        self.cookies[name] = morsel.value
            answer = Answer(
                response.status, {k.lower(): v for k, v in response.getheaders()}, data.decode("utf-8")
            )
        finally:
            connection.close()
        self.log.append((method, path, answer.status))
        found = TOKEN.search(answer.body)
        if found:
            self.token = found.group(1)
        return answer

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post(self, path: str, data: dict[str, object] | None = None, *, raw: bytes | None = None) -> Answer:
        if not self.token:
            self.get("/")
        body = raw if raw is not None else urllib.parse.urlencode(data or {}, doseq=True).encode()
        return self.request(
            "POST",
            path,
            body,
            {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": self.token},
        )


def _run_all(jobs: list[Callable[[], None]]) -> None:
    """Run the jobs at once (each in its own thread, released together) and re-raise any failure."""
    start = threading.Barrier(len(jobs))

    def released(job: Callable[[], None]) -> None:
        start.wait(timeout=60)
        job()

    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        futures = [pool.submit(released, job) for job in jobs]
        deadline = time.monotonic() + RUN_TIMEOUT
        for future in futures:
            future.result(timeout=max(1.0, deadline - time.monotonic()))


# --------------------------------------------------------------------------- the writers


def _lessons(server: Server) -> list[str]:
    return [slug for (slug,) in server.rows("SELECT slug FROM tutor_lesson ORDER BY id")]


def _writer(server: Server, number: int, lessons: list[str], *, accounts: bool = True) -> Callable[[], None]:
    """One learner's writes: each round a new board and an effect on it, a lesson's prediction, a study
    question and its answer; then (``accounts``) sign-up, which takes over the anonymous progress,
    logout and login."""

    def write() -> None:
        visitor = Visitor(server.port, f"198.51.100.{10 + number}")
        assert visitor.get("/board/").status == 200
        for r in range(ROUNDS):
            mark = f"w{number}r{r}"
            added = visitor.post("/board/players/add/", {"name": f"player-{mark}", "life": 20, "poison": 0})
            assert added.status == 302, added.body[:500]
            board = added.location
            effect = visitor.post(
                board + "effects/add/",
                {"type": "prevent_next", "name": f"shield-{mark}", "to": "A", "amount": 2},
            )
            assert effect.status == 302 and effect.location != board, effect.body[:500]

            lesson = lessons[(number + r) % len(lessons)]
            assert visitor.get(f"/lessons/{lesson}/").status == 200
            predicted = visitor.post(f"/lessons/{lesson}/predict/", {"life_1": "20"})
            assert predicted.status == 302, predicted.body[:500]

            started = visitor.post("/study/start/", {"topic": "lifelink", "level": "intro"})
            assert started.status == 302, started.body[:500]
            question = visitor.get(started.location)
            found = ANSWER.search(question.body)
            assert found, question.body[:500]
            answered = visitor.post(
                started.location + "answer/", {"answer": found.group(1) or found.group(2)}
            )
            assert answered.status in (200, 302), answered.body[:500]

        if not accounts:
            assert all(status < 500 for *_, status in visitor.log), visitor.log
            return
        name = f"writer{number}"
        form = {"username": name, "password1": PASSWORD, "password2": PASSWORD}
        signed_up = visitor.post("/accounts/signup/", form)
        assert signed_up.status == 302, signed_up.body[:500]
        assert visitor.get(signed_up.location).status == 200  # a fresh CSRF token after login
        assert visitor.post("/accounts/logout/").status == 302
        assert visitor.get("/accounts/login/").status == 200
        logged_in = visitor.post("/accounts/login/", {"username": name, "password": PASSWORD})
        assert logged_in.status == 302, logged_in.body[:500]
        assert all(status < 500 for *_, status in visitor.log), visitor.log

    return write


def _every_board_landed(server: Server, numbers: range) -> None:
    documents = [json.loads(text) for (text,) in server.rows("SELECT document FROM tutor_scenario")]
    players = {p.get("name") for d in documents for p in d.get("players", [])}
    effects = {e.get("name") for d in documents for e in d.get("effects", [])}
    for number in numbers:
        for r in range(ROUNDS):
            assert f"player-w{number}r{r}" in players
            assert f"shield-w{number}r{r}" in effects


def _anonymous_progress(server: Server) -> tuple[int, int]:
    """Lessons finished and questions answered by learners without an account."""
    ((lessons,),) = server.rows("SELECT count(*) FROM tutor_lessonprogress WHERE user_id IS NULL")
    ((answers,),) = server.rows("SELECT count(*) FROM tutor_studyattempt WHERE user_id IS NULL")
    return lessons, answers


def _every_write_landed(server: Server, numbers: range, lessons: list[str]) -> None:
    _every_board_landed(server, numbers)
    for number in numbers:
        rows = server.rows("SELECT id FROM auth_user WHERE username = ?", f"writer{number}")
        assert len(rows) == 1
        (user,) = rows[0]
        # sign-up gave the anonymous progress to the account: every round's lesson and answer is there
        done = server.rows(
            "SELECT l.slug FROM tutor_lessonprogress p JOIN tutor_lesson l ON l.id = p.lesson_id WHERE p.user_id = ?",
            user,
        )
        assert sorted(slug for (slug,) in done) == sorted(
            {lessons[(number + r) % len(lessons)] for r in range(ROUNDS)}
        )
        assert len(server.rows("SELECT id FROM tutor_studyattempt WHERE user_id = ?", user)) == ROUNDS
        # two logins recorded by django-axes: the one at sign-up and the one after logout
        assert len(server.rows("SELECT id FROM axes_accesslog WHERE username = ?", f"writer{number}")) == 2


def test_eight_concurrent_writers_get_no_500_and_lose_nothing(server):
    lessons = _lessons(server)
    assert len(lessons) >= ROUNDS
    assert server.rows("PRAGMA journal_mode") == [("wal",)]
    _run_all([_writer(server, number, lessons) for number in range(WRITERS)])
    _every_write_landed(server, range(WRITERS), lessons)
    _no_server_errors(server)


# --------------------------------------------------------------------------- hostile input beside them


def _hostile_visitor(server: Server, number: int) -> Callable[[], None]:
    """This thread's share of the requests of ``test_hostile_inputs.py``, in a shuffled order, each
    answered as the in-process test expects (a refusal is never a 500 and never stores anything)."""

    def run() -> None:
        rng = random.Random(number)
        address = f"203.0.113.{10 + number}"
        visitor = Visitor(server.port, address)
        board_doc = {
            "players": [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}],
            "permanents": [
                {
                    "id": "c1",
                    "name": f"熊{number}",
                    "controller": "B",
                    "types": ["creature"],
                    "power": 2,
                    "toughness": 2,
                }
            ],
            "event": {
                "type": "noncombat",
                "source": {"name": "《稲妻》", "controller": "A", "colors": ["red"]},
                "damage": [{"to": "c1", "amount": 3}],
            },
        }
        imported = visitor.post("/board/import/", {"text": json.dumps(board_doc)})
        assert imported.status == 302, imported.body[:500]
        board = imported.location

        checks: list[Callable[[], None]] = []

        def refused_import(text: str, *expected: str, status: int = 422) -> Callable[[], None]:
            def check() -> None:
                answer = visitor.post("/board/import/", {"text": text})
                assert answer.status == status, (text, answer.status)
                for words in expected:
                    assert words in answer.body, (text, words)

            return check

        for text, name in hostile.IMPORT_REFUSALS:
            checks.append(refused_import(text, f"{name}: ", hostile.REFUSED))
        checks.append(refused_import(hostile.UNKNOWN_KEY_IMPORT, "k\\ud800"))
        checks.append(refused_import(hostile.RAW_NUL_IMPORT, UNSAFE_TEXT_MESSAGE))
        checks.append(
            refused_import("x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10), "大きすぎます", status=413)
        )

        def board_form(route: str, data: dict[str, object]) -> Callable[[], None]:
            def check() -> None:
                answer = visitor.post(board + route, data)
                # a redirect would be a stored board: a refusal is a 4xx
                assert 400 <= answer.status < 500, (route, answer.status)
                if route == "players/add/":
                    assert answer.status == 422 and UNSAFE_TEXT_MESSAGE in answer.body

            return check

        checks.extend(board_form(route, data) for route, data in hostile.BOARD_FORM_NUL_POSTS)

        def search(query: str) -> Callable[[], None]:
            def check() -> None:
                answer = visitor.get("/cr/search/?" + urllib.parse.urlencode({"q": query}))
                assert answer.status == 200
                if hostile.NUL in query:
                    assert UNSAFE_TEXT_MESSAGE in answer.body

            return check

        checks.extend(search(query) for query in hostile.SEARCH_QUERIES)

        def study() -> None:
            assert (
                visitor.post("/study/start/", {"topic": "lifelink" + hostile.NUL, "level": "intro"}).status
                < 500
            )
            started = visitor.post("/study/start/", {"topic": "lifelink", "level": "intro"})
            assert started.status == 302
            assert visitor.post(started.location + "answer/", {"answer": "a" + hostile.NUL}).status < 500
            assert visitor.get(started.location.rstrip("/") + "%00/").status < 500

        checks.append(study)

        def signup_with_nul() -> None:
            stranger = Visitor(server.port, address)
            form = {"username": f"eve{number}" + hostile.NUL, "password1": PASSWORD, "password2": PASSWORD}
            answer = stranger.post("/accounts/signup/", form)
            assert answer.status == 400 and UNSAFE_TEXT_MESSAGE in answer.body

        checks.append(signup_with_nul)

        def signup_with_next(index: int, next_url: str) -> Callable[[], None]:
            def check() -> None:
                newcomer = Visitor(server.port, address)
                form = {"username": f"h{number}n{index}", "password1": PASSWORD, "password2": PASSWORD}
                answer = newcomer.post(
                    "/accounts/signup/?" + urllib.parse.urlencode({"next": next_url}), form
                )
                assert answer.status == 302 and answer.location == "/study/progress/", next_url

            return check

        checks.extend(signup_with_next(i, url) for i, url in enumerate(hostile.FOREIGN_NEXTS))

        def overlong_login() -> None:
            answer = Visitor(server.port, address).post(
                "/accounts/login/", {"username": "x" * 300, "password": "p"}
            )
            assert answer.status == 200 and "ユーザー名は150文字以内です" in answer.body

        checks.append(overlong_login)

        def odd_url(url: str) -> Callable[[], None]:
            def check() -> None:
                assert visitor.get(url).status < 500, url

            return check

        checks.extend(odd_url(url) for url in hostile.ODD_URLS)

        def api_get(url: str) -> Callable[[], None]:
            def check() -> None:
                answer = visitor.get(url)
                assert 400 <= answer.status < 500 and '"object":"error"' in answer.body.replace(" ", ""), url

            return check

        def api_body(text: str) -> Callable[[], None]:
            def check() -> None:
                raw = text.encode("utf-8", "surrogatepass")
                answer = visitor.request("POST", "/api/v1/resolve", raw, {"Content-Type": "application/json"})
                assert answer.status == 422, (text[:80], answer.status)

            return check

        checks.extend(api_get(url) for url in hostile.API_HOSTILE_GETS)
        checks.extend(api_body(text) for text, _field in hostile.API_HOSTILE_BODIES)

        # the tables are dealt out among the threads, each request sent once: every one of them meets
        # the others and the writers, and the run stays short (a sign-up hashes a password: 0.6 s)
        mine = [check for j, check in enumerate(checks) if j % WRITERS == number]
        rng.shuffle(mine)
        for check in mine:
            check()
        assert all(status < 500 for *_, status in visitor.log), visitor.log

    return run


def test_hostile_inputs_beside_concurrent_writers_get_no_500(server):
    lessons = _lessons(server)
    before = server.rows("SELECT count(*) FROM tutor_scenario WHERE document LIKE '%\\u0000%'")
    progress = _anonymous_progress(server)
    # writers numbered after the first test's, so their names and addresses are new; anonymous ones (the
    # first test covers the accounts, and each sign-up or login hashes a password for 0.6 s)
    writers = range(WRITERS, 2 * WRITERS)
    jobs = [_writer(server, number, lessons, accounts=False) for number in writers]
    jobs += [_hostile_visitor(server, number) for number in range(WRITERS)]
    _run_all(jobs)
    _every_board_landed(server, writers)
    lessons_done, answers = _anonymous_progress(server)
    assert lessons_done - progress[0] == WRITERS * ROUNDS
    # the writers' answers, and not one of the hostile answers (NUL in the answer is refused)
    assert answers - progress[1] == WRITERS * ROUNDS
    # nothing a refusal was about reached the database
    assert server.rows("SELECT count(*) FROM tutor_scenario WHERE document LIKE '%\\u0000%'") == before
    assert server.rows("SELECT count(*) FROM auth_user WHERE username LIKE 'eve%'") == [(0,)]
    _no_server_errors(server)
