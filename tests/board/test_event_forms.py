"""The board's forms for fights, triggers, changes between the damage steps and multiplayer games,
posted as plain forms (no JavaScript); every error is Japanese and sits on the field it is about."""

import re

import pytest
from django.test import Client

from tutor.board.documents import STARTER_DOCUMENT, event_set, permanent_put, player_put
from tutor.board.services import scenario_save
from tutor.models import Scenario

pytestmark = pytest.mark.django_db


def _post(client: Client, url: str, data: dict) -> str:
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return response["Location"]


def _html(response) -> str:
    return response.content.decode()


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
    """The error text crispy writes under one field (its id is ``error_1_id_<field>``)."""
    match = re.search(rf'id="error_\d+_id_{field}"[^>]*>\s*<strong>(.*?)</strong>', html, re.S)
    assert match, f"no error on {field}"
    return match.group(1)


# --------------------------------------------------------------------------- fight, bite, power damage


def test_a_fight_with_deathtouch_declared_through_the_forms_destroys_both():
    """CR 701.14a: each deals damage equal to its power to the other; 702.2b: the deathtouch rat's 1
    damage destroys the 6/4 (704.5h), the wurm's 6 destroys the rat (704.5g)."""
    client = Client()
    board = _post(
        client,
        "/board/permanents/add/",
        {
            "name": "《チフス鼠》",
            "controller": "A",
            "types": ["creature"],
            "power": "1",
            "toughness": "1",
            "keywords": ["deathtouch"],
        },
    )
    board = _post(
        client,
        board + "permanents/add/",
        {
            "name": "《大喰らいのワーム》",
            "controller": "B",
            "types": ["creature"],
            "power": "6",
            "toughness": "4",
        },
    )
    form = _html(client.get(board + "?event=fight"))
    assert "格闘するクリーチャー(1体目)" in form and 'action="' + board + 'event/fight/"' in form
    board = _post(client, board + "event/fight/", {"fighter_1": "c1", "fighter_2": "c2", "name": "《捕食》"})
    assert _document(board)["event"]["fighters"] == ["c1", "c2"]
    page = _html(client.get(board + "?stage=all"))
    assert "701.14 格闘" in page
    assert "《捕食》の指示で、《チフス鼠》と《大喰らいのワーム》が格闘します(701.14a)。" in page
    assert page.count("墓地") >= 2
    final = page[page.index("最終的な盤面") :]
    assert re.search(r"《チフス鼠》</b>\(墓地", final) and re.search(r"《大喰らいのワーム》</b>\(墓地", final)


def test_fight_form_errors_are_japanese_and_on_their_field():
    client = Client()
    response = client.post("/board/s/cr701-14a/event/fight/", {"fighter_1": "rat", "gone": ["nobody"]})
    assert response.status_code == 422
    html = _html(response)
    assert _field_error(html, "fighter_2") == "入力してください。"
    assert "選べない値です: nobody" in _field_error(html, "gone")


def test_bite_and_power_damage_forms_declare_their_events():
    """A one-sided bite: only the source deals damage (120.2b); 'each deals damage equal to its power'."""
    client = Client()
    bite = _post(client, "/board/s/cr701-14a/event/bite/", {"source": "wurm", "to": "rat", "excess_to": ""})
    assert _document(bite)["event"] == {"type": "bite", "source": "wurm", "to": "rat"}
    assert "パワーに等しいダメージを一方的に与える" in _html(Client().get(bite + "?event=bite"))
    self_bite = client.post("/board/s/cr701-14a/event/bite/", {"source": "wurm", "to": "wurm"})
    assert self_bite.status_code == 422
    assert "別のもの" in _field_error(_html(self_bite), "to")
    each = _post(client, "/board/s/cr701-14a/event/power_damage/", {"sources": ["rat", "wurm"], "to": "B"})
    assert _document(each)["event"]["sources"] == ["rat", "wurm"]
    none = client.post("/board/s/cr701-14a/event/power_damage/", {"to": "B"})
    assert "1体以上" in _field_error(_html(none), "sources")


# --------------------------------------------------------------------------- triggers


