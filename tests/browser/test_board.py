"""The board in a real browser (Debian's chromium through Playwright, on the live server).

- build the CR 120.4 《加護の反射》 example from an empty board by clicking and typing, resolve it and
  read every stage and the final board;
- open a CR 702.19b example from the reader's 「盤面で試す」 link, make an illegal assignment, read the
  error, fix it, resolve;
- share a permalink and reopen it in a new browser context;
- the same board without JavaScript (plain form posts);
- a double striker's second combat damage step (CR 510.4) assigned in the panel;
- axe finds nothing on the board (empty, resolved, with a form open, after an edit), and a lane of
  four cards scrolls sideways on a phone instead of shrinking.
"""

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tutor.board.services import scenario_save

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]


def _label(text: str) -> re.Pattern:
    """A field's label (crispy adds 「*」 to required ones)."""
    return re.compile(rf"^\s*{re.escape(text)}\s*\*?\s*$")


def _add_creature(
    page: Page, *, name: str, controller: str, power: int, toughness: int, keywords: tuple[str, ...] = ()
) -> None:
    page.locator("#add-creature").click()
    form = page.locator("#form-permanent")
    expect(form).to_be_visible()
    expect(form.get_by_label(_label("名前"))).to_be_focused()  # keyboard users land in the new form
    form.get_by_label(_label("名前")).fill(name)
    form.get_by_label(_label("コントローラー")).select_option(label=controller)
    form.get_by_label(_label("パワー")).fill(str(power))
    form.get_by_label(_label("タフネス")).fill(str(toughness))
    for keyword in keywords:
        form.get_by_label(keyword, exact=True).check()
    form.get_by_role("button", name="保存").click()
    expect(page.locator(".piece-name", has_text=name)).to_be_visible()


def _add_effect(page: Page, kind_label: str, fill: dict[str, str], selects: dict[str, str]) -> None:
    page.locator("#add-effect").click()
    page.get_by_role("link", name=re.compile(re.escape(kind_label))).click()
    form = page.locator("#form-effect")
    expect(form).to_be_visible()
    for label, value in selects.items():
        form.get_by_label(_label(label)).select_option(label=value)
    for label, value in fill.items():
        form.get_by_label(_label(label)).fill(value)
    form.get_by_role("button", name="効果を置く").click()
    expect(page.locator("#form-effect")).to_have_count(0)


def _steppers(row: Locator, expected: dict[str, str]) -> list[Locator]:
    """An assignment row's number boxes, by their labels, each showing the number ``expected``."""
    boxes = [row.get_by_label(label, exact=True) for label in expected]
    for box, value in zip(boxes, expected.values(), strict=True):
        expect(box).to_have_value(value)
    return boxes


def _one_less_and_type(
    row: Locator, minus: str, box: Locator, now: str, other: Locator, typed: str
) -> Locator:
    """Press the − button named ``minus`` (``box`` then shows ``now``), type ``typed`` in ``other``;
    the live feedback on the assignment."""
    row.get_by_role("button", name=minus).click()
    expect(box).to_have_value(now)
    other.fill(typed)
    return row.page.locator("#assignment-feedback")


