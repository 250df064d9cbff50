"""Targets of the other targeting events (docs/scenario-format.md § 14.4): a triggered ability's "target", a fight
or bite spell, a destroy spell — checked as they go on the stack (601.2c, 603.3d), ward (702.21a), and again as
they resolve (608.2b)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import parse_scenario, resolve
from rules_core.model.errors import ScenarioError
from rules_core.model.trace import Resolution

PLAYERS = [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}]
WURM = {
    "id": "wurm",
    "name": "《大喰らいのワーム》",
    "controller": "A",
    "types": ["creature"],
    "power": 6,
    "toughness": 4,
}
BEAR = {
    "id": "bear",
    "name": "《灰色熊》",
    "controller": "B",
    "types": ["creature"],
    "power": 2,
    "toughness": 2,
}
TROLL = {**BEAR, "id": "troll", "name": "《トロールの苦行者》", "power": 3, "keywords": ["hexproof"]}
TERROR = {**BEAR, "id": "terror", "name": "《トレイリアの恐怖》", "power": 5, "toughness": 5, "ward": "{2}"}
GREEN_SORCERY = {"controller": "A", "colors": ["green"], "types": ["sorcery"]}
MURDER = {"name": "《殺害》", "controller": "A", "colors": ["black"], "types": ["instant"]}


def _doc(permanents: list[dict[str, Any]], event: dict[str, Any]) -> dict[str, Any]:
    return {"players": PLAYERS, "active_player": "A", "permanents": permanents, "event": event}


def _run(permanents: list[dict[str, Any]], event: dict[str, Any]) -> Resolution:
    return resolve(parse_scenario(_doc(permanents, event)))


def _stages(result: Resolution) -> list[str]:
    return [s.stage for step in result.steps for s in step.stages]


def _refusal(permanents: list[dict[str, Any]], event: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(_doc(permanents, event))
    return caught.value


def _fight(**keys: Any) -> dict[str, Any]:
    return {"type": "fight", "name": "《捕食》", "fighters": ["wurm", "bear"], "spell": GREEN_SORCERY, **keys}


# --------------------------------------------------------------------------- fight (701.14) and bite


def test_a_fight_spell_cant_target_an_opponents_hexproof_creature() -> None:
    # CR 702.11b, 601.2c: refused as the spell is cast, naming the rule, in Japanese.
    error = _refusal([WURM, TROLL], _fight(fighters=["wurm", "troll"], targets=["wurm", "troll"]))
    assert error.field == "event.targets[1]"
    assert "呪禁" in error.message and "(702.11b, 601.2c)" in error.message


def test_a_fight_whose_target_gains_hexproof_in_response_deals_no_damage() -> None:
    # CR 701.14b: "If one or both creatures are illegal targets for a resolving spell ... that instructs them to
    # fight, neither of them fights or deals damage"; the spell still resolves for the legal one (608.2b).
    response = [{"type": "gain_keyword", "permanent": "bear", "keyword": "hexproof"}]
    result = _run([WURM, BEAR], _fight(targets=["wurm", "bear"], in_response=response))
    assert result.state.permanent("bear").damage == 0 and result.state.permanent("wurm").damage == 0
    assert _stages(result) == ["601.2c", "in_response", "608.2b"]
    check = result.steps[0].stages[-1]
    assert check.rules == ("608.2b", "702.11b", "701.14b")
    assert "どちらのクリーチャーも格闘を行わず" in check.notes[-1]


def test_a_fight_with_legal_targets_resolves_as_before_after_the_checks() -> None:
    # CR 701.14a: each deals damage equal to its power to the other; the checks come first (601.2c, 608.2b).
    result = _run([WURM, BEAR], _fight(targets=["wurm", "bear"]))
    assert _stages(result)[:3] == ["601.2c", "608.2b", "701.14"]
    assert result.state.permanent("bear").zone == "graveyard" and result.state.permanent("wurm").damage == 2


def test_a_fight_without_targets_is_not_checked_at_all() -> None:
    # § 14.4: not stated means not targeted — every older board resolves byte for byte as before.
    plain = {"type": "fight", "name": "《捕食》", "fighters": ["wurm", "troll"]}
    assert _stages(_run([WURM, TROLL], plain))[0] == "701.14"


def test_a_bite_whose_target_gains_protection_deals_no_damage() -> None:
    # Official ruling on 《狂気の一咬み》: if either target is illegal as it resolves, the creature deals no damage;
    # protection from green makes it illegal for a green spell (702.16b, 608.2b).
    event = {
        "type": "bite",
        "name": "《狂気の一咬み》",
        "source": "wurm",
        "to": "bear",
        "spell": GREEN_SORCERY,
        "targets": ["wurm", "bear"],
        "in_response": [{"type": "gain_protection", "object": "bear", "from": "green"}],
    }
    result = _run([WURM, BEAR], event)
    assert result.state.permanent("bear").damage == 0
    assert "702.16b" in result.steps[0].stages[-1].rules


def test_a_bite_whose_every_target_left_doesnt_resolve() -> None:
    # CR 608.2b: every target illegal (both left the battlefield): the spell doesn't resolve, nothing happens.
    gone = [{"type": "leave_battlefield", "permanent": x, "zone": "hand"} for x in ("wurm", "bear")]
    event = {
        "type": "bite",
        "source": "wurm",
        "to": "bear",
        "spell": GREEN_SORCERY,
        "targets": ["wurm", "bear"],
    }
    result = _run([WURM, BEAR], {**event, "in_response": gone})
    assert "解決されません" in result.steps[0].stages[-1].notes[-1]


def test_ward_counters_a_fight_spell_unless_paid() -> None:
    # CR 702.21a: ward triggers on becoming the target of an opponent's spell; unpaid, the spell is countered
    # (701.6a) and nothing of it happens.
    unpaid = _run([WURM, TERROR], _fight(fighters=["wurm", "terror"], targets=["wurm", "terror"]))
    assert _stages(unpaid) == ["601.2c", "702.21a"] and unpaid.state.permanent("terror").damage == 0
    paid = _run(
        [WURM, TERROR], _fight(fighters=["wurm", "terror"], targets=["wurm", "terror"], ward_paid=["terror"])
    )
    assert paid.state.permanent("terror").damage == 6 and paid.state.permanent("terror").zone == "graveyard"


# --------------------------------------------------------------------------- destroy (701.8)


def test_destroy_target_creature_cant_target_hexproof_but_destroy_all_reaches_it() -> None:
    # CR 702.11b, 115.1: 《殺害》 targets; 《神の怒り》 ("destroy all creatures") targets nothing (115.10a).
    event = {"type": "destroy", "source": MURDER, "targets": ["troll"]}
    error = _refusal([TROLL], {**event, "targeted": True})
    assert error.field == "event.targets[0]" and "702.11b" in error.message
    assert _run([TROLL], event).state.permanent("troll").zone == "graveyard"


def test_a_destroy_spell_spares_a_target_that_gained_shroud_and_destroys_the_other() -> None:
    # CR 608.2b: an illegal target is unaffected (702.18a: shroud); the legal one is destroyed (701.8a).
    response = [{"type": "gain_keyword", "permanent": "bear", "keyword": "shroud"}]
    elf = {**BEAR, "id": "elf", "name": "《ラノワールのエルフ》", "power": 1, "toughness": 1}
    event = {"type": "destroy", "source": MURDER, "targets": ["bear", "elf"], "targeted": True}
    result = _run([BEAR, elf], {**event, "in_response": response})
    assert result.state.permanent("bear").zone == "battlefield"
    assert result.state.permanent("elf").zone == "graveyard"
    assert _stages(result)[:4] == ["601.2c", "in_response", "608.2b", "701.8"]


def test_ward_on_a_destroy_spell() -> None:
    # CR 702.21a: unpaid, 《殺害》 is countered and the creature stays; ward_paid needs a targeting spell.
    event = {"type": "destroy", "source": MURDER, "targets": ["terror"], "targeted": True}
    assert _run([TERROR], event).state.permanent("terror").zone == "battlefield"
    assert _run([TERROR], {**event, "ward_paid": ["terror"]}).state.permanent("terror").zone == "graveyard"
    error = _refusal([TERROR], {**event, "targeted": False, "ward_paid": ["terror"]})
    assert error.field == "event.ward_paid" and "702.21a" in error.message


# --------------------------------------------------------------------------- a triggered ability's target (603.3d)


def _reckoner(to: str, **effect: Any) -> dict[str, Any]:
    """《ボロスの反攻者》: "Whenever this creature is dealt damage, it deals that much damage to any target"."""
    trigger = {
        "when": "dealt_damage",
        "effect": {"type": "damage", "amount": "that_much", "to": to, **effect},
    }
    return {
        "id": "reckoner",
        "name": "《ボロスの反攻者》",
        "controller": "A",
        "types": ["creature"],
        "colors": ["red", "white"],
        "power": 3,
        "toughness": 3,
        "triggers": [trigger],
    }


SHOCK = {
    "type": "noncombat",
    "source": {"name": "《ショック》", "controller": "B", "colors": ["red"]},
    "damage": [{"to": "reckoner", "amount": 2}],
}


def test_a_triggered_ability_cant_target_an_opponents_hexproof_creature() -> None:
    # CR 603.3d, 702.11b: its target is chosen as it is put on the stack and must be legal.
    error = _refusal([_reckoner("troll", target=True), TROLL], SHOCK)
    assert error.field == "permanents[0].triggers[0].effect.to"
    assert "(702.11b, 603.3d)" in error.message
    # without "target" (a chosen player, say) nothing is checked, as before
    assert parse_scenario(_doc([_reckoner("troll"), TROLL], SHOCK)).permanent("troll").keywords


def test_a_protection_from_red_creature_cant_be_the_target_of_a_red_sources_ability() -> None:
    # CR 702.16b: no ability from a source with the quality.
    pro_red = {**BEAR, "protection": ["red"]}
    assert "702.16b" in _refusal([_reckoner("bear", target=True), pro_red], SHOCK).message


def test_ward_counters_a_triggered_ability_unless_paid() -> None:
    # CR 702.21a: ward triggers on becoming the target of an opponent's *ability* too; unpaid, the ability is
    # countered: no damage (701.6a).
    unpaid = _run([_reckoner("terror", target=True), TERROR], SHOCK)
    countered = unpaid.steps[-1].stages[0]
    assert countered.stage == "702.21a" and "701.6a" in countered.rules and "trigger" in countered.extra
    assert unpaid.state.permanent("terror").damage == 0
    paid = _run([_reckoner("terror", target=True, ward_paid=True), TERROR], SHOCK)
    assert paid.state.permanent("terror").damage == 2
    assert {"603.3d", "608.2b", "702.21a"} <= set(paid.steps[-1].stages[0].rules)


def test_ward_paid_on_a_trigger_needs_a_warded_target() -> None:
    # CR 702.21a: ward_paid where no ward triggers is refused, naming the field.
    error = _refusal([_reckoner("bear", target=True, ward_paid=True), BEAR], SHOCK)
    assert error.field == "permanents[0].triggers[0].effect.ward_paid"
    error = _refusal([_reckoner("controller", target=True), BEAR], SHOCK)
    assert error.field == "permanents[0].triggers[0].effect.target"


def test_a_trigger_with_a_legal_target_deals_its_damage_and_round_trips() -> None:
    # CR 608.2b: still legal as it resolves; the normalized form keeps "target".
    scenario = parse_scenario(_doc([_reckoner("bear", target=True), BEAR], SHOCK))
    assert resolve(scenario).state.permanent("bear").zone == "graveyard"
    assert scenario.to_dict()["permanents"][0]["triggers"][0]["effect"]["target"] is True
    assert parse_scenario(scenario.to_dict()) == scenario
