"""Paragraph numbers as links to the reader."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tutor.common.urls import cr_section, rule_url
from tutor.results.era_links import former_rule_link

_RULE_IN_TEXT = re.compile(r"(?<![\d.])([1-9]\d{2}\.\d+[a-z]?)(?![\d])")


def section_of(number: str) -> str:
    """The reader's section page for a paragraph number (``120.4a`` → ``120``, ``702.19b`` → ``702.19``).

    >>> section_of("120.4a"), section_of("702.19b"), section_of("615.12a"), section_of("800.4a")
    ('120', '702.19', '615', '800')
    """
    return cr_section(number) or number


def rule_link(number: str, sections: Mapping[str, str] | None = None) -> dict[str, str]:
    """``{"number": "615.7", "url": "/cr/615/#cr-615.7"}``; ``sections`` (from the database) wins over the guess.

    A former rules file's paragraph (``"2024-08-02:510.1c"``, a violation of another era) links to its
    page under that era (:mod:`tutor.results.era_links`).
    """
    if ":" in number:
        return former_rule_link(number)
    section = (sections or {}).get(number) or section_of(number)
    return {"number": number, "url": rule_url(section, number)}


def linked_text(
    text: str, sections: Mapping[str, str] | None = None, *, former: Collection[str] = ()
) -> SafeString:
    """``text`` escaped, with every paragraph number in it (``(615.7)``) linked to the reader.

    ``former``: numbers that stand for a former rules file's paragraphs here (a stage of another era):
    they stay plain text, since today's paragraph of that number says something else.

    >>> str(linked_text("<b> は軽減される (615.7)。"))
    '&lt;b&gt; は軽減される (<a href="/cr/615/#cr-615.7">615.7</a>)。'
    >>> str(linked_text("(310.4a, 510.2)", former={"310.4a"}))
    '(310.4a, <a href="/cr/510/#cr-510.2">510.2</a>)'
    """
    escaped = str(escape(text))

    def link(match: re.Match[str]) -> str:
        number = match.group(1)
        if number in former:
            return number
        return f'<a href="{rule_link(number, sections)["url"]}">{number}</a>'

    return mark_safe(_RULE_IN_TEXT.sub(link, escaped))


def rule_links(numbers: Iterable[str], sections: Mapping[str, str] | None = None) -> list[dict[str, str]]:
    seen: list[str] = []
    for n in numbers:
        if n and n not in seen:
            seen.append(n)
    return [rule_link(n, sections) for n in seen]
