"""CR 506.4, 510, 702.19: the combat damage step(s) of a combat scenario.

For each combat damage step (CR 510.4: a first one only for creatures with
first strike or double strike when any creature in combat has either; then
one for the creatures that had neither plus those with double strike) this
module

1. builds a :class:`~rules_core.combat.assignment.CombatView` from the board as it
   stands (damage marked in an earlier step counts towards lethal damage;
   creatures that left the battlefield are out of combat, CR 506.4);
2. takes the scenario's assignments for the creatures that deal damage in
   that step, the default where one is missing, and checks the whole
   assignment (CR 510.1e) with :mod:`rules_core.combat.assignment`;
3. deals all the step's combat damage as one simultaneous damage event
   (CR 510.2) through the 120.4 pipeline (:func:`rules_core.damage.deal.deal_damage`),
   then state-based actions.

Which assignment applies where (an extension, ``docs/scenario-format.md`` § 2.8):
``assignments``/``blocker_assignments`` give each creature's assignment for
the first step in which it deals combat damage; ``second_step_assignments``/
``second_step_blocker_assignments`` give a double striker's assignment for the
second step. An entry for a creature still on the battlefield that deals no
combat damage in that step is an illegal assignment (CR 510.4); an entry for a
creature that left the battlefield before its step is ignored, with a note.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..damage.deal import deal_damage
from ..document.scenario import CombatEvent, Scenario
from ..events.triggers import reacts, scenario_follow_up
from ..model._fast import fast_frozen
from ..model._frozen import FrozenMap, ScalarMap
from ..model.effects import AssignByToughness, Effect, effect_label
from ..model.era_types import ORDER_ERA
from ..model.errors import AssignmentError, StepError
from ..model.ja import ASSIGNMENT_ORIGIN_JA, COMBAT_ROLE_JA, DAMAGE_BASIS_JA, DEFENDER_KIND_JA, quoted
from ..model.state import GameState, Permanent, Source
from ..model.trace import Resolution, Stage, Step
from ..sba.multiplayer import combat_after_departures, game_goes_on, noted
from . import assignment as am
from . import era_order
from .assignment import AttackView, BlockView, CombatView, Violation
from .midcombat import apply_between

FIRST = "first_strike_damage"
REGULAR = "combat_damage"


def _strikes_first(p: Permanent) -> bool:
    return p.has("first_strike") or p.has("double_strike")


def _event(scenario: Scenario) -> CombatEvent:
    """The scenario's combat event.

    :raises AssignmentError: for a non-combat scenario or one with no event yet.
    """
    event = scenario.event
    if event is None:
        raise AssignmentError("戦闘のシナリオではありません (ダメージのイベントがまだありません)")
    if not isinstance(event, CombatEvent):
        raise AssignmentError("戦闘のシナリオではありません (event.type が combat ではありません)")
    return event


def plan_steps(scenario: Scenario) -> tuple[bool, frozenset[str]]:
    """CR 510.4: whether there is a first-strike step, and the creatures that deal damage in it.

    ``(two_steps, first_dealers)``: ``two_steps`` is true when a creature in
    combat has first strike or double strike; ``first_dealers`` are those
    creatures (they deal damage in step 1; the others, and the double
    strikers again, in step 2). ``(False, frozenset())`` for one step.
    The second step's dealers depend on the board after the first step
    (those still on the battlefield), see :func:`_second_dealers`.

    :raises AssignmentError: for a scenario that is not a combat.
    """
    event = _event(scenario)
    state = scenario.state
    everyone = [state.permanent(c) for c in event.combatants]
    first = frozenset(p.id for p in everyone if _strikes_first(p))
    return bool(first), first


def _second_dealers(scenario: Scenario, state: GameState) -> frozenset[str]:
    """CR 510.4: creatures that had neither first strike nor double strike as step one began, and those
    that have double strike now — still on the battlefield."""
    start = scenario.state
    out = set()
    entrants = _event(scenario).entrants
    for c in _event(scenario).combatants:
        now = state.permanent(c)
        if not now.on_battlefield or now.removed_from_combat:
            continue
        # A creature that entered combat after step one began was not there to have first strike (510.4).
        if c in entrants or not _strikes_first(start.permanent(c)) or now.has("double_strike"):
            out.add(c)
    return frozenset(out)


def _by_toughness(effects: tuple[Effect, ...]) -> tuple[AssignByToughness, ...]:
    return tuple(e for e in effects if isinstance(e, AssignByToughness))


def _assigned(p: Permanent, by_toughness: tuple[AssignByToughness, ...]) -> tuple[int, bool]:
    """CR 510.1a: the combat damage ``p`` assigns (its power, or its toughness under a Doran-like effect)."""
    if by_toughness and any(e.applies_to(p.controller) for e in by_toughness):
        return p.current_toughness, True
    return p.current_power, False


def build_view(
    scenario: Scenario,
    state: GameState,
    dealers: frozenset[str],
    effects: tuple[Effect, ...] | None = None,
) -> CombatView:
    """The :class:`CombatView` of one step: the creatures in ``dealers`` deal damage, from ``state``.

    ``effects`` are the effects as they stand at that step (default: the scenario's).
    """
    event = _event(scenario)
    by_toughness = _by_toughness(scenario.effects if effects is None else effects)
    names = {p.id: p.label for p in state.players}
    names.update({p.id: p.label for p in state.permanents})
    lethal: dict[str, int] = {}
    loyalty: dict[str, int] = {}
    attacks: list[AttackView] = []
    in_combat = {c for c in event.combatants if state.in_combat_still(c)}
    for attack in event.attacks:
        a = state.permanent(attack.attacker)
        lethal[a.id] = a.lethal_damage()
        if attack.attacker not in in_combat:
            continue
        blockers = tuple(b for b in attack.blockers if b in in_combat)
        for b in blockers:
            lethal[b] = state.permanent(b).lethal_damage()
        if attack.attacker not in dealers:
            continue
        if state.is_player(attack.defender):  # CR 800.4e: none to a player who left the game
            kind, controller, removed = "player", None, state.player(attack.defender).left
        else:
            d = state.permanent(attack.defender)
            kind = "planeswalker" if d.is_planeswalker else "battle"
            controller = d.defending_player
            removed = not d.on_battlefield
            if d.is_planeswalker and d.on_battlefield:
                loyalty[d.id] = d.loyalty or 0
        amount, toughness = _assigned(a, by_toughness)
        attacks.append(
            AttackView(
                attacker=a.id,
                power=amount,
                defender=attack.defender,
                defender_kind=kind,
                defender_controller=controller,
                blocked=attack.blocked,
                blockers=blockers,
                trample=a.has("trample"),
                trample_over_planeswalkers=a.has("trample_over_planeswalkers"),
                deathtouch=a.has("deathtouch"),
                defender_removed=removed,
                by_toughness=toughness,
                as_though_unblocked=a.may_assign_as_though_unblocked,
            )
        )
    blocks: list[BlockView] = []
    seen: set[str] = set()
    for attack in event.attacks:
        for b in attack.blockers:
            if b in seen or b not in dealers or b not in in_combat:
                continue
            seen.add(b)
            blocking = tuple(x.attacker for x in event.attacks if b in x.blockers and x.attacker in in_combat)
            p = state.permanent(b)
            lethal[b] = p.lethal_damage()
            amount, toughness = _assigned(p, by_toughness)
            blocks.append(
                BlockView(
                    blocker=b,
                    power=amount,
                    deathtouch=p.has("deathtouch"),
                    blocking=blocking,
                    by_toughness=toughness,
                )
            )
    return CombatView(tuple(attacks), tuple(blocks), lethal, loyalty, names)


@fast_frozen
@dataclass(frozen=True, slots=True)
class _StepInput:
    assignments: dict[str, dict[str, int]]
    blocker_assignments: dict[str, dict[str, int]]
    violations: tuple[Violation, ...]
    ignored: tuple[str, ...]


def _given_for_step(
    scenario: Scenario,
    state: GameState,
    view: CombatView,
    *,
    number: int,
    first_dealers: frozenset[str],
    two_steps: bool,
) -> _StepInput:
    """The assignments the scenario gives for the creatures dealing damage in this step, and misplaced ones."""
    event = _event(scenario)
    attackers = {a.attacker for a in view.attacks}
    blockers = {b.blocker for b in view.blocks}
    names = view.names
    given_a: dict[str, dict[str, int]] = {}
    given_b: dict[str, dict[str, int]] = {}
    violations: list[Violation] = []
    ignored: list[str] = []

    def take(
        source: Mapping[str, Mapping[str, int]],
        dealers: set[str],
        out: dict[str, dict[str, int]],
        *,
        second: bool,
    ) -> None:
        for creature, amounts in source.items():
            if creature in dealers:
                if second or number == 1 or creature not in first_dealers:
                    out.setdefault(creature, dict(amounts))
                continue
            # Not dealing damage in this step.
            if number == 1 and not second:
                continue  # used in step 2 (its first step) or reported there
            if number == 2 and not second and creature in first_dealers:
                continue  # its step-1 assignment
            label = names.get(creature, creature)
            if state.permanent(creature).removed_from_combat:
                ignored.append(
                    f"{quoted(label)}は再生して戦闘から取り除かれたので戦闘ダメージを与えません。指定された割り振りは"
                    "使われません (506.4, 701.19a)。"
                )
                continue
            if not state.permanent(creature).on_battlefield:
                ignored.append(
                    f"{quoted(label)}は戦場を離れたので戦闘ダメージを与えません。指定された割り振りは使われません "
                    "(506.4, 510.4)。"
                )
                continue
            if second and not two_steps:
                msg = (
                    f"先制攻撃や二段攻撃を持つクリーチャーがいないので第2戦闘ダメージ・ステップはありません。"
                    f"{quoted(label)}の second_step の割り振りを取り消してください (510.4)"
                )
            elif second:
                msg = (
                    f"{quoted(label)}は第2戦闘ダメージ・ステップで戦闘ダメージを割り振りません(二段攻撃を持たず、"
                    f"第1ステップで戦闘ダメージを与えました)。second_step の割り振りを取り消してください (510.4)"
                )
            else:
                msg = f"{quoted(label)}はこの戦闘で戦闘ダメージを割り振りません。割り振りを取り消してください (510.4)"
            violations.append(Violation("510.4", msg, creature))

    if number == 1:
        take(event.assignments, attackers, given_a, second=False)
        take(event.blocker_assignments, blockers, given_b, second=False)
        if not two_steps:
            take(event.second_step_assignments, set(), given_a, second=True)
            take(event.second_step_blocker_assignments, set(), given_b, second=True)
    else:
        take(event.second_step_assignments, attackers, given_a, second=True)
        take(event.second_step_blocker_assignments, blockers, given_b, second=True)
        take(event.assignments, attackers, given_a, second=False)
        take(event.blocker_assignments, blockers, given_b, second=False)
    return _StepInput(given_a, given_b, tuple(violations), tuple(ignored))


def _reason(
    view: CombatView,
    a: AttackView,
    amounts: Mapping[str, int],
    full: Mapping[str, Mapping[str, int]],
    rules: list[str],
) -> str:
    """Why this attacker's assignment is legal, in Japanese, citing the rule."""
    if a.power <= 0:
        _add(rules, "510.1a")
        return f"{DAMAGE_BASIS_JA[a.basis]}が{a.power}なので戦闘ダメージを割り振りません (510.1a)。"
    if a.as_though_unblocked and a.blocked:
        _add(rules, "510.1c")
        if am.chose_unblocked(view, a.attacker, full):
            return _unblocked_reason(view, a, amounts, rules)
        return (
            "ブロックされていないかのように割り振ることもできますが、通常どおりブロック・クリーチャーに"
            "割り振ります (510.1c)。" + _blocked_reason(view, a, amounts, full, rules)
        )
    return _blocked_reason(view, a, amounts, full, rules)


def _unblocked_reason(view: CombatView, a: AttackView, amounts: Mapping[str, int], rules: list[str]) -> str:
    """《茨の精霊》: the blocked creature assigns its combat damage as though it weren't blocked (510.1b)."""
    t = view.names
    _add(rules, "510.1b")
    head = "ブロックされていないかのように戦闘ダメージを割り振ることを選んだので"
    if not amounts:
        return (
            f"{head}、何も攻撃していないクリーチャーと同じく戦闘ダメージを割り振りません (510.1b, 510.1c)。"
        )
    text = f"{head}、ブロック・クリーチャーには割り振らず、{am.format_assignment(amounts, t)}を割り振ります (510.1b, 510.1c)。"
    if a.tramples:
        text += "ブロック・クリーチャーに割り振らないので、トランプルは関係しません。"
    if a.attacks_nothing:
        _add(rules, "702.19e")
        text += "攻撃していたプレインズウォーカーは戦闘から取り除かれていますが、プレインズウォーカー越えトランプルにより防御プレイヤーに割り振れます (702.19e)。"
    elif (
        a.defender_controller is not None
        and amounts.get(a.defender_controller, 0)
        and a.trample_over_planeswalkers
    ):
        _add(rules, "702.19c")
        text += "プレインズウォーカーに忠誠度以上を割り振ったので、残りをそのコントローラーに割り振れます (702.19c)。"
    return text


def _blocked_reason(
    view: CombatView,
    a: AttackView,
    amounts: Mapping[str, int],
    full: Mapping[str, Mapping[str, int]],
    rules: list[str],
) -> str:
    """Why the attacker's assignment is legal, the attacker assigning as it is (blocked or not)."""
    t = view.names

    def q(ident: str | None) -> str:
        return quoted(t.get(ident, ident)) if ident is not None else "「」"

    past = [
        r
        for r in (a.defender, a.defender_controller)
        if r is not None and amounts.get(r, 0) and r not in a.blockers
    ]
    if not a.blocked:
        if a.attacks_nothing:
            if amounts:
                _add(rules, "702.19e")
                return "攻撃していたプレインズウォーカーが戦闘から取り除かれたが、プレインズウォーカー越えトランプルにより防御プレイヤーに割り振れます (702.19e)。"
            _add(rules, "510.1b")
            return "何も攻撃していないので、戦闘ダメージを割り振りません (510.1b)。"
        if a.trample_over_planeswalkers and a.defender_kind == "planeswalker" and len(past) > 1:
            _add(rules, "702.19c")
            return (
                f"ブロックされておらず、プレインズウォーカー越えトランプルを持つので、{q(a.defender)}に忠誠度以上の"
                f"ダメージを割り振れば残りをそのコントローラーに割り振れます (702.19c)。"
            )
        _add(rules, "510.1b")
        return f"ブロックされていないので、攻撃先の{DEFENDER_KIND_JA[a.defender_kind]}{q(a.defender)}に割り振ります (510.1b)。"
    if not a.blockers:
        if a.tramples and not a.attacks_nothing:
            _add(rules, "702.19d")
            return "ブロックされたがブロック・クリーチャーがもういないので、トランプルによりすべてを攻撃先に割り振ります (702.19d)。"
        _add(rules, "510.1c")
        return (
            "ブロックされたがブロック・クリーチャーがもういないので、戦闘ダメージを割り振りません (510.1c)。"
        )
    tramples = a.tramples
    both = ""
    if a.defender in a.blockers:  # one object, one recipient (see rules_core.combat.assignment._attack_plan)
        _add(rules, "510.1c")
        both = (
            f"攻撃されている{DEFENDER_KIND_JA[a.defender_kind]}{q(a.defender)}はこのクリーチャーをブロックしてもいるので、"
            "それへのダメージはブロック・クリーチャーへのダメージとして自由に割り振れます (510.1c)。"
        )
    if not tramples:
        _add(rules, "510.1c")
        if len(a.blockers) == 1:
            return (
                both
                + f"ブロックしているクリーチャーは{q(a.blockers[0])}だけなので、すべてをそれに割り振ります (510.1c)。"
            )
        return (
            both
            + f"複数のクリーチャーにブロックされたので、コントローラーがそれらに{am.FREE_DIVISION_NOTE}。"
        )
    _add(rules, "702.19b")
    if not past:
        return both + "トランプルを持つが、すべてをブロック・クリーチャーに割り振りました (702.19b)。"
    others = {k: v for k, v in full.items() if k != a.attacker}
    needs = am.lethal_needed(view, a.attacker, others)
    parts = []
    for b in a.blockers:
        lethal = view.lethal.get(b, 0)
        if a.deathtouch:
            parts.append(f"{q(b)}は接死により1点で致死")
        elif needs.get(b, 0) < lethal:
            parts.append(f"{q(b)}は致死ダメージ{lethal}点のうち他から{lethal - needs.get(b, 0)}点")
        else:
            parts.append(f"{q(b)}は致死ダメージ{lethal}点")
    if a.deathtouch:
        _add(rules, "702.2c")
    text = both + (
        f"トランプル：ブロック・クリーチャーすべてに致死ダメージが割り振られているので({'、'.join(parts)})、"
        f"残りを攻撃先にも割り振れます (702.19b)。"
    )
    if a.defender_controller in past and a.defender_kind == "planeswalker":
        _add(rules, "702.19c")
        text += "プレインズウォーカーに忠誠度以上を割り振ったので、さらに残りをそのコントローラーに割り振れます (702.19c)。"
    return text


def _add(rules: list[str], rule: str) -> None:
    if rule not in rules:
        rules.append(rule)


def _assigned_events(source: str, amounts: Mapping[str, int], *, given: bool) -> list[FrozenMap[str, Any]]:
    """The assignment stage's ``events``: one per recipient that ``source`` assigns damage to (CR 510.1)."""
    return [
        ScalarMap.adopt({"source": source, "to": to, "amount": n, "combat": True, "given": given})
        for to, n in amounts.items()
        if n
    ]


def _toughness_notes(view: CombatView, effects: tuple[Effect, ...], state: GameState) -> list[str]:
    """CR 510.1a: one note for each Doran-like effect that makes a creature of this step assign by toughness."""
    dealers = [a.attacker for a in view.attacks if a.by_toughness] + [
        b.blocker for b in view.blocks if b.by_toughness
    ]
    if not dealers:
        return []
    controllers = {state.permanent(c).controller for c in dealers}
    notes = []
    for i, effect in enumerate(effects):
        if not isinstance(effect, AssignByToughness) or not any(effect.applies_to(c) for c in controllers):
            continue
        label = effect_label(effect, i, lambda ident: view.names.get(ident, ident))
        cause = f"{label}の効果で" if effect.name else f"{label}により"
        whose = (
            ""
            if effect.controller is None
            else f"{quoted(view.names.get(effect.controller, effect.controller))}がコントロールする"
        )
        notes.append(
            f"{cause}、{whose}各クリーチャーはパワーではなくタフネスに等しい戦闘ダメージを割り振ります (510.1a)。"
            "パワーそのものは変わりません。"
        )
    return notes


def _assignment_stage(
    view: CombatView,
    full_a: Mapping[str, Mapping[str, int]],
    full_b: Mapping[str, Mapping[str, int]],
    given: _StepInput,
    header: list[str],
    by_toughness: list[str],
) -> Stage:
    rules: list[str] = ["510.1"]
    if by_toughness:
        rules.append("510.1a")
    notes = [*header, *by_toughness]
    events: list[FrozenMap[str, Any]] = []
    names = view.names
    for a in view.attacks:
        amounts = full_a[a.attacker]
        origin = ASSIGNMENT_ORIGIN_JA["given" if a.attacker in given.assignments else "default"]
        what = am.format_assignment(amounts, names)
        notes.append(
            f"{COMBAT_ROLE_JA['attacker']}{quoted(names.get(a.attacker, a.attacker))}"
            f"({DAMAGE_BASIS_JA[a.basis]}{a.power})：{what}"
            f"({origin})。{_reason(view, a, amounts, full_a, rules)}"
        )
        events.extend(_assigned_events(a.attacker, amounts, given=a.attacker in given.assignments))
    for b in view.blocks:
        amounts = full_b[b.blocker]
        origin = ASSIGNMENT_ORIGIN_JA["given" if b.blocker in given.blocker_assignments else "default"]
        what = am.format_assignment(amounts, names)
        if b.power <= 0:
            why = f"{DAMAGE_BASIS_JA[b.basis]}が{b.power}なので戦闘ダメージを割り振りません (510.1a)。"
            _add(rules, "510.1a")
        elif not b.blocking:
            why = "ブロックしているクリーチャーがもういないので割り振りません (510.1d)。"
            _add(rules, "510.1d")
        elif len(b.blocking) == 1:
            why = "ブロックしているクリーチャーにすべて割り振ります (510.1d)。"
            _add(rules, "510.1d")
        else:
            why = "複数のクリーチャーをブロックしているので、コントローラーが自由に分けて割り振ります (510.1d)。"
            _add(rules, "510.1d")
        notes.append(
            f"{COMBAT_ROLE_JA['blocker']}{quoted(names.get(b.blocker, b.blocker))}"
            f"({DAMAGE_BASIS_JA[b.basis]}{b.power})：{what}"
            f"({origin})。{why}"
        )
        events.extend(_assigned_events(b.blocker, amounts, given=b.blocker in given.blocker_assignments))
    notes.extend(given.ignored)
    notes.append("割り振り全体がルールに従っているので適正です (510.1e)。")
    notes.append("割り振られた戦闘ダメージはすべて同時に与えられます。スタックは用いません (510.2)。")
    for r in ("510.1e", "510.2"):
        _add(rules, r)
    return Stage("assignment", tuple(rules), tuple(notes), (), tuple(events))


def _damage_list(
    state: GameState, full_a: Mapping[str, Mapping[str, int]], full_b: Mapping[str, Mapping[str, int]]
) -> list[tuple[Source, str, int]]:
    out: list[tuple[Source, str, int]] = []
    for creature, amounts in (*full_a.items(), *full_b.items()):
        source = Source.of(state.permanent(creature))
        for to, n in amounts.items():
            if n > 0:
                out.append((source, to, n))
    return out


@fast_frozen
@dataclass(frozen=True, slots=True)
class _CombatRun:
    legal: bool
    violations: tuple[Violation, ...]
    steps: tuple[Step, ...]
    state: GameState
    effects: tuple[Effect, ...]
    views: tuple[tuple[str, CombatView, _StepInput], ...]


def _run(scenario: Scenario, *, defaults_only: bool = False, stop_at: int | None = None) -> _CombatRun:
    """Resolve every combat damage step; stop at the first illegal assignment.

    ``stop_at``: stop as step ``stop_at`` begins, once its view and given
    assignments are known (its assignment is neither checked nor dealt). With
    two steps, each violation carries its step (:attr:`Violation.step`).
    """
    two_steps, first_dealers = plan_steps(scenario)
    state = scenario.state
    effects = scenario.effects
    steps: list[Step] = []
    views: list[tuple[str, CombatView, _StepInput]] = []
    all_dealers = frozenset(_event(scenario).combatants)
    plan: list[tuple[str, int]] = [(FIRST, 1), (REGULAR, 2)] if two_steps else [(REGULAR, 1)]
    reacting = reacts(state)
    for name, number in plan:
        if number == 2 and not game_goes_on(state):
            last = steps[-1]
            final_stage = last.stages[-1]
            steps[-1] = Step(
                last.name,
                (
                    *last.stages[:-1],
                    Stage(
                        final_stage.stage,
                        final_stage.rules,
                        (
                            *final_stage.notes,
                            "ゲームが終わったので、第2戦闘ダメージ・ステップは行われません (104.3a)。",
                        ),
                        final_stage.changes,
                        final_stage.events,
                        final_stage.extra,
                    ),
                ),
            )
            break
        if number == 2 and any(p.left for p in state.players):  # CR 800.4a, 506.4
            scenario, departed = combat_after_departures(scenario, state)
            if departed:
                steps[-1] = Step(
                    steps[-1].name, (*steps[-1].stages[:-1], noted(steps[-1].stages[-1], departed))
                )
        if number == 2 and _event(scenario).between_steps:  # CR 510.3: players act between the steps
            left_before = sum(1 for p in state.players if p.left)
            scenario, state, effects, between = apply_between(scenario, state, effects, steps)
            steps.extend(between)
            if not game_goes_on(state):  # a spell between the steps ended the game (104.2a)
                steps[-1] = Step(
                    steps[-1].name,
                    (
                        *steps[-1].stages[:-1],
                        noted(
                            steps[-1].stages[-1],
                            ["ゲームが終わったので、第2戦闘ダメージ・ステップは行われません (104.3a)。"],
                        ),
                    ),
                )
                break
            if (
                sum(1 for p in state.players if p.left) > left_before
            ):  # CR 800.4a, 506.4: left between the steps
                scenario, departed = combat_after_departures(scenario, state)
                if departed:
                    steps[-1] = Step(
                        steps[-1].name, (*steps[-1].stages[:-1], noted(steps[-1].stages[-1], departed))
                    )
        dealers = (
            (first_dealers if number == 1 else _second_dealers(scenario, state)) if two_steps else all_dealers
        )
        view = build_view(scenario, state, dealers, effects)
        if defaults_only:
            given = _StepInput({}, {}, (), ())
        else:
            given = _given_for_step(
                scenario, state, view, number=number, first_dealers=first_dealers, two_steps=two_steps
            )
        views.append((name, view, given))
        if number == stop_at:
            return _CombatRun(True, (), tuple(steps), state, effects, tuple(views))
        wrong, full_a, full_b = am.checked_assignment(view, given.assignments, given.blocker_assignments)
        if scenario.era is not None and not wrong and scenario.era.name == ORDER_ERA:  # 拡張: 2009-2024
            wrong = era_order.order_violations(view, full_a, full_b)
        violations = given.violations + wrong
        if violations:
            if two_steps:
                violations = tuple(replace(v, step=number) for v in violations)
            return _CombatRun(False, violations, (), state, effects, tuple(views))
        header: list[str] = []
        if two_steps and number == 1:
            header.append(
                "先制攻撃か二段攻撃を持つクリーチャーがいるので、戦闘ダメージ・ステップは2回あります。"
                "この第1ステップでは先制攻撃か二段攻撃を持つクリーチャーだけが戦闘ダメージを割り振ります (510.4)。"
            )
        elif two_steps:
            header.append(
                "第2戦闘ダメージ・ステップ：第1ステップの開始時に先制攻撃も二段攻撃も持っていなかった"
                "クリーチャーと、二段攻撃を持つクリーチャーが戦闘ダメージを割り振ります (510.4)。"
                "戦場を離れたクリーチャーは戦闘から取り除かれています (506.4)。"
            )
        stage = _assignment_stage(view, full_a, full_b, given, header, _toughness_notes(view, effects, state))
        if two_steps:
            stage = Stage(stage.stage, ("510.4", *stage.rules), stage.notes, stage.changes, stage.events)
        if scenario.era is not None and scenario.era.name == ORDER_ERA:
            stage = era_order.annotate(stage, view)
        outcome = deal_damage(
            state,
            effects,
            scenario.choices,
            _damage_list(state, full_a, full_b),
            combat=True,
            in_combat=all_dealers,
            blocking=frozenset(b for attack in _event(scenario).attacks for b in attack.blockers),
        )
        if reacting:  # CR 510.3a: what the step triggered resolves before the next step
            made, after, effects = scenario_follow_up(
                scenario,
                before=state,
                outcome=outcome,
                step=Step(name, (stage, *outcome.stages)),
                combat=True,
                earlier=steps,
            )
            steps.extend(made)
            state = after
            continue
        steps.append(Step(name, (stage, *outcome.stages)))
        state, effects = outcome.state, outcome.effects
    return _CombatRun(True, (), tuple(steps), state, effects, tuple(views))


def resolve_combat(scenario: Scenario) -> Resolution:
    """CR 510: resolve the combat damage step(s) of a combat scenario."""
    run = _run(scenario)
    if not run.legal:
        return Resolution(legal=False, steps=(), state=None, effects=None, violations=run.violations)
    return Resolution(legal=True, steps=run.steps, state=run.state, effects=run.effects)


# --------------------------------------------------------------------------- helpers for the board UI
#
# The public assignment queries of rules_core: each builds the view of one combat damage step from
# the scenario and asks rules_core.combat.assignment's ``*_in_view`` function of the same name.


def check_assignment(scenario: Scenario) -> tuple[Violation, ...]:
    """CR 510.1e: the violations of the scenario's combat damage assignment, in every step (``()`` if legal).

    The second step is checked against the board after the first (its
    blockers may have died), so this runs the combat.

    :raises AssignmentError: if the scenario is not a combat.
    """
    return _run(scenario).violations


def _split(
    step_views: tuple[tuple[str, CombatView, _StepInput], ...],
    runs: list[tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]],
) -> dict[str, Any]:
    out: dict[str, Any] = {"assignments": {}, "blocker_assignments": {}}
    for (_name, _view, _given), (full_a, full_b) in zip(step_views, runs, strict=True):
        for key, full in (("assignments", full_a), ("blocker_assignments", full_b)):
            for creature, amounts in full.items():
                if creature in out[key]:
                    second = "second_step_" + key
                    out.setdefault(second, {})[creature] = amounts
                else:
                    out[key][creature] = amounts
    return out


