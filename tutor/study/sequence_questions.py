"""Questions about more than one moment (issue 24, item 1): *when* things happen, *two events* in a
row, and several answers on one board.

- *When* (``order`` format): the learner puts 3-4 events in order. The template only names the events
  and where each shows in the engine's staged trace (:func:`tutor.study.asks.order_trace`); the key is
  the order the engine's stages reach them, never an order written here.
- *Two events*: a spell cast in response to another (``in_response``, scenario format § 14) or a
  change between the two combat damage steps (``between_steps``, §§ 10, 17), then the outcome.
- *Parts* (``parts`` format): both life totals and which creatures die, each part graded alone.

Prompts name the cards and what happens, never the deciding keyword or paragraph; the explanation
does. Every board is one the real cards allow (blocks checked with :func:`tutor.cards.placement.can_block`, targets
the cards' own). Pure Python: no Django.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any, Final

from tutor.cards.placement import can_block
from tutor.study.asks import AskError, engine_answer
from tutor.study.cardpool import card, permanent, stats
from tutor.study.drafts import Draft, Mistake, Template
from tutor.study.topics import L1, L2

PLAYERS: Final = {"A": "あなた", "B": "対戦相手"}
FIRST_STRIKERS: Final = ("white-knight", "black-knight", "youthful-knight", "paladin-en-vec")
DOUBLE_STRIKERS: Final = ("boros-swiftblade", "fencing-ace", "mirran-crusader")
VANILLA: Final = ("grizzly-bears", "elite-vanguard", "llanowar-elves", "hill-giant", "vampire-spawn")
BIG: Final = ("hill-giant", "vampire-spawn", "rusted-sentinel", "craw-wurm", "ravenous-baloth")
DEALT_TRIGGER: Final = ("boros-reckoner", "spitemare")
LIFELINKERS: Final = ("child-of-night", "gifted-aetherborn")
TRAMPLERS: Final = ("colossal-dreadmaw", "charging-monstrosaur")

ORDER_NOTE: Final = "すべての順番が合っているときだけ正解です。"


def _players(a_life: int = 20, b_life: int = 20) -> list[dict[str, Any]]:
    return [
        {"id": "A", "name": PLAYERS["A"], "life": a_life},
        {"id": "B", "name": PLAYERS["B"], "life": b_life},
    ]


def _label(doc: dict[str, Any]) -> str:
    return f"《{doc['name']}》"


def _spell(slug: str, controller: str) -> dict[str, Any]:
    source = card(slug).spell_source(controller)
    source.pop("id", None)
    return source


def _power(doc: dict[str, Any]) -> int:
    return int(doc["power"])


def _toughness(doc: dict[str, Any]) -> int:
    return int(doc["toughness"])


def _pick_blocked(rng: random.Random, attacker: dict[str, Any], slugs: tuple[str, ...], test: Any) -> str:
    """A blocker slug that may block ``attacker`` and passes ``test`` (on its permanent)."""
    options = [
        s for s in slugs if test(permanent(s, "x", "B")) and can_block(attacker, permanent(s, "x", "B"))
    ]
    return rng.choice(options)


def _variant(scenario: dict[str, Any], ask: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> Any:
    """The engine's answer on the board as a belief sees it (``change`` edits a copy), or None."""
    trial = copy.deepcopy(scenario)
    change(trial)
    try:
        return engine_answer(trial, ask)
    except AskError:
        return None


def _beliefs(found: list[tuple[Any, str]]) -> list[Mistake]:
    return [(value, label) for value, label in found if value is not None]


