"""A board you can watch (issue 14, items 3, 5 and 7) in chromium at 1366×900 and 390×844.

- at every stage the drawing and the stage's text are on screen together, and the drawing changes
  from stage to stage (damage marked at 120.4d, the creature gone at 704.5g);
- after 解決する, focus is on the result heading and the live region says what happened;
- the three-step walk 「3/3 trample attacks, 2/2 blocks, add a shield, add deathtouch」 from an empty
  board, without a dead end (CR 702.19b, 615.7, 702.2c);
- axe finds no serious or critical violation on the watched board, the refused assignment and the
  forms with their 「詳しく」.
"""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]

WIDTHS = [pytest.param((1366, 900), id="wide"), pytest.param((390, 844), id="phone")]


def _label(text: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(text)}\s*\*?\s*$")


def _page(browser, size: tuple[int, int]) -> Page:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    return context.new_page()


def _on_screen(page: Page, selector: str) -> dict:
    """The element's box, whether it lies wholly inside the viewport, and whether its centre is not
    covered by another element (the sticky drawing, for the text)."""
    return page.evaluate(
        """(selector) => {
          const el = document.querySelector(selector);
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), r.top + r.height / 2);
          return {top: r.top, bottom: r.bottom, inside: r.top >= 0 && r.bottom <= window.innerHeight,
                  uncovered: !!hit && (el === hit || el.contains(hit))};
        }""",
        selector,
    )


def _drawn_state(page: Page) -> tuple[str, str]:
    """What the drawing says: the defending player's life and the blocker's damage marker."""
    life = page.locator('.lane svg.token[data-player="B"] .token-life').text_content()
    marker = page.locator('.lane svg.card[data-card="bear"] .marker-damage text')
    return life, marker.text_content() if marker.count() else "0"


@pytest.mark.parametrize("size", WIDTHS)
def test_the_drawing_and_the_stage_text_share_the_screen_at_every_stage(live_server, browser, size):
    """CR 702.19b example: a 5/5 trampler blocked by a 3/3 assigns 3 to it and 2 to the player; the
    damage is dealt at 120.4d and the 3/3 dies at 704.5g."""
    page = _page(browser, size)
    page.goto(f"{live_server.url}/board/s/cr702-19b/")
    page.locator("#resolve-step").click()
    expect(page.locator("#result-heading")).to_be_focused()
    expect(page.locator("#announcer")).to_contain_text("段階1/6")
    states = []
    for number in range(1, 7):
        expect(page.locator(".stage-count")).to_contain_text(f"段階 {number} / 6")
        page.wait_for_timeout(700)  # the smooth scroll that brings both on screen
        drawing = _on_screen(page, ".lane-svg")
        title = _on_screen(page, ".stage-detail .stage-title")
        assert drawing["inside"], (number, drawing)
        assert title["inside"] and title["uncovered"], (number, title)
        expect(page.locator("#table-heading")).to_have_text(f"段階{number}のあとの盤面")
        states.append(_drawn_state(page))
        if number < 6:
            page.locator("#stage-next").click()
    assert states[0] == ("ライフ 20", "0")  # the assignment marks nothing yet
    assert states[-1] == ("ライフ 18", "3")
    assert len(set(states)) >= 2
    expect(page.locator('.lane svg.card[data-card="bear"]')).to_have_class(re.compile(r"\bis-gone\b"))
    expect(page.locator("#stage-prev")).to_be_focused()  # 次の段階 is gone at the end: focus stays near
    page.context.close()


def _add_creature(page: Page, name: str, power: int, toughness: int, controller: str, keywords=()) -> None:
    page.locator("#add-creature").click()
    form = page.locator("#form-permanent")
    expect(form.get_by_label(_label("名前"))).to_be_focused()
    form.get_by_label(_label("名前")).fill(name)
    # the first creature is yours, the next one your opponent's
    expect(form.get_by_label(_label("コントローラー")).locator("option:checked")).to_have_text(controller)
    form.get_by_label(_label("パワー")).fill(str(power))
    form.get_by_label(_label("タフネス")).fill(str(toughness))
    for keyword in keywords:
        form.get_by_label(keyword, exact=True).check()
    form.get_by_role("button", name="保存").click()
    expect(page.locator(".piece-name", has_text=name)).to_be_visible()


