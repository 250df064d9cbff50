"""The admin of the former rules (拡張, issue 15): content editors refine our Japanese explanations."""

from django.contrib import admin

from tutor.models import FormerRule


@admin.register(FormerRule)
class FormerRuleAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # as tutor.*.admin (pyproject)
    list_display = ("rules_file", "number", "era", "heading")
    list_filter = ("rules_file", "era")
    search_fields = ("number", "text", "said_ja", "today_ja")
    readonly_fields = ("rules_file", "era", "number", "heading", "text", "examples")
    ordering = ("rules_file", "position")
