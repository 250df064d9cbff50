"""The JSON API (``/api/v1/``): its OpenAPI 3.1 document, every endpoint with good and bad input (the
right shapes, the one error shape, never a 500), ETags, CORS, rate limits, the docs page and the board
of the day. Database tests (``django_db``): the PostgreSQL run of ``make test`` takes them too."""

from __future__ import annotations

import copy
import datetime
import io
import json
from functools import cache
from pathlib import Path

import pytest
from django.test import Client, override_settings
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from openapi_spec_validator.schemas import schema_v31

from rules_core.__main__ import main as command_line
from rules_core.examples import EXAMPLES
from tutor.api import endpoints
from tutor.board.today import board_of_the_day
from tutor.models import Card, Scenario

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
ERROR_KEYS = {"object", "status", "code", "details", "field"}


def _client() -> Client:
    return Client(raise_request_exception=False)


def _get(url: str, **headers: str):
    return _client().get(url, headers=headers)


def _post(body: str | bytes, content_type: str = "application/json"):
    return _client().post("/api/v1/resolve", data=body, content_type=content_type)


def _is_error(response, status: int, field: str | None = None) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == ERROR_KEYS
    assert body["object"] == "error" and body["status"] == status and body["code"]
    assert body["details"]  # a Japanese sentence, never empty
    if field is not None:
        assert body["field"] == field
    return body


@cache
def _spec() -> dict:
    response = _get("/api/v1/openapi.json")
    assert response.status_code == 200
    return response.json()


# --------------------------------------------------------------------------- the OpenAPI document