def _resolve_to_the_end(page: Page) -> None:
    page.locator("#resolve-all").click()
    expect(page.locator(".final")).to_be_visible()
    expect(page.locator(".violations")).to_have_count(0)


def _final(page: Page, name: str):
    return page.locator(".final [data-final]", has_text=name)


@pytest.mark.parametrize("size", WIDTHS)
def test_three_steps_trample_blocked_then_a_shield_then_deathtouch(live_server, browser, size):
    page = _page(browser, size)
    page.goto(f"{live_server.url}/board/")
    _add_creature(page, "トランプルの熊", 3, 3, "あなた", keywords=("トランプル",))
    _add_creature(page, "灰色熊", 2, 2, "対戦相手")
    page.locator("#event-combat").click()
    combat = page.locator("#form-combat")
    combat.get_by_label("トランプルの熊が攻撃する先").select_option(label="対戦相手")
    combat.get_by_label("トランプルの熊", exact=True).check()
    combat.get_by_role("button", name="この戦闘にする").click()

    # the steppers are reached by scrolling the page, never a panel of their own
    row = page.locator("fieldset.assign-row", has_text="トランプルの熊")
    blocker, player = (
        row.get_by_label("灰色熊(ブロック)", exact=True),
        row.get_by_label("対戦相手", exact=True),
    )
    expect(blocker).to_have_value("2")  # CR 702.19b: lethal damage to the blocker first
    expect(player).to_have_value("1")
    assert page.locator("#editor").evaluate("el => el.scrollHeight <= el.clientHeight + 1")
    row.get_by_role("button", name="対戦相手への割り振りを1増やす").scroll_into_view_if_needed()
    assert _on_screen(page, "#assignment-form .stepper .step")["inside"]

    # step 1: 2 to the 2/2, 1 tramples over (CR 702.19b)
    _resolve_to_the_end(page)
    expect(_final(page, "対戦相手")).to_contain_text("ライフ 20 → 19")
    expect(_final(page, "灰色熊")).to_contain_text("墓地")

    # step 2: a shield prevents the next 1 damage to the opponent (CR 615.7)
    page.locator("#add-effect").click()
    page.get_by_role("link", name=re.compile("軽減の盾")).click()
    effect = page.locator("#form-effect")
    effect.get_by_label(_label("対象(受ける側)")).select_option(label="対戦相手")
    effect.get_by_label(_label("点数")).fill("1")
    effect.get_by_role("button", name="効果を置く").click()
    expect(page.locator("#form-effect")).to_have_count(0)
    _resolve_to_the_end(page)
    expect(_final(page, "対戦相手")).to_contain_text("変化なし")
    expect(page.locator(".stage-detail")).to_contain_text("615.7")

    # step 3: with deathtouch 1 is lethal (CR 702.2c), so 2 reach the opponent and the shield takes 1
    page.get_by_role("link", name="トランプルの熊を編集").click()
    page.locator("#form-permanent").get_by_label("接死", exact=True).check()
    page.locator("#form-permanent").get_by_role("button", name="保存").click()
    expect(page.locator(".piece-meta", has_text="接死")).to_be_visible()
    row = page.locator("fieldset.assign-row", has_text="トランプルの熊")
    blocker, player = (
        row.get_by_label("灰色熊(ブロック)", exact=True),
        row.get_by_label("対戦相手", exact=True),
    )
    expect(blocker).to_have_value("1")  # the default: lethal damage is now 1
    expect(player).to_have_value("2")
    # one click moves a point between them (all 3 stay assigned, CR 510.1a), there and back
    row.get_by_role("button", name="灰色熊への割り振りを1増やす").click()
    expect(blocker).to_have_value("2")
    expect(player).to_have_value("1")
    row.get_by_role("button", name="対戦相手への割り振りを1増やす").click()
    expect(blocker).to_have_value("1")
    expect(player).to_have_value("2")
    expect(page.locator("#assignment-feedback")).to_contain_text("適正です")
    page.wait_for_load_state("networkidle")  # the last move's check has come back: save what it shows
    page.locator("#assign-resolve").click()
    expect(page.locator(".stage-count")).to_contain_text("段階 1 /")
    page.locator("#stage-all").click()
    expect(_final(page, "対戦相手")).to_contain_text("ライフ 20 → 19")
    expect(_final(page, "灰色熊")).to_contain_text("墓地")
    page.context.close()


