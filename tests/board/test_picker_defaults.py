"""The place form without traps (issue 26 item 2): on an empty board every role defaults to the
example's own card, so 「置いて、例のように動かす」 works as offered; placing a blocker marks the parts
only 「例のように」 uses (hidden by the stylesheet) and refuses 「例のように」 with a block."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules_core
from tutor.board.card_documents import NEW, PIECE, WHOLE
from tutor.board.forms.cards import WHOLE_ONLY
from tutor.models import Scenario

pytestmark = pytest.mark.django_db


def _document(response) -> dict:
    assert response.status_code == 302, re.findall(r"[^<>]*ください[^<>]*", response.content.decode())
    return Scenario.objects.get(slug=response["Location"].rstrip("/").rsplit("/", 1)[-1]).document


def _selected(page: str, name: str) -> str:
    select = re.search(rf'<select name="{name}".*?</select>', page, re.S)
    assert select, name
    chosen = re.search(r'<option value="([^"]*)" selected>', select.group(0))
    return chosen.group(1) if chosen else ""


def test_on_an_empty_board_the_roles_default_to_new_cards_and_the_example_places(client):
    page = client.get("/board/", {"add": "card", "card": "craw-wurm"}).content.decode()
    assert _selected(page, "role_bear") == NEW
    # what the browser would post with the defaults untouched
    doc = _document(
        client.post(
            "/board/cards/place/", {"card": "craw-wurm", "player": "A", "role_bear": NEW, "how": WHOLE}
        )
    )
    names = sorted(p["name"] for p in doc["permanents"])
    assert names == ["《大喰らいのワーム》", "《灰色熊》"]
    final = rules_core.resolve_document(doc)["final"]
    assert final["permanents"][doc["event"]["attacks"][0]["blockers"][0]]["zone"] == "graveyard"


def test_a_role_with_a_fitting_permanent_keeps_defaulting_to_it(client):
    bear = _document(
        client.post("/board/cards/place/", {"card": "grizzly-bears", "player": "B", "how": PIECE})
    )
    url = f"/board/s/{Scenario.objects.get(document=bear).slug}/"
    page = client.get(url, {"add": "card", "card": "craw-wurm", "player": "A"}).content.decode()
    ident = bear["permanents"][0]["id"]
    assert re.search(rf'<option value="{ident}" selected>', page)


def test_placing_a_blocker_marks_the_example_and_its_roles_as_whole_only(client):
    first = _document(
        client.post(
            "/board/cards/place/",
            {"card": "craw-wurm", "player": "A", "role_bear": NEW, "how": WHOLE},
        )
    )
    url = f"/board/s/{Scenario.objects.get(document=first).slug}/"
    # 《灰色熊》 may block the wurm (a flyer it could not: see test_card_picker_views)
    page = client.get(url, {"add": "card", "card": "grizzly-bears"}).content.decode()
    form = re.search(r'<form[^>]*id="form-card-place".*?</form>', page, re.S)
    assert form
    body = form.group(0)
    assert _selected(body, "block")  # the attacked player's creature blocks by default
    assert f'<div class="{WHOLE_ONLY}"><p class="form-text">カードの例' in body
    assert re.search(rf'class="{WHOLE_ONLY}"[^>]*>\s*<div[^>]*id="div_id_role_bear"', body)
    assert re.search(rf'id="place-whole" class="btn {WHOLE_ONLY}"', body)
    assert 'id="place-piece" class="btn btn-primary"' in body
    # the stylesheet hides them while a block is chosen
    css = (Path(__file__).resolve().parents[2] / "static/css/board.css").read_text(encoding="utf-8")
    assert f'#form-card-place:has(select[name="block"] option:checked:not([value=""])) .{WHOLE_ONLY}' in css


def test_the_example_with_a_block_is_refused_on_the_block_field(client):
    first = _document(
        client.post(
            "/board/cards/place/", {"card": "craw-wurm", "player": "A", "role_bear": NEW, "how": WHOLE}
        )
    )
    url = f"/board/s/{Scenario.objects.get(document=first).slug}/"
    wurm = first["event"]["attacks"][0]["attacker"]
    post = {"card": "grizzly-bears", "player": "B", "block": wurm}
    response = client.post(f"{url}cards/place/", {**post, "how": WHOLE})
    assert response.status_code == 422
    assert "ブロックさせるときは「盤面に置く」で置いてください" in response.content.decode()
    placed = _document(client.post(f"{url}cards/place/", {**post, "how": PIECE}))
    assert len(placed["event"]["attacks"][0]["blockers"]) == 2  # CR 509.1a: two creatures block the wurm


def test_the_two_blocker_trample_starter_is_legal_and_answers_its_question(client):
    """CR 702.19b: 《巨大な戦慄大口》 blocked by 《灰色熊》 and 《ラノワールのエルフ》: 2 and 1 are lethal, 3 go through."""
    page = client.get("/board/").content.decode()
    assert 'id="starter-trample-two"' in page
    doc = _document(client.post("/board/cards/starter/", {"starter": "trample-two"}))
    [attack] = doc["event"]["attacks"]
    names = {p["id"]: p["name"] for p in doc["permanents"]}
    assert sorted(names[b] for b in attack["blockers"]) == ["《ラノワールのエルフ》", "《灰色熊》"]
    final = rules_core.resolve_document(doc)["final"]  # a block the cards forbid would raise here
    assert final["players"]["B"]["life"] == 17
    assert all(final["permanents"][b]["zone"] == "graveyard" for b in attack["blockers"])