def default_assignment(scenario: Scenario) -> dict[str, Any]:
    """The assignment every creature makes by default (``scenario-format.md`` § 2.8), in the contract's shape.

    ``{"assignments": {...}, "blocker_assignments": {...}}``, each creature's
    entry for the first step in which it deals damage, plus
    ``second_step_assignments``/``second_step_blocker_assignments`` for double
    strikers (CR 510.4). Step two's defaults are made on the board the given
    step one leaves (after a default step one if the given one is illegal;
    none if the game ended, CR 104.3a). Zeros are omitted.

    :raises AssignmentError: if the scenario is not a combat.
    """
    two_steps, _first = plan_steps(scenario)
    if two_steps:
        run = _run(scenario, stop_at=2)
        if not run.legal:
            run = _run(scenario, defaults_only=True, stop_at=2)
    else:
        run = _run(scenario, defaults_only=True, stop_at=1)
    fulls = [am.complete_assignment(view, {}, {}) for _name, view, _given in run.views]
    return _split(run.views, fulls)


def _label(scenario: Scenario, ident: str) -> str:
    return scenario.state.permanent(ident).label


def _view_for(
    scenario: Scenario, creature: str, step: int | None
) -> tuple[CombatView, dict[str, dict[str, int]]]:
    """CR 510.4: the view of the asked step (``None``: the first in which ``creature`` deals damage), and the
    other attackers' assignments given for that step.

    Step two's view is the board after the scenario's given first step
    (defaults where missing); the other creatures' step-two entries are
    taken as given. With ``step=None`` only, a creature of step two whose
    given first step is illegal or ends the game is answered on the board
    after a first step made with defaults (the behaviour before ``step``
    existed).

    :raises AssignmentError: if the scenario is not a combat or ``creature`` is not in its combat.
    :raises StepError: if ``step`` is not 1, 2 or ``None``, if there is no such step, if ``creature``
        deals no combat damage in it, or (``step=2``) if the given first step is illegal.
    """
    event = _event(scenario)
    if creature not in event.combatants and creature not in event.entrants:
        raise AssignmentError(
            f"{creature} はこの戦闘の攻撃クリーチャーでもブロック・クリーチャーでもありません"
        )
    if step not in (None, 1, 2):
        raise StepError(f"戦闘ダメージ・ステップは 1 か 2 で指定してください (step={step!r})")
    two_steps, first_dealers = plan_steps(scenario)
    label = _label(scenario, creature)
    number = step if step is not None else (2 if two_steps and creature not in first_dealers else 1)
    if number == 1:
        if two_steps and creature not in first_dealers:
            raise StepError(
                f"{quoted(label)}は先制攻撃も二段攻撃も持たないので、第1戦闘ダメージ・ステップでは"
                "戦闘ダメージを割り振りません (510.4)"
            )
        state = scenario.state
        dealers = first_dealers if two_steps else frozenset(event.combatants)
        view = build_view(scenario, state, dealers)
        given = _given_for_step(
            scenario, state, view, number=1, first_dealers=first_dealers, two_steps=two_steps
        )
        _check_in_view(scenario, view, creature, number if two_steps else None)
        return view, given.assignments
    if not two_steps:
        raise StepError(
            "先制攻撃や二段攻撃を持つクリーチャーがいないので、戦闘ダメージ・ステップは1回だけです。"
            "第2戦闘ダメージ・ステップはありません (510.4)"
        )
    run = _run(scenario, stop_at=2)
    if len(run.views) < 2 and step is None:
        run = _run(scenario, defaults_only=True, stop_at=2)
    if len(run.views) < 2:
        if not run.legal:
            raise StepError(
                "第1戦闘ダメージ・ステップの割り振りが適正ではないので、第2戦闘ダメージ・ステップの盤面が"
                "決まりません。先に第1ステップの割り振りを直してください (510.1e)"
            )
        raise StepError(
            "第1戦闘ダメージ・ステップのあとゲームが終わったので、第2戦闘ダメージ・ステップはありません (104.3a)"
        )
    _name, view, given = run.views[1]
    _check_in_view(scenario, view, creature, 2, after_first=run.state)
    return view, given.assignments


