"""Creatures dealing damage equal to their power outside combat (docs/scenario-format.md § 9)."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_POST

from tutor.board.views.event import _event_saved
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.ratelimits import board_write_limit


@board_write_limit
@require_POST
def event_fight(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    """CR 701.14."""
    return _event_saved(request, slug, "fight")


@board_write_limit
@require_POST
def event_bite(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    return _event_saved(request, slug, "bite")


@board_write_limit
@require_POST
def event_power_damage(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    return _event_saved(request, slug, "power_damage")
