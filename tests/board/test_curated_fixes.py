"""Curated boards a judge-level read found wrong (issue 23, item 6), and the team-wide and counter boards.

- cr120-10 showed 120.4a (an effect dealing the excess elsewhere); CR 120.10 is about triggered abilities
  that check excess damage: the board now shows one, and 120.4a keeps its own board.
- cr615-9 taught "any red source"; 《赤の防御円》 shields one red source chosen on resolution (609.7a).
- crera-rats-ord dated the deathtouch lethal rule from 2011: it is in the 2010-07-16 rules (702.2b there);
  from July 2009 to July 2010 deathtouch ignored the damage assignment order (2009-07-11 702.2b).
- cr310-11b's 《レガーサへの侵攻》 has a printed defense of 5; the board has 2 counters left and says why.
- The 2007 502.9b note said nothing about trample had changed; deathtouch (2010) and the recipients did.
"""

from rules_core import resolve_document
from tutor.board.curated import CURATED
from tutor.reader.era_former import EXPLANATIONS

BOARDS = {c.slug: c for c in CURATED}


def _rules(result):
    return {r for step in result["steps"] for s in step["stages"] for r in s["rules"]}


def test_cr120_10_shows_an_excess_damage_trigger_taking_the_greatest_excess():
    """CR 120.10: 7 damage to a 3/3 with loyalty 5 is 4 excess (the greater of 4 and 2); the trigger deals 4."""
    board = BOARDS["cr120-10"]
    assert board.title.startswith("120.10") and board.illustrates == "120.10"
    result = resolve_document(board.document)
    assert "120.10" in _rules(result)
    assert result["final"]["players"]["B"]["life"] == 16
    assert "excess_to" not in board.document["event"]


def test_the_excess_to_controller_board_is_titled_120_4a():
    board = BOARDS["cr120-4a-types"]
    assert board.title.startswith("120.4a") and board.illustrates == "120.4a"
    assert board.document["event"]["excess_to"] == "controller"


def test_cr615_9_shields_one_chosen_red_source():
    """609.7a: of two red attackers only the chosen one's damage is prevented: 3 prevented, 2 dealt."""
    board = BOARDS["cr615-9"]
    (effect,) = board.document["effects"]
    assert effect["source"] == "chosen"
    assert resolve_document(board.document)["final"]["players"]["B"]["life"] == 18
    assert "609.7a" in board.description


def test_cr615_9_recheck_board_is_not_prevented():
    """615.9, 609.7b: the chosen source is no longer red: nothing prevented, the shield stays."""
    final = resolve_document(BOARDS["cr615-9-recheck"].document)["final"]
    assert final["players"]["B"]["life"] == 17
    assert final["effects"][0].get("used", False) is False


def test_deathtouch_order_board_is_dated_from_july_2010():
    board = BOARDS["crera-rats-ord"]
    text = board.title + board.description
    assert "2011" not in text
    assert "2010年7月" in board.title and "2010-07-16版 702.2b" in board.description
    assert "2009-07-11版 702.2b" in board.description


def test_siege_board_says_its_printed_defense():
    board = BOARDS["cr310-11b"]
    siege = next(p for p in board.document["permanents"] if p["id"] == "siege")
    assert siege["defense"] == 2
    assert "守備値は5" in board.description and "3個取り除かれ" in board.description


def test_the_2007_trample_note_says_what_changed():
    (today,) = [x.today for x in EXPLANATIONS if x.date == "2007-02-01" and x.number == "502.9b"]
    assert "どの時代にも変わっていません" not in today
    assert "702.2c" in today and "プレインズウォーカー" in today


def test_team_wide_boards_resolve_as_810_says():
    """810.8a: the team at 0 doesn't lose; 810.9g: the teammate gains no life; 810.9h: loses none."""
    players = resolve_document(BOARDS["cr810-8a-unlife"].document)["final"]["players"]
    assert (players["A"]["lost"], players["C"]["lost"]) == (False, False)
    players = resolve_document(BOARDS["cr810-9g-team"].document)["final"]["players"]
    assert players["C"]["life"] == 30
    players = resolve_document(BOARDS["cr810-9h-team"].document)["final"]["players"]
    assert players["C"]["life"] == 30


def test_doubling_season_boards_follow_the_permanents_controller():
    """614.1a, 122.6: 2 counters under your 《倍増の季節》, 4 under the 0/5's controller's."""
    for slug, count in (("cr122-6-yours", 2), ("cr122-6-theirs", 4)):
        final = resolve_document(BOARDS[slug].document)["final"]
        assert final["permanents"]["wall"]["counters"] == {"-1/-1": count}
