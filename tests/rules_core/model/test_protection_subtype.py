"""CR 702.16a, e, f: protection from a creature type (Warren-Scourge Elf, 《巣穴滅ぼしのエルフ》: "Protection from
Goblins"), written ``{"subtype": "Goblin"}`` (§ 16.2)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import parse_scenario, resolve_document
from rules_core.model import protection as pr
from rules_core.model.errors import ScenarioError
from rules_core.model.state import Source

ELF = {
    "id": "elf",
    "name": "巣穴滅ぼしのエルフ",
    "controller": "A",
    "types": ["creature"],
    "subtypes": ["Elf", "Warrior"],
    "colors": ["green"],
    "power": 1,
    "toughness": 1,
    "protection": [{"subtype": "Goblin"}],
}
GOBLIN = {
    "id": "gob",
    "name": "モンスのゴブリン略奪隊",
    "controller": "B",
    "types": ["creature"],
    "subtypes": ["Goblin"],
    "colors": ["red"],
    "power": 1,
    "toughness": 1,
}
BEAR = {"id": "bear", "name": "灰色熊", "controller": "B", "types": ["creature"], "power": 2, "toughness": 2}


def _doc(event: dict[str, Any], active: str = "A") -> dict[str, Any]:
    return {
        "active_player": active,
        "players": [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}],
        "permanents": [ELF, GOBLIN, BEAR],
        "event": event,
    }


def test_damage_from_a_goblin_is_prevented_and_from_another_creature_is_not() -> None:
    """702.16e: damage from sources with the stated quality (a Goblin) is prevented; a Bear's is not."""
    goblin = resolve_document(
        _doc({"type": "noncombat", "source": "gob", "damage": [{"to": "elf", "amount": 1}]})
    )
    assert goblin["final"]["permanents"]["elf"] == {
        "zone": "battlefield",
        "damage": 0,
        "counters": {},
        "power": 1,
        "toughness": 1,
    }
    assert "702.16e" in goblin["steps"][0]["stages"][1]["rules"]
    bear = resolve_document(
        _doc({"type": "noncombat", "source": "bear", "damage": [{"to": "elf", "amount": 1}]})
    )
    assert bear["final"]["permanents"]["elf"]["zone"] == "graveyard"


def test_a_goblin_cant_block_it_but_it_may_block_a_goblin() -> None:
    """702.16f: the creature can't be blocked by Goblins (refused as blockers are declared, 509.1b); the
    restriction is on what blocks it, so it may itself block a Goblin and take no damage (702.16e)."""
    with pytest.raises(ScenarioError, match=r"blockers\[0\]: プロテクション\(ゴブリン\).*\(702\.16f\)"):
        parse_scenario(
            _doc({"type": "combat", "attacks": [{"attacker": "elf", "defender": "B", "blockers": ["gob"]}]})
        )
    parse_scenario(
        _doc({"type": "combat", "attacks": [{"attacker": "elf", "defender": "B", "blockers": ["bear"]}]})
    )
    blocked = resolve_document(
        _doc({"type": "combat", "attacks": [{"attacker": "gob", "defender": "A", "blockers": ["elf"]}]}, "B")
    )
    assert blocked["final"]["permanents"]["elf"]["damage"] == 0
    assert blocked["final"]["permanents"]["gob"]["zone"] == "graveyard"


def test_the_quality_is_the_subtype_of_any_source_and_reads_in_japanese() -> None:
    """702.16a: a subtype quality applies to permanents and to sources not on the battlefield with it."""
    kindred = Source(id=None, controller="B", types=("kindred", "instant"), subtypes=("Goblin",))
    assert pr.has_quality(pr.subtype_quality("Goblin"), kindred)
    assert not pr.has_quality(
        pr.subtype_quality("Goblin"), Source(id=None, controller="B", subtypes=("Elf",))
    )
    assert pr.label([pr.subtype_quality("Goblin")]) == "プロテクション(ゴブリン)"
    assert pr.entries_label([{"subtype": "Goblin"}, "red"]) == "プロテクション(ゴブリンと赤)"


def test_written_back_as_an_object_and_refused_when_ambiguous() -> None:
    scenario = parse_scenario(_doc({}))
    assert scenario.to_dict()["permanents"][0]["protection"] == [{"subtype": "Goblin"}]
    bad = _doc({})
    bad["permanents"] = [{**ELF, "protection": [{"subtype": "Goblin", "from": "red"}]}, GOBLIN, BEAR]
    with pytest.raises(ScenarioError, match=r"protection\[0\]: .*subtype"):
        parse_scenario(bad)
