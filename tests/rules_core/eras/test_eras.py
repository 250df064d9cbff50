"""Former rules (拡張 ``era``): the 2007 blog post's three examples and the research note's boards resolve
under each era as that era's rules file says.

Rule numbers are those of the archived Wizards files: ``2007-02-01`` (MagicCompRules070201.txt, combat
damage on the stack, rule 310), ``2024-08-02`` (the last file with a damage assignment order, 509.2-509.3,
510.1c-e, 702.2c) and today's CR for ``current``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import (
    check_assignment,
    compare_eras,
    count_assignments,
    default_assignment,
    legal_assignments,
    max_damage_assignment,
    parse_scenario,
    resolve,
    resolve_document,
)
from rules_core.model.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[3]
BOARDS = {e["slug"]: e for e in json.loads((ROOT / "fixtures/curated_sources/eras.json").read_text("utf-8"))}
PLAYERS = [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}]


def _c(ident: str, power: int, toughness: int, controller: str = "B", **kw: Any) -> dict[str, Any]:
    return {
        "id": ident,
        "controller": controller,
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        **kw,
    }


def _doc(
    era: str, permanents: list[dict[str, Any]], attacks: list[dict[str, Any]], **event: Any
) -> dict[str, Any]:
    return {
        "era": era,
        "players": PLAYERS,
        "active_player": "A",
        "permanents": permanents,
        "event": {"type": "combat", "attacks": attacks, **event},
    }


def _final(document: dict[str, Any]) -> dict[str, Any]:
    result = resolve_document(document)
    assert result["legal"], result["violations"]
    final: dict[str, Any] = result["final"]
    return final


def _zones(final: dict[str, Any]) -> dict[str, str]:
    return {k: v["zone"] for k, v in final["permanents"].items()}


def _with(document: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(document)
    out.update(changes)
    return out


# ------------------------------------------------------------------ the era key itself


def test_current_era_parses_exactly_as_no_era() -> None:
    """「current」 is the default: the same scenario, the same result document."""
    doc = BOARDS["crera-baloth-now"]["document"]
    without = {k: v for k, v in doc.items() if k != "era"}
    assert parse_scenario(doc) == parse_scenario(without)
    assert resolve_document(doc) == resolve_document(without)


def test_unknown_era_is_refused_naming_the_field() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(_with(BOARDS["crera-baloth-now"]["document"], era="1999"))
    assert err.value.field == "era"


def test_order_only_in_its_era_and_window_only_in_2007() -> None:
    """There is no damage assignment order today (CR 510.1c) nor in 2007 (2007-02-01 310.2c); combat
    damage uses the stack only in 2007 (2007-02-01 310.1; 2024-08-02 510.2)."""
    ordered = BOARDS["crera-pump-ord"]["document"]
    with pytest.raises(ScenarioError) as err:
        parse_scenario(_with(ordered, era="current"))
    assert err.value.field == "event.attacks[0].order"
    window = BOARDS["crera-baloth"]["document"]
    with pytest.raises(ScenarioError) as err:
        parse_scenario(_with(window, era="2009-2024"))
    assert err.value.field == "event.on_stack_actions"


def test_order_must_list_each_blocker_once() -> None:
    """2024-08-02 509.2: the order "consists of the creatures blocking it"."""
    doc = copy.deepcopy(BOARDS["crera-pump-ord"]["document"])
    doc["event"]["attacks"][0]["order"] = ["giant", "giant"]
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc)
    assert err.value.field == "event.attacks[0].order"


@pytest.mark.parametrize("slug", sorted(BOARDS))
def test_era_documents_round_trip(slug: str) -> None:
    scenario = parse_scenario(BOARDS[slug]["document"])
    assert parse_scenario(scenario.to_dict()) == scenario


@pytest.mark.parametrize("slug", sorted(BOARDS))
def test_curated_era_board_resolves_as_expected(slug: str) -> None:
    """Each board of fixtures/curated_sources/eras.json, under the era its document names."""
    entry = BOARDS[slug]
    final = _final(entry["document"])

    def check(expect: dict[str, Any], actual: dict[str, Any]) -> None:
        for key, value in expect.items():
            if isinstance(value, dict):
                check(value, actual[key])
            else:
                assert actual[key] == value, (slug, key)

    check(entry["expect"], final)


# ------------------------------------------------------------------ the blog's three examples


def test_blog_5_5_blocked_by_three_is_dealt_9_not_5() -> None:
    """2007-02-01 310.2a: "Each attacking creature and each blocking creature will assign combat damage
    equal to its power", so the 1/1 and the two 4/4s assign 1+4+4 = 9 to the 5/5 (the post says 5).
    310.4a: the pumped 4/4's damage stays 4; its toughness 7 saves it. 420.5c: the 1/1 dies."""
    final = _final(BOARDS["crera-blog-5v3"]["document"])
    assert final["permanents"]["wurm"]["damage"] == 9
    assert _zones(final) == {
        "wurm": "graveyard",
        "goblin": "graveyard",
        "baloth1": "battlefield",
        "baloth2": "battlefield",
    }
    assert "9点" in BOARDS["crera-blog-5v3"]["description"]


