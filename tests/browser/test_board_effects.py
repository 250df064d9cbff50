"""Issue 11 on the board in a real browser: a creature with shield counters and a redirection effect
placed through the forms, a 《稲妻》 at its controller, and the 120.4b stage explaining both
(CR 614.9: the damage goes to the creature instead; CR 122.1c: one shield counter prevents it all and
one counter is removed, ruling 2022-04-29)."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]


def _label(text: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(text)}\s*\*?\s*$")


def test_shield_counters_and_a_redirection_through_the_forms(live_server, page: Page):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/board/")

    page.locator("#add-creature").click()
    form = page.locator("#form-permanent")
    expect(form).to_be_visible()
    form.get_by_label(_label("名前")).fill("聖域の番人")
    form.get_by_label(_label("コントローラー")).select_option(label="あなた")
    form.get_by_label(_label("パワー")).fill("5")
    form.get_by_label(_label("タフネス")).fill("5")
    form.get_by_label(_label("盾カウンター")).fill("2")
    # "as though it weren't blocked" waits behind 「詳しく」
    hidden = form.get_by_label("ブロックされていないかのように戦闘ダメージを割り振ってもよい")
    expect(hidden).to_be_hidden()
    form.get_by_role("group", name="クリーチャー").locator("summary", has_text="詳しく").click()
    expect(hidden).to_be_visible()
    form.get_by_role("button", name="保存").click()
    card = page.locator("svg.card", has_text="聖域の番人")
    expect(card).to_contain_text("盾カウンター×2")

    page.locator("#add-effect").click()
    page.get_by_role("link", name=re.compile(re.escape("ダメージの移し替え"))).click()
    effect = page.locator("#form-effect")
    expect(effect).to_contain_text("614.9")
    effect.get_by_label(_label("名前(任意)")).fill("《最下層民》")
    effect.get_by_label(_label("もともとダメージを受ける者")).select_option(label="あなた")
    effect.get_by_label(_label("代わりにダメージを受ける者")).select_option(label="聖域の番人(あなた)")
    effect.get_by_role("button", name="効果を置く").click()
    expect(page.locator("#form-effect")).to_have_count(0)
    expect(page.locator(".effect", has_text="《最下層民》")).to_contain_text(
        "代わりに聖域の番人に与えられます"
    )

    page.locator("#event-noncombat").click()
    event = page.locator("#form-noncombat")
    event.get_by_label(_label("呪文・能力の名前")).fill("《稲妻》")
    event.get_by_label(_label("呪文・能力のコントローラー")).select_option(label="対戦相手")
    event.get_by_label(_label("あなたに")).fill("3")
    event.get_by_role("button", name="このダメージにする").click()
    expect(page.locator("#editor .event-lines")).to_contain_text(
        "《稲妻》があなたに3点のダメージを与えます。"
    )

    page.locator("#resolve-step").click()
    stage = page.locator(".stage-detail")
    page.locator("#stage-next").click()
    expect(stage).to_contain_text("120.4b 置換効果・軽減効果の適用")
    expect(stage).to_contain_text("代わりに5/5の聖域の番人に与えられます (614.9)")
    expect(stage).to_contain_text("盾カウンターにより、《稲妻》からの3点のダメージがすべて軽減されます")
    expect(stage).to_contain_text("盾カウンターを1個取り除きます (122.1c)")
    expect(stage.get_by_role("link", name="614.9").first).to_be_visible()

    page.locator("#stage-all").click()
    expect(page.locator(".final")).to_contain_text("盾カウンター 2 → 1")
    expect(page.locator('.plate[data-player="A"] [data-stat="life"]')).to_contain_text("20")
    expect(page.locator("svg.card", has_text="聖域の番人")).to_contain_text("盾カウンター×1")
    assert errors == []
