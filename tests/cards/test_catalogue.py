"""The card catalogue as loaded (``fixtures/cards.json``) and its encodings for the engine."""

import json
from pathlib import Path

import pytest

import rules_core
from tutor.cards.describe import cited_rules, describe
from tutor.cards.placement import scenario_of
from tutor.cards.search import fold, matches
from tutor.models import Card

pytestmark = pytest.mark.django_db

SHARED = Path(__file__).resolve().parents[3] / "shared" / "cards"
FORGE_INTERNAL = (
    "Unblockable",
    "CantBeBlockedBy",
    "ETBReplacement",
    "etbCounter",
    "MayEffectFromOpeningHand",
    "CARDNAME",
)


def test_load_content_loads_the_160_cards_of_the_sources_and_at_least_ten_of_ours():
    assert Card.objects.count() >= 170
    assert Card.objects.count() == 171
    if SHARED.is_dir():  # the sources are a maintainer's checkout; the fixtures stand alone
        names = {c["en_name"] for c in json.loads((SHARED / "cards.json").read_text("utf-8"))}
        names |= {c["en_name"] for c in json.loads((SHARED / "catalogue.json").read_text("utf-8"))}
        assert len(names) == 160
        assert names <= set(Card.objects.values_list("en_name", flat=True))


def test_official_japanese_names_only_and_unknown_ones_stay_empty():
    """jpnames.json has only the placeholder for Char, Earthquake and Forcefield: no name is guessed."""
    assert set(Card.objects.filter(ja_name=None).values_list("en_name", flat=True)) == {
        "Char",
        "Earthquake",
        "Forcefield",
    }
    assert Card.objects.get(en_name="Craw Wurm").ja_name == "大喰らいのワーム"
    assert Card.objects.get(en_name="Circle of Protection: Red").ja_name == "赤の防御円"
    assert "防御円" in Card.objects.get(en_name="Circle of Protection: Red").aliases
    assert not Card.objects.filter(ja_name="undefined").exists()


def test_keywords_never_show_forge_internal_lines():
    for card in Card.objects.all():
        for keyword in card.keywords or []:
            assert not keyword.startswith(FORGE_INTERNAL) and "CARDNAME" not in keyword, (
                card.en_name,
                keyword,
            )
    assert Card.objects.get(en_name="Blighted Agent").keywords == ["Infect"]
    assert Card.objects.get(en_name="Bilious Skulldweller").keywords == ["Deathtouch", "Toxic 1"]


def test_japanese_text_only_from_a_source_otherwise_our_labelled_explanation():
    bolt = Card.objects.get(en_name="Lightning Bolt")
    assert bolt.ja_text and bolt.ja_explanation == ""
    for card in Card.objects.filter(ja_text=None):
        assert card.ja_explanation, card.en_name  # every card gets at least our own words
    wurm = Card.objects.get(en_name="Craw Wurm")
    assert wurm.ja_explanation == "6/4のクリーチャーです。"


def test_older_forge_wording_is_flagged():
    """The README: 86 scripts come from an older snapshot whose wording can lag today's Oracle."""
    assert "古い" in Card.objects.get(en_name="Pariah").oracle_note
    assert Card.objects.get(en_name="Lightning Bolt").oracle_note == ""  # quoted by the CR of 2026-06-19


def test_craw_wurm_is_a_vanilla_6_4_that_attacks_into_a_bear():
    wurm = Card.objects.get(en_name="Craw Wurm")
    card = wurm.engine["permanents"][0]
    assert (card["power"], card["toughness"], card.get("keywords", [])) == (6, 4, [])


