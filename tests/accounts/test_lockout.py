"""The login lockout counts a user name at an address: a stranger's wrong passwords never lock the owner
out elsewhere; one address trying many names meets the login's rate limit; a name longer than any
account's is a Japanese field error, never a 500 and never a recorded attempt. Not marked browser, so
``make test-postgres`` runs them on PostgreSQL too (where the 255-character column of django-axes
made the overlong name a 500)."""

from __future__ import annotations

from types import SimpleNamespace

import django_ratelimit.core
import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse

from tutor.common import ratelimits

pytestmark = pytest.mark.django_db

PASSWORD = "damage-rules-42"
LOCKED = "ログインを一時的に止めています"
STRANGER = "198.51.100.66"
OWNER = "203.0.113.40"


@pytest.fixture
def owner():
    return User.objects.create_user("judge", password=PASSWORD)


def _login(client: Client, username: str, password: str, ip: str):
    # behind nginx: the peer is the local proxy, the visitor's address is its X-Real-IP (client_ip)
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_REAL_IP=ip,
    )


def test_the_owner_logs_in_from_another_address_after_a_strangers_twelve_wrong_passwords(owner):
    stranger = Client()
    statuses = [_login(stranger, "judge", f"guess-{i}", STRANGER).status_code for i in range(12)]
    assert statuses == [200] * 9 + [429] * 3

    at_home = Client()
    response = _login(at_home, "judge", PASSWORD, OWNER)
    assert response.status_code == 302
    assert at_home.session["_auth_user_id"] == str(owner.pk)

    # the stranger is still locked out, even with the right password
    again = _login(Client(), "judge", PASSWORD, STRANGER)
    assert again.status_code == 429 and LOCKED in again.content.decode()
    assert AccessAttempt.objects.filter(username="judge", ip_address=STRANGER).exists()


def test_the_owners_success_elsewhere_does_not_unlock_the_stranger(owner):
    for i in range(10):
        _login(Client(), "judge", f"guess-{i}", STRANGER)
    assert _login(Client(), "judge", PASSWORD, OWNER).status_code == 302
    assert _login(Client(), "judge", PASSWORD, STRANGER).status_code == 429


@override_settings(RATELIMIT_ENABLE=True)
def test_one_address_trying_many_user_names_is_stopped_by_the_rate_limit(monkeypatch, owner):
    # django-ratelimit counts in fixed windows: its clock stands still so the hour cannot roll over
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: 1_800_000_000.0))
    budget = int(ratelimits.LOGIN_RATE.split("/")[0])
    # a few tries at each of many names: never ten for one name, so the lockout alone would let it on
    names = [f"player{i}" for i in range(budget)]
    statuses = [_login(Client(), name, "wrong", STRANGER).status_code for name in names]
    assert statuses == [200] * budget
    stranger = Client()
    refused = _login(stranger, "judge", PASSWORD, STRANGER)
    assert refused.status_code == 429 and "ログインの試行が多すぎます" in refused.content.decode()
    # refused before the password is checked: even the right one does not log the stranger in
    assert "_auth_user_id" not in stranger.session
    # the owner elsewhere is not held back by the stranger's budget
    assert _login(Client(), "judge", PASSWORD, OWNER).status_code == 302


@pytest.mark.parametrize("length", [151, 256, 5000])
def test_an_overlong_user_name_is_a_japanese_field_error(length):
    response = _login(Client(), "a" * length, "whatever", STRANGER)
    assert response.status_code == 200
    page = response.content.decode()
    assert f"ユーザー名は150文字以内です（入力は{length}文字でした）" in page
    assert 'maxlength="150"' in page
    assert not AccessAttempt.objects.exists() and not AccessFailureLog.objects.exists()


def test_a_user_name_of_the_longest_allowed_length_is_an_ordinary_wrong_login():
    response = _login(Client(), "a" * 150, "whatever", STRANGER)
    assert "正しいユーザー名とパスワードを入力してください" in response.content.decode()
    assert AccessAttempt.objects.get().username == "a" * 150


def test_a_user_name_with_nul_is_a_japanese_field_error():
    response = _login(Client(), "judge\x00", "whatever", STRANGER)
    assert response.status_code == 200
    assert "NUL文字" in response.content.decode()
    assert not AccessAttempt.objects.exists()


def test_empty_fields_are_japanese_errors():
    page = _login(Client(), "", "", STRANGER).content.decode()
    assert "ユーザー名を入力してください" in page and "パスワードを入力してください" in page


def test_the_admin_login_records_an_overlong_name_cut_to_the_column():
    """The admin's own login form does not check the length: django-axes stores the name cut to 255."""
    response = Client().post(
        "/admin/login/", {"username": "b" * 400, "password": "x"}, REMOTE_ADDR="127.0.0.1"
    )
    assert response.status_code == 200
    assert AccessAttempt.objects.get().username == "b" * ratelimits.AXES_USERNAME_LENGTH


@override_settings(RATELIMIT_ENABLE=True)
def test_the_admin_login_shares_the_addresss_login_budget(monkeypatch, owner):
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: 1_800_000_000.0))
    budget = int(ratelimits.LOGIN_RATE.split("/")[0])
    for i in range(budget):
        _login(Client(), f"player{i}", "wrong", STRANGER)

    def admin_login():
        return Client().post(
            "/admin/login/",
            {"username": "judge", "password": PASSWORD},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_REAL_IP=STRANGER,
        )

    refused = admin_login()
    assert refused.status_code == 429 and "ログインの試行が多すぎます" in refused.content.decode()
    assert int(refused["Retry-After"]) > 60


def test_an_overlong_user_name_at_sign_up_is_a_japanese_field_error():
    response = Client().post(
        "/accounts/signup/", {"username": "a" * 151, "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 400
    assert "ユーザー名は150文字以内です（入力は151文字でした）" in response.content.decode()
    assert not User.objects.exists()
