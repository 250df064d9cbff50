"""Read-only queries for the reader's pages of former rules (拡張, issue 15)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.models import FormerRule, Scenario
from tutor.reader.era_former import FILE_BY_DATE, FILES, FormerFile


@dataclass
class FormerFileView:
    """One archived rules file with the paragraphs the reader holds from it."""

    file: FormerFile
    rules: list[FormerRule]


def former_files() -> list[FormerFileView]:
    """Every file, in the order of :data:`~tutor.reader.era_former.FILES`, with its paragraphs (1 query)."""
    by_file: dict[str, list[FormerRule]] = {}
    for rule in FormerRule.objects.all():
        by_file.setdefault(rule.rules_file, []).append(rule)
    return [FormerFileView(f, by_file[f.date]) for f in FILES if f.date in by_file]


def former_file(*, date: str) -> FormerFileView | None:
    known = FILE_BY_DATE.get(date)
    if known is None:
        return None
    rules = list(FormerRule.objects.filter(rules_file=date))
    return FormerFileView(known, rules) if rules else None


def former_rule(*, date: str, number: str) -> FormerRule | None:
    return FormerRule.objects.filter(rules_file=date, number=number).first()


ERA_BOARD_PREFIX = "crera-"
"""The slugs of the curated boards about the eras (their today's versions store no ``era`` key)."""


def board_era(board: Scenario) -> str:
    era = board.document.get("era")
    return era if isinstance(era, str) else "current"


def era_boards(*, era: str | None = None) -> list[Scenario]:
    """The curated boards about the eras (all of them, or those of one era), in their curated order."""
    boards = Scenario.objects.filter(is_curated=True, slug__startswith=ERA_BOARD_PREFIX).only(
        "slug", "title", "document", "position"
    )
    return [b for b in boards if era is None or board_era(b) == era]
