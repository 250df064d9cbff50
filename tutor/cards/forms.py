"""The catalogue's forms: the search with its filters (GET), and placing a card on a board (POST)."""

from __future__ import annotations

import re
from typing import Any

from django import forms

from tutor.cards.selectors import CATEGORIES
from tutor.reader.text import sort_key

QUERY_MAX_LENGTH = 100
RULE_NUMBER = re.compile(r"^\d{3}(\.\d{1,3}[a-z]?)?$")


class CardSearchForm(forms.Form):
    q = forms.CharField(
        label="カード名",
        required=False,
        max_length=QUERY_MAX_LENGTH,
        error_messages={
            "max_length": "カード名は%(limit_value)d文字以内で入力してください（今は%(show_value)d文字です）。"
        },
        widget=forms.TextInput(
            attrs={"type": "search", "placeholder": "例: 大喰らい、ワーム、Craw", "autocomplete": "off"}
        ),
    )
    kind = forms.ChoiceField(
        label="できること",
        required=False,
        choices=[("", "すべて"), *CATEGORIES.items()],
        error_messages={"invalid_choice": "「できること」は一覧から選んでください。"},
    )
    rule = forms.CharField(
        label="条文",
        required=False,
        max_length=12,
        error_messages={"max_length": "条文番号は12文字以内で入力してください。"},
    )

    def __init__(self, *args: Any, rules: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offered = list(rules or [])
        # a link may ask for a rule no card names as such (702.19 for 702.19b): the select shows it
        # chosen rather than 「すべて」 over a filtered list
        requested = str(self.data.get("rule") or "").strip() if self.is_bound else ""
        if RULE_NUMBER.match(requested) and requested not in offered:
            offered = sorted([*offered, requested], key=sort_key)
        self.fields["rule"].widget = forms.Select(choices=[("", "すべて"), *((r, r) for r in offered)])

    def clean_q(self) -> str:
        query: str = self.cleaned_data.get("q") or ""
        if any(0xD800 <= ord(ch) <= 0xDFFF or ord(ch) < 0x20 for ch in query):
            raise forms.ValidationError("カード名に使えない文字が含まれています。")
        return query.strip()

    def clean_rule(self) -> str:
        rule: str = (self.cleaned_data.get("rule") or "").strip()
        if rule and not RULE_NUMBER.match(rule):
            raise forms.ValidationError("条文番号は 702.19b のように入力してください。")
        return rule


class PlaceForm(forms.Form):
    player = forms.ChoiceField(
        label="誰のカードとして置くか",
        choices=[("A", "あなた"), ("B", "対戦相手")],
        initial="A",
        widget=forms.RadioSelect,
        error_messages={
            "required": "誰のカードとして置くかを選んでください。",
            "invalid_choice": "「あなた」か「対戦相手」を選んでください。",
        },
    )
