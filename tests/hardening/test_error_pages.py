"""Every error page is ours: nginx's own pages (static/errors/, deploy/nginx.conf) are Japanese, carry the
headers Django sends, and say what Django's pages say where nginx replaces them; Django's bad-Host 400
and the static files carry the headers too. ``make smoke`` checks the same through a running nginx."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import Client

ROOT = Path(settings.BASE_DIR)
NGINX = (ROOT / "deploy" / "nginx.conf").read_text()
PAGES = ROOT / "static" / "errors"
SECURITY_HEADERS = (
    "Content-Security-Policy",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
)


def _block(start: str) -> str:
    """The text of the nginx block that opens with ``start`` (up to its closing brace)."""
    at = NGINX.index(start)
    depth = 0
    for end in range(NGINX.index("{", at), len(NGINX)):
        depth += {"{": 1, "}": -1}.get(NGINX[end], 0)
        if depth == 0:
            return NGINX[at : end + 1]
    raise AssertionError(f"{start} is not closed")


def _added_headers(block: str) -> dict[str, str]:
    found = re.findall(r'^\s*add_header\s+(\S+)\s+("[^"]*"|\S+)\s*(always)?;', block, re.M)
    return {name: value.strip('"') for name, value, _ in found}


def _always(block: str) -> set[str]:
    return {
        name
        for name, _, always in re.findall(r'^\s*add_header\s+(\S+)\s+("[^"]*"|\S+)\s*(always)?;', block, re.M)
        if always
    }


class _Text(HTMLParser):
    """The visible text of <main>, and what would run or load: scripts, inline styles, links."""

    def __init__(self) -> None:
        super().__init__()
        self.in_main = 0
        self.text: list[str] = []
        self.scripts = 0
        self.inline = 0
        self.stylesheets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        self.in_main += tag == "main"
        self.scripts += tag == "script"
        self.inline += "style" in names or tag == "style" or any(k.startswith("on") for k in names)
        if tag == "link" and names.get("rel") == "stylesheet":
            self.stylesheets.append(names.get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        self.in_main -= tag == "main"

    def handle_data(self, data: str) -> None:
        if self.in_main and data.strip():
            self.text.append(data.strip())


def _read(html: str) -> _Text:
    parser = _Text()
    parser.feed(html)
    return parser


def _django_headers() -> dict[str, str]:
    response = Client().get("/no-such-page/")
    return {name: response[name] for name in SECURITY_HEADERS}


def _listed_pages() -> dict[int, str]:
    return {int(status): page for status, page in re.findall(r"error_page\s+(\d+)\s+/_errors/(\S+);", NGINX)}


def test_every_error_nginx_answers_itself_has_a_page():
    listed = _listed_pages()
    assert set(listed) >= {400, 403, 404, 405, 408, 413, 414, 494, 500, 502, 503, 504}
    for page in listed.values():
        assert (PAGES / page).is_file(), page


@pytest.mark.parametrize("page", sorted(p.name for p in PAGES.glob("*.html")))
def test_nginx_pages_are_japanese_with_our_look_and_no_script(page):
    html = (PAGES / page).read_text(encoding="utf-8")
    read = _read(html)
    assert '<html lang="ja">' in html and '<meta charset="utf-8">' in html
    assert read.stylesheets == ["/static/css/tutor.css"]
    assert read.scripts == 0 and read.inline == 0
    text = " ".join(read.text)
    assert re.search(r"[ぁ-んァ-ン一-龥]", text) and re.search(r"(ます|ません|です|でした|ください)。", text)
    status = page.removesuffix(".html")
    assert f"エラー {400 if status == '494' else status}" in text
    # nothing from the repository or in English: the visitor reads only the page's own words
    assert not re.search(
        r"nginx|gunicorn|django|\.py|Bad Request|Not Found|Internal Server Error", html, re.I
    )


@pytest.mark.django_db
def test_nginx_headers_are_the_ones_django_sends():
    django = _django_headers()
    for location in ("location ^~ /_errors/", "location /static/"):
        block = _block(location)
        added = _added_headers(block)
        for name in SECURITY_HEADERS:
            assert added.get(name) == django[name], (location, name)
            assert name in _always(block), (location, name)  # error statuses too
        assert added["Strict-Transport-Security"].startswith(f"max-age={31536000}")


def test_only_answers_that_may_not_be_djangos_are_intercepted():
    proxied = _block("location / {")
    assert re.search(r"^\s*proxy_intercept_errors on;", proxied, re.M)
    intercepted = {int(s) for line in re.findall(r"error_page\s+([\d\s]+)\s/", proxied) for s in line.split()}
    assert intercepted == {413, 500, 502, 503, 504}  # Django's 400, 403, 404, 405 and 429 pass through
    assert "proxy_set_header X-Request-ID $request_id;" in proxied


@pytest.mark.django_db
@pytest.mark.parametrize("status", [500, 413])
def test_django_pages_that_nginx_replaces_say_the_same(status):
    if status == 500:
        django = render_to_string("errors/500.html", {"status": 500})
    else:
        django = (
            Client()
            .post(
                "/board/import/",
                data="x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1),
                content_type="application/x-www-form-urlencoded",
            )
            .content.decode()
        )
    ours = (PAGES / f"{status}.html").read_text(encoding="utf-8")
    django_text = [
        t
        for t in _read(django).text
        if t not in {"条文の一覧へ", "盤面へ", "トップページへ", "盤面の読み込みへ"}
    ]
    ours_text = [
        t
        for t in _read(ours).text
        if t not in {"条文の一覧へ", "盤面へ", "トップページへ", "盤面の読み込みへ"}
    ]
    assert django_text == ours_text


@pytest.mark.django_db
def test_a_refused_host_gets_the_page_with_the_security_headers():
    response = Client().get("/cr/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert "リクエストを処理できません" in response.content.decode()
    django = _django_headers()
    for name in SECURITY_HEADERS:
        assert response[name] == django[name], name


@pytest.mark.django_db
def test_static_files_from_whitenoise_carry_nosniff():
    response = Client().get("/static/css/tutor.css")
    assert response.status_code == 200
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Type"].startswith("text/css")
