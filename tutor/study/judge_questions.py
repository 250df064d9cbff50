"""Judge questions (issue 24, item 1): is this block, target or assignment legal, and who decides.

Each template sets a scene with real catalogue cards where one fits (and named generic creatures
elsewhere) and asks about one declaration: a block, the targets of a spell, a combat damage
assignment. The asked declaration is kept out of the stored board (``ask["declare"]``, see
:func:`tutor.study.asks.declared`), so the board always parses and draws even when the declaration
is illegal; every other block and target on it is legal with its real cards. The engine answers
``legal``, ``ward`` (legal, but the ward triggers) or the rule that refuses the declaration
(:func:`rules_core.verdicts.declaration_verdict`).

"Who decides" templates ask which player chooses (the 616.1 order, the 510.1c-d division) and which
outcomes that player can bring about, from the engine's enumeration of the legal choices.

Each template predicts its answer with its own small model (:func:`block_rule`, :func:`target_rule`,
:func:`assignment_rule` …) and names its wrong answers by the belief that leads to them
(:class:`Belief`): the value of a belief is the model's answer on the board as that belief sees it,
and :mod:`tutor.study.misconceptions` recomputes it with the engine.

The prompt names the cards and what is declared, never the deciding keyword or paragraph (the board
table shows the creatures' abilities); the explanation cites the rules.

Pure Python: no Django.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tutor.study.asks import clone, declared, outcome_keys
from tutor.study.card_questions import ORDER_DOUBLERS
from tutor.study.cardpool import COLLARED, card, equip_collar, permanent, power_of, toughness_of
from tutor.study.drafts import Draft, Mistake, Template
from tutor.study.topics import L1, L2

YOU: Final = "あなた"
THEM: Final = "対戦相手"
OTHER: Final = {"A": "B", "B": "A"}
WHO: Final = {"A": YOU, "B": THEM}

Doc = dict[str, Any]

# --------------------------------------------------------------------------- beliefs


@dataclass(frozen=True)
class Belief:
    """A misunderstanding, in Japanese with the rule it gets wrong, and the board as it sees it.

    ``rewrite`` changes the declared document (the board with the asked declaration made); ``reading``
    instead reads the belief's answer straight off it (who it thinks chooses)."""

    label: str
    rewrite: Callable[[Doc], Doc] | None = None
    reading: Callable[[Doc, Mapping[str, Any]], Any] | None = None


def _kw(p: dict[str, Any]) -> set[str]:
    return set(p.get("keywords", []))


def _each(doc: Doc, pick: Callable[[dict[str, Any]], bool], change: Callable[[dict[str, Any]], None]) -> Doc:
    out: Doc = clone(doc)
    for p in out.get("permanents", []):
        if pick(p):
            change(p)
    return out


def _drop_keyword(keyword: str, who: Callable[[Doc, dict[str, Any]], bool]) -> Callable[[Doc], Doc]:
    def rewrite(doc: Doc) -> Doc:
        out: Doc = clone(doc)
        for p in out.get("permanents", []):
            if who(out, p) and keyword in p.get("keywords", []):
                p["keywords"] = [k for k in p["keywords"] if k != keyword]
        return out

    return rewrite


def _attackers(doc: Doc) -> set[str]:
    return {a["attacker"] for a in (doc.get("event") or {}).get("attacks", [])}


def _blockers(doc: Doc) -> set[str]:
    return {b for a in (doc.get("event") or {}).get("attacks", []) for b in a.get("blockers", [])}


def _is_attacker(doc: Doc, p: dict[str, Any]) -> bool:
    return p["id"] in _attackers(doc)


def _is_blocker(doc: Doc, p: dict[str, Any]) -> bool:
    return p["id"] in _blockers(doc)


def _set(field: str, value: Any, who: Callable[[Doc, dict[str, Any]], bool]) -> Callable[[Doc], Doc]:
    def rewrite(doc: Doc) -> Doc:
        out: Doc = clone(doc)
        for p in out.get("permanents", []):
            if who(out, p):
                if value is None:
                    p.pop(field, None)
                else:
                    p[field] = value(p) if callable(value) else value
        return out

    return rewrite


def _targets(doc: Doc) -> set[str]:
    return set((doc.get("event") or {}).get("targets", []))


def _is_target(doc: Doc, p: dict[str, Any]) -> bool:
    return p["id"] in _targets(doc)


def _hexproof_as_ward(p: dict[str, Any]) -> None:
    p["keywords"] = [k for k in p.get("keywords", []) if k != "hexproof"]
    p["ward"] = "{2}"


def _ward_as_hexproof(p: dict[str, Any]) -> None:
    if p.get("ward"):
        p.pop("ward")
        p["keywords"] = sorted({*p.get("keywords", []), "hexproof"})


def _shroud_as_hexproof(p: dict[str, Any]) -> None:
    if "shroud" in p.get("keywords", []):
        p["keywords"] = sorted({"hexproof" if k == "shroud" else k for k in p["keywords"]})


def _owned_by_opponent(doc: Doc) -> Doc:
    """The targets as if an opponent of the spell's controller controlled them."""
    out: Doc = clone(doc)
    caster = out["event"]["source"]["controller"]
    for p in out.get("permanents", []):
        if p["id"] in _targets(out):
            p["controller"] = OTHER[caster]
    return out


def _spell_without_color(color: str) -> Callable[[Doc], Doc]:
    """The spell read as if it were not of ``color`` (a two-coloured spell thought not to be red)."""

    def rewrite(doc: Doc) -> Doc:
        out: Doc = clone(doc)
        source = out["event"]["source"]
        source["colors"] = [c for c in source.get("colors", []) if c != color]
        return out

    return rewrite


def _no_marked_damage(doc: Doc) -> Doc:
    return _each(doc, lambda p: True, lambda p: p.pop("damage", None))


def _no_counters(doc: Doc) -> Doc:
    return _each(doc, lambda p: True, lambda p: p.pop("counters", None))


def _old_order(doc: Doc) -> Doc:
    out: Doc = clone(doc)
    out["era"] = "2009-2024"
    return out


def _with_power_as_assigned(doc: Doc) -> Doc:
    """The attacker's power read as the total its controller assigned."""
    out: Doc = clone(doc)
    for attacker, division in (out["event"].get("assignments") or {}).items():
        for p in out["permanents"]:
            if p["id"] == attacker:
                p.pop("counters", None)
                p["power"] = sum(division.values())
    return out


# --------------------------------------------------------------------------- the templates' own models


def _protected_from(p: dict[str, Any], colors: Iterable[str]) -> bool:
    qualities = set(p.get("protection", []))
    return "everything" in qualities or bool(qualities & set(colors))


def _fits(f: dict[str, Any], p: dict[str, Any]) -> bool:
    if "keyword" in f and f["keyword"] not in _kw(p):
        return False
    if "color" in f and f["color"] not in p.get("colors", []):
        return False
    if "power_at_most" in f and power_of(p) > f["power_at_most"]:
        return False
    return not ("power_at_least" in f and power_of(p) < f["power_at_least"])


def block_rule(doc: Doc) -> str:
    """CR 508.1c, 509.1a-b: ``legal`` or the rule refusing the first illegal attack or block, in the
    order a judge reads the declaration: each attack, then each of its blockers."""
    perms = {p["id"]: p for p in doc["permanents"]}
    made: Counter[str] = Counter()
    for attack in doc["event"]["attacks"]:
        a = perms[attack["attacker"]]
        if "defender" in _kw(a):
            return "702.3b"
        blockers = attack.get("blockers", [])
        for bid in blockers:
            b = perms[bid]
            if _protected_from(a, b.get("colors", [])):
                return "702.16f"
            if b.get("cant_block") or a.get("cant_be_blocked"):
                return "509.1b"
            if "flying" in _kw(a) and not _kw(b) & {"flying", "reach"}:
                return "702.9b"
            if any(_fits(f, b) for f in a.get("cant_be_blocked_by", [])):
                return "509.1b"
            if a.get("cant_be_blocked_except_by") and not any(
                _fits(f, b) for f in a["cant_be_blocked_except_by"]
            ):
                return "509.1b"
            made[bid] += 1
            extra = b.get("additional_blocks", 0)
            if extra != "any" and made[bid] > 1 + int(extra):
                return "509.1a"
        least = max(2 if "menace" in _kw(a) else 1, int(a.get("min_blockers", 0)))
        if blockers and len(blockers) < least:
            return "702.111b" if "menace" in _kw(a) and least == 2 else "509.1b"
    return "legal"


def target_rule(doc: Doc) -> str:
    """CR 601.2c, 702.11b, 702.16b, 702.18a, 702.21a: ``legal``, ``ward`` or the refusing rule of the
    spell's first illegal target."""
    event = doc["event"]
    source = event["source"]
    perms = {p["id"]: p for p in doc["permanents"]}
    ward = False
    for target in event.get("targets", []):
        p = perms.get(target)
        if p is None:
            continue
        opponent = p["controller"] != source["controller"]
        if "shroud" in _kw(p):
            return "702.18a"
        if "hexproof" in _kw(p) and opponent:
            return "702.11b"
        if _protected_from(p, source.get("colors", [])):
            return "702.16b"
        ward = ward or bool(p.get("ward") and opponent)
    return "ward" if ward else "legal"


def lethal(attacker: dict[str, Any], blocker: dict[str, Any]) -> int:
    """CR 702.19b, 702.2c: the damage that is lethal to ``blocker`` (marked damage counts)."""
    left = toughness_of(blocker) - int(blocker.get("damage", 0))
    return min(1, max(left, 0)) if "deathtouch" in _kw(attacker) else max(left, 0)


