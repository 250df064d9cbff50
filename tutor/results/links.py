"""Paragraph numbers as links to the reader."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tutor.common.urls import cr_section, rule_url

_RULE_IN_TEXT = re.compile(r"(?<![\d.])([1-9]\d{2}\.\d+[a-z]?)(?![\d])")


def section_of(number: str) -> str:
    """The reader's section page for a paragraph number (``120.4a`` → ``120``, ``702.19b`` → ``702.19``).

    >>> section_of("120.4a"), section_of("702.19b"), section_of("615.12a"), section_of("800.4a")
    ('120', '702.19', '615', '800.4')
    """
    return cr_section(number) or number


def rule_link(number: str, sections: Mapping[str, str] | None = None) -> dict[str, str]:
    """``{"number": "615.7", "url": "/cr/615/#cr-615.7"}``; ``sections`` (from the database) wins over the guess."""
    section = (sections or {}).get(number) or section_of(number)
    return {"number": number, "url": rule_url(section, number)}


def linked_text(text: str, sections: Mapping[str, str] | None = None) -> SafeString:
    """``text`` escaped, with every paragraph number in it (``(615.7)``) linked to the reader.

    >>> str(linked_text("<b> は軽減される (615.7)。"))
    '&lt;b&gt; は軽減される (<a href="/cr/615/#cr-615.7">615.7</a>)。'
    """
    escaped = str(escape(text))
    return mark_safe(
        _RULE_IN_TEXT.sub(
            lambda m: f'<a href="{rule_link(m.group(1), sections)["url"]}">{m.group(1)}</a>', escaped
        )
    )


def rule_links(numbers: Iterable[str], sections: Mapping[str, str] | None = None) -> list[dict[str, str]]:
    seen: list[str] = []
    for n in numbers:
        if n and n not in seen:
            seen.append(n)
    return [rule_link(n, sections) for n in seen]
