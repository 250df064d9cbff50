"""``import_cr``'s work: the whole Japanese CR beside the whole English one, linked at import time.

Sections: every three-digit rule, and every keyword action (701.N) and keyword ability (702.N) on a
page of its own. Paragraphs are stored under the English numbers (the English text is authoritative
and the engine cites it); a Japanese paragraph whose printed number differs keeps it in ``number_ja``.
The link markup of every text (rule references, glossary terms, card names) is computed here and
stored, so that a page never runs the linker over the whole CR.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError
from django.urls import reverse

from tutor.common.urls import rule_url
from tutor.management.commands._cr_full import (
    JA_ONLY,
    MOVED_PARAGRAPHS,
    MOVED_SECTIONS,
    Parsed,
    introduction,
    parse_ja_full,
    parse_ja_glossary_full,
    stored_number,
)
from tutor.management.commands._cr_notes import (
    AUTOLINKED_TERMS,
    CARD_ALIASES,
    CITED_RULES,
    EXTRA_TERMS,
    KEYWORDS_NOT_AUTOLINKED,
    NOT_AUTOLINKED,
    NOTES,
)
from tutor.reader.text import (
    CardLink,
    LinkContext,
    TermLink,
    link_text,
    parse_rule_number,
    ref_matches,
    sort_key,
)

EARLIER_REVISION = "以前の版（2026年1月より前の日本語訳）"
KEYWORD_RULES = ("701", "702")
"""Rules whose numbered paragraphs (701.2 Activate, 702.19 Trample) each have a page of their own."""
_CARD_NAME = re.compile(r"《([^《》\n]+)》")


def section_number_of(number: str, sections: set[str]) -> str:
    """The page a stored number is shown on: its keyword's page (702.19b -> 702.19), else its rule.

    >>> section_number_of("702.19b", {"702", "702.19"}), section_number_of("702.1a", {"702", "702.19"})
    ('702.19', '702')
    >>> section_number_of("ja-805.10f", {"805"})
    '805'
    """
    bare = number.removeprefix("ja-").split("-")[0]
    parts = parse_rule_number(bare)
    if parts is None:
        raise CommandError(f"not a rule number: {number}")
    keyword = f"{parts[0]}.{parts[1]}"
    return keyword if parts[1] and keyword in sections else parts[0]


def _title(heading: str) -> str:
    """The Japanese title of a heading line (``トランプル／Trample`` -> トランプル); the source repeats
    the number in one heading (``702.189. 702.189. 火の技／Firebending``)."""
    # and one heading has its dot after a space (``720 . 前兆カード``)
    return re.sub(r"^\d{3}\.\d{1,3}\.\s*", "", heading).lstrip(". ").split("／")[0].strip()


def build(source: Path, output: Path | None) -> tuple[dict[str, list[dict[str, Any]]], list[str]]:
    from tutor.management.commands.import_cr import (
        ja_revision_from_name,
        parse_en_glossary,
        parse_numbered,
        split_en,
    )

    ja_path = next(iter(sorted((source / "cr" / "ja-full").glob("comprehensive-rules-ja-*.txt"))), None)
    if ja_path is None:
        raise CommandError(f"{source}/cr/ja-full に日本語の総合ルールがありません")
    en_path = source / "cr" / "en" / "Magic_The_Gathering_Comprehensive_Rules.txt"
    ja_revision = ja_revision_from_name(ja_path)
    ja_lines = ja_path.read_text(encoding="utf-8").splitlines()
    body_start = [i for i, line in enumerate(ja_lines) if line.startswith("0. ")]
    glossary_at = ja_lines.index("用語集")
    credits_at = next(
        i for i, line in enumerate(ja_lines) if line.startswith("マジック：ザ・ギャザリング　オリジナル")
    )
    if len(body_start) < 2:
        raise CommandError("the Japanese CR should have 0. はじめに twice (contents, then body)")
    ja_parsed, chapters = parse_ja_full(ja_lines[body_start[1] : glossary_at])
    intro = introduction(ja_lines[body_start[1] : glossary_at])
    glossary = parse_ja_glossary_full(ja_lines[glossary_at + 1 : credits_at])
    en_revision, en_rule_lines, en_glossary_lines = split_en(en_path.read_text(encoding="utf-8"))
    en_list = parse_numbered(en_rule_lines, example_prefix="Example:")
    en = {p.number: p for p in en_list}
    en_glossary = parse_en_glossary(en_glossary_lines)
    seed_120 = parse_numbered(
        next(iter((source / "seeds").glob("000_*.txt"))).read_text(encoding="utf-8").splitlines(),
        example_prefix="例：",
        dash_prefix=True,
    )
    report: list[str] = []

    # --- Pairing: stored numbers, checked by titles where sections moved -------------------------
    ja_headings = {p.number: p.text for p in ja_parsed if p.heading}
    for ja_number, (en_number, title_ja, title_en) in MOVED_SECTIONS.items():
        if (
            _title(ja_headings.get(ja_number, "")) != title_ja
            or en.get(en_number, Parsed("", "")).text != title_en
        ):
            raise CommandError(
                f"moved section {ja_number} -> {en_number}: titles {ja_headings.get(ja_number)!r} / "
                f"{en.get(en_number, Parsed('', '')).text!r} differ from {title_ja!r} / {title_en!r}"
            )
    ja_items: list[tuple[str, Parsed]] = []  # (stored number, paragraph) in the Japanese order
    seen: Counter[str] = Counter()
    for parsed in ja_parsed:
        number = stored_number(parsed.number)
        seen[number] += 1
        if seen[number] > 1:  # 505.4 is printed twice: the second is kept under a number of its own
            number = f"ja-{parsed.number}-{seen[number]}"
        ja_items.append((number, parsed))
    ja_by_number = dict(ja_items)
    ja_printed = {number: parsed.number for number, parsed in ja_items}
    ja_to_stored = {parsed.number: number for number, parsed in reversed(ja_items)}  # first wins

    # --- Sections ---------------------------------------------------------------------------------
    stored_headings = {n: p for n, p in ja_items if p.heading}
    section_numbers: set[str] = set()
    for number in [*ja_by_number, *en]:
        parts = parse_rule_number(number)
        if parts is None:
            continue
        if not parts[1]:
            section_numbers.add(number)
        elif parts[0] in KEYWORD_RULES and not parts[2]:
            is_heading = (number in en and en[number].heading) or (
                number in stored_headings and stored_headings[number].heading
            )
            if is_heading:
                section_numbers.add(number)
    all_sections = sorted(section_numbers, key=sort_key)
    section_pk = {number: i + 1 for i, number in enumerate(all_sections)}
    en_only_scope = "日本語訳はまだありません（英語版 2026年6月19日で追加・変更）"
    sections = []
    for position, number in enumerate(all_sections):
        ja_heading = ja_by_number.get(number)
        title_en = en[number].text if number in en and en[number].heading else ""
        title_ja = _title(ja_heading.text) if ja_heading else title_en
        sections.append(
            {
                "model": "tutor.section",
                "pk": position + 1,
                "fields": {
                    "number": number,
                    "title_ja": title_ja,
                    "title_en": title_en,
                    "position": position,
                    "title_is_editorial": False,
                    "scope": "" if ja_heading else en_only_scope,
                    "number_ja": ja_printed[number] if ja_heading and ja_printed[number] != number else "",
                },
            }
        )

    def section_for(number: str) -> str:
        return section_number_of(number, section_numbers)

    # --- The linker's context: every number, the terms that link, the catalogue's cards ----------
    anchors: dict[str, str] = {number: rule_url(number, number) for number in all_sections}
    for number in [*ja_by_number, *en]:
        if number not in section_numbers:
            anchors[number] = rule_url(section_for(number), number)
    # a title in 〔〕 names the rule meant even where the number lags (「rule 731〔不正な処理の扱い〕」)
    title_lists: dict[str, list[str]] = {}
    for number, parsed in ja_items:
        if parsed.heading:
            title_lists.setdefault(_title(parsed.text), []).append(number)
    titles = {title: tuple(numbers) for title, numbers in title_lists.items()}
    official_names = {entry["name_ja"] for entry in glossary}
    extra_terms = [extra for extra in EXTRA_TERMS if extra["name_ja"] not in official_names]
    glossary_url = reverse("reader:glossary")
    term_links: dict[str, TermLink] = {}
    resolver = LinkContext(anchors=anchors, ja_numbers=ja_to_stored, titles=titles)
    all_entries = [*glossary, *extra_terms]
    term_rules: dict[str, str] = {}
    for entry in all_entries:
        rule = entry.get("rule") or choose_rule_resolved(entry["definition"], resolver)
        term_rules[entry["name_ja"] + "／" + entry["name_en"]] = rule
    by_name = {
        entry["name_ja"]: term_rules[entry["name_ja"] + "／" + entry["name_en"]] for entry in all_entries
    }
    for entry in all_entries:  # 「与える：ダメージ参照。」: the rule of the entry it sends the reader to
        key = entry["name_ja"] + "／" + entry["name_en"]
        if not term_rules[key] and (seen_entry := _see_also(entry["definition"], by_name)):
            term_rules[key] = by_name[seen_entry]
    # every keyword ability by the name its rule's heading gives it (702.9〔飛行〕), 702.1 being the rule
    # about keyword abilities in general
    keywords = {
        title: number
        for title, numbers in titles.items()
        for number in numbers
        if re.fullmatch(r"702\.\d+", number) and number != "702.1" and title not in KEYWORDS_NOT_AUTOLINKED
    }
    for entry in all_entries:
        rule = term_rules[entry["name_ja"] + "／" + entry["name_en"]]
        if (entry["name_ja"] in AUTOLINKED_TERMS or entry["name_ja"] in keywords) and entry[
            "name_ja"
        ] not in NOT_AUTOLINKED:
            term_links[entry["name_ja"]] = TermLink(
                name=entry["name_ja"],
                # a keyword is defined by its own rule (702.6〔装備〕), whichever rule its entry cites first
                rule=keywords.get(entry["name_ja"], rule),
                href=f"{glossary_url}#term-{entry['name_ja']}",
                popover_href=reverse("reader:term", args=[entry["name_ja"]]),
            )
    card_links = _card_links(source, output)
    ctx = LinkContext(
        anchors=anchors, terms=term_links, cards=card_links, ja_numbers=ja_to_stored, titles=titles
    )

    # --- Paragraphs and examples --------------------------------------------------------------------
    paragraphs: list[dict[str, Any]] = []
    examples: list[dict[str, Any]] = []

    def add(
        number: str,
        parsed: Parsed,
        *,
        language: str,
        revision: str,
        is_current: bool,
        english_only: bool = False,
        printed: str = "",
    ) -> None:
        pk = len(paragraphs) + 1
        linked = bool(is_current)
        paragraphs.append(
            {
                "model": "tutor.paragraph",
                "pk": pk,
                "fields": {
                    "section": section_pk[section_for(number)],
                    "number": number,
                    "number_ja": printed,
                    "language": language,
                    "revision": revision,
                    "is_current": is_current,
                    "text": parsed.text,
                    "html": str(link_text(parsed.text, ctx, number=number, lang=language)) if linked else "",
                    "position": len(paragraphs),
                    "is_english_only": english_only,
                    "is_heading": parsed.heading,
                },
            }
        )
        for position, text in enumerate(parsed.examples):
            examples.append(
                {
                    "model": "tutor.example",
                    "pk": len(examples) + 1,
                    "fields": {
                        "paragraph": pk,
                        "position": position,
                        "text": text,
                        "html": str(link_text(text, ctx, number=number, lang=language)) if linked else "",
                    },
                }
            )

    for number, parsed in ja_items:
        if number in section_numbers:
            continue  # the heading is the section's title
        printed = ja_printed[number] if ja_printed[number] != number else ""
        add(number, parsed, language="ja", revision=ja_revision, is_current=True, printed=printed)
    seed_paragraphs = [p for p in seed_120 if not p.heading]
    for parsed in seed_paragraphs:
        add(parsed.number, parsed, language="ja", revision=EARLIER_REVISION, is_current=False)
    english_only_numbers = [n for n in en if n not in ja_by_number and n not in section_numbers]
    for number, parsed in en.items():
        if number in section_numbers:
            continue
        add(
            number,
            parsed,
            language="en",
            revision=en_revision,
            is_current=True,
            english_only=number not in ja_by_number,
        )

    # --- Glossary --------------------------------------------------------------------------------
    terms = []
    names = Counter((entry["name_ja"], entry["name_en"]) for entry in all_entries)
    if duplicated := [name for name, count in names.items() if count > 1]:
        raise CommandError(f"glossary entries twice: {duplicated}")
    for entry in glossary:
        terms.append(_term(entry, term_rules, en_glossary, ctx, official=True))
    for extra in extra_terms:
        terms.append(_term(extra, term_rules, en_glossary, ctx, official=False))
    term_records = [{"model": "tutor.term", "pk": i + 1, "fields": fields} for i, fields in enumerate(terms)]

    # --- Notes -----------------------------------------------------------------------------------
    note_records = []
    positions: dict[str, int] = {}
    for i, note in enumerate(NOTES):
        number = note["paragraph_number"]
        if number not in anchors:
            raise CommandError(f"note on {number}, which the CR does not have")
        positions[number] = positions.get(number, -1) + 1
        note_records.append(
            {
                "model": "tutor.note",
                "pk": i + 1,
                "fields": {
                    "paragraph_number": number,
                    "kind": note["kind"],
                    "title": note["title"],
                    "body": note["body"],
                    "body_html": str(link_text(note["body"], ctx, number=number)),
                    "source": note["source"],
                    "changed_in": note.get("changed_in", ""),
                    "position": positions[number],
                },
            }
        )
    unknown_cards = sorted({n for note in NOTES for n in _CARD_NAME.findall(note["body"])} - set(card_links))
    if unknown_cards and card_links:
        raise CommandError(
            f"cards named in our notes but missing from the catalogue: {', '.join(unknown_cards)}"
        )

    # --- Report ----------------------------------------------------------------------------------
    cited = [n for n in CITED_RULES if n not in anchors]
    ja_count = sum(1 for number, p in ja_items if number not in section_numbers)
    report.append(f"日本語 {ja_revision} / English {en_revision} / 旧版 = {EARLIER_REVISION}")
    report.append(
        f"sections {len(all_sections)}; ja paragraphs {ja_count} (headings {sum(p.heading for _, p in ja_items)}), "
        f"ja examples {sum(len(p.examples) for _, p in ja_items)}; en paragraphs "
        f"{sum(1 for n in en if n not in section_numbers)}, en examples {sum(len(p.examples) for p in en_list)}; "
        f"english-only {len(english_only_numbers)}; glossary {len(glossary)} official + {len(extra_terms)} ours"
    )
    report.append(
        f"pairing not by equal number: {len(MOVED_PARAGRAPHS)} paragraphs moved, "
        f"{len(MOVED_SECTIONS)} sections moved (722-732 -> 723-733), Japanese only: {', '.join(JA_ONLY)}"
    )
    if cited:
        report.append(f"cited but not in the CR: {', '.join(cited)}")
    meta = [
        {
            "model": "tutor.edition",
            "pk": 1,
            "fields": {
                "language": "ja",
                "revision": ja_revision,
                "introduction": "\n".join(intro),
                "chapters": [list(chapter) for chapter in chapters],
            },
        },
        {"model": "tutor.edition", "pk": 2, "fields": {"language": "en", "revision": en_revision}},
    ]
    return (
        {
            "cr.json": meta + sections + paragraphs + examples,
            "glossary.json": term_records,
            "notes.json": note_records,
        },
        report,
    )


def choose_rule_resolved(definition: str, ctx: LinkContext) -> str:
    """The defining rule of a glossary entry: its first reference that resolves (Japanese numbering
    and 〔title〕 followed), stored numbers only."""
    for number, title in ja_refs_with_titles(definition):
        if target := ctx.resolve_ja(number, title):
            return target
    return ""


def _see_also(definition: str, rules: dict[str, str]) -> str:
    """The entry a definition sends the reader to (「ダメージ参照。」), when it has a rule.

    >>> _see_also("ダメージ参照。", {"ダメージ": "120"}), _see_also("説明。", {"ダメージ": "120"})
    ('ダメージ', '')
    """
    for match in re.finditer(r"([^\s。、「」]+?)\s?参照", definition):
        name = match.group(1)
        if rules.get(name):
            return name
    return ""


def ja_refs_with_titles(text: str) -> list[tuple[str, str]]:
    """``(number, title)`` of every reference in Japanese text, by the linker's own pattern."""
    return ref_matches(text)


