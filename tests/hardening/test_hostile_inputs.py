"""Hostile input never gets a 500: NUL and lone surrogates in every text field and in imported
documents get a Japanese error naming the field; oversized bodies a 413; boards over the limits a 4xx
naming the limit; ``next=`` only ever leads to a path of this site. Run on SQLite and PostgreSQL
(``scripts/with_postgres.sh``): PostgreSQL refuses NUL in text, SQLite stores it, neither may see it.
The tables of hostile requests (the upper-case names) are sent again, from several threads at once and
beside concurrent writers, to gunicorn on an SQLite file (``test_concurrent_sqlite.py``).
"""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from rules_core import ScenarioError, parse_scenario
from rules_core.document import limits
from tutor.common.text_input import UNSAFE_TEXT_MESSAGE, text_problem
from tutor.models import Scenario, StudyAttempt, StudyQuestion

pytestmark = pytest.mark.django_db

NUL = "\x00"
SURROGATE = "\ud800"
REFUSED = "NUL文字"  # the start of both messages (the engine's and the forms')


def _client() -> Client:
    return Client(raise_request_exception=False)


def _board(**extra: object) -> dict:
    return {"players": [{"id": "A"}, {"id": "B"}], "permanents": [], "event": {}, **extra}


def _import(document_text: str):
    return _client().post("/board/import/", {"text": document_text})


def _stored_boards() -> int:
    return Scenario.objects.filter(is_curated=False).count()


# --------------------------------------------------------------------------- the shared validator


@pytest.mark.parametrize("text", ["a\x00b", "\ud800", "x\udfffy", ["ok", "\x00"]])
def test_text_problem_names_nul_and_lone_surrogates(text):
    assert text_problem(text) == UNSAFE_TEXT_MESSAGE


@pytest.mark.parametrize("text", ["灰色熊", "《稲妻》\n二行目", "😀", "", None, 3])
def test_text_problem_lets_real_text_through(text):
    """A paired surrogate is a real character (😀 is one code point in Python): it passes."""
    assert text_problem(text) is None


# --------------------------------------------------------------------------- the engine


@pytest.mark.parametrize(
    ("document", "field"),
    [
        (_board(title="題" + NUL), "title"),
        (_board(description="説明" + SURROGATE), "description"),
        ({**_board(), "players": [{"id": "A", "name": "あ" + SURROGATE}, {"id": "B"}]}, "players[0].name"),
        ({**_board(), "players": [{"id": "A" + NUL}, {"id": "B"}]}, "players[0].id"),
    ],
)
def test_the_engine_refuses_nul_and_surrogates_naming_the_field(document, field):
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(document)
    assert caught.value.field == field
    assert REFUSED in caught.value.message or "制御文字" in caught.value.message


def test_an_unknown_key_with_a_surrogate_is_named_in_an_encodable_message():
    with pytest.raises(ScenarioError) as caught:
        parse_scenario({**_board(), "x" + SURROGATE: 1})
    str(caught.value).encode("utf-8")  # the refusal page can always be sent
    assert caught.value.field == "x\\ud800"


# --------------------------------------------------------------------------- import


IMPORT_REFUSALS = [
    ('{"players": [{"id": "A"}], "event": {}, "title": "\\u0000"}', "title"),
    ('{"players": [{"id": "A"}], "event": {}, "title": "\\ud800"}', "title"),
    ('{"players": [{"id": "A"}], "event": {}, "description": "ok\\udc00"}', "description"),
    ('{"players": [{"id": "A", "name": "\\u0000"}], "event": {}}', "players[0].name"),
]
UNKNOWN_KEY_IMPORT = '{"players": [{"id": "A"}], "event": {}, "k\\ud800": 1}'
RAW_NUL_IMPORT = '{"players": [{"id": "A"}], "event": {}, "title": "a' + NUL + '"}'


@pytest.mark.parametrize(("text", "field"), IMPORT_REFUSALS)
def test_import_refuses_escaped_nul_and_surrogates_naming_the_field(text, field):
    before = _stored_boards()
    response = _import(text)
    assert response.status_code == 422
    page = response.content.decode()
    assert f"{field}: " in page and REFUSED in page
    assert _stored_boards() == before


