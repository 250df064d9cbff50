"""The board's forms and import for docs/scenario-format.md § 17: a damage spell and ninjutsu between the
combat damage steps (CR 510.3, 120.2b, 702.49a, 702.49c, 400.7), posted as plain forms; every error is
Japanese and sits on its field."""

import json
import re

import pytest
from django.test import Client

from rules_core import resolve_document
from tutor.board.documents import STARTER_DOCUMENT, event_set, permanent_put
from tutor.board.services import scenario_save
from tutor.models import Scenario

pytestmark = pytest.mark.django_db


def _post(client: Client, url: str, data: dict) -> str:
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return response["Location"]


def _document(location: str) -> dict:
    return Scenario.objects.get(slug=location.strip("/").split("/")[-1]).document


def _creature(name: str, controller: str, power: int, toughness: int, **extra) -> dict:
    return {
        "name": name,
        "controller": controller,
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        **extra,
    }


def _field_error(html: str, field: str) -> str:
    match = re.search(rf'id="error_\d+_id_{field}"[^>]*>\s*<strong>(.*?)</strong>', html, re.S)
    assert match, f"no error on {field}"
    return match.group(1)


@pytest.fixture
def unblocked_first_striker() -> str:
    """c1: A's unblocked 2/1 first striker; c2: A's 《深き刻の忍者》, not in combat."""
    doc = permanent_put(
        document=STARTER_DOCUMENT, data=_creature("《若年の騎士》", "A", 2, 1, keywords=["first_strike"])
    )
    doc = permanent_put(document=doc, data=_creature("《深き刻の忍者》", "A", 2, 2, subtypes=["Ninja"]))
    doc = event_set(document=doc, event={"type": "combat", "attacks": [{"attacker": "c1", "defender": "B"}]})
    return f"/board/s/{scenario_save(document=doc).slug}/"


def test_ninjutsu_through_the_form_puts_the_ninja_in_and_it_deals_regular_damage(unblocked_first_striker):
    """702.49a, 702.49c: the knight (2 first-strike damage) goes back to the hand; the ninja enters tapped
    and attacking B, unblocked, and deals its 2 in the regular step (510.4): B goes 20 → 16."""
    client = Client()
    form = client.get(unblocked_first_striker + "?add=between").content.decode()
    assert "忍術(702.49)" in form
    board = _post(
        client,
        unblocked_first_striker + "event/between/add/",
        {"type": "ninjutsu", "creature": "c2", "returned": "c1", "name": "《深き刻の忍者》の忍術"},
    )
    assert _document(board)["event"]["between_steps"] == [
        {"type": "ninjutsu", "creature": "c2", "returned": "c1", "name": "《深き刻の忍者》の忍術"}
    ]
    page = client.get(board + "?stage=all").content.decode()
    assert "を手札に戻し、《深き刻の忍者》がタップ状態で攻撃している状態で戦場に出ます(702.49a)" in page
    final = page[page.index("最終的な盤面") :]
    assert re.search(r"《若年の騎士》</b>\(手札", final)
    assert "16" in final


def test_a_damage_spell_between_the_steps_through_the_form(unblocked_first_striker):
    """510.3, 120.2b: B's 《ショック》 between the steps deals 2 to the 2/1 first striker, which dies
    (704.5g) before the regular step."""
    client = Client()
    board = _post(
        client,
        unblocked_first_striker + "event/between/add/",
        {
            "type": "damage",
            "damage_to": "c1",
            "amount": "2",
            "source_controller": "B",
            "source_color": "red",
            "name": "《ショック》",
        },
    )
    change = _document(board)["event"]["between_steps"][0]
    assert change == {
        "type": "damage",
        "source": {"controller": "B", "name": "《ショック》", "colors": ["red"], "keywords": []},
        "damage": [{"to": "c1", "amount": 2}],
        "name": "《ショック》",
    }
    page = client.get(board + "?stage=all").content.decode()
    assert "《ショック》が《若年の騎士》に2点のダメージを与えます(120.2b)" in page
    final = page[page.index("最終的な盤面") :]
    assert re.search(r"《若年の騎士》</b>\(墓地", final)


