"""Hypothesis properties for shield counters, regeneration and the life-total rules.

- No negative counters; shield counters never increase, and each damage step or destroy event removes at
  most one from a permanent (CR 122.1c: one effect however many counters).
- Damage accounting holds with shield counters (``amount + prevented == would_deal + added``); a permanent
  with a shield counter as a non-combat event begins is dealt no preventable damage (122.1c).
- A player whose life total can't change ends with the life they began with (119.7, 119.8).
- A regenerated permanent has no damage marked and is tapped (701.19a); a player spared by
  ``no_loss_for_life`` never loses for 0 or less life (704.5a).
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import resolve_document

SETTINGS = settings(
    max_examples=int(os.environ.get("RULES_CORE_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

KEYWORDS = [
    "deathtouch",
    "indestructible",
    "lifelink",
    "infect",
    "wither",
    "first_strike",
    "double_strike",
    "trample",
]


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    creatures = []
    for i in range(draw(st.integers(1, 5))):
        controller = draw(st.sampled_from(["A", "B"]))
        creatures.append(
            {
                "id": f"c{i}",
                "controller": controller,
                "types": ["creature"],
                "power": draw(st.integers(0, 5)),
                "toughness": draw(st.integers(1, 5)),
                "damage": draw(st.integers(0, 2)),
                "counters": {"shield": draw(st.integers(0, 3)), "-1/-1": draw(st.integers(0, 1))},
                "keywords": sorted(draw(st.sets(st.sampled_from(KEYWORDS), max_size=3))),
                "protection": sorted(draw(st.sets(st.sampled_from(["red", "green"]), max_size=1))),
                "colors": sorted(draw(st.sets(st.sampled_from(["red", "green"]), max_size=1))),
            }
        )
    ids = [c["id"] for c in creatures]
    effects: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(
            st.sampled_from(
                ["regenerate", "cant_be_regenerated", "life_cant_change", "no_loss_for_life", "prevent_next"]
            )
        )
        if kind == "regenerate":
            static = draw(st.booleans())
            effects.append(
                {
                    "type": kind,
                    "on": draw(st.sampled_from(ids)),
                    "static": static,
                    "used": False if static else draw(st.booleans()),
                }
            )
        elif kind == "cant_be_regenerated":
            effects.append({"type": kind, "on": draw(st.sampled_from([*ids, None]))})
        elif kind == "life_cant_change":
            effects.append({"type": kind, "player": draw(st.sampled_from(["A", "B"]))})
        elif kind == "no_loss_for_life":
            effects.append(
                {
                    "type": kind,
                    "player": draw(st.sampled_from(["A", "B"])),
                    "damage_as_infect": draw(st.booleans()),
                }
            )
        else:
            effects.append(
                {
                    "type": kind,
                    "to": draw(st.sampled_from([*ids, "A", "B"])),
                    "amount": draw(st.integers(0, 3)),
                }
            )
    kind = draw(st.sampled_from(["noncombat", "destroy", "combat"]))
    attackers = [c["id"] for c in creatures if c["controller"] == "A"]
    defenders = [c["id"] for c in creatures if c["controller"] == "B"]
    if kind == "combat" and attackers:
        attacks = []
        free = list(defenders)
        colors = {c["id"]: set(c["colors"]) for c in creatures}
        protection = {c["id"]: set(c["protection"]) for c in creatures}
        for a in attackers:
            # CR 702.16f: a creature with protection can't be blocked by creatures of that colour.
            blockers = [b for b in free if not colors[b] & protection[a] and draw(st.booleans())]
            free = [b for b in free if b not in blockers]
            attacks.append({"attacker": a, "defender": "B", "blockers": blockers})
        event: dict[str, Any] = {"type": "combat", "attacks": attacks}
    elif kind == "destroy":
        targets = draw(st.lists(st.sampled_from(ids), min_size=1, max_size=len(ids), unique=True))
        event = {
            "type": "destroy",
            "source": {"name": "《殺害》", "controller": "A"},
            "targets": targets,
            "cant_be_regenerated": draw(st.booleans()),
        }
    else:
        recipients = draw(st.lists(st.sampled_from([*ids, "A", "B"]), min_size=1, max_size=4, unique=True))
        event = {
            "type": "noncombat",
            "source": {
                "name": "呪文",
                "controller": "A",
                "colors": [draw(st.sampled_from(["red", "green"]))],
                "keywords": sorted(
                    draw(st.sets(st.sampled_from(["deathtouch", "infect", "lifelink"]), max_size=2))
                ),
            },
            "damage": [{"to": r, "amount": draw(st.integers(0, 6))} for r in recipients],
            "cant_be_prevented": draw(st.booleans()),
            "cant_be_regenerated": draw(st.booleans()),
        }
    players = [{"id": "A", "life": draw(st.integers(-3, 6))}, {"id": "B", "life": draw(st.integers(-3, 6))}]
    return {"players": players, "permanents": creatures, "effects": effects, "event": event}


@SETTINGS
@given(boards())
def test_counters_never_negative_and_shields_go_one_at_a_time(document: dict[str, Any]) -> None:
    """CR 122.1c: one counter per damage event at most; counters never below 0 (final lists only kinds > 0)."""
    result = resolve_document(document)
    assert result["legal"]
    steps = len(result["steps"])
    for p in document["permanents"]:
        after = result["final"]["permanents"][p["id"]]
        assert all(n > 0 for n in after["counters"].values())
        before = p["counters"]["shield"]
        left = after["counters"].get("shield", 0)
        assert before - steps <= left <= before


@SETTINGS
@given(boards())
def test_damage_accounting_with_shield_counters(document: dict[str, Any]) -> None:
    """CR 615, 122.1c: prevented + dealt == would deal + added, never negative; shields prevent all of it."""
    result = resolve_document(document)
    for step in result["steps"]:
        for stage in step["stages"]:
            if stage["stage"] != "120.4b":
                continue
            for e in stage["events"]:
                assert e["amount"] + e["prevented"] == e["would_deal"] + e["added"]
                assert e["amount"] >= 0 and e["prevented"] >= 0
    if document["event"]["type"] == "noncombat" and not document["event"]["cant_be_prevented"]:
        shielded = {p["id"] for p in document["permanents"] if p["counters"]["shield"]}
        stage_b = next(s for s in result["steps"][0]["stages"] if s["stage"] == "120.4b")
        dealt = [e for e in stage_b["events"] if e["to"] in shielded]
        assert all(e["amount"] == 0 for e in dealt)


@SETTINGS
@given(boards())
def test_life_never_changes_when_it_cant(document: dict[str, Any]) -> None:
    """CR 119.7, 119.8 (Platinum Emperion): neither damage nor lifelink changes that life total."""
    result = resolve_document(document)
    frozen = {e["player"] for e in document["effects"] if e["type"] == "life_cant_change"}
    for p in document["players"]:
        if p["id"] in frozen:
            assert result["final"]["players"][p["id"]]["life"] == p["life"]


@SETTINGS
@given(boards())
def test_regenerated_and_spared(document: dict[str, Any]) -> None:
    """CR 701.19a: a regenerated permanent has no damage and is tapped; 704.5a spares ``no_loss_for_life``."""
    result = resolve_document(document)
    for step in result["steps"]:
        for stage in step["stages"]:
            for change in stage.get("changes", []):
                if change["attribute"] == "tapped" and change["rule"].startswith("701.19"):
                    after = result["final"]["permanents"][change["object"]]
                    assert after["tapped"] is True
                    assert after["damage"] == 0
    spared = {e["player"] for e in document["effects"] if e["type"] == "no_loss_for_life"}
    for pid in spared:
        player = result["final"]["players"][pid]
        if player["lost"]:
            assert player["poison"] >= 10
