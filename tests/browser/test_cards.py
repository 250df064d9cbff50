"""The card catalogue in a real browser: search as you type, open a card, place it on a board."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]


def test_search_as_you_type_then_open_the_card(page: Page, live_server):
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"{live_server.url}/cards/")
    box = page.get_by_label("カード名（日本語・英語、ひらがなでも）")
    box.press_sequentially("大喰らい", delay=30)
    results = page.locator("#card-results .card-list__link")
    expect(results).to_have_count(1)
    expect(results.first).to_have_text("《大喰らいのワーム》")
    expect(page).to_have_url(re.compile(r"/cards/\?q="))  # the search is a permalink
    box.fill("")
    box.press_sequentially("ちふす", delay=30)  # hiragana finds 《チフス鼠》
    expect(results).to_have_count(1)
    expect(results.first).to_have_text("《チフス鼠》")
    box.fill("Craw")
    expect(results.first).to_have_text("《大喰らいのワーム》")
    results.first.click()
    expect(page).to_have_url(re.compile(r"/cards/craw-wurm/$"))
    expect(page.locator("h1")).to_have_text("《大喰らいのワーム》")
    expect(page.locator("main")).to_contain_text("6／4")
    page.get_by_role("button", name="盤面に置く").click()
    expect(page).to_have_url(re.compile(r"/board/s/[^/]+/$"))
    expect(page.locator("main")).to_contain_text("大喰らいのワーム")
    assert [e for e in errors if "favicon" not in e] == []


def test_filter_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/cards/")
    page.get_by_label("できること").select_option("battle")
    page.get_by_role("button", name="探す").click()
    expect(page.locator("#card-results .card-list__link")).to_have_count(3)
    context.close()


def test_card_pages_have_no_axe_violations(live_server, page: Page):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    for path in ("/cards/", "/cards/?q=ワーム", "/cards/craw-wurm/", "/cards/char/", "/cards/worship/"):
        page.goto(f"{live_server.url}{path}")
        assert [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]] == [], path