def assignment_rule(doc: Doc) -> str:
    """CR 510.1a, 510.1c, 702.19b (and 2024-08-02 510.1c for a board in the 2009-2024 era): ``legal`` or the
    rule the attacker's assignment breaks."""
    perms = {p["id"]: p for p in doc["permanents"]}
    attack = doc["event"]["attacks"][0]
    a = perms[attack["attacker"]]
    division = doc["event"]["assignments"][a["id"]]
    blockers = [perms[b] for b in attack["blockers"]]
    to_player = division.get(attack["defender"], 0)
    if to_player and "trample" not in _kw(a):
        return "510.1c"  # a judge reads who may get damage at all before the total
    if sum(division.values()) != power_of(a):
        return "510.1a"
    if to_player and any(division.get(b["id"], 0) < lethal(a, b) for b in blockers):
        return "702.19b"
    if doc.get("era") == "2009-2024":
        for first, then in itertools.pairwise(blockers):
            if division.get(then["id"], 0) and division.get(first["id"], 0) < lethal(a, first):
                return "2024-08-02:510.1c"
    return "legal"


# --------------------------------------------------------------------------- documents


def _players() -> list[dict[str, Any]]:
    return [{"id": "A", "name": YOU, "life": 20}, {"id": "B", "name": THEM, "life": 20}]


def _doc(permanents: Sequence[dict[str, Any]], event: dict[str, Any] | None = None, **extra: Any) -> Doc:
    doc: Doc = {"format": 1, "active_player": "A", "players": _players(), "permanents": list(permanents)}
    if event is not None:
        doc["event"] = event
    doc.update(extra)
    return doc


def _combat(*attackers: str, **extra: Any) -> dict[str, Any]:
    return {
        "type": "combat",
        "attacks": [{"attacker": a, "defender": "B", "blockers": []} for a in attackers],
        **extra,
    }


def _generic(
    pid: str, name: str, controller: str, power: int, toughness: int, colors: Sequence[str] = (), **extra: Any
) -> dict[str, Any]:
    return {
        "id": pid,
        "name": name,
        "controller": controller,
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        "colors": list(colors),
        **extra,
    }


def name(p: dict[str, Any]) -> str:
    """How the prompt names a permanent: a real card by its name (and the 《バジリスクの首輪》 it carries), a
    generic one with its size only (its abilities are on the board table, not in the words)."""
    if p.get("generic"):
        return f"{p['name']}（{power_of(p)}/{toughness_of(p)}）"
    return f"{COLLARED if p.get('collared') else ''}《{p['name']}》"


def _mark_generic(p: dict[str, Any]) -> dict[str, Any]:
    p = dict(p)
    p["generic"] = True
    return p


def _clean(doc: Doc) -> Doc:
    """The document without the prompt-only marks."""
    out: Doc = clone(doc)
    for p in out.get("permanents", []):
        p.pop("generic", None)
        p.pop("collared", None)
    return out


def _collared(p: dict[str, Any]) -> dict[str, Any]:
    """``p`` with 《バジリスクの首輪》 (deathtouch and lifelink), which the prompt names (:func:`name`)."""
    equip_collar(p)
    p["collared"] = True
    return p


def _g(*args: Any, **kwargs: Any) -> dict[str, Any]:
    return _mark_generic(_generic(*args, **kwargs))


# --------------------------------------------------------------------------- verdict drafts

MIXED_UP: Final = "似た別のルールと取り違えました"
"""The slip that fills a verdict's options: no belief of its own, only a different rule (never the key)."""
BLOCK_RULES: Final = ("509.1b", "702.9b", "702.111b", "702.16f", "509.1a")
TARGET_RULES: Final = ("702.11b", "702.18a", "702.16b", "ward")
ASSIGNMENT_RULES: Final = ("510.1c", "702.19b", "510.1a")

WHEN: Final = {
    "ブロック": "ブロックできるかはブロック・クリーチャーを指定するときに決まり、後から変わりません (509.1b)。",
    "攻撃の宣言": "攻撃できるかは攻撃クリーチャーを指定するときに決まります (508.1c)。",
    "対象の選び方": "対象は呪文を唱えるときに選び、そのときに適正でなければ選べません (601.2c)。",
    "割り振り": "割り振りはそのクリーチャーのコントローラーが選びますが、ルールに合うものに限られます (510.1)。",
}
"""When the declaration is judged, after the explanation of the rule that decides it."""

QUESTION_BLOCK: Final = "このブロックは適正ですか。不適正なら、何がそれを認めませんか。"
QUESTION_TARGET: Final = "この対象の選び方は適正ですか。不適正なら、何がそれを認めませんか。"
QUESTION_ASSIGN: Final = "この割り振りは適正ですか。不適正なら、何がそれを認めませんか。"

EXPLAIN: Final = {
    "legal": "この宣言を禁じる能力やルールはありません",
    "ward": (
        "護法は対象にすることを禁じません。対戦相手の呪文の対象になると護法が誘発し、その呪文のコントローラーが"
        "コストを支払わなければ呪文は打ち消されます (702.21a)"
    ),
    "702.9b": "飛行を持つクリーチャーは、飛行か到達を持つクリーチャーにしかブロックされません (702.9b, 702.17b)",
    "702.111b": "威迫を持つクリーチャーは、2体以上のクリーチャーにしかブロックされません (702.111b)",
    "702.3b": "防衛を持つクリーチャーは攻撃できません。ブロックはできます (702.3b, 508.1c)",
    "509.1b": "「ブロックできない」「…にはブロックされない」といった制限に反するブロックは宣言できません (509.1b)",
    "509.1a": "クリーチャーは、追加でブロックできる能力がなければ攻撃クリーチャー1体しかブロックできません (509.1a)",
    "702.16f": "プロテクションを持つクリーチャーは、その性質を持つクリーチャーにはブロックされません (702.16f)",
    "702.11b": "呪禁を持つパーマネントは、コントローラーの対戦相手の呪文や能力の対象になりません (702.11b)",
    "702.18a": "被覆を持つものは、コントローラーを問わず、どの呪文や能力の対象にもなりません (702.18a)",
    "702.16b": "プロテクションを持つものは、その性質を持つ呪文や、その性質を持つ発生源の能力の対象になりません (702.16b)",
    "510.1a": "クリーチャーは、パワーに等しい戦闘ダメージをすべて割り振ります (510.1a)",
    "510.1c": "ブロックされたクリーチャーは、ブロックしているクリーチャーにだけダメージを割り振ります。トランプルがなければプレイヤーには割り振れません (510.1c)",
    "702.19b": "トランプルを持つクリーチャーがプレイヤーに割り振れるのは、ブロック・クリーチャーすべてに致死ダメージを割り振った後です。すでに負っているダメージは数え、1点でも接死なら致死です (702.19b, 702.2c)",
}


def _verdict_draft(
    *,
    scenario: Doc,
    declare: dict[str, Any],
    prompt: str,
    predict: Callable[[Doc], str],
    beliefs: Sequence[Belief],
    rules: Sequence[str],
    confusable: Sequence[str] = (),
    what: str = "ブロック",
    note: str = "",
) -> Draft:
    """A verdict question: the engine's answer is ``legal``, ``ward`` or the refusing rule; each belief's
    value is this template's model on the board as the belief sees it."""
    ask = {"kind": "verdict", "declare": declare}
    made = declared(_clean(scenario), ask)
    predicted = predict(made)
    mistakes: list[Mistake] = []
    for belief in beliefs:
        assert belief.rewrite is not None
        value = predict(belief.rewrite(made))
        if value != predicted and all(v != value for v, _ in mistakes):
            mistakes.append((value, belief.label))
    # A third option from the same family of rules, so that the choice is never a coin toss.
    for other in ("legal", *confusable):
        if len(mistakes) >= 2:
            break
        if other != predicted and all(v != other for v, _ in mistakes):
            mistakes.append((other, MIXED_UP))
    verdict = {"legal": "適正です", "ward": "適正です（ただし護法が誘発します）"}.get(predicted, "不適正です")
    explanation = f"この{what}は{verdict}。{note}{EXPLAIN.get(predicted, '')}。{WHEN.get(what, '')}"
    return Draft(
        _clean(scenario),
        prompt,
        ask,
        predicted,
        explanation.replace("。。", "。"),
        list(dict.fromkeys([*rules, *([predicted] if predicted[0].isdigit() else [])])),
        mistakes,
    )


# Beliefs the block templates share (the label is the pattern :mod:`tutor.study.misconceptions` matches).
NO_REACH = Belief(
    "到達では飛行を持つクリーチャーをブロックできないと考えました (702.17b)",
    _drop_keyword("reach", _is_blocker),
)
BLOCKER_FLYING_USELESS = Belief(
    "ブロック・クリーチャーの飛行はブロックするときには役に立たないと考えました (702.9b)",
    _drop_keyword("flying", _is_blocker),
)
FLYING_NO_EVASION = Belief(
    "飛行はブロックされることを妨げないと考えました (702.9b)", _drop_keyword("flying", _is_attacker)
)
MENACE_ONE = Belief(
    "威迫があっても1体でブロックできると考えました (702.111b)", _drop_keyword("menace", _is_attacker)
)
MENACE_UNBLOCKABLE = Belief(
    "威迫を持つクリーチャーは何体でもブロックされないと考えました (702.111b)",
    _set("cant_be_blocked", True, lambda d, p: _is_attacker(d, p) and "menace" in _kw(p)),
)
PROTECTION_ONLY_DAMAGE = Belief(
    "プロテクションはダメージを軽減するだけで、ブロックは妨げないと考えました (702.16f)",
    _set("protection", None, _is_attacker),
)
PROTECTION_FROM_ALL = Belief(
    "プロテクションを持つクリーチャーは、どの色のクリーチャーにもブロックされないと考えました (702.16f)",
    _set("protection", ["everything"], lambda d, p: _is_attacker(d, p) and bool(p.get("protection"))),
)
BLOCKER_PROTECTION = Belief(
    "プロテクションを持つクリーチャーは、その色のクリーチャーをブロックできないと考えました (702.16f)",
    lambda doc: _blocker_protection_to_attacker(doc),
)
MULTICOLOR_BLOCKER = Belief(
    "多色のクリーチャーはその1色だけのクリーチャーとは違うので、プロテクションに関係しないと考えました (702.16f)",
    lambda doc: _multicolor_ignored(doc),
)
DEFENDER_ATTACKS = Belief(
    "防衛はブロックにだけ関係し、攻撃は妨げないと考えました (702.3b)", _drop_keyword("defender", _is_attacker)
)
DEFENDER_CANT_BLOCK = Belief(
    "防衛を持つクリーチャーはブロックもできないと考えました (702.3b)",
    _set("cant_block", True, lambda d, p: "defender" in _kw(p)),
)
CANT_BLOCK_IGNORED = Belief(
    "「ブロックできない」クリーチャーでも、攻撃クリーチャーを選べばブロックできると考えました (509.1b)",
    _set("cant_block", None, _is_blocker),
)
POWER_AS_TOUGHNESS = Belief(
    "「パワーが2以下」を、ブロック・クリーチャーのタフネスで判断しました (509.1b)",
    _set("power", lambda p: p["toughness"], _is_blocker),
)
BLOCKER_COUNTERS_IGNORED = Belief(
    "+1/+1カウンターを数えずにブロック・クリーチャーのパワーを見ました (509.1b, 122.1a)",
    _set("counters", None, _is_blocker),
)
RESTRICTION_FOR_ALL = Belief(
    "「…にはブロックされない」を、どのクリーチャーにもブロックされないと読みました (509.1b)",
    _set("cant_be_blocked", True, lambda d, p: _is_attacker(d, p) and bool(p.get("cant_be_blocked_by"))),
)
EXCEPT_BY_IGNORED = Belief(
    "「…にしかブロックされない」制限は、飛行や威迫がなければ働かないと考えました (509.1b)",
    _set("cant_be_blocked_except_by", None, _is_attacker),
)
BLOCKS_ANY = Belief(
    "1体のクリーチャーで攻撃クリーチャーを何体でもブロックできると考えました (509.1a)",
    _set("additional_blocks", "any", _is_blocker),
)
EXTRA_IGNORED = Belief(
    "追加でブロックできる能力があっても、ブロックできるのは1体だけだと考えました (509.1a)",
    _set("additional_blocks", None, _is_blocker),
)
EXTRA_IS_ANY = Belief(
    "「追加で1体ブロックできる」を、好きな数をブロックできると読みました (509.1a)",
    _set("additional_blocks", "any", lambda d, p: p.get("additional_blocks") == 1),
)


