"""Question templates: random, valid boards built from a seeded RNG, one function per template.

Each template draws a board (a scenario document, ``scenario-format.md``), asks one thing about it
(an *ask*, see :mod:`tutor.study.asks`), and predicts the answer with its own small arithmetic model
of the rule it teaches. The engine (``rules_core``) is the judge: :mod:`tutor.study.building` computes
the real answer with the engine and refuses a draft whose prediction disagrees, so a template can
never teach something the engine would not confirm (the tests run thousands of seeds through both).

Templates also name the typical mistakes a learner makes on their board, each with the wrong value
it leads to (prevented damage giving lifelink, deathtouch lethal counted as toughness, non-trample
damage spilling to the player, 0 damage treated as damage, the old damage assignment order…). Those
values become the wrong options of a multiple-choice question, and explain a wrong typed answer.

Every drill here draws its board from catalogue cards (:mod:`tutor.study.cardpool`), as the card
templates do: a board a learner can meet in a game, its numbers varied by the cards drawn, +1/+1
counters and damage already marked. What a card cannot do is left out (a sweeper with deathtouch, a
spell that sends a planeswalker's excess damage to its controller, toxic 3).

Pure Python: no Django, no engine import.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any, Final

from rules_core.model.ja import KEYWORD_JA
from tutor.cards.placement import can_block
from tutor.study.card_questions import (
    CARD_TEMPLATES,
    DEATHTOUCH,
    DOUBLE_STRIKERS,
    FIRST_STRIKERS,
    INFECTORS,
    LIFELINKERS,
    ORDER_DOUBLERS,
    SIEGES,
    TOXIC,
    TRAMPLERS,
    VANILLA,
    WITHER,
    excess_draft,
)
from tutor.study.cardpool import (
    COLLARED,
    card,
    card_names,
    draw,
    equip_collar,
    named,
    permanent,
    power_of,
    pump,
    stats,
    toughness_of,
)
from tutor.study.drafts import Draft, Mistake, Template
from tutor.study.drafts import Generate as Generate  # re-exported for template modules
from tutor.study.era_questions import ERA_TEMPLATES
from tutor.study.judge_questions import JUDGE_TEMPLATES
from tutor.study.sequence_questions import SEQUENCE_TEMPLATES
from tutor.study.topics import INTRO, L1, L2, LEVELS

INFECT_CREATURES: Final = (*INFECTORS, "phyrexian-crusader")
"""Every infect creature of the drills: the card questions' infectors and one with protection from white."""

PLAYERS_JA: Final = {"A": "あなた", "B": "対戦相手"}
COLOR_JA: Final = {"white": "白", "blue": "青", "black": "黒", "red": "赤", "green": "緑"}


# --------------------------------------------------------------------------- document helpers


def _players(
    *, a_life: int = 20, b_life: int = 20, a_poison: int = 0, b_poison: int = 0
) -> list[dict[str, Any]]:
    return [
        {"id": "A", "name": PLAYERS_JA["A"], "life": a_life, "poison": a_poison},
        {"id": "B", "name": PLAYERS_JA["B"], "life": b_life, "poison": b_poison},
    ]


def _scenario(
    players: list[dict[str, Any]],
    permanents: list[dict[str, Any]],
    event: dict[str, Any],
    effects: Sequence[dict[str, Any]] = (),
    choices: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "format": 1,
        "active_player": "A",
        "players": players,
        "permanents": permanents,
        "effects": list(effects),
        "event": event,
        "choices": choices or {},
    }


def _attack(attacker: str, defender: str = "B", blockers: Sequence[str] = ()) -> dict[str, Any]:
    return {"attacker": attacker, "defender": defender, "blockers": list(blockers)}


def _combat(
    attacks: list[dict[str, Any]], assignments: dict[str, dict[str, int]] | None = None
) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "combat", "attacks": attacks}
    if assignments:
        event["assignments"] = {k: {r: n for r, n in v.items() if n} for k, v in assignments.items()}
    return event


def _printed(slug: str) -> tuple[int, int]:
    """A catalogue creature's printed power and toughness."""
    doc = permanent(slug, "x", "A")
    return doc["power"], doc["toughness"]


def _label(doc: dict[str, Any]) -> str:
    """How a prompt names a permanent again after describing it: 《灰色熊》, or 熊 for a plain creature."""
    return named(doc["name"])


def describe(doc: dict[str, Any]) -> str:
    """``3/3の熊（トランプル、接死）`` as a learner reads it in a prompt; a catalogue card as
    :func:`tutor.study.cardpool.stats` shows it (``《灰色熊》（2/2）``)."""
    if doc.get("name") in card_names():
        return stats(doc)
    power = doc.get("power", 0)
    toughness = doc.get("toughness", 0)
    counters = doc.get("counters") or {}
    power += counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
    toughness += counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
    extras = [KEYWORD_JA[k] for k in doc.get("keywords", [])]
    if doc.get("toxic"):
        extras.append(f"毒性{doc['toxic']}")
    for color in doc.get("protection", []):
        extras.append(f"プロテクション（{COLOR_JA[color]}）")
    if doc.get("damage"):
        extras.append(f"ダメージ{doc['damage']}点を負っている")
    if counters.get("+1/+1"):
        extras.append(f"+1/+1カウンター{counters['+1/+1']}個")
    if counters.get("-1/-1"):
        extras.append(f"-1/-1カウンター{counters['-1/-1']}個")
    if doc.get("loyalty") is not None:
        extras.append(f"忠誠度{doc['loyalty']}")
    tail = f"（{'、'.join(extras)}）" if extras else ""
    return f"{power}/{toughness}の{doc['name']}{tail}"


def _dies(
    *,
    toughness: int,
    marked: int,
    dealt: int,
    wither: bool = False,
    deathtouch: bool = False,
    indestructible: bool = False,
) -> bool:
    """CR 704.5f, 704.5g, 704.5h after ``dealt`` damage (already net of prevention) to a creature."""
    if wither:
        toughness -= dealt
    else:
        marked += dealt
    if toughness <= 0:
        return True  # 704.5f: indestructible does not help
    if indestructible:
        return False
    if marked > 0 and marked >= toughness:
        return True
    return deathtouch and dealt > 0


# --------------------------------------------------------------------------- 1. a sweeper: which creatures die?


SWEEP_CREATURES: Final = (*VANILLA, "rhox-faithmender", "deadly-recluse")
"""Creatures a sweeper may hit whose abilities do not touch the damage (toughness 1 to 5)."""
SWEEP_SPELLS: Final = ("pyroclasm", "volcanic-fallout")
"""Red sweepers that deal 2 damage to each creature (《火山の流弾》 to each player too)."""


