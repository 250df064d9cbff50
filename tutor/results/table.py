"""What the board templates need, made from a scenario document and the engine's result document.

Nothing here decides a rule: the engine (``rules_core``) says what happens; this module turns its
documents into Japanese sentences, before → after pairs, links to the reader and the geometry of the
drawing. Two entry points are meant to be reused (study mode draws its questions with them):

* :func:`table_present` — the drawn board (players' seats, cards, the event as arrows), as it stands
  before the event or after any stage of the result;
* :func:`resolution_present` — the result as annotated stages, each citing and linking its paragraphs.

To draw a board elsewhere (study mode)::

    result = resolve_document(document)
    table = table_present(document, result=result, stage=-1, amounts=stage_amounts(result, -1), uid="q1")
    resolution = resolution_present(document, result)
    # {% include "results/_table.html" %} with table;
    # {% include "results/_stages.html" %} with result=resolution, stage_nav=stage_navigation(resolution["count"], -1),
    #   stage_base=<the page's URL> (and hx_target to step with htmx; omit it for plain links)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_core.model.ja import KEYWORD_JA, TYPE_JA, subtype_ja
from tutor.results.card_face import card_face, em
from tutor.results.event import event_describe
from tutor.results.names import ATTRIBUTE_JA, ZONE_JA, Names, colors_ja, keywords_ja, source_key

BOARD_ATTRIBUTES = (
    "damage",
    "life",
    "poison",
    "counters.-1/-1",
    "counters.+1/+1",
    "loyalty",
    "defense",
    "zone",
    "lost",
    "counters.shield",
    "tapped",
    "removed_from_combat",
)

# --------------------------------------------------------------------------- board state at a stage


@dataclass
class BoardState:
    """Players' and permanents' numbers at some point of the result, and what the current stage changed."""

    players: dict[str, dict[str, Any]]
    permanents: dict[str, dict[str, Any]]
    shields: dict[int, Any]
    changed: dict[tuple[str, str], Any] = field(default_factory=dict)
    """(object, attribute) → the value before the current stage."""

    @classmethod
    def initial(cls, document: Mapping[str, Any]) -> BoardState:
        players = {
            p["id"]: {"life": p.get("life", 20), "poison": p.get("poison", 0), "lost": False}
            for p in document.get("players", [])
        }
        permanents = {}
        for p in document.get("permanents", []):
            counters = p.get("counters") or {}
            permanents[p["id"]] = {
                "zone": "battlefield",
                "damage": p.get("damage", 0),
                "counters.+1/+1": counters.get("+1/+1", 0),
                "counters.-1/-1": counters.get("-1/-1", 0),
                "counters.shield": counters.get("shield", 0),
                "tapped": bool(p.get("tapped")),
                "removed_from_combat": False,
                "loyalty": p.get("loyalty"),
                "defense": p.get("defense"),
            }
        shields = {
            i: e.get("amount", 0)
            for i, e in enumerate(document.get("effects", []))
            if e.get("type") == "prevent_next"
        }
        return cls(players, permanents, shields)

    def apply(self, change: Mapping[str, Any], *, current: bool) -> None:
        obj: str = change.get("object") or ""
        attribute, after = change.get("attribute"), change.get("after")
        if attribute == "shield" and isinstance(change.get("effect"), int):
            self.shields[change["effect"]] = after
            if current:
                self.changed.setdefault((obj, "shield"), change.get("before"))
            return
        if attribute not in BOARD_ATTRIBUTES:
            return
        target = self.players.get(obj) if obj in self.players else self.permanents.get(obj)
        if target is None:
            return
        target[attribute] = after
        if current:
            self.changed.setdefault((obj, attribute), change.get("before"))


def flat_stages(result: Mapping[str, Any] | None) -> list[tuple[int, Mapping[str, Any], Mapping[str, Any]]]:
    """Every stage of every step in order: (step index, step, stage)."""
    out = []
    for s_index, step in enumerate((result or {}).get("steps", [])):
        for stage in step.get("stages", []):
            out.append((s_index, step, stage))
    return out


def board_state_at(
    document: Mapping[str, Any], result: Mapping[str, Any] | None, stage: int | None
) -> BoardState:
    """The board after stage ``stage`` (0-based, over all steps); None: before the event; -1: the end."""
    state = BoardState.initial(document)
    if result is None or stage is None:
        return state
    stages = flat_stages(result)
    last = len(stages) - 1 if stage < 0 else min(stage, len(stages) - 1)
    for i, (_s, _step, st) in enumerate(stages[: last + 1]):
        for change in st.get("changes", []):
            state.apply(change, current=(i == last and stage >= 0))
    if stage < 0 and result.get("final"):
        _overlay_final(state, result["final"])
    return state


def _overlay_final(state: BoardState, final: Mapping[str, Any]) -> None:
    for pid, values in (final.get("players") or {}).items():
        if pid in state.players:
            state.players[pid].update({k: values[k] for k in ("life", "poison", "lost") if k in values})
    for pid, values in (final.get("permanents") or {}).items():
        if pid not in state.permanents:
            continue
        target = state.permanents[pid]
        target["zone"] = values.get("zone", target["zone"])
        target["damage"] = values.get("damage", target["damage"])
        counters = values.get("counters") or {}
        target["counters.+1/+1"] = counters.get("+1/+1", 0)
        target["counters.-1/-1"] = counters.get("-1/-1", 0)
        target["counters.shield"] = counters.get("shield", 0)
        target["tapped"] = bool(values.get("tapped", target.get("tapped")))
        target["removed_from_combat"] = bool(values.get("removed_from_combat"))
        for key in ("loyalty", "defense"):
            if key in values:
                target[key] = values[key]
    for i, effect in enumerate(final.get("effects") or []):
        if effect.get("type") == "prevent_next":
            state.shields[i] = effect.get("amount", 0)


# --------------------------------------------------------------------------- the drawing

CARD_W, CARD_H = 100, 140
TOKEN_W, TOKEN_H = 100, 64
GAP_X = 28
MARGIN = 16
ROW_GAP = 84
WIDE_ROW = 3
"""A lane with this many cards in a row is drawn at full size and scrolls sideways on a narrow screen
(shrunk to a phone's width, its smallest text, 8 px at full size, would fall under 8 px)."""
FILL_CLASS = {"white": "c-white", "blue": "c-blue", "black": "c-black", "red": "c-red", "green": "c-green"}


def _short(text: str, limit: int = 9) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def power_toughness(
    permanent: Mapping[str, Any], *, plus: int | None = None, minus: int | None = None
) -> tuple[int, int]:
    """A creature's power and toughness with its +1/+1 and -1/-1 counters (122.1a): those of the document,
    or ``plus`` and ``minus`` (the counters at some stage)."""
    counters = permanent.get("counters") or {}
    plus = counters.get("+1/+1", 0) if plus is None else plus
    minus = counters.get("-1/-1", 0) if minus is None else minus
    return (permanent.get("power") or 0) + plus - minus, (permanent.get("toughness") or 0) + plus - minus


def _fill_class(colors: list[str]) -> str:
    if not colors:
        return "c-none"
    if len(colors) > 1:
        return "c-multi"
    return FILL_CLASS.get(colors[0], "c-none")


def _shields_and_changes(
    ident: str, state: BoardState, document: Mapping[str, Any]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The 615.7 shields on a player or permanent (points left at this stage), and what the stage changed on it."""
    shields = [
        {"index": i, "amount": state.shields.get(i, 0), "changed": (ident, "shield") in state.changed}
        for i, e in enumerate(document.get("effects", []))
        if e.get("type") == "prevent_next" and e.get("to") == ident
    ]
    changed = {attr: before for (obj, attr), before in state.changed.items() if obj == ident}
    return shields, changed


def _card(
    permanent: Mapping[str, Any], state: BoardState, document: Mapping[str, Any], names: Names
) -> dict[str, Any]:
    pid = permanent["id"]
    now = state.permanents.get(pid, {})
    types = permanent.get("types", [])
    plus, minus = now.get("counters.+1/+1", 0), now.get("counters.-1/-1", 0)
    is_creature = "creature" in types
    power, toughness = power_toughness(permanent, plus=plus, minus=minus) if is_creature else (None, None)
    shields, changed = _shields_and_changes(pid, state, document)
    name = permanent.get("name") or pid
    type_line = "・".join(TYPE_JA.get(t, t) for t in types)
    if permanent.get("subtypes"):
        type_line += " — " + "・".join(subtype_ja(str(t)) for t in permanent["subtypes"])
    card = {
        "id": pid,
        "name": name,
        "short": _short(name),
        "controller": names(permanent.get("controller")),
        "type_line": type_line,
        "type_short": _short(type_line, 12),
        "fill": _fill_class(permanent.get("colors", [])),
        "colors": colors_ja(permanent.get("colors", [])),
        "keywords": keywords_ja(permanent)[:5],
        "is_creature": is_creature,
        "is_planeswalker": "planeswalker" in types,
        "is_battle": "battle" in types,
        "power": power,
        "toughness": toughness,
        "pt_changed": ("counters.+1/+1" in changed) or ("counters.-1/-1" in changed),
        "damage": now.get("damage", 0),
        "plus": plus,
        "minus": minus,
        "loyalty": now.get("loyalty"),
        "defense": now.get("defense"),
        "protector": names(permanent.get("protector")) if permanent.get("protector") else "",
        "zone": now.get("zone", "battlefield"),
        "in_graveyard": now.get("zone", "battlefield") != "battlefield",
        "shields": shields,
        "changed": changed,
        "damage_changed": "damage" in changed,
        "counters_changed": ("counters.+1/+1" in changed) or ("counters.-1/-1" in changed),
        "loyalty_changed": "loyalty" in changed,
        "defense_changed": "defense" in changed,
        "zone_changed": "zone" in changed,
        "shield_changed": "shield" in changed,
        "shield_counters": now.get("counters.shield", 0),
        "shield_counters_changed": "counters.shield" in changed,
        "tapped": bool(now.get("tapped")),
        "removed_from_combat": bool(now.get("removed_from_combat")),
        "tapped_changed": "tapped" in changed or "removed_from_combat" in changed,
    }
    card["keyword_lines"] = [
        {"text": _short(k, 11), "y": 47 + 11 * i} for i, k in enumerate(card["keywords"])
    ]
    card["shield_badges"] = [{**sh, "y": 24 + 19 * i} for i, sh in enumerate(shields)]
    card["face"] = card_face(card)
    card["deltas"] = _deltas(changed, now, card)
    card["aria"] = _card_sentence(card)
    return card


DELTA_SHORT = {
    "damage": "ダメージ",
    "counters.-1/-1": "-1/-1",
    "counters.+1/+1": "+1/+1",
    "loyalty": "忠誠度",
    "defense": "守備値",
    "life": "ライフ",
    "poison": "毒",
    "shield": "盾",
    "counters.shield": "盾カウンター",
}


def _deltas(changed: Mapping[str, Any], now: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
    """Short before → after captions for what the current stage changed (「ダメージ 0→3」)."""
    out = []
    for attr, before in changed.items():
        if attr == "zone":
            zone = now.get("zone") or ""
            out.append(f"{ZONE_JA.get(zone, zone)}へ")
        elif attr == "lost":
            out.append("敗北")
        elif attr == "tapped":
            out.append("タップ" if now.get("tapped") else "アンタップ")
        elif attr == "removed_from_combat":
            out.append("戦闘から取り除かれた")
        elif attr == "shield":
            amounts = [s["amount"] for s in view.get("shields", []) if s.get("changed")]
            out.append(f"盾 {before}→{amounts[0] if amounts else 0}")
        else:
            out.append(f"{DELTA_SHORT.get(attr, attr)} {before}→{now.get(attr)}")
    return out


def _card_sentence(card: Mapping[str, Any]) -> str:
    parts = [f"{card['name']}({card['controller']}の{card['type_line']})"]
    if card["is_creature"]:
        parts.append(f"{card['power']}/{card['toughness']}")
    if card["keywords"]:
        parts.append("・".join(card["keywords"]))
    if card["damage"]:
        parts.append(f"ダメージ{card['damage']}")
    if card["plus"]:
        parts.append(f"+1/+1カウンター{card['plus']}個")
    if card["minus"]:
        parts.append(f"-1/-1カウンター{card['minus']}個")
    if card["loyalty"] is not None:
        parts.append(f"忠誠度{card['loyalty']}")
    if card["defense"] is not None:
        parts.append(f"守備値{card['defense']}")
    for shield in card["shields"]:
        parts.append(f"軽減の盾 残り{shield['amount']}点")
    if card["shield_counters"]:
        parts.append(f"盾カウンター{card['shield_counters']}個")
    if card["tapped"]:
        parts.append("タップ状態")
    if card["removed_from_combat"]:
        parts.append("戦闘から取り除かれた")
    if card["in_graveyard"]:
        parts.append("墓地")
    for attr, before in card["changed"].items():
        parts.append(f"{ATTRIBUTE_JA.get(attr, attr)}が{_value_ja(attr, before)}から変化")
    return "、".join(parts)


def _player(
    player: Mapping[str, Any], state: BoardState, document: Mapping[str, Any], active: str | None
) -> dict[str, Any]:
    pid = player["id"]
    now = state.players.get(pid, {})
    shields, changed = _shields_and_changes(pid, state, document)
    name = player.get("name") or pid
    view = {
        "id": pid,
        "name": name,
        "short": _short(name, 8),
        "life": now.get("life", 20),
        "poison": now.get("poison", 0),
        "lost": now.get("lost", False),
        "active": pid == active,
        "shields": shields,
        "changed": changed,
        "life_changed": "life" in changed,
        "poison_changed": "poison" in changed,
        "lost_changed": "lost" in changed,
        "shield_changed": "shield" in changed,
    }
    view["deltas"] = _deltas(changed, now, view)
    parts = [f"{name}{'(アクティブ・プレイヤー)' if view['active'] else ''}", f"ライフ{view['life']}"]
    if view["poison"]:
        parts.append(f"毒カウンター{view['poison']}個")
    for shield in shields:
        parts.append(f"軽減の盾 残り{shield['amount']}点")
    if view["lost"]:
        parts.append("敗北")
    for attr, before in changed.items():
        parts.append(f"{ATTRIBUTE_JA.get(attr, attr)}が{_value_ja(attr, before)}から変化")
    view["aria"] = "、".join(parts)
    return view


def _value_ja(attribute: str, value: Any) -> str:
    if attribute == "zone":
        return ZONE_JA.get(value, str(value))
    if attribute == "lost":
        return "敗北" if value else "ゲーム中"
    if attribute in ("tapped", "removed_from_combat"):
        return "はい" if value else "いいえ"
    return str(value)


def _components(attacks: list[Mapping[str, Any]]) -> list[list[int]]:
    """Group attacks that share a blocker or a defender (each group is drawn as one lane)."""
    parent = list(range(len(attacks)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    seen: dict[str, int] = {}
    for i, attack in enumerate(attacks):
        for key in [f"d:{attack.get('defender')}", *(f"b:{b}" for b in attack.get("blockers", []))]:
            if key in seen:
                parent[find(i)] = find(seen[key])
            else:
                seen[key] = i
    groups: dict[int, list[int]] = {}
    for i in range(len(attacks)):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _row(items: list[dict[str, Any]], y: int, width: int) -> None:
    """Centre ``items`` (each with "w") in a row of ``width`` at height ``y``."""
    total = sum(item["w"] for item in items) + GAP_X * (len(items) - 1 if items else 0)
    x = (width - total) / 2
    for item in items:
        item["x"], item["y"] = round(x), y
        x += item["w"] + GAP_X


def _arrow(
    a: Mapping[str, Any],
    b: Mapping[str, Any],
    *,
    label: str,
    kind: str,
    offset: int = 0,
    bend: float = 0,
    t: float = 0.6,
) -> dict[str, Any]:
    """An arrow from the top of ``a`` to the bottom of ``b`` (or the other way when ``a`` is above)."""
    ax, bx = a["x"] + a["w"] / 2 + offset, b["x"] + b["w"] / 2 + offset
    if a["y"] > b["y"]:
        ay, by = a["y"], b["y"] + b["h"]
    else:
        ay, by = a["y"] + a["h"], b["y"]
    cx, cy = (ax + bx) / 2 + bend, (ay + by) / 2
    path = f"M{ax:.0f},{ay:.0f} Q{cx:.0f},{cy:.0f} {bx:.0f},{by:.0f}"
    # the label sits on the curve: ``t`` of the way from the source (0.5 on a detour)
    t = 0.5 if bend else t
    lx = (1 - t) ** 2 * ax + 2 * t * (1 - t) * cx + t**2 * bx
    ly = (1 - t) ** 2 * ay + 2 * t * (1 - t) * cy + t**2 * by
    width = round(12 + 12 * em(label))
    return {
        "path": path,
        "label": label,
        "kind": kind,
        "lx": round(lx),
        "ly": round(ly),
        "lw": width,
        "lx0": round(lx - width / 2),
        "curve": (ax, ay, cx, cy, bx, by),
        "t": t,
    }


LABEL_T = (0.5, 0.7, 0.4, 0.8, 0.3, 0.25, 0.85)
"""Where else along its arrow a label may sit when its first place covers a card or another label."""


def _place_labels(arrows: list[dict[str, Any]], items: list[dict[str, Any]]) -> None:
    """Move each arrow's label along its own arrow until it covers no card, player or earlier label."""
    boxes = [(i["x"], i["y"], i["w"], i["h"]) for i in items]
    for arrow in arrows:
        if not arrow["label"]:
            continue
        ax, ay, cx, cy, bx, by = arrow["curve"]
        width = arrow["lw"]
        for t in (arrow["t"], *LABEL_T):
            lx = (1 - t) ** 2 * ax + 2 * t * (1 - t) * cx + t**2 * bx
            ly = (1 - t) ** 2 * ay + 2 * t * (1 - t) * cy + t**2 * by
            box = (lx - width / 2 - 2, ly - 12, width + 4, 24)
            if not any(_overlap(box, other) for other in boxes):
                arrow.update(lx=round(lx), ly=round(ly), lx0=round(lx - width / 2))
                break
        boxes.append((arrow["lx0"], arrow["ly"] - 10, width, 20))


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _lane(
    items_by_row: list[list[dict[str, Any]]],
    arrows_spec: list[tuple[str, str, str, str]],
    title: str,
    description: list[str],
) -> dict[str, Any]:
    rows = [row for row in items_by_row if row]
    width = max(sum(i["w"] for i in row) + GAP_X * (len(row) - 1) for row in rows) + 2 * MARGIN + 60
    y = MARGIN + 6
    for r, row in enumerate(rows):
        _row(row, y, width)
        for item in row:
            item["row"] = r
        y += max(i["h"] for i in row) + ROW_GAP
    height = y - ROW_GAP + MARGIN
    index = {item["key"]: item for row in rows for item in row}
    # what the stage changed is written under the drawing, in the page's text, never across the arrows
    deltas = []
    for item in index.values():
        view = item.get("card") or item.get("player") or {}
        if view.get("deltas"):
            deltas.append({"name": view.get("name", ""), "deltas": list(view["deltas"])})
    arrows = []
    pair_count: dict[tuple[str, str], int] = {}
    for src, dst, label, kind in arrows_spec:
        if src not in index or dst not in index:
            continue
        pair = (src, dst)
        n = pair_count.get(pair, 0)
        pair_count[pair] = n + 1
        a, b = index[src], index[dst]
        offset = {"block": -14, "damage": 10, "back": 24, "attack": -28, "excess": 0}.get(kind, 0) + n * 6
        bend = 0.0
        between = [i for i in index.values() if min(a["row"], b["row"]) < i["row"] < max(a["row"], b["row"])]
        if between:
            # go round the cards of the rows in between: attacks on the left, damage on the right
            if kind == "attack":
                target = min(i["x"] for i in between) - 22 - 8 * n
            else:
                target = max(i["x"] + i["w"] for i in between) + 22 + 8 * n
            ax, bx = a["x"] + a["w"] / 2 + offset, b["x"] + b["w"] / 2 + offset
            bend = (4 * target - ax - bx) / 2 - (ax + bx) / 2
        both_ways = any(s2 == dst and d2 == src for s2, d2, _l, _k in arrows_spec)
        arrows.append(
            _arrow(a, b, label=label, kind=kind, offset=offset, bend=bend, t=0.35 if both_ways else 0.6)
        )
    _place_labels(arrows, list(index.values()))
    return {
        "width": round(width),
        "height": round(height),
        "items": [i for row in rows for i in row],
        "arrows": arrows,
        "title": title,
        "description": description,
        "deltas": deltas,
        "wide": max(len(row) for row in rows) >= WIDE_ROW,
    }


def _item(kind: str, key: str, view: dict[str, Any]) -> dict[str, Any]:
    if kind == "player":
        return {"kind": "player", "key": key, "w": TOKEN_W, "h": TOKEN_H, "player": view}
    return {"kind": "card", "key": key, "w": CARD_W, "h": CARD_H, "card": view}


def _spell_item(source: Mapping[str, Any], names: Names) -> dict[str, Any]:
    name = source.get("name") or "呪文・能力"
    colors = source.get("colors", [])
    kws = [KEYWORD_JA.get(k, k) for k in source.get("keywords", [])]
    view: dict[str, Any] = {
        "id": source_key(source),
        "name": name,
        "short": _short(name),
        "fill": _fill_class(colors),
        "type_line": "呪文・能力",
        "type_short": "呪文・能力",
        "controller": names(source.get("controller")),
        "keywords": kws[:5],
        "is_spell": True,
        "shields": [],
        "shield_badges": [],
        "changed": {},
        "deltas": [],
        "keyword_lines": [{"text": _short(k, 11), "y": 47 + 11 * i} for i, k in enumerate(kws[:5])],
    }
    view["face"] = card_face(view)
    view["aria"] = (
        f"{name}({view['controller']}の呪文・能力"
        + (f"、{colors_ja(colors)}" if colors else "")
        + (f"、{'・'.join(kws)}" if kws else "")
        + ")"
    )
    return {"kind": "card", "key": view["id"], "w": CARD_W, "h": CARD_H, "card": view}


def _amount_label(amounts: Mapping[tuple[str, str], Any], src: str, dst: str) -> str | None:
    value = amounts.get((src, dst))
    if value is None:
        return None
    if isinstance(value, tuple):
        dealt, prevented = value
        return f"{dealt}(軽減{prevented})" if prevented else str(dealt)
    return str(value)


def table_present(
    document: Mapping[str, Any],
    *,
    result: Mapping[str, Any] | None = None,
    stage: int | None = None,
    amounts: Mapping[tuple[str, str], Any] | None = None,
    uid: str = "table",
) -> dict[str, Any]:
    """The drawn board. ``stage``: None before the event, N after stage N, -1 at the end.

    ``amounts`` maps (source, recipient) to the damage to write on the arrows (the combat damage
    assignment, or the damage after prevention at a later stage).
    """
    names = Names(document)
    state = board_state_at(document, result, stage)
    active = document.get("active_player")
    permanents = {p["id"]: p for p in document.get("permanents", [])}
    cards = {pid: _card(p, state, document, names) for pid, p in permanents.items()}
    players = {p["id"]: _player(p, state, document, active) for p in document.get("players", [])}
    amounts = dict(amounts or {})

    event = document.get("event") or {}
    in_lane: set[str] = set()
    lanes: list[dict[str, Any]] = []

    def item_for(ident: str) -> dict[str, Any] | None:
        if ident in cards:
            in_lane.add(ident)
            return _item("card", ident, cards[ident])
        if ident in players:
            return _item("player", ident, players[ident])
        return None

    if event.get("type") == "combat":
        attacks = list(event.get("attacks", []))
        for group in _components(attacks):
            top: list[dict[str, Any]] = []
            middle: list[dict[str, Any]] = []
            bottom: list[dict[str, Any]] = []
            spec: list[tuple[str, str, str, str]] = []
            placed: set[str] = set()
            description = []
            for i in group:
                attack = attacks[i]
                attacker, defender = attack["attacker"], attack["defender"]
                for ident, row in (
                    (defender, top),
                    *((b, middle) for b in attack.get("blockers", [])),
                    (attacker, bottom),
                ):
                    if ident not in placed:
                        item = item_for(ident)
                        if item is not None:
                            row.append(item)
                            placed.add(ident)
                if not attack.get("blockers") and not attack.get("blocked"):
                    spec.append((attacker, defender, "", "attack"))
                for blocker in attack.get("blockers", []):
                    spec.append((blocker, attacker, "", "block"))
                recipients = [defender, *attack.get("blockers", [])]
                controller = (permanents.get(defender) or {}).get("controller")
                if controller and controller not in recipients:
                    recipients.append(controller)
                    if controller not in placed and amounts.get((attacker, controller)):
                        item = item_for(controller)
                        if item is not None:
                            top.append(item)
                            placed.add(controller)
                for recipient in recipients:
                    label = _amount_label(amounts, attacker, recipient)
                    if label and label != "0":
                        spec.append((attacker, recipient, label, "damage"))
                for blocker in attack.get("blockers", []):
                    label = _amount_label(amounts, blocker, attacker)
                    if label and label != "0":
                        spec.append((blocker, attacker, label, "back"))
                description.extend(
                    event_describe({**document, "event": {"type": "combat", "attacks": [attack]}})
                )
            for src, dst in amounts:
                if (
                    src in placed
                    and dst in placed
                    and not any(s == src and d == dst for s, d, _l, k in spec if k in ("damage", "back"))
                ):
                    label = _amount_label(amounts, src, dst)
                    if label and label != "0":
                        spec.append((src, dst, label, "damage"))
            lanes.append(_lane([top, middle, bottom], spec, "戦闘", description))
    elif event.get("type") == "noncombat":
        source = event.get("source")
        if isinstance(source, str):
            src_item = item_for(source)
            src_key = source
        else:
            src_item = _spell_item(source or {}, names)
            src_key = src_item["key"]
        targets: list[dict[str, Any]] = []
        spec = []
        for entry in event.get("damage", []):
            item = item_for(entry["to"])
            if item is not None and all(t["key"] != item["key"] for t in targets):
                targets.append(item)
            label = _amount_label(amounts, src_key, entry["to"])
            spec.append(
                (src_key, entry["to"], label if label is not None else str(entry["amount"]), "damage")
            )
        for (src, dst), _value in amounts.items():
            if src == src_key and all(t["key"] != dst for t in targets):
                item = item_for(dst)
                if item is not None:
                    targets.append(item)
                    label = _amount_label(amounts, src, dst)
                    spec.append((src, dst, label or "", "excess"))
        excess = event.get("excess_to")
        if excess and excess != "controller" and all(t["key"] != excess for t in targets):
            item = item_for(excess)
            if item is not None:
                targets.append(item)
        lanes.append(
            _lane(
                [[src_item] if src_item else [], targets],
                spec,
                "呪文・能力によるダメージ",
                event_describe(document),
            )
        )

    for n, lane in enumerate(lanes, 1):
        lane["id"] = f"{uid}-lane-{n}"
    seats = []
    order = [p for p in document.get("players", []) if p["id"] != active] + [
        p for p in document.get("players", []) if p["id"] == active
    ]
    for player in order:
        pid = player["id"]
        mine = [cards[q["id"]] for q in document.get("permanents", []) if q.get("controller") == pid]
        seats.append(
            {
                "player": players[pid],
                "cards": [c for c in mine if c["id"] not in in_lane and not c["in_graveyard"]],
                "graveyard": [c for c in mine if c["id"] not in in_lane and c["in_graveyard"]],
                "in_lane": [c for c in mine if c["id"] in in_lane],
            }
        )
    return {
        "seats": seats,
        "top_seats": seats[:-1] if len(seats) > 1 else [],
        "bottom_seat": seats[-1] if seats else None,
        "lanes": lanes,
        "has_event": bool(lanes),
        "stage": stage,
        "uid": uid,
        "changed_count": len(state.changed),
        "shields": dict(state.shields) if stage is not None else None,
    }


def assignment_amounts(
    assignments: Mapping[str, Mapping[str, int]] | None,
    blocker_assignments: Mapping[str, Mapping[str, int]] | None,
) -> dict[tuple[str, str], int]:
    out: dict[tuple[str, str], int] = {}
    for table in (assignments or {}, blocker_assignments or {}):
        for creature, division in table.items():
            for recipient, n in division.items():
                out[(creature, recipient)] = n
    return out


def stage_amounts(result: Mapping[str, Any] | None, stage: int | None) -> dict[tuple[str, str], Any] | None:
    """The damage in flight at ``stage``: from the latest stage of that step that lists ``events``."""
    if result is None or stage is None:
        return None
    stages = flat_stages(result)
    if not stages:
        return None
    last = len(stages) - 1 if stage < 0 else min(stage, len(stages) - 1)
    step_index = stages[last][0]
    for i in range(last, -1, -1):
        s_index, _step, st = stages[i]
        if s_index != step_index:
            break
        hits = [ev for ev in st.get("events", []) if "to" in ev and "source" in ev]
        if hits:
            out: dict[tuple[str, str], Any] = {}
            for ev in hits:
                key = (str(ev.get("source")), str(ev.get("to")))
                prevented = ev.get("prevented", 0) or 0
                out[key] = (ev.get("amount", 0), prevented) if prevented else ev.get("amount", 0)
            return out
    return None