def test_build_120_4_boon_reflection_from_an_empty_board(live_server, page: Page):
    errors: list[str] = []
    page.on(
        "console", lambda m: errors.append(m.text) if m.type == "error" and "favicon" not in m.text else None
    )
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/board/")
    expect(page.get_by_role("heading", name="新しい盤面")).to_be_visible()
    expect(page.locator(".piece-name", has_text="あなた")).to_be_visible()

    _add_creature(
        page,
        name="萎縮と絆魂を持つクリーチャー",
        controller="あなた",
        power=3,
        toughness=3,
        keywords=("萎縮", "絆魂"),
    )
    expect(page).to_have_url(re.compile(r"/board/s/[a-z2-7]{8}/$"))
    _add_creature(page, name="2/2クリーチャー", controller="対戦相手", power=2, toughness=2)
    _add_effect(
        page,
        "軽減の盾",
        fill={"点数": "2", "名前(任意)": "次の2点を軽減する呪文"},
        selects={"対象(受ける側)": "2/2クリーチャー(対戦相手)"},
    )
    _add_effect(
        page,
        "ライフ獲得を増やす置換効果",
        fill={"倍率": "2", "名前(任意)": "《加護の反射》"},
        selects={"プレイヤー": "あなた"},
    )

    page.locator("#event-combat").click()
    form = page.locator("#form-combat")
    form.get_by_label("萎縮と絆魂を持つクリーチャーが攻撃する先").select_option(label="対戦相手")
    blocks = form.get_by_role("group", name="2/2クリーチャーがブロックする攻撃クリーチャー")
    blocks.get_by_label("萎縮と絆魂を持つクリーチャー", exact=True).check()
    form.get_by_role("button", name="この戦闘にする").click()
    expect(page.locator("#editor .event-lines")).to_contain_text(
        "萎縮と絆魂を持つクリーチャーが対戦相手を攻撃し、2/2クリーチャーにブロックされました。"
    )
    expect(page.locator("#assignment-feedback")).to_contain_text("適正")

    page.locator("#resolve-step").click()
    stage = page.locator(".stage-detail")
    expect(page.locator(".stage-count")).to_contain_text("段階 1 / 6")
    expect(stage).to_contain_text("戦闘ダメージの割り振り")
    expect(stage).to_contain_text("「2/2クリーチャー」に3点")

    expected = [
        ("120.4a 余剰のダメージの移し替え", "余剰のダメージを移し替える効果はありません"),
        ("120.4b 置換効果・軽減効果の適用", "3点のうち2点を次の2点を軽減する呪文が軽減します"),
        ("120.4c 結果への変換と修整", "《加護の反射》により、あなたが得るライフは1点から2点になります"),
        ("120.4d ダメージのイベントの発生", "あなたのライフ: 20 → 22"),
        ("704 状況起因処理", "状況起因処理"),
    ]
    for number, (title, text) in enumerate(expected, start=2):
        page.locator("#stage-next").click()
        expect(page.locator(".stage-count")).to_contain_text(f"段階 {number} / 6")
        expect(stage).to_contain_text(title)
        expect(stage).to_contain_text(text)
        # the URL counts stages as the page does
        expect(page).to_have_url(re.compile(re.escape(f"stage={number}")))
    expect(page.locator("#announcer")).to_contain_text("704 状況起因処理")

    # the 120.4c stage: the blocker gets a -1/-1 counter, the attacker marks 2 damage
    page.get_by_role("link", name="120.4c 結果への変換と修整").click()
    expect(stage).to_contain_text("-1/-1カウンターが1個置かれます")
    expect(stage).to_contain_text("2点のダメージを負います")

    page.locator("#stage-all").click()
    final = page.locator(".final")
    expect(final).to_contain_text("ライフ 20 → 22")
    expect(final.locator("[data-final]", has_text="2/2クリーチャー")).to_contain_text("-1/-1カウンター 0 → 1")
    expect(final.locator("[data-final]", has_text="萎縮と絆魂")).to_contain_text("負っているダメージ 0 → 2")
    # the drawn board after the event
    expect(page.locator('.plate[data-player="A"] [data-stat="life"]')).to_contain_text("22")
    blocker = page.locator("svg.card", has_text="2/2クリーチャー")
    expect(blocker).to_contain_text("1/1")
    expect(blocker).to_contain_text("-1/-1×1")
    expect(page.locator(".effect", has_text="次の2点を軽減する呪文")).to_contain_text("使い切った")
    assert [e for e in errors if "404" not in e] == []  # no script error, no CSP violation


def test_702_19b_example_from_the_reader_illegal_then_legal(live_server, page: Page):
    page.goto(f"{live_server.url}/cr/702.19/")
    page.get_by_role("link", name=re.compile(r"盤面で試す.*702\.19b 例2")).click()
    expect(page).to_have_url(re.compile(re.escape("/board/s/cr702-19b-ex2/") + "$"))
    expect(page.locator(".illustrates")).to_contain_text("702.19b の例2")

    row = page.locator("fieldset.assign-row", has_text="トランプルを持つ6/6の緑")
    expect(row.locator(".assign-count")).to_contain_text("通り")
    blocker, player = _steppers(row, {"プロテクション(緑)を持つ2/2(ブロック)": "2", "対戦相手": "4"})

    # illegal: protection will prevent it anyway, so the learner sends only 1 point to the blocker
    feedback = _one_less_and_type(
        row, "プロテクション(緑)を持つ2/2への割り振りを1減らす", blocker, "1", player, "5"
    )
    expect(feedback).to_contain_text("不適正")
    expect(feedback.get_by_role("link", name="702.19b")).to_have_attribute(
        "href", re.compile(r"^/cr/702\.19/#cr-702\.19b$")
    )

    # saving the illegal assignment is refused (never stored as a board to resolve) with the fix
    page.locator("#assign-resolve").click()
    expect(page.locator(".feedback-refused")).to_contain_text("既定の割り振りにする")
    expect(page.locator("#assignment-feedback").get_by_role("link", name="702.19b").first).to_be_visible()
    expect(page.locator(".stage-count")).to_have_count(0)

    # fix it: the default assignment (lethal damage to the blocker first), then resolve
    page.locator("#fill-default").click()
    expect(page.locator("#assignment-feedback")).to_contain_text("適正です")
    expect(blocker).to_have_value("2")
    page.locator("#assign-resolve").click()
    expect(page.locator(".stage-count")).to_contain_text("段階 1 / 6")
    page.locator("#stage-all").click()
    expect(page.locator(".stage-detail")).to_contain_text("702.16e")
    expect(page.locator(".final")).to_contain_text("ライフ 20 → 16")
    expect(page.locator(".final [data-final]", has_text="プロテクション(緑)を持つ2/2")).to_contain_text(
        "変化なし"
    )