def test_blog_5_5_under_the_order_the_third_is_out_of_reach() -> None:
    """2024-08-02 509.2, 510.1c: with the order 1/1, 7/7 (pumped), 4/4 the 5 damage never reaches the
    third: 5 legal assignments (1..5 on the 1/1, the rest on the 7/7); 1 to the 1/1 and 4 to the third
    is refused citing that file's 510.1c. Today (CR 510.1c) that split is legal: C(5+2, 2) = 21 ways."""
    doc = BOARDS["crera-blog-5v3o"]["document"]
    scenario = parse_scenario(doc)
    assert count_assignments(scenario, "wurm") == 5
    bad = _with(doc, event={**doc["event"], "assignments": {"wurm": {"goblin": 1, "baloth2": 4}}})
    violations = check_assignment(parse_scenario(bad))
    assert [v.rule for v in violations] == ["2024-08-02:510.1c"]
    assert "2024-08-02版" in violations[0].message
    today = _with(bad, era="current")
    today["event"] = {k: v for k, v in today["event"].items() if k != "attacks"} | {
        "attacks": [{k: v for k, v in a.items() if k != "order"} for a in bad["event"]["attacks"]]
    }
    assert check_assignment(parse_scenario(today)) == ()
    assert count_assignments(parse_scenario(today), "wurm") == 21


def test_blog_5_5_today_the_attacker_kills_the_other_one() -> None:
    """CR 510.1c (today): divided as its controller chooses, so the pumped 7/7 is skipped."""
    final = _final(BOARDS["crera-blog-5v3c"]["document"])
    assert _zones(final)["goblin"] == "graveyard" and _zones(final)["baloth2"] == "graveyard"
    assert _zones(final)["baloth1"] == "battlefield"


def test_blog_baloth_trades_and_gains_4_only_in_2007() -> None:
    """2007-02-01 310.4a-c: the sacrificed Baloth's 4 is dealt (last known information, 310.4b), the 4
    assigned to it is not (310.4c), and its controller gains 4. Today (CR 510.2) both just die."""
    doc = BOARDS["crera-baloth"]["document"]
    results = compare_eras(parse_scenario(doc))
    assert set(results) == {"current", "2009-2024", "2007"}
    old = results["2007"].to_dict()["final"]
    assert old["players"]["A"]["life"] == 24
    assert old["permanents"]["rumbling"]["zone"] == "graveyard"
    assert old["permanents"]["ravenous"]["damage"] == 0
    for era in ("current", "2009-2024"):
        now = results[era].to_dict()["final"]
        assert now["players"]["A"]["life"] == 20
        assert now["permanents"]["ravenous"]["damage"] == 4


