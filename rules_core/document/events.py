"""``event`` (``scenario-format.md`` §§ 1.5, 6.2, 9, 10): the damage event — non-combat damage from one
source to several recipients (CR 120.2b), combat with its attacks, blocks and assignments (CR 506-510),
a ``destroy`` (701.8), a fight, bite or power damage (701.14) — and the changes between the two combat
damage steps (CR 510.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from ..model import evasion as ev
from ..model import protection as pr
from ..model import targets as tg
from ..model._frozen import FrozenMap
from ..model.state import COLORS, KEYWORDS, Source, sort_colors
from ..model.step_changes import CHANGE_TYPES, ENTERING, StepChange
from ..model.trigger_types import DELAYED_WHEN, END_STEP, DelayedTrigger
from .fields import (
    MAX_AMOUNT,
    MAX_ATTACKS,
    MAX_BLOCKERS,
    MAX_DAMAGE_ENTRIES,
    MAX_PERMANENTS,
    MAX_PT,
    Ids,
    as_bool,
    as_choice,
    as_choices,
    as_id,
    as_int,
    as_list,
    as_name,
    as_object,
    as_record,
    fail,
    int_at,
    known_keys,
)
from .scenario import (
    ASSIGNMENT_KEYS,
    Assignment,
    Attack,
    CombatEvent,
    DamageSpec,
    DestroyEvent,
    Event,
    NoncombatEvent,
    PowerDamageEvent,
)

_EVENT_TYPES = ("noncombat", "combat", "destroy", "fight", "bite", "power_damage")


def parse_event(raw: Any, path: str, ids: Ids) -> Event | None:
    """The damage event; ``None`` for no event yet (``{}``, ``null`` or no ``event`` key)."""
    if raw is None or (type(raw) is dict and not raw):
        return None
    obj = as_object(raw, path)
    if not obj:
        return None
    if "type" not in obj:
        raise fail(f"{path}.type", "必須の項目です(noncombat か combat)", "required (noncombat or combat)")
    kind = as_choice(obj["type"], f"{path}.type", _EVENT_TYPES)
    if kind == "noncombat":
        return _parse_noncombat(obj, path, ids)
    if kind == "destroy":
        return _parse_destroy(obj, path, ids)
    if kind in _POWER_EVENT_TYPES:
        return _parse_power_event(kind, obj, path, ids)
    return _parse_combat(obj, path, ids)


_SOURCE_KEYS = frozenset(("id", "name", "controller", "colors", "keywords", "types"))


_NONCOMBAT_KEYS = frozenset(
    (
        "type",
        "source",
        "damage",
        "excess_to",
        "cant_be_prevented",
        "cant_be_regenerated",
        "targets",
        "ward_paid",
        "in_response",
        "exile_if_dies",
        "delayed",
    )
)


_DELAYED_KEYS = frozenset(("when", "creature", "amount", "name", "controller", "made_by"))


def _parse_delayed(raw: Any, path: str, ids: Ids, *, combat: bool = False) -> DelayedTrigger | None:
    """``delayed``: "when that creature dies this turn, [this spell] deals N damage to that creature's
    controller" (CR 603.7a, 《灼熱の血》), or "at the beginning of the next end step, sacrifice it" (603.7a,
    513.1a, 701.21a)."""
    if raw is None:
        return None
    obj = as_record(raw, path, _DELAYED_KEYS, ("creature",))
    when = as_choice(obj.get("when", "dies"), f"{path}.when", DELAYED_WHEN)
    creature = ids.permanent(obj["creature"], f"{path}.creature")
    if not ids.permanents[creature].is_creature:
        raise fail(f"{path}.creature", "クリーチャーを指定してください", "must be a creature")
    if when != END_STEP:
        for key in ("controller", "made_by"):
            if key in obj:
                raise fail(
                    f"{path}.{key}",
                    f"{key} は「次の終了ステップの開始時に生け贄に捧げる」(when: end_step)にだけ指定できます",
                    "only for when: end_step",
                )
    if combat and when != END_STEP:
        raise fail(
            f"{path}.when",
            "戦闘に添えられる遅延誘発型能力は「次の終了ステップの開始時に生け贄に捧げる」(end_step)だけです",
            "a combat event takes only an end_step delayed trigger",
        )
    if combat and (obj.get("controller") is None or obj.get("made_by") is None):
        key = "controller" if obj.get("controller") is None else "made_by"
        raise fail(
            f"{path}.{key}",
            "戦闘の前に作られた遅延誘発型能力なので、コントローラー(controller)と作った呪文や能力(made_by)が必要です (603.7a)",
            "required on a combat event: the ability was made before combat",
        )
    if when == END_STEP:
        if "amount" in obj:
            raise fail(
                f"{path}.amount",
                "「次の終了ステップの開始時に生け贄に捧げる」能力には点数がありません",
                "the end step sacrifice has no amount",
            )
        amount = 0
    elif "amount" not in obj:
        raise fail(f"{path}.amount", "必須の項目です", "required")
    else:
        amount = as_int(obj["amount"], f"{path}.amount", 0, MAX_AMOUNT)
    return DelayedTrigger(
        creature=creature,
        amount=amount,
        when=when,
        name=as_name(obj.get("name"), f"{path}.name"),
        controller=None
        if obj.get("controller") is None
        else ids.player(obj["controller"], f"{path}.controller"),
        made_by=as_name(obj.get("made_by"), f"{path}.made_by"),
    )


_DAMAGE_KEYS = frozenset(("to", "amount"))


def _parse_source(raw_source: Any, path: str, ids: Ids) -> str | Source:
    """An event's ``source``: a permanent's id, or an inline spell or ability object."""
    if isinstance(raw_source, str):
        return ids.permanent(raw_source, path)
    sobj = as_record(raw_source, path, _SOURCE_KEYS, ("controller",))
    source_id = ids.new(sobj["id"], f"{path}.id") if sobj.get("id") is not None else None
    source = Source(
        id=source_id,
        controller=ids.player(sobj["controller"], f"{path}.controller"),
        name=as_name(sobj.get("name"), f"{path}.name"),
        colors=sort_colors(as_choices(sobj.get("colors", []), f"{path}.colors", COLORS)),
        keywords=frozenset(as_choices(sobj.get("keywords", []), f"{path}.keywords", KEYWORDS)),
        types=_source_types(sobj, path),
    )
    ids.source_id = source_id
    return source


def _source_types(sobj: Mapping[str, Any], path: str) -> tuple[str, ...]:
    """An inline source's card types (for protection from a card type, 702.16a)."""
    if not sobj.get("types"):
        if "types" in sobj:
            as_list(sobj["types"], f"{path}.types", len(pr.SOURCE_TYPES))
        return ()
    listed = as_choices(sobj["types"], f"{path}.types", pr.SOURCE_TYPES)
    return tuple(t for t in pr.SOURCE_TYPES if t in listed)


