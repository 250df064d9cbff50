"""tutor.common.content_cache: anonymous GETs of content pages come from the cache, per URL, language and
htmx target, with each visitor's own CSRF token; signed-in visitors, messages and session writes are
never cached; load_content makes every cached page stale."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.backends.cached_db import SessionStore as CachedSession
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.http import HttpResponse
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from tests.hardening import urls_content_cache as pages

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.hardening.urls_content_cache")]


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    pages.RENDERS.clear()


def _token(response) -> str:
    return response.content.decode().split('"X-CSRFToken": "', 1)[1].split('"', 1)[0]


def test_second_anonymous_visit_is_served_from_the_cache():
    first = Client().get("/content/?q=1")
    second = Client().get("/content/?q=1")
    assert first["X-Content-Cache"] == "miss" and second["X-Content-Cache"] == "hit"
    assert pages.RENDERS == ["/content/?q=1"]
    assert "<p>1</p>" in second.content.decode()


def test_each_visitor_gets_their_own_csrf_token():
    alice, bob = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    alice.get("/content/")
    served = bob.get("/content/")
    assert served["X-Content-Cache"] == "hit"
    token = _token(served)
    assert "\x00" not in served.content.decode()
    first_nonce = alice.get("/content/").content.decode().split('nonce="', 1)[1].split('"', 1)[0]
    assert first_nonce and first_nonce != served.content.decode().split('nonce="', 1)[1].split('"', 1)[0]
    # the token served from the cache is bob's: his POST with it passes the CSRF check (404: no POST page)
    assert bob.post("/content/", HTTP_X_CSRFTOKEN=token).status_code != 403


def test_urls_and_htmx_targets_are_cached_apart():
    client = Client()
    client.get("/content/?q=1")
    client.get("/content/?q=2")
    client.get("/content/?q=1", HTTP_HX_REQUEST="true")
    client.get("/content/?q=1", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="main")
    assert len(pages.RENDERS) == 4
    assert "hx=true" in client.get("/content/?q=1", HTTP_HX_REQUEST="true").content.decode()
    assert "hx=true" not in client.get("/content/?q=1").content.decode()


def test_a_page_that_shows_some_of_the_session_is_cached_per_variant_and_never_for_one_visitor():
    """cache_content_page_by: visitors in the same session state share one page; the states are kept
    apart; a state that is one visitor's own (variant None) is rendered each time and never stored."""
    red, also_red, plain, own = Client(), Client(), Client(), Client()
    for client, colour in ((red, "red"), (also_red, "red"), (own, "own")):
        client.get(f"/colour/{colour}/")
    assert red.get("/colour/")["X-Content-Cache"] == "miss"
    served = also_red.get("/colour/")
    assert served["X-Content-Cache"] == "hit" and served.content == b"colour=red"
    first_plain = plain.get("/colour/")
    assert first_plain["X-Content-Cache"] == "miss" and first_plain.content == b"colour="
    for _ in range(2):
        mine = own.get("/colour/")
        assert mine.content == b"colour=own" and not mine.has_header("X-Content-Cache")
    assert plain.get("/colour/")["X-Content-Cache"] == "hit"
    assert pages.RENDERS == ["red", "", "own", "own"]


def test_one_build_at_a_time_per_key_and_a_failed_build_leaves_nothing_behind():
    """built_once: callers that find a build under way wait for its value; a build that gives None
    stores nothing and frees the key, so the next caller builds again."""
    import threading
    import time

    from tutor.common.content_cache import built_once

    builds: list[int] = []

    def slow() -> str:
        builds.append(1)
        time.sleep(0.3)
        return "built"

    got: list[str | None] = []
    callers = [threading.Thread(target=lambda: got.append(built_once("k", slow, 60))) for _ in range(4)]
    for caller in callers:
        caller.start()
    for caller in callers:
        caller.join()
    assert builds == [1] and got == ["built"] * 4
    assert built_once("none", lambda: None, 60) is None
    assert cache.get("none:building") is None and built_once("none", lambda: "later", 60) == "later"


def test_a_signed_in_visitors_page_is_neither_cached_nor_served_from_the_cache():
    User.objects.create_user("judge", password="damage-rules-42")
    Client().get("/content/")
    member = Client()
    member.login(username="judge", password="damage-rules-42")
    response = member.get("/content/")
    assert "judge" in response.content.decode() and "X-Content-Cache" not in response
    assert "judge" not in Client().get("/content/").content.decode()  # never leaks to anonymous pages


