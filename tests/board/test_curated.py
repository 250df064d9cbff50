"""The curated boards: each parses and resolves, the CR's examples come out as the CR says, the fixture
is what tutor/board/curated.py builds, and the reader can link every example to its board."""

import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from rules_core import check_assignment, count_assignments, parse_scenario, resolve_document
from tutor.board.curated import CURATED
from tutor.board.services import scenario_save
from tutor.models import Example, Scenario

ROOT = Path(__file__).resolve().parents[2]


def _matches(expect, actual, path=""):
    """Every key of ``expect`` has the same value in ``actual`` (``{}`` counters: no counter at all)."""
    problems = []
    for key, value in expect.items():
        here = f"{path}{key}"
        if key == "counters" and value == {}:
            if any((actual.get(key) or {}).values()):
                problems.append(f"{here}: {actual.get(key)}")
        elif isinstance(value, dict):
            if not isinstance(actual.get(key), dict):
                problems.append(f"{here}: missing")
            else:
                problems += _matches(value, actual[key], here + ".")
        elif actual.get(key) != value:
            problems.append(f"{here}: {actual.get(key)!r} (expected {value!r})")
    return problems


@pytest.mark.parametrize("item", CURATED, ids=[c.slug for c in CURATED])
def test_curated_board_resolves_as_the_cr_says(item):
    parse_scenario(item.document)
    result = resolve_document(item.document)
    assert result["legal"] is item.legal, result["violations"]
    assert _matches(item.expect, result.get("final", {})) == []
    if item.check is not None:
        assert item.check(result)


def test_slugs_are_unique_short_and_readable():
    slugs = [c.slug for c in CURATED]
    assert len(slugs) == len(set(slugs))
    assert all(re.fullmatch(r"cr[0-9a-z-]{1,14}", s) for s in slugs)
    assert not any(re.fullmatch(r"[a-z2-7]{8,16}", s) for s in slugs)  # never mistaken for a learner's slug


def test_cr_examples_that_a_board_can_show_are_all_there():
    examples = {(c.illustrates, c.example) for c in CURATED if c.example is not None}
    assert examples >= {
        ("120.4d", 0),
        ("120.4d", 1),
        ("120.5", 0),
        ("615.10", 0),
        ("615.11", 0),
        ("510.1c", 0),
        ("702.15e", 0),
        ("702.19b", 0),
        ("702.19b", 1),
        ("702.19c", 0),
        ("702.164b", 0),
        # 例 of the whole CR beyond 120, 615 and 702.19 whose damage a board can show
        ("107.1b", 0),
        ("201.5b", 1),
        ("603.2g", 0),
        ("614.5", 0),
        ("615.4", 0),
        ("702.47c", 0),
        ("810.9", 0),
    }


def test_real_cards_on_curated_boards_are_named_in_brackets():
    """A learner reads real cards by their Japanese names in 《》, on a curated board's drawing and stages
    as on a board built with the card picker (tutor.board.card_documents places them so)."""
    catalogue = {
        row["fields"]["ja_name"]
        for row in json.loads((ROOT / "fixtures" / "cards.json").read_text(encoding="utf-8"))
        if row["fields"]["ja_name"]
    }
    plain = [
        (item.slug, p["name"])
        for item in CURATED
        for p in item.document.get("permanents", [])
        if p.get("name") in catalogue
    ]
    assert plain == []
    assert any(p.get("name") == "《灰色熊》" for item in CURATED for p in item.document["permanents"])


RANGE_OF_INFLUENCE = "range of influence in multiplayer games (not modelled)"
# 例 of the Japanese CR that speak of damage but that no board can show, and why. Every other one has a
# board of its own (test_every_damage_example_of_the_cr_has_a_board_or_a_reason).
DAMAGE_EXAMPLES_WITHOUT_A_BOARD = {
    ("111.11", 0): "a token made by a combat-damage trigger: what it is, not what the damage does",
    ("115.7e", 0): "changing a spell's targets (《移し変え》): a board's targets are fixed",
    ("400.6", 0): "a replacement of losing the game (《極上の大天使》), outside the damage rules",
    ("500.10", 0): "extra upkeep steps from a combat-damage trigger: turn structure",
    ("603.12", 0): "a reflexive trigger on sacrificing: the sacrifice is not a damage event",
    ("607.5", 0): "linked abilities gained by 《水銀の精霊》: which card is exiled, not the damage",
    ("608.2b", 0): "《ソリンの渇き》 also gains life: a board's spell only deals damage",
    ("608.2f", 1): "《魂火の噴火》: the damage depends on the cards exiled from the library",
    ("611.2c", 1): "a creature that becomes a creature after the effect began: a board has no earlier turn",
    ("707.10", 1): "a copy of 《投げ飛ばし》 and the power of the creature sacrificed for the original",
    ("707.11", 0): "a copy effect that ends before its ability resolves",
    ("723.5", 1): "controlling another player's turn",
    ("801.5a", 0): RANGE_OF_INFLUENCE,
    ("801.10", 0): RANGE_OF_INFLUENCE,
    ("801.13a", 0): RANGE_OF_INFLUENCE,
    ("801.13b", 0): RANGE_OF_INFLUENCE,
    ("801.13b", 1): RANGE_OF_INFLUENCE,
    ("801.13b", 2): RANGE_OF_INFLUENCE,
    ("903.4", 0): "a Commander deck's colour identity",
}


