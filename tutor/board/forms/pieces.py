"""Forms of the tutor (crispy-forms, Japanese labels and messages).

Board forms read a scenario document (to offer its players and permanents as choices) and produce
the pieces of a new document; they never touch the database. Error messages are Japanese whatever
language the browser asks for (the board is Japanese-first).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Div, Field, Fieldset, Layout, Submit
from django import forms
from django.template.loader import render_to_string
from django.utils.html import escape

from rules_core.ja import COLOR_JA, EFFECT_LABEL_JA, KEYWORD_JA
from rules_core.state import COLORS, KEYWORDS
from tutor.results.table import EFFECT_RULES, EFFECT_TYPES_ORDER, TYPE_JA, Names

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


def _int(label: str, *, lo: int = 0, hi: int = SMALL_MAX, required: bool = True, initial: int | None = 0,
         help_text: str = "") -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=lo, max_value=hi, required=required, initial=initial,
                              error_messages=ERRORS, help_text=help_text)


def _text(label: str, *, required: bool = True, max_length: int = NAME_MAX, help_text: str = "") -> forms.CharField:
    return forms.CharField(label=label, required=required, max_length=max_length, error_messages=ERRORS,
                           help_text=help_text, strip=True)


def _choice(label: str, choices: list[tuple[str, str]], *, required: bool = True, help_text: str = "",
            widget: Any = None) -> forms.ChoiceField:
    return forms.ChoiceField(label=label, choices=choices, required=required, error_messages=ERRORS,
                             help_text=help_text, widget=widget or forms.Select)


def _multi(label: str, choices: list[tuple[str, str]], *, help_text: str = "") -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(label=label, choices=choices, required=False, error_messages=ERRORS,
                                     widget=forms.CheckboxSelectMultiple, help_text=help_text)


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


class BoardForm(forms.Form):
    """A crispy form that posts to ``action`` and, with htmx, swaps only itself on error."""

    form_name = "form"
    submit_label = "保存"

    def __init__(self, *args: Any, document: Mapping[str, Any], action: str = "", edit_id: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.edit_id = edit_id
        if edit_id is not None:
            self.fields["id"] = forms.CharField(widget=forms.HiddenInput, initial=edit_id, required=False)
        self.document = document
        self.names = Names(document)
        self.action = action
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.form_action = action
        self.helper.form_id = f"form-{self.form_name}"
        self.helper.form_class = "board-form"
        self.helper.attrs = {"hx-post": action, "hx-target": "this", "hx-swap": "outerHTML",
                             "novalidate": "novalidate"}
        self.helper.layout = self.layout()

    def _with_id(self, layout: Layout) -> Layout:
        if "id" in self.fields:
            layout.fields.insert(0, Field("id"))
        return layout

    def layout(self) -> Layout:
        return Layout(*self.fields, self.buttons())

    def buttons(self) -> Div:
        return Div(Submit("save", self.submit_label, css_class="btn-primary"), css_class="form-actions")

    # choices taken from the document
    def player_choices(self, blank: str | None = None) -> list[tuple[str, str]]:
        out = [("", blank)] if blank is not None else []
        return out + [(p["id"], self.names(p["id"])) for p in self.document.get("players", [])]

    def permanent_choices(self, blank: str | None = None, *, types: tuple[str, ...] = ()) -> list[tuple[str, str]]:
        out = [("", blank)] if blank is not None else []
        return out + [
            (p["id"], f"{self.names(p['id'])}({self.names(p.get('controller'))})")
            for p in self.document.get("permanents", [])
            if not types or set(types) & set(p.get("types", []))
        ]

    def object_choices(self, blank: str | None = None) -> list[tuple[str, str]]:
        return self.player_choices(blank) + self.permanent_choices()


class PlayerForm(BoardForm):
    form_name = "player"

    name = _text("名前")
    life = _int("ライフ", lo=-LIFE_MAX, hi=LIFE_MAX, initial=20)
    poison = _int("毒カウンター", initial=0)

    def layout(self) -> Layout:
        return self._with_id(Layout(Div(Field("name"), css_class="row-1"),
                      Div(Div(Field("life"), css_class="col"), Div(Field("poison"), css_class="col"), css_class="row"),
                      self.buttons()))

    def clean_name(self) -> str:
        return _printable(self.cleaned_data["name"], "名前")

    def to_player(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"name": data["name"], "life": data["life"], "poison": data["poison"]}

    @classmethod
    def initial_from(cls, player: Mapping[str, Any]) -> dict[str, Any]:
        return {"name": player.get("name") or player.get("id"), "life": player.get("life", 20),
                "poison": player.get("poison", 0)}


class PermanentForm(BoardForm):
    """Creatures, planeswalkers, battles and creature planeswalkers: one form, fieldsets by type."""

    form_name = "permanent"

    name = _text("名前", help_text="カード名なら《》で囲むと読みやすくなります。例: 《灰色熊》")
    controller = _choice("コントローラー", [])
    types = forms.MultipleChoiceField(label="カード・タイプ", choices=TYPE_CHOICES, required=True,
                                      widget=forms.CheckboxSelectMultiple,
                                      error_messages={**ERRORS, "required": "1つ以上選んでください。"})
    power = _int("パワー", lo=-SMALL_MAX, required=False, initial=2)
    toughness = _int("タフネス", lo=-SMALL_MAX, required=False, initial=2)
    damage = _int("負っているダメージ", required=False)
    plus_counters = _int("+1/+1カウンター", required=False)
    minus_counters = _int("-1/-1カウンター", required=False)
    keywords = _multi("キーワード能力", KEYWORD_CHOICES)
    toxic = _int("毒性", required=False, help_text="毒性N の N(702.164)。なければ 0")
    protection = _multi("プロテクション(色)", COLOR_CHOICES, help_text="702.16")
    colors = _multi("色", COLOR_CHOICES)
    subtypes = _text("サブタイプ", required=False, max_length=300,
                     help_text="読点・カンマ・空白で区切る。例: クレリック")
    loyalty = _int("忠誠度", required=False, initial=3)
    defense = _int("守備値", required=False, initial=5)
    protector = _choice("守る者", [], required=False, help_text="バトルを守るプレイヤー(310.8)")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["controller"].choices = self.player_choices()
        self.fields["protector"].choices = self.player_choices("(コントローラー)")

    def layout(self) -> Layout:
        return self._with_id(Layout(
            Fieldset("基本", "name", "controller", Field("types", css_class="js-types")),
            Fieldset("クリーチャー",
                     Div(Div(Field("power"), css_class="col"), Div(Field("toughness"), css_class="col"),
                         css_class="row"),
                     Div(Div(Field("damage"), css_class="col"), Div(Field("plus_counters"), css_class="col"),
                         Div(Field("minus_counters"), css_class="col"), css_class="row"),
                     css_class="js-for-type", data_for_type="creature"),
            Fieldset("プレインズウォーカー", "loyalty", css_class="js-for-type", data_for_type="planeswalker"),
            Fieldset("バトル", "defense", "protector", css_class="js-for-type", data_for_type="battle"),
            Fieldset("特性と能力", Field("keywords", css_class="checks"), "toxic",
                     Field("protection", css_class="checks"), Field("colors", css_class="checks"), "subtypes"),
            self.buttons(),
        ))

    def clean_name(self) -> str:
        return _printable(self.cleaned_data["name"], "名前")

    def clean_subtypes(self) -> list[str]:
        raw = _printable(self.cleaned_data.get("subtypes") or "", "サブタイプ")
        items = [s for s in re.split(r"[\s,、，]+", raw) if s]
        if len(items) > 20:
            raise forms.ValidationError("サブタイプは20個までです。")
        for item in items:
            if len(item) > 64:
                raise forms.ValidationError("サブタイプは1つ64文字までです。")
        return list(dict.fromkeys(items))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        types = data.get("types") or []
        if "creature" in types:
            for key in ("power", "toughness"):
                if data.get(key) is None and key not in self.errors:
                    self.add_error(key, "クリーチャーには必要です。")
        if "planeswalker" in types and data.get("loyalty") is None and "loyalty" not in self.errors:
            self.add_error("loyalty", "プレインズウォーカーには必要です。")
        if "battle" in types and data.get("defense") is None and "defense" not in self.errors:
            self.add_error("defense", "バトルには必要です。")
        return data

    def to_permanent(self) -> dict[str, Any]:
        data = self.cleaned_data
        types = [t for t in ("creature", "planeswalker", "battle") if t in data["types"]]
        doc: dict[str, Any] = {"name": data["name"], "controller": data["controller"], "types": types}
        if "creature" in types:
            doc["power"] = data["power"]
            doc["toughness"] = data["toughness"]
        if "planeswalker" in types:
            doc["loyalty"] = data["loyalty"]
        if "battle" in types:
            doc["defense"] = data["defense"]
            if data.get("protector"):
                doc["protector"] = data["protector"]
        doc["damage"] = data.get("damage") or 0
        doc["counters"] = {"+1/+1": data.get("plus_counters") or 0, "-1/-1": data.get("minus_counters") or 0}
        doc["keywords"] = list(data.get("keywords") or [])
        doc["toxic"] = data.get("toxic") or 0
        doc["protection"] = list(data.get("protection") or [])
        doc["colors"] = list(data.get("colors") or [])
        doc["subtypes"] = data.get("subtypes") or []
        return doc

    @classmethod
    def initial_from(cls, permanent: Mapping[str, Any]) -> dict[str, Any]:
        counters = permanent.get("counters") or {}
        return {
            "name": permanent.get("name") or permanent.get("id"),
            "controller": permanent.get("controller"),
            "types": list(permanent.get("types", [])),
            "power": permanent.get("power"),
            "toughness": permanent.get("toughness"),
            "damage": permanent.get("damage", 0),
            "plus_counters": counters.get("+1/+1", 0),
            "minus_counters": counters.get("-1/-1", 0),
            "keywords": list(permanent.get("keywords", [])),
            "toxic": permanent.get("toxic", 0),
            "protection": list(permanent.get("protection", [])),
            "colors": list(permanent.get("colors", [])),
            "subtypes": "、".join(permanent.get("subtypes", [])),
            "loyalty": permanent.get("loyalty"),
            "defense": permanent.get("defense"),
            "protector": permanent.get("protector") or "",
        }


# --------------------------------------------------------------------------- effects

EFFECT_TYPE_CHOICES = [(t, f"{EFFECT_LABEL_JA[t]}({', '.join(EFFECT_RULES[t])})") for t in EFFECT_TYPES_ORDER]

# Which fields each effect kind has: (field, required).
EFFECT_FIELDS: dict[str, tuple[tuple[str, bool], ...]] = {
    "prevent_next": (("to", True), ("amount", True)),
    "prevent_next_from_source": (("source", True), ("gain_life_to", False)),
    "prevent_all": (("to", False), ("from", False), ("combat_only", False)),
    "prevent_static": (("amount", True), ("to", False), ("filter_controller", False), ("filter_subtype", False),
                       ("filter_types", False)),
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
        builders = {
            "to": lambda req: _choice("対象(受ける側)", objects if req else [("", "(すべて)"), *objects], required=req),
            "amount": lambda req: _int("点数", initial=2),
            "source": lambda req: _choice("発生源", sources),
            "gain_life_to": lambda req: _choice("軽減した点数だけライフを得るプレイヤー", [("", "(なし)"), *players],
                                                required=False, help_text="615.5"),
            "from": lambda req: _choice("発生源", [("", "(すべて)"), *sources], required=False),
            "combat_only": lambda req: _flag("戦闘ダメージだけ"),
            "filter_controller": lambda req: _choice("コントローラー", [("", "(問わない)"), *players], required=False),
            "filter_subtype": lambda req: _text("サブタイプ", required=False, max_length=64, help_text="例: クレリック"),
            "filter_types": lambda req: _multi("カード・タイプ", TYPE_CHOICES),
            "color": lambda req: _choice("色", COLOR_CHOICES),
            "next_only": lambda req: _flag("次の1回だけ", "使われると消える盾(615.9)"),
            "factor": lambda req: _int("倍率", lo=1, hi=10, initial=2),
            "from_controller": lambda req: _choice("発生源のコントローラー", [("", "(問わない)"), *players],
                                                   required=False),
            "player": lambda req: _choice("プレイヤー", players if req else [("", "(すべて)"), *players],
                                          required=req),
            "floor": lambda req: _int("下限のライフ", lo=-SMALL_MAX, initial=1),
            "if_controls_creature": lambda req: _flag("クリーチャーをコントロールしている場合だけ"),
            "on": lambda req: _choice("対象", objects),
            "by_controller": lambda req: _choice("カウンターを置くプレイヤー", [("", "(問わない)"), *players],
                                                 required=False),
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
            "type", "name", *(name for name, _ in EFFECT_FIELDS[self.effect_type]), self.buttons())

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


# --------------------------------------------------------------------------- the event

SOURCE_KEYWORD_CHOICES = [(k, KEYWORD_JA[k]) for k in ("deathtouch", "infect", "lifelink", "wither")]


class NoncombatForm(BoardForm):
    """Damage from a spell or an ability (CR 120.2b): a source, and an amount for each recipient."""

    form_name = "noncombat"
    submit_label = "このダメージにする"

    source = _choice("発生源", [], required=False)
    source_name = _text("呪文・能力の名前", required=False, help_text="例: 《稲妻》")
    source_controller = _choice("呪文・能力のコントローラー", [], required=False)
    source_colors = _multi("呪文・能力の色", COLOR_CHOICES)
    source_keywords = _multi("呪文・能力のキーワード能力", SOURCE_KEYWORD_CHOICES)
    excess_to = _choice("余剰のダメージを与える先(120.4a)", [], required=False)
    cant_be_prevented = _flag("このダメージは軽減できない(615.12)")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["source"].choices = [("", "呪文・能力(下で指定)"), *self.permanent_choices()]
        self.fields["source_controller"].choices = self.player_choices()
        self.fields["excess_to"].choices = [("", "(なし)"), ("controller", "ダメージを受けたパーマネントのコントローラー"),
                                            *self.object_choices()]
        self.recipients = [p["id"] for p in self.document.get("players", [])] + [
            p["id"] for p in self.document.get("permanents", [])
        ]
        for i, ident in enumerate(self.recipients):
            self.fields[f"amount_{i}"] = _int(f"{self.names(ident)}に", required=False, initial=None)
        self.helper.layout = self.layout()

    def layout(self) -> Layout:
        amounts = [f"amount_{i}" for i in range(len(getattr(self, "recipients", [])))]
        return Layout(
            Fieldset("発生源(120.7)", "source",
                     Div("source_name", "source_controller", Field("source_colors", css_class="checks"),
                         Field("source_keywords", css_class="checks"), css_class="js-inline-source")),
            Fieldset("ダメージ(空欄は対象にしない。0 も指定できます: 120.8)",
                     Div(*amounts, css_class="amount-grid")),
            Fieldset("その他", "excess_to", "cant_be_prevented"),
            self.buttons(),
        )

    def clean_source_name(self) -> str:
        return _printable(self.cleaned_data.get("source_name") or "", "名前")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("source") and not data.get("source_controller") and "source_controller" not in self.errors:
            self.add_error("source_controller", "呪文・能力のコントローラーを選んでください。")
        if not any(data.get(f"amount_{i}") is not None for i in range(len(self.recipients))):
            raise forms.ValidationError("ダメージを受けるもの(点数)を1つ以上入力してください。")
        return data

    def to_event(self) -> dict[str, Any]:
        data = self.cleaned_data
        source: Any
        if data.get("source"):
            source = data["source"]
        else:
            source = {"controller": data["source_controller"], "colors": list(data.get("source_colors") or []),
                      "keywords": list(data.get("source_keywords") or [])}
            if data.get("source_name"):
                source["name"] = data["source_name"]
        damage = [{"to": ident, "amount": data[f"amount_{i}"]} for i, ident in enumerate(self.recipients)
                  if data.get(f"amount_{i}") is not None]
        return {"type": "noncombat", "source": source, "damage": damage, "excess_to": data.get("excess_to") or None,
                "cant_be_prevented": bool(data.get("cant_be_prevented"))}

    @classmethod
    def initial_from(cls, document: Mapping[str, Any]) -> dict[str, Any]:
        event = document.get("event") or {}
        if event.get("type") != "noncombat":
            first = (document.get("players") or [{}])[0].get("id")
            return {"source_controller": document.get("active_player") or first}
        initial: dict[str, Any] = {"excess_to": event.get("excess_to") or "",
                                   "cant_be_prevented": event.get("cant_be_prevented", False)}
        source = event.get("source")
        if isinstance(source, str):
            initial["source"] = source
        elif isinstance(source, Mapping):
            initial.update(source_name=source.get("name") or "", source_controller=source.get("controller"),
                           source_colors=source.get("colors", []), source_keywords=source.get("keywords", []))
        ids = [p["id"] for p in document.get("players", [])] + [p["id"] for p in document.get("permanents", [])]
        for entry in event.get("damage", []):
            if entry.get("to") in ids:
                initial[f"amount_{ids.index(entry['to'])}"] = entry.get("amount")
        return initial


class CombatForm(BoardForm):
    """Who attacks what and who blocks whom (CR 506-509); the damage assignment is a separate form.

    The active player's creatures may attack (CR 508.1), the others may block (CR 509.1). Field
    names carry the creature's position on the board (``attack_3``), never its id.
    """

    form_name = "combat"
    submit_label = "この戦闘にする"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        active = self.document.get("active_player")
        self.creatures = [p for p in self.document.get("permanents", []) if "creature" in p.get("types", [])]
        self.attacking_side = [(i, c) for i, c in enumerate(self.creatures) if c.get("controller") == active]
        self.blocking_side = [(i, c) for i, c in enumerate(self.creatures) if c.get("controller") != active]
        defenders = [(pid, label) for pid, label in self.player_choices() if pid != active] + [
            (pid, label) for pid, label in self.permanent_choices(types=("planeswalker", "battle"))
            if self._attackable(pid, active)]
        attackers = [(c["id"], self.names(c["id"])) for _i, c in self.attacking_side]
        for i, creature in self.attacking_side:
            label = self.names(creature["id"])
            self.fields[f"attack_{i}"] = _choice(f"{label}が攻撃する先", [("", "(攻撃しない)"), *defenders],
                                                 required=False)
            self.fields[f"blocked_{i}"] = _flag(
                f"{label}はブロックされたが、ブロック・クリーチャーは戦闘から取り除かれた", "510.1c、702.19d")
        for i, creature in self.blocking_side:
            self.fields[f"blocks_{i}"] = _multi(f"{self.names(creature['id'])}がブロックする攻撃クリーチャー", attackers)
        self.helper.layout = self.layout()

    def _attackable(self, ident: str, active: str | None) -> bool:
        permanent = next((p for p in self.document.get("permanents", []) if p["id"] == ident), {})
        if "battle" in permanent.get("types", []):
            return (permanent.get("protector") or permanent.get("controller")) != active
        return permanent.get("controller") != active

    def layout(self) -> Layout:
        if not hasattr(self, "creatures"):
            return Layout()
        rows: list[Any] = [HTML('<p class="form-text">攻撃するのはアクティブ・プレイヤーのクリーチャー、'
                                'ブロックするのはそれ以外のクリーチャーです(508.1、509.1)。アクティブ・プレイヤーは'
                                '「プレイヤー」の欄で変えられます。</p>')]
        for i, creature in self.attacking_side:
            rows.append(TextFieldset(self.names(creature["id"]), f"attack_{i}", f"blocked_{i}", css_class="combatant"))
        for i, creature in self.blocking_side:
            rows.append(TextFieldset(self.names(creature["id"]), Field(f"blocks_{i}", css_class="checks"),
                                     css_class="combatant"))
        if not self.attacking_side:
            rows.append(HTML('<p class="form-text">アクティブ・プレイヤーのクリーチャーがいません。'
                             'まずクリーチャーを置いてください。</p>'))
        return Layout(*rows, self.buttons())

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        attackers = {c["id"] for i, c in self.attacking_side if data.get(f"attack_{i}")}
        if not attackers:
            raise forms.ValidationError("攻撃するクリーチャーを1体以上選んでください。")
        for i, _creature in self.blocking_side:
            for attacker in data.get(f"blocks_{i}") or []:
                if attacker not in attackers:
                    self.add_error(f"blocks_{i}", f"{self.names(attacker)}は攻撃していません。")
        return data

    def to_event(self) -> dict[str, Any]:
        data = self.cleaned_data
        attacks = []
        for i, creature in self.attacking_side:
            defender = data.get(f"attack_{i}")
            if not defender:
                continue
            blockers = [c["id"] for j, c in self.blocking_side if creature["id"] in (data.get(f"blocks_{j}") or [])]
            attack: dict[str, Any] = {"attacker": creature["id"], "defender": defender, "blockers": blockers}
            if not blockers and data.get(f"blocked_{i}"):
                attack["blocked"] = True
            attacks.append(attack)
        return {"type": "combat", "attacks": attacks}

    @classmethod
    def initial_from(cls, document: Mapping[str, Any]) -> dict[str, Any]:
        event = document.get("event") or {}
        if event.get("type") != "combat":
            return {}
        creatures = [p["id"] for p in document.get("permanents", []) if "creature" in p.get("types", [])]
        initial: dict[str, Any] = {}
        for attack in event.get("attacks", []):
            if attack["attacker"] in creatures:
                i = creatures.index(attack["attacker"])
                initial[f"attack_{i}"] = attack["defender"]
                initial[f"blocked_{i}"] = bool(attack.get("blocked")) and not attack.get("blockers")
            for blocker in attack.get("blockers", []):
                if blocker in creatures:
                    initial.setdefault(f"blocks_{creatures.index(blocker)}", []).append(attack["attacker"])
        return initial


# --------------------------------------------------------------------------- combat damage assignment


class AssignmentForm(forms.Form):
    """Combat damage assignment: a number for each (creature, recipient) pair.

    ``rows`` (``tutor.board.assignment_panel.rows_of``) lists the attackers (and the blockers that block several
    attackers), once for each combat damage step they assign in, with their recipients; field names
    are ``a_<row>_<recipient>`` so that any id is safe in them.
    """

    def __init__(self, *args: Any, rows: list[dict[str, Any]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows = rows
        for r, row in enumerate(rows):
            row["index"] = r
            for k, recipient in enumerate(row["recipients"]):
                name = f"a_{r}_{k}"
                recipient["field"] = name
                self.fields[name] = _int(f"{row['label']} → {recipient['label']}", required=False,
                                         initial=recipient.get("initial", 0))

    def tables(self, *, raw: bool = False) -> dict[str, dict[str, dict[str, int]]]:
        """The combat event's assignment tables (``assignments``, ``blocker_assignments`` and the second
        step's, as each row's ``key`` says), from the cleaned data or, ``raw``, from what was typed
        (unparsable or out-of-range numbers count as 0). Rows without recipients are left out."""
        out: dict[str, dict[str, dict[str, int]]] = {}
        for r, row in enumerate(self.rows):
            if not row["recipients"]:
                continue
            out.setdefault(row["key"], {})[row["id"]] = {
                rec["id"]: _safe_int(self.data.get(f"a_{r}_{k}")) if raw else self.cleaned_data.get(f"a_{r}_{k}") or 0
                for k, rec in enumerate(row["recipients"])}
        return out


def _safe_int(value: Any) -> int:
    try:
        n = int(str(value).strip())
    except (TypeError, ValueError):
        return 0
    return max(0, min(n, SMALL_MAX))


# --------------------------------------------------------------------------- import


class ImportForm(forms.Form):
    text = forms.CharField(label="シナリオの JSON を貼り付ける", required=False, widget=forms.Textarea(attrs={"rows": 12}),
                           error_messages=ERRORS)
    file = forms.FileField(label="または JSON ファイルを選ぶ", required=False,
                           error_messages={**ERRORS, "invalid": "ファイルを選んでください。",
                                           "empty": "ファイルが空です。"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.form_id = "form-import"
        self.helper.attrs = {"enctype": "multipart/form-data", "novalidate": "novalidate"}
        self.helper.layout = Layout("text", "file", Div(Submit("import", "読み込む", css_class="btn-primary"),
                                                        css_class="form-actions"))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("text", "").strip() and not data.get("file"):
            raise forms.ValidationError("JSON を貼り付けるか、ファイルを選んでください。")
        return data


# --- study mode ---

from django.contrib.auth.forms import UserCreationForm  # noqa: E402

from tutor.models import AuthoredQuestion, AuthoredTemplate  # noqa: E402
from tutor.study.topics import LEVEL_LABELS as STUDY_LEVEL_LABELS  # noqa: E402
from tutor.study.topics import LEVELS as STUDY_LEVELS  # noqa: E402
from tutor.study.topics import TOPICS as STUDY_TOPICS  # noqa: E402

STUDY_ANSWER_MAX = 9999


class StudyStartForm(forms.Form):
    """Which topic and level to practise (``/study/start/``)."""

    topic = forms.ChoiceField(label="トピック", choices=[(t.slug, t.title) for t in STUDY_TOPICS],
                              error_messages={"required": "トピックを選んでください。",
                                              "invalid_choice": "そのトピックはありません: %(value)s"})
    level = forms.ChoiceField(label="レベル", choices=[(lv, STUDY_LEVEL_LABELS[lv]) for lv in STUDY_LEVELS],
                              error_messages={"required": "レベルを選んでください。",
                                              "invalid_choice": "そのレベルはありません: %(value)s"})

    def __init__(self, *args: Any, levels: Mapping[str, list[str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.levels = levels

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        topic, level = data.get("topic"), data.get("level")
        if topic and level and self.levels is not None and level not in self.levels.get(topic, []):
            raise forms.ValidationError(f"このトピックには{STUDY_LEVEL_LABELS[level]}の問題がまだありません。")
        return data


class StudyAnswerForm(forms.Form):
    """The learner's answer to one question: one option, several checkboxes, or a number."""

    def __init__(self, *args: Any, question: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.question = question
        fmt = question.answer_format
        choices = [(o["key"], o["label"]) for o in question.options]
        if fmt == "number":
            self.fields["answer"] = forms.IntegerField(
                label="答え", min_value=-STUDY_ANSWER_MAX, max_value=STUDY_ANSWER_MAX,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
                error_messages={"required": "答えの数を入力してください。",
                                "invalid": "答えは整数で入力してください（例: 17）。",
                                "max_value": f"{STUDY_ANSWER_MAX} 以下の数を入力してください。",
                                "min_value": f"-{STUDY_ANSWER_MAX} 以上の数を入力してください。"})
        elif fmt == "multi":
            self.fields["answer"] = forms.MultipleChoiceField(
                label="墓地に置かれるもの（すべて選ぶ）", choices=choices, widget=forms.CheckboxSelectMultiple,
                error_messages={"required": "選んでください。どれも墓地に置かれないなら「どれも墓地に置かれない」を選びます。",
                                "invalid_choice": "選択肢にない値です: %(value)s",
                                "invalid_list": "選択肢から選んでください。"})
        else:
            self.fields["answer"] = forms.ChoiceField(
                label="答え", choices=choices, widget=forms.RadioSelect,
                error_messages={"required": "選択肢から1つ選んでください。",
                                "invalid_choice": "選択肢にない値です: %(value)s"})

    def clean_answer(self) -> Any:
        value = self.cleaned_data["answer"]
        if self.question.answer_format == "multi" and "none" in value and len(value) > 1:
            raise forms.ValidationError("「どれも墓地に置かれない」と他のクリーチャーは同時に選べません。")
        return value


class SignupForm(UserCreationForm):
    """Sign up with a user name and a password (Django's checks, Japanese messages)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "150文字以内。英数字と @ . + - _ が使えます。"
        self.fields["username"].error_messages.update({"required": "ユーザー名を入力してください。"})
        self.fields["password1"].error_messages.update({"required": "パスワードを入力してください。"})
        self.fields["password2"].error_messages.update({"required": "確認のためもう一度パスワードを入力してください。"})


def _study_topics_clean(value: Any) -> list[str]:
    known = {t.slug for t in STUDY_TOPICS}
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise forms.ValidationError('トピックは ["120.3", "lifelink"] のような文字列のリストで書いてください。')
    unknown = [v for v in value if v not in known]
    if unknown:
        raise forms.ValidationError(f"知らないトピックです: {', '.join(unknown)}（使えるもの: {', '.join(sorted(known))}）")
    return value


def _study_rules_clean(value: Any) -> list[str]:
    if value in (None, ""):
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) and re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", v)
                                              for v in value):
        raise forms.ValidationError('条文は ["120.3f", "615.6"] のような番号のリストで書いてください。')
    return value


def _needs_target(kind: str, target: str) -> None:
    if kind not in ("dies", "legal") and not target:
        raise forms.ValidationError({"ask_target": "この問いには対象のID（プレイヤーかパーマネント）が必要です。"})


class _AuthoredAdminForm(forms.ModelForm):
    """What authored questions and templates share: topic and rule lists, and an unsaved trial copy
    of the object that the engine checks before anything is stored."""

    def clean_topics(self) -> list[str]:
        return _study_topics_clean(self.cleaned_data.get("topics"))

    def clean_rules(self) -> list[str]:
        return _study_rules_clean(self.cleaned_data.get("rules"))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
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