def test_forms2_between_steps_errors_are_japanese_on_their_fields(unblocked_first_striker):
    client = Client()
    url = unblocked_first_striker + "event/between/add/"
    html = client.post(url, {"type": "damage", "source_controller": "B"}).content.decode()
    assert "ダメージを与える相手を選んで" in _field_error(html, "damage_to")
    assert "点数を入力して" in _field_error(html, "amount")
    html = client.post(url, {"type": "ninjutsu", "creature": "c2"}).content.decode()
    assert "ブロックされていない攻撃クリーチャーを選んで" in _field_error(html, "returned")
    html = client.post(url, {"type": "ninjutsu", "creature": "c1", "returned": "c1"}).content.decode()
    assert "手札にあるカード" in _field_error(html, "creature")


def test_import_accepts_the_between_steps_forms_and_the_page_resolves():
    """The JSON import takes § 17's forms; the stored board shows its stages without an error."""
    document = {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [
            _creature("《白騎士》", "A", 2, 2, id="knight", keywords=["first_strike"]),
            _creature("《深き刻の忍者》", "A", 2, 2, id="ninja"),
            _creature("《灰色熊》", "B", 2, 2, id="bear"),
        ],
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "knight", "defender": "B"}],
            "between_steps": [
                {"type": "ninjutsu", "creature": "ninja", "returned": "knight"},
                {
                    "type": "damage",
                    "source": {"name": "《ショック》", "controller": "B", "colors": ["red"]},
                    "damage": [{"to": "ninja", "amount": 2}],
                },
                {"type": "return_to_hand", "creature": "bear", "name": "《送還》"},
            ],
        },
    }
    client = Client()
    response = client.post("/board/import/", {"text": json.dumps(document, ensure_ascii=False)})
    assert response.status_code == 302, response.content.decode()[:2000]
    page = client.get(response["Location"] + "?stage=all")
    assert page.status_code == 200
    html = page.content.decode()
    assert "《送還》で、《灰色熊》はオーナーの手札に戻ります(400.7)" in html
    final = html[html.index("最終的な盤面") :]
    assert re.search(r"《深き刻の忍者》</b>\(墓地", final)


def test_a_delayed_trigger_through_the_noncombat_form():
    """603.7a-b, 603.7d: 《灼熱の血》 deals 2 to the opponent's 2/2, which dies; the delayed ability it made
    then deals 3 to that creature's controller (20 → 17). Players are A, B; c1 is B's bear."""
    doc = permanent_put(document=STARTER_DOCUMENT, data=_creature("《灰色熊》", "B", 2, 2))
    board = f"/board/s/{scenario_save(document=doc).slug}/"
    client = Client()
    form = client.get(board + "?event=noncombat").content.decode()
    assert "遅延誘発型能力:このターン死亡したとき(603.7)" in form
    players = len(doc["players"])
    location = _post(
        client,
        board + "event/noncombat/",
        {
            "source_name": "《灼熱の血》",
            "source_controller": "A",
            "source_colors": ["red"],
            f"amount_{players}": "2",
            "delayed_creature": "c1",
            "delayed_amount": "3",
        },
    )
    event = _document(location)["event"]
    assert event["delayed"] == {"when": "dies", "creature": "c1", "amount": 3}
    page = client.get(location + "?stage=all").content.decode()
    assert "603.7a 遅延誘発型能力が作られる" in page
    assert "遅延誘発型能力を作ります:《灰色熊》がこのターン死亡したとき" in page
    final = page[page.index("最終的な盤面") :]
    assert "17" in final
    missing = client.post(
        board + "event/noncombat/",
        {"source_controller": "A", f"amount_{players}": "2", "delayed_creature": "c1"},
    ).content.decode()
    assert "点数を入力して" in _field_error(missing, "delayed_amount")