def test_blog_sledders_two_for_one_needs_the_stack() -> None:
    """2007-02-01 310.4a: power changed after assignment does not change the damage, toughness does;
    today (CR 510.2) all four trade."""
    results = compare_eras(parse_scenario(BOARDS["crera-sledder"]["document"]))
    old = _zones(results["2007"].to_dict()["final"])
    assert old == {
        "sledder1": "graveyard",
        "sledder2": "battlefield",
        "raging1": "graveyard",
        "raging2": "graveyard",
    }
    assert set(_zones(results["current"].to_dict()["final"]).values()) == {"graveyard"}


# ------------------------------------------------------------------ the research note's boards


def test_pump_the_first_in_line_saves_both() -> None:
    """2024-08-02 510.1c: the first in the order (pumped to 6/6) needs 6 > 5, so the only legal
    assignment is all 5 to it (count 1), the default makes it, and nobody dies."""
    scenario = parse_scenario(BOARDS["crera-pump-ord"]["document"])
    assert count_assignments(scenario, "wurm") == 1
    assert list(legal_assignments(scenario, "wurm")) == [{"giant": 5}]
    assert default_assignment(scenario)["assignments"]["wurm"] == {"giant": 5}


def test_pump_order_a_then_b_kills_a_either_way() -> None:
    """Note § 7.1 (b), order A then B: pumping B leaves A 2, B 3 legal and A dies (510.1c, 2024-08-02)."""
    doc = _doc(
        "2009-2024",
        [_c("wurm", 5, 5, "A"), _c("a", 2, 2), _c("b", 6, 6)],
        [{"attacker": "wurm", "defender": "B", "blockers": ["a", "b"], "order": ["a", "b"]}],
    )
    assert _zones(_final(doc))["a"] == "graveyard"
    assert _zones(_final(doc))["b"] == "battlefield"


def test_trample_under_the_order() -> None:
    """2024-08-02 702.19b and 510.1c: with the pumped 6/6 second, lethal totals 8 > 6: nothing to the
    player; 2007-02-01 502.9b + 310.4a: the player takes 1 and the pump after assignment saves B."""
    scenario = parse_scenario(BOARDS["crera-trample-o"]["document"])
    assert max_damage_assignment(scenario, "maw") == {"bear": 2, "giant": 4}
    old = _final(BOARDS["crera-trample07"]["document"])
    assert old["players"]["B"]["life"] == 19
    assert old["permanents"]["maw"]["zone"] == "battlefield"


def test_deathtouch_follows_the_order_from_2010() -> None:
    """2024-08-02 702.2c: 1 deathtouch damage is lethal, but 510.1c still requires it on the first in
    line: {second: 1} is refused; today (CR 510.1c) it is legal."""
    doc = BOARDS["crera-rats-ord"]["document"]
    bad = copy.deepcopy(doc)
    bad["event"]["assignments"] = {"rats": {"bear2": 1}}
    assert [v.rule for v in check_assignment(parse_scenario(bad))] == ["2024-08-02:510.1c"]
    assert count_assignments(parse_scenario(doc), "rats") == 1
    assert check_assignment(parse_scenario(BOARDS["crera-rats-now"]["document"])) == ()


def test_deathtouch_trample_one_to_the_blocker() -> None:
    """Note § 7.4 (b, from M11) and (c): 2024-08-02 702.2c with 702.19b: 1 to the 5/5, 1 to the player."""
    for era in ("2009-2024", "current"):
        doc = _doc(
            era,
            [_c("dt", 2, 2, "A", keywords=["deathtouch", "trample"]), _c("big", 5, 5)],
            [{"attacker": "dt", "defender": "B", "blockers": ["big"]}],
        )
        final = _final(doc)
        assert final["players"]["B"]["life"] == 19
        assert final["permanents"]["big"]["zone"] == "graveyard"


def test_removal_after_damage_on_the_stack() -> None:
    """2007-02-01 310.4a: Terror after assignment: both die; Unsummon: the attacker is in hand unharmed
    (310.4c) and the blocker dies. Today (CR 510.2) neither window exists."""
    assert set(_zones(_final(BOARDS["crera-terror"]["document"])).values()) == {"graveyard"}
    unsummon = _zones(_final(BOARDS["crera-unsummon"]["document"]))
    assert unsummon == {"attacker": "hand", "blocker": "graveyard"}


