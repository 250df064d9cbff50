"""Pages of the card catalogue: ``/cards/`` (search as you type, filters) and ``/cards/<slug>/``."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET, require_POST

import rules_core
from tutor.board import services as board_services
from tutor.cards import selectors
from tutor.cards.describe import cited_rules, describe
from tutor.cards.forms import CardSearchForm, PlaceForm
from tutor.cards.placement import scenario_of
from tutor.common.content_cache import cache_content_page
from tutor.common.htmx import HtmxHttpRequest, render_page
from tutor.common.ratelimits import board_write_limit
from tutor.common.urls import cr_url, rule_url
from tutor.models import Card
from tutor.reader.selectors import card_mentions

RESULTS = "card-results"
BROKEN_ENCODING = (rules_core.ScenarioError, KeyError, TypeError, ValueError, AttributeError)
"""What an encoding that is not a scenario fragment raises (the admin refuses such encodings)."""


@cache_content_page
@require_GET
def index(request: HtmxHttpRequest) -> HttpResponse:
    form = CardSearchForm(request.GET or None, rules=selectors.card_rules())
    status = 200
    if not request.GET:
        cards = selectors.card_search()
    elif form.is_valid():
        data = form.cleaned_data
        cards = selectors.card_search(query=data["q"], category=data["kind"], rule=data["rule"])
    else:
        cards, status = [], 400
    context = {"nav": "cards", "form": form, "cards": cards, "searched": bool(request.GET)}
    return render_page(request, "cards/index.html", context, partials=[RESULTS], status=status)


@cache_content_page
@require_GET
def detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    card = selectors.card_get(slug=slug)
    if card is None:
        raise Http404("no such card")
    return _detail_page(request, card, PlaceForm(), status=200)


def _detail_page(request: HtmxHttpRequest, card: Card, form: PlaceForm, *, status: int) -> HttpResponse:
    fragment = card.engine or {}
    try:
        stage_rules = [(rule, cr_url(rule)) for rule in cited_rules(fragment)] if fragment else []
        engine_lines = describe(fragment) if fragment else []
    except BROKEN_ENCODING:  # the admin refuses these; a row written another way still shows its card
        stage_rules, engine_lines = [], []
    context = {
        "nav": "cards",
        "card": card,
        "rule_links": selectors.rule_links(card=card),
        "keywords": selectors.keyword_links(card=card),
        "boards": selectors.curated_boards(card=card),
        "mentions": [(number, rule_url(section, number)) for number, section in card_mentions(card=card)],
        "categories": [
            selectors.CARD_CATEGORY_LABELS[c]
            for c in card.categories or []
            if c in selectors.CARD_CATEGORY_LABELS
        ],
        "kind": selectors.KINDS.get(fragment.get("kind", ""), ""),
        "engine_lines": engine_lines,
        "stage_rules": stage_rules,
        "place_form": form,
    }
    return render_page(request, "cards/detail.html", context, status=status)


@board_write_limit
@require_POST
def place(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """「盤面に置く」: a new board with the card's encoding for the chosen player, then its permalink."""
    card = selectors.card_get(slug=slug)
    if card is None or not card.engine:
        raise Http404("no such card")
    form = PlaceForm(request.POST)
    if not form.is_valid():
        return _detail_page(request, card, form, status=400)
    name = card.ja_name or card.en_name
    document = scenario_of(card.engine, player=form.cleaned_data["player"], title=f"《{name}》を置いた盤面")
    try:
        scenario = board_services.scenario_save(document=document)
    except BROKEN_ENCODING:
        form.add_error(None, "このカードの盤面を作れませんでした。管理者にお知らせください。")
        return _detail_page(request, card, form, status=400)
    messages.success(request, f"《{name}》を盤面に置きました。")
    return redirect("board:scenario", scenario.slug)
