"""Multiplayer set-up (docs/scenario-format.md § 11): a permanent's owner, a Two-Headed Giant game."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_POST

from rules_core import ScenarioError
from tutor.board import event_documents
from tutor.board.events_editor import PANELS
from tutor.board.forms.multiplayer import OwnerForm, TwoHeadedGiantForm
from tutor.board.views.flow import board_load, form_invalid, form_refused, saved, saved_or_refused
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.ratelimits import board_write_limit


@board_write_limit
@require_POST
def owner_set(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    form = OwnerForm(request.POST, document=board.document, action=board.urls["owner_set"])
    if form.is_valid():
        new = event_documents.owner_set(
            document=board.document,
            permanent_id=form.cleaned_data["permanent"],
            owner=form.cleaned_data.get("owner") or None,
        )
        try:
            return saved(request, new, "オーナーを決めました。")
        except ScenarioError as error:
            form_refused(form, error, {".owner": "owner"})
    return form_invalid(request, board, form, title=PANELS["owner"][1])


@board_write_limit
@require_POST
def two_headed_giant_set(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    form = TwoHeadedGiantForm(
        request.POST, document=board.document, action=board.urls["two_headed_giant_set"]
    )
    if form.is_valid():
        new = event_documents.two_headed_giant_set(
            document=board.document, teams=form.teams(), lives=form.lives()
        )
        try:
            return saved(request, new, "双頭巨人戦にしました。")
        except ScenarioError as error:
            form_refused(form, error, {"teams": "team_0", ".life": "life_1"})
    return form_invalid(request, board, form, title=PANELS["two_headed_giant"][1])


@board_write_limit
@require_POST
def variant_clear(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    new = event_documents.variant_clear(document=board.document)
    return saved_or_refused(request, board, new, "双頭巨人戦をやめました。")
