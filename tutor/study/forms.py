"""Study mode's forms: choosing a topic and level, answering a question, and the admin's checks of authored questions."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.http import QueryDict

from tutor.common.text_input import SafeTextMixin
from tutor.models import AuthoredQuestion, AuthoredTemplate
from tutor.study.topics import LEVEL_LABELS as STUDY_LEVEL_LABELS
from tutor.study.topics import LEVELS as STUDY_LEVELS
from tutor.study.topics import TOPICS as STUDY_TOPICS

if TYPE_CHECKING:  # generic only in django-stubs: subscripting it at run time fails
    _ModelForm = forms.ModelForm[Any]
else:
    _ModelForm = forms.ModelForm

STUDY_ANSWER_MAX = 9999


class StudyStartForm(SafeTextMixin, forms.Form):
    """Which topic and level to practise (``/study/start/``)."""

    topic = forms.ChoiceField(
        label="トピック",
        choices=[(t.slug, t.title) for t in STUDY_TOPICS],
        error_messages={
            "required": "トピックを選んでください。",
            "invalid_choice": "そのトピックはありません: %(value)s",
        },
    )
    level = forms.ChoiceField(
        label="レベル",
        choices=[(lv, STUDY_LEVEL_LABELS[lv]) for lv in STUDY_LEVELS],
        error_messages={
            "required": "レベルを選んでください。",
            "invalid_choice": "そのレベルはありません: %(value)s",
        },
    )

    def __init__(self, *args: Any, levels: Mapping[str, list[str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.levels = levels

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        topic, level = data.get("topic"), data.get("level")
        if topic and level and self.levels is not None and level not in self.levels.get(topic, []):
            raise forms.ValidationError(
                f"このトピックには{STUDY_LEVEL_LABELS[level]}の問題がまだありません。"
            )
        return data


class MixedStartForm(SafeTextMixin, forms.Form):
    """Which level to practise across every topic (``/study/mixed/``): nothing else is chosen."""

    level = forms.ChoiceField(
        label="レベル",
        choices=[(lv, STUDY_LEVEL_LABELS[lv]) for lv in STUDY_LEVELS],
        widget=forms.RadioSelect,
        initial=STUDY_LEVELS[1],
        error_messages={
            "required": "レベルを選んでください。",
            "invalid_choice": "そのレベルはありません: %(value)s",
        },
    )


class MixedNextForm(MixedStartForm):
    """「次の問題」 of mixed practice: the same level, carried in a hidden field."""

    level = forms.ChoiceField(
        choices=MixedStartForm.base_fields["level"].choices,  # type: ignore[attr-defined]
        widget=forms.HiddenInput,
        error_messages=MixedStartForm.base_fields["level"].error_messages,
    )


MULTI_WORDING: dict[str, tuple[str, str]] = {
    "dies": (
        "墓地に置かれるもの（すべて選ぶ）",
        "選んでください。どれも墓地に置かれないなら「どれも墓地に置かれない」を選びます。",
    ),
    "reachable": ("ありうるもの（すべて選ぶ）", "ありうるものを1つ以上選んでください。"),
}
"""The checkboxes' legend and the message for none checked, by what the question asks: which
creatures die, or every result the choices can lead to."""


def _ask_kind(question: Any) -> str:
    ask = getattr(question, "ask", None)
    return str(ask.get("kind")) if isinstance(ask, dict) else ""


class StudyAnswerForm(SafeTextMixin, forms.Form):
    """The learner's answer to one question: one option, several checkboxes, or a number."""

    confirm_negative = forms.CharField(required=False, widget=forms.HiddenInput, max_length=12)
    """A negative number typed once is questioned; sent again unchanged, it is the answer (no JS needed)."""

    def __init__(self, *args: Any, question: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if isinstance(self.data, QueryDict):
            self.data = self.data.copy()  # mutable: a questioned answer carries its confirmation back
        self.question = question
        fmt = question.answer_format
        choices = [(o["key"], o["label"]) for o in question.options]
        if fmt in ("order", "parts"):
            sequence_fields_add(self, question)
            return
        if fmt == "number":
            self.fields["answer"] = forms.IntegerField(
                label="答え",
                min_value=-STUDY_ANSWER_MAX,
                max_value=STUDY_ANSWER_MAX,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
                error_messages={
                    "required": "答えの数を入力してください。",
                    "invalid": "答えは整数で入力してください（例: 17）。",
                    "max_value": f"{STUDY_ANSWER_MAX} 以下の数を入力してください。",
                    "min_value": f"-{STUDY_ANSWER_MAX} 以上の数を入力してください。",
                },
            )
        elif fmt == "multi":
            label, required = MULTI_WORDING.get(_ask_kind(question), MULTI_WORDING["reachable"])
            self.fields["answer"] = forms.MultipleChoiceField(
                label=label,
                choices=choices,
                widget=forms.CheckboxSelectMultiple,
                error_messages={
                    "required": required,
                    "invalid_choice": "選択肢にない値です: %(value)s",
                    "invalid_list": "選択肢から選んでください。",
                },
            )
        else:
            self.fields["answer"] = forms.ChoiceField(
                label="答え",
                choices=choices,
                widget=forms.RadioSelect,
                error_messages={
                    "required": "選択肢から1つ選んでください。",
                    "invalid_choice": "選択肢にない値です: %(value)s",
                },
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.question.answer_format in ("order", "parts") and not self.errors:
            data["answer"] = sequence_response(self.question, data)
        return data

    def clean_answer(self) -> Any:
        value = self.cleaned_data["answer"]
        questioned = self.question.answer_format == "number" and value < 0
        if questioned and self.data.get("confirm_negative") != str(value):
            if isinstance(self.data, QueryDict):
                self.data["confirm_negative"] = str(value)
            raise forms.ValidationError(
                f"「{value}」はマイナスの数です。ダメージの量はマイナスになりません"
                "（ライフは0より少なくなることがあります）。打ち間違いでなければ、"
                "そのままもう一度「答える」を押してください。",
                code="confirm_negative",
            )
        if _ask_kind(self.question) == "dies" and "none" in value and len(value) > 1:
            raise forms.ValidationError("「どれも墓地に置かれない」と他のクリーチャーは同時に選べません。")
        return value


def _study_topics_clean(value: Any) -> list[str]:
    known = {t.slug for t in STUDY_TOPICS}
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise forms.ValidationError(
            'トピックは ["120.3", "lifelink"] のような文字列のリストで書いてください。'
        )
    unknown = [v for v in value if v not in known]
    if unknown:
        raise forms.ValidationError(
            f"知らないトピックです: {', '.join(unknown)}（使えるもの: {', '.join(sorted(known))}）"
        )
    return value


def _study_rules_clean(value: Any) -> list[str]:
    if value in (None, ""):
        return []
    if not isinstance(value, list) or not all(
        isinstance(v, str) and re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", v) for v in value
    ):
        raise forms.ValidationError('条文は ["120.3f", "615.6"] のような番号のリストで書いてください。')
    return value


def _needs_target(kind: str, target: str) -> None:
    if kind not in ("dies", "legal") and not target:
        raise forms.ValidationError(
            {"ask_target": "この問いには対象のID（プレイヤーかパーマネント）が必要です。"}
        )


class _AuthoredAdminForm(_ModelForm):
    """What authored questions and templates share: topic and rule lists, and an unsaved trial copy
    of the object that the engine checks before anything is stored."""

    def clean_topics(self) -> list[str]:
        return _study_topics_clean(self.cleaned_data.get("topics"))

    def clean_rules(self) -> list[str]:
        return _study_rules_clean(self.cleaned_data.get("rules"))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.errors:
            _needs_target(data["ask_kind"], data.get("ask_target", ""))
            model = self._meta.model
            trial = model(**{k: v for k, v in data.items() if k in {f.name for f in model._meta.fields}})
            trial.pk = self.instance.pk or 0
            self.check_with_engine(trial)
        return data

    def check_with_engine(self, trial: Any) -> None:
        raise NotImplementedError


class AuthoredQuestionAdminForm(_AuthoredAdminForm):
    """Saving checks with the engine that the stored answer (and every wrong answer) is what it should be."""

    class Meta:
        model = AuthoredQuestion
        fields = "__all__"

    def check_with_engine(self, trial: Any) -> None:
        from tutor.study.asks import AskError
        from tutor.study.building import Disagreement
        from tutor.study.services import authored_question_build

        try:
            authored_question_build(question=trial)
        except AskError as error:
            raise forms.ValidationError(f"エンジンで確かめられません: {error.message}") from None
        except Disagreement as error:
            raise forms.ValidationError(f"エンジンの答えと一致しません: {error}") from None


class AuthoredTemplateAdminForm(_AuthoredAdminForm):
    """Saving draws a sample of instances and checks that the engine answers every one of them."""

    SAMPLE = 25

    class Meta:
        model = AuthoredTemplate
        fields = "__all__"

    def check_with_engine(self, trial: Any) -> None:
        from tutor.study.asks import AskError
        from tutor.study.building import Disagreement
        from tutor.study.services import authored_template_build

        for seed in range(self.SAMPLE):
            try:
                authored_template_build(template=trial, seed=seed)
            except (AskError, Disagreement) as error:
                message = getattr(error, "message", str(error))
                raise forms.ValidationError(f"シード{seed}の問題をエンジンが解けません: {message}") from None


# --------------------------------------------------------------------------- order and parts (issue 24)


def sequence_fields_add(form: forms.Form, question: Any) -> None:
    """One ``<select>`` of positions per event (works without JavaScript), or one field per part.

    The exam keeps a response as the cleaned value (a key list, or one value per part); given back as
    ``initial["answer"]``, it is spread over the fields again.
    """
    from tutor.study.asks import part_label

    given = (form.initial or {}).get("answer")
    if question.answer_format == "order":
        keys = [o["key"] for o in question.options]
        positions = [(str(n), f"{n}番目") for n in range(1, len(keys) + 1)]
        for key, option in zip(keys, question.options, strict=True):
            select = forms.TypedChoiceField(
                label=option["label"],
                choices=[("", "順番を選ぶ"), *positions],
                coerce=int,
                error_messages={
                    "required": "この出来事の順番を選んでください。",
                    "invalid_choice": f"順番は1から{len(keys)}までの数で選んでください。",
                },
            )
            if isinstance(given, list) and key in given:
                select.initial = str(given.index(key) + 1)
            form.fields[f"pos_{key}"] = select
        return
    names = {
        p["id"]: p.get("name") or p["id"]
        for p in [*question.scenario.get("players", []), *question.scenario.get("permanents", [])]
    }
    creatures = [
        (p["id"], p.get("name") or p["id"])
        for p in question.scenario.get("permanents", [])
        if "creature" in p.get("types", [])
    ]
    for n, part in enumerate(question.ask.get("parts", [])):
        label = part_label(part, names)
        if part.get("kind") == "dies":
            field: forms.Field = forms.MultipleChoiceField(
                label=f"{label}（すべて選ぶ。なければ何も選ばない）",
                choices=creatures,
                widget=forms.CheckboxSelectMultiple,
                required=False,
                error_messages={
                    "invalid_choice": "選択肢にない値です: %(value)s",
                    "invalid_list": "選択肢から選んでください。",
                },
            )
        else:
            field = forms.IntegerField(
                label=label,
                min_value=-STUDY_ANSWER_MAX,
                max_value=STUDY_ANSWER_MAX,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
                error_messages={
                    "required": f"「{label}」の数を入力してください。",
                    "invalid": f"「{label}」は整数で入力してください（例: 17）。",
                    "max_value": f"{STUDY_ANSWER_MAX} 以下の数を入力してください。",
                    "min_value": f"-{STUDY_ANSWER_MAX} 以上の数を入力してください。",
                },
            )
        if isinstance(given, list) and n < len(given):
            field.initial = given[n]
        form.fields[f"part_{n}"] = field


def sequence_posted(data: QueryDict, question: Any) -> bool:
    """Whether an exam POST answers an order or parts question at all (an empty one only moves on)."""
    if question.answer_format not in ("order", "parts"):
        return False
    return any(
        value.strip()
        for name in data
        if name.startswith(("pos_", "part_"))
        for value in data.getlist(name)
        if isinstance(value, str)
    )


def sequence_response(question: Any, data: Mapping[str, Any]) -> Any:
    """The cleaned fields as one response: the event keys in the learner's order, or a value per part."""
    if question.answer_format == "order":
        chosen = {o["key"]: data[f"pos_{o['key']}"] for o in question.options}
        if len(set(chosen.values())) != len(chosen):
            raise forms.ValidationError(
                "同じ順番を2つ以上の出来事に選んでいます。出来事ごとに違う順番を選んでください。",
                code="duplicate_position",
            )
        return sorted(chosen, key=lambda key: chosen[key])
    out: list[Any] = []
    for n, part in enumerate(question.ask.get("parts", [])):
        value = data[f"part_{n}"]
        out.append(sorted(value) if part.get("kind") == "dies" else value)
    return out