def _order_ask(events: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    return {
        "kind": "order",
        "events": [{"key": f"e{n}", "label": label, "at": at} for n, (label, at) in enumerate(events, 1)],
    }


def _keys(*numbers: int) -> list[str]:
    return [f"e{n}" for n in numbers]


def _keys_shuffled(generate: Any) -> Any:
    """The generator with its events' keys drawn at random: a key never tells an event's place, in the
    page's field names or anywhere else (the template lists the events in the order it names them)."""

    def run(rng: random.Random, level: str) -> Draft:
        draft: Draft = generate(rng, level)
        events = draft.ask["events"]
        keys = [f"e{n}" for n in range(1, len(events) + 1)]
        rng.shuffle(keys)
        renamed = {e["key"]: k for e, k in zip(events, keys, strict=True)}
        for event in events:
            event["key"] = renamed[event["key"]]
        draft.mistakes = [([renamed[k] for k in value], label) for value, label in draft.mistakes]
        return draft

    run.__doc__ = generate.__doc__
    return run


# --------------------------------------------------------------------------- when: ordering questions


def gen_seq_first_strike(rng: random.Random, level: str) -> Draft:
    """A first striker's blocker dies before anyone else deals combat damage (510.4, 704.5g)."""
    knight = permanent(rng.choice(FIRST_STRIKERS), "knight", "A")
    other = permanent(rng.choice(("hill-giant", "grizzly-bears", "craw-wurm")), "other", "A")
    if level == L1:
        blocker_slug = _pick_blocked(
            rng, knight, ("grizzly-bears", "elite-vanguard", "llanowar-elves"), lambda d: _toughness(d) <= 2
        )
        blocker = permanent(blocker_slug, "blocker", "B")
        events = [
            (
                f"{_label(knight)}が{_label(blocker)}にダメージを与える",
                {"change": "blocker", "attribute": "damage"},
            ),
            (f"{_label(blocker)}が墓地に置かれる", {"change": "blocker", "attribute": "zone"}),
            (f"{_label(other)}が対戦相手にダメージを与える", {"change": "B", "attribute": "life"}),
        ]
        prompt = (
            f"あなたは{stats(knight)}と{stats(other)}で攻撃し、対戦相手は{stats(blocker)}で"
            f"{_label(knight)}をブロックしました。{_label(other)}はブロックされていません。"
            f"次の出来事を起こる順に並べてください。{ORDER_NOTE}"
        )
        explanation = (
            f"先制攻撃を持つ{_label(knight)}だけが第1戦闘ダメージ・ステップでダメージを与えます (510.4)。"
            f"その直後の状況起因処理で{_label(blocker)}は墓地に置かれ (704.5g)、"
            f"{_label(other)}のダメージは第2戦闘ダメージ・ステップで与えられます (510.4)。"
        )
        mistakes: list[Mistake] = [
            (_keys(1, 3, 2), "すべての戦闘ダメージが与えられてから状況起因処理を行うと考えました (704.3)"),
            (_keys(3, 1, 2), "先制攻撃を持たないクリーチャーが先にダメージを与えると考えました (510.4)"),
        ]
        scenario = {
            "players": _players(),
            "permanents": [knight, other, blocker],
            "event": {
                "type": "combat",
                "attacks": [
                    {"attacker": "knight", "defender": "B", "blockers": ["blocker"]},
                    {"attacker": "other", "defender": "B"},
                ],
            },
        }
        return Draft(scenario, prompt, _order_ask(events), None, explanation, ["510.4", "704.5g"], mistakes)
    blocker = permanent(rng.choice(DEALT_TRIGGER), "blocker", "B")
    # the blocker must be able to block it and deal it damage: no knight with protection from its colours
    knight = permanent(rng.choice(("white-knight", "youthful-knight")), "knight", "A")
    events = [
        (
            f"{_label(knight)}が{_label(blocker)}にダメージを与える",
            {"change": "blocker", "attribute": "damage"},
        ),
        (f"{_label(blocker)}の能力があなたにダメージを与える", {"resolves": "blocker"}),
        (f"{_label(other)}が対戦相手にダメージを与える", {"change": "B", "attribute": "life"}),
        (f"{_label(knight)}が墓地に置かれる", {"change": "knight", "attribute": "zone"}),
    ]
    prompt = (
        f"あなたは{stats(knight)}と{stats(other)}で攻撃し、対戦相手は{stats(blocker)}"
        f"（ダメージを与えられるたび、その点数のダメージを与える）で{_label(knight)}をブロックしました。"
        f"{_label(blocker)}の能力はあなたを対象にします。次の出来事を起こる順に並べてください。{ORDER_NOTE}"
    )
    explanation = (
        f"第1戦闘ダメージ・ステップでは{_label(knight)}だけがダメージを与えます (510.4)。{_label(blocker)}の"
        "能力はそこで誘発し、次に優先権が来る前にスタックに置かれ、第2ステップの前に解決します (603.3, 510.3)。"
        f"第2ステップで{_label(other)}と{_label(blocker)}が同時にダメージを与え (510.2)、その後の状況起因処理で"
        f"{_label(knight)}が墓地に置かれます (704.5g)。"
    )
    mistakes = [
        (_keys(1, 3, 4, 2), "誘発型能力は戦闘ダメージがすべて終わるまで待つと考えました (603.3)"),
        (_keys(1, 4, 2, 3), "ブロック・クリーチャーも第1ステップでダメージを与えると考えました (510.4)"),
    ]
    scenario = {
        "players": _players(),
        "permanents": [knight, other, blocker],
        "event": {
            "type": "combat",
            "attacks": [
                {"attacker": "knight", "defender": "B", "blockers": ["blocker"]},
                {"attacker": "other", "defender": "B"},
            ],
        },
    }
    return Draft(
        scenario, prompt, _order_ask(events), None, explanation, ["510.4", "603.3", "704.5g"], mistakes
    )


def gen_seq_dealt_trigger(rng: random.Random, level: str) -> Draft:
    """A "dealt damage" ability waits for state-based actions before it goes on the stack (120.4b, 704.3)."""
    target = permanent(rng.choice(DEALT_TRIGGER), "target", "B")
    if level == L1:
        spell = _spell(rng.choice(("lightning-bolt", "lightning-strike")), "A")
        events = [
            (f"{_label(target)}がダメージを負う", {"change": "target", "attribute": "damage"}),
            (f"{_label(target)}が墓地に置かれる", {"change": "target", "attribute": "zone"}),
            (f"{_label(target)}の能力があなたにダメージを与える", {"resolves": "target"}),
        ]
        prompt = (
            f"対戦相手は{stats(target)}（ダメージを与えられるたび、その点数のダメージを与える）をコントロールしています。"
            f"あなたは{spell['name']}でそれに3点のダメージを与え、その能力はあなたを対象にします。"
            f"次の出来事を起こる順に並べてください。{ORDER_NOTE}"
        )
        explanation = (
            f"能力はダメージが与えられたときに誘発しますが、スタックに置かれるのはプレイヤーが次に優先権を得る前、"
            f"状況起因処理の後です (120.4b, 603.3, 704.3)。{_label(target)}はその前に墓地に置かれ (704.5g)、"
            "能力はそれでも解決します (603.10a は要りません。誘発は墓地に置かれる前に起きています)。"
        )
        mistakes: list[Mistake] = [
            (_keys(1, 3, 2), "誘発型能力が状況起因処理より先に解決すると考えました (704.3)"),
        ]
        scenario = {
            "players": _players(),
            "permanents": [target],
            "event": {
                "type": "noncombat",
                "source": spell,
                "damage": [{"to": "target", "amount": 3}],
                "targets": ["target"],
            },
        }
        return Draft(
            scenario, prompt, _order_ask(events), None, explanation, ["120.4b", "603.3", "704.3"], mistakes
        )
    victim = permanent(rng.choice(("grizzly-bears", "elite-vanguard", "llanowar-elves")), "victim", "B")
    spell = _spell("pyroclasm", "A")
    events = [
        (f"{_label(target)}がダメージを負う", {"change": "target", "attribute": "damage"}),
        (f"{_label(victim)}が墓地に置かれる", {"change": "victim", "attribute": "zone"}),
        (f"{_label(target)}の能力がスタックに置かれる", {"stacked": "target"}),
        ("あなたのライフが減る", {"change": "A", "attribute": "life"}),
    ]
    prompt = (
        f"対戦相手は{stats(target)}（ダメージを与えられるたび、その点数のダメージを与える）と{stats(victim)}を"
        f"コントロールしています。あなたは{spell['name']}（各クリーチャーに2点）を唱えました。"
        f"{_label(target)}の能力はあなたを対象にします。次の出来事を起こる順に並べてください。{ORDER_NOTE}"
    )
    explanation = (
        f"2点は同時に与えられ、結果もすべて同時に起こります (120.4d)。{_label(victim)}は状況起因処理で墓地に"
        f"置かれ (704.5g)、その後でプレイヤーが優先権を得る前に{_label(target)}の能力がスタックに置かれます"
        "(603.3, 117.5)。能力が解決して初めてあなたのライフが減ります (608.2)。"
    )
    mistakes = [
        (_keys(1, 3, 2, 4), "誘発型能力が状況起因処理より先にスタックに置かれると考えました (704.3)"),
        (_keys(1, 3, 4, 2), "誘発型能力が状況起因処理より先に解決すると考えました (704.3)"),
    ]
    scenario = {
        "players": _players(),
        "permanents": [target, victim],
        "event": {
            "type": "noncombat",
            "source": spell,
            "damage": [{"to": "target", "amount": 2}, {"to": "victim", "amount": 2}],
        },
    }
    return Draft(
        scenario, prompt, _order_ask(events), None, explanation, ["603.3", "704.3", "608.2"], mistakes
    )


def gen_seq_apnap(rng: random.Random, level: str) -> Draft:
    """Both players' abilities: the active player's go on the stack first, so the other's resolve first (603.3b)."""
    mine = permanent("spitemare", "mine", "A")
    theirs = permanent("boros-reckoner", "theirs", "B")
    active = "A" if level == L1 else rng.choice(("A", "B"))
    caster = active
    spell = _spell("pyroclasm", caster)
    permanents = [mine, theirs]
    events = [
        (f"{_label(mine)}と{_label(theirs)}がダメージを負う", {"change": "mine", "attribute": "damage"}),
        (f"{_label(mine)}の能力が解決する", {"resolves": "mine"}),
        (f"{_label(theirs)}の能力が解決する", {"resolves": "theirs"}),
    ]
    extra = ""
    if level == L2:
        small = permanent(rng.choice(("grizzly-bears", "elite-vanguard")), "small", rng.choice(("A", "B")))
        permanents.append(small)
        events.append((f"{_label(small)}が墓地に置かれる", {"change": "small", "attribute": "zone"}))
        extra = f"{PLAYERS[small['controller']]}は{stats(small)}もコントロールしています。"
    whose = "あなた" if active == "A" else "対戦相手"
    prompt = (
        f"{whose}のターンです。あなたは{stats(mine)}を、対戦相手は{stats(theirs)}をコントロールしています"
        f"（どちらもダメージを与えられるたび、その点数のダメージを相手に与える）。{extra}"
        f"{whose}が{spell['name']}（各クリーチャーに2点）を唱えました。次の出来事を起こる順に並べてください。{ORDER_NOTE}"
    )
    explanation = (
        "2つの能力はダメージが与えられたときに同時に誘発し (120.4b)、アクティブ・プレイヤーがまず自分の能力をスタックに置き、次に非アクティブ・"
        f"プレイヤーが置きます (603.3b)。スタックは上から解決するので、{whose}ではないほうの能力が先に解決します (608.2)。"
        "状況起因処理は能力がスタックに置かれる前に行われます (704.3)。"
    )
    mine_first = active == "B"
    wrong = _keys(1, 3, 2) if mine_first else _keys(1, 2, 3)
    if level == L2:
        wrong = _keys(1, 4, 3, 2) if mine_first else _keys(1, 4, 2, 3)
    mistakes: list[Mistake] = [
        (wrong, "アクティブ・プレイヤーの能力が先に解決すると考えました (603.3b)"),
    ]
    if level == L2:
        mistakes.append(
            (
                _keys(1, 2, 3, 4) if mine_first else _keys(1, 3, 2, 4),
                "誘発型能力が解決してから状況起因処理が行われると考えました (704.3)",
            )
        )
    scenario = {
        "active_player": active,
        "players": _players(),
        "permanents": permanents,
        "event": {
            "type": "noncombat",
            "source": spell,
            "damage": [{"to": p["id"], "amount": 2} for p in permanents],
        },
    }
    return Draft(
        scenario, prompt, _order_ask(events), None, explanation, ["603.3b", "608.2", "704.3"], mistakes
    )


def gen_seq_lifelink(rng: random.Random, level: str) -> Draft:
    """Life from lifelink comes with the damage, not later like a triggered ability (120.3f, 510.2)."""
    linker = permanent(rng.choice(LIFELINKERS), "linker", "A")
    blocker = permanent("boros-reckoner", "blocker", "B")
    permanents = [linker, blocker]
    attacks: list[dict[str, Any]] = [{"attacker": "linker", "defender": "B", "blockers": ["blocker"]}]
    events: list[tuple[str, dict[str, Any]]] = []
    if level == L2:
        knight = permanent(rng.choice(FIRST_STRIKERS), "knight", "A")
        permanents.insert(0, knight)
        attacks.insert(0, {"attacker": "knight", "defender": "B"})
        events.append((f"{_label(knight)}が対戦相手にダメージを与える", {"change": "B", "attribute": "life"}))
    events += [
        ("あなたがライフを得る", {"change": "A", "attribute": "life"}),
        (f"{_label(linker)}が墓地に置かれる", {"change": "linker", "attribute": "zone"}),
        (f"{_label(blocker)}の能力があなたにダメージを与える", {"resolves": "blocker"}),
    ]
    names = "と".join(stats(p) for p in permanents if p["controller"] == "A")
    prompt = (
        f"あなたは{names}で攻撃し、対戦相手は{stats(blocker)}（ダメージを与えられるたび、その点数のダメージを与える）"
        f"で{_label(linker)}をブロックしました。{_label(blocker)}の能力はあなたを対象にします。"
        f"次の出来事を起こる順に並べてください。{ORDER_NOTE}"
    )
    explanation = (
        f"{_label(linker)}のダメージによるライフの獲得はダメージと同時に起こる結果で (120.3f, 120.4d)、誘発型能力では"
        "ありません。死亡は状況起因処理で (704.5g)、ダメージで誘発した能力はその後でスタックに置かれて解決します (603.3)。"
    )
    if level == L2:
        explanation = (
            "先制攻撃を持つクリーチャーのダメージが第1戦闘ダメージ・ステップで先に与えられます (510.4)。"
            + explanation
        )
        mistakes: list[Mistake] = [
            (_keys(1, 3, 4, 2), "絆魂によるライフの獲得が誘発型能力のように後で起こると考えました (120.3f)"),
            (_keys(2, 1, 3, 4), "絆魂を持つクリーチャーが先にダメージを与えると考えました (510.4)"),
        ]
    else:
        mistakes = [
            (_keys(2, 3, 1), "絆魂によるライフの獲得が誘発型能力のように後で起こると考えました (120.3f)")
        ]
    scenario = {
        "players": _players(),
        "permanents": permanents,
        "event": {"type": "combat", "attacks": attacks},
    }
    return Draft(
        scenario, prompt, _order_ask(events), None, explanation, ["120.3f", "704.5g", "603.3"], mistakes
    )


# --------------------------------------------------------------------------- two events


def _life_ask(player: str) -> dict[str, Any]:
    return {"kind": "life", "player": player}


def gen_resp_protection(rng: random.Random, level: str) -> Draft:
    """A target that gains protection in response is dealt nothing; the division stays (608.2b, 601.2d)."""
    spell_slug = "arc-lightning" if level == L2 else "forked-bolt"
    spell = _spell(spell_slug, "A")
    saved_slug = rng.choice(("grizzly-bears", "llanowar-elves", "elite-vanguard"))
    saved = permanent(saved_slug, "saved", "B")
    # another card than the saved one, so the prompt's names say which creature gains protection
    others = tuple(
        s for s in ("elite-vanguard", "llanowar-elves", "goblin-sledder", "grizzly-bears") if s != saved_slug
    )
    other = permanent(rng.choice(others), "other", "B")
    b_life = rng.randint(5, 20)
    if level == L1:
        damage = [{"to": "saved", "amount": 1}, {"to": "other", "amount": 1}]
    else:
        damage = [{"to": "saved", "amount": 1}, {"to": "other", "amount": 1}, {"to": "B", "amount": 1}]
    targets = [d["to"] for d in damage]
    scenario = {
        "players": _players(b_life=b_life),
        "permanents": [saved, other],
        "event": {
            "type": "noncombat",
            "source": spell,
            "damage": damage,
            "targets": targets,
            "in_response": [
                {"type": "gain_protection", "object": "saved", "from": "red", "name": "《神々の思し召し》"}
            ],
        },
    }
    split = "、".join(
        f"{_label(saved) if d['to'] == 'saved' else _label(other) if d['to'] == 'other' else '対戦相手'}に{d['amount']}点"
        for d in damage
    )
    prompt = (
        f"対戦相手は{stats(saved)}と{stats(other)}をコントロールしています。あなたは{spell['name']}を唱え、"
        f"{split}を割り振りました。対戦相手は対応して、{_label(saved)}を対象に《神々の思し召し》を唱え、"
        "色は赤を選びました。"
    )
    explanation = (
        f"解決するときに対象をもう一度確かめます。赤からのプロテクションを得た{_label(saved)}は不正な対象になり、"
        f"ダメージを受けません (608.2b, 702.16b)。ほかの対象への割り振りは唱えたときのままで、{_label(saved)}の分が"
        "ほかへ移ることはありません (601.2d)。残った対象はそれぞれの点数のダメージを受けます (120.3a, 120.3e)。"
    )
    if level == L1:
        ask = {"kind": "dies"}
        mistakes: list[Mistake] = _beliefs(
            [
                (
                    _variant(scenario, ask, lambda d: d["event"].pop("in_response")),
                    "プロテクションを得ても、唱えたときの対象にはダメージが与えられると考えました (608.2b)",
                ),
                ([], "対象の1つが不正になると呪文全体が解決しないと考えました (608.2b)"),
                (
                    _variant(scenario, ask, _moved_to_other),
                    "不正になった対象の分のダメージがほかの対象に移ると考えました (601.2d)",
                ),
            ]
        )
        prompt += "墓地に置かれるクリーチャーをすべて選んでください。"
    else:
        ask = _life_ask("B")
        mistakes = [
            (b_life - 2, f"{_label(saved)}の1点が対戦相手に移ると考えました (601.2d)"),
            (b_life, "対象の1つが不正になると呪文全体が解決しないと考えました (608.2b)"),
        ]
        prompt += "対戦相手のライフはいくつになりますか。"
    return Draft(scenario, prompt, ask, None, explanation, ["608.2b", "601.2d", "702.16b"], mistakes)


def _moved_to_other(doc: dict[str, Any]) -> None:
    """The belief that an illegal target's share goes to the other creature: the division redone."""
    event = doc["event"]
    event.pop("in_response")
    for entry in event["damage"]:
        if entry["to"] == "saved":
            entry["amount"] = 0
        elif entry["to"] == "other":
            entry["amount"] += 1
    event["damage"] = [e for e in event["damage"] if e["amount"]]
    event["targets"] = [e["to"] for e in event["damage"]]


def gen_between_shock(rng: random.Random, level: str) -> Draft:
    """Damage from the first combat damage step stays marked; a spell between the steps adds to it (514.2)."""
    if level == L1:
        attacker = permanent(rng.choice(("white-knight", "youthful-knight")), "attacker", "A")
        blocker_slug = _pick_blocked(
            rng, attacker, ("hill-giant", "vampire-spawn", "thorn-elemental"), lambda d: _toughness(d) > 2
        )
    else:
        attacker = permanent(rng.choice(DOUBLE_STRIKERS), "attacker", "A")
        blocker_slug = _pick_blocked(
            rng, attacker, ("rusted-sentinel", "hill-giant", "vampire-spawn"), lambda d: _toughness(d) > 1
        )
    blocker = permanent(blocker_slug, "blocker", "B")
    shock = _spell("shock", "A")
    scenario = {
        "players": _players(),
        "permanents": [attacker, blocker],
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "attacker", "defender": "B", "blockers": ["blocker"]}],
            "between_steps": [
                {
                    "type": "damage",
                    "name": shock["name"],
                    "source": shock,
                    "damage": [{"to": "blocker", "amount": 2}],
                }
            ],
        },
    }
    prompt = (
        f"あなたは{stats(attacker)}で攻撃し、対戦相手は{stats(blocker)}でブロックしました。"
        f"{_label(attacker)}が最初の戦闘ダメージを与えた後、次の戦闘ダメージの前に、あなたは《ショック》で"
        f"{_label(blocker)}に2点のダメージを与えました。墓地に置かれるクリーチャーをすべて選んでください。"
    )
    explanation = (
        "第1戦闘ダメージ・ステップで負ったダメージはターンの終わりまで残り (514.2)、《ショック》の2点と合わせて"
        "致死ダメージかを状況起因処理が確かめます (704.5g)。戦場を離れたクリーチャーは第2ステップでダメージを"
        "与えません (506.4, 510.4)。"
    )
    if level == L2:
        explanation += "二段攻撃を持つクリーチャーは第2ステップでもう一度ダメージを与えます (702.4b)。"
    ask = {"kind": "dies"}
    mistakes = _beliefs(
        [
            (
                _variant(scenario, ask, lambda d: d["event"].pop("between_steps")),
                "第1ステップのダメージと《ショック》のダメージを合わせて数えないと考えました (514.2)",
            ),
        ]
    )
    return Draft(scenario, prompt, ask, None, explanation, ["514.2", "704.5g", "510.4"], mistakes)


