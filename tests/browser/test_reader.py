"""The reader in a real browser (Debian's chromium through Playwright): what the page shows."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# A sample of the whole CR's pages: rules, keyword pages, a section only the English has (722), the
# renumbered 733 and 805 with its Japanese-only paragraph. What each shows is counted from the fixtures.
SAMPLE = ["100", "120", "506", "601", "609", "702.9", "702.19", "722", "733", "805", "903"]
TOP_LEVEL_RULES = 147  # 100-905: the index's rows


def by_id(value: str) -> str:
    """A CSS selector for an id with dots in it (cr-120.4a)."""
    return f'[id="{value}"]'


@pytest.fixture
def csp_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def _pages() -> dict[str, tuple[str, int]]:
    """Per sampled section: its number and Japanese title, and how many paragraphs its page shows
    (each number once: Japanese and English side by side, or one of them alone)."""
    records = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "cr.json").read_text("utf-8"))
    sections = {r["pk"]: r["fields"] for r in records if r["model"] == "tutor.section"}
    shown: dict[str, set[str]] = {}
    for r in records:
        fields = r["fields"]
        if r["model"] == "tutor.paragraph" and fields["is_current"]:
            shown.setdefault(sections[fields["section"]]["number"], set()).add(fields["number"])
    titles = {s["number"]: s["title_ja"] for s in sections.values()}
    return {number: (titles[number], len(shown.get(number, ()))) for number in SAMPLE}


def test_every_loaded_section_opens_and_shows_its_paragraphs(page: Page, live_server, content_db, csp_errors):
    page.goto(f"{live_server.url}/cr/")
    expect(page.locator("table.sections tbody tr")).to_have_count(TOP_LEVEL_RULES)
    for number, (title, count) in _pages().items():
        page.goto(f"{live_server.url}/cr/{number}/")
        expect(page.locator("h1")).to_contain_text(f"{number}. {title}")
        expect(page.locator("article.para")).to_have_count(count)
        if count:
            expect(page.locator("article.para").first).to_be_visible()
    assert [e for e in csp_errors if "favicon" not in e and "404" not in e] == []


def test_follow_a_cross_reference_to_its_anchor(page: Page, live_server, content_db):
    page.goto(f"{live_server.url}/cr/120/")
    page.locator(by_id("cr-120.4a")).get_by_role("link", name="rule 120.6", exact=True).click()
    expect(page).to_have_url(re.compile(r"/cr/120/#cr-120\.6$"))
    target = page.locator(by_id("cr-120.6"))
    expect(target).to_be_in_viewport()
    expect(target).to_contain_text("クリンナップ・ステップまで残る")
    # and across sections: rule 614〔置換効果〕 in 120.4b
    page.locator(by_id("cr-120.4b")).get_by_role("link", name="rule 614〔置換効果〕").click()
    expect(page).to_have_url(re.compile(r"/cr/614/#cr-614$"))
    expect(page.locator("h1")).to_contain_text("614. 置換効果")


def test_japanese_rule_731_opens_the_english_733(page: Page, live_server, content_db):
    """rule 731〔不正な処理の扱い〕 of the Japanese text is 733 in the English CR: no dead marker."""
    page.goto(f"{live_server.url}/cr/510/#cr-510.1e")
    paragraph = page.locator(by_id("cr-510.1e"))
    expect(paragraph.locator(".ref--outside")).to_have_count(0)
    paragraph.get_by_role("link", name="rule 731〔不正な処理の扱い〕").click()
    expect(page).to_have_url(re.compile(r"/cr/733/#cr-733$"))


def test_glossary_link_opens_the_definition_then_the_glossary(page: Page, live_server, content_db):
    page.goto(f"{live_server.url}/cr/120/#cr-120.3b")
    page.locator(by_id("cr-120.3b")).get_by_role("link", name="感染", exact=True).click()
    popover = page.locator("#cr-popover")
    expect(popover).to_be_visible()
    expect(popover).to_contain_text("オブジェクトがクリーチャーやプレイヤーにどのようにダメージを与えるか")
    expect(popover).to_contain_text("rule 702.90")
    popover.get_by_role("link", name="用語集で見る").click()
    expect(page).to_have_url(re.compile(r"/cr/glossary/#term-"))
    entry = page.locator(by_id("term-感染"))
    expect(entry).to_be_in_viewport()
    expect(entry).to_contain_text("キーワード能力")


def test_a_terms_page_leads_from_the_definition_to_a_board_and_a_card(page: Page, live_server, content_db):
    """The popover's 「この用語のページ」: the entry with where it is at work, one click from a board."""
    page.goto(f"{live_server.url}/cr/120/#cr-120.3b")
    page.locator(by_id("cr-120.3b")).get_by_role("link", name="感染", exact=True).click()
    page.locator("#cr-popover").get_by_role("link", name="この用語のページ").click()
    expect(page).to_have_url(re.compile(r"/cr/glossary/%E6%84%9F%E6%9F%93/$"))
    related = page.locator(".term-related")
    expect(related.get_by_role("heading", name="「感染」を学ぶ")).to_be_visible()
    expect(related.locator(".term-related__cards a").first).to_have_attribute("href", re.compile(r"^/cards/"))
    related.locator(".try-board__link").first.click()
    expect(page).to_have_url(re.compile(r"/board/s/[^/]+/$"))
    expect(page.locator("main")).to_contain_text("感染")


