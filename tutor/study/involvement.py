"""Which study topics a generated question really involves, read from its board and its citations.

A template names the topics it *can* train; one draw of it may not touch all of them (a sweeper
without deathtouch this time). :func:`involved_topics` looks at the question itself — the keywords
of the objects that deal or are dealt damage in the event, the permanents on the board, the
effects, what is asked and the paragraphs the explanation cites — so that a question is shown under
a topic only when it involves it, and the learner's progress counts it only there.

Pure Python: no Django, no engine import.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

KEYWORD_TOPICS: Final = ("deathtouch", "lifelink", "trample", "infect", "wither")
PREVENTION_EFFECTS: Final = frozenset(
    {
        "prevent_next",
        "prevent_next_from_source",
        "prevent_all",
        "prevent_static",
        "prevent_from_color",
        "prevent_and",
        "prevent_half",
        "prevent_all_but",
        "cant_be_prevented",
    }
)


def _participants(scenario: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The objects that deal damage in the event (attackers, blockers, fighters, sources)."""
    event = scenario.get("event") or {}
    by_id = {p.get("id"): p for p in scenario.get("permanents", [])}
    ids: list[Any] = []
    inline: list[Mapping[str, Any]] = []
    kind = event.get("type")
    if kind == "combat":
        for attack in event.get("attacks", []):
            ids.append(attack.get("attacker"))
            ids += attack.get("blockers", [])
        for change in event.get("between_steps", []):
            ids += [change.get("creature"), change.get("returned")]
            spell = change.get("source")  # a damage spell between the steps (510.3)
            if isinstance(spell, Mapping):
                inline.append(spell)
            elif isinstance(spell, str):
                ids.append(spell)
    elif kind == "fight":
        ids += event.get("fighters", [])
    elif kind == "bite":
        ids.append(event.get("source"))
    elif kind == "power_damage":
        ids += event.get("sources", [])
    source = event.get("source")
    if isinstance(source, Mapping):
        inline.append(source)
    elif isinstance(source, str):
        ids.append(source)
    # Permanents whose triggered abilities deal damage take part too.
    ids += [p.get("id") for p in scenario.get("permanents", []) if p.get("triggers")]
    return [by_id[i] for i in ids if i in by_id] + inline


def _cites(rules: Iterable[str], prefix: str) -> bool:
    """Whether a cited paragraph is ``prefix`` or one of its subrules (``120.4`` covers ``120.4a``)."""
    for rule in rules:
        if rule == prefix or (rule.startswith(prefix) and not rule[len(prefix)].isdigit()):
            return True
    return False


def involved_topics(scenario: Mapping[str, Any], ask: Mapping[str, Any], rules: Iterable[str]) -> set[str]:
    """The topic slugs (:mod:`tutor.study.topics`) this question really involves.

    >>> board = {"permanents": [{"id": "rat", "types": ["creature"], "keywords": ["deathtouch"]},
    ...                         {"id": "pw", "types": ["planeswalker"]}],
    ...          "event": {"type": "combat", "attacks": [{"attacker": "rat", "defender": "pw", "blockers": []}]}}
    >>> sorted(involved_topics(board, {"kind": "loyalty"}, ["120.3c"]))
    ['120.3', 'deathtouch', 'planeswalker']
    """
    rules = list(rules)
    topics: set[str] = set()
    participants = _participants(scenario)
    keywords = {k for p in participants for k in p.get("keywords", [])}
    topics.update(k for k in KEYWORD_TOPICS if k in keywords)
    if any(p.get("toxic") for p in participants):
        topics.add("toxic")
    types = {t for p in scenario.get("permanents", []) for t in p.get("types", [])}
    if "planeswalker" in types:
        topics.add("planeswalker")
    if "battle" in types:
        topics.add("battle")
    event = scenario.get("event") or {}
    combat = event.get("type") == "combat"
    blocked = combat and any(a.get("blockers") for a in event.get("attacks", []))
    if blocked:
        topics.add("510.1")
    if combat and keywords & {"first_strike", "double_strike"}:
        topics.add("510.4")
    if blocked and "trample" in keywords:
        topics.add("702.19b")
    effects = scenario.get("effects", [])
    if any(
        e.get("type") == "prevent_next" or (e.get("type") == "prevent_and" and "amount" in e) for e in effects
    ):
        topics.add("615.7")
    protection = any(p.get("protection") for p in scenario.get("permanents", []))
    if (
        protection
        or any(e.get("type") in PREVENTION_EFFECTS for e in effects)
        or any((p.get("counters") or {}).get("shield") for p in scenario.get("permanents", []))
    ):
        topics.add("615")
    if _cites(rules, "616.1") or (scenario.get("choices") or {}).get("replacement_order"):
        topics.add("616.1")
    if ask.get("kind") == "best_order":
        topics.add("616.1")
    for prefix in ("120.3", "120.4", "120.8"):
        if _cites(rules, prefix):
            topics.add(prefix)
    if _cites(rules, "120.9") or _cites(rules, "120.10"):
        topics.add("120.9")
    declare = (ask.get("declare") or {}) if ask.get("kind") in ("verdict", "chooser") else {}
    if declare.get("blocks") or declare.get("attacks"):
        topics.add("509.1")  # the judge questions' declarations are in the ask, not on the board
    if (declare.get("event") or {}).get("targets"):
        topics.add("601.2c")
    if ask.get("kind") in ("dies", "toughness") or _cites(rules, "704.5"):
        topics.add("704.5")
    return topics
