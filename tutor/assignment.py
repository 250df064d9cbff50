"""The board's combat damage assignment panel: who assigns in which combat damage step, to whom, how much.

The rules all come from ``rules_core``. The scenario stores each creature's assignment for the first
step in which it deals combat damage (``assignments`` / ``blocker_assignments``) and a double striker's
assignment for the second step (``second_step_assignments`` / ``second_step_blocker_assignments``,
FORMAT.md 2.4). ``check_assignment`` judges both steps, ``default_assignment`` gives both steps'
defaults (after a first step made with defaults), but ``count_assignments`` and
``max_damage_assignment`` answer only for the first step in which a creature deals damage. For a double
striker's second step this module therefore reads the second step from the engine's resolution of
the first (:func:`plan_of`): the board as the second step begins (who is still on the battlefield,
each creature's power), and the assignment the engine makes there by default. Counting the legal
second-step assignments asks ``check_assignment`` about each candidate (:func:`_second_step_count`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from math import comb
from typing import Any

from rules_core import (
    ScenarioError,
    check_assignment,
    count_assignments,
    default_assignment,
    max_damage_assignment,
    parse_scenario,
    resolve_document,
)
from rules_core.combat import plan_steps
from tutor import presenters, services

KEYS = services.ASSIGNMENT_KEYS

FIRST_KEYS = {"attacker": "assignments", "blocker": "blocker_assignments"}
SECOND_KEYS = {"attacker": "second_step_assignments", "blocker": "second_step_blocker_assignments"}

COUNT_CANDIDATES_MAX = 120
"""Second step: at most this many candidate divisions are put to ``check_assignment`` to count the legal ones."""

STEP_TITLES = {1: "第1戦闘ダメージ・ステップ(先制攻撃・二段攻撃)", 2: "第2戦闘ダメージ・ステップ"}
TWO_STEPS_NOTE = (
    "先制攻撃か二段攻撃を持つクリーチャーがいるので、戦闘ダメージ・ステップは2回あります(510.4)。"
    "第1ステップでは先制攻撃か二段攻撃を持つクリーチャーだけが戦闘ダメージを割り振ります。そのダメージと状況起因処理の"
    "あと、第2ステップでは先制攻撃も二段攻撃も持たないクリーチャーと、二段攻撃を持つクリーチャーが割り振ります"
    "(二段攻撃は両方のステップで割り振る)。第2ステップの割り振りは第1ステップのあとの盤面で決まるので、第1ステップで"
    "戦場を離れたクリーチャーには割り振れず、第1ステップで負ったダメージは致死ダメージに数えます。"
)


@dataclass
class Plan:
    """What the engine says about the combat's steps (CR 510.4), for one scenario document."""

    two_steps: bool = False
    first_dealers: frozenset[str] = frozenset()
    """The creatures that deal combat damage in the first step (with two steps)."""
    after_first: presenters.BoardState | None = None
    """The board as the second step begins (None: one step, or the first step's assignment is illegal)."""
    second: dict[str, dict[str, int]] = field(default_factory=dict)
    """Each creature's assignment in the second step, as the engine resolves it (given, else its default)."""

    def step_of(self, creature: str, key: str) -> int | None:
        """The combat damage step (1 or 2) in which the assignment ``key`` of ``creature`` is dealt."""
        if not self.two_steps:
            return None
        if key.startswith("second_step_"):
            return 2
        return 1 if creature in self.first_dealers else 2

    def gone(self, ident: str) -> bool:
        """Whether ``ident`` left the battlefield in the first step (so it is out of the second: 506.4)."""
        if self.after_first is None:
            return False
        permanent = self.after_first.permanents.get(ident)
        return permanent is not None and permanent.get("zone") != "battlefield"

    def power(self, permanent: Mapping[str, Any], step: int | None) -> int:
        """The creature's power as that step begins (with the counters put on it in the first step, 120.3d)."""
        if step == 2 and self.after_first is not None:
            now = self.after_first.permanents.get(permanent.get("id"), {})
            return presenters.power_toughness(permanent, plus=now.get("counters.+1/+1"),
                                              minus=now.get("counters.-1/-1"))[0]
        return presenters.power_toughness(permanent)[0]