def test_glossary_link_without_javascript_goes_to_the_glossary(browser, live_server, content_db):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/cr/120/#cr-120.3b")
    page.locator(by_id("cr-120.3b")).get_by_role("link", name="感染", exact=True).click()
    expect(page).to_have_url(re.compile(r"/cr/glossary/#term-"))
    expect(page.locator(by_id("term-感染"))).to_contain_text("rule 702.90")
    context.close()


def test_card_popover_shows_the_card_and_closes_with_escape(page: Page, live_server, content_db):
    page.goto(f"{live_server.url}/cr/120/#cr-120.5")
    link = page.locator(by_id("cr-120.5-ex1")).get_by_role("link", name="《稲妻》", exact=True).first
    link.click()
    popover = page.locator("#cr-popover")
    expect(popover).to_be_visible()
    expect(popover).to_contain_text("《稲妻》")
    expect(popover).to_contain_text("Lightning Bolt")
    expect(popover).to_contain_text("1つを対象とする。稲妻はそれに3点のダメージを与える。")
    expect(popover.locator("h2")).to_be_focused()
    expect(page).to_have_url(re.compile(r"/cr/120/#cr-120\.5$"))  # no navigation
    page.keyboard.press("Escape")
    expect(popover).to_be_hidden()
    expect(link).to_be_focused()


def test_card_popover_shows_unverified_fields(page: Page, live_server, content_db):
    page.goto(f"{live_server.url}/cr/704/#cr-704.4")
    page.locator(by_id("cr-704.4-ex1")).get_by_role("link", name="《マロ―》", exact=True).first.click()
    popover = page.locator("#cr-popover")
    expect(popover).to_contain_text("Maro")
    expect(popover.locator(".unverified").first).to_have_text("未確認")


def test_card_link_without_javascript_opens_the_card_page(browser, live_server, content_db):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/cr/120/#cr-120.5")
    page.locator(by_id("cr-120.5-ex1")).get_by_role("link", name="《稲妻》", exact=True).first.click()
    expect(page).to_have_url(re.compile(r"/cards/lightning-bolt/$"))  # the catalogue's page
    expect(page.locator("main")).to_contain_text("Lightning Bolt deals 3 damage to any target.")
    context.close()


def test_type_in_search_and_follow_a_result(page: Page, live_server, content_db):
    page.goto(f"{live_server.url}/cr/")
    page.get_by_label("条文・例・用語を検索").fill("致死ダメージ")
    results = page.locator("#search-results")
    expect(results).to_contain_text("件")
    expect(page).to_have_url(re.compile(r"/cr/search/\?q="))  # hx-replace-url: the address can be shared
    expect(results.locator("mark").first).to_have_text("致死ダメージ")
    results.locator('a[href="/cr/120/#cr-120.6"]').first.click()
    expect(page).to_have_url(re.compile(r"/cr/120/#cr-120\.6$"))
    expect(page.locator(by_id("cr-120.6"))).to_be_in_viewport()