def _blocker_protection_to_attacker(doc: Doc) -> Doc:
    """The belief that a protected blocker can't block creatures of that colour: as if the attacker had
    protection from the blocker's colours."""
    out: Doc = clone(doc)
    guards = [p for p in out["permanents"] if p["id"] in _blockers(out) and p.get("protection")]
    for p in out["permanents"]:
        if p["id"] in _attackers(out) and any(
            set(p.get("colors", [])) & set(g["protection"]) for g in guards
        ):
            p["protection"] = sorted(
                {*p.get("protection", []), *(c for g in guards for c in g.get("colors", []))}
            )
    return out


def _multicolor_ignored(doc: Doc) -> Doc:
    out: Doc = clone(doc)
    for p in out["permanents"]:
        if p["id"] in _blockers(out) and len(p.get("colors", [])) > 1:
            p["colors"] = []
    return out


def _two(rng: random.Random, pool: Sequence[str]) -> list[str]:
    return rng.sample(list(pool), 2)


GROUND: Final = (
    "grizzly-bears",
    "hill-giant",
    "craw-wurm",
    "vampire-spawn",
    "rusted-sentinel",
    "ravenous-baloth",
)
SMALL_FLYERS: Final = ("chandra-s-spitfire", "vault-skirge")
"""Flyers whose other abilities play no part in a block."""


def gen_flying_block(rng: random.Random, level: str) -> Draft:
    """702.9b, 702.17b (L2 with protection 702.16f and two blockers at once)."""
    if level == L1:
        flyer = rng.choice(SMALL_FLYERS)
        attacker = permanent(rng.choice(["serra-angel", flyer]), "att", "A")
        kind = rng.choice(["reach", "flyer", "ground", "ground"])
        blocker = {
            "reach": permanent("deadly-recluse", "blk", "B"),
            "flyer": permanent(next(s for s in SMALL_FLYERS if s != flyer), "blk", "B"),
            "ground": permanent(rng.choice(GROUND), "blk", "B"),
        }[kind]
        others = [permanent("grizzly-bears" if blocker["name"] != "灰色熊" else "hill-giant", "oth", "B")]
        blocks = [["att", "blk"]]
        declared_names = name(blocker)
        perms = [attacker, blocker, *others]
    else:
        attacker = rng.choice(
            [
                permanent("stormbreath-dragon", "att", "A"),
                permanent("serra-angel", "att", "A"),
                _g("att", "ドラゴン", "A", 4, 4, ["red"], keywords=["flying", "menace"]),
            ]
        )
        pool = [
            permanent("deadly-recluse", "b1", "B"),
            permanent("serra-angel", "b1", "B")
            if attacker["name"] != "セラの天使"
            else permanent("white-knight", "b1", "B"),
            permanent("chandra-s-spitfire", "b1", "B"),
            permanent(rng.choice(GROUND), "b1", "B"),
            permanent("white-knight", "b1", "B"),
        ]
        first, second = (clone(p) for p in rng.sample(pool, 2))
        if first["name"] == second["name"]:
            second = permanent("vault-skirge", "b2", "B")
        first["id"], second["id"] = "b1", "b2"
        blocks = [["att", "b1"], ["att", "b2"]]
        declared_names = f"{name(first)}と{name(second)}の2体"
        perms = [attacker, first, second]
    prompt = f"{name(attacker)}が{THEM}を攻撃しています。{THEM}は{declared_names}でこれをブロックしようとしています。{QUESTION_BLOCK}"
    return _verdict_draft(
        scenario=_doc(perms, _combat("att")),
        declare={"blocks": blocks},
        prompt=prompt,
        predict=block_rule,
        confusable=BLOCK_RULES,
        beliefs=[NO_REACH, BLOCKER_FLYING_USELESS, FLYING_NO_EVASION, PROTECTION_ONLY_DAMAGE, MENACE_ONE],
        rules=["509.1b", "702.9b", "702.17b"],
    )


def gen_menace_block(rng: random.Random, level: str) -> Draft:
    """702.111b (L2 with flying or protection on the same attacker)."""
    if level == L1:
        attacker = _g("att", "ゴブリン", "A", rng.randint(2, 4), 2, ["red"], keywords=["menace"])
        others: list[dict[str, Any]] = []
    else:
        attacker = rng.choice(
            [
                _g("att", "ドラゴン", "A", 4, 4, ["red"], keywords=["flying", "menace"]),
                _g("att", "騎士", "A", 3, 3, ["black"], keywords=["menace"], protection=["white"]),
            ]
        )
        others = [permanent("deadly-recluse", "rc", "B"), permanent("serra-angel", "sa", "B")]
    grounds = [permanent(s, f"g{i}", "B") for i, s in enumerate(rng.sample(GROUND, 2))]
    perms = [attacker, *grounds, *others]
    candidates = [p["id"] for p in perms[1:]]
    count = rng.choice([1, 2, 2] if level == L1 else [1, 2, 2, 2])
    chosen = rng.sample(candidates, count)
    by_id = {p["id"]: p for p in perms}
    prompt = (
        f"{name(attacker)}が{THEM}を攻撃しています。{THEM}は"
        f"{'と'.join(name(by_id[c]) for c in chosen)}{'の2体' if count == 2 else 'だけ'}でこれをブロックしようとしています。"
        f"{QUESTION_BLOCK}"
    )
    return _verdict_draft(
        scenario=_doc(perms, _combat("att")),
        declare={"blocks": [["att", c] for c in chosen]},
        prompt=prompt,
        predict=block_rule,
        confusable=BLOCK_RULES,
        beliefs=[MENACE_ONE, MENACE_UNBLOCKABLE, FLYING_NO_EVASION, NO_REACH, PROTECTION_ONLY_DAMAGE],
        rules=["509.1b", "702.111b"],
    )


def gen_defender(rng: random.Random, level: str) -> Draft:
    """702.3b: defender stops attacking, not blocking (L2: a wall with reach, or blocking two)."""
    variant = rng.choice(["attack", "block"] if level == L1 else ["attack", "reach", "two"])
    if variant == "attack":
        wall = _g("wall", "壁", "A", rng.randint(0, 2), rng.randint(4, 6), ["white"], keywords=["defender"])
        if level == L2:
            wall["keywords"] = ["defender", "flying"]
        mover = permanent(rng.choice(GROUND), "att", "A")
        perms = [mover, wall, permanent("grizzly-bears", "bear", "B")]
        prompt = (
            f"{name(mover)}で{THEM}を攻撃するとき、{YOU}は{name(wall)}も一緒に攻撃させようとしています。"
            "この攻撃の宣言は適正ですか。不適正なら、何がそれを認めませんか。"
        )
        declare: dict[str, Any] = {"attacks": [{"attacker": "wall", "defender": "B", "blockers": []}]}
        scenario = _doc(perms, _combat("att"))
    else:
        wall = _g("wall", "壁", "B", 0, rng.randint(4, 6), ["white"], keywords=["defender"])
        if variant == "reach":
            wall["keywords"] = ["defender", "reach"]
            movers = [
                rng.choice(
                    [permanent("serra-angel", "att", "A"), permanent("stormbreath-dragon", "att", "A")]
                )
            ]
        elif variant == "two":
            movers = [permanent(s, f"att{i}", "A") for i, s in enumerate(rng.sample(GROUND, 2))]
            movers[0]["id"] = "att"
            if rng.random() < 0.5:
                wall["additional_blocks"] = 1
        else:
            movers = [permanent(rng.choice(GROUND), "att", "A")]
        perms = [*movers, wall]
        blocks = [[m["id"], "wall"] for m in movers]
        prompt = (
            f"{YOU}は{'と'.join(name(m) for m in movers)}で{THEM}を攻撃しています。{THEM}は{name(wall)}で"
            f"{'その2体を両方' if len(movers) == 2 else 'これを'}ブロックしようとしています。{QUESTION_BLOCK}"
        )
        declare = {"blocks": blocks}
        scenario = _doc(perms, _combat(*(m["id"] for m in movers)))
    return _verdict_draft(
        scenario=scenario,
        declare=declare,
        prompt=prompt,
        predict=block_rule,
        confusable=BLOCK_RULES,
        what="攻撃の宣言" if variant == "attack" else "ブロック",
        beliefs=[DEFENDER_ATTACKS, DEFENDER_CANT_BLOCK, NO_REACH, BLOCKS_ANY, EXTRA_IGNORED],
        rules=["508.1c", "702.3b", "509.1b"],
    )