def _parse_noncombat(obj: Mapping[str, Any], path: str, ids: Ids) -> NoncombatEvent:
    known_keys(obj, path, _NONCOMBAT_KEYS, ("source", "damage"))
    source = _parse_source(obj["source"], f"{path}.source", ids)
    entries = as_list(obj["damage"], f"{path}.damage", MAX_DAMAGE_ENTRIES, min_len=1)
    damage: list[DamageSpec] = []
    seen: set[str] = set()
    for i, raw in enumerate(entries):
        dpath = f"{path}.damage[{i}]"
        dobj = as_record(raw, dpath, _DAMAGE_KEYS, ("to", "amount"))
        to = ids.object(dobj["to"], f"{dpath}.to")
        if to in seen:
            raise fail(f"{dpath}.to", f"同じ相手が2回指定されています: {to}", f"{to!r} is listed twice")
        seen.add(to)
        damage.append(DamageSpec(to=to, amount=as_int(dobj["amount"], f"{dpath}.amount", 0, MAX_AMOUNT)))
    excess_raw = obj.get("excess_to")
    excess_to: str | None
    if excess_raw is None:
        excess_to = None
    elif excess_raw == "controller":
        excess_to = "controller"
    else:
        excess_to = ids.object(excess_raw, f"{path}.excess_to")
    if obj.get("targets") or obj.get("ward_paid"):
        damage = _targeted(obj, path, damage, source, ids)
    else:
        for key in ("targets", "ward_paid"):
            if key in obj and obj[key] is not None:
                as_list(obj[key], f"{path}.{key}", MAX_DAMAGE_ENTRIES)
    responses = (
        _parse_in_response(obj["in_response"], f"{path}.in_response", ids)
        if obj.get("in_response") is not None
        else ()
    )
    return NoncombatEvent(
        source=source,
        damage=tuple(damage),
        excess_to=excess_to,
        cant_be_prevented=as_bool(obj.get("cant_be_prevented", False), f"{path}.cant_be_prevented"),
        cant_be_regenerated=as_bool(obj.get("cant_be_regenerated", False), f"{path}.cant_be_regenerated"),
        in_response=responses,
        targeted=bool(responses) or any(d.target for d in damage),
        exile_if_dies="exile_if_dies" in obj and as_bool(obj["exile_if_dies"], f"{path}.exile_if_dies"),
        delayed=None
        if obj.get("delayed") is None
        else _parse_delayed(obj["delayed"], f"{path}.delayed", ids),
    )


def _id_list(raw: Any, path: str, allowed: list[str], ja: str, en: str) -> list[str]:
    """A list of ids, each once, each among ``allowed``."""
    out: list[str] = []
    for i, value in enumerate(as_list(raw, path, MAX_DAMAGE_ENTRIES)):
        ident = as_id(value, f"{path}[{i}]")
        if ident not in allowed:
            raise fail(f"{path}[{i}]", f"{ja}: {ident}", en)
        if ident in out:
            raise fail(
                f"{path}[{i}]", f"同じ相手が2回指定されています: {ident}", f"{ident!r} is listed twice"
            )
        out.append(ident)
    return out


