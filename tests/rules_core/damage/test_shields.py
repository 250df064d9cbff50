"""CR 122.1c (shield counters), 614.8 and 701.19 (regeneration), 701.8 (the ``destroy`` event), and the
curated boards of fixtures/curated_sources/effects.json.

Rulings cited: shield counters, 2022-04-29 (Streets of New Capenna; e.g. 《聖域の番人》's rulings):
"If a permanent that would be dealt damage has more than one shield counter on it, that damage is
prevented and only one shield counter is removed"; "If a permanent with a shield counter is dealt
unpreventable damage, that damage will be dealt and a shield counter will still be removed"; "A creature
with a shield counter on it may still be destroyed by state-based actions if it has damage marked on it
equal to its toughness or has been dealt unpreventable damage by a source with deathtouch"; "Removing a
shield counter in this way isn't the same as regenerating a creature".
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_core import ScenarioError, parse_scenario, resolve_document

from ..helpers import attack, combat, creature, doc, final, notes, run, spell, stage

ROOT = Path(__file__).resolve().parents[3]

WARDEN = creature("warden", 5, 5, name="聖域の番人", counters={"shield": 2}, keywords=[])
"""《聖域の番人》 (Sanctuary Warden): 5/5, enters with two shield counters."""

FALCO = creature(
    "falco", 3, 3, name="契約紡ぎ、ファルコ・スパーラ", counters={"shield": 1}, keywords=["trample"]
)
"""《契約紡ぎ、ファルコ・スパーラ》 (Falco Spara, Pactweaver): 3/3, enters with a shield counter."""

SKELETONS = creature("skel", 1, 1, name="蠢く骸骨")
"""《蠢く骸骨》 (Drudge Skeletons): 1/1, {B}: Regenerate."""

TROLL = creature("troll", 3, 2, name="トロールの苦行者")
"""《トロールの苦行者》 (Troll Ascetic): 3/2 hexproof, {1}{G}: Regenerate."""


def regenerate(on: str, **kw: Any) -> dict[str, Any]:
    return {"type": "regenerate", "on": on, **kw}


def destroy(*targets: str, name: str = "《殺害》", **kw: Any) -> dict[str, Any]:
    source = {"id": "spell", "name": name, "controller": "A", "colors": ["black"], "keywords": []}
    return {"type": "destroy", "source": source, "targets": list(targets), **kw}


def permanent(result_final: dict[str, Any], ident: str) -> dict[str, Any]:
    return result_final["permanents"][ident]


# --------------------------------------------------------------------------- shield counters: damage


def test_one_counter_prevents_all_the_damage_and_only_one_is_removed() -> None:
    """CR 122.1c; ruling 2022-04-29: with two shield counters, 《稲妻》's 3 damage is prevented and one counter goes."""
    result_final = final(doc([WARDEN], spell({"warden": 3}, name="《稲妻》")))
    warden = permanent(result_final, "warden")
    assert warden["damage"] == 0
    assert warden["counters"] == {"shield": 1}
    assert warden["zone"] == "battlefield"


def test_damage_from_several_sources_at_once_removes_one_counter() -> None:
    """Ruling 2022-04-29 (several blockers): all the simultaneous combat damage is prevented by the one
    prevention effect (122.1c), which removes one counter."""
    attacker = creature("warden", 5, 5, controller="A", name="聖域の番人", counters={"shield": 2})
    document = doc(
        [attacker, creature("b1", 2, 2), creature("b2", 3, 3)],
        combat(attack("warden", "B", ("b1", "b2"))),
    )
    _, result = run(document)
    warden = permanent(result["final"], "warden")
    assert (warden["damage"], warden["counters"]) == (0, {"shield": 1})
    prevented = {
        e["source"]: e["prevented"] for e in stage(result, "120.4b")["events"] if e["to"] == "warden"
    }
    assert prevented == {"b1": 2, "b2": 3}
    assert "合計5点" in notes(result, "120.4b")


def test_unpreventable_damage_is_dealt_and_a_counter_is_still_removed() -> None:
    """CR 615.12 (the prevention effect still applies, its other part still happens); ruling 2022-04-29."""
    document = doc([WARDEN], spell({"warden": 2}, name="《火の玉》", cant_be_prevented=True))
    _, result = run(document)
    warden = permanent(result["final"], "warden")
    assert warden["damage"] == 2
    assert warden["counters"] == {"shield": 1}
    assert "615.12" in stage(result, "120.4b")["rules"]


