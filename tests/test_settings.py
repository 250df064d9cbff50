"""Production settings: check --deploy is clean, CSP has no inline script, secrets are required."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[1]


def _production_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(DJANGO_SETTINGS_MODULE="tutor.settings", **extra)
    return env


def test_check_deploy_is_clean_with_production_environment():
    env = _production_env(
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="tutor.example.org"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_refuses_to_start_without_secret_key():
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=_production_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


@pytest.mark.django_db
def test_every_page_sends_a_csp_without_inline_script():
    response = Client().get("/")
    policy = response.headers["Content-Security-Policy"]
    script_src = next(part for part in policy.split(";") if part.strip().startswith("script-src"))
    assert "'unsafe-inline'" not in script_src
    assert "'unsafe-eval'" not in script_src
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_htmx_sends_the_csrf_token_and_comes_from_our_static_files():
    html = Client().get("/").content.decode()
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
    assert '<html lang="ja">' in html
    assert "/static/django_htmx/htmx" in html


@pytest.mark.django_db
def test_unknown_url_is_a_friendly_404():
    response = Client().get("/no/such/page/")
    assert response.status_code == 404
    assert "ページが見つかりません" in response.content.decode()
