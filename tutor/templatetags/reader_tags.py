"""Template helpers of the reader: linked CR text, rule links, diffs, unverified card fields."""

from django import template
from django.template.context import Context
from django.utils.html import escape, format_html, linebreaks
from django.utils.safestring import SafeString, mark_safe

from rules_core.model.ja import type_line_ja
from tutor.models import Card
from tutor.reader.text import LinkContext, diff_html, link_text, mana_cost_html, symbols_in_text_html

register = template.Library()

UNVERIFIED = format_html(
    '<span class="unverified" title="{}">未確認</span>', "資料で確認できていない項目です"
)


def _linker(context: Context) -> LinkContext:
    return context.get("linker") or LinkContext()


@register.simple_tag(takes_context=True)
def linked(
    context: Context, text: str | None, number: str = "", lang: str = "ja", exclude: str = ""
) -> SafeString:
    """``{% linked paragraph.text paragraph.number %}``: CR text with references, terms and cards linked."""
    return link_text(
        text or "",
        _linker(context),
        number=number or "",
        lang=lang,
        exclude_terms=[exclude] if exclude else (),
    )


@register.simple_tag(takes_context=True)
def stored(
    context: Context,
    obj: object,
    number: str = "",
    lang: str = "ja",
    html: str = "html",
    text: str = "text",
    exclude: str = "",
) -> SafeString:
    """``{% stored item.ja item.number %}``: the markup the importer stored (``link_text`` run over the
    text at import time: every character escaped or built by ``format_html``), or, for a row without
    it (one edited in the admin), the text linked now."""
    markup = getattr(obj, html, "") or ""
    if markup:
        return mark_safe(markup)  # made by link_text at import time, from escaped pieces only
    return link_text(
        getattr(obj, text, "") or "",
        _linker(context),
        number=number or "",
        lang=lang,
        exclude_terms=[exclude] if exclude else (),
    )


@register.simple_tag(takes_context=True)
def rule_ref(context: Context, number: str | None) -> SafeString:
    """A single CR number as a link to its anchor (or a marked outside reference)."""
    if not number:
        return UNVERIFIED
    # a stored number is the English one: no Japanese renumbering applies (732 stays 732)
    return link_text(f"rule {number}", _linker(context), lang="en")


@register.simple_tag
def diff(old: str | None, new: str | None) -> SafeString:
    return diff_html(old or "", new or "")


@register.filter
def unverified(value: str | None) -> SafeString:
    """``None`` means "not verified" in the card data: say so, never guess."""
    if value is None:
        return UNVERIFIED
    return escape(value)


@register.filter
def card_type_line(card: Card) -> SafeString:
    """A card's Japanese type line: the verified one; else 未確認, and the English line in the Japanese
    CR's words (205.2a, 205.3, 205.4a), labelled as our translation, when every word is one of them."""
    if card.ja_type_line is not None:
        return escape(card.ja_type_line)
    derived = type_line_ja(card.type_line) if card.type_line else None
    if derived is None:
        return UNVERIFIED
    return format_html(
        '{} <span class="card-info__derived">（総合ルールの用語による訳：{}）</span>', UNVERIFIED, derived
    )


@register.filter
def mana_cost(value: str | None) -> SafeString:
    """``{4}{W}`` as 「(4)(白)」 with an aria-label; ``None`` = 未確認."""
    if value is None:
        return UNVERIFIED
    return mana_cost_html(value)


@register.filter
def card_text(value: str | None, language: str = "ja") -> SafeString:
    """Card rules text: ``None`` = 未確認, ``""`` = no rules text, else the lines with their symbols
    drawn (``language`` "en": the symbols keep their letters)."""
    if value is None:
        return UNVERIFIED
    if value == "":
        return SafeString('<span class="muted">（ルール・テキストなし）</span>')
    # the symbols are drawn and the rest escaped first, so linebreaks() only adds the paragraphs
    return mark_safe(linebreaks(symbols_in_text_html(value, english=language == "en"), autoescape=False))


@register.filter
def date_ja(value: str | None) -> str:
    """``2026-06-19`` -> 「2026年6月19日」 (anything else as it is).

    >>> date_ja("2026-06-19"), date_ja("以前の版")
    ('2026年6月19日', '以前の版')
    """
    parts = (value or "").split("-")
    if len(parts) != 3 or not all(part.isdigit() for part in parts):
        return value or ""
    return f"{int(parts[0])}年{int(parts[1])}月{int(parts[2])}日"
