"""Card pages say what is modelled about targets (issue 23 items 3 and 6; CR 115.1, 115.10a, 702.11b)."""

from __future__ import annotations

from tutor.cards.describe import describe
from tutor.study.cardpool import card


def test_troll_ascetics_example_is_not_targeted_by_an_opponents_spell() -> None:
    # CR 702.11b: an opponent's spell can't target it; the example's 《紅蓮地獄》 targets nothing (115.10a).
    engine = card("troll-ascetic").engine
    permanent = next(p for p in engine["permanents"] if p["id"] == "card")
    assert "hexproof" in permanent["keywords"]
    event = engine["event"]
    assert event["source"]["controller"] == "B"
    assert not event.get("targets")
    lines = describe(engine)
    assert any("呪禁" in line for line in lines)
    assert any("（対象をとらない）" in line for line in lines)


def test_a_burn_spells_page_names_its_target() -> None:
    # CR 115.1: 《稲妻》 "deals 3 damage to any target"; the page says the recipient is its target.
    engine = card("lightning-bolt").engine
    assert engine["event"]["targets"] == [d["to"] for d in engine["event"]["damage"]]
    assert any("対象の" in line for line in describe(engine))


def test_a_sweepers_page_says_it_targets_nothing() -> None:
    # CR 115.10a: 《紅蓮地獄》 "deals 2 damage to each creature" targets nothing.
    engine = card("pyroclasm").engine
    assert not engine["event"].get("targets")
    assert any("（対象をとらない）" in line for line in describe(engine))
