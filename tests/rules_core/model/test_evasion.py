"""Evasion and block restrictions (issue 23 item 1): each rule checked as the declaration is made.

CR 509.1b: a declaration of blockers that disobeys a restriction is illegal; the parser refuses it with
a Japanese message naming the rule, at the field path. CR 508.1c the same for attackers (defender).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_core import ScenarioError, parse_scenario
from rules_core.model import evasion as ev
from rules_core.model.block_types import ANY_NUMBER, BlockerFilter, BlockRules
from rules_core.model.state import Permanent
from tests.rules_core.helpers import attack, combat, creature, doc


def _p(ident: str, controller: str = "B", power: int = 2, **kw: Any) -> Permanent:
    keywords = frozenset(kw.pop("keywords", ()))
    plain = {k: kw.pop(k) for k in ("subtypes", "plus_counters") if k in kw}
    return Permanent(
        id=ident,
        controller=controller,
        types=("creature",),
        power=power,
        toughness=2,
        keywords=keywords,
        blocks=BlockRules(**kw) if kw else None,
        **plain,
    )


def _refused(document: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(document)
    return info.value


def _one_block(attacker: dict[str, Any], *blockers: dict[str, Any]) -> dict[str, Any]:
    return doc(
        [attacker, *blockers],
        combat(attack(attacker["id"], blockers=tuple(b["id"] for b in blockers))),
    )


# --- the pure checks ------------------------------------------------------------------------------


def test_flying_is_blocked_only_by_flying_or_reach():
    """CR 702.9b, 702.17b: a creature with flying can't be blocked except by creatures with flying and/or
    reach; a flyer may block a creature without flying."""
    bird = _p("bird", "A", keywords={"flying"})
    bear = _p("bear")
    assert "702.9b" in (ev.block_refusal(bird, bear) or "")
    assert ev.block_refusal(bird, _p("spider", keywords={"reach"})) is None
    assert ev.block_refusal(bird, _p("drake", keywords={"flying"})) is None
    assert ev.block_refusal(_p("ox", "A"), _p("drake", keywords={"flying"})) is None


def test_reach_alone_is_no_evasion():
    """CR 702.17b: reach lets a creature block flyers; an attacker with reach can be blocked by anything."""
    assert ev.block_refusal(_p("spider", "A", keywords={"reach"}), _p("bear")) is None


def test_menace_needs_two_or_more_blockers():
    """CR 702.111b: a creature with menace can't be blocked except by two or more creatures; not blocking
    it at all is legal."""
    rogue = _p("rogue", "A", keywords={"menace"})
    assert "702.111b" in (ev.blockers_count_refusal(rogue, 1) or "")
    assert ev.blockers_count_refusal(rogue, 2) is None
    assert ev.blockers_count_refusal(rogue, 3) is None
    assert ev.blockers_count_refusal(rogue, 0) is None


def test_can_t_be_blocked_except_by_three_or_more():
    """CR 509.1b: "can't be blocked except by three or more creatures" is a restriction on the whole block."""
    titan = _p("titan", "A", min_blockers=3)
    assert ev.blockers_count_refusal(titan, 2) is not None
    assert ev.blockers_count_refusal(titan, 3) is None


def test_can_t_block_and_can_t_be_blocked():
    """CR 509.1b: "can't block" restricts the blocker, "can't be blocked" the attacker."""
    assert "509.1b" in (ev.block_refusal(_p("ox", "A"), _p("mite", cant_block=True)) or "")
    assert "509.1b" in (ev.block_refusal(_p("agent", "A", cant_be_blocked=True), _p("bear")) or "")


def test_can_t_be_blocked_by_power_two_or_less():
    """CR 509.1b; 《探索する獣》: "can't be blocked by creatures with power 2 or less" (power with counters, 122.1a)."""
    beast = _p("beast", "A", power=4, cant_be_blocked_by=(BlockerFilter(power_at_most=2),))
    assert ev.block_refusal(beast, _p("bear", power=2)) is not None
    assert ev.block_refusal(beast, _p("giant", power=3)) is None
    assert ev.block_refusal(beast, _p("grown", power=2, plus_counters=1)) is None


def test_can_t_be_blocked_except_by_walls_or_flyers():
    """CR 509.1b: "except by" a list of qualities: a blocker must have one of them."""
    sneak = _p(
        "sneak",
        "A",
        cant_be_blocked_except_by=(BlockerFilter(subtype="Wall"), BlockerFilter(keyword="flying")),
    )
    assert ev.block_refusal(sneak, _p("bear")) is not None
    assert ev.block_refusal(sneak, _p("wall", subtypes=("Wall",))) is None
    assert ev.block_refusal(sneak, _p("drake", keywords={"flying"})) is None


def test_a_creature_blocks_one_attacker_unless_it_can_block_more():
    """CR 509.1a: each chosen creature blocks one attacker; "can block an additional creature" allows two,
    "any number" any."""
    assert ev.blocks_count_refusal(_p("bear"), 1) is None
    assert "509.1a" in (ev.blocks_count_refusal(_p("bear"), 2) or "")
    assert ev.blocks_count_refusal(_p("brigade", additional_blocks=1), 2) is None
    assert ev.blocks_count_refusal(_p("brigade", additional_blocks=1), 3) is not None
    assert ev.blocks_count_refusal(_p("hydra", additional_blocks=ANY_NUMBER), 50) is None


def test_defender_can_t_attack():
    """CR 702.3b, 508.1c: a creature with defender can't attack."""
    assert "702.3b" in (ev.attack_refusal(_p("wall", "A", keywords={"defender"})) or "")
    assert ev.attack_refusal(_p("bear", "A")) is None


# --- the parser refuses, at the field, in Japanese ------------------------------------------------


