"""A catalogue card's engine fragment as a whole scenario, for the chosen player (pure; no Django).

A fragment (``Card.engine``) is written for the card's controller ``A`` against ``B``: its
``permanents``, ``effects``, ``event``, optional ``active_player`` and ``players`` (keys merged into
the two players). Placing it for ``B`` swaps the two players everywhere.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from rules_core import ScenarioError, parse_scenario

PLAYERS = ({"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"})
SWAP = {"A": "B", "B": "A"}


def _swapped(value: Any) -> Any:
    """Every player id ``A``/``B`` in a fragment swapped (ids of permanents are never one letter).

    >>> _swapped({"controller": "A", "damage": [{"to": "B", "amount": 3}], "A": {"life": 3}})
    {'controller': 'B', 'damage': [{'to': 'A', 'amount': 3}], 'B': {'life': 3}}
    """
    if isinstance(value, str):
        return SWAP.get(value, value)
    if isinstance(value, list):
        return [_swapped(item) for item in value]
    if isinstance(value, dict):
        return {SWAP.get(key, key): _swapped(item) for key, item in value.items()}
    return value


def scenario_of(fragment: Mapping[str, Any], *, player: str = "A", title: str = "") -> dict[str, Any]:
    """The scenario that holds ``fragment`` with the card on ``player``'s side (``A`` or ``B``).

    >>> doc = scenario_of({"kind": "event", "permanents": [], "effects": [], "event": {}}, player="B")
    >>> doc["active_player"], [p["name"] for p in doc["players"]]
    ('B', ['あなた', '対戦相手'])
    """
    body = copy.deepcopy(dict(fragment))
    if player == "B":
        body = _swapped(body)
    overrides = body.get("players", {})
    document: dict[str, Any] = {
        "format": 1,
        "active_player": body.get("active_player", player),
        "players": [{**p, **overrides.get(p["id"], {})} for p in PLAYERS],
        "permanents": body.get("permanents", []),
        "effects": body.get("effects", []),
        "event": body.get("event", {}),
        "choices": {},
    }
    if title:
        document["title"] = title
    return document


def can_block(attacker: Mapping[str, Any], blocker: Mapping[str, Any]) -> bool:
    """Whether ``blocker`` may block ``attacker`` alone, as the engine's parser judges the declaration
    (evasion and block restrictions, CR 509.1b, 702.9b, 702.16f, 702.111b): the questions' boards and the card
    picker's defaults never show a block the real cards forbid."""
    doc = {
        "active_player": attacker["controller"],
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [{**attacker, "id": "att"}, {**blocker, "id": "blk"}],
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "att", "defender": blocker["controller"], "blockers": ["blk"]}],
        },
    }
    try:
        parse_scenario(doc)
    except ScenarioError:
        return False
    return True
