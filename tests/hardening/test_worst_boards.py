"""The worst boards known (``bench/limit_boards.py``, the hardening report's list) open every page, and
the work of each page is bounded by what it shows, not by the size of the whole result.

Not timed (``bench/bench_limits.py`` prints the times): the work is counted instead. A page resolves
the board a bounded number of times (the board itself, the players' choices compared, the eras side by
side, the assignment panel's first step), writes out at most ``PAGE_ITEMS`` notes and changes, and
details only the stages it shows.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.test import Client

from bench.limit_boards import CASES
from rules_core import engine
from tutor.board.forms.prediction import PREDICTED_PERMANENTS
from tutor.board.services import scenario_save
from tutor.results.choices import MAX_DECISIONS, MAX_ORDERS, MAX_SPLITS
from tutor.results.stages import INDEX_ENTRIES, PAGE_ITEMS

WORST = [
    "era-order-blockers",
    "trigger-chain",
    "redirection-cycle",
    "spell-effects",
    "two-headed-giant",
    "stack-actions-2007",
    "double-strikers",
]
QUERIES = ["", "?stage=1", "?stage=all", "?stage=all&eras=1"]
MOST_RESOLUTIONS = 1 + MAX_DECISIONS * max(MAX_ORDERS, MAX_SPLITS) + 3 + 1
"""The board, each option compared, the three eras, the assignment panel's first step."""


@contextmanager
def counted_resolutions() -> Iterator[list[int]]:
    """How many times ``rules_core.resolve`` starts, whatever name a module imported it under."""
    monitoring = sys.monitoring
    tool = monitoring.OPTIMIZER_ID  # a tool id nothing else in the test run takes
    monitoring.use_tool_id(tool, "resolutions")
    calls = [0]

    def started(code: object, offset: int) -> None:
        calls[0] += 1

    monitoring.register_callback(tool, monitoring.events.PY_START, started)
    monitoring.set_local_events(tool, engine.resolve.__code__, monitoring.events.PY_START)
    try:
        yield calls
    finally:
        monitoring.set_local_events(tool, engine.resolve.__code__, 0)
        monitoring.register_callback(tool, monitoring.events.PY_START, None)
        monitoring.free_tool_id(tool)


def _lines_written(html: str) -> int:
    """Notes and changes the page wrote out in its stages."""
    notes = sum(
        block.count("<li>") for block in re.findall(r'<ul class="stage-notes">(.*?)</ul>', html, re.S)
    )
    changes = html.count('<li class="change')
    return notes + changes


@pytest.fixture(scope="module")
def slugs(django_db_setup, django_db_blocker) -> dict[str, str]:
    with django_db_blocker.unblock():
        return {name: scenario_save(document=CASES[name]()).slug for name in WORST}


@pytest.mark.django_db
@pytest.mark.parametrize("name", WORST)
def test_worst_board_opens_every_page_with_bounded_work(settings, slugs: dict[str, str], name: str) -> None:
    settings.CONTENT_CACHE = False  # every page built, none served from the cache
    client = Client()
    for query in QUERIES:
        with counted_resolutions() as calls:
            response = client.get(f"/board/s/{slugs[name]}/{query}")
        assert response.status_code == 200, (name, query)
        html = response.content.decode()
        assert (1 if query else 0) <= calls[0] <= MOST_RESOLUTIONS, (name, query, calls[0])
        assert _lines_written(html) <= PAGE_ITEMS + 40, (name, query)
        articles = html.count('<article class="stage ')
        if query == "?stage=1":
            assert articles == 1
        assert html.count('<li><a href="') <= 10_000
        index = re.search(r'<ol class="stage-index">(.*?)</ol>', html, re.S)
        if index:
            assert index.group(1).count("<li>") <= INDEX_ENTRIES + 41 + 2
        assert len(response.content) < 2 * 1024 * 1024, (name, query, len(response.content))


@pytest.mark.django_db
def test_a_long_result_names_what_it_leaves_out(settings, slugs: dict[str, str]) -> None:
    """The 100-trigger chain has 705 stages (CR 603, 120.4, 704 for each): ?stage=all details what fits
    and says how many it leaves out; each of them opens on its own (?stage=N)."""
    settings.CONTENT_CACHE = False
    client = Client()
    html = client.get(f"/board/s/{slugs['trigger-chain']}/?stage=all").content.decode()
    assert "段階がとても多いので、全705段階のうち" in html
    last = client.get(f"/board/s/{slugs['trigger-chain']}/?stage=705").content.decode()
    assert last.count('<article class="stage ') == 1
    assert "段階 <b>705</b> / 705" in last


@pytest.mark.django_db
def test_a_huge_stage_says_how_many_lines_it_leaves_out(settings, slugs: dict[str, str]) -> None:
    """24 effects on each of 100 creatures: the 120.4b stage alone has about 4,900 notes and changes."""
    settings.CONTENT_CACHE = False
    html = Client().get(f"/board/s/{slugs['spell-effects']}/?stage=2").content.decode()
    assert re.search(r"この段階には、ほかに[0-9]+件の記述があります", html)
    assert _lines_written(html) <= PAGE_ITEMS


@pytest.mark.django_db
def test_prediction_form_asks_about_the_first_permanents_of_a_large_board(
    settings, slugs: dict[str, str]
) -> None:
    settings.CONTENT_CACHE = False
    html = Client().get(f"/board/s/{slugs['trigger-chain']}/").content.decode()
    assert f"予想できるのは盤面の最初の{PREDICTED_PERMANENTS}個まで" in html
    assert html.count('name="leaves_') == PREDICTED_PERMANENTS
