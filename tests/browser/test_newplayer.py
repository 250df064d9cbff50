"""A new player's first minutes (issue 14): focus after 解決する, the place kept after a save on a phone."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]


def test_resolve_moves_focus_to_the_result_heading_and_announces_it(live_server, page: Page):
    page.goto(f"{live_server.url}/board/s/cr120-4-ex1/")
    page.locator("#resolve-step").focus()
    page.keyboard.press("Enter")
    heading = page.locator("#result-heading")
    expect(heading).to_be_focused()
    expect(page.locator("#announcer")).not_to_be_empty()  # the live region says what happened
    # the next stage keeps focus on the stepper buttons (no jump back to the heading)
    page.locator("#stage-next").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".stage-count")).to_contain_text("段階 2")
    expect(heading).not_to_be_focused()


def test_saving_a_permanent_on_a_phone_keeps_the_place(live_server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/board/s/cr120-4-ex1/")
    edit = page.locator("#editor").get_by_role("link", name="編集").last  # the last permanent
    edit.scroll_into_view_if_needed()
    edit.click()
    form = page.locator("#editor form.board-form")
    expect(form).to_be_visible()
    save = form.get_by_role("button", name="保存")
    save.scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    assert before > 300  # the editor sits well below the top on a phone
    save.click()
    expect(page.locator("#board-app .messages")).to_be_visible()
    expect(form).to_have_count(0)
    after = page.evaluate("window.scrollY")
    assert after > 300 and abs(after - before) < 844  # still where the learner was, not the top
    context.close()


def test_phone_tap_targets_are_at_least_44_px(live_server, browser):
    """WCAG 2.5.5 (target size): the board editor's buttons and links and the stage steppers."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    for path, selector in (
        ("/board/s/cr120-4-ex1/", "#editor a.btn, #editor button"),
        ("/board/s/cr120-4-ex1/?stage=1", ".stage-buttons a, .stage-index a"),
    ):
        page.goto(f"{live_server.url}{path}")
        targets = page.locator(selector)
        assert targets.count() > 2, path
        for i in range(targets.count()):
            box = targets.nth(i).bounding_box()
            if box is None:  # hidden (a JS-only button before its script ran)
                continue
            assert box["height"] >= 44 and box["width"] >= 44, (path, targets.nth(i).inner_text())
    context.close()


def test_a_status_message_shows_once(live_server, page: Page):
    """「…を置きました。」 after a save, gone at the next action (here: opening another form)."""
    page.goto(f"{live_server.url}/board/s/cr120-4-ex1/")
    page.locator("#add-creature").click()
    form = page.locator("#form-permanent")
    form.get_by_role("textbox", name="名前").fill("灰色熊")
    form.get_by_role("button", name="保存").click()
    message = page.locator("#board-app .messages")
    expect(message).to_contain_text("灰色熊を置きました。")
    page.locator("#add-effect").click()
    expect(page.locator("#editor")).to_contain_text("効果")
    expect(message).to_have_count(0)
