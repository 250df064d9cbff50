"""Board views with the test client: plain pages and form posts (no JavaScript), htmx partials, and
hostile input that must never make a 500."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from tutor.board.documents import STARTER_DOCUMENT, event_set, permanent_put
from tutor.board.services import scenario_save
from tutor.models import Scenario
from tutor.models.board import scenario_digest

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
CREATURE = {"name": "灰色熊", "controller": "B", "types": ["creature"], "power": "2", "toughness": "2"}


def _post(client: Client, url: str, data: dict, **extra) -> str:
    response = client.post(url, data, **extra)
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def _html(response) -> str:
    return response.content.decode()


@pytest.fixture
def bolt_board() -> Scenario:
    doc = permanent_put(document=STARTER_DOCUMENT, data={**CREATURE, "power": 2, "toughness": 2})
    doc = event_set(
        document=doc,
        event={
            "type": "noncombat",
            "source": {"name": "《稲妻》", "controller": "A", "colors": ["red"]},
            "damage": [{"to": "c1", "amount": 3}],
        },
    )
    return scenario_save(document=doc)


# --------------------------------------------------------------------------- pages


def test_empty_board_page(client):
    response = client.get("/board/")
    assert response.status_code == 200
    html = _html(response)
    assert "新しい盤面" in html
    assert 'href="/static/css/board.css"' in html
    assert 'src="/static/js/board.js"' in html
    assert 'aria-live="polite"' in html
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_unknown_board_is_404(client):
    assert client.get("/board/s/zzzzzzzz/").status_code == 404
    assert client.get("/board/s/zzzzzzzz/export.json").status_code == 404
    assert (
        client.post("/board/s/zzzzzzzz/players/add/", {"name": "x", "life": 1, "poison": 0}).status_code
        == 404
    )


@pytest.mark.parametrize("url", ["/board/", "/board/s/cr120-4-ex1/", "/board/import/", "/board/examples/"])
def test_pages_refuse_wrong_methods(client, url):
    assert client.put(url).status_code == 405
    assert client.delete(url).status_code == 405


@pytest.mark.parametrize(
    "url",
    [
        "players/add/",
        "permanents/remove/",
        "effects/add/",
        "event/combat/",
        "assignment/",
        "assignment/check/",
        "choices/",
    ],
)
def test_edits_are_post_only_and_a_get_goes_back_to_the_board(client, url):
    """A reload of a form's URL (the no-JS stepper leaves …/assignment/check/ in the address bar)
    shows the board again (303) instead of an empty 405."""
    response = client.get(f"/board/s/cr120-4-ex1/{url}")
    assert response.status_code == 303 and response["Location"] == "/board/s/cr120-4-ex1/"
    assert client.get(f"/board/{url}").status_code == 303
    assert client.put(f"/board/s/cr120-4-ex1/{url}").status_code == 405


def test_csrf_is_enforced_on_every_post():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/board/players/add/", {"name": "x", "life": 20, "poison": 0})
    assert response.status_code == 403
    page = client.get("/board/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', _html(page)).group(1)
    assert '"X-CSRFToken"' in _html(page)  # body hx-headers send it with every htmx request
    response = client.post(
        "/board/players/add/", {"name": "x", "life": 20, "poison": 0}, HTTP_X_CSRFTOKEN=token, **HX
    )
    assert response.status_code == 200


def test_stages_one_at_a_time_without_javascript(client, bolt_board):
    url = f"/board/s/{bolt_board.slug}/"
    first = _html(client.get(url + "?stage=1"))
    assert "段階 <b>1</b> / 5" in first
    # the URL counts stages as the page does; without JavaScript the link opens at the drawing
    assert f'href="{url}?stage=2#play"' in first
    old_link = _html(client.get(url + "?stage=0"))  # links made when the URL counted from 0
    assert "段階 <b>1</b> / 5" in old_link and f'href="{url}?stage=2#play"' in old_link
    assert "段階 <b>2</b> / 5" in _html(client.get(url + "?stage=2"))
    last = _html(client.get(url + "?stage=5"))
    assert "704 状況起因処理" in last
    assert "最終的な盤面" in last
    assert "墓地" in last
    everything = _html(client.get(url + "?stage=all"))
    for title in ("120.4a", "120.4b", "120.4c", "120.4d", "704"):
        assert title in everything
    # out of range and nonsense are clamped, never an error
    assert client.get(url + "?stage=999").status_code == 200
    assert client.get(url + "?stage=-4").status_code == 200
    assert client.get(url + "?stage=abc").status_code == 200


def test_every_cited_paragraph_links_to_the_reader(client):
    html = _html(client.get("/board/s/cr120-4-ex1/?stage=all"))
    for number, section in (("120.4b", "120"), ("615.7", "615"), ("120.3d", "120"), ("510.1c", "510")):
        assert f'href="/cr/{section}/#cr-{number}"' in html


def test_stage_stepping_with_htmx_returns_the_play_partial(client, bolt_board):
    response = client.get(f"/board/s/{bolt_board.slug}/?stage=2", HTTP_HX_TARGET="play", **HX)
    html = _html(response)
    assert html.lstrip().startswith('<div id="play"')
    # what the live region is to say (board.js puts it there once the part is in the page)
    assert re.search(r'<div id="play"[^>]* data-announce="段階2/5', html)
    assert "<html" not in html


def test_history_restore_gets_the_whole_page(client, bolt_board):
    response = client.get(
        f"/board/s/{bolt_board.slug}/?stage=1",
        HTTP_HX_TARGET="play",
        HTTP_HX_HISTORY_RESTORE_REQUEST="true",
        **HX,
    )
    assert "<html" in _html(response)


def test_editor_partial_with_htmx(client):
    response = client.get("/board/?add=creature", HTTP_HX_TARGET="editor", **HX)
    html = _html(response)
    assert html.lstrip().startswith('<aside id="editor"')
    assert 'id="form-permanent"' in html
    assert 'hx-post="/board/permanents/add/"' in html


def test_export_is_an_attachment_and_import_roundtrips(client, bolt_board):
    response = client.get(f"/board/s/{bolt_board.slug}/export.json")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"] == f'attachment; filename="scenario-{bolt_board.slug}.json"'
    document = json.loads(response.content)
    assert document == bolt_board.document
    response = client.post("/board/import/", {"text": response.content.decode()})
    assert response.status_code == 302
    assert response["Location"] == f"/board/s/{bolt_board.slug}/"


def test_an_event_less_board_exports_what_the_engine_resolves(client, tmp_path):
    location = _post(client, "/board/permanents/add/", CREATURE)  # a board still without an event
    exported = client.get(location + "export.json").content
    assert json.loads(exported)["event"] == {}
    path = tmp_path / "board.json"
    path.write_bytes(exported)
    run = subprocess.run(
        [sys.executable, "-m", "rules_core", "resolve", str(path)],
        capture_output=True,
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )
    assert run.returncode == 0, run.stdout.decode() + run.stderr.decode()
    assert json.loads(run.stdout)["steps"] == []


def test_import_errors_keep_the_pasted_text(client):
    broken = '{"players": [{"id": "A", "life": "二十"}], "event": {}}'
    response = client.post("/board/import/", {"text": broken})
    assert response.status_code == 422
    html = _html(response)
    assert "players[0].life" in html
    assert "整数で指定してください" in html
    assert "&quot;二十&quot;" in html  # still in the textarea, escaped


def test_import_upload_and_size_limit(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    big = SimpleUploadedFile("big.json", b" " * (200 * 1024 + 1), content_type="application/json")
    response = client.post("/board/import/", {"file": big})
    assert response.status_code == 422
    assert "200 KB" in _html(response)
    binary = SimpleUploadedFile("x.json", b"\xff\xfe\x00", content_type="application/json")
    assert "UTF-8" in _html(client.post("/board/import/", {"file": binary}))
    good = SimpleUploadedFile("ok.json", json.dumps({"players": [{"id": "A"}], "event": {}}).encode())
    assert client.post("/board/import/", {"file": good}).status_code == 302
    assert "貼り付けるか" in _html(client.post("/board/import/", {}))


def test_examples_page_lists_curated_boards_by_section(client):
    html = _html(client.get("/board/examples/"))
    assert html.count('class="example-item"') == Scenario.objects.filter(is_curated=True).count()
    assert 'href="/board/s/cr120-4-ex1/"' in html
    for section in ("120", "615", "702.19", "510"):
        assert f'<a href="/cr/{section}/">{section}</a>' in html


# Each stage is the engine's resolution drawn by the templates: the database gives the board alone, as for
# the board page itself, which the link crawl opens on PostgreSQL too.
@pytest.mark.same_on_every_database
@pytest.mark.parametrize("slug", [s for s in __import__("tutor.board.curated", fromlist=["CURATED"]).CURATED])
def test_every_curated_board_renders_at_every_stage(client, slug):
    """The whole page, with all stages, at the first and the last; each stage as a click on 次の段階 asks
    for it (the board's ``play`` part alone: the editor beside it does not change with the stage)."""
    url = f"/board/s/{slug.slug}/"
    assert client.get(url).status_code == 200
    html = _html(client.get(url + "?stage=all"))
    count = int(re.search(r"全(\d+)段階", html).group(1)) if slug.legal else 0
    # the URL counts stages from 1, as the page does (?stage=2 is 「段階 2」)
    for stage in sorted({1, count}) if count else ():
        assert f"段階 <b>{stage}</b> / {count}" in _html(client.get(f"{url}?stage={stage}"))
    for stage in range(1, count + 1):
        part = client.get(f"{url}?stage={stage}", headers={"HX-Request": "true", "HX-Target": "play"})
        assert part.status_code == 200 and f"段階 <b>{stage}</b> / {count}" in part.content.decode()
        assert 'id="play"' in part.content.decode() and "<html" not in part.content.decode()
    if slug.example is not None:
        assert f"の例{slug.example + 1}" in _html(client.get(url))


# --------------------------------------------------------------------------- edits without JavaScript


def test_add_edit_remove_a_creature_with_plain_posts(client):
    location = _post(client, "/board/permanents/add/", CREATURE)
    assert re.fullmatch(r"/board/s/[a-z2-7]{8}/", location)
    page = _html(client.get(location))
    assert "灰色熊" in page
    assert "を置きました" in page  # the message after the redirect
    form = _html(client.get(location + "?edit=c1"))
    assert 'name="id" value="c1"' in form
    assert 'value="灰色熊"' in form
    edited = _post(
        client, location + "permanents/edit/", {**CREATURE, "id": "c1", "name": "大きな熊", "power": "4"}
    )
    assert "大きな熊" in _html(client.get(edited))
    removed = _post(client, edited + "permanents/remove/", {"id": "c1"})
    assert "大きな熊" not in _html(client.get(removed))


def test_same_edit_twice_gives_the_same_permalink(client):
    assert _post(client, "/board/permanents/add/", CREATURE) == _post(
        client, "/board/permanents/add/", CREATURE
    )


def test_invalid_form_comes_back_with_japanese_errors_and_what_was_typed(client):
    response = client.post(
        "/board/permanents/add/",
        {
            "name": "<script>alert(1)</script>",
            "controller": "B",
            "types": ["creature", "planeswalker"],
            "power": "99999999999999999999",
            "toughness": "-5000",
            "keywords": ["banding"],  # issue 23: flying is a keyword now; banding is not
            "loyalty": "",
        },
    )
    assert response.status_code == 422
    html = _html(response)
    assert "999 以下の数を入力してください" in html
    assert "-999 以上の数を入力してください" in html
    assert "選べない値です: banding" in html
    assert "プレインズウォーカーには必要です" in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>alert(1)" not in html
    assert 'value="99999999999999999999"' in html  # what was typed is kept


def test_invalid_form_with_htmx_swaps_only_the_form(client):
    response = client.post("/board/players/add/", {"name": "", "life": "x", "poison": "-1"}, **HX)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#form-player"
    assert response["HX-Reswap"] == "outerHTML"
    html = _html(response)
    assert html.lstrip().startswith("<form")
    assert "入力してください" in html
    assert "整数を入力してください" in html
    assert "0 以上の数を入力してください" in html


def test_valid_edit_with_htmx_swaps_the_board_and_pushes_the_url(client):
    response = client.post("/board/permanents/add/", CREATURE, **HX)
    assert response.status_code == 200
    assert re.fullmatch(r"/board/s/[a-z2-7]{8}/", response["HX-Push-Url"])
    assert response["HX-Retarget"] == "#board-app"
    html = _html(response)
    assert html.lstrip().startswith('<div id="board-app"')
    assert "灰色熊を置きました" in html


def _board_named(client: Client, name: str, **creature: str) -> str:
    """The permalink of a new board whose creature (``CREATURE`` with ``creature``) and player A are called ``name``."""
    location = _post(client, "/board/permanents/add/", {**CREATURE, "name": name, **creature})
    return _post(client, location + "players/edit/", {"id": "A", "name": name, "life": "20", "poison": "0"})


def test_script_in_names_is_shown_as_text_everywhere(client):
    evil = "<script>alert('x')</script>"
    location = _board_named(client, evil, subtypes="<img src=x>")
    location = _post(
        client, location + "effects/add/", {"type": "prevent_next", "to": "c1", "amount": "1", "name": evil}
    )
    location = _post(
        client,
        location + "event/noncombat/",
        {"source_name": evil, "source_controller": "A", "amount_2": "3"},
    )
    for suffix in (
        "",
        "?stage=all",
        "?edit=c1",
        "?event=noncombat",
        "?event=combat",
        "?add=effect&type=prevent_next",
    ):
        html = _html(client.get(location + suffix))
        assert "<script>alert" not in html
        assert "<img src=x>" not in html
        assert "&lt;script&gt;" in html


def test_names_are_never_rendered_as_templates(client):
    """crispy renders legends and HTML blocks as templates: a learner's name must never reach one."""
    sneaky = "{% load nothing %}{{ csrf_token }}"
    location = _board_named(client, sneaky, controller="A")
    for suffix in (
        "",
        "?event=combat",
        "?event=noncombat",
        "?edit=c1",
        "?edit=A",
        "?add=effect&type=no_counters",
    ):
        response = client.get(location + suffix)
        assert response.status_code == 200, suffix
        assert sneaky.replace("'", "&#x27;") in _html(response) or "{% load nothing %}" in _html(response)


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("players/remove/", {"id": "nobody"}),
        ("players/edit/", {"id": "nobody", "name": "x", "life": "1", "poison": "0"}),
        ("players/active/", {"id": "nobody"}),
        ("permanents/remove/", {"id": "nothing"}),
        ("permanents/edit/", {"id": "x" * 500}),
        ("permanents/remove/", {}),
        ("effects/remove/", {"index": "7"}),
        ("effects/remove/", {"index": "-1"}),
        ("effects/remove/", {"index": "zero"}),
    ],
)
def test_unknown_ids_are_404(client, url, data):
    assert client.post(f"/board/s/cr120-4-ex1/{url}", data).status_code == 404


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"type": "meteor"},
        {"type": "prevent_next"},
        {"type": "prevent_next", "to": "nobody", "amount": "2"},
        {"type": "prevent_next", "to": "blocker", "amount": "10000000000"},
        {"type": "life_gain_multiplier", "player": "A", "factor": "0"},
        {"type": "prevent_static", "amount": "1", "filter_types": ["enchantment"]},
        {"type": "prevent_static", "amount": "1", "filter_subtype": "a\nb"},
    ],
)
def test_hostile_effects_are_refused_without_a_crash(client, data):
    response = client.post("/board/s/cr120-4-ex1/effects/add/", data)
    assert response.status_code in (400, 422)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"attack_0": "B", "blocks_0": ["first"]},
        {"attack_0": "nobody"},
        {"attack_2": "A"},  # the defending player's creature can't attack: no such field, nothing attacks
        {"attack_0": "B", "blocks_2": ["first", "second"], "blocks_1": ["first"]},
        {"attack_0": "B", "blocks_2": ["guard"]},
    ],
)
def test_hostile_combat_is_refused_with_a_message(client, data):
    response = client.post("/board/s/cr120-4-ex2/event/combat/", data)
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert "alert-danger" in _html(response) or "invalid-feedback" in _html(response)


