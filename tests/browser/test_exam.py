"""The mock exam in a real browser: an L1 and an L2 exam taken end to end at a laptop's size
(1366×900) and a phone's (390×844), and once without JavaScript, up to the report, with axe on the
way (no serious issue), a card's text opened with one tap. Every question is answered from the server's database (the page never says
which answer is right); the last one of each exam is left unanswered, so the report shows both."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.answering import fill_in_answer
from tutor.models import Exam, StudyAttempt
from tutor.study.building import question_build
from tutor.study.generators import TEMPLATES_BY_SLUG

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]

SERIOUS = ("serious", "critical")


def _serious(page: Page) -> list[tuple[str, str]]:
    from axe_playwright_python.sync_playwright import Axe

    violations = Axe().run(page).response["violations"]
    return [(v["id"], v["impact"]) for v in violations if v["impact"] in SERIOUS]


def _replace(question, built) -> None:
    for name in (
        "source",
        "seed",
        "title",
        "prompt",
        "scenario",
        "ask",
        "answer",
        "answer_format",
        "options",
    ):
        setattr(question, name, getattr(built, name))
    question.mistakes, question.explanation, question.rules = built.mistakes, built.explanation, built.rules
    question.save()


def _take(page: Page, url: str, kind: str, *, timed: bool, js: bool, check_axe: bool) -> Exam:
    before = StudyAttempt.objects.filter(correct=True).count()
    page.goto(f"{url}/study/exam/")
    expect(page.locator("h1")).to_have_text("模擬試験")
    if check_axe:
        assert _serious(page) == [], "exam index"
    page.get_by_role("radio", name=f"{kind.upper()} 模擬試験（").check()
    page.get_by_role("radio", name="資料あり（").check()
    if timed:
        page.get_by_role("checkbox", name="制限時間を設ける").check()
    page.get_by_role("button", name="始める").click()
    expect(page).to_have_url(re.compile(r"/study/exam/[^/]+/q/1/$"))
    token = re.search(r"/study/exam/([^/]+)/", page.url).group(1)
    exam = Exam.objects.get(token=token)
    entries = list(exam.entries.select_related("question").order_by("position"))
    assert len(entries) == {"l1": 20, "l2": 25}[kind]
    # one ordering and one parts question for sure: the first two questions become one of each
    for entry, slug in zip(entries, ("seq-apnap", "parts-combat"), strict=False):
        _replace(entry.question, question_build(TEMPLATES_BY_SLUG[slug], seed=entry.position, level=kind))
    page.reload()
    if check_axe:
        assert _serious(page) == [], "first question"
    if timed:
        expect(page.locator(".exam-timer")).to_contain_text("に締め切ります")
        if js:
            expect(page.locator(".exam-timer__left")).to_contain_text("残り")
        else:
            expect(page.locator(".exam-timer__left")).to_have_text("")
    expect(page.get_by_role("link", name="120 ダメージ")).to_have_attribute("target", "_blank")
    opened = False
    for entry in entries:
        expect(page.locator("h1")).to_contain_text(f"第{entry.position}問")
        cards = page.locator("#exam-panel details.question-card")
        if not opened and cards.count():  # a card's text is one tap away (issue 24, item 3)
            expect(cards.first.locator(".question-card__body")).to_be_hidden()
            cards.first.locator("summary").click()
            expect(cards.first.locator(".question-card__body")).to_be_visible()
            expect(cards.first.locator("[lang=en]")).to_be_visible()
            opened = True
        last = entry.position == len(entries)
        if not last:  # the last one is left unanswered
            fill_in_answer(page.locator("#exam-panel"), entry.question)
        button = page.get_by_role("button", name="保存して一覧と採点へ" if last else "次へ")
        button.click()
        if not last and entry.question.answer_format == "number" and entry.question.answer < 0:
            # a negative number is questioned once; sent again, it is the answer
            expect(page.locator(".invalid-feedback, .alert-danger").first).to_contain_text("マイナス")
            page.get_by_role("button", name="次へ").click()
    assert opened, "no question of the exam named a catalogue card"
    expect(page).to_have_url(re.compile(rf"/study/exam/{token}/$"))
    expect(page.locator("main")).to_contain_text(f"{len(entries) - 1}問")
    if check_axe:
        assert _serious(page) == [], "overview"
    assert StudyAttempt.objects.filter(question__exam_entry__exam=exam).count() == 0  # nothing before scoring
    page.get_by_role("button", name="採点する").click()
    expect(page).to_have_url(re.compile(rf"/study/exam/{token}/report/$"))
    expect(page.locator("h1")).to_have_text(f"{kind.upper()} 模擬試験の結果")
    right = len(entries) - 1
    percent = round(100 * right / len(entries))
    expect(page.locator(".exam-score__figure")).to_have_text(
        f"{right}/{len(entries)}点（{percent}%）、全問正解は{right}問"
    )
    # the parts question's report shows each part, the ordering question the engine's order
    expect(page.locator("article.exam-item").nth(1).locator(".study-parts tbody tr")).to_have_count(3)
    events = len(entries[0].question.answer)
    expect(page.locator("article.exam-item").first.locator(".study-sequence__order li")).to_have_count(events)
    expect(page.locator(".exam-score h2")).to_have_text("合格ラインに達しました")
    expect(page.locator("#by-topic-title")).to_be_visible()
    # a data table, not laid out as the board's drawing (whose class .table it once shared)
    assert page.locator("table.exam-tally").first.evaluate("e => getComputedStyle(e).display") == "table"
    expect(page.locator("article.exam-item")).to_have_count(len(entries))
    expect(page.locator("article.exam-item").last).to_contain_text("未回答")
    page.locator("article.exam-item").first.get_by_text("盤面を見る").click()
    expect(page.locator("article.exam-item").first.locator(".seat").first).to_be_visible()
    if check_axe:
        assert _serious(page) == [], "report"
    assert StudyAttempt.objects.filter(correct=True).count() == before + right
    return exam


@pytest.mark.parametrize(
    ("width", "height"), [(1366, 900), (390, 844)], ids=["laptop", "phone"]
)  # fmt: skip
def test_take_l1_and_l2_exams_to_the_report(browser: Browser, live_server, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    _take(page, live_server.url, "l1", timed=False, js=True, check_axe=width == 1366)
    _take(page, live_server.url, "l2", timed=True, js=True, check_axe=width == 390)
    page.goto(f"{live_server.url}/study/exam/history/")
    expect(page.locator(".exam-history tbody tr")).to_have_count(2)
    assert errors == []
    context.close()


def test_take_an_exam_without_javascript(browser: Browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    _take(page, live_server.url, "l1", timed=True, js=False, check_axe=False)
    context.close()
