"""Functions that change things: every board edit builds a NEW scenario document and stores it.

A board is a scenario document (``scenario-format.md``). Edits never change a stored document: each
one returns a new document, which :func:`scenario_save` validates with the engine, normalizes and
stores once per content (the same content always gets the same short slug).

All functions take keyword-only arguments and are named ``<entity>_<action>``.
"""

from __future__ import annotations

import base64
import copy
import json
from collections.abc import Iterable, Mapping
from itertools import permutations
from typing import Any

from django.db import IntegrityError, transaction

from rules_core import ScenarioError, parse_scenario, resolve_document
from tutor.models import Scenario, scenario_digest
from tutor.results.effects import effect_describe
from tutor.results.names import ATTRIBUTE_JA, ZONE_JA, Names, source_key

SLUG_LENGTH = 8
SLUG_MAX_LENGTH = 16
IMPORT_MAX_BYTES = 200 * 1024

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

ASSIGNMENT_KEYS = ("assignments", "blocker_assignments", "second_step_assignments", "second_step_blocker_assignments")
"""The combat event's assignment tables: each creature's first step in which it deals damage, and a
double striker's second step (CR 510.4; docs/scenario-format.md § 2.8)."""


# Keys of an effect that name a player or a permanent (scenario-format.md, effects table).
EFFECT_REFERENCE_KEYS = ("to", "source", "from", "on", "player", "gain_life_to", "from_controller",
                         "by_controller")


class ImportRefused(ValueError):
    """Imported text that is not a scenario: ``field`` (may be empty) and a Japanese ``message``."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


# --------------------------------------------------------------------------- validation and storage


def document_is_draft(document: Mapping[str, Any]) -> bool:
    """A board still being built: no damage event chosen yet (``"event": {}``)."""
    event = document.get("event")
    return event is None or event == {}


def scenario_normalize(*, document: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's normalized form of ``document`` (raises :class:`ScenarioError` naming the bad field).

    A board without an event yet is what the engine accepts as such: it keeps ``"event": {}``.
    """
    if not isinstance(document, Mapping):
        raise ScenarioError("document", "オブジェクト(JSONの{})で指定してください", "must be an object")
    return parse_scenario(document).to_dict()


def scenario_slug(*, digest: str, length: int = SLUG_LENGTH) -> str:
    """The short permalink id of a digest: the first ``length`` characters of its base32 form.

    >>> scenario_slug(digest="00" * 32)
    'aaaaaaaa'
    """
    return base64.b32encode(bytes.fromhex(digest)).decode("ascii").lower().rstrip("=")[:length]


def _free_slug(digest: str) -> str:
    for length in range(SLUG_LENGTH, SLUG_MAX_LENGTH + 1):
        slug = scenario_slug(digest=digest, length=length)
        if not Scenario.objects.filter(slug=slug).exists():
            return slug
    raise RuntimeError("no free slug")  # pragma: no cover - 16 base32 characters of a sha256 collide never


def scenario_save(*, document: Mapping[str, Any]) -> Scenario:
    """Validate, normalize and store ``document``; return the stored scenario.

    The same content always maps to the same row (looked up by digest), so saving never creates
    a second permalink for a board and never changes an existing one.
    """
    normalized = scenario_normalize(document=document)
    digest = scenario_digest(normalized)
    existing = Scenario.objects.filter(digest=digest).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return Scenario.objects.create(
                slug=_free_slug(digest),
                digest=digest,
                document=normalized,
                title=normalized.get("title") or "",
                description=normalized.get("description") or "",
            )
    except IntegrityError:  # another request stored the same content (or took the slug) just now
        existing = Scenario.objects.filter(digest=digest).first()
        if existing is None:
            raise
        return existing


