"""Share cards: the Open Graph and Twitter meta of a page (``{% share_meta %}`` in ``{% block share %}``)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse
from django.utils.text import Truncator

from tutor.embed.oembed import embed_title, iframe_html

register = template.Library()

SITE_NAME = "ダメージルール・チューター"
DESCRIPTION_CHARS = 200
"""Link previews show about two lines; a longer description is cut by them anyway."""


@register.inclusion_tag("_share_meta.html", takes_context=True)
def share_meta(
    context: template.Context,
    *,
    title: str,
    description: str,
    path: str = "",
    image: str = "",
    oembed: bool = False,
) -> dict[str, Any]:
    """The meta of this page (``path``: its own address, default the request's path without the query;
    ``image``: the path of its preview picture; ``oembed``: link its oEmbed description, for a board permalink)."""
    request = context["request"]
    text = " ".join(str(description).split())
    url = request.build_absolute_uri(path or request.path)
    return {
        "site_name": SITE_NAME,
        "title": title,
        "description": Truncator(text).chars(DESCRIPTION_CHARS),
        "url": url,
        "image": request.build_absolute_uri(image) if image else "",
        "oembed": request.build_absolute_uri(
            f"{reverse('oembed')}?{urlencode({'url': url, 'format': 'json'})}"
        )
        if oembed
        else "",
    }


@register.simple_tag(takes_context=True)
def embed_snippet(context: template.Context, slug: str, title: str) -> str:
    """The iframe HTML another site pastes to show board ``slug`` (shown as text, escaped by the page)."""
    src = context["request"].build_absolute_uri(reverse("embed:board", args=[slug]))
    return iframe_html(src, embed_title(title))