def _check_in_view(
    scenario: Scenario,
    view: CombatView,
    creature: str,
    step: int | None,
    *,
    after_first: GameState | None = None,
) -> None:
    """CR 506.4, 510.4: make sure ``creature`` deals combat damage in ``view``'s step.

    :raises StepError: if it does not (it left the battlefield, or deals no damage in this step).
    """
    if any(a.attacker == creature for a in view.attacks) or any(b.blocker == creature for b in view.blocks):
        return
    label = _label(scenario, creature)
    if after_first is not None and after_first.permanent(creature).removed_from_combat:
        raise StepError(
            f"{quoted(label)}は第1戦闘ダメージ・ステップで再生して戦闘から取り除かれたので、第2戦闘ダメージ・ステップでは"
            "戦闘ダメージを割り振りません (506.4, 701.19a)"
        )
    if after_first is not None and not after_first.permanent(creature).on_battlefield:
        raise StepError(
            f"{quoted(label)}は第1戦闘ダメージ・ステップで戦場を離れたので、第2戦闘ダメージ・ステップでは"
            "戦闘ダメージを割り振りません (506.4, 510.4)"
        )
    if step == 2:
        raise StepError(
            f"{quoted(label)}は二段攻撃を持たず第1戦闘ダメージ・ステップで戦闘ダメージを割り振ったので、"
            "第2戦闘ダメージ・ステップでは割り振りません (510.4)"
        )
    raise StepError(f"{quoted(label)}は戦闘ダメージを割り振りません(戦闘から取り除かれています) (506.4)")


