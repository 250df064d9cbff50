"""The card picker's place form: who the card is for, which board permanent plays each part of the
card's example, and (for a creature placed for the defending player) which attacker it blocks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.layout import HTML, Div, Field, Layout
from django import forms

from tutor.board.card_documents import NEW, PIECE, WHOLE, attackers_of, card_kind, card_roles, role_candidates
from tutor.board.forms.base import BoardForm, _choice

HOW_LABELS = {
    "permanent": {PIECE: "盤面に置く", WHOLE: "置いて、例のように動かす"},
    "effect": {PIECE: "効果を置く", WHOLE: "効果を置き、例の場面にする"},
    "event": {WHOLE: "このイベントにする"},
}
"""The submit buttons by what the card is to the engine (the value says how to place it)."""
WHOLE_ONLY = "place-whole-only"
"""The class of what only 「例のように」 uses (the example, the roles it alone needs, its button):
``cards.css`` hides them while a block is chosen, since a blocker is placed as a piece."""


class CardPlaceForm(BoardForm):
    """Place one catalogue card; the pure merge (:func:`~tutor.board.card_documents.card_place`) does the rest."""

    form_name = "card-place"

    card = forms.CharField(widget=forms.HiddenInput, max_length=100)
    player = _choice("誰のカードとして置くか", [], widget=forms.RadioSelect)
    how = forms.CharField(required=False)

    def __init__(
        self,
        *args: Any,
        fragment: Mapping[str, Any],
        card_name: str,
        bases: Mapping[str, Mapping[str, Any]] | None = None,
        **kwargs: Any,
    ) -> None:
        self.fragment = fragment
        self.card_name = card_name
        self.kind = card_kind(fragment)
        self.roles = card_roles(fragment, bases)
        super().__init__(*args, **kwargs)
        self.choices_set("player", self.player_choices())
        self.fields["player"].error_messages = {
            "required": "誰のカードとして置くかを選んでください。",
            "invalid_choice": "誰のカードとして置くかは、盤面のプレイヤーから選んでください。",
        }
        for role in self.roles:
            options = [
                (ident, self._permanent_label(ident)) for ident in role_candidates(self.document, role)
            ]
            self.fields[f"role_{role.ident}"] = forms.ChoiceField(
                label=f"{role.label}の役",
                choices=[("", "選んでください"), *options, (NEW, f"例の《{role.name}》を新しく置く")],
                required=False,
                error_messages={"invalid_choice": f"{role.label}の役は一覧から選んでください。"},
                help_text=""
                if role.in_piece or self.kind == "event"
                else "「例のように」置くときだけ使います。",
            )
        if self.kind == "permanent" and "creature" in self._own_types():
            attackers = {a for p in self.player_choices() for a in attackers_of(self.document, p[0])}
            if attackers:
                self.fields["block"] = forms.ChoiceField(
                    label="ブロックする攻撃クリーチャー",
                    choices=[
                        ("", "ブロックしない"),
                        *((a, self._permanent_label(a)) for a in sorted(attackers)),
                    ],
                    required=False,
                    error_messages={
                        "invalid_choice": "ブロックする攻撃クリーチャーは一覧から選んでください。"
                    },
                    help_text="攻撃されているプレイヤーのクリーチャーとして置くときに選べます(509.1a)。",
                )
        self.helper.layout = self.layout()

    def _own_types(self) -> list[str]:
        own: Mapping[str, Any] = next(
            (p for p in self.fragment.get("permanents", []) if p.get("id") == "card"), {}
        )
        return list(own.get("types", []))

    def _permanent_label(self, ident: str) -> str:
        controller = next(
            (p.get("controller") for p in self.document.get("permanents", []) if p.get("id") == ident), None
        )
        return f"{self.names(ident)}({self.names(controller)})"

    def layout(self) -> Layout:
        if not hasattr(self, "roles"):
            return Layout()
        fields: list[Any] = [Field("card"), Field("player")]
        piece_roles = {f"role_{r.ident}" for r in self.roles if r.in_piece}
        for name in self.fields:
            if name == "block" or name in piece_roles:
                fields.append(Field(name))
            elif name.startswith("role_"):
                # only 「例のように」 uses it: hidden (card.css) while a block is chosen
                fields.append(Div(Field(name), css_class=WHOLE_ONLY))
        # Buttons, not a field: the one pressed says how to place the card (the labels are ours, not typed).
        buttons = [
            HTML(
                f'<button type="submit" name="how" value="{how}" id="place-{how}" '
                f'class="{" ".join(c for c in ("btn", "btn-primary" if i == 0 else "", WHOLE_ONLY if how == WHOLE else "") if c)}">'
                f"{label}</button> "
            )
            for i, (how, label) in enumerate(HOW_LABELS.get(self.kind, HOW_LABELS["event"]).items())
        ]
        note = HTML(
            f'<p class="form-text {WHOLE_ONLY}">「例のように」は、カードのページの例と同じ攻撃や呪文も決めます。</p>'
        )
        return Layout(
            *fields, note if len(buttons) > 1 else HTML(""), Div(*buttons, css_class="form-actions")
        )

    def clean_how(self) -> str:
        how: str = self.cleaned_data.get("how") or PIECE
        if how not in (PIECE, WHOLE):
            # the buttons are the field: say it above the form, where the learner sees it
            self.add_error(None, "置き方はボタンで選んでください。")
            return PIECE
        return how

    def clean(self) -> dict[str, Any]:
        data: dict[str, Any] = super().clean() or {}
        if data.get("block") and data.get("how") == WHOLE:
            # 「例のように」 replaces the board's combat, so the chosen attacker would be gone
            self.add_error(
                "block",
                "ブロックさせるときは「盤面に置く」で置いてください。「例のように」置くと、いまの攻撃が例の攻撃に置き換わります。",
            )
        return data

    def bindings(self) -> dict[str, str]:
        return {r.ident: self.cleaned_data.get(f"role_{r.ident}") or "" for r in self.roles}