def test_one_click_moves_a_point_and_an_illegal_save_is_refused(live_server, page: Page):
    """CR 702.19b: moving a point off the 3/3 leaves it short of lethal; saving that is refused.

    The check goes out as a GET whose address holds the numbers and the −/＋ pressed, never the CSRF
    token; the save still posts, with the token in its header."""
    checks: list[tuple[str, str]] = []
    page.on(
        "request",
        lambda request: checks.append((request.method, request.url))
        if "/assignment/" in request.url
        else None,
    )
    page.goto(f"{live_server.url}/board/s/cr702-19b/")
    row = page.locator("fieldset.assign-row", has_text="トランプルを持つ5/5")
    blocker, player = (
        row.get_by_label("3/3クリーチャー(ブロック)", exact=True),
        row.get_by_label("対戦相手", exact=True),
    )
    row.get_by_role("button", name="対戦相手への割り振りを1増やす").click()
    expect(player).to_have_value("3")
    expect(blocker).to_have_value("2")
    expect(page.locator("#assignment-feedback")).to_contain_text("不適正")
    method, address = checks[-1]
    assert method == "GET" and "/assignment/check/?" in address, checks
    assert "nudge=a_0_1%3A%2B1" in address and "csrfmiddlewaretoken" not in address, address
    page.locator("#assign-resolve").click()
    expect(page.locator(".feedback-refused")).to_contain_text("保存していません")
    expect(page.locator(".stage-count")).to_have_count(0)
    assert checks[-1][0] == "POST" and checks[-1][1].endswith("/assignment/"), checks
    page.locator("#fill-default").click()
    expect(page.locator("#assignment-feedback")).to_contain_text("適正です")
    assert checks[-1][0] == "GET" and "fill=default" in checks[-1][1], checks


@pytest.mark.parametrize("size", WIDTHS)
def test_no_serious_or_critical_axe_violation_while_watching(live_server, browser, size):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    page = _page(browser, size)

    def serious() -> list[tuple[str, str]]:
        return [
            (v["id"], v["impact"])
            for v in axe.run(page).response["violations"]
            if v["impact"] in ("serious", "critical")
        ]

    for path in ("/board/s/cr702-19b/?stage=2", "/board/s/cr702-19b/?stage=all", "/board/s/cr615-1/?stage=3"):
        page.goto(f"{live_server.url}{path}")
        assert serious() == [], path
    page.goto(f"{live_server.url}/board/s/cr702-19b/?event=combat")
    page.locator("summary", has_text="詳しく").first.click()
    assert serious() == [], "combat form, details open"
    page.goto(f"{live_server.url}/board/s/cr702-19b/")
    page.locator("#id_a_0_0").fill("1")
    page.locator("#assign-save").click()
    expect(page.locator(".feedback-refused")).to_be_visible()
    assert serious() == [], "refused assignment"
    page.context.close()


@pytest.mark.parametrize("size", WIDTHS)
def test_save_and_resolve_focuses_the_result_and_a_save_keeps_the_place(live_server, browser, size):
    """Item 5: 保存して解決 lands on the result heading (announced); a plain save leaves the page
    where the learner was, on both widths."""
    page = _page(browser, size)
    page.goto(f"{live_server.url}/board/s/cr702-19b-dt/")
    save = page.locator("#assign-save")
    save.scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    save.click()
    expect(page.locator("#board-app .messages")).to_contain_text("割り振りを保存しました")
    assert abs(page.evaluate("window.scrollY") - before) < size[1] / 2
    assert _on_screen(page, "#assign-save")["inside"]
    page.locator("#assign-resolve").click()
    expect(page.locator("#result-heading")).to_be_focused()
    expect(page.locator("#announcer")).to_contain_text("段階 1 /")
    page.wait_for_timeout(700)
    assert _on_screen(page, ".lane-svg")["inside"]
    page.context.close()