def test_engine_refusal_is_shown_on_the_form(client):
    """The form lets a battle be attacked by its own protector's opponent only; the engine has the last word."""
    response = client.post("/board/s/cr120-3h/event/combat/", {"attack_0": "siege", "blocked_0": "on"})
    assert response.status_code == 302
    doc = Scenario.objects.get(slug=response["Location"].split("/")[3]).document
    assert doc["event"]["attacks"] == [
        {"attacker": "attacker", "defender": "siege", "blockers": [], "blocked": True}
    ]
    refused = client.post("/board/s/cr120-3h/event/combat/", {"attack_0": "A"})
    assert refused.status_code == 422
    assert "選べない値です: A" in _html(refused)


def test_noncombat_event_needs_a_target(client):
    response = client.post("/board/s/cr120-5-ex/event/noncombat/", {"source_controller": "A"})
    assert response.status_code == 422
    assert "1つ以上入力してください" in _html(response)


def test_removing_the_last_player_is_refused_with_a_message(client):
    location = _post(client, "/board/players/remove/", {"id": "B"})
    response = client.post(location + "players/remove/", {"id": "A"})
    assert response.status_code == 302
    assert "できませんでした" in _html(client.get(response["Location"]))


# --------------------------------------------------------------------------- combat damage assignment