def test_pump_after_assignment_only_toughness_counts() -> None:
    """2007-02-01 310.4a: "its power has changed" does not matter: both survive."""
    assert set(_zones(_final(BOARDS["crera-toughness"]["document"])).values()) == {"battlefield"}


def test_one_blocker_two_attackers_order() -> None:
    """2024-08-02 509.3, 510.1d: the Brigade's order goblin (4/4) then bear: its 2 can't reach the bear;
    {bear: 2} is refused. 2007-02-01 310.2d: divided freely, and the pump after it saves the bear."""
    doc = BOARDS["crera-brigade"]["document"]
    bad = copy.deepcopy(doc)
    bad["event"]["blocker_assignments"] = {"brigade": {"bear": 2}}
    assert [v.rule for v in check_assignment(parse_scenario(bad))] == ["2024-08-02:510.1d"]
    assert count_assignments(parse_scenario(doc), "brigade") == 1
    old = _zones(_final(BOARDS["crera-brigade07"]["document"]))
    assert set(old.values()) == {"battlefield"}


def test_mogg_fanatic_both_attackers_only_in_2007() -> None:
    """2007-02-01 310.4a-b: the sacrificed Fanatic's combat damage kills the Piker and its ability the
    Hawk; 2024-08-02 510.2 example: today one at most."""
    results = compare_eras(parse_scenario(BOARDS["crera-fanatic"]["document"]))
    old = _zones(results["2007"].to_dict()["final"])
    assert old["hawk"] == "graveyard" and old["piker"] == "graveyard"
    now = _zones(results["current"].to_dict()["final"])
    assert now["hawk"] == "battlefield"


# ------------------------------------------------------------------ stages cite the era's rules


def test_2007_stages_cite_the_2007_file_and_say_what_differs() -> None:
    """The window and the resolution cite 2007-02-01 310.1 and 310.4a-c in ``era_rules``; notes say
    「現在のルールでは」; the ``rules`` list keeps today's paragraphs only."""
    result = resolve_document(BOARDS["crera-baloth"]["document"])
    stages = [s for step in result["steps"] for s in step["stages"]]
    era_rules = {r for s in stages for r in s.get("era_rules", [])}
    assert {"2007-02-01:310.1", "2007-02-01:310.4a", "2007-02-01:310.4b", "2007-02-01:310.4c"} <= era_rules
    assert all(":" not in r for s in stages for r in s["rules"])
    assert any("現在のルールでは" in n for s in stages for n in s["notes"])
    assert result["steps"][0]["name"] == "combat_damage_on_stack"


def test_order_stage_cites_the_2024_file() -> None:
    result = resolve_document(BOARDS["crera-pump-ord"]["document"])
    stage = result["steps"][0]["stages"][0]
    assert stage["era"] == "2009-2024"
    assert "2024-08-02:509.2" in stage["era_rules"] and "2024-08-02:510.1c" in stage["era_rules"]
    assert any("現在のルールでは" in n for n in stage["notes"])


def test_non_combat_board_compares_only_today() -> None:
    doc = {
        "players": PLAYERS,
        "permanents": [_c("bear", 2, 2)],
        "event": {
            "type": "noncombat",
            "source": {"name": "稲妻", "controller": "A"},
            "damage": [{"to": "bear", "amount": 3}],
        },
    }
    assert set(compare_eras(parse_scenario(doc))) == {"current"}