def test_the_openapi_document_is_valid_openapi_3_1_and_references_the_scenario_schema():
    spec = _spec()
    assert spec["openapi"].startswith("3.1")
    # The whole document against the OpenAPI 3.1 schema (openapi-spec-validator's copy) ...
    assert not list(Draft202012Validator(schema_v31).iter_errors(spec))
    # ... and openapi-spec-validator's full check, with the large scenario schema (checked against its
    # meta-schema by tests/rules_core/document/test_schema.py) left out: with it the check takes 10 s.
    light = copy.deepcopy(spec)
    light["components"]["schemas"]["Scenario"] = {"type": "object"}
    validate(light)
    for ref in _refs(spec):  # every reference points at something in the document
        node = spec
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
    body = spec["paths"]["/api/v1/resolve"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/Scenario"}
    scenario = spec["components"]["schemas"]["Scenario"]
    assert scenario["externalDocs"]["url"] == "/api/v1/scenario.schema.json"
    assert all(ref.startswith("#/components/") for ref in _refs(scenario))
    assert {
        "/api/v1/cr/{number}",
        "/api/v1/cr/search",
        "/api/v1/glossary/{term}",
        "/api/v1/cards/{name}",
        "/api/v1/resolve",
        "/api/v1/boards/{slug}",
        "/api/v1/questions",
        "/api/v1/today",
    } <= set(spec["paths"])


def _refs(node) -> list[str]:
    if isinstance(node, dict):
        return [v for k, v in node.items() if k == "$ref"] + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def test_the_scenario_schema_is_served_as_the_docs_file_with_an_etag():
    response = _get("/api/v1/scenario.schema.json")
    assert response.status_code == 200
    assert response.json() == json.loads((ROOT / "docs" / "scenario.schema.json").read_text(encoding="utf-8"))
    assert _get("/api/v1/scenario.schema.json", if_none_match=response["ETag"]).status_code == 304


def test_the_docs_page_takes_everything_from_our_origin_under_the_csp():
    response = _get("/api/v1/docs")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in html and "/static/ninja/swagger-ui.css" in html
    assert "cdn" not in html.lower() and "https://" not in html
    # the only script element without src is a JSON data block (not run; the CSP needs no 'unsafe-inline')
    assert html.count("<script") == html.count("<script src=") + html.count('<script type="application/json"')
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert _client().get("/static/ninja/swagger-ui-init.js").status_code == 200


# --------------------------------------------------------------------------- the CR


def test_a_paragraph_in_both_languages_with_its_examples_citations_and_permalink():
    body = _get("/api/v1/cr/120.4a").json()
    assert body["object"] == "rule" and body["kind"] == "paragraph" and body["section"] == "120"
    assert body["editions"]["ja"] and body["editions"]["en"]
    paragraph = body["paragraph"]
    assert paragraph["ja"]["text"] and paragraph["en"]["text"].startswith("First")
    assert paragraph["ja"]["revision"] == body["editions"]["ja"]
    assert body["permalink"] == "http://testserver/cr/120.4a/"
    section = _get("/api/v1/cr/120").json()
    assert section["kind"] == "section" and section["paragraph"] is None
    numbers = [p["number"] for p in section["paragraphs"]]
    assert numbers[:3] == ["120.1", "120.1a", "120.2"]
    with_examples = next(p for p in section["paragraphs"] if p["examples"])
    assert with_examples["examples"][0]["ja"] and with_examples["examples"][0]["en"]


def test_citations_go_both_ways():
    rule = _get("/api/v1/cr/702.19c").json()["paragraph"]  # trample's text refers to lethal damage (120.4a …)
    assert rule["cites"], rule
    cited = rule["cites"][0]
    back = _get(f"/api/v1/cr/{cited}").json()
    holder = back["paragraph"] or next(p for p in back["paragraphs"] if p["number"] == cited)
    assert "702.19c" in holder["cited_by"]


def test_the_language_choice():
    ja = _get("/api/v1/cr/120.4a?lang=ja").json()["paragraph"]
    en = _get("/api/v1/cr/120.4a?lang=en").json()["paragraph"]
    assert ja["ja"] and ja["en"] is None
    assert en["en"] and en["ja"] is None


def test_rules_are_cached_with_a_strong_etag():
    first = _get("/api/v1/cr/120.4a")
    assert first["ETag"].startswith('"') and "max-age" in first["Cache-Control"]
    again = _get("/api/v1/cr/120.4a", if_none_match=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert _get("/api/v1/cr/120.4a", if_none_match='"other"').status_code == 200


@pytest.mark.parametrize("number", ["999.9z", "abc", "9" * 40, "120.4a.b", "%E3%81%82"])
def test_an_unknown_rule_is_a_json_404(number):
    _is_error(_get(f"/api/v1/cr/{number}"), 404)


def test_a_wrong_language_is_a_422_naming_the_parameter():
    _is_error(_get("/api/v1/cr/120?lang=fr"), 422, "lang")


def test_search_finds_the_rule_first_and_is_bounded():
    body = _get("/api/v1/cr/search?q=トランプル").json()
    assert body["object"] == "list" and body["data"][0]["number"] == "702.19"
    assert body["total"] >= len(body["data"])
    assert len(_get("/api/v1/cr/search?q=a").json()["data"]) <= 50
    _is_error(_get("/api/v1/cr/search"), 422, "q")
    _is_error(_get("/api/v1/cr/search?q=" + "あ" * 101), 422, "q")
    _is_error(_get("/api/v1/cr/search?q=%20"), 422, "q")


# --------------------------------------------------------------------------- glossary and cards


@pytest.mark.parametrize("term", ["トランプル", "Trample", "とらんぷる", "ﾄﾗﾝﾌﾟﾙ"])
def test_a_term_by_any_of_its_names(term):
    body = _get(f"/api/v1/glossary/{term}").json()
    assert body["match"] == "exact"
    assert body["senses"][0]["name_ja"] == "トランプル" and body["senses"][0]["rule"] == "702.19"
    assert body["senses"][0]["definition_en"]
    assert body["senses"][0]["url"].startswith("http://testserver/cr/glossary/")


def test_a_term_by_a_close_spelling_and_homonyms():
    fuzzy = _get("/api/v1/glossary/トランプレ").json()
    assert fuzzy["match"] == "fuzzy" and fuzzy["senses"][0]["name_ja"] == "トランプル"
    both = _get("/api/v1/glossary/イベント").json()
    assert {s["name_en"] for s in both["senses"]} >= {"Event", "Tournament"}


def test_an_unknown_or_unsafe_term_is_a_json_error():
    _is_error(_get("/api/v1/glossary/zzzzqqqqxxxx"), 404)
    _is_error(_get("/api/v1/glossary/" + "あ" * 101), 422, "term")
    _is_error(_get("/api/v1/glossary/a%01b"), 422, "term")


@pytest.mark.parametrize("name", ["稲妻", "Lightning Bolt", "lightning bolt", "lightning-bolt"])
def test_a_card_by_either_name(name):
    response = _get(f"/api/v1/cards/{name}")
    body = response.json()
    assert body["name_ja"] == "稲妻" and body["name_en"] == "Lightning Bolt"
    assert body["type_line"] == "Instant" and "3 damage" in body["oracle_text"]
    assert body["engine"]["kind"] == "event"
    assert response["ETag"]


def test_a_card_the_engine_does_not_model_keeps_engine_null():
    Card.objects.create(slug="unmodelled-test-card", ja_name="試験用のカード", en_name="Unmodelled Test Card")
    body = _get("/api/v1/cards/Unmodelled Test Card").json()
    assert body["name_ja"] == "試験用のカード" and body["engine"] is None and body["power"] is None


def test_an_unknown_card_is_a_404_with_close_names():
    body = _is_error(_get("/api/v1/cards/稲"), 404)
    assert "稲妻" in body["details"]
    _is_error(_get("/api/v1/cards/" + "x" * 101), 422, "name")


# --------------------------------------------------------------------------- resolve


BOARD = {
    "players": [{"id": "A"}, {"id": "B"}],
    "permanents": [
        {"id": "bear", "name": "灰色熊", "controller": "B", "types": ["creature"], "power": 2, "toughness": 2}
    ],
    "event": {
        "type": "noncombat",
        "source": {"name": "稲妻", "controller": "A", "colors": ["red"]},
        "damage": [{"to": "bear", "amount": 3}],
    },
}


def test_resolve_gives_the_stages_with_rules_and_japanese_notes():
    response = _post(json.dumps(BOARD))
    assert response.status_code == 200
    body = response.json()
    assert body["object"] == "resolution"
    stages = [stage for step in body["result"]["steps"] for stage in step["stages"]]
    assert [s["stage"] for s in stages][:4] == ["120.4a", "120.4b", "120.4c", "120.4d"]
    assert all(s["rules"] and s["notes"] for s in stages)
    assert "破壊されます (704.5g)" in " ".join(stages[-1]["notes"])
    assert body["result"]["final"]["permanents"]["bear"]["zone"] == "graveyard"
    assert "Set-Cookie" not in response  # no session, no CSRF cookie: nothing for a forged request to use


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ("{", 422, "document"),
        ("[1, 2]", 422, "document"),
        ("  ", 422, None),
        ('"x"', 422, "document"),
        (
            json.dumps({**BOARD, "permanents": [{**BOARD["permanents"][0], "power": "x"}]}),
            422,
            "permanents[0].power",
        ),
        (json.dumps({**BOARD, "title": "a\x00"}), 422, "title"),
        ('{"players": [{"id": "A"}], "event": {}, "k\\ud800": 1}', 422, None),
        (
            json.dumps({"players": [{"id": str(i)} for i in range(9)], "permanents": [], "event": {}}),
            422,
            "players",
        ),
        ("[" * 100_000 + "]" * 100_000, 422, "document"),
        (b"\xff\xfe", 400, None),
    ],
)
def test_resolve_refuses_bad_documents_with_the_field(body, status, field):
    _is_error(_post(body), status, field)


