"""The request log an operator reads (tutor.common.request_log, the LOGGING of tutor/settings.py): one
logfmt line per request with its id, the visitor, method, path, status and duration; a failed request's
traceback on a line with the same id; a request id from outside kept only when it is well formed."""

from __future__ import annotations

import io
import logging
import re
import runpy
import time
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import Client
from django.urls import path
from gunicorn.config import Config

from tutor import urls as tutor_urls
from tutor.common import log_format

NGINX_ID = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
LINE = re.compile(r"^timestamp=(\S+) level=(\w+) event=(\S+) request_id=([0-9a-f-]+) ip=(\S+)")


def _boom(request):
    raise RuntimeError("a failure on purpose")


urlpatterns = [path("boom/", _boom), *tutor_urls.urlpatterns]
handler500 = tutor_urls.handler500


class Lines:
    """The lines the site's formatter (the root logger's console handler) has written so far."""

    def __init__(self, stream: io.StringIO) -> None:
        self.stream = stream

    @property
    def all(self) -> list[str]:
        return self.stream.getvalue().splitlines()

    def __iter__(self) -> Iterator[str]:
        return iter(self.all)


@pytest.fixture
def log_lines() -> Iterator[Lines]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.getLogger().handlers[0].formatter)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield Lines(stream)
    finally:
        root.removeHandler(handler)


def _fields(line: str) -> dict[str, str]:
    return {key: value.strip('"') for key, value in re.findall(r'(\w+)=("(?:[^"\\]|\\.)*"|\S*)', line)}


def _request_lines(lines: Lines, event: str = "request_finished") -> list[dict[str, str]]:
    return [_fields(line) for line in lines if f"event={event}" in line]


@pytest.mark.django_db
def test_a_request_is_one_line_with_time_id_visitor_method_path_status_and_duration(log_lines):
    response = Client().get(
        "/cr/?q=%E3%83%80", HTTP_X_REQUEST_ID=NGINX_ID, HTTP_X_REAL_IP="203.0.113.9", REMOTE_ADDR="127.0.0.1"
    )
    assert response.status_code == 200
    lines = [line for line in log_lines if "event=request_finished" in line]
    assert len(lines) == 1, lines  # one line, not a "started" and a "finished"
    found = LINE.match(lines[0])
    assert found, lines[0]
    timestamp, level, _, request_id, ip = found.groups()
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z", timestamp)  # UTC, not the site's +0900
    assert (level, request_id, ip) == ("info", NGINX_ID, "203.0.113.9")
    fields = _fields(lines[0])
    assert fields["method"] == "GET" and fields["path"] == "/cr/?q=%E3%83%80" and fields["status"] == "200"
    assert float(fields["duration_ms"]) >= 0
    assert response["X-Request-ID"] == NGINX_ID  # the visitor can quote it


@pytest.mark.django_db
def test_a_direct_visitor_is_logged_by_its_own_address_not_a_claimed_one(log_lines):
    Client().get("/cr/", HTTP_X_REAL_IP="203.0.113.9", REMOTE_ADDR="198.51.100.7")
    (line,) = _request_lines(log_lines)
    assert line["ip"] == "198.51.100.7"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "sent",
    [
        "",
        "short",
        "a" * 65,  # overlong
        "0f1e2d3c4b5a6978\r\nevent=request_finished status=200",
        "0f1e2d3c 4b5a6978",
        'x"; drop',
        "0f1e2d3c4b5a6978\x1b[2J",
    ],
)
def test_a_malformed_or_overlong_request_id_is_replaced(sent, log_lines):
    response = Client().get("/cr/", HTTP_X_REQUEST_ID=sent)
    assert response.status_code == 200
    (line,) = _request_lines(log_lines)
    assert re.fullmatch(r"[0-9a-f]{32}", line["request_id"]) and line["request_id"] != sent
    assert response["X-Request-ID"] == line["request_id"]
    assert len(log_lines.all) == 1 and "\x1b" not in log_lines.all[0] and "\r" not in log_lines.all[0]


