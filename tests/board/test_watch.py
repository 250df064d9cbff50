"""A board you can watch, and the assignment steppers that move damage (issue 14, items 3 and 7).

- the −/＋ buttons move one point between recipients when the row already assigns the creature's
  power (CR 510.1a), choosing a move the engine finds legal (CR 702.19b, 702.2c);
- an illegal assignment is refused, never stored as a board to resolve, with what to change;
- while the stages are shown the page is laid out to watch them, and the drawing shows the board after
  the stage shown (CR 120.3, 704.5g).
"""

import re

import pytest
from django.test import Client

from tutor.board.assignment_moves import field_position, nudged
from tutor.models import Scenario

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
DEATHTOUCH = "/board/s/cr702-19b-dt/"  # 4/4 deathtouch trample blocked by a 5/5: a_0_0 blocker, a_0_1 player
TRAMPLE = "/board/s/cr702-19b/"  # 5/5 trample blocked by a 3/3


def _value(html: str, field: str) -> str:
    return re.search(rf'name="{field}" id="id_{field}" value="(\d*)"', html).group(1)


def _check(client: Client, url: str, data: dict, **extra) -> str:
    response = client.post(f"{url}assignment/check/", data, **extra)
    assert response.status_code == 200
    return response.content.decode()


def test_plus_on_the_player_takes_the_point_from_the_blocker(client):
    """CR 702.2c + 702.19b: with deathtouch 1 damage is lethal, so 2+2 → 1+3 is one legal click."""
    html = _check(client, DEATHTOUCH, {"a_0_0": "2", "a_0_1": "2", "nudge": "a_0_1:+1"})
    assert (_value(html, "a_0_0"), _value(html, "a_0_1")) == ("1", "3")
    assert "いまの割り振りは適正です" in html or "この割り振りは適正です" in html


def test_minus_on_the_blocker_gives_the_point_to_the_player(client):
    """CR 510.1a: all 4 damage stays assigned; the point goes to the player (702.19b)."""
    html = _check(client, DEATHTOUCH, {"a_0_0": "2", "a_0_1": "2", "nudge": "a_0_0:-1"}, **HX)
    assert (_value(html, "a_0_0"), _value(html, "a_0_1")) == ("1", "3")
    assert "不適正" not in html


def test_a_move_below_lethal_still_moves_and_says_why_it_is_illegal(client):
    """CR 702.19b: 3 is lethal for the 3/3; 3+2 → 2+3 leaves it short, so the feedback cites 702.19b."""
    html = _check(client, TRAMPLE, {"a_0_0": "3", "a_0_1": "2", "nudge": "a_0_1:+1"})
    assert (_value(html, "a_0_0"), _value(html, "a_0_1")) == ("2", "3")
    assert "不適正" in html and 'href="/cr/702.19/#cr-702.19b"' in html


def test_a_row_that_does_not_add_up_steps_one_number(client):
    """The learner typed 1+1 of a power of 5 (CR 510.1a): ＋ adds to that number only."""
    html = _check(client, TRAMPLE, {"a_0_0": "1", "a_0_1": "1", "nudge": "a_0_1:+1"})
    assert (_value(html, "a_0_0"), _value(html, "a_0_1")) == ("1", "2")


def test_nudged_leaves_unknown_fields_alone():
    data = {"a_0_0": "1"}
    rows = [
        {"id": "x", "step": None, "power": 1, "key": "assignments", "recipients": [{"id": "B", "label": "B"}]}
    ]
    assert nudged({}, rows, data, "a_3_0", 1) is None and data == {"a_0_0": "1"}
    assert nudged({}, rows, data, "a_0_0", 5) is None and data == {"a_0_0": "1"}
    assert field_position("a_0_0") == (0, 0) and field_position("nudge") is None


def test_an_illegal_assignment_is_refused_with_htmx_and_nothing_is_stored(client):
    """CR 702.19b: 1 to the 3/3 is not lethal; the panel comes back with the refusal and the fix."""
    before = Scenario.objects.count()
    response = client.post(f"{TRAMPLE}assignment/", {"a_0_0": "1", "a_0_1": "4", "save": "1"}, **HX)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#assignment"
    html = response.content.decode()
    assert "不適正なので、保存していません" in html and "「既定の割り振りにする」" in html
    assert Scenario.objects.count() == before


def test_a_legal_assignment_is_still_saved(client):
    response = client.post(f"{DEATHTOUCH}assignment/", {"a_0_0": "1", "a_0_1": "3", "resolve": "1"})
    assert response.status_code == 302 and response["Location"].endswith("?stage=1")


