"""CR 510.4, 702.4c-d, 702.7c, 506.4, 508.4d: the board changes between the two combat damage steps.

After the first-strike combat damage step (and the abilities it triggered), players get priority
(510.3); the scenario's ``between_steps`` say what they did. :func:`apply_between` applies them in
order, checks state-based actions (704.3), and returns the combat as the regular step sees it:

- a pump (+X/+Y) or a keyword gained or lost changes the creature; who deals damage in the regular step
  is still decided by 510.4: those that had neither first strike nor double strike as the first step
  began, and those that have double strike now (702.7c: first strike gained or lost now changes
  nothing; 702.4c-d: double strike lost or gained now does);
- a creature removed from combat or destroyed is out of combat (506.4); an attacker it blocked stays
  blocked (509.1h);
- a creature put onto the battlefield attacking is unblocked (508.4d); one put onto the battlefield
  blocking blocks that attacker, which becomes blocked (509.3c) — unless that attacker isn't attacking
  its controller or what they control or protect, when it is never a blocking creature (506.3e). Either
  deals combat damage in the regular step: it was not in combat, so it had neither first strike nor
  double strike as the first step began (510.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..damage.deal import DamageOutcome, state_based_stages
from ..document.scenario import Assignment, Attack, CombatEvent, Scenario
from ..events.triggers import reacts, scenario_follow_up
from ..model._frozen import FrozenMap
from ..model.effects import Effect
from ..model.ja import KEYWORD_JA
from ..model.state import GameState, evolve
from ..model.step_changes import StepChange
from ..model.trace import Change, Stage, Step
from ..sba.zones import create_tokens, to_graveyard, zone_rules

STEP_NAME = "between_steps"


def _by(change: StepChange) -> str:
    return f"{change.name}により、" if change.name else ""


def _attacked_player(state: GameState, attack: Attack) -> str:
    if state.is_player(attack.defender):
        return attack.defender
    return state.permanent(attack.defender).defending_player


def apply_between(
    scenario: Scenario, state: GameState, effects: tuple[Effect, ...], earlier: Sequence[Step] = ()
) -> tuple[Scenario, GameState, tuple[Effect, ...], tuple[Step, ...]]:
    """Apply ``event.between_steps`` to the board after the first step; the scenario's event becomes the
    combat of the regular step (who attacks, who blocks), a ``between_steps`` step explains it, and the
    abilities it triggered (a destroyed creature's "dies", CR 603.10a) resolve as ``trigger`` steps."""
    before = state
    event = scenario.event
    assert isinstance(event, CombatEvent)
    attacks = list(event.attacks)
    notes = [
        "第1戦闘ダメージ・ステップのあと、プレイヤーは優先権を得て呪文や能力を使える (510.3)。"
        "第2戦闘ダメージ・ステップの割り振りと適正さは、そのあとの盤面で決まる (510.4)。"
    ]
    rules = ["510.3", "510.4"]
    changes: list[Change] = []
    removed: set[str] = set()

    def add(rule: str) -> None:
        if rule not in rules:
            rules.append(rule)

    for change in event.between_steps:
        p = state.permanent(change.creature)
        by = _by(change)
        if change.type in ("enter_attacking", "enter_blocking"):
            entered = evolve(p, zone="battlefield")
            state = state.with_permanents({p.id: entered})
            changes.append(
                Change(
                    p.id,
                    "zone",
                    p.zone,
                    "battlefield",
                    "508.4d" if change.type == "enter_attacking" else "509.3c",
                )
            )
            if change.type == "enter_attacking":
                defender = change.defender or ""
                attacks.append(Attack(p.id, defender, (), False))
                notes.append(
                    f"{by}{p.sized()}が{state.label(defender)}を攻撃している状態で戦場に出る。"
                    "ブロックされていないクリーチャーとして出る (508.4d)。第1ステップの開始時には戦闘にいなかったので、"
                    "第2戦闘ダメージ・ステップで戦闘ダメージを割り振る (510.4)。"
                )
                add("508.4d")
                continue
            index = next(i for i, a in enumerate(attacks) if a.attacker == change.blocking)
            attack = attacks[index]
            if _attacked_player(state, attack) != p.controller:
                notes.append(
                    f"{by}{p.sized()}は戦場に出るが、{state.label(attack.attacker)}は{state.label(p.controller)}や"
                    "そのパーマネントを攻撃していないので、ブロック・クリーチャーにはならない (506.3e)。"
                )
                add("506.3e")
                continue
            attacks[index] = Attack(attack.attacker, attack.defender, (*attack.blockers, p.id), True)
            notes.append(
                f"{by}{p.sized()}が{state.label(attack.attacker)}をブロックしている状態で戦場に出る。"
                f"{state.label(attack.attacker)}はブロックされたクリーチャーになる (509.3c)。第2戦闘ダメージ・ステップで"
                "戦闘ダメージを割り振る (510.4)。"
            )
            add("509.3c")
            continue
        if not p.on_battlefield:
            notes.append(f"{p.label}はもう戦場にないので、{change.name or 'その効果'}は何もしない (608.2b)。")
            add("608.2b")
            continue
        if change.type == "pump":
            after = evolve(
                p, power=(p.power or 0) + change.power, toughness=(p.toughness or 0) + change.toughness
            )
            state = state.with_permanents({p.id: after})
            changes.append(
                Change(
                    p.id,
                    "power/toughness",
                    f"{p.current_power}/{p.current_toughness}",
                    f"{after.current_power}/{after.current_toughness}",
                    "510.4",
                )
            )
            notes.append(
                f"{by}{p.label}はターン終了時まで{change.power:+d}/{change.toughness:+d}の修整を受け、"
                f"{p.current_power}/{p.current_toughness}から{after.current_power}/{after.current_toughness}になる。"
            )
        elif change.type in ("gain_keyword", "lose_keyword"):
            keyword = change.keyword or ""
            gain = change.type == "gain_keyword"
            keywords = p.keywords | {keyword} if gain else p.keywords - {keyword}
            state = state.with_permanents({p.id: evolve(p, keywords=frozenset(keywords))})
            changes.append(Change(p.id, f"keyword.{keyword}", not gain, gain, "510.4"))
            word = KEYWORD_JA[keyword]
            notes.append(
                f"{by}{p.label}は{word}を{'得る' if gain else '失う'}。"
                + _keyword_why(keyword, gain, p.id, scenario)
            )
            add(_keyword_rule(keyword, gain))
        elif change.type == "remove_from_combat":
            removed.add(p.id)
            notes.append(
                f"{by}{p.label}は戦闘から取り除かれる。もう攻撃クリーチャーでもブロック・クリーチャーでもない (506.4)。"
            )
            add("506.4")
        else:  # destroy
            if p.has("indestructible"):
                notes.append(f"{by}{p.label}を破壊しようとするが、破壊不能なので破壊されない (702.12b)。")
                add("702.12b")
                continue
            moved = to_graveyard(
                state,
                p,
                "701.8a",
                zones=zone_rules(state, scenario.effects, scenario.choices.replacement_order),
            )
            state = state.with_permanents({p.id: moved.permanent})
            changes.append(moved.change)
            removed.add(p.id)
            if moved.notes:
                notes.append(f"{by}{p.label}は破壊される (701.8a)。戦闘から取り除かれる (506.4)。")
                notes.extend(moved.notes)
                for r in moved.rules:
                    add(r)
                state, made = create_tokens(state, moved.tokens)
                changes.extend(made)
            else:
                notes.append(
                    f"{by}{p.label}は破壊され、オーナーの墓地に置かれる (701.8a)。戦闘から取り除かれる (506.4)。"
                )
            add("701.8a")
            add("506.4")

    new_attacks: list[Attack] = []
    for a in attacks:
        if a.attacker in removed:
            continue
        blockers = tuple(b for b in a.blockers if b not in removed)
        if a.blockers and not blockers and a.attacker in {x.attacker for x in event.attacks}:
            notes.append(
                f"{state.label(a.attacker)}をブロックしていたクリーチャーはいなくなったが、"
                "ブロックされたクリーチャーのままである (509.1h)。"
            )
            add("509.1h")
        new_attacks.append(Attack(a.attacker, a.defender, blockers, a.blocked))
    in_combat = {a.attacker for a in new_attacks} | {b for a in new_attacks for b in a.blockers}

    def keep(assignment: Assignment) -> Assignment:
        return FrozenMap({c: d for c, d in assignment.items() if c in in_combat})

    regular = CombatEvent(
        attacks=tuple(new_attacks),
        assignments=keep(event.assignments),
        blocker_assignments=keep(event.blocker_assignments),
        second_step_assignments=keep(event.second_step_assignments),
        second_step_blocker_assignments=keep(event.second_step_blocker_assignments),
        between_steps=event.between_steps,
    )
    stage = Stage(STEP_NAME, tuple(rules), tuple(notes), tuple(changes))
    state, sba = state_based_stages(
        state, zones=zone_rules(state, effects, scenario.choices.replacement_order)
    )
    step = Step(STEP_NAME, (stage, *sba))
    regular_scenario = replace(scenario, event=regular)
    if not reacts(before):
        return regular_scenario, state, effects, (step,)
    steps, state, effects = scenario_follow_up(
        scenario,
        before=before,
        outcome=DamageOutcome(state, effects, step.stages, ()),
        step=step,
        combat=True,
        earlier=earlier,
    )
    return regular_scenario, state, effects, steps


def _keyword_rule(keyword: str, gain: bool) -> str:
    if keyword == "double_strike":
        return "702.4d" if gain else "702.4c"
    if keyword == "first_strike":
        return "702.7c"
    return "510.4"


def _keyword_why(keyword: str, gain: bool, creature: str, scenario: Scenario) -> str:
    """Why the keyword changes (or doesn't change) the creature's part in the regular step."""
    start = scenario.state.permanent(creature)
    had_first = start.has("first_strike") or start.has("double_strike")
    if keyword == "double_strike":
        if gain and had_first:
            return "第1ステップで戦闘ダメージを与えていても、第2戦闘ダメージ・ステップでも割り振る (702.4d)。"
        if not gain:
            return "第2戦闘ダメージ・ステップでは戦闘ダメージを割り振らない (702.4c)。"
        return "第1ステップの開始時に先制攻撃も二段攻撃もなかったので、第2戦闘ダメージ・ステップで割り振る (510.4)。"
    if keyword == "first_strike":
        if gain and not had_first:
            return "それでも第2戦闘ダメージ・ステップで戦闘ダメージを割り振る (702.7c)。"
        if not gain and had_first:
            return "すでに第1ステップで割り振ったので、二段攻撃がない限り第2戦闘ダメージ・ステップでは割り振らない (702.7c)。"
        return "どのステップで割り振るかは変わらない (510.4)。"
    return ""
