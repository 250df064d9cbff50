"""The oEmbed description of a board permalink (oEmbed 1.0, type ``rich``: an iframe of the embed page).

Only this site's board permalinks (``/board/s/<slug>/``) and embed URLs are known; any other URL is a
404, a format other than JSON a 501, as the oEmbed specification asks. Errors are JSON too.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from tutor.board import selectors

PROVIDER_NAME = "ダメージルール・チューター"
WIDTH = 720
HEIGHT = 640
MIN_SIZE = 120
MAX_SIZE = 4000
MAX_URL = 2000
BOARD_PATH = re.compile(r"^/(?:board/s|embed/board)/(?P<slug>[-a-zA-Z0-9_]{1,80})/$")


def iframe_html(src: str, title: str, width: int = WIDTH, height: int = HEIGHT) -> str:
    """The snippet a page pastes to show a board: an iframe of its embed page."""
    return str(
        format_html(
            '<iframe src="{}" width="{}" height="{}" title="{}" loading="lazy" style="border:0"></iframe>',
            src,
            width,
            height,
            title,
        )
    )


def embed_title(title: str) -> str:
    return f"{title or '盤面'} — {PROVIDER_NAME}"


def _error(status: int, code: str, message: str) -> tuple[int, dict[str, Any]]:
    return status, {"error": code, "status": status, "message": message}


def _size(raw: str | None, default: int) -> int | None:
    """``default`` narrowed to ``raw`` (maxwidth/maxheight); None when ``raw`` is not a usable number."""
    if raw is None or raw == "":
        return default
    if not raw.isascii() or not raw.isdigit() or len(raw) > 6:
        return None
    return max(MIN_SIZE, min(default, int(raw), MAX_SIZE))


def describe(request: HttpRequest) -> tuple[int, dict[str, Any]]:
    """The status and JSON body answering ``/oembed?url=…&format=json&maxwidth=…&maxheight=…``."""
    fmt = request.GET.get("format", "json")
    if fmt != "json":
        return _error(501, "format_not_implemented", "JSON 形式(format=json)だけに対応しています。")
    url = request.GET.get("url", "")
    if not url:
        return _error(400, "url_missing", "埋め込む盤面のURLを url に指定してください。")
    width = _size(request.GET.get("maxwidth"), WIDTH)
    height = _size(request.GET.get("maxheight"), HEIGHT)
    if width is None or height is None:
        return _error(400, "size_invalid", "maxwidth と maxheight は正の整数で指定してください。")
    if len(url) > MAX_URL or "\x00" in url:
        return _error(404, "not_found", "このURLの盤面はありません。")
    try:
        parts = urlsplit(url)
    except ValueError:
        return _error(404, "not_found", "このURLの盤面はありません。")
    match = BOARD_PATH.match(parts.path)
    if (
        parts.scheme not in ("http", "https")
        or parts.netloc.lower() != request.get_host().lower()
        or not match
    ):
        return _error(404, "not_found", "このURLはこのサイトの盤面ではありません。")
    scenario = selectors.scenario_get(slug=match["slug"])
    if scenario is None:
        return _error(404, "not_found", "このURLの盤面はありません。")
    slug = scenario.slug
    title = embed_title(scenario.title)
    src = request.build_absolute_uri(reverse("embed:board", args=[slug]))
    return 200, {
        "version": "1.0",
        "type": "rich",
        "provider_name": PROVIDER_NAME,
        "provider_url": request.build_absolute_uri("/"),
        "title": title,
        "html": iframe_html(src, title, width, height),
        "width": width,
        "height": height,
        "cache_age": 86400,
    }