def _pump(power: int, toughness: int) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        doc["event"]["between_steps"][0].update(power=power, toughness=toughness)

    return change


def gen_between_pump(rng: random.Random, level: str) -> Draft:
    """A first striker pumped between the steps doesn't deal damage again; a double striker does (510.4)."""
    if level == L1:
        attacker = permanent(rng.choice(("white-knight", "youthful-knight")), "attacker", "A")
    else:
        attacker = permanent(rng.choice(DOUBLE_STRIKERS), "attacker", "A")
    blocker = permanent(
        _pick_blocked(rng, attacker, ("hill-giant", "vampire-spawn", "craw-wurm"), lambda d: True),
        "blocker",
        "B",
    )
    scenario = {
        "players": _players(),
        "permanents": [attacker, blocker],
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "attacker", "defender": "B", "blockers": ["blocker"]}],
            "between_steps": [
                {"type": "pump", "creature": "attacker", "power": 3, "toughness": 3, "name": "《巨大化》"}
            ],
        },
    }
    prompt = (
        f"あなたは{stats(attacker)}で攻撃し、対戦相手は{stats(blocker)}でブロックしました。"
        f"{_label(attacker)}が最初の戦闘ダメージを与えた後、次の戦闘ダメージの前に、あなたは《巨大化》で"
        f"{_label(attacker)}を+3/+3しました。墓地に置かれるクリーチャーをすべて選んでください。"
    )
    explanation = (
        "第2戦闘ダメージ・ステップでダメージを与えるのは、第1ステップの開始時に先制攻撃も二段攻撃も持っていなかった"
        "クリーチャーと、二段攻撃を持つクリーチャーです (510.4)。"
    )
    ask = {"kind": "dies"}
    pre_toughness = _variant(scenario, ask, _pump(3, 0))
    if level == L1:
        explanation += "先制攻撃だけのクリーチャーは、大きくなってももう一度はダメージを与えません。"
        mistakes = _beliefs(
            [
                (
                    _variant(scenario, ask, _hits_again),
                    "先制攻撃を持つクリーチャーが第2ステップでもう一度ダメージを与えると考えました (510.4)",
                ),
                (pre_toughness, "《巨大化》の前のタフネスで致死ダメージを確かめると考えました (704.5g)"),
            ]
        )
    else:
        explanation += (
            "二段攻撃を持つクリーチャーは、第2ステップでは大きくなったパワーでダメージを与えます (702.4b)。"
        )
        mistakes = _beliefs(
            [
                (
                    _variant(scenario, ask, _pump(0, 3)),
                    "二段攻撃の2回目のダメージも《巨大化》の前のパワーで与えると考えました (510.4)",
                ),
                (pre_toughness, "《巨大化》の前のタフネスで致死ダメージを確かめると考えました (704.5g)"),
            ]
        )
    return Draft(scenario, prompt, ask, None, explanation, ["510.4", "702.4b"], mistakes)


