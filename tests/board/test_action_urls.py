"""The board's action URLs, reversed once and given each board's slug, are the URLs ``reverse`` gives."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tutor.board.urls import EDITS
from tutor.board.views.flow import board_urls
from tutor.models import Scenario


@pytest.mark.parametrize("slug", ["cr702-19b-ex2", "abc123", "cr120-4"])
def test_each_action_url_is_the_reversed_one(slug):
    urls = board_urls(Scenario(slug=slug))
    for _route, _view, name in EDITS:
        assert urls[name] == reverse(f"board:{name}", args=[slug])
    assert urls["page"] == reverse("board:scenario", args=[slug])


def test_the_empty_board_has_its_own_action_urls():
    urls = board_urls(None)
    for _route, _view, name in EDITS:
        assert urls[name] == reverse(f"board:{name}")