def gen_restricted_block(rng: random.Random, level: str) -> Draft:
    """509.1b: 《破れ翼トビ》 can't block, 《探索する獣》 can't be blocked by power 2 or less (L2: two blockers,
    +1/+1 counters counted in power, or "can't be blocked except by")."""
    small = ["vampire-nighthawk", "gifted-aetherborn", "rhox-faithmender"]
    if level == L1:
        variant = rng.choice(["cant", "beast", "beast"])
        if variant == "cant":
            attacker = permanent(rng.choice(GROUND), "att", "A")
            blocker = permanent(rng.choice(["tatterkite", "skrelv-defector-mite"]), "blk", "B")
            others = [permanent("grizzly-bears", "oth", "B")]
        else:
            attacker = permanent("questing-beast", "att", "A")
            blocker = rng.choice(
                [
                    permanent(rng.choice(small), "blk", "B"),
                    permanent(rng.choice(["hill-giant", "elvish-regrower"]), "blk", "B"),
                ]
            )
            others = []
        perms = [attacker, blocker, *others]
        blocks = [["att", "blk"]]
        what = name(blocker)
    else:
        variant = rng.choice(["beast2", "counters", "except"])
        if variant == "except":
            attacker = _g(
                "att",
                "影",
                "A",
                3,
                2,
                ["black"],
                cant_be_blocked_except_by=[{"color": "black"}, {"keyword": "flying"}],
            )
            pool = [
                permanent("vampire-spawn", "b1", "B"),
                permanent("grizzly-bears", "b1", "B"),
                permanent("chandra-s-spitfire", "b1", "B"),
                permanent("hill-giant", "b1", "B"),
            ]
            blocker = clone(rng.choice(pool))
            blocker["id"] = "blk"
            perms = [attacker, blocker]
            blocks = [["att", "blk"]]
            what = name(blocker)
        else:
            attacker = permanent("questing-beast", "att", "A")
            first = permanent(rng.choice(small), "b1", "B")
            if variant == "counters" or rng.random() < 0.5:
                first["counters"] = {"+1/+1": rng.randint(1, 2)}
            second = rng.choice(
                [
                    permanent("hill-giant", "b2", "B"),
                    permanent("ravenous-baloth", "b2", "B"),
                    permanent("grizzly-bears", "b2", "B"),
                ]
            )
            perms = [attacker, first, second]
            blocks = [["att", "b1"], ["att", "b2"]]
            what = f"{name(first)}と{name(second)}の2体"
    prompt = f"{name(attacker)}が{THEM}を攻撃しています。{THEM}は{what}でこれをブロックしようとしています。{QUESTION_BLOCK}"
    return _verdict_draft(
        scenario=_doc(perms, _combat("att")),
        declare={"blocks": blocks},
        prompt=prompt,
        predict=block_rule,
        confusable=BLOCK_RULES,
        beliefs=[
            CANT_BLOCK_IGNORED,
            POWER_AS_TOUGHNESS,
            BLOCKER_COUNTERS_IGNORED,
            RESTRICTION_FOR_ALL,
            EXCEPT_BY_IGNORED,
        ],
        rules=["509.1b"],
    )


def gen_protection_block(rng: random.Random, level: str) -> Draft:
    """702.16f: protection on the attacker stops blockers of that quality; on the blocker it doesn't."""
    if level == L1:
        attacker = permanent(rng.choice(["white-knight", "black-knight", "kor-firewalker"]), "att", "A")
        blocker = permanent(
            rng.choice(["vampire-spawn", "elite-vanguard", "grizzly-bears", "hill-giant", "typhoid-rats"]),
            "blk",
            "B",
        )
    else:
        variant = rng.choice(["guard", "knights", "multi"])
        if variant == "guard":  # the blocker's protection doesn't keep it from blocking
            attacker = permanent(rng.choice(["typhoid-rats", "vampire-spawn", "black-knight"]), "att", "A")
            blocker = permanent(rng.choice(["white-knight", "paladin-en-vec", "mirran-crusader"]), "blk", "B")
        elif variant == "knights":
            attacker = permanent(rng.choice(["white-knight", "black-knight"]), "att", "A")
            blocker = permanent(rng.choice(["white-knight", "black-knight", "paladin-en-vec"]), "blk", "B")
        else:
            attacker = permanent(rng.choice(["kor-firewalker", "paladin-en-vec", "black-knight"]), "att", "A")
            blocker = permanent("boros-swiftblade", "blk", "B")
    prompt = f"{name(attacker)}が{THEM}を攻撃しています。{THEM}は{name(blocker)}でこれをブロックしようとしています。{QUESTION_BLOCK}"
    return _verdict_draft(
        scenario=_doc([attacker, blocker], _combat("att")),
        declare={"blocks": [["att", "blk"]]},
        prompt=prompt,
        predict=block_rule,
        confusable=BLOCK_RULES,
        beliefs=[PROTECTION_ONLY_DAMAGE, PROTECTION_FROM_ALL, BLOCKER_PROTECTION, MULTICOLOR_BLOCKER],
        rules=["702.16f", "509.1b"],
    )


def gen_extra_block(rng: random.Random, level: str) -> Draft:
    """509.1a: one attacker per blocker unless an ability allows more (L2: three attackers, a flyer)."""
    count = 2 if level == L1 else 3
    movers = [permanent(s, f"att{i}", "A") for i, s in enumerate(rng.sample(GROUND, count))]
    if level == L2 and rng.random() < 0.4:
        movers[-1] = permanent("serra-angel", movers[-1]["id"], "A")
    extra = rng.choice([0, 1, 1, "any"] if level == L2 else [0, 1])
    guard = _g("blk", "衛兵", "B", 1, 6, ["white"])
    if level == L2 and rng.random() < 0.4:
        guard["keywords"] = ["reach"]
    if extra:
        guard["additional_blocks"] = extra
    perms = [*movers, guard]
    blocked = movers if level == L1 else rng.sample(movers, rng.choice([2, 3]))
    prompt = (
        f"{YOU}は{'、'.join(name(m) for m in movers)}で{THEM}を攻撃しています。{THEM}は{name(guard)}1体で"
        f"{'と'.join(name(m) for m in blocked)}をすべてブロックしようとしています。{QUESTION_BLOCK}"
    )
    return _verdict_draft(
        scenario=_doc(perms, _combat(*(m["id"] for m in movers))),
        declare={"blocks": [[m["id"], "blk"] for m in blocked]},
        prompt=prompt,
        predict=block_rule,
        confusable=BLOCK_RULES,
        beliefs=[BLOCKS_ANY, EXTRA_IGNORED, EXTRA_IS_ANY, FLYING_NO_EVASION, NO_REACH],
        rules=["509.1a"],
    )


# --------------------------------------------------------------------------- targets

HEXPROOF_ONLY_ABILITIES = Belief(
    "呪禁は能力の対象になることだけを防ぎ、呪文の対象にはなると考えました (702.11b)",
    _drop_keyword("hexproof", _is_target),
)
HEXPROOF_LIKE_SHROUD = Belief(
    "呪禁を持つクリーチャーは、自分の呪文の対象にもならないと考えました (702.11b)", _owned_by_opponent
)
SHROUD_LIKE_HEXPROOF = Belief(
    "被覆は対戦相手の呪文からだけ守ると考えました (702.18a)",
    lambda doc: _each(doc, lambda p: _is_target(doc, p), _shroud_as_hexproof),
)
HEXPROOF_PAYABLE = Belief(
    "呪禁は護法のように、コストを支払えば対象にできると考えました (702.11b)",
    lambda doc: _each(doc, lambda p: _is_target(doc, p) and "hexproof" in _kw(p), _hexproof_as_ward),
)
PROTECTION_TARGETABLE = Belief(
    "プロテクションはダメージを軽減するだけで、対象にはできると考えました (702.16b)",
    _set("protection", None, _is_target),
)
PROTECTION_ALL_SPELLS = Belief(
    "プロテクションを持つものは、どの色の呪文の対象にもならないと考えました (702.16b)",
    _set("protection", ["everything"], lambda d, p: _is_target(d, p) and bool(p.get("protection"))),
)
PROTECTION_OPPONENTS_ONLY = Belief(
    "プロテクションは対戦相手の呪文にだけ働くと考えました (702.16b)",
    _set(
        "protection",
        None,
        lambda d, p: _is_target(d, p) and p["controller"] == d["event"]["source"]["controller"],
    ),
)
WARD_LIKE_HEXPROOF = Belief(
    "護法を持つものは、呪禁のように対象にできないと考えました (702.21a)",
    lambda doc: _each(doc, lambda p: _is_target(doc, p), _ward_as_hexproof),
)
WARD_NOTHING = Belief(
    "護法は対象にしても何も起こらないと考えました (702.21a)", _set("ward", None, _is_target)
)
WARD_OWN = Belief("護法は自分の呪文の対象にしても誘発すると考えました (702.21a)", _owned_by_opponent)

SPELLS: Final = ("lightning-bolt", "shock")


def _spell_event(slug: str, caster: str, targets: Sequence[str]) -> dict[str, Any]:
    source = card(slug).spell_source(caster)
    amounts = [d["amount"] for d in card(slug).engine["event"]["damage"]]
    return {
        "type": "noncombat",
        "source": source,
        "damage": [{"to": t, "amount": amounts[min(i, len(amounts) - 1)]} for i, t in enumerate(targets)],
        "targets": list(targets),
    }


