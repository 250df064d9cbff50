"""The result view of triggered abilities, the stack and the new event kinds (docs/scenario-format.md
§§ 8-11): every new stage has a Japanese title linking its paragraph, abilities are shown waiting
(who controls them, what they do, what they saw), then resolving as further stages."""

import json
import re
from pathlib import Path

import pytest

from rules_core import resolve_document
from tutor.results.stages import STAGE_TITLES, STEP_TITLES, resolution_present

pytestmark = pytest.mark.django_db

EVENTS = {
    b["slug"]: b
    for b in json.loads(
        (Path(__file__).resolve().parents[2] / "fixtures/curated_sources/events.json").read_text("utf-8")
    )
}


def _present(slug: str) -> dict:
    document = EVENTS[slug]["document"]
    return resolution_present(document, resolve_document(document))


def _html(client, slug: str) -> str:
    return client.get(f"/board/s/{slug}/?stage=all").content.decode()


def test_every_stage_and_step_the_engine_emits_has_a_japanese_title():
    """Each stage key and step name of every events board is titled (not shown as a bare key)."""
    for slug in EVENTS:
        view = _present(slug)
        for step in view["steps"]:
            assert step["name"] in STEP_TITLES, (slug, step["name"])
        for stage in view["stages"]:
            assert stage["key"] in STAGE_TITLES, (slug, stage["key"])


def test_pridemate_trigger_waits_then_resolves_as_a_further_stage():
    """CR 119.9, 603.2: lifelink life gain (4 with 《加護の反射》, 120.4c) triggers 《アジャニの群れ仲間》;
    it waits, goes on the stack (603.3b) and resolves as a `trigger` step (608.2): a +1/+1 counter."""
    view = _present("cr119-9")
    waiting = [st for st in view["stages"] if st["triggered"]]
    assert [st["key"] for st in waiting] == ["120.4d"]
    trigger = waiting[0]["triggered"][0]
    assert trigger["source"] == "《アジャニの群れ仲間》"
    assert trigger["controller"] == "あなた"
    assert trigger["amount"] == 4 and trigger["seen"] == "得たライフ"
    assert "+1/+1カウンターを1個置きます。" in trigger["does"]
    stack = next(st for st in view["stages"] if st["key"] == "603.3b")
    assert [t["id"] for t in stack["stack"]] == ["t1"]
    assert stack["title_rule"]["number"] == "603.3b"
    resolving = view["steps"][-1]
    assert resolving["title"] == "誘発型能力の解決"
    assert resolving["stages"][0]["key"] == "608.2"
    assert resolving["stages"][0]["resolving"]["id"] == "t1"


def test_pridemate_page_shows_the_waiting_ability_and_the_stack(client):
    html = _html(client, "cr119-9")
    assert "スタックに置かれるのを待つ誘発型能力" in html
    assert 'class="trigger" data-trigger="t1"' in html
    assert "コントローラーはあなた" in html
    assert "得たライフ: 4点" in html
    # what the ability does is whole です・ます sentences, once punctuated
    assert (
        "コントローラーはあなたです。このパーマネントに+1/+1カウンターを1個置きます。得たライフ: 4点。"
        in html
    )
    assert "。。" not in html
    assert 'class="stack-item" data-trigger="t1"' in html
    assert "解決する能力" in html
    assert 'href="/cr/603/#cr-603.3b"' in html
    assert 'href="/cr/608/#cr-608.2"' in html


def test_defeated_siege_waits_on_the_battlefield_then_is_exiled(client):
    """CR 310.11b, 704.5v: the defeated Siege's ability triggers at 120.4d; the 704 stage keeps the battle;
    the ability resolves and exiles it."""
    view = _present("cr704-5v")
    trigger = next(st for st in view["stages"] if st["triggered"])["triggered"][0]
    assert trigger["when"] == "最後の守備カウンターが取り除かれたとき"
    assert "追放します" in trigger["does"]
    assert any(
        "墓地には置かれません" in n for st in view["stages"] if st["key"] == "704" for n in st["plain_notes"]
    )
    assert any(line["zone"] == "追放" for line in view["final"] if line["id"] == "siege")
    assert "スタックに置かれるのを待つ誘発型能力" in _html(client, "cr704-5v")


