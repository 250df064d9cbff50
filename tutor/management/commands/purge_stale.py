"""Delete what anonymous visitors left behind: old study data, expired sessions, unused boards.

* Study data without an account (questions, their answers, review items, the learner's rating) of
  every learner key that has not been active for ``--days`` days (default 30): a learner's rows go together, so nobody who
  studied yesterday loses last month's answers. Rows of signed-in learners are never touched.
* Expired sessions (Django's ``clearsessions``).
* Boards (``Scenario``) that are not curated, were created more than ``--days`` days ago and are not
  the board of any study question that is kept. Boards have no "last viewed" time and no owner, so
  their creation time is what counts, and a board a signed-in learner studied is kept through that
  learner's question.

``--dry-run`` prints the counts without deleting anything. Meant for cron (README, production).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from tutor.models import Exam, LearnerRating, ReviewItem, Scenario, StudyAttempt, StudyQuestion

DEFAULT_DAYS = 30


ACTIVITY = (
    (StudyQuestion, "created_at"),
    (StudyAttempt, "answered_at"),
    (ReviewItem, "updated_at"),
    (LearnerRating, "updated_at"),
    (Exam, "started_at"),
)


def _without_active_learners[
    Rows: (
        QuerySet[StudyQuestion],
        QuerySet[StudyAttempt],
        QuerySet[ReviewItem],
        QuerySet[LearnerRating],
        QuerySet[Exam],
    )
](queryset: Rows, cutoff: datetime) -> Rows:
    """``queryset`` less the rows of anonymous learner keys active since ``cutoff`` (as subqueries, so
    any number of learners stays one statement)."""
    for model, moment in ACTIVITY:
        active = model.objects.filter(user__isnull=True, **{f"{moment}__gte": cutoff}).values("learner_key")
        queryset = queryset.exclude(learner_key__in=active)
    return queryset


def stale_rows(cutoff: datetime) -> dict[str, QuerySet[Any]]:
    """What would be deleted for ``cutoff``, by kind (the querysets are lazy)."""
    questions = _without_active_learners(StudyQuestion.objects.filter(user__isnull=True), cutoff)
    attempts = _without_active_learners(StudyAttempt.objects.filter(user__isnull=True), cutoff)
    reviews = _without_active_learners(ReviewItem.objects.filter(user__isnull=True), cutoff)
    learner_ratings = _without_active_learners(LearnerRating.objects.filter(user__isnull=True), cutoff)
    exams = _without_active_learners(Exam.objects.filter(user__isnull=True), cutoff)
    kept_boards = (
        StudyQuestion.objects.exclude(pk__in=questions.values("pk"))
        .exclude(board_slug="")
        .values("board_slug")
    )
    boards = Scenario.objects.filter(is_curated=False, created_at__lt=cutoff).exclude(slug__in=kept_boards)
    return {
        "questions": questions,
        "attempts": attempts,
        "reviews": reviews,
        "ratings": learner_ratings,
        "exams": exams,
        "boards": boards,
    }


LABELS = {
    "questions": "出題（アカウントなし）",
    "attempts": "回答（アカウントなし）",
    "reviews": "復習（アカウントなし）",
    "ratings": "レーティング（アカウントなし）",
    "exams": "模擬試験（アカウントなし）",
    "boards": "盤面（収録でなく、使われていない）",
    "sessions": "期限切れのセッション",
}


class Command(BaseCommand):
    help = "古い匿名の練習データ・期限切れのセッション・使われていない盤面を削除する(--dry-run は件数だけ)"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=DEFAULT_DAYS,
            help=f"この日数より前のものを削除する(既定 {DEFAULT_DAYS})",
        )
        parser.add_argument("--dry-run", action="store_true", help="削除せずに件数だけ表示する")

    def handle(self, *args: Any, **options: Any) -> None:
        days = options["days"]
        if days < 1:
            raise CommandError("--days は1以上で指定してください")
        cutoff = timezone.now() - timedelta(days=days)
        rows = stale_rows(cutoff)
        counts = {kind: queryset.count() for kind, queryset in rows.items()}
        counts["sessions"] = Session.objects.filter(expire_date__lt=timezone.now()).count()
        verb = "削除予定" if options["dry_run"] else "削除"
        if not options["dry_run"]:
            with transaction.atomic():
                # attempts first: a question's deletion would cascade to them anyway, but counting
                # them apart keeps the printed figures true when an answer outlived its question's key
                rows["attempts"].delete()
                rows["questions"].delete()
                rows["reviews"].delete()
                rows["ratings"].delete()
                rows["exams"].delete()
                rows["boards"].delete()
            call_command("clearsessions")
        self.stdout.write(
            f"{days}日より前: " + "、".join(f"{LABELS[k]} {n}件{verb}" for k, n in counts.items())
        )