def test_share_a_permalink_and_reopen_it_in_a_new_context(live_server, page: Page, browser):
    page.goto(f"{live_server.url}/board/s/cr120-5-ex/")
    _add_creature(page, name="共有する<b>熊</b>", controller="対戦相手", power=2, toughness=2)
    permalink = page.locator("#permalink").input_value()
    assert re.fullmatch(rf"{re.escape(live_server.url)}/board/s/[a-z2-7]{{8}}/", permalink)
    context = browser.new_context()
    other = context.new_page()
    other.goto(permalink)
    expect(other.locator(".piece-name", has_text="共有する<b>熊</b>")).to_be_visible()
    assert other.locator("#permalink").input_value() == permalink
    other.locator("#resolve-all").click()
    expect(other.locator(".final")).to_contain_text("2/2クリーチャー")
    context.close()


def test_the_board_works_without_javascript(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/board/")
    page.locator("#add-player").click()
    expect(page).to_have_url(re.compile(re.escape("?add=player")))
    form = page.locator("#form-player")
    form.get_by_label(_label("名前")).fill("第三のプレイヤー")
    form.get_by_label(_label("ライフ")).fill("1000000")
    form.get_by_role("button", name="保存").click()
    expect(page.locator("#form-player")).to_contain_text("999999 以下の数を入力してください")
    expect(page.locator("#form-player").get_by_label(_label("名前"))).to_have_value("第三のプレイヤー")
    page.locator("#form-player").get_by_label(_label("ライフ")).fill("15")
    page.locator("#form-player").get_by_role("button", name="保存").click()
    expect(page).to_have_url(re.compile(r"/board/s/[a-z2-7]{8}/$"))
    expect(page.locator(".piece-name", has_text="第三のプレイヤー")).to_be_visible()

    page.goto(f"{live_server.url}/board/s/cr702-19b/")
    page.locator("#fill-max").click()
    expect(page.locator("#assignment-feedback")).to_contain_text("適正")
    page.locator("#assign-resolve").click()
    expect(page.locator(".stage-count")).to_contain_text("段階 1 / 6")
    page.locator("#stage-next").click()
    expect(page.locator(".stage-count")).to_contain_text("段階 2 / 6")
    context.close()


def test_510_4_double_strike_second_step_from_the_panel(live_server, page: Page):
    page.goto(f"{live_server.url}/board/s/cr510-4-ds/")
    expect(page.locator(".assign-steps-note")).to_contain_text("戦闘ダメージ・ステップは2回あります")
    expect(page.locator(".assign-steps-note").get_by_role("link", name="510.4")).to_be_visible()
    second = page.locator('fieldset.assign-row[data-step="2"]')
    expect(second.locator("legend")).to_contain_text("二段攻撃の2回目")
    expect(second.locator(".assign-count")).to_contain_text("3 通り")
    expect(second.get_by_label("1/1クリーチャー(ブロック)")).to_have_value("0")
    wall, player = _steppers(second, {"1/5クリーチャー(ブロック)": "2", "対戦相手": "2"})

    # the 1/5 has 3 damage from the first step: 1 more is not lethal, so nothing may go past it (702.19b)
    feedback = _one_less_and_type(
        second, "1/5クリーチャーへの第2ステップの割り振りを1減らす", wall, "1", player, "3"
    )
    expect(feedback).to_contain_text("第2戦闘ダメージ・ステップ: ")
    expect(feedback.get_by_role("link", name="702.19b")).to_be_visible()

    # all four on the 1/5 is legal; save and resolve: the second step's assignment is the one given
    page.locator("#fill-default").click()
    expect(wall).to_have_value("2")
    wall.fill("4")
    player.fill("0")
    expect(feedback).to_contain_text("この割り振りは適正です")
    page.locator("#assign-resolve").click()
    expect(page.locator(".stage-count")).to_contain_text("段階 1 / 12")
    page.locator("#stage-all").click()
    steps = page.locator(".stage-detail .step")
    expect(steps).to_have_count(2)
    expect(steps.nth(1)).to_contain_text("第2戦闘ダメージ・ステップ")
    expect(steps.nth(1)).to_contain_text("「1/5クリーチャー」に4点(指定された割り振り)")
    expect(page.locator(".final")).to_contain_text("対戦相手(ライフ 20、毒カウンター 0): 変化なし")


def test_510_4_second_step_follows_the_typed_first_step(live_server, page: Page):
    page.goto(f"{live_server.url}/board/s/cr510-4-ds/")
    first = page.locator('fieldset.assign-row[data-step="1"]')
    second = page.locator('fieldset.assign-row[data-step="2"]')
    expect(second.locator(".assign-gone-mark")).to_have_count(1)
    first.get_by_label("1/1クリーチャー(ブロック)").fill("0")
    first.get_by_label("1/5クリーチャー(ブロック)").fill("4")
    # the 1/1 survives the first step and the 1/5 is one point from lethal: 8 ways (no save needed)
    expect(second.locator(".assign-count")).to_contain_text("8 通り")
    expect(second.locator(".assign-gone-mark")).to_have_count(0)


def test_board_has_no_axe_violations(live_server, page: Page):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()

    def violations() -> list[tuple[str, str]]:
        return [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]]

    for path in (
        "/board/",
        "/board/s/cr120-4-ex1/?stage=all",
        "/board/s/cr120-4-ex1/?stage=2",
        "/board/?add=creature",
        "/board/s/cr120-4-ex1/?event=combat",
        "/board/s/cr510-4-ds/",
        "/board/examples/",
        "/board/import/",
    ):
        page.goto(f"{live_server.url}{path}")
        assert violations() == [], path
    # after htmx swaps: a form with errors, an illegal assignment, the message after an edit
    page.goto(f"{live_server.url}/board/?add=player")
    page.locator("#form-player").get_by_label(_label("ライフ")).fill("1000000")
    page.locator("#form-player").get_by_role("button", name="保存").click()
    expect(page.locator("#form-player .invalid-feedback").first).to_be_visible()
    assert violations() == [], "form errors"
    page.goto(f"{live_server.url}/board/s/cr702-19b/")
    page.locator("#id_a_0_0").fill("1")
    expect(page.locator("#assignment-feedback")).to_contain_text("不適正")
    assert violations() == [], "illegal assignment"
    page.locator("#assign-save").click()
    expect(page.locator(".feedback-refused")).to_be_visible()  # never stored while illegal
    assert violations() == [], "refused assignment"
    page.locator("#fill-default").click()
    expect(page.locator("#assignment-feedback")).to_contain_text("適正です")
    page.locator("#assign-save").click()
    expect(page.locator(".messages")).to_contain_text("割り振りを保存しました")
    assert violations() == [], "message after an edit"


