"""The card picker over the whole catalogue: every card placed on an empty board resolves, and its
stages cite the rules its own example cites (the picker places exactly what the encoding says)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.test import Client

import rules_core
from tutor.board import card_picker
from tutor.board.card_documents import NEW, PIECE, WHOLE, card_place, card_roles, default_bindings
from tutor.board.documents import STARTER_DOCUMENT
from tutor.cards.describe import cited_rules
from tutor.models import Card
from tutor.models import Scenario as StoredScenario

pytestmark = pytest.mark.django_db


def _cited(document: dict[str, Any]) -> list[str]:
    resolution = rules_core.resolve(rules_core.parse_scenario(document))
    rules: dict[str, None] = {}
    for step in resolution.steps:
        for stage in step.stages:
            assert stage.rules, (step.name, stage.stage)  # every stage names the rule it applies
            for rule in stage.rules:
                rules.setdefault(rule, None)
    return list(rules)


def _stored(response) -> dict[str, Any]:
    assert response.status_code == 302, response.content.decode()[:2000]
    slug = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    return StoredScenario.objects.get(slug=slug).document


def test_every_card_placed_by_the_picker_with_its_example_resolves_and_cites_its_rules():
    """Each card through the place view (its example's counterparts added as new cards): the board
    parses, resolves, and its stages cite the same rules as the card's own example."""
    client = Client()
    cards = list(Card.objects.all())
    assert len(cards) >= 170
    for card in cards:
        roles = card_roles(card.engine)
        data = {"card": card.slug, "player": "A", "how": WHOLE} | {f"role_{r.ident}": NEW for r in roles}
        document = _stored(client.post("/board/cards/place/", data))
        assert _cited(document) == cited_rules(card.engine), card.en_name


def test_every_card_bound_to_counterparts_already_on_the_board():
    """The counterparts first placed from the catalogue as cards of their own (the 《灰色熊》 a
    《稲妻》 hits, the attacker a 《濃霧》 stops), then the card with the picker's default bindings:
    every board resolves and every stage cites a rule."""
    bases = card_picker.card_bases()
    by_name = {c.ja_name: c for c in Card.objects.exclude(ja_name=None)}
    for card in Card.objects.all():
        document = copy.deepcopy(STARTER_DOCUMENT)
        for role in card_roles(card.engine, bases):
            counterpart = by_name.get(role.name)
            assert counterpart is not None, (card.en_name, role.name)  # every example uses catalogue cards
            document = card_place(
                document=document,
                fragment=counterpart.engine,
                name=role.name,
                player=role.side,
                how=PIECE,
                bases=bases,
            ).document
        bindings = default_bindings(document, card.engine, player="A")
        assert all(bindings.values()), (card.en_name, bindings)
        placed = card_place(
            document=document,
            fragment=card.engine,
            name=card_picker.card_name(card),
            player="A",
            how=WHOLE,
            bindings=bindings,
            bases=bases,
        )
        assert _cited(placed.document), card.en_name