def _targeted(
    obj: Mapping[str, Any], path: str, damage: list[DamageSpec], source: str | Source, ids: Ids
) -> list[DamageSpec]:
    """``targets`` and ``ward_paid``: which recipients the spell or ability targets (CR 115.1), each legal as it
    is put on the stack (601.2c), and the targets whose ward cost was paid (702.21a)."""
    recipients = [d.to for d in damage]
    targets = _id_list(
        obj.get("targets") or [],
        f"{path}.targets",
        recipients,
        "ダメージを与える相手(damage の to)から選んでください",
        "a target must be one of the damage recipients",
    )
    spell = source if isinstance(source, Source) else Source.of(ids.permanents[source])
    paid = _legal_targets(obj, path, targets, spell, ids)
    return [
        replace(d, target=d.to in targets, ward_paid=d.to in paid) if d.to in targets else d for d in damage
    ]


def _legal_targets(
    obj: Mapping[str, Any], path: str, targets: list[str], spell: Source, ids: Ids, rule: str = "601.2c"
) -> list[str]:
    """Each of ``targets`` legal for ``spell`` as it is put on the stack (CR 601.2c; a triggered ability's,
    603.3d), refused at ``targets[i]``; returns ``ward_paid``, among the targets whose ward triggers
    (702.21a)."""
    teams = tuple(dict.fromkeys(ids.teams.values()))
    for i, to in enumerate(targets):
        recipient = ids.players[to] if to in ids.players else ids.permanents[to]
        why = tg.why_untargetable(recipient, spell, teams)
        if why is not None:
            reason_rule, reason = why
            raise fail(
                f"{path}.targets[{i}]",
                tg.untargetable_message(recipient.label, spell.label, reason_rule, reason, rule),
                "this spell or ability can't target it",
            )
    warded = [
        to
        for to in targets
        if tg.ward_triggers(ids.players[to] if to in ids.players else ids.permanents[to], spell, teams)
    ]
    if obj.get("ward_paid") is not None:  # {} or "" is a wrong type, not "none paid"
        as_list(obj["ward_paid"], f"{path}.ward_paid", MAX_DAMAGE_ENTRIES)
    return _id_list(
        obj.get("ward_paid") or [],
        f"{path}.ward_paid",
        warded,
        "護法が誘発するのは、護法を持つパーマネントが対戦相手の呪文や能力の対象になったときだけです。"
        "この相手には指定できません (702.21a)",
        "ward triggers only for a permanent with ward targeted by an opponent",
    )


MAX_RESPONSES: Final = 16


_RESPONSE_KEYS: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "gain_keyword": (frozenset(("type", "permanent", "keyword", "name")), ("permanent", "keyword")),
    "gain_protection": (frozenset(("type", "object", "from", "name")), ("object", "from")),
    "leave_battlefield": (frozenset(("type", "permanent", "zone", "name")), ("permanent",)),
}


def _parse_in_response(raw: Any, path: str, ids: Ids) -> tuple[tg.Response, ...]:
    """``in_response``: what changed while the spell or ability waited on the stack, in order (CR 608.2b)."""
    if raw is None:
        return ()
    out: list[tg.Response] = []
    for i, item in enumerate(as_list(raw, path, MAX_RESPONSES)):
        rpath = f"{path}[{i}]"
        obj = as_object(item, rpath)
        if "type" not in obj:
            raise fail(f"{rpath}.type", "必須の項目です", "required")
        kind = as_choice(obj["type"], f"{rpath}.type", tg.RESPONSE_TYPES)
        allowed, required = _RESPONSE_KEYS[kind]
        known_keys(obj, rpath, allowed, required)
        name = as_name(obj.get("name"), f"{rpath}.name")
        if kind == "gain_keyword":
            out.append(
                tg.Response(
                    kind,
                    ids.permanent(obj["permanent"], f"{rpath}.permanent"),
                    keyword=as_choice(obj["keyword"], f"{rpath}.keyword", KEYWORDS),
                    name=name,
                )
            )
        elif kind == "gain_protection":
            out.append(
                tg.Response(
                    kind,
                    ids.object(obj["object"], f"{rpath}.object"),
                    quality=as_choice(obj["from"], f"{rpath}.from", pr.QUALITIES),
                    name=name,
                )
            )
        else:
            zone = as_choice(obj.get("zone", "graveyard"), f"{rpath}.zone", tg.LEAVE_ZONES)
            out.append(
                tg.Response(kind, ids.permanent(obj["permanent"], f"{rpath}.permanent"), zone=zone, name=name)
            )
    return tuple(out)


_DESTROY_KEYS = frozenset(
    ("type", "source", "targets", "cant_be_regenerated", "targeted", "ward_paid", "in_response")
)