def scenario_import(*, text: str) -> Scenario:
    """Store a scenario pasted or uploaded as JSON text; :class:`ImportRefused` says what is wrong."""
    if len(text.encode("utf-8")) > IMPORT_MAX_BYTES:
        raise ImportRefused(f"大きすぎます({IMPORT_MAX_BYTES // 1024} KB まで)")
    if not text.strip():
        raise ImportRefused("JSON が空です")
    try:
        document = json.loads(text)
    except RecursionError:
        raise ImportRefused("JSON の入れ子が深すぎます") from None
    except json.JSONDecodeError as error:
        raise ImportRefused(f"JSON として読めません({error.lineno}行{error.colno}文字目: {_json_error_ja(error.msg)})") from None
    except ValueError:  # e.g. an integer with thousands of digits
        raise ImportRefused("JSON として読めません(数が大きすぎます)") from None
    if not isinstance(document, dict):
        raise ImportRefused("シナリオは JSON のオブジェクト({ … })で書いてください", "document")
    try:
        return scenario_save(document=document)
    except ScenarioError as error:
        raise ImportRefused(error.message, error.field) from None
    except RecursionError:
        raise ImportRefused("JSON の入れ子が深すぎます") from None


_JSON_ERRORS_JA = {
    "Expecting value": "値がありません",
    "Expecting property name enclosed in double quotes": "項目名は \" で囲んでください",
    "Expecting ',' delimiter": "「,」がありません",
    "Expecting ':' delimiter": "「:」がありません",
    "Extra data": "余分な文字があります",
    "Unterminated string starting at": "文字列が閉じていません",
    "Invalid control character at": "文字列に制御文字があります",
}


def _json_error_ja(msg: str) -> str:
    for english, japanese in _JSON_ERRORS_JA.items():
        if msg.startswith(english):
            return japanese
    return msg


def scenario_export(*, scenario: Scenario) -> str:
    """The scenario document as pretty JSON text (what ``export.json`` downloads)."""
    return json.dumps(scenario.document, ensure_ascii=False, indent=2) + "\n"


# --------------------------------------------------------------------------- document edits


