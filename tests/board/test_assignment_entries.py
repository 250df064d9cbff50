"""Assignment entries that are not whole numbers from 0 (issue 26 item 5): each is marked on its field
with the reason (aria-invalid, the message tied by aria-describedby), with and without htmx, and never
read as 0; ＋ is off, with 「ここには割り振れません」, where a row can take no damage (CR 510.1c)."""

from __future__ import annotations

import re

import pytest

from tutor.models import Scenario

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
CHECK = "/board/s/cr702-19b/assignment/check/"  # a 5/5 trampler blocked by a 3/3: a_0_0 the bear, a_0_1 the player


def _input(page: str, name: str) -> str:
    found = re.search(rf'<input [^>]*name="{name}"[^>]*>', page)
    assert found, name
    return found.group(0)


def _message(page: str, name: str) -> str:
    found = re.search(
        rf'<span class="invalid-feedback assign-error" id="{name}-error"[^>]*>([^<]*)</span>', page
    )
    assert found, name
    return found.group(1)


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("-3", "0 以上の数を入力してください。"),
        ("2.5", "整数を入力してください。"),
        ("みっつ", "整数を入力してください。"),
    ],
)
def test_without_javascript_a_bad_entry_is_marked_on_its_field_with_the_reason(client, typed, reason):
    page = client.post(CHECK, {"a_0_0": typed, "a_0_1": "2"}).content.decode()
    field = _input(page, "a_0_0")
    assert 'aria-invalid="true"' in field and 'aria-describedby="a_0_0-error"' in field
    assert f'value="{typed}"' in field  # what was typed stays, to be corrected
    assert _message(page, "a_0_0") == reason
    assert "aria-invalid" not in _input(page, "a_0_1") and _message(page, "a_0_1") == ""
    # not judged as if it were 0 (as 0 the bear would lack lethal damage: "illegal", for the wrong reason)
    assert "数として読めない入力があるので、適正かどうかはまだ確かめていません" in page
    assert "この割り振りは不適正です" not in page and "この割り振りは適正です" not in page


def test_with_htmx_the_check_swaps_each_fields_message_beside_the_verdict(client):
    response = client.post(CHECK, {"a_0_0": "-3", "a_0_1": "4"}, **HX)
    assert response["HX-Retarget"] == "#assignment-feedback"
    page = response.content.decode()
    assert re.search(r'id="a_0_0-error" hx-swap-oob="true">0 以上の数を入力してください。</span>', page)
    assert re.search(r'id="a_0_1-error" hx-swap-oob="true"></span>', page)  # a fixed entry loses its mark
    assert '<a href="#id_a_0_0">' in page
    fixed = client.post(CHECK, {"a_0_0": "3", "a_0_1": "2"}, **HX).content.decode()
    assert re.search(r'id="a_0_0-error" hx-swap-oob="true"></span>', fixed)
    assert "この割り振りは適正です" in fixed


def test_saving_a_bad_entry_is_refused_and_nothing_is_stored(client):
    before = Scenario.objects.count()
    response = client.post("/board/s/cr702-19b/assignment/", {"a_0_0": "2.5", "a_0_1": "4", "save": "1"})
    assert response.status_code == 422
    page = response.content.decode()
    assert 'aria-invalid="true"' in _input(page, "a_0_0")
    assert _message(page, "a_0_0") == "整数を入力してください。"
    assert Scenario.objects.count() == before


def test_plus_is_off_where_the_row_can_take_no_damage(client):
    """CR 510.1c: 《エルフの再生家》, blocked and without trample, assigns nothing to the player."""
    page = client.get("/board/s/cr510-1c-ex/").content.decode()
    plus = re.search(r'<button [^>]*id="a_0_2-plus"[^>]*>', page).group(0)
    assert " disabled" in plus and 'aria-describedby="a_0_2-nope"' in plus
    assert '<span class="assign-nope" id="a_0_2-nope">ここには割り振れません</span>' in page
    for blocker in ("a_0_0", "a_0_1"):  # its blockers can take it
        assert " disabled" not in re.search(rf'<button [^>]*id="{blocker}-plus"[^>]*>', page).group(0)
    assert page.count("ここには割り振れません</span>") == 1
