"""Several sources in one noncombat event: fight (CR 701.14), bite, "each deals damage equal to its power".

Expected values are derived from the CR paragraphs cited in each test.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import ScenarioError, parse_scenario, resolve_document

from ..helpers import creature, doc, planeswalker, stage


def fight(a: str, b: str, **kw: Any) -> dict[str, Any]:
    return {"type": "fight", "name": "《捕食》", "fighters": [a, b], **kw}


RAT = creature("rat", 1, 1, "A", name="《チフス鼠》", keywords=["deathtouch"])
WURM = creature("wurm", 6, 4, "B", name="《大喰らいのワーム》")


def test_fight_with_deathtouch_destroys_both() -> None:
    """CR 701.14a: each fighter deals damage equal to its power to the other; 701.14d: not combat damage.
    The 1/1 with deathtouch is dealt 6 (704.5g); the 6/4 is dealt 1 by a deathtouch source (704.5h)."""
    result = resolve_document(doc([RAT, WURM], fight("rat", "wurm")))
    events = stage(result, "120.4b")["events"]
    assert sorted((e["source"], e["to"], e["amount"], e["combat"]) for e in events) == [
        ("rat", "wurm", 1, False),
        ("wurm", "rat", 6, False),
    ]
    sba = stage(result, "704")
    assert set(sba["rules"]) == {"704.5g", "704.5h"}
    assert {c["object"] for c in sba["changes"] if c["attribute"] == "zone"} == {"rat", "wurm"}
    final = result["final"]["permanents"]
    assert (final["rat"]["zone"], final["wurm"]["zone"]) == ("graveyard", "graveyard")


def test_fighter_gone_means_neither_deals_damage() -> None:
    """CR 701.14b: if one of the creatures is no longer on the battlefield, neither fights or deals damage."""
    result = resolve_document(doc([RAT, WURM], fight("rat", "wurm", gone=["wurm"])))
    assert "701.14b" in stage(result, "701.14")["rules"]
    assert [s["stage"] for s in result["steps"][0]["stages"]] == ["701.14"]
    assert result["final"]["permanents"]["rat"] == {
        "zone": "battlefield",
        "damage": 0,
        "counters": {},
        "power": 1,
        "toughness": 1,
    }


def test_fighter_that_is_not_a_creature_means_no_fight() -> None:
    """CR 701.14b: a fighter that is no longer a creature (here a planeswalker) — neither deals damage."""
    result = resolve_document(doc([RAT, planeswalker("pw", 4)], fight("rat", "pw")))
    assert "701.14b" in stage(result, "701.14")["rules"]
    assert result["final"]["permanents"]["pw"]["loyalty"] == 4


def test_creature_fighting_itself_deals_twice_its_power() -> None:
    """CR 701.14c: a creature that fights itself deals damage to itself equal to twice its power (3/5: 6)."""
    result = resolve_document(doc([creature("x", 3, 5, "A")], fight("x", "x")))
    assert [(e["to"], e["amount"]) for e in stage(result, "120.4b")["events"]] == [("x", 6)]
    assert result["final"]["permanents"]["x"]["zone"] == "graveyard"


def test_bite_is_one_sided_with_lifelink_and_deathtouch() -> None:
    """A bite (《狂気の一咬み》): only the biter deals damage, equal to its power (2); lifelink gains that
    much (702.15b, 120.3f) and deathtouch destroys the 6/4 (704.5h); the biter is dealt nothing."""
    hawk = creature("hawk", 2, 3, "A", name="《吸血鬼の夜鷲》", keywords=["deathtouch", "lifelink"])
    result = resolve_document(doc([hawk, WURM], {"type": "bite", "source": "hawk", "to": "wurm"}))
    final = result["final"]
    assert final["players"]["A"]["life"] == 22
    assert final["permanents"]["wurm"]["zone"] == "graveyard"
    assert final["permanents"]["hawk"]["damage"] == 0


def test_bite_with_excess_to_controller() -> None:
    """CR 120.4a: 《強行突破》 with a trampler — excess damage beyond lethal (5 to a 2/2: 3) is dealt to that
    creature's controller instead."""
    d = doc(
        [creature("beast", 5, 5, "A", keywords=["trample"]), creature("bear", 2, 2)],
        {"type": "bite", "name": "《強行突破》", "source": "beast", "to": "bear", "excess_to": "controller"},
    )
    final = resolve_document(d)["final"]
    assert final["players"]["B"]["life"] == 17
    assert final["permanents"]["bear"]["damage"] == 2


