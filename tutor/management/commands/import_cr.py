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
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.management.commands._cr_notes import (
    EDITORIAL_TITLES,
)
from tutor.management.commands._fixture_files import dump, is_current, write
from tutor.reader.text import is_within, rule_refs

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
        if not (source / "cr" / "ja-full").is_dir():
            raise CommandError(f"{source}/cr/ja-full がありません（--source には ../shared を指定）")
        files, report = build_fixtures(source, output)
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


JA_FILE = "comprehensive-rules-ja-*.txt"


def build_fixtures(
    source: Path, output: Path | None = None
) -> tuple[dict[str, list[dict[str, Any]]], list[str]]:
    """The fixtures from the sources. ``output`` (fixtures/) gives the card catalogue's slugs, so that
    card names link at import time (``import_cards`` writes that file)."""
    from tutor.management.commands._cr_build import build

    return build(source, output)
