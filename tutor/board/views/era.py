"""Setting the rules a board resolves under (拡張: today's, 2009-2024, 2007)."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_POST

from rules_core import ScenarioError
from tutor.board import era_documents
from tutor.board.events_editor import PANELS
from tutor.board.forms.era import EraForm, StackActionForm
from tutor.board.views.flow import board_load, form_invalid, form_refused, saved, saved_or_refused
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.ratelimits import board_write_limit


@board_write_limit
@require_POST
def era_set(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    """The board under another era's rules: a new board (its own permalink); the old one stays."""
    board = board_load(slug)
    form = EraForm(request.POST, document=board.document, action=board.urls["era_set"])
    if form.is_valid():
        era = form.cleaned_data["era"]
        new = era_documents.era_set(document=board.document, era=era, orders=form.chosen_orders())
        message = f"{era_documents.ERA_SHORT[era]}で解決する盤面にしました。"
        message += "".join(
            f"{line}取り除きました。" for line in era_documents.dropped_by(board.document, era)
        )
        query = "?stage=all" if (board.document.get("event") or {}).get("type") else ""
        try:
            return saved(request, new, message, query=query)
        except ScenarioError as error:
            form_refused(form, error, {".order": "era", "era": "era"})
    return form_invalid(request, board, form, title=PANELS["era"][1])


@board_write_limit
@require_POST
def stack_action_add(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    """One more action while the combat damage is on the stack (2007-02-01 310.1); the engine refuses
    it on a board of another era or with first strike, and the form says why beside its fields."""
    board = board_load(slug)
    form = StackActionForm(request.POST, document=board.document, action=board.urls["stack_action_add"])
    if form.is_valid():
        new = era_documents.stack_action_add(document=board.document, action=form.window_action())
        try:
            return saved(
                request, new, "戦闘ダメージがスタックにある間の行動を加えました。", query="?stage=all"
            )
        except ScenarioError as error:
            form_refused(
                form,
                error,
                {".creature": "creature", ".source": "source", ".to": "to", "on_stack_actions": "type"},
            )
    return form_invalid(request, board, form, title=PANELS["stack_action"][1])


@board_write_limit
@require_POST
def stack_actions_clear(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    new = era_documents.stack_actions_clear(document=board.document)
    return saved_or_refused(request, board, new, "戦闘ダメージがスタックにある間の行動を取り消しました。")
