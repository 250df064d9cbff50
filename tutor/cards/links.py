"""《card》 names in text the engine wrote (stage notes) linked to the catalogue's card pages."""

from __future__ import annotations

import re

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from tutor.common.content_cache import per_content_version
from tutor.models import Card

_CARD_IN_HTML = re.compile(r"《([^《》<>\"\n]{1,60})》")


@per_content_version
def card_hrefs() -> dict[str, str]:
    """Every name and other spelling of a catalogue card -> its page; read again when content changes."""
    hrefs: dict[str, str] = {}
    for ja_name, slug, aliases in Card.objects.exclude(slug=None).values_list("ja_name", "slug", "aliases"):
        href = reverse("cards:detail", args=[slug])
        for surface in [ja_name, *(aliases or [])]:
            if surface:
                hrefs[surface] = href
    return hrefs


def link_cards(html: SafeString | str) -> SafeString:
    """Escaped HTML (whose 《》 stand only in text, never in attributes) with known cards linked.

    Unknown names stay text; a name is linked once per occurrence.
    """
    hrefs = card_hrefs()

    def replace(match: re.Match[str]) -> str:
        href = hrefs.get(match.group(1))
        return f'<a class="card-ref" href="{href}">{match.group(0)}</a>' if href else match.group(0)

    return mark_safe(_CARD_IN_HTML.sub(replace, str(html)))  # the input was escaped HTML already