def test_state_based_actions_still_destroy_a_creature_with_shield_counters() -> None:
    """CR 122.1c replaces destruction "as the result of an effect"; 704.5g is a state-based action, not an
    effect (701.8b). Ruling 2022-04-29: lethal damage marked on it still destroys it."""
    document = doc([WARDEN], spell({"warden": 5}, name="《火の玉》", cant_be_prevented=True))
    _, result = run(document)
    warden = permanent(result["final"], "warden")
    assert warden["zone"] == "graveyard"
    assert warden["counters"] == {"shield": 1}  # one was removed by the prevention effect; one is left unused
    text = "\n".join(n for s in result["steps"][0]["stages"] if s["stage"] == "704" for n in s["notes"])
    assert "122.1c" in text and "701.8b" in text


def test_unpreventable_deathtouch_damage_destroys_despite_the_counter() -> None:
    """Ruling 2022-04-29: unpreventable damage from a deathtouch source destroys it (704.5h)."""
    document = doc(
        [FALCO], spell({"falco": 1}, name="毒の呪文", keywords=("deathtouch",), cant_be_prevented=True)
    )
    result_final = final(document)
    assert permanent(result_final, "falco")["zone"] == "graveyard"


def test_preventable_deathtouch_damage_is_prevented_so_nothing_destroys_it() -> None:
    """CR 122.1c, 615.6: prevented damage is never dealt, so 704.5h has nothing to see."""
    ambush = creature("viper", 2, 1, controller="A", name="待ち伏せのバイパー", keywords=["deathtouch"])
    document = doc([ambush, FALCO], combat(attack("viper", "B", ("falco",))))
    result_final = final(document)
    assert permanent(result_final, "falco") == {
        "zone": "battlefield",
        "damage": 0,
        "counters": {},
        "power": 3,
        "toughness": 3,
    }
    assert permanent(result_final, "viper")["zone"] == "graveyard"  # Falco's 3 damage to the 2/1


def test_infect_damage_is_prevented_so_no_minus_counters() -> None:
    """CR 122.1c, 120.3d: the damage is prevented, so no -1/-1 counters are put on it."""
    result_final = final(doc([WARDEN], spell({"warden": 4}, keywords=("infect",))))
    assert permanent(result_final, "warden")["counters"] == {"shield": 1}


def test_double_strike_second_step_meets_no_counter() -> None:
    """CR 510.4, 122.1c: each combat damage step is its own event; the only counter goes in the first."""
    striker = creature("striker", 3, 3, controller="A", name="二段攻撃の騎士", keywords=["double_strike"])
    falco = creature("falco", 3, 5, name="契約紡ぎ、ファルコ・スパーラ", counters={"shield": 1})
    _, result = run(doc([striker, falco], combat(attack("striker", "B", ("falco",)))))
    assert [s["name"] for s in result["steps"]] == ["first_strike_damage", "combat_damage"]
    assert permanent(result["final"], "falco") == {
        "zone": "battlefield",
        "damage": 3,
        "counters": {},
        "power": 3,
        "toughness": 5,
    }


def test_protection_first_leaves_nothing_for_the_counter() -> None:
    """CR 616.1, 616.1f: protection prevented everything, so the shield counter's effect no longer applies."""
    warden = {**WARDEN, "protection": ["red"]}
    result_final = final(doc([warden], spell({"warden": 3}, name="《稲妻》", colors=("red",))))
    assert permanent(result_final, "warden")["counters"] == {"shield": 2}


def test_controller_may_apply_the_counter_before_protection() -> None:
    """CR 616.1: the controller chooses the order (``"shield_counter"`` in replacement_order)."""
    warden = {**WARDEN, "protection": ["red"]}
    document = doc(
        [warden],
        spell({"warden": 3}, colors=("red",)),
        choices={"replacement_order": {"warden": ["shield_counter", "protection"]}},
    )
    _, result = run(document)
    assert permanent(result["final"], "warden")["counters"] == {"shield": 1}
    assert "616.1" in stage(result, "120.4b")["rules"]


def test_prevention_shield_then_shield_counter() -> None:
    """CR 616.1, 615.7: the controller applies a 2-point shield first; the counter prevents the last point."""
    document = doc(
        [WARDEN],
        spell({"warden": 3}),
        effects=[{"type": "prevent_next", "to": "warden", "amount": 2}],
        choices={"replacement_order": {"warden": [0, "shield_counter"]}},
    )
    result_final = final(document)
    assert permanent(result_final, "warden")["counters"] == {"shield": 1}
    assert result_final["effects"][0] == {"type": "prevent_next", "to": "warden", "amount": 0, "used": True}