def test_every_encoding_parses_resolves_and_its_stages_cite_rules():
    """A walk over the whole catalogue: each card's board, for either player, is a valid scenario
    (rules_core.parse_scenario), resolves without error, and every stage cites at least one rule."""
    for card in Card.objects.all():
        assert card.engine and card.engine["kind"] in {"permanent", "effect", "event"}, card.en_name
        for player in ("A", "B"):
            scenario = rules_core.parse_scenario(scenario_of(card.engine, player=player))
            resolution = rules_core.resolve(scenario)
            for step in resolution.steps:
                for stage in step.stages:
                    assert stage.rules, (card.en_name, step.name, stage.stage)
        assert cited_rules(card.engine), card.en_name
        assert describe(card.engine), card.en_name
        if card.engine["kind"] == "permanent":
            own = card.engine["permanents"][0]
            assert own["id"] == "card" and own["controller"] == "A", card.en_name


def test_lightning_bolt_deals_3_noncombat_damage_and_kills_the_bear():
    """CR 120.3e: damage to a creature is marked on it; 704.5g: lethal damage destroys it."""
    bolt = Card.objects.get(en_name="Lightning Bolt")
    result = rules_core.resolve_document(scenario_of(bolt.engine))
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"


def test_worship_keeps_you_at_1_life():
    """CR 120.4c with Worship: damage that would reduce your life below 1 reduces it to 1."""
    worship = Card.objects.get(en_name="Worship")
    result = rules_core.resolve_document(scenario_of(worship.engine))
    assert result["final"]["players"]["A"]["life"] == 1


def test_furnace_of_rath_doubles_the_bolt():
    """CR 614.1a: Furnace of Rath's replacement doubles the 3 damage to 6."""
    furnace = Card.objects.get(en_name="Furnace of Rath")
    result = rules_core.resolve_document(scenario_of(furnace.engine))
    assert result["final"]["players"]["B"]["life"] == 14


def test_prey_upon_is_a_fight():
    """CR 701.14a: each fighter deals damage equal to its power to the other."""
    prey = Card.objects.get(en_name="Prey Upon")
    assert prey.engine["event"]["type"] == "fight"
    result = rules_core.resolve_document(scenario_of(prey.engine))
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["mywurm"]["damage"] == 2


def test_placing_for_the_opponent_swaps_the_players():
    pariah = Card.objects.get(en_name="Pariah")
    doc = scenario_of(pariah.engine, player="B")
    assert doc["effects"][0]["from"] == "B"
    assert doc["permanents"][0]["controller"] == "B"


def test_kana_fold_makes_hiragana_and_katakana_equal():
    assert fold("ワーム") == fold("わーむ")
    assert matches("わーむ", "大喰らいのワーム")
    assert matches("ＣＲＡＷ", "Craw Wurm")
    assert not matches("ゴブリン", "大喰らいのワーム")


def test_admin_refuses_an_encoding_the_engine_cannot_read():
    from tutor.cards.admin import CardAdminForm

    card = Card.objects.get(en_name="Craw Wurm")
    data = {f: getattr(card, f) for f in ("slug", "ja_name", "en_name")}
    broken = {**card.engine, "permanents": [{**card.engine["permanents"][0], "power": "six"}]}
    form = CardAdminForm(data={**data, "engine": json.dumps(broken), "aliases": "[]", "sources": "[]",
                               "categories": "[]", "rules": "[]", "keywords": "[]"}, instance=card)  # fmt: skip
    assert not form.is_valid()
    assert "エンジンが読めない盤面です" in str(form.errors["engine"])
    form = CardAdminForm(data={**data, "engine": json.dumps(card.engine), "aliases": "[]", "sources": "[]",
                               "categories": "[]", "rules": "[]", "keywords": "[]"}, instance=card)  # fmt: skip
    assert form.is_valid(), form.errors


def test_searing_bloods_example_deals_the_delayed_3_damage_to_the_controller():
    """603.7a-b, 603.7d: 《灼熱の血》's 2 damage destroys the opponent's 2/2 (704.5g), and the delayed ability
    the spell made as it resolved triggers once and deals 3 damage to that creature's controller."""
    card = Card.objects.get(slug="searing-blood")
    result = rules_core.resolve_document(scenario_of(card.engine))
    assert result["final"]["players"]["B"]["life"] == 17
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"
    cited = json.dumps(result)
    assert '"603.7a"' in cited and '"603.7b"' in cited
