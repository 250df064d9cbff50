"""A permanent's ``triggers`` (``scenario-format.md`` § 8.1): triggered abilities (CR 603) from the
engine's vocabulary; the players and permanents their effects name are checked once the whole board is
known.
"""

from __future__ import annotations

from typing import Any, Final

from ..model import targets as tg
from ..model import trigger_types as tt
from ..model.state import Permanent, Source
from ..model.trigger_types import Trigger, TriggerEffect
from .fields import (
    MAX_AMOUNT,
    Ids,
    as_bool,
    as_choice,
    as_id,
    as_int,
    as_list,
    as_name,
    as_object,
    as_record,
    fail,
    known_keys,
)

MAX_TRIGGERS_PER_PERMANENT: Final = 8


_TRIGGER_KEYS = frozenset(
    ("when", "damage", "recipient", "watch", "name", "effect", "each_counter", "counter")
)


_TRIGGER_EFFECT_KEYS: dict[str, frozenset[str]] = {
    "gain_life": frozenset(("type", "amount", "player")),
    "lose_life": frozenset(("type", "amount", "player")),
    "counters": frozenset(("type", "amount", "kind", "on")),
    "damage": frozenset(("type", "amount", "to", "target", "ward_paid")),
}


_DAMAGE_WHEN = ("deals_damage", "dealt_damage", "excess_damage")


def parse_triggers(raw: Any, path: str) -> tuple[Trigger, ...]:
    """A permanent's ``triggers`` (CR 603): ids in effects are checked once every permanent is known."""
    items = as_list(raw, path, MAX_TRIGGERS_PER_PERMANENT)
    return tuple(_parse_trigger(item, f"{path}[{i}]") for i, item in enumerate(items))


def _parse_trigger(raw: Any, path: str) -> Trigger:
    obj = as_record(raw, path, _TRIGGER_KEYS, ("when", "effect"))
    when = as_choice(obj["when"], f"{path}.when", tt.WHEN)
    damage = as_choice(obj.get("damage", "any"), f"{path}.damage", tt.DAMAGE_KINDS)
    if damage != "any" and when not in _DAMAGE_WHEN:
        raise fail(
            f"{path}.damage",
            "damage はダメージで誘発する能力(deals_damage、dealt_damage、excess_damage)にだけ指定できます",
            "only for damage triggers",
        )
    recipient = as_choice(obj.get("recipient", "any"), f"{path}.recipient", tt.RECIPIENT_KINDS)
    if recipient != "any" and when != "deals_damage":
        raise fail(
            f"{path}.recipient", "recipient は deals_damage にだけ指定できます", "only for deals_damage"
        )
    watch = as_choice(obj.get("watch", tt.SELF), f"{path}.watch", tt.WATCH)
    if "watch" in obj and when not in tt.WATCHING_OTHERS:
        raise fail(
            f"{path}.watch",
            "watch は damage_prevented、excess_damage、dealt_damage、dies にだけ指定できます",
            "only for damage_prevented, excess_damage, dealt_damage and dies",
        )
    each_counter = as_bool(obj.get("each_counter", False), f"{path}.each_counter")
    if "each_counter" in obj and when != "counters_removed":
        raise fail(
            f"{path}.each_counter",
            "each_counter は counters_removed にだけ指定できます",
            "only for counters_removed",
        )
    counter = as_choice(obj.get("counter", "+1/+1"), f"{path}.counter", tt.REMOVED_KINDS)
    if "counter" in obj and when != "counters_removed":
        raise fail(
            f"{path}.counter", "counter は counters_removed にだけ指定できます", "only for counters_removed"
        )
    epath = f"{path}.effect"
    eobj = as_object(obj["effect"], epath)
    if "type" not in eobj:
        raise fail(f"{epath}.type", "必須の項目です", "required")
    kind = as_choice(eobj["type"], f"{epath}.type", tt.EFFECT_KINDS)
    known_keys(eobj, epath, _TRIGGER_EFFECT_KEYS[kind])
    amount_raw = eobj.get("amount", 1)
    amount: int | str
    if amount_raw == tt.THAT_MUCH:
        if when == "dies":
            raise fail(
                f"{epath}.amount",
                "「死亡したとき」の能力には「その点数」がありません。数で指定してください",
                "a dies trigger has no amount to refer to",
            )
        amount = tt.THAT_MUCH
    else:
        amount = as_int(amount_raw, f"{epath}.amount", 0, MAX_AMOUNT)
    fields: dict[str, Any] = {}
    if kind in ("gain_life", "lose_life"):
        fields["player"] = as_id(eobj.get("player", tt.CONTROLLER), f"{epath}.player")
        if fields["player"] == tt.EACH_OPPONENT and kind == "gain_life":
            raise fail(f"{epath}.player", "gain_life には each_opponent は使えません", "not for gain_life")
    elif kind == "counters":
        fields["kind"] = as_choice(eobj.get("kind", "+1/+1"), f"{epath}.kind", tt.COUNTER_KINDS)
        fields["on"] = as_id(eobj.get("on", tt.SELF), f"{epath}.on")
    else:
        fields["to"] = as_id(eobj.get("to", tt.CONTROLLER), f"{epath}.to")
        if fields["to"] == tt.ITS_CONTROLLER and not (when in ("dealt_damage", "dies") and watch != tt.SELF):
            raise fail(
                f"{epath}.to",
                "its_controller(そのクリーチャーのコントローラー)は、ほかのクリーチャーを見張る dealt_damage か "
                "dies の能力にだけ指定できます",
                "only for a dealt_damage or dies trigger that watches others",
            )
        fields["target"] = as_bool(eobj.get("target", False), f"{epath}.target")
        fields["ward_paid"] = as_bool(eobj.get("ward_paid", False), f"{epath}.ward_paid")
        if fields["target"] and fields["to"] in (tt.CONTROLLER, tt.ITS_CONTROLLER):
            raise fail(
                f"{epath}.target",
                "対象をとるのは、to にプレイヤーかパーマネントの id を指定したときだけです (115.1)",
                "only a player or permanent id can be a target",
            )
        if fields["ward_paid"] and not fields["target"]:
            raise fail(
                f"{epath}.ward_paid",
                "護法は対象になったときだけ誘発します。target を true にしてください (702.21a)",
                "ward triggers only for a target (target: true)",
            )
    return Trigger(
        when=when,
        effect=TriggerEffect(type=kind, amount=amount, **fields),
        damage=damage,
        recipient=recipient,
        watch=watch,
        name=as_name(obj.get("name"), f"{path}.name"),
        each_counter=each_counter,
        counter=counter,
    )


