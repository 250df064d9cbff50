"""The card picker of the board editor with the test client: search (htmx and without JavaScript),
placing a card of each kind, the starting boards, and bad input answered in Japanese, never a 500."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

import rules_core
from tutor.board.card_documents import NEW, PIECE, WHOLE
from tutor.board.documents import STARTER_DOCUMENT
from tutor.models import Card, Scenario

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
RESULTS = {**HX, "HTTP_HX_TARGET": "card-picker-results"}


def _board(response) -> tuple[str, dict[str, Any]]:
    assert response.status_code == 302, response.content.decode()[:3000]
    url = response["Location"]
    slug = url.rstrip("/").rsplit("/", 1)[-1]
    return url, Scenario.objects.get(slug=slug).document


def _place(client: Client, base: str, card: str, **data: str) -> tuple[str, dict[str, Any]]:
    return _board(client.post(f"{base}cards/place/", {"card": card, **data}))


def _text(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


def _resolve(document: dict[str, Any]) -> dict[str, Any]:
    return rules_core.resolve_document(document)


def _permanent(document: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in document["permanents"] if p["name"] == f"《{name}》")


# --------------------------------------------------------------------------- search


@pytest.mark.parametrize("query", ["ファルコ", "ふぁるこ", "Falco", "falco spara", "ｽﾊﾟｰﾗ"])
def test_search_as_you_type_finds_by_japanese_english_partial_and_either_kana(client, query):
    response = client.get("/board/cards/", {"card_q": query}, **RESULTS)
    assert response.status_code == 200
    fragment = response.content.decode()
    assert fragment.lstrip().startswith('<div id="card-picker-results"') and "<html" not in fragment
    assert "《契約紡ぎ、ファルコ・スパーラ》" in fragment
    assert "?add=card&amp;card=falco-spara-pactweaver" in fragment


def test_search_without_javascript_is_a_get_form_on_the_board_page(client):
    page = client.get("/board/").content.decode()
    assert 'method="get"' in page and 'name="card_q"' in page
    response = client.get("/board/", {"card_q": "稲妻"})
    assert response.status_code == 200
    text = _text(response)
    assert "《稲妻》" in text and "《稲妻の一撃》" in text
    # a plain GET of the search URL goes back to the board page with the query
    response = client.get("/board/cards/", {"card_q": "稲妻"})
    assert (
        response.status_code == 302
        and response["Location"] == "/board/?card_q=%E7%A8%B2%E5%A6%BB#card-picker"
    )


def test_the_card_named_exactly_comes_first_then_names_that_start_with_the_query(client):
    fragment = client.get("/board/cards/", {"card_q": "稲妻"}, **RESULTS).content.decode()
    names = re.findall(r'class="picker-card"[^>]*>《([^》]+)》', fragment)
    assert names[:2] == ["稲妻", "稲妻の一撃"] and set(names) >= {"二股の稲妻", "弧状の稲妻"}


def test_search_says_so_when_nothing_matches_and_caps_the_list(client):
    text = _text(client.get("/board/cards/", {"card_q": "存在しないカード"}, **RESULTS))
    assert "見つかりませんでした" in text
    many = client.get("/board/cards/", {"card_q": "の"}, **RESULTS).content.decode()
    assert many.count('class="picker-card"') == 12 and "ほかに" in many


def test_hostile_queries_never_500(client):
    for query in ["x" * 5000, "\x00\x01", "{% load x %}", "<script>alert(1)</script>"]:
        for url in ("/board/cards/", "/board/"):
            response = client.get(url, {"card_q": query}, **(RESULTS if url.endswith("cards/") else {}))
            assert response.status_code in (200, 302), query
            assert "<script>alert(1)" not in response.content.decode()


# --------------------------------------------------------------------------- the place panel


def test_the_place_panel_has_the_player_the_roles_and_the_buttons(client):
    response = client.get("/board/", {"add": "card", "card": "lightning-bolt"})
    assert response.status_code == 200
    text = _text(response)
    assert "《稲妻》を置く" in text and "誰のカードとして置くか" in text
    assert "《灰色熊》(その対戦相手のクリーチャー)の役" in text
    assert "例の《灰色熊》を新しく置く" in text and "このイベントにする" in text
    # what the engine leaves out is said before the card is placed
    note = Card.objects.get(slug="falco-spara-pactweaver").engine_note
    assert note and note in _text(client.get("/board/", {"add": "card", "card": "falco-spara-pactweaver"}))


def test_an_unknown_card_in_the_panel_says_so_in_japanese(client):
    response = client.get("/board/", {"add": "card", "card": "no-such-card"})
    assert response.status_code == 200
    assert "そのカードは見つかりませんでした" in _text(response)


# --------------------------------------------------------------------------- placing each kind


def test_a_permanent_is_placed_fully_set_up_with_its_japanese_name(client):
    """《契約紡ぎ、ファルコ・スパーラ》: a 3/3 with flying, trample and a shield counter (CR 122.1c), for you."""
    url, doc = _place(client, "/board/", "falco-spara-pactweaver", player="A", how=PIECE)
    falco = _permanent(doc, "契約紡ぎ、ファルコ・スパーラ")
    # issue 23: flying is modelled now (702.9b), so the placed card carries it
    assert (falco["power"], falco["toughness"], falco["keywords"]) == (3, 3, ["flying", "trample"])
    assert falco["counters"]["shield"] == 1
    assert falco["controller"] == "A" and doc["event"] == {}
    page = client.get(url).content.decode()
    assert "《契約紡ぎ、ファルコ・スパーラ》" in page  # the drawn card and the editor list


def test_a_permanent_with_triggers_protection_and_its_own_effects(client):
    """《万物の声》 comes with protection from red (CR 702.16); 《ボロスの反攻者》 with its triggered ability
    (CR 603); 《黄金夜の刃、ギセラ》 with its two replacement effects (CR 614.1)."""
    _url, doc = _place(client, "/board/", "voice-of-all", player="B", how=PIECE)
    assert _permanent(doc, "万物の声")["protection"] == ["red"]
    _url, doc = _place(client, "/board/", "boros-reckoner", player="A", how=PIECE)
    assert _permanent(doc, "ボロスの反攻者")["triggers"][0]["when"] == "dealt_damage"
    _url, doc = _place(client, "/board/", "gisela-blade-of-goldnight", player="A", how=PIECE)
    gisela = _permanent(doc, "黄金夜の刃、ギセラ")
    assert {e["type"] for e in doc["effects"]} == {"damage_multiplier", "prevent_half"}
    assert doc["effects"][0]["to_opponents_of"] == "A" and gisela["id"] == "c1"


def test_an_event_card_becomes_the_event_against_the_chosen_recipient(client):
    """《稲妻》 on the opponent's 《灰色熊》 already on the board: 3 damage kills it (CR 120.3e, 704.5g)."""
    url, doc = _place(client, "/board/", "grizzly-bears", player="B", how=PIECE)
    bear = _permanent(doc, "灰色熊")["id"]
    url, doc = _place(client, url, "lightning-bolt", player="A", how=WHOLE, role_bear=bear)
    assert doc["event"]["type"] == "noncombat" and doc["event"]["damage"] == [{"to": bear, "amount": 3}]
    assert doc["event"]["source"]["name"] == "《稲妻》"
    assert _resolve(doc)["final"]["permanents"][bear]["zone"] == "graveyard"
    stages = _text(client.get(url + "?stage=all"))
    assert "《稲妻》" in stages and "《灰色熊》" in stages and "704.5g" in stages


