"""The catalogue's admin: content editors correct a card's data, text and engine encoding here."""

from typing import Any

from django import forms
from django.contrib import admin

import rules_core
from tutor.cards.describe import cited_rules
from tutor.models import Card


class CardAdminForm(forms.ModelForm):
    class Meta:
        model = Card
        fields = "__all__"

    def clean_engine(self) -> Any:
        """An encoding is kept only when the engine reads and resolves the board it makes."""
        engine = self.cleaned_data.get("engine")
        if engine in (None, {}):
            return None
        if not isinstance(engine, dict) or engine.get("kind") not in {"permanent", "effect", "event"}:
            raise forms.ValidationError(
                "kind（permanent, effect, event のいずれか）を持つオブジェクトにしてください。"
            )
        try:
            cited_rules(engine)
        except rules_core.ScenarioError as err:
            raise forms.ValidationError(f"エンジンが読めない盤面です: {err}") from err
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise forms.ValidationError(f"盤面の形が正しくありません（{err!r}）。") from err
        return engine


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = ("ja_name", "en_name", "type_line", "power", "toughness")
    search_fields = ("ja_name", "en_name", "ja_text", "oracle_text", "slug")
    fieldsets = (
        (None, {"fields": ("slug", "ja_name", "en_name", "aliases", "remark")}),
        (
            "カードの情報（空欄 = 未確認。推測で埋めないこと）",
            {
                "fields": (
                    "mana_cost",
                    "type_line",
                    "ja_type_line",
                    "oracle_text",
                    "oracle_note",
                    "ja_text",
                    "ja_explanation",
                    "power",
                    "toughness",
                    "loyalty",
                    "defense",
                    "keywords",
                )
            },
        ),
        ("分類", {"fields": ("categories", "rules")}),
        ("エンジンでの表し方", {"fields": ("engine", "engine_note")}),
        ("出典", {"fields": ("sources",)}),
    )
