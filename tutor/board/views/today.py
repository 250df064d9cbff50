"""``/board/today/``: the board of the day (:mod:`tutor.board.today`) and its question."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_safe

from tutor.board import selectors
from tutor.board.today import QUESTION, board_of_the_day
from tutor.results.links import rule_link


@require_safe
def board_today(request: HttpRequest) -> HttpResponse:
    """Not in the content cache: the page changes at midnight (Japan time), not with the content."""
    day = timezone.localdate()
    scenario = board_of_the_day(day=day)
    context = {"nav": "board", "day": day, "scenario": scenario, "question": QUESTION}
    if scenario is not None:
        page = reverse("board:scenario", args=[scenario.slug])
        sections = selectors.rule_sections(numbers={scenario.illustrates} - {""})
        context.update(
            predict_url=page,
            answer_url=f"{page}?stage=all",
            rule=rule_link(scenario.illustrates, sections) if scenario.illustrates else None,
        )
    response = render(request, "board/today.html", context)
    response["Cache-Control"] = "no-cache"
    return response