def test_phone_width_a_wide_lane_scrolls_and_the_page_does_not(live_server, browser):
    from tutor.board.curated import attack, combat, creature, doc

    wide = scenario_save(
        document=doc(
            [creature("wurm", "トランプルを持つ8/8", "A", 8, 8, keywords=["trample"])]
            + [creature(f"g{i}", f"ゴブリン{i}", "B", 1, 1) for i in range(4)],
            combat(attack("wurm", "B", tuple(f"g{i}" for i in range(4)))),
        )
    )
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    for path in (
        f"/board/s/{wide.slug}/?stage=all",
        "/board/s/cr120-4-ex1/?stage=all",
        "/board/s/cr510-1c-ex/",
        "/cr/702.19/",
    ):
        page.goto(f"{live_server.url}{path}")
        assert (
            page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        ), path
    page.goto(f"{live_server.url}/board/s/{wide.slug}/")
    lane = page.locator(".lane--wide .lane-scroll")
    expect(lane).to_have_attribute("tabindex", "0")
    expect(page.locator(".lane-hint")).to_be_visible()
    card = page.locator('.lane svg.card[data-card="g0"]')
    assert card.bounding_box()["width"] >= 95  # drawn at full size (100), not shrunk to the phone
    assert lane.evaluate("el => el.scrollWidth > el.clientWidth && el.scrollLeft > 0")  # starts at the middle
    # 「盤面で試す」 stays on one line next to a long title
    page.goto(f"{live_server.url}/cr/702.19/")
    label = page.locator(".try-board__label").first
    assert label.evaluate("el => el.getClientRects().length") == 1
    context.close()
