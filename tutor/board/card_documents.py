"""A catalogue card placed onto the board being built (pure; no Django), like :mod:`tutor.board.documents`.

A card's engine fragment (``Card.engine``, see :mod:`tutor.cards.placement`) is written for its
controller ``A`` against ``B``; its own permanent has the id ``card`` and its other permanents are
*roles*: the creatures its example needs (the 《灰色熊》 a 《稲妻》 hits, the attacker a 《濃霧》 stops).
:func:`card_place` merges the fragment into an existing document:

* ``A`` becomes the chosen player and ``B`` the next other player of the board;
* the card's own permanent gets a fresh id; each role is bound to a permanent already on the board,
  or (``NEW``) added as the example's card with a fresh id; the event's own source gets a fresh id;
* ``how="piece"`` places the card without its example's event (a permanent with its own effects, or
  an effect), ``how="whole"`` everything the encoding says, its event replacing the board's one.

A role bound to a board permanent takes what the card gives it (an equipment's keywords and power,
a protection the card grants): the role's keywords, protection, triggered abilities and
power/toughness beyond those of the role's own card (``bases``, by Japanese name).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from rules_core import ASSIGNMENT_KEYS
from rules_core.document import limits
from rules_core.model.ja import TYPE_JA
from tutor.board.documents import document_new_id
from tutor.cards.placement import can_block

NEW = "new"
"""A role's binding: add the example's own card instead of using a permanent of the board."""
PIECE, WHOLE = "piece", "whole"
"""How a card is placed: without its example's event, or with everything its encoding says."""
CARD = "card"
SIDE_JA = {"A": "カードのコントローラー", "B": "その対戦相手"}
GRANTED_LISTS = ("keywords", "protection", "triggers")


class PlacementError(Exception):
    """Why a card cannot be placed, in Japanese, with how to fix it; ``field`` is the form field at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


@dataclass(frozen=True)
class Role:
    """A permanent of the card's example other than the card itself."""

    ident: str
    name: str
    side: str
    """``A`` (the card's controller) or ``B`` (the opponent), as in the fragment."""
    types: tuple[str, ...]
    in_piece: bool
    """The card's own part (its permanent and its effects) names it: placing the card alone needs it."""

    @property
    def label(self) -> str:
        kinds = "・".join(TYPE_JA.get(t, t) for t in self.types) or "パーマネント"
        return f"《{self.name}》({SIDE_JA[self.side]}の{kinds})"


@dataclass(frozen=True)
class Placed:
    """The new document, the id of the card's own permanent (None for an effect or event) and what changed."""

    document: dict[str, Any]
    card_id: str | None
    notes: tuple[str, ...]


def _mentions(value: Any, ident: str) -> bool:
    if isinstance(value, str):
        return value == ident
    if isinstance(value, list):
        return any(_mentions(v, ident) for v in value)
    if isinstance(value, dict):
        return any(k == ident or _mentions(v, ident) for k, v in value.items())
    return False


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    """Every id of ``names`` (as a key or a string value) replaced by the board's id.

    >>> _renamed({"to": "bear", "assignments": {"card": {"B": 2}}, "name": "《熊》"},
    ...          {"bear": "c2", "card": "c1", "B": "P2"})
    {'to': 'c2', 'assignments': {'c1': {'P2': 2}}, 'name': '《熊》'}
    """
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    return value


def _own_permanent(fragment: Mapping[str, Any]) -> dict[str, Any] | None:
    return next((p for p in fragment.get("permanents", []) if p.get("id") == CARD), None)


def card_kind(fragment: Mapping[str, Any]) -> str:
    """``permanent``, ``effect`` or ``event``: what the card is to the engine."""
    return str(fragment.get("kind") or ("permanent" if _own_permanent(fragment) else "event"))


