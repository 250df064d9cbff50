"""The predict step: before resolving, the learner writes what they expect the board to end as.

Fields follow the board (players, then permanents) and are named by position (``life_0``,
``leaves_1``), never by a learner's id, so any id the document holds is safe in a field name.
Every field is optional: a number left blank is not judged (:mod:`tutor.results.predictions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crispy_forms.layout import Div, Field, Layout, Submit
from django import forms

from tutor.board.forms.base import LIFE_MAX, SMALL_MAX, BoardForm, TextFieldset
from tutor.results.predictions import Prediction

POISON_MAX = 99
PREDICTED_PERMANENTS = 24
"""Permanents the form asks about (in board order). A board at the limits has 100, which no learner
predicts one by one, and each field costs the page a rendered template: the rest are not judged."""


def _number(label: str, *, lo: int, hi: int, now: int) -> forms.IntegerField:
    """An optional whole number whose every error names the field (the form shows many of them)."""
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=lo,
        max_value=hi,
        help_text=f"いまは{now}",
        error_messages={
            "invalid": f"{label}には整数を入力してください。",
            "min_value": f"{label}は %(limit_value)s 以上の数にしてください。",
            "max_value": f"{label}は %(limit_value)s 以下の数にしてください。",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class PredictionForm(BoardForm):
    """What the learner expects after the event: each player's life and poison, which permanents
    leave the battlefield, the damage each creature is dealt (all optional)."""

    form_name = "prediction"
    submit_label = "予想して解決する"

    def __init__(self, *args: Any, document: Mapping[str, Any], **kwargs: Any) -> None:
        self.players = [p for p in document.get("players") or [] if p.get("id")]
        every = [p for p in document.get("permanents") or [] if p.get("id")]
        self.permanents = every[:PREDICTED_PERMANENTS]
        self.permanents_left_out = len(every) - len(self.permanents)
        super().__init__(*args, document=document, **kwargs)
        for i, player in enumerate(self.players):
            name = self.names(player["id"])
            self.fields[f"life_{i}"] = _number(
                f"{name}のライフ", lo=-LIFE_MAX, hi=LIFE_MAX, now=int(player.get("life", 20))
            )
            self.fields[f"poison_{i}"] = _number(
                f"{name}の毒カウンター", lo=0, hi=POISON_MAX, now=int(player.get("poison", 0))
            )
        for i, permanent in enumerate(self.permanents):
            name = self.names(permanent["id"])
            self.fields[f"leaves_{i}"] = forms.BooleanField(label=f"{name}は戦場を離れる", required=False)
            if "creature" in (permanent.get("types") or []):
                self.fields[f"damage_{i}"] = _number(
                    f"{name}が負うダメージ", lo=0, hi=SMALL_MAX, now=int(permanent.get("damage", 0))
                )
        self.helper.form_id = "form-prediction"
        self.helper.layout = self.layout()

    def layout(self) -> Layout:
        if not hasattr(self, "players"):  # BoardForm builds a first layout before the fields exist
            return Layout()
        parts: list[Any] = []
        for i, player in enumerate(self.players):
            parts.append(TextFieldset(self.names(player["id"]), Field(f"life_{i}"), Field(f"poison_{i}")))
        for i, permanent in enumerate(self.permanents):
            inner = [Field(f"leaves_{i}")]
            if f"damage_{i}" in self.fields:
                inner.append(Field(f"damage_{i}"))
            parts.append(TextFieldset(self.names(permanent["id"]), *inner))
        return Layout(
            Div(*parts, css_class="prediction-fields"),
            Div(Submit("predict", self.submit_label, css_class="btn-primary"), css_class="form-actions"),
        )

    def prediction(self) -> Prediction:
        """The cleaned form as a :class:`Prediction` (call after ``is_valid()``)."""
        data = self.cleaned_data
        life: dict[str, int] = {}
        poison: dict[str, int] = {}
        for i, player in enumerate(self.players):
            if data.get(f"life_{i}") is not None:
                life[player["id"]] = data[f"life_{i}"]
            if data.get(f"poison_{i}") is not None:
                poison[player["id"]] = data[f"poison_{i}"]
        leaves = {p["id"] for i, p in enumerate(self.permanents) if data.get(f"leaves_{i}")}
        damage = {
            p["id"]: data[f"damage_{i}"]
            for i, p in enumerate(self.permanents)
            if data.get(f"damage_{i}") is not None
        }
        return Prediction(
            life=life,
            poison=poison,
            leaves=frozenset(leaves),
            damage=damage,
            judged_permanents=frozenset(p["id"] for p in self.permanents),
        )
