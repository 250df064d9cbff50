"""The effect kinds of issue 11 through the board's forms (plain POSTs, no JavaScript): each one is placed
with its fields, shows its Japanese sentence and paragraph, and the engine's refusals come back in Japanese
on the field they concern."""

import re

import pytest

from tutor.board.documents import STARTER_DOCUMENT, event_set, permanent_put
from tutor.board.services import scenario_save
from tutor.models import Scenario

pytestmark = pytest.mark.django_db

BOARD = "/board/s/cr120-4-ex1/"  # attacker (A, lifelink, wither) blocked by blocker (B)

NEW_EFFECT_POSTS = {
    # kind: (posted fields, keys the document must then have)
    "regenerate": ({"regen_on": "blocker", "static": "on"}, {"on": "blocker", "static": True}),
    "cant_be_regenerated": ({"regen_on": "blocker"}, {"on": "blocker"}),
    "life_cant_change": ({"player": "B"}, {"player": "B"}),
    "no_loss_for_life": (
        {"player": "B", "damage_as_infect": "on"},
        {"player": "B", "damage_as_infect": True},
    ),
    "assign_by_toughness": ({"controller": "A"}, {"controller": "A"}),
    "redirect_damage": (
        {"redirect_from": "B", "redirect_to": "blocker", "and_permanents": "on", "amount": "2"},
        {"from": "B", "to": "blocker", "and_permanents": True, "amount": 2},
    ),
    "prevent_and": (
        {
            "to": "B",
            "then": "deal_damage",
            "source": "attacker",
            "dealer_name": "《跳ね返す掌》",
            "dealer_controller": "B",
            "dealer_colors": ["white", "red"],
        },
        {
            "to": "B",
            "then": "deal_damage",
            "source": "attacker",
            "dealer": {"name": "《跳ね返す掌》", "controller": "B", "colors": ["white", "red"]},
        },
    ),
    "damage_plus": (
        {"plus": "2", "from_controller": "A", "source_color": "red", "to_opponents": "on"},
        {"amount": 2, "from_controller": "A", "source_color": "red", "to_opponents": True},
    ),
    "prevent_half": ({"player": "B"}, {"player": "B"}),
}


@pytest.mark.parametrize("kind", list(NEW_EFFECT_POSTS))
def test_each_new_effect_kind_is_placed_by_its_form(client, kind):
    posted, expected = NEW_EFFECT_POSTS[kind]
    form = client.get(f"{BOARD}?add=effect&type={kind}").content.decode()
    assert 'id="form-effect"' in form and "従う条文" in form
    response = client.post(f"{BOARD}effects/add/", {"type": kind, "name": "試しの効果", **posted})
    assert response.status_code == 302, response.content.decode()[:3000]
    location = response["Location"]
    effect = Scenario.objects.get(slug=location.split("/")[3]).document["effects"][-1]
    assert effect == {"type": kind, "name": "試しの効果", **expected}
    page = client.get(location + "?stage=all").content.decode()
    assert "試しの効果" in page
    assert page.count('class="effect') >= 3


def test_the_chooser_offers_every_kind_the_engine_reads():
    from rules_core.model.effects import EFFECT_TYPES
    from tutor.board.forms.effects import EFFECT_FIELDS, EFFECT_HELP, EFFECT_TYPE_CHOICES

    assert (
        {kind for kind, _ in EFFECT_TYPE_CHOICES}
        == set(EFFECT_TYPES)
        == set(EFFECT_FIELDS)
        == set(EFFECT_HELP)
    )


def test_the_chooser_page_links_the_new_paragraphs(client):
    html = client.get(f"{BOARD}?add=effect").content.decode()
    for kind in ("regenerate", "redirect_damage", "prevent_and", "assign_by_toughness", "prevent_all_but"):
        assert f"type={kind}" in html
    assert "(614.9)" in html and "(615.5)" in html and "(510.1a)" in html and "(701.19a, 614.8)" in html


def test_damage_multiplier_to_opponents_of_and_life_floor_condition(client):
    response = client.post(
        f"{BOARD}effects/add/", {"type": "damage_multiplier", "factor": "2", "to_opponents_of": "A"}
    )
    effect = Scenario.objects.get(slug=response["Location"].split("/")[3]).document["effects"][-1]
    assert effect == {"type": "damage_multiplier", "factor": 2, "to_opponents_of": "A"}
    response = client.post(
        f"{BOARD}effects/add/",
        {
            "type": "life_floor",
            "player": "B",
            "floor": "1",
            "condition_subtype": "Angel",
            "condition_colors": ["white"],
            "condition_at_least": "2",
        },
    )
    effect = Scenario.objects.get(slug=response["Location"].split("/")[3]).document["effects"][-1]
    assert effect["condition"] == {"controls": {"subtype": "Angel", "colors": ["white"]}, "at_least": 2}