def _parse_destroy(obj: Mapping[str, Any], path: str, ids: Ids) -> DestroyEvent:
    """Extension: ``{"type": "destroy", "source", "targets", "cant_be_regenerated"}`` (CR 701.8a)."""
    known_keys(obj, path, _DESTROY_KEYS, ("source", "targets"))
    source = _parse_source(obj["source"], f"{path}.source", ids)
    targets: list[str] = []
    for i, raw in enumerate(as_list(obj["targets"], f"{path}.targets", MAX_PERMANENTS, min_len=1)):
        tpath = f"{path}.targets[{i}]"
        target = ids.permanent(raw, tpath)
        if target in targets:
            raise fail(
                tpath, f"同じパーマネントが2回指定されています: {target}", f"{target!r} is listed twice"
            )
        targets.append(target)
    targeted = "targeted" in obj and as_bool(obj["targeted"], f"{path}.targeted")
    paid: list[str] = []
    if targeted:  # 拡張 (§ 14.4): "destroy target creature" (CR 115.1, 601.2c)
        spell = source if isinstance(source, Source) else Source.of(ids.permanents[source])
        paid = _legal_targets(obj, path, targets, spell, ids)
    elif obj.get("ward_paid") is not None and as_list(obj["ward_paid"], f"{path}.ward_paid", MAX_PERMANENTS):
        raise fail(
            f"{path}.ward_paid",
            "対象をとらない破壊では護法は誘発しません。targeted を true にしてください (702.21a, 115.1)",
            "ward triggers only when the spell targets (targeted: true)",
        )
    return DestroyEvent(
        source=source,
        targets=tuple(targets),
        cant_be_regenerated=as_bool(obj.get("cant_be_regenerated", False), f"{path}.cant_be_regenerated"),
        targeted=targeted,
        ward_paid=tuple(paid),
        in_response=_parse_in_response(obj.get("in_response"), f"{path}.in_response", ids),
    )


_NO_ASSIGNMENT: Assignment = FrozenMap()


_COMBAT_KEYS = frozenset(("type", "attacks", "between_steps", "delayed", *ASSIGNMENT_KEYS))


_ATTACK_KEYS = frozenset(("attacker", "defender", "blockers", "blocked"))


_NO_BLOCKERS: Final[list[Any]] = []
"""An attack's ``blockers`` when the key is absent (only read)."""