def _hits_again(doc: dict[str, Any]) -> None:
    """The belief that the pumped first striker deals damage again: as if it had double strike."""
    doc["event"]["between_steps"].append(
        {"type": "gain_keyword", "creature": "attacker", "keyword": "double_strike"}
    )


def gen_between_removal(rng: random.Random, level: str) -> Draft:
    """A blocked attacker stays blocked when its blocker is destroyed; only trample reaches the player
    (509.1h, 510.1c, 702.19d)."""
    attacker = permanent(rng.choice(TRAMPLERS) if level == L2 else rng.choice(BIG), "attacker", "A")
    blocker = permanent(rng.choice(("white-knight", "youthful-knight")), "blocker", "B")
    b_life = rng.randint(8, 20)
    scenario = {
        "players": _players(b_life=b_life),
        "permanents": [attacker, blocker],
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "attacker", "defender": "B", "blockers": ["blocker"]}],
            "between_steps": [{"type": "destroy", "creature": "blocker", "name": "《殺害》"}],
        },
    }
    prompt = (
        f"対戦相手のライフは{b_life}点です。あなたは{stats(attacker)}で攻撃し、対戦相手は{stats(blocker)}で"
        f"ブロックしました。{_label(blocker)}が最初の戦闘ダメージを与えた後、次の戦闘ダメージの前に、"
        f"あなたは《殺害》で{_label(blocker)}を破壊しました。対戦相手のライフはいくつになりますか。"
    )
    power = _power(attacker)
    if level == L1:
        explanation = (
            "ブロックされたクリーチャーは、ブロック・クリーチャーがいなくなってもブロックされたままで (509.1h)、"
            "ダメージを割り振る相手がいないので戦闘ダメージを与えません (510.1c)。"
        )
        mistakes: list[Mistake] = [
            (
                b_life - power,
                "ブロック・クリーチャーがいなくなるとブロックされていない状態に戻ると考えました (509.1h)",
            ),
        ]
    else:
        explanation = (
            "ブロックされたクリーチャーは、ブロック・クリーチャーがいなくなってもブロックされたままです (509.1h)。"
            "トランプルを持つなら、ブロックしているクリーチャーがいないのですべてのダメージをプレイヤーに割り振ります (702.19d)。"
        )
        mistakes = [
            (b_life, "トランプルがあってもブロックされたままならダメージを与えないと考えました (702.19d)"),
            (
                b_life - power + _toughness(blocker),
                "いなくなったブロック・クリーチャーにも致死ダメージを割り振ると考えました (702.19d)",
            ),
        ]
    return Draft(
        scenario, prompt, _life_ask("B"), None, explanation, ["509.1h", "510.1c", "702.19d"], mistakes
    )


