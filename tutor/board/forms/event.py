"""The damage event: a noncombat damage source, or a combat with attackers and blockers (CR 120, 510)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.layout import HTML, Div, Field, Fieldset, Layout
from django import forms

from rules_core.model.ja import KEYWORD_JA
from tutor.board.forms.base import (
    COLOR_CHOICES,
    BoardForm,
    TextFieldset,
    _choice,
    _flag,
    _int,
    _multi,
    _printable,
    _text,
    more_disclosure,
)

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
    exile_if_dies = _flag(
        "このダメージを受けたクリーチャーは、このターン死亡するなら代わりに追放される(614.6)",
        "例: 《神々の憤怒》",
    )
    delayed_creature = _choice(
        "遅延誘発型能力:このターン死亡したとき(603.7)",
        [],
        required=False,
        help_text="例: 《灼熱の血》「そのクリーチャーがこのターン死亡したとき、そのコントローラーに3点のダメージを与える。」",
    )
    delayed_amount = _int("そのときコントローラーに与えるダメージ", required=False, initial=None)
    sacrifice_creature = _choice(
        "遅延誘発型能力:次の終了ステップの開始時に生け贄に捧げる(603.7、701.21a)",
        [],
        required=False,
        help_text="生け贄は破壊ではないので、破壊不能や再生では防げません",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices_set("source", [("", "呪文・能力(下で指定)"), *self.permanent_choices()])
        self.choices_set("delayed_creature", self.permanent_choices("(なし)", types=("creature",)))
        self.choices_set("sacrifice_creature", self.permanent_choices("(なし)", types=("creature",)))
        self.choices_set("source_controller", self.player_choices())
        self.choices_set(
            "excess_to",
            [
                ("", "(なし)"),
                ("controller", "ダメージを受けたパーマネントのコントローラー"),
                *self.object_choices(),
            ],
        )
        self.recipients = [p["id"] for p in self.document.get("players", [])] + [
            p["id"] for p in self.document.get("permanents", [])
        ]
        for i, ident in enumerate(self.recipients):
            self.fields[f"amount_{i}"] = _int(f"{self.names(ident)}に", required=False, initial=None)
            self.fields[f"target_{i}"] = _flag("対象にする(115.1)")
            self.fields[f"ward_paid_{i}"] = _flag("護法のコストを支払う(702.21a)")
        self.helper.layout = self.layout()

    def layout(self) -> Layout:
        amounts = [
            Div(f"amount_{i}", f"target_{i}", f"ward_paid_{i}", css_class="amount-cell")
            for i in range(len(getattr(self, "recipients", [])))
        ]
        return Layout(
            Fieldset(
                "発生源(120.7)",
                "source",
                Div(
                    "source_name",
                    "source_controller",
                    Field("source_colors", css_class="checks"),
                    Field("source_keywords", css_class="checks"),
                    css_class="js-inline-source",
                ),
            ),
            Fieldset(
                "ダメージ(空欄はダメージを与えない。0 も指定できます: 120.8。「対象にする」は「対象の」と書かれた相手だけ。"
                "「各クリーチャーに」などは対象をとりません: 115.10a)",
                Div(*amounts, css_class="amount-grid"),
            ),
            Fieldset(
                "その他",
                "excess_to",
                "cant_be_prevented",
                "exile_if_dies",
                "delayed_creature",
                "delayed_amount",
                "sacrifice_creature",
            ),
            self.buttons(),
        )

    def clean_source_name(self) -> str:
        return _printable(self.cleaned_data.get("source_name") or "", "名前")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if (
            not data.get("source")
            and not data.get("source_controller")
            and "source_controller" not in self.errors
        ):
            self.add_error("source_controller", "呪文・能力のコントローラーを選んでください。")
        if not any(data.get(f"amount_{i}") is not None for i in range(len(self.recipients))):
            raise forms.ValidationError("ダメージを受けるもの(点数)を1つ以上入力してください。")
        for i in range(len(self.recipients)):
            if data.get(f"amount_{i}") is None:
                for key in (f"target_{i}", f"ward_paid_{i}"):
                    if data.get(key):
                        self.add_error(key, "点数を入力した相手だけに指定できます。")
            elif data.get(f"ward_paid_{i}") and not data.get(f"target_{i}"):
                self.add_error(f"ward_paid_{i}", "護法が誘発するのは対象にしたときだけです(702.21a)。")
        if (
            data.get("delayed_creature")
            and data.get("delayed_amount") is None
            and "delayed_amount" not in self.errors
        ):
            self.add_error("delayed_amount", "遅延誘発型能力が与えるダメージの点数を入力してください。")
        if data.get("delayed_creature") and data.get("sacrifice_creature"):
            self.add_error("sacrifice_creature", "遅延誘発型能力は1つだけ指定できます。")
        return data

    def to_event(self) -> dict[str, Any]:
        data = self.cleaned_data
        source: Any
        if data.get("source"):
            source = data["source"]
        else:
            source = {
                "controller": data["source_controller"],
                "colors": list(data.get("source_colors") or []),
                "keywords": list(data.get("source_keywords") or []),
            }
            if data.get("source_name"):
                source["name"] = data["source_name"]
        chosen = [
            (i, ident) for i, ident in enumerate(self.recipients) if data.get(f"amount_{i}") is not None
        ]
        event: dict[str, Any] = {
            "type": "noncombat",
            "source": source,
            "damage": [{"to": ident, "amount": data[f"amount_{i}"]} for i, ident in chosen],
            "excess_to": data.get("excess_to") or None,
            "cant_be_prevented": bool(data.get("cant_be_prevented")),
            **({"exile_if_dies": True} if data.get("exile_if_dies") else {}),
        }
        for key, flag in (("targets", "target"), ("ward_paid", "ward_paid")):
            listed = [ident for i, ident in chosen if data.get(f"{flag}_{i}")]
            if listed:
                event[key] = listed
        # the form doesn't edit what happened in response (608.2b): an imported board keeps it
        old = self.document.get("event") or {}
        if old.get("type") == "noncombat" and old.get("in_response"):
            event["in_response"] = old["in_response"]
        if data.get("delayed_creature"):
            event["delayed"] = {
                "when": "dies",
                "creature": data["delayed_creature"],
                "amount": data["delayed_amount"],
            }
        elif data.get("sacrifice_creature"):  # § 17.6: made by this spell as it resolves (603.7a)
            event["delayed"] = {"when": "end_step", "creature": data["sacrifice_creature"]}
        return event

    @classmethod
    def initial_from(cls, document: Mapping[str, Any]) -> dict[str, Any]:
        event = document.get("event") or {}
        if event.get("type") != "noncombat":
            first = (document.get("players") or [{}])[0].get("id")
            return {"source_controller": document.get("active_player") or first}
        initial: dict[str, Any] = {
            "excess_to": event.get("excess_to") or "",
            "cant_be_prevented": event.get("cant_be_prevented", False),
            "exile_if_dies": bool(event.get("exile_if_dies")),
        }
        delayed = event.get("delayed")
        if isinstance(delayed, Mapping) and delayed.get("when") == "end_step":
            initial.update(sacrifice_creature=delayed.get("creature"))
        elif isinstance(delayed, Mapping):
            initial.update(delayed_creature=delayed.get("creature"), delayed_amount=delayed.get("amount"))
        source = event.get("source")
        if isinstance(source, str):
            initial["source"] = source
        elif isinstance(source, Mapping):
            initial.update(
                source_name=source.get("name") or "",
                source_controller=source.get("controller"),
                source_colors=source.get("colors", []),
                source_keywords=source.get("keywords", []),
            )
        ids = [p["id"] for p in document.get("players", [])] + [
            p["id"] for p in document.get("permanents", [])
        ]
        targets, paid = event.get("targets") or [], event.get("ward_paid") or []
        for entry in event.get("damage", []):
            if entry.get("to") in ids:
                i = ids.index(entry["to"])
                initial[f"amount_{i}"] = entry.get("amount")
                initial[f"target_{i}"] = entry["to"] in targets
                initial[f"ward_paid_{i}"] = entry["to"] in paid
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
        # Two-Headed Giant: the active team attacks as one (805.10, 810.2).
        team = next((set(t) for t in self.document.get("teams") or [] if active in t), {active})
        self.creatures = [p for p in self.document.get("permanents", []) if "creature" in p.get("types", [])]
        self.attacking_side = [(i, c) for i, c in enumerate(self.creatures) if c.get("controller") in team]
        self.blocking_side = [(i, c) for i, c in enumerate(self.creatures) if c.get("controller") not in team]
        defenders = [(pid, label) for pid, label in self.player_choices() if pid not in team] + [
            (pid, label)
            for pid, label in self.permanent_choices(types=("planeswalker", "battle"))
            if self._attackable(pid, team)
        ]
        attackers = [(c["id"], self.names(c["id"])) for _i, c in self.attacking_side]
        for i, creature in self.attacking_side:
            label = self.names(creature["id"])
            self.fields[f"attack_{i}"] = _choice(
                f"{label}が攻撃する先", [("", "(攻撃しない)"), *defenders], required=False
            )
            self.fields[f"blocked_{i}"] = _flag(
                f"{label}はブロックされたが、ブロック・クリーチャーは戦闘から取り除かれた", "510.1c、702.19d"
            )
        for i, creature in self.blocking_side:
            self.fields[f"blocks_{i}"] = _multi(
                f"{self.names(creature['id'])}がブロックする攻撃クリーチャー", attackers
            )
        self.helper.layout = self.layout()

    def _attackable(self, ident: str, team: set[Any]) -> bool:
        permanent: Mapping[str, Any] = next(
            (p for p in self.document.get("permanents", []) if p["id"] == ident), {}
        )
        if "battle" in permanent.get("types", []):
            return (permanent.get("protector") or permanent.get("controller")) not in team
        return permanent.get("controller") not in team

    def layout(self) -> Layout:
        if not hasattr(self, "creatures"):
            return Layout()
        rows: list[Any] = [
            HTML(
                '<p class="form-text">攻撃するのはアクティブ・プレイヤーのクリーチャー、'
                "ブロックするのはそれ以外のクリーチャーです(508.1、509.1)。アクティブ・プレイヤーは"
                "「プレイヤー」の欄で変えられます。</p>"
            )
        ]
        for i, creature in self.attacking_side:
            rows.append(
                TextFieldset(
                    self.names(creature["id"]),
                    f"attack_{i}",
                    more_disclosure(f"blocked_{i}"),
                    f"blocked_{i}",
                    HTML("</details>"),
                    css_class="combatant",
                )
            )
        for i, creature in self.blocking_side:
            rows.append(
                TextFieldset(
                    self.names(creature["id"]),
                    Field(f"blocks_{i}", css_class="checks"),
                    css_class="combatant",
                )
            )
        if not self.attacking_side:
            rows.append(
                HTML(
                    '<p class="form-text">攻撃するクリーチャーはアクティブ・プレイヤーがコントロールしている必要があります'
                    "(508.1)。"
                    + (
                        "クリーチャーの「編集」で、コントローラーをアクティブ・プレイヤー(ふつうは「あなた」)に"
                        "してください。</p>"
                        if self.creatures
                        else "まず「＋ クリーチャー」で、アクティブ・プレイヤーのクリーチャーを置いてください。</p>"
                    )
                )
            )
        return Layout(*rows, self.buttons())

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        attackers = {c["id"] for i, c in self.attacking_side if data.get(f"attack_{i}")}
        if not attackers:
            raise forms.ValidationError("攻撃するクリーチャーを1体以上選んでください。")
        for i, _creature in self.blocking_side:
            for attacker in data.get(f"blocks_{i}") or []:
                if attacker not in attackers:
                    self.add_error(
                        f"blocks_{i}",
                        f"{self.names(attacker)}は攻撃していません。上で攻撃する先を選ぶか、このチェックを外してください。",
                    )
        return data

    def to_event(self) -> dict[str, Any]:
        data = self.cleaned_data
        attacks = []
        for i, creature in self.attacking_side:
            defender = data.get(f"attack_{i}")
            if not defender:
                continue
            blockers = [
                c["id"] for j, c in self.blocking_side if creature["id"] in (data.get(f"blocks_{j}") or [])
            ]
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