@pytest.mark.django_db
def test_every_damage_example_of_the_cr_has_a_board_or_a_reason():
    """The whole Japanese CR: each 例 that mentions damage opens a board of its own in the reader, or is
    listed above with the reason no board can show it (and a listed one that gets a board leaves the list)."""
    on_boards = {(c.illustrates, c.example) for c in CURATED if c.example is not None}
    damage_examples = {
        (number, position)
        for number, position in Example.objects.filter(
            paragraph__language="ja", paragraph__is_current=True, text__contains="ダメージ"
        ).values_list("paragraph__number", "position")
    }
    assert len(damage_examples) > 30  # the whole CR (120, 615 and 702.19 have 9 of them)
    assert damage_examples - on_boards == set(DAMAGE_EXAMPLES_WITHOUT_A_BOARD)


def test_every_board_showable_paragraph_has_a_board():
    covered = {c.illustrates for c in CURATED}
    wanted = {
        "120.1",
        "120.2a",
        "120.2b",
        "120.3a",
        "120.3b",
        "120.3c",
        "120.3d",
        "120.3e",
        "120.3f",
        "120.3g",
        "120.3h",
        "120.4",
        "120.4a",
        "120.4b",
        "120.4c",
        "120.5",
        "120.6",
        "120.8",
        "120.10",
        "615.1",
        "615.5",
        "615.6",
        "615.7",
        "615.8",
        "615.9",
        "615.10",
        "615.11",
        "615.12",
        "615.12a",
        "702.19a",
        "702.19b",
        "702.19c",
        "702.19d",
        "702.19f",
    }
    assert wanted <= covered


def test_510_1c_example_has_the_five_assignments_the_cr_lists():
    item = next(c for c in CURATED if c.slug == "cr510-1c-ex")
    scenario = parse_scenario(item.document)
    assert count_assignments(scenario, "regrower") == 5
    assert check_assignment(scenario) == ()


def test_fixture_is_up_to_date():
    call_command("curated_scenarios", "--check", verbosity=0)


@pytest.mark.django_db
def test_curated_boards_are_loaded_with_their_slugs():
    assert Scenario.objects.filter(is_curated=True).count() == len(CURATED)
    for item in CURATED:
        stored = Scenario.objects.get(slug=item.slug)
        assert stored.illustrates == item.illustrates
        assert stored.example_position == item.example
        assert stored.title == item.title


@pytest.mark.django_db
def test_every_curated_example_points_at_an_example_the_reader_shows():
    for item in CURATED:
        if item.example is None:
            continue
        assert Example.objects.filter(
            paragraph__number=item.illustrates,
            paragraph__language="ja",
            paragraph__is_current=True,
            position=item.example,
        ).exists(), item.slug


@pytest.mark.django_db
def test_loading_the_fixture_again_changes_nothing_and_keeps_learners_boards():
    learner = scenario_save(
        document={**CURATED[0].document, "players": [{"id": "A", "life": 7}, {"id": "B"}]}
    )
    before = list(Scenario.objects.order_by("pk").values_list("pk", "slug", "digest"))
    call_command("load_content", verbosity=0)
    assert list(Scenario.objects.order_by("pk").values_list("pk", "slug", "digest")) == before
    assert Scenario.objects.get(pk=learner.pk).slug == learner.slug


@pytest.mark.django_db
def test_reader_links_each_example_to_its_board(client):
    html = client.get("/cr/702.19/").content.decode()
    for slug in ("cr702-19b-ex1", "cr702-19b-ex2", "cr702-19c-ex"):
        assert f'href="/board/s/{slug}/"' in html