def _term(
    entry: dict[str, str],
    rules: dict[str, str],
    en_glossary: dict[str, str],
    ctx: LinkContext,
    *,
    official: bool,
) -> dict[str, Any]:
    name = entry["name_ja"]
    definition_en = en_glossary.get(entry["name_en"], "")
    return {
        "name_ja": name,
        "reading": entry.get("reading", ""),
        "name_en": entry["name_en"],
        "definition": entry["definition"],
        "definition_html": str(link_text(entry["definition"], ctx, exclude_terms=[name])),
        "rule": rules[name + "／" + entry["name_en"]],
        "definition_en": definition_en,
        "definition_en_html": str(link_text(definition_en, ctx, lang="en")),
        "aliases": [],
        "is_official": official,
        "autolink": name in ctx.terms,
    }


def _card_links(source: Path, output: Path | None) -> dict[str, CardLink]:
    """The catalogue's cards by every spelling the CR uses (from ``fixtures/cards.json``)."""
    path = (output or Path("fixtures")) / "cards.json"
    if not path.exists():
        return {}
    links: dict[str, CardLink] = {}
    for record in json.loads(path.read_text(encoding="utf-8")):
        fields = record["fields"]
        name, slug = fields.get("ja_name"), fields.get("slug")
        if not name or not slug:
            continue
        link = CardLink(
            name=name,
            href=reverse("cards:detail", args=[slug]),
            popover_href=reverse("reader:card", args=[name]),
        )
        for surface in [name, *(fields.get("aliases") or []), *CARD_ALIASES.get(name, [])]:
            links[surface] = link
    return links
