"""The players' choices compared (CR 616.1, 615.7): each order of replacement effects and each split of a prevention shield, resolved and set side by side."""

from __future__ import annotations

from collections.abc import Mapping
from math import factorial
from typing import Any

from rules_core import ScenarioError, ordering, parse_scenario, resolve_document
from tutor.board.documents import choices_set
from tutor.results.effects import effect_describe
from tutor.results.names import ATTRIBUTE_JA, ZONE_JA, Names, source_key

# --------------------------------------------------------------------------- the players' choices compared

MAX_ORDERS = 6
MAX_SPLITS = 8


def _incoming(
    document: Mapping[str, Any], assignment: tuple[dict[str, Any], dict[str, Any]] | None
) -> dict[str, dict[str, int]]:
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


def _outcome(result: Mapping[str, Any]) -> dict[str, Any]:
    final = result.get("final") or {}
    return {
        "legal": result.get("legal", True),
        "players": final.get("players", {}),
        "permanents": final.get("permanents", {}),
    }


def choices_compare(
    *, document: Mapping[str, Any], assignment: tuple[dict[str, Any], dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """The decisions the rules give a player in this scenario, each option resolved by the engine.

    CR 616.1: the order in which the affected object's controller applies several replacement or
    prevention effects; CR 615.7: which damage a shield prevents when several sources deal damage to
    its holder at once. Returns one entry per decision, with its options and their outcomes.
    """
    effects = document.get("effects", [])
    incoming = _incoming(document, assignment)
    names = Names(document)
    choices = document.get("choices") or {}
    chosen_orders = choices.get("replacement_order") or {}
    chosen_allocation = choices.get("shield_allocation") or {}
    decisions: list[dict[str, Any]] = []

    def resolve_variant(doc: dict[str, Any]) -> dict[str, Any]:
        try:
            return resolve_document(doc)
        except ScenarioError as error:
            return {"legal": False, "violations": [{"rule": "", "message": str(error)}]}

    decisions.extend(_order_decisions(document, names, chosen_orders))

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
            options.append(
                {
                    "value": ",".join(f"{s}:{n}" for s, n in split.items()),
                    "labels": labels,
                    "result": resolve_variant(doc),
                    "chosen": chosen_allocation.get(str(index)) == split,
                }
            )
        decisions.append(
            {
                "kind": "shield_allocation",
                "rule": "615.7",
                "effect": index,
                "title": f"{effect.get('name') or '軽減の盾'}({names(effect.get('to'))}、{effect['amount']}点)"
                "がどのダメージを軽減するか",
                "options": options,
            }
        )

    for decision in decisions:
        _mark_differences(decision, names)
    return decisions


ORDER_ITEM_JA = {"protection": "プロテクション", "shield_counter": "盾カウンター"}
"""The 616.1 candidates that are not effects of the table (702.16e, 122.1c)."""


def _order_decisions(
    document: Mapping[str, Any], names: Names, chosen_orders: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """CR 616.1: for each affected player or object, every legal order of the effects that could apply to
    damage to it (``rules_core.ordering``: only orders in which each effect still applies, 616.1f), each
    with its result. At most :data:`MAX_ORDERS` permutations are tried per object."""
    effects = document.get("effects", [])
    try:
        scenario = parse_scenario(document)
        found = ordering.decisions(scenario)
    except (ScenarioError, ValueError):
        return []
    out: list[dict[str, Any]] = []
    for affected, candidates in found.items():
        if factorial(len(candidates)) > MAX_ORDERS:
            continue
        options = []
        for option in ordering.legal_orders(scenario, affected):
            labels = [
                ORDER_ITEM_JA[item]
                if isinstance(item, str)
                else effects[item].get("name") or effect_describe(effects[item], names)
                for item in option.order
                if isinstance(item, str) or item < len(effects)
            ]
            chosen = [str(i) for i in chosen_orders.get(affected, [])]
            options.append(
                {
                    "value": ",".join(str(i) for i in option.order),
                    "labels": labels,
                    "result": option.resolution.to_dict(),
                    "chosen": bool(chosen) and chosen == [str(i) for i in option.order],
                }
            )
        if len(options) < 2:
            continue
        out.append(
            {
                "kind": "replacement_order",
                "rule": "616.1",
                "affected": affected,
                "title": f"{names(affected)}に適用する効果の順番",
                "options": options,
            }
        )
    return out


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
            lines.append(
                "解決できません: "
                + "".join(v.get("message", "") for v in option["result"].get("violations", []))
            )
        option["lines"] = lines
