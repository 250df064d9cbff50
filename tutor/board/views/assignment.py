"""Combat damage assignment (CR 510.1): check it as it is typed, store it, or reset it to the default."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseNotAllowed, QueryDict
from django.views.decorators.http import require_http_methods, require_POST

from rules_core import Scenario, ScenarioError
from tutor.board import assignment_moves as moves
from tutor.board import assignment_panel as assignment
from tutor.board import documents
from tutor.board.forms.assignment import AssignmentForm
from tutor.board.page import assignment_context
from tutor.board.views.flow import (
    TEMPLATE,
    Board,
    board_load,
    page_render,
    saved,
    saved_or_refused,
)
from tutor.common.content_cache import cache_shared_part
from tutor.common.htmx import HtmxHttpRequest, render_partial, swap
from tutor.common.ratelimits import assignment_check_limit, board_write_limit


def _combat(slug: str | None) -> tuple[Board, Scenario] | None:
    """The board of the URL and its engine reading, when it is a combat the engine reads (else None)."""
    board = board_load(slug)
    parsed = board.parsed
    if parsed is None or (board.document.get("event") or {}).get("type") != "combat":
        return None
    return board, parsed


def _assignment_form(
    sent: QueryDict, document: documents.Document, parsed: Scenario, plan: assignment.Plan
) -> AssignmentForm:
    """The assignment ``sent`` (:func:`_sent`); ``fill`` replaces it with the default or the most damage,
    ``nudge`` steps one number. ``plan``: the combat's steps (``assignment.plan_of``)."""
    rows = assignment.rows_of(document, parsed, plan)
    data = sent.copy()
    fill = data.get("fill")
    if fill in ("default", "max"):
        tables = assignment.filled(document, parsed, rows, fill)
        for r, row in enumerate(rows):
            source = tables[row["key"]].get(row["id"], {})
            for k, recipient in enumerate(row["recipients"]):
                data[f"a_{r}_{k}"] = str(source.get(recipient["id"], 0))
    nudge = data.get("nudge", "")
    if ":" in nudge:
        name, _, step = nudge.partition(":")
        if name in {f"a_{r}_{k}" for r, row in enumerate(rows) for k in range(len(row["recipients"]))}:
            delta = 1 if step == "+1" else -1 if step == "-1" else 0
            moves.nudged(document, rows, data, name, delta)
    return AssignmentForm(data, rows=_typed_rows(document, rows, data))


def _typed_rows(
    document: documents.Document, rows: list[dict[str, Any]], data: QueryDict
) -> list[dict[str, Any]]:
    """The rows on the board the typed first step leaves (the second step's gone marks, power and
    counts follow what is typed, not what is stored). A second-step row that gains recipients there
    gets the engine's default for them where nothing was posted."""
    if not any(row["step"] == 2 for row in rows):
        return rows
    typed = documents.assignment_set(
        document=document, tables=AssignmentForm(data, rows=rows).tables(raw=True)
    )
    typed_parsed = assignment.parse_or_none(typed)
    if typed_parsed is None:
        return rows
    fresh = assignment.rows_of(typed, typed_parsed)
    if [(r["key"], r["id"]) for r in fresh] != [(r["key"], r["id"]) for r in rows]:
        return rows
    for r, row in enumerate(fresh):
        for k, recipient in enumerate(row["recipients"] if row["step"] == 2 else []):
            data.setdefault(f"a_{r}_{k}", str(recipient["initial"]))
    return fresh


def _sent(request: HtmxHttpRequest) -> QueryDict:
    """What the assignment form sent: its query string (htmx's GET) or its body (a POST)."""
    return request.GET if request.method in ("GET", "HEAD") else request.POST


