"""What every board action shares: the board of the URL, and the three ways to answer.

State lives in the URL: ``/board/`` is an empty board, ``/board/s/<slug>/`` a stored one. Every edit
is a POST that builds a new document (``tutor.board.documents``), stores it (same content → same
slug, ``tutor.board.services``) and answers with :func:`saved`: a redirect to its permalink, or with
htmx the new board swapped in place and its URL pushed. A form with errors comes back alone
(:func:`form_invalid`); an edit the engine refuses leaves the board as it was (:func:`refused`).
Query parameters only choose what to show (``?add=creature``, ``?edit=<id>``, ``?stage=3``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from functools import cached_property, lru_cache
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.urls import get_script_prefix, reverse

from rules_core import Scenario, ScenarioError
from tutor.board import documents, selectors, services
from tutor.board.forms.base import BoardForm
from tutor.board.page import BoardPage, board_params, build_board_page
from tutor.common.htmx import HtmxHttpRequest, htmx_partial, render_page, render_partial, swap
from tutor.models import Scenario as StoredScenario

TEMPLATE = "board/board.html"
PARTIALS = ("board-app", "editor", "play")
"""The parts of the page a GET may ask for by their id (``hx-target``)."""


class Board:
    """The board one request works on: the stored row (None for ``/board/``) and its document.

    ``parsed`` reads the document with the engine at most once per request, and only when needed.
    """

    def __init__(self, scenario: StoredScenario | None, document: documents.Document) -> None:
        self.scenario = scenario
        self.document = document

    @cached_property
    def parsed(self) -> Scenario | None:
        return documents.board_parse(self.document)

    @cached_property
    def urls(self) -> dict[str, str]:
        return board_urls(self.scenario)


def board_load(slug: str | None) -> Board:
    """The stored board ``slug`` (404 when there is none), or the starter board for ``/board/``."""
    if slug is None:
        return Board(None, copy.deepcopy(documents.STARTER_DOCUMENT))
    scenario = selectors.scenario_get(slug=slug)
    if scenario is None:
        raise Http404("no such board")
    return Board(scenario, scenario.document)


@lru_cache(maxsize=1)
def _edit_names() -> tuple[str, ...]:
    # Imported here, not at the top: the URL module imports the views, which import this module.
    from tutor.board.urls import EDITS

    return tuple(name for _route, _view, name in EDITS)


def page_url(scenario: StoredScenario | None) -> str:
    return reverse("board:scenario", args=[scenario.slug]) if scenario else reverse("board:index")


_SLUG_MARK = "slugmark0slugmark"
"""A slug no board has (slugs are digests): where each action's URL takes the board's slug."""


@lru_cache(maxsize=8)
def _action_urls(script_prefix: str, stored: bool) -> tuple[tuple[str, str], ...]:
    """Every action's URL, reversed once per script prefix (some forty ``reverse`` calls a request)."""
    args = [_SLUG_MARK] if stored else []
    return tuple((name, reverse(f"board:{name}", args=args)) for name in _edit_names())


def board_urls(scenario: StoredScenario | None) -> dict[str, str]:
    """The page and each action of this board, by URL name (``urls.permanent_edit`` in the template)."""
    actions = _action_urls(get_script_prefix(), scenario is not None)
    if scenario is None:
        urls = dict(actions)
    else:
        marked = f"/{_SLUG_MARK}/"
        urls = {name: url.replace(marked, f"/{scenario.slug}/", 1) for name, url in actions}
    args = [scenario.slug] if scenario else []
    urls["page"] = page_url(scenario)
    urls["export"] = reverse("board:export", args=args) if scenario else ""
    urls["import"] = reverse("board:import")
    urls["examples"] = reverse("board:examples")
    urls["new"] = reverse("board:index")
    return urls


def board_page(
    request: HtmxHttpRequest, board: Board, *, params: Mapping[str, str] | None = None, **options: Any
) -> BoardPage:
    """:func:`build_board_page` for this request's board (``params``: default, the query string)."""
    permalink = request.build_absolute_uri(board.urls["page"]) if board.scenario else ""
    return build_board_page(
        scenario=board.scenario,
        document=board.document,
        parsed=board.parsed,
        params=board_params(request.GET) if params is None else params,
        urls=board.urls,
        permalink=permalink,
        **options,
    )


