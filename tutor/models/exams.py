"""Mock exams (模擬試験): one row per exam a learner started, one per question in its order.

Each question is a :class:`~tutor.models.study.StudyQuestion` (board, ask and the engine's answer,
kept on the server); the exam keeps the learner's answer apart until it is scored, when each answer
becomes a practice attempt (:func:`tutor.study.exam_services.exam_score_submit`).
"""

from django.db import models

from tutor.models.study import StudyQuestion


class ExamKind(models.TextChoices):
    L1 = "l1", "L1 模擬試験"
    L2 = "l2", "L2 模擬試験"


class ExamMode(models.TextChoices):
    CLOSED = "closed", "資料なし"
    OPEN = "open", "資料あり"


class Exam(models.Model):
    token = models.CharField("ID", max_length=24, unique=True)
    user = models.ForeignKey(
        "auth.User",
        verbose_name="ユーザー",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="study_exams",
    )
    learner_key = models.CharField("学習者キー（セッション）", max_length=64, db_index=True)
    kind = models.CharField("種類", max_length=4, choices=ExamKind.choices)
    mode = models.CharField("資料", max_length=8, choices=ExamMode.choices, default=ExamMode.CLOSED)
    seed = models.BigIntegerField("シード", default=0)
    started_at = models.DateTimeField("開始", auto_now_add=True)
    deadline_at = models.DateTimeField("制限時刻", null=True, blank=True)
    scored_at = models.DateTimeField("採点", null=True, blank=True)
    right = models.PositiveSmallIntegerField("正解数", default=0)
    total = models.PositiveSmallIntegerField("問題数", default=0)
    points = models.FloatField("得点", default=0)
    """What the pass line is judged on: a parts question counts the fraction of its parts right."""
    passed = models.BooleanField("合格", default=False)

    class Meta:
        ordering = ("-started_at", "-id")
        verbose_name = "模擬試験"
        verbose_name_plural = "模擬試験"

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.token})"


class ExamQuestion(models.Model):
    exam = models.ForeignKey(Exam, on_delete=models.CASCADE, related_name="entries")
    position = models.PositiveSmallIntegerField("順番")
    question = models.OneToOneField(StudyQuestion, on_delete=models.CASCADE, related_name="exam_entry")
    response = models.JSONField("回答", null=True, blank=True)
    answered_at = models.DateTimeField("回答した時刻", null=True, blank=True)

    class Meta:
        ordering = ("exam", "position")
        verbose_name = "模擬試験の問題"
        verbose_name_plural = "模擬試験の問題"
        constraints = [
            models.UniqueConstraint(fields=["exam", "position"], name="exam_question_unique_position"),
        ]

    def __str__(self) -> str:
        return f"{self.exam.token} #{self.position}"
