"""The damage event: noncombat damage from a spell or ability (CR 120.2b), or a combat; or none."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_POST

from rules_core import ScenarioError
from tutor.board import documents
from tutor.board.page import EVENTS
from tutor.board.views.flow import board_load, form_invalid, form_refused, saved, saved_or_refused
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.ratelimits import board_write_limit


def _event_saved(request: HtmxHttpRequest, slug: str | None, kind: str) -> HttpResponse:
    board = board_load(slug)
    form_class, title, message = EVENTS[kind]
    form = form_class(request.POST, document=board.document, action=board.urls[f"event_{kind}"])
    if form.is_valid():
        event = form.to_event()
        new = documents.event_set(document=board.document, event=event)
        try:
            return saved(request, new, message)
        except ScenarioError as error:
            fields = {".targets": "targets", ".cant_be_regenerated": "cant_be_regenerated"}
            if kind == "noncombat":  # 601.2c, 702.21a: an illegal target is refused on its own checkbox
                recipients = getattr(form, "recipients", [])
                for key, flag in (("targets", "target"), ("ward_paid", "ward_paid")):
                    for j, ident in enumerate(event.get(key, [])):
                        fields[f"event.{key}[{j}]"] = f"{flag}_{recipients.index(ident)}"
            if kind in (
                "fight",
                "bite",
                "destroy",
            ):  # § 14.4: the target refused as the spell is cast (601.2c)
                for j in range(len(event.get("targets", []))):
                    fields[f"event.targets[{j}]"] = "targets"
            form_refused(form, error, fields)
    return form_invalid(request, board, form, title=title)


@board_write_limit
@require_POST
def event_noncombat(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    return _event_saved(request, slug, "noncombat")


@board_write_limit
@require_POST
def event_combat(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    return _event_saved(request, slug, "combat")


@board_write_limit
@require_POST
def event_destroy(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    return _event_saved(request, slug, "destroy")


@board_write_limit
@require_POST
def event_clear(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    new = documents.event_clear(document=board.document)
    return saved_or_refused(request, board, new, "ダメージのイベントを取り消しました。")
