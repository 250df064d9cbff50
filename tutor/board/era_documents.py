"""The era of a board's document (拡張, docs/scenario-format.md § 12): pure edits, no Django.

``era`` says under which rules the board resolves: today's (no key), ``"2009-2024"`` (with each
attack's ``order``) or ``"2007"`` (with ``event.on_stack_actions``). Each era's own keys exist only in
that era, so moving a board to another era leaves them out; moving it back to today's rules gives
the document without ``era``, the same content (and permalink) as a board that never had one.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, Final

CURRENT: Final = "current"
ORDER_ERA: Final = "2009-2024"
STACK_ERA: Final = "2007"
ERA_CHOICES: Final = (
    (CURRENT, "現在のルール(2024年11月の『ファウンデーションズ』以降)"),
    (ORDER_ERA, "2009-2024年のルール(ダメージ割り振り順がある)"),
    (STACK_ERA, "2007年のルール(戦闘ダメージがスタックに置かれる)"),
)
ERA_SHORT: Final = {CURRENT: "現在のルール", ORDER_ERA: "2009-2024年のルール", STACK_ERA: "2007年のルール"}

ACTION_JA: Final = {
    "sacrifice": "生け贄に捧げる",
    "pump": "修整する",
    "destroy": "破壊する",
    "bounce": "オーナーの手札に戻す",
    "damage": "ダメージを与える",
    "effect": "効果を生み出す",
}


def era_of(document: Mapping[str, Any]) -> str:
    """The document's era (today's rules when it names none).

    >>> era_of({}), era_of({"era": "2007"}), era_of({"era": "current"})
    ('current', '2007', 'current')
    """
    era = document.get("era")
    return era if isinstance(era, str) and era in ERA_SHORT else CURRENT


def attack_orders(document: Mapping[str, Any]) -> list[tuple[int, str, list[str], list[str]]]:
    """Each attack a damage assignment order can matter for (two or more blockers, 509.2 of the
    2024-08-02 file): ``(index, attacker, blockers as listed, order stated or [])``."""
    event = document.get("event") or {}
    if event.get("type") != "combat":
        return []
    out = []
    for i, attack in enumerate(event.get("attacks") or []):
        blockers = [str(b) for b in attack.get("blockers") or []]
        if len(blockers) >= 2:
            order = [str(b) for b in attack.get("order") or []]
            out.append((i, str(attack.get("attacker")), blockers, order))
    return out


def era_set(
    *, document: Mapping[str, Any], era: str, orders: Mapping[int, Sequence[str]] | None = None
) -> dict[str, Any]:
    """A new document under ``era``; ``orders`` (2009-2024): attack index → its damage assignment order.

    The keys of the other eras are left out: ``order`` outside 2009-2024, ``on_stack_actions`` outside
    2007 (the engine refuses them there).

    >>> doc = {"event": {"type": "combat", "attacks": [{"attacker": "a", "blockers": ["x", "y"], "order": ["y", "x"]}],
    ...        "on_stack_actions": [{"type": "pump", "creature": "x", "power": 3, "toughness": 3}]}, "era": "2007"}
    >>> era_set(document=doc, era="current")
    {'event': {'type': 'combat', 'attacks': [{'attacker': 'a', 'blockers': ['x', 'y']}]}}
    >>> era_set(document=doc, era="2009-2024", orders={0: ["y", "x"]})["event"]["attacks"]
    [{'attacker': 'a', 'blockers': ['x', 'y'], 'order': ['y', 'x']}]
    """
    new = copy.deepcopy(dict(document))
    new.pop("era", None)
    if era != CURRENT:
        new["era"] = era
    event = new.get("event")
    if isinstance(event, dict) and event.get("type") == "combat":
        if era != STACK_ERA:
            event.pop("on_stack_actions", None)
        for i, attack in enumerate(event.get("attacks") or []):
            if not isinstance(attack, dict):
                continue
            attack.pop("order", None)
            order = (orders or {}).get(i)
            if era == ORDER_ERA and order and list(order) != list(attack.get("blockers") or []):
                attack["order"] = list(order)
    return new


def stack_action_add(*, document: Mapping[str, Any], action: Mapping[str, Any]) -> dict[str, Any]:
    """A new document whose 2007 window (``event.on_stack_actions``) ends with ``action``.

    >>> stack_action_add(document={"event": {"type": "combat"}}, action={"type": "destroy", "creature": "x"})
    {'event': {'type': 'combat', 'on_stack_actions': [{'type': 'destroy', 'creature': 'x'}]}}
    """
    new = copy.deepcopy(dict(document))
    event = new.setdefault("event", {})
    event["on_stack_actions"] = [*(event.get("on_stack_actions") or []), dict(action)]
    return new


def stack_actions_clear(*, document: Mapping[str, Any]) -> dict[str, Any]:
    """A new document without the 2007 window's actions."""
    new = copy.deepcopy(dict(document))
    if isinstance(new.get("event"), dict):
        new["event"].pop("on_stack_actions", None)
    return new


def dropped_by(document: Mapping[str, Any], era: str) -> list[str]:
    """What of ``document`` does not exist under ``era``, in Japanese (for the message after a switch
    and for the comparison).

    >>> dropped_by({"era": "2007", "event": {"type": "combat", "on_stack_actions": [{"name": "《巨大化》"}]}}, "current")
    ['戦闘ダメージがスタックにある間の行動(《巨大化》)は、2007年のルールにしかありません。']
    """
    event = document.get("event") or {}
    out = []
    actions = event.get("on_stack_actions") or []
    if actions and era != STACK_ERA:
        names = "、".join(str(a.get("name") or ACTION_JA.get(str(a.get("type")), "行動")) for a in actions)
        out.append(f"戦闘ダメージがスタックにある間の行動({names})は、2007年のルールにしかありません。")
    if any(a.get("order") for a in event.get("attacks") or []) and era != ORDER_ERA:
        out.append("ダメージ割り振り順は、2009-2024年のルールにしかありません。")
    return out


__all__ = [
    "ACTION_JA",
    "CURRENT",
    "ERA_CHOICES",
    "ERA_SHORT",
    "ORDER_ERA",
    "STACK_ERA",
    "attack_orders",
    "dropped_by",
    "era_of",
    "era_set",
    "stack_action_add",
    "stack_actions_clear",
]