def test_a_single_step_combat_with_a_trigger_step_is_not_called_the_second_step():
    """Only a first-strike step makes the regular step the second one (510.4); a trigger step does not."""
    view = _present("cr119-9")
    assert view["steps"][0]["title"] == "戦闘ダメージ・ステップ"
    assert all("第2" not in step["title"] for step in view["steps"])
    two = _present("cr510-4-a")
    assert [s["title"] for s in two["steps"] if s["name"] == "combat_damage"] == ["第2戦闘ダメージ・ステップ"]


def test_fight_stage_links_701_14a_and_between_steps_links_510_4():
    fight = _present("cr701-14a")
    assert fight["stages"][0]["title"] == "701.14 格闘"
    assert fight["stages"][0]["title_rule"]["number"] == "701.14a"
    between = next(st for st in _present("cr510-4-a")["stages"] if st["key"] == "between_steps")
    assert between["title_rule"]["number"] == "510.4"
    assert between["step_title"] == "戦闘ダメージ・ステップの間"


def test_departure_stage_names_who_left(client):
    """CR 800.4a: B loses to first-strike damage in a three-player game and leaves."""
    stage = next(st for st in _present("cr800-4a")["stages"] if st["key"] == "800.4a")
    assert stage["left"] == ["プレイヤーB"]
    assert "ゲームから抜けたプレイヤー: プレイヤーB" in _html(client, "cr800-4a")


def test_apnap_stack_puts_the_nonactive_players_ability_on_top(client):
    """CR 603.3b: the active player (A) puts 《アジャニの群れ仲間》's ability on the stack first, then B
    puts 《ボロスの反攻者》's; so B's resolves first and deals its 2 damage to A before the counter."""
    view = _present("cr603-3b")
    stack = next(st for st in view["stages"] if st["key"] == "603.3b")["stack"]
    assert [(t["source"], t["controller"]) for t in stack] == [
        ("《ボロスの反攻者》", "対戦相手"),
        ("《アジャニの群れ仲間》", "あなた"),
    ]
    resolving = [st["resolving"]["source"] for st in view["stages"] if st["resolving"]]
    assert resolving == ["《ボロスの反攻者》", "《アジャニの群れ仲間》"]
    html = _html(client, "cr603-3b")
    top = html[html.index('class="stack-list"') :]
    assert top.index("《ボロスの反攻者》") < top.index("(次に解決)") < top.index("《アジャニの群れ仲間》")


def test_siege_defeated_by_first_strike_is_gone_before_the_regular_step():
    """CR 310.11b, 510.3a: the ability resolves between the steps; 506.4c: the bear attacks nothing."""
    view = _present("cr310-11b")
    names = [step["name"] for step in view["steps"]]
    assert names == ["first_strike_damage", "trigger", "combat_damage"]
    assert view["steps"][2]["title"] == "第2戦闘ダメージ・ステップ"
    regular = view["steps"][2]["stages"][0]["plain_notes"]
    assert any("何も攻撃していないので、戦闘ダメージを割り振りません" in n for n in regular)


@pytest.mark.parametrize("slug", ["cr603-3b", "cr702-15e"])
def test_steps_of_the_same_title_are_numbered_and_their_regions_named_apart(client, slug):
    """Two triggered abilities resolve one after the other: each step is a named region of the page, and
    two regions of one name are one too many for a screen reader's list of regions (axe: landmark-unique);
    the title comes back numbered as 704's rounds are."""
    view = _present(slug)
    assert [step["label"] for step in view["steps"]] == [
        "戦闘ダメージ・ステップ",
        "誘発型能力の解決(1回目)",
        "誘発型能力の解決(2回目)",
    ]
    names = re.findall(r'<section class="step" aria-label="([^"]+)">', _html(client, slug))
    assert len(names) == len(set(names)) == 3
