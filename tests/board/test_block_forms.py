"""The board's forms and import with block restrictions (issue 23 item 1): a block the rules forbid is
refused with the engine's Japanese message naming the rule, never a 500, and nothing is stored."""

from __future__ import annotations

import html
import json

import pytest
from django.test import Client

from tutor.board.documents import STARTER_DOCUMENT, event_set, permanent_put
from tutor.board.services import scenario_save
from tutor.models import Scenario

pytestmark = pytest.mark.django_db


def _creature(name: str, controller: str, power: int, toughness: int, **extra: object) -> dict[str, object]:
    return {
        "name": name,
        "controller": controller,
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        **extra,
    }


def _board(*creatures: dict[str, object]) -> tuple[str, dict[str, object]]:
    doc: dict[str, object] = dict(STARTER_DOCUMENT)
    for creature in creatures:
        doc = permanent_put(document=doc, data=creature)
    return f"/board/s/{scenario_save(document=doc).slug}/", doc


def _combat_fields(
    doc: dict[str, object], attacks: dict[str, str], blocks: dict[str, list[str]]
) -> dict[str, object]:
    """The combat form's fields (named by board position: ``attack_0``, ``blocks_1``) from creature ids."""
    creatures = [p["id"] for p in doc["permanents"] if "creature" in p["types"]]  # type: ignore[index, union-attr]
    data: dict[str, object] = {f"attack_{creatures.index(a)}": d for a, d in attacks.items()}
    data.update({f"blocks_{creatures.index(b)}": targets for b, targets in blocks.items()})
    return data


def test_the_combat_form_refuses_a_bear_blocking_a_flyer_in_japanese():
    """CR 702.9b: 《灰色熊》 can't block the flying 《疫病のとげ刺し》: the page says so, the board stays."""
    url, doc = _board(
        _creature("疫病のとげ刺し", "A", 1, 1, keywords=["flying", "infect"]),
        _creature("灰色熊", "B", 2, 2),
    )
    before = Scenario.objects.count()
    response = Client().post(f"{url}event/combat/", _combat_fields(doc, {"c1": "B"}, {"c2": ["c1"]}))
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert "飛行も到達も持たないクリーチャーにはブロックされません" in page and "702.9b" in page
    assert Scenario.objects.count() == before


def test_the_combat_form_accepts_reach_and_the_board_resolves():
    """CR 702.17b: 《大蜘蛛》 with reach blocks the flyer; the new board is stored and shown."""
    url, doc = _board(
        _creature("疫病のとげ刺し", "A", 1, 1, keywords=["flying", "infect"]),
        _creature("大蜘蛛", "B", 2, 4, keywords=["reach"]),
    )
    response = Client().post(f"{url}event/combat/", _combat_fields(doc, {"c1": "B"}, {"c2": ["c1"]}))
    assert response.status_code == 302
    stored = Scenario.objects.get(slug=response["Location"].strip("/").split("/")[-1]).document
    assert stored["event"]["attacks"][0]["blockers"] == ["c2"]


def test_the_combat_form_refuses_one_blocker_on_menace_and_a_double_block():
    """CR 702.111b: menace needs two blockers; 509.1a: a creature blocks one attacker unless it can block more."""
    url, doc = _board(
        _creature("威迫を持つ3/3", "A", 3, 3, keywords=["menace"]),
        _creature("熊", "A", 2, 2),
        _creature("壁", "B", 0, 4),
    )
    client = Client()
    menace = client.post(f"{url}event/combat/", _combat_fields(doc, {"c1": "B"}, {"c3": ["c1"]}))
    assert menace.status_code == 422 and "702.111b" in html.unescape(menace.content.decode())
    url, doc = _board(_creature("熊", "A", 2, 2), _creature("エルフ", "A", 1, 1), _creature("壁", "B", 0, 4))
    double = client.post(
        f"{url}event/combat/", _combat_fields(doc, {"c1": "B", "c2": "B"}, {"c3": ["c1", "c2"]})
    )
    assert double.status_code == 422 and "509.1a" in html.unescape(double.content.decode())


