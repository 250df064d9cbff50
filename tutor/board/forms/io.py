"""Importing a scenario document as JSON text or a file."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Layout, Submit
from django import forms

from tutor.board.forms.base import (
    ERRORS,
)
from tutor.common.text_input import SafeTextMixin


class ImportForm(SafeTextMixin, forms.Form):
    text = forms.CharField(
        label="シナリオの JSON を貼り付ける",
        required=False,
        widget=forms.Textarea(attrs={"rows": 12}),
        error_messages=ERRORS,
    )
    file = forms.FileField(
        label="または JSON ファイルを選ぶ",
        required=False,
        error_messages={**ERRORS, "invalid": "ファイルを選んでください。", "empty": "ファイルが空です。"},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.form_id = "form-import"
        self.helper.attrs = {"enctype": "multipart/form-data", "novalidate": "novalidate"}
        self.helper.layout = Layout(
            "text",
            "file",
            Div(Submit("import", "読み込む", css_class="btn-primary"), css_class="form-actions"),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("text", "").strip() and not data.get("file"):
            raise forms.ValidationError("JSON を貼り付けるか、ファイルを選んでください。")
        return data
