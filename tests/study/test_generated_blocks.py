"""Every generated study question shows blocks its real cards allow (issue 23, items 1 and 5).

The parser refuses a declaration of blockers that breaks a restriction (CR 509.1b: flying 702.9b with
reach 702.17b, menace 702.111b, "can't block", "can't be blocked"; a creature blocks one attacker
unless it can block more, 509.1a), so a board that parses has no illegal block. Every template at
every level over ``SEEDS`` seeds makes more than 3,000 boards.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rules_core import ScenarioError, parse_scenario
from tutor.cards.placement import can_block
from tutor.study.cardpool import card
from tutor.study.generators import TEMPLATES

SEEDS = range(30)


@cache
def _boards() -> tuple[tuple[str, dict[str, Any]], ...]:
    return tuple(
        (f"{template.slug}|{level}|{seed}", template.draft(seed, level).scenario)
        for template in TEMPLATES
        for level in template.levels
        for seed in SEEDS
    )


def _refusals() -> list[str]:
    refused = []
    for where, board in _boards():
        try:
            parse_scenario(board)
        except ScenarioError as err:
            refused.append(f"{where}: {err}")
    return refused


def test_at_least_3000_generated_boards_are_checked():
    assert len(_boards()) >= 3000


def test_no_generated_board_has_an_illegal_block():
    """509.1b: each board's declared blocks obey every restriction of its cards (0 refused)."""
    assert _refusals() == []


def test_flying_attackers_in_questions_meet_only_flyers_or_reach():
    """702.9b: wherever a generated question blocks a flyer, the blocker has flying or reach."""
    flyers_blocked = 0
    for _where, board in _boards():
        event = board.get("event") or {}
        if event.get("type") != "combat":
            continue
        permanents = {p["id"]: p for p in board["permanents"]}
        for attack in event["attacks"]:
            attacker = permanents[attack["attacker"]]
            if "flying" not in attacker.get("keywords", []) or not attack.get("blockers"):
                continue
            flyers_blocked += 1
            for blocker in attack["blockers"]:
                keywords = set(permanents[blocker].get("keywords", []))
                assert keywords & {"flying", "reach"}, (_where, blocker)
    assert flyers_blocked > 0


def test_the_questions_cards_carry_their_block_abilities():
    """The catalogue's encodings: 《疫病のとげ刺し》 flies (702.9b), 《荒廃の工作員》 can't be blocked and
    《離反ダニ、スクレルヴ》 can't block (509.1b), so 《丘巨人》 blocks none of the first two."""
    stinger = card("plague-stinger").permanent("att", "A")
    agent = card("blighted-agent").permanent("att", "A")
    giant = card("hill-giant").permanent("blk", "B")
    recluse = card("deadly-recluse").permanent("blk", "B")
    skrelv = card("skrelv-defector-mite").permanent("blk", "B")
    bears = card("grizzly-bears").permanent("att", "A")
    assert "flying" in stinger["keywords"]
    assert not can_block(stinger, giant)
    assert can_block(stinger, recluse)  # reach (702.17b)
    assert not can_block(agent, giant) and not can_block(agent, recluse)
    assert not can_block(bears, skrelv)
    assert can_block(bears, giant)
