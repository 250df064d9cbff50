"""Throttling on the real views (django-ratelimit, django-axes) and the content cache on the real reader
pages: the 61st board write of a minute, the 31st study post, the 11th sign-up and the 31st login of
an hour answer 429 with the Japanese page; a locked-out login says so in Japanese;
load_content makes the cached pages stale, and a signed-in visitor's page never reaches anonymous ones."""

from __future__ import annotations

from types import SimpleNamespace

import django_ratelimit.core
import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

from tutor.board.urls import EDITS
from tutor.common import ratelimits
from tutor.common.content_cache import CACHE_HEADER

pytestmark = [pytest.mark.django_db, pytest.mark.filterwarnings("ignore::UserWarning")]

TOO_MANY = "操作が多すぎます"
LOCKED = "ログインを一時的に止めています"


@pytest.fixture(autouse=True)
def _one_rate_window(monkeypatch):
    """django-ratelimit counts in fixed windows (a minute, an hour). A test that ran across the end of
    one would start counting afresh halfway and see a write let through, so the clock it reads stands
    still (only its clock: the cache and the sessions keep the real one)."""
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: 1_800_000_000.0))


def _rate(rate: str) -> int:
    return int(rate.split("/")[0])


@override_settings(RATELIMIT_ENABLE=True)
def test_the_61st_board_write_of_a_minute_is_a_429_for_every_writing_view(board):
    """All the board's writing views share one budget per address (60 a minute)."""
    client = Client(raise_request_exception=False)
    base = f"/board/s/{board.slug}/"
    for _ in range(_rate(ratelimits.BOARD_WRITE_RATE)):
        assert client.post(base + "event/clear/").status_code < 400
    writes = [route for route, _view, name in EDITS if name != "assignment_check"]
    for route in writes:
        response = client.post(base + route, {})
        assert response.status_code == 429, route
        assert TOO_MANY in response.content.decode()
    assert client.post("/board/import/", {"text": "{}"}).status_code == 429
    # reading is never throttled, and another address has its own budget
    assert client.get(base).status_code == 200
    other = Client(REMOTE_ADDR="192.0.2.77")
    assert other.post(base + "event/clear/").status_code < 400


@override_settings(RATELIMIT_ENABLE=True)
def test_the_assignment_check_has_its_own_larger_budget(board):
    """The live check is not counted with the writes: after 60 writes it still answers."""
    client = Client(raise_request_exception=False)
    base = f"/board/s/{board.slug}/"
    for _ in range(_rate(ratelimits.BOARD_WRITE_RATE)):
        client.post(base + "event/clear/")
    assert client.post(base + "event/clear/").status_code == 429
    # not a combat: a 400, but not a 429 (the check's budget is its own)
    assert client.post(base + "assignment/check/", {}).status_code == 400


@override_settings(RATELIMIT_ENABLE=True)
def test_the_assignment_check_counts_htmx_gets_too_but_not_cached_answers():
    """htmx checks with GET: those count against the check's budget (240 a minute), as its posts do,
    except an answer the content cache serves (nothing is resolved for it)."""
    client = Client(raise_request_exception=False)
    url = "/board/s/cr702-19b/assignment/check/"
    hx = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "assignment"}
    client.get("/board/s/cr702-19b/")  # the visitor's CSRF cookie, as on the page
    for n in range(_rate(ratelimits.ASSIGNMENT_CHECK_RATE)):
        response = client.get(url, {"a_0_0": str(n), "a_0_1": "0"}, **hx)
        assert response.status_code == 200 and response[CACHE_HEADER] == "miss"
    assert client.get(url, {"a_0_0": "0", "a_0_1": "0"}, **hx)[CACHE_HEADER] == "hit"
    refused = client.get(url, {"a_0_0": "999", "a_0_1": "0"}, **hx)
    assert refused.status_code == 429 and TOO_MANY in refused.content.decode()
    assert client.post(url, {"a_0_0": "1"}, **hx).status_code == 429  # one budget for both methods


@override_settings(RATELIMIT_ENABLE=True)
def test_the_31st_study_post_of_a_minute_is_a_429():
    client = Client(raise_request_exception=False)
    for _ in range(_rate(ratelimits.STUDY_ANSWER_RATE)):
        assert client.post("/study/start/", {"topic": "lifelink", "level": "intro"}).status_code == 302
    response = client.post("/study/start/", {"topic": "lifelink", "level": "intro"})
    assert response.status_code == 429 and TOO_MANY in response.content.decode()
    assert client.post("/study/review/").status_code == 429
    assert client.post("/study/mixed/", {"level": "l1"}).status_code == 429
    assert client.post("/study/q/nosuch/answer/", {"answer": "a"}).status_code == 429


