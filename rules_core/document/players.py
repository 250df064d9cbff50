"""``players`` and ``permanents`` (``scenario-format.md`` §§ 1.2, 1.3, 6.1, 7.4, 11): players and their
protection (CR 702.16j-k), permanents with their types, counters (122.1c), keywords and protection
(702.16), owners (108.3) and the Two-Headed Giant teams (CR 810.1, 810.4, 810.10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any, Final

from ..model import protection as pr
from ..model.block_types import ANY_NUMBER, BlockerFilter, BlockRules
from ..model.ja import canonical_subtype
from ..model.state import (
    COLORS,
    DAMAGEABLE_TYPES,
    OTHER_PERMANENT_TYPES,
    PERMANENT_KEYWORDS,
    Permanent,
    Player,
    sort_colors,
)
from .fields import (
    MAX_AMOUNT,
    MAX_ATTACKS,
    MAX_ID_LENGTH,
    MAX_LIFE,
    MAX_NAME_LENGTH,
    MAX_PT,
    MAX_SUBTYPES,
    MAX_TOXIC,
    Ids,
    as_bool,
    as_choice,
    as_int,
    as_list,
    as_name,
    as_record,
    as_str,
    choice_set_at,
    fail,
    int_at,
)
from .triggers import parse_triggers

BLOCK_RULE_KEYS: Final = (
    "cant_block",
    "cant_be_blocked",
    "cant_be_blocked_by",
    "cant_be_blocked_except_by",
    "min_blockers",
    "additional_blocks",
)
"""A permanent's block restrictions (``scenario-format.md`` § 13, CR 509.1a-b)."""

_PLAYER_KEYS = frozenset(("id", "name", "life", "poison", "protection", "left"))


_PERMANENT_KEYS = frozenset(
    (
        "id",
        "name",
        "controller",
        "protector",
        "types",
        "subtypes",
        "colors",
        "power",
        "toughness",
        "loyalty",
        "defense",
        "damage",
        "counters",
        "keywords",
        "toxic",
        "protection",
        "tapped",
        "may_assign_as_though_unblocked",
        "triggers",
        "owner",
        "ward",
        "token",
        *BLOCK_RULE_KEYS,
    )
)


_COUNTER_KEYS = frozenset(("+1/+1", "-1/-1", "shield"))


_PERMANENT_TYPES: Final = (*DAMAGEABLE_TYPES, *OTHER_PERMANENT_TYPES)


_DAMAGEABLE: Final = frozenset(DAMAGEABLE_TYPES)


_ROLE_KEYS = (
    ("power", "creature", "クリーチャー"),
    ("toughness", "creature", "クリーチャー"),
    ("loyalty", "planeswalker", "プレインズウォーカー"),
    ("defense", "battle", "バトル"),
)


def _type_table() -> dict[frozenset[str], tuple[tuple[str, ...], frozenset[str], frozenset[str]]]:
    """Each set of types a permanent may have (one damageable at least): the types in the format's order,
    the keys of :data:`_ROLE_KEYS` it needs and those it may not have. Worked out once, so a permanent's
    types are checked with a look-up and two set operations."""
    table = {}
    for n in range(1, len(_PERMANENT_TYPES) + 1):
        for combo in combinations(_PERMANENT_TYPES, n):
            if _DAMAGEABLE.isdisjoint(combo):
                continue
            needs = frozenset(key for key, kind, _ in _ROLE_KEYS if kind in combo)
            table[frozenset(combo)] = (combo, needs, frozenset(k for k, _, _ in _ROLE_KEYS) - needs)
    return table


_TYPES_OF: Final = _type_table()


_TYPE_SET: Final = frozenset(_PERMANENT_TYPES)


_COLOR_SET: Final = frozenset(COLORS)


_COLORS_IN_ORDER: Final = {frozenset(c): c for n in range(len(COLORS) + 1) for c in combinations(COLORS, n)}
"""Each set of colours in WUBRG order (what :func:`~rules_core.model.state.sort_colors` gives), looked up."""


_KEYWORD_SET: Final = frozenset(PERMANENT_KEYWORDS)