def _target_draft(
    rng: random.Random,
    permanents: list[dict[str, Any]],
    slug: str,
    targets: Sequence[str],
    beliefs: Sequence[Belief],
) -> Draft:
    caster = "A"
    by_id = {p["id"]: p for p in permanents}
    owner = {"A": f"{YOU}の", "B": f"{THEM}の"}
    what = "と".join(f"{owner[by_id[t]['controller']]}{name(by_id[t])}" for t in targets)
    prompt = f"{YOU}は{card(slug).label}を唱え、{what}を対象にしようとしています。{QUESTION_TARGET}"
    return _verdict_draft(
        scenario=_doc(permanents),
        declare={"event": _spell_event(slug, caster, targets)},
        prompt=prompt,
        predict=target_rule,
        confusable=TARGET_RULES,
        what="対象の選び方",
        beliefs=beliefs,
        rules=["601.2c", "115.1"],
    )


def _shrouded(pid: str, controller: str) -> dict[str, Any]:
    return _g(pid, "霊", controller, 2, 2, ["blue"], keywords=["shroud"])


def gen_hexproof_target(rng: random.Random, level: str) -> Draft:
    """702.11b hexproof (opponents only), 702.18a shroud (everyone)."""
    if level == L1:
        target = permanent("troll-ascetic", "t1", rng.choice("AB"))
        perms = [target, permanent("grizzly-bears", "bear", "B")]
        targets = ["t1"]
        slug = rng.choice(SPELLS)
    else:
        first = rng.choice(
            [permanent("troll-ascetic", "t1", rng.choice("AB")), _shrouded("t1", rng.choice("AB"))]
        )
        seconds = [
            _shrouded("t2", rng.choice("AB")),
            permanent("troll-ascetic", "t2", rng.choice("AB")),
            permanent("grizzly-bears", "t2", "B"),
        ]
        second = rng.choice([p for p in seconds if p["name"] != first["name"]])  # two of a name read as one
        perms = [first, second]
        targets = ["t1", "t2"]
        rng.shuffle(targets)
        slug = "electrolyze"
    return _target_draft(
        rng, perms, slug, targets, [HEXPROOF_ONLY_ABILITIES, HEXPROOF_LIKE_SHROUD, SHROUD_LIKE_HEXPROOF]
    )


def gen_protection_target(rng: random.Random, level: str) -> Draft:
    """702.16b: no spell of the quality may target it, whoever casts it (L2: a two-coloured spell)."""
    knights = ["white-knight", "black-knight", "kor-firewalker", "paladin-en-vec", "mirran-crusader"]
    target = permanent(rng.choice(knights), "t1", "B" if level == L1 else rng.choice("AB"))
    slug = rng.choice(SPELLS) if level == L1 else "electrolyze"
    perms = [target]
    targets = ["t1"]
    if level == L2:
        perms.append(permanent("grizzly-bears", "t2", "B"))
        targets = ["t2", "t1"]
    beliefs = [PROTECTION_TARGETABLE, PROTECTION_ALL_SPELLS, PROTECTION_OPPONENTS_ONLY]
    if level == L2:
        beliefs.append(
            Belief(
                "多色の呪文は赤だけの呪文ではないので、プロテクション（赤）に関係しないと考えました (702.16b)",
                _spell_without_color("red"),
            )
        )
    return _target_draft(rng, perms, slug, targets, beliefs)


def gen_ward_target(rng: random.Random, level: str) -> Draft:
    """702.21a: ward doesn't stop targeting; it triggers for an opponent's spell (L2: with protection or a
    second target)."""
    cost = rng.choice(["{2}", "{1}", "3点のライフを支払う"])
    warded = _g("t1", "精霊", rng.choice("AB" if level == L1 else "BB"), 3, 3, ["blue"], ward=cost)
    if level == L1:
        target = rng.choice([warded, warded, permanent("troll-ascetic", "t1", "B")])
        perms = [target]
        targets = ["t1"]
        slug = rng.choice(SPELLS)
    else:
        if rng.random() < 0.5:
            warded["protection"] = [rng.choice(["red", "white"])]
        second = rng.choice(
            [
                permanent("grizzly-bears", "t2", "B"),
                permanent("troll-ascetic", "t2", "A"),
                _shrouded("t2", "A"),
            ]
        )
        perms = [warded, second]
        targets = ["t1", "t2"]
        rng.shuffle(targets)
        slug = "electrolyze"
    return _target_draft(
        rng,
        perms,
        slug,
        targets,
        [WARD_LIKE_HEXPROOF, WARD_NOTHING, WARD_OWN, HEXPROOF_PAYABLE, SHROUD_LIKE_HEXPROOF],
    )


# --------------------------------------------------------------------------- assignments

TRAMPLE_SPILLS = Belief(
    "ブロックされても、余ったダメージはプレイヤーに割り振れると考えました (510.1c)",
    lambda doc: _each(
        doc, lambda p: _is_attacker(doc, p), lambda p: p.update(keywords=sorted({*_kw(p), "trample"}))
    ),
)
OLD_ORDER = Belief(
    "1体目のブロック・クリーチャーに致死ダメージを割り振るまで、2体目には割り振れないと考えました（2024年までの規則、510.1c）",
    _old_order,
)
TOTAL_AS_TOUGHNESS = Belief(
    "ブロック・クリーチャーを倒せるだけ割り振れば、パワー全部を割り振らなくてよいと考えました (510.1a)",
    _with_power_as_assigned,
)
ATTACKER_COUNTERS_IGNORED = Belief(
    "+1/+1カウンターを数えずに攻撃クリーチャーのパワーを見ました (510.1a, 122.1a)",
    _set("counters", None, _is_attacker),
)
MARKED_IGNORED = Belief(
    "すでに負っているダメージを致死ダメージに数えないと考えました (702.19b)", _no_marked_damage
)
ONE_IS_LETHAL = Belief(
    "接死がなくても、1点割り振れば致死ダメージになると考えました (702.2c)",
    lambda doc: _each(
        doc, lambda p: _is_attacker(doc, p), lambda p: p.update(keywords=sorted({*_kw(p), "deathtouch"}))
    ),
)
DEATHTOUCH_IGNORED = Belief(
    "接死があっても、致死ダメージはタフネス分だと考えました (702.2c)",
    _drop_keyword("deathtouch", _is_attacker),
)
TRAMPLE_BLOCKED = Belief(
    "トランプルでも、ブロックされたらプレイヤーには割り振れないと考えました (702.19b)",
    _drop_keyword("trample", _is_attacker),
)
BLOCKER_COUNTERS_LETHAL = Belief(
    "+1/+1カウンターを数えずにブロック・クリーチャーのタフネスを見ました (702.19b, 122.1a)",
    _set("counters", None, _is_blocker),
)


def _assignment_scene(
    attacker: dict[str, Any], blockers: list[dict[str, Any]], division: dict[str, int]
) -> str:
    parts = [f"{name(b)}に{division.get(b['id'], 0)}点" for b in blockers]
    if division.get("B"):
        parts.append(f"{THEM}に{division['B']}点")
    return (
        f"{name(attacker)}が{THEM}を攻撃し、{'と'.join(name(b) for b in blockers)}にブロックされました。"
        f"{YOU}は戦闘ダメージを{'、'.join(parts)}と割り振ろうとしています。{QUESTION_ASSIGN}"
    )


def _split(total: int, parts: int, rng: random.Random) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in itertools.pairwise([0, *cuts, total])]


def gen_assignment_split(rng: random.Random, level: str) -> Draft:
    """510.1a, 510.1c: a blocked creature divides exactly its power among its blockers, as its controller
    chooses (no order since 2024); without trample nothing goes to the player."""
    attacker = permanent(
        rng.choice(["craw-wurm", "ravenous-baloth", "hill-giant", "rusted-sentinel"]), "att", "A"
    )
    if level == L2 and rng.random() < 0.6:
        attacker["counters"] = {"+1/+1": rng.randint(1, 2)}
    # L2: counters to count or a third blocker, never an L1 board again
    n = 2 if level == L1 else rng.choice([2, 3]) if attacker.get("counters") else 3
    pool = ["grizzly-bears", "elite-vanguard", "vampire-spawn", "llanowar-elves", "hill-giant"]
    pool = [slug for slug in pool if card(slug).ja_name != attacker["name"]]  # no two of a name
    blockers = [permanent(slug, f"b{i}", "B") for i, slug in enumerate(rng.sample(pool, n))]
    power = power_of(attacker)
    variant = rng.choice(
        ["free", "free", "player", "short"] if level == L1 else ["free", "player", "short", "printed"]
    )
    if variant == "printed" and attacker.get("counters"):
        amounts = _split(int(attacker["power"]), n, rng)
    elif variant == "short":
        amounts = [toughness_of(b) for b in blockers]
        if sum(amounts) >= power:
            amounts = _split(power - 1, n, rng)
    else:
        amounts = _split(power, n, rng)
    division = {b["id"]: a for b, a in zip(blockers, amounts, strict=True)}
    if variant == "player":
        lethal_all = {b["id"]: toughness_of(b) for b in blockers}
        if sum(lethal_all.values()) < power:
            division = dict(lethal_all)
            division["B"] = power - sum(lethal_all.values())
        else:
            division = {b["id"]: a for b, a in zip(blockers, _split(power - 1, n, rng), strict=True)}
            division["B"] = 1
    division = {k: v for k, v in division.items() if v}
    scene = _doc([attacker, *blockers], _combat("att", assignments={"att": division}))
    scene["event"]["attacks"][0]["blockers"] = [b["id"] for b in blockers]
    return _verdict_draft(
        scenario=scene,
        declare={},
        prompt=_assignment_scene(attacker, blockers, division),
        predict=assignment_rule,
        confusable=ASSIGNMENT_RULES,
        what="割り振り",
        beliefs=[TRAMPLE_SPILLS, OLD_ORDER, TOTAL_AS_TOUGHNESS, ATTACKER_COUNTERS_IGNORED],
        rules=["510.1a", "510.1c"],
    )