def is_combat(document: Mapping[str, Any]) -> bool:
    return (document.get("event") or {}).get("type") == "combat"


def with_tables(document: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``document`` whose combat event has exactly ``tables`` (missing or empty ones: by default)."""
    return services.assignment_set(document=document, tables=tables)


def _first_step_only(document: Mapping[str, Any], first_dealers: frozenset[str]) -> dict[str, Any]:
    """The document with only the first step's assignments kept: the engine makes the second step's by default."""
    event = document.get("event") or {}
    return with_tables(document, {key: {c: a for c, a in (event.get(key) or {}).items() if c in first_dealers}
                                  for key in KEYS[:2]})


def plan_of(document: Mapping[str, Any], parsed: Any) -> Plan:
    """CR 510.4 for this combat: the steps, and the board and assignments of the second step.

    The second step is read from the resolution of the document as it is; if that is illegal (in its
    second step), from the resolution with the second step's assignments left to the engine.
    """
    if parsed is None or not is_combat(document):
        return Plan()
    two_steps, first_dealers = plan_steps(parsed)
    plan = Plan(two_steps=two_steps, first_dealers=first_dealers)
    if not two_steps:
        return plan
    for doc in (document, _first_step_only(document, first_dealers)):
        try:
            result = resolve_document(doc)
        except ScenarioError:
            return plan
        steps = result.get("steps") or []
        if result.get("legal") and len(steps) == 2:
            plan.after_first = presenters.board_state_at(document, result, len(steps[0].get("stages", [])) - 1)
            for stage in steps[1].get("stages", []):
                if stage.get("stage") == "assignment":
                    for event in stage.get("events", []):
                        plan.second.setdefault(event["source"], {})[event["to"]] = event["amount"]
            return plan
    return plan


def effective_tables(document: Mapping[str, Any], parsed: Any, plan: Plan | None = None) -> dict[str, dict]:
    """Every assignment table as stored, completed with what the engine assigns where nothing is stored."""
    if parsed is None or not is_combat(document):
        return {key: {} for key in KEYS}
    plan = plan or plan_of(document, parsed)
    event = document.get("event") or {}
    defaults = default_assignment(parsed)
    tables = {key: {**(defaults.get(key) or {}), **(event.get(key) or {})} for key in KEYS}
    if plan.after_first is not None:  # the second step's defaults on the board the first step left
        attackers = {a["attacker"] for a in event.get("attacks", [])}
        dealers = set(plan.second) | {c for key in KEYS for c in tables[key] if plan.step_of(c, key) == 2}
        for creature in dealers:
            role = "attacker" if creature in attackers else "blocker"
            key = (SECOND_KEYS if creature in plan.first_dealers else FIRST_KEYS)[role]
            if creature not in (event.get(key) or {}):
                tables[key][creature] = dict(plan.second.get(creature, {}))
    return tables


def _recipients(attack: Mapping[str, Any], permanents: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Whom the attacker may assign combat damage to, as declared (blockers, then what it attacks)."""
    me = permanents.get(attack["attacker"], {})
    keywords = set(me.get("keywords", []))
    tramples = bool(keywords & {"trample", "trample_over_planeswalkers"})
    blockers = list(attack.get("blockers", []))
    if blockers:
        recipients = [*blockers, attack["defender"]]
    elif attack.get("blocked"):
        recipients = [attack["defender"]] if tramples else []
    else:
        recipients = [attack["defender"]]
    defender = permanents.get(attack["defender"])
    if defender and "trample_over_planeswalkers" in keywords and "planeswalker" in defender.get("types", []):
        recipients.append(defender["controller"])
    return recipients


def count_text(count: int) -> str:
    """「12」, or 「10の15乗以上」 for counts too long to read.

    >>> count_text(54846), count_text(10**15)
    ('54,846', '10の15乗以上')
    """
    return f"{count:,}" if count < 10**15 else "10の15乗以上"


def rows_of(document: Mapping[str, Any], parsed: Any, plan: Plan | None = None,
            tables: Mapping[str, Mapping[str, Any]] | None = None) -> list[dict[str, Any]]:
    """One row per attacker (and per blocker that blocks several attackers) and per step it assigns in.

    A row: ``role``, ``key`` (its assignment table), ``step`` (1, 2, or None for a single step), ``id``,
    ``label``, ``power``, ``tramples``, ``count`` (the legal assignments, as text, or None), ``gone``
    (it left the battlefield in the first step: no recipients then), and ``recipients`` (``id``,
    ``label``, ``initial``, ``is_blocker``, ``gone``).
    """
    if parsed is None or not is_combat(document):
        return []
    plan = plan or plan_of(document, parsed)
    tables = tables or effective_tables(document, parsed, plan)
    event = document.get("event") or {}
    names = presenters.Names(document)
    permanents = {p["id"]: p for p in document.get("permanents", [])}

    def row(role: str, key: str, ident: str, recipients: list[str], blockers: list[str], tramples: bool) -> dict:
        step = plan.step_of(ident, key)
        current = tables[key].get(ident, {})
        gone = step == 2 and plan.gone(ident)
        return {
            "role": role, "key": key, "second": key in SECOND_KEYS.values(), "step": step, "id": ident,
            "label": names(ident),
            "power": plan.power(permanents.get(ident, {}), step), "tramples": tramples, "gone": gone,
            "count": None if gone else _count(document, parsed, plan, tables, role, key, ident, recipients),
            "recipients": [] if gone else [
                {"id": r, "label": names(r), "initial": current.get(r, 0), "is_blocker": r in blockers,
                 "gone": step == 2 and plan.gone(r)} for r in recipients],
        }

    double = {p["id"] for p in permanents.values() if "double_strike" in p.get("keywords", [])}
    rows: list[dict[str, Any]] = []
    blocking: dict[str, list[str]] = {}
    for attack in event.get("attacks", []):
        attacker = attack["attacker"]
        blockers = list(attack.get("blockers", []))
        for b in blockers:
            blocking.setdefault(b, []).append(attacker)
        recipients = _recipients(attack, permanents)
        if not recipients:
            continue
        tramples = bool(set(permanents.get(attacker, {}).get("keywords", [])) &
                        {"trample", "trample_over_planeswalkers"})
        rows.append(row("attacker", FIRST_KEYS["attacker"], attacker, recipients, blockers, tramples))
        if plan.two_steps and attacker in double:
            rows.append(row("attacker", SECOND_KEYS["attacker"], attacker, recipients, blockers, tramples))
    for blocker, attackers in blocking.items():
        if len(attackers) < 2:
            continue
        rows.append(row("blocker", FIRST_KEYS["blocker"], blocker, attackers, [], False))
        if plan.two_steps and blocker in double:
            rows.append(row("blocker", SECOND_KEYS["blocker"], blocker, attackers, [], False))
    return rows


def _count(document: Mapping[str, Any], parsed: Any, plan: Plan, tables: Mapping[str, Mapping[str, Any]],
           role: str, key: str, creature: str, recipients: list[str]) -> str | None:
    """How many legal assignments an attacker has in this row's step (None when not known)."""
    if role != "attacker":
        return None
    if key in FIRST_KEYS.values():
        try:
            return count_text(count_assignments(parsed, creature))
        except (ValueError, KeyError):
            return None
    count = _second_step_count(document, plan, tables, creature, recipients)
    return None if count is None else count_text(count)


def _divisions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` non-negative integers (stars and bars: where the bars go).

    >>> list(_divisions(2, 2)), len(list(_divisions(4, 3)))
    ([(0, 2), (1, 1), (2, 0)], 15)
    """
    for bars in combinations(range(total + parts - 1), parts - 1):
        yield tuple(b - a - 1 for a, b in pairwise((-1, *bars, total + parts - 1)))


def _second_step_count(document: Mapping[str, Any], plan: Plan, tables: Mapping[str, Mapping[str, Any]],
                       creature: str, recipients: list[str]) -> int | None:
    """A double striker's legal second-step assignments: each division of its power over ``recipients``
    that ``check_assignment`` finds nothing wrong with (the others held as they are).

    None when the first step's assignment is illegal (there is no second step to count in) or when there
    are more than :data:`COUNT_CANDIDATES_MAX` divisions.
    """
    if plan.after_first is None or not recipients:
        return None
    permanent = next((p for p in document.get("permanents", []) if p["id"] == creature), {})
    power = plan.power(permanent, 2)
    if power <= 0:
        return 1
    if comb(power + len(recipients) - 1, len(recipients) - 1) > COUNT_CANDIDATES_MAX:
        return None
    legal = 0
    for division in _divisions(power, len(recipients)):
        trial = {k: dict(v) for k, v in tables.items()}
        trial[SECOND_KEYS["attacker"]][creature] = {r: n for r, n in zip(recipients, division, strict=True) if n}
        try:
            violations = check_assignment(parse_scenario(with_tables(document, trial)))
        except ScenarioError:
            continue
        legal += not any(v.attacker == creature for v in violations)
    return legal


def filled(document: Mapping[str, Any], parsed: Any, rows: list[dict[str, Any]], how: str) -> dict[str, dict]:
    """The tables for the 既定 (``how="default"``) or 最大 (``"max"``) button.

    default: the engine's default for every step (the second after a first step made by default).
    max: for each attacker the assignment that puts the most damage past its blockers (blockers: their
    default); in a double striker's second step that is the engine's default there (lethal damage to
    each blocker still in combat, the rest past them: ``rules_core.assignment.max_damage_assignment``)
    on the board that the first step, made with the maximum, leaves.
    """
    defaults = default_assignment(parsed)
    tables = {key: {k: dict(v) for k, v in (defaults.get(key) or {}).items()} for key in KEYS}
    if how != "max":
        return tables
    for row in rows:
        if row["key"] == FIRST_KEYS["attacker"]:
            with contextlib.suppress(ValueError, KeyError):
                tables[row["key"]][row["id"]] = max_damage_assignment(parsed, row["id"])
    if any(row["key"] in SECOND_KEYS.values() for row in rows):
        candidate = with_tables(document, {k: {} if k in SECOND_KEYS.values() else t for k, t in tables.items()})
        plan = plan_of(candidate, _parse(candidate) or parsed)
        for row in rows:
            if row["key"] in SECOND_KEYS.values() and plan.after_first is not None:
                tables[row["key"]][row["id"]] = dict(plan.second.get(row["id"], {}))
    return tables


def _parse(document: Mapping[str, Any]) -> Any:
    try:
        return parse_scenario(document)
    except ScenarioError:
        return None


def violations_of(document: Mapping[str, Any], sections: Mapping[str, str] | None) -> list[dict[str, Any]]:
    """What is wrong with the document's assignment (both steps), each with a link to its paragraph.

    With two steps, a problem of the second step says so (the engine checks the second step only when
    the first is legal).
    """
    try:
        parsed = parse_scenario(document)
    except ScenarioError as error:
        return [{"message": f"{error.field}: {error.message}", "rule": None}]
    found = check_assignment(parsed)
    prefix = ""
    if found:
        two_steps, first_dealers = plan_steps(parsed)
        if two_steps and not check_assignment(parse_scenario(_first_step_only(document, first_dealers))):
            prefix = f"{STEP_TITLES[2]}: "
    return [{"message": prefix + v.message, "rule": presenters.rule_link(v.rule, sections) if v.rule else None}
            for v in found]
