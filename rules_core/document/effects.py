"""``effects`` (``scenario-format.md`` §§ 1.4, 6, 7): the prevention and replacement effects that exist
before the event (CR 614, 615, 616), regeneration (614.8, 701.19), the life-total rules (119.7, 119.8),
redirection (614.9), prevention with additional effects (615.5) and the damage modifiers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..model.effects import (
    EFFECT_TYPES,
    EFFECTS2,
    AssignByToughness,
    CantBePrevented,
    CantBeRegenerated,
    ControlCondition,
    CounterMultiplier,
    DamageMultiplier,
    DamagePlus,
    Dealer,
    Effect,
    ExileInstead,
    LifeCantChange,
    LifeFloor,
    LifeGainMultiplier,
    NoCounters,
    NoLifeGain,
    NoLossForLife,
    PreventAll,
    PreventAllBut,
    PreventAnd,
    PreventFromColor,
    PreventHalf,
    PreventNext,
    PreventNextFromSource,
    PreventStatic,
    RedirectDamage,
    Regenerate,
    TargetFilter,
    TokenSpec,
)
from ..model.ja import canonical_subtype
from ..model.state import COLORS, DAMAGEABLE_TYPES, sort_colors
from .fields import (
    MAX_AMOUNT,
    MAX_FACTOR,
    MAX_ID_LENGTH,
    MAX_LIFE,
    MAX_PERMANENTS,
    Ids,
    as_bool,
    as_choice,
    as_choices,
    as_int,
    as_list,
    as_name,
    as_object,
    as_record,
    as_str,
    fail,
    known_keys,
)
from .scenario import CombatEvent

_EFFECT_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "prevent_next": (("to", "amount", "used"), ("to", "amount")),
    "prevent_next_from_source": (("source", "gain_life_to", "used"), ("source",)),
    "prevent_all": (("to", "from", "combat_only"), ()),
    "prevent_static": (("amount", "to", "to_filter"), ("amount",)),
    "prevent_from_color": (("color", "to", "next_only", "used", "source"), ("color", "to")),
    "damage_multiplier": (("factor", "from_controller", "to", "to_opponents_of"), ("factor",)),
    "life_gain_multiplier": (("player", "factor"), ("player", "factor")),
    "no_life_gain": (("player",), ()),
    "life_floor": (("player", "floor", "if_controls_creature", "condition", "if_life_at_least"), ("player",)),
    "no_counters": (("on",), ("on",)),
    "counter_multiplier": (("factor", "by_controller", "on_controlled_by"), ("factor",)),
    "cant_be_prevented": (("from", "from_controller", "combat_only"), ()),
    "regenerate": (("on", "static", "used"), ("on",)),
    "cant_be_regenerated": (("on",), ()),
    "life_cant_change": (("player",), ("player",)),
    "no_loss_for_life": (("player", "damage_as_infect"), ("player",)),
    "assign_by_toughness": (("controller",), ()),
    "redirect_damage": (("from", "to", "and_permanents", "amount", "source", "used"), ("from", "to")),
    "prevent_and": (("to", "then", "amount", "source", "dealer", "player", "used"), ("to", "then")),
    "damage_plus": (("amount", "from_controller", "source_color", "to_opponents", "to"), ("amount",)),
    "prevent_half": (("player",), ("player",)),
    "prevent_all_but": (("to", "source", "leave", "used"), ("to", "source")),
    "exile_instead": (("controller", "creatures", "nontoken", "opponents", "token", "on"), ("controller",)),
}


_EFFECT_KINDS = tuple(EFFECT_TYPES)


_EFFECT_ALLOWED = {kind: frozenset(("type", "name", *allowed)) for kind, (allowed, _) in _EFFECT_KEYS.items()}


_EFFECTS2_KINDS = frozenset(cls.type for cls in EFFECTS2)


def parse_effect(raw: Any, path: str, ids: Ids) -> Effect:
    obj = as_object(raw, path)
    if "type" not in obj:
        raise fail(f"{path}.type", "必須の項目です", "required")
    kind = as_choice(obj["type"], f"{path}.type", _EFFECT_KINDS)
    known_keys(obj, path, _EFFECT_ALLOWED[kind], _EFFECT_KEYS[kind][1])
    name = as_name(obj.get("name"), f"{path}.name")

    def opt(key: str, parse: Callable[[Any, str], Any]) -> Any:
        value = obj.get(key)
        return None if value is None else parse(value, f"{path}.{key}")

    def flag(key: str) -> bool:
        return as_bool(obj.get(key, False), f"{path}.{key}")

    def amount(key: str, lo: int = 0, hi: int = MAX_AMOUNT) -> int:
        return as_int(obj[key], f"{path}.{key}", lo, hi)

    if kind in _EFFECTS2_KINDS:
        return _parse_effect2(kind, obj, path, ids, name)
    if kind == "exile_instead":
        return _parse_exile_instead(obj, path, ids, name)

    if kind == "prevent_next":
        return PreventNext(
            to=ids.object(obj["to"], f"{path}.to"), amount=amount("amount"), used=flag("used"), name=name
        )
    if kind == "prevent_next_from_source":
        return PreventNextFromSource(
            source=ids.source(obj["source"], f"{path}.source"),
            gain_life_to=opt("gain_life_to", ids.player),
            used=flag("used"),
            name=name,
        )
    if kind == "prevent_all":
        return PreventAll(
            to=opt("to", ids.object),
            from_=opt("from", ids.source),
            combat_only=flag("combat_only"),
            name=name,
        )
    if kind == "prevent_static":
        if obj.get("to") is not None and obj.get("to_filter") is not None:
            raise fail(
                f"{path}.to_filter", "to と to_filter は同時に指定できません", "give either to or to_filter"
            )
        return PreventStatic(
            amount=amount("amount"),
            to=opt("to", ids.object),
            to_filter=opt("to_filter", lambda v, p: _parse_filter(v, p, ids)),
            name=name,
        )
    if kind == "prevent_from_color":
        return PreventFromColor(
            color=as_choice(obj["color"], f"{path}.color", COLORS),
            to=ids.object(obj["to"], f"{path}.to"),
            next_only=flag("next_only"),
            used=flag("used"),
            name=name,
            source=opt("source", ids.source),
        )
    if kind == "damage_multiplier":
        return DamageMultiplier(
            factor=amount("factor", 1, MAX_FACTOR),
            from_controller=opt("from_controller", ids.player),
            to=opt("to", ids.object),
            to_opponents_of=opt("to_opponents_of", ids.player),
            name=name,
        )
    if kind == "life_gain_multiplier":
        return LifeGainMultiplier(
            player=ids.player(obj["player"], f"{path}.player"),
            factor=amount("factor", 1, MAX_FACTOR),
            name=name,
        )
    if kind == "no_life_gain":
        return NoLifeGain(player=opt("player", ids.player), name=name)
    if kind == "life_floor":
        floor = as_int(obj.get("floor", 1), f"{path}.floor", -MAX_LIFE, MAX_LIFE)
        condition = None
        if obj.get("condition") is not None:
            if flag("if_controls_creature"):
                raise fail(
                    f"{path}.condition",
                    "if_controls_creature と condition は同時に指定できません",
                    "give either if_controls_creature or condition",
                )
            condition = _parse_condition(obj["condition"], f"{path}.condition")
        at_least = obj.get("if_life_at_least")
        return LifeFloor(
            player=ids.player(obj["player"], f"{path}.player"),
            floor=floor,
            if_controls_creature=flag("if_controls_creature"),
            name=name,
            condition=condition,
            if_life_at_least=None
            if at_least is None
            else as_int(at_least, f"{path}.if_life_at_least", -MAX_LIFE, MAX_LIFE),
        )
    if kind in _NEW_EFFECT_PARSERS:
        return _NEW_EFFECT_PARSERS[kind](obj, path, ids, name)
    if kind == "no_counters":
        return NoCounters(on=ids.object(obj["on"], f"{path}.on"), name=name)
    if kind == "assign_by_toughness":
        return AssignByToughness(controller=opt("controller", ids.player), name=name)
    if kind == "counter_multiplier":
        return CounterMultiplier(
            factor=amount("factor", 1, MAX_FACTOR),
            by_controller=opt("by_controller", ids.player),
            name=name,
            on_controlled_by=opt("on_controlled_by", ids.player),
        )
    return CantBePrevented(
        from_=opt("from", ids.source),
        from_controller=opt("from_controller", ids.player),
        combat_only=flag("combat_only"),
        name=name,
    )


def _parse_filter(raw: Any, path: str, ids: Ids) -> TargetFilter:
    obj = as_object(raw, path)
    known_keys(obj, path, ("controller", "subtype", "types"))
    types = as_choices(obj.get("types", []), f"{path}.types", DAMAGEABLE_TYPES)
    return TargetFilter(
        controller=ids.player(obj["controller"], f"{path}.controller")
        if obj.get("controller") is not None
        else None,
        subtype=canonical_subtype(as_str(obj["subtype"], f"{path}.subtype", MAX_ID_LENGTH))
        if obj.get("subtype") is not None
        else None,
        types=tuple(t for t in DAMAGEABLE_TYPES if t in types),
    )


_CONDITION_KEYS = frozenset(("controls", "at_least"))


_CONTROLS_KEYS = frozenset(("types", "subtype", "colors"))


def _parse_condition(raw: Any, path: str) -> ControlCondition:
    """``life_floor.condition``: ``{"controls": {"types", "subtype", "colors"}, "at_least": n}``."""
    obj = as_record(raw, path, _CONDITION_KEYS, ("controls",))
    cpath = f"{path}.controls"
    controls = as_record(obj["controls"], cpath, _CONTROLS_KEYS)
    types = as_choices(controls.get("types", []), f"{cpath}.types", DAMAGEABLE_TYPES)
    subtype = controls.get("subtype")
    return ControlCondition(
        types=tuple(t for t in DAMAGEABLE_TYPES if t in types),
        subtype=None
        if subtype is None
        else canonical_subtype(as_str(subtype, f"{cpath}.subtype", MAX_ID_LENGTH)),
        colors=sort_colors(as_choices(controls.get("colors", []), f"{cpath}.colors", COLORS)),
        at_least=as_int(obj.get("at_least", 1), f"{path}.at_least", 1, MAX_PERMANENTS),
    )


def _parse_regenerate(obj: Mapping[str, Any], path: str, ids: Ids, name: str | None) -> Effect:
    on = ids.permanent(obj["on"], f"{path}.on")
    static = as_bool(obj.get("static", False), f"{path}.static")
    used = as_bool(obj.get("used", False), f"{path}.used")
    if static and used:
        raise fail(
            f"{path}.used",
            "常在型能力による再生(static)は使い切られません。used は指定できません (701.19b)",
            "a static regeneration is never used up",
        )
    return Regenerate(on=on, static=static, used=used, name=name)


def _parse_cant_be_regenerated(obj: Mapping[str, Any], path: str, ids: Ids, name: str | None) -> Effect:
    on = None if obj.get("on") is None else ids.permanent(obj["on"], f"{path}.on")
    return CantBeRegenerated(on=on, name=name)


def _parse_life_cant_change(obj: Mapping[str, Any], path: str, ids: Ids, name: str | None) -> Effect:
    return LifeCantChange(player=ids.player(obj["player"], f"{path}.player"), name=name)


def _parse_no_loss_for_life(obj: Mapping[str, Any], path: str, ids: Ids, name: str | None) -> Effect:
    return NoLossForLife(
        player=ids.player(obj["player"], f"{path}.player"),
        damage_as_infect=as_bool(obj.get("damage_as_infect", False), f"{path}.damage_as_infect"),
        name=name,
    )


_PREVENT_THEN = ("plus_counters", "minus_counters", "deal_damage", "draw", "remove_plus_counters")


_DEALER_KEYS = frozenset(("name", "controller", "colors"))


def _parse_effect2(kind: str, obj: Mapping[str, Any], path: str, ids: Ids, name: str | None) -> Effect:
    """The effect kinds of :data:`rules_core.model.effects.EFFECTS2` (keys already checked)."""

    def opt(key: str, parse: Callable[[Any, str], Any]) -> Any:
        value = obj.get(key)
        return None if value is None else parse(value, f"{path}.{key}")

    def flag(key: str) -> bool:
        return as_bool(obj.get(key, False), f"{path}.{key}")

    def count(key: str, lo: int = 0) -> int | None:
        value = obj.get(key)
        return None if value is None else as_int(value, f"{path}.{key}", lo, MAX_AMOUNT)

    if kind == "redirect_damage":
        origin = ids.object(obj["from"], f"{path}.from")
        target = ids.object(obj["to"], f"{path}.to")
        if target == origin:
            raise fail(
                f"{path}.to",
                "移し替え先は from と別のものを指定してください (614.9)",
                "to must differ from from",
            )
        and_permanents = flag("and_permanents")
        if and_permanents and origin not in ids.players:
            raise fail(
                f"{path}.and_permanents",
                "from がプレイヤーのときだけ指定できます(そのプレイヤーのパーマネントも含める)",
                "only when from is a player",
            )
        return RedirectDamage(
            from_=origin,
            to=target,
            and_permanents=and_permanents,
            amount=count("amount"),
            source=opt("source", ids.source),
            used=flag("used"),
            name=name,
        )
    if kind == "prevent_and":
        then = as_choice(obj["then"], f"{path}.then", _PREVENT_THEN)
        to = ids.object(obj["to"], f"{path}.to")
        if then in ("plus_counters", "minus_counters", "remove_plus_counters") and to not in ids.permanents:
            raise fail(
                f"{path}.to",
                "カウンターを置く効果では to にパーマネントを指定してください",
                "must be a permanent",
            )
        dealer: Dealer | None = None
        if then == "deal_damage":
            if obj.get("dealer") is None:
                raise fail(
                    f"{path}.dealer",
                    "then が deal_damage のときは必須の項目です(ダメージを与える発生源)",
                    "required for deal_damage",
                )
            dpath = f"{path}.dealer"
            dobj = as_record(obj["dealer"], dpath, _DEALER_KEYS, ("controller",))
            dealer = Dealer(
                controller=ids.player(dobj["controller"], f"{dpath}.controller"),
                name=as_name(dobj.get("name"), f"{dpath}.name"),
                colors=sort_colors(as_choices(dobj.get("colors", []), f"{dpath}.colors", COLORS)),
            )
        elif obj.get("dealer") is not None:
            raise fail(f"{path}.dealer", "then が deal_damage のときだけ指定できます", "only for deal_damage")
        if obj.get("player") is not None and then != "draw":
            raise fail(f"{path}.player", "then が draw のときだけ指定できます", "only for draw")
        amount = count("amount")
        source = opt("source", ids.source)
        if amount is not None and source is not None:
            raise fail(
                f"{path}.source",
                "amount(次のN点)と source(その発生源からの次のダメージ)は同時に指定できません",
                "give either amount or source",
            )
        return PreventAnd(
            to=to,
            then=then,
            amount=amount,
            source=source,
            dealer=dealer,
            player=opt("player", ids.player),
            used=flag("used"),
            name=name,
        )
    if kind == "damage_plus":
        to_opponents = flag("to_opponents")
        from_controller = opt("from_controller", ids.player)
        if to_opponents and from_controller is None:
            raise fail(
                f"{path}.from_controller",
                "to_opponents を指定するときは必須の項目です(誰の対戦相手か)",
                "required with to_opponents",
            )
        return DamagePlus(
            amount=as_int(obj["amount"], f"{path}.amount", 1, MAX_AMOUNT),
            from_controller=from_controller,
            source_color=opt("source_color", lambda v, p: as_choice(v, p, COLORS)),
            to_opponents=to_opponents,
            to=opt("to", ids.object),
            name=name,
        )
    if kind == "prevent_half":
        return PreventHalf(player=ids.player(obj["player"], f"{path}.player"), name=name)
    return PreventAllBut(
        to=ids.player(obj["to"], f"{path}.to"),
        source=ids.permanent(obj["source"], f"{path}.source"),
        leave=as_int(obj.get("leave", 1), f"{path}.leave", 0, MAX_AMOUNT),
        used=flag("used"),
        name=name,
    )


_NEW_EFFECT_PARSERS: dict[str, Callable[[Mapping[str, Any], str, Ids, str | None], Effect]] = {
    "regenerate": _parse_regenerate,
    "cant_be_regenerated": _parse_cant_be_regenerated,
    "life_cant_change": _parse_life_cant_change,
    "no_loss_for_life": _parse_no_loss_for_life,
}


def check_unblocked_choices(effects: tuple[Effect, ...], event: CombatEvent) -> None:
    """Forcefield chooses an unblocked creature (609.7b rechecks it; 509.1h: being blocked doesn't change
    during the combat damage step): a ``prevent_all_but`` source must not be a blocked attacker."""
    for i, effect in enumerate(effects):
        if isinstance(effect, PreventAllBut):
            attack = event.attack_of(effect.source)
            if attack is not None and attack.blocked:
                raise fail(
                    f"effects[{i}].source",
                    f"ブロックされたクリーチャーは選べません(ブロックされていないクリーチャーを選ぶ効果です): {effect.source}",
                    "must be an unblocked creature",
                )


def is_counted_shield(effect: Effect) -> bool:
    """A ``prevent_and`` or ``redirect_damage`` with ``amount``: a shield whose damage the player chooses (615.7)."""
    return isinstance(effect, PreventAnd | RedirectDamage) and effect.amount is not None


_TOKEN_KEYS = frozenset(("name", "power", "toughness", "colors", "subtypes"))

MAX_TOKEN_PT = 1000


def _parse_exile_instead(obj: Mapping[str, Any], path: str, ids: Ids, name: str | None) -> ExileInstead:
    """CR 614.6 (§ 16.1): "if it would be put into a graveyard (would die), exile it instead"."""
    token: TokenSpec | None = None
    if obj.get("token") is not None:
        tpath = f"{path}.token"
        raw = as_record(obj["token"], tpath, _TOKEN_KEYS, ("power", "toughness"))
        subtypes: list[str] = []
        for i, s in enumerate(as_list(raw.get("subtypes", []), f"{tpath}.subtypes", 20)):
            value = as_str(s, f"{tpath}.subtypes[{i}]", MAX_ID_LENGTH)
            if value not in subtypes:
                subtypes.append(value)
        token = TokenSpec(
            power=as_int(raw["power"], f"{tpath}.power", 0, MAX_TOKEN_PT),
            toughness=as_int(raw["toughness"], f"{tpath}.toughness", 1, MAX_TOKEN_PT),
            name=as_name(raw.get("name"), f"{tpath}.name"),
            colors=sort_colors(as_choices(raw.get("colors", []), f"{tpath}.colors", COLORS)),
            subtypes=tuple(subtypes),
        )
    on: list[str] = []
    if obj.get("on") is not None:
        for i, ident in enumerate(as_list(obj["on"], f"{path}.on", MAX_PERMANENTS, min_len=1)):
            pid = ids.permanent(ident, f"{path}.on[{i}]")
            if pid not in on:
                on.append(pid)
    return ExileInstead(
        on=tuple(on),
        controller=ids.player(obj["controller"], f"{path}.controller"),
        creatures=as_bool(obj.get("creatures", False), f"{path}.creatures"),
        nontoken=as_bool(obj.get("nontoken", False), f"{path}.nontoken"),
        opponents=as_bool(obj.get("opponents", False), f"{path}.opponents"),
        token=token,
        name=name,
    )