def test_parser_refuses_a_hill_giant_blocking_a_flyer():
    """CR 702.9b: 《丘巨人》 can't block the flying 《疫病のとげ刺し》."""
    stinger = creature("stinger", 1, 1, "A", name="疫病のとげ刺し", keywords=["flying", "infect"])
    giant = creature("giant", 3, 3, name="丘巨人")
    err = _refused(_one_block(stinger, giant))
    assert err.field == "event.attacks[0].blockers[0]"
    assert "飛行" in str(err) and "(702.9b, 702.17b)" in str(err)


def test_parser_accepts_reach_blocking_a_flyer_and_resolves_it():
    """CR 702.17b: a creature with reach can block a flyer; the block then deals damage as usual (510.1)."""
    stinger = creature("stinger", 1, 1, "A", keywords=["flying"])
    spider = creature("spider", 2, 4, keywords=["reach"])
    scenario = parse_scenario(_one_block(stinger, spider))
    assert scenario.permanent("stinger").has("flying")


def test_parser_refuses_menace_blocked_by_one():
    """CR 702.111b: one blocker on a creature with menace is refused at its blockers list."""
    rogue = creature("rogue", 3, 3, "A", keywords=["menace"])
    err = _refused(_one_block(rogue, creature("bear", 2, 2)))
    assert err.field == "event.attacks[0].blockers"
    assert "威迫" in str(err) and "702.111b" in str(err)
    parse_scenario(_one_block(rogue, creature("bear", 2, 2), creature("elf", 1, 1)))


def test_parser_refuses_defender_attacking():
    """CR 702.3b, 508.1c."""
    err = _refused(_one_block(creature("wall", 0, 4, "A", keywords=["defender"])))
    assert err.field == "event.attacks[0].attacker"
    assert "防衛" in str(err) and "702.3b" in str(err)


def test_parser_refuses_can_t_block_and_can_t_be_blocked():
    """CR 509.1b: 《離反ダニ、スクレルヴ》 can't block; 《荒廃の工作員》 can't be blocked."""
    err = _refused(_one_block(creature("ox", 2, 2, "A"), creature("mite", 1, 1, cant_block=True)))
    assert err.field == "event.attacks[0].blockers[0]" and "509.1b" in str(err)
    err = _refused(_one_block(creature("agent", 1, 1, "A", cant_be_blocked=True), creature("bear", 2, 2)))
    assert "ブロックされません" in str(err)
    parse_scenario(doc([creature("agent", 1, 1, "A", cant_be_blocked=True)], combat(attack("agent"))))


def test_parser_refuses_a_blocker_listed_under_two_attacks_without_the_ability():
    """CR 509.1a: a creature blocks one attacker; listed under a second attack it needs "can block an
    additional creature" (``additional_blocks``)."""
    two = combat(attack("ox", blockers=("wall",)), attack("elf", blockers=("wall",)))
    plain = doc([creature("ox", 1, 1, "A"), creature("elf", 1, 1, "A"), creature("wall", 2, 2)], two)
    err = _refused(plain)
    assert err.field == "event.attacks[1].blockers[0]" and "509.1a" in str(err)
    able = doc(
        [creature("ox", 1, 1, "A"), creature("elf", 1, 1, "A"), creature("wall", 2, 2, additional_blocks=1)],
        two,
    )
    blocks = parse_scenario(able).permanent("wall").blocks
    assert blocks is not None and blocks.additional_blocks == 1


def test_a_third_block_needs_two_additional_or_any_number():
    """CR 509.1a: "an additional creature" is one more; ``"any"`` is any number."""
    three = combat(*(attack(a, blockers=("wall",)) for a in ("a1", "a2", "a3")))
    attackers = [creature(a, 1, 1, "A") for a in ("a1", "a2", "a3")]
    assert "509.1a" in str(_refused(doc([*attackers, creature("wall", 2, 2, additional_blocks=1)], three)))
    parse_scenario(doc([*attackers, creature("wall", 2, 2, additional_blocks=2)], three))
    any_number = parse_scenario(doc([*attackers, creature("wall", 2, 2, additional_blocks="any")], three))
    assert any_number.to_dict()["permanents"][3]["additional_blocks"] == "any"


def test_block_rules_round_trip():
    """§ 13: the normalized form writes each restriction back, and parsing it again gives the same board."""
    beast = creature(
        "beast",
        4,
        4,
        "A",
        keywords=["menace", "flying"],
        cant_be_blocked_by=[{"power_at_most": 2}],
        cant_be_blocked_except_by=[{"keyword": "reach", "color": "green"}],
        min_blockers=3,
        cant_block=True,
        cant_be_blocked=False,
    )
    first = parse_scenario(doc([beast]))
    again = parse_scenario(first.to_dict())
    assert again == first
    written = first.to_dict()["permanents"][0]
    assert written["cant_be_blocked_by"] == [{"power_at_most": 2}]
    assert written["cant_be_blocked_except_by"] == [{"keyword": "reach", "color": "green"}]
    assert written["min_blockers"] == 3 and written["cant_block"] is True
    assert "cant_be_blocked" not in written


def test_block_rules_only_for_creatures_and_filters_need_a_condition():
    """CR 506.3: only creatures attack and block; an empty filter names nothing and is refused."""
    walker = {"id": "pw", "controller": "B", "types": ["planeswalker"], "loyalty": 3, "cant_block": True}
    assert _refused(doc([walker])).field == "permanents[0].cant_block"
    empty = creature("x", 1, 1, cant_be_blocked_by=[{}])
    assert _refused(doc([empty])).field == "permanents[0].cant_be_blocked_by[0]"
    assert _refused(doc([creature("x", 1, 1, keywords=["banding"])])).field == "permanents[0].keywords[0]"
