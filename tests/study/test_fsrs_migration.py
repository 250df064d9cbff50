"""The data migration from Leitner boxes to FSRS cards (issue 24, item 5): rows made under the old
schema come out as cards of the state their box meant, with their due time kept, and go back to their
boxes when the migration is reversed."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tutor", "0009_whole_cr")]
AFTER = [("tutor", "0010_fsrs_review")]
DUE = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)

pytestmark = pytest.mark.django_db(transaction=True)


def _migrate(targets: list[tuple[str, str]]) -> Any:
    """The apps registry after migrating to ``targets``."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_apps() -> Iterator[Any]:
    apps = _migrate(BEFORE)
    yield apps
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # the schema the other tests expect


def _old_rows(apps: Any) -> dict[int, int]:
    """One row per box, each due at ``DUE`` plus the box in hours; returns box -> pk."""
    user_model = apps.get_model("auth", "User")
    review_item = apps.get_model("tutor", "ReviewItem")
    user = user_model.objects.create(username="leitner")
    rows = {}
    for box in range(1, 6):
        item = review_item.objects.create(
            user=user if box == 5 else None,
            learner_key=f"k{box}",
            source=f"builtin:kind-{box}",
            level="l1",
            topic="120.3",
            title=f"種類{box}",
            box=box,
            due_at=DUE + timedelta(hours=box),
            lapses=box,
        )
        rows[box] = item.pk
    return rows


def test_leitner_rows_become_fsrs_cards_with_their_due_times_kept(old_apps):
    rows = _old_rows(old_apps)
    apps = _migrate(AFTER)
    review_item = apps.get_model("tutor", "ReviewItem")
    items = {box: review_item.objects.get(pk=pk) for box, pk in rows.items()}
    assert "box" not in {f.name for f in review_item._meta.get_fields()}
    waits = {
        1: timedelta(minutes=1),
        2: timedelta(minutes=10),
        3: timedelta(1),
        4: timedelta(3),
        5: timedelta(7),
    }
    for box, item in items.items():
        assert item.due_at == DUE + timedelta(hours=box)  # nothing comes back sooner or later
        assert item.last_review_at == item.due_at - waits[box]  # the box's wait before it
        assert item.lapses == box and item.title == f"種類{box}"
        assert item.stability > 0 and 1 <= item.difficulty <= 10
    # boxes 1 and 2 are the two fixed steps of learning (state 1); 3 to 5 are learned (state 2)
    assert [(items[b].state, items[b].step) for b in (1, 2)] == [(1, 0), (1, 1)]
    assert all(items[b].state == 2 and items[b].step is None for b in (3, 4, 5))
    stabilities = [items[b].stability for b in range(1, 6)]
    assert stabilities == sorted(stabilities) and len(set(stabilities)) == 5
    assert items[5].user.username == "leitner"  # the owner stays


def test_a_migrated_card_goes_on_under_the_current_scheduler():
    """After the migration a converted row is a card the services rate: a right answer when due moves
    box 2's card out of the steps, with a wait of a day or more."""
    from tutor.models import ReviewItem, ReviewState
    from tutor.study import review

    item = ReviewItem(
        learner_key="k-go", source="builtin:x", level="l1", topic="120.3", title="t", due_at=DUE
    )
    item.card_store(review.card_for_box(2, DUE))
    item.save()
    item.card_store(review.card_review(item.card(), correct=True, now=DUE))
    item.save()
    item.refresh_from_db()
    assert item.state == ReviewState.REVIEW and item.due_at - DUE >= timedelta(days=1)


def test_reversing_the_migration_gives_the_boxes_back(old_apps):
    rows = _old_rows(old_apps)
    _migrate(AFTER)
    apps = _migrate(BEFORE)
    review_item = apps.get_model("tutor", "ReviewItem")
    boxes = {box: review_item.objects.get(pk=pk).box for box, pk in rows.items()}
    assert boxes == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}
    assert all(review_item.objects.get(pk=pk).due_at == DUE + timedelta(hours=b) for b, pk in rows.items())