def card_roles(
    fragment: Mapping[str, Any], bases: Mapping[str, Mapping[str, Any]] | None = None
) -> list[Role]:
    """The permanents of the card's example other than the card (an effect card's role that the card
    changes, such as the creature an equipment is attached to, is needed to place the card alone).

    >>> bear = {"id": "bear", "name": "灰色熊", "controller": "B", "types": ["creature"]}
    >>> card_roles({"kind": "event", "permanents": [bear], "event": {"damage": [{"to": "bear"}]}})
    [Role(ident='bear', name='灰色熊', side='B', types=('creature',), in_piece=False)]
    """
    own = _own_permanent(fragment)
    others = [
        p for p in fragment.get("permanents", []) if p.get("id") != CARD and isinstance(p.get("id"), str)
    ]
    needed = {
        str(p["id"])
        for p in others
        if card_kind(fragment) == "effect" and role_grants(p, (bases or {}).get(str(p.get("name", ""))))
    }
    # a role is needed when the card's own part names it, or a needed role does (a sword's trigger)
    while True:
        parts = [own or {}, fragment.get("effects", []), [p for p in others if p["id"] in needed]]
        more = {str(p["id"]) for p in others if p["id"] not in needed and _mentions(parts, p["id"])}
        if not more:
            break
        needed |= more
    return [
        Role(
            ident=str(p["id"]),
            name=str(p.get("name", p["id"])).strip("《》"),
            side="B" if p.get("controller") == "B" else "A",
            types=tuple(p.get("types", [])),
            in_piece=p["id"] in needed,
        )
        for p in others
    ]


def role_grants(role: Mapping[str, Any], base: Mapping[str, Any] | None) -> dict[str, Any]:
    """What the card gives the role's permanent: what the role has beyond its own card ``base``
    (None: the role's card is not known, so nothing is taken for granted).

    >>> role_grants({"power": 5, "toughness": 2, "keywords": ["lifelink", "trample"]},
    ...             {"power": 2, "toughness": 2})
    {'keywords': ['lifelink', 'trample'], 'power': 3}
    """
    if base is None:
        return {}
    grants: dict[str, Any] = {}
    for key in GRANTED_LISTS:
        extra = [item for item in role.get(key, []) if item not in base.get(key, [])]
        if extra:
            grants[key] = extra
    for key in ("power", "toughness"):
        if isinstance(role.get(key), int) and isinstance(base.get(key), int) and role[key] != base[key]:
            grants[key] = role[key] - base[key]
    return grants


def _granted(permanent: dict[str, Any], grants: Mapping[str, Any]) -> None:
    for key in GRANTED_LISTS:
        if key in grants:
            permanent[key] = [
                *permanent.get(key, []),
                *(g for g in grants[key] if g not in permanent.get(key, [])),
            ]
    for key in ("power", "toughness"):
        if key in grants and isinstance(permanent.get(key), int):
            permanent[key] = max(0, permanent[key] + grants[key])


def role_candidates(document: Mapping[str, Any], role: Role) -> list[str]:
    """The board's permanents that can stand for ``role``: those sharing one of its card types."""
    return [
        str(p["id"])
        for p in document.get("permanents", [])
        if set(p.get("types", [])) & set(role.types or ("creature",))
    ]


def opponent_of(document: Mapping[str, Any], player: str) -> str | None:
    """The player the card's ``B`` becomes: the first other player of the board."""
    return next((str(p["id"]) for p in document.get("players", []) if p.get("id") != player), None)


def default_bindings(
    document: Mapping[str, Any], fragment: Mapping[str, Any], *, player: str
) -> dict[str, str]:
    """For each role, the first permanent of the board on the role's side (the card's controller's or
    the opponent's) that shares its type and no other role took; ``""`` when there is none."""
    sides = {"A": player, "B": opponent_of(document, player)}
    controllers = {str(p.get("id")): p.get("controller") for p in document.get("permanents", [])}
    taken: set[str] = set()
    chosen = {}
    for role in card_roles(fragment):
        pick = next(
            (
                c
                for c in role_candidates(document, role)
                if c not in taken and controllers.get(c) == sides[role.side]
            ),
            "",
        )
        if pick:
            taken.add(pick)
        chosen[role.ident] = pick
    return chosen


def _bind_chosen_source(
    doc: Mapping[str, Any], fragment: Mapping[str, Any], name: str, names: dict[str, str]
) -> None:
    """An effect about "the source you choose" (《神聖》, 《翡翠のモノリス》) names its example's spell: placed
    alone, it is about the spell of the board's own damage event."""
    example = (fragment.get("event") or {}).get("source")
    if not isinstance(example, Mapping) or not _mentions(fragment.get("effects", []), example.get("id", "")):
        return
    event = doc.get("event") or {}
    board_source = event.get("source") if event.get("type") == "noncombat" else None
    if isinstance(board_source, str):
        names[str(example["id"])] = board_source
    elif isinstance(board_source, Mapping) and (board_source.get("id") or board_source.get("name")):
        names[str(example["id"])] = str(board_source.get("id") or board_source.get("name"))
    else:
        raise PlacementError(
            f"《{name}》は、ダメージを与える呪文や能力を1つ選ぶ効果です。先に「呪文・能力のダメージ」で"
            "ダメージのイベントを決めてから置くか、「効果を置き、例の場面にする」で置いてください。"
        )


