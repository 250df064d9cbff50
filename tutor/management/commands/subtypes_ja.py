"""Write ``rules_core/model/subtypes_ja.py`` from the Japanese CR in ``fixtures/cr.json`` (a maintainer task).

CR 205.3g-205.3q name every subtype as the Japanese cards print it, each as 「日本語／English」
(「熊／Bear」, 「包囲戦／Siege」). ``manage.py subtypes_ja`` reads those paragraphs of the current
Japanese edition and writes the table the engine's sentences and the drawn cards use; ``--check``
compares instead of writing (exit status 1 when the table is stale). Run it after ``import_cr``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.management.commands._fixture_files import is_current, write

PROJECT = Path(__file__).resolve().parents[3]
TABLE = PROJECT / "rules_core" / "model" / "subtypes_ja.py"
_PAIR = re.compile(r"「([^「」／]+)／([^「」／]+)」")
_SUBTYPE_RULES = re.compile(r"205\.3[g-q]")


def subtype_pairs(paragraphs: list[dict[str, Any]]) -> dict[str, str]:
    """English subtype -> Japanese, from the current Japanese paragraphs 205.3g-205.3q.

    >>> subtype_pairs([{"number": "205.3q", "language": "ja", "is_current": True,
    ...                 "text": "バトル・タイプには、「包囲戦／Siege」がある。"}])
    {'Siege': '包囲戦'}
    """
    pairs: dict[str, str] = {}
    for paragraph in paragraphs:
        if paragraph.get("language") != "ja" or str(paragraph.get("is_current")) != "True":
            continue
        if not _SUBTYPE_RULES.fullmatch(str(paragraph.get("number", ""))):
            continue
        for japanese, english in _PAIR.findall(str(paragraph.get("text", ""))):
            pairs[english.strip()] = japanese.strip()
    return dict(sorted(pairs.items()))


def table_source(pairs: dict[str, str]) -> str:
    """The module's text: a comment that says where it comes from, then one entry per line."""
    lines = [
        '"""Every subtype as the Japanese CR names it (205.3g-205.3q): written by ``manage.py subtypes_ja``',
        "from ``fixtures/cr.json``; do not edit by hand.",
        '"""',
        "",
        "from typing import Final",
        "",
        "SUBTYPES_JA: Final[dict[str, str]] = {",
        *(
            f"    {json.dumps(en, ensure_ascii=False)}: {json.dumps(ja, ensure_ascii=False)},"
            for en, ja in pairs.items()
        ),
        "}",
        "",
    ]
    return "\n".join(lines)


def paragraphs_of(fixture: Path) -> list[dict[str, Any]]:
    rows = json.loads(fixture.read_text(encoding="utf-8"))
    return [row["fields"] for row in rows if row.get("model") == "tutor.paragraph"]


class Command(BaseCommand):
    help = "総合ルール 205.3g〜q のサブタイプ名（日本語／英語）から rules_core の対訳表を作る（保守用）"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check", action="store_true", help="書き出さずに比較だけする（違えば終了コード1）"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        pairs = subtype_pairs(paragraphs_of(PROJECT / "fixtures" / "cr.json"))
        if not pairs:
            raise CommandError("fixtures/cr.json に 205.3g〜q のサブタイプがありません")
        payload = table_source(pairs)
        if options["check"]:
            if not is_current(TABLE, payload):
                raise CommandError("rules_core/model/subtypes_ja.py is stale (run manage.py subtypes_ja)")
            return
        write(TABLE, payload)
        self.stdout.write(f"{len(pairs)} subtypes → {TABLE.relative_to(PROJECT)}")