@pytest.mark.parametrize("size", WIDTHS)
@pytest.mark.parametrize("button", ["#resolve-step", "#resolve-all"])
def test_resolving_from_below_glides_to_the_result_without_a_jump(live_server, browser, size, button):
    """The resolve buttons sit below the drawing: after the click the page moves once, towards the
    drawing and the first stage, and never first jumps past them to the result's heading (the focus
    lands there without scrolling)."""
    page = _page(browser, size)
    page.goto(f"{live_server.url}/board/s/cr702-19b-ex2/")
    page.locator(button).scroll_into_view_if_needed()
    start = page.evaluate("window.scrollY")
    page.evaluate(
        """() => { window.__scrolls = [];
                   addEventListener('scroll', () => window.__scrolls.push(window.scrollY)); }"""
    )
    page.locator(button).click()
    expect(page.locator("#result-heading")).to_be_focused()
    page.wait_for_timeout(900)  # the smooth scroll
    scrolls = page.evaluate("window.__scrolls")
    end = page.evaluate("window.scrollY")
    assert end < start, (start, end)  # the page moved up, to the drawing and the stage
    low, high = min(start, end), max(start, end)
    assert all(low - 1 <= y <= high + 1 for y in scrolls), (start, end, scrolls)
    assert _on_screen(page, ".lane-svg")["inside"]
    page.context.close()


@pytest.mark.parametrize("size", WIDTHS)
def test_without_javascript_the_stage_links_open_at_the_drawing(live_server, browser, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/board/s/cr702-19b/")
    page.locator("#resolve-step").click()
    page.locator("#stage-next").click()
    expect(page.locator(".stage-count")).to_contain_text("段階 2 / 6")
    expect(page).to_have_url(re.compile(re.escape("?stage=2#play") + "$"))
    page.wait_for_load_state("load")  # the browser scrolls to #play once the page has loaded
    assert _on_screen(page, ".lane-svg")["inside"]
    title = _on_screen(page, ".stage-detail .stage-title")
    assert title["uncovered"] and title["top"] >= 0
    context.close()


def test_changes_ease_in_unless_the_learner_asked_for_less_motion(live_server, browser):
    """At 704.5g the 3/3 goes to the graveyard: its 墓地 mark fades in, or simply appears."""
    for motion, expected in (("no-preference", "watch-in"), ("reduce", "none")):
        context = browser.new_context(reduced_motion=motion)
        page = context.new_page()
        page.goto(f"{live_server.url}/board/s/cr702-19b/?stage=6")
        mark = page.locator('.lane svg.card[data-card="bear"] .gone-mark')
        assert mark.evaluate("el => getComputedStyle(el).animationName") == expected, motion
        context.close()


def test_each_click_replaces_the_result_in_place_and_back_returns_to_the_board(live_server, browser):
    """The board's parts are replaced by htmx (hx-swap="replace", static/js/tutor.js), never nested
    in their old selves, and the back button still leads back through the stages (the address bar is
    written once the browser is idle after the paint, and htmx asks the server for the page it goes
    back to). CR 702.19b example: 3 to the blocker, 2 to the player."""
    page = _page(browser, (1366, 900))
    page.goto(f"{live_server.url}/board/s/cr702-19b/")
    page.locator("#resolve-step").click()
    expect(page.locator(".stage-count")).to_contain_text("段階 1")
    page.locator("#stage-next").click()
    expect(page.locator(".stage-count")).to_contain_text("段階 2")
    page.locator("#stage-all").click()
    expect(page.locator(".stage-count")).to_contain_text("全")
    # the address bar is written once the browser is idle after the paint; a learner goes back from
    # the address it shows
    expect(page).to_have_url(re.compile(r"\?stage=all$"))
    counts = page.evaluate(
        """() => ["#board-app", "#play", "#result", "#table", "#announcer"].map(
             (s) => document.querySelectorAll(s).length)"""
    )
    assert counts == [1, 1, 1, 1, 1]
    assert page.locator("#announcer").text_content().strip() != ""
    page.go_back()
    expect(page).to_have_url(re.compile(r"\?stage=2$"))
    expect(page.locator(".stage-count")).to_contain_text("段階 2")
    assert page.evaluate("() => document.querySelectorAll('#play').length") == 1
    page.locator("#result-close").click()
    expect(page.locator("#resolve-step")).to_be_visible()
    assert page.evaluate("() => document.querySelectorAll('#play').length") == 1
    # the assignment steppers replace their panel in place too; one point moved from the blocker to
    # the player leaves it short of lethal damage, which CR 702.19b forbids
    page.locator("#assignment-form button.step").nth(0).click()
    expect(page.locator("#assignment-feedback")).to_contain_text("この割り振りは不適正です")
    assert page.evaluate("() => document.querySelectorAll('#assignment, #assignment-form').length") == 2
    page.context.close()
