"""Shield counters, tapped, protection from any quality and "as though it weren't blocked" on the
permanent form, protection on the player form (plain POSTs; issue 11)."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.model import protection as pr
from tutor.board.forms.pieces import _protection_join, _protection_split
from tutor.models import Scenario

pytestmark = pytest.mark.django_db

CREATURE = {"name": "聖域の番人", "controller": "B", "types": ["creature"], "power": "5", "toughness": "5"}


def _document(location: str) -> dict:
    return Scenario.objects.get(slug=location.split("/")[3]).document


def test_the_permanent_form_has_the_new_fields_and_a_details_disclosure(client):
    html = client.get("/board/?add=creature").content.decode()
    assert "盾カウンター" in html and "タップしている" in html
    assert 'value="everything"' in html and 'value="multicolored"' in html and 'value="artifacts"' in html
    assert 'value="artifact"' in html and 'value="enchantment"' in html
    details = re.search(r"<details[^>]*>\s*<summary>詳しく</summary>(.*?)</details>", html, re.S)
    assert details and 'name="may_assign_as_though_unblocked"' in details.group(1)


def test_shield_counters_tapped_and_protection_qualities_are_written_and_read_back(client):
    response = client.post(
        "/board/permanents/add/",
        {
            **CREATURE,
            "types": ["creature", "artifact"],
            "shield_counters": "2",
            "tapped": "on",
            "protection": ["everything", "green"],
            "protection_players": ["A"],
            "protection_after_blocks": ["green", "player:A"],
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    permanent = _document(response["Location"])["permanents"][-1]
    assert permanent["types"] == ["creature", "artifact"]
    assert permanent["counters"]["shield"] == 2
    assert permanent["tapped"] is True
    # 702.16: plain strings, a player as an object, "after_blocks" marked (509.1h)
    assert permanent["protection"] == [
        {"from": "green", "after_blocks": True},
        "everything",
        {"player": "A", "after_blocks": True},
    ]
    page = client.get(response["Location"]).content.decode()
    assert "プロテクション(" in page and "すべて" in page
    edit = client.get(response["Location"] + f"?edit={permanent['id']}").content.decode()
    assert re.search(r'name="shield_counters" value="2"', edit)
    assert re.search(r'value="everything"[^>]*checked', edit)
    assert re.search(r'name="protection_players" value="A"[^>]*checked', edit)
    assert re.search(r'name="protection_after_blocks" value="player:A"[^>]*checked', edit)
    assert re.search(r'name="tapped"[^>]*checked', edit)


def test_thorn_elemental_may_assign_as_though_unblocked(client):
    response = client.post(
        "/board/permanents/add/",
        {**CREATURE, "name": "茨の精霊", "controller": "A", "may_assign_as_though_unblocked": "on"},
    )
    assert response.status_code == 302
    assert _document(response["Location"])["permanents"][-1]["may_assign_as_though_unblocked"] is True


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"types": ["artifact"]}, "types", "一緒に選んでください"),
        (
            {"protection": ["red"], "protection_after_blocks": ["green"]},
            "protection_after_blocks",
            "上のプロテクション",
        ),
        ({"shield_counters": "-1"}, "shield_counters", "0 以上"),
        ({"shield_counters": "1000001"}, "shield_counters", "1000000 以下"),
        (
            {"types": ["planeswalker"], "loyalty": "3", "may_assign_as_though_unblocked": "on"},
            "may_assign_as_though_unblocked",
            "クリーチャーだけ",
        ),
    ],
)
def test_bad_values_come_back_in_japanese_on_their_field(client, data, field, message):
    response = client.post("/board/permanents/add/", {**CREATURE, **data})
    assert response.status_code == 422
    html = response.content.decode()
    assert message in html
    assert re.search(rf'id="error_1_id_{field}"', html), field


def test_a_player_with_protection(client):
    """702.16k: players can have protection (Teferi's Protection: everything)."""
    response = client.post(
        "/board/players/add/", {"name": "第三者", "life": "20", "poison": "0", "protection": ["everything"]}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    player = _document(response["Location"])["players"][-1]
    assert player["protection"] == ["everything"]
    edit = client.get(response["Location"] + f"?edit={player['id']}").content.decode()
    assert re.search(r'value="everything"[^>]*checked', edit)
    response = client.post(
        response["Location"] + "players/edit/",
        {"id": player["id"], "name": "第三者", "life": "20", "poison": "0", "protection_players": ["A"]},
    )
    assert _document(response["Location"])["players"][-1]["protection"] == [{"player": "A"}]


@given(
    plain=st.sets(st.sampled_from(pr.QUALITIES)),
    players=st.sets(st.sampled_from(["A", "B", "C"])),
    data=st.data(),
)
def test_protection_written_then_read_back_is_the_same_choice(plain, players, data):
    """702.16, 509.1h: what the form writes (strings, {"player"}, "after_blocks") it reads back as chosen,
    each quality once (702.16m)."""
    chosen = sorted(plain) + [pr.player_quality(p) for p in sorted(players)]
    late = data.draw(st.sets(st.sampled_from(chosen)) if chosen else st.just(set()))
    doc = _protection_join(sorted(plain), sorted(players), sorted(late))
    assert len(doc) == len(chosen)
    back_plain, back_players, back_late = _protection_split(doc)
    assert set(back_plain) == plain and set(back_players) == players and set(back_late) == late
    assert _protection_join(back_plain, back_players, back_late) == doc