@cache_shared_part("assignment")  # the form's hx-target: every check swaps #assignment
@assignment_check_limit
@require_http_methods(["GET", "HEAD", "POST"])
def assignment_check(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    """Check an assignment without storing it (htmx: on every change; without JS: the 確認 button).

    htmx asks with GET: a check reads the board and stores nothing, so its answer depends only on the
    board and the numbers in the URL (the panel shows nothing of the visitor), and the content cache
    serves it again to whoever sends the same numbers, signed in or not (a learner going back and forth
    with −/＋, everyone on a curated board). A page without JavaScript posts the form and gets the
    whole board back; a plain GET (a reload of that page's address) goes back to the board."""
    if request.method != "POST" and not request.htmx:
        return HttpResponseNotAllowed(["POST"])  # the styled-errors middleware sends it to the board
    combat = _combat(slug)
    if combat is None:
        return HttpResponseBadRequest(NOT_COMBAT.encode())
    board, parsed = combat
    # one reading of the combat's steps for the rows and the panel (with two steps it resolves the first)
    plan = assignment.plan_of(board.document, parsed)
    sent = _sent(request)
    form = _assignment_form(sent, board.document, parsed, plan)
    if not request.htmx:
        return page_render(request, board, assignment_form=form, assignment_checked=True)
    context = _panel_context(board, parsed, form, plan)
    if sent.get("fill") or sent.get("nudge"):
        return render_partial(request, TEMPLATE, "assignment", context)
    # the second step's rows follow the typed first step: their marks and counts (or the whole
    # row, when the creature leaves or stays on the battlefield) go out of band with the feedback
    context["assignment"]["oob_rows"] = [
        {
            **row,
            "index": r,
            "reshaped": bool(row["recipients"]) != any(k.startswith(f"a_{r}_") for k in sent),
        }
        for r, row in enumerate(form.rows)
        if row["step"] == 2
    ]
    context["assignment"]["oob_errors"] = True  # each field's message, beside the verdict
    response = render_partial(request, TEMPLATE, "assignment-feedback", context)
    return swap(response, "assignment-feedback", "innerHTML")


@board_write_limit
@require_POST
def assignment_save(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    """Store a legal assignment (an illegal one is refused, with what to change) or reset it."""
    combat = _combat(slug)
    if combat is None:
        return HttpResponseBadRequest(NOT_COMBAT.encode())
    board, parsed = combat
    if request.POST.get("reset"):
        new = documents.assignment_set(document=board.document)
        return saved_or_refused(request, board, new, "割り振りを既定に戻しました。")
    plan = assignment.plan_of(board.document, parsed)
    form = _assignment_form(request.POST, board.document, parsed, plan)
    if form.is_valid():
        new = documents.assignment_set(document=board.document, tables=form.tables())
        if assignment.violations_of(new, None):
            # an illegal assignment is never stored as a board to resolve: the panel says how to fix it
            form.add_error(None, REFUSED)
            return _refused(request, board, parsed, form, plan)
        try:
            return saved(
                request,
                new,
                "割り振りを保存しました。",
                query="?stage=1" if request.POST.get("resolve") else "",
            )
        except ScenarioError as error:
            form.add_error(None, f"{error.field}: {error.message}")
    return _refused(request, board, parsed, form, plan)


NOT_COMBAT = (
    "この盤面のイベントは戦闘ではないので、戦闘ダメージの割り振りはありません。"
    "盤面の「ダメージのイベント」で「戦闘」を選ぶと、攻撃とブロックを決められます。"
)
REFUSED = (
    "この割り振りは不適正なので、保存していません。下の説明どおりに数を直すか、"
    "「既定の割り振りにする」を押してから、もう一度保存してください。"
)


def _panel_context(
    board: Board, parsed: Scenario, form: AssignmentForm, plan: assignment.Plan
) -> dict[str, Any]:
    """What the panel's partials show, and nothing else of the page: a check runs at every change."""
    return {
        "urls": board.urls,
        "assignment": assignment_context(board.document, parsed, form=form, checked=True, plan=plan),
    }


def _refused(
    request: HtmxHttpRequest, board: Board, parsed: Scenario, form: AssignmentForm, plan: assignment.Plan
) -> HttpResponse:
    """The panel again with the posted numbers, what is wrong and how to fix it (nothing stored)."""
    if not request.htmx:
        return page_render(request, board, assignment_form=form, assignment_checked=True, status=422)
    context = _panel_context(board, parsed, form, plan)
    return swap(render_partial(request, TEMPLATE, "assignment", context), "assignment")