def test_assignment_panel_shows_steppers_counts_and_legality(client):
    html = _html(client.get("/board/s/cr510-1c-ex/"))
    assert 'id="assignment-form"' in html
    assert "このクリーチャーの適正な割り振り: <b>5</b> 通り" in html
    assert 'name="nudge" value="a_0_0:+1"' in html
    assert "いまの割り振りは適正です" in html


def test_assignment_panel_counts_a_blockers_assignments_too(client):
    """A blocker of two attackers divides its 2 damage between them (510.1d): 2-0, 1-1 or 0-2."""
    html = _html(client.get("/board/s/cr702-19b-ex1/"))
    row = re.search(
        r'<fieldset class="assign-row[^"]*" id="assign-row-\d+" data-creature="wall">(.*?)</fieldset>',
        html,
        re.S,
    ).group(1)
    assert "ブロックしている攻撃クリーチャーへ" in row
    assert "このクリーチャーの適正な割り振り: <b>3</b> 通り" in row
    assert html.count('class="assign-count"') == 3  # the two attackers' rows and the blocker's


def test_assignment_check_with_htmx_gives_the_feedback_only(client):
    response = client.post("/board/s/cr702-19b/assignment/check/", {"a_0_0": "2", "a_0_1": "3"}, **HX)
    assert response["HX-Retarget"] == "#assignment-feedback"
    assert response["HX-Reswap"] == "innerHTML"
    html = _html(response)
    assert "不適正" in html
    assert 'href="/cr/702.19/#cr-702.19b"' in html
    ok = _html(client.post("/board/s/cr702-19b/assignment/check/", {"a_0_0": "3", "a_0_1": "2"}, **HX))
    assert "この割り振りは適正です" in ok


