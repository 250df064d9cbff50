"""The forms of scenario-format § 16 on the board (plain POSTs): the exile-instead effect (614.6), protection
from a creature type (702.16a) and tokens on the permanent form; the stored boards display and resolve."""

import json
import re

import pytest

from tutor.models import Scenario

pytestmark = pytest.mark.django_db

BOARD = "/board/s/cr120-4-ex1/"  # attacker (A, lifelink, wither) blocked by blocker (B)


def _document(location: str) -> dict:
    return Scenario.objects.get(slug=location.split("/")[3]).document


def test_the_exile_instead_form_writes_kalitas_with_its_token(client):
    """Kalitas (614.6): an opponent's nontoken creature is exiled instead and its controller makes a 2/2 Zombie."""
    form = client.get(f"{BOARD}?add=effect&type=exile_instead").content.decode()
    assert 'name="exile_controller"' in form and 'name="token_power"' in form
    response = client.post(
        f"{BOARD}effects/add/",
        {
            "type": "exile_instead",
            "name": "《ゲトの裏切り者、カリタス》",
            "exile_controller": "A",
            "creatures": "on",
            "nontoken": "on",
            "opponents": "on",
            "token_power": "2",
            "token_toughness": "2",
            "token_colors": ["black"],
            "token_subtypes": "Zombie",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    effect = _document(response["Location"])["effects"][-1]
    assert effect == {
        "type": "exile_instead",
        "controller": "A",
        "creatures": True,
        "nontoken": True,
        "opponents": True,
        "token": {"power": 2, "toughness": 2, "colors": ["black"], "subtypes": ["Zombie"]},
        "name": "《ゲトの裏切り者、カリタス》",
    }
    page = client.get(response["Location"] + "?stage=all").content.decode()
    assert "死亡するなら、代わりにそれを追放します" in page and "cr-614.6" in page


def test_a_token_needs_both_power_and_toughness(client):
    response = client.post(
        f"{BOARD}effects/add/", {"type": "exile_instead", "exile_controller": "A", "token_power": "2"}
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert re.search(r'id="error_1_id_token_toughness"', html)
    assert "パワーとタフネスの両方" in html


def test_the_kalitas_board_names_its_zombie_and_never_shows_the_engines_id(client):
    """The created token (111.1) is shown by its name; the blocked "dies" ability never resolves (603.10a)."""
    page = client.get("/board/s/cr614-6-kalitas/?stage=all").content.decode()
    assert page.count("ゾンビ・トークン") >= 2
    assert "token1" not in re.sub(r"<[^>]*>", "", page)  # ids stay in attributes, never in the text
    assert "追放" in page and "(700.4)" in page
    assert "《危険なマイア》の誘発型能力" not in page


def test_protection_from_creature_types_and_token_on_the_permanent_form(client):
    """702.16a: the quality may be a creature type; the permanent form reads and writes it."""
    response = client.post(
        "/board/permanents/add/",
        {
            "name": "巣穴滅ぼしのエルフ",
            "controller": "A",
            "types": ["creature"],
            "power": "1",
            "toughness": "1",
            "protection": ["red"],
            "protection_subtypes": "Goblin、Orc",
            "token": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    permanent = _document(response["Location"])["permanents"][-1]
    assert permanent["protection"] == ["red", {"subtype": "Goblin"}, {"subtype": "Orc"}]
    assert permanent["token"] is True
    edit = client.get(response["Location"] + f"?edit={permanent['id']}").content.decode()
    assert re.search(r'name="protection_subtypes"[^>]*value="ゴブリン、オーク"', edit)
    assert "プロテクション(赤とゴブリンとオーク)" in client.get(response["Location"]).content.decode()


def test_the_goblin_board_and_an_import_with_the_new_forms(client):
    page = client.get("/board/s/cr702-16a-gob/?stage=all").content.decode()
    assert "プロテクション(ゴブリン)" in page and "(702.16e)" in page
    document = json.loads(client.get("/board/s/cr614-6-kalitas/export.json").content)
    document["title"] = "カリタスの試し"
    response = client.post("/board/import/", {"text": json.dumps(document, ensure_ascii=False)})
    assert response.status_code == 302
    assert _document(response["Location"])["effects"][0]["type"] == "exile_instead"


def test_a_dies_trigger_watching_every_creature_through_the_trigger_form(client):
    """Dross Harvester (§ 16.4): "Whenever a creature dies, you gain 2 life" — watch any on a dies trigger."""
    response = client.post(
        "/board/s/cr603-10a-dross/permanents/triggers/add/",
        {
            "permanent": "elves",
            "when": "dies",
            "watch": "any",
            "effect": "gain_life",
            "amount": "1",
            "target": "controller",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    elves = next(p for p in _document(response["Location"])["permanents"] if p["id"] == "elves")
    assert elves["triggers"] == [
        {"when": "dies", "watch": "any", "effect": {"type": "gain_life", "amount": 1, "player": "controller"}}
    ]
    page = client.get(response["Location"]).content.decode()
    assert "クリーチャーが死亡するたび、あなたは1点のライフを得る。" in page


def test_counters_removed_and_its_controller_on_the_trigger_form(client):
    """Chandra, Fire Artisan (§ 16.3): loyalty counters, once per event; its_controller needs a watch."""
    refused = client.post(
        "/board/s/cr603-2c-chandra/permanents/triggers/add/",
        {
            "permanent": "bear",
            "when": "dealt_damage",
            "effect": "damage",
            "amount": "1",
            "target": "its_controller",
        },
    )
    assert refused.status_code == 422
    assert "ほかのクリーチャーを見張る能力のときだけ" in refused.content.decode()
    response = client.post(
        "/board/s/cr603-2c-chandra/permanents/triggers/add/",
        {
            "permanent": "giant",
            "when": "counters_removed",
            "counter": "+1/+1",
            "each_counter": "on",
            "effect": "gain_life",
            "amount": "1",
            "target": "controller",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    giant = next(p for p in _document(response["Location"])["permanents"] if p["id"] == "giant")
    assert giant["triggers"][0]["when"] == "counters_removed"
    assert giant["triggers"][0]["each_counter"] is True


def test_the_board_counters_a_triggered_ability_with_stifle_and_stops(client):
    """701.6a: the Reckoner's ability, countered, deals nothing; stopping the counter lets it resolve."""
    page = client.get("/board/s/cr701-6a-stifle/?stage=all").content.decode()
    assert "スタック上の誘発型能力を打ち消す" in page and "打ち消すのをやめる" in page
    assert "701.6a 誘発型能力を打ち消す" in page
    response = client.post(
        "/board/s/cr701-6a-stifle/choices/", {"kind": "countered_trigger", "trigger": "t1", "on": "0"}
    )
    assert response.status_code == 302
    document = _document(response["Location"])
    assert "countered_triggers" not in document["choices"]
    assert response["Location"].endswith("/?stage=all")
    page = client.get(response["Location"]).content.decode()
    assert "《もみ消し》で打ち消す" in page
    board = response["Location"].split("?")[0]
    response = client.post(board + "choices/", {"kind": "countered_trigger", "trigger": "t1", "on": "1"})
    assert _document(response["Location"])["choices"]["countered_triggers"] == [
        {"trigger": "t1", "name": "《もみ消し》"}
    ]


def test_a_players_protection_from_a_creature_type_is_kept_on_edit(client):
    """702.16a on a player (702.16j-k: players can have protection): written, shown again, not lost."""
    response = client.post(
        "/board/players/add/",
        {"name": "第三者", "life": "20", "poison": "0", "protection_subtypes": "Goblin"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    player = _document(response["Location"])["players"][-1]
    assert player["protection"] == [{"subtype": "Goblin"}]
    edit = client.get(response["Location"] + f"?edit={player['id']}").content.decode()
    assert re.search(r'name="protection_subtypes"[^>]*value="ゴブリン"', edit)
