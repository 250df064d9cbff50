"""Every request is bounded: the choice comparison of a board with many effects on one recipient takes
a few orders lazily instead of building all n! of them, and a board at the combat limits still opens
every page and stage (the times are printed by bench/bench_limits.py, not asserted here)."""

from __future__ import annotations

import pytest
from django.test import Client

from rules_core.document import limits
from tutor.board.services import scenario_save
from tutor.results.choices import MAX_DECISIONS, MAX_ORDERS, TOO_LARGE_TO_COMPARE, choices_compare


def _effects_bomb(n: int = 12) -> dict:
    """The issue's 600-byte board: ``n`` prevention effects that all apply to one creature (CR 616.1)."""
    return {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [{"id": "t", "controller": "B", "types": ["creature"], "power": 1, "toughness": 100}],
        "effects": [{"type": "prevent_static", "to": "t", "amount": 1} for _ in range(n)],
        "event": {
            "type": "noncombat",
            "source": {"name": "火の玉", "controller": "A", "colors": ["red"]},
            "damage": [{"to": "t", "amount": 50}],
        },
    }


def test_twelve_effects_on_one_creature_give_six_orders_and_say_there_are_more():
    """CR 616.1: the controller orders 12 effects (12! orders); the page shows the first 6 and says so."""
    [decision] = choices_compare(document=_effects_bomb())
    assert decision["kind"] == "replacement_order"
    assert len(decision["options"]) == MAX_ORDERS
    assert "479,001,600通り" in decision["more"]
    # every option orders all twelve effects, and each is resolved by the engine
    assert all(len(o["labels"]) == 12 and o["result"]["legal"] for o in decision["options"])
    # CR 615.7-style static prevention of 1 each: 12 prevented whatever the order, so nothing differs
    assert not decision["differs"]


def test_effects_that_apply_to_every_recipient_are_compared_for_a_few_of_them():
    """Effects without a target apply to each of the 30 creatures hit: at most MAX_DECISIONS are compared."""
    doc = _effects_bomb(3)
    doc["permanents"] = [
        {"id": f"c{i}", "controller": "B", "types": ["creature"], "power": 1, "toughness": 100}
        for i in range(30)
    ]
    doc["effects"] = [{"type": "prevent_static", "amount": 1}, {"type": "damage_multiplier", "factor": 2}]
    doc["event"]["damage"] = [{"to": f"c{i}", "amount": 3} for i in range(30)]
    decisions = choices_compare(document=doc)
    assert len(decisions) == MAX_DECISIONS
    # doubling then preventing 1 leaves 5; preventing then doubling leaves 4 (CR 616.1 order matters)
    damage = {o["value"]: o["result"]["final"]["permanents"]["c0"]["damage"] for o in decisions[0]["options"]}
    assert damage == {"0,1": 4, "1,0": 5}


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["", "?stage=all", "?stage=3"])
def test_the_bomb_board_opens_at_every_stage(query):
    stored = scenario_save(document=_effects_bomb(limits.EFFECTS.maximum))
    response = Client().get(f"/board/s/{stored.slug}/{query}")
    assert response.status_code == 200
    if query == "?stage=all":
        assert "最初の6通りを並べています" in response.content.decode()


def _spread_under_every_effect(recipients: int) -> dict:
    """One spell on ``recipients`` creatures, every effect allowed applying to each (no ``to``)."""
    doc = _effects_bomb(3)
    doc["permanents"] = [
        {"id": f"c{i}", "controller": "B", "types": ["creature"], "power": 1, "toughness": 100}
        for i in range(recipients)
    ]
    doc["effects"] = [
        {"type": "prevent_static", "amount": 1} if i % 2 else {"type": "damage_multiplier", "factor": 2}
        for i in range(limits.EFFECTS.maximum)
    ]
    doc["event"]["damage"] = [{"to": f"c{i}", "amount": 3} for i in range(recipients)]
    return doc


def test_a_board_with_100_recipients_under_24_effects_offers_six_orders_without_resolving_them():
    """Each option resolves the whole board, and one resolution of this one already writes about 8,000
    lines (MAX_LINES): the decision is still offered, six orders to choose, but their outcomes are not
    compared on the page (choosing one resolves the board in that order)."""
    [decision] = choices_compare(document=_spread_under_every_effect(100))
    assert len(decision["options"]) == MAX_ORDERS
    assert "最初の6通りを並べています" in decision["more"]
    assert decision["unresolved"] and TOO_LARGE_TO_COMPARE in decision["more"]
    assert all(option["result"] is None for option in decision["options"])


def test_a_board_of_thirty_recipients_under_24_effects_still_compares_six_resolved_orders():
    """Below the budget the comparison resolves each order shown (MAX_WORK: fewer on a larger event)."""
    decision = choices_compare(document=_spread_under_every_effect(10))[0]
    assert len(decision["options"]) == MAX_ORDERS and not decision["unresolved"]
    assert all(option["result"]["legal"] for option in decision["options"])