def _check_event_replaceable(doc: Mapping[str, Any], name: str) -> None:
    """The board's event may be replaced only if no effect is about its spell (《神聖》 placed on the
    board's own spell): replacing it would leave that effect about a spell that is gone."""
    source = (doc.get("event") or {}).get("source")
    if not isinstance(source, Mapping):
        return
    keys = [str(k) for k in (source.get("id"), source.get("name")) if k]
    about = [
        e
        for e in doc.get("effects", [])
        if isinstance(e, Mapping) and any(_mentions(e.get("source"), key) for key in keys)
    ]
    if about:
        spell = source.get("name") or "いまの呪文"
        raise PlacementError(
            f"盤面には{spell}を選んでいる効果があるので、《{name}》でイベントを置き換えると、その効果の相手が"
            "なくなります。先にその効果を削除してから置いてください。"
        )


def _check_room(doc: Mapping[str, Any]) -> None:
    for key, limit in (("permanents", limits.PERMANENTS), ("effects", limits.EFFECTS)):
        if len(doc.get(key, [])) > limit.maximum:
            raise PlacementError(
                f"{limit.message_ja()}。このカードを置くと超えてしまいます。"
                "使っていないものを削除してから置いてください。"
            )


def _prefix(types: list[str]) -> str:
    return "pw" if types == ["planeswalker"] else "b" if types == ["battle"] else "c"


def card_place(
    *,
    document: Mapping[str, Any],
    fragment: Mapping[str, Any],
    name: str,
    player: str,
    how: str = PIECE,
    bindings: Mapping[str, str] | None = None,
    bases: Mapping[str, Mapping[str, Any]] | None = None,
) -> Placed:
    """The card ``name`` (its Japanese name) placed for ``player`` onto ``document``, as ``how`` says;
    ``bindings`` map each needed role to a permanent of the board or :data:`NEW`.

    :raises PlacementError: naming what is missing and how to get it.
    """
    kind = card_kind(fragment)
    if how == PIECE and kind == "event":
        how = WHOLE  # an event card is its event
    doc: dict[str, Any] = copy.deepcopy(dict(document))
    for key, empty in (("players", []), ("permanents", []), ("effects", []), ("event", {}), ("choices", {})):
        doc.setdefault(key, copy.copy(empty))
    players = [str(p.get("id")) for p in doc["players"]]
    if player not in players:
        raise PlacementError("誰のカードとして置くかを、盤面のプレイヤーから選んでください。", "player")
    opponent = opponent_of(doc, player)
    roles = [r for r in card_roles(fragment, bases) if how == WHOLE or r.in_piece]
    own = _own_permanent(fragment)
    event = dict(fragment.get("event") or {}) if how == WHOLE else {}
    parts: list[Any] = [own or {}, fragment.get("effects", []), event]
    if how == WHOLE:
        parts.append(fragment.get("players", {}))
    if opponent is None and (_mentions(parts, "B") or any(r.side == "B" for r in roles)):
        raise PlacementError(
            f"《{name}》には対戦相手が必要です。「＋ プレイヤー」でプレイヤーを加えてから置いてください。",
            "player",
        )
    names: dict[str, str] = {"A": player, "B": opponent or player}
    notes: list[str] = []
    fragment_permanents = {p.get("id"): p for p in fragment.get("permanents", [])}
    board_permanents = {p.get("id"): p for p in doc["permanents"]}
    used: set[str] = set()
    granted: list[tuple[str, dict[str, Any]]] = []  # applied once every id has its board name
    for role in roles:
        binding = (bindings or {}).get(role.ident, "")
        field = f"role_{role.ident}"
        if binding == NEW:
            continue
        if not binding:
            raise PlacementError(
                f"{role.label}の役をする{'・'.join(TYPE_JA.get(t, t) for t in role.types) or 'パーマネント'}を選んでください。"
                f"盤面に合うものがなければ、先にクリーチャーなどを置くか、「例の《{role.name}》を新しく置く」を選んでください。",
                field,
            )
        if binding not in board_permanents or binding not in role_candidates(doc, role):
            raise PlacementError(
                f"{role.label}の役には、盤面の{'・'.join(TYPE_JA.get(t, t) for t in role.types)}を選んでください。",
                field,
            )
        if binding in used:
            raise PlacementError(f"{role.label}の役には、ほかの役と違うパーマネントを選んでください。", field)
        used.add(binding)
        names[role.ident] = binding
        grants = role_grants(fragment_permanents[role.ident], (bases or {}).get(role.name))
        if grants:
            granted.append((binding, grants))
    added: list[dict[str, Any]] = []
    reserved: list[dict[str, Any]] = []  # stand-ins holding the fresh ids until the pieces are renamed
    for piece in ([own] if own else []) + [
        fragment_permanents[r.ident] for r in roles if r.ident not in names
    ]:
        fresh = document_new_id(document=doc, prefix=_prefix(list(piece.get("types", []))))
        names[str(piece["id"])] = fresh
        reserved.append({"id": fresh})
        doc["permanents"].append(reserved[-1])
        added.append(piece)
    source = event.get("source")
    if isinstance(source, Mapping) and isinstance(source.get("id"), str):
        names[source["id"]] = document_new_id(document=doc, prefix="s")
    elif how == PIECE:
        _bind_chosen_source(doc, fragment, name, names)
    doc["permanents"] = [p for p in doc["permanents"] if not any(p is r for r in reserved)]
    for piece in added:
        placed = _renamed(copy.deepcopy(piece), names)
        placed["name"] = f"《{str(piece.get('name', name)).strip('《》')}》"  # stages name real cards in 《》
        doc["permanents"].append(placed)
    doc["effects"].extend(_renamed(copy.deepcopy(fragment.get("effects", [])), names))
    for binding, grants in granted:
        _granted(board_permanents[binding], _renamed(grants, names))
        notes.append(
            f"{board_permanents[binding].get('name') or binding}に《{name}》が与えるものを加えました。"
        )
    overrides = _renamed(copy.deepcopy(fragment.get("players", {})), names)
    for p in doc["players"]:
        extra = overrides.get(p.get("id"), {})
        if how == PIECE:
            extra = {k: v for k, v in extra.items() if k == "protection"}
        p.update(extra)
    if event:
        _check_event_replaceable(doc, name)
        if doc["event"]:
            notes.append("それまでのイベントは取り消しました。")
        doc["event"] = _renamed(event, names)
        doc["choices"] = {}
        doc["active_player"] = names.get(str(fragment.get("active_player", "A")), player)
    _check_room(doc)
    return Placed(document=doc, card_id=names.get(CARD) if own else None, notes=tuple(notes))