def _parse_combat(obj: Mapping[str, Any], path: str, ids: Ids) -> CombatEvent:
    known_keys(obj, path, _COMBAT_KEYS, ("attacks",))
    raw_attacks = as_list(obj["attacks"], f"{path}.attacks", MAX_ATTACKS, min_len=1)
    attacks: list[Attack] = []
    attackers: set[str] = set()
    all_blockers: set[str] = set()
    blocks_made: dict[str, int] = {}
    for i, raw in enumerate(raw_attacks):
        apath = f"{path}.attacks[{i}]"
        aobj = as_record(raw, apath, _ATTACK_KEYS, ("attacker", "defender"))
        attacker_id = ids.permanent(aobj["attacker"], apath, "attacker")
        attacker = ids.permanents[attacker_id]
        if not attacker.is_creature:
            raise fail(
                f"{apath}.attacker",
                "クリーチャーでないパーマネントは攻撃できません",
                "only a creature can attack",
            )
        if attacker_id in attackers:
            raise fail(
                f"{apath}.attacker",
                f"同じクリーチャーが2回攻撃しています: {attacker_id}",
                f"{attacker_id!r} attacks twice",
            )
        if "defender" in attacker.keywords:  # only then can the check refuse (702.3b)
            refusal = ev.attack_refusal(attacker)
            if refusal is not None:
                raise fail(f"{apath}.attacker", refusal, "a creature with defender can't attack")
        attackers.add(attacker_id)
        defender_id = ids.object(aobj["defender"], apath, "defender")
        if defender_id in ids.players:
            defending_player = defender_id
        else:
            defender = ids.permanents[defender_id]
            if not (defender.is_planeswalker or defender.is_battle):
                raise fail(
                    f"{apath}.defender",
                    "攻撃できるのはプレイヤー、プレインズウォーカー、バトルだけです (506.1)",
                    "only a player, planeswalker or battle can be attacked",
                )
            defending_player = defender.defending_player
            if defender.is_planeswalker and not defender.is_battle:
                defending_player = defender.controller
        if ids.players[defending_player].left:
            raise fail(
                f"{apath}.defender",
                "ゲームから抜けたプレイヤーは攻撃できません (800.4a, 508.1b)",
                "a player who left the game can't be attacked",
            )
        if defending_player in ids.side(attacker.controller):
            raise fail(
                f"{apath}.defender",
                "自分自身や自分が守るパーマネントは攻撃できません (508.1b)",
                "a creature can't attack its controller or what its controller protects",
            )
        blockers_raw = aobj.get("blockers", _NO_BLOCKERS)
        if type(blockers_raw) is not list or len(blockers_raw) > MAX_BLOCKERS:
            blockers_raw = as_list(blockers_raw, f"{apath}.blockers", MAX_BLOCKERS)
        blockers: list[str] = []
        for j, braw in enumerate(blockers_raw):
            bpath = f"{apath}.blockers[{j}]"
            blocker_id = ids.permanent(braw, bpath)
            blocker = ids.permanents[blocker_id]
            if not blocker.is_creature:
                raise fail(
                    bpath, "クリーチャーでないパーマネントはブロックできません", "only a creature can block"
                )
            if blocker_id in blockers:
                raise fail(
                    bpath,
                    f"同じブロック・クリーチャーが2回指定されています: {blocker_id}",
                    f"{blocker_id!r} is listed twice",
                )
            if blocker.controller not in ids.side(defending_player):  # CR 805.10d: the defending team
                raise fail(
                    bpath,
                    "ブロックできるのは防御プレイヤーのクリーチャーだけです (509.1a)",
                    "only the defending player's creatures can block",
                )
            forbidden = pr.blocking_forbidden(attacker, blocker) if attacker.protection else None
            if forbidden is not None:
                raise fail(
                    bpath,
                    pr.cant_block_message(forbidden, lambda ident: ids.players[ident].label),
                    "an attacker with protection can't be blocked by creatures with that quality",
                )
            refusal = ev.block_refusal(attacker, blocker)
            if refusal is not None:
                raise fail(bpath, refusal, "a block restriction forbids this block (509.1b)")
            count = blocks_made.get(blocker_id, 0) + 1
            blocks_made[blocker_id] = count
            if count > 1:
                refusal = ev.blocks_count_refusal(blocker, count)
                if refusal is not None:
                    raise fail(bpath, refusal, "this creature can't block that many attackers (509.1a)")
            blockers.append(blocker_id)
        if blockers and (attacker.blocks is not None or "menace" in attacker.keywords):
            refusal = ev.blockers_count_refusal(attacker, len(blockers))
            if refusal is not None:
                raise fail(f"{apath}.blockers", refusal, "too few creatures block it (702.111b, 509.1b)")
        blocked_raw = aobj.get("blocked")
        blocked = bool(blockers) if blocked_raw is None else as_bool(blocked_raw, f"{apath}.blocked")
        if blockers and not blocked:
            raise fail(
                f"{apath}.blocked",
                "ブロック・クリーチャーがいるのにブロックされていないとはできません",
                "an attack with blockers is blocked",
            )
        all_blockers.update(blockers)
        attacks.append(Attack(attacker_id, defender_id, tuple(blockers), blocked))
    for attack in attacks:
        for blocker_id in attack.blockers:
            if blocker_id in attackers:
                raise fail(
                    f"{path}.attacks",
                    f"攻撃クリーチャーはブロックできません: {blocker_id}",
                    f"attacking creature {blocker_id!r} can't block",
                )
    between = _parse_between_steps(obj.get("between_steps"), f"{path}.between_steps", ids, attacks)
    attackers.update(c.creature for c in between if c.type in ("enter_attacking", "ninjutsu"))
    all_blockers.update(c.creature for c in between if c.type == "enter_blocking")

    def assignment(key: str, owners: set[str], owner_ja: str, owner_en: str) -> Assignment:
        if not obj.get(key) and type(obj.get(key, {})) is dict:
            return _NO_ASSIGNMENT
        apath = f"{path}.{key}"
        raw = as_object(obj.get(key, {}), apath)
        if len(raw) > MAX_ATTACKS + MAX_BLOCKERS:
            raise fail(apath, "項目が多すぎます", "too many entries")
        out: dict[str, FrozenMap[str, int]] = {}
        for creature, division in raw.items():
            cpath = f"{apath}.{creature}"
            ids.permanent(creature, cpath)
            if creature not in owners:
                raise fail(cpath, f"{owner_ja}ではありません: {creature}", f"{creature!r} is not {owner_en}")
            dobj = as_object(division, cpath)
            if len(dobj) > MAX_BLOCKERS + 2:
                raise fail(cpath, "項目が多すぎます", "too many entries")
            out[creature] = _division(dobj, cpath, ids)
        return FrozenMap(out)

    return CombatEvent(
        attacks=tuple(attacks),
        assignments=assignment("assignments", attackers, "攻撃クリーチャー", "an attacking creature"),
        blocker_assignments=assignment(
            "blocker_assignments", all_blockers, "ブロック・クリーチャー", "a blocking creature"
        ),
        second_step_assignments=assignment(
            "second_step_assignments", attackers, "攻撃クリーチャー", "an attacking creature"
        ),
        second_step_blocker_assignments=assignment(
            "second_step_blocker_assignments", all_blockers, "ブロック・クリーチャー", "a blocking creature"
        ),
        between_steps=between,
        delayed=None
        if obj.get("delayed") is None
        else _parse_delayed(obj["delayed"], f"{path}.delayed", ids, combat=True),
    )


def _division(obj: Mapping[str, Any], path: str, ids: Ids) -> FrozenMap[str, int]:
    """One creature's combat damage assignment ``{recipient id: amount}`` (recipients must exist)."""
    for to, amount in obj.items():
        if not (
            type(amount) is int and 0 <= amount <= MAX_AMOUNT and (to in ids.players or to in ids.permanents)
        ):
            break
    else:
        return FrozenMap(obj)
    return FrozenMap(
        (ids.object(to, f"{path}.{to}"), as_int(amount, f"{path}.{to}", 0, MAX_AMOUNT))
        for to, amount in obj.items()
    )


_POWER_EVENT_TYPES = ("fight", "bite", "power_damage")


_TARGETING_KEYS = ("spell", "targets", "ward_paid", "in_response")


_POWER_EVENT_KEYS = {
    "fight": (frozenset(("type", "name", "fighters", "gone", *_TARGETING_KEYS)), ("fighters",)),
    "bite": (
        frozenset(("type", "name", "source", "to", "gone", "excess_to", *_TARGETING_KEYS)),
        ("source", "to"),
    ),
    "power_damage": (frozenset(("type", "name", "sources", "to", "gone")), ("sources", "to")),
}


