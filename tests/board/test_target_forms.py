"""The board's noncombat form says which recipients are targets (CR 115.1) and whether ward was paid
(702.21a); an illegal target is refused on its own checkbox in Japanese (601.2c), never a 500."""

import re

import pytest
from django.test import Client

from tutor.models import Scenario

pytestmark = pytest.mark.django_db


def _post(client: Client, url: str, data: dict) -> str:
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return response["Location"]


def _document(location: str) -> dict:
    return Scenario.objects.get(slug=location.strip("/").split("/")[-1]).document


def _board(client: Client, **extra: object) -> str:
    return _post(
        client,
        "/board/permanents/add/",
        {
            "name": "《トロールの苦行者》",
            "controller": "B",
            "types": ["creature"],
            "power": "3",
            "toughness": "2",
            **extra,
        },
    )


def _recipient_index(client: Client, board: str) -> int:
    form = client.get(board + "?event=noncombat").content.decode()
    names = re.findall(r'name="amount_(\d+)"', form)
    return int(names[-1])  # players first, then the permanent


def test_an_opponents_spell_targeting_a_hexproof_creature_is_refused_on_its_checkbox() -> None:
    # CR 702.11b, 601.2c: the form shows the engine's Japanese refusal on the target checkbox (422, not 500).
    client = Client()
    board = _board(client, keywords=["hexproof"])
    i = _recipient_index(client, board)
    response = client.post(
        board + "event/noncombat/",
        {
            "source_controller": "A",
            "source_name": "《火葬》",
            "source_colors": ["red"],
            f"amount_{i}": "3",
            f"target_{i}": "on",
        },
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert re.search(rf'id="error_\d+_id_target_{i}"', html) and "702.11b" in html


def test_each_creature_reaches_a_hexproof_creature_and_a_target_flag_is_saved() -> None:
    # CR 115.10a: without the target box the damage targets nothing and hexproof doesn't stop it.
    client = Client()
    board = _board(client, keywords=["hexproof"])
    i = _recipient_index(client, board)
    saved = _post(client, board + "event/noncombat/", {"source_controller": "A", f"amount_{i}": "3"})
    assert _document(saved)["event"]["damage"] == [{"to": "c1", "amount": 3}]
    assert "targets" not in _document(saved)["event"]
    saved = _post(
        client,
        board + "event/noncombat/",
        {"source_controller": "B", f"amount_{i}": "3", f"target_{i}": "on"},
    )
    assert _document(saved)["event"]["damage"] == [{"to": "c1", "amount": 3}]
    assert _document(saved)["event"]["targets"] == ["c1"]


def test_ward_is_set_on_the_permanent_form_and_paid_on_the_event_form() -> None:
    # CR 702.21a: a permanent's ward cost; paid, the spell is not countered.
    client = Client()
    board = _board(client, ward="{2}")
    assert _document(board)["permanents"][0]["ward"] == "{2}"
    i = _recipient_index(client, board)
    saved = _post(
        client,
        board + "event/noncombat/",
        {"source_controller": "A", f"amount_{i}": "3", f"target_{i}": "on", f"ward_paid_{i}": "on"},
    )
    event = _document(saved)["event"]
    assert event["damage"] == [{"to": "c1", "amount": 3}]
    assert event["targets"] == ["c1"] and event["ward_paid"] == ["c1"]
    response = client.post(
        board + "event/noncombat/", {"source_controller": "A", f"amount_{i}": "3", f"ward_paid_{i}": "on"}
    )
    assert response.status_code == 422 and "702.21a" in response.content.decode()


def test_a_curated_608_2b_board_shows_its_target_stages(client: Client) -> None:
    # CR 608.2b: the page names the illegal target's stage in Japanese and cites the rules.
    html = client.get("/board/s/cr608-2b-split/?stage=all").content.decode()
    assert "608.2b 解決時の対象の確認" in html and "601.2c 対象の選択" in html
    assert "不正な対象" in html or "対象として不正" in html
    html = client.get("/board/s/cr702-21a-unpd/?stage=all").content.decode()
    assert "702.21a 護法" in html and "打ち消されます" in html