def test_prey_upon_is_a_fight_between_the_boards_creatures(client):
    """《捕食》: each fighter deals damage equal to its power to the other (CR 701.14a)."""
    url, doc = _place(client, "/board/", "craw-wurm", player="A", how=PIECE)
    url, doc = _place(client, url, "grizzly-bears", player="B", how=PIECE)
    wurm, bear = _permanent(doc, "大喰らいのワーム")["id"], _permanent(doc, "灰色熊")["id"]
    _url, doc = _place(client, url, "prey-upon", player="A", how=WHOLE, role_mywurm=wurm, role_bear=bear)
    assert doc["event"]["type"] == "fight" and doc["event"]["fighters"] == [wurm, bear]
    final = _resolve(doc)["final"]["permanents"]
    assert final[bear]["zone"] == "graveyard" and final[wurm]["damage"] == 2


def test_an_effect_is_added_to_the_board_as_it_is(client):
    """《濃霧》 alone: its prevention effect joins the board, the event stays as it was (CR 615.1)."""
    _url, doc = _place(client, "/board/", "fog", player="A", how=PIECE)
    assert doc["effects"] == [{"type": "prevent_all", "combat_only": True, "name": "《濃霧》"}]
    assert doc["event"] == {} and doc["permanents"] == []


def test_an_equipment_gives_the_bound_creature_what_it_grants(client):
    """《ロクソドンの戦槌》 on the board's 《灰色熊》: +3/+0, trample and lifelink (its encoding)."""
    url, doc = _place(client, "/board/", "grizzly-bears", player="A", how=PIECE)
    bear = _permanent(doc, "灰色熊")["id"]
    _url, doc = _place(client, url, "loxodon-warhammer", player="A", how=PIECE, role_ally=bear)
    equipped = _permanent(doc, "灰色熊")
    assert equipped["power"] == 5 and set(equipped["keywords"]) == {"lifelink", "trample"}