def test_default_order_uses_the_counter_before_listed_effects() -> None:
    """scenario-format.md § 3.1 (拡張): by default the permanent's own shield counter comes before listed
    effects (616.1 leaves the choice to the controller); the one-shot shield is left unused."""
    document = doc(
        [WARDEN], spell({"warden": 3}), effects=[{"type": "prevent_next", "to": "warden", "amount": 2}]
    )
    result_final = final(document)
    assert permanent(result_final, "warden")["counters"] == {"shield": 1}
    assert result_final["effects"][0] == {"type": "prevent_next", "to": "warden", "amount": 2}


def test_zero_damage_removes_no_counter() -> None:
    """CR 120.8: 0 damage is no damage, so nothing would be dealt to the permanent and no counter goes."""
    assert permanent(final(doc([WARDEN], spell({"warden": 0}))), "warden")["counters"] == {"shield": 2}


# --------------------------------------------------------------------------- shield counters: destruction


def test_destroy_effect_removes_a_counter_instead() -> None:
    """CR 122.1c, 614.1a: "If this permanent would be destroyed as the result of an effect, instead remove a
    shield counter from it"."""
    _, result = run(doc([WARDEN], destroy("warden")))
    assert result["steps"][0]["name"] == "destroy"
    assert permanent(result["final"], "warden")["zone"] == "battlefield"
    assert permanent(result["final"], "warden")["counters"] == {"shield": 1}
    assert stage(result, "701.8")["events"] == [{"object": "warden", "result": "shield_counter"}]


def test_cant_be_regenerated_does_not_stop_a_shield_counter() -> None:
    """Ruling 2022-04-29: removing a shield counter isn't regenerating (701.19c only stops regeneration)."""
    result_final = final(
        doc(
            [WARDEN, creature("bear", 2, 2, name="灰色熊")],
            destroy("warden", "bear", name="《神の怒り》", cant_be_regenerated=True),
        )
    )
    assert permanent(result_final, "warden")["zone"] == "battlefield"
    assert permanent(result_final, "bear")["zone"] == "graveyard"


# --------------------------------------------------------------------------- regeneration


def test_regeneration_replaces_destruction_by_lethal_damage() -> None:
    """CR 704.5g ("Regeneration can replace this event"), 701.19a: all damage removed, tapped, shield used."""
    document = doc([TROLL], spell({"troll": 3}, name="《稲妻》"), effects=[regenerate("troll")])
    _, result = run(document)
    troll = permanent(result["final"], "troll")
    assert troll == {
        "zone": "battlefield",
        "damage": 0,
        "counters": {},
        "power": 3,
        "toughness": 2,
        "tapped": True,
    }
    assert result["final"]["effects"] == [{"type": "regenerate", "on": "troll", "used": True}]
    rules = [r for s in result["steps"][0]["stages"] if s["stage"] == "704" for r in s["rules"]]
    assert {"704.5g", "701.19a", "614.8"} <= set(rules)


def test_regeneration_replaces_destruction_by_deathtouch() -> None:
    """CR 704.5h: "Regeneration can replace this event"."""
    document = doc([TROLL], spell({"troll": 1}, keywords=("deathtouch",)), effects=[regenerate("troll")])
    troll = permanent(final(document), "troll")
    assert (troll["zone"], troll["damage"], troll["tapped"]) == ("battlefield", 0, True)


def test_regeneration_cannot_replace_zero_toughness() -> None:
    """CR 704.5f: "Regeneration can't replace this event"; the shield is not used."""
    document = doc([SKELETONS], spell({"skel": 1}, keywords=("wither",)), effects=[regenerate("skel")])
    result_final = final(document)
    assert permanent(result_final, "skel")["zone"] == "graveyard"
    assert result_final["effects"] == [{"type": "regenerate", "on": "skel"}]


