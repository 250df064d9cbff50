"""What happens between the two combat damage steps (docs/scenario-format.md § 10): add a change, or none."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_POST

from rules_core import ScenarioError
from tutor.board import event_documents
from tutor.board.events_editor import PANELS
from tutor.board.forms.between_steps import FIELD_OF_ERROR, BetweenStepForm
from tutor.board.views.flow import board_load, form_invalid, form_refused, saved, saved_or_refused
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.ratelimits import board_write_limit


@board_write_limit
@require_POST
def between_add(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    form = BetweenStepForm(request.POST, document=board.document, action=board.urls["between_add"])
    if form.is_valid():
        new = event_documents.between_step_add(document=board.document, change=form.to_change())
        try:
            return saved(request, new, "戦闘ダメージ・ステップの間に起こることを加えました。")
        except ScenarioError as error:
            form_refused(form, error, FIELD_OF_ERROR)
    return form_invalid(request, board, form, title=PANELS["between"][1])


@board_write_limit
@require_POST
def between_clear(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    new = event_documents.between_steps_clear(document=board.document)
    return saved_or_refused(request, board, new, "戦闘ダメージ・ステップの間の変化を取り消しました。")
