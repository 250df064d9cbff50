"""Read-only queries of the board area: stored boards, the curated ones, and the reader's section of each rule."""

from __future__ import annotations

from tutor.models import Paragraph, Scenario


def scenario_get(*, slug: str) -> Scenario | None:
    """The stored board with permalink ``slug``."""
    return Scenario.objects.filter(slug=slug).first()


def scenario_list_curated() -> list[Scenario]:
    """The curated boards (the CR's examples and one board per paragraph), in their order."""
    return list(Scenario.objects.filter(is_curated=True).order_by("position", "id"))


def rule_sections(*, numbers: list[str] | set[str]) -> dict[str, str]:
    """The reader's section page for each paragraph number (one query); unknown numbers are left out."""
    wanted = [n for n in set(numbers) if n]
    if not wanted:
        return {}
    rows = (
        Paragraph.objects.filter(number__in=wanted, is_current=True)
        .order_by("language")
        .values_list("number", "section__number")
    )
    found: dict[str, str] = {}
    for number, section in rows:
        found.setdefault(number, section)
    return found
