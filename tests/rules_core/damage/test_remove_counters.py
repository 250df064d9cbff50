"""CR 615.5 (§ 16.3): Protean Hydra, 《変幻のハイドラ》: "If damage would be dealt to Protean Hydra, prevent that
damage and remove that many +1/+1 counters from it."""

from __future__ import annotations

from typing import Any

from rules_core import resolve_document


def _hydra(counters: int, damage: int, *, cant_be_prevented: bool = False) -> dict[str, Any]:
    effects: list[dict[str, Any]] = [
        {"type": "prevent_and", "to": "hydra", "then": "remove_plus_counters", "name": "《変幻のハイドラ》"}
    ]
    if cant_be_prevented:
        effects.append({"type": "cant_be_prevented"})
    return {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [
            {
                "id": "hydra",
                "controller": "A",
                "types": ["creature"],
                "power": 0,
                "toughness": 0,
                "counters": {"+1/+1": counters},
            }
        ],
        "effects": effects,
        "event": {
            "type": "noncombat",
            "source": {"name": "《稲妻》", "controller": "B"},
            "damage": [{"to": "hydra", "amount": damage}],
        },
    }


def test_the_damage_is_prevented_and_that_many_counters_come_off_right_after() -> None:
    """615.5: the prevention is when the damage would be dealt; the rest right afterwards (its 615.5 stage)."""
    result = resolve_document(_hydra(5, 3))
    hydra = result["final"]["permanents"]["hydra"]
    assert (hydra["damage"], hydra["counters"], hydra["zone"]) == (0, {"+1/+1": 2}, "battlefield")
    stage = next(s for s in result["steps"][0]["stages"] if s["stage"] == "615.5")
    assert stage["changes"][0]["attribute"] == "counters.+1/+1"
    assert (stage["changes"][0]["before"], stage["changes"][0]["after"]) == (5, 2)
    assert stage["events"][0]["result"] == "counters_removed"


def test_more_damage_than_counters_removes_them_all_and_the_hydra_dies_at_0_toughness() -> None:
    """Only the counters it has come off; 0/0 without counters: 704.5f."""
    result = resolve_document(_hydra(2, 3))
    assert result["final"]["permanents"]["hydra"]["zone"] == "graveyard"
    sba = next(s for s in result["steps"][0]["stages"] if s["stage"] == "704")
    assert "704.5f" in sba["rules"]


def test_damage_that_cant_be_prevented_removes_no_counters() -> None:
    """615.12: nothing is prevented, so the additional effect that counts it does nothing; the damage is dealt."""
    result = resolve_document(_hydra(3, 2, cant_be_prevented=True))
    hydra = result["final"]["permanents"]["hydra"]
    assert (hydra["damage"], hydra["counters"]) == (2, {"+1/+1": 3})