def test_a_shield_is_used_once_a_static_regeneration_every_time() -> None:
    """CR 701.19a (the next time it would be destroyed this turn) vs 701.19b (each time)."""
    document = doc([SKELETONS], destroy("skel"), effects=[regenerate("skel", static=True)])
    _, result = run(document)
    assert permanent(result["final"], "skel")["zone"] == "battlefield"
    assert result["final"]["effects"] == [{"type": "regenerate", "on": "skel", "static": True}]
    used = doc([SKELETONS], destroy("skel"), effects=[regenerate("skel", used=True)])
    assert permanent(final(used), "skel")["zone"] == "graveyard"


def test_cant_be_regenerated_keeps_the_shield_from_applying() -> None:
    """CR 701.19c: the shield is not applied (and so stays unused)."""
    document = doc(
        [TROLL],
        spell({"troll": 3}),
        effects=[regenerate("troll"), {"type": "cant_be_regenerated", "on": "troll"}],
    )
    result_final = final(document)
    assert permanent(result_final, "troll")["zone"] == "graveyard"
    assert result_final["effects"][0] == {"type": "regenerate", "on": "troll"}


def test_incinerate_damage_forbids_regeneration() -> None:
    """《火葬》 (Incinerate): "A creature dealt damage this way can't be regenerated this turn" (701.19c);
    the restriction stays in final.effects for the rest of the turn."""
    document = doc(
        [TROLL],
        spell({"troll": 3}, name="《火葬》", colors=("red",), cant_be_regenerated=True),
        effects=[regenerate("troll")],
    )
    _, result = run(document)
    result_final = result["final"]
    assert permanent(result_final, "troll")["zone"] == "graveyard"
    assert result_final["effects"] == [
        {"type": "regenerate", "on": "troll"},
        {"type": "cant_be_regenerated", "on": "troll"},
    ]
    assert "701.19c" in stage(result, "120.4d")["rules"]


def test_wrath_of_god_cant_be_regenerated() -> None:
    """《神の怒り》: "They can't be regenerated" (701.19c)."""
    document = doc(
        [SKELETONS],
        destroy("skel", name="《神の怒り》", cant_be_regenerated=True),
        effects=[regenerate("skel")],
    )
    assert permanent(final(document), "skel")["zone"] == "graveyard"


def test_indestructible_uses_no_shield() -> None:
    """CR 702.12b: an indestructible permanent isn't destroyed, so neither regeneration nor its counter applies."""
    myr = creature(
        "myr", 0, 1, name="ダークスティールのマイア", keywords=["indestructible"], counters={"shield": 1}
    )
    for event in (destroy("myr"), spell({"myr": 1}, cant_be_prevented=True)):
        result_final = final(doc([myr], event, effects=[regenerate("myr")]))
        assert permanent(result_final, "myr")["zone"] == "battlefield"
        assert result_final["effects"] == [{"type": "regenerate", "on": "myr"}]
        assert "tapped" not in permanent(result_final, "myr")
    assert permanent(final(doc([myr], destroy("myr"))), "myr")["counters"] == {"shield": 1}


def test_destroy_regenerates_and_taps() -> None:
    """CR 701.8a, 701.19a: 《殺害》 on 《リバー・ボア》 with a regeneration shield."""
    boa = creature("boa", 2, 1, name="リバー・ボア", damage=0)
    result_final = final(doc([boa], destroy("boa"), effects=[regenerate("boa")]))
    assert permanent(result_final, "boa")["tapped"] is True
    assert permanent(result_final, "boa")["zone"] == "battlefield"


def test_controller_chooses_between_shield_counter_and_regeneration() -> None:
    """CR 616.1: both would replace the destruction; the controller applies one, then the event is gone (616.1f)."""
    falco = {**FALCO}
    default = final(doc([falco], destroy("falco"), effects=[regenerate("falco")]))
    assert permanent(default, "falco")["counters"] == {}
    assert default["effects"] == [{"type": "regenerate", "on": "falco"}]
    chosen = final(
        doc(
            [falco],
            destroy("falco"),
            effects=[regenerate("falco")],
            choices={"replacement_order": {"falco": [0]}},
        )
    )
    assert permanent(chosen, "falco")["counters"] == {"shield": 1}
    assert permanent(chosen, "falco")["tapped"] is True
    assert chosen["effects"] == [{"type": "regenerate", "on": "falco", "used": True}]


