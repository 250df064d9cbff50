"""「今も成り立つ？」: questions on the misconceptions former rules leave behind (拡張, issue 15).

Old articles and videos still teach the rules of 2007 (combat damage on the stack: 「ダメージを
スタックに乗せてから生け贄に」) and of 2009-2024 (「ブロック・クリーチャーに割り振り順を付ける」). Each
template here draws one board in two versions: the board under today's rules, which the question asks
about, and the same board under the former era, whose answer is the misconception's wrong option. The
template predicts both with its own arithmetic; :mod:`tutor.study.building` checks the first against
the engine when the question is made, and the tests check the second against the engine under the
former era (``era`` in the document, docs/scenario-format.md § 12).

Registered in :data:`tutor.study.generators.TEMPLATES` through :data:`ERA_TEMPLATES` (one line
there). The creatures are catalogue cards (:mod:`tutor.study.cardpool`), drawn so that every block shown
is legal (509.1b). No Django. The module's name starts with ``era`` so that ``import_cr`` does not read
its former rule numbers as today's.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any, Final

from tutor.board import curated
from tutor.cards.placement import can_block
from tutor.study.card_questions import TRAMPLERS, VANILLA
from tutor.study.cardpool import draw, power_of, pump, stats, toughness_of
from tutor.study.drafts import Draft, Generate, Template
from tutor.study.topics import INTRO, L1, L2, LEVELS


@dataclass(frozen=True)
class EraCase:
    """One board in two eras, and the answer the template predicts under each."""

    current: dict[str, Any]
    former: dict[str, Any]
    ask: dict[str, Any]
    predicted: Any
    former_predicted: Any
    prompt: str
    explanation: str
    rules: list[str]
    former_mistake: str
    other_mistakes: list[tuple[Any, str]]


def _doc(permanents: list[dict[str, Any]], event: dict[str, Any], a_life: int = 20) -> dict[str, Any]:
    return curated.doc(permanents, event, players=curated.two_players(a_life))


def _attack(attacker: dict[str, Any], blockers: list[dict[str, Any]]) -> dict[str, Any]:
    return {"attacker": attacker["id"], "defender": "B", "blockers": [b["id"] for b in blockers]}


def _label(doc: dict[str, Any]) -> str:
    return f"《{doc['name']}》"


ATTACKERS: Final = VANILLA
"""Attackers without evasion: any creature may block them (509.1b)."""
BLOCKERS: Final = (*VANILLA, "serra-angel", "charging-monstrosaur", "colossal-dreadmaw")
"""Blockers whose abilities do not touch the damage dealt to them or by them."""


def _blocker(
    rng: random.Random,
    attacker: dict[str, Any],
    pid: str,
    taken: set[str],
    toughness: tuple[int, int],
) -> dict[str, Any]:
    """A catalogue creature of the opponent's that may block ``attacker`` (509.1b), its toughness
    within ``toughness``."""
    low, high = toughness
    return draw(
        rng,
        VANILLA,
        pid,
        "B",
        taken,
        lambda doc: low <= toughness_of(doc) <= high and can_block(attacker, doc),
    )


# --------------------------------------------------------------------------- 1. the damage assignment order


def case_order(rng: random.Random, level: str) -> EraCase:
    """CR 510.1c (today): a blocked creature divides its damage as its controller chooses; 2024-08-02
    509.2 and 510.1c: it followed an order, lethal damage to each before the next. Trample (702.19b)
    still needs lethal damage to every blocker before the player, in every era."""
    trample = level != INTRO and rng.random() < 0.5
    spill = not trample and rng.random() < 0.3
    # L2: a third blocker, so the old order ran through two "lethal first" steps
    three = level == L2 and not trample and not spill
    taken: set[str] = set()
    if trample or spill:
        # power enough for lethal damage to both blockers and some left (+1/+1 counters make up the rest)
        attacker = draw(
            rng, TRAMPLERS if trample else ATTACKERS, "att", "A", taken, lambda d: power_of(d) >= 3
        )
        printed = power_of(attacker)
        x = _blocker(rng, attacker, "x", taken, (2, min(4, printed - 1)))
        y = _blocker(rng, attacker, "y", taken, (1, min(4, printed + 1 - toughness_of(x))))
        lethal_x, lethal_y = toughness_of(x), toughness_of(y)
        power = pump(attacker, max(0, lethal_x + lethal_y + rng.randint(1, 2) - printed))
        blockers = [x, y]
        if trample:
            short = rng.randint(1, lethal_y - 1) if lethal_y > 1 else 0
            division = {"x": lethal_x, "y": short, "B": power - lethal_x - short}
        else:
            division = {"x": lethal_x, "y": lethal_y, "B": power - lethal_x - lethal_y}
        legal_now = legal_then = False
    else:
        attacker = draw(rng, ATTACKERS, "att", "A", taken, lambda doc: power_of(doc) >= (3 if three else 2))
        power = power_of(attacker)
        x = _blocker(rng, attacker, "x", taken, (2, 4))
        if three:
            y = _blocker(rng, attacker, "y", taken, (1, 4))
            z = _blocker(rng, attacker, "z", taken, (max(1, power - toughness_of(x) - toughness_of(y)), 4))
            blockers = [x, y, z]
            on_first = rng.randint(0, min(toughness_of(x), power) - 1)
            on_second = rng.randint(0, power - on_first)
            division = {"x": on_first, "y": on_second, "z": power - on_first - on_second}
        else:
            y = _blocker(rng, attacker, "y", taken, (max(1, power - toughness_of(x)), 4))
            blockers = [x, y]
            on_first = rng.randint(0, min(toughness_of(x), power) - 1)
            division = {"x": on_first, "y": power - on_first}
        legal_now, legal_then = True, False
    ids = [b["id"] for b in blockers]
    event = {
        "type": "combat",
        "attacks": [_attack(attacker, blockers)],
        "assignments": {"att": {k: v for k, v in division.items() if v}},
    }
    current = _doc([attacker, *blockers], event)
    former = copy.deepcopy(current)
    former["era"] = "2009-2024"
    former["event"]["attacks"][0]["order"] = ids
    shown = "、".join(f"{_label(b)}に{division[b['id']]}点" for b in blockers)
    if division.get("B"):
        shown += f"、対戦相手に{division['B']}点"
    prompt = (
        "2009年7月から2024年11月までのルールでは、攻撃側はブロック・クリーチャーに「ダメージ割り振り順」を付け、"
        "先頭のクリーチャーに致死ダメージを割り振るまで、次のクリーチャーには割り振れませんでした。"
        f"あなたの{stats(attacker)}が攻撃し、対戦相手の{'と'.join(stats(b) for b in blockers)}にブロックされました"
        f"（昔のルールなら{'→'.join(_label(b) for b in blockers)}の順です）。あなたは{power}点を「{shown}」と割り振りました。"
        "現在のルールで、この割り振りは適正ですか？"
    )
    if spill:
        explanation = (
            "割り振り順がなくなっても、トランプルを持たないブロックされたクリーチャーは、ブロック・クリーチャーにしか"
            "割り振れません (510.1c)。余った分を対戦相手に割り振ることはできないので、この割り振りは不適正です。"
            "2009-2024年のルールでも同じでした (2024-08-02版 510.1c)。"
        )
        former_mistake = (
            "割り振り順がなくなったので、余ったダメージはプレイヤーに割り振れると考えました (510.1c)"
        )
        wrong = True
    elif trample:
        explanation = (
            "割り振り順はなくなりましたが、トランプルの条件は今も変わりません。ブロック・クリーチャーすべてに"
            f"致死ダメージを割り振ってからでないと、プレイヤーには割り振れません (702.19b)。{_label(y)}に致死ダメージ"
            f"（{toughness_of(y)}点）が足りないので、対戦相手への割り振りは不適正です。2009-2024年のルールでも同じく"
            "不適正でした (2024-08-02版 702.19b)。"
        )
        former_mistake = (
            "割り振り順がなくなったので、トランプルでも致死ダメージを割り振らなくてよいと考えました (702.19b)"
        )
        wrong = True
    else:
        explanation = (
            "現在のルールでは、ブロックされたクリーチャーは戦闘ダメージをブロック・クリーチャーの間で好きなように"
            "分けられます (510.1c)。割り振り順は2024年11月の『ファウンデーションズ』でなくなりました。2009-2024年の"
            f"ルールでは、先頭の{_label(x)}に致死ダメージ（{toughness_of(x)}点）を割り振るまで次のクリーチャーには割り振れず、"
            "この割り振りは不適正でした (2024-08-02版 509.2, 510.1c)。"
        )
        former_mistake = "以前の「ダメージ割り振り順」で考えました（2024年11月に廃止、2024-08-02版 510.1c）"
        wrong = legal_then
    return EraCase(
        current=current,
        former=former,
        ask={"kind": "legal"},
        predicted=legal_now,
        former_predicted=legal_then,
        prompt=prompt,
        explanation=explanation,
        rules=["510.1c", "702.19b", "510.1e"],
        former_mistake=former_mistake,
        other_mistakes=[(wrong, former_mistake)] if trample or spill else [],
    )


# --------------------------------------------------------------------------- 2. sacrifice after damage is assigned


def case_sacrifice(rng: random.Random, level: str) -> EraCase:
    """CR 510.2 (today): combat damage is dealt as soon as it is assigned, with no priority between,
    and the creature that took lethal damage is destroyed before anyone can act (704.5g, 117.5).
    2007-02-01 310.1 and 310.4a: the assignment waited on the stack; a creature sacrificed then still
    dealt its damage."""
    life = rng.randint(3, 20) if level != INTRO else rng.randint(10, 20)
    gain = 4
    taken: set[str] = set()
    baloth = draw(rng, ("ravenous-baloth",), "baloth", "A", taken)
    if level == L2:
        # L2: two blockers, neither strong enough alone; their damage together is lethal (120.4, 704.5g),
        # so the Baloth is still destroyed before anyone could sacrifice it
        blocker = draw(rng, VANILLA, "blocker", "B", taken, lambda doc: power_of(doc) <= 3)
        need = 4 - power_of(blocker)
        second = draw(rng, VANILLA, "second", "B", taken, lambda doc: need <= power_of(doc) <= 3)
        blockers = [blocker, second]
    else:
        blocker = draw(rng, BLOCKERS, "blocker", "B", taken, lambda doc: power_of(doc) >= 2)
        # +1/+1 counters from earlier turns bring its power to 4 or more: it deals the Baloth lethal damage
        pump(blocker, max(0, 4 - power_of(blocker)) + rng.randint(0, 1))
        blockers = [blocker]
    event: dict[str, Any] = {
        "type": "combat",
        "attacks": [{"attacker": "baloth", "defender": "B", "blockers": [b["id"] for b in blockers]}],
    }
    if level == L2:
        on_first = rng.randint(1, 3)
        event["assignments"] = {"baloth": {"blocker": on_first, "second": 4 - on_first}}
    current = _doc([baloth, *blockers], event, a_life=life)
    former = copy.deepcopy(current)
    former["era"] = "2007"
    former["event"]["on_stack_actions"] = [
        {"type": "sacrifice", "creature": "baloth", "gain_life": gain, "name": "《貪欲なるベイロス》の能力"}
    ]
    total = sum(power_of(b) for b in blockers)
    if level == L2:
        split = event["assignments"]["baloth"]
        blocker_dies = any(toughness_of(b) <= split[b["id"]] for b in blockers)
        blocked_by = f"対戦相手の{'と'.join(stats(b) for b in blockers)}にブロックされました"
        blocked_by += f"（ベイロスの4点は{'、'.join(f'{_label(b)}に{split[b["id"]]}点' for b in blockers)}と割り振ります）"
        took = (
            f"ベイロスはどちらのブロック・クリーチャーからも4点未満しか受けませんが、同時に与えられた"
            f"{'点と'.join(str(power_of(b)) for b in blockers)}点、合わせて{total}点は致死ダメージです (120.3e)。"
            "ダメージは合計で数えるので、誰も優先権を得る前に状況起因処理で破壊されます (704.5g)。そのため、"
        )
    else:
        blocker_dies = toughness_of(blocker) <= 4
        blocked_by = f"対戦相手の{stats(blocker)}にブロックされました"
        took = f"ベイロスは{power_of(blocker)}点のダメージを受け、誰も優先権を得る前に状況起因処理で破壊されるので (704.5g)、"
    prompt = (
        f"あなたのライフは{life}点です。あなたの《貪欲なるベイロス》（4/4、「ビーストを1体生け贄に捧げる：あなたは4点の"
        f"ライフを得る。」）が攻撃し、{blocked_by}。古い記事には「戦闘ダメージを"
        "割り振ってから、与えられる前にベイロスを生け贄に捧げれば、ダメージも与えてライフも得られる」とあります。"
        "あなたはその記事のとおり、戦闘ダメージを割り振ってから生け贄に捧げようとします。"
        "現在のルールで、戦闘ダメージ・ステップのあと、あなたのライフは何点ですか？"
    )
    explanation = (
        "現在のルールでは、戦闘ダメージは割り振られるとすぐに与えられ、その間に能力を起動する機会はありません (510.2)。"
        + took
        + f"生け贄に捧げることはできず、ライフは{life}点のままです。ライフを得るなら、ブロック・クリーチャー指定ステップの"
        "うちに生け贄に捧げるしかなく、そのときベイロスは戦闘ダメージを与えません"
        + ("（ブロック・クリーチャーは生き残ります）" if blocker_dies else "")
        + "。2007年のルールでは割り振りがスタックに置かれ (2007-02-01版 310.1)、生け贄に捧げたあとも割り振ったダメージは"
        f"与えられたので (2007-02-01版 310.4a)、ライフは{life + gain}点になりました。"
    )
    return EraCase(
        current=current,
        former=former,
        ask={"kind": "life", "player": "A"},
        predicted=life,
        former_predicted=life + gain,
        prompt=prompt,
        explanation=explanation,
        rules=["510.2", "704.5g", "117.5", *(["120.3e"] if level == L2 else [])],
        former_mistake="戦闘ダメージがスタックに置かれた2007年のルールで考えました（2009年7月に廃止、2007-02-01版 310.1, 310.4a）",
        other_mistakes=[(life - total, "戦闘ダメージでプレイヤーのライフが減ると考えました (510.1c)")],
    )


# --------------------------------------------------------------------------- 3. a pump after damage is assigned


def case_pump(rng: random.Random, level: str) -> EraCase:
    """CR 510.2 (today): a pump must come before combat damage, so both its power and its toughness
    count. 2007-02-01 310.4a: after the assignment was on the stack only the toughness counted."""
    taken: set[str] = set()
    attacker = draw(
        rng, VANILLA, "att", "A", taken, lambda doc: power_of(doc) <= 3 and toughness_of(doc) <= 3
    )
    power, toughness = power_of(attacker), toughness_of(attacker)
    # a blocker that survives the unpumped attacker and kills it (pumped, the attacker may win)
    blocker = draw(
        rng,
        BLOCKERS,
        "blk",
        "B",
        taken,
        lambda doc: power < toughness_of(doc) <= power + 4
        and toughness <= power_of(doc) <= toughness + 3
        and can_block(attacker, doc),
    )
    blocker_power, blocker_toughness = power_of(blocker), toughness_of(blocker)
    ours, theirs = _label(attacker), _label(blocker)
    # L2: the blocker was dealt damage earlier this turn; it stays marked (120.6) and counts in both eras
    marked = rng.randint(1, blocker_toughness - power) if level == L2 else 0
    if marked:
        blocker["damage"] = marked
    shown_attacker, shown_blocker = stats(attacker), stats(blocker)
    event = {"type": "combat", "attacks": [_attack(attacker, [blocker])]}
    former = _doc([attacker, blocker], copy.deepcopy(event))
    former["era"] = "2007"
    former["event"]["on_stack_actions"] = [
        {"type": "pump", "creature": "att", "power": 3, "toughness": 3, "name": "《巨大化》"}
    ]
    # today 《巨大化》 resolves before combat damage: the board the damage sees has the +3/+3 in it
    pumped = copy.deepcopy(attacker)
    pumped.update(power=attacker["power"] + 3, toughness=attacker["toughness"] + 3)
    current = _doc([pumped, copy.deepcopy(blocker)], copy.deepcopy(event))
    # Unpumped, the attacker deals too little to kill the blocker and is dealt lethal damage; the pump
    # makes its toughness count in both eras (704.5g), its power only when cast in time (310.4a of 2007).
    attacker_dies = blocker_power >= toughness + 3
    now_dead = sorted(
        [*(["att"] if attacker_dies else []), *(["blk"] if power + 3 + marked >= blocker_toughness else [])]
    )
    then_dead = sorted(
        [*(["att"] if attacker_dies else []), *(["blk"] if power + marked >= blocker_toughness else [])]
    )
    prompt = (
        f"あなたの{shown_attacker}が攻撃し、対戦相手の{shown_blocker}にブロックされました。あなたは《巨大化》"
        "（クリーチャー1体は、ターン終了時まで+3/+3の修整を受ける）を持っています。古い記事には「戦闘ダメージを"
        "割り振ってから《巨大化》を使うと、タフネスだけが上がる」とあります。現在のルールで使えるのはブロック・"
        f"クリーチャー指定ステップなので、そこで使い、{ours}は{power + 3}/{toughness + 3}になりました。"
        "戦闘ダメージのあと、墓地に置かれるクリーチャーをすべて選んでください。"
    )
    explanation = (
        "現在のルールでは、戦闘ダメージを割り振ったあと与えられるまでの間に呪文を唱える機会はないので (510.2)、"
        "《巨大化》はダメージの前に使います。パワーもタフネスも上がった状態で割り振るので、"
        f"{ours}は{power + 3}点を割り振ります (510.1a)。"
        + (
            (f"すでに負っている{marked}点と合わせて" if marked else "")
            + f"{theirs}は致死ダメージを受けて破壊されます (120.6, 704.5g)。"
            if "blk" in now_dead
            else f"{theirs}のタフネスには届きません。"
        )
        + (
            f"{ours}も{blocker_power}点を受けて破壊されます (704.5g)。"
            if attacker_dies
            else f"{ours}は{blocker_power}点では破壊されません。"
        )
        + "2007年のルールでは、割り振りをスタックに置いてから使えば、割り振ったダメージはそのまま"
        f"（{power}点）で、上がったタフネスだけが意味を持ちました (2007-02-01版 310.4a)。"
    )
    return EraCase(
        current=current,
        former=former,
        ask={"kind": "dies"},
        predicted=now_dead,
        former_predicted=then_dead,
        prompt=prompt,
        explanation=explanation,
        rules=["510.2", "510.1a", "704.5g"],
        former_mistake="スタック上の戦闘ダメージのあとで修整した2007年のルールで考えました（2007-02-01版 310.4a）",
        other_mistakes=[],
    )


CASES: Final = {"era-order": case_order, "era-sacrifice": case_sacrifice, "era-pump": case_pump}


def _drafter(slug: str) -> Generate:
    def generate(rng: random.Random, level: str) -> Draft:
        case = CASES[slug](rng, level)
        mistakes = [(case.former_predicted, case.former_mistake), *case.other_mistakes]
        return Draft(
            case.current, case.prompt, case.ask, case.predicted, case.explanation, case.rules, mistakes
        )

    generate.__name__ = f"gen_{slug.replace('-', '_')}"
    return generate


ERA_TEMPLATES: Final[tuple[Template, ...]] = (
    Template(
        "era-order",
        "今も成り立つ？ ダメージ割り振り順",
        ("510.1", "trample"),
        LEVELS,
        _drafter("era-order"),
        (("trample", (L1, L2)),),  # the trample boards are drawn from L1 on
    ),
    Template(
        "era-sacrifice",
        "今も成り立つ？ ダメージのあとで生け贄",
        ("510.1",),
        LEVELS,
        _drafter("era-sacrifice"),
    ),
    Template("era-pump", "今も成り立つ？ ダメージのあとで修整", ("510.1",), LEVELS, _drafter("era-pump")),
)
"""拡張 (issue 15): the 「今も成り立つ？」 templates."""

__all__ = ["CASES", "ERA_TEMPLATES", "EraCase", "case_order", "case_pump", "case_sacrifice"]
