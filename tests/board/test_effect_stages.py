"""The stages of shield counters, destruction, regeneration, redirection and 615.5 on the board page:
Japanese titles, the paragraphs linked, and the 616.1 comparison of the new kinds."""

import pytest

from tutor.board.documents import STARTER_DOCUMENT, permanent_put
from tutor.board.services import scenario_save
from tutor.models import Scenario
from tutor.results.choices import choices_compare

pytestmark = pytest.mark.django_db


def _board(doc: dict) -> str:
    return f"/board/s/{scenario_save(document=doc).slug}/"


def _two_creatures() -> dict:
    doc = permanent_put(
        document=STARTER_DOCUMENT,
        data={
            "name": "蠢く骸骨",
            "controller": "B",
            "types": ["creature"],
            "power": 1,
            "toughness": 1,
        },
    )
    return permanent_put(
        document=doc,
        data={
            "name": "聖域の番人",
            "controller": "B",
            "types": ["creature"],
            "power": 5,
            "toughness": 5,
            "counters": {"shield": 2},
        },
    )


def test_a_destroy_event_through_its_form_and_its_701_8_stage(client):
    """CR 701.8a, 701.19c, 122.1c (ruling 2022-04-29: removing a shield counter isn't regenerating):
    Wrath of God's "can't be regenerated" leaves the skeleton's shield unused; the warden loses a counter."""
    doc = _two_creatures()
    doc["effects"] = [{"type": "regenerate", "on": "c1", "name": "《蠢く骸骨》の再生"}]
    board = _board(doc)
    form = client.get(board + "?event=destroy").content.decode()
    assert 'id="form-destroy"' in form and "破壊するパーマネント" in form
    response = client.post(
        board + "event/destroy/",
        {
            "source_name": "《神の怒り》",
            "source_controller": "A",
            "targets": ["c1", "c2"],
            "cant_be_regenerated": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    location = response["Location"]
    event = Scenario.objects.get(slug=location.split("/")[3]).document["event"]
    assert event == {
        "type": "destroy",
        "source": {"controller": "A", "colors": [], "keywords": [], "name": "《神の怒り》"},
        "targets": ["c1", "c2"],
        "cant_be_regenerated": True,
    }
    page = client.get(location + "?stage=all").content.decode()
    assert "701.8 破壊" in page
    assert "《神の怒り》が蠢く骸骨と聖域の番人を破壊します(701.8a)。" in page
    assert '/#cr-701.8a"' in page
    assert "盾カウンター: 2個 → 1個" in page
    assert "盾カウンター×1" in page  # the card at the end


def test_a_destroy_event_without_targets_is_refused_in_japanese(client):
    board = _board(_two_creatures())
    response = client.post(board + "event/destroy/", {"source_controller": "A"})
    assert response.status_code == 422
    assert "破壊するパーマネントを1つ以上選んでください。" in response.content.decode()


def test_regeneration_in_combat_shows_tapped_and_removed_from_combat(client):
    """CR 701.19a, 506.4: the regenerated troll is tapped and removed from combat."""
    slug = "cr701-19a"
    page = client.get(f"/board/s/{slug}/?stage=all").content.decode()
    assert "タップ状態: いいえ → はい" in page
    assert "戦闘から取り除かれたか: いいえ → はい" in page
    assert ">タップ</text>" in page and ">戦闘外</text>" in page  # the card's pills at the end
    before = client.get(f"/board/s/{slug}/").content.decode()
    assert ">戦闘外</text>" not in before


def test_the_615_5_stage_has_its_title_and_the_new_damage_event_is_marked(client):
    """CR 615.5: Deflecting Palm's damage is a new event after the prevention."""
    page = client.get("/board/s/cr615-5-c/?stage=all").content.decode()
    assert "615.5 軽減に伴う追加の効果" in page
    assert "(615.5の追加の効果が与えるダメージ)" in page
    assert 'href="/cr/615/#cr-615.5"' in page


def test_redirection_says_where_the_damage_went(client):
    page = client.get("/board/s/cr614-9/?stage=all").content.decode()
    assert "あなたへのダメージ: 3点 → 0点(代わりに《灰色熊》へ、614.9)" in page


def test_the_616_1_comparison_offers_a_plus_n_and_a_doubler_in_both_orders():
    """CR 616.1: Torbran's +2 and a doubler on 3 damage to the opponent: (3+2)×2 = 10 or 3×2+2 = 8;
    the affected player chooses."""
    doc = {
        **STARTER_DOCUMENT,
        "effects": [
            {
                "type": "damage_plus",
                "amount": 2,
                "from_controller": "A",
                "source_color": "red",
                "to_opponents": True,
            },
            {"type": "damage_multiplier", "factor": 2},
        ],
        "event": {
            "type": "noncombat",
            "source": {"name": "《稲妻》", "controller": "A", "colors": ["red"]},
            "damage": [{"to": "B", "amount": 3}],
        },
    }
    decisions = choices_compare(document=doc)
    (order,) = [d for d in decisions if d["kind"] == "replacement_order"]
    assert order["affected"] == "B"
    lives = {o["value"]: o["result"]["final"]["players"]["B"]["life"] for o in order["options"]}
    assert lives == {"0,1": 10, "1,0": 12}
    assert order["differs"]


def test_the_616_1_comparison_includes_a_shield_counter():
    """CR 122.1c, 616.1: a shield counter takes part in the order; with a prevention shield first, the
    counter stays when all the damage is already prevented (616.1f)."""
    doc = _two_creatures()
    doc["effects"] = [{"type": "prevent_next", "to": "c2", "amount": 3, "name": "盾"}]
    doc["event"] = {
        "type": "noncombat",
        "source": {"name": "《稲妻》", "controller": "A", "colors": ["red"]},
        "damage": [{"to": "c2", "amount": 3}],
    }
    decisions = choices_compare(document=doc)
    (order,) = [d for d in decisions if d["kind"] == "replacement_order"]
    labels = {tuple(o["labels"]) for o in order["options"]}
    assert labels == {("盾カウンター", "盾"), ("盾", "盾カウンター")}
    counters = {
        tuple(o["labels"]): o["result"]["final"]["permanents"]["c2"].get("counters", {}).get("shield")
        for o in order["options"]
    }
    # counter first: it prevents the 3 and one counter goes; shield first: nothing is left (616.1f)
    assert counters[("盾カウンター", "盾")] == 1 and counters[("盾", "盾カウンター")] == 2


def test_a_shield_counter_order_can_be_chosen(client):
    doc = _two_creatures()
    doc["effects"] = [{"type": "prevent_next", "to": "c2", "amount": 3, "name": "盾"}]
    doc["event"] = {
        "type": "noncombat",
        "source": {"name": "《稲妻》", "controller": "A", "colors": ["red"]},
        "damage": [{"to": "c2", "amount": 3}],
    }
    board = _board(doc)
    response = client.post(
        board + "choices/", {"kind": "replacement_order", "affected": "c2", "order": "shield_counter,0"}
    )
    assert response.status_code == 302, response.content.decode()[:1000]
    choices = Scenario.objects.get(slug=response["Location"].split("/")[3]).document["choices"]
    assert choices["replacement_order"] == {"c2": ["shield_counter", 0]}


def test_the_final_lines_name_the_shield_counter_and_the_regeneration(client):
    """CR 122.1c: one counter goes (2 → 1); CR 701.19a: the regenerated troll is tapped and out of combat."""
    page = client.get("/board/s/cr122-1c/?stage=all").content.decode()
    assert "盾カウンター 2 → 1" in page
    assert '/#cr-122.1c"' in page  # the 120.4b stage's note links 122.1c
    page = client.get("/board/s/cr701-19a/?stage=all").content.decode()
    assert "タップ状態 いいえ → はい" in page
    assert "戦闘から取り除かれたか いいえ → はい" in page
