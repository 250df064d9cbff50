"""Games of more than two players (docs/scenario-format.md § 11): who owns a permanent (CR 108.3, for
800.4a) and a Two-Headed Giant game (CR 810: two teams, shared life)."""

from __future__ import annotations

from typing import Any

from crispy_forms.layout import Fieldset, Layout

from tutor.board.forms.base import LIFE_MAX, BoardForm, _choice, _int

TEAM_CHOICES = [("1", "チーム1"), ("2", "チーム2")]
TWO_HEADED_GIANT_LIFE = 30
"""CR 810.4: each team starts with 30 life."""


class OwnerForm(BoardForm):
    """CR 108.3: a permanent another player controls (a stolen creature) goes back to its owner when
    the controller leaves the game (800.4a)."""

    form_name = "owner"
    submit_label = "オーナーを決める"

    permanent = _choice("パーマネント", [])
    owner = _choice("オーナー", [], required=False, help_text="空欄ならコントローラーがオーナーです(108.3)")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices_set("permanent", self.permanent_choices())
        self.choices_set("owner", self.player_choices("(コントローラー)"))

    def layout(self) -> Layout:
        return Layout(Fieldset("オーナー(108.3、800.4a)", "permanent", "owner"), self.buttons())


class TwoHeadedGiantForm(BoardForm):
    """CR 810.1: four players in two teams of two; each team has one life total (810.4)."""

    form_name = "two_headed_giant"
    submit_label = "双頭巨人戦にする"

    life_1 = _int("チーム1のライフ", lo=-LIFE_MAX, hi=LIFE_MAX, initial=TWO_HEADED_GIANT_LIFE)
    life_2 = _int("チーム2のライフ", lo=-LIFE_MAX, hi=LIFE_MAX, initial=TWO_HEADED_GIANT_LIFE)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.player_ids = [p["id"] for p in self.document.get("players", [])]
        teams = list(self.document.get("teams") or [])
        for i, ident in enumerate(self.player_ids):
            self.fields[f"team_{i}"] = _choice(f"{self.names(ident)}のチーム", TEAM_CHOICES)
            stated = next((str(n + 1) for n, team in enumerate(teams[:2]) if ident in team), None)
            # Alternating seats by default: 810.1 does not fix them, and A and C often sit together.
            self.fields[f"team_{i}"].initial = stated or ("1" if i % 2 == 0 else "2")
        lives = {p["id"]: p.get("life") for p in self.document.get("players", [])}
        for n, team in enumerate(teams[:2]):
            if team and isinstance(lives.get(team[0]), int):
                self.fields[f"life_{n + 1}"].initial = lives[team[0]]
        self.helper.layout = self.layout()

    def layout(self) -> Layout:
        teams = [f"team_{i}" for i in range(len(getattr(self, "player_ids", [])))]
        return Layout(
            Fieldset("チーム(810.1)", *teams),
            Fieldset("チームの共有ライフ(810.4、810.9)", "life_1", "life_2"),
            self.buttons(),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if len(self.player_ids) != 4:
            first = "team_0" if self.player_ids else None
            self.add_error(
                first,
                f"双頭巨人戦には4人のプレイヤーが必要です(いまは{len(self.player_ids)}人)。"
                "「＋ プレイヤー」で追加してください。",
            )
            return data
        for team, _label in TEAM_CHOICES:
            members = [i for i in range(4) if data.get(f"team_{i}") == team]
            if len(members) != 2 and all(f"team_{i}" not in self.errors for i in range(4)):
                self.add_error(f"team_{(members or [0])[-1]}", "チームはそれぞれ2人にしてください(810.1)。")
        return data

    def teams(self) -> list[list[str]]:
        return [
            [ident for i, ident in enumerate(self.player_ids) if self.cleaned_data.get(f"team_{i}") == team]
            for team, _label in TEAM_CHOICES
        ]

    def lives(self) -> list[int]:
        return [self.cleaned_data["life_1"], self.cleaned_data["life_2"]]
