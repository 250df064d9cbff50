"""Login lockout (django-axes), the styled error pages, the security headers they carry, the settings
that keep the site up (health checks, body size) and the rate-limit decorators' 429."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from tutor.common import errors
from tutor.common import ratelimits as limits

PASSWORD = "damage-rules-42"


@pytest.fixture
def judge(db):
    return User.objects.create_user("judge", password=PASSWORD)


def _login(client: Client, username: str, password: str, ip: str = "127.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)


@pytest.mark.django_db
def test_twelve_wrong_passwords_lock_that_user_name_out_at_that_address(judge):
    client = Client()
    for _ in range(12):
        response = _login(client, "judge", "wrong-password")
    assert response.status_code == 429
    page = response.content.decode()
    assert "ログインを一時的に止めています" in page and "10回" in page and "15分間" in page
    # the right password now fails too, from the same address ...
    assert _login(client, "judge", PASSWORD).status_code == 429
    assert "_auth_user_id" not in client.session
    # ... but the owner at another address logs in, and so does another account at this address
    assert _login(Client(), "judge", PASSWORD, ip="203.0.113.9").status_code == 302
    User.objects.create_user("other", password=PASSWORD)
    assert _login(Client(), "other", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_a_few_wrong_passwords_do_not_lock_out(judge):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _login(client, "judge", "wrong-password").status_code == 200
    assert _login(client, "judge", PASSWORD).status_code == 302


def test_the_proxys_address_is_the_visitors_only_from_the_local_proxy():
    factory = RequestFactory()
    assert (
        limits.client_ip(factory.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="198.51.100.7"))
        == "198.51.100.7"
    )
    # a client reaching the app directly cannot choose its address
    assert (
        limits.client_ip(factory.get("/", REMOTE_ADDR="203.0.113.5", HTTP_X_REAL_IP="198.51.100.7"))
        == "203.0.113.5"
    )
    assert (
        limits.client_ip(factory.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="not an address"))
        == "127.0.0.1"
    )


@pytest.mark.django_db
def test_addresses_behind_the_proxy_are_locked_out_one_by_one(judge):
    """Behind nginx every request comes from 127.0.0.1: one visitor's failures must not lock out another."""
    attacker = Client(HTTP_X_REAL_IP="198.51.100.7")
    for _ in range(12):
        _login(attacker, "judge", "wrong-password")
    assert _login(attacker, "judge", PASSWORD).status_code == 429
    assert _login(Client(HTTP_X_REAL_IP="198.51.100.8"), "judge", PASSWORD).status_code == 302


STATUS_TEXT = {
    400: "リクエストを処理できません",
    403: "この操作はできません",
    404: "ページが見つかりません",
    405: "この方法では開けません",
    413: "送られた内容が大きすぎます",
    429: "操作が多すぎます",
    500: "サーバーでエラーが起きました",
}


@pytest.mark.django_db
@pytest.mark.parametrize("status", sorted(STATUS_TEXT))
def test_every_error_page_is_japanese_and_styled(status):
    request = RequestFactory().get("/somewhere/")
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    response = errors.server_error(request) if status == 500 else errors.error_page(request, status)
    page = response.content.decode()
    assert response.status_code == status
    assert STATUS_TEXT[status] in page and 'lang="ja"' in page and "tutor" in page  # the stylesheet
    assert "失われていません" not in page  # the 500 page makes no promise it cannot keep


def test_the_500_page_renders_without_a_database():
    """No database access is allowed here (no django_db mark): the page must not need one."""
    response = errors.server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "保存されたかどうか" in response.content.decode()


@pytest.mark.django_db
def test_the_nul_page_carries_the_security_headers():
    response = Client().get("/cr/%00/")
    assert response.status_code == 400
    assert "使えない文字" in response.content.decode()
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
def test_a_405_gets_the_styled_page_and_keeps_allow():
    response = Client().put("/board/players/add/")
    assert response.status_code == 405
    assert "この方法では開けません" in response.content.decode()
    assert response["Allow"] == "POST"
    assert "Content-Security-Policy" in response


@pytest.mark.django_db
def test_a_body_over_the_limit_is_a_413():
    body = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = Client().post("/board/import/", {"text": body})
    assert response.status_code == 413
    assert "送られた内容が大きすぎます" in response.content.decode()


@pytest.mark.django_db
def test_a_missing_csrf_token_gets_the_japanese_403():
    response = Client(enforce_csrf_checks=True).post("/board/players/add/", {"name": "x"})
    assert response.status_code == 403
    assert "CSRFトークン" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/cr/a%ED%A0%80b/", "/no-such-page/%ED%A0%80%00/", "/x/" + "%F0%9F%98%80" * 300]
)
def test_error_pages_echo_anything_safely(path):
    """A lone surrogate (as UTF-8 bytes), a NUL or a long path in the URL never makes the page fail."""
    response = Client(raise_request_exception=False).get(path)
    assert response.status_code in (400, 404)
    response.content.decode("utf-8")