def gen_trample_assignment(rng: random.Random, level: str) -> Draft:
    """702.19b: lethal damage to every blocker first (marked damage counts, 1 is lethal from deathtouch,
    702.2c), then the rest to the player."""
    if level == L1:
        attacker = permanent(rng.choice(["colossal-dreadmaw", "charging-monstrosaur"]), "att", "A")
    else:
        attacker = rng.choice(
            [
                permanent(rng.choice(["colossal-dreadmaw", "charging-monstrosaur"]), "att", "A"),
                _collared(permanent(rng.choice(["colossal-dreadmaw", "charging-monstrosaur"]), "att", "A")),
            ]
        )
    power = power_of(attacker)
    while True:  # blockers the attacker can get past: lethal damage to all of them is below its power
        n = 1 if level == L1 and rng.random() < 0.4 else 2
        pool = ["grizzly-bears", "vampire-spawn", "hill-giant", "rusted-sentinel", "elite-vanguard"]
        blockers = [permanent(slug, f"b{i}", "B") for i, slug in enumerate(rng.sample(pool, n))]
        for b in blockers:
            if rng.random() < 0.4:
                b["damage"] = rng.randint(1, toughness_of(b) - 1) if toughness_of(b) > 1 else 0
            if level == L2 and rng.random() < 0.3:
                b["counters"] = {"+1/+1": 1}
            if not b.get("damage"):
                b.pop("damage", None)
        if level == L2 and "deathtouch" not in _kw(attacker) and not any(b.get("counters") for b in blockers):
            blockers[0]["counters"] = {"+1/+1": 1}  # L2 always has a deathtouch or a counter to count
        needs = {b["id"]: lethal(attacker, b) for b in blockers}
        if sum(needs.values()) < power:
            break
    variant = rng.choice(
        ["exact", "one_each", "short", "printed"] if level == L2 else ["exact", "exact", "one_each", "short"]
    )
    if variant == "one_each":
        division = {b["id"]: 1 for b in blockers}
    elif variant == "short":
        division = {**needs}
        victim = rng.choice(blockers)["id"]
        division[victim] = max(needs[victim] - 1, 0)
    elif variant == "printed":  # the toughness without the counters
        division = {b["id"]: max(int(b["toughness"]) - b.get("damage", 0), 1) for b in blockers}
    else:
        division = {**needs}
    rest = power - sum(division.values())
    if rest <= 0:
        division = {**needs}
        rest = power - sum(division.values())
    division["B"] = rest
    division = {k: v for k, v in division.items() if v}
    scene = _doc([attacker, *blockers], _combat("att", assignments={"att": division}))
    scene["event"]["attacks"][0]["blockers"] = [b["id"] for b in blockers]
    return _verdict_draft(
        scenario=scene,
        declare={},
        prompt=_assignment_scene(attacker, blockers, division),
        predict=assignment_rule,
        confusable=ASSIGNMENT_RULES,
        what="割り振り",
        beliefs=[MARKED_IGNORED, ONE_IS_LETHAL, DEATHTOUCH_IGNORED, TRAMPLE_BLOCKED, BLOCKER_COUNTERS_LETHAL],
        rules=["702.19b", "510.1c"],
    )


# --------------------------------------------------------------------------- who decides


def _source_controller(doc: Doc, ask: Mapping[str, Any]) -> Any:
    source = (doc.get("event") or {}).get("source")
    return source.get("controller") if isinstance(source, dict) else None


def _active(doc: Doc, ask: Mapping[str, Any]) -> Any:
    return doc.get("active_player", "A")


def _other_side(doc: Doc, ask: Mapping[str, Any]) -> Any:
    """The player on the other side of the asked creature (the one its damage is dealt to)."""
    controller = next(p["controller"] for p in doc["permanents"] if p["id"] == ask["object"])
    return OTHER[controller]


SOURCE_CHOOSES = Belief(
    "ダメージの発生源のコントローラーが順番を選ぶと考えました (616.1)", reading=_source_controller
)
ACTIVE_CHOOSES = Belief("アクティブ・プレイヤーが順番を選ぶと考えました (616.1)", reading=_active)


def _chooser_draft(
    scenario: Doc,
    ask: dict[str, Any],
    predicted: str,
    prompt: str,
    beliefs: Sequence[Belief],
    explanation: str,
    rules: list[str],
) -> Draft:
    made = declared(_clean(scenario), ask)
    mistakes: list[Mistake] = []
    for belief in beliefs:
        assert belief.reading is not None
        value = belief.reading(made, ask)
        if value in WHO and value != predicted and all(v != value for v, _ in mistakes):
            mistakes.append((value, belief.label))
    if not mistakes:
        mistakes.append((OTHER[predicted], "計算を誤りました"))
    return Draft(_clean(scenario), prompt, ask, predicted, explanation, rules, mistakes)


def _doubler_and_shield(rng: random.Random, to: str) -> list[dict[str, Any]]:
    """A doubling enchantment (《ラースの灼熱洞》 or 《双子神の指図》) and 《治癒の軟膏》's shield on ``to``, in a
    random order: two effects on one damage event whose order the affected player or controller chooses
    (616.1)."""
    effects = [card(rng.choice(ORDER_DOUBLERS)).effect(0), card("healing-salve").effect(0, to=to)]
    rng.shuffle(effects)
    return effects


def _effects_scene(effects: Sequence[dict[str, Any]], whom: Mapping[str, str]) -> str:
    """Where each effect of ``effects`` comes from, for a prompt: the doubler on the battlefield, the shield
    that 《治癒の軟膏》 gave ``whom[to]`` this turn, 《ウルザの鎧》 under its controller."""
    salve, armor = card("healing-salve"), card("urza-s-armor")
    parts: list[str] = []
    # the battlefield first, then each player's or creature's own protection
    for effect in sorted(effects, key=lambda e: e["type"] != "damage_multiplier"):
        if effect["type"] == "damage_multiplier":
            parts.append(f"戦場には{effect['name']}があります。")
        elif effect["name"] == salve.label:
            parts.append(
                f"{whom[effect['to']]}は、このターン{salve.label}により、次に受ける{effect['amount']}点のダメージが"
                "軽減されます。"
            )
        elif effect["name"] == armor.label:
            parts.append(f"{whom[effect['to']]}は{armor.label}をコントロールしています。")
    return "".join(parts)


def _effects_listing(effects: Sequence[dict[str, Any]], to: str) -> str:
    """The effects that apply to damage dealt to ``to`` (a doubler applies to all), by their cards, in the
    order of ``effects`` (the order a learner who thinks it fixed would apply them in)."""
    names = [e["name"] for e in effects if e.get("to", to) == to]
    return "と".join(names) if len(names) == 2 else "、".join(names)


def gen_who_orders(rng: random.Random, level: str) -> Draft:
    """616.1: the affected player, or the affected object's controller, orders the effects (not the source's
    controller, not the active player). L2: a sweeper over creatures of both players."""
    active = rng.choice("AB")
    caster = rng.choice("AB")
    if level == L1:
        slug = rng.choice(SPELLS)
        amount = card(slug).engine["event"]["damage"][0]["amount"]
        kind = rng.choice(["player", "creature"])
        if kind == "player":
            affected = OTHER[caster]
            perms: list[dict[str, Any]] = []
            whom = WHO[affected]
        else:
            creature = permanent(
                rng.choice(["craw-wurm", "ravenous-baloth", "rusted-sentinel"]), "t1", OTHER[caster]
            )
            perms = [creature]
            affected = "t1"
            whom = f"{WHO[creature['controller']]}の{name(creature)}"
        event = {
            "type": "noncombat",
            "source": card(slug).spell_source(caster),
            "damage": [{"to": affected, "amount": amount}],
            "targets": [affected],
        }
        spell = card(slug).label
    else:
        slug = "pyroclasm"
        amount = 2
        perms = [
            permanent(rng.choice(["craw-wurm", "rusted-sentinel"]), "t1", "A"),
            permanent(rng.choice(["ravenous-baloth", "serra-angel"]), "t2", "B"),
        ]
        affected = rng.choice(["t1", "t2"])
        target = next(p for p in perms if p["id"] == affected)
        event = {
            "type": "noncombat",
            "source": card(slug).spell_source(caster),
            "damage": [{"to": p["id"], "amount": amount} for p in perms],
        }
        whom = f"{WHO[target['controller']]}の{name(target)}"
        spell = card(slug).label
    effects = _doubler_and_shield(rng, affected)
    if level == L2:  # the other creature has its own shield, and its controller its own choice
        other = next(p["id"] for p in perms if p["id"] != affected)
        effects.append(card("healing-salve").effect(0, to=other))
    owner = affected if affected in WHO else next(p["controller"] for p in perms if p["id"] == affected)
    scenario = _doc(perms, event, effects=effects, active_player=active)
    shielded = {affected: whom} | {
        p["id"]: f"{WHO[p['controller']]}の{name(p)}" for p in perms if p["id"] != affected
    }
    prompt = (
        f"{WHO[active]}のターンです。{_effects_scene(effects, shielded)}{WHO[caster]}が{spell}を唱え、{whom}に"
        f"{amount}点のダメージを与えます。{whom}へのダメージには{_effects_listing(effects, affected)}の効果が"
        "適用できます。どちらを先に適用するかを選ぶのは誰ですか。"
    )
    explanation = (
        "1つのダメージに置換効果や軽減効果が2つ以上適用できるなら、影響を受けるプレイヤーか、影響を受ける"
        f"オブジェクトのコントローラーが適用する順番を選びます (616.1)。ここでは{WHO[owner]}が選びます。"
        "ダメージの発生源のコントローラーやアクティブ・プレイヤーではありません。"
    )
    ask = {"kind": "chooser", "decision": "616.1", "object": affected}
    return _chooser_draft(
        scenario, ask, owner, prompt, [SOURCE_CHOOSES, ACTIVE_CHOOSES], explanation, ["616.1", "120.4b"]
    )


DEFENDING_DIVIDES = Belief(
    "ダメージを受ける側のプレイヤーが分け方を選ぶと考えました (510.1c, 510.1d)",
    reading=_other_side,
)
ACTIVE_DIVIDES = Belief("アクティブ・プレイヤーがすべての分け方を選ぶと考えました (510.1d)", reading=_active)