def test_cli_accepts_an_era_document(tmp_path: Path) -> None:
    """python -m rules_core resolve reads era documents through parse_scenario."""
    import subprocess
    import sys

    path = tmp_path / "board.json"
    path.write_text(json.dumps(BOARDS["crera-baloth"]["document"], ensure_ascii=False), "utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "rules_core", "resolve", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["final"]["players"]["A"]["life"] == 24


# ------------------------------------------------------------------ properties


@st.composite
def _boards(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(1, 3))
    power = draw(st.integers(0, 7))
    keywords = [k for k in ("trample", "deathtouch") if draw(st.booleans())]
    blockers = [_c(f"b{i}", draw(st.integers(0, 3)), draw(st.integers(1, 4))) for i in range(n)]
    order = draw(st.permutations([b["id"] for b in blockers]))
    era = draw(st.sampled_from(["current", "2009-2024", "2007"]))
    attack: dict[str, Any] = {"attacker": "x", "defender": "B", "blockers": [b["id"] for b in blockers]}
    if era == "2009-2024":
        attack["order"] = list(order)
    return _doc(era, [_c("x", power, 5, "A", keywords=keywords), *blockers], [attack])


@settings(max_examples=60, deadline=None)
@given(_boards())
def test_every_generated_assignment_is_accepted_and_damage_is_conserved(doc: dict[str, Any]) -> None:
    """Under every era, each assignment legal_assignments yields passes check_assignment, and the
    damage dealt before prevention equals the power assigned (CR 510.1a; 2007-02-01 310.2a)."""
    scenario = parse_scenario(doc)
    for amounts in list(legal_assignments(scenario, "x"))[:12]:
        chosen = copy.deepcopy(doc)
        chosen["event"]["assignments"] = {"x": amounts}
        assert check_assignment(parse_scenario(chosen)) == ()
        result = resolve(parse_scenario(chosen)).to_dict()
        assigned = [
            e
            for s in result["steps"]
            for st_ in s["stages"]
            if st_["stage"] == "assignment"
            for e in st_["events"]
        ]
        powers = {"x": doc["permanents"][0]["power"], **{b["id"]: b["power"] for b in doc["permanents"][1:]}}
        by_source: dict[str, int] = {}
        for e in assigned:
            by_source[e["source"]] = by_source.get(e["source"], 0) + e["amount"]
        assert all(total == powers[s] for s, total in by_source.items())
    assert count_assignments(scenario, "x") == sum(1 for _ in legal_assignments(scenario, "x"))
    made = copy.deepcopy(doc)
    made["event"].update(default_assignment(scenario))
    assert check_assignment(parse_scenario(made)) == ()  # the era's default is legal in that era
    assert resolve(scenario).legal


def test_window_with_first_strike_is_refused() -> None:
    """2007-02-01 310.5 gave each of two combat damage steps its own stack object; not modelled, so
    refused by name rather than resolved wrongly."""
    doc = _doc(
        "2007",
        [_c("att", 2, 2, "A", keywords=["first_strike"]), _c("blk", 2, 2)],
        [{"attacker": "att", "defender": "B", "blockers": ["blk"]}],
        on_stack_actions=[{"type": "pump", "creature": "blk", "power": 0, "toughness": 1}],
    )
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc)
    assert err.value.field == "event.on_stack_actions"


@pytest.mark.parametrize(
    "effect",
    [{"type": "regenerate", "on": "blk"}, {"type": "prevent_next", "to": "blk", "amount": 3}],
    ids=["regenerate", "prevent"],
)
def test_shield_made_while_damage_is_on_the_stack_still_counts(effect: dict[str, Any]) -> None:
    """The seed post and 2007-02-01 310.1/310.4: regeneration or prevention used after the assignment
    went on the stack applies to that damage (the blocker survives; CR 615.7, 701.19a today)."""
    doc = _doc(
        "2007",
        [_c("att", 3, 3, "A"), _c("blk", 3, 3)],
        [{"attacker": "att", "defender": "B", "blockers": ["blk"]}],
        on_stack_actions=[{"type": "effect", "effect": effect}],
    )
    final = _final(doc)
    assert final["permanents"]["blk"]["zone"] == "battlefield"
    assert final["permanents"]["att"]["zone"] == "graveyard"
    # the effect is the window's, not the board's before it: today the same board has no shield
    assert (
        _zones(
            resolve(
                parse_scenario(_with(doc, era="2007") | {"event": {**doc["event"], "on_stack_actions": []}})
            ).to_dict()["final"]
        )["blk"]
        == "graveyard"
    )