def test_safe_text_encodes_whatever_it_is_given():
    text = errors.safe_text("ab\ud800\x00" + "c" * 500)
    text.encode("utf-8")
    assert text.startswith("ab\ufffd\ufffd") and len(text) <= errors.MAX_ECHO + 1


@pytest.mark.django_db
@override_settings(RATELIMIT_ENABLE=True)
def test_a_rate_limited_view_answers_429_in_japanese():
    cache.clear()

    @limits.signup_limit
    def view(request):
        return HttpResponse("ok")

    from django_ratelimit.exceptions import Ratelimited

    factory = RequestFactory()
    for _ in range(10):
        assert view(factory.post("/", REMOTE_ADDR="192.0.2.1")).status_code == 200
    with pytest.raises(Ratelimited):
        view(factory.post("/", REMOTE_ADDR="192.0.2.1"))
    assert view(factory.post("/", REMOTE_ADDR="192.0.2.2")).status_code == 200  # per address
    response = errors.too_many_requests(_anonymous(factory.post("/")), Ratelimited())
    assert response.status_code == 429 and response["Retry-After"] == "60"
    assert "操作が多すぎます" in response.content.decode()


def _anonymous(request):
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    return request


def test_settings_for_a_service_that_stays_up():
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True
    assert settings.CSRF_COOKIE_HTTPONLY is True
    assert settings.CACHES["default"]["BACKEND"].endswith("LocMemCache")
    # per-process caches must not hold sessions: a sign-out in one worker would not reach the others
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"
    assert settings.AXES_FAILURE_LIMIT <= 10
    # the pair: neither a user name alone nor an address alone can be locked out by a stranger
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]


def test_redis_url_selects_the_shared_cache(monkeypatch):
    import importlib

    import tutor.settings as tutor_settings

    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/1")
    try:
        reloaded = importlib.reload(tutor_settings)
        assert reloaded.CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
        assert reloaded.CACHES["default"]["LOCATION"] == "redis://127.0.0.1:6379/1"
        # the shared cache serves the sessions too, kept in the database as well (cached_db)
        assert reloaded.SESSION_ENGINE == "django.contrib.sessions.backends.cached_db"
    finally:
        monkeypatch.delenv("REDIS_URL")
        importlib.reload(tutor_settings)


@pytest.mark.parametrize(
    ("url", "sqlite"),
    [("sqlite:////tmp/tutor-test.sqlite3", True), ("postgres://tutor@127.0.0.1:5432/tutor", False)],
)
def test_sqlite_takes_concurrent_writes_and_postgresql_is_left_alone(monkeypatch, url, sqlite):
    """WAL, IMMEDIATE transactions and a busy timeout on SQLite only (PostgreSQL has no such options)."""
    import importlib

    import tutor.settings as tutor_settings

    monkeypatch.setenv("DATABASE_URL", url)
    try:
        options = importlib.reload(tutor_settings).DATABASES["default"].get("OPTIONS", {})
    finally:
        monkeypatch.undo()
        importlib.reload(tutor_settings)
    if sqlite:
        assert options["transaction_mode"] == "IMMEDIATE"
        assert "journal_mode=WAL" in options["init_command"]
        assert 0 < options["timeout"] < 30  # under gunicorn's timeout: a lock wait ends as our 500 page
    else:
        assert "transaction_mode" not in options and "init_command" not in options


@pytest.mark.django_db
def test_htmx_still_gets_the_csrf_token_from_the_page():
    """With an HttpOnly cookie, htmx sends the token from <body hx-headers> (CSRF on every POST)."""
    client = Client(enforce_csrf_checks=True)
    page = client.get("/board/").content.decode()
    token = page.split('"X-CSRFToken": "', 1)[1].split('"', 1)[0]
    assert client.cookies["csrftoken"]["httponly"]
    response = client.post(
        "/board/players/add/", {"name": "第三者"}, HTTP_X_CSRFTOKEN=token, HTTP_HX_REQUEST="true"
    )
    assert response.status_code in (200, 302)


@override_settings(DEBUG=False)
def test_the_lockout_template_names_the_wait():
    from datetime import timedelta

    from django.template.loader import render_to_string

    page = render_to_string(
        "errors/lockout.html",
        {"failure_limit": 10, "cooloff_timedelta": timedelta(minutes=15), "status": 429},
    )
    assert "10回" in page and "15分間" in page


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/cr/", "/cr/120/", "/cr/glossary/", "/cr/search/?q=x", "/board/",
                                 "/board/examples/", "/board/s/cr120-4-ex1/", "/board/import/", "/study/"])  # fmt: skip
def test_head_answers_on_every_page_a_get_opens(url):
    """Link checkers and uptime probes use HEAD: never a 405 where GET works."""
    assert Client().get(url).status_code == 200
    assert Client().head(url).status_code == 200
