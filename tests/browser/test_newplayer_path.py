"""A new player's path, second pass (issue 26 items 2, 3 and 5), in one browser test at both widths:
the two-blocker trample answer from the home page in at most 4 clicks, 《大喰らいのワーム》 placed on an
empty board with the picker's defaults, SVG text of at least 8 px, focus on the feedback after a study
answer, and axe (0 critical, 0 serious) on the home, board and study pages."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]

MAX_CLICKS = 4
WIDTHS = ((1366, 900), (390, 844))

# the smallest rendered size of each SVG text (its font size times the drawing's scale on screen)
SMALLEST_SVG_TEXT = """() => {
  let least = Infinity, what = "";
  for (const text of document.querySelectorAll("svg text")) {
    const box = text.getBoundingClientRect();
    if (!box.width || !text.textContent.trim()) continue;
    const matrix = text.getScreenCTM();
    const scale = matrix ? Math.hypot(matrix.a, matrix.b) : 1;
    const size = parseFloat(getComputedStyle(text).fontSize) * scale;
    if (size < least) { least = size; what = (text.getAttribute("class") || "") + ":" + text.textContent.trim(); }
  }
  return [least, what];
}"""


def _serious(page: Page) -> list[tuple[str, str, list[str]]]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        (v["id"], v["impact"], [n["target"][0] for n in v["nodes"]][:4])
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def _smallest_text(page: Page) -> float:
    size, what = page.evaluate(SMALLEST_SVG_TEXT)
    assert size >= 8, (page.url, size, what)
    return size


def test_a_new_players_path_at_both_widths(browser, live_server):
    errors: list[str] = []
    for width, height in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.on("pageerror", lambda error, width=width: errors.append(f"{width}: {error}"))
        clicks = 0

        # 「よくある質問」: the two-blocker trample answer, one click from the home page
        page.goto(f"{live_server.url}/")
        assert _serious(page) == [], ("home", width)
        page.get_by_role("link", name=re.compile("トランプルのクリーチャーが2体にブロックされたら")).click()
        clicks += 1
        expect(page).to_have_url(re.compile(r"/board/s/crfaq-trample2/\?stage=1#play$"))
        stage = page.locator(".stage-detail")
        expect(stage).to_contain_text("702.19b")  # lethal to each blocker, the rest to the player
        expect(stage).to_contain_text("「対戦相手」に3点、《灰色熊》に2点、《ラノワールのエルフ》に1点")
        assert clicks <= MAX_CLICKS
        _smallest_text(page)  # the phone's compact drawing included
        assert _serious(page) == [], ("board", width)
        if width < 600:
            page.goto(f"{live_server.url}/board/examples/")
            assert _serious(page) == [], ("examples", width)
        else:
            # 《大喰らいのワーム》 from the picker on an empty board, with the form's defaults
            page.goto(f"{live_server.url}/board/")
            page.get_by_label("カード名(日本語・英語、名前の一部でも探せます)").press_sequentially(
                "大喰らい", delay=30
            )
            page.locator("#card-picker-results .picker-card", has_text="《大喰らいのワーム》").click()
            expect(page.locator("#editor-heading")).to_have_text("《大喰らいのワーム》を置く")
            page.get_by_role("button", name="置いて、例のように動かす").click()
            expect(page.locator("#h-event ~ .event-lines")).to_contain_text("大喰らいのワーム")
            expect(page.locator("#h-event ~ .event-lines")).to_contain_text("灰色熊")
            expect(page.locator("#form-card-place")).to_have_count(0)  # no refusal: the form is gone
            expect(page.locator(".alert-danger, .invalid-feedback:visible")).to_have_count(0)

        # a study answer: focus on the verdict after the swap
        page.goto(f"{live_server.url}/study/t/702.19b/")
        page.get_by_role("button", name="入門").first.click()
        page.wait_for_url(re.compile(r"/study/q/"))
        page.get_by_role("radio").first.check()
        page.get_by_role("button", name="回答する").click()
        verdict = page.locator("#result-title")
        expect(verdict).to_be_focused()
        _smallest_text(page)
        assert _serious(page) == [], ("answered", width)
        page.goto(f"{live_server.url}/study/progress/")
        expect(page.locator(".history-chart svg")).to_be_visible()
        _smallest_text(page)
        assert _serious(page) == [], ("progress", width)
        assert errors == []
        context.close()
