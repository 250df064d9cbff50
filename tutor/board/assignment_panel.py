"""The board's combat damage assignment panel: who assigns in which combat damage step, to whom, how much.

The rules all come from ``rules_core``. The scenario stores each creature's assignment for the first
step in which it deals combat damage (``assignments`` / ``blocker_assignments``) and a double striker's
assignment for the second step (``second_step_assignments`` / ``second_step_blocker_assignments``,
``docs/scenario-format.md`` § 2.8). ``check_assignment`` judges both steps (each violation says its
step); ``default_assignment`` gives both steps' defaults (the second after the stored first step);
``count_assignments`` and ``max_damage_assignment`` answer for the step asked (``step=2``: on the board
the first step of the document they are given leaves). This module only reads the board as the second
step begins from the engine's resolution of the first (:func:`plan_of`), to mark who left the
battlefield and to show each creature's power then.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_core import (
    ASSIGNMENT_KEYS,
    AssignmentError,
    Scenario,
    ScenarioError,
    check_assignment,
    count_all_assignments,
    declared_recipients,
    default_assignment,
    max_damage_all_assignments,
    plan_steps,
    resolve_document,
)
from tutor.board.documents import assignment_set, scenario_parse, scenario_parse_or_none
from tutor.results.links import rule_link
from tutor.results.names import Names
from tutor.results.table import BoardState, board_state_at, power_toughness

KEYS = ASSIGNMENT_KEYS

FORBIDDEN_RULE = "510.1c"
"""Why a blocked creature without trample may assign no damage to what it attacks (shown beside that column)."""

FIRST_KEYS = {"attacker": "assignments", "blocker": "blocker_assignments"}
SECOND_KEYS = {"attacker": "second_step_assignments", "blocker": "second_step_blocker_assignments"}

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
    after_first: BoardState | None = None
    """The board as the second step begins (None: one step, or the first step's assignment is illegal)."""

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
            now = self.after_first.permanents.get(str(permanent.get("id")), {})
            return power_toughness(
                permanent, plus=now.get("counters.+1/+1"), minus=now.get("counters.-1/-1")
            )[0]
        return power_toughness(permanent)[0]


def is_combat(document: Mapping[str, Any]) -> bool:
    return (document.get("event") or {}).get("type") == "combat"


def with_tables(document: Mapping[str, Any], tables: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``document`` whose combat event has exactly ``tables`` (missing or empty ones: by default)."""
    return assignment_set(document=document, tables=tables)


def _first_step_only(document: Mapping[str, Any], first_dealers: frozenset[str]) -> dict[str, Any]:
    """The document with only the first step's assignments kept: the engine makes the second step's by default."""
    event = document.get("event") or {}
    return with_tables(
        document,
        {key: {c: a for c, a in (event.get(key) or {}).items() if c in first_dealers} for key in KEYS[:2]},
    )


def plan_of(document: Mapping[str, Any], parsed: Any) -> Plan:
    """CR 510.4 for this combat: the steps, and the board as the second step begins.

    That board is read from the resolution of the document with only its first step's assignments
    (so an illegal second step does not hide it); None when the first step is illegal.
    """
    if parsed is None or not is_combat(document):
        return Plan()
    two_steps, first_dealers = plan_steps(parsed)
    plan = Plan(two_steps=two_steps, first_dealers=first_dealers)
    if not two_steps:
        return plan
    try:
        result = resolve_document(_first_step_only(document, first_dealers))
    except ScenarioError:
        return plan
    steps = result.get("steps") or []
    if result.get("legal") and len(steps) == 2:
        plan.after_first = board_state_at(document, result, len(steps[0].get("stages", [])) - 1)
    return plan


def effective_tables(
    document: Mapping[str, Any], parsed: Any, plan: Plan | None = None
) -> dict[str, dict[str, Any]]:
    """Every assignment table as stored, completed with the engine's defaults where nothing is stored
    (the second step's on the board the stored first step leaves)."""
    if parsed is None or not is_combat(document):
        return {key: {} for key in KEYS}
    event = document.get("event") or {}
    defaults = default_assignment(parsed)
    return {key: {**(defaults.get(key) or {}), **(event.get(key) or {})} for key in KEYS}


def _recipients(
    attack: Mapping[str, Any], engine: Mapping[str, tuple[str, ...]]
) -> tuple[list[str], str | None]:
    """Whom the attacker's row lists: the engine's recipients (``rules_core.declared_recipients``), and
    for a blocked attacker without trample also the player, planeswalker or battle it attacks, so the
    learner can try that assignment and read why it is illegal. Returns the list and the recipient the
    rules forbid (CR 510.1c), if one was added."""
    listed = list(engine.get(str(attack["attacker"]), ()))
    defender = str(attack["defender"])
    if listed and attack.get("blockers") and defender not in listed:
        return [*listed, defender], defender
    return listed, None


def count_text(count: int) -> str:
    """「12」, or 「10の15乗以上」 for counts too long to read.

    >>> count_text(54846), count_text(10**15)
    ('54,846', '10の15乗以上')
    """
    return f"{count:,}" if count < 10**15 else "10の15乗以上"


def rows_of(
    document: Mapping[str, Any],
    parsed: Any,
    plan: Plan | None = None,
    tables: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """One row per attacker (and per blocker that blocks several attackers) and per step it assigns in.

    A row: ``role``, ``key`` (its assignment table), ``step`` (1, 2, or None for a single step), ``id``,
    ``label``, ``power``, ``tramples``, ``count`` (the creature's legal assignments, as text, or None), ``gone``
    (it left the battlefield in the first step: no recipients then), and ``recipients`` (``id``,
    ``label``, ``initial``, ``is_blocker``, ``gone``).
    """
    if parsed is None or not is_combat(document):
        return []
    plan = plan or plan_of(document, parsed)
    tables = tables or effective_tables(document, parsed, plan)
    event = document.get("event") or {}
    names = Names(document)
    permanents = {p["id"]: p for p in document.get("permanents", [])}

    engine = declared_recipients(parsed)
    counts: dict[int | None, Mapping[str, int]] = {}

    def count(ident: str, step: int | None) -> str | None:
        """The creature's legal assignments in that step, from one engine view per step (None when the
        engine says it deals no damage there, or the first step is illegal so the second has no board)."""
        if step not in counts:
            try:
                counts[step] = count_all_assignments(parsed, step=step)
            except AssignmentError:
                counts[step] = {}
        found = counts[step].get(ident)
        return None if found is None else count_text(found)

    def row(
        role: str,
        key: str,
        ident: str,
        recipients: list[str],
        blockers: list[str],
        tramples: bool,
        forbidden: str | None = None,
    ) -> dict[str, Any]:
        step = plan.step_of(ident, key)
        current = tables[key].get(ident, {})
        gone = step == 2 and plan.gone(ident)
        return {
            "role": role,
            "key": key,
            "second": key in SECOND_KEYS.values(),
            "step": step,
            "id": ident,
            "label": names(ident),
            "power": plan.power(permanents.get(ident, {}), step),
            "tramples": tramples,
            "gone": gone,
            "count": None if gone else count(ident, step),
            "recipients": []
            if gone
            else [
                {
                    "id": r,
                    "label": names(r),
                    "initial": current.get(r, 0),
                    "is_blocker": r in blockers,
                    "gone": step == 2 and plan.gone(r),
                    "forbidden": FORBIDDEN_RULE if r == forbidden else None,
                }
                for r in recipients
            ],
        }

    double = {p["id"] for p in permanents.values() if "double_strike" in p.get("keywords", [])}
    rows: list[dict[str, Any]] = []
    blocking: dict[str, list[str]] = {}
    for attack in event.get("attacks", []):
        attacker = attack["attacker"]
        blockers = list(attack.get("blockers", []))
        for b in blockers:
            blocking.setdefault(b, []).append(attacker)
        recipients, forbidden = _recipients(attack, engine)
        if not recipients:
            continue
        tramples = bool(
            set(permanents.get(attacker, {}).get("keywords", [])) & {"trample", "trample_over_planeswalkers"}
        )
        for key in (FIRST_KEYS["attacker"], SECOND_KEYS["attacker"]):
            if key == FIRST_KEYS["attacker"] or (plan.two_steps and attacker in double):
                rows.append(row("attacker", key, attacker, recipients, blockers, tramples, forbidden))
    for blocker, attackers in blocking.items():
        if len(attackers) < 2 or blocker not in engine:
            continue
        blocked = list(engine[blocker])
        rows.append(row("blocker", FIRST_KEYS["blocker"], blocker, blocked, [], False))
        if plan.two_steps and blocker in double:
            rows.append(row("blocker", SECOND_KEYS["blocker"], blocker, blocked, [], False))
    return rows


def filled(
    document: Mapping[str, Any], parsed: Any, rows: list[dict[str, Any]], how: str
) -> dict[str, dict[str, Any]]:
    """The tables for the 既定 (``how="default"``) or 最大 (``"max"``) button.

    default: the engine's default for every step (the second after a first step made by default).
    max: for each attacker the assignment that puts the most damage past its blockers
    (``max_damage_assignment``; blockers: their default), the second step's on the board that the
    first step, made that way, leaves.
    """
    fresh = with_tables(document, {})
    defaults = default_assignment(parse_or_none(fresh) or parsed)
    tables = {key: {k: dict(v) for k, v in (defaults.get(key) or {}).items()} for key in KEYS}
    if how != "max":
        return tables
    first_step = 1 if any(row["step"] == 1 for row in rows) else None
    with contextlib.suppress(AssignmentError):
        most = max_damage_all_assignments(parsed, step=first_step)
        for row in rows:
            if row["role"] == "attacker" and row["step"] != 2 and row["id"] in most:
                tables[row["key"]][row["id"]] = most[row["id"]]
    if any(row["step"] == 2 for row in rows):
        plan = Plan(*plan_steps(parsed))
        first = {
            key: {c: a for c, a in table.items() if plan.step_of(c, key) == 1}
            for key, table in tables.items()
        }
        after = parse_or_none(with_tables(document, first))
        if after is not None:
            second = default_assignment(after)
            for key in KEYS:
                for c, amounts in (second.get(key) or {}).items():
                    if c not in first.get(key, {}):
                        tables[key][c] = dict(amounts)
            with contextlib.suppress(AssignmentError):
                most = max_damage_all_assignments(after, step=2)
                for row in rows:
                    if row["role"] == "attacker" and row["step"] == 2 and row["id"] in most:
                        tables[row["key"]][row["id"]] = most[row["id"]]
    return tables


def parse_or_none(document: Mapping[str, Any]) -> Scenario | None:
    return scenario_parse_or_none(document)


def violations_of(
    document: Mapping[str, Any], sections: Mapping[str, str] | None, parsed: Scenario | None = None
) -> list[dict[str, Any]]:
    """What is wrong with the document's assignment (both steps), each with a link to its paragraph.

    ``parsed``: the engine's reading of ``document`` when the caller has it. With two steps, a problem
    of the second step says so (``Violation.step``; the engine checks the second step only when the
    first is legal).
    """
    if parsed is None:
        try:
            parsed = scenario_parse(document)
        except ScenarioError as error:
            return [{"message": f"{error.field}: {error.message}", "rule": None}]
    found = check_assignment(parsed)
    return [
        {
            "message": (f"{STEP_TITLES[2]}: " if v.step == 2 else "") + v.message,
            "rule": rule_link(v.rule, sections) if v.rule else None,
        }
        for v in found
    ]
