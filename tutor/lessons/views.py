"""The course's pages: the list of lessons, and one lesson (explain, predict, reveal in stages, check).

A lesson's board is a curated board drawn with the board's own pieces (``results/_table.html``,
``results/_stages.html``) and the board's predict component (``board/_predict.html``). Everything
works as plain links and forms: ``POST …/predict/`` redirects to ``?stage=1``, the stages are links.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from tutor.board import documents
from tutor.board import selectors as board_selectors
from tutor.board.forms.prediction import PredictionForm
from tutor.board.page import build_board_page
from tutor.board.predicting import prediction_clear, prediction_panel, prediction_store, verdicts_for
from tutor.common.htmx import HtmxHttpRequest
from tutor.common.urls import cr_url
from tutor.lessons import selectors, services
from tutor.models import Lesson
from tutor.results.predictions import score
from tutor.study.learners import learner_get
from tutor.study.topics import LEVEL_LABELS, TOPICS_BY_SLUG

TEMPLATE = "lessons/detail.html"


def _lesson_or_404(slug: str) -> Lesson:
    lesson = selectors.lesson_get(slug=slug)
    if lesson is None:
        raise Http404("そのレッスンはありません")
    return lesson


@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    lessons = selectors.lesson_list()
    progress = selectors.progress_of(learner=learner_get(request))
    rows = [
        {"number": i + 1, "lesson": lesson, "done": progress.get(lesson.pk)}
        for i, lesson in enumerate(lessons)
    ]
    following = next((row for row in rows if not row["done"]), None)
    return render(
        request,
        "lessons/index.html",
        {
            "nav": "lessons",
            "rows": rows,
            "done_count": sum(1 for row in rows if row["done"]),
            "following": following,
        },
    )


def _page(
    request: HtmxHttpRequest, lesson: Lesson, *, form: PredictionForm | None = None, status: int = 200
) -> HttpResponse:
    lessons = selectors.lesson_list()
    position = next((i for i, other in enumerate(lessons) if other.pk == lesson.pk), 0)
    page_url = reverse("lessons:detail", args=[lesson.slug])
    scenario = board_selectors.scenario_get(slug=lesson.board)
    context: dict[str, Any] = {
        "nav": "lessons",
        "lesson": lesson,
        "number": position + 1,
        "count": len(lessons),
        "previous": lessons[position - 1] if position > 0 else None,
        "following": lessons[position + 1] if position + 1 < len(lessons) else None,
        "paragraphs": [p for p in lesson.body.split("\n\n") if p.strip()],
        "rule_links": [{"number": n, "url": cr_url(n)} for n in lesson.rules if cr_url(n)],
        "questions": [
            {
                "topic": q["topic"],
                "level": q["level"],
                "title": TOPICS_BY_SLUG[q["topic"]].title,
                "level_label": LEVEL_LABELS[q["level"]],
            }
            for q in lesson.questions
            if isinstance(q, dict) and q.get("topic") in TOPICS_BY_SLUG and q.get("level") in LEVEL_LABELS
        ],
        "page_url": page_url,
        "done": selectors.progress_of(learner=learner_get(request)).get(lesson.pk),
        "board_missing": scenario is None,
    }
    if scenario is not None:
        parsed = documents.board_parse(scenario.document)
        board = build_board_page(
            scenario=scenario,
            document=scenario.document,
            parsed=parsed,
            params=request.GET,
            urls={"page": page_url},
            editor={"mode": "menu"},
        )
        context |= board.context()
        context["nav"] = "lessons"
        context["board_url"] = reverse("board:scenario", args=[scenario.slug])
        panel = prediction_panel(
            session=request.session,
            slug=scenario.slug,
            document=scenario.document,
            parse=lambda: parsed,
            resolvable=parsed is not None,
            resolved=board.result is not None,
            at_end=bool(board.stage_nav and board.stage_nav["at_end"]),
            action=reverse("lessons:predict", args=[lesson.slug]),
            clear_action=reverse("lessons:predict_clear", args=[lesson.slug]),
            stage_base=page_url,
            form=form,
        )
        if panel is not None:
            panel |= {"open": True, "hint": lesson.predict_hint}
        context["prediction"] = panel
    return render(request, TEMPLATE, context, status=status)


@require_safe
def detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    return _page(request, _lesson_or_404(slug))


@require_POST
def predict(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Keep the prediction, count the lesson as finished with its score, and open the first stage."""
    lesson = _lesson_or_404(slug)
    scenario = board_selectors.scenario_get(slug=lesson.board)
    parsed = documents.board_parse(scenario.document) if scenario is not None else None
    if scenario is None or parsed is None:
        raise Http404("このレッスンの盤面がありません")
    form = PredictionForm(request.POST, document=scenario.document, action=request.path)
    if not form.is_valid():
        return _page(request, lesson, form=form, status=422)
    prediction = form.prediction()
    prediction_store(request.session, scenario.slug, prediction)
    right, judged = score(verdicts_for(prediction, scenario.document, parsed))
    services.progress_record(
        learner=learner_get(request, create=True), lesson=lesson, right=right, judged=judged
    )
    return redirect(reverse("lessons:detail", args=[lesson.slug]) + "?stage=1#lesson-reveal")


@require_POST
def predict_clear(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    lesson = _lesson_or_404(slug)
    prediction_clear(request.session, lesson.board)
    return redirect(reverse("lessons:detail", args=[lesson.slug]) + "#lesson-predict")
