"""Players and permanents: add, edit, remove, and who the active player is.

Each handler reads top to bottom: the board of the URL → the posted form → a pure document edit
(``tutor.board.documents``) → :func:`~tutor.board.views.flow.saved` (store and answer).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.views.decorators.http import require_POST

from rules_core import ScenarioError
from tutor.board import documents
from tutor.board.forms.pieces import BoardTitleForm, PermanentForm, PlayerForm
from tutor.board.views.flow import (
    board_load,
    form_invalid,
    form_refused,
    posted_id,
    posted_piece,
    saved,
    saved_or_refused,
)
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.ratelimits import board_write_limit

PLAYER_FIELDS = {".name": "name", ".life": "life", ".poison": "poison", ".left": "left"}
"""Where the engine's refusal of a player goes on the form (by the end of the field path it names)."""
PERMANENT_FIELDS = {
    ".power": "power",
    ".toughness": "toughness",
    ".loyalty": "loyalty",
    ".defense": "defense",
    ".name": "name",
    ".damage": "damage",
    ".toxic": "toxic",
    ".controller": "controller",
    ".protector": "protector",
    ".types": "types",
    ".shield": "shield_counters",
    ".tapped": "tapped",
    ".may_assign_as_though_unblocked": "may_assign_as_though_unblocked",
}


@board_write_limit
@require_POST
def title_save(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    """The board's name and description."""
    board = board_load(slug)
    form = BoardTitleForm(request.POST, document=board.document, action=board.urls["title_save"])
    if form.is_valid():
        new = documents.title_put(
            document=board.document,
            title=form.cleaned_data["title"],
            description=form.cleaned_data["description"],
        )
        try:
            return saved(request, new, "盤面の名前と説明を保存しました。")
        except ScenarioError as error:
            form_refused(form, error, {".title": "title", ".description": "description"})
    return form_invalid(request, board, form, title="盤面の名前と説明")


def _player_saved(request: HtmxHttpRequest, slug: str | None, *, edit: bool) -> HttpResponse:
    board = board_load(slug)
    ident = posted_piece(request, board.document, "players") if edit else None
    action = board.urls["player_edit" if edit else "player_add"]
    form = PlayerForm(request.POST, document=board.document, action=action, edit_id=ident)
    if form.is_valid():
        new = documents.player_put(document=board.document, data=form.to_player(), player_id=ident)
        message = "{name}を変更しました。" if edit else "{name}を追加しました。"
        try:
            return saved(request, new, message.format(**form.cleaned_data))
        except ScenarioError as error:
            form_refused(form, error, PLAYER_FIELDS)
    return form_invalid(
        request, board, form, title=f"プレイヤーを{'編集' if edit else '追加'}", edit_id=ident
    )


def _permanent_saved(request: HtmxHttpRequest, slug: str | None, *, edit: bool) -> HttpResponse:
    board = board_load(slug)
    ident = posted_piece(request, board.document, "permanents") if edit else None
    action = board.urls["permanent_edit" if edit else "permanent_add"]
    form = PermanentForm(request.POST, document=board.document, action=action, edit_id=ident)
    if form.is_valid():
        new = documents.permanent_put(document=board.document, data=form.to_permanent(), permanent_id=ident)
        message = "{name}を変更しました。" if edit else "{name}を置きました。"
        try:
            return saved(request, new, message.format(**form.cleaned_data))
        except ScenarioError as error:
            form_refused(form, error, PERMANENT_FIELDS)
    return form_invalid(
        request, board, form, title=f"パーマネントを{'編集' if edit else '追加'}", edit_id=ident
    )


@board_write_limit
@require_POST
def player_add(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    return _player_saved(request, slug, edit=False)


@board_write_limit
@require_POST
def player_edit(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    return _player_saved(request, slug, edit=True)


@board_write_limit
@require_POST
def permanent_add(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    return _permanent_saved(request, slug, edit=False)


@board_write_limit
@require_POST
def permanent_edit(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    return _permanent_saved(request, slug, edit=True)


@board_write_limit
@require_POST
def player_remove(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    try:
        new = documents.player_remove(document=board.document, player_id=posted_id(request))
    except (KeyError, ValueError):
        raise Http404("no such piece") from None
    return saved_or_refused(request, board, new, "プレイヤーを取り除きました。")


@board_write_limit
@require_POST
def permanent_remove(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    try:
        new = documents.permanent_remove(document=board.document, permanent_id=posted_id(request))
    except (KeyError, ValueError):
        raise Http404("no such piece") from None
    return saved_or_refused(request, board, new, "パーマネントを取り除きました。")


@board_write_limit
@require_POST
def active_set(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    ident = posted_piece(request, board.document, "players")
    new = documents.active_player_set(document=board.document, player_id=ident)
    message = "アクティブ・プレイヤーを変更しました。"
    if (board.document.get("event") or {}).get("type") == "combat" and new["event"] == {}:
        message += "攻撃するのはアクティブ・プレイヤーのクリーチャーなので、戦闘は取り消しました(508.1)。"
    return saved_or_refused(request, board, new, message)
