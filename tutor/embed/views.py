"""``/embed/board/<slug>/`` (a board inside another site's frame), ``/oembed`` and a board's PNG preview.

The embed page is the only one any site may frame (``frame-ancestors *``, no ``X-Frame-Options``);
every other page keeps the site-wide refusal. It sets no cookie: it has no form, no CSRF token and
never writes the session, so a frame on a stranger's page leaves nothing in the visitor's browser.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_safe

from tutor.board.views.flow import board_load, board_page
from tutor.common.content_cache import cache_content_page_unless
from tutor.common.htmx import HtmxHttpRequest
from tutor.embed import oembed as oembed_lib
from tutor.embed import preview

EMBED_CSP: dict[str, Any] = {**settings.SECURE_CSP, "frame-ancestors": ["*"]}
"""The site's policy with one change: any page may frame the embed (scripts stay ``'self'`` only)."""

EMBED_PARAMS = ("stage",)
"""The only query parameter the embed reads: the cache key holds it alone, so no other query makes a miss."""


def _not_found(request: HttpRequest) -> HttpResponse:
    # Framable too: a frame pointing at a removed board shows why, not the browser's refusal page.
    return render(request, "embed/missing.html", status=404)


@xframe_options_exempt
@csp_override(EMBED_CSP)
@cache_content_page_unless(None, query_keys=EMBED_PARAMS)
@require_safe
def embed_board(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The drawing and the stages of a stored board, read-only (every stage at once unless ``?stage=N``)."""
    try:
        board = board_load(slug)
    except Http404:
        return _not_found(request)
    if board.scenario is None or board.parsed is None:
        return _not_found(request)
    stage = request.GET.get("stage", "all")[:8]
    page = board_page(request, board, params={"stage": stage})
    context = page.context()
    context["embed_url"] = reverse("embed:board", args=[slug])
    context["permalink"] = request.build_absolute_uri(board.urls["page"])
    return render(request, "embed/board.html", context)


@require_safe
def oembed(request: HttpRequest) -> JsonResponse:
    """``/oembed?url=<board permalink>&format=json``: how blog and wiki software embeds a board."""
    status, body = oembed_lib.describe(request)
    response = JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})
    if status == 200:
        response["Cache-Control"] = "public, max-age=3600"
    return response


@cache_control(public=True, max_age=preview.MAX_AGE, immutable=True)
@require_safe
def board_preview(request: HttpRequest, slug: str) -> HttpResponse:
    """``/board/s/<slug>/preview.png``: the board's drawing as a PNG, for share cards (og:image)."""
    png = preview.preview_png(slug)
    if png is None:
        raise Http404("no such board")
    return HttpResponse(png, content_type="image/png")
