"""What happens between the first-strike and the regular combat damage step (docs/scenario-format.md
§ 10; CR 510.4, 702.7c, 702.4c-d, 506.4): one change at a time, applied in the order stated."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.layout import Fieldset, Layout

from tutor.board.forms.base import KEYWORD_CHOICES, SMALL_MAX, BoardForm, _choice, _int, _printable, _text

CHANGE_CHOICES = [
    ("pump", "強化・弱体化(+X/+Y)"),
    ("gain_keyword", "キーワード能力を得る"),
    ("lose_keyword", "キーワード能力を失う"),
    ("remove_from_combat", "戦闘から取り除く(506.4)"),
    ("destroy", "破壊する(701.8)"),
    ("enter_attacking", "攻撃している状態で戦場に出る(508.4)"),
    ("enter_blocking", "ブロックしている状態で戦場に出る(509.3c)"),
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
    creature = _choice("クリーチャー", [])
    power = _int("パワーの修整", lo=-SMALL_MAX, required=False, initial=0)
    toughness = _int("タフネスの修整", lo=-SMALL_MAX, required=False, initial=0)
    keyword = _choice("キーワード能力", [("", "(選ぶ)"), *KEYWORD_CHOICES], required=False)
    defender = _choice("攻撃する先(攻撃している状態で出るとき)", [], required=False)
    blocking = _choice("ブロックする攻撃クリーチャー(ブロックしている状態で出るとき)", [], required=False)
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
    "between_steps": "type",
}
"""The engine's field (``event.between_steps[0].creature``) → this form's field."""
