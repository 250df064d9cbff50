"""The admin of the course: lessons are data an editor can change; saving checks the board exists."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin

from tutor.common.urls import cr_url
from tutor.models import Lesson, LessonProgress, Scenario
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.topics import LEVELS, TOPICS_BY_SLUG

if TYPE_CHECKING:
    _ModelForm = forms.ModelForm[Any]
else:
    _ModelForm = forms.ModelForm


class LessonAdminForm(_ModelForm):
    """A lesson's board must be a curated board; its paragraphs, rule numbers; its check questions,
    study topics and levels that exist."""

    class Meta:
        model = Lesson
        fields = "__all__"

    def clean_board(self) -> str:
        slug = str(self.cleaned_data.get("board") or "")
        if not Scenario.objects.filter(slug=slug, is_curated=True).exists():
            raise forms.ValidationError(f"収録シナリオにない短いIDです: {slug}")
        return slug

    def clean_rules(self) -> list[str]:
        rules = self.cleaned_data.get("rules") or []
        if not isinstance(rules, list) or not all(isinstance(r, str) and cr_url(r) for r in rules):
            raise forms.ValidationError('条文番号の一覧で書いてください。例: ["120.3a", "120.3e"]')
        return rules

    def clean_questions(self) -> list[dict[str, str]]:
        questions = self.cleaned_data.get("questions") or []
        ok = isinstance(questions, list) and all(
            isinstance(q, dict) and q.get("topic") in TOPICS_BY_SLUG and q.get("level") in LEVELS
            for q in questions
        )
        if not ok:
            raise forms.ValidationError(
                '練習のトピックとレベルの一覧で書いてください。例: [{"topic": "120.3", "level": "intro"}]'
            )
        for q in questions:
            names = q.get("templates", [])
            if not isinstance(names, list) or not all(
                isinstance(n, str)
                and n in TEMPLATES_BY_SLUG
                and TEMPLATES_BY_SLUG[n].trains(q["topic"], q["level"])
                for n in names
            ):
                raise forms.ValidationError(
                    f"問題の種類(templates)は、トピック {q['topic']} をレベル {q['level']} で練習する種類の短いIDで書いてください。"
                )
        return list(questions)


@admin.register(Lesson)
class LessonAdmin(admin.ModelAdmin):
    form = LessonAdminForm
    list_display = ("position", "title", "board", "is_published")
    list_display_links = ("title",)
    list_editable = ("position", "is_published")
    search_fields = ("title", "summary", "body")


@admin.register(LessonProgress)
class LessonProgressAdmin(admin.ModelAdmin):
    list_display = ("lesson", "user", "right", "judged", "completed_at")
    list_filter = ("lesson",)
    raw_id_fields = ("user",)