# --------------------------------------------------------------------------- several answers on one board


def _parts(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "parts", "parts": list(parts)}


def _part(index: int, value: Any, label: str) -> Mistake:
    return ({"part": index, "value": value}, label)


def _part_variant(
    scenario: dict[str, Any],
    ask: dict[str, Any],
    index: int,
    change: Callable[[dict[str, Any]], None],
    label: str,
) -> Mistake:
    """One part's value on the board as a belief sees it (``change`` edits a copy)."""
    values = _variant(scenario, ask, change)
    return ({"part": index, "value": values[index] if values is not None else None}, label)


def _without_keyword(pid: str, keyword: str, instead: str | None = None) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        changed = next(p for p in doc["permanents"] if p["id"] == pid)
        keywords = [k for k in changed.get("keywords", []) if k != keyword]
        changed["keywords"] = [*keywords, instead] if instead else keywords

    return change


def _toughness_of(pid: str, toughness: int) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        next(p for p in doc["permanents"] if p["id"] == pid)["toughness"] = toughness

    return change


def _no_damage_to(pid: str) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        doc["event"]["damage"] = [d for d in doc["event"]["damage"] if d["to"] != pid]

    return change


def _no_triggers(pid: str) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        next(p for p in doc["permanents"] if p["id"] == pid).pop("triggers", None)

    return change


