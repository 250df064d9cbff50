"""The reader's data: the CR text (sections, paragraphs, examples), glossary terms, cards and our notes.

The importer stores each text's link markup (``html``); ``load_content`` writes it as it is and
normalises each text for search (``search_text``, not in the fixtures: it would double their size). A row saved through the ORM (the admin) has changed its
text, so ``save()`` normalises it again and drops the stored markup: the page then links the text
as it renders it.
"""

from typing import Any

from django.db import models

from tutor.reader.search_text import normalise


class Language(models.TextChoices):
    JA = "ja", "日本語"
    EN = "en", "English"


class Edition(models.Model):
    """One edition of the CR the reader shows (the Japanese of 2026-01-16, the English of 2026-06-19)."""

    language = models.CharField("言語", max_length=2, choices=Language.choices, unique=True)
    revision = models.CharField("版", max_length=32)
    introduction = models.TextField("はじめに", blank=True)
    chapters = models.JSONField("章", default=list, blank=True, help_text="[番号, 見出し] の並び")

    class Meta:
        verbose_name = "版"
        verbose_name_plural = "版"

    def __str__(self) -> str:
        return f"{self.language} {self.revision}"


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
    number_ja = models.CharField(
        "日本語版での番号",
        max_length=16,
        blank=True,
        help_text="英語版と番号が違うとき（日本語版 722 は英語版 723）",
    )

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
    is_english_only = models.BooleanField(
        "英語版のみ", default=False, help_text="日本語訳にない条文（英語の本文だけを示す）"
    )
    text = models.TextField("本文")
    html = models.TextField(
        "本文（リンク付き）", blank=True, help_text="取り込み時に作る。空なら表示時に作る"
    )
    number_ja = models.CharField(
        "日本語版での番号",
        max_length=16,
        blank=True,
        help_text="英語版と番号が違うとき（日本語版 722.1 は英語版 723.1）",
    )
    is_heading = models.BooleanField(
        "見出し", default=False, help_text="205.2「カード・タイプ」のような見出しの行"
    )
    search_text = models.TextField(
        "検索用の本文", blank=True, help_text="正規化した本文（かな・幅・大小文字をそろえる）"
    )
    position = models.PositiveIntegerField("並び順", default=0)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(
                fields=["number", "language", "revision"], name="paragraph_unique_revision"
            )
        ]
        verbose_name = "条文"
        verbose_name_plural = "条文"

    def __str__(self) -> str:
        return f"{self.number} [{self.language} {self.revision}]"

    def normalise_for_search(self) -> None:
        self.search_text = normalise(self.text) if self.is_current else ""

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.html = ""
        self.normalise_for_search()
        super().save(*args, **kwargs)


class Example(models.Model):
    """An example (例 / Example:) printed under a paragraph."""

    paragraph = models.ForeignKey(Paragraph, on_delete=models.CASCADE, related_name="examples")
    position = models.PositiveIntegerField("並び順", default=0)
    text = models.TextField("本文")
    html = models.TextField("本文（リンク付き）", blank=True)
    search_text = models.TextField("検索用の本文", blank=True)

    class Meta:
        ordering = ["position"]
        verbose_name = "例"
        verbose_name_plural = "例"

    def __str__(self) -> str:
        return f"{self.paragraph.number} 例{self.position + 1}"

    def normalise_for_search(self) -> None:
        self.search_text = normalise(self.text)

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.html = ""
        self.normalise_for_search()
        super().save(*args, **kwargs)


class Term(models.Model):
    """A glossary entry (用語集) or a keyword the reader links to its definition."""

    # not unique: the glossary has homonyms (イベント／Event and イベント／Tournament)
    name_ja = models.CharField("用語", max_length=100, db_index=True)
    reading = models.CharField("よみ", max_length=100, blank=True)
    name_en = models.CharField("英語", max_length=100, blank=True)
    definition = models.TextField("定義")
    definition_html = models.TextField("定義（リンク付き）", blank=True)
    definition_en_html = models.TextField("定義（英語・リンク付き）", blank=True)
    search_text = models.TextField("検索用の見出し", blank=True, help_text="用語・よみ・英語を正規化したもの")
    rule = models.CharField("定義している条文", max_length=16, blank=True)
    aliases = models.JSONField("別表記", default=list, blank=True)
    is_official = models.BooleanField("総合ルールの用語集", default=True)
    definition_en = models.TextField("定義（英語）", blank=True)
    autolink = models.BooleanField(
        "本文中でリンクする",
        default=True,
        help_text="「ダメージ」のように頻出する語は外す（リンクだらけになるため）",
    )

    class Meta:
        ordering = ["reading", "name_ja", "name_en"]
        constraints = [models.UniqueConstraint(fields=["name_ja", "name_en"], name="term_unique_name")]
        verbose_name = "用語"
        verbose_name_plural = "用語"

    def __str__(self) -> str:
        return self.name_ja

    def normalise_for_search(self) -> None:
        parts = [self.name_ja, self.reading, self.name_en, self.definition, self.definition_en]
        self.search_text = normalise("\n".join(parts))

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.definition_html = self.definition_en_html = ""
        self.normalise_for_search()
        super().save(*args, **kwargs)


class Card(models.Model):
    """A card named in 《》 in the rules text. ``None`` means not verified, never empty."""

    slug = models.SlugField(
        "URL名", max_length=100, unique=True, null=True, help_text="英語名から作る（例 craw-wurm）"
    )
    ja_name = models.CharField(
        "カード名",
        max_length=100,
        unique=True,
        null=True,
        blank=True,
        help_text="公式の日本語名。未確認なら空",
    )
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
    defense = models.CharField("守備値", max_length=8, null=True, blank=True)
    keywords = models.JSONField(
        "キーワード能力", null=True, blank=True, help_text="英語の表記（例 Trample, Toxic 1）"
    )
    oracle_note = models.TextField(
        "オラクルについての注記", blank=True, help_text="文章が現在のオラクルより古い書式のときなど"
    )
    ja_explanation = models.TextField(
        "チューターによる説明",
        blank=True,
        help_text="日本語のカードの文章が確認できないときの、私たちの言葉による説明",
    )
    categories = models.JSONField("分類", default=list, blank=True)
    rules = models.JSONField("関係する条文", default=list, blank=True)
    engine = models.JSONField(
        "エンジンでの表し方",
        null=True,
        blank=True,
        help_text="盤面の断片（permanents, effects, event）と kind",
    )
    engine_note = models.TextField("エンジンでの扱いについての注記", blank=True)
    sources = models.JSONField("出典", default=list, blank=True)
    remark = models.TextField("備考", blank=True, help_text="名前の確認状況など（チューターによる）")

    class Meta:
        ordering = ["slug"]
        verbose_name = "カード"
        verbose_name_plural = "カード"

    def __str__(self) -> str:
        return self.ja_name or self.en_name

    @property
    def display_name(self) -> str:
        """The official Japanese name, or the English one when no Japanese name is confirmed."""
        return self.ja_name or self.en_name


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
    body_html = models.TextField("本文（リンク付き）", blank=True)
    source = models.CharField("元にした資料", max_length=200, blank=True)
    changed_in = models.CharField(
        "変更された時期", max_length=100, blank=True, help_text="以前のルール: 例 2009年（基本セット2010）"
    )
    position = models.PositiveIntegerField("並び順", default=0)

    class Meta:
        ordering = ["paragraph_number", "position"]
        verbose_name = "注釈"
        verbose_name_plural = "注釈"

    def __str__(self) -> str:
        return f"{self.paragraph_number}: {self.title}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.body_html = ""
        super().save(*args, **kwargs)
