"""The maintainer's encoding of each catalogue card for the engine (read by ``import_cards``).

An encoding is a fragment of a scenario written for the card's controller ``A`` against ``B``:
``permanents`` (the card's own permanent has the id ``card``), ``effects`` and ``event``, plus
``kind`` (what the card is to the engine: a permanent, an effect, or an event) and optional
``active_player`` and ``players`` (keys merged into the two players). ``import_cards`` builds the
card's own permanent from its type line, power/toughness and keywords; ``card`` here adds keys to it.
``summary`` is our short Japanese explanation of the card (shown labelled as ours when no Japanese
card text is verified); ``note`` says in Japanese what the engine does not model.
"""

from __future__ import annotations

from typing import Any

from tutor.board.curated import creature


def _creature(
    ident: str, name: str, controller: str, power: int, toughness: int, colors: list[str], **keys: Any
) -> dict[str, Any]:
    return creature(ident, name, controller, power, toughness, colors=colors, **keys)


BEAR_B = _creature("bear", "灰色熊", "B", 2, 2, ["green"], subtypes=["Bear"])
GIANT_B = _creature("giant", "丘巨人", "B", 3, 3, ["red"], subtypes=["Giant"])
WURM_B = _creature("wurm", "大喰らいのワーム", "B", 6, 4, ["green"], subtypes=["Wurm"])
RATS_B = _creature("rats", "チフス鼠", "B", 1, 1, ["black"], keywords=["deathtouch"])
ALLY_A = _creature("ally", "灰色熊", "A", 2, 2, ["green"], subtypes=["Bear"])
WURM_A = _creature("mywurm", "大喰らいのワーム", "A", 6, 4, ["green"], subtypes=["Wurm"])
CHILD_A = _creature("child", "夜の子", "A", 2, 1, ["black"], keywords=["lifelink"])
KNIGHT_A = _creature("knight", "白騎士", "A", 2, 2, ["white"], keywords=["first_strike"])


def _spell(name: str, controller: str, colors: list[str], kind: str, ident: str = "spell") -> dict[str, Any]:
    return {"id": ident, "name": f"《{name}》", "controller": controller, "colors": colors, "types": [kind]}


def _burn(
    name: str,
    colors: list[str],
    kind: str,
    damage: list[tuple[str, int]],
    targets: tuple[str, ...] = (),
    **keys: Any,
) -> dict[str, Any]:
    """A damage spell of ``A``'s; ``targets`` are the recipients its text targets (CR 115.1), the others
    it damages without targeting them ("each creature", "you": 115.10a)."""
    event: dict[str, Any] = {
        "type": "noncombat",
        "source": _spell(name, "A", colors, kind),
        "damage": [{"to": to, "amount": amount} for to, amount in damage],
        **keys,
    }
    if targets:
        event["targets"] = list(targets)
    return event


def _bolt_from_b(to: str, amount: int = 3) -> dict[str, Any]:
    return {
        "type": "noncombat",
        "source": {
            "id": "bolt",
            "name": "《稲妻》",
            "controller": "B",
            "colors": ["red"],
            "types": ["instant"],
        },
        "damage": [{"to": to, "amount": amount}],
        "targets": [to],  # 《稲妻》: "any target" (115.1)
    }


def _sweep_from_b(to: str, amount: int = 2) -> dict[str, Any]:
    """The opponent's 《紅蓮地獄》 ("2 damage to each creature"): it targets nothing (115.10a), so it reaches a
    creature that an opponent's spell can't target (hexproof, protection: 702.11b, 702.16b)."""
    return {
        "type": "noncombat",
        "source": {
            "id": "pyroclasm",
            "name": "《紅蓮地獄》",
            "controller": "B",
            "colors": ["red"],
            "types": ["sorcery"],
        },
        "damage": [{"to": to, "amount": amount}],
    }


def _attack(attacker: str, defender: str, blockers: list[str] | None = None, **keys: Any) -> dict[str, Any]:
    return {
        "type": "combat",
        "attacks": [{"attacker": attacker, "defender": defender, "blockers": blockers or []}],
        **keys,
    }


WURM_ATTACKS_YOU: dict[str, Any] = {"active_player": "B", "event": _attack("wurm", "A")}
"""The opponent's 6/4 attacks you, unblocked: the usual board for an effect that protects you."""

EFFECT_NOTE = "このカード自体は盤面に置かず、その効果だけを表しています。"