def gen_sweep(rng: random.Random, level: str) -> Draft:
    n = {INTRO: 2, L1: 3, L2: rng.randint(3, 4)}[level]
    spell = card(rng.choice(SWEEP_SPELLS))
    printed = spell.engine["event"]["damage"][0]["amount"]
    furnace = level == L2 and rng.random() < 0.4  # 《ラースの灼熱洞》 doubles it (120.4b... 614.1)
    amount = printed * 2 if furnace else printed
    clerics_of = rng.choice("AB") if level == L2 and not furnace and rng.random() < 0.35 else None
    permanents: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    if furnace:
        effects.append(card("furnace-of-rath").effect(0))
    salve = card("healing-salve")
    answer: list[str] = []
    ignore_marked: list[str] = []
    ignore_prevention: list[str] = []
    indestructible_saves: list[str] = []
    pool = list(SWEEP_CREATURES)
    for i in range(n):
        pid = f"c{i + 1}"
        controller = rng.choice("AB")
        if clerics_of is not None and i == 0:
            slug, controller = "daunting-defender", clerics_of
        elif level != INTRO and rng.random() < 0.2:
            slug = rng.choice(("darksteel-myr", "darksteel-colossus"))
        elif level == L2 and rng.random() < 0.2:
            slug = "kor-firewalker"
        else:
            slug = rng.choice(pool)
        if card(slug).ja_name in {p["name"] for p in permanents}:
            slug = rng.choice([s for s in pool if card(s).ja_name not in {p["name"] for p in permanents}])
        creature = permanent(slug, pid, controller)
        toughness = creature["toughness"]
        plus = rng.randint(1, 2) if level != INTRO and rng.random() < 0.3 else 0
        # never both kinds of counter: state-based actions would have removed a pair (704.5q)
        minus = 1 if level == L2 and not plus and toughness > 1 and rng.random() < 0.3 else 0
        if plus or minus:
            creature["counters"] = {k: v for k, v in (("+1/+1", plus), ("-1/-1", minus)) if v}
        eff_t = toughness + plus - minus
        marked = (
            rng.randint(1, min(eff_t - 1, 3))
            if eff_t > 1 and (level != INTRO or i == 0) and rng.random() < 0.45
            else 0
        )
        if marked:
            creature["damage"] = marked
        protection = "red" in creature.get("protection", [])
        dealt = 0 if protection else amount
        if clerics_of is not None and controller == clerics_of and "Cleric" in creature.get("subtypes", []):
            dealt = max(0, dealt - 1)
        # a shield and 《ラースの灼熱洞》 on the same damage would make it a question of their order (616.1)
        if level == L2 and not furnace and not protection and rng.random() < 0.25:
            effects.append(salve.effect(0, to=pid))
            dealt = max(0, dealt - salve.effect(0)["amount"])
        permanents.append(creature)
        indestructible = "indestructible" in creature.get("keywords", [])
        if _dies(toughness=eff_t, marked=marked, dealt=dealt, indestructible=indestructible):
            answer.append(pid)
        if _dies(toughness=eff_t, marked=0, dealt=dealt, indestructible=indestructible):
            ignore_marked.append(pid)
        if _dies(toughness=eff_t, marked=marked, dealt=amount, indestructible=indestructible):
            ignore_prevention.append(pid)
        if _dies(toughness=eff_t, marked=marked, dealt=dealt):  # the belief: indestructible is not there
            indestructible_saves.append(pid)
    if clerics_of is not None:
        effects.append(
            card("daunting-defender").effect(0, to_filter={"controller": clerics_of, "subtype": "Cleric"})
        )
    event = {
        "type": "noncombat",
        "source": spell.spell_source("A"),
        "damage": [{"to": p["id"], "amount": printed} for p in permanents]
        + [
            {"to": d["to"], "amount": printed}
            for d in spell.engine["event"]["damage"]
            if d["to"] in ("A", "B")
        ],
    }
    lines = "、".join(describe(p) for p in permanents)
    extra = (
        "あなたは《ラースの灼熱洞》（発生源がパーマネントかプレイヤーにダメージを与えるなら、代わりにその2倍のダメージを与える）を"
        "コントロールしています。"
        if furnace
        else ""
    )
    if clerics_of is not None:
        extra += (
            f"{PLAYERS_JA[clerics_of]}は《圧倒する防衛者》（発生源が{PLAYERS_JA[clerics_of]}のコントロールする"
            "クレリック・クリーチャーにダメージを与えるなら、そのダメージを1点軽減する。これ自身もクレリック）を"
            "コントロールしています。"
        )
    shields = [e for e in effects if e.get("name") == salve.label]
    if shields:
        shielded = "、".join(_label(next(p for p in permanents if p["id"] == e["to"])) for e in shields)
        extra += f"{shielded}には、このターン次に受ける3点のダメージを軽減する{salve.label}が使われています。"
    what = "各クリーチャーと各プレイヤーに" if spell.slug == "volcanic-fallout" else "各クリーチャーに"
    prompt = (
        f"{extra}あなたは{spell.label}（{what}{printed}点のダメージを与える）を唱えました。"
        f"戦場には{lines}がいます。解決後の状況起因処理で墓地に置かれるクリーチャーをすべて選んでください。"
    )
    rules = ["120.3e", "120.6", "704.5g"]
    text = [
        "クリーチャーが負ったダメージの合計がタフネス以上になると、状況起因処理で破壊されます (120.6, 704.5g)。"
        "すでに負っているダメージも数えます。"
    ]
    if any("indestructible" in p.get("keywords", []) for p in permanents):
        rules.append("702.12b")
        text.append("破壊不能は致死ダメージによる破壊を防ぎます (702.12b)。")
    if furnace:
        rules.append("120.4b")
        text.append(
            f"《ラースの灼熱洞》はダメージを与える前にそのイベントを置き換え、各クリーチャーが受けるダメージは{amount}点に"
            "なります (120.4b)。"
        )
    if shields or clerics_of:
        rules += ["615.7"] if shields else []
        rules += ["615.10"] if clerics_of else []
        text.append("軽減されたダメージは与えられていません (615.6)。")
    if any(p.get("protection") for p in permanents):
        rules.append("702.16e")
        text.append("プロテクション（赤）は赤の発生源からのダメージをすべて軽減します (702.16e)。")
    if any(p.get("counters") for p in permanents):
        rules.append("704.5q")
    mistakes = [
        (sorted(ignore_marked), "すでに負っているダメージを数え忘れました (120.6)"),
        (sorted(ignore_prevention), "軽減されるダメージも与えられると考えました (615.6)"),
        (sorted(indestructible_saves), "破壊不能を見落としました (702.12b)"),
    ]
    return Draft(
        _scenario(_players(), permanents, event, effects),
        prompt,
        {"kind": "dies"},
        sorted(answer),
        "".join(text),
        rules,
        mistakes,
    )


# --------------------------------------------------------------------------- 2. lifelink and a shield


def gen_lifelink_shield(rng: random.Random, level: str) -> Draft:
    a_life = rng.randint(5, 20)
    salve = card("healing-salve")
    shield = salve.effect(0)["amount"]
    blocked = level != INTRO
    permanents: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    attacks = []
    rules = ["702.15b", "120.3f", "615.7", "615.6"]
    if blocked:
        blocker = permanent(rng.choice(VANILLA), "bl", "B")
        pool = [s for s in LIFELINKERS if can_block(permanent(s, "ll", "A"), blocker)]
    else:
        pool = list(LIFELINKERS)
    attacker = permanent(rng.choice(pool), "ll", "A")
    # +1/+1 counters (from earlier turns) bring its power around and above the shield's 3 points
    power = pump(attacker, rng.randint(1, 3))
    permanents.append(attacker)
    if not blocked:
        attacks.append(_attack("ll"))
        effects.append(salve.effect(0, to="B"))
        where = (
            f"ブロックされませんでした。対戦相手は{salve.label}を唱えて、「このターン、自分が次に受ける{shield}点の"
            "ダメージを軽減する」を選んでいました"
        )
    else:
        permanents.append(blocker)
        attacks.append(_attack("ll", blockers=["bl"]))
        effects.append(salve.effect(0, to="bl"))
        where = (
            f"{describe(blocker)}にブロックされました。対戦相手は{salve.label}を唱えて、「このターン、{_label(blocker)}が"
            f"受ける次の{shield}点のダメージを軽減する」を選んでいました"
        )
    gained = max(0, power - shield)
    second = 0
    second_gained = 0  # the unblocked second lifelinker's share (L2), which every misconception keeps
    boon = level != INTRO and rng.random() < 0.5
    if level == L2:
        armor = card("urza-s-armor")
        static = armor.effect(0)["amount"]
        partner = permanent(
            rng.choice([s for s in LIFELINKERS if card(s).ja_name != attacker["name"]]), "ll2", "A"
        )
        second = partner["power"]
        permanents.append(partner)
        attacks.append(_attack("ll2"))
        effects.append(armor.effect(0, to="B"))
        where += (
            f"。さらにあなたの{describe(partner)}がブロックされずに攻撃しており、対戦相手は{armor.label}をコントロール"
            f"しています（対戦相手が受けるダメージは、発生源1つにつき{static}点軽減されます）"
        )
        second_gained = max(0, second - static)
        gained += second_gained
        rules.append("615.10")
    factor = 2 if boon else 1
    if boon:
        reflection = card("boon-reflection")
        effects.append(reflection.effect(0, player="A"))
        where += f"。あなたは{reflection.label}（あなたがライフを得るなら、代わりにその2倍のライフを得る）をコントロールしています"
        rules.append("120.4c")
    prompt = (
        f"あなたのライフは{a_life}点です。あなたの{describe(attacker)}が攻撃し、{where}。"
        "戦闘ダメージの後、あなたのライフは何点ですか？"
    )
    answer = a_life + factor * gained
    mistakes = [
        (a_life + factor * (power + second), "軽減されたダメージでも絆魂でライフを得ると考えました (615.6)"),
        (a_life + gained, "《加護の反射》でライフの獲得が2倍になるのを忘れました (120.4c)")
        if boon
        else (a_life + 2 * gained, "得るライフを2倍にしました"),
        # Only a blocked lifelinker can be mistaken for one that stops working; unblocked (the intro
        # board) the same value comes from a shield thought to stop all of its damage.
        (a_life + factor * second_gained, "絆魂はブロックされると働かないと考えました (702.15b)")
        if level != INTRO
        else (a_life, f"盾が{power}点すべてを軽減すると考えました（盾は{shield}点まで, 615.7）"),
        (a_life + factor * (max(0, power - shield - 1) + second_gained), "盾の量を1点多く数えました (615.7)"),
    ]
    explanation = (
        "絆魂を持つ発生源が与えたダメージの分だけ、そのコントローラーはライフを得ます (702.15b, 120.3f)。"
        "軽減されたダメージは与えられていないので、その分のライフは得られません (615.6)。"
        f"盾は{shield}点を軽減し (615.7)、与えられたダメージは{max(0, power - shield)}点です。"
    )
    if level == L2:
        explanation += "常在型の軽減はダメージのイベントごとに適用されます (615.10)。"
    if boon:
        explanation += "ライフを得るときに《加護の反射》が置換し、2倍になります (120.4c)。"
    doc = _scenario(_players(a_life=a_life), permanents, _combat(attacks), effects)
    return Draft(doc, prompt, {"kind": "life", "player": "A"}, answer, explanation, rules, mistakes)


