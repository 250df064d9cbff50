"""The review queue moves from Leitner boxes to FSRS cards (``tutor.study.review``), and learners and kinds
of question get ratings (``tutor.study.ratings``).

Each stored row's box becomes a card by replaying the history the box implies: one wrong answer, then
one right answer per box above the first, each when it was due (the Leitner waits: 1 minute, 10 minutes,
1 day, 3 days, 7 days); the row's due time is kept, so nothing comes back sooner or later than the
learner was told. The scheduler and the waits are frozen here as they were when this was written.
Backwards, a card becomes the box of its stage (a learned card: the box whose wait is nearest its
stability).
"""

from datetime import UTC, datetime, timedelta
from typing import Any

import django.db.models.deletion
import fsrs
from django.conf import settings
from django.db import migrations, models

STEPS = (timedelta(minutes=1), timedelta(minutes=10))
LEITNER_WAITS = {
    1: timedelta(minutes=1),
    2: timedelta(minutes=10),
    3: timedelta(days=1),
    4: timedelta(days=3),
    5: timedelta(days=7),
}


def _card_for_box(scheduler: fsrs.Scheduler, box: int, due: datetime) -> fsrs.Card:
    box = min(max(box, 1), max(LEITNER_WAITS))
    due = due.astimezone(UTC)
    moments = [due - LEITNER_WAITS[box]]
    for earlier in range(box - 1, 0, -1):
        moments.insert(0, moments[0] - LEITNER_WAITS[earlier])
    card = fsrs.Card(card_id=0, due=moments[0])
    card, _log = scheduler.review_card(card, fsrs.Rating.Again, review_datetime=moments[0])
    for moment in moments[1:]:
        card, _log = scheduler.review_card(card, fsrs.Rating.Good, review_datetime=moment)
    card.due = due
    return card


def boxes_to_cards(apps: Any, schema_editor: Any) -> None:
    ReviewItem = apps.get_model("tutor", "ReviewItem")
    scheduler = fsrs.Scheduler(
        desired_retention=0.9,
        learning_steps=STEPS,
        relearning_steps=STEPS,
        maximum_interval=365,
        enable_fuzzing=False,
    )
    for item in ReviewItem.objects.order_by("id").iterator():
        card = _card_for_box(scheduler, item.box, item.due_at)
        item.state = int(card.state)
        item.step = card.step
        item.stability = card.stability
        item.difficulty = card.difficulty
        item.last_review_at = card.last_review
        item.save(update_fields=["state", "step", "stability", "difficulty", "last_review_at"])


def cards_to_boxes(apps: Any, schema_editor: Any) -> None:
    ReviewItem = apps.get_model("tutor", "ReviewItem")
    for item in ReviewItem.objects.order_by("id").iterator():
        if item.state != int(fsrs.State.Review) and item.step is not None:
            item.box = min(item.step, len(STEPS) - 1) + 1
        else:
            # a learned card's wait is about its stability in days: the box of the nearest wait (1, 3, 7 days)
            stability = item.stability or 0.0
            item.box = 3 if stability < 2 else 4 if stability < 5 else 5
        item.save(update_fields=["box"])


class Migration(migrations.Migration):
    dependencies = [
        ("tutor", "0009_whole_cr"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="reviewitem",
            name="difficulty",
            field=models.FloatField(blank=True, null=True, verbose_name="難しさ（1〜10）"),
        ),
        migrations.AddField(
            model_name="reviewitem",
            name="last_review_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="最後の復習"),
        ),
        migrations.AddField(
            model_name="reviewitem",
            name="stability",
            field=models.FloatField(blank=True, null=True, verbose_name="安定度（日）"),
        ),
        migrations.AddField(
            model_name="reviewitem",
            name="state",
            field=models.PositiveSmallIntegerField(
                choices=[(1, "覚え始め"), (2, "定着"), (3, "覚え直し")], default=1, verbose_name="状態"
            ),
        ),
        migrations.AddField(
            model_name="reviewitem",
            name="step",
            field=models.PositiveSmallIntegerField(
                blank=True, default=0, null=True, verbose_name="段階（覚え始め・覚え直し）"
            ),
        ),
        migrations.RunPython(boxes_to_cards, cards_to_boxes),
        migrations.RemoveField(
            model_name="reviewitem",
            name="box",
        ),
        migrations.CreateModel(
            name="QuestionRating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("source", models.CharField(max_length=64, verbose_name="出典")),
                (
                    "level",
                    models.CharField(
                        choices=[("intro", "入門"), ("l1", "L1"), ("l2", "L2")],
                        max_length=8,
                        verbose_name="レベル",
                    ),
                ),
                ("mu", models.FloatField(verbose_name="平均")),
                ("sigma", models.FloatField(verbose_name="不確かさ")),
                ("matches", models.PositiveIntegerField(default=0, verbose_name="回答数")),
                ("updated_at", models.DateTimeField(auto_now=True)),
            ],
            options={
                "verbose_name": "問題の種類のレーティング",
                "verbose_name_plural": "問題の種類のレーティング",
                "constraints": [
                    models.UniqueConstraint(
                        fields=("source", "level"), name="question_rating_unique_per_kind"
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="LearnerRating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "learner_key",
                    models.CharField(db_index=True, max_length=64, verbose_name="学習者キー（セッション）"),
                ),
                ("mu", models.FloatField(verbose_name="平均")),
                ("sigma", models.FloatField(verbose_name="不確かさ")),
                ("matches", models.PositiveIntegerField(default=0, verbose_name="回答数")),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "user",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="study_rating",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="ユーザー",
                    ),
                ),
            ],
            options={
                "verbose_name": "学習者のレーティング",
                "verbose_name_plural": "学習者のレーティング",
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("user__isnull", True)),
                        fields=("learner_key",),
                        name="learner_rating_unique_per_learner_key",
                    )
                ],
            },
        ),
    ]
