"""Creatures dealing damage equal to their power, outside combat (docs/scenario-format.md § 9):
a fight (CR 701.14), a one-sided "bite", and "each creature deals damage equal to its power to …"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.layout import Field, Fieldset, Layout
from django import forms

from tutor.board.forms.base import COLOR_CHOICES, BoardForm, _choice, _multi, _printable, _text

GONE_HELP = "呪文が解決する前に戦場を離れたクリーチャー(701.14b、608.2b)"
TARGETS_HELP = "「対象の」と書いてあるもの。呪禁・被覆・プロテクション・護法が関係します(115.1、601.2c)"


class _PowerEventForm(BoardForm):
    event_type = ""
    submit_label = "このダメージにする"

    name = _text("指示する呪文・能力の名前", required=False, help_text="例: 《捕食》")
    gone = _multi("解決前に戦場を離れたもの", [], help_text=GONE_HELP)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.creatures = self.permanent_choices(types=("creature",))
        field = self.fields["gone"]
        assert isinstance(field, forms.MultipleChoiceField)
        field.choices = self.creatures

    def clean_name(self) -> str:
        return _printable(self.cleaned_data.get("name") or "", "名前")

    def involved(self, data: Mapping[str, Any]) -> set[str]:
        """The creatures of this event (``gone`` may name only them)."""
        raise NotImplementedError

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        outside = [g for g in data.get("gone") or [] if g not in self.involved(data)]
        if outside:
            self.add_error(
                "gone", f"{'、'.join(self.names(g) for g in outside)}はこのダメージに関わっていません。"
            )
        return data

    def common(self) -> dict[str, Any]:
        data = self.cleaned_data
        out: dict[str, Any] = {"type": self.event_type}
        if data.get("name"):
            out["name"] = data["name"]
        if data.get("gone"):
            out["gone"] = list(data["gone"])
        return out

    @classmethod
    def common_initial(cls, event: Mapping[str, Any]) -> dict[str, Any]:
        initial: dict[str, Any] = {"name": event.get("name") or "", "gone": list(event.get("gone") or [])}
        spell = event.get("spell")
        if isinstance(spell, Mapping):
            initial.update(
                spell_controller=spell.get("controller") or "",
                spell_colors=list(spell.get("colors") or []),
                targets=list(event.get("targets") or []),
            )
        return initial


class _TargetingPowerEventForm(_PowerEventForm):
    """A fight or bite told by a spell that targets (§ 14.4: 601.2c, 608.2b, 701.14b)."""

    spell_controller = _choice(
        "対象をとる呪文のコントローラー",
        [],
        required=False,
        help_text="選ぶと、その呪文の対象を確認します(選ばなければ対象は確認しません)",
    )
    spell_colors = _multi("その呪文の色", COLOR_CHOICES)
    targets = _multi("対象にするもの", [], help_text=TARGETS_HELP)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices_set("spell_controller", [("", "(対象をとらない)"), *self.player_choices()])
        field = self.fields["targets"]
        assert isinstance(field, forms.MultipleChoiceField)
        field.choices = self.object_choices()

    def targeting_fields(self) -> Fieldset:
        return Fieldset(
            "対象(115.1)",
            "spell_controller",
            Field("spell_colors", css_class="checks"),
            Field("targets", css_class="checks"),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        targets = data.get("targets") or []
        if targets and not data.get("spell_controller"):
            self.add_error(
                "spell_controller", "対象を選ぶときは、対象をとる呪文のコントローラーを選んでください。"
            )
        outside = [t for t in targets if t not in self.involved(data)]
        if outside:
            self.add_error(
                "targets", f"{'、'.join(self.names(t) for t in outside)}はこのダメージに関わっていません。"
            )
        return data

    def common(self) -> dict[str, Any]:
        out = super().common()
        data = self.cleaned_data
        if data.get("spell_controller") and data.get("targets"):
            out["spell"] = {
                "controller": data["spell_controller"],
                "colors": list(data.get("spell_colors") or []),
            }
            out["targets"] = list(data["targets"])
        return out


class FightForm(_TargetingPowerEventForm):
    """CR 701.14a: each of two creatures deals damage equal to its power to the other (the same one twice:
    it fights itself, 701.14c)."""

    form_name = "fight"
    event_type = "fight"

    fighter_1 = _choice("格闘するクリーチャー(1体目)", [])
    fighter_2 = _choice("格闘するクリーチャー(2体目)", [])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices_set("fighter_1", self.creatures)
        self.choices_set("fighter_2", self.creatures)

    def layout(self) -> Layout:
        return Layout(
            Fieldset("格闘(701.14)", "fighter_1", "fighter_2", "name", Field("gone", css_class="checks")),
            self.targeting_fields(),
            self.buttons(),
        )

    def involved(self, data: Mapping[str, Any]) -> set[str]:
        return {data.get("fighter_1") or "", data.get("fighter_2") or ""}

    def to_event(self) -> dict[str, Any]:
        return {**self.common(), "fighters": [self.cleaned_data["fighter_1"], self.cleaned_data["fighter_2"]]}

    @classmethod
    def initial_from(cls, document: Mapping[str, Any]) -> dict[str, Any]:
        event = document.get("event") or {}
        if event.get("type") != "fight":
            return {}
        fighters = [*(event.get("fighters") or []), "", ""]
        return {**cls.common_initial(event), "fighter_1": fighters[0], "fighter_2": fighters[1]}


class BiteForm(_TargetingPowerEventForm):
    """One-sided: only the source deals damage equal to its power (not a fight, so not combat damage either)."""

    form_name = "bite"
    event_type = "bite"

    source = _choice("ダメージを与えるクリーチャー", [])
    to = _choice("ダメージを受けるもの", [])
    excess_to = _choice("余剰のダメージを与える先(120.4a)", [], required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices_set("source", self.creatures)
        self.choices_set("to", self.object_choices())
        self.choices_set(
            "excess_to",
            [
                ("", "(なし)"),
                ("controller", "ダメージを受けたパーマネントのコントローラー"),
                *self.object_choices(),
            ],
        )

    def layout(self) -> Layout:
        return Layout(
            Fieldset(
                "パワーに等しいダメージを一方的に与える",
                "source",
                "to",
                "excess_to",
                "name",
                Field("gone", css_class="checks"),
            ),
            self.targeting_fields(),
            self.buttons(),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("source") and data.get("source") == data.get("to"):
            self.add_error("to", "ダメージを与えるクリーチャー自身とは別のものを選んでください。")
        return data

    def involved(self, data: Mapping[str, Any]) -> set[str]:
        return {data.get("source") or "", data.get("to") or ""}

    def to_event(self) -> dict[str, Any]:
        data = self.cleaned_data
        event = {**self.common(), "source": data["source"], "to": data["to"]}
        if data.get("excess_to"):
            event["excess_to"] = data["excess_to"]
        return event

    @classmethod
    def initial_from(cls, document: Mapping[str, Any]) -> dict[str, Any]:
        event = document.get("event") or {}
        if event.get("type") != "bite":
            return {}
        return {
            **cls.common_initial(event),
            "source": event.get("source"),
            "to": event.get("to"),
            "excess_to": event.get("excess_to") or "",
        }


class PowerDamageForm(_PowerEventForm):
    """ "Each of these creatures deals damage equal to its power to …", all at the same time (120.4a)."""

    form_name = "power_damage"
    event_type = "power_damage"

    sources = _multi("ダメージを与えるクリーチャー", [])
    to = _choice("ダメージを受けるもの", [])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["sources"]
        assert isinstance(field, forms.MultipleChoiceField)
        field.choices = self.creatures
        self.choices_set("to", self.object_choices())

    def layout(self) -> Layout:
        return Layout(
            Fieldset(
                "それぞれがパワーに等しいダメージを与える",
                Field("sources", css_class="checks"),
                "to",
                "name",
                Field("gone", css_class="checks"),
            ),
            self.buttons(),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("sources") and "sources" not in self.errors:
            self.add_error("sources", "ダメージを与えるクリーチャーを1体以上選んでください。")
        return data

    def involved(self, data: Mapping[str, Any]) -> set[str]:
        return {*(data.get("sources") or []), data.get("to") or ""}

    def to_event(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {**self.common(), "sources": list(data["sources"]), "to": data["to"]}

    @classmethod
    def initial_from(cls, document: Mapping[str, Any]) -> dict[str, Any]:
        event = document.get("event") or {}
        if event.get("type") != "power_damage":
            return {}
        return {
            **cls.common_initial(event),
            "sources": list(event.get("sources") or []),
            "to": event.get("to"),
        }
