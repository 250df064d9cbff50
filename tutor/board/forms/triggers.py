"""Triggered abilities from the fixed vocabulary (docs/scenario-format.md § 8.1, CR 603) on a permanent:
when it triggers, what it does, how much (a number or "that much", 120.9) and to whom."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.layout import Fieldset, Layout

from rules_core.model.ja import TRIGGER_EFFECT_JA, TRIGGER_WHEN_JA
from rules_core.model.trigger_types import (
    COUNTER_KINDS,
    DAMAGE_KINDS,
    EFFECT_KINDS,
    RECIPIENT_KINDS,
    REMOVED_KINDS,
    WATCH,
    WHEN,
)
from tutor.board.forms.base import BoardForm, _choice, _flag, _int, _printable, _text

AMOUNT_MAX = 1_000_000
TRIGGERS_MAX = 8
"""Triggered abilities per permanent the format accepts (docs/scenario-format.md § 8.1)."""
DAMAGE_JA = {"any": "すべてのダメージ", "combat": "戦闘ダメージだけ", "noncombat": "戦闘ダメージ以外だけ"}
RECIPIENT_JA = {"any": "何にでも(イベントごとに1回)", "player": "プレイヤーに", "creature": "クリーチャーに"}
WATCH_JA = {
    "self": "このパーマネント",
    "you": "コントローラーとそのパーマネント",
    "opponents": "対戦相手とそのパーマネント",
    "any": "すべて",
}
DAMAGE_WHEN = ("deals_damage", "dealt_damage", "excess_damage")
WATCH_WHEN = ("damage_prevented", "excess_damage", "dealt_damage", "dies")
"""§ 16.4: on dealt_damage and dies, a watch other than itself makes the ability watch other creatures."""
TARGET_WORDS = {
    "controller": "能力のコントローラー",
    "each_opponent": "各対戦相手",
    "self": "このパーマネント",
    "its_controller": "そのクリーチャーのコントローラー",
}
REMOVED_JA = {"+1/+1": "+1/+1カウンター", "loyalty": "忠誠カウンター(ダメージで取り除かれる、120.3c)"}
TARGET_KEY = {"gain_life": "player", "lose_life": "player", "counters": "on", "damage": "to"}
"""Which key of the effect the form's one target field fills."""


