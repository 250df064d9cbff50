"""Combat damage on the stack: the rules current as of February 1, 2007 (era ``"2007"``).

310.1 of that file: the active player, then the defending player, announce how each creature assigns
its combat damage; "All assignments of combat damage go on the stack as a single object", and "the
active player gets priority and players may play spells and abilities". 310.2c-d: a blocked creature's
damage is "divided as its controller chooses" among its blockers (no order), and so is a blocker's.
310.4: "When it resolves, it's all dealt at once, as originally assigned"; 310.4a: even if the source
"is no longer in play, its power has changed, or the creature receiving damage has left combat";
310.4b: the source is the creature "as it most recently existed if it is no longer in play"; 310.4c:
damage assigned to a creature no longer in play, or no longer a creature, "isn't dealt". Toughness,
prevention and regeneration still count, because the damage has not been dealt yet.

:func:`resolve_2007` makes the assignment as today's engine does (free division and trample's lethal
damage are the same text, 310.2c and 502.9b), resolves ``on_stack_actions`` in order, then deals the
damage as assigned. A board whose combat has first strike or double strike resolves with today's two
steps (2007's 310.5 also had two), and its window actions are refused when it is parsed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from ..combat import assignment as am
from ..combat.steps import _assignment_stage as today_stage
from ..combat.steps import _run, _toughness_notes, plan_steps, resolve_combat
from ..damage.deal import deal_damage, state_based_stages
from ..document.scenario import CombatEvent, Scenario
from ..events.triggers import event_resolution
from ..model._frozen import FrozenMap
from ..model.effects import Effect, effect_label
from ..model.era_types import ERA_FILES, STACK_ERA, WindowAction
from ..model.state import GameState, Source, evolve
from ..model.trace import Change, Resolution, Stage, Step
from ..sba.zones import zone_rules

FILE: Final = ERA_FILES[STACK_ERA]
WINDOW_STEP: Final = "combat_damage_on_stack"


def cite(rule: str) -> str:
    """A rule of the 2007 file, as stages cite it (``"2007-02-01:310.4a"``)."""
    return f"{FILE}:{rule}"


def _extra(rules: list[str], extra: FrozenMap[str, Any] | None = None) -> FrozenMap[str, Any]:
    base = extra.to_dict() if extra else {}
    return FrozenMap({**base, "era": STACK_ERA, "era_rules": tuple(cite(r) for r in rules)})


def _assignment_stage(stage: Stage) -> Stage:
    """Today's assignment stage, told as 2007's: the assignment goes on the stack (310.1)."""
    notes = [
        n.replace(am.NO_ORDER_NOTE, "割り振る順番はありません (2007-02-01版 310.2c)")
        for n in stage.notes
        if "(510.2)" not in n
    ]
    notes.append(
        "2007年のルール：戦闘ダメージの割り振りはすべてひとつのオブジェクトとしてスタックに置かれ、アクティブ・"
        "プレイヤーが優先権を得ます (2007-02-01版 310.1)。割り振りは呪文でも能力でもないので打ち消せません (310.3)。"
        "現在のルールでは戦闘ダメージはスタックを用いず、割り振られるとすぐに与えられます (510.2)。"
    )
    rules = tuple(r for r in stage.rules if r != "510.2")
    return Stage(
        stage.stage,
        rules,
        tuple(notes),
        stage.changes,
        stage.events,
        _extra(["310.1", "310.2", "310.2a", "310.2c", "310.2d", "310.3"], stage.extra),
        stage.orders,
    )


def _by(action: WindowAction) -> str:
    return f"{action.name}により、" if action.name else ""


def _action_stage(
    scenario: Scenario, state: GameState, effects: tuple[Effect, ...], action: WindowAction
) -> tuple[GameState, tuple[Effect, ...], list[Stage]]:
    """One spell or ability resolving while combat damage is on the stack (310.1), then state-based actions."""
    notes: list[str] = []
    changes: list[Change] = []
    rules: list[str] = ["310.1"]
    later: list[Stage] = []
    if action.type == "effect":
        assert action.effect is not None
        effects = (*effects, action.effect)
        notes.append(
            f"戦闘ダメージがスタックにある間に{effect_label(action.effect, len(effects) - 1, state.label)}が生じます。ダメージはまだ与えられていない"
            "ので、この軽減や再生は戦闘ダメージに間に合います (2007-02-01版 310.1, 310.4)。現在のルールではこの"
            "タイミングはなく、ブロック・クリーチャー指定ステップのうちに使う必要があります (510.2)。"
        )
        return state, effects, [Stage("on_stack_action", (), tuple(notes), (), (), _extra(rules))]
    if action.type == "damage":
        assert action.source is not None and action.to is not None
        source = Source.of(state.permanent(action.source))
        outcome = deal_damage(
            state, effects, scenario.choices, [(source, action.to, action.amount)], combat=False
        )
        notes.append(
            f"{_by(action)}{state.label(action.source)}が{state.label(action.to)}に{action.amount}点のダメージを与えます"
            "(戦闘ダメージではありません)。戦闘ダメージはスタックで待っています (2007-02-01版 310.1)。"
        )
        stage = Stage("on_stack_action", (), tuple(notes), (), (), _extra(rules))
        return outcome.state, outcome.effects, [stage, *outcome.stages]
    assert action.creature is not None
    p = state.permanent(action.creature)
    by = _by(action)
    if not p.on_battlefield:
        notes.append(f"{p.label}はもう戦場にないので、{action.name or 'その効果'}は何もしません。")
        return state, effects, [Stage("on_stack_action", (), tuple(notes), (), (), _extra(rules))]
    if action.type == "pump":
        after = evolve(
            p, power=(p.power or 0) + action.power, toughness=(p.toughness or 0) + action.toughness
        )
        state = state.with_permanents({p.id: after})
        changes.append(
            Change(
                p.id,
                "power/toughness",
                f"{p.current_power}/{p.current_toughness}",
                f"{after.current_power}/{after.current_toughness}",
                "613.4c",
            )
        )
        notes.append(
            f"{by}{p.label}は{action.power:+d}/{action.toughness:+d}の修整を受け、{after.current_power}/"
            f"{after.current_toughness}になります。割り振りはもう決まっているので、パワーが変わっても与える"
            "ダメージは変わりません (2007-02-01版 310.4a)。タフネスの変化は、これから受けるダメージに効きます。"
            "現在のルールでは、割り振りのあとに修整する機会はありません (510.2)。"
        )
        rules.append("310.4a")
    else:
        zone = "hand" if action.type == "bounce" else "graveyard"
        if action.type == "destroy" and p.has("indestructible"):
            notes.append(f"{by}{p.label}を破壊しようとしますが、破壊不能なので破壊されません (702.12b)。")
            return state, effects, [Stage("on_stack_action", (), tuple(notes), (), (), _extra(rules))]
        state = state.with_permanents({p.id: evolve(p, zone=zone, deathtouch_damaged=False)})
        changes.append(
            Change(p.id, "zone", "battlefield", zone, "701.8a" if action.type == "destroy" else "701.21a")
        )
        verb = {"sacrifice": "生け贄に捧げられ", "destroy": "破壊され", "bounce": "オーナーの手札に戻り"}[
            action.type
        ]
        notes.append(
            f"{by}{p.label}は{verb}ます。戦闘から取り除かれますが (2007-02-01版 306.2)、スタック上の戦闘ダメージは"
            "割り振られたとおりに与えられます。このクリーチャーが割り振ったダメージも、最後に存在したときの"
            "情報を使って与えられます (310.4a, 310.4b)。このクリーチャーに割り振られたダメージは与えられません"
            " (310.4c)。現在のルールでは、戦闘ダメージを与える前に戦場を離れたクリーチャーは何も与えません (510.2)。"
        )
        rules += ["306.2", "310.4a", "310.4b", "310.4c"]
        if action.gain_life:
            who = p.controller
            player = state.player(who)
            state = state.with_players({who: replace(player, life=player.life + action.gain_life)})
            changes.append(Change(who, "life", player.life, player.life + action.gain_life, "119.3"))
            notes.append(f"{state.label(who)}は{action.gain_life}点のライフを得ます。")
    stage = Stage("on_stack_action", (), tuple(notes), tuple(changes), (), _extra(rules))
    state, sba = state_based_stages(
        state, zones=zone_rules(state, effects, scenario.choices.replacement_order)
    )
    later.extend(sba)
    return state, effects, [stage, *later]


def resolve_2007(scenario: Scenario) -> Resolution:
    """2007-02-01 rules 310.1-310.4c: assign, put the assignment on the stack, resolve the window's
    actions in order, then deal the damage as assigned."""
    today = replace(scenario, era=None)
    era = scenario.era
    assert era is not None
    two_steps, _first = plan_steps(today)
    if two_steps or not era.on_stack:
        return _told_as_2007(_run_today(today))
    run = _run(today, stop_at=1)
    _name, view, given = run.views[0]
    wrong, full_a, full_b = am.checked_assignment(view, given.assignments, given.blocker_assignments)
    violations = given.violations + wrong
    if violations:
        return Resolution(legal=False, steps=(), state=None, effects=None, violations=violations)
    state, effects = scenario.state, scenario.effects
    stage = _assignment_stage(
        today_stage(view, full_a, full_b, given, [], _toughness_notes(view, effects, state))
    )
    window: list[Stage] = [stage]
    for action in era.on_stack:
        state, effects, made = _action_stage(scenario, state, effects, action)
        window.extend(made)
    event = scenario.event
    assert isinstance(event, CombatEvent)
    damage: list[tuple[Source, str, int]] = []
    lost: list[str] = []
    for creature, amounts in (*full_a.items(), *full_b.items()):
        source = Source.of(state.permanent(creature))  # 310.4b: as it is now, or as it last existed
        for to, n in amounts.items():
            if n <= 0:
                continue
            if state.is_permanent(to) and not (
                state.permanent(to).on_battlefield and state.permanent(to).is_creature
            ):
                lost.append(f"{state.label(creature)}が{state.label(to)}に割り振った{n}点")
                continue
            damage.append((source, to, n))
    notes = [
        "スタック上の戦闘ダメージが解決され、割り振られたとおりにすべて同時に与えられます (2007-02-01版 310.4)。"
        "戦場を離れたクリーチャーやパワーが変わったクリーチャーのダメージも、割り振ったときのまま与えられます (310.4a, 310.4b)。"
    ]
    if lost:
        notes.append(
            f"{'、'.join(lost)}は、受け取るはずのクリーチャーが戦場にないので与えられません (2007-02-01版 310.4c)。"
        )
    resolve_stage = Stage(
        "combat_damage_resolves", (), tuple(notes), (), (), _extra(["310.4", "310.4a", "310.4b", "310.4c"])
    )
    outcome = deal_damage(
        state,
        effects,
        scenario.choices,
        damage,
        combat=True,
        in_combat=frozenset(event.combatants),
        blocking=frozenset(b for attack in event.attacks for b in attack.blockers),
    )
    steps = [Step(WINDOW_STEP, tuple(window))]
    step = Step("combat_damage", (resolve_stage, *outcome.stages))
    return event_resolution(scenario, before=state, outcome=outcome, step=step, combat=True, earlier=steps)


def _run_today(scenario: Scenario) -> Resolution:
    return resolve_combat(scenario)


def _told_as_2007(resolution: Resolution) -> Resolution:
    """A 2007 board with no window actions: the outcome is today's (nobody acted while the damage was on
    the stack); the assignment stages say where the 2007 rules differ."""
    if not resolution.legal:
        return resolution
    steps = tuple(
        Step(s.name, tuple(_assignment_stage(st) if st.stage == "assignment" else st for st in s.stages))
        for s in resolution.steps
    )
    return Resolution(legal=True, steps=steps, state=resolution.state, effects=resolution.effects)


__all__ = ["WINDOW_STEP", "cite", "resolve_2007"]
