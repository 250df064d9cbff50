"""The one htmx convention of the site, used by the reader, the board and study mode.

* A partial's name is the DOM id it replaces: ``{% partialdef board-app %}`` renders ``<div id="board-app">``.
  When htmx targets one of a view's partials, :func:`render_page` renders ``template#<id>`` alone;
  a plain request, or htmx restoring its history (it wants a whole page), gets the whole page.
* Every page that may answer with a partial says so to caches: ``Vary: HX-Request, HX-Target``.
* A response that must land somewhere other than where the request came from says where with
  :func:`swap` (``HX-Retarget``, ``HX-Reswap`` and optionally ``HX-Push-Url``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django_htmx.http import SwapMethod, push_url, reswap, retarget
from django_htmx.middleware import HtmxDetails

VARY = ("HX-Request", "HX-Target")


class HtmxHttpRequest(HttpRequest):
    """A request that went through ``HtmxMiddleware`` (typing only: every request of the site does)."""

    htmx: HtmxDetails


def htmx_partial(request: HttpRequest, partials: Collection[str]) -> str | None:
    """The partial htmx asks for: its target, when that is one of ``partials`` and not a history restore."""
    htmx: HtmxDetails | None = getattr(request, "htmx", None)
    if not htmx or htmx.history_restore_request:
        return None
    target = htmx.target or ""
    return target if target in partials else None


def vary(response: HttpResponse) -> HttpResponse:
    """Tell caches that the answer depends on whether (and where) htmx asked."""
    patch_vary_headers(response, VARY)
    return response


def render_page(
    request: HttpRequest,
    template: str,
    context: Mapping[str, Any],
    *,
    partials: Collection[str] = (),
    status: int = 200,
) -> HttpResponse:
    """``template``, or only ``template#<target>`` when htmx targets one of ``partials``; always ``Vary``."""
    partial = htmx_partial(request, partials)
    name = f"{template}#{partial}" if partial else template
    return vary(render(request, name, dict(context), status=status))


def render_partial(
    request: HttpRequest, template: str, partial: str, context: Mapping[str, Any], *, status: int = 200
) -> HttpResponse:
    """One partial for an htmx request that asked for it by name (``Vary`` set)."""
    return vary(render(request, f"{template}#{partial}", dict(context), status=status))


def swap(
    response: HttpResponse, target: str, how: SwapMethod = "outerHTML", push: str | None = None
) -> HttpResponse:
    """Send ``response`` to the element with id ``target`` (``how``: htmx's swap style), pushing ``push``."""
    retarget(response, f"#{target}")
    reswap(response, how)
    if push is not None:
        push_url(response, push)
    return vary(response)
