"""The form that adds one prevention or replacement effect (CR 615, 616)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crispy_forms.layout import HTML, Layout
from django import forms

from rules_core.ja import EFFECT_LABEL_JA
from tutor.board.forms.base import (
    COLOR_CHOICES,
    SMALL_MAX,
    TYPE_CHOICES,
    BoardForm,
    _choice,
    _flag,
    _int,
    _multi,
    _printable,
    _text,
)
from tutor.results.effects import EFFECT_RULES, EFFECT_TYPES_ORDER

EFFECT_TYPE_CHOICES = [(t, f"{EFFECT_LABEL_JA[t]}({', '.join(EFFECT_RULES[t])})") for t in EFFECT_TYPES_ORDER]

# Which fields each effect kind has: (field, required).
EFFECT_FIELDS: dict[str, tuple[tuple[str, bool], ...]] = {
    "prevent_next": (("to", True), ("amount", True)),
    "prevent_next_from_source": (("source", True), ("gain_life_to", False)),
    "prevent_all": (("to", False), ("from", False), ("combat_only", False)),
    "prevent_static": (
        ("amount", True),
        ("to", False),
        ("filter_controller", False),
        ("filter_subtype", False),
        ("filter_types", False),
    ),
    "prevent_from_color": (("color", True), ("to", True), ("next_only", False)),
    "damage_multiplier": (("factor", True), ("from_controller", False), ("to", False)),
    "life_gain_multiplier": (("player", True), ("factor", True)),
    "no_life_gain": (("player", False),),
    "life_floor": (("player", True), ("floor", True), ("if_controls_creature", False)),
    "no_counters": (("on", True),),
    "counter_multiplier": (("factor", True), ("by_controller", False)),
    "cant_be_prevented": (("from", False), ("from_controller", False), ("combat_only", False)),
}

EFFECT_HELP = {
    "prevent_next": "例: 「このターン、それが受ける次の2点のダメージを軽減する。」",
    "prevent_next_from_source": "例: 《畏敬の一撃》「次にそれが与えるダメージをすべて軽減し、0にする。」",
    "prevent_all": "例: 《濃霧》「このターン、与えられる戦闘ダメージをすべて軽減する。」",
    "prevent_static": "例: 《圧倒する防衛者》「発生源1つがあなたがコントロールしているクレリックにダメージを与えるなら、そのダメージ1点を軽減する。」",
    "prevent_from_color": "例: 《防御円》「赤の発生源1つが次にあなたに与えるダメージを軽減する。」",
    "damage_multiplier": "例: 《ラースの灼熱洞》「代わりにその2倍のダメージを与える。」",
    "life_gain_multiplier": "例: 《加護の反射》「代わりに あなたはその2倍の点数のライフを得る。」",
    "no_life_gain": "例: 《硫黄の渦》「プレイヤーはライフを得られない。」",
    "life_floor": "例: 《崇拝》「あなたのライフの総量を1点以下に減少させるダメージは、代わりに1点になるまで減少させる。」",
    "no_counters": "例: 《破れ翼トビ》「これの上にカウンターを置くことはできない。」",
    "counter_multiplier": "カウンターを置くなら、代わりにその2倍を置く効果。",
    "cant_be_prevented": "例: 「このターン、ダメージは軽減できない。」",
}


class EffectForm(BoardForm):
    """One effect of the scenario's effects table; the fields shown depend on its type."""

    form_name = "effect"
    submit_label = "効果を置く"

    def __init__(self, *args: Any, effect_type: str, **kwargs: Any) -> None:
        self.effect_type = effect_type
        super().__init__(*args, **kwargs)
        self.fields["type"] = forms.CharField(widget=forms.HiddenInput, initial=effect_type)
        self.fields["name"] = _text("名前(任意)", required=False, help_text="例: 《加護の反射》")
        objects = self.object_choices()
        players = self.player_choices()
        sources = self.permanent_choices()
        inline = self.names.inline_source
        if inline is not None and inline.get("id"):
            sources.append((inline["id"], self.names(inline["id"])))
        builders: dict[str, Callable[[bool], forms.Field]] = {
            "to": lambda req: _choice(
                "対象(受ける側)", objects if req else [("", "(すべて)"), *objects], required=req
            ),
            "amount": lambda req: _int("点数", initial=2),
            "source": lambda req: _choice("発生源", sources),
            "gain_life_to": lambda req: _choice(
                "軽減した点数だけライフを得るプレイヤー",
                [("", "(なし)"), *players],
                required=False,
                help_text="615.5",
            ),
            "from": lambda req: _choice("発生源", [("", "(すべて)"), *sources], required=False),
            "combat_only": lambda req: _flag("戦闘ダメージだけ"),
            "filter_controller": lambda req: _choice(
                "コントローラー", [("", "(問わない)"), *players], required=False
            ),
            "filter_subtype": lambda req: _text(
                "サブタイプ", required=False, max_length=64, help_text="例: クレリック"
            ),
            "filter_types": lambda req: _multi("カード・タイプ", TYPE_CHOICES),
            "color": lambda req: _choice("色", COLOR_CHOICES),
            "next_only": lambda req: _flag("次の1回だけ", "使われると消える盾(615.9)"),
            "factor": lambda req: _int("倍率", lo=1, hi=10, initial=2),
            "from_controller": lambda req: _choice(
                "発生源のコントローラー", [("", "(問わない)"), *players], required=False
            ),
            "player": lambda req: _choice(
                "プレイヤー", players if req else [("", "(すべて)"), *players], required=req
            ),
            "floor": lambda req: _int("下限のライフ", lo=-SMALL_MAX, initial=1),
            "if_controls_creature": lambda req: _flag("クリーチャーをコントロールしている場合だけ"),
            "on": lambda req: _choice("対象", objects),
            "by_controller": lambda req: _choice(
                "カウンターを置くプレイヤー", [("", "(問わない)"), *players], required=False
            ),
        }
        for name, required in EFFECT_FIELDS[effect_type]:
            self.fields[name] = builders[name](required)
        self.helper.layout = self.layout()

    def layout(self) -> Layout:
        if "type" not in self.fields:  # called once by BoardForm before the fields exist
            return Layout()
        rules = "、".join(EFFECT_RULES[self.effect_type])
        return Layout(
            HTML(f'<p class="form-text">{EFFECT_HELP[self.effect_type]}(従う条文: {rules})</p>'),
            "type",
            "name",
            *(name for name, _ in EFFECT_FIELDS[self.effect_type]),
            self.buttons(),
        )

    def clean_name(self) -> str:
        return _printable(self.cleaned_data.get("name") or "", "名前")

    def clean_type(self) -> str:
        if self.cleaned_data.get("type") != self.effect_type:
            raise forms.ValidationError("効果の種類が一致しません。")
        return self.effect_type

    def to_effect(self) -> dict[str, Any]:
        data = self.cleaned_data
        effect: dict[str, Any] = {"type": self.effect_type}
        flt: dict[str, Any] = {}
        for name, _required in EFFECT_FIELDS[self.effect_type]:
            value = data.get(name)
            if name.startswith("filter_"):
                key = name.removeprefix("filter_")
                if value:
                    flt[key] = list(value) if key == "types" else value
                continue
            if value in (None, "", False, []):
                continue
            effect[name] = value
        if flt:
            effect["to_filter"] = flt
        if data.get("name"):
            effect["name"] = data["name"]
        return effect
