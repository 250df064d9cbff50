"""manage.py purge_stale: old anonymous study data, expired sessions and unused boards go; learners
with an account, recently active anonymous learners, curated boards and boards in use stay."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.management import CommandError, call_command
from django.utils import timezone

from tutor.board.services import scenario_save
from tutor.models import ReviewItem, Scenario, StudyAttempt, StudyQuestion

OLD = timezone.now() - timedelta(days=45)
RECENT = timezone.now() - timedelta(days=2)


def _board(tag: str, *, when) -> Scenario:
    board = scenario_save(document={"players": [{"id": "A", "name": tag}], "event": {}})
    Scenario.objects.filter(pk=board.pk).update(created_at=when)
    return board


def _question(
    key: str, *, user=None, when, board: str = "", answered: bool = True, level: str = "intro"
) -> StudyQuestion:
    question = StudyQuestion.objects.create(
        token=f"t-{key}-{StudyQuestion.objects.count()}",
        user=user,
        learner_key=key,
        source="builtin:x",
        level=level,  # one review row per learner and kind of question (source, level)
        topic="120.3",
        title="問題",
        prompt="?",
        scenario={},
        ask={},
        answer={},
        answer_format="n",
        board_slug=board,
    )
    StudyQuestion.objects.filter(pk=question.pk).update(created_at=when)
    if answered:
        attempt = StudyAttempt.objects.create(
            question=question,
            user=user,
            learner_key=key,
            source="builtin:x",
            topic="120.3",
            level="intro",
            response={},
            response_text="1",
            correct=False,
        )
        StudyAttempt.objects.filter(pk=attempt.pk).update(answered_at=when)
    review = ReviewItem.objects.create(
        user=user,
        learner_key=key,
        source="builtin:x",
        level=level,  # one review row per learner and kind of question (source, level)
        topic="120.3",
        title="問題",
        due_at=when,
    )
    ReviewItem.objects.filter(pk=review.pk).update(updated_at=when)
    return question


@pytest.fixture
def stale_world(db):
    judge = User.objects.create_user("judge", password="damage-rules-42")
    boards = {
        name: _board(name, when=OLD) for name in ("unused", "anonymous-old", "account", "anonymous-recent")
    }
    boards["new"] = _board("new", when=RECENT)
    _question("gone", when=OLD, board=boards["anonymous-old"].slug)
    _question("account-key", user=judge, when=OLD, board=boards["account"].slug)
    _question("active", when=OLD, board=boards["anonymous-recent"].slug)  # old question ...
    _question("active", when=RECENT, answered=False, level="l1")  # ... of a learner active two days ago
    Session.objects.create(
        session_key="expired", session_data="", expire_date=timezone.now() - timedelta(days=1)
    )
    Session.objects.create(
        session_key="live", session_data="", expire_date=timezone.now() + timedelta(days=1)
    )
    return boards


def _purge(*args: str) -> str:
    out = io.StringIO()
    call_command("purge_stale", *args, stdout=out)
    return out.getvalue()


def test_dry_run_counts_and_deletes_nothing(stale_world):
    before = (StudyQuestion.objects.count(), Scenario.objects.count(), Session.objects.count())
    out = _purge("--dry-run")
    assert "出題（アカウントなし） 1件削除予定" in out
    assert "回答（アカウントなし） 1件削除予定" in out
    assert "復習（アカウントなし） 1件削除予定" in out
    assert "盤面（収録でなく、使われていない） 2件削除予定" in out  # "unused" and the gone learner's
    assert "期限切れのセッション 1件削除予定" in out
    assert (StudyQuestion.objects.count(), Scenario.objects.count(), Session.objects.count()) == before


def test_purge_keeps_accounts_active_learners_curated_and_used_boards(stale_world):
    curated = Scenario.objects.filter(is_curated=True).count()
    assert curated > 0
    Scenario.objects.filter(is_curated=True).update(created_at=OLD)
    _purge()
    assert not StudyQuestion.objects.filter(learner_key="gone").exists()
    assert not StudyAttempt.objects.filter(learner_key="gone").exists()
    assert not ReviewItem.objects.filter(learner_key="gone").exists()
    assert StudyQuestion.objects.filter(learner_key="account-key").count() == 1
    assert StudyAttempt.objects.filter(learner_key="account-key").count() == 1
    assert StudyQuestion.objects.filter(learner_key="active").count() == 2
    assert ReviewItem.objects.filter(learner_key="active").count() == 2
    slugs = set(Scenario.objects.values_list("slug", flat=True))
    assert stale_world["unused"].slug not in slugs and stale_world["anonymous-old"].slug not in slugs
    assert {stale_world[k].slug for k in ("account", "anonymous-recent", "new")} <= slugs
    assert Scenario.objects.filter(is_curated=True).count() == curated
    assert list(Session.objects.values_list("session_key", flat=True)) == ["live"]


def test_days_option(stale_world):
    out = _purge("--dry-run", "--days", "60")
    assert "60日より前" in out and "出題（アカウントなし） 0件削除予定" in out
    with pytest.raises(CommandError):
        _purge("--days", "0")
