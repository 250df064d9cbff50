"""The players' choices compared (CR 616.1, 615.7): each order of replacement effects and each split of a prevention shield, resolved and set side by side."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import islice, permutations
from math import factorial
from typing import Any, Final

from rules_core import AssignmentError, Resolution, Scenario, ScenarioError, parse_scenario, resolve
from rules_core.document.scenario import Choices
from rules_core.model._frozen import FrozenMap
from rules_core.model.ja import COUNTER_JA
from tutor.results.effects import effect_describe
from tutor.results.names import ATTRIBUTE_JA, ZONE_JA, Names, source_key

# --------------------------------------------------------------------------- the players' choices compared

MAX_ORDERS: Final = 6
"""Orders of effects shown for one affected object (CR 616.1), the first ones of their permutations."""
MAX_SPLITS: Final = 8
"""Splits of one shield shown (CR 615.7)."""
MAX_DECISIONS: Final = 2
"""Decisions compared on one page: each costs up to ``MAX_SPLITS`` more resolutions of the board."""
MAX_WORK: Final = 600
"""Damage events resolved for the comparison of one page (each option resolves the whole board, whose
cost grows with its damage events): a board with 100 recipients gets 6 options, a small one all of
them (``MAX_DECISIONS`` × ``MAX_SPLITS``)."""
MAX_LINES: Final = 6_000
"""Lines (notes, changes and events over every stage) the options of one page may make, all resolutions
together. Each option resolves the whole board again, and on a board whose one resolution already writes
thousands of lines (24 effects on each of 100 creatures: about 8,000) even one more is past the page's
budget: the comparison is then left out, and the board's own choices still pick an order."""


def _event_size(document: Mapping[str, Any]) -> int:
    """How many damage events the board's event makes, roughly (recipients, or attack-blocker pairs)."""
    event = document.get("event") or {}
    size = len(event.get("damage") or [])
    for attack in event.get("attacks") or []:
        size += 1 + len(attack.get("blockers") or [])
    return max(size, 1)


def _resolution_lines(resolution: Resolution) -> int:
    """What one resolution writes: its notes, changes and events over every stage (the engine's work)."""
    return sum(
        len(stage.notes) + len(stage.changes) + len(stage.events)
        for step in resolution.steps
        for stage in step.stages
    )


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


def _candidates_by_recipient(resolution: Resolution) -> dict[str, tuple[int | str, ...]]:
    """CR 616.1: per affected object, the effects the engine found could apply to its damage (at the first
    120.4b stage that looked at it), in a stable order: effect indexes, then the object's own shields."""
    found: dict[str, tuple[int | str, ...]] = {}
    for step in resolution.steps:
        for stage in step.stages:
            if stage.stage != "120.4b":
                continue
            for affected, (considered, _applied) in stage.orders.items():
                if affected not in found:
                    found[affected] = tuple(sorted(considered, key=_candidate_key))
    return found


def _candidate_key(item: int | str) -> tuple[int, int, str]:
    return (1, 0, item) if isinstance(item, str) else (0, item, "")


def _order_label(item: int | str, effects: list[Any], names: Names) -> str:
    if item == "protection":
        return "プロテクション"
    if item == "shield_counter":
        return COUNTER_JA["shield"]
    if isinstance(item, int) and 0 <= item < len(effects):
        return str(effects[item].get("name") or effect_describe(effects[item], names))
    return str(item)


