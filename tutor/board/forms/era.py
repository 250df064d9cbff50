"""The form that sets the rules a board resolves under (拡張, docs/scenario-format.md § 12)."""

from __future__ import annotations

from itertools import islice, permutations
from typing import Any, Final

from crispy_forms.layout import Fieldset, Layout
from django import forms

from tutor.board.era_documents import ERA_CHOICES, ORDER_ERA, attack_orders, era_of
from tutor.board.forms.base import ERRORS, BoardForm, TextFieldset

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
