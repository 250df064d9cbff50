"""The board refuses an illegal target of a fight, a bite, a destroy spell and a triggered ability (§ 14.4) as
it is declared: 422 with the engine's Japanese message naming the rule, on the field it is about, never a 500.
Legal targets are saved and the page stages their check (608.2b)."""

import json
import re

import pytest
from django.test import Client

from tutor.board.documents import STARTER_DOCUMENT, permanent_put
from tutor.board.services import scenario_save
from tutor.models import Scenario

pytestmark = pytest.mark.django_db


def _creature(name: str, controller: str, power: int, toughness: int, **extra: object) -> dict:
    return {
        "name": name,
        "controller": controller,
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        **extra,
    }


@pytest.fixture
def board() -> str:
    """A's 6/4 wurm (c1), B's hexproof Troll Ascetic (c2) and B's plain bear (c3)."""
    doc = permanent_put(document=STARTER_DOCUMENT, data=_creature("《大喰らいのワーム》", "A", 6, 4))
    doc = permanent_put(
        document=doc, data=_creature("《トロールの苦行者》", "B", 3, 2, keywords=["hexproof"])
    )
    doc = permanent_put(document=doc, data=_creature("《灰色熊》", "B", 2, 2))
    return f"/board/s/{scenario_save(document=doc).slug}/"


def _field_error(html: str, field: str) -> str:
    match = re.search(rf'id="error_\d+_id_{field}[^"]*"[^>]*>\s*<strong>(.*?)</strong>', html, re.S)
    assert match, f"no error on {field}"
    return match.group(1)


def _document(location: str) -> dict:
    return Scenario.objects.get(slug=location.strip("/").split("/")[-1]).document


def test_fight_and_bite_forms_refuse_an_opponents_hexproof_target(client: Client, board: str) -> None:
    # CR 702.11b, 601.2c: 《捕食》 can't target the opponent's 《トロールの苦行者》; the refusal sits on the targets.
    fight = {"fighter_1": "c1", "fighter_2": "c2", "name": "《捕食》", "spell_controller": "A"}
    response = client.post(
        board + "event/fight/", {**fight, "spell_colors": ["green"], "targets": ["c1", "c2"]}
    )
    assert response.status_code == 422
    error = _field_error(response.content.decode(), "targets")
    assert "呪禁を持っています" in error and "(702.11b, 601.2c)" in error
    bite = {
        "source": "c1",
        "to": "c2",
        "name": "《狂気の一咬み》",
        "spell_controller": "A",
        "targets": ["c1", "c2"],
    }
    response = client.post(board + "event/bite/", bite)
    assert response.status_code == 422 and "702.11b" in _field_error(response.content.decode(), "targets")
    # targets without the spell's controller: a form error, in Japanese
    response = client.post(board + "event/fight/", {"fighter_1": "c1", "fighter_2": "c3", "targets": ["c3"]})
    assert response.status_code == 422
    assert "コントローラーを選んでください" in _field_error(response.content.decode(), "spell_controller")


def test_a_legal_fight_is_saved_with_its_targets_and_checked_on_resolution(
    client: Client, board: str
) -> None:
    # CR 608.2b: 《捕食》 on the bear: targets saved, the page stages both checks; the bear dies (704.5g).
    data = {
        "fighter_1": "c1",
        "fighter_2": "c3",
        "name": "《捕食》",
        "spell_controller": "A",
        "targets": ["c1", "c3"],
    }
    response = client.post(board + "event/fight/", {**data, "spell_colors": ["green"]})
    assert response.status_code == 302, response.content.decode()[:2000]
    event = _document(response["Location"])["event"]
    assert event["spell"] == {"controller": "A", "name": "《捕食》", "colors": ["green"]} and event[
        "targets"
    ] == ["c1", "c3"]
    page = client.get(response["Location"] + "?stage=all").content.decode()
    assert "601.2c 対象の選択" in page and "608.2b 解決時の対象の確認" in page
    assert "対象はすべて適正なままです" in page


def test_destroy_form_refuses_a_hexproof_target_only_when_it_targets(client: Client, board: str) -> None:
    # CR 702.11b: 《殺害》 ("destroy target creature") can't target it; "destroy all" (115.10a) reaches it.
    murder = {
        "source_name": "《殺害》",
        "source_controller": "A",
        "source_colors": ["black"],
        "targets": ["c2"],
    }
    response = client.post(board + "event/destroy/", {**murder, "targeted": "on"})
    assert response.status_code == 422
    assert "(702.11b, 601.2c)" in _field_error(response.content.decode(), "targets")
    response = client.post(board + "event/destroy/", murder)
    assert response.status_code == 302
    assert "targeted" not in _document(response["Location"])["event"]


