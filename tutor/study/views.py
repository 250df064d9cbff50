"""Study mode pages: topics, one question at a time, the result with the engine's stages, progress.

Thin views: the services make and score questions, the selectors read progress. Every htmx form
also works as a plain POST that redirects (``/study/q/<token>/answer/`` → ``/study/q/<token>/``).
The page of an unanswered question holds its token only: the answer and the option values stay on
the server until the learner has answered.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from rules_core import ScenarioError, resolve_document
from tutor.common.htmx import HtmxHttpRequest, render_page
from tutor.common.ratelimits import study_answer_limit
from tutor.common.urls import cr_url
from tutor.lessons.checks import check_for
from tutor.lessons.selectors import lesson_get, lesson_list
from tutor.models import Exam, Lesson, StudyAttempt, StudyQuestion
from tutor.results.effects import effects_present
from tutor.results.stages import resolution_present
from tutor.results.table import assignment_amounts, stage_amounts, table_present
from tutor.study import selectors, services
from tutor.study.asks import answer_text
from tutor.study.building import outcome_scenario
from tutor.study.card_texts import question_cards
from tutor.study.forms import MixedNextForm, MixedStartForm, StudyAnswerForm, StudyStartForm
from tutor.study.learners import learner_get
from tutor.study.mixed import mixed_create
from tutor.study.review import steps_text
from tutor.study.selectors import Learner
from tutor.study.sequence_present import SEQUENCE_FORMATS, sequence_feedback
from tutor.study.topics import LEVEL_DESCRIPTIONS, LEVEL_LABELS, LEVELS, TOPICS, TOPICS_BY_SLUG


def _base(**context: Any) -> dict[str, Any]:
    return {"nav": "study", **context}


def _with_lesson(url: str, lesson: Lesson | None) -> str:
    """``url`` keeping the lesson a check question was started from (``?lesson=``: the way back)."""
    return f"{url}?lesson={lesson.slug}" if lesson else url


def _question_url(token: str, lesson: Lesson | None, fragment: str = "") -> str:
    return _with_lesson(reverse("study:question", kwargs={"token": token}), lesson) + fragment


@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    return _index_page(request, MixedStartForm())


def _index_page(request: HtmxHttpRequest, mixed_form: MixedStartForm, status: int = 200) -> HttpResponse:
    learner = learner_get(request)
    accuracy = {row["topic"].slug: row for row in selectors.topic_accuracy(learner=learner)}
    groups = [
        {"title": "条文で選ぶ", "topics": [accuracy[t.slug] for t in TOPICS if t.group == "rule"]},
        {"title": "キーワードで選ぶ", "topics": [accuracy[t.slug] for t in TOPICS if t.group == "keyword"]},
    ]
    return render(
        request,
        "study/index.html",
        _base(
            groups=groups,
            totals=selectors.attempt_totals(learner=learner),
            queue=selectors.review_queue(learner=learner),
            levels=[(lv, LEVEL_LABELS[lv], LEVEL_DESCRIPTIONS[lv]) for lv in LEVELS],
            mixed_form=mixed_form,
        ),
        status=status,
    )


@require_safe
def topic(request: HtmxHttpRequest, topic: str) -> HttpResponse:
    found = TOPICS_BY_SLUG.get(topic)
    if found is None:
        raise Http404("そのトピックはありません")
    learner = learner_get(request)
    row = next(r for r in selectors.topic_accuracy(learner=learner) if r["topic"].slug == topic)
    return render(
        request,
        "study/topic.html",
        _base(
            topic=found,
            row=row,
            rule_links=[{"number": n, "url": cr_url(n)} for n in found.rules],
            descriptions=LEVEL_DESCRIPTIONS,
        ),
    )


@study_answer_limit
@require_POST
def start(request: HtmxHttpRequest) -> HttpResponse:
    """Start (or continue with) a topic at a level: make a question and go to it."""
    form = StudyStartForm(request.POST, levels=selectors.topic_levels())
    if not form.is_valid():
        for error in [*form.non_field_errors(), *(e for errs in form.errors.values() for e in errs)][:1]:
            messages.error(request, error)
        slug = request.POST.get("topic")
        if isinstance(slug, str) and slug in TOPICS_BY_SLUG:
            return redirect("study:topic", topic=slug)
        return redirect("study:index")
    learner = learner_get(request, create=True)
    topic, level = form.cleaned_data["topic"], form.cleaned_data["level"]
    lesson = lesson_get(slug=request.POST.get("lesson", ""))
    # a lesson's check question stays within what the course has taught so far
    check = check_for(lesson_list(), lesson, topic=topic, level=level) if lesson else None
    try:
        question = services.question_create(
            learner=learner,
            topic=topic,
            level=level,
            pool=check.pool if check else (),
            within=check.within if check else None,
        )
    except services.NoQuestion:
        messages.error(request, "このトピックとレベルの問題を作れませんでした。別のレベルを選んでください。")
        return redirect("study:topic", topic=topic)
    return redirect(_question_url(question.token, lesson))


@study_answer_limit
@require_POST
def mixed(request: HtmxHttpRequest) -> HttpResponse:
    """Mixed practice (:mod:`tutor.study.mixed`): the next question across every topic of a level.

    The start form on ``/study/`` and the result's 「次の問題」 both post here; a bad level shows the
    index again with the error (the hidden field of 「次の問題」 is only wrong when tampered with).
    """
    form = MixedStartForm(request.POST)
    if not form.is_valid():
        return _index_page(request, form, status=400)
    learner = learner_get(request, create=True)
    try:
        question = mixed_create(learner=learner, level=form.cleaned_data["level"])
    except services.NoQuestion:
        messages.error(request, "このレベルの問題を作れませんでした。別のレベルを選んでください。")
        return redirect("study:index")
    return redirect("study:question", token=question.token)


@study_answer_limit
@require_POST
def review(request: HtmxHttpRequest) -> HttpResponse:
    """The next due review: a fresh question of a kind the learner got wrong."""
    learner = learner_get(request, create=True)
    item = selectors.review_next(learner=learner)
    if item is None:
        messages.info(request, "いま復習する問題はありません。")
        return redirect("study:progress")
    try:
        question = services.review_start(learner=learner, item=item)
    except services.NoQuestion:
        item.delete()  # its template is gone (an author switched it off): nothing left to review
        messages.info(request, "この復習の問題はもう出題されていません。")
        return redirect("study:progress")
    return redirect("study:question", token=question.token)


def _in_open_exam(question: StudyQuestion) -> bool:
    """A question of a mock exam not yet scored: practice pages would give its answer away."""
    return Exam.objects.filter(entries__question=question, scored_at__isnull=True).exists()


def _attempt_of(question: StudyQuestion) -> StudyAttempt | None:
    """The question's attempt, None before it is answered. :func:`selectors.question_get` loads it with
    the question, and :func:`answer` puts the new one in its place: no query of its own."""
    try:
        return question.attempt
    except StudyQuestion.attempt.RelatedObjectDoesNotExist:
        return None


def _question_or_404(request: HtmxHttpRequest, token: str) -> tuple[Learner, StudyQuestion]:
    learner = learner_get(request)
    question = selectors.question_get(learner=learner, token=token)
    if question is None or _in_open_exam(question):
        raise Http404("その問題はありません")
    return learner, question


def _declared_amounts(document: dict[str, Any]) -> dict[tuple[str, str], int]:
    """The numbers the question itself states (never what the engine would compute): a combat
    assignment written in the scenario, or the damage of a spell."""
    event = document.get("event") or {}
    if event.get("type") == "combat":
        return assignment_amounts(event.get("assignments"), event.get("blocker_assignments"))
    if event.get("type") == "noncombat":
        source = event.get("source")
        key = (
            source
            if isinstance(source, str)
            else (source or {}).get("id") or (source or {}).get("name") or "source"
        )
        return {(key, d["to"]): d["amount"] for d in event.get("damage", [])}
    return {}


def _question_table(document: dict[str, Any]) -> dict[str, Any]:
    """The board drawn as the board area draws it (``templates/results/_table.html``), before the event."""
    table = table_present(document, amounts=_declared_amounts(document), uid="question")
    table["effects"] = effects_present(document)
    return table


def _result(question: StudyQuestion) -> dict[str, Any]:
    """The correct outcome: the engine's stages and the board after them, drawn by the board's partials."""
    document = outcome_scenario(question.scenario, question.ask, question.answer)
    names = {
        p["id"]: p.get("name") or p["id"]
        for p in [*document.get("players", []), *document.get("permanents", [])]
    }
    try:
        result = resolve_document(document)
    except ScenarioError:
        result = None
    resolution = outcome = None
    if result is not None:
        resolution = resolution_present(document, result)
        if result.get("legal"):
            outcome = table_present(
                document, result=result, stage=-1, amounts=stage_amounts(result, -1), uid="outcome"
            )
            # a landmark name of its own: the question's board above has 「場にある効果」 too
            outcome["effects_label"] = "処理の後に場にある効果"
            outcome["effects"] = effects_present(
                document, final_effects=(result.get("final") or {}).get("effects"), shields=outcome["shields"]
            )
    attempt = _attempt_of(question) if question.answer_format in SEQUENCE_FORMATS else None
    return {
        "sequence": sequence_feedback(
            scenario=question.scenario,
            ask=question.ask,
            answer=question.answer,
            response=attempt.response if attempt is not None else None,
        )
        if question.answer_format in SEQUENCE_FORMATS
        else None,
        "resolution": resolution,
        "outcome": outcome,
        "answer_text": answer_text(question.ask, question.answer, names),
        "rule_links": [{"number": n, "url": cr_url(n)} for n in question.rules if cr_url(n)],
    }


def _page(
    request: HtmxHttpRequest,
    question: StudyQuestion,
    *,
    form: StudyAnswerForm | None = None,
    replayed: bool = False,
    status: int = 200,
) -> HttpResponse:
    lesson = lesson_get(slug=request.GET.get("lesson", ""))
    context = _base(
        question=question,
        lesson=lesson,
        answer_url=_with_lesson(reverse("study:answer", kwargs={"token": question.token}), lesson),
        # mixed practice names no topic before the answer: the topic is what the learner should find
        topic=None if question.is_mixed else TOPICS_BY_SLUG.get(question.topic),
        table=_question_table(question.scenario),
        level_label=LEVEL_LABELS.get(question.level, question.level),
        replayed=replayed,
        cards=question_cards([(question.prompt, question.scenario)])[0],
    )
    attempt = _attempt_of(question)
    context["attempt"] = attempt
    if attempt is None:
        context["form"] = form or StudyAnswerForm(question=question)
    else:
        if question.is_mixed:
            context["next_form"] = MixedNextForm(initial={"level": question.level})
        context.update(_result(question))
        # the kind of question is told only now: before answering it would name the rule
        context["question_topics"] = [TOPICS_BY_SLUG[t] for t in question.topics or [] if t in TOPICS_BY_SLUG]
    return render_page(request, "study/question.html", context, partials=("study-panel",), status=status)


@require_safe
def question(request: HtmxHttpRequest, token: str) -> HttpResponse:
    _learner, found = _question_or_404(request, token)
    return _page(request, found)


@study_answer_limit
@require_POST
def answer(request: HtmxHttpRequest, token: str) -> HttpResponse:
    learner, found = _question_or_404(request, token)
    form = StudyAnswerForm(request.POST, question=found)
    if _attempt_of(found) is not None:
        # A replayed or second submit: show the result, score nothing.
        if request.htmx:
            return _page(request, found, replayed=True)
        messages.info(request, "この問題は回答済みです。2回目の回答は記録されません。")
        return redirect(_question_url(token, lesson_get(slug=request.GET.get("lesson", ""))))
    if not form.is_valid():
        return _page(request, found, form=form, status=200 if request.htmx else 400)
    attempt, scored = services.answer_submit(
        learner=learner, question=found, response=form.cleaned_data["answer"]
    )
    # the page shows this attempt (or the one a simultaneous submit stored first); the service has
    # already put the engine's answer on ``found`` if it corrected the stored one
    found.attempt = attempt
    if request.htmx:
        return _page(request, found, replayed=not scored)
    if not scored:
        messages.info(request, "この問題は回答済みです。2回目の回答は記録されません。")
    return redirect(_question_url(token, lesson_get(slug=request.GET.get("lesson", "")), "#result"))


@require_safe
def open_board(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """「盤面で開く」: the question's board as a board permalink (only after answering)."""
    _learner, found = _question_or_404(request, token)
    if _attempt_of(found) is None:
        messages.info(request, "盤面で開けるのは回答した後です。")
        return redirect("study:question", token=token)
    try:
        slug = services.question_board_slug(question=found)
    except ScenarioError as error:  # the board refuses the document: say so rather than fail
        messages.error(request, f"この問題は盤面で開けません: {error}")
        return redirect("study:question", token=token)
    return redirect("board:scenario", slug=slug)


@require_safe
def progress(request: HtmxHttpRequest) -> HttpResponse:
    learner = learner_get(request)
    return render(
        request,
        "study/progress.html",
        _base(
            accuracy=selectors.topic_accuracy(learner=learner),
            totals=selectors.attempt_totals(learner=learner),
            chart=selectors.history_chart_get(learner=learner),
            queue=selectors.review_queue(learner=learner),
            recent=selectors.attempt_recent(learner=learner),
            steps=steps_text(),
            rating=selectors.rating_summary(learner=learner),
            weakest=selectors.weakest_get(learner=learner),
        ),
    )
