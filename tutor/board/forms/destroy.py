"""The ``destroy`` event: a spell or ability destroys permanents (CR 701.8; 《殺害》, 《神の怒り》)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.layout import HTML, Field, Fieldset, Layout
from django import forms

from tutor.board.forms.base import COLOR_CHOICES, BoardForm, _choice, _flag, _multi, _printable, _text


class DestroyForm(BoardForm):
    """What is destroyed, by which spell or ability, and whether it can be regenerated (701.8a, 701.19c)."""

    form_name = "destroy"
    submit_label = "この破壊にする"

    source_name = _text("呪文・能力の名前", required=False, help_text="例: 《神の怒り》")
    source_controller = _choice("呪文・能力のコントローラー", [])
    source_colors = _multi("呪文・能力の色", COLOR_CHOICES)
    targets = forms.MultipleChoiceField(
        label="破壊するパーマネント",
        choices=[],
        required=True,
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": "破壊するパーマネントを1つ以上選んでください。",
            "invalid_choice": "選べない値です: %(value)s",
        },
        help_text="選んだものはすべて同時に破壊されます(701.8a)",
    )
    cant_be_regenerated = _flag(
        "それらは再生できない(701.19c)", "盾カウンターは再生ではないので働きます(122.1c)"
    )
    targeted = _flag(
        "それらを対象にとる(「対象の…を破壊する」、115.1)",
        "外すと「すべての…を破壊する」で、対象をとりません。呪禁・被覆・プロテクション・護法は対象のときだけ関係します",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices_set("source_controller", self.player_choices())
        field = self.fields["targets"]
        assert isinstance(field, forms.MultipleChoiceField)
        field.choices = self.permanent_choices()

    def layout(self) -> Layout:
        return Layout(
            HTML(
                '<p class="form-text">破壊されるパーマネントは、置換効果(盾カウンター・再生)がなければ墓地に置かれます。'
                "破壊不能なら何も起こりません(702.12b)。</p>"
            ),
            Fieldset(
                "発生源", "source_name", "source_controller", Field("source_colors", css_class="checks")
            ),
            Fieldset("破壊", Field("targets", css_class="checks"), "targeted", "cant_be_regenerated"),
            self.buttons(),
        )

    def clean_source_name(self) -> str:
        return _printable(self.cleaned_data.get("source_name") or "", "名前")

    def to_event(self) -> dict[str, Any]:
        data = self.cleaned_data
        source: dict[str, Any] = {
            "controller": data["source_controller"],
            "colors": list(data.get("source_colors") or []),
        }
        if data.get("source_name"):
            source["name"] = data["source_name"]
        event: dict[str, Any] = {"type": "destroy", "source": source, "targets": list(data["targets"])}
        if data.get("cant_be_regenerated"):
            event["cant_be_regenerated"] = True
        if data.get("targeted"):
            event["targeted"] = True
        return event

    @classmethod
    def initial_from(cls, document: Mapping[str, Any]) -> dict[str, Any]:
        event = document.get("event") or {}
        if event.get("type") != "destroy":
            first = (document.get("players") or [{}])[0].get("id")
            return {"source_controller": document.get("active_player") or first}
        source = event.get("source")
        initial: dict[str, Any] = {
            "targets": list(event.get("targets", [])),
            "cant_be_regenerated": bool(event.get("cant_be_regenerated")),
            "targeted": bool(event.get("targeted")),
        }
        if isinstance(source, Mapping):
            initial.update(
                source_name=source.get("name") or "",
                source_controller=source.get("controller"),
                source_colors=source.get("colors", []),
            )
        return initial
