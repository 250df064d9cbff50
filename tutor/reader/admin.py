"""The reader's admin, where content editors work on the CR text, glossary and notes (the cards have theirs in ``tutor.cards.admin``)."""

from django.contrib import admin

from tutor.models import Example, Note, Paragraph, Section, Term


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
    exclude = ("html", "search_text")  # made again on save (the model's save())
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
    exclude = ("html", "search_text")
    list_display = ("paragraph", "position", "short_text")
    list_filter = ("paragraph__language", "paragraph__is_current")
    search_fields = ("paragraph__number", "text")
    list_select_related = ("paragraph",)

    @admin.display(description="本文")
    def short_text(self, obj: Example) -> str:
        return obj.text[:60] + ("…" if len(obj.text) > 60 else "")


@admin.register(Term)
class TermAdmin(admin.ModelAdmin):
    exclude = ("definition_html", "definition_en_html", "search_text")
    list_display = ("name_ja", "reading", "name_en", "rule", "is_official", "autolink")
    list_filter = ("is_official", "autolink")
    search_fields = ("name_ja", "reading", "name_en", "definition")


@admin.register(Note)
class NoteAdmin(admin.ModelAdmin):
    exclude = ("body_html",)
    list_display = ("paragraph_number", "kind", "title", "changed_in", "position")
    list_filter = ("kind",)
    search_fields = ("paragraph_number", "title", "body")
