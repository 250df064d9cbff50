"""The curated boards: every 例 of the CR excerpt that a board can show, told as the CR tells it,
and at least one board for each paragraph of 120, 615 and 702.19 that a board can show.

This module is the source; ``manage.py curated_scenarios`` writes ``fixtures/scenarios.json`` from it
(``--check`` says whether the fixture is up to date). Each entry carries what the CR says must
happen (``expect``: a part of the result's ``final``), and the tests hold the engine to it.

Paragraphs a board cannot show (so no board here): 120.1a (objects that are not battles, creatures
or planeswalkers: the scenario format has no such permanents), 120.7 and 120.9 (choosing a source;
what "damage dealt" refers to in a trigger), 615.2-615.4 (timing of prevention effects), 615.13
(triggers on prevention), 702.19e (a planeswalker removed from combat: the format cannot say so),
702.19g (several instances of trample are one keyword in the format).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

YOU = {"id": "A", "name": "あなた"}
OPPONENT = {"id": "B", "name": "対戦相手"}


def two_players(a_life: int = 20, b_life: int = 20, b_poison: int = 0) -> list[dict[str, Any]]:
    return [{**YOU, "life": a_life, "poison": 0}, {**OPPONENT, "life": b_life, "poison": b_poison}]


def creature(
    ident: str, name: str, controller: str, power: int, toughness: int, **extra: Any
) -> dict[str, Any]:
    return {
        "id": ident,
        "name": name,
        "controller": controller,
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        **extra,
    }


def doc(
    permanents: list[dict[str, Any]],
    event: dict[str, Any],
    effects: list[dict[str, Any]] | None = None,
    players: list[dict[str, Any]] | None = None,
    active: str = "A",
) -> dict[str, Any]:
    return {
        "format": 1,
        "active_player": active,
        "players": players or two_players(),
        "permanents": permanents,
        "effects": effects or [],
        "event": event,
        "choices": {},
    }


def spell(
    name: str, controller: str = "A", colors: tuple[str, ...] = (), keywords: tuple[str, ...] = ()
) -> dict[str, Any]:
    return {"name": name, "controller": controller, "colors": list(colors), "keywords": list(keywords)}


def noncombat(source: Any, damage: list[tuple[str, int]], **extra: Any) -> dict[str, Any]:
    return {
        "type": "noncombat",
        "source": source,
        "damage": [{"to": t, "amount": n} for t, n in damage],
        **extra,
    }


def combat(*attacks: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "combat", "attacks": list(attacks), **extra}


def attack(
    attacker: str, defender: str = "B", blockers: tuple[str, ...] = (), **extra: Any
) -> dict[str, Any]:
    return {"attacker": attacker, "defender": defender, "blockers": list(blockers), **extra}


@dataclass(frozen=True)
class Curated:
    slug: str
    title: str
    illustrates: str
    description: str
    document: dict[str, Any]
    example: int | None = None
    """0-based position of the 例 under ``illustrates`` (the reader's ``Example.position``)."""
    expect: Mapping[str, Any] = field(default_factory=dict)
    """A part of the result's ``final`` the engine must produce (what the CR says happens)."""
    legal: bool = True
    check: Callable[[dict[str, Any]], bool] | None = None
    """Any further condition on the whole result document."""


def _life_gain_events(result: Mapping[str, Any]) -> int:
    return sum(
        1
        for step in result.get("steps", [])
        for stage in step.get("stages", [])
        for event in stage.get("events", [])
        if event.get("result") == "life_gain"
    )


CURATED: tuple[Curated, ...] = (
    # ------------------------------------------------------------------ 120: the CR's examples
    Curated(
        "cr120-4-ex1",
        "120.4 例1 《加護の反射》と萎縮・絆魂",
        "120.4d",
        "《加護の反射》をコントロールするプレイヤーが3/3の萎縮と絆魂持ちのクリーチャーで攻撃し、2/2クリーチャーで"
        "ブロックされました。防御プレイヤーはブロック・クリーチャーが受ける次の2点のダメージを軽減する呪文を唱えました。"
        "軽減(120.4b)で3点が1点に、結果への変換(120.4c)で-1/-1カウンター1個と1点のライフ獲得に、"
        "《加護の反射》でライフ獲得が2点になります。",
        doc(
            [
                creature(
                    "attacker", "萎縮と絆魂を持つクリーチャー", "A", 3, 3, keywords=["lifelink", "wither"]
                ),
                creature("blocker", "2/2クリーチャー", "B", 2, 2),
            ],
            combat(attack("attacker", "B", ("blocker",))),
            [
                {"type": "life_gain_multiplier", "player": "A", "factor": 2, "name": "《加護の反射》"},
                {
                    "type": "prevent_next",
                    "to": "blocker",
                    "amount": 2,
                    "name": "次の2点のダメージを軽減する呪文",
                },
            ],
        ),
        example=0,
        expect={
            "players": {"A": {"life": 22}, "B": {"life": 20}},
            "permanents": {
                "blocker": {"counters": {"-1/-1": 1}, "damage": 0, "zone": "battlefield"},
                "attacker": {"damage": 2, "zone": "battlefield"},
            },
        },
    ),
    Curated(
        "cr120-4-ex2",
        "120.4 例2 《崇拝》と《畏敬の一撃》",
        "120.4d",
        "防御プレイヤーはクリーチャー1体と《崇拝》をコントロールし、ライフは2点です。ブロックされなかった5/5クリーチャー"
        "2体に攻撃され、その1体を対象に《畏敬の一撃》を唱えました。ダメージのイベントは「10点」から「5点のダメージと"
        "5点のライフ獲得」になり、ライフは1未満にならないので《崇拝》は適用されません。",
        doc(
            [
                creature("first", "5/5クリーチャー(1体目)", "A", 5, 5),
                creature("second", "5/5クリーチャー(2体目)", "A", 5, 5),
                creature("guard", "防御プレイヤーのクリーチャー", "B", 1, 1),
            ],
            combat(attack("first"), attack("second")),
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
            players=two_players(b_life=2),
        ),
        example=1,
        expect={"players": {"B": {"life": 2, "lost": False}}},
    ),
    Curated(
        "cr120-5-ex",
        "120.5 例 《稲妻》と状況起因処理",
        "120.5",
        "《稲妻》が2/2クリーチャーに3点のダメージを与えた後、そのクリーチャーは状況起因処理(704.5g)によって破壊されます。"
        "《稲妻》やダメージが破壊したのではありません。",
        doc(
            [creature("bear", "2/2クリーチャー", "B", 2, 2)],
            noncombat(spell("《稲妻》", colors=("red",)), [("bear", 3)]),
        ),
        example=0,
        expect={"permanents": {"bear": {"zone": "graveyard", "damage": 3}}},
    ),
    # ------------------------------------------------------------------ 120: one board per paragraph
    Curated(
        "cr120-1",
        "120.1 ダメージを受けられるもの",
        "120.1",
        "バトル、クリーチャー、プレインズウォーカー、プレイヤーはダメージを受けられます。1つの呪文がそれぞれに2点を与えます。",
        doc(
            [
                creature("bear", "2/2クリーチャー", "B", 2, 2),
                {
                    "id": "pw",
                    "name": "プレインズウォーカー",
                    "controller": "B",
                    "types": ["planeswalker"],
                    "loyalty": 4,
                },
                {
                    "id": "siege",
                    "name": "包囲戦",
                    "controller": "A",
                    "protector": "B",
                    "types": ["battle"],
                    "subtypes": ["Siege"],
                    "defense": 5,
                },
            ],
            noncombat(
                spell("2点を与える呪文", colors=("red",)), [("B", 2), ("bear", 2), ("pw", 2), ("siege", 2)]
            ),
        ),
        expect={
            "players": {"B": {"life": 18}},
            "permanents": {"bear": {"zone": "graveyard"}, "pw": {"loyalty": 2}, "siege": {"defense": 3}},
        },
    ),
    Curated(
        "cr120-2a",
        "120.2a 戦闘ダメージ",
        "120.2a",
        "攻撃クリーチャーもブロック・クリーチャーも、パワーに等しいだけの戦闘ダメージを与えます。",
        doc(
            [
                creature("attacker", "3/3クリーチャー", "A", 3, 3),
                creature("blocker", "2/4クリーチャー", "B", 2, 4),
            ],
            combat(attack("attacker", "B", ("blocker",))),
        ),
        expect={"permanents": {"attacker": {"damage": 2}, "blocker": {"damage": 3, "zone": "battlefield"}}},
    ),
    Curated(
        "cr120-2b",
        "120.2b 呪文によるダメージ",
        "120.2b",
        "呪文がどのオブジェクトがダメージを与えるかを特定します。ここでは《稲妻》が発生源になり、プレイヤーに3点を与えます。",
        doc([], noncombat(spell("《稲妻》", colors=("red",)), [("B", 3)])),
        expect={"players": {"B": {"life": 17}}},
    ),
    Curated(
        "cr120-3a",
        "120.3a プレイヤーへのダメージはライフを減らす",
        "120.3a",
        "感染を持たない発生源からプレイヤーが受けたダメージは、そのプレイヤーのライフをその量だけ減らします。",
        doc([creature("attacker", "4/4クリーチャー", "A", 4, 4)], combat(attack("attacker"))),
        expect={"players": {"B": {"life": 16, "poison": 0}}},
    ),
    Curated(
        "cr120-3b",
        "120.3b 感染を持つ発生源からプレイヤーへ",
        "120.3b",
        "感染を持つ発生源からプレイヤーが受けたダメージは、ライフを減らさず、その量の毒カウンターを与えます(702.90b)。",
        doc(
            [creature("attacker", "感染を持つ3/3", "A", 3, 3, keywords=["infect"])],
            combat(attack("attacker")),
        ),
        expect={"players": {"B": {"life": 20, "poison": 3}}},
    ),
    Curated(
        "cr120-3c",
        "120.3c プレインズウォーカーへのダメージ",
        "120.3c",
        "プレインズウォーカーが受けたダメージは、その点数に等しい数の忠誠カウンターを取り除きます。",
        doc(
            [
                creature("attacker", "2/2クリーチャー", "A", 2, 2),
                {
                    "id": "pw",
                    "name": "忠誠度5のプレインズウォーカー",
                    "controller": "B",
                    "types": ["planeswalker"],
                    "loyalty": 5,
                },
            ],
            combat(attack("attacker", "pw")),
        ),
        expect={"permanents": {"pw": {"loyalty": 3, "zone": "battlefield"}}},
    ),
    Curated(
        "cr120-3d",
        "120.3d 萎縮を持つ発生源からクリーチャーへ",
        "120.3d",
        "萎縮や感染を持つ発生源からクリーチャーが受けたダメージは、その量の-1/-1カウンターになります。",
        doc(
            [
                creature("attacker", "萎縮を持つ2/2", "A", 2, 2, keywords=["wither"]),
                creature("blocker", "3/3クリーチャー", "B", 3, 3),
            ],
            combat(attack("attacker", "B", ("blocker",))),
        ),
        expect={
            "permanents": {
                "blocker": {"counters": {"-1/-1": 2}, "damage": 0, "toughness": 1},
                "attacker": {"damage": 3, "zone": "graveyard"},
            }
        },
    ),
    Curated(
        "cr120-3e",
        "120.3e クリーチャーが負うダメージ",
        "120.3e",
        "萎縮も感染も持たない発生源からクリーチャーが受けたダメージは、そのクリーチャーが負います。タフネスは変わりません。",
        doc(
            [creature("bear", "2/3クリーチャー", "B", 2, 3)],
            noncombat(spell("2点を与える呪文"), [("bear", 2)]),
        ),
        expect={"permanents": {"bear": {"damage": 2, "toughness": 3, "zone": "battlefield"}}},
    ),
    Curated(
        "cr120-3f",
        "120.3f 絆魂",
        "120.3f",
        "絆魂を持つ発生源から受けたダメージは、他の結果に加え、その発生源のコントローラーにその量のライフを得させます。",
        doc(
            [creature("attacker", "絆魂を持つ3/3", "A", 3, 3, keywords=["lifelink"])],
            combat(attack("attacker")),
        ),
        expect={"players": {"A": {"life": 23}, "B": {"life": 17}}},
    ),
    Curated(
        "cr120-3g",
        "120.3g 毒性",
        "120.3g",
        "毒性を持つクリーチャーがプレイヤーに与えた戦闘ダメージは、ライフを減らすのに加え、毒性の値の合計に等しい"
        "毒カウンターを置きます。",
        doc([creature("attacker", "毒性2を持つ2/2", "A", 2, 2, toxic=2)], combat(attack("attacker"))),
        expect={"players": {"B": {"life": 18, "poison": 2}}},
    ),
    Curated(
        "cr120-3h",
        "120.3h バトルへのダメージ",
        "120.3h",
        "バトルが受けたダメージは、その点数に等しい数の守備カウンターを取り除きます。包囲戦のコントローラーは、"
        "対戦相手が守るそれを攻撃できます(310.8b)。最後の守備カウンターが取り除かれると包囲戦の能力が誘発し、"
        "その能力がスタックを離れるまで包囲戦は戦場に残ります(704.5v)。能力が解決すると追放されます(310.11b)。",
        doc(
            [
                creature("attacker", "3/3クリーチャー", "A", 3, 3),
                {
                    "id": "siege",
                    "name": "守備値3の包囲戦",
                    "controller": "A",
                    "protector": "B",
                    "types": ["battle"],
                    "subtypes": ["Siege"],
                    "defense": 3,
                },
            ],
            combat(attack("attacker", "siege")),
        ),
        expect={"permanents": {"siege": {"defense": 0, "zone": "exile"}}},
    ),
    Curated(
        "cr120-4",
        "120.4 4つの手順がすべて働く盤面",
        "120.4",
        "絆魂を持つ発生源の能力が、1点のダメージを負った2/2に4点を与え、余剰のダメージはコントローラーに与えます。"
        "120.4a で余剰の3点が対戦相手へ移り、120.4b で対戦相手の盾が1点を軽減し、120.4c で絆魂のライフ獲得が"
        "《加護の反射》で2倍になり、120.4d ですべてが同時に起こります。",
        doc(
            [creature("bear", "1点のダメージを負った2/2", "B", 2, 2, damage=1)],
            noncombat(
                spell("絆魂を持つ発生源の能力", colors=("white",), keywords=("lifelink",)),
                [("bear", 4)],
                excess_to="controller",
            ),
            [
                {"type": "prevent_next", "to": "B", "amount": 1, "name": "対戦相手の次の1点を軽減する盾"},
                {"type": "life_gain_multiplier", "player": "A", "factor": 2, "name": "《加護の反射》"},
            ],
        ),
        expect={
            "players": {"A": {"life": 26}, "B": {"life": 18}},
            "permanents": {"bear": {"zone": "graveyard"}},
        },
    ),
    Curated(
        "cr120-4a",
        "120.4a 余剰のダメージを移す《炎の氾濫》",
        "120.4a",
        "《炎の氾濫》はクリーチャーに4点を与え、余剰のダメージは代わりにそのコントローラーに与えます。"
        "対象の2/2は既に1点のダメージを負っているので、致死ダメージは1点、余剰は3点です。",
        doc(
            [creature("bear", "1点のダメージを負った2/2", "B", 2, 2, damage=1)],
            noncombat(spell("《炎の氾濫》", colors=("red",)), [("bear", 4)], excess_to="controller"),
        ),
        expect={"players": {"B": {"life": 17}}, "permanents": {"bear": {"zone": "graveyard", "damage": 2}}},
    ),
    Curated(
        "cr120-4a-dt",
        "120.4a 接死を持つ発生源の余剰のダメージ",
        "120.4a",
        "クリーチャーが受けるダメージの発生源が接死を持つなら、1点を超える分は余剰のダメージです(702.2)。",
        doc(
            [creature("ogre", "5/5クリーチャー", "B", 5, 5)],
            noncombat(
                spell("接死を持つ発生源の能力", colors=("black",), keywords=("deathtouch",)),
                [("ogre", 4)],
                excess_to="controller",
            ),
        ),
        expect={"players": {"B": {"life": 17}}, "permanents": {"ogre": {"zone": "graveyard", "damage": 1}}},
    ),
    Curated(
        "cr120-4b",
        "120.4b 置換効果と軽減効果の順番(616.1)",
        "120.4b",
        "2点の軽減の盾を持つクリーチャーに、ダメージを2倍にする《ラースの灼熱洞》のもとで3点が与えられます。"
        "影響を受けるクリーチャーのコントローラーが適用の順番を選びます(616.1):先に2倍にすれば6-2=4点、"
        "先に軽減すれば(3-2)×2=2点です。",
        doc(
            [creature("giant", "5/5クリーチャー", "B", 5, 5)],
            noncombat(spell("3点を与える呪文", colors=("red",)), [("giant", 3)]),
            [
                {"type": "damage_multiplier", "factor": 2, "name": "《ラースの灼熱洞》"},
                {"type": "prevent_next", "to": "giant", "amount": 2, "name": "次の2点を軽減する盾"},
            ],
        ),
        expect={"permanents": {"giant": {"damage": 4}}},
    ),
    Curated(
        "cr120-4c-vortex",
        "120.4c 結果の修整:《硫黄の渦》と絆魂",
        "120.4c",
        "絆魂によるライフ獲得(120.3f)は、結果に影響する置換効果で修整されます。《硫黄の渦》があるとライフを得られません。",
        doc(
            [creature("attacker", "絆魂を持つ3/3", "A", 3, 3, keywords=["lifelink"])],
            combat(attack("attacker")),
            [{"type": "no_life_gain", "name": "《硫黄の渦》"}],
        ),
        expect={"players": {"A": {"life": 20}, "B": {"life": 17}}},
    ),
    Curated(
        "cr120-4c-kite",
        "120.4c 結果の修整:《破れ翼トビ》と萎縮",
        "120.4c",
        "萎縮のダメージは-1/-1カウンターになる(120.3d)が、カウンターを置けない《破れ翼トビ》には何も起こりません。",
        doc(
            [
                creature("attacker", "萎縮を持つ3/3", "A", 3, 3, keywords=["wither"]),
                creature("kite", "《破れ翼トビ》", "B", 2, 1, colors=[]),
            ],
            combat(attack("attacker", "B", ("kite",))),
            [{"type": "no_counters", "on": "kite", "name": "《破れ翼トビ》"}],
        ),
        expect={"permanents": {"kite": {"zone": "battlefield", "counters": {}, "damage": 0}}},
    ),
    Curated(
        "cr120-6",
        "120.6 負ったダメージは残る",
        "120.6",
        "このターンに既に2点のダメージを負っている3/3が、さらに1点を受けます。負っているダメージの合計がタフネス以上に"
        "なったので、状況起因処理で破壊されます。",
        doc(
            [creature("bear", "2点のダメージを負った3/3", "B", 3, 3, damage=2)],
            noncombat(spell("1点を与える呪文"), [("bear", 1)]),
        ),
        expect={"permanents": {"bear": {"zone": "graveyard", "damage": 3}}},
    ),
    Curated(
        "cr120-8",
        "120.8 0点のダメージ",
        "120.8",
        "0点のダメージはダメージを与えません。絆魂があってもライフは得られず、ダメージを2倍にする置換効果も何もしません。",
        doc(
            [creature("attacker", "絆魂を持つ0/3", "A", 0, 3, keywords=["lifelink"])],
            combat(attack("attacker")),
            [{"type": "damage_multiplier", "factor": 2, "name": "《ラースの灼熱洞》"}],
        ),
        expect={"players": {"A": {"life": 20}, "B": {"life": 20}}},
    ),
    Curated(
        "cr120-10",
        "120.10 余剰のダメージを見る誘発型能力",
        "120.10",
        "《怒りの神、トラルフ》は、対戦相手のクリーチャーかプレインズウォーカーが戦闘以外の余剰のダメージを受けるたび、"
        "その余剰の分のダメージを与えます。3/3で忠誠度5のクリーチャー・プレインズウォーカーに7点が与えられると、"
        "クリーチャーとしての余剰は4点、プレインズウォーカーとしては2点で、余剰のダメージはその大きいほうの4点です"
        "(120.10)。トラルフの能力は対戦相手に4点を与えます。",
        doc(
            [
                creature(
                    "toralf",
                    "《怒りの神、トラルフ》",
                    "A",
                    5,
                    4,
                    keywords=["trample"],
                    triggers=[
                        {
                            "when": "excess_damage",
                            "watch": "opponents",
                            "damage": "noncombat",
                            "effect": {"type": "damage", "amount": "that_much", "to": "B"},
                        }
                    ],
                ),
                {
                    "id": "hybrid",
                    "name": "3/3・忠誠度5のクリーチャー・プレインズウォーカー",
                    "controller": "B",
                    "types": ["creature", "planeswalker"],
                    "power": 3,
                    "toughness": 3,
                    "loyalty": 5,
                },
            ],
            noncombat(spell("7点を与える呪文", colors=("red",)), [("hybrid", 7)]),
        ),
        expect={"players": {"B": {"life": 16}}, "permanents": {"hybrid": {"zone": "graveyard"}}},
    ),
    # ------------------------------------------------------------------ 510, 702: combat and keywords
    Curated(
        "cr510-4",
        "510.4 先制攻撃で戦闘ダメージ・ステップが2つになる",
        "510.4",
        "先制攻撃を持つ2/2が3/2にブロックされました。第1戦闘ダメージ・ステップでは先制攻撃を持つクリーチャーだけが"
        "ダメージを与え、3/2は状況起因処理で破壊されるので、第2戦闘ダメージ・ステップでは誰もダメージを与えません。",
        doc(
            [
                creature("knight", "先制攻撃を持つ2/2", "A", 2, 2, keywords=["first_strike"]),
                creature("ogre", "3/2クリーチャー", "B", 3, 2),
            ],
            combat(attack("knight", "B", ("ogre",))),
        ),
        expect={
            "permanents": {"knight": {"damage": 0, "zone": "battlefield"}, "ogre": {"zone": "graveyard"}}
        },
        check=lambda result: len(result.get("steps", [])) == 2,
    ),
    Curated(
        "cr510-4-ds",
        "510.4 二段攻撃:2回目の割り振りは1回目のあとの盤面で",
        "510.4",
        "二段攻撃とトランプルを持つ4/4が、1/1と1/5にブロックされました。第1戦闘ダメージ・ステップで1/1に1点、1/5に3点を"
        "割り振ると、1/1は状況起因処理で墓地に置かれます。第2戦闘ダメージ・ステップでは、1/5はすでに3点を負っているので"
        "致死ダメージまであと2点です。残りの2点は対戦相手に割り振れます(702.19b)。割り振りの欄で、第2ステップの割り振りも"
        "変えて確かめられます。",
        doc(
            [
                creature(
                    "striker",
                    "二段攻撃とトランプルを持つ4/4",
                    "A",
                    4,
                    4,
                    keywords=["double_strike", "trample"],
                ),
                creature("small", "1/1クリーチャー", "B", 1, 1),
                creature("wall", "1/5クリーチャー", "B", 1, 5),
            ],
            combat(attack("striker", "B", ("small", "wall"))),
        ),
        expect={
            "players": {"B": {"life": 18}},
            "permanents": {
                "small": {"zone": "graveyard"},
                "wall": {"zone": "graveyard", "damage": 5},
                "striker": {"damage": 1, "zone": "battlefield"},
            },
        },
        check=lambda result: len(result.get("steps", [])) == 2,
    ),
    Curated(
        "cr702-12b",
        "702.12b 破壊不能は致死ダメージで破壊されない",
        "702.12b",
        "破壊不能を持つ2/2は、負っているダメージがタフネス以上になっても、致死ダメージをチェックする状況起因処理"
        "(704.5g)を無視します。ダメージは負ったまま残ります。",
        doc(
            [creature("golem", "破壊不能を持つ2/2", "B", 2, 2, keywords=["indestructible"])],
            noncombat(spell("《稲妻》", colors=("red",)), [("golem", 3)]),
        ),
        expect={"permanents": {"golem": {"zone": "battlefield", "damage": 3}}},
    ),
    # ------------------------------------------------------------------ 510.1c, 702.15e, 702.164b examples
    Curated(
        "cr510-1c-ex",
        "510.1c 例 《エルフの再生家》の割り振り",
        "510.1c",
        "《エルフの再生家》(4/3)が攻撃し、《吸血鬼の落とし子》(2/3)と《お手伝いする狩人》(1/1)にブロックされました。"
        "4点をどう分けてもかまいません(全部狩人に、1点と3点、2点ずつ、3点と1点、全部落とし子に)。ここでは2点ずつです。"
        "割り振りの欄で、5通りすべてが適正であることを確かめられます。",
        doc(
            [
                creature("regrower", "《エルフの再生家》", "A", 4, 3, colors=["green"]),
                creature("spawn", "《吸血鬼の落とし子》", "B", 2, 3, colors=["black"]),
                creature("hunter", "《お手伝いする狩人》", "B", 1, 1, colors=["green"]),
            ],
            combat(
                attack("regrower", "B", ("spawn", "hunter")),
                assignments={"regrower": {"spawn": 2, "hunter": 2}},
            ),
        ),
        example=0,
        expect={
            "permanents": {
                "spawn": {"damage": 2, "zone": "battlefield"},
                "hunter": {"zone": "graveyard"},
                "regrower": {"damage": 3, "zone": "graveyard"},
            }
        },
    ),
    Curated(
        "cr702-15e-ex",
        "702.15e 例 《アジャニの群れ仲間》と2体の絆魂",
        "702.15e",
        "《アジャニの群れ仲間》と絆魂を持つクリーチャー2体をコントロールしています。絆魂を持つ2体が同時に戦闘ダメージを"
        "与えると、それぞれ別個にライフを得るイベントになる(120.4c の段階に2つ並ぶ)ので、《アジャニの群れ仲間》の"
        "能力は2回誘発します。(誘発型能力そのものはこの盤面では扱いません。)",
        doc(
            [
                creature("pridemate", "《アジャニの群れ仲間》", "A", 2, 2, colors=["white"]),
                creature("link1", "絆魂を持つ2/2(1体目)", "A", 2, 2, keywords=["lifelink"]),
                creature("link2", "絆魂を持つ3/3(2体目)", "A", 3, 3, keywords=["lifelink"]),
            ],
            combat(attack("link1"), attack("link2")),
        ),
        example=0,
        expect={"players": {"A": {"life": 25}, "B": {"life": 15}}},
        check=lambda result: _life_gain_events(result) == 2,
    ),
    Curated(
        "cr702-164b-ex",
        "702.164b 例 毒性の値の合計",
        "702.164b",
        "毒性2を持つクリーチャーが、他の効果によって毒性1を得た場合、それの毒性の値の合計は3です。ブロックされずに"
        "プレイヤーに戦闘ダメージを与えると、毒カウンターが3個置かれます(120.3g)。",
        doc(
            [creature("attacker", "毒性2を持ち、毒性1を得たクリーチャー", "A", 2, 2, toxic=3)],
            combat(attack("attacker")),
        ),
        example=0,
        expect={"players": {"B": {"life": 18, "poison": 3}}},
    ),
    # ------------------------------------------------------------------ 615
    Curated(
        "cr615-1",
        "615.1 軽減効果は盾のように働く《濃霧》",
        "615.1",
        "《濃霧》:このターン、与えられる戦闘ダメージをすべて軽減する。",
        doc(
            [
                creature("attacker", "5/5クリーチャー", "A", 5, 5),
                creature("blocker", "2/2クリーチャー", "B", 2, 2),
                creature("runner", "3/3クリーチャー", "A", 3, 3),
            ],
            combat(attack("attacker", "B", ("blocker",)), attack("runner")),
            [{"type": "prevent_all", "combat_only": True, "name": "《濃霧》"}],
        ),
        expect={
            "players": {"B": {"life": 20}},
            "permanents": {"blocker": {"damage": 0, "zone": "battlefield"}, "attacker": {"damage": 0}},
        },
    ),
    Curated(
        "cr615-5",
        "615.5 軽減した量を参照する効果《畏敬の一撃》",
        "615.5",
        "《畏敬の一撃》は攻撃クリーチャーが次に与えるダメージをすべて軽減し、軽減された量だけライフを得させます。"
        "軽減はダメージが与えられるはずだったときに起こり、その直後にライフを得ます。",
        doc(
            [creature("attacker", "4/4クリーチャー", "A", 4, 4)],
            combat(attack("attacker")),
            [
                {
                    "type": "prevent_next_from_source",
                    "source": "attacker",
                    "gain_life_to": "B",
                    "name": "《畏敬の一撃》",
                }
            ],
        ),
        expect={"players": {"B": {"life": 24}}},
    ),
    Curated(
        "cr615-6",
        "615.6 軽減されたダメージは起こらなかった",
        "615.6",
        "プロテクション(白)を持つクリーチャーが、白い絆魂のクリーチャーをブロックしました。ダメージはすべて軽減され"
        "(702.16e)、決して起こったことにならないので、絆魂によるライフ獲得もありません。",
        doc(
            [
                creature("attacker", "白い絆魂の3/3", "A", 3, 3, colors=["white"], keywords=["lifelink"]),
                creature("blocker", "プロテクション(白)の2/2", "B", 2, 2, protection=["white"]),
            ],
            combat(attack("attacker", "B", ("blocker",))),
        ),
        expect={
            "players": {"A": {"life": 20}},
            "permanents": {"blocker": {"damage": 0, "zone": "battlefield"}},
        },
    ),
    Curated(
        "cr615-7",
        "615.7 盾はどのダメージを軽減するか",
        "615.7",
        "対戦相手には次の2点を軽減する盾があります。絆魂を持つ2/2と感染を持つ2/2が同時にダメージを与えるので、"
        "対戦相手が盾でどちらのダメージを軽減するかを選びます。絆魂のダメージを軽減すれば毒カウンター2個、"
        "感染のダメージを軽減すればライフ2点を失い、攻撃側は2点を得ます。結果を並べて比べられます。",
        doc(
            [
                creature("lifelinker", "絆魂を持つ2/2", "A", 2, 2, keywords=["lifelink"]),
                creature("infector", "感染を持つ2/2", "A", 2, 2, keywords=["infect"]),
            ],
            combat(attack("lifelinker"), attack("infector")),
            [{"type": "prevent_next", "to": "B", "amount": 2, "name": "次の2点を軽減する盾"}],
        ),
        expect={},
    ),
    Curated(
        "cr615-8",
        "615.8 特定の発生源からの次のダメージ",
        "615.8",
        "「このターン、選んだ発生源1つが次に与えるダメージを軽減する」盾は、量に依らずその発生源の次のダメージを"
        "すべて軽減し、一度軽減したら消えます。",
        doc(
            [
                creature("attacker", "6/6クリーチャー", "A", 6, 6),
                creature("other", "2/2クリーチャー", "A", 2, 2),
            ],
            combat(attack("attacker"), attack("other")),
            [
                {
                    "type": "prevent_next_from_source",
                    "source": "attacker",
                    "name": "選んだ発生源の次のダメージを軽減",
                }
            ],
        ),
        expect={"players": {"B": {"life": 18}}},
    ),
    Curated(
        "cr615-9",
        "615.9 選んだ赤の発生源1つ:《赤の防御円》",
        "615.9",
        "対戦相手の《赤の防御円》の能力は、解決するときに赤の発生源を1つ選びます (609.7a)。対戦相手は赤の3/3を選びました。"
        "その発生源が次に対戦相手に与えるダメージだけが軽減され、選ばれていない赤の2/2のダメージは軽減されません。"
        "盾はダメージが与えられる時点で、選んだ発生源がまだ赤であるかを確かめ直します (615.9, 609.7b)。",
        doc(
            [
                creature("chosen", "赤の3/3", "A", 3, 3, colors=["red"]),
                creature("other", "赤の2/2", "A", 2, 2, colors=["red"]),
            ],
            combat(attack("chosen"), attack("other")),
            [
                {
                    "type": "prevent_from_color",
                    "color": "red",
                    "to": "B",
                    "next_only": True,
                    "name": "《赤の防御円》",
                    "source": "chosen",
                }
            ],
        ),
        expect={"players": {"B": {"life": 18}}},
    ),
    Curated(
        "cr615-10-ex",
        "615.10 例 《圧倒する防衛者》と《紅蓮地獄》",
        "615.10",
        "《圧倒する防衛者》:発生源1つがあなたがコントロールしているクレリックにダメージを与えるなら、そのダメージ"
        "1点を軽減する。《紅蓮地獄》は各クリーチャーに2点を与えます。《圧倒する防衛者》のコントローラーのクレリックは"
        "それぞれ1点ずつ、それ以外の各クリーチャーは2点ずつ受けます。",
        doc(
            [
                creature(
                    "defender",
                    "《圧倒する防衛者》",
                    "B",
                    3,
                    3,
                    colors=["white"],
                    subtypes=["人間", "クレリック"],
                ),
                creature("cleric", "クレリックの2/2", "B", 2, 2, colors=["white"], subtypes=["クレリック"]),
                creature("bear", "《灰色熊》", "B", 2, 2, colors=["green"], subtypes=["熊"]),
                creature(
                    "their_cleric",
                    "あなたのクレリックの2/2",
                    "A",
                    2,
                    2,
                    colors=["black"],
                    subtypes=["クレリック"],
                ),
            ],
            noncombat(
                spell("《紅蓮地獄》", colors=("red",)),
                [("defender", 2), ("cleric", 2), ("bear", 2), ("their_cleric", 2)],
            ),
            [
                {
                    "type": "prevent_static",
                    "amount": 1,
                    "to_filter": {"controller": "B", "subtype": "クレリック"},
                    "name": "《圧倒する防衛者》",
                }
            ],
        ),
        example=0,
        expect={
            "permanents": {
                "defender": {"damage": 1},
                "cleric": {"damage": 1, "zone": "battlefield"},
                "bear": {"damage": 2, "zone": "graveyard"},
                "their_cleric": {"damage": 2, "zone": "graveyard"},
            }
        },
    ),
    Curated(
        "cr615-11-ex",
        "615.11 例 《ウォジェクの薬剤師》",
        "615.11",
        "《ウォジェクの薬剤師》の能力の解決で、対象のクリーチャーと、そのとき共通の色を持っていた各クリーチャーに"
        "それぞれ「次の1点」の盾ができます(白い2体)。共通の色のない《灰色熊》には盾がありません。盾の働きを見るため、"
        "各クリーチャーに2点を与える《紅蓮地獄》を加えています。",
        doc(
            [
                creature(
                    "apothecary",
                    "《ウォジェクの薬剤師》",
                    "B",
                    1,
                    1,
                    colors=["white"],
                    subtypes=["人間", "クレリック"],
                ),
                creature("target", "対象の白い2/2", "B", 2, 2, colors=["white"]),
                creature("bear", "《灰色熊》", "B", 2, 2, colors=["green"]),
            ],
            noncombat(
                spell("《紅蓮地獄》", colors=("red",)), [("apothecary", 2), ("target", 2), ("bear", 2)]
            ),
            [
                {"type": "prevent_next", "to": "target", "amount": 1, "name": "《ウォジェクの薬剤師》の盾"},
                {
                    "type": "prevent_next",
                    "to": "apothecary",
                    "amount": 1,
                    "name": "《ウォジェクの薬剤師》の盾",
                },
            ],
        ),
        example=0,
        expect={
            "permanents": {
                "target": {"damage": 1, "zone": "battlefield"},
                "apothecary": {"damage": 1},
                "bear": {"damage": 2, "zone": "graveyard"},
            }
        },
    ),
    Curated(
        "cr615-12",
        "615.12 軽減できないダメージ",
        "615.12",
        "軽減できないダメージには、適用できる軽減効果は適用されるが、ダメージは軽減されず、盾も減りません。",
        doc(
            [creature("bear", "3/3クリーチャー", "B", 3, 3)],
            noncombat(spell("軽減できない3点の呪文", colors=("red",)), [("bear", 3)], cant_be_prevented=True),
            [{"type": "prevent_next", "to": "bear", "amount": 2, "name": "次の2点を軽減する盾"}],
        ),
        expect={"permanents": {"bear": {"zone": "graveyard", "damage": 3}}},
    ),
    Curated(
        "cr615-12a",
        "615.12a 軽減できない戦闘ダメージと常在型の軽減",
        "615.12a",
        "「戦闘ダメージは軽減できない」効果のもとでは、常在型の軽減効果も適用されるだけで、ダメージは軽減されません"
        "(同じダメージに何度も適用されることもない)。",
        doc(
            [creature("attacker", "4/4クリーチャー", "A", 4, 4)],
            combat(attack("attacker")),
            [
                {"type": "cant_be_prevented", "combat_only": True, "name": "戦闘ダメージは軽減できない"},
                {"type": "prevent_static", "amount": 1, "to": "B", "name": "あなたへのダメージを1点軽減する"},
            ],
        ),
        expect={"players": {"B": {"life": 16}}},
    ),
    # ------------------------------------------------------------------ 702.19
    Curated(
        "cr702-19a",
        "702.19a トランプルは戦闘ダメージ以外では何もしない",
        "702.19a",
        "トランプルを持つクリーチャーが能力で2/2に5点を与えても、余剰のダメージはプレイヤーに行きません。",
        doc(
            [
                creature("wurm", "トランプルを持つ5/5", "A", 5, 5, keywords=["trample"]),
                creature("bear", "2/2クリーチャー", "B", 2, 2),
            ],
            noncombat("wurm", [("bear", 5)]),
        ),
        expect={"players": {"B": {"life": 20}}, "permanents": {"bear": {"zone": "graveyard"}}},
    ),
    Curated(
        "cr702-19b",
        "702.19b トランプル:致死ダメージを割り振れば残りを防御プレイヤーへ",
        "702.19b",
        "5/5のトランプルが3/3にブロックされました。ブロック・クリーチャーに3点(致死ダメージ)、防御プレイヤーに2点を"
        "割り振れます。割り振りの欄で4点以上をプレイヤーに回すと不適正になります。",
        doc(
            [
                creature("wurm", "トランプルを持つ5/5", "A", 5, 5, keywords=["trample"]),
                creature("bear", "3/3クリーチャー", "B", 3, 3),
            ],
            combat(attack("wurm", "B", ("bear",))),
        ),
        expect={"players": {"B": {"life": 18}}, "permanents": {"bear": {"zone": "graveyard"}}},
    ),
    Curated(
        "cr702-19b-ex1",
        "702.19b 例1 2体をブロックした2/2とトランプル",
        "702.19b",
        "クリーチャーを追加で1体ブロックできる2/2クリーチャーが、1/1で能力を持たないクリーチャーと、3/3でトランプルを"
        "持ったクリーチャーとをブロックしました。攻撃プレイヤーは、第1の攻撃クリーチャーからの1点と第2の攻撃クリーチャー"
        "からの1点をブロック・クリーチャーに、トランプルを持つクリーチャーからの2点を防御プレイヤーに割り振れます。",
        doc(
            [
                creature("ox", "1/1クリーチャー", "A", 1, 1),
                creature("trampler", "トランプルを持つ3/3", "A", 3, 3, keywords=["trample"]),
                creature("wall", "追加で1体ブロックできる2/2", "B", 2, 2, additional_blocks=1),
            ],
            combat(
                attack("ox", "B", ("wall",)),
                attack("trampler", "B", ("wall",)),
                assignments={"ox": {"wall": 1}, "trampler": {"wall": 1, "B": 2}},
            ),
        ),
        example=0,
        expect={"players": {"B": {"life": 18}}, "permanents": {"wall": {"zone": "graveyard", "damage": 2}}},
    ),
    Curated(
        "cr702-19b-ex2",
        "702.19b 例2 プロテクション(緑)の2/2とトランプル",
        "702.19b",
        "トランプルを持つ6/6の緑クリーチャーがプロテクション(緑)を持つ2/2にブロックされました。プロテクションで軽減される"
        "ことになるダメージでも、ブロック・クリーチャーに最低2点を割り振らなければなりません。残りは防御プレイヤーと"
        "ブロック・クリーチャーに好きなように割り振れます。",
        doc(
            [
                creature(
                    "wurm", "トランプルを持つ6/6の緑", "A", 6, 6, colors=["green"], keywords=["trample"]
                ),
                creature(
                    "knight", "プロテクション(緑)を持つ2/2", "B", 2, 2, colors=["white"], protection=["green"]
                ),
            ],
            combat(attack("wurm", "B", ("knight",)), assignments={"wurm": {"knight": 2, "B": 4}}),
        ),
        example=1,
        expect={
            "players": {"B": {"life": 16}},
            "permanents": {"knight": {"damage": 0, "zone": "battlefield"}},
        },
    ),
    Curated(
        "cr702-19b-marked",
        "702.19b 既に負っているダメージも数える",
        "702.19b",
        "致死ダメージかどうかは、ブロック・クリーチャーが既に負っているダメージも考えて判断します。2点を負った3/3には"
        "1点で致死ダメージなので、5/5トランプルは4点を防御プレイヤーに割り振れます。",
        doc(
            [
                creature("wurm", "トランプルを持つ5/5", "A", 5, 5, keywords=["trample"]),
                creature("bear", "2点のダメージを負った3/3", "B", 3, 3, damage=2),
            ],
            combat(attack("wurm", "B", ("bear",)), assignments={"wurm": {"bear": 1, "B": 4}}),
        ),
        expect={"players": {"B": {"life": 16}}, "permanents": {"bear": {"zone": "graveyard"}}},
    ),
    Curated(
        "cr702-19b-dt",
        "702.19b と 702.2c 接死とトランプル",
        "702.19b",
        "接死を持つ発生源からの1点は、割り振りの上では致死ダメージとして扱われます(702.2c)。接死とトランプルを持つ"
        "4/4は、5/5のブロック・クリーチャーに1点、防御プレイヤーに3点を割り振れます。",
        doc(
            [
                creature("snake", "接死とトランプルを持つ4/4", "A", 4, 4, keywords=["deathtouch", "trample"]),
                creature("giant", "5/5クリーチャー", "B", 5, 5),
            ],
            combat(attack("snake", "B", ("giant",)), assignments={"snake": {"giant": 1, "B": 3}}),
        ),
        expect={"players": {"B": {"life": 17}}, "permanents": {"giant": {"zone": "graveyard"}}},
    ),
    Curated(
        "cr702-19c-ex",
        "702.19c 例 プレインズウォーカー越えトランプル",
        "702.19c",
        "忠誠カウンター3個のプレインズウォーカーが、能力を持たない1/1とプレインズウォーカー越えトランプルを持つ7/7に"
        "攻撃されました。1体目から1点、2体目から2点をプレインズウォーカーに、プレインズウォーカー越えトランプルを持つ"
        "クリーチャーからの5点を防御プレイヤーに割り振れます。",
        doc(
            [
                creature("ox", "能力を持たない1/1", "A", 1, 1),
                creature(
                    "titan",
                    "プレインズウォーカー越えトランプルを持つ7/7",
                    "A",
                    7,
                    7,
                    keywords=["trample_over_planeswalkers"],
                ),
                {
                    "id": "pw",
                    "name": "忠誠度3のプレインズウォーカー",
                    "controller": "B",
                    "types": ["planeswalker"],
                    "loyalty": 3,
                },
            ],
            combat(
                attack("ox", "pw"),
                attack("titan", "pw"),
                assignments={"ox": {"pw": 1}, "titan": {"pw": 2, "B": 5}},
            ),
        ),
        example=0,
        expect={"players": {"B": {"life": 15}}, "permanents": {"pw": {"loyalty": 0, "zone": "graveyard"}}},
    ),
    Curated(
        "cr702-19d",
        "702.19d ブロック・クリーチャーがいなくなったトランプル",
        "702.19d",
        "トランプルを持つ攻撃クリーチャーがブロックされたが、ダメージを割り振る時点でブロック・クリーチャーがいません"
        "(戦闘から取り除かれた)。すべての戦闘ダメージを防御プレイヤーに割り振ります。トランプルがなければ何も割り振りません"
        "(510.1c)。",
        doc(
            [
                creature("wurm", "トランプルを持つ4/4", "A", 4, 4, keywords=["trample"]),
                creature("plain", "トランプルを持たない3/3", "A", 3, 3),
            ],
            combat(attack("wurm", "B", blocked=True), attack("plain", "B", blocked=True)),
        ),
        expect={"players": {"B": {"life": 16}}},
    ),
    Curated(
        "cr702-19f",
        "702.19f プレインズウォーカーを攻撃したトランプルでない攻撃",
        "702.19f",
        "プレインズウォーカー越えトランプルを持たないクリーチャーがプレインズウォーカーを攻撃した場合、割り振れる"
        "ダメージが忠誠度より大きくても、防御プレイヤーには割り振られません(トランプルがあっても同じ)。",
        doc(
            [
                creature("wurm", "トランプルを持つ6/6", "A", 6, 6, keywords=["trample"]),
                {
                    "id": "pw",
                    "name": "忠誠度2のプレインズウォーカー",
                    "controller": "B",
                    "types": ["planeswalker"],
                    "loyalty": 2,
                },
            ],
            combat(attack("wurm", "pw")),
        ),
        expect={"players": {"B": {"life": 20}}, "permanents": {"pw": {"zone": "graveyard"}}},
    ),
)


SOURCES = Path(__file__).resolve().parents[2] / "fixtures" / "curated_sources"
"""Curated boards kept as data (one JSON list per topic: slug, title, illustrates, ``example`` (the 例's
position, for a board of one of its 例), description, document, expect), written beside the engine
features they show; read only by this build step."""


def _from_sources() -> tuple[Curated, ...]:
    """The boards of :data:`SOURCES`, in file order then list order."""
    out: list[Curated] = []
    for path in sorted(SOURCES.glob("*.json")):
        for entry in json.loads(path.read_text(encoding="utf-8")):
            out.append(
                Curated(
                    slug=entry["slug"],
                    title=entry["title"],
                    illustrates=entry["illustrates"],
                    description=entry["description"],
                    document=entry["document"],
                    example=entry.get("example"),
                    expect=entry.get("expect", {}),
                )
            )
    return tuple(out)


CURATED = CURATED + _from_sources()


def curated_documents() -> list[dict[str, Any]]:
    """Every curated board as a ``tutor.scenario`` fixture object (normalized, loaded by slug)."""
    from tutor.board.documents import scenario_normalize
    from tutor.models import scenario_digest

    out = []
    for position, item in enumerate(CURATED):
        normalized = scenario_normalize(document=item.document)
        out.append(
            {
                "model": "tutor.scenario",
                "fields": {
                    "slug": item.slug,
                    "digest": scenario_digest(normalized),
                    "document": normalized,
                    "title": item.title,
                    "description": item.description,
                    "illustrates": item.illustrates,
                    "example_position": item.example,
                    "is_curated": True,
                    "position": position,
                    "created_at": "2026-01-16T00:00:00Z",
                },
            }
        )
    return out
