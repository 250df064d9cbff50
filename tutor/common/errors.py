"""The styled Japanese error pages (400, 403, 404, 405, 413, 429, 500) and the views Django calls.

``tutor/urls.py`` names the handlers; ``tutor.middleware.StyledErrorPagesMiddleware`` fills in the
empty 405 of ``require_POST``; django-ratelimit's ``RATELIMIT_VIEW`` and django-axes' lockout template
give the 429s; ``CSRF_FAILURE_VIEW`` the 403 of a missing token. Whatever a page echoes (the path) is
made safe to encode first: a lone surrogate or a NUL never turns an error page into a 500.

The 500 page is rendered from the template alone, without the request: it must work when the
database (sessions, the signed-in user) is what failed.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django_ratelimit.exceptions import Ratelimited

MAX_ECHO = 200

TOO_LARGE = (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent)

FALLBACK_PAGE = (
    '<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>エラー</title></head>'
    "<body><h1>エラーが起きました</h1><p>時間をおいて、もう一度お試しください。</p>"
    '<p><a href="/">トップページへ</a></p></body></html>'
)


def safe_text(value: Any, limit: int = MAX_ECHO) -> str:
    """``value`` as text that encodes to UTF-8: lone surrogates and NUL become U+FFFD, cut to ``limit``.

    >>> safe_text("a\\ud800b\\x00c")
    'a\\ufffdb\\ufffdc'
    >>> safe_text("x" * 300, 5)
    'xxxxx…'
    """
    text = value if isinstance(value, str) else str(value)
    text = "".join("\ufffd" if "\ud800" <= ch <= "\udfff" or ch == "\x00" else ch for ch in text[: limit + 1])
    return text if len(text) <= limit else text[:limit] + "…"


def error_page(request: HttpRequest, status: int, *, reason: str = "", **context: Any) -> HttpResponse:
    """The styled page for ``status`` (``templates/errors/<status>.html``), with the site's header.

    If the page cannot be rendered with the request (the session or the user cannot be read), the
    same page is rendered without it; failing that, a plain page: never an exception.
    """
    page = {
        "status": status,
        "reason": safe_text(reason),
        "path": safe_text(getattr(request, "path", "")),
        **context,
    }
    template = f"errors/{status}.html"
    try:
        return render(request, template, page, status=status)
    except Exception:  # a broken database must not hide the error the visitor should see
        try:
            return HttpResponse(render_to_string("errors/500.html", {"status": status}), status=status)
        except Exception:
            return HttpResponse(FALLBACK_PAGE, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler400; a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (or with too many fields) is a 413."""
    if isinstance(exception, TOO_LARGE):
        return error_page(request, 413)
    return error_page(request, 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler403 (a rate limit that reached it is still a 429)."""
    if isinstance(exception, Ratelimited):
        return too_many_requests(request, exception)
    return error_page(request, 403)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler404."""
    return error_page(request, 404)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: the template alone, without the request (no session, no user, no database)."""
    try:
        return HttpResponse(render_to_string("errors/500.html", {"status": 500}), status=500)
    except Exception:
        return HttpResponse(FALLBACK_PAGE, status=500)


RETRY_AFTER_SECONDS = 60


def too_many_requests(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``RATELIMIT_VIEW``: the 429 page, with ``Retry-After`` (the limit's window, when the limit says it)."""
    wait = getattr(request, "ratelimit_wait", RETRY_AFTER_SECONDS)
    wait = wait if isinstance(wait, int) and wait > 0 else RETRY_AFTER_SECONDS
    response = error_page(request, 429, minutes=max(1, -(-wait // 60)))
    response["Retry-After"] = str(wait)
    return response


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``CSRF_FAILURE_VIEW``: the 403 page saying why in Japanese (Django's reason is English)."""
    return error_page(
        request,
        403,
        reason="フォームの確認用の情報（CSRFトークン）がないか、古くなっています。"
        "ページを読み込み直してから、もう一度送ってください。",
    )