def test_assignment_check_without_javascript_keeps_the_typed_numbers(client):
    response = client.post("/board/s/cr702-19b/assignment/check/", {"a_0_0": "1", "a_0_1": "4"})
    html = _html(response)
    assert response.status_code == 200
    assert 'name="a_0_0" id="id_a_0_0" value="1"' in html
    assert "不適正" in html


def test_assignment_nudge_and_fill(client):
    nudged = _html(
        client.post("/board/s/cr702-19b/assignment/check/", {"a_0_0": "3", "a_0_1": "2", "nudge": "a_0_1:+1"})
    )
    assert 'name="a_0_1" id="id_a_0_1" value="3"' in nudged
    floor = _html(client.post("/board/s/cr702-19b/assignment/check/", {"a_0_0": "0", "nudge": "a_0_0:-1"}))
    assert 'name="a_0_0" id="id_a_0_0" value="0"' in floor
    filled = _html(
        client.post("/board/s/cr702-19b-dt/assignment/check/", {"a_0_0": "4", "a_0_1": "0", "fill": "max"})
    )
    assert 'name="a_0_0" id="id_a_0_0" value="1"' in filled  # deathtouch: 1 is lethal (702.2c)
    assert 'name="a_0_1" id="id_a_0_1" value="3"' in filled
    default = _html(
        client.post(
            "/board/s/cr702-19b/assignment/check/", {"a_0_0": "0", "a_0_1": "5", "fill": "default"}, **HX
        )
    )
    assert 'value="3"' in default and 'id="assignment"' in default


HX_CHECK = {**HX, "HTTP_HX_TARGET": "assignment"}


def test_htmx_checks_with_get_and_the_same_numbers_come_from_the_cache(client):
    """htmx sends the assignment form as a GET (a check stores nothing): the answer is the same panel a
    POST gets, its numbers stepped by −/＋ (3+2 → 2+3 leaves the 3/3 blocker short of lethal damage, so
    CR 702.19b is cited), and the same numbers again are served from the content cache, with this
    visitor's own CSRF token."""
    url = "/board/s/cr702-19b/assignment/check/"
    page = _html(client.get("/board/s/cr702-19b/"))
    assert f'hx-get="{url}" hx-params="not csrfmiddlewaretoken"' in page  # no token in the address
    sent = {"a_0_0": "3", "a_0_1": "2", "nudge": "a_0_1:+1"}
    first = client.get(url, sent, **HX_CHECK)
    again = client.get(url, sent, **HX_CHECK)
    posted = _html(client.post(url, sent, **HX_CHECK))
    assert (first["X-Content-Cache"], again["X-Content-Cache"]) == ("miss", "hit")
    for html in (_html(first), _html(again), posted):
        assert 'id="assignment"' in html
        assert 'name="a_0_0" id="id_a_0_0" value="2"' in html
        assert 'name="a_0_1" id="id_a_0_1" value="3"' in html
        assert "不適正" in html and 'href="/cr/702.19/#cr-702.19b"' in html
    # the cached panel's form still posts (保存): it carries a token, not the placeholder of the cache
    assert re.search(r'name="csrfmiddlewaretoken" value="[A-Za-z0-9]{64}"', _html(again))
    # a typed check (no −/＋) answers with the verdict alone, from the query string too
    typed = client.get(url, {"a_0_0": "2", "a_0_1": "3"}, **HX_CHECK)
    assert typed["HX-Retarget"] == "#assignment-feedback" and "不適正" in _html(typed)


def test_a_signed_in_learner_shares_the_cached_check(client, django_user_model):
    """The check's panel shows nothing of who asks, so a signed-in learner gets the answer another
    visitor's same numbers left in the cache (with their own CSRF token), not a page of their own."""
    url = "/board/s/cr702-19b/assignment/check/"
    sent = {"a_0_0": "3", "a_0_1": "2", "check": "1"}
    client.get("/board/s/cr702-19b/")
    assert client.get(url, sent, **HX_CHECK)["X-Content-Cache"] == "miss"
    learner = Client()
    learner.force_login(django_user_model.objects.create_user("kanae", password="x" * 12))
    learner.get("/board/s/cr702-19b/")
    served = learner.get(url, sent, **HX_CHECK)
    assert served.status_code == 200 and served["X-Content-Cache"] == "hit"
    assert "適正です" in _html(served) and "kanae" not in _html(served)


def test_a_signed_in_learner_gets_the_cached_result_but_a_page_of_their_own(django_user_model):
    """解決する's result (the #play part) shows nothing of who is signed in: a signed-in learner gets the
    one another visitor left in the cache; their whole board page names them and is neither served from
    the cache nor put in it."""
    url = "/board/s/cr702-19b/"
    play = {**HX, "HTTP_HX_TARGET": "play"}
    assert Client().get(url + "?stage=1", **play)["X-Content-Cache"] == "miss"
    learner = Client()
    learner.force_login(django_user_model.objects.create_user("kanae", password="x" * 12))
    served = learner.get(url + "?stage=1", **play)
    assert served.status_code == 200 and served["X-Content-Cache"] == "hit"
    assert "段階 <b>1</b>" in _html(served) and "kanae" not in _html(served)
    page = learner.get(url + "?stage=1")
    assert "X-Content-Cache" not in page and "kanae" in _html(page)
    assert "kanae" not in _html(Client().get(url + "?stage=1"))


def test_a_get_check_without_htmx_goes_back_to_the_board(client):
    """Only htmx asks with GET; an address typed or reloaded shows the board (303), whatever its query."""
    response = client.get("/board/s/cr702-19b/assignment/check/", {"a_0_0": "5", "nudge": "a_0_0:-1"})
    assert response.status_code == 303 and response["Location"] == "/board/s/cr702-19b/"


@pytest.mark.parametrize(
    "data",
    [
        {"a_0_0": "abc", "a_0_1": ""},
        {"a_0_0": "1e9", "a_0_1": "-3"},
        {"a_0_0": "9" * 5000},
        {"nudge": "a_9_9:+1"},
        {"nudge": "garbage"},
        {"fill": "everything"},
        {"a_7_7": "5"},
    ],
)
def test_hostile_assignments_never_crash(client, data):
    assert client.post("/board/s/cr702-19b/assignment/check/", data).status_code == 200
    assert client.get("/board/s/cr702-19b/assignment/check/", data, **HX_CHECK).status_code == 200
    assert client.post("/board/s/cr702-19b/assignment/", data).status_code in (302, 422)


