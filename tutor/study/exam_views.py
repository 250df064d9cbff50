"""Mock exam pages (``/study/exam/``): choose and start, one question a page, the overview that
resumes it, scoring, the report and the history.

Nothing on a question page says which rule decides it (no template title, topic or paragraph); the
report shows them. Every form works as a plain POST that redirects; with htmx the question panel is
swapped in place and the address follows.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, push_url

from tutor.common.htmx import HtmxHttpRequest, render_page
from tutor.common.ratelimits import exam_move_limit, study_answer_limit
from tutor.common.urls import cr_url, section_url
from tutor.models import Exam, ExamMode, ExamQuestion
from tutor.study import exam_services as services
from tutor.study.card_texts import question_cards
from tutor.study.exam_forms import ExamStartForm
from tutor.study.exams import SHAPES, ExamTooSmall, Tally
from tutor.study.forms import StudyAnswerForm, sequence_posted
from tutor.study.learners import learner_get
from tutor.study.selectors import Learner, rule_excerpts
from tutor.study.topics import TOPICS_BY_SLUG
from tutor.study.views import _question_table, _result

RECENT_SHOWN = 5
"""Past exams on the exam's first page (the history page has them all, paginated)."""

OPEN_BOOK = (
    ("120", "120 ダメージ"),
    ("510", "510 戦闘ダメージ・ステップ"),
    ("615", "615 軽減効果"),
    ("616", "616 置換効果や軽減効果の相互作用"),
    ("702", "702 キーワード能力"),
    ("704", "704 状況起因処理"),
)
"""What 「資料あり」 opens: the same chapters for every question, so the list does not tell which
paragraph decides it (as a printed rulebook would not)."""


def _base(**context: Any) -> dict[str, Any]:
    return {"nav": "study", **context}


def _exam_or_404(request: HtmxHttpRequest, token: str) -> tuple[Learner, Exam]:
    learner = learner_get(request)
    exam = services.exam_get(learner=learner, token=token)
    if exam is None:
        raise Http404("その模擬試験はありません")
    return learner, exam


def _history_rows(exams: Any) -> list[dict[str, Any]]:
    return [
        {
            "exam": e,
            "percent": round(100 * e.points / e.total) if e.total and e.scored_at else None,
            "points": f"{round(e.points, 2):g}",
            "partial": abs(e.points - e.right) > 1e-9,  # a parts question was partly right
            "url": reverse("study:exam_report" if e.scored_at else "study:exam", kwargs={"token": e.token}),
        }
        for e in exams
    ]


def _index_page(request: HtmxHttpRequest, form: ExamStartForm, status: int = 200) -> HttpResponse:
    learner = learner_get(request)
    recent = services.exam_history(learner=learner)[:RECENT_SHOWN]
    return render(
        request,
        "study/exam_index.html",
        _base(
            form=form,
            shapes=SHAPES,
            recent=_history_rows(recent),
            has_more=services.exam_history(learner=learner).count() > RECENT_SHOWN,
        ),
        status=status,
    )


@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    return _index_page(request, ExamStartForm())


@study_answer_limit
@require_POST
def start(request: HtmxHttpRequest) -> HttpResponse:
    form = ExamStartForm(request.POST)
    if not form.is_valid():
        return _index_page(request, form, status=400)
    learner = learner_get(request, create=True)
    try:
        exam = services.exam_create(
            learner=learner,
            kind=form.cleaned_data["kind"],
            mode=form.cleaned_data["mode"],
            timed=form.cleaned_data["timed"],
        )
    except ExamTooSmall:
        messages.error(request, "この試験を作るだけの問題がまだありません。もう一方の試験を選んでください。")
        return redirect("study:exam_index")
    return redirect("study:exam_question", token=exam.token, n=1)


def _timer(exam: Exam) -> dict[str, Any] | None:
    if exam.deadline_at is None:
        return None
    return {"started": exam.started_at, "deadline": exam.deadline_at, "iso": exam.deadline_at.isoformat()}


def _nav(entries: list[ExamQuestion], exam: Exam, current: int = 0) -> list[dict[str, Any]]:
    return [
        {
            "n": e.position,
            "answered": e.response is not None,
            "current": e.position == current,
            "url": reverse("study:exam_question", kwargs={"token": exam.token, "n": e.position}),
        }
        for e in entries
    ]


