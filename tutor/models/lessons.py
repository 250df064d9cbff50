"""The beginners' course (入門コース): lessons kept as data, and each learner's progress through them."""

from django.db import models
from django.db.models import Q


class LessonManager(models.Manager["Lesson"]):
    def get_by_natural_key(self, slug: str) -> "Lesson":
        return self.get(slug=slug)


class Lesson(models.Model):
    """One lesson: an explanation, the CR paragraphs it teaches, a curated board to predict and
    resolve, and the study topics its check questions come from.

    Loaded from ``fixtures/lessons.json`` by natural key (``slug``), so reloading updates the
    lessons in place and keeps the learners' progress rows.
    """

    slug = models.SlugField("短いID", max_length=40, unique=True)
    position = models.PositiveIntegerField("並び順", default=0)
    title = models.CharField("題名", max_length=200)
    summary = models.CharField("一覧での説明", max_length=300, blank=True)
    body = models.TextField("説明", help_text="空行で段落を分けます。")
    rules = models.JSONField("教える条文", default=list, blank=True, help_text='例: ["120.3a", "120.3e"]')
    board = models.CharField(
        "盤面(収録シナリオの短いID)", max_length=16, help_text="収録シナリオの短いID。例: cr-lesson-01"
    )
    predict_hint = models.TextField("予想の前のヒント", blank=True)
    questions = models.JSONField(
        "確認問題",
        default=list,
        blank=True,
        help_text='練習のトピックとレベル。例: [{"topic": "120.3", "level": "intro"}]',
    )
    is_published = models.BooleanField("公開する", default=True)

    objects = LessonManager()

    class Meta:
        ordering = ["position", "id"]
        verbose_name = "レッスン"
        verbose_name_plural = "レッスン"

    def __str__(self) -> str:
        return self.title

    def natural_key(self) -> tuple[str]:
        return (self.slug,)


class LessonProgress(models.Model):
    """A learner reached a lesson's reveal after predicting: a signed-in user, or an anonymous
    session's ``learner_key`` (the study mode's key, so sign-up carries both over together)."""

    user = models.ForeignKey(
        "auth.User", verbose_name="ユーザー", null=True, blank=True, on_delete=models.CASCADE
    )
    learner_key = models.CharField("匿名の学習者キー", max_length=32, blank=True, db_index=True)
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="progress")
    right = models.PositiveIntegerField("当たった予想", default=0)
    judged = models.PositiveIntegerField("答え合わせした予想", default=0)
    completed_at = models.DateTimeField("終えた日時", auto_now=True)

    class Meta:
        ordering = ["lesson__position", "id"]
        verbose_name = "レッスンの進み具合"
        verbose_name_plural = "レッスンの進み具合"
        constraints = [
            models.UniqueConstraint(
                fields=["user", "lesson"], condition=Q(user__isnull=False), name="lesson_progress_user"
            ),
            models.UniqueConstraint(
                fields=["learner_key", "lesson"],
                condition=Q(user__isnull=True),
                name="lesson_progress_learner",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.lesson} ({self.right}/{self.judged})"
