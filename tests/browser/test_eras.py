"""Former rules in a real browser (拡張, issue 15): open a curated era board, compare it under each era,
switch its era, and see the outcome and the cited former rule change, with and without JavaScript;
axe on the new pages.

The board is the research note's 6th situation: 《灰色熊》 (2/2) blocked by 《丘巨人》 (3/3), 《巨大化》
cast with damage on the stack. 2007-02-01 310.4a: the damage is dealt as assigned (2), while the new
toughness counts, so both live. Today (CR 510.2) there is no such window: without the pump the bear
dies (704.5g). Under 2009-2024 the stage cites the 2024-08-02 file (509.2, 510.2).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]

BOARD = "/board/s/crera-toughness/"


def _bear_zone_row(page: Page):
    return page.locator("table.era-compare tr", has=page.locator("th", has_text="《灰色熊》の領域"))


def test_compare_and_switch_the_era_with_javascript(live_server, page: Page):
    page.goto(f"{live_server.url}{BOARD}")
    expect(page.locator("#era-banner")).to_contain_text("2007年のルール")
    page.locator("#resolve-all").click()
    era_rules = page.locator(".stage-era-rules").first
    expect(era_rules).to_contain_text("2007年2月1日版の条文")
    expect(page.locator(".stage-era-rules a", has_text="310.4a").first).to_be_visible()

    page.locator("#eras-open").click()
    expect(page).to_have_url(re.compile(r"eras=1"))
    row = _bear_zone_row(page)
    expect(row.locator("td")).to_have_text([re.compile("墓地"), re.compile("墓地"), re.compile("戦場")])
    expect(row.locator("td.is-changed")).to_have_count(1)
    expect(page.locator(".era-column[data-era='2007'] .era-why")).to_contain_text("310.4a")

    # switch to today's rules: the bear now dies, and no stage cites a former rule
    page.locator("#era-switch-current").click()
    expect(page.locator("#era-banner")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/board/s/[^/]+/\?stage=all$"))
    expect(page.locator(".stage-era-rules")).to_have_count(0)
    expect(page.locator(".messages")).to_contain_text("取り除きました")
    page.locator("#eras-open").click()
    # without the window's pump the board is the same in every era: the bear dies (704.5g)
    expect(page.locator(".eras-same")).to_contain_text("どの時代のルールでも結果は同じです")

    # and to 2009-2024: the stage cites the 2024-08-02 file instead
    page.locator("#era-switch-2009-2024").click()
    expect(page.locator("#era-banner")).to_contain_text("2009-2024年のルール")
    expect(page.locator(".stage-era-rules").first).to_contain_text("2024年8月2日版の条文")
    page.locator(".stage-era-rules a", has_text="510.2").first.click()
    expect(page).to_have_url(re.compile(r"/cr/former/2024-08-02/510\.2/$"))
    expect(page.locator(".former-para")).to_contain_text("dealt simultaneously")
    expect(page.locator(".former-para")).to_contain_text("このチューターによる説明")


def test_compare_and_switch_the_era_without_javascript(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}{BOARD}")
    page.locator("#resolve-all").click()
    expect(page.locator(".stage-era-rules a", has_text="310.4a").first).to_be_visible()
    page.locator("#eras-open").click()
    expect(page).to_have_url(re.compile(re.escape("eras=1")))
    expect(_bear_zone_row(page).locator("td.is-changed")).to_have_count(1)
    page.locator("#era-switch-current").click()  # a plain POST, then the redirect
    expect(page.locator("#era-banner")).to_have_count(0)
    expect(page.locator(".stage-era-rules")).to_have_count(0)
    # the era form: a bad value comes back inline in Japanese (a crafted post), a good one switches
    page.goto(f"{live_server.url}{BOARD}?add=era")
    form = page.locator("#form-era")
    form.get_by_label(re.compile("2009-2024年のルール")).check()
    form.get_by_role("button", name="この時代のルールにする").click()
    expect(page.locator("#era-banner")).to_contain_text("2009-2024年のルール")
    expect(page.locator(".stage-era-rules").first).to_contain_text("2024年8月2日版の条文")
    context.close()


def test_the_era_form_error_is_shown_inline(live_server, page: Page):
    page.goto(f"{live_server.url}{BOARD}?add=era")
    form = page.locator("#form-era")
    # a value no radio button offers (as a crafted request would send)
    form.locator("input[name='era']").first.evaluate("e => { e.value = '1999'; e.checked = true; }")
    form.get_by_role("button", name="この時代のルールにする").click()
    expect(
        page.locator("#form-era .invalid-feedback, #form-era .text-danger, #form-era strong").first
    ).to_contain_text("選べない値です")


def test_former_pages_and_the_comparison_have_no_axe_violations(live_server, page: Page):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    for path in (
        "/cr/former/",
        "/cr/former/2007-02-01/",
        "/cr/former/2007-02-01/310.4a/",
        "/cr/former/2024-08-02/510.1c/",
        f"{BOARD}?stage=all",
        f"{BOARD}?stage=all&eras=1",
        f"{BOARD}?add=era",
        "/board/s/crera-blog-5v3/?add=era",
    ):
        page.goto(f"{live_server.url}{path}")
        assert [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]] == [], path


def test_add_an_action_while_damage_is_on_the_stack_without_javascript(live_server, browser):
    """2007-02-01 310.1 and 310.4a: 《恐怖》 on the attacking bear with damage on the stack destroys it,
    and its 2 damage is still dealt (the research note's 5th situation)."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}{BOARD}")
    page.get_by_role("button", name="スタックにある間の行動を取り消す").click()
    expect(page.locator("#era-banner .era-lines")).to_have_count(0)
    page.locator("#add-stack-action").click()
    form = page.locator("#form-stack_action")
    form.get_by_label(re.compile(r"^\s*行動")).select_option("destroy")
    form.get_by_label(re.compile(r"^\s*対象のクリーチャー")).select_option("bear")
    form.get_by_label(re.compile(r"^\s*名前")).fill("《恐怖》")
    form.get_by_role("button", name="行動を加える").click()
    expect(page.locator("#era-banner")).to_contain_text("《恐怖》: 《灰色熊》を破壊します")
    expect(page.locator("#result")).to_contain_text("割り振られたとおりに")
    context.close()
