"""Showing boards: the empty board, a stored one (``?stage=N`` / ``?stage=all``: its result), the curated list."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tutor.board import selectors
from tutor.board.page import BOARD_PARAMS
from tutor.board.predicting import has_predictions
from tutor.board.views.flow import PARTIALS, board_load, page_render
from tutor.common.content_cache import cache_content_page, cache_content_page_unless
from tutor.common.htmx import HtmxHttpRequest
from tutor.results.links import rule_link, section_of


@cache_content_page
@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    """``/board/``: an empty board (two players). Nothing is stored until the first edit."""
    return page_render(request, board_load(None))


@cache_content_page_unless(has_predictions, query_keys=BOARD_PARAMS, parts=PARTIALS)
@require_safe
def scenario_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """``/board/s/<slug>/``: a stored board.

    A slug names one document for good (the same content is stored under the same slug), so the page
    depends only on the URL and the imported content, and is served from the content cache, except to
    a visitor who has predicted an outcome (the page shows their prediction). Its htmx parts (the
    result of 解決する, the editor) show nothing of who is signed in: signed-in learners get them from
    the cache too.
    """
    return page_render(request, board_load(slug))


@cache_content_page
@require_safe
def examples(request: HtmxHttpRequest) -> HttpResponse:
    """The curated boards, grouped by the section of the paragraph they illustrate."""
    scenarios = selectors.scenario_list_curated()
    sections = selectors.rule_sections(numbers={s.illustrates for s in scenarios if s.illustrates})
    groups: dict[str, dict[str, Any]] = {}
    for s in scenarios:
        section = sections.get(s.illustrates) or section_of(s.illustrates or "")
        group = groups.setdefault(section, {"section": section, "items": []})
        group["items"].append(
            {
                "scenario": s,
                "rule": rule_link(s.illustrates, sections) if s.illustrates else None,
                "example": s.example_position + 1 if s.example_position is not None else None,
            }
        )
    return render(request, "board/examples.html", {"nav": "board", "groups": list(groups.values())})
