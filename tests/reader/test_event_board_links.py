"""The reader links the curated boards of triggers, Sieges, fights, changes between the damage steps
and multiplayer from the paragraphs they illustrate (「盤面で試す」)."""

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

LINKS = [
    ("310", "310.11b", "cr310-11b"),  # a Siege defeated by first strike, exiled before the regular step
    ("704", "704.5v", "cr704-5v"),  # a defeated Siege waits for its ability
    ("119", "119.9", "cr119-9"),  # 《アジャニの群れ仲間》 with lifelink
    ("603", "603.3b", "cr603-3b"),  # both players' triggers in APNAP order
    ("701.14", "701.14a", "cr701-14a"),  # a fight with deathtouch
    ("510", "510.4", "cr510-4-a"),  # a first striker pumped between the steps
    ("800", "800.4a", "cr800-4a"),  # a player who loses leaves a three-player game
    ("810", "810.9", "cr810-9"),  # Two-Headed Giant's shared life
]


@pytest.mark.parametrize(("section", "paragraph", "slug"), LINKS)
def test_paragraph_links_its_curated_board(section, paragraph, slug):
    response = Client().get(f"/cr/{section}/")
    assert response.status_code == 200
    page = response.content.decode()
    start = page.index(f'id="cr-{paragraph}"')
    # The paragraph's article ends where the next paragraph's begins (its own ids are "cr-<n>-…").
    following = re.compile(r'id="cr-(?!' + re.escape(paragraph) + r'[-"])').search(page, start)
    article = page[start : following.start() if following else len(page)]
    assert f'href="/board/s/{slug}/"' in article
    assert "盤面で試す" in article


@pytest.mark.parametrize(("section", "paragraph", "slug"), LINKS)
def test_the_linked_board_opens(section, paragraph, slug):
    assert Client().get(f"/board/s/{slug}/").status_code == 200
