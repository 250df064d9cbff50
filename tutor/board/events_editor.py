"""The editor panels of the triggers, between-steps and multiplayer forms (``?add=trigger`` …), kept
apart from :mod:`tutor.board.page` so the panel of each area stays in one place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.board.forms.base import BoardForm
from tutor.board.forms.between_steps import BetweenStepForm
from tutor.board.forms.era import EraForm, StackActionForm
from tutor.board.forms.multiplayer import OwnerForm, TwoHeadedGiantForm
from tutor.board.forms.triggers import TriggerForm

PANELS: dict[str, tuple[type[BoardForm], str, str]] = {
    "trigger": (TriggerForm, "誘発型能力を加える(603)", "trigger_add"),
    "between": (BetweenStepForm, "戦闘ダメージ・ステップの間に起こること(510.4)", "between_add"),
    "owner": (OwnerForm, "パーマネントのオーナー(108.3)", "owner_set"),
    "two_headed_giant": (TwoHeadedGiantForm, "双頭巨人戦(810)", "two_headed_giant_set"),
    "era": (EraForm, "ルールの時代(旧ルール)", "era_set"),
    "stack_action": (
        StackActionForm,
        "戦闘ダメージがスタックにある間の行動(2007年のルール)",
        "stack_action_add",
    ),
}
"""``?add=<key>``: form, panel title, the URL name it posts to."""


def events_editor(
    params: Mapping[str, str], document: Mapping[str, Any], urls: Mapping[str, str]
) -> dict[str, Any] | None:
    """The panel ``params`` asks for, or None when it asks for another one."""
    key = params.get("add") or ""
    if key not in PANELS:
        return None
    form_class, title, url_name = PANELS[key]
    initial: dict[str, Any] = {}
    permanent = params.get("permanent")
    if permanent and any(p.get("id") == permanent for p in document.get("permanents", [])):
        initial["permanent"] = permanent
    form = form_class(document=document, action=urls[url_name], initial=initial)
    return {"mode": "form", "title": title, "form": form}