@pytest.fixture
def pridemate_board() -> str:
    doc = permanent_put(
        document=STARTER_DOCUMENT, data=_creature("《アジャニの群れ仲間》", "A", 2, 2, keywords=["lifelink"])
    )
    doc = event_set(document=doc, event={"type": "combat", "attacks": [{"attacker": "c1", "defender": "B"}]})
    return f"/board/s/{scenario_save(document=doc).slug}/"


def test_a_trigger_added_through_the_form_waits_then_resolves(pridemate_board):
    """CR 119.9: lifelink's 2 life triggers 「ライフを得るたび」; it waits (603.2), then resolves (608.2)."""
    client = Client()
    board = _post(
        client,
        pridemate_board + "permanents/triggers/add/",
        {
            "permanent": "c1",
            "when": "gain_life",
            "effect": "counters",
            "amount": "1",
            "target": "self",
            "kind": "+1/+1",
        },
    )
    permanent = _document(board)["permanents"][0]
    assert permanent["triggers"] == [
        {"when": "gain_life", "effect": {"type": "counters", "amount": 1, "kind": "+1/+1", "on": "self"}}
    ]
    page = _html(client.get(board))
    assert "コントローラーがライフを得るたび、このパーマネントに+1/+1カウンターを1個置く。" in page
    result = _html(client.get(board + "?stage=all"))
    assert "スタックに置かれるのを待つ誘発型能力" in result
    assert "得たライフ: 2点" in result
    assert "608.2 誘発型能力の解決" in result
    assert "3/3" in result[result.index("最終的な盤面") :]
    # Editing the permanent keeps its ability.
    edited = _post(
        client,
        board + "permanents/edit/",
        {
            **_creature("《アジャニの群れ仲間》", "A", 2, 2),
            "types": ["creature"],
            "keywords": ["lifelink"],
            "id": "c1",
        },
    )
    assert _document(edited)["permanents"][0]["triggers"][0]["when"] == "gain_life"
    cleared = _post(client, edited + "permanents/triggers/clear/", {"id": "c1"})
    assert "triggers" not in _document(cleared)["permanents"][0]


def test_that_much_damage_trigger_sees_the_damage_dealt():
    """《ボロスの反攻者》: "that much damage" is the 3 it was dealt (120.9)."""
    client = Client()
    doc = permanent_put(document=STARTER_DOCUMENT, data=_creature("《ボロスの反攻者》", "B", 3, 3))
    doc = event_set(
        document=doc,
        event={
            "type": "noncombat",
            "source": {"name": "《稲妻》", "controller": "A", "colors": ["red"]},
            "damage": [{"to": "c1", "amount": 3}],
        },
    )
    start = f"/board/s/{scenario_save(document=doc).slug}/"
    board = _post(
        client,
        start + "permanents/triggers/add/",
        {"permanent": "c1", "when": "dealt_damage", "effect": "damage", "that_much": "on", "target": "A"},
    )
    assert _document(board)["permanents"][0]["triggers"][0]["effect"] == {
        "type": "damage",
        "amount": "that_much",
        "to": "A",
    }
    result = _html(client.get(board + "?stage=all"))
    assert "与えられたダメージ: 3点" in result
    assert "その数(3)点のダメージを与えます。" in result


def test_trigger_form_errors_name_their_field(pridemate_board):
    client = Client()
    url = pridemate_board + "permanents/triggers/add/"
    dies = _html(
        client.post(
            url,
            {
                "permanent": "c1",
                "when": "dies",
                "effect": "gain_life",
                "that_much": "on",
                "target": "controller",
            },
        )
    )
    assert "「その数」は使えません" in _field_error(dies, "that_much")
    counters = _html(
        client.post(
            url, {"permanent": "c1", "when": "gain_life", "effect": "counters", "amount": "1", "target": "B"}
        )
    )
    assert "カウンターを置くのはパーマネント" in _field_error(counters, "target")
    no_amount = _html(
        client.post(
            url, {"permanent": "c1", "when": "gain_life", "effect": "gain_life", "target": "controller"}
        )
    )
    assert "点数・個数を入力する" in _field_error(no_amount, "amount")
    recipient = _html(
        client.post(
            url,
            {
                "permanent": "c1",
                "when": "gain_life",
                "recipient": "player",
                "effect": "gain_life",
                "amount": "1",
                "target": "controller",
            },
        )
    )
    assert "「ダメージを与えるたび」のときだけ" in _field_error(recipient, "recipient")
    assert client.post(url, {"permanent": "c1"}).status_code == 422


