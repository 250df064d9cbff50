"""Study mode: authored questions and templates, the questions a learner was given, attempts and reviews."""

import fsrs
from django.db import models

from tutor.study import review


class StudyLevel(models.TextChoices):
    INTRO = "intro", "入門"
    L1 = "l1", "L1"
    L2 = "l2", "L2"


class StudyKind(models.TextChoices):
    """What a question asks (``tutor.study.asks``); the engine computes the answer."""

    LIFE = "life", "ライフ"
    POISON = "poison", "毒カウンター"
    TOUGHNESS = "toughness", "タフネス"
    DEFENSE = "defense", "守備カウンター"
    LOYALTY = "loyalty", "忠誠度"
    DAMAGE = "damage", "負っているダメージ"
    MAX_TO_DEFENDER = "max_to_defender", "トランプルで割り振れる最大のダメージ"
    DIES = "dies", "墓地に置かれるクリーチャー"
    LEGAL = "legal", "割り振りが適正か"


class AuthoredTemplate(models.Model):
    """A question template written in the admin: a scenario with ``"$name"`` placeholders filled from
    seeded random variables. The engine answers every instance; saving checks a sample of them."""

    title = models.CharField("題名", max_length=200)
    topics = models.JSONField("トピック", default=list, help_text='例: ["120.3", "lifelink"]')
    level = models.CharField("レベル", max_length=8, choices=StudyLevel.choices, default=StudyLevel.INTRO)
    prompt = models.TextField("問題文", help_text="{p} のように変数を埋め込めます")
    variables = models.JSONField(
        "変数",
        default=dict,
        blank=True,
        help_text='例: {"p": {"min": 1, "max": 5}, "c": {"choice": ["red", "green"]}}',
    )
    scenario = models.JSONField("シナリオ", help_text='値を "$p" と書いた所に変数が入ります')
    ask_kind = models.CharField("問い", max_length=20, choices=StudyKind.choices)
    ask_target = models.CharField(
        "問いの対象ID",
        max_length=40,
        blank=True,
        help_text="プレイヤーかパーマネント（トランプルなら攻撃クリーチャー）のID",
    )
    explanation = models.TextField("解説", blank=True)
    rules = models.JSONField("引用する条文", default=list, blank=True, help_text='例: ["120.3f", "615.6"]')
    is_active = models.BooleanField("出題する", default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)
        verbose_name = "問題テンプレート"
        verbose_name_plural = "問題テンプレート"

    def __str__(self) -> str:
        return self.title


class AuthoredQuestion(models.Model):
    """A hand-written question; saving in the admin checks that its answer is the engine's."""

    title = models.CharField("題名", max_length=200)
    topics = models.JSONField("トピック", default=list, help_text='例: ["615.7"]')
    level = models.CharField("レベル", max_length=8, choices=StudyLevel.choices, default=StudyLevel.INTRO)
    prompt = models.TextField("問題文")
    scenario = models.JSONField("シナリオ")
    ask_kind = models.CharField("問い", max_length=20, choices=StudyKind.choices)
    ask_target = models.CharField("問いの対象ID", max_length=40, blank=True)
    answer = models.CharField(
        "答え",
        max_length=200,
        help_text="数、「適正」「不適正」、または墓地に置かれるクリーチャーの名前かID（「、」区切り、なければ「なし」）",
    )
    wrong_answers = models.TextField("よくある誤答", blank=True, help_text="1行に1つ。選択肢になります")
    explanation = models.TextField("解説", blank=True)
    rules = models.JSONField("引用する条文", default=list, blank=True)
    is_active = models.BooleanField("出題する", default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)
        verbose_name = "手書きの問題"
        verbose_name_plural = "手書きの問題"

    def __str__(self) -> str:
        return self.title


