"""The players' choices the result depends on (CR 616.1: the order of replacement effects; 615.7: how
a prevention shield is divided among sources)."""

from __future__ import annotations

from django.http import HttpResponse, HttpResponseBadRequest
from django.views.decorators.http import require_POST

from rules_core import ScenarioError
from tutor.board import documents
from tutor.board.views.flow import board_load, saved, saved_or_refused
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.ratelimits import board_write_limit


@board_write_limit
@require_POST
def choices_save(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    kind = request.POST.get("kind")
    try:
        if kind == "replacement_order":
            affected = request.POST["affected"]
            order: list[int | str] = [
                item if item in ("protection", "shield_counter") else int(item)
                for item in request.POST["order"].split(",")
                if item != ""
            ]
            new = documents.choices_set(document=board.document, replacement_order={affected: order})
        elif kind == "shield_allocation":
            index = int(request.POST["effect"])
            division = {}
            for part in request.POST["allocation"].split(","):
                source, _, amount = part.rpartition(":")
                division[source] = int(amount)
            new = documents.choices_set(document=board.document, shield_allocation={str(index): division})
        elif kind == "countered_trigger":
            new = documents.trigger_counter_set(
                document=board.document, trigger=request.POST["trigger"], on=request.POST.get("on") == "1"
            )
        else:
            return HttpResponseBadRequest("選択の種類が正しくありません。".encode())
        return saved(request, new, "選択を記録しました。", query="?stage=all")
    except (KeyError, ValueError, ScenarioError):
        return HttpResponseBadRequest("選択が正しくありません。".encode())


@board_write_limit
@require_POST
def choices_clear(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    new = documents.choices_clear(document=board.document)
    return saved_or_refused(request, board, new, "選択を取り消しました。", query="?stage=all")