def test_import_names_an_unknown_key_with_a_surrogate():
    response = _import(UNKNOWN_KEY_IMPORT)
    assert response.status_code == 422
    assert "k\\ud800" in response.content.decode()


def test_import_of_pasted_text_with_a_raw_nul_gets_a_field_error():
    response = _import(RAW_NUL_IMPORT)
    assert response.status_code == 422
    assert UNSAFE_TEXT_MESSAGE in response.content.decode()


def test_an_oversized_import_body_is_a_413():
    response = _client().post("/board/import/", {"text": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)})
    assert response.status_code == 413
    assert "大きすぎます" in response.content.decode()


def _effects_board(count: int) -> dict:
    return {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [{"id": "t", "controller": "B", "types": ["creature"], "power": 1, "toughness": 99}],
        "effects": [{"type": "prevent_static", "to": "t", "amount": 1} for _ in range(count)],
        "event": {
            "type": "noncombat",
            "source": {"name": "火の玉", "controller": "A", "colors": ["red"]},
            "damage": [{"to": "t", "amount": 50}],
        },
    }


def _tramplers_board(attackers: int, blockers: int) -> dict:
    def creature(ident: str, controller: str, **extra: object) -> dict:
        return {
            "id": ident,
            "controller": controller,
            "types": ["creature"],
            "power": 5,
            "toughness": 5,
            **extra,
        }

    ids = [f"b{j}" for j in range(blockers)]
    return {
        "players": [{"id": "A"}, {"id": "B"}],
        "active_player": "A",
        "permanents": [
            *(creature(f"a{i}", "A", keywords=["trample"]) for i in range(attackers)),
            *(creature(b, "B", additional_blocks="any") for b in ids),  # 509.1a: each blocks every attacker
        ],
        "event": {
            "type": "combat",
            "attacks": [{"attacker": f"a{i}", "defender": "B", "blockers": ids} for i in range(attackers)],
        },
    }


