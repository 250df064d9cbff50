"""Fixtures shared by the hardening tests."""

from __future__ import annotations

import pytest

from tutor.board.services import scenario_save


@pytest.fixture
def board():
    """A stored board: a 2/2 creature that a spell deals 3 damage to."""
    return scenario_save(
        document={
            "players": [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}],
            "permanents": [
                {
                    "id": "c1",
                    "name": "灰色熊",
                    "controller": "B",
                    "types": ["creature"],
                    "power": 2,
                    "toughness": 2,
                }
            ],
            "event": {
                "type": "noncombat",
                "source": {"name": "《稲妻》", "controller": "A", "colors": ["red"]},
                "damage": [{"to": "c1", "amount": 3}],
            },
        }
    )
