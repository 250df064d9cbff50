"""Template helpers of study mode."""

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tutor.common.urls import cr_url
from tutor.results.era_links import former_spans, former_url

register = template.Library()

_RULE = re.compile(r"(?<![\d.])(\d{3}\.\d+[a-z]?)(?:-([a-z]))?(?![\d])")


@register.filter
def rule_links(text: str) -> SafeString:
    """Escape ``text``, then link every paragraph number (``702.19b``, ``702.90b-c``) to the reader."""

    escaped = str(escape(text or ""))
    # 拡張: numbers written after 「2007-02-01版」 are that former file's (tutor.results.era_links)
    spans = former_spans(escaped)

    def link(match: re.Match[str]) -> str:
        number = match.group(1)
        label = match.group(0)
        former = next((date for start, end, date in spans if start <= match.start() < end), None)
        if former is not None:
            return f'<a class="rule-ref former-rule" href="{escape(former_url(former, number))}">{label}</a>'
        url = cr_url(number)
        if url is None:
            return label
        return f'<a class="rule-ref" href="{escape(url)}">{label}</a>'

    return mark_safe(_RULE.sub(link, escaped))  # escaped first; only numbers are linked


@register.filter
def percent(value: object) -> str:
    return "—" if value is None else f"{value}%"