def test_illegal_assignment_is_refused_and_the_board_keeps_its_own(client):
    """CR 702.19b: lethal damage to the blocker first; an illegal assignment is not stored as a board to
    resolve (issue 14): the panel says what is wrong and how to fix it."""
    before = Scenario.objects.count()
    response = client.post("/board/s/cr702-19b/assignment/", {"a_0_0": "1", "a_0_1": "4", "resolve": "1"})
    assert response.status_code == 422
    html = _html(response)
    assert "保存していません" in html and "既定の割り振りにする" in html
    assert 'href="/cr/702.19/#cr-702.19b"' in html
    assert 'name="a_0_0" id="id_a_0_0" value="1"' in html  # what was typed stays to be fixed
    assert Scenario.objects.count() == before
    reset = _post(client, "/board/s/cr702-19b/assignment/", {"reset": "1"})
    assert reset == "/board/s/cr702-19b/"  # back to the default: the curated board itself


# --------------------------------------------------------------------------- 510.4: the second combat damage step

DOUBLE = "/board/s/cr510-4-ds/"  # a 4/4 with double strike and trample blocked by a 1/1 and a 1/5


def _fieldset(html: str, step: int) -> str:
    return re.search(
        rf'<fieldset class="assign-row[^"]*" id="assign-row-\d+" data-creature="striker" data-step="{step}">(.*?)</fieldset>',
        html,
        re.S,
    ).group(1)


def test_510_4_double_striker_has_a_row_for_each_step(client):
    html = _html(client.get(DOUBLE))
    assert '戦闘ダメージ・ステップは2回あります(<a href="/cr/510/#cr-510.4">510.4</a>)' in html
    assert html.index('id="assign-step-1"') < html.index('data-step="1"') < html.index('id="assign-step-2"')
    first, second = _fieldset(html, 1), _fieldset(html, 2)
    assert "<b>5</b> 通り" in first  # 4 points over the two blockers: nothing can go past them
    assert 'name="a_0_1" id="id_a_0_1" value="3"' in first
    assert "二段攻撃の2回目・パワー4" in second
    assert (
        '1/1クリーチャー(ブロック)<span id="a_1_0-gone"><span class="assign-gone-mark">(第1ステップで戦場を離れた)'
        in second
    )
    # the 1/5 already has 3 damage from the first step: 2 more is lethal, 2 can go to the player (702.19b)
    assert 'name="a_1_1" id="id_a_1_1" value="2"' in second
    assert 'name="a_1_2" id="id_a_1_2" value="2"' in second
    assert "<b>3</b> 通り" in second  # 4 to the 1/5, 3 and 1, or 2 and 2
    assert "への第2ステップの割り振りを1増やす" in second
    assert "いまの割り振りは適正です" in html


def test_510_4_second_step_is_checked_live_and_says_which_step(client):
    base = {"a_0_0": "1", "a_0_1": "3", "a_0_2": "0", "a_1_0": "0"}
    bad = _html(client.post(DOUBLE + "assignment/check/", {**base, "a_1_1": "1", "a_1_2": "3"}, **HX))
    assert "不適正" in bad
    assert "第2戦闘ダメージ・ステップ: " in bad
    assert 'href="/cr/702.19/#cr-702.19b"' in bad
    gone = _html(
        client.post(DOUBLE + "assignment/check/", {**base, "a_1_0": "1", "a_1_1": "2", "a_1_2": "1"}, **HX)
    )
    assert "不適正" in gone and "第2戦闘ダメージ・ステップ: " in gone
    ok = _html(client.post(DOUBLE + "assignment/check/", {**base, "a_1_1": "3", "a_1_2": "1"}, **HX))
    assert "この割り振りは適正です" in ok
    first_wrong = _html(
        client.post(DOUBLE + "assignment/check/", {**base, "a_0_2": "1", "a_1_1": "2", "a_1_2": "2"})
    )
    assert "不適正" in first_wrong and "第2戦闘ダメージ・ステップ: " not in first_wrong


def test_510_4_second_step_marks_and_counts_follow_the_typed_first_step(client):
    """All four first-step points on the 1/5: the 1/1 lives and the 1/5 is one point from lethal."""
    typed = {"a_0_0": "0", "a_0_1": "4", "a_0_2": "0", "a_1_0": "0", "a_1_1": "4", "a_1_2": "0"}
    live = _html(client.post(DOUBLE + "assignment/check/", typed, **HX))
    assert "この割り振りは適正です" in live
    info = re.search(
        r'<div class="assign-info" id="assign-info-1" hx-swap-oob="true">(.*?)</div>', live, re.S
    ).group(1)
    assert "<b>8</b> 通り" in info and "戦場を離れた" not in info
    assert '<span id="a_1_0-gone" hx-swap-oob="true"></span>' in live
    assert '<span id="assign-legend-1" hx-swap-oob="true">' in live
    assert 'id="assign-info-0"' not in live  # the first step's rows are the ones being typed: left alone
    assert "保存されている第1ステップ" not in live
    # the default first step again: the 1/1 is gone and 3 assignments are left
    back = _html(
        client.post(
            DOUBLE + "assignment/check/",
            {**typed, "a_0_0": "1", "a_0_1": "3", "a_1_1": "2", "a_1_2": "2"},
            **HX,
        )
    )
    assert '<span id="a_1_0-gone" hx-swap-oob="true"><span class="assign-gone-mark">' in back
    assert "<b>3</b> 通り" in back
    # without JS the whole page is drawn from the typed numbers
    page = _html(client.post(DOUBLE + "assignment/check/", typed))
    second = _fieldset(page, 2)
    assert "<b>8</b> 通り" in second and "戦場を離れた" not in second
    assert "hx-swap-oob" not in page
    assert "保存されている第1ステップ" not in page