class StudyQuestion(models.Model):
    """One question put to one learner. The board, the ask and the engine's answer stay on the server;
    the page only knows the token. ``source`` + ``seed`` + ``level`` rebuild it."""

    token = models.CharField("トークン", max_length=32, unique=True)
    user = models.ForeignKey(
        "auth.User",
        verbose_name="ユーザー",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="study_questions",
    )
    learner_key = models.CharField("学習者キー（セッション）", max_length=64, db_index=True)
    source = models.CharField("出典", max_length=64, help_text="builtin:<slug>、template:<id>、question:<id>")
    seed = models.BigIntegerField("シード", default=0)
    level = models.CharField("レベル", max_length=8, choices=StudyLevel.choices)
    topic = models.CharField("選んだトピック", max_length=16)
    topics = models.JSONField("トピック", default=list)
    title = models.CharField("題名", max_length=200)
    prompt = models.TextField("問題文")
    scenario = models.JSONField("シナリオ")
    ask = models.JSONField("問い")
    answer = models.JSONField("エンジンの答え")
    answer_format = models.CharField("回答の形", max_length=8)
    options = models.JSONField("選択肢", default=list)
    mistakes = models.JSONField("典型的な誤り", default=list)
    explanation = models.TextField("解説", blank=True)
    rules = models.JSONField("引用する条文", default=list)
    is_review = models.BooleanField("復習", default=False)
    board_slug = models.CharField("盤面のID", max_length=16, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    is_mixed = models.BooleanField(
        "総合練習", default=False, help_text="トピックを選ばずに出した問題（問題文にキーワードを書かない）"
    )

    class Meta:
        ordering = ("-created_at", "-id")
        verbose_name = "出題"
        verbose_name_plural = "出題"

    def __str__(self) -> str:
        return f"{self.title} ({self.token})"


class StudyAttempt(models.Model):
    """The one scored answer to a question (a second submit is shown, not scored)."""

    question = models.OneToOneField(StudyQuestion, on_delete=models.CASCADE, related_name="attempt")
    user = models.ForeignKey(
        "auth.User",
        verbose_name="ユーザー",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="study_attempts",
    )
    learner_key = models.CharField("学習者キー（セッション）", max_length=64, db_index=True)
    source = models.CharField("出典", max_length=64)
    topic = models.CharField("トピック", max_length=16)
    level = models.CharField("レベル", max_length=8, choices=StudyLevel.choices)
    response = models.JSONField("回答")
    response_text = models.CharField("回答（表示）", max_length=300)
    correct = models.BooleanField("正解")
    mistake = models.CharField("考えられる誤り", max_length=300, blank=True)
    answered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-answered_at", "-id")
        verbose_name = "回答"
        verbose_name_plural = "回答"

    def __str__(self) -> str:
        return f"{self.question.title}: {'正解' if self.correct else '不正解'}"


class ReviewState(models.IntegerChoices):
    """FSRS's card states (``fsrs.State``), stored as their numbers."""

    LEARNING = 1, "覚え始め"
    REVIEW = 2, "定着"
    RELEARNING = 3, "覚え直し"


class ReviewItem(models.Model):
    # Set by ``tutor.study.selectors.review_queue`` for the page (not stored).
    wait: str
    level_label: str
    topic_title: str
    recall: int | None
    """A kind of question (template + level) a learner got wrong, with its FSRS card
    (:mod:`tutor.study.review`): state, step, stability, difficulty, last review and due time."""

    user = models.ForeignKey(
        "auth.User",
        verbose_name="ユーザー",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="study_reviews",
    )
    learner_key = models.CharField("学習者キー（セッション）", max_length=64, db_index=True)
    source = models.CharField("出典", max_length=64)
    level = models.CharField("レベル", max_length=8, choices=StudyLevel.choices)
    topic = models.CharField("トピック", max_length=16)
    title = models.CharField("題名", max_length=200)
    due_at = models.DateTimeField("次の復習", db_index=True)
    lapses = models.PositiveIntegerField("間違えた回数", default=1)
    updated_at = models.DateTimeField(auto_now=True)
    state = models.PositiveSmallIntegerField(
        "状態", choices=ReviewState.choices, default=ReviewState.LEARNING
    )
    step = models.PositiveSmallIntegerField("段階（覚え始め・覚え直し）", null=True, blank=True, default=0)
    stability = models.FloatField("安定度（日）", null=True, blank=True)
    difficulty = models.FloatField("難しさ（1〜10）", null=True, blank=True)
    last_review_at = models.DateTimeField("最後の復習", null=True, blank=True)

    class Meta:
        ordering = ("due_at", "id")
        verbose_name = "復習"
        verbose_name_plural = "復習"
        # one row per kind of question and learner: an account by its user, an anonymous learner by
        # the key in its session (two answers at once must not make two rows)
        constraints = [
            models.UniqueConstraint(
                fields=["user", "source", "level"],
                condition=models.Q(user__isnull=False),
                name="review_item_unique_per_user",
            ),
            models.UniqueConstraint(
                fields=["learner_key", "source", "level"],
                condition=models.Q(user__isnull=True),
                name="review_item_unique_per_learner_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} [{self.level}] 段階{self.box}"

    def card(self) -> fsrs.Card:
        """The row as an FSRS card."""
        return fsrs.Card(
            card_id=0,
            state=fsrs.State(self.state),
            step=None if self.state == ReviewState.REVIEW else (self.step or 0),
            stability=self.stability,
            difficulty=self.difficulty,
            due=review.utc(self.due_at),
            last_review=review.utc(self.last_review_at) if self.last_review_at else None,
        )

    def card_store(self, card: fsrs.Card) -> None:
        """Take the card's fields (not saved: the caller saves, with :data:`CARD_FIELDS`)."""
        self.state = int(card.state)
        self.step = card.step
        self.stability = card.stability
        self.difficulty = card.difficulty
        self.due_at = card.due
        self.last_review_at = card.last_review

    @property
    def box(self) -> int:
        """The stage a learner reads (1 and 2: the fixed steps; 3: learned), named as the boxes were."""
        return review.stage(self.state, self.step)

    @box.setter
    def box(self, value: int) -> None:
        # A row made as in the Leitner days (``ReviewItem(box=3, due_at=...)``) gets the card that box
        # converts to, as the data migration converts stored rows.
        self.card_store(review.card_for_box(value, self.due_at))


CARD_FIELDS = ("state", "step", "stability", "difficulty", "due_at", "last_review_at")
"""The fields :meth:`ReviewItem.card_store` sets."""


class LearnerRating(models.Model):
    """A learner's skill as an OpenSkill rating (:mod:`tutor.study.ratings`): each answer is a match
    against the kind of question. One row per account, or per anonymous session key."""

    user = models.OneToOneField(
        "auth.User",
        verbose_name="ユーザー",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="study_rating",
    )
    learner_key = models.CharField("学習者キー（セッション）", max_length=64, db_index=True)
    mu = models.FloatField("平均")
    sigma = models.FloatField("不確かさ")
    matches = models.PositiveIntegerField("回答数", default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "学習者のレーティング"
        verbose_name_plural = "学習者のレーティング"
        constraints = [
            models.UniqueConstraint(
                fields=["learner_key"],
                condition=models.Q(user__isnull=True),
                name="learner_rating_unique_per_learner_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user or self.learner_key}: {self.mu:.1f}±{self.sigma:.1f}"


class QuestionRating(models.Model):
    """How hard a kind of question (template + level) is, as an OpenSkill rating shared by all learners."""

    source = models.CharField("出典", max_length=64)
    level = models.CharField("レベル", max_length=8, choices=StudyLevel.choices)
    mu = models.FloatField("平均")
    sigma = models.FloatField("不確かさ")
    matches = models.PositiveIntegerField("回答数", default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "問題の種類のレーティング"
        verbose_name_plural = "問題の種類のレーティング"
        constraints = [
            models.UniqueConstraint(fields=["source", "level"], name="question_rating_unique_per_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.source} [{self.level}]: {self.mu:.1f}±{self.sigma:.1f}"