def parse_player(raw: Any, path: str, ids: Ids) -> Player:
    obj = as_record(raw, path, _PLAYER_KEYS, ("id",))
    life = obj.get("life", 20)
    poison = obj.get("poison", 0)
    # 拡張 ``left``: already left the game before the event (CR 800.4a); they lost (or conceded, 104.3a)
    departed = "left" in obj and as_bool(obj["left"], f"{path}.left")
    return Player(
        id=ids.new(obj["id"], path, "id"),
        name=as_name(obj["name"], f"{path}.name") if obj.get("name") is not None else None,
        life=life
        if type(life) is int and -MAX_LIFE <= life <= MAX_LIFE
        else as_int(life, f"{path}.life", -MAX_LIFE, MAX_LIFE),
        poison=poison
        if type(poison) is int and 0 <= poison <= MAX_AMOUNT
        else as_int(poison, f"{path}.poison", 0, MAX_AMOUNT),
        lost=departed,
        left=departed,
    )


def check_departed(ids: Ids, teams: Sequence[tuple[str, ...]]) -> None:
    """CR 800.4, 800.4a: a player may have left only a multiplayer game that goes on, and everything they
    owned or controlled left with them."""
    gone = [i for i, p in enumerate(ids.players.values()) if p.left]
    if not gone:
        return
    path = f"players[{gone[0]}].left"
    if teams:
        raise fail(
            path,
            "双頭巨人戦ではチームの2人が同時に敗北するので、ゲームが続いたまま抜けるプレイヤーはいません (810.8a)",
            "in Two-Headed Giant a team loses together: nobody leaves a game that goes on",
        )
    if len(ids.players) < 3 or len(ids.players) - len(gone) < 2:
        raise fail(
            path,
            "ゲームから抜けたあともゲームが続くのは、ほかに2人以上のプレイヤーが残っている多人数戦だけです (800.4)",
            "only a multiplayer game with two or more players left goes on after a player leaves",
        )
    for i, p in enumerate(ids.permanents.values()):
        for who in (p.controller, p.owned_by):
            if ids.players[who].left:
                raise fail(
                    f"permanents[{i}].{'controller' if who == p.controller else 'owner'}",
                    "ゲームから抜けたプレイヤーがオーナーやコントローラーであるパーマネントは、"
                    "そのプレイヤーとともにゲームを離れています (800.4a)",
                    "what a player who left owned or controlled left the game with them",
                )


