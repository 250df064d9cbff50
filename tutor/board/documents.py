"""The board's document edits: pure functions from a scenario document to a NEW document.

A board is a scenario document (``docs/scenario-format.md``). Nothing here touches the database or
Django: the views save the returned document with ``tutor.board.services.scenario_save``.
All functions take keyword-only arguments and are named ``<entity>_<action>``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from rules_core import ASSIGNMENT_KEYS, Scenario, ScenarioError, parse_scenario

Document = dict[str, Any]
"""A scenario document (``docs/scenario-format.md``), as JSON gives it."""

STARTER_DOCUMENT: dict[str, Any] = {
    "format": 1,
    "active_player": "A",
    "players": [
        {"id": "A", "name": "あなた", "life": 20, "poison": 0},
        {"id": "B", "name": "対戦相手", "life": 20, "poison": 0},
    ],
    "permanents": [],
    "effects": [],
    "event": {},
    "choices": {},
}
"""``/board/``: two players and nothing else. ``"event": {}`` marks a board still being built."""


# Keys of an effect that name a player or a permanent (scenario-format.md, effects table).
EFFECT_REFERENCE_KEYS = (
    "to",
    "source",
    "from",
    "on",
    "player",
    "gain_life_to",
    "from_controller",
    "by_controller",
    "on_controlled_by",
)


def document_is_draft(document: Mapping[str, Any]) -> bool:
    """A board still being built: no damage event chosen yet (``"event": {}``)."""
    event = document.get("event")
    return event is None or event == {}


def scenario_parse(document: Mapping[str, Any]) -> Scenario:
    """The engine's reading of ``document``: the one place the web side calls ``parse_scenario``.

    :raises ScenarioError: naming the bad field (also when ``document`` is not an object).
    """
    if not isinstance(document, Mapping):
        raise ScenarioError("document", "オブジェクト(JSONの{})で指定してください", "must be an object")
    return parse_scenario(document)


def scenario_parse_or_none(document: Mapping[str, Any]) -> Scenario | None:
    """:func:`scenario_parse`, or None when the engine refuses the document."""
    try:
        return scenario_parse(document)
    except ScenarioError:
        return None


def board_parse(document: Mapping[str, Any]) -> Scenario | None:
    """The engine's Scenario of a complete board; None for a draft (no event yet) or a refused document."""
    return None if document_is_draft(document) else scenario_parse_or_none(document)