def test_the_stages_are_laid_out_to_watch_and_the_list_numbers_each_stage(client):
    html = client.get(f"{TRAMPLE}?stage=2").content.decode()
    assert 'class="play play--result"' in html
    assert '<span class="stage-index-no">2</span>' in html
    assert "watch.css" in html and "watch.js" in html
    building = client.get(TRAMPLE).content.decode()
    assert 'class="play"' in building and "play--result" not in building


def _marker(html: str, card: str) -> str | None:
    svg = re.search(rf'<svg class="card[^"]*"[^>]*data-card="{card}">(.*?)</svg>', html, re.S).group(1)
    found = re.search(r'class="marker-damage[^"]*"><circle[^>]*/><text[^>]*>(\d+)</text>', svg)
    return found.group(1) if found else None


def test_the_drawing_shows_the_board_after_the_stage_shown(client):
    """CR 120.3e/120.4d: damage is marked when the event happens (stage 5, 120.4d), not at the
    assignment (stage 1); CR 704.5g: the 3/3 with lethal damage goes to the graveyard at stage 6."""
    first = client.get(f"{TRAMPLE}?stage=1").content.decode()
    event = client.get(f"{TRAMPLE}?stage=5").content.decode()
    last = client.get(f"{TRAMPLE}?stage=6").content.decode()
    assert _marker(first, "bear") is None and _marker(event, "bear") == "3"
    assert "段階1のあとの盤面" in first and "段階5のあとの盤面" in event
    assert "ライフ 20</text>" in first and "ライフ 18</text>" in event
    bear_last = re.search(r'<svg class="card[^"]*"[^>]*data-card="bear">', last).group(0)
    assert "is-gone" in bear_last
    assert "is-gone" not in re.search(r'<svg class="card[^"]*"[^>]*data-card="bear">', event).group(0)


def test_rare_fields_sit_behind_a_disclosure_that_opens_on_their_error(client):
    """Beginner forms lead with plain fields; 510.1c's checkbox and the rarer protection fields wait
    behind 「詳しく」, which opens when one of them is refused."""
    form = client.get(f"{TRAMPLE}?event=combat").content.decode()
    details = form.index('<details class="form-more"><summary>詳しく</summary>')
    assert form.index("ブロック・クリーチャーは戦闘から取り除かれた") > details > form.index("が攻撃する先")
    creature = client.get(f"{TRAMPLE}?add=creature").content.decode()
    assert creature.count('<details class="form-more"><summary>詳しく</summary>') == 2
    refused = client.post(
        f"{TRAMPLE}permanents/add/",
        {
            "name": "熊",
            "controller": "A",
            "types": ["creature"],
            "power": "2",
            "toughness": "2",
            "subtypes": "x" * 400,
        },
    ).content.decode()
    assert '<details class="form-more" open><summary>詳しく</summary>' in refused


def test_arrow_labels_never_cover_a_card_or_each_other(client):
    """CR 615.1 (《濃霧》): every arrow says 「0(軽減N)」; each label sits on its own arrow, clear of
    the cards, the players and the other labels."""
    from rules_core import resolve_document
    from tutor.board.views.flow import board_load
    from tutor.results.table import stage_amounts, table_present

    board = board_load("cr615-1")
    result = resolve_document(board.document)
    table = table_present(board.document, result=result, stage=3, amounts=stage_amounts(result, 3))
    for lane in table["lanes"]:
        boxes = [(i["x"], i["y"], i["w"], i["h"]) for i in lane["items"]]
        labels = [(a["lx0"], a["ly"] - 10, a["lw"], 20) for a in lane["arrows"] if a["label"]]
        assert any("軽減" in a["label"] for a in lane["arrows"])
        for n, label in enumerate(labels):
            for other in boxes + labels[:n]:
                assert not (
                    label[0] < other[0] + other[2]
                    and other[0] < label[0] + label[2]
                    and label[1] < other[1] + other[3]
                    and other[1] < label[1] + label[3]
                ), (label, other)


def test_refusals_say_how_to_fix_them(client):
    """A battle without defense (CR 310.4) and a block of a creature that does not attack (CR 509.1a)
    are refused with the change to make."""
    battle = client.post(
        f"{TRAMPLE}permanents/add/", {"name": "包囲戦", "controller": "B", "types": ["battle"], "defense": ""}
    ).content.decode()
    assert "バトルには必要です。守備値の数を入力してください。" in battle
    combat = client.post(f"{TRAMPLE}event/combat/", {"attack_0": "", "blocks_1": ["wurm"]}).content.decode()
    assert "攻撃するクリーチャーを1体以上選んでください。" in combat
    other = client.post(f"{TRAMPLE}assignment/check/".replace("cr702-19b", "cr120-5-ex"), {})
    assert other.status_code == 400 and "「戦闘」を選ぶと" in other.content.decode()
