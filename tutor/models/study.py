"""Data the tutor shows: the CR text (sections, paragraphs, examples), glossary terms, cards,
our notes, and saved board scenarios (permalinks)."""

import hashlib
import json

from django.db import models


class Language(models.TextChoices):
    JA = "ja", "日本語"
    EN = "en", "English"


class Section(models.Model):
    """A rule or a group of rules shown as one page (``/cr/120/``, ``/cr/702.19/``)."""

    number = models.CharField("番号", max_length=16, unique=True)
    title_ja = models.CharField("見出し（日本語）", max_length=200)
    title_en = models.CharField("見出し（英語）", max_length=200, blank=True)
    position = models.PositiveIntegerField("並び順", default=0)
    title_is_editorial = models.BooleanField(
        "見出しはチューターによる", default=False, help_text="原文に見出しがない節（506.4、514.2）"
    )
    scope = models.CharField("収録範囲", max_length=100, blank=True, help_text="例: 614.1〜614.2 のみ収録")

    class Meta:
        ordering = ["position"]
        verbose_name = "セクション"
        verbose_name_plural = "セクション"

    def __str__(self) -> str:
        return f"{self.number}. {self.title_ja}"


class Paragraph(models.Model):
    """One numbered paragraph of the CR in one language and one revision."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="paragraphs")
    number = models.CharField("番号", max_length=16, db_index=True)
    language = models.CharField("言語", max_length=2, choices=Language.choices, default=Language.JA)
    revision = models.CharField("版", max_length=32, help_text="例: 2026-01-16")
    is_current = models.BooleanField("現行版", default=True)
    text = models.TextField("本文")
    position = models.PositiveIntegerField("並び順", default=0)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["number", "language", "revision"], name="paragraph_unique_revision")
        ]
        verbose_name = "条文"
        verbose_name_plural = "条文"

    def __str__(self) -> str:
        return f"{self.number} [{self.language} {self.revision}]"


class Example(models.Model):
    """An example (例 / Example:) printed under a paragraph."""

    paragraph = models.ForeignKey(Paragraph, on_delete=models.CASCADE, related_name="examples")
    position = models.PositiveIntegerField("並び順", default=0)
    text = models.TextField("本文")

    class Meta:
        ordering = ["position"]
        verbose_name = "例"
        verbose_name_plural = "例"

    def __str__(self) -> str:
        return f"{self.paragraph.number} 例{self.position + 1}"


class Term(models.Model):
    """A glossary entry (用語集) or a keyword the reader links to its definition."""

    name_ja = models.CharField("用語", max_length=100, unique=True)
    reading = models.CharField("よみ", max_length=100, blank=True)
    name_en = models.CharField("英語", max_length=100, blank=True)
    definition = models.TextField("定義")
    rule = models.CharField("定義している条文", max_length=16, blank=True)
    aliases = models.JSONField("別表記", default=list, blank=True)
    is_official = models.BooleanField("総合ルールの用語集", default=True)
    definition_en = models.TextField("定義（英語）", blank=True)
    autolink = models.BooleanField(
        "本文中でリンクする", default=True, help_text="「ダメージ」のように頻出する語は外す（リンクだらけになるため）"
    )

    class Meta:
        ordering = ["reading", "name_ja"]
        verbose_name = "用語"
        verbose_name_plural = "用語"

    def __str__(self) -> str:
        return self.name_ja


class Card(models.Model):
    """A card named in 《》 in the rules text. ``None`` means not verified, never empty."""

    ja_name = models.CharField("カード名", max_length=100, unique=True)
    en_name = models.CharField("英語名", max_length=100, blank=True)
    aliases = models.JSONField("別表記", default=list, blank=True)
    mana_cost = models.CharField("マナ・コスト", max_length=50, null=True, blank=True)
    type_line = models.CharField("タイプ（英語）", max_length=200, null=True, blank=True)
    ja_type_line = models.CharField("タイプ", max_length=200, null=True, blank=True)
    oracle_text = models.TextField("オラクル（英語）", null=True, blank=True)
    ja_text = models.TextField("テキスト", null=True, blank=True)
    power = models.CharField("パワー", max_length=8, null=True, blank=True)
    toughness = models.CharField("タフネス", max_length=8, null=True, blank=True)
    loyalty = models.CharField("忠誠度", max_length=8, null=True, blank=True)
    sources = models.JSONField("出典", default=list, blank=True)
    remark = models.TextField("備考", blank=True, help_text="名前の確認状況など（チューターによる）")

    class Meta:
        ordering = ["ja_name"]
        verbose_name = "カード"
        verbose_name_plural = "カード"

    def __str__(self) -> str:
        return self.ja_name


class Note(models.Model):
    """Our own commentary beside a paragraph (never CR text)."""

    class Kind(models.TextChoices):
        EXPLANATION = "explanation", "解説"
        FORMER_RULE = "former_rule", "以前のルール"
        MISCONCEPTION = "misconception", "よくある誤解"

    paragraph_number = models.CharField("条文番号", max_length=16, db_index=True)
    kind = models.CharField("種類", max_length=20, choices=Kind.choices, default=Kind.EXPLANATION)
    title = models.CharField("見出し", max_length=200)
    body = models.TextField("本文")
    source = models.CharField("元にした資料", max_length=200, blank=True)
    changed_in = models.CharField("変更された時期", max_length=100, blank=True, help_text="以前のルール: 例 2009年（基本セット2010）")
    position = models.PositiveIntegerField("並び順", default=0)

    class Meta:
        ordering = ["paragraph_number", "position"]
        verbose_name = "注釈"
        verbose_name_plural = "注釈"

    def __str__(self) -> str:
        return f"{self.paragraph_number}: {self.title}"


def scenario_digest(document: dict) -> str:
    """A stable hash of a scenario document: the same content always gives the same digest."""
    canonical = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ScenarioManager(models.Manager["Scenario"]):
    def get_by_natural_key(self, slug: str) -> "Scenario":
        return self.get(slug=slug)


class Scenario(models.Model):
    """A board state and its damage event, stored once per content; ``slug`` is the permalink.

    Curated scenarios (``fixtures/scenarios.json``, built by ``manage.py curated_scenarios``) carry
    readable slugs (``cr120-4-ex1``) and are loaded by that natural key, so reloading the fixture
    updates them in place and never touches the learners' boards (whose slugs are base32).
    """

    slug = models.SlugField("短いID", max_length=16, unique=True)
    digest = models.CharField("内容のハッシュ", max_length=64, unique=True)
    document = models.JSONField("シナリオ")
    title = models.CharField("題名", max_length=200, blank=True)
    description = models.TextField("説明", blank=True)
    illustrates = models.CharField("示す条文", max_length=16, blank=True, db_index=True)
    example_position = models.PositiveIntegerField("例の番号", null=True, blank=True)
    is_curated = models.BooleanField("収録シナリオ", default=False)
    position = models.PositiveIntegerField("並び順", default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ScenarioManager()

    class Meta:
        ordering = ["position", "id"]
        verbose_name = "シナリオ"
        verbose_name_plural = "シナリオ"

    def __str__(self) -> str:
        return self.title or self.slug

    def natural_key(self) -> tuple[str]:
        return (self.slug,)


# --- study mode ---


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
    variables = models.JSONField("変数", default=dict, blank=True,
                                 help_text='例: {"p": {"min": 1, "max": 5}, "c": {"choice": ["red", "green"]}}')
    scenario = models.JSONField("シナリオ", help_text='値を "$p" と書いた所に変数が入ります')
    ask_kind = models.CharField("問い", max_length=20, choices=StudyKind.choices)
    ask_target = models.CharField("問いの対象ID", max_length=40, blank=True,
                                  help_text="プレイヤーかパーマネント（トランプルなら攻撃クリーチャー）のID")
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
    answer = models.CharField("答え", max_length=200,
                              help_text="数、「適正」「不適正」、または墓地に置かれるクリーチャーの名前かID（「、」区切り、なければ「なし」）")
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
    user = models.ForeignKey("auth.User", verbose_name="ユーザー", null=True, blank=True, on_delete=models.CASCADE,
                             related_name="study_questions")
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

    class Meta:
        ordering = ("-created_at", "-id")
        verbose_name = "出題"
        verbose_name_plural = "出題"

    def __str__(self) -> str:
        return f"{self.title} ({self.token})"


class StudyAttempt(models.Model):
    """The one scored answer to a question (a second submit is shown, not scored)."""

    question = models.OneToOneField(StudyQuestion, on_delete=models.CASCADE, related_name="attempt")
    user = models.ForeignKey("auth.User", verbose_name="ユーザー", null=True, blank=True, on_delete=models.CASCADE,
                             related_name="study_attempts")
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


class ReviewItem(models.Model):
    """A kind of question (template + level) a learner got wrong, in a Leitner box with a due time."""

    user = models.ForeignKey("auth.User", verbose_name="ユーザー", null=True, blank=True, on_delete=models.CASCADE,
                             related_name="study_reviews")
    learner_key = models.CharField("学習者キー（セッション）", max_length=64, db_index=True)
    source = models.CharField("出典", max_length=64)
    level = models.CharField("レベル", max_length=8, choices=StudyLevel.choices)
    topic = models.CharField("トピック", max_length=16)
    title = models.CharField("題名", max_length=200)
    box = models.PositiveSmallIntegerField("箱", default=1)
    due_at = models.DateTimeField("次の復習", db_index=True)
    lapses = models.PositiveIntegerField("間違えた回数", default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("due_at", "id")
        verbose_name = "復習"
        verbose_name_plural = "復習"

    def __str__(self) -> str:
        return f"{self.title} [{self.level}] 箱{self.box}"
