"""Card data and encodings a judge-level read found wrong (issue 23, item 6, and who puts the counters).

- 《赤の防御円》 / 《黒の防御円》: "a red (black) source of your choice": one source chosen when the effect
  is created (CR 609.7a), its colour checked again when it would deal damage (615.9, 609.7b).
- 《倍増の季節》: "a permanent you control" (614.1a, 122.6): the permanent's controller decides.
- Today's Oracle wording of 《錆びた歩哨》 (it had none), 《ラノワールのエルフ》 ("Add {G} to your mana pool"
  is outdated) and 《炎の印章》 ("target creature or player" and its own name are outdated).
"""

import pytest

import rules_core
from tutor.cards.describe import describe
from tutor.cards.placement import scenario_of
from tutor.models import Card

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("en_name", "source"), [("Circle of Protection: Red", "giant"), ("Circle of Protection: Black", "rats")]
)
def test_circles_of_protection_shield_one_chosen_source(en_name, source):
    """609.7a: the effect names the one source chosen on resolution; that source's damage is prevented."""
    card = Card.objects.get(en_name=en_name)
    (effect,) = card.engine["effects"]
    assert effect["type"] == "prevent_from_color" and effect["source"] == source
    assert "609.7a" in card.engine_note and "1つ" in card.ja_explanation
    result = rules_core.resolve_document(scenario_of(card.engine))
    assert result["final"]["players"]["A"]["life"] == 20


def test_doubling_season_doubles_counters_on_your_permanents_whoever_puts_them():
    """614.1a, 122.6: encoded by the permanent's controller, and its page says so."""
    card = Card.objects.get(en_name="Doubling Season")
    (effect,) = card.engine["effects"]
    assert effect.get("on_controlled_by") == "A" and "by_controller" not in effect
    assert "a permanent you control" in card.oracle_text
    assert "コントロールするパーマネント" in card.ja_explanation
    assert any("あなたがコントロールするパーマネントに置かれるもの" in line for line in describe(card.engine))
    final = rules_core.resolve_document(scenario_of(card.engine))["final"]
    assert final["permanents"]["pridemate"]["counters"] == {"+1/+1": 2}


@pytest.mark.parametrize(
    ("en_name", "oracle"),
    [
        ("Rusted Sentinel", "This creature enters tapped."),
        ("Llanowar Elves", "{T}: Add {G}."),
        ("Seal of Fire", "Sacrifice this enchantment: It deals 2 damage to any target."),
    ],
)
def test_oracle_text_is_todays_wording(en_name, oracle):
    card = Card.objects.get(en_name=en_name)
    assert card.oracle_text == oracle
    assert card.oracle_note == ""  # not flagged as an older wording any more


def test_card_page_shows_the_new_oracle_text(client):
    page = client.get("/cards/rusted-sentinel/").content.decode()
    assert "This creature enters tapped." in page