def parse_permanent(raw: Any, path: str, ids: Ids) -> Permanent:
    # A board is read on every page: the common fields are checked inline, and a value that fails its
    # quick test goes to the validator that names the field (the path is built only then).
    obj = as_record(raw, path, _PERMANENT_KEYS, ("id", "controller", "types"))
    ident = ids.new(obj["id"], path, "id")
    controller = ids.player(obj["controller"], path, "controller")
    kinds = _TYPES_OF.get(choice_set_at(obj, "types", path, _PERMANENT_TYPES, _TYPE_SET))
    if kinds is None:
        raise fail(
            f"{path}.types",
            "creature、planeswalker、battle のうち1つ以上を指定してください",
            "must hold at least one of creature, planeswalker, battle",
        )
    types, needs, refuses = kinds
    is_creature = "creature" in types
    is_planeswalker = "planeswalker" in types
    is_battle = "battle" in types

    if not needs.issubset(obj) or not refuses.isdisjoint(obj):
        for key, kind, what in _ROLE_KEYS:
            present = kind in types
            if present and key not in obj:
                raise fail(f"{path}.{key}", f"{what}には必須の項目です", f"required for a {kind}")
            if not present and key in obj:
                raise fail(
                    f"{path}.{key}",
                    f"{what}でないパーマネントには指定できません",
                    f"only allowed for a {kind}",
                )
    if "protector" in obj and not is_battle:
        raise fail(
            f"{path}.protector", "バトルでないパーマネントには指定できません", "only allowed for a battle"
        )
    unblocked_key = "may_assign_as_though_unblocked"
    as_though_unblocked = unblocked_key in obj and as_bool(obj[unblocked_key], f"{path}.{unblocked_key}")
    if as_though_unblocked and not is_creature:
        raise fail(
            f"{path}.{unblocked_key}",
            "戦闘ダメージを割り振れるのはクリーチャーだけなので、クリーチャーでないパーマネントには指定できません (510.1)",
            "only allowed for a creature",
        )

    plus = minus = shield = 0
    if "counters" in obj:
        cpath = f"{path}.counters"
        counters = as_record(obj["counters"], cpath, _COUNTER_KEYS)
        plus = int_at(counters, "+1/+1", 0, cpath, 0, MAX_AMOUNT)
        minus = int_at(counters, "-1/-1", 0, cpath, 0, MAX_AMOUNT)
        if "shield" in counters:
            shield = int_at(counters, "shield", 0, cpath, 0, MAX_AMOUNT)

    subtypes: list[str] = []
    if obj.get("subtypes"):
        for i, s in enumerate(as_list(obj["subtypes"], f"{path}.subtypes", MAX_SUBTYPES)):
            value = canonical_subtype(as_str(s, f"{path}.subtypes[{i}]", MAX_ID_LENGTH))
            if value not in subtypes:
                subtypes.append(value)
    elif "subtypes" in obj:
        as_list(obj["subtypes"], f"{path}.subtypes", MAX_SUBTYPES)

    protection, after_blocks = _parse_protection(obj, path, ids) if "protection" in obj else _NO_PROTECTION
    # in the order the fields were always read, so a document with two bad fields names the same one
    name = obj.get("name")
    if name is not None and not (
        type(name) is str and 0 < len(name) <= MAX_NAME_LENGTH and name.isprintable()
    ):
        name = as_name(name, f"{path}.name")
    colors = _COLORS_IN_ORDER[choice_set_at(obj, "colors", path, COLORS, _COLOR_SET)]
    power = toughness = None
    if is_creature:
        power = obj["power"]
        if type(power) is not int or not -MAX_PT <= power <= MAX_PT:
            power = as_int(power, f"{path}.power", -MAX_PT, MAX_PT)
        toughness = obj["toughness"]
        if type(toughness) is not int or not -MAX_PT <= toughness <= MAX_PT:
            toughness = as_int(toughness, f"{path}.toughness", -MAX_PT, MAX_PT)
    damage = obj.get("damage", 0)
    if type(damage) is not int or not 0 <= damage <= MAX_AMOUNT:
        damage = as_int(damage, f"{path}.damage", 0, MAX_AMOUNT)
    keywords = choice_set_at(obj, "keywords", path, PERMANENT_KEYWORDS, _KEYWORD_SET)
    toxic = obj.get("toxic", 0)
    if type(toxic) is not int or not 0 <= toxic <= MAX_TOXIC:
        toxic = as_int(toxic, f"{path}.toxic", 0, MAX_TOXIC)
    return Permanent(
        id=ident,
        controller=controller,
        types=types,
        name=name,
        subtypes=tuple(subtypes),
        colors=colors,
        power=power,
        toughness=toughness,
        damage=damage,
        plus_counters=plus,
        minus_counters=minus,
        keywords=keywords,
        toxic=toxic,
        protection=protection,
        protection_after_blocks=after_blocks,
        loyalty=int_at(obj, "loyalty", 0, path, 0, MAX_AMOUNT) if is_planeswalker else None,
        defense=int_at(obj, "defense", 0, path, 0, MAX_AMOUNT) if is_battle else None,
        protector=(
            ids.player(obj["protector"], f"{path}.protector") if obj.get("protector") is not None else None
        ),
        shield_counters=shield,
        tapped=as_bool(obj["tapped"], f"{path}.tapped") if "tapped" in obj else False,
        may_assign_as_though_unblocked=as_though_unblocked,
        triggers=parse_triggers(obj["triggers"], f"{path}.triggers")
        if obj.get("triggers") is not None
        else (),
        owner=_owner(obj, path, controller, ids) if "owner" in obj else None,
        ward=_ward(obj, path) if obj.get("ward") is not None else None,
        token=as_bool(obj["token"], f"{path}.token") if "token" in obj else False,
        blocks=None if _BLOCK_RULE_KEYSET.isdisjoint(obj) else _block_rules(obj, path, is_creature),
    )


_BLOCK_RULE_KEYSET: Final = frozenset(BLOCK_RULE_KEYS)


_FILTER_KEYS: Final = frozenset(("keyword", "color", "type", "subtype", "power_at_most", "power_at_least"))


MAX_FILTERS: Final = 16


