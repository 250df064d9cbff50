"""The assignment panel's columns come from the engine (``rules_core.declared_recipients``); a blocked
creature without trample also shows what it attacks, marked as forbidden by CR 510.1c, so the learner
can try that assignment and read why it is illegal."""

from __future__ import annotations

import pytest
from django.test import Client

from rules_core import count_assignments, parse_scenario, recipients
from tutor.board import assignment_panel
from tutor.models import Scenario

pytestmark = pytest.mark.django_db


def _rows(slug: str) -> tuple[dict, list[dict]]:
    document = Scenario.objects.get(slug=slug).document
    return document, assignment_panel.rows_of(document, parse_scenario(document))


def test_a_blocked_non_trampler_lists_its_blockers_then_the_player_marked_510_1c():
    """CR 510.1c: 《エルフの再生家》, blocked and without trample, assigns only to its blockers."""
    document, [row] = _rows("cr510-1c-ex")
    scenario = parse_scenario(document)
    assert recipients(scenario, "regrower") == ("spawn", "hunter")
    assert [r["id"] for r in row["recipients"]] == ["spawn", "hunter", "B"]
    assert [r["forbidden"] for r in row["recipients"]] == [None, None, "510.1c"]
    # CR 510.1c example: five ways to divide 4 damage between the two blockers
    assert row["count"] == "5" == str(count_assignments(scenario, "regrower"))


def test_a_trampler_lists_the_player_as_a_legal_recipient():
    """CR 702.19b: a blocked trampler may assign the rest to the player: no forbidden column."""
    _document, rows = _rows("cr702-19b")
    assert rows
    for row in rows:
        assert all(r["forbidden"] is None for r in row["recipients"])


def test_every_curated_combat_row_is_the_engines_recipients_plus_at_most_the_attacked_object():
    for board in Scenario.objects.filter(is_curated=True):
        document = board.document
        if (document.get("event") or {}).get("type") != "combat":
            continue
        scenario = parse_scenario(document)
        attacks = {a["attacker"]: a for a in document["event"]["attacks"]}
        for row in assignment_panel.rows_of(document, scenario):
            if row["role"] != "attacker" or row["gone"]:
                continue
            listed = [r["id"] for r in row["recipients"]]
            engine = list(assignment_panel.declared_recipients(scenario)[row["id"]])
            forbidden = [r["id"] for r in row["recipients"] if r["forbidden"]]
            assert listed == engine + forbidden, board.slug
            assert forbidden in ([], [attacks[row["id"]]["defender"]]), board.slug


def test_the_page_shows_the_forbidden_mark():
    page = Client().get("/board/s/cr510-1c-ex/").content.decode()
    assert "ブロックされていてトランプルがないので、ここには割り振れません: 510.1c" in page