# --------------------------------------------------------------------------- between the damage steps


@pytest.fixture
def first_striker_board() -> str:
    doc = permanent_put(
        document=STARTER_DOCUMENT, data=_creature("《若年の騎士》", "A", 2, 1, keywords=["first_strike"])
    )
    doc = permanent_put(document=doc, data=_creature("《丘巨人》", "B", 3, 3))
    doc = event_set(
        document=doc,
        event={"type": "combat", "attacks": [{"attacker": "c1", "defender": "B", "blockers": ["c2"]}]},
    )
    return f"/board/s/{scenario_save(document=doc).slug}/"


def test_a_pump_between_the_steps_is_stated_and_shown(first_striker_board):
    """CR 510.4: the first striker deals 2 in the first step; pumped +3/+3 between the steps it still
    does not deal damage again (702.7c), and the 3/3's 3 damage no longer kills the 5/4."""
    client = Client()
    form = _html(client.get(first_striker_board + "?add=between"))
    assert "第1戦闘ダメージ・ステップの後、第2ステップの前(510.4)" in form
    board = _post(
        client,
        first_striker_board + "event/between/add/",
        {"type": "pump", "creature": "c1", "power": "3", "toughness": "3", "name": "《巨大化》"},
    )
    assert _document(board)["event"]["between_steps"] == [
        {"type": "pump", "creature": "c1", "power": 3, "toughness": 3, "name": "《巨大化》"}
    ]
    page = _html(client.get(board + "?stage=all"))
    assert "戦闘ダメージ・ステップの間に、《巨大化》で、《若年の騎士》は+3/+3の修整を受けます。" in page
    assert "510.4 2つの戦闘ダメージ・ステップの間" in page
    final = page[page.index("最終的な盤面") :]
    assert re.search(r"《若年の騎士》</b>\(戦場・5/4", final)
    cleared = _post(client, board + "event/between/clear/", {})
    assert "between_steps" not in _document(cleared)["event"]


def test_between_steps_form_errors(first_striker_board):
    client = Client()
    url = first_striker_board + "event/between/add/"
    assert "修整を入力して" in _field_error(
        _html(client.post(url, {"type": "pump", "creature": "c1"})), "power"
    )
    assert "キーワード能力を選んで" in _field_error(
        _html(client.post(url, {"type": "gain_keyword", "creature": "c1"})), "keyword"
    )
    assert "すでに戦闘に参加している" in _field_error(
        _html(client.post(url, {"type": "enter_attacking", "creature": "c1", "defender": "B"})), "creature"
    )
    no_combat = client.post("/board/s/cr701-14a/event/between/add/", {"type": "destroy", "creature": "rat"})
    assert "まず戦闘" in _field_error(_html(no_combat), "type")


# --------------------------------------------------------------------------- multiplayer


def test_a_three_player_game_with_a_stolen_creature_shows_the_departure():
    """CR 800.4a: B (2 life) loses to first-strike damage and leaves; the creature B controlled but C owns
    returns to C and leaves combat (506.4)."""
    client = Client()
    doc = player_put(document=STARTER_DOCUMENT, data={"name": "プレイヤーC", "life": 20, "poison": 0})
    doc["players"][1]["life"] = 2
    doc = permanent_put(document=doc, data=_creature("《若年の騎士》", "A", 2, 1, keywords=["first_strike"]))
    doc = permanent_put(document=doc, data=_creature("《丘巨人》", "A", 3, 3))
    doc = permanent_put(document=doc, data=_creature("《大喰らいのワーム》", "B", 6, 4))
    doc = event_set(
        document=doc,
        event={
            "type": "combat",
            "attacks": [
                {"attacker": "c1", "defender": "B"},
                {"attacker": "c2", "defender": "B", "blockers": ["c3"]},
            ],
        },
    )
    start = f"/board/s/{scenario_save(document=doc).slug}/"
    assert "パーマネントのオーナー(108.3)" in _html(client.get(start + "?add=owner"))
    board = _post(client, start + "permanents/owner/", {"permanent": "c3", "owner": "C"})
    assert _document(board)["permanents"][2]["owner"] == "C"
    assert "オーナーはプレイヤーC" in _html(client.get(board))
    page = _html(client.get(board + "?stage=all"))
    assert "800.4a 敗北したプレイヤーがゲームから抜ける" in page
    assert "ゲームから抜けたプレイヤー: " in page