class TriggerForm(BoardForm):
    """One triggered ability added to a permanent; the engine checks the ids again when the board is saved."""

    form_name = "trigger"
    submit_label = "この誘発型能力を加える"

    permanent = _choice("誘発型能力を持つパーマネント", [])
    when = _choice("誘発するとき(603.1)", [(w, TRIGGER_WHEN_JA[w]) for w in WHEN])
    damage = _choice(
        "見るダメージ",
        [(k, DAMAGE_JA[k]) for k in DAMAGE_KINDS],
        required=False,
        help_text="「ダメージを与えるたび」「与えられるたび」「余剰のダメージ」のとき",
    )
    recipient = _choice(
        "ダメージを与える相手",
        [(k, RECIPIENT_JA[k]) for k in RECIPIENT_KINDS],
        required=False,
        help_text="「ダメージを与えるたび」のとき",
    )
    watch = _choice(
        "見張るもの",
        [(k, WATCH_JA[k]) for k in WATCH],
        required=False,
        help_text="「軽減されるたび」「余剰のダメージ」のとき(615.13、120.10)。「与えられるたび」「死亡したとき」で"
        "このパーマネント以外を選ぶと、そのクリーチャーそれぞれを見張ります",
    )
    counter = _choice(
        "取り除かれるカウンター",
        [(k, REMOVED_JA[k]) for k in REMOVED_KINDS],
        required=False,
        help_text="「カウンターが取り除かれるたび」のとき",
    )
    each_counter = _flag(
        "カウンター1個ごとに誘発する",
        "外すと、同時に何個取り除かれても1回(「1個以上取り除かれるたび」、603.2c)",
    )
    effect = _choice("すること", [(k, TRIGGER_EFFECT_JA[k]) for k in EFFECT_KINDS])
    amount = _int("点数・個数", hi=AMOUNT_MAX, required=False, initial=1)
    that_much = _flag("その数(誘発したときに見た点数: 120.9)", "「死亡したとき」には使えません")
    target = _choice("対象(プレイヤーかパーマネント)", [])
    targeted = _flag(
        "「対象の」と書いてある(603.3d)",
        "ダメージを与える先をスタックに置くときに対象として選びます。呪禁・被覆・プロテクション・護法が関係します",
    )
    kind = _choice("カウンターの種類", [(k, k) for k in COUNTER_KINDS], required=False)
    name = _text("能力の呼び名", required=False, help_text="例: 《アジャニの群れ仲間》の能力")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices_set("permanent", self.permanent_choices())
        self.choices_set("target", [*TARGET_WORDS.items(), *self.object_choices()])

    def layout(self) -> Layout:
        return Layout(
            Fieldset(
                "誘発型能力",
                "permanent",
                "when",
                "damage",
                "recipient",
                "watch",
                "counter",
                "each_counter",
                "name",
            ),
            Fieldset("解決したときにすること", "effect", "amount", "that_much", "target", "targeted", "kind"),
            self.buttons(),
        )

    def clean_name(self) -> str:
        return _printable(self.cleaned_data.get("name") or "", "能力の呼び名")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        when, effect, target = data.get("when"), data.get("effect"), data.get("target")
        permanent: Mapping[str, Any] = next(
            (p for p in self.document.get("permanents", []) if p["id"] == data.get("permanent")), {}
        )
        if len(permanent.get("triggers", [])) >= TRIGGERS_MAX:
            self.add_error("permanent", f"誘発型能力は1つのパーマネントに{TRIGGERS_MAX}個までです。")
        if data.get("recipient") not in (None, "", "any") and when != "deals_damage":
            self.add_error("recipient", "「ダメージを与えるたび」のときだけ選べます。")
        if data.get("damage") not in (None, "", "any") and when not in DAMAGE_WHEN:
            self.add_error("damage", "ダメージで誘発する能力のときだけ選べます。")
        if data.get("watch") not in (None, "", "self") and when not in WATCH_WHEN:
            self.add_error(
                "watch",
                "「軽減されるたび」「余剰のダメージ」「与えられるたび」「死亡したとき」のときだけ選べます。",
            )
        if (
            data.get("each_counter") or data.get("counter") not in (None, "", "+1/+1")
        ) and when != "counters_removed":
            self.add_error("counter", "「カウンターが取り除かれるたび」のときだけ選べます。")
        if target == "its_controller" and not (
            when in ("dealt_damage", "dies") and data.get("watch") not in (None, "", "self")
        ):
            self.add_error(
                "target",
                "「そのクリーチャーのコントローラー」は、ほかのクリーチャーを見張る能力のときだけ選べます。",
            )
        if data.get("that_much"):
            if when == "dies":
                self.add_error(
                    "that_much", "「死亡したとき」の能力は数を見ないので、「その数」は使えません。"
                )
        elif data.get("amount") is None and "amount" not in self.errors:
            self.add_error("amount", "点数・個数を入力するか、「その数」を選んでください。")
        if effect and target:
            self._target_check(effect, target)
        if data.get("targeted") and (effect != "damage" or target in TARGET_WORDS):
            self.add_error(
                "targeted",
                "対象をとれるのは、ダメージを与える先にプレイヤーかパーマネントを選んだときだけです(115.1)。",
            )
        return data

    def _target_check(self, effect: str, target: str) -> None:
        players = {p["id"] for p in self.document.get("players", [])}
        permanents = {p["id"] for p in self.document.get("permanents", [])}
        allowed = {
            "gain_life": {"controller"} | players,
            "lose_life": {"controller", "each_opponent"} | players,
            "counters": {"self"} | permanents,
            "damage": {"controller", "its_controller"} | players | permanents,
        }[effect]
        if target not in allowed:
            what = {
                "gain_life": "ライフを得るのはプレイヤーです(能力のコントローラーかプレイヤーを選んでください)。",
                "lose_life": "ライフを失うのはプレイヤーです(各対戦相手も選べます)。",
                "counters": "カウンターを置くのはパーマネントです(このパーマネントか、ほかのパーマネント)。",
                "damage": "ダメージを与える先は能力のコントローラー、プレイヤー、パーマネントのいずれかです。",
            }[effect]
            self.add_error("target", what)

    def to_trigger(self) -> dict[str, Any]:
        data = self.cleaned_data
        when = data["when"]
        trigger: dict[str, Any] = {"when": when}
        if when in DAMAGE_WHEN and data.get("damage") not in (None, "", "any"):
            trigger["damage"] = data["damage"]
        if when == "deals_damage" and data.get("recipient") not in (None, "", "any"):
            trigger["recipient"] = data["recipient"]
        if when in ("damage_prevented", "excess_damage"):
            trigger["watch"] = data.get("watch") or "self"
        elif when in WATCH_WHEN and data.get("watch") not in (None, "", "self"):
            trigger["watch"] = data["watch"]
        if when == "counters_removed":
            trigger["counter"] = data.get("counter") or "+1/+1"
            if data.get("each_counter"):
                trigger["each_counter"] = True
        if data.get("name"):
            trigger["name"] = data["name"]
        effect: dict[str, Any] = {
            "type": data["effect"],
            "amount": "that_much" if data.get("that_much") else data["amount"],
            TARGET_KEY[data["effect"]]: data["target"],
        }
        if data["effect"] == "counters":
            effect["kind"] = data.get("kind") or "+1/+1"
        if data.get("targeted"):
            effect["target"] = True
        trigger["effect"] = effect
        return trigger


FIELD_OF_ERROR = {
    ".effect.on": "target",
    ".effect.to": "target",
    ".effect.player": "target",
    ".effect.amount": "amount",
    ".effect": "effect",
    ".recipient": "recipient",
    ".damage": "damage",
    ".watch": "watch",
    ".counter": "counter",
    ".each_counter": "counter",
    ".when": "when",
    ".triggers": "permanent",
}
"""The engine's field (``permanents[2].triggers[0].effect.on``) → this form's field."""

__all__ = ["FIELD_OF_ERROR", "TriggerForm"]