def _block_rules(obj: Mapping[str, Any], path: str, is_creature: bool) -> BlockRules | None:
    """§ 13: "can't block", "can't be blocked (by ..., except by ...)", "except by N or more", "can block
    additional creatures" (CR 509.1a-b); only a creature attacks and blocks (506.3, 509.1a)."""
    out: dict[str, Any] = {}
    for key in BLOCK_RULE_KEYS:
        if key not in obj or obj[key] is None:
            continue
        kpath = f"{path}.{key}"
        if not is_creature:
            raise fail(
                kpath,
                "攻撃やブロックをするのはクリーチャーだけなので、クリーチャーでないパーマネントには指定できません (506.3)",
                "only allowed for a creature",
            )
        value = obj[key]
        if key in ("cant_block", "cant_be_blocked"):
            out[key] = as_bool(value, kpath)
        elif key == "min_blockers":
            out[key] = as_int(value, kpath, 0, MAX_ATTACKS)
        elif key == "additional_blocks":
            out[key] = ANY_NUMBER if value == "any" else as_int(value, kpath, 0, MAX_ATTACKS)
        else:
            items = as_list(value, kpath, MAX_FILTERS)
            out[key] = tuple(_blocker_filter(item, f"{kpath}[{i}]") for i, item in enumerate(items))
    rules = BlockRules(**out)
    return None if rules == BlockRules() else rules


def _blocker_filter(raw: Any, path: str) -> BlockerFilter:
    """One quality of a blocker (:class:`~rules_core.model.block_types.BlockerFilter`): every key must hold."""
    obj = as_record(raw, path, _FILTER_KEYS)
    if not obj:
        raise fail(
            path,
            "keyword、color、type、subtype、power_at_most、power_at_least のうち1つ以上を指定してください",
            "give at least one condition",
        )
    return BlockerFilter(
        keyword=as_choice(obj["keyword"], f"{path}.keyword", PERMANENT_KEYWORDS)
        if "keyword" in obj
        else None,
        color=as_choice(obj["color"], f"{path}.color", COLORS) if "color" in obj else None,
        type=as_choice(obj["type"], f"{path}.type", _PERMANENT_TYPES) if "type" in obj else None,
        subtype=canonical_subtype(as_str(obj["subtype"], f"{path}.subtype", MAX_ID_LENGTH))
        if "subtype" in obj
        else None,
        power_at_most=int_at(obj, "power_at_most", 0, path, -MAX_PT, MAX_PT)
        if "power_at_most" in obj
        else None,
        power_at_least=(
            int_at(obj, "power_at_least", 0, path, -MAX_PT, MAX_PT) if "power_at_least" in obj else None
        ),
    )


MAX_WARD_COST: Final = 40


def _ward(obj: Mapping[str, Any], path: str) -> str:
    """``ward``: the cost of its ward ability as printed (CR 702.21a), e.g. 「{2}」."""
    return as_str(obj["ward"], f"{path}.ward", MAX_WARD_COST, what="護法のコスト")


_NO_PROTECTION: Final[tuple[tuple[str, ...], tuple[str, ...]]] = ((), ())


_PROTECTION_ENTRY_KEYS = frozenset(("from", "player", "subtype", "after_blocks"))


MAX_PROTECTION: Final = 64


