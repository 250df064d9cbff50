"""The card picker: search the catalogue from the editor, place a card on the board, start from a
board built of real cards. Each handler: the board of the URL → the form → a pure edit
(:mod:`tutor.board.card_documents`) → :func:`~tutor.board.views.flow.saved`."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST, require_safe

from rules_core import ScenarioError
from tutor.board import card_documents, card_picker
from tutor.board.card_documents import PIECE, PlacementError, attackers_of, blocker_add
from tutor.board.views.flow import (
    KEEP_PLACE,
    TEMPLATE,
    Board,
    board_load,
    board_page,
    form_invalid,
    form_refused,
    page_url,
    saved,
)
from tutor.common.htmx import HtmxHttpRequest, render_partial, swap
from tutor.common.ratelimits import board_write_limit

RESULTS = "card-picker-results"
PICKER = "board/_picker.html"


@require_safe
def card_search(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    """Search as you type: the results alone for htmx; without JavaScript the board page shows them."""
    board = board_load(slug)
    query = request.GET.get("card_q", "")[:100]
    if not request.htmx:
        url = page_url(board.scenario)
        return redirect(f"{url}?{urlencode({'card_q': query})}#card-picker" if query else url)
    context = {"picker": card_picker.picker_results(query), "urls": board.urls}
    return render_partial(request, PICKER, RESULTS, context)


def _refused(request: HtmxHttpRequest, board: Board, message: str) -> HttpResponse:
    """The board as it was, with ``message`` (a card that is not in the catalogue, a starter that cannot be built)."""
    messages.error(request, message)
    if not request.htmx:
        return redirect(page_url(board.scenario))
    response = swap(
        render_partial(request, TEMPLATE, "board-app", board_page(request, board).context()), "board-app"
    )
    response["HX-Reswap"] = KEEP_PLACE
    return response


@board_write_limit
@require_POST
def card_place(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    """Place the posted card for the chosen player, as a permanent, an effect or its event."""
    board = board_load(slug)
    card = card_picker.placeable(request.POST.get("card", ""))
    if card is None:
        return _refused(request, board, "そのカードは見つかりませんでした。カード名で探し直してください。")
    name = card_picker.card_name(card)
    bases = card_picker.card_bases()
    form = card_picker.place_form(card, board.document, board.urls["card_place"], request.POST, bases)
    if form.is_valid():
        data = form.cleaned_data
        try:
            placed = card_documents.card_place(
                document=board.document,
                fragment=card_picker.engine_of(card),
                name=name,
                player=data["player"],
                how=data["how"] or PIECE,
                bindings=form.bindings(),
                bases=bases,
            )
            new, block = placed.document, data.get("block")
            if block and placed.card_id:
                if block not in attackers_of(new, data["player"]):
                    raise PlacementError(
                        "その攻撃クリーチャーは、このカードのコントローラーを攻撃していません。"
                        "「ブロックしない」を選ぶか、攻撃されているプレイヤーを選んでください。",
                        "block",
                    )
                new = blocker_add(document=new, blocker=placed.card_id, attacker=block)
            message = f"《{name}》を置きました。" + "".join(placed.notes)
            return saved(request, new, message)
        except PlacementError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        except ScenarioError as error:
            form_refused(form, error, {".player": "player"})
    return form_invalid(request, board, form, title=f"《{name}》を置く")


@board_write_limit
@require_POST
def starter_place(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    """「例から始める」: a new board built from real cards for a common question."""
    board = board_load(slug)
    key = request.POST.get("starter", "")[:40]
    try:
        document = card_picker.starter_document(key)
    except (PlacementError, KeyError) as error:
        return _refused(request, board, getattr(error, "message", "この盤面を用意できませんでした。"))
    if document is None:
        return _refused(request, board, "その例は見つかりませんでした。一覧から選んでください。")
    try:
        return saved(request, document, f"「{document['title']}」の盤面を用意しました。")
    except ScenarioError:
        return _refused(request, board, "この盤面を用意できませんでした。カードを一枚ずつ置いてください。")
