"""The examples of the Comprehensive Rules as scenario documents.

Each entry names the CR paragraph whose example it encodes; the tests check
the outcomes the CR states, and the benchmark resolves them. The board can
offer them as "try this example" starting points.

>>> from rules_core import parse_scenario, resolve
>>> result = resolve(parse_scenario(EXAMPLES["120.5"].document))
>>> result.state.permanent("bear").zone
'graveyard'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_PLAYERS = [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}]


@dataclass(frozen=True, slots=True)
class Example:
    """A CR example: the paragraph, a one-line Japanese summary, the scenario document."""

    rule: str
    summary: str
    document: dict[str, Any]


def _doc(
    permanents: list[dict[str, Any]],
    event: dict[str, Any],
    effects: list[dict[str, Any]] | None = None,
    players: list[dict[str, Any]] | None = None,
    title: str = "",
) -> dict[str, Any]:
    return {
        "format": 1,
        "title": title,
        "active_player": "A",
        "players": players or _PLAYERS,
        "permanents": permanents,
        "effects": effects or [],
        "event": event,
    }


EXAMPLES: dict[str, Example] = {
    "120.4-1": Example(
        "120.4d",
        "《加護の反射》のコントローラーが萎縮と絆魂を持つ3/3で攻撃し、2/2にブロックされ、2/2に次の2点を軽減する盾があります。",
        _doc(
            [
                {
                    "id": "attacker",
                    "name": "萎縮と絆魂を持つクリーチャー",
                    "controller": "A",
                    "types": ["creature"],
                    "power": 3,
                    "toughness": 3,
                    "keywords": ["wither", "lifelink"],
                },
                {
                    "id": "blocker",
                    "name": "ブロック・クリーチャー",
                    "controller": "B",
                    "types": ["creature"],
                    "power": 2,
                    "toughness": 2,
                },
            ],
            {
                "type": "combat",
                "attacks": [{"attacker": "attacker", "defender": "B", "blockers": ["blocker"]}],
            },
            [
                {"type": "life_gain_multiplier", "player": "A", "factor": 2, "name": "《加護の反射》"},
                {"type": "prevent_next", "to": "blocker", "amount": 2, "name": "次の2点を軽減する呪文"},
            ],
            title="CR 120.4 例1 《加護の反射》",
        ),
    ),
    "120.4-2": Example(
        "120.4d",
        "《崇拝》をコントロールするライフ2点の防御プレイヤーが、ブロックされなかった5/5の2体の片方に《畏敬の一撃》を唱えました。",
        _doc(
            [
                {
                    "id": "first",
                    "name": "攻撃クリーチャー1",
                    "controller": "A",
                    "types": ["creature"],
                    "power": 5,
                    "toughness": 5,
                },
                {
                    "id": "second",
                    "name": "攻撃クリーチャー2",
                    "controller": "A",
                    "types": ["creature"],
                    "power": 5,
                    "toughness": 5,
                },
                {
                    "id": "guard",
                    "name": "防御プレイヤーのクリーチャー",
                    "controller": "B",
                    "types": ["creature"],
                    "power": 1,
                    "toughness": 1,
                },
            ],
            {
                "type": "combat",
                "attacks": [{"attacker": "first", "defender": "B"}, {"attacker": "second", "defender": "B"}],
            },
            [
                {
                    "type": "life_floor",
                    "player": "B",
                    "floor": 1,
                    "if_controls_creature": True,
                    "name": "《崇拝》",
                },
                {
                    "type": "prevent_next_from_source",
                    "source": "first",
                    "gain_life_to": "B",
                    "name": "《畏敬の一撃》",
                },
            ],
            players=[{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手", "life": 2}],
            title="CR 120.4 例2 《崇拝》と《畏敬の一撃》",
        ),
    ),
    "120.5": Example(
        "120.5",
        "《稲妻》が2/2クリーチャーに3点のダメージを与え、そのクリーチャーは状況起因処理で破壊されます。",
        _doc(
            [
                {
                    "id": "bear",
                    "name": "灰色熊",
                    "controller": "B",
                    "types": ["creature"],
                    "subtypes": ["Bear"],
                    "colors": ["green"],
                    "power": 2,
                    "toughness": 2,
                }
            ],
            {
                "type": "noncombat",
                "source": {"name": "《稲妻》", "controller": "A", "colors": ["red"]},
                "damage": [{"to": "bear", "amount": 3}],
            },
            title="CR 120.5 例 《稲妻》",
        ),
    ),
    "615.10": Example(
        "615.10",
        "《圧倒する防衛者》のコントローラーのクレリックは《紅蓮地獄》から1点ずつ、それ以外のクリーチャーは2点ずつ受けます。",
        _doc(
            [
                {
                    "id": "defender",
                    "name": "《圧倒する防衛者》",
                    "controller": "B",
                    "types": ["creature"],
                    "subtypes": ["Human", "Cleric"],
                    "colors": ["white"],
                    "power": 3,
                    "toughness": 3,
                },
                {
                    "id": "cleric",
                    "name": "クレリック",
                    "controller": "B",
                    "types": ["creature"],
                    "subtypes": ["Human", "Cleric"],
                    "colors": ["white"],
                    "power": 1,
                    "toughness": 1,
                },
                {
                    "id": "bear",
                    "name": "灰色熊",
                    "controller": "B",
                    "types": ["creature"],
                    "subtypes": ["Bear"],
                    "colors": ["green"],
                    "power": 2,
                    "toughness": 2,
                },
                {
                    "id": "their_cleric",
                    "name": "相手のクレリック",
                    "controller": "A",
                    "types": ["creature"],
                    "subtypes": ["Cleric"],
                    "colors": ["black"],
                    "power": 2,
                    "toughness": 2,
                },
            ],
            {
                "type": "noncombat",
                "source": {"name": "《紅蓮地獄》", "controller": "A", "colors": ["red"]},
                "damage": [
                    {"to": "defender", "amount": 2},
                    {"to": "cleric", "amount": 2},
                    {"to": "bear", "amount": 2},
                    {"to": "their_cleric", "amount": 2},
                ],
            },
            [
                {
                    "type": "prevent_static",
                    "amount": 1,
                    "to_filter": {"controller": "B", "subtype": "Cleric", "types": ["creature"]},
                    "name": "《圧倒する防衛者》",
                }
            ],
            title="CR 615.10 例 《圧倒する防衛者》と《紅蓮地獄》",
        ),
    ),
    "615.11": Example(
        "615.11",
        "《ウォジェクの薬剤師》の能力で、対象と共通の色を持っていたクリーチャーそれぞれに1点の盾ができます。後で色が変わっても盾は変わりません。",
        _doc(
            [
                {
                    "id": "target",
                    "name": "対象の白いクリーチャー",
                    "controller": "B",
                    "types": ["creature"],
                    "colors": ["white"],
                    "power": 2,
                    "toughness": 2,
                },
                {
                    "id": "shared",
                    "name": "白だったクリーチャー(今は緑)",
                    "controller": "B",
                    "types": ["creature"],
                    "colors": ["green"],
                    "power": 2,
                    "toughness": 2,
                },
                {
                    "id": "other",
                    "name": "白くなったクリーチャー",
                    "controller": "B",
                    "types": ["creature"],
                    "colors": ["white"],
                    "power": 2,
                    "toughness": 2,
                },
            ],
            {
                "type": "noncombat",
                "source": {"name": "《紅蓮地獄》", "controller": "A", "colors": ["red"]},
                "damage": [
                    {"to": "target", "amount": 2},
                    {"to": "shared", "amount": 2},
                    {"to": "other", "amount": 2},
                ],
            },
            [
                {"type": "prevent_next", "to": "target", "amount": 1, "name": "《ウォジェクの薬剤師》の盾"},
                {"type": "prevent_next", "to": "shared", "amount": 1, "name": "《ウォジェクの薬剤師》の盾"},
            ],
            title="CR 615.11 例 《ウォジェクの薬剤師》",
        ),
    ),
    "510.1c": Example(
        "510.1c",
        "4/3が2/3と1/1にブロックされました。4点をどう分けてもかまいません(ここでは2点ずつ)。",
        _doc(
            [
                {
                    "id": "regrower",
                    "name": "攻撃クリーチャー",
                    "controller": "A",
                    "types": ["creature"],
                    "colors": ["green"],
                    "power": 4,
                    "toughness": 3,
                },
                {
                    "id": "spawn",
                    "name": "《吸血鬼の落とし子》",
                    "controller": "B",
                    "types": ["creature"],
                    "colors": ["black"],
                    "power": 2,
                    "toughness": 3,
                },
                {
                    "id": "hunter",
                    "name": "《お手伝いする狩人》",
                    "controller": "B",
                    "types": ["creature"],
                    "colors": ["green"],
                    "power": 1,
                    "toughness": 1,
                },
            ],
            {
                "type": "combat",
                "attacks": [{"attacker": "regrower", "defender": "B", "blockers": ["spawn", "hunter"]}],
                "assignments": {"regrower": {"spawn": 2, "hunter": 2}},
            },
            title="CR 510.1c 例",
        ),
    ),
    "702.19b-1": Example(
        "702.19b",
        "追加で1体ブロックできる2/2が1/1と3/3トランプルをブロック。1/1から1点、トランプルから1点で致死なので残り2点をプレイヤーへ。",
        _doc(
            [
                {
                    "id": "ox",
                    "name": "能力のないクリーチャー",
                    "controller": "A",
                    "types": ["creature"],
                    "power": 1,
                    "toughness": 1,
                },
                {
                    "id": "trampler",
                    "name": "トランプルを持つクリーチャー",
                    "controller": "A",
                    "types": ["creature"],
                    "power": 3,
                    "toughness": 3,
                    "keywords": ["trample"],
                },
                {
                    "id": "wall",
                    "name": "追加で1体ブロックできるクリーチャー",
                    "controller": "B",
                    "types": ["creature"],
                    "power": 2,
                    "toughness": 2,
                    "additional_blocks": 1,
                },
            ],
            {
                "type": "combat",
                "attacks": [
                    {"attacker": "ox", "defender": "B", "blockers": ["wall"]},
                    {"attacker": "trampler", "defender": "B", "blockers": ["wall"]},
                ],
                "assignments": {"ox": {"wall": 1}, "trampler": {"wall": 1, "B": 2}},
                "blocker_assignments": {"wall": {"ox": 1, "trampler": 1}},
            },
            title="CR 702.19b 例1",
        ),
    ),
    "702.19b-2": Example(
        "702.19b",
        "トランプルを持つ6/6の緑がプロテクション(緑)の2/2にブロックされました。軽減されるとしても2点はブロッカーへ。",
        _doc(
            [
                {
                    "id": "wurm",
                    "name": "緑のトランプル・クリーチャー",
                    "controller": "A",
                    "types": ["creature"],
                    "colors": ["green"],
                    "power": 6,
                    "toughness": 6,
                    "keywords": ["trample"],
                },
                {
                    "id": "knight",
                    "name": "プロテクション(緑)を持つクリーチャー",
                    "controller": "B",
                    "types": ["creature"],
                    "colors": ["white"],
                    "power": 2,
                    "toughness": 2,
                    "protection": ["green"],
                },
            ],
            {
                "type": "combat",
                "attacks": [{"attacker": "wurm", "defender": "B", "blockers": ["knight"]}],
                "assignments": {"wurm": {"knight": 2, "B": 4}},
            },
            title="CR 702.19b 例2",
        ),
    ),
    "702.19c": Example(
        "702.19c",
        "忠誠度3のプレインズウォーカーを1/1とプレインズウォーカー越えトランプルの7/7が攻撃。1点+2点をプレインズウォーカーに、5点をコントローラーに。",
        _doc(
            [
                {
                    "id": "ox",
                    "name": "能力のないクリーチャー",
                    "controller": "A",
                    "types": ["creature"],
                    "power": 1,
                    "toughness": 1,
                },
                {
                    "id": "titan",
                    "name": "プレインズウォーカー越えトランプルを持つクリーチャー",
                    "controller": "A",
                    "types": ["creature"],
                    "power": 7,
                    "toughness": 7,
                    "keywords": ["trample_over_planeswalkers"],
                },
                {
                    "id": "pw",
                    "name": "プレインズウォーカー",
                    "controller": "B",
                    "types": ["planeswalker"],
                    "loyalty": 3,
                },
            ],
            {
                "type": "combat",
                "attacks": [{"attacker": "ox", "defender": "pw"}, {"attacker": "titan", "defender": "pw"}],
                "assignments": {"ox": {"pw": 1}, "titan": {"pw": 2, "B": 5}},
            },
            title="CR 702.19c 例",
        ),
    ),
}
"""CR examples by key (the paragraph, with ``-1``/``-2`` where a paragraph has several)."""
