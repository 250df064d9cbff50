"""The board's eras on the web (拡張, issue 15): 「この盤面を旧ルールで」 side by side, the era form
(without JavaScript and with htmx), bad input answered in Japanese, and the former rules each era
stage links to.

Outcomes asserted are those of the research note's boards, as the former rules files state them:
2007-02-01 310.1 (the assignment goes on the stack and players get priority), 310.4a (damage dealt as
assigned even if its source left play), 310.4c (damage to a creature no longer in play is not dealt);
2024-08-02 509.2 and 510.1c (the damage assignment order); today's CR 510.2 (no priority between
assignment and damage) and 510.1c (divided as its controller chooses).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tutor.board.era_documents import dropped_by, era_of, era_set
from tutor.models import FormerRule, Scenario

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _html(response) -> str:
    return response.content.decode()


def _cell(html: str, row_label: str) -> list[str]:
    """The cells of the comparison row labelled ``row_label``: ``'24*'`` marks a cell that differs."""
    row = re.search(r"<tr><th scope=\"row\">" + re.escape(row_label) + r"</th>(.*?)</tr>", html, re.S)
    assert row, f"no row {row_label}"
    cells = re.findall(r"<td[^>]*?( class=\"is-changed\")?>(.*?)</td>", row.group(1), re.S)
    return [re.sub(r"<[^>]+>.*", "", value).strip() + ("*" if changed else "") for changed, value in cells]


def test_baloth_board_compared_under_each_era_marks_the_life_that_differs(client: Client):
    """The seed's 《貪欲なるベイロス》: in 2007 the sacrifice with damage on the stack gains 4 life and
    its 4 damage is still dealt (2007-02-01 310.4a); today it cannot be done (510.2): life stays 20."""
    response = client.get("/board/s/crera-baloth/?stage=all&eras=1")
    assert response.status_code == 200
    html = _html(response)
    assert 'id="eras"' in html and "この盤面を旧ルールで" in html
    assert _cell(html, "あなたのライフ") == ["20", "20", "24*"]
    # the blocker dies in every era, so it has no row (only what differs is set side by side)
    assert "轟くベイロスの領域" not in html
    # why: the era's rule, with the former paragraph linked to its reader page
    assert "違いの理由" in html
    assert 'href="/cr/former/2007-02-01/310.4a/"' in html
    assert "2007年のルールにしかありません" in html  # the window's action does not exist today


def test_order_board_compared_shows_what_today_allows(client: Client):
    """crera-blog-5v3c: today the attacker answers a pump of one blocker by killing the other (510.1c);
    under 2009-2024 the same division breaks the order (2024-08-02 509.2, 510.1c)."""
    html = _html(client.get("/board/s/crera-blog-5v3c/?stage=all&eras=1"))
    assert "この割り振りはできません" in html
    assert 'href="/cr/former/2024-08-02/510.1c/"' in html


def test_comparison_link_without_javascript_and_the_htmx_partial(client: Client):
    page = _html(client.get("/board/s/crera-baloth/?stage=all"))
    assert 'id="eras-open"' in page and "?stage=all&amp;eras=1#eras" in page
    partial = client.get("/board/s/crera-baloth/?stage=all&eras=1", HTTP_HX_TARGET="play", **HX)
    assert partial.status_code == 200
    body = _html(partial)
    assert body.lstrip().startswith('<div id="play"') and "era-compare" in body


def test_a_board_without_combat_offers_no_comparison(client: Client):
    """The eras differ only in combat damage (docs/scenario-format.md § 12)."""
    html = _html(client.get("/board/s/cr120-5-ex/?stage=all&eras=1"))
    assert 'id="eras"' not in html


def test_era_banner_and_stage_links_on_a_2007_board(client: Client):
    html = _html(client.get("/board/s/crera-baloth/?stage=all"))
    assert 'id="era-banner"' in html and "2007年2月1日版" in html
    assert "戦闘ダメージがスタックにある間の行動1" in html
    links = set(re.findall(r'href="(/cr/former/[^"]+)"', html))
    assert "/cr/former/2007-02-01/310.1/" in links
    numbers = {tuple(link.strip("/").split("/")[2:]) for link in links}
    held = set(FormerRule.objects.values_list("rules_file", "number"))
    assert numbers <= held  # every former rule a stage cites has its page
    # today's paragraphs in the same notes still link to today's reader (「現在のルールでは… (510.2)」)
    assert 'href="/cr/510/#cr-510.2"' in html


def test_era_form_without_javascript_switches_and_returns_to_the_same_board(client: Client):
    """Back to today's rules, the 2007 board is the curated today's board: same content, same permalink."""
    response = client.post("/board/s/crera-baloth/era/", {"era": "current"})
    assert response.status_code == 302
    assert response["Location"] == "/board/s/crera-baloth-now/?stage=all"
    board = Scenario.objects.get(slug="crera-baloth-now")
    assert "era" not in board.document and "on_stack_actions" not in board.document["event"]
    html = _html(client.get(response["Location"]))
    assert "取り除きました" in html  # the message names what only 2007 had
    assert 'id="era-banner"' not in html


def test_era_form_with_htmx_swaps_the_board(client: Client):
    response = client.post("/board/s/crera-baloth/era/", {"era": "2009-2024"}, **HX)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#board-app"
    assert 'data-era="2009-2024"' in _html(response)


def test_era_form_sets_a_2009_2024_order(client: Client):
    """2024-08-02 509.2: the order is announced; the form offers each order of the three blockers."""
    form = _html(client.get("/board/s/crera-blog-5v3/?add=era"))
    assert "ダメージ割り振り順" in form and 'name="order_0"' in form
    response = client.post("/board/s/crera-blog-5v3/era/", {"era": "2009-2024", "order_0": "2,1,0"})
    assert response.status_code == 302
    board = Scenario.objects.get(slug=response["Location"].split("/")[3])
    assert board.document["era"] == "2009-2024"
    assert board.document["event"]["attacks"][0]["order"] == ["baloth2", "baloth1", "goblin"]
    html = _html(client.get(response["Location"]))
    # the stored division (1 to the goblin, 4 to baloth1) breaks that order: a violation of 510.1c
    assert "2009-2024年のルールでは" in html and 'href="/cr/former/2024-08-02/510.1c/"' in html


@pytest.mark.parametrize(
    "post",
    [
        {"era": "1999"},
        {"era": ""},
        {},
        {"era": "2009-2024", "order_0": "9,9,9"},
        {"era": "2009-2024", "order_0": "0,0,0"},
        {"era": "<script>alert(1)</script>"},
    ],
)
def test_bad_era_posts_get_the_form_back_in_japanese(client: Client, post):
    response = client.post("/board/s/crera-blog-5v3/era/", post)
    assert response.status_code == 422
    html = _html(response)
    assert "ルールの時代" in html and ("選べない値です" in html or "ルールの時代を選んでください" in html)
    assert "<script>alert(1)" not in html
    htmx = client.post("/board/s/crera-blog-5v3/era/", post, HTTP_HX_TARGET="form-era", **HX)
    assert htmx.status_code == 200 and htmx["HX-Retarget"] == "#form-era"


def test_era_url_answers_get_and_unknown_boards_without_a_500(client: Client):
    assert client.get("/board/s/crera-baloth/era/").status_code in (303, 405)
    assert client.post("/board/s/nosuchboard/era/", {"era": "2007"}).status_code == 404
    for query in ("?eras=1", "?stage=all&eras=x", "?stage=9999&eras=1", "?add=era&eras=1"):
        assert client.get(f"/board/s/crera-brigade/{query}").status_code == 200


def test_the_empty_board_can_take_an_era(client: Client):
    """The empty board has no combat: its era is stored, and it resolves nothing until it has one."""
    response = client.post("/board/era/", {"era": "2007"})
    assert response.status_code == 302


def test_era_set_leaves_out_the_keys_of_the_other_eras():
    doc = {
        "era": "2007",
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "a", "blockers": ["x", "y"]}],
            "on_stack_actions": [
                {"type": "sacrifice", "creature": "a", "name": "《貪欲なるベイロス》の能力"}
            ],
        },
    }
    assert era_of(era_set(document=doc, era="current")) == "current"
    ordered = era_set(document=doc, era="2009-2024", orders={0: ["y", "x"]})
    assert ordered["event"]["attacks"][0]["order"] == ["y", "x"]
    assert "on_stack_actions" not in ordered["event"]
    # the order as listed is the default (509.2 of the 2024-08-02 file): not written
    assert (
        "order" not in era_set(document=doc, era="2009-2024", orders={0: ["x", "y"]})["event"]["attacks"][0]
    )
    assert dropped_by(doc, "2007") == []
    assert dropped_by(ordered, "2007") == ["ダメージ割り振り順は、2009-2024年のルールにしかありません。"]


def test_a_2007_board_takes_an_action_while_damage_is_on_the_stack(client: Client):
    """2007-02-01 310.1: players may act while the assignment is on the stack; 310.4a: the damage is
    still dealt as assigned. Here 《恐怖》 destroys the attacking 《灰色熊》 in that window (the
    research note's 5th situation): its 2 damage is still dealt to the blocker (3/3 丘巨人 lives)."""
    page = _html(client.get("/board/s/crera-toughness/?add=stack_action"))
    assert 'id="form-stack_action"' in page and "戦闘ダメージがスタックにある間の行動" in page
    cleared = client.post("/board/s/crera-toughness/event/stack/clear/")
    assert cleared.status_code == 302
    slug = cleared["Location"].split("/")[3]
    assert "on_stack_actions" not in Scenario.objects.get(slug=slug).document["event"]
    response = client.post(
        f"/board/s/{slug}/event/stack/add/", {"type": "destroy", "creature": "bear", "name": "《恐怖》"}
    )
    assert response.status_code == 302 and response["Location"].endswith("?stage=all")
    board = Scenario.objects.get(slug=response["Location"].split("/")[3])
    assert board.document["event"]["on_stack_actions"] == [
        {"type": "destroy", "creature": "bear", "name": "《恐怖》"}
    ]
    html = _html(client.get(response["Location"]))
    assert "戦闘ダメージがスタックにある間の行動1: 《恐怖》: 《灰色熊》を破壊します" in html
    assert "《丘巨人》の負っているダメージ: 0 → 2" in html or "《丘巨人》の負っているダメージ：0 → 2" in html


@pytest.mark.parametrize(
    ("slug", "post", "message"),
    [
        ("crera-toughness", {"type": "destroy"}, "対象のクリーチャーを選んでください"),
        ("crera-toughness", {"type": "damage", "amount": "2"}, "ダメージの発生源を選んでください"),
        ("crera-toughness", {"type": "pump", "creature": "bear", "power": "100"}, "99 以下の数"),
        ("crera-toughness", {"type": "fly", "creature": "bear"}, "選べない値です"),
        ("crera-baloth-now", {"type": "destroy", "creature": "rumbling"}, "2007年のルールだけです"),
    ],
)
def test_bad_stack_actions_get_the_form_back_in_japanese(client: Client, slug, post, message):
    response = client.post(f"/board/s/{slug}/event/stack/add/", post)
    assert response.status_code == 422
    assert message in _html(response)
    htmx = client.post(f"/board/s/{slug}/event/stack/add/", post, **HX)
    assert htmx.status_code == 200 and message in _html(htmx)
