"""The board page as data (``tutor.board.page``), built without a request; one parse per request."""

from __future__ import annotations

import pytest

from rules_core import parse_scenario
from tutor.board import documents
from tutor.board.documents import STARTER_DOCUMENT, event_set, permanent_put
from tutor.board.page import BoardPage, build_board_page
from tutor.board.services import scenario_save
from tutor.board.views.flow import board_urls

pytestmark = pytest.mark.django_db

BEAR = {"name": "灰色熊", "controller": "B", "types": ["creature"], "power": 2, "toughness": 2}


def _bolted() -> dict:
    """CR 120.3e: 3 damage from a spell to a 2/2 creature (lethal, CR 704.5g)."""
    board = permanent_put(document=STARTER_DOCUMENT, data=BEAR)
    return event_set(
        document=board,
        event={
            "type": "noncombat",
            "source": {"name": "稲妻", "controller": "A", "colors": ["red"]},
            "damage": [{"to": "c1", "amount": 3}],
        },
    )


def test_the_empty_board_is_a_draft_with_the_menu():
    page = build_board_page(
        scenario=None, document=STARTER_DOCUMENT, parsed=None, params={}, urls=board_urls(None)
    )
    assert isinstance(page, BoardPage)
    assert page.draft and not page.broken and page.result is None
    assert [p["name"] for p in page.pieces["players"]] == ["あなた", "対戦相手"]
    assert page.editor["mode"] == "menu"
    assert page.editor["picker"]["starters"] and not page.editor["picker"]["searched"]  # the card picker
    assert page.context()["nav"] == "board"


def test_a_stage_parameter_shows_the_result_and_names_the_destruction():
    """CR 704.5g: the 2/2 with 3 damage marked is destroyed when state-based actions are checked."""
    document = _bolted()
    stored = scenario_save(document=document)
    parsed = parse_scenario(stored.document)
    page = build_board_page(
        scenario=stored,
        document=stored.document,
        parsed=parsed,
        params={"stage": "all"},
        urls=board_urls(stored),
    )
    assert page.result is not None and page.result["legal"]
    assert page.stage_nav is not None and page.stage_nav["all"]
    assert page.announce.startswith("全") and "段階" in page.announce
    assert any("704" in stage["title"] for stage in page.result["stages"])


def test_an_edit_parses_its_new_document_once(client, monkeypatch):
    stored = scenario_save(document=_bolted())
    calls = []
    real = documents.parse_scenario

    def counting(document):
        calls.append(document)
        return real(document)

    monkeypatch.setattr(documents, "parse_scenario", counting)
    response = client.post(
        f"/board/s/{stored.slug}/permanents/edit/",
        {
            "id": "c1",
            "name": "大きな熊",
            "controller": "B",
            "types": ["creature"],
            "power": "4",
            "toughness": "4",
        },
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="form-permanent",
    )
    assert response.status_code == 200 and "大きな熊" in response.content.decode()
    assert response["HX-Retarget"] == "#board-app"
    assert "HX-Request" in response["Vary"]
    assert len(calls) == 1
