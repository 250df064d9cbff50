"""Links to the paragraphs of former rules files (拡張, issue 15): ``"2007-02-01:310.4a"`` → the
reader's page of that paragraph under its era (``/cr/former/2007-02-01/310.4a/``).

A stage of another era cites its file's paragraphs in ``era_rules`` and writes them in its notes as
「(2007-02-01版 310.4a)」; the same notes also name today's paragraphs (「現在のルールでは… (510.2)」).
:func:`era_linked_text` links each number to the right one.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import Any

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tutor.common.urls import cr_section, rule_url
from tutor.reader.era_former import file_label

_RULE_IN_TEXT = re.compile(r"(?<![\d.])([1-9]\d{2}\.\d+[a-z]?)(?![\d])")
_CITED_AFTER_FILE = re.compile(r"(\d{4}-\d{2}-\d{2})版 ((?:[1-9]\d{2}\.\d+[a-z]?(?:, )?)+)")
_TODAY = ("現在のルール", "今のルール", "今は")
"""A sentence that says what today's rules do names today's paragraphs."""

ERA_LABELS = {"current": "現在のルール", "2009-2024": "2009-2024年のルール", "2007": "2007年のルール"}


@lru_cache(maxsize=512)
def former_url(date: str, number: str) -> str:
    """The reader's page of one former paragraph.

    >>> former_url("2007-02-01", "310.4a")
    '/cr/former/2007-02-01/310.4a/'
    """
    return reverse("former:rule", args=[date, number])


def split_cite(cite: str) -> tuple[str, str]:
    """``"2007-02-01:310.4a"`` → ``("2007-02-01", "310.4a")``.

    >>> split_cite("2024-08-02:510.1c")
    ('2024-08-02', '510.1c')
    """
    date, _, number = cite.partition(":")
    return date, number


def former_rule_link(cite: str) -> dict[str, str]:
    """``{"number": "310.4a", "file": "2007-02-01", "label": "2007年2月1日版 310.4a", "url": …}``."""
    date, number = split_cite(cite)
    return {
        "number": number,
        "file": date,
        "file_label": file_label(date),
        "label": f"{file_label(date)} {number}",
        "url": former_url(date, number),
    }


def cited_in_note(text: str) -> dict[str, set[str]]:
    """File date → the numbers a note writes after 「<date>版」.

    >>> {d: sorted(n) for d, n in cited_in_note("割り振れません (2024-08-02版 509.2, 510.1c)。今は自由です (510.1c)。").items()}
    {'2024-08-02': ['509.2', '510.1c']}
    """
    found: dict[str, set[str]] = {}
    for match in _CITED_AFTER_FILE.finditer(text):
        found.setdefault(match.group(1), set()).update(_RULE_IN_TEXT.findall(match.group(2)))
    return found


def former_spans(text: str) -> list[tuple[int, int, str]]:
    """Where a text writes former numbers: ``(start, end, file date)`` of each 「<date>版 310.1, 310.4a」.

    >>> former_spans("x (2007-02-01版 310.1, 310.4a)")
    [(3, 28, '2007-02-01')]
    """
    return [(m.start(), m.end(), m.group(1)) for m in _CITED_AFTER_FILE.finditer(text)]


def era_linked_text(
    text: str, sections: Mapping[str, str] | None, *, date: str, former: Collection[str]
) -> SafeString:
    """``text`` escaped, its paragraph numbers linked: a number of ``former`` (the stage's ``era_rules``
    of file ``date``, and those the note writes after 「<date>版」) to the former paragraph's page,
    unless its sentence says what today's rules do; every other number to today's paragraph.

    >>> str(era_linked_text("与えられます (2007-02-01版 310.4a)。現在のルールでは違います (510.2)。",
    ...     {}, date="2007-02-01", former={"310.4a"}))
    '与えられます (2007-02-01版 <a class="former-rule" href="/cr/former/2007-02-01/310.4a/">310.4a</a>)。現在のルールでは違います (<a href="/cr/510/#cr-510.2">510.2</a>)。'
    """
    numbers = set(former) | cited_in_note(text).get(date, set())
    out = []
    for sentence in re.split(r"(?<=。)", str(escape(text))):
        today = any(word in sentence for word in _TODAY)

        def link(match: re.Match[str], today: bool = today) -> str:
            number = match.group(1)
            if number in numbers and not today:
                return f'<a class="former-rule" href="{former_url(date, number)}">{number}</a>'
            section = (sections or {}).get(number) or cr_section(number) or number
            return f'<a href="{rule_url(section, number)}">{number}</a>'

        out.append(_RULE_IN_TEXT.sub(link, sentence))
    return mark_safe("".join(out))


def former_file_text(text: str, *, date: str, held: Collection[str]) -> SafeString:
    """Text of (or about) a former rules file: its numbers that the reader holds from that file link
    to their pages; the others stay plain (today's paragraph of that number says something else).

    >>> str(former_file_text("See rule 310.4a and 419.6b.", date="2007-02-01", held={"310.4a"}))
    'See rule <a class="former-rule" href="/cr/former/2007-02-01/310.4a/">310.4a</a> and 419.6b.'
    """

    def link(match: re.Match[str]) -> str:
        number = match.group(1)
        if number in held:
            return f'<a class="former-rule" href="{former_url(date, number)}">{number}</a>'
        return number

    return mark_safe(_RULE_IN_TEXT.sub(link, str(escape(text))))


def stage_era(stage: Mapping[str, Any]) -> tuple[str, set[str]] | None:
    """The file a stage of another era cites and the numbers it cites from it (None: today's stage).

    >>> stage_era({"era_rules": ["2007-02-01:310.1", "2007-02-01:310.4a"]})[0], stage_era({"rules": ["510.2"]})
    ('2007-02-01', None)
    """
    cites = [str(r) for r in stage.get("era_rules") or () if ":" in str(r)]
    if not cites:
        return None
    date = split_cite(cites[0])[0]
    return date, {split_cite(c)[1] for c in cites if split_cite(c)[0] == date}


__all__ = [
    "ERA_LABELS",
    "cited_in_note",
    "era_linked_text",
    "former_file_text",
    "former_rule_link",
    "former_spans",
    "former_url",
    "split_cite",
    "stage_era",
]
