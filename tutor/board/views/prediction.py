"""Predict, then reveal: ``POST /board/s/<slug>/predict/`` keeps the learner's prediction in the
session and opens the first stage; the last stage marks each prediction right or wrong.

Without JavaScript the form posts and the answer redirects to ``?stage=1``; with htmx ``#play``
is swapped in place and the stage URL pushed. A bad field comes back inline with the board (422).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tutor.board.forms.prediction import PredictionForm
from tutor.board.predicting import prediction_clear, prediction_store
from tutor.board.views.flow import PARTIALS, TEMPLATE, Board, board_load, board_page, page_url
from tutor.common.htmx import HtmxHttpRequest, render_page, render_partial, swap

FIRST_STAGE = "?stage=1"


def _play(request: HtmxHttpRequest, board: Board, query: str, status: int = 200) -> HttpResponse:
    """``#play`` for the stage in ``query`` (htmx), in place."""
    page = board_page(request, board, params=QueryDict(query.lstrip("?")))
    response = render_partial(request, TEMPLATE, "play", page.context(), status=status)
    return swap(response, "play", push=page_url(board.scenario) + query)


@require_POST
def predict(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    board = board_load(slug)
    if board.parsed is None:
        messages.error(
            request, "この盤面はまだ解決できないので、予想もできません。ダメージのイベントを決めてください。"
        )
        return redirect(page_url(board.scenario))
    form = PredictionForm(request.POST, document=board.document, action=request.path)
    if not form.is_valid():
        page = board_page(request, board)
        context = page.context() | {"prediction_form": form}
        if request.htmx:
            return swap(render_partial(request, TEMPLATE, "play", context), "play")
        return render_page(request, TEMPLATE, context, partials=PARTIALS, status=422)
    prediction_store(request.session, slug, form.prediction())
    if request.htmx:
        return _play(request, board, FIRST_STAGE)
    return redirect(page_url(board.scenario) + FIRST_STAGE)


@require_POST
def predict_clear(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Forget this board's prediction and show the board before resolving (to predict again)."""
    board = board_load(slug)
    prediction_clear(request.session, slug)
    if request.htmx:
        return _play(request, board, "")
    return redirect(page_url(board.scenario))
