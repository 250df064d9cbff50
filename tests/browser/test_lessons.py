"""A new player's first lesson in chromium (issue 14, "Done when"): from the home page to the course,
the explanation, a prediction, the reveal stage by stage and the verdict, at 1366×900 and 390×844;
predicting on a board with htmx; axe on every page the course adds.

The first lesson's board: 《二股の稲妻》 deals 1 damage to the opponent and 1 to their 《灰色熊》. CR
120.3a: the opponent loses 1 life (19); CR 120.3e: the bear marks 1 damage; CR 704.5g: 1 is less
than its toughness 2, so it stays on the battlefield.
"""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]

SIZES = [(1366, 900), (390, 844)]


def _axe(page: Page) -> list[tuple[str, str]]:
    from axe_playwright_python.sync_playwright import Axe

    return [
        (v["id"], v["impact"])
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def _walk_to_the_end(page: Page) -> int:
    """Press 次の段階 until the last stage; returns how many stages were seen."""
    seen = 1
    while page.locator("#stage-next").count():
        page.locator("#stage-next").click()
        seen += 1
        expect(page.locator(".stage-count")).to_contain_text(f"段階 {seen}")
    return seen


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_new_player_walks_the_first_lesson_with_predictions(live_server, browser, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="入門コース").first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("入門コース")
    assert _axe(page) == [], "lesson list"
    page.get_by_role("link", name="レッスン1から始める").click()

    expect(page.get_by_role("heading", level=1)).to_contain_text("ダメージとは")
    expect(page.locator(".lesson__explain")).to_contain_text("ライフを減らします")
    expect(page.locator(".lesson__rules").get_by_role("link", name="120.3a")).to_have_attribute(
        "href", "/cr/120/#cr-120.3a"
    )
    form = page.locator("#form-prediction")
    expect(form).to_be_visible()  # the predict step is open on a lesson
    assert _axe(page) == [], "lesson before predicting"

    # a typo first: the field says what is wrong, in Japanese, and nothing is lost
    form.get_by_label("対戦相手のライフ", exact=True).fill("-1000000")
    form.get_by_label("灰色熊が負うダメージ", exact=True).fill("1")
    form.get_by_role("button", name="予想して解決する").click()
    expect(page.locator("#form-prediction")).to_contain_text(
        "対戦相手のライフは -999999 以上の数にしてください。"
    )
    expect(page.locator("#form-prediction").get_by_label("灰色熊が負うダメージ", exact=True)).to_have_value(
        "1"
    )
    assert _axe(page) == [], "lesson with a field error"

    form = page.locator("#form-prediction")
    form.get_by_label("対戦相手のライフ", exact=True).fill("19")
    form.get_by_role("button", name="予想して解決する").click()
    expect(page.locator(".stage-count")).to_contain_text("段階 1")
    expect(page.locator(".predict__note")).to_contain_text("最後の段階で答え合わせ")
    stages = _walk_to_the_end(page)
    assert stages >= 4  # 120.4a-d, then the state-based actions
    verdict = page.locator(".predict-result")
    expect(verdict).to_contain_text("3個中3個が当たり")
    expect(verdict.locator(".predict-item--wrong")).to_have_count(0)
    expect(page.locator(".final")).to_contain_text("対戦相手")
    assert _axe(page) == [], "lesson after the reveal"

    # the check question comes from study mode
    expect(page.locator(".lesson__check button").first).to_contain_text("確認問題")
    page.get_by_role("link", name="次のレッスン: 致死ダメージと状況起因処理 →").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("致死ダメージ")
    page.goto(f"{live_server.url}/lessons/")
    expect(page.locator(".lesson-card--done")).to_have_count(1)
    expect(page.get_by_role("link", name="続きから: レッスン2")).to_be_visible()
    context.close()


def test_a_wrong_prediction_links_the_stage_that_explains_it(live_server, page: Page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/lessons/damage-basics/")
    form = page.locator("#form-prediction")
    form.get_by_label("対戦相手のライフ", exact=True).fill("18")
    form.get_by_label("灰色熊は戦場を離れる", exact=True).check()
    form.get_by_role("button", name="予想して解決する").click()
    page.get_by_role("link", name="すべての段階を表示").click()
    verdict = page.locator(".predict-result")
    expect(verdict).to_contain_text("2個中0個が当たり")
    expect(verdict).to_contain_text("実際は 19")
    # CR 704.5g: the state-based actions are where the bear is found not to have lethal damage
    verdict.locator(".predict-item--wrong").nth(1).get_by_role("link").click()
    expect(page.locator(".stage-detail")).to_contain_text("704")


def test_predicting_on_a_board_with_htmx(live_server, page: Page):
    page.goto(f"{live_server.url}/board/s/cr-lesson-04/")
    page.locator(".predict__summary").click()
    form = page.locator("#form-prediction")
    # CR 702.19b: 2 lethal damage to the 2/2 blocker, the other 4 of 6 trample over (20 → 16)
    form.get_by_label("対戦相手のライフ", exact=True).fill("16")
    form.get_by_label("灰色熊は戦場を離れる", exact=True).check()
    assert _axe(page) == [], "board with the predict form open"
    form.get_by_role("button", name="予想して解決する").click()
    expect(page.locator(".stage-count")).to_contain_text("段階 1")
    expect(page).to_have_url(re.compile(re.escape("/board/s/cr-lesson-04/?stage=1") + "$"))
    page.get_by_role("link", name="すべての段階を表示").click()
    # the unticked 《巨大な戦慄大口》 is judged too: it stays with 2 damage from the bear
    expect(page.locator(".predict-result")).to_contain_text("3個中3個が当たり")
    assert _axe(page) == [], "board with the verdict"
    page.get_by_role("button", name="予想をやり直す").click()
    expect(page.locator("#resolve-step")).to_be_visible()


def test_the_reader_links_the_lessons_that_teach_a_paragraph(live_server, page: Page):
    page.goto(f"{live_server.url}/cr/702.19/")
    link = page.locator("#cr-702\\.19b .para__lessons a").first
    expect(link).to_contain_text("トランプル")
    assert _axe(page) == [], "reader with lesson links"


def test_the_first_lesson_and_a_board_prediction_work_without_javascript(live_server, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/lessons/damage-basics/")
    form = page.locator("#form-prediction")
    form.get_by_label("対戦相手のライフ", exact=True).fill("19")
    form.get_by_role("button", name="予想して解決する").click()
    expect(page).to_have_url(re.compile(re.escape("/lessons/damage-basics/?stage=1#lesson-reveal") + "$"))
    _walk_to_the_end(page)
    expect(page.locator(".predict-result")).to_contain_text("2個中2個が当たり")
    # the board's own predict form: <details> opens without a script, the form posts and redirects
    page.goto(f"{live_server.url}/board/s/cr-lesson-07/")
    page.locator(".predict__summary").click()
    form = page.locator("#form-prediction")
    # CR 615.7: a shield of 3 against 《溶岩の斧》's 5 lets 2 through (20 → 18)
    form.get_by_label("あなたのライフ", exact=True).fill("18")
    form.get_by_role("button", name="予想して解決する").click()
    expect(page).to_have_url(re.compile(re.escape("/board/s/cr-lesson-07/?stage=1") + "$"))
    page.get_by_role("link", name="すべての段階を表示").click()
    expect(page.locator(".predict-result")).to_contain_text("1個中1個が当たり")
    context.close()
