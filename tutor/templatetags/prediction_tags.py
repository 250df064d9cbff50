"""``{% board_prediction as prediction %}``: the predict-then-reveal panel of the board page.

A lesson page passes its own ``prediction`` (built by its view); the board page does not, so the
tag builds it from the board's context (the stored board, its document, the stage shown) and the
learner's session. Kept as a tag so ``board/board.html`` needs only an include line.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from tutor.board import documents
from tutor.board.predicting import prediction_panel

register = template.Library()


@register.simple_tag(takes_context=True)
def board_prediction(context: template.Context) -> dict[str, Any] | None:
    if "prediction" in context:
        panel: dict[str, Any] | None = context["prediction"]
        return panel
    request = context.get("request")
    scenario = context.get("scenario")
    document = context.get("document")
    if request is None or scenario is None or not isinstance(document, dict):
        return None
    slug = scenario.slug
    page = reverse("board:scenario", args=[slug])
    stage_nav = context.get("stage_nav")
    result = context.get("result")
    panel = prediction_panel(
        session=request.session,
        slug=slug,
        document=document,
        parse=lambda: documents.board_parse(document),
        resolvable=not context.get("draft") and not context.get("broken"),
        resolved=result is not None,
        at_end=bool(stage_nav and stage_nav.get("at_end")),
        action=reverse("board:predict", args=[slug]),
        clear_action=reverse("board:predict_clear", args=[slug]),
        stage_base=page,
        form=context.get("prediction_form"),
    )
    if panel is not None:
        panel["hx_target"] = "play"
    return panel