# --------------------------------------------------------------------------- 3. infect and toxic: poison counters


POISON_ATTACKERS: Final = {"infect": INFECT_CREATURES, "toxic": (*TOXIC, "bilious-skulldweller")}
"""Creatures that give poison counters (CR 702.90b infect, 702.164c toxic); every toxic one is toxic 1."""


def gen_poison(rng: random.Random, level: str) -> Draft:
    poison0 = rng.randint(0, 5)
    permanents: list[dict[str, Any]] = []
    attacks: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    lines: list[str] = []
    answer = poison0
    toxic_as_power = poison0
    forgot_toxic = poison0
    infect_as_life = poison0  # infect read as ordinary damage: only toxic's counters are left
    prevented_counts = poison0
    blocked_counts = poison0
    rules = ["120.3b", "702.90b", "120.3g", "702.164c"]
    kinds = {
        INTRO: [rng.choice(["infect", "toxic"])],
        L1: ["infect", "toxic"],
        L2: ["infect", "toxic", rng.choice(["toxic", "infect"])],
    }[level]
    used: set[str] = set()
    awe = card("awe-strike")
    for i, kind in enumerate(kinds):
        pid = f"c{i + 1}"
        slug = rng.choice([s for s in POISON_ATTACKERS[kind] if s not in used])
        used.add(slug)
        creature = permanent(slug, pid, "A")
        # toxic is 1 on every such card: +1/+1 counters set its power apart from its toxic value
        power = pump(
            creature, rng.randint(1, 3) if kind == "toxic" else rng.randint(0, 2) if level != INTRO else 0
        )
        toxic = creature.get("toxic", 0)
        keywords = [k for k in creature.get("keywords", []) if k == "infect"]
        permanents.append(creature)
        fate = "unblocked"
        if level == L2 and i > 0:
            fate = rng.choice(["unblocked", "blocked", "prevented"])
        blocker = permanent(rng.choice(VANILLA), f"b{i}", "B") if fate == "blocked" else None
        if blocker is not None and not can_block(creature, blocker):
            fate = "prevented"  # a flyer or an unblockable one: no plain creature may block it (509.1b)
        if fate == "prevented" and "white" in creature.get("protection", []):
            fate = "unblocked"  # 《畏敬の一撃》 is white: it cannot target this one (702.16b)
        if fate == "blocked" and blocker is not None:
            permanents.append(blocker)
            attacks.append(_attack(pid, blockers=[blocker["id"]]))
            lines.append(f"{describe(creature)}は{describe(blocker)}にブロックされました")
            blocked_counts += (power if keywords else 0) + toxic
            toxic_as_power += 0
        else:
            attacks.append(_attack(pid))
            if fate == "prevented":
                effects.append(awe.effect(0, source=pid, gain_life_to="B"))
                lines.append(
                    f"{describe(creature)}はブロックされませんでしたが、対戦相手は{awe.label}で"
                    "「このターン次にそれが与えるダメージを軽減し、軽減した分のライフを得る」ようにしていました"
                )
                prevented_counts += (power if keywords else 0) + toxic
            else:
                lines.append(f"{describe(creature)}はブロックされませんでした")
                gain = (power if keywords else 0) + toxic
                answer += gain
                prevented_counts += gain
                blocked_counts += gain
                forgot_toxic += power if keywords else 0
                infect_as_life += toxic
                toxic_as_power += (power if keywords else 0) + (power if toxic else 0)
    prompt = (
        f"対戦相手には毒カウンターが{poison0}個あります。あなたのクリーチャーが攻撃しました。"
        + "。".join(lines)
        + "。戦闘ダメージの後、対戦相手の毒カウンターは何個ですか？"
    )
    explanation = (
        "感染を持つ発生源からプレイヤーが受けたダメージは、ライフを減らす代わりにその点数の毒カウンターになります "
        "(120.3b, 702.90b)。毒性を持つクリーチャーがプレイヤーに戦闘ダメージを与えると、ダメージの結果に加えて"
        "毒性の値に等しい個数の毒カウンターが置かれます。パワーの値ではありません (120.3g, 702.164c)。"
    )
    if level == L2:
        explanation += (
            "ブロックされたクリーチャーや、ダメージがすべて軽減されたクリーチャーはプレイヤーに戦闘ダメージを与えていない"
            "ので、毒性は働きません (615.6, 120.8)。"
        )
        rules += ["615.6", "120.8"]
    mistakes = [
        (toxic_as_power, "毒性の値ではなくパワーの分だけ毒カウンターが置かれると考えました (702.164c)"),
        (forgot_toxic, "毒性の毒カウンターを数え忘れました (120.3g)"),
        (prevented_counts, "軽減されて与えられなかったダメージでも毒性が働くと考えました (615.6, 120.8)"),
        (blocked_counts, "ブロックされてもプレイヤーに毒カウンターが置かれると考えました (510.1c)"),
        (infect_as_life, "感染のダメージもライフを減らすと考えました (702.90b)"),
    ]
    doc = _scenario(_players(b_poison=poison0), permanents, _combat(attacks), effects)
    return Draft(doc, prompt, {"kind": "poison", "player": "B"}, answer, explanation, rules, mistakes)


# --------------------------------------------------------------------------- 4. blocked: does damage reach the player?