def test_fresh_ids_never_clash_and_the_new_event_replaces_the_old(client):
    url, doc = _place(client, "/board/", "lightning-bolt", player="A", how=WHOLE, role_bear=NEW)
    url, doc = _place(client, url, "shock", player="A", how=WHOLE, role_bear=NEW)
    ids = [p["id"] for p in doc["players"] + doc["permanents"]]
    assert len(ids) == len(set(ids)) and len(doc["permanents"]) == 2
    assert doc["event"]["source"]["name"] == "《ショック》"
    assert "それまでのイベントは取り消しました" in _text(client.get(url))


def test_a_creature_placed_for_the_attacked_player_blocks(client):
    """CR 509.1a: the defending player's new creature blocks the attacker it is placed against."""
    url, doc = _place(client, "/board/", "falco-spara-pactweaver", player="A", how=WHOLE)
    falco = _permanent(doc, "契約紡ぎ、ファルコ・スパーラ")["id"]
    page = client.get(url, {"add": "card", "card": "voice-of-all"}).content.decode()
    assert re.search(rf'<option value="{falco}" selected>', page)  # offered, and chosen by default
    _url, doc = _place(client, url, "voice-of-all", player="B", how=PIECE, block=falco)
    voice = _permanent(doc, "万物の声")["id"]
    assert doc["event"]["attacks"][0]["blockers"] == [voice]
    final = _resolve(doc)["final"]
    assert final["players"]["B"]["life"] == 19  # 702.19b: 2 lethal to the blocker, 1 tramples over


def test_the_default_blocker_choice_is_never_one_the_engine_refuses(client):
    """702.9b: a creature without flying or reach can't block 《契約紡ぎ、ファルコ・スパーラ》 (flying), so the picker
    doesn't choose that block for 《灰色熊》 by default; the list still offers it, and the engine's refusal
    names the rule if the learner picks it."""
    url, doc = _place(client, "/board/", "falco-spara-pactweaver", player="A", how=WHOLE)
    falco = _permanent(doc, "契約紡ぎ、ファルコ・スパーラ")["id"]
    page = client.get(url, {"add": "card", "card": "grizzly-bears"}).content.decode()
    block = re.search(r'<select name="block".*?</select>', page, re.S)
    assert block and f'<option value="{falco}">' in block.group(0)
    assert re.search(r'<option value="" selected>ブロックしない</option>', block.group(0))
    response = client.post(
        f"{url}cards/place/", {"card": "grizzly-bears", "player": "B", "how": PIECE, "block": falco}
    )
    assert response.status_code == 422 and "702.9b" in _text(response)


