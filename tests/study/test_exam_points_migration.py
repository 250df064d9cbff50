"""Migration 0013 (issue 24): exams scored before parts questions existed had one point for each question
right, so their new ``points`` is their count of right answers; an exam not yet scored keeps 0."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def before() -> Iterator[Any]:
    yield _migrate([("tutor", "0012_study_mixed")])
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # the schema the other tests expect


def test_scored_exams_get_their_right_answers_as_points(before):
    exam = before.get_model("tutor", "Exam")
    scored = exam.objects.create(
        token="scored", learner_key="k", kind="l1", scored_at=timezone.now(), right=14, total=20, passed=True
    )
    open_exam = exam.objects.create(token="open", learner_key="k", kind="l2", total=25)
    after = _migrate([("tutor", "0013_exam_points")]).get_model("tutor", "Exam")
    assert after.objects.get(pk=scored.pk).points == 14
    assert after.objects.get(pk=open_exam.pk).points == 0