def test_510_4_a_second_step_row_whose_creature_leaves_or_stays_is_swapped_whole(client):
    """A first-striking 2/4 blocks a 2/2 double striker and a 1/1; its two points kill one of them."""
    doc = permanent_put(
        document=STARTER_DOCUMENT,
        data={**CREATURE, "controller": "A", "power": 2, "toughness": 2, "keywords": ["double_strike"]},
    )
    doc = permanent_put(document=doc, data={**CREATURE, "controller": "A", "power": 1, "toughness": 1})
    doc = permanent_put(
        document=doc,
        data={**CREATURE, "power": 2, "toughness": 4, "keywords": ["first_strike"], "additional_blocks": 1},
    )  # 509.1a: it blocks two attackers
    doc = event_set(
        document=doc,
        event={
            "type": "combat",
            "attacks": [
                {"attacker": "c1", "defender": "B", "blockers": ["c3"]},
                {"attacker": "c2", "defender": "B", "blockers": ["c3"]},
            ],
        },
    )
    url = f"/board/s/{scenario_save(document=doc).slug}/"
    shown = dict(re.findall(r'name="(a_\d_\d)" id="id_a_\d_\d" value="(\d*)"', _html(client.get(url))))
    assert "a_1_0" not in shown and "a_2_0" in shown  # by default the 2/2 double striker dies first
    html = _html(client.post(url + "assignment/check/", {**shown, "a_3_0": "0", "a_3_1": "2"}, **HX))
    assert "この割り振りは適正です" in html
    row = re.search(
        r'<fieldset [^>]*id="assign-row-1"[^>]*hx-swap-oob="true">(.*?)</fieldset>', html, re.S
    ).group(1)
    assert 'name="a_1_0" id="id_a_1_0" value="2"' in row and "hx-swap-oob" not in row  # no nested swaps
    gone = re.search(
        r'<fieldset [^>]*id="assign-row-2"[^>]*hx-swap-oob="true">(.*?)</fieldset>', html, re.S
    ).group(1)
    assert "第1ステップで戦場を離れたので" in gone and 'name="a_2_0"' not in gone


def test_510_4_fill_and_nudge_the_second_step(client):
    typed = {"a_0_0": "0", "a_0_1": "4", "a_0_2": "0", "a_1_0": "0", "a_1_1": "4", "a_1_2": "0"}
    default = _html(client.post(DOUBLE + "assignment/check/", {**typed, "fill": "default"}, **HX))
    assert 'id="assignment"' in default
    for name, value in (("a_0_0", 1), ("a_0_1", 3), ("a_0_2", 0), ("a_1_0", 0), ("a_1_1", 2), ("a_1_2", 2)):
        assert f'name="{name}" id="id_{name}" value="{value}"' in default
    most = _html(client.post(DOUBLE + "assignment/check/", {**typed, "fill": "max"}))
    assert 'name="a_1_2" id="id_a_1_2" value="2"' in most and "この割り振りは適正です" in most
    nudged = _html(client.post(DOUBLE + "assignment/check/", {**typed, "nudge": "a_1_2:+1"}))
    assert 'name="a_1_2" id="id_a_1_2" value="1"' in nudged


def test_510_4_second_step_is_stored_resolved_and_reset(client):
    location = _post(
        client,
        DOUBLE + "assignment/",
        {"a_0_0": "0", "a_0_1": "4", "a_0_2": "0", "a_1_0": "1", "a_1_1": "1", "a_1_2": "2", "resolve": "1"},
    )
    event = Scenario.objects.get(slug=location.split("/")[3]).document["event"]
    assert event["assignments"] == {"striker": {"small": 0, "wall": 4, "B": 0}}
    assert event["second_step_assignments"] == {"striker": {"small": 1, "wall": 1, "B": 2}}
    page = location.split("?")[0]
    html = _html(client.get(page))
    # the stored first step left the 1/1 alive and the 1/5 one point from lethal: the second row says so
    second = _fieldset(html, 2)
    assert "戦場を離れた" not in second
    assert (
        "<b>8</b> 通り" in second
    )  # 5 with all 4 on the blockers, 3 with each blocker's 1 point and 1-2 past
    final = _html(client.get(page + "?stage=all"))
    assert "対戦相手" in final and "ライフ 20 → 18" in final
    reset = _post(client, page + "assignment/", {"reset": "1"})
    assert reset == DOUBLE


@pytest.mark.parametrize(
    "data",
    [
        {"a_1_0": "abc", "a_1_1": "-3", "a_1_2": "9" * 400},
        {"nudge": "a_1_9:+1"},
        {"a_9_0": "5", "fill": "max"},
        {"a_0_0": "0", "a_0_1": "0", "a_0_2": "0", "a_1_2": "999"},
    ],
)
def test_510_4_hostile_second_step_posts_never_crash(client, data):
    assert client.post(DOUBLE + "assignment/check/", data).status_code == 200
    assert client.post(DOUBLE + "assignment/check/", data, **HX).status_code == 200
    assert client.post(DOUBLE + "assignment/", data).status_code in (302, 422)


def test_510_4_an_attacker_killed_by_first_strike_assigns_nothing_in_the_second_step(client):
    doc = permanent_put(
        document=STARTER_DOCUMENT, data={**CREATURE, "controller": "A", "power": 2, "toughness": 2}
    )
    doc = permanent_put(
        document=doc,
        data={
            **CREATURE,
            "name": "先制攻撃を持つ3/3",
            "power": 3,
            "toughness": 3,
            "keywords": ["first_strike"],
        },
    )
    doc = event_set(
        document=doc,
        event={"type": "combat", "attacks": [{"attacker": "c1", "defender": "B", "blockers": ["c2"]}]},
    )
    html = _html(client.get(f"/board/s/{scenario_save(document=doc).slug}/"))
    assert 'data-creature="c1" data-step="2"' in html
    assert "第1ステップで戦場を離れたので、第2ステップでは戦闘ダメージを割り振りません" in html
    assert 'name="a_0_0"' not in html


def test_assignment_on_a_noncombat_board_is_400(client):
    assert client.post("/board/s/cr120-5-ex/assignment/check/", {}).status_code == 400
    assert client.post("/board/s/cr120-5-ex/assignment/", {}).status_code == 400
    assert client.post("/board/assignment/check/", {}).status_code == 400


# --------------------------------------------------------------------------- the players' choices