def _start(document: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy to edit. Edits describe a new board, so its title and description are dropped."""
    doc = copy.deepcopy(dict(document))
    doc.pop("title", None)
    doc.pop("description", None)
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


def _piece_put(doc: dict[str, Any], key: str, data: Mapping[str, Any], ident: str | None, prefix: str) -> dict[str, Any]:
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


def player_put(*, document: Mapping[str, Any], data: Mapping[str, Any], player_id: str | None = None) -> dict[str, Any]:
    """Add a player (``player_id`` None) or replace the one with ``player_id``."""
    doc = _start(document)
    _piece_put(doc, "players", data, player_id, "player")
    return doc


def permanent_put(*, document: Mapping[str, Any], data: Mapping[str, Any],
                  permanent_id: str | None = None) -> dict[str, Any]:
    """Add a permanent (``permanent_id`` None) or replace the one with ``permanent_id``.

    Editing a permanent keeps its place in the combat only while it still fits (a creature that
    stops being a creature leaves combat; a battle or planeswalker that stops being one is no
    longer attacked).
    """
    doc = _start(document)
    prefix = "pw" if data.get("types") == ["planeswalker"] else "b" if data.get("types") == ["battle"] else "c"
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
                elif _as_index(item) in mapping:
                    renumbered.append(mapping[_as_index(item)])
            if renumbered:
                order[affected] = renumbered
            else:
                del order[affected]
        if not order:
            del choices["replacement_order"]
    allocation = choices.get("shield_allocation")
    if isinstance(allocation, dict):
        choices["shield_allocation"] = {
            str(mapping[_as_index(k)]): v for k, v in allocation.items() if _as_index(k) in mapping
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


def assignment_set(*, document: Mapping[str, Any],
                   tables: Mapping[str, Mapping[str, Mapping[str, int]] | None] | None = None) -> dict[str, Any]:
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


def choices_set(*, document: Mapping[str, Any], replacement_order: Mapping[str, Iterable[int]] | None = None,
                shield_allocation: Mapping[str, Mapping[str, int]] | None = None) -> dict[str, Any]:
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


# --------------------------------------------------------------------------- the players' choices compared

MAX_ORDERS = 6
MAX_SPLITS = 8
_DAMAGE_EFFECTS = ("prevent_next", "prevent_next_from_source", "prevent_all", "prevent_static", "prevent_from_color",
                   "damage_multiplier")


def _incoming(document: Mapping[str, Any], assignment: tuple[dict, dict] | None) -> dict[str, dict[str, int]]:
    """recipient → {source key: damage it would be dealt} for the scenario's event."""
    event = document.get("event") or {}
    out: dict[str, dict[str, int]] = {}
    if event.get("type") == "noncombat":
        key = source_key(event.get("source"))
        for entry in event.get("damage", []):
            out.setdefault(entry["to"], {})[key] = entry.get("amount", 0)
    elif event.get("type") == "combat" and assignment is not None:
        for table in assignment:
            for creature, division in table.items():
                for recipient, amount in division.items():
                    if amount:
                        out.setdefault(recipient, {})[creature] = amount
    return out


def _may_apply(effect: Mapping[str, Any], recipient: str, sources: Mapping[str, int],
               document: Mapping[str, Any]) -> bool:
    """Whether a damage effect could touch damage to ``recipient`` (a generous guess: the engine decides)."""
    kind = effect.get("type")
    if kind not in _DAMAGE_EFFECTS:
        return False
    if kind == "prevent_next_from_source":
        return effect.get("source") in sources
    if kind == "prevent_all" and effect.get("from") and effect["from"] not in sources:
        return False
    if kind == "prevent_static" and effect.get("to_filter"):
        flt = effect["to_filter"]
        permanent = next((p for p in document.get("permanents", []) if p.get("id") == recipient), None)
        if permanent is None:
            return False
        return ((not flt.get("controller") or permanent.get("controller") == flt["controller"])
                and (not flt.get("subtype") or flt["subtype"] in permanent.get("subtypes", []))
                and (not flt.get("types") or bool(set(flt["types"]) & set(permanent.get("types", [])))))
    target = effect.get("to")
    return target is None or target == recipient


def _outcome(result: Mapping[str, Any]) -> dict[str, Any]:
    final = result.get("final") or {}
    return {"legal": result.get("legal", True), "players": final.get("players", {}),
            "permanents": final.get("permanents", {})}


def choices_compare(*, document: Mapping[str, Any],
                    assignment: tuple[dict, dict] | None = None) -> list[dict[str, Any]]:
    """The decisions the rules give a player in this scenario, each option resolved by the engine.

    CR 616.1: the order in which the affected object's controller applies several replacement or
    prevention effects; CR 615.7: which damage a shield prevents when several sources deal damage to
    its holder at once. Returns one entry per decision, with its options and their outcomes.
    """
    effects = document.get("effects", [])
    incoming = _incoming(document, assignment)
    names = Names(document)
    permanents = {p["id"]: p for p in document.get("permanents", [])}
    choices = document.get("choices") or {}
    chosen_orders = choices.get("replacement_order") or {}
    chosen_allocation = choices.get("shield_allocation") or {}
    decisions: list[dict[str, Any]] = []

    def resolve_variant(doc: dict[str, Any]) -> dict[str, Any]:
        try:
            return resolve_document(doc)
        except ScenarioError as error:
            return {"legal": False, "violations": [{"rule": "", "message": str(error)}]}

    for recipient, sources in incoming.items():
        candidates: list[int | str] = [i for i, e in enumerate(effects) if _may_apply(e, recipient, sources, document)]
        protection = (permanents.get(recipient) or {}).get("protection")
        if protection:
            candidates.append("protection")
        if len(candidates) < 2:
            continue
        options = []
        for order in list(permutations(candidates))[:MAX_ORDERS]:
            doc = choices_set(document=document, replacement_order={recipient: list(order)})
            labels = [("プロテクション" if item == "protection" else
                       effects[item].get("name") or effect_describe(effects[item], names)) for item in order]
            options.append({"value": ",".join(str(i) for i in order), "labels": labels,
                            "result": resolve_variant(doc),
                            "chosen": [str(i) for i in chosen_orders.get(recipient, [])] == [str(i) for i in order]})
        decisions.append({"kind": "replacement_order", "rule": "616.1", "affected": recipient,
                          "title": f"{names(recipient)}に適用する効果の順番", "options": options})

    for index, effect in enumerate(effects):
        if effect.get("type") != "prevent_next" or effect.get("amount", 0) <= 0:
            continue
        live = {s: a for s, a in incoming.get(effect.get("to"), {}).items() if a > 0}
        if len(live) < 2 or sum(live.values()) <= effect["amount"]:
            continue
        options = []
        for split in _splits(effect["amount"], live):
            doc = choices_set(document=document, shield_allocation={str(index): split})
            labels = [f"{names(s)}から{n}点" for s, n in split.items() if n]
            options.append({"value": ",".join(f"{s}:{n}" for s, n in split.items()), "labels": labels,
                            "result": resolve_variant(doc),
                            "chosen": chosen_allocation.get(str(index)) == split})
        decisions.append({"kind": "shield_allocation", "rule": "615.7", "effect": index,
                          "title": f"{effect.get('name') or '軽減の盾'}({names(effect.get('to'))}、{effect['amount']}点)"
                                   "がどのダメージを軽減するか",
                          "options": options})

    for decision in decisions:
        _mark_differences(decision, names)
    return decisions


def _splits(amount: int, live: Mapping[str, int]) -> list[dict[str, int]]:
    """Ways to spend a shield of ``amount`` over the sources (each at most what that source deals)."""
    keys = list(live)
    out: list[dict[str, int]] = []

    def walk(i: int, left: int, acc: dict[str, int]) -> None:
        if len(out) >= MAX_SPLITS:
            return
        if i == len(keys) - 1:
            if left <= live[keys[i]]:
                out.append({**acc, keys[i]: left})
            return
        for n in range(min(left, live[keys[i]]), -1, -1):
            walk(i + 1, left - n, {**acc, keys[i]: n})

    walk(0, min(amount, sum(live.values())), {})
    return out


def _mark_differences(decision: dict[str, Any], names: Names) -> None:
    """For each option, the final numbers of the objects whose outcome differs between the options."""
    outcomes = [_outcome(o["result"]) for o in decision["options"]]
    keys: list[tuple[str, str, str]] = []
    for kind in ("players", "permanents"):
        ids = {i for o in outcomes for i in o[kind]}
        for ident in sorted(ids):
            for attr in ("life", "poison", "lost", "damage", "zone", "loyalty", "defense", "counters"):
                values = [repr(o[kind].get(ident, {}).get(attr)) for o in outcomes]
                if len(set(values)) > 1:
                    keys.append((kind, ident, attr))
    decision["differs"] = bool(keys) or len({o["legal"] for o in outcomes}) > 1
    for option, outcome in zip(decision["options"], outcomes, strict=True):
        lines = []
        for kind, ident, attr in keys:
            value = outcome[kind].get(ident, {}).get(attr)
            if attr == "counters":
                shown = "、".join(f"{k}×{v}" for k, v in (value or {}).items() if v) or "なし"
                label = "カウンター"
            elif attr == "zone":
                shown, label = ZONE_JA.get(value, value), "領域"
            elif attr == "lost":
                shown, label = ("敗北" if value else "ゲーム中"), "勝敗"
            else:
                shown, label = value, ATTRIBUTE_JA.get(attr, attr)
            lines.append(f"{names(ident)}の{label}: {shown}")
        if not outcome["legal"]:
            lines.append("解決できません: " + "".join(v.get("message", "") for v in option["result"].get("violations", [])))
        option["lines"] = lines