PARTS_NOTE: Final = "それぞれの答えを別々に採点します。"


def gen_parts_combat(rng: random.Random, level: str) -> Draft:
    """Both life totals and the deaths of one combat (120.3f, 510.2, 704.5g)."""
    linker = permanent(rng.choice((*LIFELINKERS, "vault-skirge")), "linker", "A")
    a_life, b_life = rng.randint(5, 20), rng.randint(8, 20)
    if level == L1:
        attacker = permanent(rng.choice(("hill-giant", "grizzly-bears", "craw-wurm")), "attacker", "A")
        blocker_slug = _pick_blocked(rng, attacker, VANILLA, lambda d: True)
    else:
        attacker = permanent(rng.choice(TRAMPLERS), "attacker", "A")
        blocker_slug = "boros-reckoner"
    blocker = permanent(blocker_slug, "blocker", "B")
    scenario = {
        "players": _players(a_life, b_life),
        "permanents": [linker, attacker, blocker],
        "event": {
            "type": "combat",
            "attacks": [
                {"attacker": "linker", "defender": "B"},
                {"attacker": "attacker", "defender": "B", "blockers": ["blocker"]},
            ],
        },
    }
    extra = ""
    if level == L2:
        extra = (
            f"（{_label(blocker)}はダメージを与えられるたび、その点数のダメージを与えます。対象はあなたです）"
        )
    prompt = (
        f"あなたのライフは{a_life}点、対戦相手は{b_life}点です。あなたは{stats(linker)}と{stats(attacker)}で攻撃し、"
        f"対戦相手は{stats(blocker)}{extra}で{_label(attacker)}をブロックしました。"
        f"{_label(linker)}はブロックされていません。{PARTS_NOTE}"
    )
    explanation = (
        f"{_label(linker)}のダメージで対戦相手はライフを失い、同時にあなたはその点数のライフを得ます (120.3a, 120.3f)。"
        "致死ダメージを負ったクリーチャーは状況起因処理で墓地に置かれます (704.5g)。"
    )
    ask = _parts(_life_ask("A"), _life_ask("B"), {"kind": "dies"})
    mistakes: list[Mistake] = [
        _part_variant(
            scenario,
            ask,
            0,
            _without_keyword("linker", "lifelink"),
            "ブロックされていないクリーチャーの絆魂ではライフを得ないと考えました (702.15b)",
        )
    ]
    if level == L2:
        explanation += (
            f"トランプルを持つ{_label(attacker)}は、{_label(blocker)}に致死ダメージを割り振れば残りを対戦相手に"
            f"割り振れます (702.19b)。{_label(blocker)}の能力は負ったダメージの点数であなたにダメージを与えます (120.4b, 603.3)。"
        )
        mistakes += [
            _part_variant(
                scenario,
                ask,
                1,
                _without_keyword("attacker", "trample"),
                "ブロックされたクリーチャーのダメージは対戦相手に届かないと考えました (702.19b)",
            ),
            _part_variant(
                scenario,
                ask,
                0,
                _toughness_of("blocker", 99),
                "ブロック・クリーチャーが攻撃クリーチャーのパワー全部のダメージを受けると考えました (702.19b)",
            ),
        ]
    return Draft(
        scenario,
        prompt,
        ask,
        None,
        explanation,
        ["120.3f", "704.5g"],
        mistakes,
    )