def test_htmx_placing_swaps_the_board_and_pushes_its_url(client):
    response = client.post("/board/cards/place/", {"card": "fog", "player": "A", "how": PIECE}, **HX)
    assert response.status_code == 200 and response["HX-Retarget"] == "#board-app"
    assert re.fullmatch(r"/board/s/[a-z2-7]{8}/", response["HX-Push-Url"])
    assert "《濃霧》を置きました" in _text(response)


# --------------------------------------------------------------------------- bad input


def test_an_event_without_a_recipient_says_how_to_fix_it(client):
    response = client.post("/board/cards/place/", {"card": "lightning-bolt", "player": "A", "how": WHOLE})
    assert response.status_code == 422
    text = _text(response)
    assert "《灰色熊》(その対戦相手のクリーチャー)の役をするクリーチャーを選んでください" in text
    assert "先にクリーチャーなどを置くか、「例の《灰色熊》を新しく置く」を選んでください" in text


def test_bad_input_gets_japanese_errors_never_a_500(client):
    cases = [
        (
            {"card": "lightning-bolt", "player": "Z", "how": WHOLE, "role_bear": NEW},
            "盤面のプレイヤーから選んでください",
        ),
        (
            {"card": "lightning-bolt", "how": WHOLE, "role_bear": NEW},
            "誰のカードとして置くかを選んでください",
        ),
        (
            {"card": "lightning-bolt", "player": "A", "how": WHOLE, "role_bear": "c99"},
            "一覧から選んでください",
        ),
        ({"card": "fog", "player": "A", "how": "everything"}, "置き方はボタンで選んでください"),
        ({"card": "fog", "player": "A", "how": "x" * 5000}, "置き方はボタンで選んでください"),
    ]
    for data, message in cases:
        response = Client().post("/board/cards/place/", data)
        assert response.status_code == 422, data
        assert message in _text(response), data
    for data in ({"card": "no-such-card", "player": "A"}, {"card": "x" * 500}, {}):
        response = Client().post("/board/cards/place/", data, follow=True)
        assert response.status_code == 200
        assert "そのカードは見つかりませんでした" in _text(response)


def test_a_bad_blocker_choice_is_refused_on_its_field(client):
    url, doc = _place(client, "/board/", "falco-spara-pactweaver", player="A", how=WHOLE)
    falco = _permanent(doc, "契約紡ぎ、ファルコ・スパーラ")["id"]
    response = client.post(
        f"{url}cards/place/", {"card": "voice-of-all", "player": "B", "how": PIECE, "block": "c9"}
    )
    assert response.status_code == 422 and "ブロックする攻撃クリーチャーは一覧から選んでください" in _text(
        response
    )
    # 509.1a: only the attacked player's creatures block
    data = {"card": "voice-of-all", "player": "A", "how": PIECE, "block": falco}
    response = client.post(f"{url}cards/place/", data)
    assert response.status_code == 422 and "このカードのコントローラーを攻撃していません" in _text(response)


def test_a_card_that_would_make_the_boards_target_illegal_is_refused_and_the_board_kept(client):
    """《ファイレクシアの非生》's example: a 《稲妻》 that targets the player. 《テフェリーの防御》 for that
    player gives protection from everything, so the 《稲妻》 could not have targeted them (702.16b, 601.2c):
    the picker says so in Japanese (422) and the board is unchanged, not a board that could not happen."""
    url, before = _place(client, "/board/", "phyrexian-unlife", player="B", how=WHOLE)
    boards = Scenario.objects.count()
    response = client.post(f"{url}cards/place/", {"card": "teferi-s-protection", "player": "B", "how": PIECE})
    assert response.status_code == 422
    text = _text(response)
    assert "プロテクション(すべて)" in text and "(702.16b, 601.2c)" in text
    slug = url.rstrip("/").rsplit("/", 1)[-1]
    assert Scenario.objects.get(slug=slug).document == before
    assert Scenario.objects.count() == boards  # no new board was stored


