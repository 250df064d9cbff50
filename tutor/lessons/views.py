"""The course's pages: the list of lessons, and one lesson (explain, predict, reveal in stages, check).

A lesson's board is a curated board drawn with the board's own pieces (``results/_table.html``,
``results/_stages.html``) and the board's predict component (``board/_predict.html``). Everything
works as plain links and forms: ``POST …/predict/`` redirects to ``?stage=1#lesson-reveal``, the
stages are links to ``#lesson-reveal``. With htmx the drawing, the prediction and the stages
(``#lesson-reveal``, a partial of the page) are swapped in place and the stage's URL pushed: that URL
is a permalink that renders the same stage on a full load.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from tutor.board import documents
from tutor.board import selectors as board_selectors
from tutor.board.forms.prediction import PredictionForm
from tutor.board.page import BOARD_PARAMS, build_board_page, declared_amounts
from tutor.board.predicting import prediction_clear, prediction_panel, prediction_store, verdicts_for
from tutor.common.content_cache import cache_content_page_by
from tutor.common.htmx import HtmxHttpRequest, htmx_partial, render_page, render_partial, swap
from tutor.common.urls import cr_url
from tutor.lessons import selectors, services
from tutor.lessons.caching import lesson_variant, stages_remember
from tutor.models import Lesson
from tutor.results.predictions import score
from tutor.results.table import assignment_amounts, table_present
from tutor.study.learners import learner_get
from tutor.study.topics import LEVEL_LABELS, TOPICS_BY_SLUG

TEMPLATE = "lessons/detail.html"
REVEAL = "lesson-reveal"
"""The partial (and DOM id) that holds the drawing, the prediction and the stages."""
FIRST_STAGE = "?stage=1"


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


def _table_before_predicting(document: Mapping[str, Any]) -> dict[str, Any]:
    """The drawing before the learner predicts: a combat's arrows carry only the numbers the board
    itself fixes (an assignment it stores). The board page writes the engine's assignment on them,
    which on a lesson would give the answer away: the damage each creature deals, and by an arrow
    left out, a creature that dies before it deals any (first strike)."""
    event = document.get("event") or {}
    if event.get("type") != "combat":
        return table_present(document, amounts=declared_amounts(document, None))
    return table_present(
        document, amounts=assignment_amounts(event.get("assignments"), event.get("blocker_assignments"))
    )


def _context(
    request: HtmxHttpRequest,
    lesson: Lesson,
    *,
    form: PredictionForm | None = None,
    params: QueryDict | None = None,
    whole: bool = True,
) -> dict[str, Any]:
    """What the lesson page shows; with ``whole`` False, only what ``#lesson-reveal`` shows (a step in
    place: the course's list, the learner's progress and the board's editor are not on it)."""
    page_url = reverse("lessons:detail", args=[lesson.slug])
    scenario = board_selectors.scenario_get(slug=lesson.board)
    context: dict[str, Any] = {
        "nav": "lessons",
        "lesson": lesson,
        "page_url": page_url,
        "board_missing": scenario is None,
    }
    if whole:
        lessons = selectors.lesson_list()
        position = next((i for i, other in enumerate(lessons) if other.pk == lesson.pk), 0)
        context |= {
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
            "done": selectors.progress_of(learner=learner_get(request)).get(lesson.pk),
        }
    if scenario is not None:
        parsed = documents.board_parse(scenario.document)
        board = build_board_page(
            scenario=scenario,
            document=scenario.document,
            parsed=parsed,
            params=request.GET if params is None else params,
            urls={"page": page_url},
            editor={"mode": "menu"},
            results_only=not whole,
        )
        context |= board.context()
        if board.stage_nav:
            stages_remember(lesson.slug, scenario.slug, board.stage_nav["count"])
        if board.result is None:
            context["table"] = _table_before_predicting(scenario.document)
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
            panel |= {"open": True, "hint": lesson.predict_hint, "hx_target": REVEAL}
        context["prediction"] = panel
    return context


def _page(
    request: HtmxHttpRequest, lesson: Lesson, *, form: PredictionForm | None = None, status: int = 200
) -> HttpResponse:
    whole = htmx_partial(request, (REVEAL,)) is None
    context = _context(request, lesson, form=form, whole=whole)
    return render_page(request, TEMPLATE, context, partials=(REVEAL,), status=status)


def _reveal(request: HtmxHttpRequest, lesson: Lesson, query: str) -> HttpResponse:
    """``#lesson-reveal`` at the stage of ``query``, for an htmx form post; the stage's URL pushed."""
    params = QueryDict(query.lstrip("?"))
    response = render_partial(
        request, TEMPLATE, REVEAL, _context(request, lesson, params=params, whole=False)
    )
    return swap(response, REVEAL, push=reverse("lessons:detail", args=[lesson.slug]) + query)


def _variant(request: HttpRequest, slug: str) -> str | None:
    return lesson_variant(request, slug, partials=(REVEAL,))


@cache_content_page_by(_variant, query_keys=BOARD_PARAMS, parts=(REVEAL,))
@require_safe
def detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """A lesson at one of its stages (``?stage=N``, ``?stage=all``), or before its board is resolved.
    Served from the content cache in the forms of :mod:`tutor.lessons.caching`; a step in place
    (``#lesson-reveal``) to signed-in learners too, since it shows nothing of who they are."""
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
        if request.htmx:  # htmx swaps a 200 only: the fields and their errors replace the form in place
            response = render_partial(
                request, TEMPLATE, REVEAL, _context(request, lesson, form=form, whole=False)
            )
            return swap(response, REVEAL)
        return _page(request, lesson, form=form, status=422)
    prediction = form.prediction()
    prediction_store(request.session, scenario.slug, prediction)
    right, judged = score(verdicts_for(prediction, scenario.document, parsed))
    services.progress_record(
        learner=learner_get(request, create=True), lesson=lesson, right=right, judged=judged
    )
    if request.htmx:
        return _reveal(request, lesson, FIRST_STAGE)
    return redirect(reverse("lessons:detail", args=[lesson.slug]) + "?stage=1#lesson-reveal")


@require_POST
def predict_clear(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    lesson = _lesson_or_404(slug)
    prediction_clear(request.session, lesson.board)
    if request.htmx:
        return _reveal(request, lesson, "")
    return redirect(reverse("lessons:detail", args=[lesson.slug]) + "#lesson-predict")