def gen_parts_sweep(rng: random.Random, level: str) -> Draft:
    """A spell that damages every creature and player, and what its damage triggers (120.3, 603.3)."""
    a_life, b_life = rng.randint(4, 20), rng.randint(4, 20)
    mine = permanent(rng.choice(("grizzly-bears", "hill-giant", "vampire-spawn")), "mine", "A")
    theirs = permanent(rng.choice(("elite-vanguard", "llanowar-elves", "rusted-sentinel")), "theirs", "B")
    permanents = [mine, theirs]
    if level == L2:
        permanents += [
            permanent("boros-reckoner", "reckoner", "B"),
            permanent("child-of-night", "child", "A"),
        ]
    spell = _spell("volcanic-fallout", "A")
    scenario = {
        "players": _players(a_life, b_life),
        "permanents": permanents,
        "event": {
            "type": "noncombat",
            "source": spell,
            "damage": [{"to": p["id"], "amount": 2} for p in permanents]
            + [{"to": "A", "amount": 2}, {"to": "B", "amount": 2}],
        },
    }
    board = "、".join(stats(p) for p in permanents)
    prompt = (
        f"あなたのライフは{a_life}点、対戦相手は{b_life}点です。戦場には{board}がいます。"
        f"あなたは{spell['name']}（各クリーチャーと各プレイヤーに2点）を唱えました。{PARTS_NOTE}"
    )
    explanation = "ダメージはすべて同時に与えられ (120.4d)、プレイヤーはその点数のライフを失い (120.3a)、クリーチャーはダメージを負います (120.3e)。致死ダメージを負ったクリーチャーは状況起因処理で墓地に置かれます (704.5g)。"
    ask = _parts(_life_ask("A"), _life_ask("B"), {"kind": "dies"})
    mistakes: list[Mistake] = [
        _part_variant(
            scenario,
            ask,
            0,
            _no_damage_to("A"),
            "呪文を唱えたプレイヤーは自分の呪文のダメージを受けないと考えました (120.3a)",
        )
    ]
    if level == L2:
        explanation += (
            "ダメージを与えられて誘発した《ボロスの反攻者》の能力は、死亡の後でスタックに置かれ、解決してあなたに"
            "2点を与えます (603.3, 608.2)。ダメージを与えたのは呪文なので、《夜の子》の絆魂ではライフを得ません (702.15b)。"
        )
        mistakes = [
            _part_variant(
                scenario,
                ask,
                0,
                _no_triggers("reckoner"),
                "呪文のダメージでは《ボロスの反攻者》の能力が誘発しないと考えました (603.2)",
            )
        ]
    return Draft(
        scenario,
        prompt,
        ask,
        None,
        explanation,
        ["120.4d", "704.5g"],
        mistakes,
    )