def test_resolve_takes_json_only_and_caps_the_body():
    _is_error(_post("a=1", "application/x-www-form-urlencoded"), 415)
    _is_error(_post(json.dumps(BOARD), "text/plain"), 415)
    _is_error(_post(" " * (endpoints.RESOLVE_MAX_BYTES + 1)), 413)
    not_allowed = _client().get("/api/v1/resolve")
    _is_error(not_allowed, 405)
    assert "POST" in not_allowed["Allow"]
    _is_error(_client().delete("/api/v1/cr/120"), 405)


def _cli(document: dict) -> dict:
    out = io.StringIO()
    assert command_line(["resolve", "-"], stdin=io.StringIO(json.dumps(document)), stdout=out) == 0
    return json.loads(out.getvalue())


def test_resolve_agrees_with_the_command_line_for_every_curated_board_and_cr_example():
    documents = [s.document for s in Scenario.objects.filter(is_curated=True)] + [
        e.document for e in EXAMPLES.values()
    ]
    assert len(documents) > 100
    client = _client()
    for document in documents:
        response = client.post("/api/v1/resolve", data=json.dumps(document), content_type="application/json")
        assert response.status_code == 200, response.content[:300]
        assert response.json()["result"] == _cli(document)


# --------------------------------------------------------------------------- boards, questions, today


def test_a_stored_board_with_its_result():
    body = _get("/api/v1/boards/cr120-4-ex1").json()
    assert body["object"] == "board" and body["is_curated"] and body["illustrates"].startswith("120.4")
    assert body["document"]["players"] and body["result"]["steps"] and body["refusal"] is None
    assert body["url"] == "http://testserver/board/s/cr120-4-ex1/"
    for slug in ["zzzzzzzz", "a" * 17, "%E3%81%82", "a.b"]:
        _is_error(_get(f"/api/v1/boards/{slug}"), 404)