def test_two_headed_giant_needs_four_players_and_two_teams_of_two():
    client = Client()
    two = client.post(
        "/board/players/two_headed_giant/", {"team_0": "1", "team_1": "2", "life_1": "30", "life_2": "30"}
    )
    assert two.status_code == 422
    assert "4人のプレイヤーが必要です(いまは2人)" in _field_error(_html(two), "team_0")
    doc = STARTER_DOCUMENT
    for name in ("プレイヤーC", "プレイヤーD"):
        doc = player_put(document=doc, data={"name": name, "life": 20, "poison": 0})
    start = f"/board/s/{scenario_save(document=doc).slug}/"
    lopsided = client.post(
        start + "players/two_headed_giant/",
        {"team_0": "1", "team_1": "1", "team_2": "1", "team_3": "2", "life_1": "30", "life_2": "30"},
    )
    assert "2人にしてください(810.1)" in _html(lopsided)
    board = _post(
        client,
        start + "players/two_headed_giant/",
        {"team_0": "1", "team_1": "2", "team_2": "1", "team_3": "2", "life_1": "30", "life_2": "25"},
    )
    document = _document(board)
    assert document["variant"] == "two_headed_giant"
    assert document["teams"] == [["A", "C"], ["B", "D"]]
    assert [p["life"] for p in document["players"]] == [30, 25, 30, 25]  # 810.4: one life per team
    assert "チーム2" in _html(client.get(board))
    cleared = _post(client, board + "players/variant/clear/", {})
    assert "variant" not in _document(cleared)


def test_new_forms_never_500_on_hostile_input():
    client = Client()
    for route in (
        "permanents/triggers/add/",
        "event/between/add/",
        "permanents/owner/",
        "players/two_headed_giant/",
        "event/fight/",
        "event/bite/",
        "event/power_damage/",
    ):
        for data in (
            {},
            {"permanent": "x" * 5000, "amount": "1e9", "type": "<script>"},
            {"sources": ["a"] * 50, "life_1": "-9999999"},
        ):
            assert client.post(f"/board/s/cr119-9/{route}", data).status_code in (302, 400, 404, 422)
    assert client.post("/board/s/cr119-9/permanents/triggers/clear/", {"id": "nope"}).status_code == 404


def test_a_new_battle_is_a_siege_by_default():
    """CR 310.11b: every battle printed so far is a Siege, so the battle form starts with that subtype."""
    form = _html(Client().get("/board/?add=battle"))
    assert re.search(r'name="subtypes" value="Siege"', form)
    assert 'name="subtypes" value="Siege"' not in _html(Client().get("/board/?add=creature"))


@pytest.mark.parametrize("slug", ["cr119-9", "cr701-14a", "cr510-4-a", "cr800-4a", "cr810-9", "cr120-4-ex1"])
def test_every_new_panel_opens_on_the_event_boards(slug):
    """Each new form opens (with its Japanese title) on boards of every event kind, also for htmx."""
    client = Client()
    titles = {
        "?add=trigger": "誘発型能力を加える(603)",
        "?add=between": "戦闘ダメージ・ステップの間に起こること(510.4)",
        "?add=owner": "パーマネントのオーナー(108.3)",
        "?add=two_headed_giant": "双頭巨人戦(810)",
        "?event=fight": "格闘(701.14)",
        "?event=bite": "パワーに等しいダメージを一方的に与える",
        "?event=power_damage": "それぞれがパワーに等しいダメージを与える",
    }
    for query, title in titles.items():
        response = client.get(f"/board/s/{slug}/{query}")
        assert response.status_code == 200
        assert title in _html(response)
        partial = client.get(f"/board/s/{slug}/{query}", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="editor")
        assert title in _html(partial) and "<html" not in _html(partial)


