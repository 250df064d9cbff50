"""Study mode in a real browser (Debian's chromium through Playwright).

A new learner answers a question wrong, reads the explanation, opens the question on the board,
signs up, and finds their progress kept.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.answering import fill_in_answer
from tutor.models import StudyAttempt, StudyQuestion

pytestmark = pytest.mark.browser


@pytest.fixture
def page_errors(page: Page) -> list[str]:
    """Script errors, CSP violations and failed requests (but the site-wide missing favicon)."""
    errors: list[str] = []

    def console(message) -> None:
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            errors.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda r: errors.append(f"{r.status} {r.url}")
        if r.status >= 400 and not r.url.endswith("/favicon.ico")
        else None,
    )
    return errors


def _question(page: Page) -> StudyQuestion:
    token = re.search(r"/study/q/([^/]+)/", page.url).group(1)
    return StudyQuestion.objects.get(token=token)


def test_new_learner_answers_wrong_reads_opens_board_signs_up_and_keeps_progress(
    page: Page, live_server, content_db, page_errors
):
    page.goto(f"{live_server.url}/study/")
    expect(page.locator("h1")).to_have_text("練習")
    page.get_by_role("button", name="絆魂を入門で始める").click()
    expect(page).to_have_url(re.compile(r"/study/q/[^/]+/$"))
    expect(page.locator(".study-prompt")).to_contain_text("あなたのライフは何点ですか")
    expect(page.locator(".study-table-wrap .seat")).to_have_count(2)
    expect(page.locator(".study-table-wrap svg.card").first).to_be_visible()
    # the drawing's card text is set as on the board (11 px, as card_face lays it out)
    name = page.locator(".study-table-wrap svg.card .card-name").first
    assert name.evaluate("e => getComputedStyle(e).fontSize") == "11px"

    # Nothing on the page says which option is right; the test asks the server's database.
    question = _question(page)
    assert question.explanation[:20] not in page.content()
    wrong = next(o for o in question.options if o["value"] != question.answer)
    right = next(o for o in question.options if o["value"] == question.answer)

    # Nothing chosen: the message has a line of its own under the options, not beside the last one.
    page.get_by_role("button", name="回答する").click()
    error = page.locator(".study-answer .invalid-feedback")
    expect(error).to_contain_text("選択肢から1つ選んでください")
    last = page.locator(".study-answer .form-check-label").last.bounding_box()
    below = error.bounding_box()
    assert last and below and below["y"] >= last["y"] + last["height"] - 1 and below["width"] > last["width"]
    assert not StudyAttempt.objects.filter(question=question).exists()

    page.get_by_label(wrong["label"], exact=True).check()
    page.get_by_role("button", name="回答する").click()

    # htmx swaps the panel in place: verdict, the right answer, the explanation with linked paragraphs.
    result = page.locator("#result")
    expect(result.locator(".study-result__verdict")).to_have_text("不正解")
    expect(result.locator(".study-result__correct")).to_have_text(right["label"])
    expect(result.locator(".study-explanation")).to_contain_text("軽減されたダメージ")
    expect(result.locator(".study-explanation a.rule-ref").first).to_have_attribute(
        "href", re.compile(r"^/cr/")
    )
    expect(result.locator(".stage").first).to_be_visible()
    expect(result.get_by_text("120.4b 置換効果・軽減効果の適用")).to_be_visible()
    assert StudyAttempt.objects.filter(question=question, correct=False).count() == 1

    # Open it on the board: the question's scenario as a board permalink.
    question_url = page.url
    page.get_by_role("link", name="盤面で開く").click()
    expect(page).to_have_url(re.compile(r"/board/s/[a-z0-9]+/$"))
    expect(page.locator("main")).to_contain_text(
        "狼" if "狼" in question.prompt else question.scenario["permanents"][0]["name"]
    )

    # Sign up from the header; the anonymous progress follows the new account.
    page.goto(question_url)
    page.get_by_role("link", name="新規登録").click()
    page.get_by_label("ユーザー名").fill("new-judge")
    page.locator("#id_password1").fill("damage-rules-42")
    page.get_by_label("パスワード(確認用)").fill("damage-rules-42")
    page.get_by_role("button", name="登録する").click()
    expect(page).to_have_url(re.compile(r"/study/progress/$"))
    expect(page.locator(".messages")).to_contain_text("1問の回答")
    expect(page.locator(".account-area")).to_contain_text("new-judge")
    expect(page.locator(".study-total")).to_contain_text("1問")
    expect(page.locator(".study-total")).to_contain_text("0問")
    expect(page.locator(".study-review table")).to_contain_text(question.title)
    expect(page.locator(".history-chart svg")).to_be_visible()
    expect(page.locator(".recent-list")).to_contain_text(question.title)

    # The question is still theirs, answered, and a second submit is not scored.
    page.goto(question_url)
    expect(page.locator(".study-result__verdict")).to_have_text("不正解")
    assert StudyAttempt.objects.get(question=question).user.username == "new-judge"
    assert page_errors == []


def test_study_and_account_pages_have_no_axe_violations(page: Page, live_server, content_db):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    for path in ("/", "/study/", "/study/t/702.19b/", "/study/progress/", "/accounts/login/",
                 "/accounts/signup/"):  # fmt: skip
        page.goto(f"{live_server.url}{path}")
        violations = axe.run(page).response["violations"]
        assert [(v["id"], v["impact"]) for v in violations] == [], path
    page.goto(f"{live_server.url}/study/t/702.19b/")
    page.get_by_role("button", name="入門").first.click()
    page.wait_for_url(re.compile(r"/study/q/"))
    assert [v["id"] for v in axe.run(page).response["violations"]] == [], "question page"
    page.get_by_role("button", name="回答する").click()
    expect(page.get_by_text("選択肢から1つ選んでください。")).to_be_visible()
    assert [v["id"] for v in axe.run(page).response["violations"]] == [], "question page with an error"
    page.get_by_role("radio").first.check()
    page.get_by_role("button", name="回答する").click()
    expect(page.get_by_text("正しい答え")).to_be_visible()
    assert [v["id"] for v in axe.run(page).response["violations"]] == [], "answered question page"

    # Mixed practice: a level only; the kind is told with the result; 「次の問題」 stays mixed.
    page.goto(f"{live_server.url}/study/")
    page.locator(".study-mixed").get_by_label("L1", exact=True).check()
    page.get_by_role("button", name="総合練習を始める").click()
    page.wait_for_url(re.compile(r"/study/q/"))
    expect(page.locator(".breadcrumb")).to_contain_text("総合練習")
    expect(page.get_by_text("問題の種類")).to_have_count(0)
    mixed = _question(page)
    assert mixed.is_mixed and mixed.level == "l1"
    if mixed.answer_format == "number":
        page.locator(".study-answer input[type=number]").fill("1")
    elif mixed.answer_format in ("order", "parts"):  # a field per event or part: fill them all in
        fill_in_answer(page.locator(".study-answer"), mixed)
    else:
        page.locator(".study-answer input[type=radio], .study-answer input[type=checkbox]").first.check()
    page.get_by_role("button", name="回答する").click()
    expect(page.locator(".study-result__kind")).to_contain_text(mixed.title)
    found = axe.run(page).response["violations"]
    assert [v["id"] for v in found] == [], [n["html"] for v in found for n in v["nodes"]]
    page.get_by_role("button", name="次の問題（総合練習）").click()
    page.wait_for_url(lambda u: "/study/q/" in u and mixed.token not in u)
    expect(page.locator(".breadcrumb")).to_contain_text("総合練習")
    assert _question(page).is_mixed
