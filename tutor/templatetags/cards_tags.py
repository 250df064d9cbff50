"""Template helpers of the card catalogue."""

from django import template
from django.utils.safestring import SafeString

from tutor.cards.links import link_cards

register = template.Library()


@register.filter
def card_links(html: SafeString) -> SafeString:
    """``{{ note|card_links }}``: a stage note (escaped HTML) with its 《card》 names linked to their pages."""
    return link_cards(html)