def test_the_fight_board_offers_its_fight_back_for_editing():
    form = _html(Client().get("/board/s/cr701-14a/?event=fight"))
    assert re.search(r'<option value="rat" selected>', form)
    assert re.search(r'<option value="wurm" selected>', form)
    assert 'value="《捕食》"' in form


def test_a_ninth_trigger_is_refused_on_the_permanent_field(pridemate_board):
    """The format holds at most 8 triggered abilities per permanent (docs/scenario-format.md § 8.1)."""
    client = Client()
    board = pridemate_board
    data = {
        "permanent": "c1",
        "when": "gain_life",
        "effect": "gain_life",
        "amount": "1",
        "target": "controller",
    }
    for _ in range(8):
        board = _post(client, board + "permanents/triggers/add/", data)
    assert len(_document(board)["permanents"][0]["triggers"]) == 8
    ninth = client.post(board + "permanents/triggers/add/", data)
    assert ninth.status_code == 422
    assert "8個まで" in _field_error(_html(ninth), "permanent")


def test_the_two_headed_giant_form_starts_from_the_stated_teams_and_lives():
    """The 810.9 board: teams [A, C] and [B, D]; the form shows them and each team's shared life."""
    html = _html(Client().get("/board/s/cr810-9/?add=two_headed_giant"))
    document = Scenario.objects.get(slug="cr810-9").document
    life = {p["id"]: p["life"] for p in document["players"]}
    for i, ident in enumerate(p["id"] for p in document["players"]):
        team = "1" if ident in document["teams"][0] else "2"
        assert re.search(
            rf'name="team_{i}"[^>]*>(?:(?!</select>).)*?<option value="{team}" selected>', html, re.S
        )
    assert f'name="life_1" value="{life[document["teams"][0][0]]}"' in html


def test_in_two_headed_giant_the_active_team_attacks_as_one():
    """CR 805.10, 810.2: the teammate's creature may attack; it is never offered as a blocker, and a
    creature can't attack its own team."""
    client = Client()
    form = _html(client.get("/board/s/cr810-9/?event=combat"))
    giant = re.search(r'for="id_attack_(\d+)"[^>]*>\s*《丘巨人》が攻撃する先', form)
    assert giant, "the teammate's creature has an attack field"
    attack_select = re.search(rf'name="attack_{giant.group(1)}"(.*?)</select>', form, re.S).group(1)
    assert 'value="D"' in attack_select and 'value="B"' in attack_select
    assert 'value="C"' not in attack_select and 'value="A"' not in attack_select
    assert 'name="blocks_' not in form  # nobody on the defending team has a creature
    creatures = [p["id"] for p in Scenario.objects.get(slug="cr810-9").document["permanents"]]
    data = {f"attack_{creatures.index('child')}": "B", f"attack_{creatures.index('giant')}": "D"}
    board = _post(client, "/board/s/cr810-9/event/combat/", data)
    assert [a["defender"] for a in _document(board)["event"]["attacks"]] == ["B", "D"]


def test_the_engines_refusal_of_a_change_lands_on_the_form(pridemate_board):
    """docs/scenario-format.md § 10: changes between the steps need two combat damage steps (510.4);
    the lifelinked 2/2 has no first strike, so the engine refuses and the board stays as it was."""
    client = Client()
    response = client.post(
        pridemate_board + "event/between/add/",
        {"type": "pump", "creature": "c1", "power": "1", "toughness": "1"},
    )
    assert response.status_code == 422
    html = _html(response)
    assert "戦闘ダメージ・ステップは1回だけです" in _field_error(html, "type")
    assert "between_steps" not in _document(pridemate_board)["event"]


def test_a_fight_with_a_fighter_gone_deals_no_damage():
    """CR 701.14b: if a creature instructed to fight is no longer on the battlefield, no damage is dealt."""
    client = Client()
    board = _post(
        client, "/board/s/cr701-14a/event/fight/", {"fighter_1": "rat", "fighter_2": "wurm", "gone": ["rat"]}
    )
    page = _html(client.get(board + "?stage=all"))
    assert "《チフス鼠》は、解決する前に戦場を離れています(608.2b)。" in page
    assert "全1段階" in page
    assert "701.14b" in page