def test_choices_are_offered_and_recorded(client):
    html = _html(client.get("/board/s/cr615-7/?stage=all"))
    assert "プレイヤーが選ぶこと" in html
    assert 'href="/cr/615/#cr-615.7"' in html
    assert html.count("これを選ぶ") >= 2
    location = _post(
        client,
        "/board/s/cr615-7/choices/",
        {"kind": "shield_allocation", "effect": "0", "allocation": "lifelinker:0,infector:2"},
    )
    assert location.endswith("?stage=all")
    chosen = _html(client.get(location))
    assert "選択中" in chosen
    scenario = Scenario.objects.get(slug=location.split("/")[3])
    assert scenario.document["choices"] == {"shield_allocation": {"0": {"lifelinker": 0, "infector": 2}}}


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"kind": "replacement_order"},
        {"kind": "replacement_order", "affected": "giant", "order": "0,9"},
        {"kind": "replacement_order", "affected": "giant", "order": "a,b"},
        {"kind": "shield_allocation", "effect": "0", "allocation": "giant:1"},
        {"kind": "shield_allocation", "effect": "0", "allocation": "nobody:x"},
        {"kind": "other"},
    ],
)
def test_hostile_choices_are_400(client, data):
    assert client.post("/board/s/cr120-4b/choices/", data).status_code == 400


# --------------------------------------------------------------------------- boards the engine no longer accepts


@pytest.fixture
def broken_board() -> Scenario:
    """A stored document the engine refuses (e.g. written by an older engine or edited by hand in the DB)."""
    return Scenario.objects.create(
        slug="brokenbd",
        digest="0" * 64,
        document={
            "players": [{"id": "A"}, {"id": "B"}],
            "active_player": "A",
            "permanents": [{"id": "x", "controller": "A", "types": ["creature"], "power": 1, "toughness": 1}],
            "event": {"type": "combat", "attacks": [{"attacker": "x", "defender": "A"}]},
        },
    )


def test_a_broken_board_is_shown_with_a_warning_and_never_crashes(client, broken_board):
    url = "/board/s/brokenbd/"
    for suffix in ("", "?stage=0", "?stage=all", "?edit=x", "?event=combat", "?add=effect&type=prevent_all"):
        response = client.get(url + suffix)
        assert response.status_code == 200
    assert "今のルール・エンジンでは読み込めません" in _html(client.get(url))
    for action, data in [
        ("players/remove/", {"id": "B"}),
        ("players/active/", {"id": "B"}),
        ("permanents/remove/", {"id": "x"}),
        ("event/clear/", {}),
        ("choices/clear/", {}),
        ("effects/add/", {"type": "no_life_gain"}),
        ("assignment/", {"reset": "1"}),
        ("assignment/check/", {}),
        ("players/add/", {"name": "C", "life": "1", "poison": "0"}),
    ]:
        response = client.post(url + action, data)
        assert response.status_code in (302, 400, 422), (action, response.status_code)
        response = client.post(url + action, data, **HX)
        assert response.status_code in (200, 400), (action, response.status_code)


def test_changing_the_active_player_drops_the_combat(client):
    location = _post(client, "/board/s/cr120-3a/players/active/", {"id": "B"})
    page = _html(client.get(location))
    assert "戦闘は取り消しました" in page
    doc = Scenario.objects.get(slug=location.split("/")[3]).document
    assert doc["active_player"] == "B"
    assert doc["event"] == {}


# --------------------------------------------------------------------------- every effect kind through its form

EFFECT_POSTS = {
    "prevent_next": {"to": "blocker", "amount": "2"},
    "prevent_next_from_source": {"source": "attacker", "gain_life_to": "B"},
    "prevent_all": {"to": "B", "from": "attacker", "combat_only": "on"},
    "prevent_static": {
        "amount": "1",
        "filter_controller": "B",
        "filter_subtype": "クレリック",
        "filter_types": ["creature"],
    },
    "prevent_from_color": {"color": "red", "to": "B", "next_only": "on"},
    "damage_multiplier": {"factor": "2", "from_controller": "A", "to": "blocker"},
    "life_gain_multiplier": {"player": "A", "factor": "3"},
    "no_life_gain": {"player": "A"},
    "life_floor": {"player": "B", "floor": "1", "if_controls_creature": "on"},
    "no_counters": {"on": "blocker"},
    "counter_multiplier": {"factor": "2", "by_controller": "A"},
    "cant_be_prevented": {"from": "attacker", "combat_only": "on"},
}


@pytest.mark.parametrize("kind", list(EFFECT_POSTS))
def test_every_effect_kind_can_be_put_on_the_table(client, kind):
    form = _html(client.get(f"/board/s/cr120-4-ex1/?add=effect&type={kind}"))
    assert 'id="form-effect"' in form
    assert "従う条文" in form
    location = _post(
        client,
        "/board/s/cr120-4-ex1/effects/add/",
        {"type": kind, "name": "試しの効果", **EFFECT_POSTS[kind]},
    )
    doc = Scenario.objects.get(slug=location.split("/")[3]).document
    effect = doc["effects"][-1]
    assert effect["type"] == kind
    assert effect["name"] == "試しの効果"
    page = _html(client.get(location + "?stage=all"))
    assert "試しの効果" in page
    assert page.count('class="effect') >= 3


def test_effect_type_chooser_lists_every_kind_with_its_paragraph(client):
    html = _html(client.get("/board/s/cr120-4-ex1/?add=effect"))
    for kind in EFFECT_POSTS:
        assert f"type={kind}" in html
    assert "(615.7)" in html and "(120.4c)" in html and "(615.12)" in html


def test_noncombat_event_from_a_permanent_and_from_a_spell(client):
    spell = _post(
        client,
        "/board/s/cr120-5-ex/event/noncombat/",
        {
            "source_name": "《炎の氾濫》",
            "source_controller": "A",
            "source_colors": ["red"],
            "source_keywords": ["deathtouch"],
            "amount_2": "4",
            "excess_to": "controller",
            "cant_be_prevented": "on",
        },
    )
    event = Scenario.objects.get(slug=spell.split("/")[3]).document["event"]
    assert event == {
        "type": "noncombat",
        "damage": [{"to": "bear", "amount": 4}],
        "excess_to": "controller",
        "cant_be_prevented": True,
        "source": {"name": "《炎の氾濫》", "controller": "A", "colors": ["red"], "keywords": ["deathtouch"]},
    }
    form = _html(client.get(spell + "?event=noncombat"))
    assert 'value="《炎の氾濫》"' in form and 'name="amount_2" value="4"' in form
    fight = _post(client, "/board/s/cr702-19a/event/noncombat/", {"source": "wurm", "amount_3": "0"})
    event = Scenario.objects.get(slug=fight.split("/")[3]).document["event"]
    assert event["source"] == "wurm"
    assert event["damage"] == [{"to": "bear", "amount": 0}]


