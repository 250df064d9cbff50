"""Triggered abilities in the result, in words: who controls each, what it does, the amount it saw
(CR 603.2, 603.3b), and the stack the ``603.3b`` stages show (top, next to resolve, first)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules_core.model.ja import SIEGE_ABILITY_JA, TRIGGER_WHEN_JA, WATCHED_WHEN_JA
from tutor.results.effects import polite_ending
from tutor.results.names import Names

SIEGE_DEFEATED = "siege_defeated"
WHEN_JA = {**TRIGGER_WHEN_JA, SIEGE_DEFEATED: SIEGE_ABILITY_JA}
SEEN_JA = {
    "deals_damage": "与えたダメージ",
    "dealt_damage": "与えられたダメージ",
    "gain_life": "得たライフ",
    "damage_prevented": "軽減されたダメージ",
    "excess_damage": "余剰のダメージ",
}
"""What the amount a trigger saw counts (CR 120.9, 119.9, 615.13, 120.10)."""


def _amount(amount: Any, seen: int) -> str:
    return f"その数({seen})" if amount == "that_much" else str(amount)


def effect_sentence(
    effect: Mapping[str, Any], seen: int, names: Names, controller: str, *, polite: bool = False
) -> str:
    """One effect of ``trigger_types.TriggerEffect`` as a sentence, ``that_much`` read as ``seen``: as the
    card would say it, or with ``polite`` ending in です・ます, as the result tells it (no 「。」 either way).

    >>> names = Names({"players": [{"id": "A", "name": "あなた"}], "permanents": []})
    >>> effect_sentence({"type": "gain_life", "amount": "that_much"}, 3, names, "A")
    'あなたはその数(3)点のライフを得る'
    >>> effect_sentence({"type": "gain_life", "amount": "that_much"}, 3, names, "A", polite=True)
    'あなたはその数(3)点のライフを得ます'
    """
    sentence = _card_sentence(effect, seen, names, controller)
    return polite_ending(sentence) if polite else sentence


def _card_sentence(effect: Mapping[str, Any], seen: int, names: Names, controller: str) -> str:
    kind = effect.get("type")
    amount = _amount(effect.get("amount", 1), seen)

    def who(key: str) -> str:
        value = effect.get(key, "controller")
        if value == "controller":
            return names(controller)
        if value == "each_opponent":
            return "各対戦相手"
        if value == "its_controller":
            return "そのクリーチャーのコントローラー"
        return names(value)

    if kind == "gain_life":
        return f"{who('player')}は{amount}点のライフを得る"
    if kind == "lose_life":
        return f"{who('player')}は{amount}点のライフを失う"
    if kind == "counters":
        on = effect.get("on", "self")
        target = "このパーマネント" if on == "self" else names(on)
        return f"{target}に{effect.get('kind', '+1/+1')}カウンターを{amount}個置く"
    if kind == "damage":
        return f"このパーマネントが{who('to')}に{amount}点のダメージを与える"
    return str(kind)


def trigger_view(trigger: Mapping[str, Any], document: Mapping[str, Any], names: Names) -> dict[str, Any]:
    """One entry of a stage's ``triggered`` (or a ``608.2`` stage's ``trigger``) for the page; ``does``,
    what the ability does, is whole です・ます sentences, each ending in 「。」."""
    source = str(trigger.get("source", ""))
    when = str(trigger.get("when", ""))
    controller = str(trigger.get("controller", ""))
    seen = int(trigger.get("amount") or 0)
    if when == SIEGE_DEFEATED:
        does = [
            "これを追放します。その後、コントローラーはこれを変身させた状態で、マナ・コストを支払わずに"
            "唱えてもかまいません。"
        ]
    else:
        does = [
            effect_sentence(t.get("effect") or {}, seen, names, controller, polite=True) + "。"
            for t in _triggers_of(document, source)
            if t.get("when") == when
        ]
    own = next((t for t in _triggers_of(document, source) if t.get("when") == when), None)
    return {
        "id": trigger.get("id"),
        "source": names(source),
        "when": when_ja(own) if own is not None else WHEN_JA.get(when, when),
        "controller": names(controller),
        "does": "または、".join(does) or "—。",
        "amount": seen,
        "seen": SEEN_JA.get(when),
        "rule": trigger.get("rule"),
    }


def _triggers_of(document: Mapping[str, Any], source: str) -> Iterable[Mapping[str, Any]]:
    for permanent in document.get("permanents", []):
        if permanent.get("id") == source:
            return list(permanent.get("triggers") or [])
    return []


def triggers_by_id(result: Mapping[str, Any], document: Mapping[str, Any], names: Names) -> dict[str, Any]:
    """Every ability the result says triggered, by id (ids count ``t1``, ``t2``, … over the result)."""
    out: dict[str, Any] = {}
    for step in result.get("steps", []):
        for stage in step.get("stages", []):
            for trigger in stage.get("triggered") or []:
                out[str(trigger.get("id"))] = trigger_view(trigger, document, names)
    return out


def trigger_sentence(trigger: Mapping[str, Any], names: Names, controller: str) -> str:
    """A permanent's triggered ability as its card would say it (the editor's list).

    >>> names = Names({"players": [{"id": "A", "name": "あなた"}], "permanents": []})
    >>> trigger_sentence({"when": "gain_life", "effect": {"type": "counters", "amount": 1}}, names, "A")
    'コントローラーがライフを得るたび、このパーマネントに+1/+1カウンターを1個置く。'
    """
    effect = effect_sentence(trigger.get("effect") or {}, 0, names, controller).replace("その数(0)", "その数")
    return f"{when_ja(trigger)}、{effect}。"


def when_ja(trigger: Mapping[str, Any]) -> str:
    """A trigger event in words, with § 16's variants: watching other creatures, loyalty counters removed."""
    when = str(trigger.get("when", ""))
    watch = trigger.get("watch")
    if when in WATCHED_WHEN_JA and watch not in (None, "self"):
        whose = {"you": "コントローラーの", "opponents": "対戦相手の"}.get(str(watch), "")
        return whose + WATCHED_WHEN_JA[when]
    if when == "counters_removed":
        what = "忠誠" if trigger.get("counter") == "loyalty" else "+1/+1"
        once = "1個" if trigger.get("each_counter") else "1個以上"
        return f"{what}カウンターが{once}取り除かれるたび"
    return WHEN_JA.get(when, when)


MAX_COUNTERABLE = 20
"""The page offers to counter at most this many abilities (the first to trigger)."""


def counterable_triggers(document: Mapping[str, Any], result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """CR 701.6a (§ 16.5): each ability the result put on the stack or countered, in trigger order, with whether
    ``choices.countered_triggers`` counters it; the page offers 《もみ消し》 for each (at most :data:`MAX_COUNTERABLE`)."""
    names = Names(document)
    countered = {
        str(c.get("trigger"))
        for c in ((document.get("choices") or {}).get("countered_triggers") or [])
        if isinstance(c, Mapping)
    }
    out: list[dict[str, Any]] = []
    for ident, view in triggers_by_id(result, document, names).items():
        if len(out) >= MAX_COUNTERABLE:
            break
        out.append(
            {
                "id": ident,
                "label": f"{view['source']}の誘発型能力（{view['when']}）",
                "countered": ident in countered,
            }
        )
    return out
