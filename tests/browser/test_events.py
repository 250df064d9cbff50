"""Triggers and fights in a real browser (Debian's chromium through Playwright, on the live server):

- declare a fight with deathtouch through the board's forms, resolve it and read its stages (CR 701.14a,
  702.2b, 704.5g-h);
- open the 《アジャニの群れ仲間》 board from the reader, see its ability wait, go on the stack and resolve
  (CR 119.9, 603.2, 603.3b, 608.2).
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_board import _add_creature, _label

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]


def test_declare_a_fight_with_deathtouch_through_the_forms(live_server, page: Page):
    page.goto(f"{live_server.url}/board/")
    _add_creature(page, name="《チフス鼠》", controller="あなた", power=1, toughness=1, keywords=("接死",))
    _add_creature(page, name="《大喰らいのワーム》", controller="対戦相手", power=6, toughness=4)

    page.locator("#event-fight").click()
    form = page.locator("#form-fight")
    expect(form).to_be_visible()
    form.get_by_label(_label("格闘するクリーチャー(1体目)")).select_option(label="《チフス鼠》(あなた)")
    form.get_by_label(_label("格闘するクリーチャー(2体目)")).select_option(
        label="《大喰らいのワーム》(対戦相手)"
    )
    form.get_by_label(_label("指示する呪文・能力の名前")).fill("《捕食》")
    form.get_by_role("button", name="このダメージにする").click()
    expect(page.locator("#editor .event-lines")).to_contain_text(
        "《捕食》の指示で、《チフス鼠》と《大喰らいのワーム》が格闘します(701.14a)。"
    )

    page.locator("#resolve-step").click()
    stage = page.locator(".stage-detail")
    expect(page.locator(".stage-count")).to_contain_text("段階 1 / 6")
    expect(stage).to_contain_text("701.14 格闘")
    expect(stage.get_by_role("link", name="701.14 格闘")).to_have_attribute(
        "href", re.compile(r"^/cr/701\.14/#cr-701\.14a$")
    )
    for title in ("120.4a", "120.4b", "120.4c", "120.4d", "704 状況起因処理"):
        page.locator("#stage-next").click()
        expect(stage).to_contain_text(title)
    expect(stage).to_contain_text("接死を持つ発生源からダメージを受けたので、破壊されます (704.5h)")
    final = page.locator(".final")
    expect(final.locator("[data-final]", has_text="《チフス鼠》")).to_contain_text("墓地")
    expect(final.locator("[data-final]", has_text="《大喰らいのワーム》")).to_contain_text("墓地")


def test_pridemate_board_shows_the_trigger_waiting_then_resolving(live_server, page: Page):
    page.goto(f"{live_server.url}/cr/119/")
    page.get_by_role("link", name=re.compile(r"盤面で試す.*《アジャニの群れ仲間》")).first.click()
    expect(page).to_have_url(re.compile(re.escape("/board/s/cr119-9/") + "$"))

    page.locator("#resolve-step").click()
    stage = page.locator(".stage-detail")
    page.locator(".stage-index").get_by_role("link", name="120.4d ダメージのイベントの発生").click()
    waiting = stage.locator(".triggered")
    expect(waiting).to_contain_text("スタックに置かれるのを待つ誘発型能力")
    expect(waiting).to_contain_text("《アジャニの群れ仲間》")
    expect(waiting).to_contain_text("得たライフ: 4点")  # 《加護の反射》 doubled lifelink's 2 (120.4c)

    page.locator(".stage-index").get_by_role("link", name=re.compile(r"603\.3b")).click()
    expect(stage.locator(".stack-item")).to_have_count(1)
    expect(stage.locator(".stack-item")).to_contain_text("《アジャニの群れ仲間》")

    page.locator("#stage-next").click()
    expect(stage).to_contain_text("608.2 誘発型能力の解決")
    expect(stage).to_contain_text("誘発型能力の解決")
    expect(stage.locator(".trigger-resolving")).to_contain_text("+1/+1カウンターを1個置きます。")
    page.locator("#stage-all").click()
    expect(page.locator(".final [data-final]", has_text="《アジャニの群れ仲間》")).to_contain_text("3/3")