def recipients(scenario: Scenario, creature: str, *, step: int | None = None) -> tuple[str, ...]:
    """CR 510.1b-d, 702.19: whom ``creature`` may assign combat damage to at all in that step.

    Blockers still in combat first (as listed), then the attacked player,
    planeswalker or battle, then (trample over planeswalkers) that
    planeswalker's controller; for a blocker, the attackers it blocks that are
    still in combat. Conditions (lethal damage, loyalty) are not applied: see
    :func:`legal_assignments`. ``step`` as in :func:`count_assignments`.

    :raises AssignmentError: as :func:`count_assignments`.
    :raises StepError: as :func:`count_assignments`.
    """
    view, _given = _view_for(scenario, creature, step)
    return am.recipients_in_view(view, creature)


def legal_assignments(
    scenario: Scenario, attacker_id: str, *, step: int | None = None
) -> Iterator[dict[str, int]]:
    """Every legal assignment of one attacking (or blocking) creature, the others' held as given or default.

    Zeros omitted; order and caveats as :func:`rules_core.combat.assignment.legal_assignments_in_view`.
    ``step`` as in :func:`count_assignments`.

    :raises AssignmentError: as :func:`count_assignments`.
    :raises StepError: as :func:`count_assignments`.
    """
    view, given = _view_for(scenario, attacker_id, step)
    if scenario.era is not None and scenario.era.name == ORDER_ERA:
        return era_order.legal_in_view(view, attacker_id, given)
    return am.legal_assignments_in_view(view, attacker_id, given)


