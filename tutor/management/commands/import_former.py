"""Build ``fixtures/former_rules.json`` from the archived English rules files (a maintainer task).

``manage.py import_former --source ../shared --output fixtures`` reads ``cr/en-former/<date>.txt``
for every file of :data:`tutor.reader.era_former.FILES` and copies, for each paragraph that
:data:`~tutor.reader.era_former.EXPLANATIONS` explains, its English text, its ``Example:`` lines and
the heading of its rule, beside our Japanese explanation. The same sources give a byte-identical
file; ``--check`` compares instead of writing (exit status 1 when the fixture is stale). ``make
import-cr`` runs it after ``import_cr``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.management.commands._fixture_files import dump, is_current, write
from tutor.reader.era_former import EXPLANATIONS, FILE_BY_DATE

OUTPUT_NAME = "former_rules.json"
_NUMBERED = re.compile(r"^(?P<number>\d{3}(?:\.\d{1,3}[a-z]?)?)\.?\s+(?P<text>\S.*)$")


def paragraphs_of(text: str) -> dict[str, tuple[str, list[str]]]:
    """number → (text, examples) for every numbered line of a rules file's body (the contents list
    before it names rules only, which the body repeats with their paragraphs: the last one wins).

    >>> paragraphs_of("310. Combat\\n\\n310.1. Damage.\\n\\nExample: One.\\n\\n310.2 Next.")["310.1"]
    ('Damage.', ['One.'])
    """
    found: dict[str, tuple[str, list[str]]] = {}
    last: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("Example:") and last is not None:
            found[last][1].append(line[len("Example:") :].strip())
            continue
        match = _NUMBERED.match(line)
        if match:
            last = match.group("number")
            found[last] = (match.group("text").strip(), [])
        elif line == "Glossary" and last is not None:
            last = None
    return found


def decoded(raw: bytes) -> str:
    r"""The file's text: UTF-8, or Windows-1252 for the older files (the 2007 one spells a creature
    type with a byte of that code page).

    >>> decoded("Hajj\u00e2j".encode()), decoded(b"Hajj\x89j")
    ('Hajjâj', 'Hajj‰j')
    """
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def heading_of(number: str, paragraphs: dict[str, tuple[str, list[str]]]) -> str:
    """The English heading of the rule a paragraph belongs to: ``702.19b`` → 「Trample」, ``310.4a`` →
    「Combat Damage Step」 (a keyword's own heading first, then the three-digit rule's)."""
    base, _, sub = number.partition(".")
    digits = re.match(r"\d+", sub)
    candidates = [f"{base}.{digits.group(0)}"] if digits and base in {"502", "701", "702"} else []
    for candidate in [*candidates, base]:
        if candidate in paragraphs and not paragraphs[candidate][0].endswith("."):
            return paragraphs[candidate][0]
    return ""


def build_records(source: Path) -> list[dict[str, Any]]:
    """The fixture's records, in the order of the explanations."""
    texts: dict[str, dict[str, tuple[str, list[str]]]] = {}
    records: list[dict[str, Any]] = []
    for position, explanation in enumerate(EXPLANATIONS):
        date = explanation.date
        if date not in FILE_BY_DATE:
            raise CommandError(f"{date}: not a rules file the reader knows")
        if date not in texts:
            path = source / "cr" / "en-former" / f"{date}.txt"
            if not path.is_file():
                raise CommandError(f"{path} がありません(--source には ../shared を指定)")
            texts[date] = paragraphs_of(decoded(path.read_bytes()))
        paragraphs = texts[date]
        if explanation.number not in paragraphs:
            raise CommandError(f"{date}: no paragraph {explanation.number}")
        text, examples = paragraphs[explanation.number]
        records.append(
            {
                "model": "tutor.formerrule",
                "pk": position + 1,
                "fields": {
                    "rules_file": date,
                    "era": FILE_BY_DATE[date].era,
                    "number": explanation.number,
                    "heading": heading_of(explanation.number, paragraphs),
                    "text": text,
                    "examples": examples,
                    "said_ja": explanation.said,
                    "today_ja": explanation.today,
                    "position": position,
                },
            }
        )
    return records


class Command(BaseCommand):
    help = "以前の総合ルール(英語)から、旧ルールの条文と説明を fixtures/ に書き出す(保守用)"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--source", required=True, help="cr/en-former/ のあるディレクトリ(../shared)")
        parser.add_argument("--output", default="fixtures", help="書き出し先(fixtures)")
        parser.add_argument(
            "--check", action="store_true", help="書き出さずに比較だけする(違えば終了コード1)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        records = build_records(Path(options["source"]))
        payload = dump(records)
        path = Path(options["output"]) / OUTPUT_NAME
        if options["check"]:
            if not is_current(path, payload):
                raise CommandError(f"{OUTPUT_NAME} is stale (run make import-cr)")
            self.stdout.write(f"{OUTPUT_NAME}: up to date ({len(records)} paragraphs)")
            return
        write(path, payload)
        self.stdout.write(f"{OUTPUT_NAME}: {len(records)} paragraphs")
