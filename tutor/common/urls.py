"""The reader's URLs for paragraph numbers, built with ``reverse`` so each route is written once
(``tutor/reader/urls.py``). Board, study and the reader's own linker all link paragraphs through here."""

from __future__ import annotations

import re
from functools import lru_cache

from django.urls import reverse


@lru_cache(maxsize=1024)
def section_url(section: str) -> str:
    """The reader's page of one section (``/cr/615/``); routes never change at run time, so it is cached."""
    return reverse("reader:section", args=[section])


def rule_url(section: str, number: str | None = None) -> str:
    """The anchor of paragraph ``number`` on its section's page, or the page itself without a number.

    >>> rule_url("615", "615.7"), rule_url("702.19")
    ('/cr/615/#cr-615.7', '/cr/702.19/')
    """
    page = section_url(section)
    return f"{page}#cr-{number}" if number else page


# The general paragraphs of 701 and 702 (701.1, 702.1) are on the page of the rule itself; every
# other numbered paragraph of them is a keyword with a page of its own.
GENERAL_KEYWORD_RULES = frozenset({"701.1", "702.1"})

_RULE_NUMBER = re.compile(r"^(?P<base>\d{3})(?:\.(?P<sub>\d+)(?P<letter>[a-z])?)?\.?$")


def cr_section(number: str) -> str | None:
    """The reader's section page for a paragraph number: 702 keyword rules and 701 keyword actions
    have a page per keyword, every other rule a page per three-digit rule.

    >>> [cr_section(n) for n in ("120.4a", "702.19b", "615.7", "704.5g", "310", "609.7b", "702.1a", "nonsense")]
    ['120', '702.19', '615', '704', '310', '609', '702', None]
    """
    match = _RULE_NUMBER.match(number.strip())
    if match is None:
        return None
    base, sub = match.group("base"), match.group("sub")
    if base in {"701", "702"} and sub and f"{base}.{sub}" not in GENERAL_KEYWORD_RULES:
        return f"{base}.{sub}"
    return base


def cr_url(number: str) -> str | None:
    """``/cr/<section>/#cr-<number>``, the reader's anchor for one paragraph (``None``: not a rule number).

    >>> cr_url("120.4a"), cr_url("702.19"), cr_url("310")
    ('/cr/120/#cr-120.4a', '/cr/702.19/', '/cr/310/')
    """
    section = cr_section(number)
    if section is None:
        return None
    number = number.strip().rstrip(".")
    return rule_url(section, None if number == section else number)
