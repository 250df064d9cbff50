"""Shared pieces of the board's forms: bounded fields with Japanese messages, and ``BoardForm``.

Board forms read a scenario document (to offer its players and permanents as choices) and produce
the pieces of a new document; they never touch the database. Error messages are Japanese whatever
language the browser asks for (the board is Japanese-first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Div, Field, Fieldset, Layout, Submit
from django import forms
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import mark_safe

from rules_core.model.ja import COLOR_JA, KEYWORD_JA, TYPE_JA
from rules_core.model.state import COLORS, KEYWORDS, PERMANENT_KEYWORDS
from tutor.common.text_input import SafeTextMixin
from tutor.results.names import Names

SMALL_MAX = 999
LIFE_MAX = 999_999
NAME_MAX = 100

ERRORS = {
    "required": "入力してください。",
    "invalid": "整数を入力してください。",
    "max_value": "%(limit_value)s 以下の数を入力してください。",
    "min_value": "%(limit_value)s 以上の数を入力してください。",
    "max_length": "%(limit_value)d 文字以内で入力してください(いまは %(show_value)d 文字)。",
    "invalid_choice": "選べない値です: %(value)s",
    "invalid_list": "選択肢の一覧を指定してください。",
}
COLOR_CHOICES = [(c, COLOR_JA[c]) for c in COLORS]
KEYWORD_CHOICES = [(k, KEYWORD_JA[k]) for k in KEYWORDS]
PERMANENT_KEYWORD_CHOICES = [(k, KEYWORD_JA[k]) for k in PERMANENT_KEYWORDS]
"""A permanent's keywords: the damage keywords and flying, reach, menace, defender (CR 702.3, 702.9, 702.17, 702.111)."""
TYPE_CHOICES = [(t, TYPE_JA[t]) for t in ("creature", "planeswalker", "battle")]
PERMANENT_KINDS = {
    "creature": ["creature"],
    "planeswalker": ["planeswalker"],
    "battle": ["battle"],
    "creature_planeswalker": ["creature", "planeswalker"],
}
PERMANENT_KIND_JA = {
    "creature": "クリーチャー",
    "planeswalker": "プレインズウォーカー",
    "battle": "バトル",
    "creature_planeswalker": "クリーチャー・プレインズウォーカー",
}


def _int(
    label: str,
    *,
    lo: int = 0,
    hi: int = SMALL_MAX,
    required: bool = True,
    initial: int | None = 0,
    help_text: str = "",
) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=lo,
        max_value=hi,
        required=required,
        initial=initial,
        error_messages=ERRORS,
        help_text=help_text,
    )


def _text(
    label: str, *, required: bool = True, max_length: int = NAME_MAX, help_text: str = ""
) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=required,
        max_length=max_length,
        error_messages=ERRORS,
        help_text=help_text,
        strip=True,
    )


def _choice(
    label: str,
    choices: list[tuple[str, str]],
    *,
    required: bool = True,
    help_text: str = "",
    widget: Any = None,
) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=label,
        choices=choices,
        required=required,
        error_messages=ERRORS,
        help_text=help_text,
        widget=widget or forms.Select,
    )


def _multi(label: str, choices: list[tuple[str, str]], *, help_text: str = "") -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        label=label,
        choices=choices,
        required=False,
        error_messages=ERRORS,
        widget=forms.CheckboxSelectMultiple,
        help_text=help_text,
    )


def _flag(label: str, help_text: str = "") -> forms.BooleanField:
    return forms.BooleanField(label=label, required=False, help_text=help_text)


class TextFieldset(Fieldset):
    """A fieldset whose legend is plain text, escaped. crispy renders a ``Fieldset`` legend (and ``HTML``)
    as a template, so a name a learner typed (``{% load x %}``) must never go there."""

    def render(self, form: Any, context: Any, template_pack: str = "bootstrap5", **kwargs: Any) -> str:
        fields = self.get_rendered_fields(form, context, template_pack, **kwargs)
        context.update({"fieldset": self, "legend": escape(self.legend), "fields": fields})
        return render_to_string(self.get_template_name(template_pack), context.flatten())


def _printable(value: str, field_label: str) -> str:
    if value and not value.isprintable():
        raise forms.ValidationError(f"{field_label}に改行や制御文字は使えません。")
    return value


class BoardForm(SafeTextMixin, forms.Form):
    """A crispy form that posts to ``action``; ``board.html`` draws its ``<form>`` tag (with htmx: it swaps only itself on error)."""

    form_name = "form"
    submit_label = "保存"

    def __init__(
        self,
        *args: Any,
        document: Mapping[str, Any],
        action: str = "",
        edit_id: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.edit_id = edit_id
        if edit_id is not None:
            self.fields["id"] = forms.CharField(widget=forms.HiddenInput, initial=edit_id, required=False)
        self.document = document
        self.names = Names(document)
        self.action = action
        self.helper = FormHelper()
        # board.html writes the <form> tag itself (action, id and the htmx attributes in one place)
        self.helper.form_tag = False
        self.helper.form_id = f"form-{self.form_name}"
        self.helper.layout = self.layout()

    def _with_id(self, layout: Layout) -> Layout:
        if "id" in self.fields:
            layout.fields.insert(0, Field("id"))
        return layout

    def layout(self) -> Layout:
        return Layout(*self.fields, self.buttons())

    def buttons(self) -> Div:
        return Div(Submit("save", self.submit_label, css_class="btn-primary"), css_class="form-actions")

    def choices_set(self, name: str, choices: list[tuple[str, str]]) -> None:
        """Offer ``choices`` in the choice field ``name`` (they come from the document)."""
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        field.choices = choices

    # choices taken from the document
    def player_choices(self, blank: str | None = None) -> list[tuple[str, str]]:
        out = [("", blank)] if blank is not None else []
        return out + [(p["id"], self.names(p["id"])) for p in self.document.get("players", [])]

    def permanent_choices(
        self, blank: str | None = None, *, types: tuple[str, ...] = ()
    ) -> list[tuple[str, str]]:
        out = [("", blank)] if blank is not None else []
        return out + [
            (p["id"], f"{self.names(p['id'])}({self.names(p.get('controller'))})")
            for p in self.document.get("permanents", [])
            if not types or set(types) & set(p.get("types", []))
        ]

    def object_choices(self, blank: str | None = None) -> list[tuple[str, str]]:
        return self.player_choices(blank) + self.permanent_choices()


class MoreDisclosure(HTML):
    """The opening of a 「詳しく」 disclosure for the rarer fields that follow it, closed until one of them
    has an error. The layout closes it with ``HTML("</details>")`` after the fields."""

    def __init__(self, *fields: str) -> None:
        super().__init__("")
        self.watched = fields

    def render(self, form: forms.Form, context: Any, template_pack: Any = None, **kwargs: Any) -> str:
        is_open = form.is_bound and any(form[name].errors for name in self.watched if name in form.fields)
        return mark_safe(f'<details class="form-more"{" open" if is_open else ""}><summary>詳しく</summary>')


def more_disclosure(*fields: str) -> HTML:
    return MoreDisclosure(*fields)