def test_each_creature_deals_power_damage_separate_lifelink_events() -> None:
    """Each creature deals damage equal to its power to B at the same time: one event (120.4a), 2 + 3 = 5 life
    lost; each lifelink source is its own life gain event (702.15e), so 《アジャニの群れ仲間》 triggers twice."""
    pridemate = creature("pm", 2, 2, "A", triggers=[{"when": "gain_life", "effect": {"type": "counters"}}])
    d = doc(
        [
            pridemate,
            creature("l2", 2, 2, "A", keywords=["lifelink"]),
            creature("l3", 3, 3, "A", keywords=["lifelink"]),
        ],
        {"type": "power_damage", "sources": ["l2", "l3"], "to": "B"},
    )
    result = resolve_document(d)
    assert result["final"]["players"]["B"]["life"] == 15
    assert result["final"]["players"]["A"]["life"] == 25
    assert result["final"]["permanents"]["pm"]["counters"] == {"+1/+1": 2}


def test_zero_or_negative_power_deals_no_damage() -> None:
    """CR 120.8 (and 107.1b: a negative result is 0): a fighter with power -1 deals no damage; the other's
    2 damage is still dealt."""
    result = resolve_document(
        doc([creature("weak", -1, 3, "A"), creature("bear", 2, 2)], fight("weak", "bear"))
    )
    assert "120.8" in stage(result, "701.14")["rules"]
    assert result["final"]["permanents"]["weak"]["damage"] == 2
    assert result["final"]["permanents"]["bear"]["damage"] == 0


def test_fight_triggers_is_dealt_damage() -> None:
    """CR 120.4b: fight damage is damage dealt; "whenever ~ is dealt damage" triggers (《ボロスの反攻者》)."""
    reckoner = creature(
        "rk",
        3,
        3,
        "B",
        triggers=[{"when": "dealt_damage", "effect": {"type": "damage", "amount": "that_much", "to": "A"}}],
    )
    result = resolve_document(doc([creature("bear", 2, 2, "A"), reckoner], fight("bear", "rk")))
    assert result["final"]["players"]["A"]["life"] == 18
    assert [s["name"] for s in result["steps"]] == ["damage", "trigger"]


def test_power_events_round_trip_and_validation() -> None:
    for event in (
        fight("rat", "wurm", gone=["rat"]),
        {"type": "bite", "source": "rat", "to": "B", "excess_to": "controller"},
        {"type": "power_damage", "sources": ["rat", "wurm"], "to": "A"},
    ):
        scenario = parse_scenario(doc([RAT, WURM], event))
        assert parse_scenario(scenario.to_dict()) == scenario
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc([RAT, WURM], {"type": "fight", "fighters": ["rat"]}))
    assert err.value.field == "event.fighters"
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc([RAT, WURM, creature("x", 1, 1)], fight("rat", "wurm", gone=["x"])))
    assert err.value.field == "event.gone[0]"
    with pytest.raises(ScenarioError) as err:
        parse_scenario(doc([RAT], {"type": "power_damage", "sources": ["rat", "rat"], "to": "B"}))
    assert err.value.field == "event.sources[1]"


def test_documented_power_events_parse() -> None:
    """docs/scenario-format.md § 9: each example event is valid on a board with those creatures."""
    import json
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    section = text.split("## 9. Several sources", 1)[1].split("\n## 10.", 1)[0]
    events = [json.loads(b.split("```", 1)[0]) for b in section.split("```json")[1:]]
    assert [e["type"] for e in events] == ["fight", "bite", "power_damage"]
    board = [creature(i, 2, 2, "A") for i in ("rat", "beast", "child", "skirge")]
    board += [creature(i, 2, 2, "B") for i in ("wurm", "bear")]
    for event in events:
        assert resolve_document(doc(board, event))["legal"]


@settings(max_examples=60, deadline=None)
@given(st.integers(-2, 8), st.integers(1, 8), st.integers(-2, 8), st.integers(1, 8), st.booleans())
def test_fight_damage_is_each_power(pa: int, ta: int, pb: int, tb: int, gone: bool) -> None:
    """701.14a-b: each fighter is dealt the other's power (0 if that is 0 or less, 120.8), or nothing at all
    when a fighter is gone; never combat damage (701.14d)."""
    d = doc([creature("a", pa, ta, "A"), creature("b", pb, tb)], fight("a", "b", gone=["b"] if gone else []))
    result = resolve_document(d)
    final = result["final"]["permanents"]
    if gone:
        assert (final["a"]["damage"], final["b"]["damage"]) == (0, 0)
        return
    assert (final["a"]["damage"], final["b"]["damage"]) == (max(0, pb), max(0, pa))
    assert all(not e["combat"] for e in stage(result, "120.4b")["events"])


def test_cli_resolves_a_fight(tmp_path: Any) -> None:
    """The command line accepts the new event types (docs § 5, § 9)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    path = Path(tmp_path) / "fight.json"
    path.write_text(json.dumps(doc([RAT, WURM], fight("rat", "wurm")), ensure_ascii=False), encoding="utf-8")
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run(
        [sys.executable, "-m", "rules_core", "resolve", str(path)],
        capture_output=True,
        text=True,
        cwd=root,
        check=True,
    )
    assert json.loads(out.stdout)["final"]["permanents"]["wurm"]["zone"] == "graveyard"