def test_adding_a_creature_planeswalker_and_a_battle(client):
    location = _post(
        client,
        "/board/permanents/add/",
        {
            "name": "クリーチャー・PW",
            "controller": "B",
            "types": ["creature", "planeswalker"],
            "power": "3",
            "toughness": "3",
            "loyalty": "5",
            "colors": ["blue", "red"],
            "subtypes": "ジェイス、人間",
            "toxic": "1",
            "protection": ["green"],
            "plus_counters": "1",
            "damage": "1",
        },
    )
    location = _post(
        client,
        location + "permanents/add/",
        {"name": "包囲戦", "controller": "A", "types": ["battle"], "defense": "4", "protector": "B"},
    )
    doc = Scenario.objects.get(slug=location.split("/")[3]).document
    hybrid, battle = doc["permanents"]
    assert hybrid["types"] == ["creature", "planeswalker"] and hybrid["loyalty"] == 5
    # typed in Japanese, kept as one subtype whatever the language (CR 205.3j 「ジェイス／Jace」, 205.3m)
    assert hybrid["subtypes"] == ["Jace", "Human"]
    assert hybrid["counters"] == {"+1/+1": 1, "-1/-1": 0}
    assert battle["protector"] == "B" and battle["defense"] == 4
    edit = client.get(f"{location}?edit={hybrid['id']}").content.decode()
    assert re.search(r'name="subtypes"[^>]*value="ジェイス、人間"', edit)  # the form shows what was typed
    html = _html(client.get(location))
    assert "ジェイス・人間" in html and "Jace" not in html
    assert "4/4" in html  # +1/+1 counter drawn on the card
    assert "守る者:対戦相手" in html  # the battle card (CR 310.8)


def test_admin_edits_a_scenario_and_keeps_its_slug(admin_client):
    scenario = Scenario.objects.get(slug="cr120-5-ex")
    assert admin_client.get("/admin/tutor/scenario/").status_code == 200
    url = f"/admin/tutor/scenario/{scenario.pk}/change/"
    assert admin_client.get(url).status_code == 200
    document = {
        **scenario.document,
        "players": [
            {"id": "A", "name": "あなた", "life": 5, "poison": 0},
            {"id": "B", "name": "対戦相手", "life": 20, "poison": 0},
        ],
    }
    data = {
        "slug": scenario.slug,
        "title": scenario.title,
        "description": scenario.description,
        "illustrates": scenario.illustrates,
        "example_position": 0,
        "is_curated": "on",
        "position": 3,
        "document": json.dumps(document, ensure_ascii=False),
    }
    assert admin_client.post(url, data).status_code == 302
    scenario.refresh_from_db()
    assert scenario.slug == "cr120-5-ex"
    assert scenario.document["players"][0]["life"] == 5
    assert scenario.digest == scenario_digest(scenario.document)
    bad = admin_client.post(url, {**data, "document": '{"players": []}'})
    assert bad.status_code == 200
    assert "シナリオとして読めません" in _html(bad)


def test_a_board_you_build_is_titled_yours_with_its_date_not_its_slug(client):
    location = _post(client, "/board/permanents/add/", CREATURE)
    html = _html(client.get(location))
    heading = re.search(r"<h1>(.*?)</h1>", html, re.DOTALL).group(1)
    assert "あなたの盤面" in heading and re.search(r"（\d{4}年\d{1,2}月\d{1,2}日）", heading)
    assert location.rstrip("/").rsplit("/", 1)[1] not in heading  # the slug is for the URL only


def _selected_controller(html: str) -> str:
    select = re.search(r'<select name="controller".*?</select>', html, re.DOTALL).group(0)
    return re.search(r'<option value="([^"]*)"[^>]*selected', select).group(1)


def test_the_first_creature_defaults_to_you_the_next_to_your_opponent(client):
    assert _selected_controller(_html(client.get("/board/?add=creature"))) == "A"  # あなた
    location = _post(client, "/board/permanents/add/", {**CREATURE, "controller": "A"})
    assert _selected_controller(_html(client.get(location + "?add=creature"))) == "B"  # 対戦相手


def test_combat_without_an_attacker_says_how_to_fix_it(client):
    """Two creatures, both the opponent's: the combat form explains that attackers belong to the
    active player (CR 508.1) and which setting to change."""
    location = _post(client, "/board/permanents/add/", CREATURE)
    location = _post(client, location + "permanents/add/", {**CREATURE, "name": "ゴブリン"})
    html = _html(client.get(location + "?event=combat"))
    assert "攻撃するクリーチャーはアクティブ・プレイヤーがコントロールしている必要があります" in html
    assert "コントローラーをアクティブ・プレイヤー(ふつうは「あなた」)にしてください" in html
    assert "まずクリーチャーを置いてください" not in html


def test_the_empty_board_offers_prepared_boards_to_start_from(client):
    html = _html(client.get("/board/"))
    starters = html[html.index('class="starters"') :]
    links = re.findall(r'href="(/board/s/[^"]+/)"', starters)
    assert len(links) >= 3 and 'href="/board/examples/"' in starters
    for link in links:  # every one opens a prepared board
        assert client.get(link).status_code == 200


def test_a_board_gets_a_title_and_description_that_stay_through_later_edits(client):
    location = _post(client, "/board/permanents/add/", CREATURE)
    form = _html(client.get(location + "?add=title"))
    assert 'name="title"' in form and 'name="description"' in form and "盤面の名前と説明" in form
    titled = _post(client, location + "title/", {"title": "接死の練習", "description": "1点でも致死ダメージ"})
    html = _html(client.get(titled))
    assert re.search(r"<h1>\s*接死の練習\s*</h1>", html) and "1点でも致死ダメージ" in html
    later = _post(client, titled + "permanents/add/", {**CREATURE, "name": "ゴブリン"})
    assert "接死の練習" in _html(client.get(later))  # the learner's name stays with the board
    exported = json.loads(client.get(later + "export.json").content)
    assert exported["title"] == "接死の練習" and exported["description"] == "1点でも致死ダメージ"
    too_long = client.post(later + "title/", {"title": "x" * 201, "description": ""})
    assert too_long.status_code == 422 and "盤面の名前" in too_long.content.decode()
