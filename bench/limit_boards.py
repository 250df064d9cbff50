"""The worst documents within the scenario limits (``rules_core.document.limits``), each in the shape that costs most.

Shared by ``bench/bench_limits.py`` (which prints their engine and page times) and the tests that check
that each of these boards opens every page and that the work of a page stays bounded
(``tests/hardening/test_worst_boards.py``). Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.document import limits


def _creature(ident: str, controller: str, power: int, toughness: int, **extra: Any) -> dict[str, Any]:
    return {
        "id": ident,
        "name": f"クリーチャー{ident}",
        "controller": controller,
        "types": ["creature"],
        "colors": ["green"],
        "power": power,
        "toughness": toughness,
        **extra,
    }


def _players() -> list[dict[str, Any]]:
    return [{"id": f"P{i}", "name": f"プレイヤー{i}"} for i in range(limits.PLAYERS.maximum)]


def effects_on_one() -> dict[str, Any]:
    """Every effect allowed applies to the one creature the spell hits; their order is chosen."""
    n = limits.EFFECTS.maximum
    kinds: list[Callable[[int], dict[str, Any]]] = [
        lambda i: {"type": "prevent_next", "to": "target", "amount": 1},
        lambda i: {"type": "prevent_static", "to": "target", "amount": 1},
        lambda i: {"type": "damage_multiplier", "to": "target", "factor": 2},
        lambda i: {"type": "prevent_from_color", "to": "target", "color": "red"},
    ]
    effects = [{**kinds[i % len(kinds)](i), "name": f"効果{i}"} for i in range(n)]
    others = [
        _creature(f"c{i}", "P1", 2, 2) for i in range(limits.PERMANENTS.maximum - 1)
    ]  # a full battlefield beside it
    return {
        "players": _players(),
        "permanents": [_creature("target", "P1", 1, 1_000_000), *others],
        "effects": effects,
        "event": {
            "type": "noncombat",
            "source": {"name": "火の玉", "controller": "P0", "colors": ["red"]},
            "damage": [{"to": "target", "amount": 1000}],
        },
        "choices": {"replacement_order": {"target": list(range(n))}},
    }


def tramplers(blockers: int, keywords: tuple[str, ...] = ("trample",)) -> dict[str, Any]:
    """Tramplers all blocked by the same ``blockers`` creatures, as many as the limits allow."""
    attackers = min(
        limits.ATTACKERS.maximum,
        limits.BLOCKS.maximum // blockers,
        limits.PERMANENTS.maximum - blockers,
    )
    blocker_ids = [f"b{j}" for j in range(blockers)]
    return {
        "players": _players()[:2],
        "active_player": "P0",
        "permanents": [
            *(_creature(f"a{i}", "P0", 500, 500, keywords=list(keywords)) for i in range(attackers)),
            # 509.1a: each blocks every attacker, so each can block any number of creatures
            *(_creature(b, "P1", 1, 3, additional_blocks="any") for b in blocker_ids),
        ],
        "event": {
            "type": "combat",
            "attacks": [
                {"attacker": f"a{i}", "defender": "P1", "blockers": blocker_ids} for i in range(attackers)
            ],
        },
    }


def double_strikers() -> dict[str, Any]:
    """The wide case with double strike and a defending player who survives the first step, so every
    page also reads the second combat damage step on the board the first leaves (CR 510.4)."""
    doc = tramplers(limits.BLOCKS.maximum // limits.ATTACKERS.maximum, ("trample", "double_strike"))
    doc["players"][1]["life"] = 1_000_000
    return doc


def spell(with_effects: bool) -> dict[str, Any]:
    """One spell dealing damage to every permanent (and player) the limits allow."""
    players = _players()
    permanents = [_creature(f"c{i}", "P1", 2, 3) for i in range(limits.PERMANENTS.maximum)]
    targets = [p["id"] for p in permanents][: limits.DAMAGE_ENTRIES.maximum]
    doc: dict[str, Any] = {
        "players": players,
        "permanents": permanents,
        "event": {
            "type": "noncombat",
            "source": {"name": "紅蓮地獄", "controller": "P0", "colors": ["red"]},
            "damage": [{"to": t, "amount": 3} for t in targets],
        },
    }
    if with_effects:
        # effects without a "to" apply to every recipient: each one has them all to order
        doc["effects"] = [
            {"type": "prevent_static", "amount": 1, "name": f"軽減{i}"}
            if i % 2
            else {"type": "damage_multiplier", "factor": 2, "name": f"倍化{i}"}
            for i in range(limits.EFFECTS.maximum)
        ]
    return doc


def era_order_blockers() -> dict[str, Any]:
    """The 2009-2024 board of the hardening report (913 bytes): a 20-power trampler blocked by eight 1/3
    creatures, its damage assignment order announced (counting by enumeration took over 30 s)."""
    blocker_ids = [f"b{j}" for j in range(8)]
    return {
        "era": "2009-2024",
        "players": _players()[:2],
        "active_player": "P0",
        "permanents": [
            _creature("w", "P0", 20, 20, keywords=["trample"]),
            *(_creature(b, "P1", 1, 3) for b in blocker_ids),
        ],
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "w", "defender": "P1", "blockers": blocker_ids}],
        },
    }


def trigger_chain() -> dict[str, Any]:
    """100 creatures, each "whenever this is dealt damage, it deals that much damage to" the next (CR 603):
    one spell starts a chain of 100 damage events, each with its own 120.4 stages and 704 check."""
    n = limits.PERMANENTS.maximum
    permanents = [
        _creature(
            f"c{i}",
            "P1",
            1,
            1_000,
            triggers=[
                {
                    "when": "dealt_damage",
                    "effect": {
                        "type": "damage",
                        "amount": "that_much",
                        "to": f"c{i + 1}" if i + 1 < n else "P0",
                    },
                }
            ],
        )
        for i in range(n)
    ]
    return {
        "players": _players()[:2],
        "permanents": permanents,
        "event": {
            "type": "noncombat",
            "source": {"name": "稲妻", "controller": "P0", "colors": ["red"]},
            "damage": [{"to": "c0", "amount": 3}],
        },
    }


def redirection_cycle() -> dict[str, Any]:
    """24 redirection effects in a cycle (c0 → c1 → … → c23 → c0, CR 614.9, 614.5): each damage is moved
    along the cycle until an effect that already applied to it would apply again; a spell hits all 24."""
    n = limits.EFFECTS.maximum
    permanents = [_creature(f"c{i}", "P1", 2, 3) for i in range(n)]
    return {
        "players": _players()[:2],
        "permanents": permanents,
        "effects": [
            {"type": "redirect_damage", "from": f"c{i}", "to": f"c{(i + 1) % n}", "name": f"転換{i}"}
            for i in range(n)
        ],
        "event": {
            "type": "noncombat",
            "source": {"name": "紅蓮地獄", "controller": "P0", "colors": ["red"]},
            "damage": [{"to": f"c{i}", "amount": 2} for i in range(n)],
        },
    }


def two_headed_giant() -> dict[str, Any]:
    """Two-Headed Giant (CR 810): ten attackers of both heads of one team, each blocked by four of the 40
    creatures of the other team, every blocker "whenever this is dealt damage, it deals that much damage
    to" the attacking team's first player, every attacker with lifelink and a life-gain trigger."""
    attackers = [
        _creature(
            f"a{i}",
            "P0" if i % 2 else "P2",
            8,
            8,
            keywords=["trample", "lifelink"],
            triggers=[{"when": "gain_life", "effect": {"type": "counters", "amount": 1, "on": "self"}}],
        )
        for i in range(10)
    ]
    blockers = [
        _creature(
            f"b{j}",
            "P1" if j % 2 else "P3",
            1,
            2,
            triggers=[
                {"when": "dealt_damage", "effect": {"type": "damage", "amount": "that_much", "to": "P0"}}
            ],
        )
        for j in range(40)
    ]
    return {
        "variant": "two_headed_giant",
        "teams": [["P0", "P2"], ["P1", "P3"]],
        "players": [{"id": f"P{i}", "name": f"プレイヤー{i}", "life": 30} for i in range(4)],
        "active_player": "P0",
        "permanents": [*attackers, *blockers],
        "event": {
            "type": "combat",
            "attacks": [
                {"attacker": f"a{i}", "defender": "P1", "blockers": [f"b{4 * i + k}" for k in range(4)]}
                for i in range(10)
            ],
        },
    }


