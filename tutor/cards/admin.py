"""The catalogue's admin: content editors correct a card's data, text and engine encoding here."""

from django.contrib import admin

from tutor.models import Card


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
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