def gen_who_divides(rng: random.Random, level: str) -> Draft:
    """510.1c-d: a blocked creature's controller divides its damage among its blockers; a blocker that
    blocks several attackers is divided by its own controller. L2: both on one board, with trample."""
    guard = _g("guard", "衛兵", "B", rng.randint(2, 4), 6, ["white"], additional_blocks=1)
    if level == L1:
        variant = rng.choice(["attacker", "blocker"])
        if variant == "attacker":
            attacker = permanent(rng.choice(["craw-wurm", "ravenous-baloth", "hill-giant"]), "att", "A")
            blockers = [
                permanent(s, f"b{i}", "B")
                for i, s in enumerate(rng.sample(["grizzly-bears", "elite-vanguard", "vampire-spawn"], 2))
            ]
            perms = [attacker, *blockers]
            event = _combat("att")
            event["attacks"][0]["blockers"] = [b["id"] for b in blockers]
            asked = "att"
            scene = f"{name(attacker)}が{THEM}を攻撃し、{'と'.join(name(b) for b in blockers)}にブロックされました。"
            question = f"{name(attacker)}の戦闘ダメージを2体にどう分けるかを選ぶのは誰ですか。"
        else:
            movers = [
                permanent(s, f"att{i}", "A")
                for i, s in enumerate(rng.sample(["grizzly-bears", "hill-giant", "elite-vanguard"], 2))
            ]
            perms = [*movers, guard]
            event = _combat(*(m["id"] for m in movers))
            for attack in event["attacks"]:
                attack["blockers"] = ["guard"]
            asked = "guard"
            scene = f"{'と'.join(name(m) for m in movers)}が{THEM}を攻撃し、{name(guard)}がその2体をブロックしました。"
            question = f"{name(guard)}の戦闘ダメージを2体にどう分けるかを選ぶのは誰ですか。"
    else:
        attacker = permanent(
            rng.choice(["colossal-dreadmaw", "charging-monstrosaur", "craw-wurm"]), "att", "A"
        )
        second = permanent(rng.choice(["grizzly-bears", "hill-giant"]), "att2", "A")
        bear = permanent(rng.choice(["vampire-spawn", "elite-vanguard"]), "b1", "B")
        perms = [attacker, second, bear, guard]
        event = _combat("att", "att2")
        event["attacks"][0]["blockers"] = ["b1", "guard"]
        event["attacks"][1]["blockers"] = ["guard"]
        asked = rng.choice(["att", "guard"])
        scene = (
            f"{name(attacker)}と{name(second)}が{THEM}を攻撃しました。{name(attacker)}を{name(bear)}と{name(guard)}が"
            f"ブロックし、{name(guard)}は{name(second)}もブロックしています。"
        )
        subject = attacker if asked == "att" else guard
        question = f"{name(subject)}の戦闘ダメージの分け方を選ぶのは誰ですか。"
    scenario = _doc(perms, event)
    controller = next(p["controller"] for p in perms if p["id"] == asked)
    explanation = (
        "ブロックされたクリーチャーのコントローラーは、そのダメージをブロックしているクリーチャーの間で好きなように"
        "分けます (510.1c)。複数の攻撃クリーチャーをブロックしているクリーチャーのダメージは、そのコントローラーが"
        f"分けます (510.1d)。ここで選ぶのは{WHO[controller]}です。"
    )
    ask = {"kind": "chooser", "decision": "510.1c", "object": asked}
    made = declared(_clean(scenario), ask)
    mistakes: list[Mistake] = []
    for belief in (DEFENDING_DIVIDES, ACTIVE_DIVIDES):
        assert belief.reading is not None
        value = belief.reading(made, ask)
        if value != controller and all(v != value for v, _ in mistakes):
            mistakes.append((value, belief.label))
    return Draft(
        _clean(scenario), scene + question, ask, controller, explanation, ["510.1c", "510.1d"], mistakes
    )


def _target_controller(doc: Doc, ask: Mapping[str, Any]) -> Any:
    targets = (doc.get("event") or {}).get("targets", [])
    return next((p["controller"] for p in doc["permanents"] if p["id"] in targets), None)


WARDED_PAYS = Belief(
    "護法を持つパーマネントのコントローラーが、支払うかどうかを選ぶと考えました (702.21a)",
    reading=_target_controller,
)
ACTIVE_PAYS = Belief(
    "アクティブ・プレイヤーが、護法のコストを支払うかどうかを選ぶと考えました (702.21a)", reading=_active
)


def gen_who_pays_ward(rng: random.Random, level: str) -> Draft:
    """702.21a: ward counters the spell or ability unless *its controller* pays (L2: an ability, on the other
    player's turn)."""
    caster = rng.choice("AB")
    active = caster if level == L1 else OTHER[caster]
    cost = rng.choice(["{2}", "{1}", "3点のライフを支払う"])
    warded = _g("t1", "精霊", OTHER[caster], 3, 3, ["blue"], ward=cost)
    perms = [warded]
    if level == L1:
        slug = rng.choice(SPELLS)
        event = _spell_event(slug, caster, ["t1"])
        what = f"{WHO[caster]}が{card(slug).label}を唱え"
    else:
        slinger = _g("src", "投石兵", caster, 1, 1, ["red"])
        perms.append(slinger)
        event = {
            "type": "noncombat",
            "source": "src",
            "damage": [{"to": "t1", "amount": 1}],
            "targets": ["t1"],
        }
        what = f"{WHO[caster]}の{name(slinger)}の能力が"
    scenario = _doc(perms, active_player=active)
    ask = {"kind": "chooser", "decision": "702.21a", "declare": {"event": event}}
    prompt = (
        f"{WHO[active]}のターンです。{what}、{WHO[OTHER[caster]]}の{name(warded)}を対象にしました。"
        f"{name(warded)}の能力が誘発しました。そのコストを支払うかどうかを決めるのは誰ですか。"
    )
    explanation = (
        "護法は、対戦相手の呪文や能力の対象になると誘発し、その呪文や能力のコントローラーがコストを支払わないかぎり"
        f"それを打ち消します (702.21a)。支払うかどうかを選ぶのは{WHO[caster]}です。"
        "支払わなくてもかまいません (118.12a)。"
    )
    return _chooser_draft(
        scenario, ask, caster, prompt, [WARDED_PAYS, ACTIVE_PAYS], explanation, ["702.21a", "118.12a"]
    )


# --------------------------------------------------------------------------- what each choice gives


def _order_life(life: int, damage: int, effects: Sequence[dict[str, Any]], order: Sequence[int]) -> int:
    x = damage
    for i in order:
        if x <= 0:
            break  # 614.7a: nothing is left to apply to
        e = effects[i]
        if e["type"] == "damage_multiplier":
            x *= e["factor"]
        elif e["type"] in ("prevent_next", "prevent_static"):
            x -= min(x, e["amount"])
    return life - x


def gen_order_outcomes(rng: random.Random, level: str) -> Draft:
    """616.1: each order the affected player may choose, and the life total it leaves (L2: three effects)."""
    life = rng.randint(10, 20)
    slug = "fireball"
    for _ in range(200):
        damage = rng.randint(2, 6)  # 《火の玉》's X
        effects = _doubler_and_shield(rng, "B")
        if level == L2:
            effects.append(card("urza-s-armor").effect(0, to="B"))
            rng.shuffle(effects)
        reachable = sorted(
            {_order_life(life, damage, effects, o) for o in itertools.permutations(range(len(effects)))}
        )
        if len(reachable) >= 2:  # the order changes the outcome
            break
    else:  # pragma: no cover - 200 draws always find one
        raise RuntimeError("no board where the order matters")
    wrong = [
        life - damage,
        life - 2 * damage,
        life - damage * 2 - sum(e.get("amount", 0) for e in effects if e["type"] != "damage_multiplier"),
    ]
    offered = sorted({*reachable, *(w for w in wrong if w not in reachable)})
    rng.shuffle(offered)
    players = [{"id": "A", "name": YOU, "life": 20}, {"id": "B", "name": THEM, "life": life}]
    event = {
        "type": "noncombat",
        "source": card(slug).spell_source("A"),
        "damage": [{"to": "B", "amount": damage}],
        "targets": ["B"],
    }
    scenario = _doc([], event, effects=effects, players=players)
    ask = {
        "kind": "reachable",
        "decision": "616.1",
        "object": "B",
        "player": "B",
        "offered": offered,
        "labels": [f"{v}点" for v in offered],
    }
    prompt = (
        f"{THEM}のライフは{life}点です。{_effects_scene(effects, {'B': THEM})}{YOU}は{card(slug).label}で{THEM}に"
        f"{damage}点のダメージを与えます。{THEM}へのダメージには{_effects_listing(effects, 'B')}の効果が適用できます。"
        f"適用する順番の選び方によって、{THEM}のライフは何点になりえますか。ありうるものをすべて選んでください。"
    )
    default = outcome_keys(ask, {_order_life(life, damage, effects, range(len(effects)))})
    best = outcome_keys(ask, {max(reachable)})
    mistakes: list[Mistake] = []
    if default != outcome_keys(ask, reachable):
        mistakes.append((default, "順番は選べず、効果は書かれた順に適用されると考えました (616.1)"))
    if best != outcome_keys(ask, reachable) and best != default:
        mistakes.append((best, "対戦相手が選べる順番は、失うライフが最も少ない1つだけだと考えました (616.1)"))
    explanation = (
        f"{THEM}が影響を受けるプレイヤーなので、どの順番で適用するかを{THEM}が選びます (616.1)。盾は残っている量までを"
        "軽減し (615.7)、ダメージがなくなれば残りの効果は適用されません (614.7a)。ありうるライフは"
        f"{'、'.join(f'{v}点' for v in reachable)}です。"
    )
    return Draft(
        scenario,
        prompt,
        ask,
        outcome_keys(ask, reachable),
        explanation,
        ["616.1", "615.7", "614.7a"],
        mistakes,
    )