def test_a_question_in_rulesguru_style_fields_the_same_for_the_same_seed():
    url = "/api/v1/questions?topic=trample&level=l1&seed=7"
    body = _get(url).json()
    assert body == _get(url).json()
    assert body["object"] == "question" and body["question"] and body["seed"] == 7
    assert body["answer"]["explanation"] and body["answer"]["citations"] == [
        r["number"] for r in body["cited_rules"]
    ]
    if body["answer_format"] == "choice":
        assert len(body["answer"]["keys"]) == 1 and body["answer"]["keys"][0] in {
            o["key"] for o in body["options"]
        }
    assert any(r["url"] for r in body["cited_rules"])
    assert body["url"] == "http://testserver/study/t/trample/"
    assert "answer" not in {k for o in body["options"] for k in o}  # options carry no value
    assert all(c["name_en"] and c["url"] for c in body["included_cards"])
    typed = _get("/api/v1/questions?topic=120.3&level=l2&seed=3").json()
    assert typed["level"] == "l2"


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("", "topic"),
        ("topic=nope", "topic"),
        ("topic=trample&level=l9", "level"),
        ("topic=trample&seed=-1", "seed"),
        ("topic=trample&seed=abc", "seed"),
        (f"topic=trample&seed={2**48}", "seed"),
        ("topic=" + "x" * 40, "topic"),
        ("topic=a%00", "topic"),
    ],
)
def test_bad_question_parameters_are_422s_naming_them(query, field):
    _is_error(_get(f"/api/v1/questions?{query}"), 422, field)


def test_the_board_of_the_day_is_one_curated_board_per_date():
    day = datetime.date(2026, 12, 2)
    body = _get(f"/api/v1/today?date={day.isoformat()}").json()
    assert body["object"] == "board_of_the_day" and body["date"] == "2026-12-02"
    assert body["board"]["slug"] == board_of_the_day(day=day).slug and body["board"]["is_curated"]
    assert body["question"]["question"] and body["question"]["answer_url"].endswith("?stage=all")
    days = {board_of_the_day(day=day + datetime.timedelta(days=n)).slug for n in range(30)}
    assert len(days) > 10  # the pick moves from day to day
    assert _get("/api/v1/today").json()["board"]["slug"]
    _is_error(_get("/api/v1/today?date=2026-13-01"), 422, "date")
    _is_error(_get("/api/v1/today?date=x"), 422, "date")


def test_the_board_of_the_day_page_shows_the_board_and_its_question():
    from django.utils import timezone

    response = _client().get("/board/today/")
    assert response.status_code == 200
    html = response.content.decode()
    scenario = board_of_the_day(day=timezone.localdate())
    assert f"/board/s/{scenario.slug}/" in html and f"/board/s/{scenario.slug}/?stage=all" in html
    assert "予想" in html and "今日の盤面" in html
    assert _client().post("/board/today/").status_code == 405


# --------------------------------------------------------------------------- the whole API


def test_unknown_urls_and_nul_under_the_api_are_json():
    _is_error(_get("/api/v1/nope"), 404)
    _is_error(_get("/api/v2/cr/120"), 404)
    body = _is_error(_get("/api/v1/cr/%00"), 400)
    assert "NUL" in body["details"]


def test_cors_allows_reading_from_any_origin_but_not_posting():
    got = _get("/api/v1/cr/120.4a", origin="https://judge.example")
    assert got["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in got["Access-Control-Expose-Headers"]
    preflight = _client().options(
        "/api/v1/resolve",
        headers={"origin": "https://judge.example", "access-control-request-method": "POST"},
    )
    assert "POST" not in preflight.get("Access-Control-Allow-Methods", "")
    page = _client().get("/", headers={"origin": "https://judge.example"})
    assert "Access-Control-Allow-Origin" not in page  # CORS on the API only


@override_settings(RATELIMIT_ENABLE=True)
def test_rate_limits_answer_429_with_retry_after(monkeypatch):
    monkeypatch.setattr(endpoints, "ENGINE_RATE", "2/m")
    monkeypatch.setattr(endpoints, "READ_RATE", "3/m")
    client = _client()
    statuses = [
        client.post("/api/v1/resolve", data=json.dumps(BOARD), content_type="application/json").status_code
        for _ in range(3)
    ]
    assert statuses[:2] == [200, 200]
    limited = client.post("/api/v1/resolve", data=json.dumps(BOARD), content_type="application/json")
    _is_error(limited, 429)
    assert int(limited["Retry-After"]) > 0
    reads = [client.get("/api/v1/cr/120.4a").status_code for _ in range(4)]
    assert reads[-1] == 429
