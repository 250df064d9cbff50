"""What happens between the first-strike and the regular combat damage step (docs/scenario-format.md
§ 10; CR 510.4, 702.7c, 702.4c-d, 506.4): one change at a time, applied in the order stated."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.layout import Fieldset, Layout

from tutor.board.forms.base import (
    COLOR_CHOICES,
    KEYWORD_CHOICES,
    SMALL_MAX,
    BoardForm,
    _choice,
    _int,
    _printable,
    _text,
)

CHANGE_CHOICES = [
    ("pump", "強化・弱体化(+X/+Y)"),
    ("gain_keyword", "キーワード能力を得る"),
    ("lose_keyword", "キーワード能力を失う"),
    ("remove_from_combat", "戦闘から取り除く(506.4)"),
    ("destroy", "破壊する(701.8)"),
    ("enter_attacking", "攻撃している状態で戦場に出る(508.4)"),
    ("enter_blocking", "ブロックしている状態で戦場に出る(509.3c)"),
    ("damage", "呪文や能力がダメージを与える(510.3)"),
    ("return_to_hand", "オーナーの手札に戻る(400.7)"),
    ("ninjutsu", "忍術(702.49)"),
]
CHANGE_JA = dict(CHANGE_CHOICES)


def _in_combat(event: Mapping[str, Any]) -> set[str]:
    ids: set[str] = set()
    for attack in event.get("attacks", []):
        ids.add(attack.get("attacker"))
        ids.update(attack.get("blockers", []))
    return {i for i in ids if isinstance(i, str)}


class BetweenStepForm(BoardForm):
    """One change between the combat damage steps; the engine checks that there are two steps."""

    form_name = "between"
    submit_label = "この変化を加える"

    type = _choice("何が起こるか", CHANGE_CHOICES)
    creature = _choice("クリーチャー(ダメージを与える呪文のときは不要)", [], required=False)
    power = _int("パワーの修整", lo=-SMALL_MAX, required=False, initial=0)
    toughness = _int("タフネスの修整", lo=-SMALL_MAX, required=False, initial=0)
    keyword = _choice("キーワード能力", [("", "(選ぶ)"), *KEYWORD_CHOICES], required=False)
    defender = _choice("攻撃する先(攻撃している状態で出るとき)", [], required=False)
    blocking = _choice("ブロックする攻撃クリーチャー(ブロックしている状態で出るとき)", [], required=False)
    returned = _choice("忍術で手札に戻す、ブロックされていない攻撃クリーチャー", [], required=False)
    damage_to = _choice("ダメージを与える相手(呪文や能力のダメージのとき)", [], required=False)
    amount = _int("ダメージの点数", required=False, initial=None)
    source_controller = _choice("呪文や能力のコントローラー", [], required=False)
    source_color = _choice("呪文や能力の色", [("", "(無色)"), *COLOR_CHOICES], required=False)
    name = _text("呪文・能力の名前", required=False, help_text="例: 《巨大化》")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event: Mapping[str, Any] = self.document.get("event") or {}
        self.choices_set("creature", self.permanent_choices(types=("creature",)))
        active = self.document.get("active_player")
        self.choices_set(
            "defender",
            [
                ("", "(選ぶ)"),
                *[(pid, label) for pid, label in self.player_choices() if pid != active],
                *self.permanent_choices(types=("planeswalker", "battle")),
            ],
        )
        attackers = [a.get("attacker") for a in self.event.get("attacks", [])]
        self.choices_set("blocking", [("", "(選ぶ)"), *[(a, self.names(a)) for a in attackers if a]])
        unblocked = [
            a.get("attacker")
            for a in self.event.get("attacks", [])
            if not a.get("blockers") and not a.get("blocked")
        ]
        self.choices_set("returned", [("", "(選ぶ)"), *[(a, self.names(a)) for a in unblocked if a]])
        self.choices_set("damage_to", self.object_choices("(選ぶ)"))
        self.choices_set("source_controller", self.player_choices("(選ぶ)"))

    def layout(self) -> Layout:
        return Layout(
            Fieldset(
                "第1戦闘ダメージ・ステップの後、第2ステップの前(510.4)",
                "type",
                "creature",
                "power",
                "toughness",
                "keyword",
                "defender",
                "blocking",
                "returned",
                "damage_to",
                "amount",
                "source_controller",
                "source_color",
                "name",
            ),
            self.buttons(),
        )

    def clean_name(self) -> str:
        return _printable(self.cleaned_data.get("name") or "", "呪文・能力の名前")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind, creature = data.get("type"), data.get("creature")
        if self.event.get("type") != "combat":
            self.add_error(
                "type",
                "まず戦闘(攻撃とブロック)を決めてください。「ダメージのイベント」の「戦闘」で決められます。",
            )
            return data
        fighting = _in_combat(self.event)
        if kind == "damage":
            if not data.get("damage_to"):
                self.add_error("damage_to", "ダメージを与える相手を選んでください。")
            if data.get("amount") is None and "amount" not in self.errors:
                self.add_error("amount", "ダメージの点数を入力してください。")
            if not data.get("source_controller"):
                self.add_error("source_controller", "呪文や能力のコントローラーを選んでください。")
            return data
        if not creature and "creature" not in self.errors:
            self.add_error("creature", "クリーチャーを選んでください。")
        if kind == "ninjutsu" and not data.get("returned"):
            self.add_error("returned", "手札に戻す、ブロックされていない攻撃クリーチャーを選んでください。")
        if kind == "ninjutsu" and creature in fighting:
            self.add_error(
                "creature", "忍術で戦場に出すのは、手札にあるカード(いま戦闘にいないクリーチャー)です。"
            )
        if kind == "pump" and not (data.get("power") or data.get("toughness")) and "power" not in self.errors:
            self.add_error("power", "パワーかタフネスの修整を入力してください(0/0 では何も変わりません)。")
        if kind in ("gain_keyword", "lose_keyword") and not data.get("keyword"):
            self.add_error("keyword", "キーワード能力を選んでください。")
        if kind in ("remove_from_combat", "destroy") and creature and creature not in fighting:
            self.add_error("creature", "戦闘に参加しているクリーチャーを選んでください。")
        if kind in ("enter_attacking", "enter_blocking") and creature in fighting:
            self.add_error("creature", "すでに戦闘に参加しているクリーチャーは、戦場に出ることはできません。")
        if kind == "enter_attacking" and not data.get("defender"):
            self.add_error("defender", "攻撃する先を選んでください。")
        if kind == "enter_blocking" and not data.get("blocking"):
            self.add_error("blocking", "ブロックする攻撃クリーチャーを選んでください。")
        return data

    def to_change(self) -> dict[str, Any]:
        data = self.cleaned_data
        kind = data["type"]
        if kind == "damage":
            source: dict[str, Any] = {"controller": data["source_controller"]}
            if data.get("name"):
                source["name"] = data["name"]
            if data.get("source_color"):
                source["colors"] = [data["source_color"]]
            damage = {
                "type": kind,
                "source": source,
                "damage": [{"to": data["damage_to"], "amount": data["amount"]}],
            }
            if data.get("name"):
                damage["name"] = data["name"]
            return damage
        change: dict[str, Any] = {"type": kind, "creature": data["creature"]}
        if kind == "pump":
            change["power"] = data.get("power") or 0
            change["toughness"] = data.get("toughness") or 0
        elif kind in ("gain_keyword", "lose_keyword"):
            change["keyword"] = data["keyword"]
        elif kind == "enter_attacking":
            change["defender"] = data["defender"]
        elif kind == "enter_blocking":
            change["blocking"] = data["blocking"]
        elif kind == "ninjutsu":
            change["returned"] = data["returned"]
        if data.get("name"):
            change["name"] = data["name"]
        return change


FIELD_OF_ERROR = {
    ".creature": "creature",
    ".keyword": "keyword",
    ".defender": "defender",
    ".blocking": "blocking",
    ".power": "power",
    ".toughness": "toughness",
    ".returned": "returned",
    ".source": "source_controller",
    ".damage": "damage_to",
    ".amount": "amount",
    "between_steps": "type",
}
"""The engine's field (``event.between_steps[0].creature``) → this form's field."""
