"""Why each wrong option is wrong: the misconceptions a template's distractors name, recomputed.

A template names its distractors as ``(value, label)`` pairs (:mod:`tutor.study.drafts`): the label
says the belief in Japanese, the value is the answer that belief leads to. The template works the
value out with its own arithmetic, which can drift from the belief it names (a label about a
blocked lifelinker shown on an unblocked one). Here each belief is written a second time, the way
the engine can check it: the board *as the learner who holds the belief sees it* (a shield that is
not there, a keyword that does nothing, a blocker that is ignored), resolved by the engine
(:func:`tutor.study.asks.engine_answer`). A *slip* ("計算を誤りました") has no board of its own; it
only has to differ from the key.

:func:`recompute` finds the misconception a label names (by template and label pattern) and returns
the value the engine gives under it. The test ``tests/study/test_misconceptions.py`` runs it over
thousands of generated questions: every wrong option's value must equal its misconception's value.

No Django. Uses the engine through :mod:`tutor.study.asks`, as :mod:`tutor.study.building` does.
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from rules_core import resolve_document
from tutor.study.asks import OUTCOME_KEYS, declared, engine_answer, order_losses, order_trace, outcome_keys
from tutor.study.cardpool import power_of
from tutor.study.involvement import PREVENTION_EFFECTS
from tutor.study.judge_questions import (
    CHOOSER_BELIEFS,
    DIVISION_BELIEFS,
    JUDGE_TEMPLATES,
    MIXED_UP,
    VERDICT_BELIEFS,
    Belief,
)

Board = dict[str, Any]
Rewrite = Callable[[Board], Board]
Recompute = Callable[[Mapping[str, Any], Mapping[str, Any], Any], Any]
"""``(scenario, ask, answer) -> value``: what the belief gives on this board."""


class Uncovered(LookupError):
    """No misconception of this template matches the label (a new label needs its recomputation)."""


@dataclass(frozen=True)
class Misconception:
    """One belief: the label pattern that names it and how to recompute the value it gives."""

    pattern: str
    recompute: Recompute | None
    """``None`` for a slip: no board of its own, only different from the key."""

    def matches(self, label: str) -> bool:
        return re.match(self.pattern, label) is not None


SLIP: Final = None

# --------------------------------------------------------------------------- board rewrites


def _copy(scenario: Mapping[str, Any]) -> Board:
    return copy.deepcopy(dict(scenario))


def board(*rewrites: Rewrite) -> Recompute:
    """The engine's answer on the board after ``rewrites`` (the board as the belief sees it)."""

    def run(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
        doc = _copy(scenario)
        for rewrite in rewrites:
            doc = rewrite(doc)
        return engine_answer(doc, ask)

    return run


def drop_effects(*types: str, name: str | None = None) -> Rewrite:
    """Effects of these types (or, with ``name``, whose name contains it) are not there."""

    def rewrite(doc: Board) -> Board:
        doc["effects"] = [
            e
            for e in doc.get("effects", [])
            if not (e.get("type") in types or (name is not None and name in str(e.get("name", ""))))
        ]
        return doc

    return rewrite


def set_effects(kind: str, **changes: Any) -> Rewrite:
    """Effects of type ``kind`` with ``changes`` (a callable change gets the old value; ``None``
    removes the key)."""

    def rewrite(doc: Board) -> Board:
        for effect in doc.get("effects", []):
            if effect.get("type") == kind:
                for key, change in changes.items():
                    value = change(effect.get(key)) if callable(change) else change
                    if value is None:
                        effect.pop(key, None)
                    else:
                        effect[key] = value
        return doc

    return rewrite


def _permanents(doc: Board, ids: Iterable[str] | None) -> list[dict[str, Any]]:
    wanted = None if ids is None else set(ids)
    return [p for p in doc.get("permanents", []) if wanted is None or p.get("id") in wanted]


def drop_keyword(keyword: str, *, only: Callable[[Board], Iterable[str]] | None = None) -> Rewrite:
    """The keyword does nothing (removed from permanents, and from the event's inline source)."""

    def rewrite(doc: Board) -> Board:
        for p in _permanents(doc, only(doc) if only else None):
            if keyword in p.get("keywords", []):
                p["keywords"] = [k for k in p["keywords"] if k != keyword]
        source = (doc.get("event") or {}).get("source")
        if only is None and isinstance(source, dict) and keyword in source.get("keywords", []):
            source["keywords"] = [k for k in source["keywords"] if k != keyword]
        return doc

    return rewrite


def swap_keyword(old: str, new: str) -> Rewrite:
    """Keyword ``old`` read as ``new`` (first strike thought to work as double strike …)."""

    def rewrite(doc: Board) -> Board:
        for p in doc.get("permanents", []):
            if old in p.get("keywords", []):
                p["keywords"] = sorted({new if k == old else k for k in p["keywords"]})
        return doc

    return rewrite


def add_keyword(keyword: str, ids: Callable[[Board], Iterable[str]]) -> Rewrite:
    def rewrite(doc: Board) -> Board:
        for p in _permanents(doc, ids(doc)):
            p["keywords"] = sorted({*p.get("keywords", []), keyword})
        return doc

    return rewrite


def set_field(field: str, value: Any, *, ids: Callable[[Board], Iterable[str]] | None = None) -> Rewrite:
    """Permanents' ``field`` set (``None`` removes it); a callable gets the permanent."""

    def rewrite(doc: Board) -> Board:
        for p in _permanents(doc, ids(doc) if ids else None):
            new = value(p) if callable(value) else value
            if new is None:
                p.pop(field, None)
            else:
                p[field] = new
        return doc

    return rewrite


def no_marked_damage(doc: Board) -> Board:
    """Damage already marked is forgotten."""
    for p in doc.get("permanents", []):
        p.pop("damage", None)
    return doc


def no_choices(doc: Board) -> Board:
    """The recorded choices go with the effects they were made for."""
    doc["choices"] = {}
    return doc


def unblocked(doc: Board) -> Board:
    """Blocks are ignored: every attacker's damage goes where it attacks."""
    event = doc.get("event") or {}
    for attack in event.get("attacks", []):
        attack["blockers"] = []
    event.pop("assignments", None)
    return doc


def drop_attackers(ids: Callable[[Board], Iterable[str]]) -> Rewrite:
    def rewrite(doc: Board) -> Board:
        gone = set(ids(doc))
        event = doc.get("event") or {}
        event["attacks"] = [a for a in event.get("attacks", []) if a.get("attacker") not in gone]
        for attacker in gone:
            (event.get("assignments") or {}).pop(attacker, None)
        return doc

    return rewrite


def attackers_deal_nothing(ids: Callable[[Board], Iterable[str]], field: str) -> Recompute:
    """Those attackers' damage changes nothing: the board without them, or with none left the
    asked permanent's ``field`` as it was."""

    def run(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
        gone = set(ids(_copy(scenario)))
        attacks = (scenario.get("event") or {}).get("attacks", [])
        if all(a.get("attacker") in gone for a in attacks):
            return field_before(field)(scenario, ask, answer) if field else unchanged(scenario, ask, answer)
        return board(drop_attackers(lambda doc: gone))(scenario, ask, answer)

    return run


def blocked_ids(doc: Board) -> list[str]:
    return [a["attacker"] for a in (doc.get("event") or {}).get("attacks", []) if a.get("blockers")]


def unblocked_ids(doc: Board) -> list[str]:
    return [a["attacker"] for a in (doc.get("event") or {}).get("attacks", []) if not a.get("blockers")]


def with_keyword(keyword: str) -> Callable[[Board], list[str]]:
    return lambda doc: [p["id"] for p in doc.get("permanents", []) if keyword in p.get("keywords", [])]


def _start(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> int:
    """The asked player's life (or poison) before the event."""
    kind = ask.get("kind")
    for p in scenario.get("players", []):
        if p.get("id") == ask.get("player"):
            return int(p.get(kind, 20 if kind == "life" else 0))
    raise KeyError(ask.get("player"))


def constant(value: Any) -> Recompute:
    return lambda scenario, ask, answer: value


def unchanged(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
    """The total before the event: the belief that nothing happens to it."""
    return _start(scenario, ask)


def field_before(field: str) -> Recompute:
    """The asked permanent's ``field`` before the event (defense, loyalty …)."""

    def run(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
        permanent = next(p for p in scenario.get("permanents", []) if p.get("id") == ask.get("permanent"))
        return permanent[field]

    return run


# --------------------------------------------------------------------------- the engine's own trace


def dealt(scenario: Mapping[str, Any], *, triggers: bool = False) -> list[dict[str, Any]]:
    """The damage the engine deals (after prevention and doubling, stage 120.4b): ``source``, ``to``,
    ``amount``; the event's own steps, or with ``triggers`` only the triggered abilities' damage."""
    out: list[dict[str, Any]] = []
    for step in resolve_document(dict(scenario)).get("steps", []):
        if (step.get("name") == "trigger") != triggers:
            continue
        for stage in step.get("stages", []):
            if stage.get("stage") == "120.4b":
                out += [e for e in stage.get("events", []) if e.get("amount", 0) > 0]
    return out


def _keywords(scenario: Mapping[str, Any], pid: str) -> set[str]:
    for p in scenario.get("permanents", []):
        if p.get("id") == pid:
            return set(p.get("keywords", []))
    return set()


def _players_ids(scenario: Mapping[str, Any]) -> set[str]:
    return {p["id"] for p in scenario.get("players", [])}


def lifelink_to_players_only(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
    """Lifelink counted only for damage dealt to players (not to creatures)."""
    players = _players_ids(scenario)
    gained = sum(
        e["amount"]
        for e in dealt(scenario)
        if e["to"] in players and "lifelink" in _keywords(scenario, e["source"])
    )
    return _start(scenario, ask) + gained


def lost_to(scenario: Mapping[str, Any], ask: Mapping[str, Any], amount: int) -> int:
    return _start(scenario, ask) - amount


def trigger_counts(pick: Callable[[Mapping[str, Any], list[dict[str, Any]]], int]) -> Recompute:
    """The asked player loses what ``pick`` reads from the event's damage (instead of "that much")."""
    return lambda scenario, ask, answer: lost_to(scenario, ask, pick(scenario, dealt(scenario)))


def gains_from(pick: Callable[[Mapping[str, Any], list[dict[str, Any]]], int]) -> Recompute:
    return lambda scenario, ask, answer: _start(scenario, ask) + pick(scenario, dealt(scenario))


def _to(pid: str) -> Callable[[Mapping[str, Any], list[dict[str, Any]]], int]:
    return lambda scenario, events: sum(e["amount"] for e in events if e["to"] == pid)


def _by(*pids: str) -> Callable[[Mapping[str, Any], list[dict[str, Any]]], int]:
    return lambda scenario, events: sum(e["amount"] for e in events if e["source"] in pids)


def _to_creatures(scenario: Mapping[str, Any], events: list[dict[str, Any]]) -> int:
    creatures = {p["id"] for p in scenario.get("permanents", []) if "creature" in p.get("types", [])}
    return sum(e["amount"] for e in events if e["to"] in creatures)


def _capped(pid: str, cap: int) -> Callable[[Mapping[str, Any], list[dict[str, Any]]], int]:
    return lambda scenario, events: min(cap, _to(pid)(scenario, events))


def _not_to(pid: str, source: str) -> Callable[[Mapping[str, Any], list[dict[str, Any]]], int]:
    return lambda scenario, events: sum(
        e["amount"] for e in events if e["source"] == source and e["to"] != pid
    )


def _power_of(pid: str) -> Callable[[Mapping[str, Any], list[dict[str, Any]]], int]:
    def read(scenario: Mapping[str, Any], events: list[dict[str, Any]]) -> int:
        p = next(p for p in scenario.get("permanents", []) if p.get("id") == pid)
        return int(p["power"])

    return read


def _trigger_amount_power(doc: Board) -> Board:
    """The triggered ability deals its creature's power instead of the damage it was dealt."""
    for p in doc.get("permanents", []):
        for trigger in p.get("triggers", []):
            if trigger.get("effect", {}).get("amount") == "that_much":
                trigger["effect"]["amount"] = p["power"]
    return doc


def _shield_on_other_first(doc: Board) -> Board:
    """The shield spent on the creature without lifelink first (615.7: its player chooses otherwise)."""
    powers = {p["id"]: p["power"] for p in doc.get("permanents", [])}
    shield = next(e["amount"] for e in doc.get("effects", []) if e.get("type") == "prevent_next")
    on_other = min(shield, powers["nm"])
    allocation = {"nm": on_other, "ll": shield - on_other}
    doc["choices"] = {"shield_allocation": {"0": {k: v for k, v in allocation.items() if v}}}
    return doc


def best_without(kind: str) -> Recompute:
    """The best order's result (616.1) with the effects of ``kind`` not there."""
    return lambda s, a, ans: _best_order(drop_effects(kind)(_copy(s)), a)


def _other_order(doc: Board) -> Board:
    """The affected player's order of two effects the other way round (616.1)."""
    orders = (doc.get("choices") or {}).get("replacement_order", {})
    for player, order in orders.items():
        orders[player] = list(reversed(order))
    return doc


def _lifelink_only_on_unmoved(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
    """Lifelink thought to work only for the damage not redirected to its controller (the asked player)."""
    events = dealt(scenario)
    player = ask["player"]
    lost = sum(e["amount"] for e in events if e["to"] == player)
    gained = sum(e["amount"] for e in events if e["to"] != player)
    return _start(scenario, ask) - lost + gained


def _redirected_vanishes(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
    """The redirected damage thought never to arrive: the asked player only gets lifelink's life."""
    events = dealt(scenario)
    player = ask["player"]
    lost = sum(e["amount"] for e in events if e["to"] == player)
    return answer + lost


def _no_damage_to(pid: str) -> Rewrite:
    def rewrite(doc: Board) -> Board:
        event = doc.get("event") or {}
        event["damage"] = [d for d in event.get("damage", []) if d.get("to") != pid]
        return doc

    return rewrite


def _dealt_total(scenario: Mapping[str, Any]) -> int:
    """What the event would deal before any excess moves: the spell's amount or the biter's power."""
    event = scenario.get("event") or {}
    if event.get("type") == "bite":
        source = next(p for p in scenario["permanents"] if p["id"] == event["source"])
        return int(source["power"])
    return _event_amount(scenario)


def _no_shield_counters(doc: Board) -> Board:
    """Shield counters thought to do nothing here (122.1c)."""
    for p in doc.get("permanents", []):
        counters = p.get("counters") or {}
        if counters.get("shield"):
            p["counters"] = {k: v for k, v in counters.items() if k != "shield"}
    return doc


def _regeneration_allowed(doc: Board) -> Board:
    """The spell's "can't be regenerated" overlooked (701.19c)."""
    (doc.get("event") or {}).pop("cant_be_regenerated", None)
    return doc


def _with_toxic(doc: Board) -> list[str]:
    return [p["id"] for p in doc.get("permanents", []) if p.get("toxic")]


def _circle_on_biggest(doc: Board) -> Board:
    """The circle's one source thought to be the red attacker dealing the most damage."""
    reds = [p for p in doc.get("permanents", []) if "red" in p.get("colors", [])]
    biggest = max(reds, key=lambda p: p["power"])
    for effect in doc.get("effects", []):
        if effect.get("type") == "prevent_from_color":
            effect["source"] = biggest["id"]
    return doc


def _circle_on_every_red(doc: Board) -> Board:
    """One activation thought to cover every red source: the same shield for each of them."""
    circles = [e for e in doc.get("effects", []) if e.get("type") == "prevent_from_color"]
    reds = [p["id"] for p in doc.get("permanents", []) if "red" in p.get("colors", [])]
    doc["effects"] = [e for e in doc.get("effects", []) if e.get("type") != "prevent_from_color"]
    doc["effects"] += [dict(circles[0], source=pid) for pid in reds]
    return doc


def _no_between_steps(doc: Board) -> Board:
    """What happens between the combat damage steps thought not to matter."""
    (doc.get("event") or {}).pop("between_steps", None)
    return doc


def _prevention_without_counters(doc: Board) -> Board:
    """The prevention's +1/+1 counters thought to arrive after state-based actions: a plain shield."""
    effects = []
    for effect in doc.get("effects", []):
        if effect.get("type") == "prevent_and":
            effect = {"type": "prevent_next", "to": effect["to"], "amount": effect.get("amount", 3)}
        effects.append(effect)
    doc["effects"] = effects
    return doc


def _first_shield_only(doc: Board) -> Board:
    """One shield for the whole group: only the first creature's (615.11 makes one each)."""
    shields = [e for e in doc.get("effects", []) if e.get("type") == "prevent_next"]
    doc["effects"] = [e for e in doc.get("effects", []) if e.get("type") != "prevent_next" or e is shields[0]]
    return doc


def _shield_for_latecomers(doc: Board) -> Board:
    """Every creature of the shields' controller shielded, also one that entered after the effect."""
    shields = [e for e in doc.get("effects", []) if e.get("type") == "prevent_next"]
    shielded = {e.get("to") for e in shields}
    owner = {p["id"]: p.get("controller") for p in doc.get("permanents", [])}
    mine = {owner.get(str(e.get("to"))) for e in shields}
    for p in doc.get("permanents", []):
        if p["id"] not in shielded and p.get("controller") in mine and shields:
            doc["effects"].append({**shields[0], "to": p["id"]})
    return doc


def _drop_last(kind: str) -> Rewrite:
    def rewrite(doc: Board) -> Board:
        indexes = [i for i, e in enumerate(doc.get("effects", [])) if e.get("type") == kind]
        if indexes:
            del doc["effects"][indexes[-1]]
        return doc

    return rewrite


def _unblock_ids(doc: Board, ids: Iterable[str]) -> Board:
    gone = set(ids)
    for attack in (doc.get("event") or {}).get("attacks", []):
        attack["blockers"] = [b for b in attack.get("blockers", []) if b not in gone]
    return doc


def _event_amount(scenario: Mapping[str, Any]) -> int:
    """The damage the event deals: its listed amounts, or a bite's source's power (《強行突破》)."""
    event = scenario.get("event") or {}
    if event.get("type") == "bite":
        source = next(p for p in scenario.get("permanents", []) if p["id"] == event["source"])
        return power_of(source)
    return sum(int(d["amount"]) for d in event.get("damage", []))


def _orders(scenario: Mapping[str, Any]) -> list[list[int]]:
    return [list(o) for o in itertools.permutations(range(len(scenario.get("effects", []))))]


def _order_lives(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> list[int]:
    trial = dict(scenario)
    losses = order_losses(trial, {"player": ask["player"], "orders": _orders(scenario)})
    start = _start(scenario, ask)
    return [start - loss for loss in losses]


def _best_order(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> int:
    return max(_order_lives(scenario, ask))


def _worst_order(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> int:
    return min(_order_lives(scenario, ask))


# --------------------------------------------------------------------------- the catalogue of beliefs

PREVENTION: Final = tuple(sorted(PREVENTION_EFFECTS - {"cant_be_prevented"}))
"""The effects that prevent damage (a belief that forgets prevention drops them all)."""

COMMON: Final[tuple[Misconception, ...]] = (
    Misconception(r"計算を誤りました$", SLIP),
    Misconception(r"1点多く数えました$", SLIP),
    Misconception(r"1点少なく数えました$", SLIP),
)
"""Slips any template may show (:func:`tutor.study.building.make_options` fills with them)."""


# The judge questions (issue 24, item 1): each belief is the declared board as the belief sees it, judged by
# the engine; "who decides" beliefs read the player they name off the board.


def _judged(belief: Belief) -> Recompute:
    def run(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
        if belief.reading is not None:
            return belief.reading(declared(scenario, ask), ask)
        assert belief.rewrite is not None
        return engine_answer(belief.rewrite(declared(scenario, ask)), {**ask, "declare": {}})

    return run


def _order_default(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
    """616.1 read as no choice: the engine's own order of the effects, once."""
    return outcome_keys(ask, {engine_answer(scenario, {"kind": "life", "player": ask["player"]})})


def _order_best_only(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
    """616.1 read as "the chooser must take the order that loses the least": the highest life the engine allows."""
    lives = [ask["offered"][OUTCOME_KEYS.index(k)] for k in engine_answer(scenario, ask)]
    return outcome_keys(ask, {max(lives)})


def _beliefs(beliefs: Iterable[Belief]) -> tuple[Misconception, ...]:
    return (
        *(Misconception(re.escape(b.label) + "$", _judged(b)) for b in beliefs),
        Misconception(re.escape(MIXED_UP) + "$", SLIP),
    )


_JUDGE_BELIEFS: Final = {
    "judge-who-orders": CHOOSER_BELIEFS,
    "judge-who-divides": CHOOSER_BELIEFS,
    "judge-who-pays-ward": CHOOSER_BELIEFS,
    "judge-division-outcomes": DIVISION_BELIEFS,
}
JUDGE_MISCONCEPTIONS: Final[dict[str, tuple[Misconception, ...]]] = {
    **{t.slug: _beliefs(_JUDGE_BELIEFS.get(t.slug, VERDICT_BELIEFS)) for t in JUDGE_TEMPLATES},
    "judge-order-outcomes": (
        Misconception(r"順番は選べず、効果は書かれた順に適用される", _order_default),
        Misconception(r"対戦相手が選べる順番は、失うライフが最も少ない1つだけ", _order_best_only),
    ),
}

MISCONCEPTIONS: Final[dict[str, tuple[Misconception, ...]]] = {
    "lifelink-shield": (
        Misconception(r"軽減されたダメージでも絆魂で", board(drop_effects("prevent_next", "prevent_static"))),
        Misconception(r"《加護の反射》で", board(drop_effects("life_gain_multiplier"))),
        Misconception(r"得るライフを2倍にしました", SLIP),
        Misconception(r"絆魂はブロックされると働かない", board(drop_keyword("lifelink", only=blocked_ids))),
        Misconception(r"盾が\d+点すべてを軽減する", board(set_effects("prevent_next", amount=99))),
        Misconception(
            r"盾の量を1点多く数えました", board(set_effects("prevent_next", amount=lambda n: n + 1))
        ),
    ),
    "poison": (
        Misconception(
            r"毒性の値ではなくパワー",
            board(set_field("toxic", lambda p: power_of(p) if p.get("toxic") else None)),
        ),
        Misconception(r"毒性の毒カウンターを数え忘れ", board(set_field("toxic", None))),
        Misconception(r"軽減されて与えられなかったダメージでも毒性", board(drop_effects(*PREVENTION))),
        Misconception(r"ブロックされてもプレイヤーに毒カウンター", board(unblocked)),
        Misconception(r"感染のダメージもライフを減らす", board(drop_keyword("infect"))),
    ),
    "spill": (
        Misconception(r"トランプルがなくても余った", board(add_keyword("trample", lambda d: ["att"]))),
        Misconception(r"接死があっても致死ダメージはタフネス分", board(drop_keyword("deathtouch"))),
        Misconception(r"すでに負っているダメージを致死ダメージ", board(no_marked_damage)),
        Misconception(r"ブロックされてもダメージがすべてプレイヤー", board(unblocked)),
        Misconception(r"トランプルでも余ったダメージはプレイヤーに行かない", board(drop_keyword("trample"))),
        Misconception(r"ブロックされたことを見落としました", board(unblocked)),
        Misconception(
            r"ブロックされなかったクリーチャーのダメージを数え忘れ", board(drop_attackers(unblocked_ids))
        ),
    ),
    "trample-max": (
        Misconception(r"接死があっても致死ダメージはタフネス分", board(drop_keyword("deathtouch"))),
        Misconception(
            r"ブロック・クリーチャーのタフネス全部", board(no_marked_damage, drop_attackers(lambda d: ["h"]))
        ),
        Misconception(r"すでに負っているダメージを致死ダメージ", board(no_marked_damage)),
        Misconception(
            r"プロテクションで軽減されるブロック・クリーチャー",
            board(lambda doc: _unblock_ids(doc, [p["id"] for p in doc["permanents"] if p.get("protection")])),
        ),
        Misconception(r"トランプルでもブロックされたら", board(drop_keyword("trample"))),
        Misconception(r"ブロック・クリーチャーを無視して", board(unblocked)),
    ),
    "battle": (
        Misconception(
            r"感染のダメージはバトルの守備カウンターを取り除かない",
            attackers_deal_nothing(with_keyword("infect"), "defense"),
        ),
        Misconception(r"ブロックされた分もバトルに", board(unblocked)),
        Misconception(r"クリーチャーのダメージはバトルに影響しない", field_before("defense")),
        Misconception(r"取り除く守備カウンターを1個少なく", SLIP),
    ),
    "excess": (
        Misconception(r"ダメージがすべてプレイヤーに移る", lambda s, a, ans: _start(s, a) - _event_amount(s)),
        Misconception(r"余剰のダメージはなくなる", unchanged),
        Misconception(
            r"忠誠度の分がプレイヤーに移る", lambda s, a, ans: _start(s, a) - s["permanents"][0]["loyalty"]
        ),
        Misconception(r"すでに負っているダメージを余剰の計算", board(no_marked_damage)),
        Misconception(r"接死があっても致死ダメージはタフネス分", board(drop_keyword("deathtouch"))),
        Misconception(r"クリーチャーとプレインズウォーカーの余剰のうち小さい", SLIP),
    ),
    "first-strike": (
        Misconception(
            r"先制攻撃・二段攻撃を無視して",
            board(drop_keyword("first_strike"), drop_keyword("double_strike")),
        ),
        Misconception(
            r"二段攻撃を持つクリーチャーも1回目", board(swap_keyword("double_strike", "first_strike"))
        ),
        Misconception(
            r"先制攻撃を持つクリーチャーも2回目", board(swap_keyword("first_strike", "double_strike"))
        ),
    ),
    "wither": (
        Misconception(
            r"(萎縮|感染)のダメージも普通のダメージ",
            board(lambda d: drop_keyword("wither")(drop_keyword("infect")(d))),
        ),
        Misconception(r"\+1/\+1カウンターを数え忘れ", SLIP),
        Misconception(r"\+1/\+1カウンターと-1/-1カウンターが相殺", SLIP),
    ),
    "worship": (
        Misconception(r"《崇拝》を見落としました", board(drop_effects("life_floor"))),
        Misconception(r"クリーチャーがなくても《崇拝》が働く", constant(1)),
        Misconception(r"《畏敬の一撃》で軽減されたダメージもライフを減らす", SLIP),
        Misconception(r"《崇拝》で1点にしてからライフを得る", SLIP),
        Misconception(r"ダメージを1点少なく数えました", SLIP),
        Misconception(r"ライフが0になると考えました", SLIP),
        Misconception(r"ダメージを受けないと考えました", SLIP),
    ),
    "sweep-dies": (
        Misconception(r"すでに負っているダメージを数え忘れ", board(no_marked_damage)),
        Misconception(
            r"軽減されるダメージも与えられる", board(drop_effects(*PREVENTION), set_field("protection", None))
        ),
        Misconception(r"0点のダメージでも接死で破壊", SLIP),
        Misconception(r"破壊不能を見落としました", board(drop_keyword("indestructible"))),
    ),
    "zero-damage": (Misconception(r"0点のダメージでも接死で破壊", SLIP),),
    "trample-legal": (Misconception(r"致死ダメージの数え方を誤りました", SLIP),),
    "assignment-legal": (
        Misconception(r"トランプルがなくても余ったダメージをプレイヤーに", SLIP),
        Misconception(r"以前のルールの「ダメージ割り振り順」", SLIP),
    ),
    "shield-choice": (
        Misconception(r"盾は絆魂でないほうのダメージから", board(_shield_on_other_first)),
        Misconception(r"軽減されたダメージでも絆魂で", board(drop_effects(*PREVENTION), no_choices)),
        Misconception(
            r"絆魂でないクリーチャーのダメージでもライフ", board(add_keyword("lifelink", lambda d: ["nm"]))
        ),
        Misconception(r"盾が2つの発生源に半分ずつ", SLIP),
    ),
    "card-block": (
        Misconception(
            r"タフネスを超えるダメージを負わないと",
            board(set_field("toughness", lambda p: p["toughness"] + 1)),
        ),
        Misconception(
            r"ダメージを負ったクリーチャーは必ず破壊",
            board(add_keyword("deathtouch", lambda d: ["att", "blk"])),
        ),
    ),
    "card-deathtouch-block": (
        Misconception(r"接死があれば必ず相打ち", SLIP),
        Misconception(
            r"接死の働きを見落としました", board(drop_keyword("deathtouch", only=lambda d: ["dt"]))
        ),
    ),
    "card-collar-trample": (
        Misconception(r"接死があっても致死ダメージはタフネス分", board(drop_keyword("deathtouch"))),
        Misconception(r"ブロック・クリーチャーに割り振らずに", board(unblocked)),
        Misconception(r"ブロックされたらプレイヤーには割り振れない", board(drop_keyword("trample"))),
    ),
    "card-trample-protection": (
        Misconception(r"プロテクションを持つブロック・クリーチャーには", board(unblocked)),
        Misconception(
            r"先制攻撃を見落としました", board(drop_keyword("first_strike"), drop_keyword("double_strike"))
        ),
        Misconception(r"ブロックされたらプレイヤーには割り振れない", board(drop_keyword("trample"))),
    ),
    "card-fight": (
        Misconception(r"呪文がダメージを与えるので接死は働かない", board(drop_keyword("deathtouch"))),
        Misconception(r"呪文がダメージを与えるので絆魂は働かない", board(drop_keyword("lifelink"))),
        Misconception(r"受けたダメージの分のライフを得る", SLIP),
        Misconception(r"受けたダメージでライフを失う", SLIP),
    ),
    "card-bite-protection": (
        Misconception(
            r"呪文の色でプロテクションを判断", board(set_field("colors", ["green"], ids=lambda d: ["my"]))
        ),
        Misconception(
            r"プロテクション（赤）はどの色の発生源", board(set_field("colors", ["red"], ids=lambda d: ["my"]))
        ),
    ),
    "card-torbran-furnace": (
        Misconception(r"効果を出した側（あなた）が順番を選ぶ", lambda s, a, ans: _worst_order(s, a)),
        Misconception(r"《ラースの灼熱洞》を見落とし", best_without("damage_multiplier")),
        Misconception(r"《朱地洞の族長、トーブラン》を見落とし", best_without("damage_plus")),
    ),
    "card-pariah-shield": (
        Misconception(r"移し替えた後もあなたの盾が軽減する", board(_other_order)),
        Misconception(r"軽減した後も全部が移し替えられる", board(_other_order)),
    ),
    "card-harms-way": (
        Misconception(r"移し替えたダメージでは絆魂が働かない", _lifelink_only_on_unmoved),
        Misconception(
            r"移し替えたダメージは発生源のコントローラーには", board(drop_effects("redirect_damage"))
        ),
        Misconception(r"すべてのダメージが移し替えられる", board(set_effects("redirect_damage", amount=99))),
        Misconception(r"移し替えられたダメージを受けない", _redirected_vanishes),
        Misconception(r"《危害のあり方》を見落とし", board(drop_effects("redirect_damage"))),
        Misconception(r"移し替える量を2倍に", SLIP),
    ),
    "card-palisade": (
        Misconception(r"盾を見落としました", board(drop_effects("prevent_next"))),
        Misconception(r"移し替えを見落としました", board(drop_effects("redirect_damage"))),
        Misconception(r"あなたへのダメージは移し替えられない", board(_no_damage_to("A"))),
    ),
    "card-flame-spill": (
        Misconception(r"すでに負っているダメージを余剰の計算", board(no_marked_damage)),
        Misconception(r"接死があっても致死ダメージはタフネス分", board(drop_keyword("deathtouch"))),
        Misconception(r"余剰のダメージはなくなる", unchanged),
        Misconception(r"ダメージがすべてプレイヤーに移る", lambda s, a, ans: _start(s, a) - _dealt_total(s)),
    ),
    "card-toralf": (
        Misconception(r"すでに負っているダメージを余剰の計算", board(no_marked_damage)),
        Misconception(r"ダメージ全部が余剰", lambda s, a, ans: _start(s, a) - _event_amount(s)),
        Misconception(r"余剰のダメージでは何も起こらない", board(set_field("triggers", None))),
        Misconception(r"致死ダメージちょうどでも余剰", SLIP),
    ),
    "card-shield-deathtouch": (
        Misconception(r"盾カウンターはダメージしか防がない", board(_no_shield_counters)),
        Misconception(r"盾カウンターで軽減されたダメージでも接死", board(_no_shield_counters)),
        Misconception(r"軽減できないダメージでも盾カウンター", board(drop_effects("cant_be_prevented"))),
    ),
    "card-questing-fog": (
        Misconception(r"《探索する獣》の能力を見落とし", board(drop_effects("cant_be_prevented"))),
        Misconception(r"《探索する獣》自身のダメージだけ", SLIP),
        Misconception(r"軽減できないのは他のクリーチャーのダメージだけ", SLIP),
        Misconception(
            r"《探索する獣》の能力で対戦相手のクリーチャーのダメージも",
            board(set_effects("cant_be_prevented", from_controller=None)),
        ),
    ),
    "card-regenerate": (
        Misconception(r"《火葬》の「再生できない」を見落とし", board(_regeneration_allowed)),
        Misconception(r"再生がダメージによる破壊を置き換えない", board(drop_effects("regenerate"))),
    ),
    "card-wither-regenerate": (
        Misconception(r"萎縮の-1/-1カウンターを普通のダメージ", board(drop_keyword("wither"))),
    ),
    "card-infect-block": (
        Misconception(r"感染のダメージもダメージとして負う", board(drop_keyword("infect"))),
    ),
    "card-poison": (
        Misconception(r"感染のダメージもライフを減らす", board(drop_keyword("infect"))),
        Misconception(r"毒性のダメージはライフを減らさない", attackers_deal_nothing(_with_toxic, "")),
        Misconception(
            r"毒性の値ではなくパワー",
            board(set_field("toxic", lambda p: power_of(p) if p.get("toxic") else None)),
        ),
        Misconception(r"毒性の毒カウンターを数え忘れ", board(set_field("toxic", None))),
        Misconception(r"毒カウンターは置かれない", unchanged),
    ),
    "card-circle": (
        Misconception(r"1回の起動ですべての赤の発生源", board(_circle_on_every_red)),
        Misconception(r"軽減を見落としました", board(drop_effects("prevent_from_color"))),
        Misconception(r"選んだ発生源ではなく、一番大きい赤", board(_circle_on_biggest)),
    ),
    "card-each-shield": (
        Misconception(r"盾が全体で1つしかなく", board(_first_shield_only)),
        Misconception(r"後から戦場に出たクリーチャーにも盾", board(_shield_for_latecomers)),
    ),
    "card-trample-fight": (
        # The engine has no rule for these beliefs (trample outside an attacker's assignment).
        Misconception(r"ブロック・クリーチャーのトランプルでも", SLIP),
        Misconception(r"格闘でもトランプルで", SLIP),
        Misconception(r"ダメージがすべてプレイヤーに行く", SLIP),
    ),
    "card-double-gains": (
        Misconception(r"2倍にする効果を1つ見落とし", board(_drop_last("life_gain_multiplier"))),
        Misconception(r"ライフを得る置換効果を見落とし", board(drop_effects("life_gain_multiplier"))),
        Misconception(r"《.*》の絆魂を数え忘れ", board(drop_keyword("lifelink", only=lambda d: ["rhox"]))),
    ),
    "card-first-strike-pump": (
        Misconception(
            r"強化された先制攻撃のクリーチャーが2回目", board(swap_keyword("first_strike", "double_strike"))
        ),
        Misconception(r"ステップの間に唱えた呪文は", board(_no_between_steps)),
    ),
    "card-test-of-faith": (
        Misconception(r"接死を見落としました", board(drop_keyword("deathtouch"))),
        Misconception(r"\+1/\+1カウンターが置かれる前に状況起因処理", board(_prevention_without_counters)),
    ),
    "card-prevented-trigger": (
        Misconception(r"ダメージを与えたクリーチャーごとに誘発", SLIP),
        Misconception(r"軽減された点数の分だけライフを得る", SLIP),
        Misconception(r"軽減されたダメージでは何も誘発しない", unchanged),
    ),
    "card-burn": (),
    "era-sacrifice": (
        Misconception(r"戦闘ダメージがスタックに置かれた2007年のルール", SLIP),
        Misconception(r"戦闘ダメージでプレイヤーのライフが減る", SLIP),
    ),
    "era-order": (
        Misconception(r"以前の「ダメージ割り振り順」", SLIP),
        Misconception(r"割り振り順がなくなったので", SLIP),
    ),
    "era-pump": (Misconception(r"スタック上の戦闘ダメージのあとで修整した2007年のルール", SLIP),),
    "card-warhammer": (
        Misconception(
            r"2回目の戦闘ダメージ・ステップではダメージを与えない",
            board(swap_keyword("double_strike", "first_strike")),
        ),
        Misconception(r"ブロック・クリーチャーへのダメージでは絆魂が働かない", lifelink_to_players_only),
        Misconception(
            r"《ロクソドンの戦槌》の\+3/\+0を数え忘れ",
            board(set_field("power", lambda p: p["power"] - 3 if p["id"] == "att" else p["power"])),
        ),
    ),
    "card-stuffy-doll": (
        Misconception(r"破壊されないので能力は誘発しない", board(set_field("triggers", None))),
        Misconception(r"タフネス（1）を超えた分", trigger_counts(_capped("doll", 1))),
        Misconception(r"同時に.*が受けたダメージも「その点数」", trigger_counts(_to_creatures)),
        Misconception(r"能力が与えるダメージにも《ラースの灼熱洞》", trigger_counts(_to("doll"))),
        Misconception(r"《ラースの灼熱洞》を見落としました", board(drop_effects("damage_multiplier"))),
    ),
    "card-reckoner": (
        Misconception(
            r"(クリーチャーが墓地に置かれたので能力は解決しない|能力を見落としました)",
            board(set_field("triggers", None)),
        ),
        Misconception(r"受けたダメージではなくパワー", board(_trigger_amount_power)),
        Misconception(r"能力が与えるダメージにも《ラースの灼熱洞》", trigger_counts(_to("rk"))),
        Misconception(r"《ラースの灼熱洞》を見落としました", board(drop_effects("damage_multiplier"))),
        Misconception(r"ダメージを2回数えました", SLIP),
    ),
    "card-late-shield": (
        Misconception(r"盾がすでに受けたダメージも取り除く", board(no_marked_damage)),
        Misconception(r"盾を見落としました", board(drop_effects("prevent_next"))),
        Misconception(
            r"盾が3点を超えても後のダメージをすべて軽減", board(set_effects("prevent_next", amount=99))
        ),
    ),
    "card-furnace-shield": (
        Misconception(r"効果の順番を選べない", lambda s, a, ans: _worst_order(s, a)),
        Misconception(
            r"盾を見落としました", lambda s, a, ans: _best_order(drop_effects("prevent_next")(_copy(s)), a)
        ),
        Misconception(
            r"《ラースの灼熱洞》を見落としました",
            lambda s, a, ans: _best_order(drop_effects("damage_multiplier")(_copy(s)), a),
        ),
        Misconception(
            r"《ウルザの鎧》を見落としました",
            lambda s, a, ans: _best_order(drop_effects("prevent_static")(_copy(s)), a),
        ),
    ),
    "card-siege": (
        Misconception(
            r"感染のダメージでは守備カウンターが減らない",
            attackers_deal_nothing(with_keyword("infect"), "defense"),
        ),
        Misconception(r"バトルはダメージを受けない", field_before("defense")),
        Misconception(r"盾を見落としました", board(drop_effects("prevent_next"))),
    ),
    "card-walker": (
        Misconception(r"盾を見落としました", board(drop_effects("prevent_next"))),
        Misconception(
            r"感染のダメージでは忠誠カウンターが減らない",
            attackers_deal_nothing(with_keyword("infect"), "loyalty"),
        ),
        Misconception(r"プレインズウォーカーはダメージを受けない", field_before("loyalty")),
    ),
    "card-worship-lifelink": (
        Misconception(r"先に《崇拝》で1点にしてから", SLIP),
        Misconception(r"絆魂のライフを数え忘れ", board(drop_keyword("lifelink"))),
        Misconception(r"ライフが減るなら必ず1点", constant(1)),
    ),
    "card-no-life-gain": (
        Misconception(
            r"《(処罰の力線|硫黄の渦)》の(禁止|置換効果)を見落とし", board(drop_effects("no_life_gain"))
        ),
        Misconception(r"絆魂でライフを失う", SLIP),
        Misconception(r"軽減できないダメージでも盾が軽減する", board(drop_effects("cant_be_prevented"))),
        Misconception(r"ダメージがすべて軽減される", unchanged),
    ),
    "card-trample-walker": (
        Misconception(
            r"忠誠度を超えた分は対戦相手に割り振れる",
            board(
                set_field(
                    "keywords",
                    lambda p: ["trample_over_planeswalkers"] if p["id"] == "att" else p.get("keywords", []),
                )
            ),
        ),
        Misconception(
            r"プレインズウォーカー越えトランプルでも対戦相手には",
            board(
                set_field("keywords", lambda p: ["trample"] if p["id"] == "att" else p.get("keywords", []))
            ),
        ),
        Misconception(r"プレインズウォーカーを飛び越えて", trigger_counts(_not_to("blk", "att"))),
        Misconception(
            r"ブロック・クリーチャーもプレインズウォーカーも無視", trigger_counts(_power_of("att"))
        ),
    ),
    "card-spirit-link": (
        Misconception(
            r"(ブロックされたので能力は誘発しない|能力を見落としました)", board(set_field("triggers", None))
        ),
        Misconception(r"同時に与えられた他のクリーチャーのダメージも", gains_from(_by("ln", "ot"))),
        Misconception(r"どちらのダメージを数えるかを取り違え", gains_from(_by("ot"))),
    ),
    **JUDGE_MISCONCEPTIONS,
}
"""Per template slug, its beliefs. A ``SLIP`` entry is a belief the engine has no board for."""


# --------------------------------------------------------------------------- order and parts questions (issue 24)
# An order belief is the engine's order with some events moved where the belief puts them; a parts
# belief is one part's value on the board as the belief sees it, ``{"part": i, "value": v}``.

Pick = Callable[[Mapping[str, Any]], bool]


def _zone(at: Mapping[str, Any]) -> bool:
    return at.get("attribute") == "zone"


def _resolves(at: Mapping[str, Any]) -> bool:
    return "resolves" in at


def _stacked(at: Mapping[str, Any]) -> bool:
    return "stacked" in at


def _marked(at: Mapping[str, Any]) -> bool:
    return at.get("attribute") == "damage"


def _life_of(player: str) -> Pick:
    return lambda at: at.get("change") == player and at.get("attribute") == "life"


def order_moved(pick: Pick, *, to: str, anchor: Pick | None = None) -> Recompute:
    """The engine's order with the events ``pick`` chooses moved to the ``end``, the ``front``, or
    just ``after`` / ``before`` the first event ``anchor`` chooses."""

    def run(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
        at = {e["key"]: e["at"] for e in ask["events"]}
        order = [t["key"] for t in order_trace(scenario, ask)]
        moved = [k for k in order if pick(at[k])]
        rest = [k for k in order if k not in moved]
        if to == "end":
            return rest + moved
        if to == "front":
            return moved + rest
        assert anchor is not None
        n = next(i for i, k in enumerate(rest) if anchor(at[k])) + (1 if to == "after" else 0)
        return rest[:n] + moved + rest[n:]

    return run


def _resolutions_swapped(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
    """The two abilities thought to resolve the other way round."""
    at = {e["key"]: e["at"] for e in ask["events"]}
    order = [t["key"] for t in order_trace(scenario, ask)]
    first, second = (i for i, k in enumerate(order) if _resolves(at[k]))
    order[first], order[second] = order[second], order[first]
    return order


def in_part(index: int, recompute: Recompute) -> Recompute:
    """A belief about one part of a parts question, recomputed on that part alone."""

    def run(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
        value = recompute(scenario, ask["parts"][index], answer[index])
        return {"part": index, "value": value}

    return run


def _no_responses(doc: Board) -> Board:
    """What was cast in response thought to change nothing."""
    doc["event"].pop("in_response", None)
    return doc


def _share_to(receiver: str) -> Rewrite:
    """The illegal target's share thought to go to ``receiver``: the division made again without it."""

    def rewrite(doc: Board) -> Board:
        event = doc["event"]
        event.pop("in_response", None)
        moved = sum(d["amount"] for d in event["damage"] if d["to"] == "saved")
        event["damage"] = [d for d in event["damage"] if d["to"] != "saved"]
        for entry in event["damage"]:
            if entry["to"] == receiver:
                entry["amount"] += moved
        event["targets"] = [d["to"] for d in event["damage"]]
        return doc

    return rewrite


def _nothing_resolves(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
    """The spell thought to do nothing at all: no creature dies, no life changes."""
    return [] if ask.get("kind") == "dies" else _start(scenario, ask)


def _pump_only(keep: str) -> Rewrite:
    """《巨大化》 thought to change only power or only toughness."""

    def rewrite(doc: Board) -> Board:
        for change in doc["event"].get("between_steps", []):
            if change.get("type") == "pump":
                change["toughness" if keep == "power" else "power"] = 0
        return doc

    return rewrite


def _unblocked_no_removal(doc: Board) -> Board:
    """The blocked attacker thought to be unblocked once its blocker is gone."""
    _no_between_steps(doc)
    return unblocked(doc)


def _striker_once_to_player(scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
    """After its blocker died, the attacker's second hit thought to reach the player."""
    striker = next(p for p in scenario["permanents"] if p["id"] == "striker")
    return _start(scenario, ask) - striker["power"] - (striker.get("counters") or {}).get("+1/+1", 0)


MISCONCEPTIONS.update(
    {
        "seq-first-strike": (
            Misconception(
                r"すべての戦闘ダメージが与えられてから", order_moved(_zone, to="after", anchor=_life_of("B"))
            ),
            Misconception(r"先制攻撃を持たないクリーチャーが先に", order_moved(_life_of("B"), to="front")),
            Misconception(r"誘発型能力は戦闘ダメージがすべて終わるまで", order_moved(_resolves, to="end")),
            Misconception(
                r"ブロック・クリーチャーも第1ステップで", order_moved(_zone, to="after", anchor=_marked)
            ),
        ),
        "seq-dealt-trigger": (
            Misconception(r"誘発型能力が状況起因処理より先に解決", order_moved(_zone, to="end")),
            Misconception(
                r"誘発型能力が状況起因処理より先にスタック", order_moved(_stacked, to="before", anchor=_zone)
            ),
        ),
        "seq-apnap": (
            Misconception(r"アクティブ・プレイヤーの能力が先に解決", _resolutions_swapped),
            Misconception(r"誘発型能力が解決してから状況起因処理", order_moved(_zone, to="end")),
        ),
        "seq-lifelink": (
            Misconception(
                r"絆魂によるライフの獲得が誘発型能力のように後で", order_moved(_life_of("A"), to="end")
            ),
            Misconception(r"絆魂を持つクリーチャーが先に", order_moved(_life_of("A"), to="front")),
        ),
        "resp-protection": (
            Misconception(r"プロテクションを得ても", board(_no_responses)),
            Misconception(r"対象の1つが不正になると呪文全体が解決しない", _nothing_resolves),
            Misconception(r"不正になった対象の分のダメージがほかの対象に移る", board(_share_to("other"))),
            Misconception(r"《[^》]+》の1点が対戦相手に移る", board(_share_to("B"))),
        ),
        "between-shock": (
            Misconception(
                r"第1ステップのダメージと《ショック》のダメージを合わせて数えない", board(_no_between_steps)
            ),
        ),
        "between-pump": (
            Misconception(
                r"先制攻撃を持つクリーチャーが第2ステップでもう一度",
                board(swap_keyword("first_strike", "double_strike")),
            ),
            Misconception(r"《巨大化》の前のタフネスで", board(_pump_only("power"))),
            Misconception(
                r"二段攻撃の2回目のダメージも《巨大化》の前のパワーで", board(_pump_only("toughness"))
            ),
        ),
        "between-removal": (
            Misconception(
                r"ブロック・クリーチャーがいなくなるとブロックされていない状態に戻る",
                board(_unblocked_no_removal),
            ),
            Misconception(r"トランプルがあってもブロックされたままなら", board(drop_keyword("trample"))),
            Misconception(r"いなくなったブロック・クリーチャーにも致死ダメージ", board(_no_between_steps)),
        ),
        "parts-combat": (
            Misconception(
                r"ブロックされていないクリーチャーの絆魂では",
                in_part(0, board(drop_keyword("lifelink", only=unblocked_ids))),
            ),
            Misconception(
                r"ブロックされたクリーチャーのダメージは対戦相手に届かない",
                in_part(1, board(drop_keyword("trample"))),
            ),
            Misconception(
                r"ブロック・クリーチャーが攻撃クリーチャーのパワー全部",
                in_part(0, board(set_field("toughness", 99, ids=lambda doc: ["blocker"]))),
            ),
        ),
        "parts-sweep": (
            Misconception(
                r"呪文を唱えたプレイヤーは自分の呪文のダメージを受けない",
                in_part(0, board(_no_damage_to("A"))),
            ),
            Misconception(
                r"呪文のダメージでは《ボロスの反攻者》の能力が誘発しない",
                in_part(0, board(set_field("triggers", None, ids=lambda doc: ["reckoner"]))),
            ),
        ),
        "parts-double": (
            Misconception(
                r"二段攻撃でも1回しか", in_part(0, board(swap_keyword("double_strike", "first_strike")))
            ),
            Misconception(
                r"2回目のダメージは、ブロック・クリーチャーがいなくなった",
                in_part(0, board(swap_keyword("double_strike", "first_strike"))),
            ),
            Misconception(
                r"ブロック・クリーチャーが死亡するとブロックされていない", in_part(0, _striker_once_to_player)
            ),
        ),
        "parts-response": (
            Misconception(r"対象の1つが不正になると呪文全体が解決しない", in_part(0, _nothing_resolves)),
            Misconception(
                r"不正になった対象の分のダメージが対戦相手に移る", in_part(0, board(_share_to("B")))
            ),
        ),
    }
)


def covered(slug: str) -> bool:
    """Whether the template's beliefs are written here (the test checks every covered template)."""
    return slug in MISCONCEPTIONS


def misconception(slug: str, label: str) -> Misconception:
    """The belief ``label`` names in template ``slug``; :class:`Uncovered` if none matches."""
    for item in (*MISCONCEPTIONS.get(slug, ()), *COMMON):
        if item.matches(label):
            return item
    raise Uncovered(f"{slug}: {label}")


def recompute(slug: str, label: str, scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any) -> Any:
    """The value the belief ``label`` gives on this board, or ``SLIP`` (``None``) for a slip."""
    item = misconception(slug, label)
    if item.recompute is None:
        return SLIP
    return item.recompute(scenario, ask, answer)