def _parse_power_event(kind: str, obj: Mapping[str, Any], path: str, ids: Ids) -> PowerDamageEvent:
    """``fight`` (CR 701.14), ``bite`` and ``power_damage``: damage equal to power from permanents."""
    allowed, required = _POWER_EVENT_KEYS[kind]
    known_keys(obj, path, allowed, required)
    pairs: list[tuple[str, str]]
    if kind == "fight":
        raw = as_list(obj["fighters"], f"{path}.fighters", 2, min_len=2)
        a, b = (ids.permanent(x, f"{path}.fighters[{i}]") for i, x in enumerate(raw))
        pairs = [(a, a)] if a == b else [(a, b), (b, a)]
    elif kind == "bite":
        pairs = [(ids.permanent(obj["source"], f"{path}.source"), ids.object(obj["to"], f"{path}.to"))]
    else:
        to = ids.object(obj["to"], f"{path}.to")
        raw = as_list(obj["sources"], f"{path}.sources", MAX_PERMANENTS, min_len=1)
        sources: list[str] = []
        for i, x in enumerate(raw):
            ident = ids.permanent(x, f"{path}.sources[{i}]")
            if ident in sources:
                raise fail(
                    f"{path}.sources[{i}]",
                    f"同じ発生源が2回指定されています: {ident}",
                    f"{ident!r} is listed twice",
                )
            sources.append(ident)
        pairs = [(x, to) for x in sources]
    involved = {x for pair in pairs for x in pair}
    gone: list[str] = []
    for i, x in enumerate(as_list(obj.get("gone", []), f"{path}.gone", MAX_PERMANENTS)):
        ident = ids.permanent(x, f"{path}.gone[{i}]")
        if ident not in involved:
            raise fail(
                f"{path}.gone[{i}]",
                f"このイベントのクリーチャーではありません: {ident}",
                f"{ident!r} is not in this event",
            )
        if ident not in gone:
            gone.append(ident)
    excess_to: str | None = None
    raw_excess = obj.get("excess_to")
    if raw_excess is not None:
        excess_to = (
            "controller" if raw_excess == "controller" else ids.object(raw_excess, f"{path}.excess_to")
        )
    name = as_name(obj.get("name"), f"{path}.name")
    event = PowerDamageEvent(kind, tuple(pairs), tuple(gone), excess_to, name)
    if obj.get("spell") is not None or any(obj.get(k) for k in _TARGETING_KEYS):
        event = _power_targets(obj, path, ids, event, list(dict.fromkeys(x for pair in pairs for x in pair)))
    else:
        for key in _TARGETING_KEYS[1:]:
            if obj.get(key) is not None:
                as_list(obj[key], f"{path}.{key}", MAX_DAMAGE_ENTRIES)
    return event


_SPELL_KEYS = frozenset(("name", "controller", "colors", "types"))


def _power_targets(
    obj: Mapping[str, Any], path: str, ids: Ids, event: PowerDamageEvent, involved: list[str]
) -> PowerDamageEvent:
    """拡張 (§ 14.4): a fight or bite spell's ``spell`` and ``targets`` (CR 115.1, 601.2c, 701.14a)."""
    if obj.get("spell") is None:  # only reached with a non-empty targets, ward_paid or in_response
        raise fail(
            f"{path}.spell",
            "対象や対応を指定するときは、格闘や噛みつきを指示する呪文(spell: コントローラー、色、カード・タイプ)が必要です",
            "required with targets, ward_paid or in_response",
        )
    sobj = as_record(obj["spell"], f"{path}.spell", _SPELL_KEYS, ("controller",))
    spell = Source(
        id=None,
        controller=ids.player(sobj["controller"], f"{path}.spell.controller"),
        name=as_name(sobj.get("name"), f"{path}.spell.name") or event.name,
        colors=sort_colors(as_choices(sobj.get("colors", []), f"{path}.spell.colors", COLORS)),
        types=_source_types(sobj, f"{path}.spell"),
    )
    if obj.get("targets") is not None:
        as_list(obj["targets"], f"{path}.targets", MAX_DAMAGE_ENTRIES)
    targets = _id_list(
        obj.get("targets") or [],
        f"{path}.targets",
        involved,
        "この格闘や噛みつきにかかわるもの(fighters、source、to)から選んでください",
        "a target must be one of the event's creatures or its recipient",
    )
    paid = _legal_targets(obj, path, targets, spell, ids)
    return replace(
        event,
        spell=spell,
        targets=tuple(targets),
        ward_paid=tuple(paid),
        in_response=_parse_in_response(obj.get("in_response"), f"{path}.in_response", ids),
    )


MAX_STEP_CHANGES: Final = 100


