"""The reader's pages of former rules (拡張, issue 15): the archived English paragraphs that the stages
of another era cite, each with our own Japanese explanation, and the boards that run under that era."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tutor.common.content_cache import cache_content_page
from tutor.common.htmx import HtmxHttpRequest
from tutor.models import FormerRule
from tutor.reader import era_selectors, selectors
from tutor.reader.era_former import FILE_BY_DATE
from tutor.reader.text import is_rule_number
from tutor.results.era_links import ERA_LABELS, former_file_text


def _rule_view(rule: FormerRule, held: set[str]) -> dict[str, Any]:
    """One paragraph to show: its English text and examples with the file's own numbers linked."""
    return {
        "rule": rule,
        "text": former_file_text(rule.text, date=rule.rules_file, held=held),
        "examples": [former_file_text(e, date=rule.rules_file, held=held) for e in rule.examples],
        "said": former_file_text(rule.said_ja, date=rule.rules_file, held=held),
    }


def _context(**extra: Any) -> dict[str, Any]:
    return {"nav": "cr", "linker": selectors.link_context_build(), "era_labels": ERA_LABELS, **extra}


@cache_content_page
@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    """``/cr/former/``: the former rules files, their paragraphs, and the boards of each era."""
    files = era_selectors.former_files()
    boards = era_selectors.era_boards()
    groups = [
        {"era": era, "label": label, "boards": [b for b in boards if era_selectors.board_era(b) == era]}
        for era, label in ERA_LABELS.items()
    ]
    return render(request, "reader/former_index.html", _context(files=files, board_groups=groups))


@cache_content_page
@require_safe
def rules_file(request: HtmxHttpRequest, date: str) -> HttpResponse:
    """``/cr/former/2007-02-01/``: every paragraph the reader holds from one file."""
    found = era_selectors.former_file(date=date)
    if found is None:
        raise Http404("no such rules file")
    held = {r.number for r in found.rules}
    context = _context(
        file=found.file,
        rules=[_rule_view(r, held) for r in found.rules],
        boards=era_selectors.era_boards(era=found.file.era),
    )
    return render(request, "reader/former_file.html", context)


@cache_content_page
@require_safe
def rule(request: HtmxHttpRequest, date: str, number: str) -> HttpResponse:
    """``/cr/former/2007-02-01/310.4a/``: one former paragraph, its explanation, its neighbours."""
    if date not in FILE_BY_DATE or not is_rule_number(number):
        raise Http404("not a former rule")
    found = era_selectors.former_file(date=date)
    current = era_selectors.former_rule(date=date, number=number)
    if found is None or current is None:
        raise Http404("no such former rule")
    held = {r.number for r in found.rules}
    numbers = [r.number for r in found.rules]
    at = numbers.index(number)
    context = _context(
        file=found.file,
        item=_rule_view(current, held),
        before=found.rules[at - 1] if at > 0 else None,
        after=found.rules[at + 1] if at + 1 < len(found.rules) else None,
        boards=era_selectors.era_boards(era=found.file.era),
    )
    return render(request, "reader/former_rule.html", context)