@require_safe
def detail(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The permalink: where the exam stands, each question's state, and 「採点する」."""
    _learner, exam = _exam_or_404(request, token)
    if exam.scored_at is not None:
        return redirect("study:exam_report", token=token)
    entries = services.exam_entries(exam=exam)
    nav = _nav(entries, exam)
    return render(
        request,
        "study/exam_detail.html",
        _base(
            exam=exam,
            shape=services.exam_shape(exam),
            steps=nav,
            answered=sum(1 for row in nav if row["answered"]),
            closed=services.exam_closed(exam=exam),
            timer=_timer(exam),
        ),
    )


def _blind_table(scenario: dict[str, Any]) -> dict[str, Any]:
    """The board as practice draws it, without the paragraph links of its effects (they would
    name the rule that decides the question before the report)."""
    table = _question_table(scenario)
    table["effects"] = [{**effect, "rules": []} for effect in table.get("effects") or []]
    return table


def _question_page(
    request: HtmxHttpRequest,
    exam: Exam,
    entry: ExamQuestion,
    *,
    form: StudyAnswerForm | None = None,
    status: int = 200,
) -> HttpResponse:
    question = entry.question
    if form is None:
        initial = {"answer": entry.response} if entry.response is not None else None
        form = StudyAnswerForm(question=question, initial=initial)
    entries = services.exam_entries(exam=exam)
    context = _base(
        exam=exam,
        shape=services.exam_shape(exam),
        entry=entry,
        question=question,
        table=_blind_table(question.scenario),
        cards=question_cards([(question.prompt, question.scenario)])[0],
        form=form,
        action=reverse("study:exam_question", kwargs={"token": exam.token, "n": entry.position}),
        is_last=entry.position >= exam.total,
        steps=_nav(entries, exam, entry.position),
        timer=_timer(exam),
        open_book=(
            [{"url": section_url(number), "label": label} for number, label in OPEN_BOOK]
            if exam.mode == ExamMode.OPEN
            else None
        ),
    )
    return render_page(request, "study/exam_question.html", context, partials=("exam-panel",), status=status)


def _away(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """Leave the question page: htmx would swap a followed redirect into the panel, so it is told
    to load the page instead."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _go_url(exam: Exam, position: int, go: str) -> str:
    if go == "prev" and position > 1:
        return reverse("study:exam_question", kwargs={"token": exam.token, "n": position - 1})
    if go == "next" and position < exam.total:
        return reverse("study:exam_question", kwargs={"token": exam.token, "n": position + 1})
    return reverse("study:exam", kwargs={"token": exam.token})


@exam_move_limit
@require_http_methods(["GET", "HEAD", "POST"])
def question(request: HtmxHttpRequest, token: str, n: int) -> HttpResponse:
    _learner, exam = _exam_or_404(request, token)
    entry = services.entry_get(exam=exam, position=n)
    if entry is None:
        raise Http404("その問題はありません")
    if exam.scored_at is not None:
        return _away(request, reverse("study:exam_report", kwargs={"token": token}))
    if services.exam_closed(exam=exam):
        messages.info(request, "制限時間を過ぎました。これまでに保存した回答で採点します。")
        return _away(request, reverse("study:exam", kwargs={"token": token}))
    if request.method != "POST":
        return _question_page(request, exam, entry)
    go = request.POST.get("go", "next")
    go = go if go in ("prev", "next", "list") else "next"
    raw = request.POST.getlist("answer")
    if any(v.strip() for v in raw if isinstance(v, str)) or sequence_posted(request.POST, entry.question):
        form = StudyAnswerForm(request.POST, question=entry.question)
        if not form.is_valid():
            return _question_page(request, exam, entry, form=form, status=200 if request.htmx else 400)
        if not services.entry_answer_save(exam=exam, entry=entry, response=form.cleaned_data["answer"]):
            messages.info(request, "制限時間を過ぎたため、この回答は保存されませんでした。")
            return _away(request, reverse("study:exam", kwargs={"token": token}))
    target = _go_url(exam, n, go)
    if request.htmx:
        following = services.entry_get(exam=exam, position=n - 1 if go == "prev" else n + 1)
        if go == "list" or following is None:
            return HttpResponseClientRedirect(target)
        response = _question_page(request, exam, following)
        push_url(response, target)
        return response
    return redirect(target)


@study_answer_limit
@require_POST
def score(request: HtmxHttpRequest, token: str) -> HttpResponse:
    learner, exam = _exam_or_404(request, token)
    services.exam_score_submit(learner=learner, exam=exam, now=timezone.now())
    return redirect("study:exam_report", token=token)


# The report lists the weakest paragraphs first; an exam cites some 40, so the rest wait behind a
# <details> and the questions below stay near.
RULES_SHOWN = 10


def _topic_rows(tallies: list[Tally]) -> list[dict[str, Any]]:
    """The report's rows by topic: each study topic by its name, linked to its page (a tally key that is
    no study topic has no name to show a learner, and no row)."""
    return [
        {"label": topic.title, "url": reverse("study:topic", kwargs={"topic": tally.key}), "tally": tally}
        for tally in tallies
        if (topic := TOPICS_BY_SLUG.get(tally.key)) is not None
    ]


def _rule_rows(tallies: list[Tally]) -> list[dict[str, Any]]:
    """The report's rows by paragraph: its number, linked to the reader, and the opening of its text so
    that the number says which rule it is."""
    excerpts = rule_excerpts(tally.key for tally in tallies)
    return [
        {"label": tally.key, "url": cr_url(tally.key), "excerpt": excerpts.get(tally.key, ""), "tally": tally}
        for tally in tallies
    ]


@require_safe
def report(request: HtmxHttpRequest, token: str) -> HttpResponse:
    _learner, exam = _exam_or_404(request, token)
    if exam.scored_at is None:
        messages.info(request, "まだ採点していません。「採点する」を押すと結果が表示されます。")
        return redirect("study:exam", token=token)
    found = services.exam_report(exam=exam)
    by_rule = _rule_rows(found.score.by_rule)
    rows = []
    cards = question_cards((e.question.prompt, e.question.scenario) for e, _attempt in found.rows)
    for (entry, attempt), named in zip(found.rows, cards, strict=True):
        q = entry.question
        rows.append(
            {
                "entry": entry,
                "question": q,
                "attempt": attempt,
                "table": _question_table(q.scenario),
                "topics": [TOPICS_BY_SLUG[t] for t in q.topics or [] if t in TOPICS_BY_SLUG],
                "cards": named,
                **_result(q),
            }
        )
    return render(
        request,
        "study/exam_report.html",
        _base(
            exam=exam,
            shape=found.shape,
            score=found.score,
            by_topic=_topic_rows(found.score.by_topic),
            by_rule=by_rule[:RULES_SHOWN],
            by_rule_more=by_rule[RULES_SHOWN:],
            rows=rows,
        ),
    )


@require_safe
def history(request: HtmxHttpRequest) -> HttpResponse:
    learner = learner_get(request)
    page = Paginator(services.exam_history(learner=learner), services.HISTORY_PAGE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "study/exam_history.html",
        _base(page=page, rows=_history_rows(page.object_list)),
    )