_STEP_CHANGE_KEYS: dict[str, frozenset[str]] = {
    "pump": frozenset(("type", "creature", "name", "power", "toughness")),
    "gain_keyword": frozenset(("type", "creature", "name", "keyword")),
    "lose_keyword": frozenset(("type", "creature", "name", "keyword")),
    "remove_from_combat": frozenset(("type", "creature", "name")),
    "destroy": frozenset(("type", "creature", "name")),
    "enter_attacking": frozenset(("type", "creature", "name", "defender")),
    "enter_blocking": frozenset(("type", "creature", "name", "blocking")),
    "damage": frozenset(("type", "source", "damage", "name")),
    "return_to_hand": frozenset(("type", "creature", "name")),
    "ninjutsu": frozenset(("type", "creature", "name", "returned")),
}


_STEP_CHANGE_REQUIRED: dict[str, tuple[str, ...]] = {
    "gain_keyword": ("keyword",),
    "lose_keyword": ("keyword",),
    "enter_attacking": ("defender",),
    "enter_blocking": ("blocking",),
    "ninjutsu": ("returned",),
}


_BETWEEN_SOURCE_KEYS = frozenset(("name", "controller", "colors", "keywords", "types"))


def _between_damage(obj: Mapping[str, Any], path: str, ids: Ids) -> StepChange:
    """``damage`` between the steps: a spell or ability dealing noncombat damage (CR 510.3, 120.2b). Its
    inline source has no ``id`` (the event's own source id belongs to a noncombat event)."""
    raw_source = obj["source"]
    if isinstance(raw_source, str):
        source: str | Source = ids.permanent(raw_source, f"{path}.source")
    else:
        sobj = as_record(raw_source, f"{path}.source", _BETWEEN_SOURCE_KEYS, ("controller",))
        source = Source(
            id=None,
            controller=ids.player(sobj["controller"], f"{path}.source.controller"),
            name=as_name(sobj.get("name"), f"{path}.source.name"),
            colors=sort_colors(as_choices(sobj.get("colors", []), f"{path}.source.colors", COLORS)),
            keywords=frozenset(as_choices(sobj.get("keywords", []), f"{path}.source.keywords", KEYWORDS)),
            types=_source_types(sobj, f"{path}.source"),
        )
    entries = as_list(obj["damage"], f"{path}.damage", MAX_DAMAGE_ENTRIES, min_len=1)
    damage: list[tuple[str, int]] = []
    for i, raw in enumerate(entries):
        dpath = f"{path}.damage[{i}]"
        dobj = as_record(raw, dpath, _DAMAGE_KEYS, ("to", "amount"))
        to = ids.object(dobj["to"], f"{dpath}.to")
        if any(to == seen for seen, _ in damage):
            raise fail(f"{dpath}.to", f"同じ相手が2回指定されています: {to}", f"{to!r} is listed twice")
        damage.append((to, as_int(dobj["amount"], f"{dpath}.amount", 0, MAX_AMOUNT)))
    return StepChange(
        "damage", "", source=source, damage=tuple(damage), name=as_name(obj.get("name"), f"{path}.name")
    )