def test_a_part_that_shows_nothing_of_the_visitor_is_shared_with_signed_in_learners():
    """cache_content_page_by(parts=...): htmx's request for such a part is served from the cache to a
    signed-in learner too (with their own CSRF token), while their whole page and a history restore (a
    whole page too) are rendered for them alone and never stored."""
    User.objects.create_user("judge", password="damage-rules-42")
    member = Client(enforce_csrf_checks=True)
    member.login(username="judge", password="damage-rules-42")
    part = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "part"}
    assert member.get("/parted/?q=1", **part)["X-Content-Cache"] == "miss"
    served = member.get("/parted/?q=1", **part)
    assert served["X-Content-Cache"] == "hit" and "part 1" in served.content.decode()
    token = served.content.decode().split('value="', 1)[1].split('"', 1)[0]
    assert member.post("/content/", HTTP_X_CSRFTOKEN=token).status_code != 403  # his own token
    assert Client().get("/parted/?q=1", **part)["X-Content-Cache"] == "hit"  # the same part for anyone
    restore = {**part, "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}
    for whole in (member.get("/parted/?q=1"), member.get("/parted/?q=1", **restore)):
        assert "judge" in whole.content.decode() and "X-Content-Cache" not in whole
    assert "judge" not in Client().get("/parted/?q=1").content.decode()  # never leaks to anonymous pages
    assert "judge" not in Client().get("/parted/?q=1", **restore).content.decode()
    # the part once for everyone; the member's two whole pages, then the anonymous ones, each rendered
    assert [r for r in pages.RENDERS if r in ("part", "page")] == ["part", "page", "page", "page", "page"]


def _signed_in_part_twice() -> tuple[Client, HttpResponse, CaptureQueriesContext]:
    """A signed-in learner asks htmx's part of a cached page twice; the second answer and its queries."""
    User.objects.create_user("judge", password="damage-rules-42")
    member = Client()
    member.login(username="judge", password="damage-rules-42")
    part = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "part"}
    member.get("/parted/?q=1", **part)
    with CaptureQueriesContext(connection) as queries:
        served = member.get("/parted/?q=1", **part)
    return member, served, queries


def test_a_signed_in_learners_part_from_the_cache_does_not_read_the_user():
    """The part is the same for anyone: serving it must not wait for the user's row (the board's parts
    still read the session, for the learner's prediction)."""
    _member, served, queries = _signed_in_part_twice()
    assert served["X-Content-Cache"] == "hit"
    tables = [q["sql"].split(" FROM ", 1)[1].split()[0].strip('"') for q in queries.captured_queries]
    assert "auth_user" not in tables and served.content.decode().count("part 1") == 1


@override_settings(SESSION_ENGINE="django.contrib.sessions.backends.cached_db")
def test_with_sessions_read_through_the_cache_a_signed_in_part_makes_no_query():
    """With REDIS_URL the sessions are read through the shared cache (settings: cached_db): a signed-in
    learner's cached part is then served without touching the database, and signing out still ends
    the session (its key is gone from the cache and the table)."""
    member, served, queries = _signed_in_part_twice()
    assert served["X-Content-Cache"] == "hit" and queries.captured_queries == []
    key = member.session.session_key
    assert CachedSession(session_key=key).load().get("_auth_user_id")
    member.logout()
    assert CachedSession(session_key=key).load() == {} and not Session.objects.filter(pk=key).exists()


def test_a_waiting_message_is_shown_and_not_cached():
    Client().get("/content/")
    visitor = Client()
    visitor.get("/message/")
    response = visitor.get("/content/")
    assert "保存しました" in response.content.decode() and "X-Content-Cache" not in response
    assert "保存しました" not in Client().get("/content/").content.decode()


def test_session_writes_are_not_cached():
    Client().get("/session/")
    assert "X-Content-Cache" not in Client().get("/session/")


def test_load_content_makes_cached_pages_stale():
    Client().get("/content/")
    assert Client().get("/content/")["X-Content-Cache"] == "hit"
    call_command("load_content", verbosity=0)
    assert Client().get("/content/")["X-Content-Cache"] == "miss"


@override_settings(CONTENT_CACHE=False)
def test_the_cache_can_be_switched_off():
    Client().get("/content/")
    assert "X-Content-Cache" not in Client().get("/content/")
    assert len(pages.RENDERS) == 2


def test_per_content_version_builds_once_per_version_and_again_after_an_import():
    from tutor.common.content_cache import bump_content_version, per_content_version

    builds: list[int] = []

    @per_content_version
    def counted() -> list[int]:
        builds.append(len(builds))
        return list(builds)

    assert counted() == [0] and counted() == [0] and builds == [0]
    bump_content_version()  # what load_content and an admin's edit do
    assert counted() == [0, 1] and counted() == [0, 1] and builds == [0, 1]

    empties: list[int] = []

    @per_content_version
    def empty() -> list[int]:
        empties.append(1)
        return []

    assert empty() == [] and empty() == []
    assert len(empties) == 2  # nothing loaded yet: built again at the next call
