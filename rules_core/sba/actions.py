"""CR 704: state-based actions, checked until none applies; each round all at once (CR 704.3).

Implemented: 704.5a (life 0 or less), 704.5c (ten or more poison counters),
704.5f (toughness 0 or less, even if indestructible), 704.5g (lethal damage,
unless indestructible: 702.12b), 704.5h (deathtouch damage since the last
check, unless indestructible), 704.5i (loyalty 0), 704.5q (+1/+1 and -1/-1
counters annihilate), 704.5v (defense 0, unless the battle's own triggered ability is waiting or on the
stack: a defeated Siege, CR 310.11b).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ..model._fast import fast_frozen
from ..model._frozen import FrozenMap
from ..model.effects import ExileInstead
from ..model.state import GameState, Permanent, Player, evolve, evolve_player
from ..model.trace import Change
from .guard import DestructionGuard
from .zones import ZoneRules, create_tokens, to_graveyard

MAX_ROUNDS = 100

_DESTRUCTION = frozenset(("704.5g", "704.5h"))
"""The state-based actions that destroy (CR 701.8b) and so can be replaced by regeneration."""


@fast_frozen
@dataclass(frozen=True, slots=True)
class SbaRound:
    """One check of state-based actions that did something (CR 704.3)."""

    number: int
    rules: tuple[str, ...]
    notes: tuple[str, ...]
    changes: tuple[Change, ...]


_NOT_CHECKED_TYPES: Final = frozenset(("creature", "artifact", "enchantment"))
"""Types 704.5 has no check of its own for (a planeswalker's loyalty and a battle's defense have one)."""


def _add(rules: list[str], rule: str) -> None:
    if rule not in rules:
        rules.append(rule)


def check_state_based_actions(
    state: GameState,
    guard: DestructionGuard | None = None,
    spared: Mapping[str, str] | None = None,
    *,
    keep_battles: frozenset[str] = frozenset(),
    zones: ZoneRules | None = None,
) -> tuple[GameState, list[SbaRound], list[str]]:
    """Perform state-based actions until none applies.

    ``zones``: what replaces a move to a graveyard (:mod:`rules_core.sba.zones`; None: nothing).
    ``keep_battles``: battles that are the source of a triggered ability that has triggered and not
    yet left the stack (a defeated Siege's, CR 310.11b); 704.5v leaves them on the battlefield.

    Returns the new state, the rounds that did something, and notes about what
    did *not* happen that a learner expects (indestructible survivors).
    ``guard`` replaces destruction by 704.5g/704.5h (regeneration, :mod:`rules_core.damage.shields`);
    the players in ``spared`` (with the effect's label) don't lose for having 0 or less life
    (:mod:`rules_core.damage.life`).

    >>> from rules_core.model.state import Player, Permanent, GameState
    >>> bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2, damage=3)
    >>> state, rounds, _ = check_state_based_actions(GameState((Player("B"),), (bear,)))
    >>> state.permanent("bear").zone, rounds[0].rules
    ('graveyard', ('704.5g',))
    """
    rounds: list[SbaRound] = []
    remarks: list[str] = []
    told: set[str] = set()
    for number in range(1, MAX_ROUNDS + 1):
        state, done = _one_round(state, number, remarks, told, guard, spared or {}, keep_battles, zones)
        if done is None:
            break
        rounds.append(done)
    return state, rounds, remarks


def _one_round(
    state: GameState,
    number: int,
    remarks: list[str],
    told: set[str],
    guard: DestructionGuard | None,
    spared: Mapping[str, str],
    keep_battles: frozenset[str],
    zones: ZoneRules | None,
) -> tuple[GameState, SbaRound | None]:
    rules: list[str] = []
    notes: list[str] = []
    changes: list[Change] = []
    new_players: dict[str, Player] = {}
    for player in state.players:
        if player.lost:
            continue
        why: list[str] = []
        if state.teams:  # Two-Headed Giant: the team's shared totals (CR 810.8a, 810.8c-d, 704.6b)
            why.extend(_team_loss(state, player, notes, remarks, told, spared))
        elif player.life <= 0 and player.id in spared:
            if player.id + "a" not in told:
                told.add(player.id + "a")
                remarks.append(
                    f"{player.label}のライフは{player.life}点だが、{spared[player.id]}により、ライフが0点以下で"
                    "あることではゲームに敗北しません (704.5a, 104.3b)。"
                )
        elif player.life <= 0:
            why.append("704.5a")
            notes.append(f"{player.label}のライフは{player.life}点なので、ゲームに敗北します (704.5a)。")
        if not state.teams and player.poison >= 10:
            why.append("704.5c")
            notes.append(
                f"{player.label}は毒カウンターを{player.poison}個持っているので、ゲームに敗北します (704.5c)。"
            )
        if why:
            for r in why:
                _add(rules, r)
            new_players[player.id] = evolve_player(player, lost=True)
            changes.append(Change(player.id, "lost", False, True, why[0], FrozenMap({"rules": tuple(why)})))

    new_perms: dict[str, Permanent] = {}
    cleared: dict[str, Permanent] = {}
    tokens: list[tuple[str, ExileInstead]] = []
    for p in state.permanents:
        if not p.on_battlefield:
            continue
        if (
            not (p.damage or p.deathtouch_damaged or p.minus_counters)
            and (p.toughness or 0) + p.plus_counters > 0
            and _NOT_CHECKED_TYPES.issuperset(p.types)
        ):
            continue  # no damage, toughness above 0, no counters to cancel: nothing of 704.5 applies to it
        why = []
        mark = len(notes)
        if p.is_creature:
            label = p.sized()
            t = p.current_toughness
            indestructible = p.has("indestructible")
            if t <= 0:
                why.append("704.5f")
                notes.append(
                    f"{label}はタフネスが{t}なので、オーナーの墓地に置かれます (704.5f)。"
                    + ("破壊不能でも墓地に置かれます。" if indestructible else "")
                )
            else:
                if p.damage > 0 and p.damage >= t:
                    if indestructible:
                        if p.id + "g" not in told:
                            told.add(p.id + "g")
                            remarks.append(
                                f"{label}は致死ダメージを負っているが、破壊不能なので破壊されません "
                                "(704.5g, 702.12b)。"
                            )
                    else:
                        why.append("704.5g")
                        notes.append(
                            f"{label}が負っているダメージ({p.damage}点)がタフネス({t})以上なので、"
                            "致死ダメージを受けていて、破壊されます (704.5g)。"
                        )
                if p.deathtouch_damaged:
                    if indestructible:
                        if p.id + "h" not in told:
                            told.add(p.id + "h")
                            remarks.append(
                                f"{label}は接死を持つ発生源からダメージを受けたが、破壊不能なので"
                                "破壊されません (704.5h, 702.12b)。"
                            )
                    else:
                        why.append("704.5h")
                        notes.append(
                            f"{label}は前回の状況起因処理以降に接死を持つ発生源からダメージを受けたので、"
                            "破壊されます (704.5h)。"
                        )
        if p.is_planeswalker and (p.loyalty or 0) <= 0:
            why.append("704.5i")
            notes.append(f"{p.label}は忠誠度が0なので、オーナーの墓地に置かれます (704.5i)。")
        if p.is_battle and (p.defense or 0) <= 0 and p.id in keep_battles:
            if p.id + "v" not in told:
                told.add(p.id + "v")
                remarks.append(
                    f"{p.label}は守備値が0だが、その最後の守備カウンターが取り除かれたときに誘発した能力が"
                    "まだスタックを離れていないので、墓地には置かれません (704.5v, 310.11b)。"
                )
        elif p.is_battle and (p.defense or 0) <= 0:
            why.append("704.5v")
            notes.append(f"{p.label}は守備値が0なので、オーナーの墓地に置かれます (704.5v)。")
        if why and guard is not None and set(why) <= _DESTRUCTION:
            # CR 704.5g, 704.5h: destruction, which regeneration can replace (not 704.5f, 704.5i, 704.5v).
            reason = (
                "致死ダメージを負っているので破壊される"
                if "704.5g" in why
                else "接死を持つ発生源からダメージを受けたので破壊される"
            )
            kept, more_notes, more_changes, more_rules = guard.destroy(
                state, p, by_effect=False, reason=reason
            )
            if kept is not None:
                del notes[mark:]
                for r in (*why, *more_rules):
                    _add(rules, r)
                notes.extend(more_notes)
                changes.extend(more_changes)
                new_perms[p.id] = kept
                continue
            notes.extend(more_notes)
            for r in (*why, *more_rules):
                _add(rules, r)
        if why:
            for r in why:
                _add(rules, r)
            if zones is not None:  # Rest in Peace, Kalitas: exiled instead (614.6)
                moved = to_graveyard(state, p, why[0], why, zones)
                new_perms[p.id] = moved.permanent
                changes.append(moved.change)
                notes.extend(moved.notes)
                for r in moved.rules:
                    _add(rules, r)
                tokens.extend(moved.tokens)
                continue
            new_perms[p.id] = evolve(p, zone="graveyard", deathtouch_damaged=False)
            changes.append(
                Change(p.id, "zone", "battlefield", "graveyard", why[0], FrozenMap({"rules": tuple(why)}))
            )
            continue
        if p.plus_counters and p.minus_counters:
            n = min(p.plus_counters, p.minus_counters)
            q = evolve(
                p,
                plus_counters=p.plus_counters - n,
                minus_counters=p.minus_counters - n,
                deathtouch_damaged=False,
            )
            _add(rules, "704.5q")
            notes.append(f"{p.label}の上の+1/+1カウンターと-1/-1カウンターを{n}個ずつ取り除きます (704.5q)。")
            changes.append(Change(p.id, "counters.+1/+1", p.plus_counters, q.plus_counters, "704.5q"))
            changes.append(Change(p.id, "counters.-1/-1", p.minus_counters, q.minus_counters, "704.5q"))
            new_perms[p.id] = q
            continue
        if p.deathtouch_damaged:
            # CR 704.5h looks only at damage since the last check: the check has now happened.
            cleared[p.id] = evolve(p, deathtouch_damaged=False)

    state = state.replaced(players=new_players, permanents={**cleared, **new_perms})
    if tokens:
        state, made = create_tokens(state, tokens)
        changes.extend(made)
    if not changes:
        return state, None
    return state, SbaRound(number, tuple(rules), tuple(notes), tuple(changes))


def _team_loss(
    state: GameState,
    player: Player,
    notes: list[str],
    remarks: list[str],
    told: set[str],
    spared: Mapping[str, str],
) -> list[str]:
    """CR 810.8a, 810.8c, 704.6b: in Two-Headed Giant a team loses with 0 or less shared life or fifteen or
    more shared poison counters (704.5c does not apply), and both its players lose together. A player on
    the team who doesn't lose for 0 or less life (``spared``) keeps the whole team from losing that way
    (810.8a: what a player can't lose by, the team can't lose by; 810.9a: "your life" is the team's)."""
    why: list[str] = []
    keeper = next((m for m in state.team_of(player.id) if m in spared), None) if spared else None
    if player.life <= 0 and keeper is not None:
        team = state.team_of(player.id)
        if "team:" + team[0] not in told:
            told.add("team:" + team[0])
            members = "と".join(state.label(m) for m in team)
            remarks.append(
                f"{members}のチームの共有ライフは{player.life}点だが、{spared[keeper]}により"
                f"{state.label(keeper)}はライフが0点以下であることではゲームに敗北しません。双頭巨人戦では、"
                "プレイヤーが敗北しないという効果はそのプレイヤーのチームも敗北させないので、チームは敗北せず、"
                f"{members}はどちらもゲームを続けます (810.8a, 810.8c, 810.9a)。"
            )
    elif player.life <= 0:
        why.append("810.8c")
        notes.append(
            f"{player.label}のチームの共有ライフは{player.life}点なので、チームはゲームに敗北し、"
            f"{player.label}も敗北します (810.8c, 810.8a)。"
        )
    if player.poison >= 15:
        why.append("704.6b")
        notes.append(
            f"{player.label}のチームは毒カウンターを{player.poison}個持っているので、チームはゲームに敗北し、"
            f"{player.label}も敗北します (704.6b, 810.8d)。"
        )
    return why