def count_assignments(scenario: Scenario, attacker_id: str, *, step: int | None = None) -> int:
    """How many legal assignments the creature has (closed form; see :func:`legal_assignments`).

    ``step`` (CR 510.4): ``None``, the first combat damage step in which the
    creature deals damage; ``1``, the first combat damage step (the only one
    when no creature has first strike or double strike); ``2``, the second,
    on the board the scenario's given first step leaves (``assignments``/
    ``blocker_assignments``, defaults where missing), the other creatures'
    step-two entries (``second_step_assignments``, ``assignments`` of
    creatures without first strike) held as given.

    :raises AssignmentError: if the scenario is not a combat, or the creature is not in its combat.
    :raises StepError: if the creature deals no combat damage in that step, if there is no such
        step, or (``step=2``) if the given first step is illegal.
    """
    view, given = _view_for(scenario, attacker_id, step)
    if scenario.era is not None and scenario.era.name == ORDER_ERA:
        return era_order.count_in_view(view, attacker_id, given)
    return am.count_assignments_in_view(view, attacker_id, given)


def declared_recipients(scenario: Scenario) -> Mapping[str, tuple[str, ...]]:
    """CR 510.1b-d, 702.19: :func:`recipients` of every attacking and blocking creature on the board as
    declared (before any combat damage step), from one view.

    What the board shows as each creature's columns in both steps: in the second step some of them may
    have left the battlefield (the board marks them; :func:`recipients` with ``step=2`` leaves them out).

    :raises AssignmentError: if the scenario is not a combat.
    """
    event = _event(scenario)
    view = build_view(scenario, scenario.state, frozenset(event.combatants))
    found = [*(a.attacker for a in view.attacks), *(b.blocker for b in view.blocks)]
    return {creature: am.recipients_in_view(view, creature) for creature in found}


