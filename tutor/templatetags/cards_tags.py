"""Template helpers of the card catalogue."""

from django import template

from tutor.cards.keywords import keyword_ja as _keyword_ja

register = template.Library()


@register.filter
def keyword_ja(keyword: str) -> str:
    """``{{ "Trample"|keyword_ja }}`` → トランプル."""
    return _keyword_ja(keyword)
