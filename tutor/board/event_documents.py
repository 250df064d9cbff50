"""Pure edits of a board document for triggers, changes between the damage steps and multiplayer
(docs/scenario-format.md §§ 8-11). Like :mod:`tutor.board.documents`, each returns a new document
and never imports Django; the engine validates the result when the board is saved."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

TWO_HEADED_GIANT = "two_headed_giant"


def _copy(document: Mapping[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(dict(document))
    doc.pop("title", None)
    doc.pop("description", None)
    return doc


def _permanent(doc: Mapping[str, Any], permanent_id: str) -> dict[str, Any]:
    for permanent in doc.get("permanents", []):
        if permanent.get("id") == permanent_id:
            assert isinstance(permanent, dict)
            return permanent
    raise KeyError(permanent_id)


def trigger_add(
    *, document: Mapping[str, Any], permanent_id: str, trigger: Mapping[str, Any]
) -> dict[str, Any]:
    """Give the permanent one more triggered ability (KeyError when there is no such permanent)."""
    doc = _copy(document)
    permanent = _permanent(doc, permanent_id)
    permanent["triggers"] = [*permanent.get("triggers", []), dict(trigger)]
    return doc


def triggers_clear(*, document: Mapping[str, Any], permanent_id: str) -> dict[str, Any]:
    """The permanent without triggered abilities."""
    doc = _copy(document)
    _permanent(doc, permanent_id).pop("triggers", None)
    return doc


def between_step_add(*, document: Mapping[str, Any], change: Mapping[str, Any]) -> dict[str, Any]:
    """One more change between the two combat damage steps (CR 510.4), after those already stated.
    The choices made for the event are kept: the attacks are the same."""
    event = dict(document.get("event") or {})
    event["between_steps"] = [*event.get("between_steps", []), dict(change)]
    doc = _copy(document)
    doc["event"] = event
    return doc


def between_steps_clear(*, document: Mapping[str, Any]) -> dict[str, Any]:
    """Nothing happens between the combat damage steps."""
    doc = _copy(document)
    event = dict(doc.get("event") or {})
    event.pop("between_steps", None)
    doc["event"] = event
    return doc


def owner_set(*, document: Mapping[str, Any], permanent_id: str, owner: str | None) -> dict[str, Any]:
    """CR 108.3: who owns the permanent (None or its controller: the controller owns it)."""
    doc = _copy(document)
    permanent = _permanent(doc, permanent_id)
    if owner and owner != permanent.get("controller"):
        permanent["owner"] = owner
    else:
        permanent.pop("owner", None)
    return doc


def two_headed_giant_set(
    *, document: Mapping[str, Any], teams: Sequence[Sequence[str]], lives: Sequence[int]
) -> dict[str, Any]:
    """CR 810: two teams of two with one shared life total each (810.4); both members carry the team's
    life and poison counters (the first member's poison), as the format asks (§ 11.2)."""
    doc = _copy(document)
    doc["variant"] = TWO_HEADED_GIANT
    doc["teams"] = [list(team) for team in teams]
    players = {p["id"]: p for p in doc.get("players", [])}
    for team, life in zip(teams, lives, strict=True):
        poison = players[team[0]].get("poison", 0) if team and team[0] in players else 0
        for ident in team:
            if ident in players:
                players[ident]["life"] = life
                players[ident]["poison"] = poison
    return doc


def variant_clear(*, document: Mapping[str, Any]) -> dict[str, Any]:
    """Back to a game without teams."""
    doc = _copy(document)
    doc.pop("variant", None)
    doc.pop("teams", None)
    return doc


__all__ = [
    "between_step_add",
    "between_steps_clear",
    "owner_set",
    "trigger_add",
    "triggers_clear",
    "two_headed_giant_set",
    "variant_clear",
]
