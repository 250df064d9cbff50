"""Build ``fixtures/`` from the source texts (a maintainer task; the app never reads the sources).

``manage.py import_cr --source ../shared --output fixtures`` reads

- ``cr/ja/comprehensive-rules-ja-YYYYMMDD-excerpt.txt``: the current Japanese text (sections,
  paragraphs, 例 lines, then 用語集 with two lines per entry);
- ``seeds/000_*.txt``: an older Japanese revision of CR 120 (lines ``- 120.1 …``), kept as the
  earlier revision (``以前の版（2026年1月より前の日本語訳）``, ``is_current=False``);
- ``cr/en/Magic_The_Gathering_Comprehensive_Rules.txt``: the English paragraphs with the same
  numbers (the Japanese 506.3d-f stored as the English 506.3e-g), glossary definitions, and
  English-only paragraphs (``is_english_only``): sub-rules the Japanese lacks under a loaded
  paragraph, and every paragraph that the shipped texts (Japanese and English paragraphs and
  examples, glossary, our notes) or the engine (``CITED_RULES``) refer to but the excerpt lacks —
  a whole rule for ``rule 117`` or a heading such as ``701.27``; those outside the excerpt's
  sections get a section of their own (their rule, or the heading referred to);
- ``cards/cards.json``: the cards named in 《》 (to know which names link; ``import_cards`` writes
  the card catalogue itself);

and writes ``cr.json`` (sections, paragraphs, examples), ``glossary.json`` and ``notes.json`` with primary keys numbered in source order: the same sources give byte-identical
files. ``--check`` compares instead of writing (exit status 1 when the fixtures are stale).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.management.commands._cr_notes import (
    CARD_ALIASES,
    CITED_RULES,
    EDITORIAL_TITLES,
    EXTRA_TERMS,
    NOT_AUTOLINKED,
    NOTES,
)
from tutor.management.commands._fixture_files import dump, is_current, write
from tutor.reader.text import JA_RULE_NUMBERS, is_within, rule_refs, section_of, sort_key

PROJECT = Path(__file__).resolve().parents[3]
CODE_RULE = re.compile(r"(?<![\d.:])\d{3}\.\d{1,3}[a-z]?(?![\d])")
"""A CR paragraph number as the engine and the web side write it in docstrings, notes and rule lists."""


def cited_in_code() -> list[str]:
    """Every CR number that ``rules_core`` and ``tutor`` cite (stages, notes, explanations, forms), so
    that each has a page in the reader even when the Japanese excerpt lacks it."""
    found: list[str] = []
    for folder in ("rules_core", "tutor"):
        for path in sorted((PROJECT / folder).rglob("*.py")):
            # migrations name no rules; the era modules cite the numbers of former rules files
            if "migrations" in path.parts or path.name == "import_cr.py" or path.name.startswith("era"):
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            # doctests of the reader's own helpers use made-up numbers such as 702.190
            found += [n for line in lines if ">>>" not in line for n in CODE_RULE.findall(line)]
    return list(dict.fromkeys(found))


# The sections of the Japanese excerpt, in CR order: (number, what of it the Japanese text covers).
# A rule the texts refer to as a whole (rule 104, rule 509, rule 514) is the section even when the
# excerpt has only one of its paragraphs, so that the reference and the English-only paragraphs of
# that rule land on the same page.
SECTIONS: list[tuple[str, str]] = [
    ("104", "日本語訳は 104.3 のみ収録"),
    ("119", ""),
    ("120", ""),
    ("122", ""),
    ("306", ""),
    ("310", ""),
    ("506", ""),
    ("509", "日本語訳は 509.1 のみ収録"),
    ("510", ""),
    ("511", ""),
    ("514", "日本語訳は 514.2 のみ収録"),
    ("603", "日本語訳は 603.1〜603.4 のみ収録"),
    ("609.7", ""),
    ("614", ""),
    ("615", ""),
    ("616", ""),
    ("701.14", ""),
    ("701.19", ""),
    ("702.2", ""),
    ("702.4", ""),
    ("702.7", ""),
    ("702.12", ""),
    ("702.15", ""),
    ("702.16", ""),
    ("702.19", ""),
    ("702.80", ""),
    ("702.90", ""),
    ("702.164", ""),
    ("704", "704.1〜704.6 のみ収録"),
    ("800.4", ""),
    ("810", "日本語訳は 810.8〜810.10 のみ収録"),
]
SECTION_NUMBERS = [number for number, _ in SECTIONS]
EARLIER_REVISION = "以前の版（2026年1月より前の日本語訳）"
ENGLISH_ONLY_SCOPE = "英語版のみ（日本語訳は未収録）"

# CR 506.3 (README of cr/): the English (2026-06-19) added a 506.3d that the Japanese (2026-01-16)
# lacks, so the Japanese 506.3d-f are the English 506.3e-g. Paragraphs are stored under the English
# numbers (the English text is authoritative and the engine cites it); a note says so.
JA_PARAGRAPH_NUMBERS = {"506.3d": "506.3e", "506.3e": "506.3f", "506.3f": "506.3g"}
# How deep references are followed into English-only paragraphs: 1 = the references of the loaded
# Japanese and English text, our notes and the engine; the English-only paragraphs' own references
# are not followed (depth 2 would import about 2,000 of the 3,300 English paragraphs).
REFERENCE_DEPTH = 1

_LINE = re.compile(r"^(?P<number>\d{3}(?:\.\d{1,3}[a-z]?)?)\.?\s+(?P<text>\S.*)$")
_TERM_HEAD = re.compile(r"^(?P<name>[^（]+)（(?P<reading>[^）]+)）／(?P<en>.+)$")
_EN_TITLE_REF = re.compile(r"rules? (?P<number>\d{3}(?:\.\d{1,3}[a-z]?)?), “(?P<title>[^”]+?)[.,]?”")
_JA_TITLE_REF = re.compile(r"rule (?P<number>\d{3}(?:\.\d{1,3}[a-z]?)?)〔(?P<title>[^〕]+)〕")
_CARD_NAME = re.compile(r"《([^《》\n]+)》")


@dataclass
class Parsed:
    number: str
    text: str
    heading: bool = False
    examples: list[str] = field(default_factory=list)


def parse_numbered(lines: list[str], *, example_prefix: str, dash_prefix: bool = False) -> list[Parsed]:
    r"""Numbered lines -> paragraphs with their examples. A line without 「。」 or "." is a heading.
    A line indented with an ideographic space continues the paragraph above it (509.1b of the
    Japanese text runs over two lines; the English has it as one paragraph).

    >>> [(p.number, p.heading, p.examples) for p in parse_numbered(
    ...     ["120. ダメージ", "120.1. 文。", "例：ある例。", "704.6 変種。"], example_prefix="例：")]
    [('120', True, []), ('120.1', False, ['ある例。']), ('704.6', False, [])]
    >>> parse_numbered(["509.1b 文。", "\u3000続き。"], example_prefix="例：")[0].text.splitlines()
    ['文。', '\u3000続き。']
    """
    parsed: list[Parsed] = []
    for raw in lines:
        line = raw.rstrip()
        if dash_prefix and line.startswith("- "):
            line = line[2:]
        if line.startswith(example_prefix):
            if not parsed:
                raise CommandError(f"example before any paragraph: {line[:40]}")
            parsed[-1].examples.append(line[len(example_prefix) :].strip())
            continue
        if line.startswith("\u3000") and line.strip():
            if not parsed or parsed[-1].examples:
                raise CommandError(f"continued line without a paragraph above it: {line[:40]}")
            parsed[-1].text += "\n" + line
            continue
        match = _LINE.match(line)
        if not match:
            continue
        text = match.group("text").strip()
        is_heading = "。" not in text and not text.endswith((".", ":", "”", ".)", "”)")) and len(text) < 80
        parsed.append(Parsed(match.group("number"), text, heading=is_heading))
    return parsed


def split_ja_excerpt(text: str) -> tuple[list[str], list[str]]:
    lines = text.splitlines()
    if "用語集" not in lines:
        raise CommandError("the Japanese excerpt has no 用語集 line")
    cut = lines.index("用語集")
    return lines[:cut], lines[cut + 1 :]


def parse_ja_glossary(lines: list[str]) -> list[dict[str, str]]:
    """Two lines per entry: ``萎縮（いしゅく）／Wither`` then the definition."""
    entries = []
    lines = [line for line in lines if line.strip()]
    if len(lines) % 2:
        raise CommandError("the glossary should have two lines per entry")
    for head, body in zip(lines[::2], lines[1::2], strict=True):
        match = _TERM_HEAD.match(head.strip())
        if not match:
            raise CommandError(f"unexpected glossary head: {head!r}")
        entries.append(
            {
                "name_ja": match.group("name").strip(),
                "reading": match.group("reading").strip(),
                "name_en": match.group("en").strip(),
                "definition": body.strip().lstrip("\u3000").strip(),
            }
        )
    return entries


def split_en(text: str) -> tuple[str, list[str], list[str]]:
    """The English CR -> (effective date, rule lines, glossary lines)."""
    lines = text.splitlines()
    date_match = re.search(r"effective as of (\w+ \d{1,2}, \d{4})", text)
    if not date_match:
        raise CommandError("the English CR has no 'effective as of' line")
    effective = dt.datetime.strptime(date_match.group(1), "%B %d, %Y").date().isoformat()
    credits = [i for i, line in enumerate(lines) if line.strip() == "Credits"]
    glossary = [i for i, line in enumerate(lines) if line.strip() == "Glossary"]
    if len(credits) < 2 or len(glossary) < 2:
        raise CommandError("the English CR should list Glossary and Credits twice (contents, then body)")
    return effective, lines[credits[0] + 1 : glossary[1]], lines[glossary[1] + 1 : credits[1]]


def parse_en_glossary(lines: list[str]) -> dict[str, str]:
    entries: dict[str, str] = {}
    block: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            block.append(line.strip())
        elif block:
            entries[block[0]] = "\n".join(block[1:])
            block = []
    return entries


def ja_revision_from_name(path: Path) -> str:
    match = re.search(r"(\d{4})(\d{2})(\d{2})", path.name)
    if not match:
        raise CommandError(f"no date in {path.name}")
    return "-".join(match.groups())


def choose_rule(definition: str, loaded: set[str]) -> str:
    """The defining paragraph of a glossary entry: its first reference that the reader holds, else its first."""
    refs = rule_refs(definition)
    for number in refs:
        if number in loaded:
            return number
    return refs[0] if refs else ""


def section_title_ja(
    number: str, heading: dict[str, str], texts: list[str], glossary: list[dict[str, Any]]
) -> tuple[str, bool]:
    if number in heading:
        return heading[number].split("／")[0].strip(), False
    for text in texts:
        for match in _JA_TITLE_REF.finditer(text):
            if match.group("number") == number:
                return match.group("title"), False
    for entry in glossary:
        if choose_rule(entry["definition"], set()) == number:
            return entry["name_ja"], False
    if number in EDITORIAL_TITLES:
        return EDITORIAL_TITLES[number], True
    raise CommandError(f"no title for section {number}")


def section_title_en(number: str, en: dict[str, Parsed], en_lines: list[str]) -> str:
    if number in en and en[number].heading:
        return en[number].text
    for line in en_lines:
        for match in _EN_TITLE_REF.finditer(line):
            if match.group("number") == number:
                return match.group("title")
    return ""


def whole_rule(number: str, en: dict[str, Parsed]) -> list[Parsed]:
    """The English paragraphs a reference to ``number`` needs: the paragraph itself (after the rule
    it is a sub-rule of: 509.2 before 509.2a), or for a rule or a heading (``rule 117``,
    ``702.158. Space Sculptor``) every paragraph under it."""
    if "." in number and not en[number].heading:
        parent = re.sub(r"[a-z]$", "", number)
        if parent != number and parent in en and not en[parent].heading:
            return [en[parent], en[number]]
        return [en[number]]
    return [p for n, p in en.items() if is_within(n, number) and not p.heading]


def compare_revisions(base: list[Parsed], other: list[Parsed]) -> dict[str, list[str]]:
    """How another Japanese text of the same rules differs from the current one, by number."""
    current = {p.number: p for p in base if not p.heading}
    seen = {p.number: p for p in other if not p.heading}
    return {
        "identical": [n for n in seen if n in current and _same(current[n], seen[n])],
        "different": [n for n in seen if n in current and not _same(current[n], seen[n])],
        "only_in_seed": [n for n in seen if n not in current],
        "missing_in_seed": [n for n in current if n not in seen],
    }


def _same(a: Parsed, b: Parsed) -> bool:
    return a.text == b.text and a.examples == b.examples


class Command(BaseCommand):
    help = "資料（総合ルールの日本語抜粋・英語版・シード・カード）から fixtures/ を作る（保守用）"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--source", required=True, help="cr/, seeds/, cards/ のあるディレクトリ（../shared）"
        )
        parser.add_argument("--output", default="fixtures", help="書き出し先（fixtures）")
        parser.add_argument(
            "--check", action="store_true", help="書き出さずに比較だけする（違えば終了コード1）"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        source = Path(options["source"])
        output = Path(options["output"])
        if not (source / "cr" / "ja").is_dir():
            raise CommandError(f"{source}/cr/ja がありません（--source には ../shared を指定）")
        files, report = build_fixtures(source)
        stale = []
        for name, records in files.items():
            payload = dump(records)
            path = output / name
            if options["check"]:
                if not is_current(path, payload):
                    stale.append(name)
                continue
            write(path, payload)
        for line in report:
            self.stdout.write(line)
        if stale:
            raise CommandError(f"fixtures are stale: {', '.join(stale)} (run make import-cr)")


def build_fixtures(source: Path) -> tuple[dict[str, list[dict[str, Any]]], list[str]]:
    ja_path = next(iter(sorted((source / "cr" / "ja").glob("*.txt"))))
    en_path = source / "cr" / "en" / "Magic_The_Gathering_Comprehensive_Rules.txt"
    seeds = source / "seeds"
    ja_revision = ja_revision_from_name(ja_path)
    rule_lines, glossary_lines = split_ja_excerpt(ja_path.read_text(encoding="utf-8"))
    ja = parse_numbered(rule_lines, example_prefix="例：")
    glossary = parse_ja_glossary(glossary_lines)
    en_revision, en_rule_lines, en_glossary_lines = split_en(en_path.read_text(encoding="utf-8"))
    en_all = {p.number: p for p in parse_numbered(en_rule_lines, example_prefix="Example:")}
    en_glossary = parse_en_glossary(en_glossary_lines)
    seed_120 = parse_numbered(
        next(iter(seeds.glob("000_*.txt"))).read_text(encoding="utf-8").splitlines(),
        example_prefix="例：",
        dash_prefix=True,
    )

    ja = [
        Parsed(JA_PARAGRAPH_NUMBERS.get(p.number, p.number), p.text, p.heading, p.examples)
        if not p.heading
        else p
        for p in ja
    ]
    headings = {p.number: p.text for p in ja if p.heading and p.number in SECTION_NUMBERS}
    ja_paragraphs = [p for p in ja if not p.heading]
    ja_numbers = {p.number for p in ja_paragraphs}
    loaded = ja_numbers | set(SECTION_NUMBERS)
    en_order = {number: i for i, number in enumerate(en_all)}
    report: list[str] = []

    # English: the same numbers, then sub-rules the English has under a loaded paragraph but the
    # Japanese has not (a difference between the versions the reader must show).
    en_loaded, en_missing = [], []
    for parsed in ja_paragraphs:
        if parsed.number in en_all:
            en_loaded.append(en_all[parsed.number])
        else:
            en_missing.append(parsed.number)
    for number, parsed in en_all.items():
        if number in ja_numbers or parsed.heading:
            continue
        parent = re.sub(r"[a-z]$", "", number)
        if parent != number and parent in ja_numbers:
            en_loaded.append(parsed)

    # English-only paragraphs: every number the shipped texts refer to that the Japanese lacks.
    official_names = {entry["name_ja"] for entry in glossary}
    duplicates = [extra["name_ja"] for extra in EXTRA_TERMS if extra["name_ja"] in official_names]
    if duplicates:
        raise CommandError(f"our glossary entries are now in the excerpt's glossary: {', '.join(duplicates)}")
    texts_ja = [t for p in ja_paragraphs for t in (p.text, *p.examples)]
    texts_ja += [entry["definition"] for entry in [*glossary, *EXTRA_TERMS]] + [n["body"] for n in NOTES]
    texts_en = [t for p in en_loaded for t in (p.text, *p.examples)]
    texts_en += [en_glossary.get(entry["name_en"], "") for entry in [*glossary, *EXTRA_TERMS]]
    wanted = [JA_RULE_NUMBERS.get(n, n) for text in texts_ja for n in rule_refs(text, "ja")]
    wanted += [n for text in texts_en for n in rule_refs(text, "en")] + CITED_RULES + cited_in_code()
    held = {p.number for p in en_loaded} | ja_numbers
    english_only: list[Parsed] = []
    unknown_refs: list[str] = []
    heading_refs: set[str] = set()  # 701.27. Transform: a section of its own, as 702.19 is
    for _depth in range(REFERENCE_DEPTH):
        found = []
        for number in dict.fromkeys(wanted):
            if number in held or number in SECTION_NUMBERS:
                continue
            if number not in en_all:
                unknown_refs.append(number)
                continue
            found += whole_rule(number, en_all)
            if "." in number and en_all[number].heading:
                heading_refs.add(number)
        found = [p for p in {p.number: p for p in found}.values() if p.number not in held]
        held |= {p.number for p in found}
        english_only += found
        wanted = [n for p in found for text in (p.text, *p.examples) for n in rule_refs(text, "en")]
    en_loaded = sorted([*en_loaded, *english_only], key=lambda p: en_order[p.number])
    english_only_numbers = {p.number for p in en_loaded if p.number not in ja_numbers}

    # Sections: the excerpt's, then for English-only paragraphs outside them the heading they were
    # referred to by (701.27) or else their rule (117).
    extra_sections = sorted(
        heading_refs
        | {
            n.split(".")[0]
            for n in english_only_numbers
            if section_of(n, [*SECTION_NUMBERS, *heading_refs]) is None
        },
        key=sort_key,
    )
    scopes = dict(SECTIONS) | {number: ENGLISH_ONLY_SCOPE for number in extra_sections}
    all_sections = sorted(scopes, key=sort_key)
    sections, section_pk = [], {}
    all_ja_texts = [p.text for p in ja_paragraphs] + [e["definition"] for e in glossary]
    for position, number in enumerate(all_sections):
        title_ja, editorial = section_title_ja(number, headings, all_ja_texts, glossary)
        section_pk[number] = position + 1
        sections.append(
            {
                "model": "tutor.section",
                "pk": position + 1,
                "fields": {
                    "number": number,
                    "title_ja": title_ja,
                    "title_en": section_title_en(number, en_all, en_rule_lines),
                    "position": position,
                    "title_is_editorial": editorial,
                    "scope": scopes[number],
                },
            }
        )

    paragraphs: list[dict[str, Any]] = []
    examples: list[dict[str, Any]] = []

    def add(parsed: Parsed, *, language: str, revision: str, is_current: bool, section: str) -> None:
        pk = len(paragraphs) + 1
        paragraphs.append(
            {
                "model": "tutor.paragraph",
                "pk": pk,
                "fields": {
                    "section": section_pk[section],
                    "number": parsed.number,
                    "language": language,
                    "revision": revision,
                    "is_current": is_current,
                    "text": parsed.text,
                    "position": len(paragraphs),
                    "is_english_only": language == "en" and parsed.number in english_only_numbers,
                },
            }
        )
        for position, text in enumerate(parsed.examples):
            examples.append(
                {
                    "model": "tutor.example",
                    "pk": len(examples) + 1,
                    "fields": {"paragraph": pk, "position": position, "text": text},
                }
            )

    section_cache: dict[str, str] = {}

    def section_for(number: str) -> str:
        if number not in section_cache:
            section = section_of(number, all_sections)
            if section is None:
                raise CommandError(f"{number} belongs to no loaded section")
            section_cache[number] = section
        return section_cache[number]

    for parsed in ja_paragraphs:
        add(parsed, language="ja", revision=ja_revision, is_current=True, section=section_for(parsed.number))

    seed_paragraphs = [p for p in seed_120 if not p.heading]
    for parsed in seed_paragraphs:
        add(
            parsed,
            language="ja",
            revision=EARLIER_REVISION,
            is_current=False,
            section=section_for(parsed.number),
        )

    for parsed in en_loaded:
        add(parsed, language="en", revision=en_revision, is_current=True, section=section_for(parsed.number))
    loaded_everywhere = loaded | held | set(all_sections)

    # Glossary: the excerpt's entries, then ours.
    terms = []
    for entry in glossary:
        terms.append(
            {
                **entry,
                "rule": choose_rule(entry["definition"], loaded),
                "definition_en": en_glossary.get(entry["name_en"], ""),
                "aliases": [],
                "is_official": True,
                "autolink": entry["name_ja"] not in NOT_AUTOLINKED,
            }
        )
    for extra in EXTRA_TERMS:
        terms.append(
            {
                **extra,
                "definition_en": en_glossary.get(extra["name_en"], ""),
                "aliases": [],
                "is_official": False,
                "autolink": True,
            }
        )
    term_records = [{"model": "tutor.term", "pk": i + 1, "fields": fields} for i, fields in enumerate(terms)]

    # Cards
    raw_cards = json.loads((source / "cards" / "cards.json").read_text(encoding="utf-8"))
    known_cards = {c["ja_name"] for c in raw_cards} | {a for names in CARD_ALIASES.values() for a in names}

    # Our notes name only cards the catalogue has; the CR's examples name many more (the excerpt of
    # 2026-01-16 names cards in 506, 603, 614, … that cards.json does not hold): those stay plain
    # text in the reader, and the report lists them.
    def names_in(texts: list[str]) -> set[str]:
        return {name for text in texts for name in _CARD_NAME.findall(text)}

    unknown_in_notes = sorted(names_in([n["body"] for n in NOTES]) - known_cards)
    if unknown_in_notes:
        raise CommandError(
            f"cards named in our notes but missing from cards.json: {', '.join(unknown_in_notes)}"
        )
    cr_texts = [t for p in ja_paragraphs + seed_paragraphs for t in (p.text, *p.examples)]
    unlinked_cards = sorted(names_in(cr_texts) - known_cards)

    # Notes
    note_records = []
    positions: dict[str, int] = {}
    for i, note in enumerate(NOTES):
        number = note["paragraph_number"]
        if number not in loaded_everywhere:
            raise CommandError(f"note on {number}, which is not loaded")
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
                    "source": note["source"],
                    "changed_in": note.get("changed_in", ""),
                    "position": positions[number],
                },
            }
        )

    # Report: counts per section, and how the other seeds compare with the current text.
    report.append(f"日本語 {ja_revision} / English {en_revision} / 旧版 = {EARLIER_REVISION}")
    report.append("section   ja(current)  ja(earlier)    en  en-only  examples(ja)")
    for number in all_sections:
        ja_count = sum(1 for p in ja_paragraphs if section_for(p.number) == number)
        seed_count = sum(1 for p in seed_paragraphs if section_for(p.number) == number)
        en_count = sum(1 for p in en_loaded if section_for(p.number) == number)
        only_count = sum(1 for n in english_only_numbers if section_for(n) == number)
        ex_count = sum(len(p.examples) for p in ja_paragraphs if section_for(p.number) == number)
        report.append(
            f"{number:<9} {ja_count:>11}  {seed_count:>11}  {en_count:>4}  {only_count:>7}  {ex_count:>12}"
        )
    report.append(
        f"total     {len(ja_paragraphs):>11}  {len(seed_paragraphs):>11}  {len(en_loaded):>4}  "
        f"{len(english_only_numbers):>7}  {sum(len(p.examples) for p in ja_paragraphs):>12}"
    )
    if unknown_refs:
        report.append(f"参照されているが英語版にない番号: {', '.join(unknown_refs)}")
    if en_missing:
        report.append(f"英語版にない番号: {', '.join(en_missing)}")
    for seed_name, label in (("002_*.txt", "seed 002 (615)"), ("004_*.txt", "seed 004 (702.19)")):
        seed_path = next(iter(seeds.glob(seed_name)), None)
        if seed_path is None:
            continue
        other = parse_numbered(
            seed_path.read_text(encoding="utf-8").splitlines(), example_prefix="例：", dash_prefix=True
        )
        comparison = compare_revisions(ja, other)
        seed_sections = {section_of(p.number, SECTION_NUMBERS) for p in other if not p.heading}
        missing = [
            n for n in comparison["missing_in_seed"] if section_of(n, SECTION_NUMBERS) in seed_sections
        ]
        report.append(
            f"{label}: identical {len(comparison['identical'])}, different {comparison['different'] or 'none'}, "
            f"only in seed {comparison['only_in_seed'] or 'none'}, missing in seed {missing or 'none'}"
        )
    if unlinked_cards:
        report.append(f"cards.json にないカード（リンクしない）: {', '.join(unlinked_cards)}")
    report.append(
        f"glossary: {len(glossary)} official + {len(EXTRA_TERMS)} ours; cards {len(raw_cards)} named; notes {len(note_records)}"
    )

    return (
        {
            "cr.json": sections + paragraphs + examples,
            "glossary.json": term_records,
            "notes.json": note_records,
        },
        report,
    )