def test_a_player_who_left_through_the_player_form():
    """800.4a, 608.2b: with three players, the third marked as having left is dealt nothing by a spell
    that targeted them; the page says why."""
    client = Client()
    board = f"/board/s/{scenario_save(document=STARTER_DOCUMENT).slug}/"
    third = _post(client, board + "players/add/", {"name": "第三者", "life": "20", "poison": "0"})
    new_id = _document(third)["players"][-1]["id"]
    left = _post(
        client,
        third + "players/edit/",
        {"id": new_id, "name": "第三者", "life": "0", "poison": "0", "left": "on"},
    )
    doc = _document(left)
    assert doc["players"][-1]["left"] is True
    spell = {
        "type": "noncombat",
        "source": {"name": "《稲妻》", "controller": "A"},
        "damage": [{"to": new_id, "amount": 3}],
    }
    stored = f"/board/s/{scenario_save(document=event_set(document=doc, event=spell)).slug}/"
    html = client.get(stored + "?stage=all").content.decode()
    assert "ゲームにいないので不正な対象" in html
    assert "800.4a 敗北したプレイヤーがゲームから抜ける" in html


def test_two_player_game_refuses_left_with_a_japanese_error():
    client = Client()
    board = f"/board/s/{scenario_save(document=STARTER_DOCUMENT).slug}/"
    doc = Scenario.objects.get(slug=board.strip("/").split("/")[-1]).document
    second = doc["players"][1]["id"]
    html = client.post(
        board + "players/edit/", {"id": second, "name": "対戦相手", "life": "0", "poison": "0", "left": "on"}
    ).content.decode()
    assert "800.4" in _field_error(html, "left")


def test_a_life_floor_on_the_player_s_own_life_through_the_effect_form():
    """614.1a, 120.4c, 《古鱗のワーム》: the floor 7 while B has 7 or more life; at 20 life the combat damage
    of the board's attacker can't take B below 7, and the sentence names the condition."""
    client = Client()
    response = client.post(
        "/board/s/cr120-4-ex1/effects/add/",
        {
            "type": "life_floor",
            "player": "B",
            "floor": "7",
            "if_life_at_least": "7",
            "name": "《古鱗のワーム》",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    effect = _document(response["Location"])["effects"][-1]
    assert effect == {
        "type": "life_floor",
        "player": "B",
        "floor": 7,
        "if_life_at_least": 7,
        "name": "《古鱗のワーム》",
    }
    page = client.get(response["Location"] + "?stage=all").content.decode()
    assert "7点以上のライフを持っているかぎり" in page


def test_import_accepts_the_delayed_trigger_the_player_who_left_and_the_own_life_floor():
    """§ 17.1, 17.3, 17.5 through the JSON import: C left (800.4a) and is dealt nothing (608.2b); the 2/2
    dies and 《灼熱の血》's delayed ability deals 3 to B (603.7b), whose 《古鱗のワーム》 floor keeps B at 7
    (8 life before the event, 614.1a)."""
    document = {
        "players": [{"id": "A"}, {"id": "B", "life": 8}, {"id": "C", "life": 0, "left": True}],
        "permanents": [_creature("《灰色熊》", "B", 2, 2, id="bear")],
        "effects": [{"type": "life_floor", "player": "B", "floor": 7, "if_life_at_least": 7}],
        "event": {
            "type": "noncombat",
            "source": {"name": "《灼熱の血》", "controller": "A", "colors": ["red"]},
            "damage": [{"to": "bear", "amount": 2}, {"to": "C", "amount": 1}],
            "delayed": {"when": "dies", "creature": "bear", "amount": 3},
        },
    }
    client = Client()
    response = client.post("/board/import/", {"text": json.dumps(document, ensure_ascii=False)})
    assert response.status_code == 302, response.content.decode()[:2000]
    stored = _document(response["Location"])
    assert stored["players"][2]["left"] is True
    assert stored["event"]["delayed"]["amount"] == 3
    html = client.get(response["Location"] + "?stage=all").content.decode()
    assert "603.7a 遅延誘発型能力が作られる" in html
    assert "ゲームにいないので不正な対象" in html
    final = resolve_document(stored)["final"]
    assert final["players"]["B"]["life"] == 7
    assert final["players"]["C"]["life"] == 0