def _division_sets(doc: Doc) -> list[str]:
    """CR 510.1c (2024-08-02 510.1c-d in the 2009-2024 era): every set of blockers the attacker's controller can
    make die, by trying each division of its power."""
    perms = {p["id"]: p for p in doc["permanents"]}
    attack = doc["event"]["attacks"][0]
    a = perms[attack["attacker"]]
    blockers = [perms[b] for b in attack["blockers"]]
    needs = [lethal(a, b) for b in blockers]
    old = doc.get("era") == "2009-2024"
    power = power_of(a)
    found: set[str] = set()
    for split in itertools.product(range(power + 1), repeat=len(blockers)):
        if sum(split) != power:
            continue
        if old and any(
            split[j] and split[i] < needs[i] for i in range(len(split)) for j in range(i + 1, len(split))
        ):
            continue
        found.add(
            "+".join(
                sorted(b["id"] for b, got, need in zip(blockers, split, needs, strict=True) if got >= need)
            )
        )
    return sorted(found)


def gen_division_outcomes(rng: random.Random, level: str) -> Draft:
    """510.1c: which of its blockers the attacking player can make die by dividing the damage (since 2024 any
    division, 702.2c deathtouch). L2: three blockers, marked damage or deathtouch."""
    if level == L1:
        attacker = permanent(
            rng.choice(["hill-giant", "ravenous-baloth", "rusted-sentinel", "craw-wurm"]), "att", "A"
        )
        n = 2
    else:
        attacker = rng.choice(
            [
                permanent(rng.choice(["gifted-aetherborn", "ravenous-baloth", "craw-wurm"]), "att", "A"),
                permanent("ambush-viper", "att", "A", counters={"+1/+1": 2}),
            ]
        )
        n = 3
    pool = ["grizzly-bears", "elite-vanguard", "vampire-spawn", "llanowar-elves", "hill-giant"]
    pool = [slug for slug in pool if card(slug).ja_name != attacker["name"]]  # no two of a name
    blockers = [permanent(slug, f"b{i}", "B") for i, slug in enumerate(rng.sample(pool, n))]
    if level == L2:
        for b in blockers:
            if toughness_of(b) > 1 and rng.random() < 0.3:
                b["damage"] = 1
    event = _combat("att")
    event["attacks"][0]["blockers"] = [b["id"] for b in blockers]
    scenario = _doc([attacker, *blockers], event)
    ids = [b["id"] for b in blockers]
    offered = ["+".join(c) for k in range(n + 1) for c in itertools.combinations(ids, k)]
    by_id = {b["id"]: b for b in blockers}

    def label(value: str) -> str:
        if not value:
            return "どれも墓地に置かれない"
        parts = value.split("+")
        if len(parts) == n:
            return "すべて墓地に置かれる"
        return "と".join(name(by_id[x]) for x in parts) + "だけが墓地に置かれる"

    ask = {
        "kind": "reachable",
        "decision": "510.1c",
        "object": "att",
        "offered": offered,
        "labels": [label(v) for v in offered],
    }
    reachable = _division_sets(_clean(scenario))
    prompt = (
        f"{name(attacker)}が{THEM}を攻撃し、{'、'.join(name(b) for b in blockers)}にブロックされました。"
        f"{YOU}が戦闘ダメージの分け方を選ぶことで、ブロック・クリーチャーのうちどれが墓地に置かれる結果になりえますか。"
        "ありうる結果をすべて選んでください。"
    )
    mistakes: list[Mistake] = []
    for belief in (OLD_ORDER_SETS, DEATHTOUCH_IGNORED_SETS, MARKED_IGNORED_SETS):
        assert belief.rewrite is not None
        value = outcome_keys(ask, _division_sets(belief.rewrite(_clean(scenario))))
        if value != outcome_keys(ask, reachable) and all(v != value for v, _ in mistakes):
            mistakes.append((value, belief.label))
    explanation = (
        f"ブロックされたクリーチャーのコントローラーは、パワーに等しいダメージをブロック・クリーチャーの間で好きなように分けます"
        "。2024年からは割り振りの順番はなく、1体目に致死ダメージを割り振らなくても2体目に割り振れます (510.1c)。"
        "致死ダメージはすでに負っているダメージを数え、接死なら1点です (702.2c)。ありうる結果は"
        f"{'、'.join(label(v) for v in reachable)}です。"
    )
    return Draft(
        _clean(scenario),
        prompt,
        ask,
        outcome_keys(ask, reachable),
        explanation,
        ["510.1c", "510.1a", "702.2c"],
        mistakes,
    )


OLD_ORDER_SETS = Belief(
    "1体目のブロック・クリーチャーに致死ダメージを割り振るまで、次のクリーチャーには割り振れないと考えました（2024年までの規則、510.1c）",
    _old_order,
)
DEATHTOUCH_IGNORED_SETS = Belief(
    "接死があっても、致死ダメージはタフネス分だと考えました (702.2c)",
    _drop_keyword("deathtouch", _is_attacker),
)
MARKED_IGNORED_SETS = Belief(
    "すでに負っているダメージを致死ダメージに数えないと考えました (510.1c)", _no_marked_damage
)


# --------------------------------------------------------------------------- the catalogue

BLOCK_BELIEFS: Final = (
    NO_REACH,
    BLOCKER_FLYING_USELESS,
    FLYING_NO_EVASION,
    MENACE_ONE,
    MENACE_UNBLOCKABLE,
    PROTECTION_ONLY_DAMAGE,
    PROTECTION_FROM_ALL,
    BLOCKER_PROTECTION,
    MULTICOLOR_BLOCKER,
    DEFENDER_ATTACKS,
    DEFENDER_CANT_BLOCK,
    CANT_BLOCK_IGNORED,
    POWER_AS_TOUGHNESS,
    BLOCKER_COUNTERS_IGNORED,
    RESTRICTION_FOR_ALL,
    EXCEPT_BY_IGNORED,
    BLOCKS_ANY,
    EXTRA_IGNORED,
    EXTRA_IS_ANY,
)
TARGET_BELIEFS: Final = (
    HEXPROOF_ONLY_ABILITIES,
    HEXPROOF_LIKE_SHROUD,
    SHROUD_LIKE_HEXPROOF,
    HEXPROOF_PAYABLE,
    PROTECTION_TARGETABLE,
    PROTECTION_ALL_SPELLS,
    PROTECTION_OPPONENTS_ONLY,
    Belief(
        "多色の呪文は赤だけの呪文ではないので、プロテクション（赤）に関係しないと考えました (702.16b)",
        _spell_without_color("red"),
    ),
    WARD_LIKE_HEXPROOF,
    WARD_NOTHING,
    WARD_OWN,
)
ASSIGNMENT_BELIEFS: Final = (
    TRAMPLE_SPILLS,
    OLD_ORDER,
    TOTAL_AS_TOUGHNESS,
    ATTACKER_COUNTERS_IGNORED,
    MARKED_IGNORED,
    ONE_IS_LETHAL,
    DEATHTOUCH_IGNORED,
    TRAMPLE_BLOCKED,
    BLOCKER_COUNTERS_LETHAL,
)
VERDICT_BELIEFS: Final = (*BLOCK_BELIEFS, *TARGET_BELIEFS, *ASSIGNMENT_BELIEFS)
"""Every verdict template's beliefs, each a rewrite of the declared board (the misconceptions check)."""
DIVISION_BELIEFS: Final = (OLD_ORDER_SETS, DEATHTOUCH_IGNORED_SETS, MARKED_IGNORED_SETS)
CHOOSER_BELIEFS: Final = (
    SOURCE_CHOOSES,
    ACTIVE_CHOOSES,
    DEFENDING_DIVIDES,
    ACTIVE_DIVIDES,
    WARDED_PAYS,
    ACTIVE_PAYS,
)

BOTH: Final = (L1, L2)

JUDGE_TEMPLATES: Final[tuple[Template, ...]] = (
    Template("judge-flying-block", "ブロックの宣言：空からの攻撃", ("509.1",), BOTH, gen_flying_block),
    Template("judge-menace-block", "ブロックの宣言：何体で止めるか", ("509.1",), BOTH, gen_menace_block),
    Template("judge-defender", "攻撃とブロックの宣言：壁", ("509.1",), BOTH, gen_defender),
    Template(
        "judge-restricted-block", "ブロックの宣言：カードの制限", ("509.1",), BOTH, gen_restricted_block
    ),
    Template("judge-protection-block", "ブロックの宣言：騎士たち", ("509.1",), BOTH, gen_protection_block),
    Template("judge-extra-block", "ブロックの宣言：1体で何体を", ("509.1",), BOTH, gen_extra_block),
    Template(
        "judge-hexproof-target", "対象の選択：守られたクリーチャー", ("601.2c",), BOTH, gen_hexproof_target
    ),
    Template("judge-protection-target", "対象の選択：騎士を狙う", ("601.2c",), BOTH, gen_protection_target),
    Template("judge-ward-target", "対象の選択：精霊を狙う", ("601.2c",), BOTH, gen_ward_target),
    Template(
        "judge-assignment-split", "割り振りの宣言：2体以上のブロック", ("510.1",), BOTH, gen_assignment_split
    ),
    Template(
        "judge-trample-assignment",
        "割り振りの宣言：ブロックを越えて",
        ("510.1", "702.19b", "trample", "deathtouch"),
        BOTH,
        gen_trample_assignment,
        topic_levels=(("deathtouch", (L2,)),),
    ),
    Template("judge-who-orders", "誰が決めるか：効果の順番", ("616.1",), BOTH, gen_who_orders),
    Template("judge-who-pays-ward", "誰が決めるか：護法のコスト", ("601.2c",), BOTH, gen_who_pays_ward),
    Template("judge-who-divides", "誰が決めるか：ダメージの分け方", ("510.1",), BOTH, gen_who_divides),
    Template("judge-order-outcomes", "選べる結果：効果の順番", ("616.1", "615.7"), BOTH, gen_order_outcomes),
    Template(
        "judge-division-outcomes",
        "選べる結果：ダメージの分け方",
        ("510.1", "deathtouch"),
        BOTH,
        gen_division_outcomes,
        topic_levels=(("deathtouch", (L2,)),),
    ),
)
