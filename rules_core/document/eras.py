"""拡張: the ``era`` part of the scenario document (``scenario-format.md`` § 12): a board under the rules of another era.

- ``"current"`` (the default): today's rules; the document parses exactly as without ``era``.
- ``"2009-2024"``: Magic 2010 to the rules file of 2024-08-02. Each blocked attacker has a damage
  assignment order (509.2), given as ``event.attacks[i].order`` (default: ``blockers`` as listed); a
  blocker's order among the attackers it blocks is the order of ``event.attacks`` (509.3). Checking,
  defaults and counting follow 510.1c-d of that file (:mod:`rules_core.combat.era_order`).
- ``"2007"``: the rules current as of February 1, 2007. The combat damage assignment goes on the stack
  (310.1); ``event.on_stack_actions`` lists what the players did before it resolved, and the damage is
  dealt as assigned (310.4a-c) (:mod:`rules_core.eras.era_2007`).

:func:`rules_core.engine.compare_eras` resolves one board under each era that applies to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from ..model._frozen import FrozenMap
from ..model.era_types import CURRENT, ERAS, ORDER_ERA, STACK_ERA, WINDOW_ACTIONS, EraSpec, WindowAction
from .fields import as_int, as_list, as_object, fail, refuse_unsafe
from .scenario import Attack, CombatEvent, Scenario

MAX_WINDOW_ACTIONS: Final = 16
_ACTION_KEYS: Final = FrozenMap(
    {
        "sacrifice": frozenset(("type", "creature", "gain_life", "name")),
        "pump": frozenset(("type", "creature", "power", "toughness", "name")),
        "destroy": frozenset(("type", "creature", "name")),
        "bounce": frozenset(("type", "creature", "name")),
        "damage": frozenset(("type", "source", "to", "amount", "name")),
        "effect": frozenset(("type", "effect")),
    }
)


@dataclass(frozen=True, slots=True)
class EraPart:
    """The era's own keys, taken out of a document before the rest is parsed (:func:`era_part`)."""

    name: str
    rest: Mapping[str, Any]
    """The document without ``era``, the attacks' ``order`` and ``on_stack_actions``; the effects the
    window's actions create are appended to its ``effects``, so they are parsed (their ids checked) with
    the board's."""
    orders: Mapping[int, Any]
    actions: tuple[tuple[Mapping[str, Any], int], ...]
    window_effects: int


def era_part(doc: Mapping[str, Any]) -> EraPart:
    """Take the era's keys out of ``doc`` (CR of each era: § 12); refuse the keys of another era."""
    era = doc["era"]
    if not isinstance(era, str) or era not in ERAS:
        raise fail("era", f"{' / '.join(ERAS)} のどれかで指定してください", f"must be one of {ERAS}")
    rest = {k: v for k, v in doc.items() if k != "era"}
    raw_event = rest.get("event")
    orders_raw: dict[int, Any] = {}
    actions_raw: list[Any] = []
    if isinstance(raw_event, Mapping):
        event_doc = dict(raw_event)
        attacks = event_doc.get("attacks")
        if isinstance(attacks, list):
            stripped = []
            for i, attack in enumerate(attacks):
                if isinstance(attack, Mapping) and "order" in attack:
                    orders_raw[i] = attack["order"]
                    attack = {k: v for k, v in attack.items() if k != "order"}
                stripped.append(attack)
            event_doc["attacks"] = stripped
        if "on_stack_actions" in event_doc:
            actions_raw = as_list(
                event_doc.pop("on_stack_actions"), "event.on_stack_actions", MAX_WINDOW_ACTIONS
            )
        rest["event"] = event_doc
    if orders_raw and era != ORDER_ERA:
        i = min(orders_raw)
        raise fail(
            f"event.attacks[{i}].order",
            "ダメージ割り振り順は era が 2009-2024 のときだけ指定できます(現在のルールにも2007年のルールにも"
            "割り振り順はありません)",
            'a damage assignment order exists only in era "2009-2024"',
        )
    if actions_raw and era != STACK_ERA:
        raise fail(
            "event.on_stack_actions",
            "戦闘ダメージがスタックに置かれている間の行動は era が 2007 のときだけ指定できます"
            "(2009年7月以降、戦闘ダメージはスタックを用いません)",
            'combat damage uses the stack only in era "2007"',
        )
    effect_docs = tuple((as_object(a, f"event.on_stack_actions[{i}]"), i) for i, a in enumerate(actions_raw))
    window_effects = [
        (obj["effect"], i) for obj, i in effect_docs if obj.get("type") == "effect" and "effect" in obj
    ]
    if window_effects:
        base = rest.get("effects", [])
        base_list = list(base) if isinstance(base, list) else base
        if isinstance(base_list, list):
            rest["effects"] = [*base_list, *(e for e, _i in window_effects)]
    return EraPart(era, rest, orders_raw, effect_docs, len(window_effects))