def page_render(request: HtmxHttpRequest, board: Board, *, status: int = 200, **options: Any) -> HttpResponse:
    """The page, or the part of it htmx asks for (``#board-app``, ``#editor``, ``#play``). ``#play`` (a
    stage, a resolve) shows the drawing and the resolution alone: the assignment panel is not built."""
    if htmx_partial(request, PARTIALS) == "play":
        options.setdefault("results_only", True)
    page = board_page(request, board, **options)
    return render_page(request, TEMPLATE, page.context(), partials=PARTIALS, status=status)


KEEP_PLACE = "outerHTML show:none focus-scroll:false"
"""How a saved board replaces itself: in place, the window not scrolled (the learner keeps their place)."""


def _in_place(response: HttpResponse) -> HttpResponse:
    response["HX-Reswap"] = KEEP_PLACE
    return response


def saved(
    request: HtmxHttpRequest, document: documents.Document, message: str, *, query: str = ""
) -> HttpResponse:
    """Store ``document`` and show it: redirect to its permalink, or with htmx swap the board in place.

    :raises ScenarioError: when the engine refuses the document (nothing is stored then).
    """
    parsed = documents.scenario_parse(document)
    scenario = services.scenario_save(document=document, parsed=parsed)
    url = page_url(scenario) + query
    messages.success(request, message)
    if not request.htmx:
        return redirect(url)
    board = Board(scenario, scenario.document)
    board.parsed = None if documents.document_is_draft(scenario.document) else parsed
    page = board_page(request, board, params=QueryDict(query.lstrip("?")))
    return _in_place(
        swap(render_partial(request, TEMPLATE, "board-app", page.context()), "board-app", push=url)
    )


def refused(request: HtmxHttpRequest, board: Board, error: ScenarioError) -> HttpResponse:
    """An edit the engine refuses although every form field was fine (e.g. removing the last player)."""
    messages.error(request, f"できませんでした: {error.field}: {error.message}")
    if not request.htmx:
        return redirect(page_url(board.scenario))
    page = board_page(request, board)
    return _in_place(swap(render_partial(request, TEMPLATE, "board-app", page.context()), "board-app"))


def saved_or_refused(
    request: HtmxHttpRequest, board: Board, new: documents.Document, message: str, *, query: str = ""
) -> HttpResponse:
    """For edits without a form: store ``new``, or say why the engine refuses it (the board stays as it was)."""
    try:
        return saved(request, new, message, query=query)
    except ScenarioError as error:
        return refused(request, board, error)


def form_refused(form: BoardForm, error: ScenarioError, field_map: Mapping[str, str]) -> None:
    """Put the engine's refusal on the form, on the field it names when we know it."""
    for suffix, name in field_map.items():
        if error.field.endswith(suffix) and name in form.fields:
            form.add_error(name, error.message)
            return
    form.add_error(None, error.message)


def form_invalid(
    request: HtmxHttpRequest, board: Board, form: BoardForm, *, title: str, edit_id: str | None = None
) -> HttpResponse:
    """The form again with its errors and everything typed: alone for htmx, else the whole page (422)."""
    editor: dict[str, Any] = {"mode": "form", "title": title, "form": form}
    if edit_id is not None:
        editor["edit_id"] = edit_id
    if request.htmx:
        return swap(render_partial(request, TEMPLATE, "editor-form", {"editor": editor}), form.helper.form_id)
    return page_render(request, board, editor=editor, status=422)


def posted_id(request: HtmxHttpRequest) -> str:
    """The posted ``id`` (404 when missing or too long to be one of ours)."""
    ident = request.POST.get("id", "")
    if not ident or len(ident) > 64:
        raise Http404("no such piece")
    return ident


def posted_piece(request: HtmxHttpRequest, document: Mapping[str, Any], key: str) -> str:
    """The posted ``id`` of one of the document's ``players`` or ``permanents`` (404 for any other)."""
    ident = posted_id(request)
    if not any(p["id"] == ident for p in document.get(key, [])):
        raise Http404(f"no such piece in {key}")
    return ident