def choices_compare(
    *,
    document: Mapping[str, Any],
    assignment: tuple[dict[str, Any], dict[str, Any]] | None = None,
    scenario: Scenario | None = None,
    resolution: Resolution | None = None,
) -> list[dict[str, Any]]:
    """The decisions the rules give a player in this scenario, each option resolved by the engine.

    CR 616.1: the order in which the affected object's controller applies several replacement or
    prevention effects (the effects are those the engine reports at stage 120.4b); CR 615.7: which damage
    a shield prevents when several sources deal damage to its holder at once. Returns one entry per
    decision, with its options and their outcomes.

    Bounded whatever the board: at most :data:`MAX_DECISIONS` decisions, each with at most
    :data:`MAX_ORDERS` orders (taken lazily) or :data:`MAX_SPLITS` splits, and on a large board fewer
    (:data:`MAX_WORK`, but one decision with ``MAX_ORDERS`` options, unless a resolution of the board is
    so large that :data:`MAX_LINES` leaves room for fewer than two), so one page resolves the
    board at most ``MAX_DECISIONS × max(MAX_ORDERS, MAX_SPLITS)`` more times. A decision with more
    options than shown says so (``more``). ``scenario`` and ``resolution``: the engine's reading of
    ``document`` and its resolution, when the caller has them.
    """
    if scenario is None:
        try:
            scenario = parse_scenario(document)
        except ScenarioError:
            return []
    if resolution is None:
        resolution = resolve(scenario)
    effects = list(document.get("effects", []))
    incoming = _incoming(document, assignment)
    names = Names(document)
    choices = document.get("choices") or {}
    chosen_orders = choices.get("replacement_order") or {}
    chosen_allocation = choices.get("shield_allocation") or {}
    decisions: list[dict[str, Any]] = []
    # options the page may still resolve: by the event's size, and by what one resolution costs
    left = min(
        max(MAX_ORDERS, MAX_WORK // _event_size(document)), MAX_LINES // max(_resolution_lines(resolution), 1)
    )

    def resolve_variant(choices_now: Choices) -> dict[str, Any]:
        assert scenario is not None
        try:
            return resolve(replace(scenario, choices=choices_now)).to_dict()
        except (ScenarioError, AssignmentError) as error:
            return {"legal": False, "violations": [{"rule": "", "message": str(error)}]}

    base_orders = dict(scenario.choices.replacement_order)
    for recipient, candidates in _candidates_by_recipient(resolution).items():
        if len(decisions) >= MAX_DECISIONS or (left < 2 and decisions):
            break
        if len(candidates) < 2:
            continue
        unresolved = left < 2  # past the page's budget: the orders offered, their outcomes not compared
        options = []
        for order in islice(permutations(candidates), MAX_ORDERS if unresolved else min(MAX_ORDERS, left)):
            variant = replace(
                scenario.choices, replacement_order=FrozenMap({**base_orders, recipient: tuple(order)})
            )
            options.append(
                {
                    "value": ",".join(str(i) for i in order),
                    "labels": [_order_label(item, effects, names) for item in order],
                    "result": None if unresolved else resolve_variant(variant),
                    "chosen": [str(i) for i in chosen_orders.get(recipient, [])] == [str(i) for i in order],
                }
            )
        decisions.append(
            {
                "kind": "replacement_order",
                "rule": "616.1",
                "affected": recipient,
                "title": f"{names(recipient)}に適用する効果の順番",
                "options": options,
                "more": " ".join(
                    filter(
                        None,
                        [
                            TOO_LARGE_TO_COMPARE if unresolved else "",
                            _more_orders(len(candidates), len(options)),
                        ],
                    )
                ),
                "unresolved": unresolved,
            }
        )
        left -= len(options)
        if unresolved:
            break

    base_allocation = dict(scenario.choices.shield_allocation)
    for index, effect in enumerate(effects):
        if len(decisions) >= MAX_DECISIONS or left < 2:
            break
        if effect.get("type") != "prevent_next" or effect.get("amount", 0) <= 0:
            continue
        live = {s: a for s, a in incoming.get(effect.get("to"), {}).items() if a > 0}
        if len(live) < 2 or sum(live.values()) <= effect["amount"]:
            continue
        options = []
        every = _splits(effect["amount"], live)
        splits = every[:left]
        for split in splits:
            variant = replace(
                scenario.choices,
                shield_allocation=FrozenMap({**base_allocation, index: FrozenMap(split)}),
            )
            labels = [f"{names(s)}から{n}点" for s, n in split.items() if n]
            options.append(
                {
                    "value": ",".join(f"{s}:{n}" for s, n in split.items()),
                    "labels": labels,
                    "result": resolve_variant(variant),
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
                "more": f"ほかの分け方もあります(最初の{len(splits)}通りを並べています)。"
                if len(every) >= MAX_SPLITS or len(splits) < len(every)
                else "",
            }
        )
        left -= len(options)

    for decision in decisions:
        if decision.get("unresolved"):
            decision["differs"] = True  # not known: nothing was compared
        else:
            _mark_differences(decision, names)
    return decisions


TOO_LARGE_TO_COMPARE: Final = (
    "この盤面はとても大きいので、順番ごとの結果は並べて比べていません。"
    "順番を選ぶと、その順番で解決した結果を見られます。"
)


def _more_orders(candidates: int, shown: int) -> str:
    """The note under a decision whose orders are not all shown.

    >>> _more_orders(3, 6), _more_orders(4, 6)
    ('', '順番は全部で24通りあります(最初の6通りを並べています)。')
    """
    total = factorial(candidates)
    if total <= shown:
        return ""
    count = f"{total:,}通り" if candidates <= 12 else "とても多く"
    return f"順番は全部で{count}あります(最初の{shown}通りを並べています)。"


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
