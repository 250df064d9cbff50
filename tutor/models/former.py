"""拡張 (issue 15): paragraphs of earlier rules files that the stages of a former era cite."""

from django.db import models


class FormerRule(models.Model):
    """One paragraph of an archived English rules file (``rules_file``: its date, as stages cite it:
    ``"2007-02-01:310.4a"``), with our own Japanese explanation (no archived translation exists)."""

    rules_file = models.CharField("総合ルールの版(日付)", max_length=10, db_index=True)
    era = models.CharField("時代", max_length=16, help_text="2007 / 2009-2024")
    number = models.CharField("番号", max_length=16)
    heading = models.CharField("規則の見出し(英語)", max_length=200, blank=True)
    text = models.TextField("本文(英語)")
    examples = models.JSONField("例(英語)", default=list, blank=True)
    said_ja = models.TextField("何を定めていたか(チューターによる説明)")
    today_ja = models.TextField("今との違い(チューターによる説明)")
    position = models.PositiveIntegerField("並び順", default=0)

    class Meta:
        ordering = ["rules_file", "position"]
        constraints = [
            models.UniqueConstraint(fields=["rules_file", "number"], name="former_rule_unique_number")
        ]
        verbose_name = "以前の総合ルールの条文"
        verbose_name_plural = "以前の総合ルールの条文"

    def __str__(self) -> str:
        return f"{self.rules_file}:{self.number}"