def _parse_protection(
    obj: Mapping[str, Any], path: str, ids: Ids, *, player: bool = False
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``protection`` of a permanent or player: the qualities (:mod:`rules_core.model.protection`) and those
    gained after blockers were declared (509.1h)."""
    value = obj.get("protection")
    if value is None:
        return (), ()
    ppath = f"{path}.protection"
    if type(value) is list and all(type(v) is str and v in COLORS for v in value) and len(value) <= 20:
        return sort_colors(value), ()
    items = as_list(value, ppath, MAX_PROTECTION)
    qualities: list[str] = []
    late: list[str] = []
    early: list[str] = []
    for i, item in enumerate(items):
        ipath = f"{ppath}[{i}]"
        if isinstance(item, str):
            quality = as_choice(item, ipath, pr.QUALITIES)
            qualities.append(quality)
            early.append(quality)
            continue
        entry = as_record(item, ipath, _PROTECTION_ENTRY_KEYS)
        if sum(key in entry for key in ("from", "player", "subtype")) != 1:
            raise fail(
                ipath,
                "from(性質)、player(プレイヤーのID)、subtype(クリーチャー・タイプ)のどれか1つを指定してください "
                "(702.16a, 702.16k)",
                "give exactly one of from, player, subtype",
            )
        if "from" in entry:
            quality = as_choice(entry["from"], f"{ipath}.from", pr.QUALITIES)
        elif "subtype" in entry:
            quality = pr.subtype_quality(
                canonical_subtype(as_str(entry["subtype"], f"{ipath}.subtype", MAX_ID_LENGTH))
            )
        else:
            quality = pr.player_quality(ids.player(entry["player"], f"{ipath}.player"))
        if as_bool(entry.get("after_blocks", False), f"{ipath}.after_blocks"):
            if player:
                raise fail(
                    f"{ipath}.after_blocks",
                    "プレイヤーのプロテクションには指定できません(ブロックに関係するのはパーマネントだけです)",
                    "only for a permanent",
                )
            late.append(quality)
        else:
            early.append(quality)
        qualities.append(quality)
    ordered = pr.sort_qualities(qualities)
    # 702.16m: one instance from before blocks is enough for the restriction (509.1b).
    return ordered, tuple(q for q in ordered if q in late and q not in early)


def player_protection(raw_players: list[Any], ids: Ids) -> None:
    """Players' ``protection`` (702.16j, k), read once every player is known (protection from a player)."""
    for i, raw in enumerate(raw_players):
        if "protection" in raw and raw["protection"] is not None:  # each raw player passed as_record
            qualities, _late = _parse_protection(raw, f"players[{i}]", ids, player=True)
            player = ids.players[raw["id"]]
            ids.players[player.id] = replace(player, protection=qualities)


def _owner(obj: Mapping[str, Any], path: str, controller: str, ids: Ids) -> str | None:
    """``owner`` (CR 108.3): given only when someone else controls it; the same as the controller is None."""
    raw = obj.get("owner")
    if raw is None:
        return None
    owner = ids.player(raw, f"{path}.owner")
    return None if owner == controller else owner


VARIANTS: Final = ("two_headed_giant",)


def parse_teams(doc: Mapping[str, Any], ids: Ids) -> tuple[tuple[str, ...], ...]:
    """``variant: "two_headed_giant"`` with ``teams``: two teams of two players (CR 810.1), each team with
    one shared life total and shared poison counters (810.4, 810.10): both members carry the same values."""
    if doc.get("variant") is None:
        if doc.get("teams") is not None:
            raise fail(
                "teams",
                'teams は "variant": "two_headed_giant" と一緒に指定してください',
                "teams need a variant",
            )
        return ()
    as_choice(doc["variant"], "variant", VARIANTS)
    if "teams" not in doc:
        raise fail("teams", "双頭巨人戦では必須の項目です (810.1)", "required for two_headed_giant")
    raw = as_list(doc["teams"], "teams", 2, min_len=2)
    teams: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for i, team in enumerate(raw):
        members = as_list(team, f"teams[{i}]", 2, min_len=2)
        ids_ = tuple(ids.player(m, f"teams[{i}][{j}]") for j, m in enumerate(members))
        for j, m in enumerate(ids_):
            if m in seen:
                raise fail(
                    f"teams[{i}][{j}]", f"同じプレイヤーが2回指定されています: {m}", f"{m!r} is listed twice"
                )
            seen.add(m)
        teams.append(ids_)
    if len(ids.players) != 4:
        raise fail(
            "players", "双頭巨人戦は2人ずつ2チーム、4人のプレイヤーで行います (810.1)", "needs four players"
        )
    order = list(ids.players)
    for team in teams:
        a, b = (ids.players[m] for m in team)
        for key, ja in (("life", "ライフ"), ("poison", "毒カウンター")):
            if getattr(a, key) != getattr(b, key):
                raise fail(
                    f"players[{order.index(b.id)}].{key}",
                    f"双頭巨人戦ではチームの{ja}は共有です。チームの2人に同じ値を指定してください (810.4, 810.10)",
                    f"a team shares its {key}: give both members the same value",
                )
        for m in team:
            ids.teams[m] = team
    return tuple(teams)