def stack_actions_2007() -> dict[str, Any]:
    """A 2007 board (rules of 2007-02-01, 310.1) with the 16 spells and abilities allowed while combat damage
    is on the stack: sacrifices, pumps, destruction, bounces, damage and shields, over ten combats."""
    attackers = [_creature(f"a{i}", "P0", 4, 4, keywords=["trample"]) for i in range(10)]
    blockers = [_creature(f"b{i}", "P1", 2, 3) for i in range(20)]
    kinds: list[Callable[[int], dict[str, Any]]] = [
        lambda i: {"type": "pump", "creature": f"b{i}", "power": 2, "toughness": 2, "name": f"巨大化{i}"},
        lambda i: {"type": "sacrifice", "creature": f"a{i % 10}", "gain_life": 2, "name": f"生け贄{i}"},
        lambda i: {
            "type": "damage",
            "source": f"b{i}",
            "to": f"a{(i + 3) % 10}",
            "amount": 1,
            "name": f"火力{i}",
        },
        lambda i: {
            "type": "effect",
            "effect": {"type": "prevent_next", "to": f"b{i}", "amount": 2, "name": f"軟膏{i}"},
        },
        lambda i: {"type": "bounce", "creature": f"b{i}", "name": f"送還{i}"},
        lambda i: {"type": "destroy", "creature": f"b{i}", "name": f"破壊{i}"},
    ]
    return {
        "era": "2007",
        "players": _players()[:2],
        "active_player": "P0",
        "permanents": [*attackers, *blockers],
        "event": {
            "type": "combat",
            "attacks": [
                {"attacker": f"a{i}", "defender": "P1", "blockers": [f"b{2 * i}", f"b{2 * i + 1}"]}
                for i in range(10)
            ],
            "on_stack_actions": [kinds[i % len(kinds)](i) for i in range(16)],
        },
    }


CASES: dict[str, Callable[[], dict[str, Any]]] = {
    "effects": effects_on_one,
    "tramplers": lambda: tramplers(limits.BLOCKERS_PER_ATTACKER.maximum),
    "tramplers-wide": lambda: tramplers(limits.BLOCKS.maximum // limits.ATTACKERS.maximum),
    "double-strikers": lambda: double_strikers(),
    "spell": lambda: spell(False),
    "spell-effects": lambda: spell(True),
    "era-order-blockers": era_order_blockers,
    "trigger-chain": trigger_chain,
    "redirection-cycle": redirection_cycle,
    "two-headed-giant": two_headed_giant,
    "stack-actions-2007": stack_actions_2007,
}
