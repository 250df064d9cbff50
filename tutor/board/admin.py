"""The admin of stored boards: the learners' and the curated ones (tutor/board/curated.py)."""

from typing import Any

from django import forms
from django.contrib import admin

from rules_core import ScenarioError
from tutor.board.documents import scenario_normalize
from tutor.models import Scenario, scenario_digest


class ScenarioAdminForm(forms.ModelForm):
    """Checks the document with the engine and keeps ``digest`` in step with it (the slug never changes)."""

    class Meta:
        model = Scenario
        fields = (
            "slug",
            "title",
            "description",
            "illustrates",
            "example_position",
            "is_curated",
            "position",
            "document",
        )

    def clean_document(self) -> dict[str, Any]:
        try:
            normalized = scenario_normalize(document=self.cleaned_data["document"])
        except ScenarioError as error:
            raise forms.ValidationError(f"シナリオとして読めません: {error}") from None
        digest = scenario_digest(normalized)
        clash = Scenario.objects.filter(digest=digest).exclude(pk=self.instance.pk).first()
        if clash is not None:
            raise forms.ValidationError(f"同じ内容の盤面がすでにあります: {clash.slug}")
        self.instance.digest = digest
        return normalized


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    form = ScenarioAdminForm
    list_display = (
        "slug",
        "title",
        "illustrates",
        "example_position",
        "is_curated",
        "position",
        "created_at",
    )
    list_filter = ("is_curated",)
    list_editable = ("position",)
    search_fields = ("slug", "title", "illustrates", "description")
    readonly_fields = ("digest", "created_at")
    ordering = ("-is_curated", "position", "id")