@pytest.mark.django_db
def test_two_requests_get_two_ids_even_from_the_content_cache(log_lines):
    client = Client()
    first_response, second_response = client.get("/cr/120/"), client.get("/cr/120/")
    assert first_response.status_code == second_response.status_code == 200
    assert second_response.headers.get("X-Content-Cache") == "hit", second_response.headers
    first, second = _request_lines(log_lines)
    assert first["request_id"] != second["request_id"]
    assert (first_response["X-Request-ID"], second_response["X-Request-ID"]) == (
        first["request_id"],
        second["request_id"],
    )


@pytest.mark.django_db
def test_control_characters_of_a_path_are_written_out(log_lines):
    Client().get("/cr/zz\u2028/", QUERY_STRING="a=%1b%0d")
    (line,) = _request_lines(log_lines)
    assert line["status"] == "404"
    assert len(log_lines.all) == 1 and "\u2028" not in log_lines.all[0]


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_failed_request_has_its_traceback_on_a_line_with_the_same_id(log_lines):
    client = Client(raise_request_exception=False)
    response = client.get(
        "/boom/", HTTP_X_REQUEST_ID=NGINX_ID, HTTP_X_REAL_IP="203.0.113.9", REMOTE_ADDR="127.0.0.1"
    )
    assert response.status_code == 500
    assert "サーバーでエラーが起きました" in response.content.decode()
    assert response["X-Request-ID"] == NGINX_ID
    failed = [line for line in log_lines if "event=request_failed" in line]
    assert len(failed) == 1, log_lines
    fields = _fields(failed[0])
    assert (fields["level"], fields["request_id"], fields["ip"]) == ("error", NGINX_ID, "203.0.113.9")
    assert (fields["method"], fields["path"], fields["status"]) == ("GET", "/boom/", "500")
    assert "Traceback (most recent call last)" in fields["exception"]
    assert "RuntimeError: a failure on purpose" in fields["exception"]
    # the traceback is on that one line (newlines written \n), and nothing repeats it
    assert sum("a failure on purpose" in line for line in log_lines) == 1
    assert not _request_lines(log_lines)  # the failed line is the request's line


@pytest.mark.django_db
def test_a_refused_host_is_logged_with_the_request_id(log_lines):
    response = Client().get("/cr/", HTTP_HOST="evil.example", HTTP_X_REQUEST_ID=NGINX_ID)
    assert response.status_code == 400
    security = [line for line in log_lines if "logger=django.security.DisallowedHost" in line]
    assert len(security) == 1
    fields = _fields(security[0])
    assert (fields["level"], fields["request_id"]) == ("error", NGINX_ID)
    assert fields["timestamp"].endswith("Z") and "evil.example" in fields["event"]
    assert "exception" not in fields  # the message is enough: anyone can send these by the thousand
    (line,) = _request_lines(log_lines)
    assert (line["request_id"], line["status"]) == (NGINX_ID, "400")


def test_the_escaping_leaves_newlines_to_the_renderer():
    escaped = log_format.escape_controls(None, "error", {"exception": "a\nb\tc\x85"})
    assert escaped == {"exception": "a\nb\\x09c\\x85"}


def test_gunicorn_writes_utc_times_even_after_django_set_the_zone(monkeypatch):
    """Django sets the worker's zone to TIME_ZONE; gunicorn's lines must stay in UTC (deploy/gunicorn.conf.py)."""
    conf = runpy.run_path(str(settings.BASE_DIR / "deploy" / "gunicorn.conf.py"))
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        config = Config()
        config.set("accesslog", "-")
        logger = conf["UTCLogger"](config)
        assert logger.now().endswith(" +0000]")
        record = logging.LogRecord("gunicorn.error", logging.INFO, __file__, 1, "booting", None, None)
        stamp = logger.error_log.handlers[0].formatter.format(record)
        assert re.match(r"\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000\] ", stamp), stamp
        assert time.strftime("%z") == "+0900"  # the process's zone really was Tokyo's
        assert (
            "%({x-real-ip}i)s" in conf["access_log_format"]
            and "%({x-request-id}i)s" in conf["access_log_format"]
        )
    finally:
        monkeypatch.undo()
        time.tzset()