def test_search_works_as_a_plain_form_without_javascript(browser, live_server, content_db):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/cr/search/")
    page.get_by_label("条文・例・用語を検索").fill("盾")
    page.get_by_role("button", name="検索").click()
    expect(page.locator("#search-results")).to_contain_text("615.7")
    context.close()


def test_english_toggle_per_paragraph_and_per_page(page: Page, live_server, content_db):
    page.goto(f"{live_server.url}/cr/120/")
    paragraph = page.locator(by_id("cr-120.4"))
    paragraph.get_by_role("link", name="English").click()
    english = page.locator(by_id("cr-120.4")).locator('[lang="en"]')
    expect(english).to_contain_text("Damage is processed in a four-part sequence.")
    expect(english).to_contain_text("English 2026-06-19")
    expect(page).to_have_url(re.compile(r"/cr/120/$"))  # swapped in place, no reload
    page.locator(by_id("cr-120.4")).get_by_role("link", name="英語を隠す").click()
    expect(page.locator(by_id("cr-120.4")).locator('[lang="en"]')).to_have_count(0)
    page.get_by_role("link", name="英語の原文と並べる").click()
    expect(page).to_have_url(re.compile(r"\?lang=both$"))
    expect(page.locator(".para__lang--en")).to_have_count(25)
    expect(page.locator(by_id("cr-120.1")).locator(".para__version").first).to_have_text("日本語 2026-01-16")


def test_version_difference_is_visible(page: Page, live_server, content_db):
    page.goto(f"{live_server.url}/cr/702.80/#cr-702.80a")
    details = page.locator(by_id("cr-702.80a")).locator("details")
    details.locator("summary").click()
    expect(details).to_contain_text("英語だけ: 120.3")


def test_revision_diff_page_from_section_120(page: Page, live_server, content_db):
    page.goto(f"{live_server.url}/cr/120/")
    page.get_by_role("link", name="旧版との違い").click()
    expect(page.locator("h1")).to_contain_text("旧版との違い")
    expect(page.locator(by_id("diff-120.1")).locator("ins")).to_contain_text("バトル")


def test_former_rule_note_is_marked(page: Page, live_server, content_db):
    page.goto(f"{live_server.url}/cr/510/#cr-510.2")
    note = page.locator(by_id("cr-510.2")).locator("aside.note--former_rule")
    expect(note).to_contain_text("以前のルール・2009年（基本セット2010）に廃止")
    expect(note).to_contain_text("これは現在のルールではありません。")


def test_bad_number_is_a_friendly_404(page: Page, live_server, content_db):
    response = page.goto(f"{live_server.url}/cr/999.9z/")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("ページが見つかりません")
    page.get_by_role("link", name="条文の一覧へ").click()
    expect(page.locator("h1")).to_contain_text("総合ルール")


def test_keyboard_only_reader(page: Page, live_server, content_db):
    page.goto(f"{live_server.url}/cr/120/#cr-120.5")
    link = page.locator(by_id("cr-120.5-ex1")).get_by_role("link", name="《稲妻》", exact=True).first
    link.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#cr-popover")).to_be_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    expect(page.locator("#cr-popover")).to_be_hidden()


def test_phone_width_has_no_horizontal_scroll(browser, live_server, content_db):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    for path in ("/cr/", "/cr/120/", "/cr/120/?lang=both", "/cr/glossary/", "/cr/120/diff/"):
        page.goto(f"{live_server.url}{path}")
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, path
    context.close()


def test_reader_pages_have_no_axe_violations(page: Page, live_server, content_db):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    for path in ("/cr/", "/cr/120/", "/cr/120/?lang=both", "/cr/glossary/", "/cr/glossary/感染/",
                 "/cr/120/diff/", "/cr/search/?q=感染", "/cr/cards/稲妻/"):  # fmt: skip
        page.goto(f"{live_server.url}{path}")
        violations = axe.run(page).response["violations"]
        assert [(v["id"], v["impact"]) for v in violations] == [], path
    page.goto(f"{live_server.url}/cr/120/#cr-120.5")
    page.locator(by_id("cr-120.5-ex1")).get_by_role("link", name="《稲妻》", exact=True).first.click()
    expect(page.locator("#cr-popover")).to_be_visible()
    assert axe.run(page).response["violations"] == []
