"""Setting the rules a board resolves under (拡張: today's, 2009-2024, 2007)."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_POST

from rules_core import ScenarioError
from tutor.board import era_documents
from tutor.board.events_editor import PANELS
from tutor.board.forms.era import EraForm
from tutor.board.views.flow import board_load, form_invalid, form_refused, saved
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
