"""Card pages say which block restrictions the engine models for the card (issue 23 item 5)."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tutor.models import Card

pytestmark = pytest.mark.django_db


def _page(slug: str) -> str:
    response = Client().get(f"/cards/{slug}/")
    assert response.status_code == 200
    return html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.mark.parametrize(
    ("slug", "said"),
    [
        ("plague-stinger", "飛行も到達も持たないクリーチャーにはブロックされない (702.9b)"),  # 702.9b
        ("deadly-recluse", "飛行を持つクリーチャーをブロックできる (702.17b)"),  # 702.17b
        ("blighted-agent", "ブロックされない (509.1b)"),  # 509.1b
        ("questing-beast", "パワーが2以下のクリーチャーにはブロックされない (509.1b)"),  # 509.1b
        ("skrelv-defector-mite", "ブロックできない (509.1b)"),  # 509.1b
    ],
)
def test_the_card_page_says_what_is_modelled_for_blocks(slug, said):
    assert said in _page(slug)


def test_evasion_is_no_longer_listed_as_left_out():
    """Flying is checked now (702.9b): no card's note says the board leaves it out."""
    notes = [c.engine_note for c in Card.objects.all()]
    assert notes and not any("飛行は盤面では扱いません" in n or "飛行・" in n for n in notes)


def test_the_catalogue_encodings_carry_the_abilities():
    """Every card whose printed keywords include flying, reach or menace has it in its encoding."""
    printed = {"Flying": "flying", "Reach": "reach", "Menace": "menace", "Defender": "defender"}
    checked = 0
    for card in Card.objects.exclude(engine__isnull=True):
        permanent = next((p for p in card.engine.get("permanents", []) if p.get("id") == "card"), None)
        if permanent is None:
            continue
        for word, keyword in printed.items():
            if word in (card.keywords or []):
                checked += 1
                assert keyword in permanent.get("keywords", []), card.slug
    assert checked >= 15