def _each_in_step[T](
    scenario: Scenario,
    step: int | None,
    ask: Callable[[CombatView, str, Mapping[str, Mapping[str, int]]], T],
    *,
    attackers_only: bool = False,
) -> dict[str, T]:
    """``ask(view, creature, given)`` for every creature that deals combat damage in ``step`` (``None``:
    each in its first step), with one view per step (see :func:`count_all_assignments`)."""
    _event(scenario)
    if step not in (None, 1, 2):
        raise StepError(f"戦闘ダメージ・ステップは 1 か 2 で指定してください (step={step!r})")
    two_steps, first_dealers = plan_steps(scenario)
    found: dict[str, T] = {}

    def ask_in(view: CombatView, given: Mapping[str, Mapping[str, int]], skip: frozenset[str]) -> None:
        creatures = [a.attacker for a in view.attacks]
        if not attackers_only:
            creatures += [b.blocker for b in view.blocks]
        for creature in creatures:
            if creature not in found and creature not in skip:
                found[creature] = ask(view, creature, given)

    if step in (None, 1):
        dealers = first_dealers if two_steps else frozenset(_event(scenario).combatants)
        state = scenario.state
        view = build_view(scenario, state, dealers)
        given = _given_for_step(
            scenario, state, view, number=1, first_dealers=first_dealers, two_steps=two_steps
        )
        ask_in(view, given.assignments, frozenset())
        if step == 1 or not two_steps:
            return found
    if not two_steps:
        raise StepError(
            "先制攻撃や二段攻撃を持つクリーチャーがいないので、戦闘ダメージ・ステップは1回だけです。"
            "第2戦闘ダメージ・ステップはありません (510.4)"
        )
    run = _run(scenario, stop_at=2)
    if len(run.views) < 2 and step is None:
        run = _run(scenario, defaults_only=True, stop_at=2)
    if len(run.views) < 2:
        if step is None:
            return found
        if not run.legal:
            raise StepError(
                "第1戦闘ダメージ・ステップの割り振りが適正ではないので、第2戦闘ダメージ・ステップの盤面が"
                "決まりません。先に第1ステップの割り振りを直してください (510.1e)"
            )
        raise StepError(
            "第1戦闘ダメージ・ステップのあとゲームが終わったので、第2戦闘ダメージ・ステップはありません (104.3a)"
        )
    _name, view, second = run.views[1]
    # with step=None, only the creatures whose first damage step is the second (no first strike)
    ask_in(view, second.assignments, first_dealers if step is None else frozenset())
    return found


