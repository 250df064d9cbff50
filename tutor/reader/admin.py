"""The Django admin, where content editors work on the CR text, glossary, cards and notes.

Reader models first; the board area appends its Scenario admin at the end of this file.
"""

from django.contrib import admin

from tutor.models import Card, Example, Note, Paragraph, Section, Term


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ("number", "title_ja", "title_en", "scope", "title_is_editorial", "position")
    list_editable = ("position",)
    search_fields = ("number", "title_ja", "title_en")
    ordering = ("position",)


class ExampleInline(admin.StackedInline):
    model = Example
    extra = 0
    fields = ("position", "text")


@admin.register(Paragraph)
class ParagraphAdmin(admin.ModelAdmin):
    list_display = ("number", "language", "revision", "is_current", "section", "short_text")
    list_filter = ("language", "is_current", "revision", "section")
    search_fields = ("number", "text")
    list_select_related = ("section",)
    ordering = ("language", "-is_current", "position")
    inlines = (ExampleInline,)

    @admin.display(description="本文")
    def short_text(self, obj: Paragraph) -> str:
        return obj.text[:60] + ("…" if len(obj.text) > 60 else "")


@admin.register(Example)
class ExampleAdmin(admin.ModelAdmin):
    list_display = ("paragraph", "position", "short_text")
    list_filter = ("paragraph__language", "paragraph__is_current")
    search_fields = ("paragraph__number", "text")
    list_select_related = ("paragraph",)

    @admin.display(description="本文")
    def short_text(self, obj: Example) -> str:
        return obj.text[:60] + ("…" if len(obj.text) > 60 else "")


@admin.register(Term)
class TermAdmin(admin.ModelAdmin):
    list_display = ("name_ja", "reading", "name_en", "rule", "is_official", "autolink")
    list_filter = ("is_official", "autolink")
    search_fields = ("name_ja", "reading", "name_en", "definition")


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("ja_name", "en_name", "type_line", "ja_type_line")
    search_fields = ("ja_name", "en_name", "ja_text", "oracle_text")
    fieldsets = (
        (None, {"fields": ("ja_name", "en_name", "aliases", "remark")}),
        (
            "カードの情報（空欄 = 未確認。推測で埋めないこと）",
            {
                "fields": (
                    "mana_cost",
                    "type_line",
                    "ja_type_line",
                    "oracle_text",
                    "ja_text",
                    "power",
                    "toughness",
                    "loyalty",
                )
            },
        ),
        ("出典", {"fields": ("sources",)}),
    )


@admin.register(Note)
class NoteAdmin(admin.ModelAdmin):
    list_display = ("paragraph_number", "kind", "title", "changed_in", "position")
    list_filter = ("kind",)
    search_fields = ("paragraph_number", "title", "body")


# --- Board area -------------------------------------------------------------------------------------
# (written by the board area: the stored boards and the curated ones, tutor/curated.py)

from django import forms as _board_forms  # noqa: E402

from rules_core import ScenarioError  # noqa: E402
from tutor.board.documents import scenario_normalize  # noqa: E402
from tutor.models import Scenario, scenario_digest  # noqa: E402


class ScenarioAdminForm(_board_forms.ModelForm):
    """Checks the document with the engine and keeps ``digest`` in step with it (the slug never changes)."""

    class Meta:
        model = Scenario
        fields = ("slug", "title", "description", "illustrates", "example_position", "is_curated", "position",
                  "document")

    def clean_document(self):
        try:
            normalized = scenario_normalize(document=self.cleaned_data["document"])
        except ScenarioError as error:
            raise _board_forms.ValidationError(f"シナリオとして読めません: {error}") from None
        digest = scenario_digest(normalized)
        clash = Scenario.objects.filter(digest=digest).exclude(pk=self.instance.pk).first()
        if clash is not None:
            raise _board_forms.ValidationError(f"同じ内容の盤面がすでにあります: {clash.slug}")
        self.instance.digest = digest
        return normalized


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    form = ScenarioAdminForm
    list_display = ("slug", "title", "illustrates", "example_position", "is_curated", "position", "created_at")
    list_filter = ("is_curated",)
    list_editable = ("position",)
    search_fields = ("slug", "title", "illustrates", "description")
    readonly_fields = ("digest", "created_at")
    ordering = ("-is_curated", "position", "id")



# --- study mode ---

from tutor.board.forms.pieces import AuthoredQuestionAdminForm, AuthoredTemplateAdminForm  # noqa: E402
from tutor.models import (  # noqa: E402
    AuthoredQuestion,
    AuthoredTemplate,
    ReviewItem,
    StudyAttempt,
    StudyQuestion,
)


@admin.register(AuthoredQuestion)
class AuthoredQuestionAdmin(admin.ModelAdmin):
    """Hand-written questions: saving checks the answer with the engine (AuthoredQuestionAdminForm)."""

    form = AuthoredQuestionAdminForm
    list_display = ("title", "level", "ask_kind", "answer", "is_active")
    list_filter = ("level", "ask_kind", "is_active")
    search_fields = ("title", "prompt")


@admin.register(AuthoredTemplate)
class AuthoredTemplateAdmin(admin.ModelAdmin):
    """Question templates with random variables: saving checks a sample of instances with the engine."""

    form = AuthoredTemplateAdminForm
    list_display = ("title", "level", "ask_kind", "is_active")
    list_filter = ("level", "ask_kind", "is_active")
    search_fields = ("title", "prompt")


@admin.register(StudyQuestion)
class StudyQuestionAdmin(admin.ModelAdmin):
    list_display = ("title", "source", "seed", "level", "topic", "user", "created_at")
    list_filter = ("level", "topic", "is_review")
    search_fields = ("token", "source", "title")
    readonly_fields = ("token", "created_at")


@admin.register(StudyAttempt)
class StudyAttemptAdmin(admin.ModelAdmin):
    list_display = ("question", "user", "topic", "level", "correct", "answered_at")
    list_filter = ("correct", "level", "topic")
    list_select_related = ("question", "user")


@admin.register(ReviewItem)
class ReviewItemAdmin(admin.ModelAdmin):
    list_display = ("title", "level", "user", "box", "due_at", "lapses")
    list_filter = ("box", "level")