def check_trigger_ids(ids: Ids) -> None:
    """The players and permanents a trigger's effect names must exist (``"controller"``, ``"self"``,
    ``"each_opponent"`` are words, not ids)."""
    words = {tt.CONTROLLER, tt.SELF, tt.EACH_OPPONENT, tt.ITS_CONTROLLER}
    for i, permanent in enumerate(ids.permanents.values()):
        if not permanent.triggers:
            continue
        for j, trigger in enumerate(permanent.triggers):
            effect = trigger.effect
            epath = f"permanents[{i}].triggers[{j}].effect"
            if effect.type in ("gain_life", "lose_life") and effect.player not in words:
                ids.player(effect.player, f"{epath}.player")
            elif effect.type == "counters" and effect.on != tt.SELF:
                ids.permanent(effect.on, f"{epath}.on")
            elif effect.type == "damage" and effect.to not in (tt.CONTROLLER, tt.ITS_CONTROLLER):
                ids.object(effect.to, f"{epath}.to")
                if effect.target:
                    _check_trigger_target(ids, permanent, effect, epath)


def _check_trigger_target(ids: Ids, permanent: Permanent, effect: TriggerEffect, epath: str) -> None:
    """拡張 (§ 14.4): a triggered ability's target is chosen as it is put on the stack (CR 603.3d) and must be
    legal for an ability of this source (702.11b, 702.16b, 702.18a); ``ward_paid`` only where ward triggers."""
    teams = tuple(dict.fromkeys(ids.teams.values()))
    target = ids.players[effect.to] if effect.to in ids.players else ids.permanents[effect.to]
    source = Source.of(permanent)
    why = tg.why_untargetable(target, source, teams)
    if why is not None:
        rule, reason = why
        raise fail(
            f"{epath}.to",
            tg.untargetable_message(target.label, f"{permanent.label}の誘発型能力", rule, reason, "603.3d"),
            "this ability can't target it",
        )
    if effect.ward_paid and not tg.ward_triggers(target, source, teams):
        raise fail(
            f"{epath}.ward_paid",
            "護法が誘発するのは、護法を持つパーマネントが対戦相手の呪文や能力の対象になったときだけです。"
            "この能力の対象には指定できません (702.21a)",
            "ward triggers only for a permanent with ward targeted by an opponent",
        )