def count_all_assignments(scenario: Scenario, *, step: int | None = None) -> Mapping[str, int]:
    """:func:`count_assignments` of every creature that deals combat damage, each step's view built once.

    ``step``: ``1`` or ``2``, the creatures that assign in that step (CR 510.4); ``None``, each
    creature in the first step in which it deals damage (a double striker's first step), as
    :func:`count_assignments` with ``step=None`` answers. A creature that deals no combat damage in the
    asked step (it left combat, 506.4) is not in the mapping. For a board with many creatures this costs
    one view per step instead of one per creature.

    :raises AssignmentError: if the scenario is not a combat.
    :raises StepError: if ``step`` is not 1, 2 or ``None``, if there is no such step, or (``step=2``) if
        the given first step is illegal or ended the game.
    """
    if scenario.era is not None and scenario.era.name == ORDER_ERA:
        return _each_in_step(scenario, step, era_order.count_in_view)
    return _each_in_step(scenario, step, am.count_assignments_in_view)


def max_damage_all_assignments(
    scenario: Scenario, *, step: int | None = None
) -> Mapping[str, dict[str, int]]:
    """:func:`max_damage_assignment` of every attacking creature that deals combat damage in ``step``,
    each step's view built once (``step`` and errors as :func:`count_all_assignments`)."""
    if scenario.era is not None and scenario.era.name == ORDER_ERA:
        return _each_in_step(scenario, step, era_order.max_damage_in_view, attackers_only=True)
    return _each_in_step(scenario, step, am.max_damage_assignment_in_view, attackers_only=True)


def max_damage_assignment(scenario: Scenario, attacker_id: str, *, step: int | None = None) -> dict[str, int]:
    """The attacker's legal assignment dealing the most to the attacked player, planeswalker or battle.

    ``step`` as in :func:`count_assignments`; see
    :func:`rules_core.combat.assignment.max_damage_assignment_in_view`.

    :raises AssignmentError: as :func:`count_assignments`.
    :raises StepError: as :func:`count_assignments`.
    """
    view, given = _view_for(scenario, attacker_id, step)
    if scenario.era is not None and scenario.era.name == ORDER_ERA:
        return era_order.max_damage_in_view(view, attacker_id, given)
    return am.max_damage_assignment_in_view(view, attacker_id, given)


__all__ = [
    "Violation",
    "build_view",
    "check_assignment",
    "count_all_assignments",
    "count_assignments",
    "declared_recipients",
    "default_assignment",
    "legal_assignments",
    "max_damage_all_assignments",
    "max_damage_assignment",
    "plan_steps",
    "recipients",
    "resolve_combat",
]
