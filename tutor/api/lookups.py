"""What the API reads that no page needs in this form: a rule with what it cites and what cites it,
a glossary entry by a close spelling, a card by any of its names. Built on the reader's and the
catalogue's selectors; the citation index is worked out once per content version."""

from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from tutor.cards.search import fold
from tutor.cards.selectors import card_search
from tutor.common.content_cache import per_content_version
from tutor.models import Card, Language, Paragraph, Term
from tutor.reader import selectors as reader
from tutor.reader.search_text import normalise
from tutor.reader.selectors import ParagraphItem
from tutor.reader.text import is_rule_number, rule_refs, sort_key

NAME_MAX_LENGTH = 100
"""A term or a card name longer than this is refused before any lookup (the longest is under 40)."""
SUGGESTIONS = 5
FUZZY_CUTOFF = 0.6


# --------------------------------------------------------------------------- citations


@dataclass(frozen=True)
class Citations:
    cites: dict[str, list[str]]
    cited_by: dict[str, list[str]]


@per_content_version
def citations() -> Citations:
    """Which paragraph refers to which, from every current text and example (both languages: the
    English by its own numbers, the Japanese as the reader's linker reads its numbers); built once per
    content version."""
    return _citations_build()


def _citations_build() -> Citations:
    context = reader.link_context_build()
    texts: dict[str, list[tuple[str, str]]] = defaultdict(list)
    rows = Paragraph.objects.filter(is_current=True).values_list("number", "language", "text")
    for number, language, text in rows:
        texts[number].append((language, text))
    examples = Paragraph.objects.filter(is_current=True).values_list("number", "language", "examples__text")
    for number, language, text in examples:
        if text:
            texts[number].append((language, text))
    cites: dict[str, list[str]] = {}
    cited_by: dict[str, set[str]] = defaultdict(set)
    for number, parts in texts.items():
        found: list[str] = []
        for language, text in parts:
            if language == Language.EN:
                found += [n for n in rule_refs(text, "en") if n in context.anchors]
            else:
                found += [t for n in rule_refs(text, "ja") if (t := context.resolve_ja(n))]
        mine = [n for n in dict.fromkeys(found) if n != number]
        cites[number] = mine
        for target in mine:
            cited_by[target].add(number)
    return Citations(cites=cites, cited_by={k: sorted(v, key=sort_key) for k, v in cited_by.items()})


# --------------------------------------------------------------------------- rules


def _text(paragraph: Paragraph | None) -> dict[str, str] | None:
    if paragraph is None:
        return None
    return {
        "text": paragraph.text,
        "revision": paragraph.revision,
        "number_printed": paragraph.number_ja or paragraph.number,
    }


def _paragraph(item: ParagraphItem, lang: str, index: Citations, absolute: str) -> dict[str, Any]:
    ja, en = lang in ("ja", "both"), lang in ("en", "both")
    return {
        "number": item.number,
        "ja": _text(item.ja) if ja else None,
        "en": _text(item.en) if en else None,
        "examples": [
            {
                "ja": example.ja.text if ja and example.ja else None,
                "en": example.en.text if en and example.en else None,
            }
            for example in item.examples
        ],
        "cites": index.cites.get(item.number, []),
        "cited_by": index.cited_by.get(item.number, []),
        "permalink": absolute + item.permalink,
    }


def rule_data(*, number: str, lang: str, absolute: str) -> dict[str, Any] | None:
    """A paragraph (``120.4a``) or a section (``120``, ``702.19``) of the current CR; ``absolute`` is
    the site's origin for the permalinks."""
    if not is_rule_number(number):
        return None
    index = citations()
    editions = reader.revisions_current()
    section = reader.section_get(number=number)
    if section is not None:
        page = reader.section_page(section=section, english=True, revisions=editions)
        items = [_paragraph(item, lang, index, absolute) for item in page.items]
        own = next((p for p in items if p["number"] == number), None)
        return {
            "number": number,
            "kind": "section",
            "section": section.number,
            "title_ja": section.title_ja,
            "title_en": section.title_en,
            "editions": editions,
            "paragraph": own,
            "paragraphs": [p for p in items if p["number"] != number],
            "permalink": f"{absolute}/cr/{number}/",
        }
    item = reader.paragraph_item(number=number, english=True)
    if item is None:
        return None
    holder = reader.section_get(number=item.section_number)
    return {
        "number": number,
        "kind": "paragraph",
        "section": item.section_number,
        "title_ja": holder.title_ja if holder else "",
        "title_en": holder.title_en if holder else "",
        "editions": editions,
        "paragraph": _paragraph(item, lang, index, absolute),
        "paragraphs": [],
        "permalink": f"{absolute}/cr/{number}/",
    }


# --------------------------------------------------------------------------- glossary


def plausible_name(name: str) -> bool:
    """Names come from URLs: refuse control characters (PostgreSQL rejects NUL), lone surrogates and
    long strings before they reach a query."""
    return (
        bool(name.strip())
        and len(name) <= NAME_MAX_LENGTH
        and not any(ord(c) < 32 or ord(c) == 127 or "\ud800" <= c <= "\udfff" for c in name)
    )


def _term_names(term: Term) -> list[str]:
    return [n for n in (term.name_ja, term.reading, term.name_en, *(term.aliases or [])) if n]


def term_find(*, query: str) -> tuple[str, list[Term], list[str]] | None:
    """``(match, senses, suggestions)`` for a Japanese or English term: an exact name (kana, width and
    case folded) first, else the closest names (:mod:`difflib`, over the 728 entries' names)."""
    wanted = normalise(query).strip()
    terms = list(Term.objects.all())
    by_name: dict[str, list[Term]] = defaultdict(list)
    for term in terms:
        for name in _term_names(term):
            by_name[normalise(name).strip()].append(term)
    if wanted in by_name:
        return "exact", _senses(by_name[wanted]), []
    close = difflib.get_close_matches(wanted, list(by_name), n=SUGGESTIONS, cutoff=FUZZY_CUTOFF)
    if not close:
        return None
    best = _senses(by_name[close[0]])
    suggestions = list(dict.fromkeys(by_name[name][0].name_ja for name in close[1:]))
    return "fuzzy", best, [s for s in suggestions if s != best[0].name_ja]


def _senses(found: list[Term]) -> list[Term]:
    """Every entry under the name found (a homonym has two senses)."""
    names = {t.name_ja for t in found}
    return list(Term.objects.filter(name_ja__in=names).order_by("name_ja", "name_en"))


def term_sense(term: Term, origin: str) -> dict[str, Any]:
    return {
        "name_ja": term.name_ja,
        "reading": term.reading,
        "name_en": term.name_en,
        "definition_ja": term.definition,
        "definition_en": term.definition_en,
        "rule": term.rule,
        "aliases": list(term.aliases or []),
        "url": origin + reverse("reader:term", args=[term.name_ja]),
    }


# --------------------------------------------------------------------------- cards


def card_find(*, name: str) -> Card | None:
    """A catalogue card by its Japanese or English name, another spelling or its slug (folded)."""
    wanted = fold(name)
    if not wanted:
        return None
    for card in Card.objects.exclude(slug=None):
        names = [card.ja_name or "", card.en_name, card.slug or "", *(card.aliases or [])]
        if any(n and fold(n) == wanted for n in names):
            return card
    return None


def card_suggestions(*, name: str) -> list[str]:
    """Card names that contain what was asked for (for the 404's details)."""
    return [c.display_name for c in card_search(query=name)[:SUGGESTIONS]]