def gen_parts_double(rng: random.Random, level: str) -> Draft:
    """Double strike hits twice; a blocker killed by the first hit leaves a non-trampler with nothing to hit
    (702.4b, 510.1c, 702.19d)."""
    b_life = rng.randint(6, 20)
    if level == L1:
        striker = permanent(rng.choice(DOUBLE_STRIKERS), "striker", "A")
        other = permanent(rng.choice(("grizzly-bears", "hill-giant")), "other", "A")
        blocker = permanent(_pick_blocked(rng, other, VANILLA, lambda d: True), "blocker", "B")
        attacks = [
            {"attacker": "striker", "defender": "B"},
            {"attacker": "other", "defender": "B", "blockers": ["blocker"]},
        ]
        permanents = [striker, other, blocker]
    else:
        striker = permanent(
            rng.choice(("swiftblade-vindicator", "boros-swiftblade", "fencing-ace")), "striker", "A"
        )
        striker = {**striker, "counters": {"+1/+1": rng.randint(1, 3)}}
        blocker = permanent(
            _pick_blocked(rng, striker, ("llanowar-elves", "elite-vanguard"), lambda d: True), "blocker", "B"
        )
        attacks = [{"attacker": "striker", "defender": "B", "blockers": ["blocker"]}]
        permanents = [striker, blocker]
    scenario = {
        "players": _players(b_life=b_life),
        "permanents": permanents,
        "event": {"type": "combat", "attacks": attacks},
    }
    names = "と".join(stats(p) for p in permanents if p["controller"] == "A")
    prompt = (
        f"対戦相手のライフは{b_life}点です。あなたは{names}で攻撃し、対戦相手は{stats(blocker)}で"
        f"{_label(other) if level == L1 else _label(striker)}をブロックしました。"
        f"{PARTS_NOTE}"
    )
    power = _power(striker) + (striker.get("counters") or {}).get("+1/+1", 0)
    explanation = (
        "二段攻撃を持つクリーチャーは両方の戦闘ダメージ・ステップでダメージを与えます (510.4, 702.4b)。"
    )
    ask = _parts(_life_ask("B"), {"kind": "dies"})
    once = _without_keyword("striker", "double_strike", "first_strike")
    if level == L1:
        mistakes: list[Mistake] = [
            _part_variant(
                scenario, ask, 0, once, "二段攻撃でも1回しかダメージを与えないと考えました (702.4b)"
            )
        ]
    elif "trample" in striker.get("keywords", []):
        explanation += (
            "トランプルを持つので、第1ステップでは致死ダメージを超える分を、第2ステップではブロック・クリーチャーが"
            "いないので全部を対戦相手に割り振ります (702.19b, 702.19d)。"
        )
        mistakes = [
            _part_variant(
                scenario,
                ask,
                0,
                once,
                "2回目のダメージは、ブロック・クリーチャーがいなくなったので誰にも与えられないと考えました (702.19d)",
            )
        ]
    else:
        explanation += (
            "第1ステップでブロック・クリーチャーが死亡しても、攻撃クリーチャーはブロックされたままです (509.1h)。"
            "トランプルがなければ第2ステップで割り振る相手がいません (510.1c)。トランプルがあれば全部をプレイヤーに割り振ります (702.19d)。"
        )
        mistakes = [
            _part(
                0,
                b_life - power,
                "ブロック・クリーチャーが死亡するとブロックされていない状態に戻ると考えました (509.1h)",
            ),
        ]
    return Draft(
        scenario,
        prompt,
        ask,
        None,
        explanation,
        ["510.4", "702.4b"],
        mistakes,
    )


def gen_parts_response(rng: random.Random, level: str) -> Draft:
    """The response case of :func:`gen_resp_protection`, asked as the life total and the deaths at once."""
    draft = gen_resp_protection(rng, L2 if level == L2 else L1)
    b_life = draft.scenario["players"][1]["life"]
    if level == L1:  # forked bolt with its second point at the player instead of a creature
        event = draft.scenario["event"]
        event["damage"] = [{"to": "saved", "amount": 1}, {"to": "B", "amount": 1}]
        event["targets"] = ["saved", "B"]
        draft.scenario["permanents"] = [p for p in draft.scenario["permanents"] if p["id"] == "saved"]
        saved = draft.scenario["permanents"][0]
        draft.prompt = (
            f"対戦相手のライフは{b_life}点で、{stats(saved)}をコントロールしています。あなたは《二股の稲妻》で"
            f"{_label(saved)}と対戦相手に1点ずつを割り振りました。対戦相手は対応して、"
            f"{_label(saved)}を対象に《神々の思し召し》を唱え、色は赤を選びました。{PARTS_NOTE}"
        )
        mistakes: list[Mistake] = [
            _part(0, b_life, "対象の1つが不正になると呪文全体が解決しないと考えました (608.2b)"),
            _part(0, b_life - 2, "不正になった対象の分のダメージが対戦相手に移ると考えました (601.2d)"),
        ]
    else:
        draft.prompt = draft.prompt.replace("対戦相手のライフはいくつになりますか。", "") + PARTS_NOTE
        draft.prompt = f"対戦相手のライフは{b_life}点です。" + draft.prompt
        mistakes = [
            _part(0, b_life - 2, "不正になった対象の分のダメージが対戦相手に移ると考えました (601.2d)"),
            _part(0, b_life, "対象の1つが不正になると呪文全体が解決しないと考えました (608.2b)"),
        ]
    draft.ask = _parts(_life_ask("B"), {"kind": "dies"})
    draft.mistakes = mistakes
    return draft


SEQUENCE_TEMPLATES: Final[tuple[Template, ...]] = (
    Template(
        "seq-first-strike",
        "戦闘で起こる順番",
        ("510.4", "704.5"),
        (L1, L2),
        _keys_shuffled(gen_seq_first_strike),
    ),
    Template(
        "seq-dealt-trigger",
        "ダメージの後に起こる順番",
        ("120.4", "704.5"),
        (L1, L2),
        _keys_shuffled(gen_seq_dealt_trigger),
    ),
    Template("seq-apnap", "2人の能力が解決する順番", ("120.4",), (L1, L2), _keys_shuffled(gen_seq_apnap)),
    Template(
        "seq-lifelink",
        "ライフを得る時点",
        ("120.3", "510.4"),
        (L1, L2),
        _keys_shuffled(gen_seq_lifelink),
        (("510.4", (L2,)),),
    ),
    Template("resp-protection", "対応して唱えられた呪文", ("120.3",), (L1, L2), gen_resp_protection),
    Template("between-shock", "戦闘ダメージの間の呪文", ("510.4", "704.5"), (L1, L2), gen_between_shock),
    Template("between-pump", "戦闘ダメージの間の強化", ("510.4",), (L1, L2), gen_between_pump),
    Template("between-removal", "戦闘ダメージの間の除去", ("510.1",), (L1, L2), gen_between_removal),
    Template(
        "parts-combat",
        "戦闘の結果（ライフと墓地）",
        ("120.3", "704.5"),
        (L1, L2),
        gen_parts_combat,
    ),
    Template("parts-sweep", "全体へのダメージの結果", ("120.3", "704.5"), (L1, L2), gen_parts_sweep),
    Template("parts-double", "2回の戦闘ダメージの結果", ("510.4",), (L1, L2), gen_parts_double),
    Template("parts-response", "対応の後の結果（ライフと墓地）", ("120.3",), (L1, L2), gen_parts_response),
)