def test_regenerated_blocker_deals_no_regular_damage() -> None:
    """CR 701.19a, 506.4: the first striker's damage destroys the blocker, which regenerates and is removed
    from combat, so in the regular combat damage step it deals no damage to the attacker."""
    knight = creature("knight", 2, 2, controller="A", name="白騎士", keywords=["first_strike"])
    _, result = run(
        doc([knight, TROLL], combat(attack("knight", "B", ("troll",))), effects=[regenerate("troll")])
    )
    assert permanent(result["final"], "troll")["removed_from_combat"] is True
    assert permanent(result["final"], "knight")["damage"] == 0
    assert permanent(result["final"], "knight")["zone"] == "battlefield"
    assert result["steps"][1]["stages"][0]["events"] == []


def test_attacker_stays_blocked_after_its_blocker_regenerates() -> None:
    """CR 509.1h: a creature remains blocked even if its blockers are removed from combat; without trample it
    assigns no damage (510.1c), with trample all of it to the player (702.19d)."""
    striker = creature("striker", 2, 2, controller="A", keywords=["double_strike"])
    result_final = final(
        doc([striker, SKELETONS], combat(attack("striker", "B", ("skel",))), effects=[regenerate("skel")])
    )
    assert result_final["players"]["B"]["life"] == 20
    assert permanent(result_final, "skel")["zone"] == "battlefield"
    trampler = {**striker, "keywords": ["double_strike", "trample"]}
    result_final = final(
        doc([trampler, SKELETONS], combat(attack("striker", "B", ("skel",))), effects=[regenerate("skel")])
    )
    # Step 1: 1 lethal to the 1/1 and 1 tramples over; step 2: blocked, no blockers, all 2 to the player.
    assert result_final["players"]["B"]["life"] == 17


def test_regenerated_attacker_deals_no_regular_damage() -> None:
    """CR 506.4: a regenerated attacking creature is removed from combat; the 1/1 blocker survives."""
    boa = creature("boa", 2, 1, controller="A", name="リバー・ボア")
    blocker = creature("guard", 1, 1, name="先制攻撃の兵士", keywords=["first_strike"])
    result_final = final(
        doc([boa, blocker], combat(attack("boa", "B", ("guard",))), effects=[regenerate("boa")])
    )
    assert permanent(result_final, "boa")["removed_from_combat"] is True
    assert permanent(result_final, "guard")["zone"] == "battlefield"
    assert permanent(result_final, "guard")["damage"] == 0


def test_given_assignment_of_a_regenerated_creature_is_ignored_with_a_note() -> None:
    """CR 506.4, 510.4: it deals no combat damage; its given entry is not an illegal assignment."""
    knight = creature("knight", 2, 2, controller="A", keywords=["first_strike"])
    event = combat(attack("knight", "B", ("troll",)), blocker_assignments={"troll": {"knight": 3}})
    _, result = run(doc([knight, TROLL], event, effects=[regenerate("troll")]))
    assert result["legal"] is True
    assert "再生して戦闘から取り除かれた" in notes(result, "assignment", step=1)


# --------------------------------------------------------------------------- format


