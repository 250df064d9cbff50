"""Write ``rules_core/model/type_names_ja.py`` from the Japanese CR in ``fixtures/cr.json`` (a maintainer task).

The Japanese CR names every card type (205.2a), every subtype (205.3g-205.3q) and every supertype
(205.4a) as the Japanese cards print it, each as 「日本語／English」 (「クリーチャー／Creature」, 「熊／Bear」,
「伝説の／Legendary」). ``manage.py type_names_ja`` reads those paragraphs of the current Japanese edition
and writes the tables the engine's sentences, the drawn cards and the card pages use; ``--check``
compares instead of writing (exit status 1 when the tables are stale). Run it after ``import_cr``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Final

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.management.commands._fixture_files import is_current, write

PROJECT = Path(__file__).resolve().parents[3]
TABLE = PROJECT / "rules_core" / "model" / "type_names_ja.py"
_PAIR = re.compile(r"「([^「」／]+)／([^「」／]+)」")
KINDS: Final = {
    "CARD_TYPES_JA": (re.compile(r"205\.2a"), "card types (205.2a)"),
    "SUBTYPES_JA": (re.compile(r"205\.3[g-q]"), "subtypes (205.3g-205.3q)"),
    "SUPERTYPES_JA": (re.compile(r"205\.4a"), "supertypes (205.4a)"),
}
"""Each table's name, the paragraphs it is read from, and what it holds."""


def type_pairs(paragraphs: list[dict[str, Any]], rules: re.Pattern[str]) -> dict[str, str]:
    """English type word -> Japanese, from the current Japanese paragraphs whose number matches ``rules``.

    >>> type_pairs([{"number": "205.3q", "language": "ja", "is_current": True,
    ...              "text": "バトル・タイプには、「包囲戦／Siege」がある。"}], KINDS["SUBTYPES_JA"][0])
    {'Siege': '包囲戦'}
    """
    pairs: dict[str, str] = {}
    for paragraph in paragraphs:
        if paragraph.get("language") != "ja" or str(paragraph.get("is_current")) != "True":
            continue
        if not rules.fullmatch(str(paragraph.get("number", ""))):
            continue
        for japanese, english in _PAIR.findall(str(paragraph.get("text", ""))):
            pairs[english.strip()] = japanese.strip()
    return dict(sorted(pairs.items()))


def all_pairs(paragraphs: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """Every table of :data:`KINDS`, read from ``paragraphs``."""
    return {name: type_pairs(paragraphs, rules) for name, (rules, _what) in KINDS.items()}


def table_source(tables: dict[str, dict[str, str]]) -> str:
    """The module's text: a comment that says where it comes from, then one entry per line."""
    lines = [
        '"""Every type word as the Japanese CR names it: written by ``manage.py type_names_ja`` from',
        "``fixtures/cr.json``; do not edit by hand.",
        '"""',
        "",
        "from typing import Final",
    ]
    for name, pairs in tables.items():
        lines += [
            "",
            f"{name}: Final[dict[str, str]] = {{",
            *(
                f"    {json.dumps(en, ensure_ascii=False)}: {json.dumps(ja, ensure_ascii=False)},"
                for en, ja in pairs.items()
            ),
            "}",
            f'"""The {KINDS[name][1]}."""',
        ]
    return "\n".join([*lines, ""])


def paragraphs_of(fixture: Path) -> list[dict[str, Any]]:
    rows = json.loads(fixture.read_text(encoding="utf-8"))
    return [row["fields"] for row in rows if row.get("model") == "tutor.paragraph"]


class Command(BaseCommand):
    help = "総合ルール 205.2a・205.3g〜q・205.4a のタイプ名（日本語／英語）から rules_core の対訳表を作る（保守用）"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check", action="store_true", help="書き出さずに比較だけする（違えば終了コード1）"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        tables = all_pairs(paragraphs_of(PROJECT / "fixtures" / "cr.json"))
        missing = [KINDS[name][1] for name, pairs in tables.items() if not pairs]
        if missing:
            raise CommandError(f"fixtures/cr.json に次のタイプ名がありません: {', '.join(missing)}")
        payload = table_source(tables)
        if options["check"]:
            if not is_current(TABLE, payload):
                raise CommandError("rules_core/model/type_names_ja.py is stale (run manage.py type_names_ja)")
            return
        write(TABLE, payload)
        counts = "、".join(f"{KINDS[name][1]} {len(pairs)}" for name, pairs in tables.items())
        self.stdout.write(f"{counts} → {TABLE.relative_to(PROJECT)}")
