"""Template helpers of the card catalogue."""

from django import template
from django.utils.safestring import SafeString

from tutor.cards.keywords import keyword_ja as _keyword_ja
from tutor.cards.links import link_cards

register = template.Library()


@register.filter
def keyword_ja(keyword: str) -> str:
    """``{{ "Trample"|keyword_ja }}`` → トランプル."""
    return _keyword_ja(keyword)


@register.filter
def card_links(html: SafeString) -> SafeString:
    """``{{ note|card_links }}``: a stage note (escaped HTML) with its 《card》 names linked to their pages."""
    return link_cards(html)