def gen_spill(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(6, 20)
    trample = rng.random() < 0.5
    deathtouch = level == L1 and trample and rng.random() < 0.4
    taken: set[str] = set()
    # a trampler, or a creature without trample that is bigger than its blocker
    attacker = draw(rng, TRAMPLERS if trample else VANILLA, "att", "A", taken, lambda d: d["power"] >= 3)
    power = attacker["power"]
    if deathtouch:
        equip_collar(attacker)
    blocker = draw(rng, VANILLA, "blk", "B", taken, lambda d: d["toughness"] < power)
    toughness = blocker["toughness"]
    marked = rng.randint(1, toughness - 1) if level == L1 and toughness > 1 and rng.random() < 0.5 else 0
    if marked:
        blocker["damage"] = marked
    permanents = [attacker, blocker]
    attacks = [_attack("att", blockers=["blk"])]
    other = 0
    if level == L1 and rng.random() < 0.5:
        partner = draw(rng, VANILLA, "oth", "A", taken, lambda d: d["power"] <= 3)
        other = partner["power"]
        permanents.append(partner)
        attacks.append(_attack("oth"))
    lethal = 1 if deathtouch else toughness - marked
    through = power - lethal if trample else 0
    answer = b_life - other - through
    extra = f"。さらに{describe(permanents[2])}がブロックされずに攻撃しました" if other else ""
    plan = "攻撃側は、対戦相手にできるだけ多くのダメージを割り振りました。" if trample else ""
    collar = COLLARED if deathtouch else ""
    prompt = (
        f"対戦相手のライフは{b_life}点です。あなたの{collar}{describe(attacker)}が攻撃し、{describe(blocker)}にブロックされました{extra}。"
        f"{plan}戦闘ダメージの後、対戦相手のライフは何点ですか？"
    )
    mistakes = [
        (
            b_life - other - (power - (toughness - marked)),
            "トランプルがなくても余ったダメージがプレイヤーに行くと考えました (510.1c)",
        )
        if not trample
        else (
            b_life - other - (power - (toughness - marked)),
            "接死があっても致死ダメージはタフネス分だと考えました (702.2c)",
        )
        if deathtouch
        else (
            b_life - other - (power - toughness),
            "すでに負っているダメージを致死ダメージの計算に入れませんでした (702.19b)",
        ),
        (b_life - other - power, "ブロックされてもダメージがすべてプレイヤーに行くと考えました (510.1c)"),
        (b_life - other, "トランプルでも余ったダメージはプレイヤーに行かないと考えました (702.19b)")
        if trample
        else (b_life - power - other, "ブロックされたことを見落としました"),
    ]
    if other:
        mistakes.append(
            (b_life - through, "ブロックされなかったクリーチャーのダメージを数え忘れました (510.1a)")
        )
    rules = ["510.1c", "702.19b"] + (["702.2c"] if deathtouch else []) + (["120.6"] if marked else [])
    explanation = (
        "ブロックされたクリーチャーは、戦闘ダメージをブロック・クリーチャーに割り振ります (510.1c)。"
        "トランプルがなければ、余った分もプレイヤーには割り振れません。"
    )
    if trample:
        explanation += (
            f"トランプルを持つなら、ブロック・クリーチャーに致死ダメージ（ここでは{lethal}点"
            + (
                "、接死なので1点 (702.2c)"
                if deathtouch
                else "、負っているダメージも考慮 (702.19b)"
                if marked
                else ""
            )
            + f"）を割り振れば、残りの{through}点を対戦相手に割り振れます (702.19b)。"
        )
    # No assignment in the document: the engine makes the default one, which for a trampler is the
    # one that puts the most damage on the player (lethal to the blocker, the rest past it).
    doc = _scenario(_players(b_life=b_life), permanents, _combat(attacks))
    return Draft(doc, prompt, {"kind": "life", "player": "B"}, answer, explanation, rules, mistakes)


# --------------------------------------------------------------------------- 5. is this trample assignment legal?


def _trample_board(rng: random.Random, level: str) -> dict[str, Any]:
    """A real trampler blocked by one to three real creatures, with what each blocker still needs (its
    lethal damage): their lethal damage never adds up to more than the trampler's power."""
    k = rng.randint(1, 2) if level == L1 else rng.randint(1, 3)
    deathtouch = rng.random() < (0.35 if level == L1 else 0.3)
    taken: set[str] = set()
    attacker = draw(rng, TRAMPLERS, "t", "A", taken)
    power = pump(attacker, rng.randint(0, 2))
    if deathtouch:
        equip_collar(attacker)
    blockers = []
    lethal: dict[str, int] = {}
    naive: dict[str, int] = {}
    # What a blocker needs under two beliefs: deathtouch changes nothing (plain), marked damage
    # does not count (unmarked).
    plain: dict[str, int] = {}
    unmarked: dict[str, int] = {}
    protected: list[str] = []
    budget = power
    for i in range(k):
        if budget < 1:
            break
        pid = f"b{i + 1}"
        # L2: 《コーの火歩き》 (protection from red) blocks a red trampler; its damage is prevented, but
        # it still needs lethal damage assigned (702.19b)
        shielded = level == L2 and "red" in attacker.get("colors", []) and rng.random() < 0.25
        pool = ("kor-firewalker",) if shielded and "コーの火歩き" not in taken else VANILLA
        blocker = draw(rng, pool, pid, "B", taken)
        toughness = blocker["toughness"]
        # damage already marked: sometimes, and whenever the blocker would need more than is left
        least = 0 if deathtouch else max(0, toughness - budget)
        marked = (
            rng.randint(max(1, least), toughness - 1)
            if toughness > 1 and (least > 0 or rng.random() < 0.35)
            else 0
        )
        if marked:
            blocker["damage"] = marked
        blockers.append(blocker)
        lethal[pid] = 1 if deathtouch else toughness - marked
        budget -= lethal[pid]
        naive[pid] = toughness
        plain[pid] = toughness - marked
        unmarked[pid] = 1 if deathtouch else toughness
        if blocker.get("protection"):
            protected.append(pid)
    return {
        "attacker": attacker,
        "blockers": blockers,
        "lethal": lethal,
        "naive": naive,
        "plain": plain,
        "unmarked": unmarked,
        "deathtouch": deathtouch,
        "protected": protected,
        "power": power,
    }


def _trample_doc(board: dict[str, Any], b_life: int, assignment: dict[str, int] | None) -> dict[str, Any]:
    blockers = board["blockers"]
    permanents = [board["attacker"], *blockers]
    attacks = [_attack("t", blockers=[b["id"] for b in blockers])]
    assignments = {"t": assignment} if assignment is not None else None
    return _scenario(_players(b_life=b_life), permanents, _combat(attacks, assignments))


def _trample_prompt(board: dict[str, Any]) -> str:
    blockers = "と".join(describe(b) for b in board["blockers"])
    collar = COLLARED if board["deathtouch"] else ""
    return f"あなたの{collar}{describe(board['attacker'])}が攻撃し、{blockers}にブロックされました。"


def gen_trample_legal(rng: random.Random, level: str) -> Draft:
    board = _trample_board(rng, level)
    power, lethal = board["power"], board["lethal"]
    ids = [b["id"] for b in board["blockers"]]
    make_legal = rng.random() < 0.5
    assignment = dict(lethal)
    extra = power - sum(lethal.values())
    if make_legal or extra == 0:
        spread = [*ids, "B"]
        for _ in range(extra):
            pick = rng.choice(spread)
            assignment[pick] = assignment.get(pick, 0) + 1
    else:
        # Short one blocker of its lethal damage and send that point (and the rest) to the player.
        short = rng.choice([i for i in ids if lethal[i] > 0] or ids)
        if lethal[short] > 0:
            assignment[short] -= 1
            assignment["B"] = extra + 1
        else:
            assignment["B"] = extra
    legal = all(assignment.get(i, 0) >= lethal[i] for i in ids) or assignment.get("B", 0) == 0
    shown = "、".join(f"{_label(b)}に{assignment.get(b['id'], 0)}点" for b in board["blockers"])
    prompt = (
        _trample_prompt(board) + f"あなたは{_label(board['attacker'])}の{power}点を「{shown}、対戦相手に"
        f"{assignment.get('B', 0)}点」と割り振りました。この割り振りは適正ですか？"
    )
    rules = ["702.19b", "510.1c"]
    explanation = (
        "トランプルを持つ攻撃クリーチャーは、すべてのブロック・クリーチャーに致死ダメージを割り振ったときにだけ、"
        "残りをプレイヤーに割り振れます (702.19b)。致死ダメージは、すでに負っているダメージと、同時に他の"
        "クリーチャーから割り振られるダメージを考慮して決まり、軽減やプロテクションは考慮しません。"
    )
    if board["deathtouch"]:
        rules.append("702.2c")
        explanation += "接死を持つなら1点が致死ダメージです (702.2c)。"
    if board["protected"]:
        rules.append("702.16e")
    needs = "、".join(f"{_label(b)}に{lethal[b['id']]}点" for b in board["blockers"])
    explanation += f"この盤面で必要な致死ダメージは「{needs}」です。"
    mistakes = [
        (not legal, "致死ダメージの数え方を誤りました（接死・負っているダメージ・プロテクション） (702.19b)")
    ]
    doc = _trample_doc(board, rng.randint(5, 20), {k: v for k, v in assignment.items() if v})
    return Draft(doc, prompt, {"kind": "legal"}, legal, explanation, rules, mistakes)


# --------------------------------------------------------------------------- 6. how much can trample over?


def gen_trample_max(rng: random.Random, level: str) -> Draft:
    board = _trample_board(rng, level)
    power, lethal, naive = board["power"], board["lethal"], board["naive"]
    answer = max(0, power - sum(lethal.values()))
    by_toughness = max(0, power - sum((board["plain"] if board["deathtouch"] else naive).values()))
    marked_ignored = max(0, power - sum(board["unmarked"].values()))
    protection_skipped = max(0, power - sum(v for i, v in lethal.items() if i not in board["protected"]))
    prompt = (
        _trample_prompt(board)
        + f"{_label(board['attacker'])}の戦闘ダメージのうち、対戦相手に割り振れるのは最大で何点ですか？"
    )
    mistakes = [
        (
            by_toughness,
            "接死があっても致死ダメージはタフネス分だと考えました (702.2c)"
            if board["deathtouch"]
            else "ブロック・クリーチャーのタフネス全部を割り振る必要があると考えました (702.19b)",
        ),
        (marked_ignored, "すでに負っているダメージを致死ダメージの計算に入れませんでした (702.19b)"),
        (
            protection_skipped,
            "プロテクションで軽減されるブロック・クリーチャーには割り振らなくてよいと考えました (702.19b)",
        ),
        (0, "トランプルでもブロックされたらプレイヤーには割り振れないと考えました (702.19b)"),
        (power, "ブロック・クリーチャーを無視してすべてプレイヤーに割り振れると考えました (702.19b)"),
    ]
    rules = ["702.19b"] + (["702.2c"] if board["deathtouch"] else [])
    needs = "、".join(f"{_label(b)}に{lethal[b['id']]}点" for b in board["blockers"])
    explanation = (
        f"すべてのブロック・クリーチャーに致死ダメージ（{needs}）を割り振れば、残り{answer}点を対戦相手に割り振れます "
        "(702.19b)。致死ダメージはすでに負っているダメージと他のクリーチャーから同時に割り振られるダメージを"
        "考慮し、軽減やプロテクションは考慮しません。"
    )
    if board["deathtouch"]:
        explanation += "接死を持つなら、どのブロック・クリーチャーにも1点が致死ダメージです (702.2c)。"
    doc = _trample_doc(board, rng.randint(5, 20), None)
    return Draft(
        doc, prompt, {"kind": "max_to_defender", "attacker": "t"}, answer, explanation, rules, mistakes
    )


# --------------------------------------------------------------------------- 7. the order of effects (616.1)


def effect_short(effect: dict[str, Any]) -> str:
    """《ラースの灼熱洞》（2倍）: an effect of an order question, by its card and what it does."""
    what = {
        "damage_multiplier": "{factor}倍",
        "prevent_next": "次の{amount}点を軽減",
        "prevent_static": "{amount}点軽減",
    }[effect["type"]].format(**effect)
    return f"{effect['name']}（{what}）"


def _order_loss(damage: int, effects: Sequence[dict[str, Any]], order: Sequence[int]) -> int:
    """Damage that reaches the player when the effects apply in ``order`` (616.1)."""
    x = damage
    for index in order:
        effect = effects[index]
        if x <= 0:
            break
        if effect["type"] == "damage_multiplier":
            x *= effect["factor"]
        elif effect["type"] == "prevent_next":
            x -= min(x, effect["amount"])
        elif effect["type"] == "prevent_static":
            x = max(0, x - effect["amount"])
    return x


def gen_effect_order(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(10, 20)
    fireball = card("fireball")
    salve = card("healing-salve")
    armor = card("urza-s-armor")
    doubler = card(rng.choice(ORDER_DOUBLERS))
    for _ in range(200):
        damage = rng.randint(2, 6)  # 《火の玉》's X
        effects = [doubler.effect(0)]
        if level == L1:
            effects.append(rng.choice([salve.effect(0, to="B"), armor.effect(0, to="B")]))
        else:
            effects += [salve.effect(0, to="B"), armor.effect(0, to="B")]
        rng.shuffle(effects)
        # One order per outcome: orders that lose the same life are the same answer (two preventions
        # applied before the doubling commute), so the options show one of each.
        by_loss: dict[int, list[list[int]]] = {}
        for order in itertools.permutations(range(len(effects))):
            by_loss.setdefault(_order_loss(damage, effects, order), []).append(list(order))
        if len(by_loss) >= min(3, len(effects)):
            break
    else:  # pragma: no cover - 200 draws always find one
        raise RuntimeError("no board with distinct outcomes")
    pairs = [(rng.choice(group), loss) for loss, group in sorted(by_loss.items())]
    rng.shuffle(pairs)
    orders = [order for order, _ in pairs]
    losses = [loss for _, loss in pairs]
    best = min(losses)
    options = [" → ".join(effect_short(effects[i]) for i in order) for order in orders]
    answer = losses.index(best)
    scene = [
        f"あなたは{doubler.label}（発生源がパーマネントかプレイヤーにダメージを与えるなら、代わりにその2倍を与える）を"
        "コントロールしています。"
    ]
    if any(e["name"] == salve.label for e in effects):
        scene.append(
            f"対戦相手はこのターン、{salve.label}で「自分が次に受ける3点のダメージを軽減する」を選んでいます。"
        )
    if any(e["name"] == armor.label for e in effects):
        scene.append(
            f"対戦相手は{armor.label}（自分が受けるダメージを、発生源1つにつき1点軽減する）をコントロールしています。"
        )
    prompt = (
        f"対戦相手のライフは{b_life}点です。{''.join(scene)}あなたは{fireball.label}で"
        f"対戦相手に{damage}点のダメージを与えます。対戦相手が失うライフをできるだけ少なくするには、"
        "これらの効果をどの順番で適用しますか？"
    )
    mistakes = [(i, f"この順番では{loss}点を受けます") for i, loss in enumerate(losses) if i != answer]
    explanation = (
        "1つのダメージに複数の置換効果や軽減効果が適用できるなら、影響を受けるプレイヤーがどれを先に適用するかを選び、"
        "残りは適用後にもう一度確かめます (616.1)。盾は残っている量までを軽減し (615.7)、常在型の軽減は"
        f"イベントごとに決まった量を軽減します (615.10)。最善の順番では{best}点を受け、ライフは{b_life - best}点です。"
    )
    doc = _scenario(
        _players(b_life=b_life),
        [],
        {
            "type": "noncombat",
            "source": fireball.spell_source("A"),
            "damage": [{"to": "B", "amount": damage}],
            "targets": ["B"],
        },
        effects,
    )
    ask = {"kind": "best_order", "player": "B", "orders": orders, "labels": options}
    return Draft(doc, prompt, ask, answer, explanation, ["616.1", "615.7", "615.10", "120.4b"], mistakes)


# --------------------------------------------------------------------------- 8. a shield and two sources (615.7)


def gen_shield_choice(rng: random.Random, level: str) -> Draft:
    a_life = rng.randint(5, 20)
    salve = card("healing-salve")
    shield = salve.effect(0)["amount"]
    taken: set[str] = set()
    lifelinker = draw(rng, LIFELINKERS, "ll", "A", taken)
    p1 = pump(lifelinker, rng.randint(0, 3))
    # together they deal more than the shield prevents
    other = draw(rng, VANILLA, "nm", "A", taken, lambda d: p1 + d["power"] > shield)
    p2 = other["power"]
    on_lifelink = min(shield, p1)
    allocation = {"ll": on_lifelink}
    if shield - on_lifelink:
        allocation["nm"] = shield - on_lifelink
    permanents = [lifelinker, other]
    effects = [salve.effect(0, to="B")]
    doc = _scenario(
        _players(a_life=a_life),
        permanents,
        _combat([_attack("ll"), _attack("nm")]),
        effects,
        {"shield_allocation": {"0": allocation}},
    )
    answer = a_life + p1 - on_lifelink
    wrong_choice = a_life + p1 - max(0, shield - p2)
    prompt = (
        f"あなたのライフは{a_life}点です。あなたの{describe(permanents[0])}と{describe(permanents[1])}が"
        f"ブロックされずに攻撃しました。対戦相手はこのターン、{salve.label}で「自分が次に受ける{shield}点のダメージを軽減する」"
        "を選んでいました。"
        "対戦相手は、あなたが得るライフができるだけ少なくなるように盾を使いました。戦闘ダメージの後、あなたのライフは何点ですか？"
    )
    mistakes = [
        (
            wrong_choice,
            "盾は絆魂でないほうのダメージから軽減されると考えました（どちらを軽減するかは対戦相手が選ぶ, 615.7）",
        ),
        (a_life + p1, "軽減されたダメージでも絆魂でライフを得ると考えました (615.6)"),
        (
            a_life + max(0, p1 + p2 - shield),
            "絆魂でないクリーチャーのダメージでもライフを得ると考えました (702.15b)",
        ),
        (a_life + p1 - shield // 2, "盾が2つの発生源に半分ずつ働くと考えました"),
    ]
    explanation = (
        "盾のあるプレイヤーが複数の発生源から同時にダメージを受けるなら、そのプレイヤーが盾でどのダメージを軽減するかを"
        f"選びます (615.7)。対戦相手は絆魂を持つ{_label(lifelinker)}のダメージから{on_lifelink}点を軽減し、軽減されたダメージでは"
        "ライフを得ません (615.6, 702.15b)。"
    )
    return Draft(
        doc,
        prompt,
        {"kind": "life", "player": "A"},
        answer,
        explanation,
        ["615.7", "615.6", "702.15b"],
        mistakes,
    )


# --------------------------------------------------------------------------- 9. attacking a battle


SIEGE_DEFEATED_EXPLANATION: Final = (
    "包囲戦はどれも「このパーマネントから最後の守備カウンターが取り除かれたとき、これを追放する。その後、"
    "これを変身させた状態でマナ・コストを支払わずに唱えてもよい」という能力を持ちます (310.11b)。守備値が0の"
    "バトルは状況起因処理で墓地に置かれますが、その能力がまだスタックを離れていない間は置かれません (704.5v)。"
    "ですから、倒された包囲戦はその能力が解決するまで戦場に残り、解決すると墓地ではなく追放されます。"
)
"""CR 310.11b, 704.5v: what happens to a Siege whose last defense counter is removed."""


def gen_battle(rng: random.Random, level: str) -> Draft:
    siege = permanent(rng.choice(SIEGES), "siege", "A", protector="B")
    defense = siege["defense"]
    permanents: list[dict[str, Any]] = [siege]
    attacks: list[dict[str, Any]] = []
    lines: list[str] = []
    total = 0
    ignore_infect = 0
    unblocked_all = 0
    assignments: dict[str, dict[str, int]] = {}
    count = 1 if level == INTRO else 2
    for i in range(count):
        pid = f"c{i + 1}"
        pool: tuple[str, ...] = VANILLA
        if level == L2 and i == 0:
            pool = TRAMPLERS
        elif level != INTRO:
            roll = rng.random()
            pool = (
                INFECTORS
                if roll < 0.35
                else LIFELINKERS
                if roll < 0.55
                else TOXIC
                if roll < 0.75
                else VANILLA
            )
        used = {p["name"] for p in permanents}
        creature = permanent(rng.choice([s for s in pool if card(s).ja_name not in used]), pid, "A")
        permanents.append(creature)
        power = creature["power"]
        unblocked_all += power
        if level == L2 and i == 0:
            blocker = permanent(
                rng.choice([s for s in VANILLA if _printed(s)[1] < power]),
                "blk",
                "B",
            )
            t = blocker["toughness"]
            permanents.append(blocker)
            attacks.append(_attack(pid, "siege", ["blk"]))
            assignments[pid] = {"blk": t, "siege": power - t}
            dealt = power - t
            lines.append(
                f"{describe(creature)}が攻撃し、対戦相手の{describe(blocker)}にブロックされました。"
                f"{_label(creature)}は{_label(blocker)}に{t}点、バトルに{power - t}点を割り振りました"
            )
        else:
            attacks.append(_attack(pid, "siege"))
            dealt = power
            lines.append(f"{describe(creature)}がブロックされずにバトルを攻撃しました")
        total += dealt
        if "infect" not in creature.get("keywords", []):
            ignore_infect += dealt
    answer = max(0, defense - total)
    prompt = (
        f"あなたは、対戦相手が守る{describe(siege)}をコントロールしています。"
        + "。".join(lines)
        + "。戦闘ダメージの後、このバトルの守備カウンターは何個ですか？（追放されたなら、最後に戦場にあったときの数）"
    )
    mistakes = [
        (
            max(0, defense - ignore_infect),
            "感染のダメージはバトルの守備カウンターを取り除かないと考えました (120.3h)",
        ),
        (max(0, defense - unblocked_all), "ブロックされた分もバトルに与えられると考えました (510.1c)"),
        (defense, "クリーチャーのダメージはバトルに影響しないと考えました (120.3h)"),
        (max(0, defense - total + 1), "取り除く守備カウンターを1個少なく数えました"),
    ]
    explanation = (
        "バトルが受けたダメージは、その点数に等しい数の守備カウンターを取り除きます (120.3h, 310.6)。感染や毒性は"
        "プレイヤーとクリーチャーへのダメージの結果だけを変えるので、バトルへのダメージはやはり守備カウンターを取り除きます "
        "(702.90b-c, 702.164c)。"
    ) + SIEGE_DEFEATED_EXPLANATION
    if answer == 0:
        explanation += "この問題では最後の守備カウンターが取り除かれるので、この能力が誘発します。"
    rules = ["120.3h", "310.6", "310.11b", "704.5v"] + (["702.19b"] if level == L2 else [])
    doc = _scenario(_players(), permanents, _combat(attacks, assignments or None))
    return Draft(doc, prompt, {"kind": "defense", "permanent": "siege"}, answer, explanation, rules, mistakes)


# --------------------------------------------------------------------------- 10. excess damage (120.4a)


def gen_excess(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(5, 20)
    taken: set[str] = set()
    # 《炎の氾濫》 (4 damage to a creature), or 《強行突破》 with a trampler (its power): both send the excess
    # damage to the creature's controller (the question is the card question's, :func:`excess_draft`)
    mine = None
    if level == L2 or (level == L1 and rng.random() < 0.5):
        mine = draw(rng, TRAMPLERS, "my", "A", taken)
        if level == L2 and rng.random() < 0.5:
            equip_collar(mine)
    amount = power_of(mine) if mine else card("flame-spill").engine["event"]["damage"][0]["amount"]
    target = draw(rng, VANILLA, "cr", "B", taken, lambda d: mine is not None or toughness_of(d) <= amount)
    toughness = toughness_of(target)
    if level != INTRO and toughness > 1 and rng.random() < 0.6:
        target["damage"] = rng.randint(1, toughness - 1)
    return excess_draft(b_life, target, mine)


# --------------------------------------------------------------------------- 11. first strike and double strike


def _swapped(
    a: dict[str, Any], b: dict[str, Any], old: str, new: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The two creatures with keyword ``old`` read as ``new`` (a learner's belief about it)."""
    return tuple(  # type: ignore[return-value]
        dict(c, keywords=sorted({new if k == old else k for k in c.get("keywords", [])})) for c in (a, b)
    )


def _strike_fight(a: dict[str, Any], b: dict[str, Any], *, ignore_first_strike: bool = False) -> list[str]:
    """Which of an attacker and its single blocker die (CR 510.4, 704.5g-h)."""
    fighters = {
        c["id"]: {
            "power": power_of(c),
            "toughness": toughness_of(c),
            "marked": c.get("damage", 0),
            "kw": set(c.get("keywords", [])),
            "alive": True,
            "dt_hit": False,
        }
        for c in (a, b)
    }
    other = {a["id"]: b["id"], b["id"]: a["id"]}

    def strikes(cid: str, step: int) -> bool:
        """Step 0: the only combat damage step; 1 and 2: the first and second (CR 510.4)."""
        kw = fighters[cid]["kw"]
        first = bool(kw & {"first_strike", "double_strike"})
        if step == 0:
            return True
        if step == 1:
            return first
        return "double_strike" in kw or not first

    has_first = not ignore_first_strike and any(
        f["kw"] & {"first_strike", "double_strike"} for f in fighters.values()
    )
    steps = [1, 2] if has_first else [0]
    for step in steps:
        hits: dict[str, int] = {}
        for cid, f in fighters.items():
            if not f["alive"] or not fighters[other[cid]]["alive"]:
                continue
            if not strikes(cid, step):
                continue
            if f["power"] > 0:
                hits[other[cid]] = hits.get(other[cid], 0) + f["power"]
                if "deathtouch" in f["kw"]:
                    fighters[other[cid]]["dt_hit"] = True
        for cid, n in hits.items():
            fighters[cid]["marked"] += n
        for f in fighters.values():
            if (
                f["alive"]
                and "indestructible" not in f["kw"]
                and (f["marked"] >= f["toughness"] or f["dt_hit"])
            ):
                f["alive"] = False
            f["dt_hit"] = False
    return sorted(cid for cid, f in fighters.items() if not f["alive"])


STRIKERS: Final = (*FIRST_STRIKERS, *DOUBLE_STRIKERS)
"""First and double strikers whose other abilities are protection only (checked for each pair)."""


def _fair_pair(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """``b`` may block ``a`` (509.1b) and neither has protection from the other's colours, which would
    prevent its damage (702.16e): the first-strike model counts every point dealt."""
    shields = {q for c in (a, b) for q in c.get("protection", [])}
    colors = {col for c in (a, b) for col in c.get("colors", [])}
    return can_block(a, b) and not (shields & colors)


def gen_first_strike(rng: random.Random, level: str) -> Draft:
    while True:
        taken: set[str] = set()
        striker_first = rng.random() < 0.5  # whether the first or double striker is the attacker
        pools: list[tuple[str, ...]] = [STRIKERS, VANILLA]
        if level == L2:
            # the other one may strike first too, have deathtouch (《裏切りの棘、グリッサ》 both) or be indestructible
            roll = rng.random()
            pools[1] = (
                STRIKERS
                if roll < 0.35
                else (*DEATHTOUCH, "glissa-the-traitor")
                if roll < 0.7
                else ("darksteel-myr", *VANILLA)
                if roll < 0.85
                else VANILLA
            )
        first = draw(rng, pools[0], "att" if striker_first else "blk", "A" if striker_first else "B", taken)
        second = draw(rng, pools[1], "blk" if striker_first else "att", "B" if striker_first else "A", taken)
        a, b = (first, second) if striker_first else (second, first)
        if not _fair_pair(a, b):
            continue
        for c in (a, b):  # +1/+1 counters from earlier turns vary the numbers
            pump(c, rng.randint(0, 2) if rng.random() < 0.5 else 0)
        if level == L2 and rng.random() < 0.3:
            marked = rng.randint(0, toughness_of(b) - 1)
            if marked:
                b["damage"] = marked
        kws = [a.get("keywords", []), b.get("keywords", [])]
        answer = _strike_fight(a, b)
        naive = _strike_fight(a, b, ignore_first_strike=True)
        if answer != naive or rng.random() < 0.25:
            break
    doc = _scenario(_players(), [a, b], _combat([_attack("att", blockers=["blk"])]))
    prompt = (
        f"あなたの{describe(a)}が攻撃し、対戦相手の{describe(b)}にブロックされました。"
        "戦闘ダメージ・ステップが終わったとき、墓地に置かれているクリーチャーをすべて選んでください。"
    )
    mistakes: list[Mistake] = [
        (naive, "先制攻撃・二段攻撃を無視して、同時にダメージを与えると考えました (510.4)")
    ]
    # Each belief swaps one keyword's rule for the other's and lets the same model resolve it.
    if any("double_strike" in k for k in kws):
        mistakes.append(
            (
                _strike_fight(*_swapped(a, b, "double_strike", "first_strike")),
                "二段攻撃を持つクリーチャーも1回目の戦闘ダメージ・ステップでしかダメージを与えないと考えました (702.4b)",
            )
        )
    if any("first_strike" in k for k in kws):
        mistakes.append(
            (
                _strike_fight(*_swapped(a, b, "first_strike", "double_strike")),
                "先制攻撃を持つクリーチャーも2回目の戦闘ダメージ・ステップでダメージを与えると考えました (702.7b)",
            )
        )
    explanation = (
        "先制攻撃か二段攻撃を持つクリーチャーがいると、戦闘ダメージ・ステップは2回になります。1回目は先制攻撃と二段攻撃を"
        "持つクリーチャーだけが、2回目はそれ以外と二段攻撃を持つクリーチャーがダメージを与えます (510.4)。1回目の後に"
        "状況起因処理で破壊されたクリーチャーは、2回目にダメージを与えません (704.5g)。"
    )
    rules = ["510.4", "702.7b", "702.4b", "704.5g"]
    if any("deathtouch" in k for k in kws):
        explanation += "接死を持つ発生源から1点でもダメージを受けたクリーチャーは破壊されます (704.5h)。"
        rules.append("704.5h")
    return Draft(doc, prompt, {"kind": "dies"}, answer, explanation, rules, mistakes)


# --------------------------------------------------------------------------- 12. dividing damage among blockers (510.1c)


def gen_assignment_legal(rng: random.Random, level: str) -> Draft:
    k = 2 if level == INTRO else rng.randint(2, 3)
    taken: set[str] = set()
    # a creature without trample; +1/+1 counters from earlier turns vary its power
    attacker = draw(rng, VANILLA, "att", "A", taken)
    power = pump(attacker, rng.randint(0, 3))
    # 4 in 10: more power than the blockers' toughness, sent past them to the player (not legal)
    others = [v for v in VANILLA if card(v).ja_name not in taken]
    small = [c for c in itertools.combinations(others, k) if sum(_printed(v)[1] for v in c) < power]
    spill = bool(small) and rng.random() < 0.4
    chosen = rng.choice(small) if spill else rng.sample(others, k)
    blockers = [permanent(slug, f"b{i + 1}", "B") for i, slug in enumerate(chosen)]
    toughness_sum = sum(b["toughness"] for b in blockers)
    ids = [b["id"] for b in blockers]
    assignment: dict[str, int] = {}
    if spill:
        assignment = {b["id"]: b["toughness"] for b in blockers}
        assignment["B"] = power - toughness_sum
    else:
        # A division that the old damage assignment order would have forbidden, when one exists.
        first = blockers[0]
        short = (
            rng.randint(0, min(first["toughness"], power) - 1)
            if rng.random() < 0.7
            else rng.randint(0, power)
        )
        short = min(short, power)
        assignment[first["id"]] = short
        rest = power - short
        for b in blockers[1:-1]:
            n = rng.randint(0, rest)
            assignment[b["id"]] = n
            rest -= n
        assignment[blockers[-1]["id"]] = assignment.get(blockers[-1]["id"], 0) + rest
    legal = assignment.get("B", 0) == 0
    old_order_ok = legal and all(
        assignment.get(ids[j], 0) == 0
        or all(assignment.get(ids[i], 0) >= blockers[i]["toughness"] for i in range(j))
        for j in range(len(ids))
    )
    shown = "、".join(f"{_label(b)}に{assignment.get(b['id'], 0)}点" for b in blockers)
    if assignment.get("B"):
        shown += f"、対戦相手に{assignment['B']}点"
    prompt = (
        f"あなたの{describe(attacker)}（トランプルなし）が攻撃し、"
        + "と".join(describe(b) for b in blockers)
        + f"にブロックされました（この順に並べて置かれています）。あなたは{power}点を「{shown}」と割り振りました。"
        "この割り振りは適正ですか？"
    )
    mistakes = [
        (not legal, "トランプルがなくても余ったダメージをプレイヤーに割り振れると考えました (510.1c)")
        if not legal
        else (
            old_order_ok,
            "以前のルールの「ダメージ割り振り順」で考えました（2024年に廃止されました, 510.1c）",
        )
    ]
    explanation = (
        "ブロックされたクリーチャーは、戦闘ダメージをブロック・クリーチャーの間で好きなように分けて割り振れます。"
        "以前のルールのダメージ割り振り順はもうなく、1体目に致死ダメージを割り振る必要はありません (510.1c)。"
        "トランプルがなければ、プレイヤーには1点も割り振れません。"
    )
    doc = _scenario(
        _players(),
        [attacker, *blockers],
        _combat([_attack("att", blockers=ids)], {"att": {r: n for r, n in assignment.items() if n}}),
    )
    return Draft(
        doc, prompt, {"kind": "legal"}, legal, explanation, ["510.1c", "510.1a", "702.19b"], mistakes
    )


# --------------------------------------------------------------------------- 13. Worship (120.4c)


def gen_worship(rng: random.Random, level: str) -> Draft:
    b_life = rng.randint(2, 6)
    taken: set[str] = set()
    permanents = [draw(rng, VANILLA, f"c{i + 1}", "A", taken) for i in range(2)]
    powers = [c["power"] for c in permanents]
    controls = rng.random() < 0.75
    if controls:
        permanents.append(draw(rng, VANILLA, "guard", "B", taken))
    worship = card("worship")
    effects: list[dict[str, Any]] = [worship.effect(0, player="B")]
    loss = sum(powers)
    gain = 0
    extra = ""
    if level == L2:
        awe = card("awe-strike")
        effects.append(awe.effect(0, source="c1", gain_life_to="B"))
        gain = powers[0]
        loss -= powers[0]
        extra = (
            f"対戦相手は{awe.label}で{_label(permanents[0])}が次に与えるダメージをすべて軽減し、軽減した点数のライフを"
            "得ます。"
        )
    net = b_life - loss + gain
    answer = 1 if controls and loss > 0 and net < 1 else net
    who = f"{describe(permanents[-1])}と" if controls else "クリーチャーはなく、"
    prompt = (
        f"対戦相手のライフは{b_life}点で、{who}{worship.label}（そのコントローラーがクリーチャーをコントロールしているなら、"
        f"そのプレイヤーのライフを1点未満に減らすダメージは、代わりにライフを1点に減らす）をコントロールしています。あなたの{describe(permanents[0])}と"
        f"{describe(permanents[1])}がブロックされずに攻撃しました。{extra}戦闘ダメージの後、対戦相手のライフは何点ですか？"
    )
    mistakes = [
        (b_life - loss + gain, "《崇拝》を見落としました (120.4c)")
        if controls
        else (1, "クリーチャーがなくても《崇拝》が働くと考えました (614.1a)"),
        (
            b_life - sum(powers) + gain,
            "《畏敬の一撃》で軽減されたダメージもライフを減らすと考えました (615.6)",
        )
        if level == L2
        else (b_life - sum(powers) + 1, "ダメージを1点少なく数えました"),
        (1 + gain, "《崇拝》で1点にしてからライフを得ると考えました (120.4c の例)")
        if level == L2
        else (0, "ライフが0になると考えました"),
        (b_life, "ダメージを受けないと考えました"),
    ]
    explanation = (
        "ダメージは結果（ライフの喪失など）に変換されてから、その結果に影響する置換効果で修整されます (120.4c)。"
        "《崇拝》はダメージのイベントがライフを1点未満にするときにだけ働きます。"
    )
    rules = ["120.4c", "120.3a"]
    if level == L2:
        explanation += (
            "《畏敬の一撃》はダメージを軽減し、軽減した点数のライフを得させます (615.5)。120.4 の例のとおり、"
            "失うライフと得るライフが同じイベントで起こり、それでライフが1点未満にならなければ《崇拝》は適用されません。"
        )
        rules += ["615.5", "615.8"]
    doc = _scenario(_players(b_life=b_life), permanents, _combat([_attack("c1"), _attack("c2")]), effects)
    return Draft(doc, prompt, {"kind": "life", "player": "B"}, answer, explanation, rules, mistakes)


# --------------------------------------------------------------------------- 14. wither and infect on a creature


WITHER_SOURCES: Final = {"wither": WITHER, "infect": INFECT_CREATURES}
"""Creatures whose damage becomes -1/-1 counters on a creature (CR 702.80a wither, 702.90c infect)."""


def gen_wither(rng: random.Random, level: str) -> Draft:
    keyword = rng.choice(["wither", "infect"]) if level == L1 else "wither"
    source = permanent(rng.choice(WITHER_SOURCES[keyword]), "src", "A")
    amount = source["power"]
    plus = rng.randint(0, 2) if level == L1 else 0
    # the creature dealt damage survives it: its toughness stays above the counters it gets
    target = permanent(rng.choice([s for s in VANILLA if _printed(s)[1] + plus > amount]), "cr", "B")
    toughness = target["toughness"]
    eff_t = toughness + plus
    marked = rng.randint(0, min(eff_t - amount - 1, 2)) if level == L1 and eff_t - amount > 1 else 0
    if plus:
        target["counters"] = {"+1/+1": plus}
    if marked:
        target["damage"] = marked
    bite = card("rabid-bite")
    event = {
        "type": "bite",
        "name": bite.label,
        "source": "src",
        "to": "cr",
        "spell": dict(bite.engine["event"]["spell"]),
        "targets": ["src", "cr"],
    }
    answer = eff_t - amount
    kw = KEYWORD_JA[keyword]
    prompt = (
        f"あなたは緑の呪文{bite.label}（あなたのクリーチャー1体が、そのパワーに等しいダメージを対戦相手のクリーチャー1体に与える）を唱え、"
        f"あなたの{describe(source)}から対戦相手の{describe(target)}にダメージを与えさせました。"
        f"解決後（状況起因処理の後）、{_label(target)}のタフネスはいくつですか？"
    )
    mistakes = [
        (eff_t, f"{kw}のダメージも普通のダメージとして負うと考えました (120.3d)"),
        (toughness - amount, "+1/+1カウンターを数え忘れました")
        if plus
        else (eff_t - amount - 1, "1点多く数えました"),
        (
            eff_t - 2 * amount,
            "+1/+1カウンターと-1/-1カウンターが相殺されるとタフネスがさらに下がると考えました (704.5q)",
        )
        if plus
        else (eff_t - amount + 1, "1点少なく数えました"),
    ]
    explanation = (
        f"ダメージを与えるのは呪文ではなく{_label(source)}です (120.7)。"
        f"{kw}を持つ発生源からクリーチャーが受けたダメージは、ダメージとして負う代わりに、その点数の-1/-1カウンターに"
        "なります (120.3d, 702.80a, 702.90c)。"
    )
    rules = ["120.3d", "702.80a" if keyword == "wither" else "702.90c", "120.7"]
    if plus:
        explanation += "+1/+1カウンターと-1/-1カウンターは状況起因処理で同じ数だけ取り除かれますが、タフネスは変わりません (704.5q)。"
        rules.append("704.5q")
    return Draft(
        _scenario(_players(), [source, target], event),
        prompt,
        {"kind": "toughness", "permanent": "cr"},
        answer,
        explanation,
        rules,
        mistakes,
    )


# --------------------------------------------------------------------------- 15. zero damage (120.8)


def gen_zero_damage(rng: random.Random, level: str) -> Draft:
    salve = card("healing-salve")
    shield = salve.effect(0)["amount"]
    effects: list[dict[str, Any]] = []
    zeroed = rng.random() < 0.5  # its power brought to 0 by -1/-1 counters, else a shield on the attacker
    # a deathtouch blocker that outlives -1/-1 counters as many as its power (704.5f), when they are used
    blocker = permanent(
        rng.choice([s for s in DEATHTOUCH if not zeroed or _printed(s)[1] > _printed(s)[0]]), "dt", "B"
    )
    # L2: the attacker has deathtouch too, another card than the blocker, one that it may block (509.1b);
    # else a plain creature no bigger than 3 power, so that the blocker does not always die
    attacker = permanent(
        rng.choice(
            [
                s
                for s in (DEATHTOUCH if level == L2 else [v for v in VANILLA if _printed(v)[0] <= 3])
                if card(s).ja_name != blocker["name"] and can_block(permanent(s, "att", "A"), blocker)
            ]
        ),
        "att",
        "A",
    )
    if zeroed:
        blocker["counters"] = {"-1/-1": blocker["power"]}
        why, situation = "-1/-1カウンターでパワーが0なので", ""
    else:
        effects.append(salve.effect(0, to="att"))
        why = "盾がダメージをすべて軽減するので"
        situation = (
            f"あなたは{salve.label}を唱えて、「このターン、{_label(attacker)}が受ける次の{shield}点のダメージを"
            "軽減する」を選んでいます。"
        )
    toughness = toughness_of(blocker)
    b_dies = attacker["power"] >= toughness
    guarded = ""
    if level == L2:
        # L2: the attacker has deathtouch too, and a shield on the blocker may bring its damage to 0
        power = pump(attacker, rng.randint(0, 3))
        effects.append(salve.effect(0, to="dt"))
        b_dies = power > shield
        situation += (
            f"対戦相手は{salve.label}を唱えて、「このターン、{_label(blocker)}が受ける次の{shield}点のダメージを"
            "軽減する」を選んでいます。"
        )
        guarded = (
            f"{_label(attacker)}の接死も同じで、盾に{shield}点を軽減された後に1点でも残れば{_label(blocker)}は"
            "破壊され、残らなければ何も起こりません (702.2b, 615.7)。"
        )
    answer = ["dt"] if b_dies else []
    prompt = (
        f"あなたの{describe(attacker)}が攻撃し、対戦相手の{describe(blocker)}にブロックされました。{situation}"
        "戦闘ダメージの後、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    # the belief: every deathtouch creature in the fight destroys what it blocks or is blocked by
    believed = {*answer, "att", *(["dt"] if level == L2 else [])}
    mistakes = [(sorted(believed), "0点のダメージでも接死で破壊されると考えました (120.8)")]
    explanation = (
        f"{why}、接死を持つ{_label(blocker)}はダメージを与えません。0点のダメージはダメージではなく、接死は働きません "
        "(120.8, 702.2b)。軽減されたダメージも与えられていません (615.6)。" + guarded
    )
    rules = ["120.8", "702.2b", "704.5h", "510.1a"] + (["615.6", "615.7"] if effects else [])
    return Draft(
        _scenario(_players(), [attacker, blocker], _combat([_attack("att", blockers=["dt"])]), effects),
        prompt,
        {"kind": "dies"},
        answer,
        explanation,
        rules,
        mistakes,
    )


# --------------------------------------------------------------------------- the catalogue


BASE_TEMPLATES: Final[tuple[Template, ...]] = (
    Template(
        "sweep-dies",
        "全体ダメージで死亡するクリーチャー",
        ("704.5", "120.3", "120.4"),
        LEVELS,
        gen_sweep,
        (("120.4", (L2,)),),
    ),
    Template(
        "lifelink-shield", "絆魂と軽減の盾", ("lifelink", "615.7", "120.3"), LEVELS, gen_lifelink_shield
    ),
    Template("poison", "感染と毒性の毒カウンター", ("infect", "toxic", "120.3"), LEVELS, gen_poison),
    Template(
        "spill",
        "ブロックされたクリーチャーのダメージ",
        ("trample", "510.1", "702.19b"),
        (INTRO, L1),
        gen_spill,
    ),
    Template(
        "trample-legal",
        "トランプルの割り振りは適正か",
        ("trample", "702.19b", "deathtouch"),
        (L1, L2),
        gen_trample_legal,
    ),
    Template(
        "trample-max",
        "トランプルで通せる最大のダメージ",
        ("trample", "702.19b", "deathtouch"),
        (L1, L2),
        gen_trample_max,
    ),
    Template(
        "effect-order",
        "置換・軽減効果を適用する順番",
        ("616.1", "615.7", "120.4"),
        (L1, L2),
        gen_effect_order,
    ),
    Template("shield-choice", "盾で軽減するダメージの選択", ("615.7", "lifelink"), (L2,), gen_shield_choice),
    Template(
        "battle",
        "バトルへのダメージ",
        ("battle", "120.3", "infect"),
        LEVELS,
        gen_battle,
        (("infect", (L1, L2)),),
    ),
    Template(
        "excess",
        "余剰のダメージ",
        ("120.4", "deathtouch"),
        LEVELS,
        gen_excess,
        (("deathtouch", (L2,)),),
    ),
    Template(
        "first-strike",
        "先制攻撃と二段攻撃",
        ("510.4", "704.5", "deathtouch"),
        (L1, L2),
        gen_first_strike,
        (("deathtouch", (L2,)),),
    ),
    Template(
        "assignment-legal",
        "ブロック・クリーチャーへの割り振り",
        ("510.1",),
        (INTRO, L1),
        gen_assignment_legal,
    ),
    Template("worship", "《崇拝》とダメージの結果", ("120.4",), (L1, L2), gen_worship),
    Template(
        "wither",
        "萎縮・感染と-1/-1カウンター",
        ("wither", "infect", "120.3"),
        (INTRO, L1),
        gen_wither,
        (("infect", (L1,)),),
    ),
    Template("zero-damage", "0点のダメージと接死", ("120.8", "deathtouch"), LEVELS, gen_zero_damage),
)

# Every template module adds its tuple here, one line each.
TEMPLATES: Final[tuple[Template, ...]] = (
    *BASE_TEMPLATES,
    *CARD_TEMPLATES,
    *ERA_TEMPLATES,
    *JUDGE_TEMPLATES,
    *SEQUENCE_TEMPLATES,
)

TEMPLATES_BY_SLUG: Final = {t.slug: t for t in TEMPLATES}


def templates_for(*, topic: str, level: str) -> list[Template]:
    """The built-in templates that train ``topic`` at ``level``."""
    return [t for t in TEMPLATES if t.trains(topic, level)]