def test_trigger_form_refuses_a_hexproof_target_of_an_ability(client: Client, board: str) -> None:
    # CR 603.3d, 702.11b: the wurm's "deals 2 damage to target creature" can't target B's hexproof Troll.
    ability = {"permanent": "c1", "when": "dealt_damage", "effect": "damage", "amount": "2", "targeted": "on"}
    response = client.post(board + "permanents/triggers/add/", {**ability, "target": "c2"})
    assert response.status_code == 422
    error = _field_error(response.content.decode(), "target")
    assert "呪禁を持っています" in error and "603.3d" in error
    response = client.post(board + "permanents/triggers/add/", {**ability, "target": "controller"})
    assert response.status_code == 422
    assert "(115.1)" in _field_error(response.content.decode(), "targeted")
    response = client.post(board + "permanents/triggers/add/", {**ability, "target": "c3"})
    assert response.status_code == 302
    wurm = next(p for p in _document(response["Location"])["permanents"] if p["id"] == "c1")
    assert wurm["triggers"][0]["effect"] == {"type": "damage", "amount": 2, "to": "c3", "target": True}


def test_importing_an_illegal_bite_target_is_a_japanese_422(client: Client) -> None:
    # CR 702.18a: shroud — no spell may target it; the import says where and why, never a 500.
    document = {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [
            {"id": "wurm", "controller": "A", "types": ["creature"], "power": 6, "toughness": 4},
            {
                "id": "shr",
                "name": "《被覆の熊》",
                "controller": "B",
                "types": ["creature"],
                "power": 2,
                "toughness": 2,
                "keywords": ["shroud"],
            },
        ],
        "event": {
            "type": "bite",
            "source": "wurm",
            "to": "shr",
            "spell": {"controller": "A"},
            "targets": ["shr"],
        },
    }
    response = client.post("/board/import/", {"text": json.dumps(document, ensure_ascii=False)})
    assert response.status_code == 422
    html = response.content.decode()
    assert "event.targets[0]" in html and "被覆を持っています" in html and "702.18a" in html


@pytest.mark.parametrize(
    ("slug", "shown"),
    [
        (
            "cr701-14b-hex",
            ["608.2b 解決時の対象の確認", "どちらのクリーチャーも格闘を行わず", "(701.14b, 608.2b)"],
        ),
        ("cr608-2b-bite", ["緑からのプロテクション", "《狂気の一咬み》の公式ルーリング"]),
        ("cr702-21a-abil", ["702.21a 護法", "(603.3d, 115.1)", "(702.21a, 701.6a)"]),
        ("cr702-21a-kill", ["601.2c 対象の選択", "701.8 破壊"]),
        ("cr701-21a-sac", ["終了ステップ", "513.1 終了ステップの開始", "701.21a 生け贄に捧げる", "再生"]),
    ],
)
def test_the_curated_boards_show_their_stages_in_japanese(
    client: Client, slug: str, shown: list[str]
) -> None:
    # CR 608.2b, 701.14b, 702.21a, 701.21a: each board's page names the stage and the rule, in Japanese.
    response = client.get(f"/board/s/{slug}/?stage=all")
    assert response.status_code == 200
    text = re.sub(r"<[^>]+>", "", response.content.decode())  # rule numbers are links
    assert [part for part in shown if part not in text] == []
    assert "end_step" not in text


def test_the_noncombat_form_sets_the_end_step_sacrifice(client: Client, board: str) -> None:
    # CR 603.7a, 701.21a: "at the beginning of the next end step, sacrifice it" made by the spell; one delayed ability.
    spell = {"source_controller": "A", "source_name": "《稲妻》", "source_colors": ["red"]}
    form = client.get(board + "?event=noncombat").content.decode()
    i = int(re.findall(r'name="amount_(\d+)"', form)[-1])  # the last recipient: the bear (c3)
    data = {**spell, f"amount_{i}": "3", "sacrifice_creature": "c1"}
    response = client.post(board + "event/noncombat/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert _document(response["Location"])["event"]["delayed"] == {"when": "end_step", "creature": "c1"}
    page = client.get(response["Location"] + "?stage=all").content.decode()
    assert "701.21a 生け贄に捧げる" in re.sub(r"<[^>]+>", "", page)
    both = client.post(board + "event/noncombat/", {**data, "delayed_creature": "c3", "delayed_amount": "3"})
    assert both.status_code == 422
    assert "1つだけ" in _field_error(both.content.decode(), "sacrifice_creature")
