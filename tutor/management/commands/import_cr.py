"""Build ``fixtures/`` from the source texts (a maintainer task; the app never reads the sources).

``manage.py import_cr --source ../shared --output fixtures`` reads

- ``cr/ja-full/comprehensive-rules-ja-YYYYMMDD.txt``: the whole Japanese CR (はじめに, every rule,
  例 lines, 用語集);
- ``cr/en/Magic_The_Gathering_Comprehensive_Rules.txt``: the whole English CR, paired with the
  Japanese by number, and by title where the numbers moved (``_cr_full``: 722-732 are the English
  723-733); paragraphs only the English has are flagged ``is_english_only``;
- ``seeds/000_*.txt``: an older Japanese revision of CR 120, kept as the earlier revision;
- ``fixtures/cards.json`` (written by ``import_cards``): the card names that link;

and writes ``cr.json`` (editions, sections, paragraphs, examples), ``glossary.json`` and
``notes.json``, with the link markup of every text made here (``_cr_build``) and primary keys
numbered in source order: the same sources give byte-identical files. ``--check`` compares instead
of writing (exit status 1 when the fixtures are stale).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.management.commands._cr_full import Parsed
from tutor.management.commands._fixture_files import dump, is_current, write

PROJECT = Path(__file__).resolve().parents[3]
_LINE = re.compile(r"^(?P<number>\d{3}(?:\.\d{1,3}[a-z]?)?)\.?\s+(?P<text>\S.*)$")


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
