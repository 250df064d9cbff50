"""Template helpers of study mode."""

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tutor.common.urls import cr_url

register = template.Library()

_RULE = re.compile(r"(?<![\d.])(\d{3}\.\d+[a-z]?)(?:-([a-z]))?(?![\d])")


@register.filter
def rule_links(text: str) -> SafeString:
    """Escape ``text``, then link every paragraph number (``702.19b``, ``702.90b-c``) to the reader."""

    def link(match: re.Match[str]) -> str:
        number = match.group(1)
        url = cr_url(number)
        label = match.group(0)
        if url is None:
            return label
        return f'<a class="rule-ref" href="{escape(url)}">{label}</a>'

    return mark_safe(_RULE.sub(link, str(escape(text or ""))))  # escaped first; only numbers are linked


@register.filter
def percent(value: object) -> str:
    return "—" if value is None else f"{value}%"
