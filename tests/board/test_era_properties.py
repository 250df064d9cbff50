"""Properties of the era comparison (拡張, issue 15) over generated combats: each column is the engine's
resolution under that era, a cell is marked exactly when it differs from today's, and every former
rule it cites has a page (an explanation in ``tutor.reader.era_former``).

Why each holds: ``rules_core.compare_eras`` resolves the board under each era (docs/scenario-format.md
§ 12.1); today's rules are the board without its era's keys (2024-08-02 510.2: the 2007 window does
not exist there; today's 510.1c: no order).
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import parse_scenario, resolve
from tutor.board.era_compare import eras_present
from tutor.board.era_documents import era_set
from tutor.reader.era_former import EXPLANATIONS

HELD = {(e.date, e.number) for e in EXPLANATIONS}
FORMER_LINK = re.compile(r'href="/cr/former/([^/]+)/([^/]+)/"')


@st.composite
def combats(draw: st.DrawFn) -> dict:
    blockers = draw(st.integers(1, 3))
    attacker = {
        "id": "att",
        "name": "攻撃者",
        "controller": "A",
        "types": ["creature"],
        "power": draw(st.integers(0, 8)),
        "toughness": draw(st.integers(1, 6)),
        "keywords": draw(st.lists(st.sampled_from(["trample", "deathtouch"]), unique=True, max_size=2)),
    }
    ids = [f"b{i}" for i in range(blockers)]
    blocking = [
        {
            "id": ident,
            "name": f"防御者{i}",
            "controller": "B",
            "types": ["creature"],
            "power": draw(st.integers(0, 5)),
            "toughness": draw(st.integers(1, 5)),
        }
        for i, ident in enumerate(ids)
    ]
    doc = {
        "format": 1,
        "active_player": "A",
        "players": [{"id": "A", "life": 20}, {"id": "B", "life": draw(st.integers(1, 20))}],
        "permanents": [attacker, *blocking],
        "effects": [],
        "event": {"type": "combat", "attacks": [{"attacker": "att", "defender": "B", "blockers": ids}]},
        "choices": {},
    }
    era = draw(st.sampled_from(["current", "2009-2024", "2007"]))
    if era == "2009-2024":
        return era_set(document=doc, era=era, orders={0: draw(st.permutations(ids))})
    doc = era_set(document=doc, era=era)
    if era == "2007" and draw(st.booleans()):
        target = draw(st.sampled_from(["att", *ids]))
        action = draw(
            st.sampled_from(
                [
                    {"type": "pump", "creature": target, "power": 3, "toughness": 3, "name": "《巨大化》"},
                    {"type": "sacrifice", "creature": target, "gain_life": 4},
                    {"type": "destroy", "creature": target, "name": "《恐怖》"},
                ]
            )
        )
        doc["event"]["on_stack_actions"] = [action]
    return doc


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combats())
def test_each_column_is_the_engine_under_its_era(doc):
    parsed = parse_scenario(doc)
    view = eras_present(doc, parsed)
    assert view is not None
    assert [c["era"] for c in view["columns"]] == ["current", "2009-2024", "2007"]
    today = resolve(parse_scenario(era_set(document=doc, era="current"))).to_dict()
    assert view["columns"][0]["legal"] == today["legal"]
    for row in view["rows"]:
        first = row["cells"][0]["value"]
        assert [c["changed"] for c in row["cells"]] == [c["value"] != first for c in row["cells"]]
        assert len({c["value"] for c in row["cells"]}) > 1  # only what differs is set side by side
    html = " ".join(str(w) for c in view["columns"] for w in [*c["why"], *c["violations"]])
    cited = set(FORMER_LINK.findall(html)) | {
        (r["file"], r["number"]) for c in view["columns"] for r in c["rules"]
    }
    assert cited <= HELD, sorted(cited - HELD)


@settings(max_examples=60, deadline=None)
@given(combats(), st.sampled_from(["current", "2009-2024", "2007"]))
def test_back_to_todays_rules_is_the_same_document_from_any_era(doc, era):
    """Today's board has no era keys, whatever era it went through (same content: same permalink)."""
    today = era_set(document=doc, era="current")
    assert era_set(document=era_set(document=today, era=era), era="current") == today
    assert "era" not in today and "on_stack_actions" not in today["event"]
    assert all("order" not in a for a in today["event"]["attacks"])
