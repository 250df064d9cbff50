"""Prevention and replacement effects on the board (CR 615, 616): add one from its form, remove one."""

from __future__ import annotations

from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.views.decorators.http import require_POST

from rules_core import ScenarioError
from tutor.board import documents
from tutor.board.forms.effects import EFFECT_HELP, EFFECT_TYPE_CHOICES, EffectForm
from tutor.board.views.flow import board_load, form_invalid, form_refused, saved, saved_or_refused
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.ratelimits import board_write_limit

EFFECT_FIELDS = {
    ".to": "to",
    ".amount": "amount",
    ".source": "source",
    ".player": "player",
    ".factor": "factor",
    ".on": "on",
    ".floor": "floor",
}
"""Where the engine's refusal of an effect goes on the form (by the end of the field path it names)."""


@board_write_limit
@require_POST
def effect_add(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    kind = request.POST.get("type", "")
    if kind not in EFFECT_HELP:
        return HttpResponseBadRequest("効果の種類が正しくありません。".encode())
    form = EffectForm(
        request.POST, document=board.document, action=board.urls["effect_add"], effect_type=kind
    )
    if form.is_valid():
        new = documents.effect_add(document=board.document, effect=form.to_effect())
        try:
            return saved(request, new, "効果を置きました。")
        except ScenarioError as error:
            form_refused(form, error, {**EFFECT_FIELDS, **form.refusal_fields()})
    return form_invalid(request, board, form, title=f"効果を追加: {dict(EFFECT_TYPE_CHOICES)[kind]}")


@board_write_limit
@require_POST
def effect_remove(request: HtmxHttpRequest, slug: str | None = None) -> HttpResponse:
    board = board_load(slug)
    try:
        new = documents.effect_remove(document=board.document, index=int(request.POST.get("index", "")))
    except (KeyError, ValueError):
        raise Http404("no such effect") from None
    return saved_or_refused(request, board, new, "効果を取り除きました。")