@pytest.mark.parametrize(
    ("at_limit", "over_limit", "message"),
    [
        (
            _effects_board(limits.EFFECTS.maximum),
            _effects_board(limits.EFFECTS.maximum + 1),
            f"効果は最大{limits.EFFECTS.maximum}個です",
        ),
        (
            _tramplers_board(limits.BLOCKS.maximum // 40, 40),
            _tramplers_board(limits.BLOCKS.maximum // 40 + 1, 40),
            f"全部で最大{limits.BLOCKS.maximum}組です",
        ),
    ],
    ids=["effects", "blocks"],
)
def test_bomb_boards_at_the_limit_open_and_over_it_are_refused_naming_it(at_limit, over_limit, message):
    response = _import(json.dumps(at_limit))
    assert response.status_code == 302
    for query in ("", "?stage=all", "?stage=0"):
        assert _client().get(response["Location"] + query).status_code == 200
    refused = _import(json.dumps(over_limit))
    assert 400 <= refused.status_code < 500
    assert message in refused.content.decode()


# --------------------------------------------------------------------------- board forms


BOARD_FORM_NUL_POSTS = [
    ("players/add/", {"name": "x" + NUL, "life": 20, "poison": 0}),
    (
        "permanents/add/",
        {"name": "熊" + NUL, "controller": "B", "types": ["creature"], "power": 2, "toughness": 2},
    ),
    ("effects/add/", {"type": "prevent_next", "name": "盾" + NUL, "to": "A", "amount": 2}),
    ("event/noncombat/", {"source_name": "稲妻" + NUL, "controller": "A", "to_0": "A", "amount_0": 3}),
    ("players/edit/", {"id": "A" + NUL, "name": "あ", "life": 20, "poison": 0}),
    ("permanents/remove/", {"id": "c1" + NUL}),
    ("choices/", {"kind": "replacement_order", "affected": "c1" + NUL, "order": "0"}),
]


@pytest.mark.parametrize(("route", "data"), BOARD_FORM_NUL_POSTS)
def test_board_forms_refuse_nul_without_a_500(route, data, board):
    before = _stored_boards()
    response = _client().post(f"/board/s/{board.slug}/{route}", data)
    assert response.status_code < 500
    assert _stored_boards() == before  # nothing stored (PostgreSQL would have refused it)


def test_a_name_with_nul_gets_the_japanese_field_error(board):
    response = _client().post(
        f"/board/s/{board.slug}/players/add/", {"name": "x" + NUL, "life": 20, "poison": 0}
    )
    assert response.status_code == 422
    assert UNSAFE_TEXT_MESSAGE in response.content.decode()


# --------------------------------------------------------------------------- reader, study, accounts


SEARCH_QUERIES = ["a" + NUL, "%00", "稲妻" + NUL * 3]


@pytest.mark.parametrize("query", SEARCH_QUERIES)
def test_search_with_nul_gets_the_form_error(query):
    response = _client().get("/cr/search/", {"q": query})
    assert response.status_code == 200
    if NUL in query:
        assert UNSAFE_TEXT_MESSAGE in response.content.decode()


def test_study_start_and_answer_refuse_nul_without_a_500():
    client = _client()
    assert client.post("/study/start/", {"topic": "lifelink" + NUL, "level": "intro"}).status_code < 500
    response = client.post("/study/start/", {"topic": "lifelink", "level": "intro"})
    token = response["Location"].split("/q/")[1].strip("/")
    question = StudyQuestion.objects.get(token=token)
    answer = client.post(f"/study/q/{token}/answer/", {"answer": "a" + NUL})
    assert answer.status_code < 500
    assert not StudyAttempt.objects.filter(question=question).exists()
    assert client.get(f"/study/q/{token}{NUL}/").status_code < 500


def test_signup_with_nul_in_the_username_is_a_japanese_field_error():
    response = _client().post(
        "/accounts/signup/",
        {"username": "eve" + NUL, "password1": "x9-long-pass", "password2": "x9-long-pass"},
    )
    assert response.status_code == 400
    assert UNSAFE_TEXT_MESSAGE in response.content.decode()
    assert not User.objects.filter(username__startswith="eve").exists()


def _signup(next_url: str, name: str):
    return _client().post(
        f"/accounts/signup/?next={next_url}",
        {"username": name, "password1": "x9-long-pass", "password2": "x9-long-pass"},
    )


FOREIGN_NEXTS = ["x", "//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]


@pytest.mark.parametrize("next_url", FOREIGN_NEXTS)
def test_signup_with_a_foreign_or_odd_next_goes_to_the_default(next_url):
    """The account is created and the visitor lands on their progress page, never elsewhere (issue: next=x
    created the account, then failed)."""
    name = f"n{abs(hash(next_url)) % 10_000}"
    response = _signup(next_url, name)
    assert response.status_code == 302
    assert response["Location"] == "/study/progress/"
    assert User.objects.filter(username=name).exists()


def test_signup_with_a_local_next_goes_there():
    response = _signup("/cr/120/", "localnext")
    assert response.status_code == 302 and response["Location"] == "/cr/120/"


@pytest.mark.parametrize("next_url", FOREIGN_NEXTS[:3])
def test_login_with_a_foreign_next_goes_to_the_default(next_url):
    User.objects.create_user("judge", password="right-pass-1")
    response = _client().post(
        f"/accounts/login/?next={next_url}", {"username": "judge", "password": "right-pass-1"}
    )
    assert response.status_code == 302
    assert response["Location"] == settings.LOGIN_REDIRECT_URL or response["Location"].startswith("/")
    assert "evil" not in response["Location"] and response["Location"] != "x"


ODD_URLS = [
    "/cr/search/?q=%ED%A0%80",
    "/cr/search/?q=%00",
    "/cr/%ED%A0%80/",
    "/cr/glossary/%ED%A0%80/",
    "/cr/cards/%00/",
    "/board/s/%ED%A0%80/",
    "/study/q/%ED%A0%80/",
    "/accounts/login/?next=%ED%A0%80",
]


@pytest.mark.parametrize("url", ODD_URLS)
def test_encoded_surrogates_and_nul_in_urls_never_make_a_500(url):
    """A surrogate's UTF-8 bytes (ED A0 80) are not UTF-8: Django reads them as U+FFFD; NUL in a path
    gets the styled 400 page."""
    response = _client().get(url)
    assert response.status_code < 500
    response.content.decode("utf-8")


# --------------------------------------------------------------------------- the JSON API (/api/v1/)

API_HOSTILE_GETS = [
    "/api/v1/cr/%00",
    "/api/v1/cr/%ED%A0%80",
    "/api/v1/cr/120?lang=%00",
    "/api/v1/cr/120?lang=" + "x" * 5000,
    "/api/v1/cr/" + "9" * 500,
    "/api/v1/cr/search?q=%00",
    "/api/v1/cr/search?q=" + "a" * 5000,
    "/api/v1/glossary/%00",
    "/api/v1/glossary/%ED%A0%80",
    "/api/v1/glossary/" + "%E3%81%82" * 300,
    "/api/v1/cards/a%00b",
    "/api/v1/cards/%ED%A0%80",
    "/api/v1/cards/%3Cscript%3E",
    "/api/v1/boards/%00",
    "/api/v1/boards/%ED%A0%80",
    "/api/v1/questions?topic=%00",
    "/api/v1/questions?topic=trample&seed=" + "9" * 5000,
    "/api/v1/questions?topic=trample&level=%ED%A0%80",
    "/api/v1/today?date=%00",
    "/api/v1/today?date=9999-99-99",
    "/api/v1/%00/x",
]
"""GETs whose every answer is a JSON error (4xx) in the API's shape."""

API_HOSTILE_BODIES = [
    ('{"players": [{"id": "A"}], "event": {}, "title": "a\\u0000"}', "title"),
    ('{"players": [{"id": "A", "name": "\\ud800"}], "event": {}}', "players[0].name"),
    ('{"players": [{"id": "A"}], "event": {}, "title": "a' + NUL + '"}', None),
    ('{"players": [{"id": "A"}], "event": {}, "k\\ud800": 1}', "k\\ud800"),
    ('{"players": [{"id": "A"}], "event": {}, "title": ' + "1" * 5000 + "}", None),
    ("[" * 50_000 + "]" * 50_000, "document"),
    ("{" * 3, "document"),
    (
        json.dumps(
            {"players": [{"id": "A"}, {"id": "B"}], "permanents": [{"id": str(i)} for i in range(101)]}
        ),
        None,
    ),
]
"""Scenario bodies ``POST /api/v1/resolve`` refuses with a 422 (the field, when it names one)."""


@pytest.mark.parametrize("url", API_HOSTILE_GETS)
def test_the_api_answers_hostile_gets_with_a_json_error(url):
    response = _client().get(url)
    assert 400 <= response.status_code < 500, url
    body = json.loads(response.content.decode("utf-8"))
    assert body["object"] == "error" and body["status"] == response.status_code and body["details"]


@pytest.mark.parametrize(("text", "field"), API_HOSTILE_BODIES)
def test_the_api_refuses_hostile_scenarios_naming_the_field(text, field):
    response = _client().post(
        "/api/v1/resolve", data=text.encode("utf-8", "surrogatepass"), content_type="application/json"
    )
    assert response.status_code == 422, response.content[:300]
    body = response.json()
    assert body["object"] == "error" and body["details"]
    if field is not None:
        assert body["field"] == field
    if field in ("title", "players[0].name"):  # NUL or a lone surrogate in a value
        assert REFUSED in body["details"] or "制御文字" in body["details"], body


def test_the_api_refuses_an_oversized_or_undecodable_body():
    big = _client().post(
        "/api/v1/resolve",
        data=b" " * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10),
        content_type="application/json",
    )
    assert big.status_code == 413 and big.json()["code"] == "too_large"
    odd = _client().post("/api/v1/resolve", data=b"\xed\xa0\x80", content_type="application/json")
    assert odd.status_code == 400 and odd.json()["object"] == "error"
    assert _stored_boards() == 0  # the API stores nothing