def blocker_add(*, document: Mapping[str, Any], blocker: str, attacker: str) -> dict[str, Any]:
    """CR 509.1a: ``blocker`` blocks ``attacker`` in the board's combat (KeyError when it does not attack)."""
    doc = copy.deepcopy(dict(document))
    event = doc.get("event") or {}
    for attack in event.get("attacks", []) if event.get("type") == "combat" else []:
        if attack.get("attacker") == attacker:
            attack["blockers"] = [*attack.get("blockers", []), blocker]
            doc["choices"] = {}
            for key in ASSIGNMENT_KEYS:
                event.pop(key, None)
            return doc
    raise KeyError(attacker)


def may_block(document: Mapping[str, Any], attacker: str, blocker: Mapping[str, Any]) -> bool:
    """Whether ``blocker`` (a creature not yet on the board) may block the board's ``attacker`` alone
    (:func:`tutor.cards.placement.can_block`). Only what decides a block is taken from the attacker, and the
    blocker loses what names other permanents (an owner, triggers), so the pair reads on its own."""
    found = next((p for p in document.get("permanents", []) if p.get("id") == attacker), None)
    if found is None:
        return False
    attacking = {"controller": "A", "types": ["creature"], "power": 1, "toughness": 1}
    attacking |= {key: found[key] for key in _BLOCK_DECIDING if key in found}
    blocking = {key: value for key, value in blocker.items() if key not in ("owner", "triggers")}
    return can_block(attacking, {**blocking, "controller": "B"})


_BLOCK_DECIDING: Final = (
    "keywords",
    "protection",
    "cant_be_blocked",
    "cant_be_blocked_by",
    "cant_be_blocked_except_by",
)
"""The attacker's keys that can forbid a block (flying, menace, protection, 509.1b's restrictions)."""


def attackers_of(document: Mapping[str, Any], player: str) -> list[str]:
    """The attacking creatures the board's combat has against ``player`` or a permanent of theirs."""
    event = document.get("event") or {}
    if event.get("type") != "combat":
        return []
    theirs = {player} | {
        str(p.get("id")) for p in document.get("permanents", []) if p.get("controller") == player
    }
    return [str(a["attacker"]) for a in event.get("attacks", []) if a.get("defender") in theirs]
