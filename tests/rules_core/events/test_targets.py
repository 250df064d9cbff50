"""Targets of a damage spell or ability (docs/scenario-format.md § 14): hexproof (CR 702.11b), shroud
(702.18a), protection (702.16b) and ward (702.21a), checked as the spell is cast (601.2c) and again as it
resolves (608.2b); "each creature" targets nothing (115.10a)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import ScenarioError, parse_scenario, resolve
from rules_core.model.state import Permanent, Source
from rules_core.model.targets import why_untargetable
from tests.rules_core.helpers import creature, doc, final, run, stage

TROLL = creature("troll", 3, 2, name="《トロールの苦行者》", colors=["green"], keywords=["hexproof"])
BEAR = creature("bear", 2, 2, name="《灰色熊》", colors=["green"])


def burn(damage: list[dict[str, Any]], controller: str = "A", **kw: Any) -> dict[str, Any]:
    """《火葬》 from ``controller``; an entry's ``target`` / ``ward_paid`` go to the event's lists (§ 14.1)."""
    event: dict[str, Any] = {
        "type": "noncombat",
        "source": {"name": "《火葬》", "controller": controller, "colors": ["red"], "types": ["instant"]},
        "damage": [{"to": d["to"], "amount": d["amount"]} for d in damage],
        **kw,
    }
    for key, flag in (("targets", "target"), ("ward_paid", "ward_paid")):
        listed = [d["to"] for d in damage if d.get(flag)]
        if listed:
            event[key] = listed
    return event


def refused(document: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(document)
    return caught.value


def test_an_opponents_spell_cannot_target_a_hexproof_creature() -> None:
    # CR 702.11b: hexproof means it can't be the target of spells or abilities your opponents control;
    # 601.2c: the target is chosen (and must be legal) as the spell is cast.
    error = refused(doc([TROLL], burn([{"to": "troll", "amount": 4, "target": True}])))
    assert error.field == "event.targets[0]"
    assert "呪禁" in error.message and "(702.11b, 601.2c)" in error.message


def test_its_controllers_own_spell_can_target_a_hexproof_creature() -> None:
    # CR 702.11b: only opponents are stopped; B's own 《火葬》 targets B's troll and deals 4.
    result = final(doc([TROLL], burn([{"to": "troll", "amount": 4, "target": True}], controller="B")))
    assert result["permanents"]["troll"]["zone"] == "graveyard"


def test_damage_to_each_creature_targets_nothing_so_hexproof_does_not_stop_it() -> None:
    # CR 115.10a: an object affected without the word "target" is not a target, so 702.11b does not apply.
    _, result = run(doc([TROLL, BEAR], burn([{"to": "troll", "amount": 2}, {"to": "bear", "amount": 2}])))
    assert result["final"]["permanents"]["troll"]["zone"] == "graveyard"
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"
    # an event without any target resolves as before: no stage for targets
    assert result["steps"][0]["stages"][0]["stage"] == "120.4a"


def test_a_target_and_an_untargeted_recipient_in_one_spell() -> None:
    # CR 115.10a: "deals 3 damage to target creature and 1 damage to its controller": the player isn't a target.
    _, result = run(
        doc([BEAR], burn([{"to": "bear", "amount": 3, "target": True}, {"to": "B", "amount": 1}]))
    )
    cast = stage(result, "601.2c")
    assert "115.10a" in cast["rules"]
    assert result["final"]["players"]["B"]["life"] == 19
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"


def test_shroud_stops_even_its_controllers_own_spell() -> None:
    # CR 702.18a: shroud means it can't be the target of spells or abilities (anyone's).
    veiled = creature("veiled", 2, 2, controller="A", name="《ヴェールの見張り》", keywords=["shroud"])
    error = refused(doc([veiled], burn([{"to": "veiled", "amount": 1, "target": True}])))
    assert error.field == "event.targets[0]"
    assert "被覆" in error.message and "(702.18a, 601.2c)" in error.message


def test_protection_from_red_stops_a_red_spell_targeting_it() -> None:
    # CR 702.16b: it can't be targeted by spells with the stated quality.
    knight = creature("knight", 2, 2, name="《白騎士》", colors=["white"], protection=["red"])
    error = refused(doc([knight], burn([{"to": "knight", "amount": 3, "target": True}])))
    assert "プロテクション(赤)" in error.message and "(702.16b, 601.2c)" in error.message


def test_protection_from_a_colour_does_not_stop_another_colours_spell() -> None:
    # CR 702.16b: only the stated quality; a black spell targets a creature with protection from red.
    knight = creature("knight", 2, 2, protection=["red"])
    event = burn([{"to": "knight", "amount": 3, "target": True}])
    event["source"]["colors"] = ["black"]
    assert final(doc([knight], event))["permanents"]["knight"]["zone"] == "graveyard"


def test_a_player_with_protection_cannot_be_targeted_by_that_quality() -> None:
    # CR 702.16b with 702.16j: a player with protection from everything can't be targeted by a spell.
    players = [{"id": "A"}, {"id": "B", "name": "対戦相手", "protection": ["everything"]}]
    error = refused(doc([], burn([{"to": "B", "amount": 3, "target": True}]), players=players))
    assert "(702.16b, 601.2c)" in error.message


def test_an_ability_from_a_source_with_the_quality_is_stopped_too() -> None:
    # CR 702.16b: "can't be targeted by abilities from a source with the stated quality".
    pinger = creature("pinger", 1, 1, controller="A", colors=["red"])
    knight = creature("knight", 2, 2, protection=["red"])
    event = {
        "type": "noncombat",
        "source": "pinger",
        "damage": [{"to": "knight", "amount": 1}],
        "targets": ["knight"],
    }
    assert "702.16b" in refused(doc([pinger, knight], event)).message


def test_ward_not_paid_counters_the_spell() -> None:
    # CR 702.21a: ward counters the spell unless its controller pays; 701.6a: a countered spell has no effect.
    guard = creature("guard", 2, 2, name="《護法の番人》", ward="{2}")
    _, result = run(
        doc([guard, BEAR], burn([{"to": "guard", "amount": 2, "target": True}, {"to": "B", "amount": 2}]))
    )
    ward = stage(result, "702.21a")
    assert "701.6a" in ward["rules"] and "打ち消されます" in "".join(ward["notes"])
    assert [s["stage"] for s in result["steps"][0]["stages"]] == ["601.2c", "702.21a"]
    assert result["final"]["permanents"]["guard"]["damage"] == 0
    assert result["final"]["players"]["B"]["life"] == 20


def test_ward_paid_lets_the_spell_resolve() -> None:
    # CR 702.21a: the cost paid, the spell is not countered and deals its damage.
    guard = creature("guard", 2, 2, ward="{2}")
    _, result = run(doc([guard], burn([{"to": "guard", "amount": 2, "target": True, "ward_paid": True}])))
    assert "701.6a" not in stage(result, "702.21a")["rules"]
    assert result["final"]["permanents"]["guard"]["zone"] == "graveyard"


def test_ward_does_not_trigger_for_its_controllers_own_spell() -> None:
    # CR 702.21a: only a spell or ability an opponent controls triggers ward.
    guard = creature("guard", 2, 2, ward="{2}")
    _, result = run(doc([guard], burn([{"to": "guard", "amount": 2, "target": True}], controller="B")))
    assert "702.21a" not in [s["stage"] for s in result["steps"][0]["stages"]]
    assert result["final"]["permanents"]["guard"]["zone"] == "graveyard"
    error = refused(
        doc([guard], burn([{"to": "guard", "amount": 2, "target": True, "ward_paid": True}], "B"))
    )
    assert error.field == "event.ward_paid[0]" and "(702.21a)" in error.message


def test_divided_damage_keeps_its_division_when_one_target_becomes_illegal() -> None:
    # CR 608.2b: the illegal target is not affected; the others get what was divided to them (601.2d).
    event = burn(
        [{"to": "bear", "amount": 2, "target": True}, {"to": "elf", "amount": 1, "target": True}],
        in_response=[
            {"type": "gain_keyword", "permanent": "bear", "keyword": "hexproof", "name": "《硬化した鱗》"}
        ],
    )
    elf = creature("elf", 1, 1, name="《ラノワールのエルフ》")
    _, result = run(doc([BEAR, elf], event))
    check = stage(result, "608.2b")
    assert "702.11b" in check["rules"] and "2点のダメージは与えられません" in "".join(check["notes"])
    assert result["final"]["permanents"]["bear"]["damage"] == 0
    assert result["final"]["permanents"]["bear"]["zone"] == "battlefield"
    assert result["final"]["permanents"]["elf"]["zone"] == "graveyard"
    changes = stage(result, "in_response")["changes"]
    assert changes[0]["attribute"] == "keyword.hexproof" and changes[0]["after"] is True


def test_a_spell_whose_targets_are_all_illegal_does_not_resolve() -> None:
    # CR 608.2b: every target illegal, the spell doesn't resolve: no damage and no other effect either.
    event = burn(
        [{"to": "bear", "amount": 3, "target": True}, {"to": "B", "amount": 2}],
        in_response=[{"type": "gain_protection", "object": "bear", "from": "red"}],
    )
    _, result = run(doc([BEAR], event))
    names = [s["stage"] for s in result["steps"][0]["stages"]]
    assert names == ["601.2c", "in_response", "608.2b"]
    assert "解決されません" in "".join(stage(result, "608.2b")["notes"])
    assert result["final"]["players"]["B"]["life"] == 20
    assert result["final"]["permanents"]["bear"]["damage"] == 0


def test_a_target_that_left_the_battlefield_is_illegal() -> None:
    # CR 608.2b: a target no longer in the zone it was in when targeted is illegal.
    event = burn(
        [{"to": "bear", "amount": 3, "target": True}],
        in_response=[{"type": "leave_battlefield", "permanent": "bear", "zone": "hand"}],
    )
    _, result = run(doc([BEAR], event))
    assert result["final"]["permanents"]["bear"]["zone"] == "hand"
    assert "608.2b" in stage(result, "608.2b")["rules"]
    assert len(result["steps"][0]["stages"]) == 3


def test_hexproof_gained_in_response_does_not_stop_damage_to_each_creature() -> None:
    # CR 115.10a: an untargeted recipient is not checked by 608.2b; hexproof gained in response changes nothing.
    event = burn(
        [{"to": "bear", "amount": 2}],
        in_response=[{"type": "gain_keyword", "permanent": "bear", "keyword": "hexproof"}],
    )
    assert final(doc([BEAR], event))["permanents"]["bear"]["zone"] == "graveyard"


def test_indestructible_gained_in_response_is_on_the_board_as_the_spell_resolves() -> None:
    # CR 405.5, 702.12b: the response resolves first; the target stays legal but is not destroyed by lethal damage.
    event = burn(
        [{"to": "bear", "amount": 3, "target": True}],
        in_response=[{"type": "gain_keyword", "permanent": "bear", "keyword": "indestructible"}],
    )
    result = final(doc([BEAR], event))
    assert (
        result["permanents"]["bear"]["zone"] == "battlefield" and result["permanents"]["bear"]["damage"] == 3
    )


def test_a_teammates_spell_may_target_a_hexproof_creature_in_two_headed_giant() -> None:
    # CR 702.11b with 810.2: a teammate is not an opponent.
    players = [{"id": p, "life": 30} for p in "ABCD"]
    troll = creature("troll", 3, 2, controller="C", keywords=["hexproof"])
    document = {
        **doc([troll], burn([{"to": "troll", "amount": 4, "target": True}]), players=players),
        "variant": "two_headed_giant",
        "teams": [["A", "C"], ["B", "D"]],
    }
    assert final(document)["permanents"]["troll"]["zone"] == "graveyard"
    document["event"] = burn([{"to": "troll", "amount": 4, "target": True}], controller="B")
    assert "702.11b" in refused(document).message


def test_the_normalized_form_keeps_targets_ward_and_responses() -> None:
    # scenario-format.md § 1.8: parse(to_dict()) == the scenario, with the § 14 keys written back.
    guard = creature("guard", 2, 2, ward="{1}")
    event = burn(
        [{"to": "guard", "amount": 2, "target": True, "ward_paid": True}, {"to": "B", "amount": 1}],
        in_response=[{"type": "leave_battlefield", "permanent": "guard"}],
    )
    scenario = parse_scenario(doc([guard], event))
    written = scenario.to_dict()
    assert written["event"]["damage"] == [{"to": "guard", "amount": 2}, {"to": "B", "amount": 1}]
    assert written["event"]["targets"] == ["guard"] and written["event"]["ward_paid"] == ["guard"]
    assert written["event"]["in_response"] == [
        {"type": "leave_battlefield", "permanent": "guard", "zone": "graveyard"}
    ]
    assert written["permanents"][0]["ward"] == "{1}"
    assert parse_scenario(written) == scenario


@pytest.mark.parametrize(
    ("response", "field"),
    [
        (
            {"type": "gain_keyword", "permanent": "zz", "keyword": "hexproof"},
            "event.in_response[0].permanent",
        ),
        (
            {"type": "gain_keyword", "permanent": "bear", "keyword": "flying_fish"},
            "event.in_response[0].keyword",
        ),
        ({"type": "gain_protection", "object": "bear", "from": "pink"}, "event.in_response[0].from"),
        ({"type": "leave_battlefield", "permanent": "bear", "zone": "library"}, "event.in_response[0].zone"),
        ({"type": "blink", "permanent": "bear"}, "event.in_response[0].type"),
    ],
)
def test_bad_responses_are_refused_at_their_field(response: dict[str, Any], field: str) -> None:
    # scenario-format.md § 1.7: a bad field is refused with a Japanese message naming it.
    error = refused(doc([BEAR], burn([{"to": "bear", "amount": 1, "target": True}], in_response=[response])))
    assert error.field == field and error.message


@pytest.mark.parametrize(
    ("keys", "field"),
    [
        ({"targets": ["elf"]}, "event.targets[0]"),
        ({"targets": ["bear", "bear"]}, "event.targets[1]"),
        ({"targets": "bear"}, "event.targets"),
        ({"ward_paid": ["bear"]}, "event.ward_paid[0]"),
    ],
)
def test_bad_target_lists_are_refused_at_their_field(keys: dict[str, Any], field: str) -> None:
    # CR 115.1: a target of this event is one of its recipients, each once; ward_paid only where ward triggers.
    elf = creature("elf", 1, 1)
    error = refused(doc([BEAR, elf], {**burn([{"to": "bear", "amount": 1}]), **keys}))
    assert error.field == field and error.message


# --------------------------------------------------------------------------- a property over random boards

KEYWORD_SETS = ([], ["hexproof"], ["shroud"])


@st.composite
def _targeted_board(draw: st.DrawFn) -> dict[str, Any]:
    permanents = []
    damage: list[dict[str, Any]] = []
    for i in range(draw(st.integers(1, 4))):
        ident = f"c{i}"
        permanents.append(
            creature(
                ident,
                2,
                draw(st.integers(1, 4)),
                controller=draw(st.sampled_from("AB")),
                keywords=draw(st.sampled_from(KEYWORD_SETS)),
                protection=draw(st.sampled_from(([], ["red"], ["blue"]))),
            )
        )
        damage.append({"to": ident, "amount": draw(st.integers(0, 3)), "target": draw(st.booleans())})
    responses = [
        {
            "type": "gain_keyword",
            "permanent": p["id"],
            "keyword": draw(st.sampled_from(("hexproof", "shroud"))),
        }
        for p in permanents
        if draw(st.integers(0, 3)) == 0
    ]
    event = burn(damage, controller=draw(st.sampled_from("AB")))
    if responses:
        event["in_response"] = responses
    return doc(permanents, event)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_targeted_board())
def test_no_illegal_target_is_ever_dealt_damage(document: dict[str, Any]) -> None:
    # CR 601.2c: an illegal target is refused as the spell is cast; CR 608.2b: one illegal on resolution is
    # dealt nothing, and the others keep their division; all illegal, nothing at all happens.
    event = document["event"]
    spell = Source(id=None, controller=event["source"]["controller"], colors=("red",), types=("instant",))
    board = {p["id"]: p for p in document["permanents"]}

    def legal(ident: str, extra: tuple[str, ...] = ()) -> bool:
        p = board[ident]
        keywords = frozenset((*p["keywords"], *extra))
        permanent = Permanent(
            id=ident,
            controller=p["controller"],
            types=("creature",),
            keywords=keywords,
            protection=tuple(p["protection"]),
        )
        return why_untargetable(permanent, spell) is None

    targets = event.get("targets", [])
    try:
        scenario = parse_scenario(document)
    except ScenarioError:
        assert not all(legal(t) for t in targets)
        return
    assert all(legal(t) for t in targets)
    gained: dict[str, tuple[str, ...]] = {}
    for r in event.get("in_response", []):
        gained[r["permanent"]] = (*gained.get(r["permanent"], ()), r["keyword"])
    still = [t for t in targets if legal(t, gained.get(t, ()))]
    dealt = {p.id: p.damage for p in resolve(scenario).state.permanents}
    for d in event["damage"]:
        before = board[d["to"]].get("damage", 0)
        if targets and not still:
            assert dealt[d["to"]] == before  # 608.2b: the spell doesn't resolve
        elif d["to"] in targets and d["to"] not in still:
            assert dealt[d["to"]] == before  # 608.2b: an illegal target is not affected