def _parse_between_steps(raw: Any, path: str, ids: Ids, attacks: list[Attack]) -> tuple[StepChange, ...]:
    """``between_steps``: changes made between the two combat damage steps (CR 510.4). A creature that
    enters attacking or blocking is listed in ``permanents`` and is off the battlefield until then."""
    if raw is None:
        return ()
    items = as_list(raw, path, MAX_STEP_CHANGES)
    if not items:
        return ()
    in_combat = {a.attacker for a in attacks} | {b for a in attacks for b in a.blockers}
    if not any(
        ids.permanents[c].has("first_strike") or ids.permanents[c].has("double_strike") for c in in_combat
    ):
        raise fail(
            path,
            "先制攻撃か二段攻撃を持つクリーチャーが戦闘にいないので、戦闘ダメージ・ステップは1回だけです。"
            "ステップの間はありません (510.4)",
            "there is only one combat damage step, so nothing happens between steps",
        )
    out: list[StepChange] = []
    entered: set[str] = set()
    unblocked = {a.attacker for a in attacks if not a.blocked}
    attacking = set(unblocked)
    """Unblocked attackers still attacking: what ninjutsu may return (702.49a)."""
    hand: set[str] = set()
    """Creatures returned to their owner's hand by an earlier change."""
    for i, item in enumerate(items):
        cpath = f"{path}[{i}]"
        obj = as_object(item, cpath)
        if "type" not in obj:
            raise fail(f"{cpath}.type", "必須の項目です", "required")
        kind = as_choice(obj["type"], f"{cpath}.type", CHANGE_TYPES)
        if kind == "damage":
            known_keys(obj, cpath, _STEP_CHANGE_KEYS[kind], ("source", "damage"))
            out.append(_between_damage(obj, cpath, ids))
            continue
        known_keys(obj, cpath, _STEP_CHANGE_KEYS[kind], ("creature", *_STEP_CHANGE_REQUIRED.get(kind, ())))
        creature = ids.permanent(obj["creature"], f"{cpath}.creature")
        if not ids.permanents[creature].is_creature:
            raise fail(f"{cpath}.creature", "クリーチャーを指定してください", "must be a creature")
        name = as_name(obj.get("name"), f"{cpath}.name")
        if kind == "ninjutsu":
            returned = _ninjutsu_returned(obj, cpath, ids, creature, attacking, hand)
            attacking.discard(returned)
            hand.add(returned)
        if kind in ENTERING:
            if creature in hand:  # CR 400.7: returned to its hand earlier, it comes back as a new object
                hand.discard(creature)
            elif creature in in_combat or creature in entered:
                raise fail(
                    f"{cpath}.creature",
                    f"すでに戦闘にいるクリーチャーは戦場に出せません: {creature}",
                    "already in combat",
                )
            entered.add(creature)
            if kind != "enter_blocking":
                attacking.add(creature)
        if kind == "return_to_hand":
            if creature in hand:
                raise fail(
                    f"{cpath}.creature",
                    f"すでに手札に戻っています: {creature}",
                    "already returned to its owner's hand",
                )
            hand.add(creature)
            attacking.discard(creature)
            out.append(StepChange(kind, creature, name=name))
            continue
        if kind == "ninjutsu":
            out.append(StepChange(kind, creature, returned=returned, name=name))
            continue
        if kind == "pump":
            out.append(
                StepChange(
                    kind,
                    creature,
                    power=int_at(obj, "power", 0, cpath, -MAX_PT, MAX_PT),
                    toughness=int_at(obj, "toughness", 0, cpath, -MAX_PT, MAX_PT),
                    name=name,
                )
            )
        elif kind in ("gain_keyword", "lose_keyword"):
            keyword = as_choice(obj["keyword"], f"{cpath}.keyword", KEYWORDS)
            out.append(StepChange(kind, creature, keyword=keyword, name=name))
        elif kind == "enter_attacking":
            defender = ids.object(obj["defender"], f"{cpath}.defender")
            if defender in ids.permanents and not (
                ids.permanents[defender].is_planeswalker or ids.permanents[defender].is_battle
            ):
                raise fail(
                    f"{cpath}.defender",
                    "攻撃できるのはプレイヤー、プレインズウォーカー、バトルだけです (506.1)",
                    "only a player, planeswalker or battle can be attacked",
                )
            controller = ids.permanents[creature].controller
            defending = defender if defender in ids.players else ids.permanents[defender].defending_player
            if defending == controller:
                raise fail(
                    f"{cpath}.defender",
                    "自分自身や自分が守るパーマネントは攻撃できません (508.1b)",
                    "a creature can't attack its controller",
                )
            out.append(StepChange(kind, creature, defender=defender, name=name))
        elif kind == "enter_blocking":
            blocking = ids.permanent(obj["blocking"], f"{cpath}.blocking")
            if blocking not in {a.attacker for a in attacks}:
                raise fail(
                    f"{cpath}.blocking", "攻撃クリーチャーを指定してください", "must be an attacking creature"
                )
            out.append(StepChange(kind, creature, blocking=blocking, name=name))
        else:
            if creature not in in_combat and creature not in entered:
                raise fail(
                    f"{cpath}.creature",
                    f"戦闘にいないクリーチャーです: {creature}",
                    "not in combat",
                )
            attacking.discard(creature)
            out.append(StepChange(kind, creature, name=name))
    return tuple(out)


def _ninjutsu_returned(
    obj: Mapping[str, Any], path: str, ids: Ids, ninja: str, attacking: set[str], hand: set[str]
) -> str:
    """Ninjutsu's cost: "return an unblocked attacking creature you control" (CR 702.49a)."""
    returned = ids.permanent(obj["returned"], f"{path}.returned")
    if returned == ninja:
        raise fail(
            f"{path}.returned",
            "忍術は手札にあるカードの能力なので、そのカード自身を戻すことはできません (702.49a)",
            "the ninja is in its owner's hand, so it can't be the creature returned",
        )
    if returned not in attacking:
        raise fail(
            f"{path}.returned",
            "忍術で戻せるのは、ブロックされていない攻撃クリーチャーだけです (702.49a)",
            "ninjutsu returns an unblocked attacking creature",
        )
    if ids.permanents[returned].controller != ids.permanents[ninja].controller:
        raise fail(
            f"{path}.returned",
            "忍術で戻せるのは、自分がコントロールする攻撃クリーチャーだけです (702.49a)",
            "ninjutsu returns an attacking creature its controller controls",
        )
    return returned


def place_entrants(event: CombatEvent, ids: Ids, active_player: str) -> None:
    """A creature put onto the battlefield attacking or blocking between the steps is in its owner's hand
    until then (zone ``hand``); one entering attacking is the active player's (CR 508.4d: it attacks for them)."""
    returned: set[str] = set()
    for i, change in enumerate(event.between_steps):
        if change.type == "return_to_hand":
            returned.add(change.creature)
        if change.type not in ENTERING:
            continue
        permanent = ids.permanents[change.creature]
        if change.type != "enter_blocking" and permanent.controller != active_player:
            raise fail(
                f"event.between_steps[{i}].creature",
                "攻撃している状態で戦場に出るのはアクティブ・プレイヤーのクリーチャーです (508.4d)",
                "a creature entering attacking must be the active player's",
            )
        if change.returned is not None:
            returned.add(change.returned)
        if change.creature in returned:  # on the battlefield until an earlier change returned it
            returned.discard(change.creature)
            continue
        ids.permanents[change.creature] = replace(permanent, zone="hand")
