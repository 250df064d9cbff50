"""Read-only queries of the card catalogue: search and filters, one card, where a card appears."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.urls import reverse

from tutor.cards.keywords import glossary_entry, keyword_ja
from tutor.cards.search import matches
from tutor.common.content_cache import per_content_version
from tutor.common.urls import cr_url
from tutor.models import Card, Paragraph, Scenario
from tutor.reader.selectors import glossary_by_english
from tutor.reader.text import is_within

CATEGORIES: dict[str, str] = {
    "keyword-creature": "キーワード能力を持つクリーチャー",
    "damage-spell": "ダメージを与える呪文・能力",
    "prevention": "軽減",
    "redirection": "移し替え",
    "multiplier": "ダメージを増やす効果",
    "regeneration": "再生・盾カウンター",
    "replacement": "ライフなどの置換効果",
    "trigger": "誘発型能力",
    "planeswalker": "プレインズウォーカー",
    "battle": "バトル",
    "other": "そのほか",
}
"""What a card does, as the filter offers it (the editorial categories of the catalogue)."""

FILTER_GROUPS = {"regeneration": ("regeneration", "shield")}
"""Filters that take in more than one category: both save a permanent from destruction."""

CARD_CATEGORY_LABELS = {**CATEGORIES, "regeneration": "再生", "shield": "盾カウンター"}
"""A card's own categories, as its page names them."""

KINDS = {"permanent": "パーマネント", "effect": "効果", "event": "イベント（呪文や能力がもたらす出来事）"}
"""What a card is to the engine."""


@dataclass(frozen=True)
class RuleLink:
    number: str
    href: str | None  # None: the reader has no page for it


def card_search(*, query: str = "", category: str = "", rule: str = "") -> list[Card]:
    """Cards whose Japanese or English name (or another spelling) contains ``query``, kana-insensitive,
    that have ``category`` and illustrate ``rule`` or a sub-rule of it (702.1 does not take in 702.19);
    at most 171 rows are read."""
    found = []
    for card in Card.objects.all():
        if category and not set(FILTER_GROUPS.get(category, (category,))) & set(card.categories or []):
            continue
        if rule and not any(is_within(r, rule) for r in card.rules or []):
            continue
        if matches(query, card.ja_name or "", card.en_name, *(card.aliases or [])):
            found.append(card)
    return sorted(found, key=lambda c: (c.ja_name is None, c.ja_name or c.en_name))


@dataclass(frozen=True)
class KeywordLink:
    label: str  # as printed, in Japanese (毒性1, プロテクション（赤）)
    href: str | None  # the glossary's page of the keyword; None when the glossary has no entry for it


def keyword_links(*, card: Card) -> list[KeywordLink]:
    """The card's keywords, each linked to its glossary entry (Protection from red → プロテクション)."""
    glossary = glossary_by_english()
    links = []
    for keyword in card.keywords or []:
        if isinstance(keyword, str):
            name = glossary_entry(keyword, glossary)
            links.append(
                KeywordLink(keyword_ja(keyword), reverse("reader:term", args=[name]) if name else None)
            )
    return links


def card_get(*, slug: str) -> Card | None:
    return Card.objects.filter(slug=slug).first()


def card_rules() -> list[str]:
    """Every rule some card illustrates, in rule order (for the rule filter)."""
    numbers = {number for rules in Card.objects.values_list("rules", flat=True) for number in rules or []}
    return sorted(numbers, key=_rule_key)


def _rule_key(number: str) -> tuple[int, int, str]:
    base, _, rest = number.partition(".")
    digits = "".join(ch for ch in rest if ch.isdigit())
    return int(base), int(digits or 0), rest.lstrip("0123456789")


def rule_links(*, card: Card) -> list[RuleLink]:
    """The card's rules, each linked to the reader when the reader has that paragraph."""
    known = set(
        Paragraph.objects.filter(number__in=card.rules or [], is_current=True).values_list(
            "number", flat=True
        )
    )
    return [RuleLink(number, cr_url(number) if number in known else None) for number in card.rules or []]


@dataclass(frozen=True)
class CuratedBoard:
    """A curated board as a card page links it."""

    slug: str
    title: str


@per_content_version
def _curated_texts() -> tuple[tuple[CuratedBoard, str], ...]:
    """Each curated board with the text a card's name is looked for in (its title, description and
    document), in the examples' order; built once per content version, since every card page asks."""
    boards = Scenario.objects.filter(is_curated=True).order_by("position", "id")
    return tuple(
        (
            CuratedBoard(slug, title or slug),
            " ".join([title, description, json.dumps(document, ensure_ascii=False)]),
        )
        for slug, title, description, document in boards.values_list(
            "slug", "title", "description", "document"
        )
    )


def curated_boards(*, card: Card) -> list[CuratedBoard]:
    """Curated boards that name the card in 《》 in their title, description or document, or hold it."""
    names = [name for name in (card.ja_name, *(card.aliases or [])) if name]
    if not names:
        return []
    return [
        board
        for board, text in _curated_texts()
        if any(f"《{name}》" in text or f'"name": "{name}"' in text for name in names)
    ]