def with_era_part(scenario: Scenario, part: EraPart) -> Scenario:
    """The board parsed from ``part.rest`` under the era: the era's keys checked against it."""
    era = part.name
    if era == CURRENT:
        return scenario
    n_window = part.window_effects
    effects = scenario.effects
    window = effects[len(effects) - n_window :] if n_window else ()
    if n_window:
        scenario = replace(scenario, effects=effects[: len(effects) - n_window])
    event = scenario.event
    if era == ORDER_ERA and isinstance(event, CombatEvent):
        return _with_orders(scenario, event, part.orders)
    if era == STACK_ERA:
        if part.actions and not isinstance(event, CombatEvent):
            raise fail("event.on_stack_actions", "戦闘ダメージのある盤面で指定してください", "needs a combat")
        actions = _parse_actions(scenario, list(part.actions), list(window))
        if actions and isinstance(event, CombatEvent):
            strikers = [
                c
                for c in event.combatants
                if scenario.permanent(c).has("first_strike") or scenario.permanent(c).has("double_strike")
            ]
            if strikers:
                raise fail(
                    "event.on_stack_actions",
                    "先制攻撃か二段攻撃を持つクリーチャーがいる戦闘(戦闘ダメージ・ステップが2回)の2007年の窓には"
                    "対応していません",
                    "the 2007 window is not supported with first strike or double strike",
                )
        return replace(scenario, era=EraSpec(STACK_ERA, on_stack=actions))
    return replace(scenario, era=EraSpec(era))


def _with_orders(scenario: Scenario, event: Any, orders_raw: Mapping[int, Any]) -> Scenario:
    """509.2 (2024-08-02 file): each blocked attacker's order is a permutation of its blockers; the
    attack's ``blockers`` are put in that order, so every later rule reads the order from them."""
    attacks = list(event.attacks)
    orders: dict[str, tuple[str, ...]] = {}
    for i, raw in orders_raw.items():
        path = f"event.attacks[{i}].order"
        items = as_list(raw, path, 16)
        attack = attacks[i]
        if not all(isinstance(x, str) for x in items) or sorted(items) != sorted(attack.blockers):
            raise fail(
                path,
                f"ブロック・クリーチャー({', '.join(attack.blockers)})をそれぞれ1回ずつ、割り振る順に並べてください (509.2)",
                "must list each of the attack's blockers once",
            )
        order = tuple(items)
        orders[attack.attacker] = order
        attacks[i] = Attack(attack.attacker, attack.defender, order, attack.blocked)
    new_event = replace(event, attacks=tuple(attacks))
    return replace(scenario, event=new_event, era=EraSpec(ORDER_ERA, orders=FrozenMap(orders)))


def _parse_actions(
    scenario: Scenario, objs: list[tuple[Mapping[str, Any], int]], window: list[Any]
) -> tuple[WindowAction, ...]:
    out: list[WindowAction] = []
    effects = iter(window)
    ids = {p.id for p in scenario.permanents}
    players = {p.id for p in scenario.players}
    for obj, i in objs:
        path = f"event.on_stack_actions[{i}]"
        kind = obj.get("type")
        if not isinstance(kind, str) or kind not in WINDOW_ACTIONS:
            raise fail(
                f"{path}.type", f"{' / '.join(WINDOW_ACTIONS)} のどれかで指定してください", "unknown type"
            )
        unknown = sorted(k for k in obj if k not in _ACTION_KEYS[kind])
        if unknown:
            raise fail(f"{path}.{unknown[0]}", "この種類の行動には指定できない項目です", "unknown key")
        name = obj.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > 60):
            raise fail(f"{path}.name", "60文字以内の文字列で指定してください", "must be a short string")
        if name is not None:
            refuse_unsafe(name, f"{path}.name")
        if kind == "effect":
            if "effect" not in obj:
                raise fail(f"{path}.effect", "必須の項目です", "required")
            out.append(WindowAction("effect", effect=next(effects)))
            continue
        if kind == "damage":
            for key in ("source", "to", "amount"):
                if key not in obj:
                    raise fail(f"{path}.{key}", "必須の項目です", "required")
            if not isinstance(obj["source"], str) or obj["source"] not in ids:
                raise fail(f"{path}.source", "盤面のパーマネントのIDを指定してください", "unknown permanent")
            if not isinstance(obj["to"], str) or (obj["to"] not in ids and obj["to"] not in players):
                raise fail(f"{path}.to", "盤面のパーマネントかプレイヤーのIDを指定してください", "unknown id")
            out.append(
                WindowAction(
                    "damage",
                    source=obj["source"],
                    to=obj["to"],
                    amount=as_int(obj["amount"], f"{path}.amount", 0, 99),
                    name=name,
                )
            )
            continue
        creature = obj.get("creature")
        if not isinstance(creature, str) or creature not in ids:
            raise fail(f"{path}.creature", "盤面のクリーチャーのIDを指定してください", "unknown permanent")
        if not scenario.permanent(creature).is_creature:
            raise fail(f"{path}.creature", "クリーチャーを指定してください", "must be a creature")
        out.append(
            WindowAction(
                kind,
                creature=creature,
                power=as_int(obj.get("power", 0), f"{path}.power", -99, 99),
                toughness=as_int(obj.get("toughness", 0), f"{path}.toughness", -99, 99),
                gain_life=as_int(obj.get("gain_life", 0), f"{path}.gain_life", 0, 99),
                name=name,
            )
        )
    return tuple(out)


def with_era(scenario: Scenario, era: str) -> Scenario:
    """The same board under ``era``: a damage assignment order of 2009-2024 becomes the blockers as
    listed; the 2007 window's actions exist only in 2007 (in the other eras the board is the one
    before the window, with no actions)."""
    if era == CURRENT:
        return replace(scenario, era=None)
    if era == ORDER_ERA:
        keep = scenario.era.orders if scenario.era is not None else FrozenMap()
        return replace(scenario, era=EraSpec(ORDER_ERA, orders=keep))
    keep_actions = scenario.era.on_stack if scenario.era is not None else ()
    return replace(scenario, era=EraSpec(STACK_ERA, on_stack=keep_actions))


__all__ = ["EraPart", "era_part", "with_era", "with_era_part"]
