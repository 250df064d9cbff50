"""The form that sets the rules a board resolves under (拡張, docs/scenario-format.md § 12)."""

from __future__ import annotations

from itertools import islice, permutations
from typing import Any, Final

from crispy_forms.layout import Fieldset, Layout
from django import forms

from tutor.board.era_documents import ERA_CHOICES, ORDER_ERA, STACK_ERA, attack_orders, era_of
from tutor.board.forms.base import ERRORS, BoardForm, TextFieldset, _choice, _int, _text

MAX_ORDERS_OFFERED: Final = 24
"""Orders offered for one attacker: every order of up to four blockers (4! = 24), the first 24 beyond."""


class EraForm(BoardForm):
    """Today's rules, the damage assignment order of 2009-2024 (509.2 of the 2024-08-02 file), or
    combat damage on the stack (310.1 of the 2007-02-01 file)."""

    form_name = "era"
    submit_label = "この時代のルールにする"

    era = forms.ChoiceField(
        label="ルールの時代",
        choices=ERA_CHOICES,
        widget=forms.RadioSelect,
        error_messages={**ERRORS, "required": "ルールの時代を選んでください。"},
        help_text="時代を変えると、その時代にしかない設定(割り振り順、スタック上の行動)は取り除かれます。",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.orders: list[tuple[int, list[str]]] = []
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.fields["era"].initial = era_of(self.document)
        for index, attacker, blockers, stated in attack_orders(self.document):
            choices = []
            for order in islice(permutations(range(len(blockers))), MAX_ORDERS_OFFERED):
                value = ",".join(str(i) for i in order)
                label = " → ".join(self.names(blockers[i]) for i in order)
                choices.append((value, label))
            field = forms.ChoiceField(
                label=f"{self.names(attacker)}のダメージ割り振り順",
                choices=choices,
                required=False,
                error_messages=ERRORS,
                help_text="2009-2024年のルールのときだけ使います。順番で前のクリーチャーに致死ダメージを割り振るまで、"
                "次には割り振れません。",
            )
            if stated and sorted(stated) == sorted(blockers):
                field.initial = ",".join(str(blockers.index(b)) for b in stated)
            self.fields[f"order_{index}"] = field
            self.orders.append((index, blockers))
        self.helper.layout = self.layout()

    def layout(self) -> Layout:
        order_fields = [f"order_{index}" for index, _ in getattr(self, "orders", [])]
        parts: list[Any] = [Fieldset("ルールの時代", "era")]
        if order_fields:
            parts.append(TextFieldset("ダメージ割り振り順(2009-2024年のルール)", *order_fields))
        return Layout(*parts, self.buttons())

    def chosen_orders(self) -> dict[int, list[str]]:
        """Attack index → the order chosen (blocker ids), for the attacks with an order field."""
        out: dict[int, list[str]] = {}
        if self.cleaned_data.get("era") != ORDER_ERA:
            return out
        for index, blockers in self.orders:
            raw = self.cleaned_data.get(f"order_{index}") or ""
            if raw:
                out[index] = [blockers[int(i)] for i in raw.split(",")]
        return out


ACTION_CHOICES: Final = [
    ("sacrifice", "生け贄に捧げる(《貪欲なるベイロス》の能力など)"),
    ("pump", "+X/+Yの修整を与える(《巨大化》など)"),
    ("destroy", "破壊する(《恐怖》など)"),
    ("bounce", "オーナーの手札に戻す(《送還》など)"),
    ("damage", "ダメージを与える(戦闘ダメージではない。《モグの狂信者》など)"),
]


class StackActionForm(BoardForm):
    """One spell or ability resolved while the combat damage is on the stack (310.1 of the 2007-02-01
    file): the engine then deals the damage as assigned (310.4a-c)."""

    form_name = "stack_action"
    submit_label = "行動を加える"

    type = _choice("行動", ACTION_CHOICES)
    creature = _choice(
        "対象のクリーチャー", [], required=False, help_text="ダメージを与える行動では使いません"
    )
    power = _int("パワーの修整", lo=-99, hi=99, required=False, initial=3)
    toughness = _int("タフネスの修整", lo=-99, hi=99, required=False, initial=3)
    gain_life = _int("得るライフ", lo=0, hi=99, required=False, initial=0, help_text="生け贄のとき")
    source = _choice("ダメージの発生源", [], required=False)
    to = _choice("ダメージを受けるもの", [], required=False)
    amount = _int("ダメージの点数", lo=0, hi=99, required=False, initial=1)
    name = _text("名前(カード名など)", required=False, max_length=60, help_text="例: 《巨大化》")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        creatures = self.permanent_choices(types=("creature",))
        self.choices_set("creature", [("", "—"), *creatures])
        self.choices_set("source", [("", "—"), *self.permanent_choices()])
        self.choices_set("to", [("", "—"), *self.object_choices()])

    def layout(self) -> Layout:
        return Layout(
            Fieldset("戦闘ダメージがスタックにある間の行動(2007年のルール)", "type", "creature", "name"),
            Fieldset("修整・ライフ", "power", "toughness", "gain_life"),
            Fieldset("ダメージ", "source", "to", "amount"),
            self.buttons(),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind = data.get("type")
        if era_of(self.document) != STACK_ERA:
            self.add_error(
                "type",
                "戦闘ダメージがスタックに置かれるのは2007年のルールだけです。先に「ルールの時代を選ぶ」で"
                "2007年のルールにしてください。",
            )
        elif (self.document.get("event") or {}).get("type") != "combat":
            self.add_error("type", "先に「ダメージのイベント」で戦闘を決めてください。")
        if kind == "damage":
            for key, label in (("source", "ダメージの発生源"), ("to", "ダメージを受けるもの")):
                if not data.get(key):
                    self.add_error(key, f"{label}を選んでください。")
        elif kind and not data.get("creature"):
            self.add_error("creature", "対象のクリーチャーを選んでください。")
        return data

    def window_action(self) -> dict[str, Any]:
        """The action as the document writes it (docs/scenario-format.md § 12.3)."""
        data = self.cleaned_data
        kind = data["type"]
        out: dict[str, Any] = {"type": kind}
        if kind == "damage":
            out.update(source=data["source"], to=data["to"], amount=data.get("amount") or 0)
        else:
            out["creature"] = data["creature"]
        if kind == "pump":
            out.update(power=data.get("power") or 0, toughness=data.get("toughness") or 0)
        if kind == "sacrifice" and data.get("gain_life"):
            out["gain_life"] = data["gain_life"]
        if data.get("name"):
            out["name"] = data["name"]
        return out
