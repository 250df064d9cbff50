"""The reader's search form (the query is bounded; the message is Japanese)."""

from __future__ import annotations

from django import forms

from tutor.common.text_input import SafeTextMixin
from tutor.reader import selectors


class SearchForm(SafeTextMixin, forms.Form):
    q = forms.CharField(
        label="検索語",
        max_length=selectors.SEARCH_MAX_LENGTH,
        required=False,
        error_messages={
            "max_length": "検索語は%(limit_value)d文字以内にしてください（%(show_value)d文字あります）。"
        },
    )
