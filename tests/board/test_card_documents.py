"""The picker's pure merge (tutor.board.card_documents) as properties: whatever catalogue cards are
placed, in whatever order, for whichever player, the board keeps unique ids, stays a scenario the
engine reads, and keeps every piece that was on it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import rules_core
from tutor.board.card_documents import (
    NEW,
    PIECE,
    WHOLE,
    PlacementError,
    attackers_of,
    blocker_add,
    card_place,
    card_roles,
    role_grants,
)
from tutor.board.documents import STARTER_DOCUMENT

CARDS = [
    row["fields"]
    for row in json.loads((Path(__file__).parents[2] / "fixtures" / "cards.json").read_text(encoding="utf-8"))
]
BASES = {
    c["ja_name"]: next(p for p in c["engine"]["permanents"] if p["id"] == "card")
    for c in CARDS
    if c["ja_name"] and any(p["id"] == "card" for p in c["engine"].get("permanents", []))
}
placements = st.lists(
    st.tuples(st.sampled_from(CARDS), st.sampled_from(["A", "B"]), st.sampled_from([PIECE, WHOLE])),
    min_size=1,
    max_size=5,
)


def _place(document: dict[str, Any], card: dict[str, Any], player: str, how: str) -> dict[str, Any]:
    bindings = {role.ident: NEW for role in card_roles(card["engine"], BASES)}
    placed = card_place(
        document=document,
        fragment=card["engine"],
        name=card["ja_name"] or card["en_name"],
        player=player,
        how=how,
        bindings=bindings,
        bases=BASES,
    )
    return placed.document


def _card(slug: str) -> dict[str, Any]:
    return next(c for c in CARDS if c["slug"] == slug)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(placements)
# Found by this test: 《テフェリーの防御》 gives protection from everything to the player that the
# 《稲妻》 of 《ファイレクシアの非生》's example targets, so that 《稲妻》 could not have been cast.
@example([(_card("phyrexian-unlife"), "B", WHOLE), (_card("teferi-s-protection"), "B", PIECE)])
def test_any_sequence_of_cards_keeps_ids_unique_and_the_board_readable(steps):
    document = copy.deepcopy(STARTER_DOCUMENT)
    for card, player, how in steps:
        before = {p["id"] for p in document["permanents"]}
        try:
            placed = _place(document, card, player, how)
        except PlacementError as error:  # refused in Japanese, saying what to do first
            assert "先に" in error.message
            continue
        ids = [p["id"] for p in placed["players"] + placed["permanents"]]
        assert len(ids) == len(set(ids))
        assert before <= {p["id"] for p in placed["permanents"]}  # nothing on the board is lost
        try:
            rules_core.parse_scenario(placed)
        except rules_core.ScenarioError as error:
            # a board that could not happen (a target the new card makes illegal): the picker refuses it
            # with the engine's Japanese reason and keeps the board as it was (test_card_picker_views)
            assert error.message and "(" in error.message, error
            continue
        document = placed  # the engine reads every board the picker keeps
    if document["event"]:
        rules_core.resolve(rules_core.parse_scenario(document))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CARDS), st.sampled_from(["A", "B"]))
def test_placing_for_either_player_gives_the_card_to_that_player(card, player):
    try:
        document = _place(copy.deepcopy(STARTER_DOCUMENT), card, player, PIECE)
    except PlacementError:  # 《神聖》 and the like need a damage event first (tested below)
        assume(False)
    own = [p for p in document["permanents"] if p["name"] == f"《{card['ja_name'] or card['en_name']}》"]
    if any(p["id"] == "card" for p in card["engine"].get("permanents", [])):
        assert own and own[0]["controller"] == player


def test_every_card_placed_alone_is_placed_or_refused_in_japanese():
    """Each card without its example's event, on an empty board: a board the engine reads, or a
    PlacementError saying what to do first (never another exception)."""
    refused = []
    for card in CARDS:
        try:
            rules_core.parse_scenario(_place(copy.deepcopy(STARTER_DOCUMENT), card, "A", PIECE))
        except PlacementError as error:
            assert "先に" in error.message, card["en_name"]
            refused.append(card["en_name"])
    # the three effects about a spell the learner chooses need the board's damage event first
    assert sorted(refused) == ["Hallow", "Jade Monolith", "Shining Shoal"]


def test_an_effect_about_the_chosen_spell_binds_to_the_boards_own_spell():
    """《神聖》 alone on a board whose event is a 《ショック》: it prevents that spell's damage and its
    controller gains that much life (the card's encoding; CR 615.1)."""
    shock = next(c for c in CARDS if c["en_name"] == "Shock")
    hallow = next(c for c in CARDS if c["en_name"] == "Hallow")
    document = _place(copy.deepcopy(STARTER_DOCUMENT), shock, "B", WHOLE)
    document = _place(document, hallow, "A", PIECE)
    assert document["effects"][-1]["source"] == document["event"]["source"]["id"]
    rules_core.parse_scenario(document)


def test_an_event_needs_its_recipient_and_says_how_to_get_one():
    bolt = next(c for c in CARDS if c["en_name"] == "Lightning Bolt")
    with pytest.raises(PlacementError) as refused:
        card_place(document=STARTER_DOCUMENT, fragment=bolt["engine"], name="稲妻", player="A", how=WHOLE)
    assert refused.value.field == "role_bear"
    assert "例の《灰色熊》を新しく置く" in refused.value.message


def test_an_equipment_grants_only_what_it_adds_to_the_creatures_own_card():
    """《バジリスクの首輪》: the equipped 《灰色熊》 has deathtouch and lifelink beyond its own card."""
    collar = next(c for c in CARDS if c["en_name"] == "Basilisk Collar")
    ally = next(p for p in collar["engine"]["permanents"] if p["id"] == "ally")
    assert role_grants(ally, BASES["灰色熊"]) == {"keywords": ["deathtouch", "lifelink"]}
    assert role_grants(ally, None) == {}  # an unknown card grants nothing


def test_a_blocker_joins_the_attack_and_drops_the_old_assignment():
    """CR 509.1a: blocking changes the combat, so an assignment made before is no longer valid (510.1)."""
    document = {
        **copy.deepcopy(STARTER_DOCUMENT),
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "c1", "defender": "B"}],
            "assignments": {"c1": {"B": 3}},
        },
    }
    assert attackers_of(document, "B") == ["c1"] and attackers_of(document, "A") == []
    blocked = blocker_add(document=document, blocker="c2", attacker="c1")
    assert blocked["event"]["attacks"][0]["blockers"] == ["c2"] and "assignments" not in blocked["event"]
    with pytest.raises(KeyError):
        blocker_add(document=document, blocker="c2", attacker="c9")


def test_the_merge_is_pure_it_imports_neither_django_nor_the_models():
    """Like tutor/board/documents.py: document in, new document out (the views save it)."""
    import ast

    tree = ast.parse((Path(__file__).parents[2] / "tutor" / "board" / "card_documents.py").read_text())
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not [m for m in imported if m.split(".")[0] == "django" or m.startswith("tutor.models")]


def test_the_event_an_effect_is_about_is_not_replaced_under_it():
    """《輝く群れ》 placed on the board's own 《ショック》 is about that spell: a card that would replace
    the event is refused, saying to remove the effect first (found by the property above)."""
    shock = next(c for c in CARDS if c["en_name"] == "Shock")
    shoal = next(c for c in CARDS if c["en_name"] == "Shining Shoal")
    bolt = next(c for c in CARDS if c["en_name"] == "Lightning Bolt")
    document = _place(copy.deepcopy(STARTER_DOCUMENT), shock, "B", WHOLE)
    document = _place(document, shoal, "A", PIECE)
    with pytest.raises(PlacementError, match="先にその効果を削除"):
        _place(document, bolt, "A", WHOLE)
    rules_core.parse_scenario(document)  # the board as it was is still whole
