"""Card text shows its symbols as the mana cost does (issue 14): no raw ``{T}`` or ``{G}`` on a card page."""

import re

import pytest

pytestmark = pytest.mark.django_db

RAW = re.compile(r"\{(?:\d+|[WUBRGCXTQ])\}")


def _text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", re.sub(r"<title>.*?</title>", "", html, flags=re.S))


@pytest.mark.parametrize("slug", ["llanowar-elves", "troll-ascetic", "samite-healer"])
def test_card_pages_draw_the_symbols_of_their_text(client, slug):
    response = client.get(f"/cards/{slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert not RAW.findall(_text_of(html)), RAW.findall(_text_of(html))
    assert 'role="img" aria-label="タップ">(T)</span>' in html or 'aria-label="緑">(G)</span>' in html
