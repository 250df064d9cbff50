"""``/api/v1/``: the endpoints. Each reads its input, asks the areas' selectors and services (the
reader, the catalogue, the board, study) and writes the answer; nothing here computes a rule.

CSRF: the only POST, ``/resolve``, reads no cookie, no session and no user, stores nothing and
answers only to the caller, so a forged cross-site request could do nothing a visitor could not do
by sending it themselves; it also takes JSON only (415 otherwise), which a cross-site form cannot
send and a cross-site script can send only after a CORS preflight, which the API refuses for POST.
ninja marks its views exempt from Django's CSRF check, and no authentication is configured (so
ninja's own cookie-auth CSRF check never applies).
"""

from __future__ import annotations

import datetime
import hashlib
import random
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django_ratelimit import ALL
from django_ratelimit.core import get_usage
from ninja import Query
from ninja.errors import HttpError, ValidationError
from ninja.openapi.docs import Swagger
from ninja.renderers import JSONRenderer
from pydantic import BaseModel, Field

import rules_core
from rules_core import ScenarioError
from rules_core.document.limits import check_document
from tutor.api import lookups, openapi
from tutor.api.errors import ApiError, dumps, error_body, error_response, validation_details
from tutor.api.schemas import (
    BoardOut,
    CardOut,
    ErrorOut,
    QuestionOut,
    ResolutionOut,
    RuleOut,
    SearchOut,
    TermOut,
    TodayOut,
)
from tutor.board import selectors as boards
from tutor.board.services import IMPORT_MAX_BYTES, ImportRefused, document_read
from tutor.board.today import QUESTION, board_of_the_day
from tutor.common.content_cache import content_version
from tutor.models import Card, Scenario
from tutor.reader import selectors as reader
from tutor.reader.selectors import SEARCH_LIMIT, SEARCH_MAX_LENGTH
from tutor.study.asks import answer_text
from tutor.study.building import NONE_KEY, NoTopicQuestion, question_for_topic
from tutor.study.topics import LEVELS, TOPICS

READ_RATE = "300/m"
"""GETs from one address: five a second, far above any bot or page that reads the rules."""
ENGINE_RATE = "60/m"
"""Requests that run the engine (resolve, questions, a board's result): one a second."""
RESOLVE_MAX_BYTES = IMPORT_MAX_BYTES
"""The body of ``POST /resolve``: the board's import cap (the engine's own limit is 64 KiB of
compact JSON; an indented document is larger)."""
SEED_MAX = 2**48 - 1
CACHE_SECONDS = 3600

ERRORS: dict[int, type[BaseModel]] = {400: ErrorOut, 404: ErrorOut, 422: ErrorOut, 429: ErrorOut}


class _Renderer(JSONRenderer):
    json_dumps_params = {"ensure_ascii": False}  # the Japanese texts as UTF-8, not \u escapes


api = openapi.TutorAPI(
    renderer=_Renderer(),
    title="ダメージルール・チューター API",
    version="1",
    description=(
        "総合ルール（日本語・英語）、用語集、カード、ダメージの解決、練習問題、今日の盤面を JSON で返します。"
        'エラーはすべて `{"object": "error", "status", "code", "details"}` の形です。'
        f" シナリオの JSON Schema: `{openapi.SCHEMA_PATH}`。"
    ),
    urls_namespace="api-v1",
    # no validator badge: Swagger UI would ask validator.swagger.io about our schema
    docs=Swagger(settings={"validatorUrl": None}),
    docs_url="/docs",
    openapi_url="/openapi.json",
)


# --------------------------------------------------------------------------- errors


@api.exception_handler(ApiError)
def _api_error(request: HttpRequest, exc: ApiError) -> HttpResponse:
    return error_response(exc)


@api.exception_handler(ValidationError)
def _validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    details, field = validation_details(exc.errors)
    return error_response(ApiError(422, details, field=field))


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return error_response(ApiError(exc.status_code))


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return error_response(ApiError(404))


# --------------------------------------------------------------------------- shared


def _throttle(request: HttpRequest, group: str, rate: str) -> None:
    """django-ratelimit's counters in the app's cache, by the visitor's address (as the pages' limits)."""
    usage = get_usage(
        request,
        group=group,
        key="tutor.common.ratelimits.ratelimit_key",
        rate=rate,
        method=ALL,
        increment=True,
    )
    if usage is not None and usage["should_limit"]:
        raise ApiError(429, retry_after=max(1, int(usage["time_left"])))


