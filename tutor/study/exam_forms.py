"""The form that starts a mock exam (``/study/exam/start/``)."""

from __future__ import annotations

from django import forms

from tutor.common.text_input import SafeTextMixin
from tutor.models import ExamMode
from tutor.study.exams import SHAPES


class ExamStartForm(SafeTextMixin, forms.Form):
    kind = forms.ChoiceField(
        label="試験の種類",
        choices=[(s.slug, f"{s.label}（{s.size}問・合格ライン{s.pass_percent}%）") for s in SHAPES],
        widget=forms.RadioSelect,
        initial="l1",
        error_messages={
            "required": "試験の種類を選んでください。",
            "invalid_choice": "その試験はありません: %(value)s",
        },
    )
    mode = forms.ChoiceField(
        label="資料",
        choices=[
            (ExamMode.CLOSED, "資料なし（総合ルールへのリンクは採点の後に表示します）"),
            (ExamMode.OPEN, "資料あり（各問題から総合ルールを別のタブで開けます）"),
        ],
        widget=forms.RadioSelect,
        initial=ExamMode.CLOSED,
        error_messages={
            "required": "資料のあり・なしを選んでください。",
            "invalid_choice": "その選択肢はありません: %(value)s",
        },
    )
    timed = forms.BooleanField(
        label="制限時間を設ける（1問あたり2分。L1は40分、L2は50分）",
        required=False,
        help_text="制限時間を過ぎると試験は締め切られ、それまでに保存した回答だけが採点されます。",
    )