def test_the_limits_are_respected_with_a_japanese_error(client):
    """A board at the 100-permanent limit (rules_core.document.limits) takes no more cards."""
    from tutor.board.services import scenario_save

    document = {
        **STARTER_DOCUMENT,
        "permanents": [
            {
                "id": f"c{i}",
                "name": "灰色熊",
                "controller": "B",
                "types": ["creature"],
                "power": 2,
                "toughness": 2,
            }
            for i in range(1, 101)
        ],
    }
    base = f"/board/s/{scenario_save(document=document).slug}/"
    response = client.post(f"{base}cards/place/", {"card": "fog", "player": "A", "how": PIECE})
    assert response.status_code == 302  # effects have room
    response = client.post(f"{base}cards/place/", {"card": "grizzly-bears", "player": "A", "how": PIECE})
    assert response.status_code == 422
    assert "盤面に置けるパーマネントは最大100個です" in _text(response)


def test_an_opponent_is_needed_and_the_error_says_how_to_add_one(client):
    url, _doc = _board(client.post("/board/players/remove/", {"id": "B"}))
    response = client.post(f"{url}cards/place/", {"card": "lightning-strike", "player": "A", "how": WHOLE})
    assert response.status_code == 422
    assert "対戦相手が必要です。「＋ プレイヤー」でプレイヤーを加えてから置いてください" in _text(response)


def test_htmx_errors_swap_only_the_form(client):
    response = client.post(
        "/board/cards/place/", {"card": "lightning-bolt", "player": "A", "how": WHOLE}, **HX
    )
    assert response.status_code == 200 and response["HX-Retarget"] == "#form-card-place"
    assert response.content.decode().lstrip().startswith("<form")
    assert "カードの例" in _text(response)  # what the card does stays in view with the error


def test_csrf_is_enforced_on_placing_and_on_the_starters():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/board/cards/place/", {"card": "fog", "player": "A"}).status_code == 403
    assert client.post("/board/cards/starter/", {"starter": "trample"}).status_code == 403
    page = client.get("/board/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = client.post(
        "/board/cards/place/", {"card": "fog", "player": "A", "how": PIECE}, HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 302


def test_placing_is_post_only():
    client = Client()
    assert client.get("/board/cards/place/").status_code == 303
    assert client.put("/board/cards/place/").status_code == 405


# --------------------------------------------------------------------------- starting boards


def test_the_empty_board_offers_the_starting_boards_and_a_board_with_cards_does_not(client):
    page = _text(client.get("/board/"))
    assert "例から始める" in page and "トランプルとブロック" in page and "ダメージ呪文と盾カウンター" in page
    url, _doc = _place(client, "/board/", "fog", player="A", how=PIECE)
    assert "例から始める" in _text(client.get(url))  # effects only: still nothing on the battlefield
    url, _doc = _place(client, url, "grizzly-bears", player="A", how=PIECE)
    assert "例から始める" not in _text(client.get(url))


def test_starting_boards_answer_their_questions(client):
    """Trample: 2 to the 2/2 blocker, 1 to the player (CR 702.19b). Deathtouch + trample: 1 is lethal
    (702.2c), 5 to the player. A shield counter prevents 《稲妻》's damage and is removed (122.1c).
    《最下層民》 and 《治癒の軟膏》: the affected player orders them (616.1); by default the damage is
    redirected to the 《灰色熊》, which dies."""
    expected = {
        "trample": lambda f: f["players"]["B"]["life"] == 19,
        "deathtouch-trample": lambda f: f["players"]["B"]["life"] == 15,
        "shield": lambda f: next(iter(f["permanents"].values()))["counters"]["shield"] == 1,
        "redirection": lambda f: f["players"]["A"]["life"] == 20,
    }
    for key, check in expected.items():
        url, doc = _board(client.post("/board/cards/starter/", {"starter": key}))
        assert doc["title"], key
        assert check(_resolve(doc)["final"]), key
        assert client.get(url + "?stage=all").status_code == 200


def test_an_unknown_starter_says_so(client):
    response = client.post("/board/cards/starter/", {"starter": "nope"}, follow=True)
    assert response.status_code == 200 and "その例は見つかりませんでした" in _text(response)
