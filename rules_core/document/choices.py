"""``choices`` (``scenario-format.md`` § 1.6, 3.1): the order in which each affected object's
replacement and prevention effects apply (CR 616.1) and how a prevention shield splits among sources
(615.7).
"""

from __future__ import annotations

import re
from typing import Any

from ..model._frozen import FrozenMap
from ..model.effects import Effect, PreventNext
from .effects import is_counted_shield
from .fields import (
    MAX_AMOUNT,
    MAX_ATTACKS,
    MAX_BLOCKERS,
    Ids,
    as_id,
    as_int,
    as_list,
    as_name,
    as_object,
    as_record,
    fail,
    known_keys,
)
from .scenario import Choices, CounteredTrigger


def _effect_index(key: Any, path: str, effects: tuple[Effect, ...]) -> int:
    if isinstance(key, bool):
        raise fail(path, "効果の番号(0から)で指定してください", "must be an effect index")
    if isinstance(key, str):
        if not key.isdecimal() or not key.isascii() or len(key) > 6:
            raise fail(path, "効果の番号(0から)で指定してください", "must be an effect index")
        key = int(key)
    if not isinstance(key, int):
        raise fail(path, "効果の番号(0から)で指定してください", "must be an effect index")
    if not 0 <= key < len(effects):
        raise fail(path, f"存在しない効果の番号です: {key}", f"no effect with index {key}")
    return key


_NO_CHOICES = Choices()


_OWN_EFFECTS = ("protection", "shield_counter")
"""``replacement_order`` entries naming a permanent's own effects: its protection (702.16e), its shield
counters (122.1c)."""


def parse_choices(raw: Any, path: str, ids: Ids, effects: tuple[Effect, ...]) -> Choices:
    if type(raw) is dict and not raw:
        return _NO_CHOICES
    obj = as_object(raw, path)
    known_keys(obj, path, ("replacement_order", "shield_allocation", "countered_triggers"))
    order_raw = as_object(obj.get("replacement_order", {}), f"{path}.replacement_order")
    order: dict[str, tuple[int | str, ...]] = {}
    for affected, items in order_raw.items():
        opath = f"{path}.replacement_order.{affected}"
        ids.object(affected, opath)
        values = as_list(items, opath, len(effects) + len(_OWN_EFFECTS))
        seen: list[int | str] = []
        for i, item in enumerate(values):
            ipath = f"{opath}[{i}]"
            if isinstance(item, str) and item not in _OWN_EFFECTS:
                raise fail(
                    ipath,
                    '効果の番号(0から始まる整数)か "protection"、"shield_counter" で指定してください',
                    'must be an effect index, "protection" or "shield_counter"',
                )
            value: int | str = item if item in _OWN_EFFECTS else _effect_index(item, ipath, effects)
            if value in seen:
                raise fail(ipath, f"同じ効果が2回指定されています: {value}", f"{value!r} is listed twice")
            seen.append(value)
        order[affected] = tuple(seen)

    alloc_raw = as_object(obj.get("shield_allocation", {}), f"{path}.shield_allocation")
    allocation: dict[int, FrozenMap[str, int]] = {}
    for key, division in alloc_raw.items():
        apath = f"{path}.shield_allocation.{key}"
        index = _effect_index(key, apath, effects)
        if not (isinstance(effects[index], PreventNext) or is_counted_shield(effects[index])):
            raise fail(
                apath,
                "prevent_next(軽減の盾)か、amount を持つ prevent_and / redirect_damage の効果の番号を指定してください (615.7)",
                "must name a prevent_next effect",
            )
        dobj = as_object(division, apath)
        if len(dobj) > MAX_ATTACKS + MAX_BLOCKERS:
            raise fail(apath, "項目が多すぎます", "too many entries")
        allocation[index] = FrozenMap(
            (_source_key(source, f"{apath}.{source}", ids), as_int(n, f"{apath}.{source}", 0, MAX_AMOUNT))
            for source, n in dobj.items()
        )
    countered = (
        _countered(obj["countered_triggers"], f"{path}.countered_triggers", ids)
        if obj.get("countered_triggers") is not None
        else ()
    )
    return Choices(
        replacement_order=FrozenMap(order),
        shield_allocation=FrozenMap(allocation),
        countered_triggers=countered,
    )


MAX_COUNTERED = 200
"""As many as abilities may resolve after one event (``rules_core.events.triggers.MAX_RESOLUTIONS``)."""

_TRIGGER_ID = re.compile(r"t[1-9][0-9]{0,3}")
_COUNTERED_KEYS = frozenset(("trigger", "name", "controller"))


def _countered(raw: Any, path: str, ids: Ids) -> tuple[CounteredTrigger, ...]:
    """CR 701.6a (§ 16.5): each ability by the id the result gives it (``t1``, ``t2``… in trigger order)."""
    out: list[CounteredTrigger] = []
    for i, item in enumerate(as_list(raw, path, MAX_COUNTERED)):
        ipath = f"{path}[{i}]"
        obj = as_record(item, ipath, _COUNTERED_KEYS, ("trigger",))
        trigger = as_id(obj["trigger"], f"{ipath}.trigger")
        if not _TRIGGER_ID.fullmatch(trigger):
            raise fail(
                f"{ipath}.trigger",
                "誘発した能力のID(結果の t1、t2 …)で指定してください",
                "must be a triggered ability's id (t1, t2, …)",
            )
        controller = obj.get("controller")
        out.append(
            CounteredTrigger(
                trigger=trigger,
                name=as_name(obj.get("name"), f"{ipath}.name"),
                controller=None if controller is None else ids.player(controller, f"{ipath}.controller"),
            )
        )
    return tuple(out)


def _source_key(value: Any, path: str, ids: Ids) -> str:
    ident = as_id(value, path)
    if ident in ids.permanents or ident == ids.source_id:
        return ident
    raise fail(path, f"存在しない発生源のIDです: {ident}", f"no source with id {ident!r}")