def test_the_permanent_form_sets_block_abilities_and_keeps_them_on_edit():
    """§ 13: the permanent form's flying, "can't block", additional blocks; the filters other forms set stay."""
    client = Client()
    response = client.post(
        "/board/permanents/add/",
        {
            "name": "《フォライアスの大部隊》",
            "controller": "B",
            "types": ["creature"],
            "power": 2,
            "toughness": 4,
            "keywords": ["flying"],
            "cant_block": "",
            "additional_blocks": 1,
        },
    )
    assert response.status_code == 302
    stored = Scenario.objects.get(slug=response["Location"].strip("/").split("/")[-1]).document
    brigade = stored["permanents"][-1]
    assert brigade["keywords"] == ["flying"] and brigade["additional_blocks"] == 1
    assert "cant_block" not in brigade


def test_a_defender_attacking_is_refused_on_the_combat_form():
    """CR 702.3b, 508.1c: 《石の壁》 can't attack."""
    url, doc = _board(_creature("石の壁", "A", 0, 8, keywords=["defender"]))
    response = Client().post(f"{url}event/combat/", _combat_fields(doc, {"c1": "B"}, {}))
    assert response.status_code == 422
    assert "防衛を持つクリーチャーは攻撃できません" in html.unescape(response.content.decode())


def test_import_refuses_an_illegal_block_naming_the_rule():
    """CR 509.1b: an imported document whose 《荒廃の工作員》 is blocked is refused, in Japanese."""
    _url, doc = _board(
        _creature("荒廃の工作員", "A", 1, 1, keywords=["infect"], cant_be_blocked=True),
        _creature("灰色熊", "B", 2, 2),
    )
    doc = event_set(
        document=doc,
        event={"type": "combat", "attacks": [{"attacker": "c1", "defender": "B", "blockers": ["c2"]}]},
    )
    response = Client().post("/board/import/", {"text": json.dumps(doc, ensure_ascii=False)})
    assert response.status_code in (200, 422)
    page = html.unescape(response.content.decode())
    assert "読み込めませんでした" in page and "ブロックされません" in page and "509.1b" in page


def test_the_board_page_shows_each_creatures_block_abilities():
    """§ 13: the curated boards show 飛行・到達 and 「ブロックされない」/「追加で1体ブロックできる」 by the creature."""
    client = Client()
    for slug, shown in (
        ("cr702-9b-reach", ("飛行", "到達")),
        ("cr509-1b-agent", ("ブロックされない",)),
        ("cr509-1a-brigade", ("追加で1体ブロックできる",)),
        ("cr509-1b-beast", ("パワーが2以下のクリーチャーにはブロックされない",)),
    ):
        response = client.get(f"/board/s/{slug}/")
        assert response.status_code == 200
        page = html.unescape(response.content.decode())
        assert all(word in page for word in shown), slug


def test_the_card_picker_places_a_flyer_with_flying_and_refuses_a_bear_blocking_it():
    """CR 702.9b: 《疫病のとげ刺し》 is placed with its flying; 《灰色熊》 placed to block it is refused
    on the form (nothing stored), while 《命取りの出家蜘蛛》 with reach may block it (702.17b)."""
    from tutor.board.card_documents import PIECE, WHOLE

    client = Client()
    placed = client.post("/board/cards/place/", {"card": "plague-stinger", "player": "A", "how": WHOLE})
    assert placed.status_code == 302
    url = placed["Location"]
    doc = Scenario.objects.get(slug=url.strip("/").split("/")[-1]).document
    stinger = next(p for p in doc["permanents"] if p["name"] == "《疫病のとげ刺し》")
    assert "flying" in stinger["keywords"]
    before = Scenario.objects.count()
    bear = client.post(
        f"{url}cards/place/", {"card": "grizzly-bears", "player": "B", "how": PIECE, "block": stinger["id"]}
    )
    assert bear.status_code == 422
    assert "702.9b" in html.unescape(bear.content.decode())
    assert Scenario.objects.count() == before
    spider = client.post(
        f"{url}cards/place/", {"card": "deadly-recluse", "player": "B", "how": PIECE, "block": stinger["id"]}
    )
    assert spider.status_code == 302
