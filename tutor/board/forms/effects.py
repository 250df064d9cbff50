"""The form that adds one prevention or replacement effect (CR 615, 616)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crispy_forms.layout import HTML, Layout
from django import forms

from rules_core.model.ja import EFFECT_LABEL_JA, PREVENT_THEN_JA
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
    "prevent_from_color": (("color", True), ("to", True), ("next_only", False), ("source", False)),
    "damage_multiplier": (("factor", True), ("from_controller", False), ("to", False)),
    "life_gain_multiplier": (("player", True), ("factor", True)),
    "no_life_gain": (("player", False),),
    "life_floor": (("player", True), ("floor", True), ("if_controls_creature", False)),
    "no_counters": (("on", True),),
    "counter_multiplier": (("factor", True), ("by_controller", False), ("on_controlled_by", False)),
    "cant_be_prevented": (("from", False), ("from_controller", False), ("combat_only", False)),
    "regenerate": (("regen_on", True), ("static", False)),
    "cant_be_regenerated": (("regen_on", False),),
    "life_cant_change": (("player", True),),
    "no_loss_for_life": (("player", True), ("damage_as_infect", False)),
    "assign_by_toughness": (("controller", False),),
    "redirect_damage": (
        ("redirect_from", True),
        ("redirect_to", True),
        ("and_permanents", False),
        ("amount", False),
        ("source", False),
    ),
    "prevent_and": (
        ("to", True),
        ("then", True),
        ("amount", False),
        ("source", False),
        ("dealer_name", False),
        ("dealer_controller", False),
        ("dealer_colors", False),
        ("draw_player", False),
    ),
    "damage_plus": (
        ("plus", True),
        ("from_controller", False),
        ("source_color", False),
        ("to_opponents", False),
        ("to", False),
    ),
    "prevent_half": (("player", True),),
    "prevent_all_but": (("opponent_to", True), ("source", True), ("leave", True)),
    "exile_instead": (
        ("exile_controller", True),
        ("creatures", False),
        ("nontoken", False),
        ("opponents", False),
        ("token_power", False),
        ("token_toughness", False),
        ("token_colors", False),
        ("token_subtypes", False),
        ("token_name", False),
    ),
}
EFFECT_FIELDS["damage_multiplier"] += (("to_opponents_of", False),)
EFFECT_FIELDS["life_floor"] += (
    ("condition_types", False),
    ("condition_subtype", False),
    ("condition_colors", False),
    ("condition_at_least", False),
    ("if_life_at_least", False),
)

FIELD_KEYS = {
    "redirect_from": "from",
    "redirect_to": "to",
    "draw_player": "player",
    "plus": "amount",
    "opponent_to": "to",
    "regen_on": "on",
    "exile_controller": "controller",
}
"""Form fields whose document key differs (a field name is unique on the form; a key repeats across kinds)."""

REFUSAL_FIELDS = {
    ".dealer": "dealer_controller",
    ".condition": "condition_subtype",
    ".condition.at_least": "condition_at_least",
    ".leave": "leave",
    ".and_permanents": "and_permanents",
    ".then": "then",
    ".to_opponents_of": "to_opponents_of",
    ".source_color": "source_color",
    ".controller": "controller",
    ".from_controller": "from_controller",
    ".to_opponents": "to_opponents",
    ".token": "token_power",
    ".token.power": "token_power",
    ".token.toughness": "token_toughness",
    ".token.name": "token_name",
    ".token.subtypes": "token_subtypes",
}
"""Where the engine's refusal of a new kind's key goes (by the end of the path it names), before the shared map."""

PREVENT_THEN_CHOICES = [(k, v) for k, v in PREVENT_THEN_JA.items()]
CONDITION_TYPE_CHOICES = TYPE_CHOICES

EFFECT_HELP = {
    "prevent_next": "例: 「このターン、それが受ける次の2点のダメージを軽減する。」",
    "prevent_next_from_source": "例: 《畏敬の一撃》「次にそれが与えるダメージをすべて軽減し、0にする。」",
    "prevent_all": "例: 《濃霧》「このターン、与えられる戦闘ダメージをすべて軽減する。」",
    "prevent_static": "例: 《圧倒する防衛者》「発生源1つがあなたがコントロールしているクレリックにダメージを与えるなら、そのダメージ1点を軽減する。」",
    "prevent_from_color": (
        "例: 《赤の防御円》「あなたが選んだ赤の発生源1つが次にあなたに与えるダメージを軽減する。」"
        "発生源は効果が作られるときに1つ選ばれ (609.7a)、ダメージを与えるときにその色かどうかを確かめ直します (615.9)。"
    ),
    "damage_multiplier": "例: 《ラースの灼熱洞》「代わりにその2倍のダメージを与える。」",
    "life_gain_multiplier": "例: 《加護の反射》「代わりに あなたはその2倍の点数のライフを得る。」",
    "no_life_gain": "例: 《硫黄の渦》「プレイヤーはライフを得られない。」",
    "life_floor": "例: 《崇拝》「あなたのライフの総量を1点以下に減少させるダメージは、代わりに1点になるまで減少させる。」",
    "no_counters": "例: 《破れ翼トビ》「これの上にカウンターを置くことはできない。」",
    "counter_multiplier": "カウンターを置くなら、代わりにその2倍を置く効果。",
    "cant_be_prevented": "例: 「このターン、ダメージは軽減できない。」",
    "regenerate": "例: 《蠢く骸骨》「このターン、次にこれが破壊されるなら、代わりに再生する。」常在型なら《不死の戦士》のように毎回。",
    "cant_be_regenerated": "例: 《神の怒り》「それらは再生できない。」",
    "life_cant_change": "例: 《白金の帝像》「あなたのライフの総量は変化しない。」",
    "no_loss_for_life": "例: 《ファイレクシアの非生》「あなたはライフが0点以下でもゲームに敗北しない。」",
    "assign_by_toughness": "例: 《包囲の塔、ドラン》「各クリーチャーは、パワーではなくタフネスに等しい戦闘ダメージを割り振る。」",
    "redirect_damage": "例: 《最下層民》「あなたに与えられるすべてのダメージは、代わりにエンチャントされているクリーチャーに与えられる。」",
    "prevent_and": "例: 《信仰の試練》「次の3点のダメージを軽減し、軽減した1点につき+1/+1カウンターを1個置く。」",
    "damage_plus": "例: 《朱地洞の族長、トーブラン》「代わりにその点数に2を足したダメージを与える。」",
    "prevent_half": "例: 《黄金夜の刃、ギセラ》「そのダメージの半分(端数切り上げ)を軽減する。」",
    "prevent_all_but": "例: 《Forcefield》「ブロックされていないクリーチャー1体が次に与える戦闘ダメージを、1点を除いてすべて軽減する。」",
    "exile_instead": "例: 《安らかなる眠り》「カードかトークンが墓地に置かれるなら、代わりにそれを追放する。」"
    "《ゲトの裏切り者、カリタス》は、対戦相手のトークンでないクリーチャーだけを追放し、2/2の黒のゾンビ・トークンを生成します。",
}


def _const(field: forms.Field) -> Callable[[bool], forms.Field]:
    """A builder for a field that is the same whether required or not (each kind lists it once)."""
    return lambda _required: field


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
            "amount": lambda req: _int(
                "点数",
                required=req,
                initial=2 if req else None,
                help_text="" if req else "空欄なら点数を問わない",
            ),
            "source": lambda req: _choice(
                "発生源", sources if req else [("", "(問わない)"), *sources], required=req
            ),
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
            "on_controlled_by": lambda req: _choice(
                "置かれるパーマネントのコントローラー",
                [("", "(問わない)"), *players],
                required=False,
                help_text="《倍増の季節》のように「あなたがコントロールするパーマネント」なら選びます (122.6)",
            ),
            **self.more_builders(objects, players),
        }
        for name, required in EFFECT_FIELDS[effect_type]:
            self.fields[name] = builders[name](required)
        self.helper.layout = self.layout()

    def more_builders(
        self, objects: list[tuple[str, str]], players: list[tuple[str, str]]
    ) -> dict[str, Callable[[bool], forms.Field]]:
        """The fields of regeneration, life rules, toughness assignment, redirection and the modifiers."""
        permanents = self.permanent_choices()
        anyone = [("", "(問わない)"), *players]
        return {
            "regen_on": lambda req: _choice(
                "対象のパーマネント",
                permanents if req else [("", "(すべてのパーマネント)"), *permanents],
                required=req,
            ),
            "static": _const(
                _flag("常在型(破壊されるたびに再生する、701.19b)", "外すと、次の1回だけの再生の盾(701.19a)")
            ),
            "if_life_at_least": _const(
                _int(
                    "そのプレイヤーのライフがこの点数以上のときだけ",
                    lo=-SMALL_MAX,
                    required=False,
                    initial=None,
                    help_text="例: 《古鱗のワーム》は7(ダメージのイベントの前のライフで判断します)",
                )
            ),
            "damage_as_infect": _const(
                _flag(
                    "ライフが0点以下のあいだ、ダメージを感染を持つ発生源からのように受ける", "702.90b、120.3b"
                )
            ),
            "controller": _const(
                _choice(
                    "クリーチャーのコントローラー", [("", "(すべてのクリーチャー)"), *players], required=False
                )
            ),
            "redirect_from": _const(_choice("もともとダメージを受ける者", objects)),
            "redirect_to": _const(_choice("代わりにダメージを受ける者", objects)),
            "and_permanents": _const(
                _flag("そのプレイヤーがコントロールしている他のパーマネントへのダメージも", "《矢来の巨人》")
            ),
            "then": _const(_choice("軽減したあとの追加の効果(615.5)", PREVENT_THEN_CHOICES)),
            "dealer_name": _const(
                _text(
                    "ダメージを与える発生源の名前",
                    required=False,
                    help_text="「ダメージを与える」ときだけ。例: 《跳ね返す掌》",
                )
            ),
            "dealer_controller": _const(
                _choice("ダメージを与える発生源のコントローラー", [("", "(なし)"), *players], required=False)
            ),
            "dealer_colors": _const(_multi("ダメージを与える発生源の色", COLOR_CHOICES)),
            "draw_player": _const(
                _choice(
                    "カードを引くプレイヤー", [("", "(発生源のコントローラー)"), *players], required=False
                )
            ),
            "plus": _const(_int("増やす点数", lo=1, initial=2)),
            "source_color": _const(
                _choice("発生源の色", [("", "(問わない)"), *COLOR_CHOICES], required=False)
            ),
            "to_opponents": _const(
                _flag(
                    "対戦相手か対戦相手のパーマネントに与えるときだけ",
                    "発生源のコントローラーから見た対戦相手",
                )
            ),
            "to_opponents_of": _const(
                _choice(
                    "このプレイヤーの対戦相手か、そのパーマネントへのダメージだけ", anyone, required=False
                )
            ),
            "opponent_to": _const(_choice("ダメージを受けるプレイヤー", players)),
            "leave": _const(_int("残す点数", initial=1)),
            "condition_types": _const(
                _multi("条件: コントロールしているパーマネントのタイプ", CONDITION_TYPE_CHOICES)
            ),
            "condition_subtype": _const(
                _text("条件: サブタイプ", required=False, max_length=64, help_text="例: Angel")
            ),
            "condition_colors": _const(_multi("条件: 色", COLOR_CHOICES)),
            "condition_at_least": _const(
                _int("条件: 個数", lo=1, hi=5000, required=False, initial=None, help_text="空欄なら1つ以上")
            ),
            "exile_controller": _const(_choice("効果のコントローラー", players)),
            "creatures": _const(_flag("クリーチャーだけ(「死亡するなら」、700.4)")),
            "nontoken": _const(_flag("トークンでないものだけ")),
            "opponents": _const(_flag("効果のコントローラーの対戦相手がコントロールするものだけ")),
            "token_power": _const(
                _int(
                    "生成するトークンのパワー",
                    lo=0,
                    hi=1000,
                    required=False,
                    initial=None,
                    help_text="空欄ならトークンを生成しない",
                )
            ),
            "token_toughness": _const(
                _int("生成するトークンのタフネス", lo=1, hi=1000, required=False, initial=None)
            ),
            "token_colors": _const(_multi("生成するトークンの色", COLOR_CHOICES)),
            "token_subtypes": _const(
                _text("生成するトークンのサブタイプ", required=False, max_length=64, help_text="例: Zombie")
            ),
            "token_name": _const(_text("生成するトークンの名前(任意)", required=False, max_length=100)),
        }

    def refusal_fields(self) -> dict[str, str]:
        """Where the engine's refusal goes on this form: the renamed fields first."""
        out = {f".{key}": name for name, key in FIELD_KEYS.items() if name in self.fields}
        return {**out, **REFUSAL_FIELDS}

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

    def clean(self) -> dict[str, Any]:
        """The combinations the scenario format refuses, said with the form's own labels."""
        data = super().clean() or {}
        kind = self.effect_type

        def refuse(field: str, message: str) -> None:
            if field not in self.errors:
                self.add_error(field, message)

        if (
            kind == "redirect_damage"
            and data.get("redirect_from")
            and data.get("redirect_from") == data.get("redirect_to")
        ):
            refuse("redirect_to", "もともとダメージを受ける者とは別のものを選んでください(614.9)。")
        if kind == "prevent_and":
            if data.get("amount") is not None and data.get("source"):
                refuse("source", "「点数」と「発生源」は同時に指定できません。どちらか一方にしてください。")
            if data.get("then") == "deal_damage" and not data.get("dealer_controller"):
                refuse(
                    "dealer_controller",
                    "「ダメージを与える」ときは、ダメージを与える発生源のコントローラーを選んでください。",
                )
        if (
            kind == "life_floor"
            and data.get("if_controls_creature")
            and any(
                data.get(name)
                for name in ("condition_types", "condition_subtype", "condition_colors", "condition_at_least")
            )
        ):
            refuse(
                "condition_subtype",
                "「クリーチャーをコントロールしている場合だけ」と条件は同時に指定できません。",
            )
        if kind == "exile_instead" and (data.get("token_power") is None) != (
            data.get("token_toughness") is None
        ):
            refuse("token_toughness", "トークンを生成するなら、パワーとタフネスの両方を入力してください。")
        if kind == "damage_plus" and data.get("to_opponents") and not data.get("from_controller"):
            refuse(
                "from_controller",
                "「対戦相手に与えるときだけ」には、発生源のコントローラーを選んでください。",
            )
        return data

    def clean_dealer_name(self) -> str:
        return _printable(self.cleaned_data.get("dealer_name") or "", "ダメージを与える発生源の名前")

    def clean_token_subtypes(self) -> str:
        return _printable(self.cleaned_data.get("token_subtypes") or "", "生成するトークンのサブタイプ")

    def clean_token_name(self) -> str:
        return _printable(self.cleaned_data.get("token_name") or "", "生成するトークンの名前")

    def clean_condition_subtype(self) -> str:
        return _printable(self.cleaned_data.get("condition_subtype") or "", "条件: サブタイプ")

    def to_effect(self) -> dict[str, Any]:
        data = self.cleaned_data
        effect: dict[str, Any] = {"type": self.effect_type}
        flt: dict[str, Any] = {}
        dealer: dict[str, Any] = {}
        controls: dict[str, Any] = {}
        token: dict[str, Any] = {}
        for name, _required in EFFECT_FIELDS[self.effect_type]:
            value = data.get(name)
            if name.startswith("token_"):
                key = name.removeprefix("token_")
                if value not in (None, "", []):
                    token[key] = [value] if key == "subtypes" else list(value) if key == "colors" else value
                continue
            if name.startswith("dealer_"):
                if value:
                    dealer[name.removeprefix("dealer_")] = list(value) if name == "dealer_colors" else value
                continue
            if name.startswith("condition_"):
                key = name.removeprefix("condition_")
                if value and key == "at_least":
                    effect["condition"] = {"controls": controls, "at_least": value}
                elif value:
                    controls[key] = list(value) if key in ("types", "colors") else value
                continue
            if name in FIELD_KEYS:
                if value not in (None, "", False, []):
                    effect[FIELD_KEYS[name]] = value
                continue
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
        if dealer:
            effect["dealer"] = dealer
        if token:
            effect["token"] = token
        if controls:
            effect.setdefault("condition", {"controls": controls})
        if data.get("name"):
            effect["name"] = data["name"]
        return effect