def _origin(request: HttpRequest) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def _etagged(request: HttpRequest, key: str, build: Callable[[], dict[str, Any]]) -> HttpResponse:
    """An immutable resource (it changes only when the content is imported again): its JSON kept in
    the cache per content version, with a strong ETag of its bytes; ``If-None-Match`` gets a 304."""
    name = "api:" + hashlib.sha256(f"{content_version()}|{_origin(request)}|{key}".encode()).hexdigest()
    entry = cache.get(name) if settings.CONTENT_CACHE else None
    if entry is None:
        body = dumps(build())
        entry = (body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')
        if settings.CONTENT_CACHE:
            cache.set(name, entry, CACHE_SECONDS)
    body, tag = entry
    if tag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["ETag"] = tag
    response["Cache-Control"] = f"public, max-age={CACHE_SECONDS}"
    return response


def _name(value: str, what: str) -> str:
    if not lookups.plausible_name(value):
        raise ApiError(
            422,
            f"{what}は{lookups.NAME_MAX_LENGTH}文字までの、制御文字を含まない文字列で指定してください。",
            field="name" if what == "カード名" else "term",
        )
    return value


@api.get(
    "/scenario.schema.json", tags=["engine"], summary="シナリオの JSON Schema", response={200: dict[str, Any]}
)
def scenario_schema(request: HttpRequest) -> Any:
    _throttle(request, "api-read", READ_RATE)
    return _etagged(request, "scenario-schema", openapi.scenario_schema)


# --------------------------------------------------------------------------- the CR


class RuleQuery(BaseModel):
    lang: str = Field("both", pattern="^(ja|en|both)$", description="ja, en or both (the default).")


class SearchQuery(BaseModel):
    q: str = Field(..., max_length=SEARCH_MAX_LENGTH, description="Words to find (all must occur).")


@api.get("/cr/search", response={200: SearchOut, **ERRORS}, tags=["cr"], summary="総合ルールと用語集の検索")
def cr_search(request: HttpRequest, query: Query[SearchQuery]) -> Any:
    _throttle(request, "api-read", READ_RATE)
    if not lookups.plausible_name(query.q) or not query.q.strip():
        raise ApiError(422, "検索する語を、制御文字を含まない文字列で指定してください。", field="q")
    found = reader.search(query=query.q, limit=SEARCH_LIMIT)
    origin = _origin(request)
    return {
        "query": found.query,
        "total": found.total,
        "data": [
            {"kind": r.kind, "number": r.number, "title": r.title, "lang": r.lang, "url": origin + r.url}
            for r in found.results
        ],
    }


@api.get(
    "/cr/{number}", response={200: RuleOut, **ERRORS}, tags=["cr"], summary="条文（段落またはセクション）"
)
def cr_rule(request: HttpRequest, number: str, query: Query[RuleQuery]) -> Any:
    _throttle(request, "api-read", READ_RATE)
    if len(number) > 16:
        raise ApiError(404, "その番号の条文はありません。")
    origin = _origin(request)

    def build() -> dict[str, Any]:
        data = lookups.rule_data(number=number, lang=query.lang, absolute=origin)
        if data is None:
            raise ApiError(404, "その番号の条文はありません。")
        return RuleOut.model_validate(data).model_dump(mode="json")

    return _etagged(request, f"cr|{number}|{query.lang}", build)


# --------------------------------------------------------------------------- glossary and cards


@api.get("/glossary/{term}", response={200: TermOut, **ERRORS}, tags=["glossary"], summary="用語集の項目")
def glossary_term(request: HttpRequest, term: str) -> Any:
    _throttle(request, "api-read", READ_RATE)
    _name(term, "用語")
    origin = _origin(request)

    def build() -> dict[str, Any]:
        found = lookups.term_find(query=term)
        if found is None:
            raise ApiError(404, "その用語は用語集にありません。")
        match, senses, suggestions = found
        data = {
            "query": term,
            "match": match,
            "senses": [lookups.term_sense(t, origin) for t in senses],
            "suggestions": suggestions,
        }
        return TermOut.model_validate(data).model_dump(mode="json")

    return _etagged(request, f"term|{term}", build)


def _card(card: Card, origin: str) -> dict[str, Any]:
    return {
        "slug": card.slug or "",
        "name_ja": card.ja_name,
        "name_en": card.en_name,
        "mana_cost": card.mana_cost,
        "type_line": card.type_line,
        "type_line_ja": card.ja_type_line,
        "power": card.power,
        "toughness": card.toughness,
        "loyalty": card.loyalty,
        "defense": card.defense,
        "keywords": card.keywords,
        "oracle_text": card.oracle_text,
        "text_ja": card.ja_text,
        "rules": list(card.rules or []),
        "engine": card.engine,
        "engine_note": card.engine_note,
        "url": origin + reverse("cards:detail", args=[card.slug]),
    }


@api.get(
    "/cards/{name}", response={200: CardOut, **ERRORS}, tags=["cards"], summary="カード（日本語名・英語名）"
)
def card_detail(request: HttpRequest, name: str) -> Any:
    _throttle(request, "api-read", READ_RATE)
    _name(name, "カード名")
    origin = _origin(request)

    def build() -> dict[str, Any]:
        card = lookups.card_find(name=name)
        if card is None:
            close = lookups.card_suggestions(name=name)
            hint = f"近い名前: {'、'.join(close)}" if close else "カード一覧は /cards/ にあります。"
            raise ApiError(404, f"そのカードはカタログにありません。{hint}")
        return CardOut.model_validate(_card(card, origin)).model_dump(mode="json")

    return _etagged(request, f"card|{name}", build)


# --------------------------------------------------------------------------- the engine


@api.post(
    "/resolve",
    response={200: ResolutionOut, 413: ErrorOut, 415: ErrorOut, **ERRORS},
    tags=["engine"],
    summary="シナリオを解決する",
    openapi_extra={
        "requestBody": {
            "required": True,
            "description": f"A scenario document (JSON Schema: {openapi.SCHEMA_PATH}).",
            "content": {"application/json": {"schema": {"$ref": openapi.SCENARIO_REF}}},
        }
    },
)
def resolve(request: HttpRequest) -> Any:
    _throttle(request, "api-engine", ENGINE_RATE)
    if request.content_type != "application/json":
        raise ApiError(415)
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise ApiError(400, "Content-Length が正しくありません。") from None
    if length > RESOLVE_MAX_BYTES:
        raise ApiError(413, f"本文は最大{RESOLVE_MAX_BYTES // 1024} KBです。")
    body = request.body
    if len(body) > RESOLVE_MAX_BYTES:
        raise ApiError(413, f"本文は最大{RESOLVE_MAX_BYTES // 1024} KBです。")
    try:
        document = document_read(text=body.decode("utf-8"))
        check_document(document)  # from outside: its size, values and depth, as the board's import
        result = rules_core.resolve_document(document)
    except UnicodeDecodeError:
        raise ApiError(400, "本文を UTF-8 として読めません。") from None
    except ImportRefused as refused:  # the size was checked above: what is left is the JSON itself
        raise ApiError(422, refused.message, field=refused.field or "document") from None
    except ScenarioError as error:
        raise ApiError(422, error.message, field=error.field or "document") from None
    except RecursionError:
        raise ApiError(422, "JSON の入れ子が深すぎます", field="document") from None
    return {"result": result}


def _board(scenario: Scenario, origin: str) -> dict[str, Any]:
    result: dict[str, Any] | None = None
    refusal: dict[str, Any] | None = None
    try:
        result = rules_core.resolve_document(scenario.document)
    except ScenarioError as error:  # a board stored under rules the engine no longer accepts
        refusal = error_body(422, "invalid", error.message, error.field)
    return {
        "slug": scenario.slug,
        "title": scenario.title,
        "description": scenario.description,
        "illustrates": scenario.illustrates,
        "is_curated": scenario.is_curated,
        "url": origin + reverse("board:scenario", args=[scenario.slug]),
        "document": scenario.document,
        "result": result,
        "refusal": refusal,
    }


@api.get(
    "/boards/{slug}", response={200: BoardOut, **ERRORS}, tags=["boards"], summary="保存された盤面と結果"
)
def board_detail(request: HttpRequest, slug: str) -> Any:
    _throttle(request, "api-engine", ENGINE_RATE)
    if not (0 < len(slug) <= 16 and slug.isascii() and slug.replace("-", "").replace("_", "").isalnum()):
        raise ApiError(404, "その盤面はありません。")
    origin = _origin(request)

    def build() -> dict[str, Any]:
        scenario = boards.scenario_get(slug=slug)
        if scenario is None:
            raise ApiError(404, "その盤面はありません。")
        return BoardOut.model_validate(_board(scenario, origin)).model_dump(mode="json")

    # a slug names one document for good: the answer changes only with the engine (a new content version)
    return _etagged(request, f"board|{slug}", build)


# --------------------------------------------------------------------------- study


class QuestionQuery(BaseModel):
    topic: str = Field(..., max_length=32, description="A study topic: 120.3, 702.19, deathtouch, …")
    level: str = Field("l1", max_length=8, description="intro, l1 or l2.")
    seed: int | None = Field(None, ge=0, le=SEED_MAX, description="The same seed gives the same question.")


TOPIC_SLUGS = tuple(t.slug for t in TOPICS)


def _names(scenario: Mapping[str, Any]) -> dict[str, str]:
    pieces = [*scenario.get("players", []), *scenario.get("permanents", [])]
    return {p["id"]: p.get("name") or p["id"] for p in pieces if isinstance(p, dict) and "id" in p}


def _cards_in(scenario: Mapping[str, Any], origin: str) -> list[dict[str, Any]]:
    names = {p.get("name") for p in scenario.get("permanents", []) if isinstance(p, dict)}
    source = (scenario.get("event") or {}).get("source")
    if isinstance(source, dict):
        names.add(source.get("name"))
    wanted = sorted(n for n in names if isinstance(n, str) and n)
    rows = Card.objects.filter(ja_name__in=wanted).exclude(slug=None).order_by("ja_name")
    return [
        {"name_ja": c.ja_name, "name_en": c.en_name, "url": origin + reverse("cards:detail", args=[c.slug])}
        for c in rows
    ]


@api.get("/questions", response={200: QuestionOut, **ERRORS}, tags=["study"], summary="練習問題を1問つくる")
def question(request: HttpRequest, query: Query[QuestionQuery]) -> Any:
    _throttle(request, "api-engine", ENGINE_RATE)
    if query.topic not in TOPIC_SLUGS:
        raise ApiError(422, f"topic は次のどれかです: {', '.join(TOPIC_SLUGS)}", field="topic")
    if query.level not in LEVELS:
        raise ApiError(422, f"level は次のどれかです: {', '.join(LEVELS)}", field="level")
    seed = query.seed if query.seed is not None else random.SystemRandom().randrange(SEED_MAX + 1)
    try:
        built = question_for_topic(query.topic, query.level, seed)
    except NoTopicQuestion:
        raise ApiError(404, "このトピックとレベルの問題は作れません。別のレベルをお試しください。") from None
    origin = _origin(request)
    right = _right_options(built.options, built.answer, built.answer_format)
    cited = reader_urls(built.rules)
    data = {
        "id": f"{built.source}:{built.level}:{built.seed}",
        "topic": query.topic,
        "level": built.level,
        "seed": seed,
        "title": built.title,
        "question": built.prompt,
        "answer_format": built.answer_format,
        "options": [{"key": o["key"], "label": o["label"]} for o in built.options],
        "answer": {
            "keys": [o["key"] for o in right],
            "value": built.answer,
            "text": answer_text(built.ask, built.answer, _names(built.scenario)),
            "explanation": built.explanation,
            "citations": list(built.rules),
        },
        "cited_rules": [{"number": n, "url": origin + u if u else None} for n, u in cited],
        "included_cards": _cards_in(built.scenario, origin),
        "scenario": built.scenario,
        "url": origin + reverse("study:topic", args=[query.topic]),
    }
    return data


def _right_options(options: list[dict[str, Any]], answer: Any, fmt: str) -> list[dict[str, Any]]:
    """The options a right answer picks: the one equal to the answer, or for ``multi`` (which
    creatures die) every one it names, or the "none" option when it names none."""
    if fmt != "multi":
        return [o for o in options if o["value"] == answer]
    named = set(answer or [])
    return [o for o in options if (o["value"] in named) or (not named and o["key"] == NONE_KEY)]


def reader_urls(numbers: list[str]) -> list[tuple[str, str | None]]:
    """Each paragraph number with its place in the reader (None: the reader does not have it)."""
    sections = boards.rule_sections(numbers=numbers)
    return [
        (n, f"{reverse('reader:section', args=[sections[n]])}#cr-{n}" if n in sections else None)
        for n in numbers
    ]


# --------------------------------------------------------------------------- the board of the day


class TodayQuery(BaseModel):
    date: datetime.date | None = Field(None, description="YYYY-MM-DD (Japan time); today by default.")


def today_data(day: datetime.date, origin: str) -> dict[str, Any] | None:
    scenario = board_of_the_day(day=day)
    if scenario is None:
        return None
    page = origin + reverse("board:scenario", args=[scenario.slug])
    return {
        "date": day.isoformat(),
        "board": _board(scenario, origin),
        "question": {"question": QUESTION, "predict_url": page, "answer_url": f"{page}?stage=all"},
        "url": origin + reverse("board:today"),
    }


@api.get("/today", response={200: TodayOut, **ERRORS}, tags=["boards"], summary="今日の盤面")
def today(request: HttpRequest, query: Query[TodayQuery]) -> Any:
    _throttle(request, "api-engine", ENGINE_RATE)
    day = query.date or timezone.localdate()
    origin = _origin(request)

    def build() -> dict[str, Any]:
        data = today_data(day, origin)
        if data is None:
            raise ApiError(404, "今日の盤面はまだ用意されていません。")
        return TodayOut.model_validate(data).model_dump(mode="json")

    return _etagged(request, f"today|{day.isoformat()}", build)