@override_settings(RATELIMIT_ENABLE=True)
def test_the_11th_signup_of_an_hour_is_a_429():
    client = Client(raise_request_exception=False)
    for i in range(_rate(ratelimits.SIGNUP_RATE)):
        client.logout()
        data = {"username": f"learner{i}", "password1": "x9-long-pass", "password2": "x9-long-pass"}
        assert client.post("/accounts/signup/", data).status_code == 302
    client.logout()
    data = {"username": "learner99", "password1": "x9-long-pass", "password2": "x9-long-pass"}
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 429 and TOO_MANY in response.content.decode()
    assert not User.objects.filter(username="learner99").exists()
    # the window is an hour: the page and Retry-After say what is left of it, not a minute
    wait = int(response["Retry-After"])
    assert 60 < wait <= 3600
    assert f"{-(-wait // 60)}分ほど待って" in response.content.decode()


def _login(client: Client, username: str, password: str, ip: str = "127.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)


def test_after_12_wrong_passwords_the_page_says_so_in_japanese_for_that_name_at_that_address():
    User.objects.create_user("judge", password="right-pass-1")
    for _ in range(12):
        _login(Client(), "judge", "wrong")
    response = _login(Client(), "judge", "right-pass-1")
    assert response.status_code == 429
    page = response.content.decode()
    assert LOCKED in page and "15分間" in page and "このユーザー名とこの接続元" in page
    assert 'lang="ja"' in page


@override_settings(RATELIMIT_ENABLE=True)
def test_the_31st_login_of_an_hour_from_one_address_is_a_429():
    """The lockout counts a name at an address; this budget stops one address trying many names."""
    for i in range(_rate(ratelimits.LOGIN_RATE)):
        assert _login(Client(), f"guess{i}", "wrong").status_code == 200
    response = _login(Client(), "guess99", "wrong")
    page = response.content.decode()
    assert response.status_code == 429 and "ログインの試行が多すぎます" in page
    assert "1時間に30回" in page and 'lang="ja"' in page
    assert 0 < int(response["Retry-After"]) <= 3600
    assert _login(Client(), "guess99", "wrong", ip="198.51.100.20").status_code == 200


# --------------------------------------------------------------------------- the content cache


CACHED_PAGES = [
    "/cr/",
    "/cr/120/",
    "/cr/glossary/",
    "/cards/",
    "/cards/?q=%E3%83%AF%E3%83%BC%E3%83%A0",
    "/cr/search/?q=%E7%A8%B2%E5%A6%BB",
    "/board/examples/",
]


@pytest.mark.parametrize("url", CACHED_PAGES)
def test_content_pages_are_cached_for_anonymous_visitors(url):
    first = Client().get(url)
    second = Client().get(url)
    assert first.status_code == second.status_code == 200
    assert first[CACHE_HEADER] == "miss" and second[CACHE_HEADER] == "hit"


def test_study_is_never_cached():
    Client().get("/study/")
    assert CACHE_HEADER not in Client().get("/study/")


def test_board_pages_are_cached_until_the_visitor_predicts(board):
    """A slug names one document for good, so its page (and each ``?stage=``) is the same for every
        anonymous visitor: cached, each visitor still getting their own CSRF token. A visitor with a
        prediction sees it on the page, so their board pages are rendered for them. (That each visitor gets
    their own CSRF token from a cached page is tested with the content cache.)"""
    for url in ("/board/", f"/board/s/{board.slug}/", f"/board/s/{board.slug}/?stage=all"):
        assert Client().get(url)[CACHE_HEADER] == "miss", url
        assert Client().get(url)[CACHE_HEADER] == "hit", url
    visitor = Client()
    assert visitor.get(f"/board/s/{board.slug}/")[CACHE_HEADER] == "hit"
    assert visitor.post(f"/board/s/{board.slug}/predict/", {"life_1": "20"}).status_code == 302
    mine = visitor.get(f"/board/s/{board.slug}/?stage=all")
    assert CACHE_HEADER not in mine and "予想" in mine.content.decode()


def test_a_long_search_is_rendered_not_cached():
    url = "/cr/search/?q=" + "a" * 60
    Client().get(url)
    assert CACHE_HEADER not in Client().get(url)


def test_load_content_makes_the_cached_reader_pages_stale():
    Client().get("/cr/120/")
    assert Client().get("/cr/120/")[CACHE_HEADER] == "hit"
    call_command("load_content", verbosity=0)
    assert Client().get("/cr/120/")[CACHE_HEADER] == "miss"


def test_a_signed_in_visitors_nav_never_appears_in_a_cached_anonymous_page():
    User.objects.create_user("signedin", password="right-pass-1")
    member = Client()
    member.force_login(User.objects.get(username="signedin"))
    mine = member.get("/cr/120/")
    assert "signedin" in mine.content.decode() and "ログアウト" in mine.content.decode()
    assert CACHE_HEADER not in mine
    anonymous = Client().get("/cr/120/")
    again = Client().get("/cr/120/")
    assert again[CACHE_HEADER] == "hit"
    for response in (anonymous, again):
        assert "signedin" not in response.content.decode()
        assert "ログアウト" not in response.content.decode()
