"""Triggered abilities on a permanent (docs/scenario-format.md § 8.1): add one, or remove them all."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_POST

from rules_core import ScenarioError
from tutor.board import event_documents
from tutor.board.events_editor import PANELS
from tutor.board.forms.triggers import FIELD_OF_ERROR, TriggerForm
from tutor.board.views.flow import (
    board_load,
    form_invalid,
    form_refused,
    posted_piece,
    saved,
    saved_or_refused,
)
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.ratelimits import board_write_limit


@board_write_limit
@require_POST
def trigger_add(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    form = TriggerForm(request.POST, document=board.document, action=board.urls["trigger_add"])
    if form.is_valid():
        permanent = form.cleaned_data["permanent"]
        new = event_documents.trigger_add(
            document=board.document, permanent_id=permanent, trigger=form.to_trigger()
        )
        try:
            return saved(request, new, f"{form.names(permanent)}に誘発型能力を加えました。")
        except ScenarioError as error:
            form_refused(form, error, FIELD_OF_ERROR)
    return form_invalid(request, board, form, title=PANELS["trigger"][1])


@board_write_limit
@require_POST
def triggers_clear(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    ident = posted_piece(request, board.document, "permanents")
    new = event_documents.triggers_clear(document=board.document, permanent_id=ident)
    return saved_or_refused(request, board, new, "誘発型能力を取り除きました。")