def scenario_normalize(*, document: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's normalized form of ``document`` (raises :class:`ScenarioError` naming the bad field).

    A board without an event yet is what the engine accepts as such: it keeps ``"event": {}``.
    """
    return scenario_parse(document).to_dict()


def _start(document: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy to edit. A title and description the learner gave the board stay with it (a
    curated board's own title lives on its row, not in its document, so an edited copy never
    carries it)."""
    doc = copy.deepcopy(dict(document))
    doc.setdefault("players", [])
    doc.setdefault("permanents", [])
    doc.setdefault("effects", [])
    doc.setdefault("event", {})
    doc.setdefault("choices", {})
    return doc


def _all_ids(doc: Mapping[str, Any]) -> set[str]:
    ids = {p.get("id") for p in doc.get("players", [])} | {p.get("id") for p in doc.get("permanents", [])}
    event = doc.get("event") or {}
    source = event.get("source")
    if isinstance(source, Mapping) and source.get("id"):
        ids.add(source["id"])
    return {i for i in ids if isinstance(i, str)}


def document_new_id(*, document: Mapping[str, Any], prefix: str) -> str:
    """A fresh id: ``prefix`` and the first free number (``c1``, ``c2``…); players get ``A``, ``B``…"""
    taken = _all_ids(document)
    if prefix == "player":
        for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            if letter not in taken:
                return letter
        prefix = "P"
    n = 1
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"


def _piece_put(
    doc: dict[str, Any], key: str, data: Mapping[str, Any], ident: str | None, prefix: str
) -> dict[str, Any]:
    """Append a new player or permanent (``ident`` None: a fresh id) to ``doc[key]``, or replace the one with
    ``ident`` (KeyError when there is none). Returns the piece."""
    piece = {"id": ident or document_new_id(document=doc, prefix=prefix), **data}
    if ident is None:
        doc[key].append(piece)
        return piece
    for i, existing in enumerate(doc[key]):
        if existing.get("id") == ident:
            doc[key][i] = piece
            return piece
    raise KeyError(ident)


def title_put(*, document: Mapping[str, Any], title: str, description: str) -> dict[str, Any]:
    """Name and describe the board (an empty text removes it).

    >>> title_put(document={"players": []}, title="はじめての盤面", description="")["title"]
    'はじめての盤面'
    """
    doc = _start(document)
    for key, value in (("title", title), ("description", description)):
        if value:
            doc[key] = value
        else:
            doc.pop(key, None)
    return doc


def player_put(
    *, document: Mapping[str, Any], data: Mapping[str, Any], player_id: str | None = None
) -> dict[str, Any]:
    """Add a player (``player_id`` None) or replace the one with ``player_id``."""
    doc = _start(document)
    _piece_put(doc, "players", data, player_id, "player")
    return doc


KEPT_ON_EDIT = ("triggers", "owner", "cant_be_blocked_by", "cant_be_blocked_except_by")
"""Keys of a permanent that other forms set, kept when the permanent form edits it (the block filters,
§ 13, only while it stays a creature: only creatures block, 509.1a)."""


def permanent_put(
    *, document: Mapping[str, Any], data: Mapping[str, Any], permanent_id: str | None = None
) -> dict[str, Any]:
    """Add a permanent (``permanent_id`` None) or replace the one with ``permanent_id``.

    Editing a permanent keeps its place in the combat only while it still fits (a creature that
    stops being a creature leaves combat; a battle or planeswalker that stops being one is no
    longer attacked).
    """
    doc = _start(document)
    prefix = (
        "pw" if data.get("types") == ["planeswalker"] else "b" if data.get("types") == ["battle"] else "c"
    )
    if permanent_id is not None:
        # The permanent form does not edit triggered abilities or the owner (§§ 8.1, 11.1): keep them.
        old: Mapping[str, Any] = next((p for p in doc["permanents"] if p.get("id") == permanent_id), {})
        kept = KEPT_ON_EDIT if "creature" in data.get("types", []) else KEPT_ON_EDIT[:2]
        data = {**{k: old[k] for k in kept if k in old}, **data}
    permanent = _piece_put(doc, "permanents", data, permanent_id, prefix)
    if permanent_id is None:
        return doc
    types = set(permanent.get("types", []))
    if "creature" not in types:
        _combat_forget(doc, permanent_id, as_defender=False)
    if not types & {"planeswalker", "battle"}:
        _combat_forget_defender(doc, permanent_id)
    return doc


def player_remove(*, document: Mapping[str, Any], player_id: str) -> dict[str, Any]:
    """Remove a player with everything that belongs to them or names them."""
    doc = _start(document)
    if not any(p.get("id") == player_id for p in doc["players"]):
        raise KeyError(player_id)
    for permanent in list(doc["permanents"]):
        if permanent.get("controller") == player_id:
            doc = _permanent_drop(doc, permanent["id"])
    for permanent in doc["permanents"]:
        if permanent.get("protector") == player_id:
            del permanent["protector"]
    doc["players"] = [p for p in doc["players"] if p.get("id") != player_id]
    doc = _references_drop(doc, player_id)
    event = doc.get("event") or {}
    source = event.get("source")
    if isinstance(source, Mapping) and source.get("controller") == player_id:
        doc["event"] = {}
    if doc.get("active_player") == player_id:
        doc["active_player"] = doc["players"][0]["id"] if doc["players"] else None
        if doc["active_player"] is None:
            del doc["active_player"]
    return _event_tidy(doc)


def permanent_remove(*, document: Mapping[str, Any], permanent_id: str) -> dict[str, Any]:
    """Remove a permanent, and everything that names it (effects, its part in the event, choices)."""
    doc = _start(document)
    if not any(p.get("id") == permanent_id for p in doc["permanents"]):
        raise KeyError(permanent_id)
    return _event_tidy(_permanent_drop(doc, permanent_id))


def _permanent_drop(doc: dict[str, Any], permanent_id: str) -> dict[str, Any]:
    doc["permanents"] = [p for p in doc["permanents"] if p.get("id") != permanent_id]
    event = doc.get("event") or {}
    if event.get("type") == "noncombat" and event.get("source") == permanent_id:
        doc["event"] = {}
    _combat_forget(doc, permanent_id, as_defender=True)
    return _references_drop(doc, permanent_id)


def _references_drop(doc: dict[str, Any], ident: str) -> dict[str, Any]:
    """Drop the effects that name ``ident``, and ``ident`` from the event and the choices."""
    keep: list[int] = []
    for i, effect in enumerate(doc["effects"]):
        named = [effect.get(k) for k in EFFECT_REFERENCE_KEYS]
        flt = effect.get("to_filter")
        if isinstance(flt, Mapping):
            named.append(flt.get("controller"))
        if ident not in named:
            keep.append(i)
    doc = _effects_keep(doc, keep)
    event = doc.get("event") or {}
    if event.get("type") == "noncombat":
        event["damage"] = [d for d in event.get("damage", []) if d.get("to") != ident]
        if event.get("excess_to") == ident:
            event["excess_to"] = None
        for key in ("targets", "ward_paid"):  # 115.1: only recipients are targets
            if isinstance(event.get(key), list) and ident in event[key]:
                event[key] = [t for t in event[key] if t != ident]
                if not event[key]:
                    del event[key]
        if event.get("in_response"):  # 608.2b: a change in response to what is gone goes with it
            responses = [
                r
                for r in event["in_response"]
                if not isinstance(r, Mapping) or ident not in (r.get("permanent"), r.get("object"))
            ]
            if responses:
                event["in_response"] = responses
            else:
                del event["in_response"]
    choices = doc.get("choices") or {}
    order = choices.get("replacement_order")
    if isinstance(order, dict):
        order.pop(ident, None)
    allocation = choices.get("shield_allocation")
    if isinstance(allocation, dict):
        for division in allocation.values():
            if isinstance(division, dict):
                division.pop(ident, None)
    return _choices_tidy(doc)


def _choices_tidy(doc: dict[str, Any]) -> dict[str, Any]:
    """Drop choices left empty by an edit."""
    choices = doc.get("choices")
    if isinstance(choices, dict):
        allocation = choices.get("shield_allocation")
        if isinstance(allocation, dict):
            for key in [k for k, v in allocation.items() if not v]:
                del allocation[key]
        for key in [k for k, v in choices.items() if not v]:
            del choices[key]
    return doc


def _combat_forget(doc: dict[str, Any], ident: str, *, as_defender: bool) -> None:
    """Take ``ident`` out of the combat as attacker, blocker and recipient (and as defender if asked)."""
    event = doc.get("event") or {}
    if event.get("type") != "combat":
        return
    attacks = []
    for attack in event.get("attacks", []):
        if attack.get("attacker") == ident or (as_defender and attack.get("defender") == ident):
            continue
        blockers = attack.get("blockers", [])
        if ident in blockers:
            attack["blockers"] = [b for b in blockers if b != ident]
            if not attack["blockers"]:
                attack.pop("blocked", None)
        attacks.append(attack)
    event["attacks"] = attacks
    for key in ASSIGNMENT_KEYS:
        table = event.get(key)
        if not isinstance(table, dict):
            continue
        table.pop(ident, None)
        for division in table.values():
            if isinstance(division, dict):
                division.pop(ident, None)


def _combat_forget_defender(doc: dict[str, Any], ident: str) -> None:
    event = doc.get("event") or {}
    if event.get("type") == "combat":
        event["attacks"] = [a for a in event.get("attacks", []) if a.get("defender") != ident]


def _event_tidy(doc: dict[str, Any]) -> dict[str, Any]:
    """An event left with nothing to do (no attack, no damage) goes back to "not chosen yet"."""
    event = doc.get("event") or {}
    if (event.get("type") == "combat" and not event.get("attacks")) or (
        event.get("type") == "noncombat" and not event.get("damage")
    ):
        doc["event"] = {}
        doc["choices"] = {}
    return doc


def _effects_keep(doc: dict[str, Any], keep: list[int]) -> dict[str, Any]:
    """Keep the effects at ``keep`` (in order) and renumber the choices that name effects by index."""
    mapping = {old: new for new, old in enumerate(keep)}
    doc["effects"] = [doc["effects"][i] for i in keep]
    choices = doc.get("choices") or {}
    order = choices.get("replacement_order")
    if isinstance(order, dict):
        for affected, items in list(order.items()):
            renumbered = []
            for item in items if isinstance(items, list) else []:
                if item == "protection":
                    renumbered.append(item)
                elif (index := _as_index(item)) is not None and index in mapping:
                    renumbered.append(mapping[index])
            if renumbered:
                order[affected] = renumbered
            else:
                del order[affected]
        if not order:
            del choices["replacement_order"]
    allocation = choices.get("shield_allocation")
    if isinstance(allocation, dict):
        choices["shield_allocation"] = {
            str(mapping[index]): v
            for k, v in allocation.items()
            if (index := _as_index(k)) is not None and index in mapping
        }
        if not choices["shield_allocation"]:
            del choices["shield_allocation"]
    return doc


def _as_index(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdecimal() and value.isascii():
        return int(value)
    return None


def effect_add(*, document: Mapping[str, Any], effect: Mapping[str, Any]) -> dict[str, Any]:
    """Put an effect on the table (it applies after the ones already there, unless chosen otherwise)."""
    doc = _start(document)
    doc["effects"].append(dict(effect))
    return doc


def effect_remove(*, document: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Take the effect at ``index`` off the table (the choices that name effects are renumbered)."""
    doc = _start(document)
    if not 0 <= index < len(doc["effects"]):
        raise KeyError(index)
    return _effects_keep(doc, [i for i in range(len(doc["effects"])) if i != index])


def event_set(*, document: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """Choose the damage event; the choices made for the old event are dropped."""
    doc = _start(document)
    doc["event"] = copy.deepcopy(dict(event))
    doc["choices"] = {}
    return doc


def event_clear(*, document: Mapping[str, Any]) -> dict[str, Any]:
    """Back to "no event chosen yet"."""
    return event_set(document=document, event={})


def assignment_set(
    *, document: Mapping[str, Any], tables: Mapping[str, Mapping[str, Mapping[str, int]] | None] | None = None
) -> dict[str, Any]:
    """Store how the combat damage is assigned: ``tables`` maps each of :data:`ASSIGNMENT_KEYS` to its
    table; a table missing or empty (and every table when ``tables`` is None) is left to the engine's
    default."""
    doc = _start(document)
    event = doc["event"]
    if event.get("type") != "combat":
        raise ValueError("not a combat")
    for key in ASSIGNMENT_KEYS:
        value = (tables or {}).get(key)
        if value:
            event[key] = {k: dict(v) for k, v in value.items()}
        else:
            event.pop(key, None)
    return doc


def choices_set(
    *,
    document: Mapping[str, Any],
    replacement_order: Mapping[str, Iterable[int | str]] | None = None,
    shield_allocation: Mapping[str, Mapping[str, int]] | None = None,
) -> dict[str, Any]:
    """Record a player's choice (CR 616.1 order of effects, CR 615.7 which damage a shield prevents)."""
    doc = _start(document)
    choices = doc["choices"]
    if replacement_order is not None:
        order = dict(choices.get("replacement_order") or {})
        for affected, items in replacement_order.items():
            order[affected] = list(items)
        choices["replacement_order"] = order
    if shield_allocation is not None:
        allocation = dict(choices.get("shield_allocation") or {})
        for index, division in shield_allocation.items():
            allocation[str(index)] = dict(division)
        choices["shield_allocation"] = allocation
    return doc


STIFLE = "《もみ消し》"
"""The spell the board casts to counter a triggered ability (Stifle: "Counter target activated or triggered
ability", CR 701.6a)."""


def trigger_counter_set(*, document: Mapping[str, Any], trigger: str, on: bool) -> dict[str, Any]:
    """Counter (or stop countering) the triggered ability ``trigger`` (``t1``…) with 《もみ消し》 (§ 16.5)."""
    doc = _start(document)
    choices = doc["choices"]
    kept = [c for c in choices.get("countered_triggers") or [] if c.get("trigger") != trigger]
    if on:
        kept.append({"trigger": trigger, "name": STIFLE})
    if kept:
        choices["countered_triggers"] = kept
    else:
        choices.pop("countered_triggers", None)
    return doc


def choices_clear(*, document: Mapping[str, Any]) -> dict[str, Any]:
    """Forget the players' choices (the engine then applies effects in the order listed)."""
    doc = _start(document)
    doc["choices"] = {}
    return doc


def active_player_set(*, document: Mapping[str, Any], player_id: str) -> dict[str, Any]:
    """Whose turn it is. The attackers are the active player's creatures (CR 508.1), so a combat
    declared for another player's turn is dropped."""
    doc = _start(document)
    if doc.get("active_player") != player_id and (doc.get("event") or {}).get("type") == "combat":
        doc["event"] = {}
        doc["choices"] = {}
    doc["active_player"] = player_id
    return doc