def test_normalized_form_round_trips_the_new_keys() -> None:
    """scenario-format.md (拡張): shield counters, ``tapped``, the new effects and the destroy event."""
    document = doc(
        [{**WARDEN, "tapped": True}, SKELETONS],
        destroy("warden", "skel", cant_be_regenerated=True),
        effects=[
            regenerate("skel", static=True),
            {"type": "cant_be_regenerated"},
            {"type": "life_cant_change", "player": "A"},
            {"type": "no_loss_for_life", "player": "B", "damage_as_infect": True},
            {
                "type": "life_floor",
                "player": "B",
                "condition": {"controls": {"types": ["creature"], "subtype": "Angel"}, "at_least": 2},
            },
        ],
    )
    scenario = parse_scenario(document)
    normal = scenario.to_dict()
    assert normal["permanents"][0]["counters"] == {"+1/+1": 0, "-1/-1": 0, "shield": 2}
    assert normal["permanents"][0]["tapped"] is True
    assert "tapped" not in normal["permanents"][1] and "shield" not in normal["permanents"][1]["counters"]
    assert normal["event"]["cant_be_regenerated"] is True
    assert normal["effects"][4]["condition"] == {
        "controls": {"types": ["creature"], "subtype": "Angel"},
        "at_least": 2,
    }
    assert parse_scenario(normal) == scenario
    assert resolve_document(normal) == resolve_document(document)


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (
            lambda d: d["permanents"][0]["counters"].update({"shield": -1}),
            "permanents[0].counters.shield",
            "0以上",
        ),
        (lambda d: d["permanents"][0].update({"tapped": "yes"}), "permanents[0].tapped", "true か false"),
        (
            lambda d: d["effects"].append({"type": "regenerate", "on": "nobody"}),
            "effects[0].on",
            "存在しない",
        ),
        (lambda d: d["effects"].append({"type": "regenerate"}), "effects[0].on", "必須"),
        (
            lambda d: d["effects"].append(
                {"type": "regenerate", "on": "warden", "static": True, "used": True}
            ),
            "effects[0].used",
            "701.19b",
        ),
        (
            lambda d: d["effects"].append({"type": "cant_be_regenerated", "on": "A"}),
            "effects[0].on",
            "パーマネント",
        ),
        (lambda d: d.update({"event": destroy()}), "event.targets", "1個以上"),
        (lambda d: d.update({"event": destroy("warden", "warden")}), "event.targets[1]", "2回"),
        (lambda d: d.update({"event": {**destroy("warden"), "damage": []}}), "event.damage", "未知の項目"),
        (
            lambda d: d.update({"event": {**destroy("warden"), "cant_be_regenerated": 1}}),
            "event.cant_be_regenerated",
            "true か false",
        ),
        (
            lambda d: d.update({"choices": {"replacement_order": {"warden": ["shield"]}}}),
            "choices.replacement_order.warden[0]",
            "shield_counter",
        ),
    ],
)
def test_bad_input_is_refused_naming_the_field(change: Any, field: str, message: str) -> None:
    """scenario-format.md § 1.7: a clear Japanese error naming the field."""
    document = doc([json.loads(json.dumps(WARDEN))], spell({"warden": 1}))
    change(document)
    with pytest.raises(ScenarioError) as err:
        parse_scenario(document)
    assert err.value.field == field
    assert message in err.value.message


def test_command_line_resolves_a_destroy_event(tmp_path: Path) -> None:
    """The CLI accepts the new forms because parse does (scenario-format.md § 5)."""
    path = tmp_path / "murder.json"
    path.write_text(json.dumps(doc([WARDEN], destroy("warden")), ensure_ascii=False), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "rules_core", "resolve", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["final"]["permanents"]["warden"]["counters"] == {"shield": 1}


# --------------------------------------------------------------------------- curated boards


def _drafts() -> list[dict[str, Any]]:
    return json.loads((ROOT / "fixtures" / "curated_sources" / "effects.json").read_text(encoding="utf-8"))


def _contains(actual: Any, expected: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and _contains(actual[k], v) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(actual) == len(expected)
            and all(_contains(a, e) for a, e in zip(actual, expected, strict=True))
        )
    return bool(actual == expected)


def test_curated_boards_resolve_as_they_expect() -> None:
    """Every board of fixtures/curated_sources/effects.json resolves with the part of ``final`` it expects."""
    drafts = _drafts()
    kinds = {d["illustrates"] for d in drafts}
    assert {"122.1c", "701.19a", "119.8"} <= kinds
    for draft in drafts:
        assert set(draft) == {"slug", "title", "illustrates", "description", "document", "expect"}
        result = resolve_document(draft["document"])
        assert result["legal"], draft["slug"]
        assert _contains(result["final"], draft["expect"]), (draft["slug"], result["final"])


def _documented_examples() -> list[dict[str, Any]]:
    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    blocks = text.split("<!-- effects-example -->")[1:]
    return [json.loads(block.split("```json", 1)[1].split("```", 1)[0]) for block in blocks]


def test_the_documented_examples_resolve_as_the_format_says() -> None:
    """docs/scenario-format.md § 6: each example is a whole scenario; its stated outcome (122.1c, 701.19c,
    701.19a, 119.8, 702.90b) is what the engine returns."""
    shield, wrath, regeneration, emperion, unlife = (
        resolve_document(d)["final"] for d in _documented_examples()
    )
    assert shield["permanents"]["warden"]["counters"] == {"shield": 1}
    assert wrath["permanents"]["skel"]["zone"] == "graveyard"
    assert wrath["permanents"]["warden"]["counters"] == {"shield": 1}
    assert wrath["effects"][0].get("used") is None
    assert regeneration["permanents"]["troll"]["removed_from_combat"] is True
    assert regeneration["permanents"]["knight"]["damage"] == 0
    assert (emperion["players"]["B"]["life"], emperion["players"]["A"]["life"]) == (20, 22)
    assert unlife["players"]["B"] == {"life": -2, "poison": 3, "lost": False}
