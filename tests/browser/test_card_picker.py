"""The card picker in a real browser: the trample question built from an empty board with real cards
in at most 6 clicks (typing is not a click), the starting boards, no JavaScript, and axe."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]

MAX_CLICKS = 6


class Clicks:
    """Every click of the test goes through here, so the test can count them."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, locator) -> None:
        self.count += 1
        locator.click()


def test_the_trample_question_from_an_empty_board_in_at_most_6_clicks(page: Page, live_server):
    """《契約紡ぎ、ファルコ・スパーラ》 (3/3, flying, trample) attacks; 《万物の声》 (2/2, flying) blocks it.
    CR 702.19b: with lethal damage (2) assigned to the blocker, the remaining 1 may go to the player;
    CR 122.1c: Falco's shield counter prevents the 2 damage the blocker deals it."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    click = Clicks()
    page.goto(f"{live_server.url}/board/")
    box = page.get_by_label("カード名(日本語・英語、名前の一部でも探せます)")
    results = page.locator("#card-picker-results .picker-card")

    box.press_sequentially("ふぁるこ", delay=30)  # hiragana finds the katakana name
    expect(results).to_have_count(1)
    click(results.first)  # 1
    expect(page.locator("#editor-heading")).to_have_text("《契約紡ぎ、ファルコ・スパーラ》を置く")
    expect(page.get_by_label("あなた", exact=True)).to_be_checked()  # the first permanent is yours
    click(page.get_by_role("button", name="置いて、例のように動かす"))  # 2: it attacks the opponent
    expect(page.locator("#announcer, .alert-success").first).to_be_attached()
    expect(page.locator("#h-event ~ .event-lines")).to_contain_text("契約紡ぎ、ファルコ・スパーラ")

    box = page.get_by_label("カード名(日本語・英語、名前の一部でも探せます)")
    box.press_sequentially("万物の声", delay=30)
    expect(results).to_have_count(1)
    click(results.first)  # 3
    expect(page.locator("#editor-heading")).to_have_text("《万物の声》を置く")
    expect(page.get_by_label("対戦相手", exact=True)).to_be_checked()  # the next one is the opponent's
    expect(page.get_by_label("ブロックする攻撃クリーチャー")).to_have_value(re.compile(r"^c\d+$"))
    click(page.get_by_role("button", name="盤面に置く"))  # 4: it blocks the attacker
    expect(page.locator("#h-event ~ .event-lines")).to_contain_text("万物の声")

    click(page.locator("#resolve-all"))  # 5
    stages = page.locator(".stage-detail")
    expect(stages).to_contain_text("《契約紡ぎ、ファルコ・スパーラ》")
    expect(stages).to_contain_text("《万物の声》に2点")
    expect(stages).to_contain_text("対戦相手」に1点")
    expect(stages).to_contain_text("702.19b")
    expect(stages).to_contain_text("122.1c")
    expect(page.locator(".final")).to_contain_text("20 → 19")
    assert click.count <= MAX_CLICKS
    assert [e for e in errors if "favicon" not in e] == []


def test_a_starting_board_is_one_click(page: Page, live_server):
    """「例から始める」: the shield-counter question (CR 122.1c) with 《聖域の番人》 and 《稲妻》."""
    page.goto(f"{live_server.url}/board/")
    page.get_by_role("button", name="ダメージ呪文と盾カウンター").click()
    expect(page).to_have_url(re.compile(r"/board/s/[^/]+/$"))
    expect(page.locator("h1")).to_have_text("ダメージ呪文と盾カウンター")
    page.locator("#resolve-all").click()
    expect(page.locator(".stage-detail")).to_contain_text("盾カウンター")
    expect(page.locator(".stage-detail")).to_contain_text("122.1c")


def test_the_picker_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/board/")
    page.get_by_label("カード名(日本語・英語、名前の一部でも探せます)").fill("稲妻")
    page.get_by_role("button", name="探す").click()
    expect(page).to_have_url(re.compile(r"card_q="))
    page.locator("#card-picker-results .picker-card", has_text="《稲妻》").click()
    page.get_by_label("《灰色熊》(その対戦相手のクリーチャー)の役").select_option("new")
    page.get_by_role("button", name="このイベントにする").click()
    expect(page).to_have_url(re.compile(r"/board/s/[^/]+/$"))
    expect(page.locator("main")).to_contain_text("《稲妻》を置きました")
    context.close()


def test_the_picker_has_no_serious_axe_violations(live_server, page: Page):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()

    def serious() -> list[tuple[str, str]]:
        found = axe.run(page).response["violations"]
        return [(v["id"], v["impact"]) for v in found if v["impact"] in ("serious", "critical")]

    for path in ("/board/", "/board/?card_q=稲妻", "/board/?add=card&card=lightning-bolt"):
        page.goto(f"{live_server.url}{path}")
        assert serious() == [], path
    # after htmx swaps: the results, and the form with its error
    page.goto(f"{live_server.url}/board/")
    page.get_by_label("カード名(日本語・英語、名前の一部でも探せます)").press_sequentially("稲妻", delay=30)
    expect(page.locator("#card-picker-results .picker-card").first).to_be_visible()
    assert serious() == [], "results"
    page.locator("#card-picker-results .picker-card", has_text="《稲妻》").click()
    # the role defaults to a new 《灰色熊》: unset it to get the refusal
    page.get_by_label("《灰色熊》(その対戦相手のクリーチャー)の役").select_option("")
    page.get_by_role("button", name="このイベントにする").click()
    expect(page.locator("#form-card-place")).to_contain_text("を選んでください")
    assert serious() == [], "error"
