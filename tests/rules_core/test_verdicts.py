"""``rules_core.verdicts``: a declaration judged as an answer (legal, or the rule that refuses it), and who
decides (616.1, 510.1c-d, 702.21a) — each case with the CR paragraph it checks."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import ScenarioError, parse_scenario
from rules_core.verdicts import cited, declaration_verdict, division_chooser, order_chooser, ward_chooser


def creature(pid: str, controller: str, power: int = 2, toughness: int = 2, **extra: Any) -> dict[str, Any]:
    return {
        "id": pid,
        "controller": controller,
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        **extra,
    }


def block(attacker: dict[str, Any], *blockers: dict[str, Any], **event: Any) -> dict[str, Any]:
    return {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [attacker, *blockers],
        "event": {
            "type": "combat",
            "attacks": [
                {"attacker": attacker["id"], "defender": "B", "blockers": [b["id"] for b in blockers]}
            ],
            **event,
        },
    }


def spell(target: dict[str, Any], colors: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [target],
        "event": {
            "type": "noncombat",
            "source": {"name": "呪文", "controller": "A", "colors": colors},
            "damage": [{"to": target["id"], "amount": 2}],
            "targets": [target["id"]],
            **extra,
        },
    }


def rules(doc: dict[str, Any]) -> tuple[str, ...]:
    verdict = declaration_verdict(doc)
    assert verdict.legal == (not verdict.rules)
    return verdict.rules


def test_blocks_cr_702_9b_702_17b_702_111b_702_16f_509_1b() -> None:
    bird = creature("bird", "A", keywords=["flying"])
    assert rules(block(bird, creature("bear", "B")))[0] == "702.9b"
    assert rules(block(bird, creature("spider", "B", keywords=["reach"]))) == ()  # 702.17b
    rogue = creature("rogue", "A", keywords=["menace"])
    assert rules(block(rogue, creature("bear", "B")))[0] == "702.111b"
    assert rules(block(rogue, creature("bear", "B"), creature("elf", "B"))) == ()
    knight = creature("knight", "A", protection=["black"])
    assert rules(block(knight, creature("rats", "B", colors=["black"]))) == ("702.16f",)
    # 702.16f is about the attacker's protection: a protected blocker may block a creature of that colour
    assert (
        rules(block(creature("rats", "A", colors=["black"]), creature("knight", "B", protection=["black"])))
        == ()
    )
    assert rules(block(creature("bear", "A"), creature("kite", "B", cant_block=True))) == ("509.1b",)


def test_extra_blocks_cr_509_1a_and_attacks_cr_702_3b() -> None:
    guard = creature("guard", "B", toughness=5)
    doc = block(creature("x", "A"), guard)
    doc["permanents"].append(creature("y", "A"))
    doc["event"]["attacks"].append({"attacker": "y", "defender": "B", "blockers": ["guard"]})
    assert rules(doc) == ("509.1a",)
    guard["additional_blocks"] = 1
    assert rules(doc) == ()
    wall = block(creature("wall", "A", 0, 4, keywords=["defender"]))
    assert rules(wall)[0] == "702.3b"


def test_targets_cr_702_11b_702_18a_702_16b_702_21a() -> None:
    assert rules(spell(creature("troll", "B", keywords=["hexproof"]), ["red"]))[0] == "702.11b"
    assert (
        rules(spell(creature("troll", "A", keywords=["hexproof"]), ["red"])) == ()
    )  # its controller's own spell
    assert rules(spell(creature("ghost", "A", keywords=["shroud"]), ["red"]))[0] == "702.18a"
    assert rules(spell(creature("kor", "B", protection=["red"]), ["blue", "red"]))[0] == "702.16b"
    warded = declaration_verdict(spell(creature("sprite", "B", ward="{2}"), ["red"]))
    assert warded.legal and warded.warded == ("sprite",)  # ward: legal to target, it triggers (702.21a)
    assert declaration_verdict(spell(creature("sprite", "A", ward="{2}"), ["red"])).warded == ()


def test_assignments_cr_510_1a_510_1c_702_19b_702_2c() -> None:
    def divided(division: dict[str, int], **attacker: Any) -> tuple[str, ...]:
        doc = block(creature("x", "A", 5, 5, **attacker), creature("y", "B"), creature("z", "B", 3, 3))
        doc["event"]["assignments"] = {"x": division}
        return rules(doc)

    assert divided({"y": 1, "z": 4}) == ()  # since 2024 any division among the blockers (510.1c)
    assert divided({"y": 1, "z": 3}) == ("510.1a",)
    assert divided({"y": 2, "B": 3}) == ("510.1c",)
    assert divided({"y": 2, "z": 2, "B": 1}, keywords=["trample"]) == ("702.19b",)
    assert divided({"y": 1, "z": 1, "B": 3}, keywords=["trample", "deathtouch"]) == ()


def test_a_bad_board_is_still_an_error() -> None:
    doc = block(creature("x", "A"), creature("y", "B"))
    doc["permanents"][0]["power"] = "many"
    with pytest.raises(ScenarioError):
        declaration_verdict(doc)


def test_cited_reads_the_last_parentheses() -> None:
    assert cited("…です (120.4a)。…できません (702.111b, 509.1b)") == ("702.111b", "509.1b")
    assert cited("規則なし") == ()


def test_who_decides_cr_616_1_510_1c_510_1d_702_21a() -> None:
    doc = spell(creature("bear", "B"), ["red"])
    parsed = parse_scenario(doc)
    assert order_chooser(parsed, "bear") == "B"  # the affected object's controller, not the caster
    assert order_chooser(parsed, "A") == "A"  # an affected player chooses for themself
    assert ward_chooser(parsed) == "A"  # "unless that player pays": the spell's controller
    combat = parse_scenario(block(creature("x", "A", 5, 5), creature("y", "B"), creature("z", "B")))
    assert division_chooser(combat, "x") == "A"
    assert division_chooser(combat, "y") == "B"
    with pytest.raises(ValueError, match="対象をとる呪文"):
        ward_chooser(combat)