def test_prevent_all_but_on_an_unblocked_creature_and_refused_on_a_blocked_one(client):
    """Forcefield chooses an unblocked creature (509.1h): the blocked attacker is refused on its field."""
    refused = client.post(
        f"{BOARD}effects/add/",
        {"type": "prevent_all_but", "opponent_to": "B", "source": "attacker", "leave": "1"},
    )
    assert refused.status_code == 422
    html = refused.content.decode()
    error = re.search(r'id="error_1_id_source"[^>]*>\s*<strong>(.*?)</strong>', html)
    assert error and "ブロックされたクリーチャーは選べません" in error.group(
        1
    )  # the engine's refusal, on its field
    doc = permanent_put(
        document=STARTER_DOCUMENT,
        data={
            "name": "大喰らいのワーム",
            "controller": "A",
            "types": ["creature"],
            "power": 6,
            "toughness": 4,
        },
    )
    doc = event_set(document=doc, event={"type": "combat", "attacks": [{"attacker": "c1", "defender": "B"}]})
    board = f"/board/s/{scenario_save(document=doc).slug}/"
    response = client.post(
        f"{board}effects/add/", {"type": "prevent_all_but", "opponent_to": "B", "source": "c1", "leave": "1"}
    )
    assert response.status_code == 302
    page = client.get(response["Location"] + "?stage=all").content.decode()
    # 615, 609.7b: all but 1 of the wurm's 6 is prevented: the opponent ends at 19
    assert "19" in page
    final = Scenario.objects.get(slug=response["Location"].split("/")[3]).document
    assert final["effects"][-1] == {"type": "prevent_all_but", "to": "B", "source": "c1", "leave": 1}


def test_missing_required_fields_come_back_in_japanese(client):
    response = client.post(f"{BOARD}effects/add/", {"type": "redirect_damage", "redirect_from": "B"})
    assert response.status_code == 422
    html = response.content.decode()
    assert "入力してください。" in html
    assert "代わりにダメージを受ける者" in html


def test_a_redirection_to_the_same_recipient_is_refused_on_its_field(client):
    """614.9: the new recipient is another player or permanent than the first."""
    response = client.post(
        f"{BOARD}effects/add/", {"type": "redirect_damage", "redirect_from": "B", "redirect_to": "B"}
    )
    assert response.status_code == 422
    error = re.search(
        r'id="error_1_id_redirect_to"[^>]*>\s*<strong>(.*?)</strong>', response.content.decode()
    )
    assert error and "別のもの" in error.group(1)


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            {"type": "redirect_damage", "redirect_from": "B", "redirect_to": "blocker", "amount": "abc"},
            "amount",
            "整数を入力",
        ),
        ({"type": "damage_plus", "plus": "0"}, "plus", "1 以上"),
        ({"type": "prevent_and", "to": "B", "then": "bogus"}, "then", "選べない値です"),
        (
            {"type": "prevent_and", "to": "B", "then": "deal_damage"},
            "dealer_controller",
            "コントローラーを選んで",
        ),
        (
            {"type": "prevent_and", "to": "B", "then": "draw", "amount": "2", "source": "attacker"},
            "source",
            "同時に指定できません",
        ),
        (
            {"type": "life_floor", "player": "B", "floor": "1", "condition_at_least": "99999"},
            "condition_at_least",
            "5000 以下",
        ),
        (
            {
                "type": "life_floor",
                "player": "B",
                "floor": "1",
                "if_controls_creature": "on",
                "condition_subtype": "Angel",
            },
            "condition_subtype",
            "同時に指定できません",
        ),
        (
            {"type": "damage_plus", "plus": "2", "to_opponents": "on"},
            "from_controller",
            "コントローラーを選んで",
        ),
        ({"type": "regenerate", "regen_on": "A"}, "regen_on", "選べない値です"),
        (
            {
                "type": "prevent_and",
                "to": "B",
                "then": "deal_damage",
                "dealer_name": "a\x07b",
                "dealer_controller": "A",
            },
            "dealer_name",
            "制御文字",
        ),
        ({"type": "no_loss_for_life", "player": "nobody"}, "player", "選べない値です"),
    ],
)
def test_bad_new_effects_are_refused_in_japanese_on_their_field(client, data, field, message):
    response = client.post(f"{BOARD}effects/add/", data)
    assert response.status_code == 422
    html = response.content.decode()
    error = re.search(rf'id="error_1_id_{field}"[^>]*>\s*<strong>(.*?)</strong>', html)
    assert error, field
    assert message in error.group(1)