ENGINE: dict[str, dict[str, Any]] = {
    # --- damage spells and abilities ----------------------------------------------------------
    "Anger of the Gods": {
        "kind": "event",
        "permanents": [BEAR_B, GIANT_B],
        "event": _burn("神々の憤怒", ["red"], "sorcery", [("bear", 3), ("giant", 3)], exile_if_dies=True),
        "summary": "各クリーチャーに3点のダメージを与える呪文です。このダメージを受けたクリーチャーは、このターン死亡するなら代わりに追放されます。",
    },
    "Arc Lightning": {
        "kind": "event",
        "permanents": [BEAR_B],
        "event": _burn("弧状の稲妻", ["red"], "sorcery", [("bear", 2), ("B", 1)], ("bear", "B")),
        "summary": "3点のダメージを、1つから3つの対象に好きなように分けて与える呪文です。",
        "note": "ここでは《灰色熊》に2点、対戦相手に1点と分けた例を表しています。",
    },
    "Banefire": {
        "kind": "event",
        "event": _burn("苦悩火", ["red"], "sorcery", [("B", 5)], ("B",), cant_be_prevented=True),
        "summary": "X点のダメージを与える呪文です。Xが5以上なら、このダメージは軽減されません。",
        "note": "Xを5として表しています。Xが5以上のときの「打ち消されない」ことは扱いません。",
    },
    "Blasphemous Act": {
        "kind": "event",
        "permanents": [BEAR_B, GIANT_B],
        "event": _burn("冒涜の行動", ["red"], "sorcery", [("bear", 13), ("giant", 13)]),
        "summary": "各クリーチャーに13点のダメージを与える呪文です。クリーチャーが多いほど安く唱えられます。",
        "note": "コストの軽減は扱いません。",
    },
    "Brimstone Volley": {
        "kind": "event",
        "event": _burn("硫黄の流弾", ["red"], "instant", [("B", 3)], ("B",)),
        "summary": "3点のダメージを与える呪文です。このターンにあなたのクリーチャーが死亡していれば、代わりに5点です。",
        "note": "条件を満たさない場合の3点として表しています。",
    },
    "Char": {
        "kind": "event",
        "event": _burn("Char", ["red"], "instant", [("B", 4), ("A", 2)], ("B",)),
        "summary": "対象に4点、そしてあなた自身に2点のダメージを与える呪文です。",
        "note": "",
    },
    "Earthquake": {
        "kind": "event",
        "permanents": [BEAR_B, ALLY_A],
        "event": _burn("Earthquake", ["red"], "sorcery", [("bear", 2), ("ally", 2), ("A", 2), ("B", 2)]),
        "summary": "飛行を持たない各クリーチャーと各プレイヤーに、X点のダメージを与える呪文です。",
        "note": "Xを2として表しています。飛行を持つクリーチャーには与えないので、飛行を持たないクリーチャーだけを置いています。",
    },
    "Electrolyze": {
        "kind": "event",
        "permanents": [BEAR_B, RATS_B],
        "event": _burn("電解", ["blue", "red"], "instant", [("bear", 1), ("rats", 1)], ("bear", "rats")),
        "summary": "2点のダメージを1つか2つの対象に分けて与え、カードを1枚引く呪文です。",
        "note": "カードを引くことは扱いません。",
    },
    "Fireball": {
        "kind": "event",
        "permanents": [WURM_B],
        "event": _burn("火の玉", ["red"], "sorcery", [("wurm", 4)], ("wurm",)),
        "summary": "X点のダメージを与える呪文です。対象を増やすと、ダメージを等分します。",
        "note": "Xを4、対象を1つとして表しています。",
    },
    "Flame Slash": {
        "kind": "event",
        "permanents": [WURM_B],
        "event": _burn("炎の斬りつけ", ["red"], "sorcery", [("wurm", 4)], ("wurm",)),
        "summary": "クリーチャー1体に4点のダメージを与える呪文です。",
        "note": "",
    },
    "Flame Spill": {
        "kind": "event",
        "permanents": [BEAR_B],
        "event": _burn("炎の氾濫", ["red"], "instant", [("bear", 4)], ("bear",), excess_to="controller"),
        "summary": "クリーチャー1体に4点のダメージを与え、超過した分はそのコントローラーに与える呪文です。",
        "note": "",
    },
    "Fling": {
        "kind": "event",
        "permanents": [],
        "event": _burn("投げ飛ばし", ["red"], "instant", [("B", 6)], ("B",)),
        "summary": "クリーチャーを1体生け贄に捧げ、そのパワーに等しいダメージを与える呪文です。",
        "note": "パワー6の《大喰らいのワーム》を生け贄に捧げた後の、6点のダメージとして表しています。生け贄は扱いません。",
    },
    "Forked Bolt": {
        "kind": "event",
        "permanents": [BEAR_B],
        "event": _burn("二股の稲妻", ["red"], "sorcery", [("bear", 1), ("B", 1)], ("bear", "B")),
        "summary": "2点のダメージを1つか2つの対象に分けて与える呪文です。",
        "note": "",
    },
    "Incinerate": {
        "kind": "event",
        "permanents": [BEAR_B],
        "effects": [{"type": "regenerate", "on": "bear", "name": "《灰色熊》の再生の盾"}],
        "event": _burn("火葬", ["red"], "instant", [("bear", 3)], ("bear",), cant_be_regenerated=True),
        "summary": "3点のダメージを与える呪文です。このターン、これによりダメージを与えられたクリーチャーは再生できません。",
        "note": "",
    },
    "Lava Axe": {
        "kind": "event",
        "event": _burn("溶岩の斧", ["red"], "sorcery", [("B", 5)], ("B",)),
        "summary": "プレイヤーかプレインズウォーカーに5点のダメージを与える呪文です。",
        "note": "",
    },
    "Lightning Bolt": {
        "kind": "event",
        "permanents": [BEAR_B],
        "event": _burn("稲妻", ["red"], "instant", [("bear", 3)], ("bear",)),
        "summary": "好きな対象に3点のダメージを与える呪文です。",
        "note": "",
    },
    "Lightning Strike": {
        "kind": "event",
        "event": _burn("稲妻の一撃", ["red"], "instant", [("B", 3)], ("B",)),
        "summary": "好きな対象に3点のダメージを与える呪文です。",
        "note": "",
    },
    "Shock": {
        "kind": "event",
        "permanents": [BEAR_B],
        "event": _burn("ショック", ["red"], "instant", [("bear", 2)], ("bear",)),
        "summary": "好きな対象に2点のダメージを与える呪文です。",
        "note": "",
    },
    "Pestilence": {
        "kind": "event",
        "permanents": [BEAR_B, ALLY_A],
        "event": {
            "type": "noncombat",
            "source": {
                "id": "spell",
                "name": "《黒死病》",
                "controller": "A",
                "colors": ["black"],
                "types": ["enchantment"],
            },
            "damage": [
                {"to": "bear", "amount": 1},
                {"to": "ally", "amount": 1},
                {"to": "A", "amount": 1},
                {"to": "B", "amount": 1},
            ],
        },
        "summary": "起動型能力で、各クリーチャーと各プレイヤーに1点ずつダメージを与えるエンチャントです。",
        "note": "能力を1回起動したときのダメージとして表しています。クリーチャーがいなくなったときに生け贄に捧げる能力は扱いません。",
    },
    "Prey Upon": {
        "kind": "event",
        "permanents": [WURM_A, BEAR_B],
        "event": {
            "type": "fight",
            "name": "《捕食》",
            "fighters": ["mywurm", "bear"],
            "spell": {"controller": "A", "colors": ["green"], "types": ["sorcery"]},
            "targets": ["mywurm", "bear"],
        },
        "summary": "あなたのクリーチャー1体と相手のクリーチャー1体を格闘させる呪文です。互いにパワーに等しいダメージを与え合います。",
        "note": "",
    },
    "Pyroclasm": {
        "kind": "event",
        "permanents": [BEAR_B, ALLY_A],
        "event": _burn("紅蓮地獄", ["red"], "sorcery", [("bear", 2), ("ally", 2)]),
        "summary": "各クリーチャーに2点のダメージを与える呪文です。",
        "note": "",
    },
    "Rabid Bite": {
        "kind": "event",
        "permanents": [WURM_A, BEAR_B],
        "event": {
            "type": "bite",
            "name": "《狂気の一咬み》",
            "source": "mywurm",
            "to": "bear",
            "spell": {"controller": "A", "colors": ["green"], "types": ["sorcery"]},
            "targets": ["mywurm", "bear"],
        },
        "summary": "あなたのクリーチャーが、そのパワーに等しいダメージを相手のクリーチャーに一方的に与える呪文です。",
        "note": "",
    },
    "Ram Through": {
        "kind": "event",
        "permanents": [
            _creature("dreadmaw", "巨大な戦慄大口", "A", 6, 6, ["green"], keywords=["trample"]),
            BEAR_B,
        ],
        "event": {
            "type": "bite",
            "name": "《強行突破》",
            "source": "dreadmaw",
            "to": "bear",
            "excess_to": "controller",
            "spell": {"controller": "A", "colors": ["green"], "types": ["instant"]},
            "targets": ["dreadmaw", "bear"],
        },
        "summary": "あなたのクリーチャーがパワーに等しいダメージを相手のクリーチャーに与えます。トランプルを持つなら、超過分はそのコントローラーに与えます。",
        "note": "",
    },
    "Searing Blood": {
        "kind": "event",
        "permanents": [BEAR_B],
        "event": _burn(
            "灼熱の血",
            ["red"],
            "instant",
            [("bear", 2)],
            ("bear",),
            delayed={"when": "dies", "creature": "bear", "amount": 3},
        ),
        "summary": "クリーチャーに2点のダメージを与え、このターンそれが死亡したら、そのコントローラーに3点のダメージを与える呪文です。",
        "note": "死亡したときに3点を与える遅延誘発型能力は、この解決の中で死亡したときに誘発します。"
        "このダメージで死亡せず、同じターンのあとで死亡した場合は、盤面がそこまで進まないので扱いません。",
    },
    "Skullcrack": {
        "kind": "event",
        "effects": [{"type": "no_life_gain", "name": "《頭蓋割り》"}],
        "event": _burn("頭蓋割り", ["red"], "instant", [("B", 3)], ("B",), cant_be_prevented=True),
        "summary": "このターン、プレイヤーはライフを得られず、ダメージは軽減されません。対象のプレイヤーに3点のダメージを与えます。",
        "note": "「このターン、ダメージは軽減されない」は、この呪文のダメージについてだけ表しています。",
    },
    "Volcanic Fallout": {
        "kind": "event",
        "permanents": [BEAR_B, ALLY_A],
        "event": _burn("火山の流弾", ["red"], "instant", [("bear", 2), ("ally", 2), ("A", 2), ("B", 2)]),
        "summary": "各クリーチャーと各プレイヤーに2点のダメージを与える呪文です。打ち消されません。",
        "note": "打ち消されないことは扱いません。",
    },
    "Seal of Fire": {
        "kind": "event",
        "permanents": [BEAR_B],
        "event": {
            "type": "noncombat",
            "source": {
                "id": "spell",
                "name": "《炎の印章》",
                "controller": "A",
                "colors": ["red"],
                "types": ["enchantment"],
            },
            "damage": [{"to": "bear", "amount": 2}],
            "targets": ["bear"],
        },
        "summary": "生け贄に捧げることで2点のダメージを与えるエンチャントです。",
        "note": "生け贄に捧げて能力を起動した後のダメージとして表しています。",
    },
    "Murder": {
        "kind": "event",
        "permanents": [WURM_B],
        "event": {
            "type": "destroy",
            "source": _spell("殺害", "A", ["black"], "instant"),
            "targets": ["wurm"],
            "targeted": True,
        },
        "summary": "クリーチャー1体を破壊する呪文です。",
        "note": "",
    },
    "Wrath of God": {
        "kind": "event",
        "permanents": [BEAR_B, ALLY_A],
        "effects": [{"type": "regenerate", "on": "bear", "name": "《灰色熊》の再生の盾"}],
        "event": {
            "type": "destroy",
            "source": _spell("神の怒り", "A", ["white"], "sorcery"),
            "targets": ["bear", "ally"],
            "cant_be_regenerated": True,
        },
        "summary": "すべてのクリーチャーを破壊する呪文です。それらは再生できません。",
        "note": "",
    },
    "Giant Growth": {
        "kind": "event",
        "permanents": [KNIGHT_A, GIANT_B],
        "event": _attack(
            "knight",
            "B",
            ["giant"],
            between_steps=[
                {"type": "pump", "creature": "knight", "power": 3, "toughness": 3, "name": "《巨大化》"}
            ],
        ),
        "summary": "クリーチャー1体をターン終了時まで+3/+3する呪文です。",
        "note": "このチューターの盤面では、先制攻撃の戦闘ダメージの後に唱えた場合として表します。それ以外の時点では、盤面のパワーとタフネスを直接変えてください。",
    },
    "Might of Oaks": {
        "kind": "event",
        "permanents": [KNIGHT_A, GIANT_B],
        "event": _attack(
            "knight",
            "B",
            ["giant"],
            between_steps=[
                {"type": "pump", "creature": "knight", "power": 7, "toughness": 7, "name": "《樫の力》"}
            ],
        ),
        "summary": "クリーチャー1体をターン終了時まで+7/+7する呪文です。",
        "note": "このチューターの盤面では、先制攻撃の戦闘ダメージの後に唱えた場合として表します。",
    },
    # --- prevention ---------------------------------------------------------------------------
    "Awe Strike": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [
            {
                "type": "prevent_next_from_source",
                "source": "wurm",
                "gain_life_to": "A",
                "name": "《畏敬の一撃》",
            }
        ],
        "summary": "",
        "note": EFFECT_NOTE,
    },
    "Circle of Protection: Black": {
        "kind": "effect",
        "permanents": [RATS_B],
        "active_player": "B",
        "effects": [
            {
                "type": "prevent_from_color",
                "color": "black",
                "to": "A",
                "next_only": True,
                "name": "《黒の防御円》",
                "source": "rats",
            }
        ],
        "event": _attack("rats", "A"),
        "summary": "マナを支払うと、このターン次にあなたが選んだ黒の発生源1つからあなたが受けるダメージを軽減するエンチャントです。",
        "note": (
            "能力を1回起動し、解決するときに黒の発生源として《チフス鼠》を選んだ後の軽減の効果として表しています"
            "（発生源は1つだけ選ばれ、ほかの黒の発生源のダメージは軽減されません。609.7a）。"
        ),
    },
    "Circle of Protection: Red": {
        "kind": "effect",
        "permanents": [GIANT_B],
        "active_player": "B",
        "effects": [
            {
                "type": "prevent_from_color",
                "color": "red",
                "to": "A",
                "next_only": True,
                "name": "《赤の防御円》",
                "source": "giant",
            }
        ],
        "event": _attack("giant", "A"),
        "summary": "マナを支払うと、このターン次にあなたが選んだ赤の発生源1つからあなたが受けるダメージを軽減するエンチャントです。",
        "note": (
            "能力を1回起動し、解決するときに赤の発生源として《丘巨人》を選んだ後の軽減の効果として表しています"
            "（発生源は1つだけ選ばれ、ほかの赤の発生源のダメージは軽減されません。609.7a）。"
        ),
    },
    "Dawn Charm": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [{"type": "prevent_all", "combat_only": True, "name": "《暁の魔除け》"}],
        "summary": "3つのモードから1つを選ぶ呪文です。このターンの戦闘ダメージをすべて軽減する、クリーチャーを再生する、あなたを対象とする呪文を打ち消す、のいずれかです。",
        "note": "戦闘ダメージを軽減するモードを表しています。ほかのモードは扱いません。",
    },
    "Deflecting Palm": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [
            {
                "type": "prevent_and",
                "to": "A",
                "source": "wurm",
                "then": "deal_damage",
                "name": "《跳ね返す掌》",
                "dealer": {"name": "《跳ね返す掌》", "controller": "A", "colors": ["white", "red"]},
            }
        ],
        "summary": "あなたが選んだ発生源から次にあなたが受けるダメージを軽減し、同じだけのダメージをその発生源のコントローラーに与える呪文です。",
        "note": EFFECT_NOTE,
    },
    "Everlasting Torment": {
        "kind": "effect",
        "permanents": [BEAR_B],
        "effects": [
            {"type": "no_life_gain", "name": "《恒久の拷問》"},
            {"type": "cant_be_prevented", "name": "《恒久の拷問》"},
        ],
        "event": _burn("ショック", ["red"], "instant", [("bear", 2)], ("bear",)),
        "summary": "プレイヤーはライフを得られず、ダメージは軽減されず、すべてのダメージが萎縮を持つかのように与えられるエンチャントです。",
        "note": "ダメージが萎縮を持つかのように与えられることは扱いません。",
    },
    "Fog": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [{"type": "prevent_all", "combat_only": True, "name": "《濃霧》"}],
        "summary": "このターンに与えられる戦闘ダメージをすべて軽減する呪文です。",
        "note": EFFECT_NOTE,
    },
    "Holy Day": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [{"type": "prevent_all", "combat_only": True, "name": "《聖なる日》"}],
        "summary": "このターンに与えられる戦闘ダメージをすべて軽減する呪文です。",
        "note": EFFECT_NOTE,
    },
    "Forcefield": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [{"type": "prevent_all_but", "to": "A", "source": "wurm", "name": "《Forcefield》"}],
        "summary": "マナを支払うと、ブロックされていないクリーチャー1体が次にあなたに与える戦闘ダメージを、1点を残して軽減するアーティファクトです。",
        "note": "能力を1回起動した後の軽減の効果として表しています。",
    },
    "Gods Willing": {
        "kind": "effect",
        "permanents": [{**ALLY_A, "protection": ["red"]}],
        "event": _sweep_from_b("ally"),
        "summary": "あなたのクリーチャー1体が、ターン終了時まで選んだ色からのプロテクションを得る呪文です。占術1も行います。",
        "note": "赤を選び、《灰色熊》がプロテクション（赤）を得た盤面として表しています。占術は扱いません。",
    },
    "Hallow": {
        "kind": "effect",
        "effects": [
            {"type": "prevent_next_from_source", "source": "bolt", "gain_life_to": "A", "name": "《神聖》"}
        ],
        "event": _bolt_from_b("A"),
        "summary": "呪文1つがこのターン与えるダメージをすべて軽減し、軽減した分だけそのコントローラーがライフを得る呪文です。",
        "note": "対戦相手の《稲妻》を対象にした場合として表しています。",
    },
    "Healing Salve": {
        "kind": "effect",
        "effects": [{"type": "prevent_next", "to": "A", "amount": 3, "name": "《治癒の軟膏》"}],
        "event": _bolt_from_b("A"),
        "summary": "プレイヤー1人が3点のライフを得るか、次に受ける3点のダメージを軽減するかを選ぶ呪文です。",
        "note": "ダメージを軽減するモードを表しています。",
    },
    "Leyline of Punishment": {
        "kind": "effect",
        "effects": [
            {"type": "no_life_gain", "name": "《処罰の力線》"},
            {"type": "cant_be_prevented", "name": "《処罰の力線》"},
        ],
        "permanents": [
            CHILD_A,
            _creature(
                "guard", "白騎士", "B", 2, 2, ["white"], keywords=["first_strike"], protection=["black"]
            ),
        ],
        "event": _attack("child", "B"),
        "summary": "プレイヤーはライフを得られず、ダメージは軽減されないエンチャントです。開始時の手札にあれば、戦場に出した状態でゲームを始められます。",
        "note": "開始時の手札から戦場に出すことは扱いません。",
    },
    "Maze of Ith": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [
            {"type": "prevent_all", "from": "wurm", "combat_only": True, "name": "《イス卿の迷路》"},
            {"type": "prevent_all", "to": "wurm", "combat_only": True, "name": "《イス卿の迷路》"},
        ],
        "summary": "攻撃しているクリーチャー1体をアンタップし、このターンそれが与える戦闘ダメージと受ける戦闘ダメージをすべて軽減する土地です。",
        "note": "アンタップすることは扱いません。",
    },
    "Prismatic Strands": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [{"type": "prevent_from_color", "color": "green", "to": "A", "name": "《虹色の断片》"}],
        "summary": "このターン、選んだ色の発生源が与えるダメージをすべて軽減する呪文です。白のクリーチャーをタップしてフラッシュバックできます。",
        "note": "緑を選んだ場合の、あなたへのダメージの軽減として表しています。ほかの対象へのダメージとフラッシュバックは扱いません。",
    },
    "Reverse Damage": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [
            {
                "type": "prevent_next_from_source",
                "source": "wurm",
                "gain_life_to": "A",
                "name": "《ダメージ反転》",
            }
        ],
        "summary": "あなたが選んだ発生源から次にあなたが受けるダメージを軽減し、その分だけライフを得る呪文です。",
        "note": EFFECT_NOTE,
    },
    "Safe Passage": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [{"type": "prevent_all", "to": "A", "name": "《安全な道》"}],
        "summary": "このターン、あなたとあなたがコントロールするクリーチャーに与えられるダメージをすべて軽減する呪文です。",
        "note": "あなたへのダメージの軽減として表しています。",
    },
    "Solitary Confinement": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [{"type": "prevent_all", "to": "A", "name": "《独房監禁》"}],
        "summary": "あなたは被覆を持ち、あなたに与えられるダメージはすべて軽減されるエンチャントです。代わりにドローを飛ばし、維持コストがかかります。",
        "note": "被覆、ドローを飛ばすこと、維持コストは扱いません。",
    },
    "Teferi's Protection": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "players": {"A": {"protection": ["everything"]}},
        "effects": [{"type": "life_cant_change", "player": "A", "name": "《テフェリーの防御》"}],
        "summary": "次のターンまで、あなたのライフは変化せず、あなたはプロテクション（すべて）を得て、パーマネントはフェイズ・アウトする呪文です。",
        "note": "フェイズ・アウトは扱いません。",
    },
    "Test of Faith": {
        "kind": "effect",
        "permanents": [ALLY_A],
        "effects": [
            {
                "type": "prevent_and",
                "to": "ally",
                "amount": 3,
                "then": "plus_counters",
                "name": "《信仰の試練》",
            }
        ],
        "event": _bolt_from_b("ally"),
        "summary": "このターン、クリーチャー1体に次に与えられる3点のダメージを軽減し、軽減した1点につき+1/+1カウンターを置く呪文です。",
        "note": EFFECT_NOTE,
    },
    "Urza's Armor": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [{"type": "prevent_static", "amount": 1, "to": "A", "name": "《ウルザの鎧》"}],
        "summary": "発生源があなたにダメージを与えるたび、そのうち1点を軽減するアーティファクトです。",
        "note": EFFECT_NOTE,
    },
    "Solemnity": {
        "kind": "effect",
        "permanents": [_creature("elf", "ぎらつかせのエルフ", "B", 1, 1, ["green"], keywords=["infect"])],
        "active_player": "B",
        "event": _attack("elf", "A"),
        "effects": [{"type": "no_counters", "on": "A", "name": "《厳粛》"}],
        "summary": "プレイヤーにもパーマネントにもカウンターを置けなくするエンチャントです。",
        "note": "あなたに毒カウンターが置かれない部分を表しています。パーマネントへのカウンターは扱いません。",
    },
    # --- redirection --------------------------------------------------------------------------
    "Harm's Way": {
        "kind": "effect",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [
            {
                "type": "redirect_damage",
                "from": "A",
                "to": "B",
                "amount": 2,
                "source": "wurm",
                "name": "《危害のあり方》",
            }
        ],
        "summary": "あなたが選んだ発生源が、あなたやあなたのパーマネントに次に与える2点のダメージを、好きな対象に移し替える呪文です。",
        "note": "対戦相手に移し替えた場合として表しています。",
    },
    "Jade Monolith": {
        "kind": "effect",
        "permanents": [ALLY_A],
        "effects": [
            {
                "type": "redirect_damage",
                "from": "ally",
                "to": "A",
                "source": "bolt",
                "name": "《翡翠のモノリス》",
            }
        ],
        "event": _bolt_from_b("ally"),
        "summary": "マナを支払うと、選んだ発生源がクリーチャー1体に次に与えるダメージを、代わりにあなたが受けるアーティファクトです。",
        "note": "能力を1回起動した後の移し替えとして表しています。",
    },
    "Pariah": {
        "kind": "effect",
        "permanents": [ALLY_A],
        "effects": [{"type": "redirect_damage", "from": "A", "to": "ally", "name": "《最下層民》"}],
        "event": _bolt_from_b("A"),
        "summary": "あなたに与えられるダメージを、代わりにエンチャントされているクリーチャーに与えるオーラです。",
        "note": "《灰色熊》につけた場合として表しています。",
    },
    "Shining Shoal": {
        "kind": "effect",
        "effects": [
            {
                "type": "redirect_damage",
                "from": "A",
                "to": "B",
                "amount": 3,
                "source": "bolt",
                "name": "《輝く群れ》",
            }
        ],
        "event": _bolt_from_b("A"),
        "summary": "",
        "note": "Xを3、移し替え先を対戦相手として表しています。手札のカードを追放して唱えることは扱いません。",
    },
    # --- multipliers and replacements ---------------------------------------------------------
    "Dictate of the Twin Gods": {
        "kind": "effect",
        "effects": [{"type": "damage_multiplier", "factor": 2, "name": "《双子神の指図》"}],
        "event": _burn("稲妻", ["red"], "instant", [("B", 3)], ("B",)),
        "summary": "発生源がパーマネントやプレイヤーにダメージを与えるなら、代わりにその2倍のダメージを与えるエンチャントです。瞬速を持ちます。",
        "note": EFFECT_NOTE,
    },
    "Fiery Emancipation": {
        "kind": "effect",
        "effects": [
            {"type": "damage_multiplier", "factor": 3, "from_controller": "A", "name": "《焦熱の解放》"}
        ],
        "event": _burn("稲妻", ["red"], "instant", [("B", 3)], ("B",)),
        "summary": "あなたがコントロールする発生源がダメージを与えるなら、代わりにその3倍のダメージを与えるエンチャントです。",
        "note": EFFECT_NOTE,
    },
    "Furnace of Rath": {
        "kind": "effect",
        "effects": [{"type": "damage_multiplier", "factor": 2, "name": "《ラースの灼熱洞》"}],
        "event": _burn("稲妻", ["red"], "instant", [("B", 3)], ("B",)),
        "summary": "発生源がクリーチャーやプレイヤーにダメージを与えるなら、代わりにその2倍のダメージを与えるエンチャントです。",
        "note": EFFECT_NOTE,
    },
    "Gratuitous Violence": {
        "kind": "effect",
        "permanents": [ALLY_A],
        "effects": [
            {"type": "damage_multiplier", "factor": 2, "from_controller": "A", "name": "《理由なき暴力》"}
        ],
        "event": _attack("ally", "B"),
        "summary": "あなたがコントロールするクリーチャーがダメージを与えるなら、代わりにその2倍を与えるエンチャントです。",
        "note": "あなたのコントロールする発生源すべてに適用しています。クリーチャー以外の発生源を置くときは注意してください。",
    },
    "Boon Reflection": {
        "kind": "effect",
        "permanents": [CHILD_A],
        "effects": [{"type": "life_gain_multiplier", "player": "A", "factor": 2, "name": "《加護の反射》"}],
        "event": _attack("child", "B"),
        "summary": "",
        "note": EFFECT_NOTE,
    },
    "Worship": {
        "kind": "effect",
        "permanents": [ALLY_A, WURM_B],
        **WURM_ATTACKS_YOU,
        "players": {"A": {"life": 3}},
        "effects": [
            {
                "type": "life_floor",
                "player": "A",
                "floor": 1,
                "if_controls_creature": True,
                "name": "《崇拝》",
            }
        ],
        "summary": "",
        "note": EFFECT_NOTE,
    },
    "Sulfuric Vortex": {
        "kind": "effect",
        "permanents": [CHILD_A],
        "effects": [{"type": "no_life_gain", "name": "《硫黄の渦》"}],
        "event": _attack("child", "B"),
        "summary": "各プレイヤーのアップキープに、そのプレイヤーに2点のダメージを与えるエンチャントです。プレイヤーはライフを得られません。",
        "note": "アップキープの誘発型能力は扱いません。ライフを得られないことだけを表しています。",
    },
    "Phyrexian Unlife": {
        "kind": "effect",
        "players": {"A": {"life": 1}},
        "effects": [
            {
                "type": "no_loss_for_life",
                "player": "A",
                "damage_as_infect": True,
                "name": "《ファイレクシアの非生》",
            }
        ],
        "event": _bolt_from_b("A"),
        "summary": "あなたはライフが0以下でもゲームに敗北せず、ライフが0以下の間、あなたに与えられるダメージは毒カウンターとして置かれるエンチャントです。",
        "note": EFFECT_NOTE,
    },
    "Doubling Season": {
        "kind": "effect",
        "permanents": [
            CHILD_A,
            _creature(
                "pridemate",
                "アジャニの群れ仲間",
                "A",
                2,
                2,
                ["white"],
                triggers=[
                    {
                        "when": "gain_life",
                        "effect": {"type": "counters", "amount": 1, "kind": "+1/+1", "on": "self"},
                    }
                ],
            ),
        ],
        "effects": [
            {"type": "counter_multiplier", "factor": 2, "on_controlled_by": "A", "name": "《倍増の季節》"}
        ],
        "event": _attack("child", "B"),
        "summary": (
            "あなたがコントロールするパーマネントにカウンターが置かれるなら、誰が置くかにかかわらず代わりに2倍を置き、"
            "あなたのコントロール下でトークンが生成されるなら代わりに2倍を生成するエンチャントです。"
        ),
        "note": (
            "カウンターを2倍にするかどうかは、置かれるパーマネントのコントローラーで決まるものとして扱います"
            "（対戦相手のパーマネントや、プレイヤーの毒カウンターは2倍になりません）。トークンを2倍にすることは扱いません。"
        ),
    },
    "Benevolent Blessing": {
        "kind": "effect",
        "permanents": [{**ALLY_A, "protection": ["red"]}],
        "event": _sweep_from_b("ally"),
        "summary": "瞬速を持つオーラです。戦場に出るときに色を1つ選び、エンチャントされているクリーチャーはその色からのプロテクションを持ちます。",
        "note": "赤を選び、《灰色熊》につけた盤面として表しています。",
    },
    "Basilisk Collar": {
        "kind": "effect",
        "permanents": [{**ALLY_A, "keywords": ["deathtouch", "lifelink"]}, WURM_B],
        "event": _attack("ally", "B", ["wurm"]),
        "summary": "装備しているクリーチャーは接死と絆魂を持つ装備品です。",
        "note": "《灰色熊》に装備した盤面として表しています。装備の起動は扱いません。",
    },
    "Loxodon Warhammer": {
        "kind": "effect",
        "permanents": [{**ALLY_A, "power": 5, "keywords": ["lifelink", "trample"]}, GIANT_B],
        "event": _attack("ally", "B", ["giant"]),
        "summary": "装備しているクリーチャーは+3/+0の修整を受け、トランプルと絆魂を持つ装備品です。",
        "note": "《灰色熊》に装備した盤面（5/2）として表しています。",
    },
    "Sword of Fire and Ice": {
        "kind": "effect",
        "permanents": [
            {
                **ALLY_A,
                "power": 4,
                "toughness": 4,
                "protection": ["red", "blue"],
                "triggers": [
                    {
                        "when": "deals_damage",
                        "damage": "combat",
                        "recipient": "player",
                        "effect": {"type": "damage", "amount": 2, "to": "bear", "target": True},
                    }
                ],
            },
            BEAR_B,
        ],
        "event": _attack("ally", "B"),
        "summary": "装備しているクリーチャーは+2/+2の修整を受け、赤と青からのプロテクションを持ちます。プレイヤーに戦闘ダメージを与えるたび、2点のダメージを与え、カードを1枚引きます。",
        "note": "《灰色熊》に装備した盤面として表しています。カードを引くことは扱いません。",
    },
    "Spirit Link": {
        "kind": "effect",
        "permanents": [
            {
                **ALLY_A,
                "triggers": [
                    {
                        "when": "deals_damage",
                        "effect": {"type": "gain_life", "amount": "that_much", "player": "A"},
                    }
                ],
            }
        ],
        "event": _attack("ally", "B"),
        "summary": "エンチャントされているクリーチャーがダメージを与えるたび、あなたはその点数のライフを得るオーラです。",
        "note": "あなたの《灰色熊》につけた場合として表しています。対戦相手のクリーチャーにつけた場合は、誘発型能力のコントローラーがあなたであることに注意してください。",
    },
    "Spiteful Shadows": {
        "kind": "effect",
        "permanents": [
            {
                **WURM_B,
                "triggers": [
                    {"when": "dealt_damage", "effect": {"type": "damage", "amount": "that_much", "to": "B"}}
                ],
            }
        ],
        "event": _burn("ショック", ["red"], "instant", [("wurm", 2)], ("wurm",)),
        "summary": "エンチャントされているクリーチャーにダメージが与えられるたび、そのクリーチャーはその点数のダメージを自分のコントローラーに与えるオーラです。",
        "note": "対戦相手の《大喰らいのワーム》につけた場合として表しています。",
    },
    "Repercussion": {
        "kind": "effect",
        "permanents": [
            {
                **WURM_B,
                "triggers": [
                    {
                        "when": "dealt_damage",
                        "watch": "any",
                        "effect": {"type": "damage", "amount": "that_much", "to": "its_controller"},
                    }
                ],
            }
        ],
        "event": _burn("ショック", ["red"], "instant", [("wurm", 2)], ("wurm",)),
        "summary": "クリーチャーにダメージが与えられるたび、このエンチャントはそのコントローラーに同じ点数のダメージを与えます。",
        "note": "このチューターの盤面では誘発型能力をクリーチャーなどのダメージを受けうるパーマネントにしか持たせられないため、"
        "《大喰らいのワーム》が持つ「クリーチャーがダメージを与えられるたび」の能力として表しています。どのクリーチャーへのダメージでも"
        "1体ごとに誘発し、そのクリーチャーのコントローラーにダメージを与えますが、ダメージの発生源はこのエンチャントではなく"
        "《大喰らいのワーム》になります。",
    },
    "Sanguine Bond": {
        "kind": "effect",
        "permanents": [
            {
                **CHILD_A,
                "triggers": [
                    {
                        "when": "gain_life",
                        "effect": {"type": "lose_life", "amount": "that_much", "player": "each_opponent"},
                    }
                ],
            }
        ],
        "event": _attack("child", "B"),
        "summary": "あなたがライフを得るたび、対戦相手1人は同じ点数のライフを失うエンチャントです。",
        "note": "このチューターの盤面では誘発型能力をクリーチャーにしか持たせられないため、絆魂を持つ《夜の子》の能力として表しています。",
    },
    # --- planeswalkers and battles -------------------------------------------------------------
    "Chandra, Torch of Defiance": {
        "kind": "permanent",
        "permanents": [GIANT_B],
        "active_player": "B",
        "event": _attack("giant", "card"),
        "summary": "忠誠度4のプレインズウォーカーです。ダメージを与える能力やマナを出す能力を持ちます。",
        "note": "忠誠度能力は扱いません。ダメージを受けて忠誠カウンターを失うことを表しています。",
    },
    "Gideon Jura": {
        "kind": "permanent",
        "permanents": [GIANT_B],
        "active_player": "B",
        "event": _attack("giant", "card"),
        "summary": "忠誠度6のプレインズウォーカーです。クリーチャーになって戦闘に参加でき、その間に受けるダメージは軽減されます。",
        "note": "忠誠度能力とクリーチャーになることは扱いません。",
    },
    "Sorin, Vengeful Bloodlord": {
        "kind": "permanent",
        "permanents": [{**ALLY_A, "keywords": ["lifelink"]}],
        "event": _attack("ally", "B"),
        "summary": "忠誠度4のプレインズウォーカーです。あなたのターンの間、あなたのクリーチャーとプレインズウォーカーは絆魂を持ちます。",
        "note": "あなたのターンの《灰色熊》が絆魂を持つ盤面として表しています。忠誠度能力は扱いません。",
    },
    "Invasion of Gobakhan": {
        "kind": "permanent",
        "permanents": [ALLY_A],
        "event": _attack("ally", "card"),
        "card": {"protector": "B"},
        "summary": "守備値3のバトル（包囲戦）です。倒すと裏面のクリーチャーとして唱えられます。",
        "note": "戦場に出たときの能力と裏面は扱いません。",
    },
    "Invasion of Regatha": {
        "kind": "permanent",
        "permanents": [ALLY_A],
        "event": _attack("ally", "card"),
        "card": {"protector": "B"},
        "summary": "守備値5のバトル（包囲戦）です。倒すと裏面のエンチャントとして唱えられます。",
        "note": "戦場に出たときの能力と裏面は扱いません。",
    },
    "Invasion of Tarkir": {
        "kind": "permanent",
        "permanents": [ALLY_A],
        "event": _attack("ally", "card"),
        "card": {"protector": "B"},
        "summary": "守備値5のバトル（包囲戦）です。倒すと裏面のクリーチャーとして唱えられます。",
        "note": "戦場に出たときの能力と裏面は扱いません。",
    },
    # --- creatures with abilities beyond their keywords ----------------------------------------
    "Daunting Defender": {
        "kind": "permanent",
        "event": _bolt_from_b("card"),
        "effects": [
            {
                "type": "prevent_static",
                "amount": 1,
                "to_filter": {"controller": "A", "subtype": "Cleric"},
                "name": "《圧倒する防衛者》",
            }
        ],
        "summary": "",
        "note": "",
    },
    "Samite Healer": {
        "kind": "permanent",
        "permanents": [ALLY_A],
        "event": _bolt_from_b("ally", 2),
        "effects": [{"type": "prevent_next", "to": "ally", "amount": 1, "name": "《サマイトの癒し手》"}],
        "summary": "タップすると、このターン次に与えられる1点のダメージを軽減できるクリーチャーです。",
        "note": "能力を1回起動した後の軽減として表しています。",
    },
    "Wojek Apothecary": {
        "kind": "permanent",
        "permanents": [ALLY_A],
        "event": _bolt_from_b("ally", 2),
        "effects": [{"type": "prevent_next", "to": "ally", "amount": 1, "name": "《ウォジェクの薬剤師》"}],
        "summary": "タップすると、クリーチャー1体と、それと同じ色のほかのクリーチャーそれぞれに次に与えられる1点のダメージを軽減できるクリーチャーです。",
        "note": "能力を1回起動した後の、対象1体への軽減として表しています。同じ色のほかのクリーチャーへの軽減は扱いません。",
    },
    "Spore Frog": {
        "kind": "permanent",
        "permanents": [WURM_B],
        **WURM_ATTACKS_YOU,
        "effects": [{"type": "prevent_all", "combat_only": True, "name": "《胞子カエル》"}],
        "summary": "生け贄に捧げると、このターンの戦闘ダメージをすべて軽減できるクリーチャーです。",
        "note": "生け贄に捧げた後の軽減の効果として表しています（盤面にはまだ残っています）。",
    },
    "Phyrexian Hydra": {
        "kind": "permanent",
        "event": _bolt_from_b("card"),
        "effects": [
            {
                "type": "prevent_and",
                "to": "card",
                "then": "minus_counters",
                "name": "《ファイレクシアのハイドラ》",
            }
        ],
        "summary": "感染を持つクリーチャーです。これにダメージが与えられるなら、それを軽減し、その1点につき-1/-1カウンターを置きます。",
        "note": "",
    },
    "Vigor": {
        "kind": "permanent",
        "permanents": [ALLY_A],
        "event": _bolt_from_b("ally"),
        "effects": [{"type": "prevent_and", "to": "ally", "then": "plus_counters", "name": "《活力》"}],
        "summary": "トランプルを持つクリーチャーです。あなたのほかのクリーチャーにダメージが与えられるなら、それを軽減し、その1点につき+1/+1カウンターを置きます。",
        "note": "あなたの《灰色熊》1体への効果として表しています。",
    },
    "Swans of Bryn Argoll": {
        "kind": "permanent",
        "event": _bolt_from_b("card"),
        "effects": [
            {"type": "prevent_and", "to": "card", "then": "draw", "name": "《ブリン・アーゴルの白鳥》"}
        ],
        "summary": "飛行を持つクリーチャーです。これに与えられるダメージは軽減され、その発生源のコントローラーが軽減した点数だけカードを引きます。",
        "note": "",
    },
    "Gisela, Blade of Goldnight": {
        "kind": "permanent",
        "event": _attack("card", "B"),
        "effects": [
            {
                "type": "damage_multiplier",
                "factor": 2,
                "to_opponents_of": "A",
                "name": "《黄金夜の刃、ギセラ》",
            },
            {"type": "prevent_half", "player": "A", "name": "《黄金夜の刃、ギセラ》"},
        ],
        "summary": "対戦相手やそのパーマネントへのダメージを2倍にし、あなたやあなたのパーマネントへのダメージを半分（端数切り上げ）軽減するクリーチャーです。",
        "note": "",
    },
    "Fiendish Duo": {
        "kind": "permanent",
        "event": _attack("card", "B"),
        "effects": [{"type": "damage_multiplier", "factor": 2, "to": "B", "name": "《極悪な二人組》"}],
        "summary": "先制攻撃を持つクリーチャーです。発生源が対戦相手にダメージを与えるなら、代わりにその2倍を与えます。",
        "note": "対戦相手が1人の場合として表しています。",
    },
    "Torbran, Thane of Red Fell": {
        "kind": "permanent",
        "event": _attack("card", "B"),
        "effects": [
            {
                "type": "damage_plus",
                "amount": 2,
                "from_controller": "A",
                "source_color": "red",
                "to_opponents": True,
                "name": "《朱地洞の族長、トーブラン》",
            }
        ],
        "summary": "あなたがコントロールする赤の発生源が対戦相手やそのパーマネントにダメージを与えるなら、代わりにそれに2を足したダメージを与えるクリーチャーです。",
        "note": "",
    },
    "Rhox Faithmender": {
        "kind": "permanent",
        "event": _attack("card", "B"),
        "effects": [
            {"type": "life_gain_multiplier", "player": "A", "factor": 2, "name": "《ロウクスの信仰癒し人》"}
        ],
        "summary": "絆魂を持つクリーチャーです。あなたがライフを得るなら、代わりにその2倍を得ます。",
        "note": "",
    },
    "Platinum Emperion": {
        "kind": "permanent",
        "event": _bolt_from_b("A"),
        "effects": [{"type": "life_cant_change", "player": "A", "name": "《白金の帝像》"}],
        "summary": "あなたのライフの総量は変化しないクリーチャーです。",
        "note": "",
    },
    "Tatterkite": {
        "kind": "permanent",
        "permanents": [
            _creature("kulrath", "クルラスの騎士", "B", 3, 3, ["black", "red"], keywords=["flying", "wither"])
        ],
        "card": {"cant_block": True},
        "effects": [{"type": "no_counters", "on": "card", "name": "《破れ翼トビ》"}],
        "event": _attack("card", "B", ["kulrath"]),
        "summary": "飛行を持ち、ブロックできないクリーチャーです。これにはカウンターを置けません。",
        "note": "萎縮を持つ飛行クリーチャー《クルラスの騎士》にブロックされた例です。",
    },
    "Melira, Sylvok Outcast": {
        "kind": "permanent",
        "summary": "あなたは毒カウンターを得ず、あなたのクリーチャーには-1/-1カウンターを置けないクリーチャーです。",
        "effects": [{"type": "no_counters", "on": "A", "name": "《シルヴォクののけ者、メリーラ》"}],
        "permanents": [_creature("elf", "ぎらつかせのエルフ", "B", 1, 1, ["green"], keywords=["infect"])],
        "active_player": "B",
        "event": _attack("elf", "A"),
        "note": "あなたが毒カウンターを得ないことは、あなたにカウンターを置けない効果で表しています。クリーチャーへの-1/-1カウンターの禁止は扱いません。",
    },
    "Doran, the Siege Tower": {
        "kind": "permanent",
        "permanents": [BEAR_B],
        "event": _attack("card", "B", ["bear"]),
        "effects": [{"type": "assign_by_toughness", "name": "《包囲の塔、ドラン》"}],
        "summary": "各クリーチャーは、パワーではなくタフネスに等しい戦闘ダメージを割り振ります。",
        "note": "",
    },
    "Belligerent Brontodon": {
        "kind": "permanent",
        "permanents": [BEAR_B],
        "event": _attack("card", "B", ["bear"]),
        "effects": [{"type": "assign_by_toughness", "controller": "A", "name": "《好戦的なブロントドン》"}],
        "summary": "あなたがコントロールする各クリーチャーは、パワーではなくタフネスに等しい戦闘ダメージを割り振ります。",
        "note": "",
    },
    "Arcades, the Strategist": {
        "kind": "permanent",
        "event": _attack("card", "B"),
        "effects": [{"type": "assign_by_toughness", "controller": "A", "name": "《策略の龍、アルカデス》"}],
        "summary": "飛行と警戒を持ちます。あなたがコントロールする防衛を持つ各クリーチャーは、パワーではなくタフネスに等しい戦闘ダメージを割り振り、攻撃できます。",
        "note": "防衛を持つクリーチャーだけに限ることと、防衛を持つクリーチャーが出たときにカードを引くことは扱いません。",
    },
    "Thorn Elemental": {
        "kind": "permanent",
        "card": {"may_assign_as_though_unblocked": True},
        "permanents": [BEAR_B],
        "event": {**_attack("card", "B", ["bear"]), "assignments": {"card": {"B": 7}}},
        "summary": "ブロックされても、ブロックされていないかのように戦闘ダメージを割り振ることを選べるクリーチャーです。",
        "note": "",
    },
    "Rhox": {
        "kind": "permanent",
        "card": {"may_assign_as_though_unblocked": True},
        "permanents": [BEAR_B],
        "effects": [{"type": "regenerate", "on": "card", "name": "《ロウクス》の再生の盾"}],
        "event": {**_attack("card", "B", ["bear"]), "assignments": {"card": {"B": 5}}},
        "summary": "ブロックされていないかのように戦闘ダメージを割り振ることを選べるクリーチャーです。マナを支払うと再生できます。",
        "note": "再生の能力を1回起動した後の盤面として表しています。",
    },
    "Drudge Skeletons": {
        "kind": "permanent",
        "event": _bolt_from_b("card"),
        "effects": [{"type": "regenerate", "on": "card", "name": "《蠢く骸骨》の再生の盾"}],
        "summary": "マナを支払うと再生できるクリーチャーです。",
        "note": "再生の能力を1回起動した後の盤面として表しています。",
    },
    "River Boa": {
        "kind": "permanent",
        "event": _bolt_from_b("card"),
        "effects": [{"type": "regenerate", "on": "card", "name": "《リバー・ボア》の再生の盾"}],
        "summary": "島渡りを持ち、マナを支払うと再生できるクリーチャーです。",
        "note": "再生の能力を1回起動した後の盤面として表しています。島渡りは扱いません。",
    },
    "Troll Ascetic": {
        "kind": "permanent",
        # 702.11b: B's spell can't target it; "each creature" targets nothing (115.10a), so B's 《紅蓮地獄》 still hits.
        "event": {
            "type": "noncombat",
            "source": {
                "id": "pyroclasm",
                "name": "《紅蓮地獄》",
                "controller": "B",
                "colors": ["red"],
                "types": ["sorcery"],
            },
            "damage": [{"to": "card", "amount": 2}],
        },
        "effects": [{"type": "regenerate", "on": "card", "name": "《トロールの苦行者》の再生の盾"}],
        "summary": "呪禁を持ち、マナを支払うと再生できるクリーチャーです。",
        "note": "再生の能力を1回起動した後の盤面として表しています。呪禁により対戦相手の呪文や能力の対象にはならないので、"
        "例では対象をとらない《紅蓮地獄》(各クリーチャーに2点)を受けています。",
    },
    "Ajani's Pridemate": {
        "kind": "permanent",
        "permanents": [CHILD_A],
        "card": {
            "triggers": [
                {
                    "when": "gain_life",
                    "effect": {"type": "counters", "amount": 1, "kind": "+1/+1", "on": "self"},
                }
            ]
        },
        "event": _attack("child", "B"),
        "summary": "",
        "note": "",
    },
    "Boros Reckoner": {
        "kind": "permanent",
        "event": _bolt_from_b("card", 2),
        "card": {
            "triggers": [
                {
                    "when": "dealt_damage",
                    "effect": {"type": "damage", "amount": "that_much", "to": "B", "target": True},
                }
            ]
        },
        "summary": "これにダメージが与えられるたび、同じ点数のダメージを好きな対象に与えるクリーチャーです。",
        "note": "対象を対戦相手とした場合として表しています。",
    },
    "Spitemare": {
        "kind": "permanent",
        "event": _bolt_from_b("card", 2),
        "card": {
            "triggers": [
                {
                    "when": "dealt_damage",
                    "effect": {"type": "damage", "amount": "that_much", "to": "B", "target": True},
                }
            ]
        },
        "summary": "これにダメージが与えられるたび、同じ点数のダメージを好きな対象に与えるクリーチャーです。",
        "note": "対象を対戦相手とした場合として表しています。",
    },
    "Stuffy Doll": {
        "kind": "permanent",
        "event": _burn("紅蓮地獄", ["red"], "sorcery", [("card", 2)]),
        "card": {
            "triggers": [
                {"when": "dealt_damage", "effect": {"type": "damage", "amount": "that_much", "to": "B"}}
            ]
        },
        "summary": "破壊不能を持ちます。戦場に出るときに対戦相手を1人選び、これにダメージが与えられるたび、同じ点数のダメージをそのプレイヤーに与えます。",
        "note": "選んだプレイヤーを対戦相手として表しています。",
    },
    "Toralf, God of Fury": {
        "kind": "permanent",
        "permanents": [BEAR_B],
        "card": {
            "triggers": [
                {
                    "when": "excess_damage",
                    "watch": "opponents",
                    "damage": "noncombat",
                    "effect": {"type": "damage", "amount": "that_much", "to": "B", "target": True},
                }
            ]
        },
        "event": _burn("稲妻", ["red"], "instant", [("bear", 3)], ("bear",)),
        "summary": "トランプルを持ちます。対戦相手のクリーチャーが戦闘以外の超過ダメージを受けるたび、その超過分に等しいダメージを、それ以外の好きな対象に与えます。",
        "note": "対象を対戦相手とした場合として表しています。裏面（《トラルフの鎚》）は扱いません。",
    },
    "Questing Beast": {
        "kind": "permanent",
        "permanents": [GIANT_B],
        "event": _attack("card", "B", ["giant"]),
        "effects": [
            {
                "type": "cant_be_prevented",
                "from_controller": "A",
                "combat_only": True,
                "name": "《探索する獣》",
            }
        ],
        "summary": "警戒・接死・速攻を持ち、パワー2以下のクリーチャーにはブロックされません。あなたのクリーチャーの戦闘ダメージは軽減されず、対戦相手に戦闘ダメージを与えるたび、そのプレインズウォーカーにも同じ点数を与えます。",
        "note": "プレインズウォーカーにダメージを与える誘発型能力は扱いません。",
    },
    "Maro": {
        "kind": "permanent",
        "card": {"power": 3, "toughness": 3},
        "summary": "",
        "note": "パワーとタフネスは手札の枚数に等しく、ここでは手札が3枚の場合の3/3として表しています。",
    },
    "Skrelv, Defector Mite": {
        "kind": "permanent",
        "card": {"cant_block": True},
        "summary": "",
        "note": "ほかのクリーチャーに毒性と呪禁を与える起動型能力は扱いません。",
    },
    "Falco Spara, Pactweaver": {
        "kind": "permanent",
        "summary": "",
        "note": "ライブラリーの一番上のカードを見ることと、カウンターを取り除いてそこから呪文を唱えることは扱いません。",
    },
    "Kulrath Knight": {
        "kind": "permanent",
        "summary": "",
        "note": "カウンターが置かれている対戦相手のクリーチャーが攻撃もブロックもできないことは扱いません。",
    },
    "Voice of All": {
        "kind": "permanent",
        "card": {"protection": ["red"]},
        "event": _sweep_from_b("card"),
        "summary": "飛行を持ちます。戦場に出るときに色を1つ選び、その色からのプロテクションを持ちます。",
        "note": "赤を選んだ場合として表しています。",
    },
}
"""Cards whose encoding is more than their own permanent attacking (or the whole encoding)."""

CLASSIFICATION: dict[str, dict[str, Any]] = {
    "Ravenous Baloth": {"categories": ["other"], "rules": ["510.1a"], "keywords": []},
    "Goblin Sledder": {"categories": ["other"], "rules": ["510.1a", "704.5g"], "keywords": []},
    "Helpful Hunter": {"categories": ["other"], "rules": ["510.1a"], "keywords": []},
    "Elvish Regrower": {"categories": ["other"], "rules": ["510.1a"], "keywords": []},
    "Maro": {"categories": ["other"], "rules": ["510.1a"], "keywords": None},
    "Voice of All": {
        "categories": ["keyword-creature", "prevention"],
        "rules": ["702.16e"],
        "keywords": ["Flying"],
    },
    "Doubling Season": {"categories": ["replacement"], "rules": ["614.1a", "616.1"], "keywords": None},
    "Benevolent Blessing": {"categories": ["prevention"], "rules": ["702.16e"], "keywords": None},
    "Essence of the Wild": {"categories": ["other"], "rules": ["510.1a"], "keywords": []},
    "Rusted Sentinel": {"categories": ["other"], "rules": ["510.1a"], "keywords": None},
}
"""Categories, rules and keywords of the cards only ``cards.json`` has (it gives none)."""
