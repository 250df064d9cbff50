"""Accounts: signing up and logging in keep an anonymous learner's progress; pages and errors in Japanese."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from tests.study.test_views import key_for, start, url
from tutor.models import ReviewItem, StudyAttempt

pytestmark = pytest.mark.django_db


def test_signup_keeps_anonymous_progress(client):
    question = start(client)
    client.post(url(question, "answer/"), {"answer": key_for(question, right=False)})
    response = client.post(
        "/accounts/signup/",
        {"username": "judge", "password1": "damage-rules-42", "password2": "damage-rules-42"},
        follow=True,
    )
    html = response.content.decode()
    assert "1問の回答" in html and "judge" in html
    user = User.objects.get(username="judge")
    assert StudyAttempt.objects.get().user == user
    assert ReviewItem.objects.get().user == user
    assert client.get(url(question)).status_code == 200  # still the learner's question


def test_login_keeps_anonymous_progress_and_merges_reviews(client):
    user = User.objects.create_user("judge", password="damage-rules-42")
    question = start(client)
    client.post(url(question, "answer/"), {"answer": key_for(question, right=False)})
    ReviewItem.objects.create(
        user=user,
        learner_key="old",
        source=question.source,
        level=question.level,
        topic="lifelink",
        title="t",
        box=3,
        due_at=timezone.now() + timedelta(days=1),
    )
    response = client.post("/accounts/login/", {"username": "judge", "password": "damage-rules-42"})
    assert response.status_code == 302
    assert StudyAttempt.objects.get().user == user
    item = ReviewItem.objects.get()
    assert item.user == user and item.box == 1 and item.lapses == 2


def test_signup_errors_are_japanese(client):
    response = client.post("/accounts/signup/", {"username": "", "password1": "a", "password2": "b"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "ユーザー名を入力してください" in html
    response = client.post("/accounts/signup/", {"username": "x", "password1": "abc", "password2": "abd"})
    assert "一致しません" in response.content.decode()


def test_logout_is_a_post_and_password_change_needs_login(client):
    User.objects.create_user("judge", password="damage-rules-42")
    assert client.get("/accounts/password/")["Location"].startswith("/accounts/login/")
    client.login(username="judge", password="damage-rules-42")
    assert "ログアウト" in client.get("/study/").content.decode()
    response = client.post(
        "/accounts/password/",
        {
            "old_password": "damage-rules-42",
            "new_password1": "other-rules-43",
            "new_password2": "other-rules-43",
        },
        follow=True,
    )
    assert "パスワードを変更しました" in response.content.decode()
    assert client.get("/accounts/logout/").status_code == 405
    assert client.post("/accounts/logout/").status_code == 302
    assert "新規登録" in client.get("/study/").content.decode()


def test_account_pages_are_japanese_even_for_an_english_browser(client):
    response = client.post(
        "/accounts/login/", {"username": "nobody", "password": "x"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    html = response.content.decode()
    assert "正しいユーザー名とパスワードを入力してください" in html
    html = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "ユーザー名" in html and "パスワード(確認用)" in html and "Username" not in html


def _error_field(html: str, message: str) -> str:
    """The id of the input whose error block holds ``message`` (crispy: ``error_1_id_<field>``)."""
    import re

    found = re.findall(r'id="error_\d+_id_(\w+)"[^>]*>\s*<strong>([^<]*)</strong>', html)
    return next(field for field, text in found if message in text)


def test_a_weak_password_is_flagged_under_the_field_it_was_chosen_in(client):
    """「短すぎます」 belongs under the password, 「一致しません」 under its confirmation."""
    response = client.post(
        "/accounts/signup/", {"username": "newplayer", "password1": "abc", "password2": "abc"}
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert _error_field(html, "短すぎます") == "password1"
    response = client.post(
        "/accounts/signup/", {"username": "newplayer", "password1": "abc", "password2": "abd"}
    )
    assert _error_field(response.content.decode(), "一致しません") == "password2"


def test_password_change_flags_a_weak_new_password_under_new_password1(client):
    User.objects.create_user("judge", password="damage-rules-42")
    client.login(username="judge", password="damage-rules-42")
    response = client.post(
        "/accounts/password/",
        {"old_password": "damage-rules-42", "new_password1": "12345678", "new_password2": "12345678"},
    )
    html = response.content.decode()
    assert _error_field(html, "数字") == "new_password1"
