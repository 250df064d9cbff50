"""CR 701.14, 120.2b, 120.4a: several creatures dealing damage equal to their power in one noncombat event.

A fight (701.14a: each of two creatures deals damage equal to its power to the other), a "bite" (one
creature deals damage equal to its power to another, one-sided) and "each creature deals damage equal
to its power to …" are each one damage event with several sources: the damage is dealt at the same
time through the four parts of 120.4 (so 120.4a's "damage from other sources that would be dealt at
the same time" counts), each source keeping its own deathtouch and lifelink (702.2b, 702.15b, 702.15e).
None of it is combat damage (701.14d).
"""

from __future__ import annotations

from ..damage.deal import deal_damage
from ..document.scenario import PowerDamageEvent, Scenario
from ..model.state import GameState, Source
from ..model.trace import Resolution, Stage, Step
from .targeting import illegal_targets, until_resolution
from .triggers import event_resolution


def _absent(state: GameState, ident: str, gone: tuple[str, ...]) -> str | None:
    """Why ``ident`` can't take part (CR 701.14b, 608.2b), or None."""
    if ident in gone:
        return "もう戦場にない"
    if state.is_permanent(ident):
        p = state.permanent(ident)
        if not p.is_creature:
            return "クリーチャーではない"
        if not p.on_battlefield:  # left in response to the spell (§ 14.4)
            return "もう戦場にない"
    return None


def resolve_power_event(scenario: Scenario, event: PowerDamageEvent) -> Resolution:
    """Resolve a ``fight``, ``bite`` or ``power_damage`` event (CR 701.14, 120.4), then what it triggered."""
    if event.spell is None:
        return _resolve(scenario, event, scenario.state, ())
    return _resolve_targeted(scenario, event, event.spell)


def _resolve_targeted(scenario: Scenario, event: PowerDamageEvent, spell: Source) -> Resolution:
    """拡張 (§ 14.4): a fight or bite spell with targets — checked as it is cast (the parser: 601.2c), ward
    (702.21a), the responses, and again as it resolves (608.2b). A fight with an illegal target deals no damage at
    all (701.14b); a bite likewise (the official ruling on 《狂気の一咬み》: if either target is illegal as it
    resolves, the creature you control deals no damage)."""
    state, stages, countered = until_resolution(
        scenario.state, spell, event.targets, event.ward_paid, event.in_response
    )
    if countered:
        return Resolution(
            legal=True, steps=(Step("damage", tuple(stages)),), state=state, effects=scenario.effects
        )
    illegal = illegal_targets(state, spell, event.targets)
    if event.targets:
        stages.append(_resolution_check(state, event, spell, illegal))
    if illegal:
        return Resolution(
            legal=True, steps=(Step("damage", tuple(stages)),), state=state, effects=scenario.effects
        )
    return _resolve(scenario, event, state, tuple(stages))


def _resolution_check(
    state: GameState, event: PowerDamageEvent, spell: Source, illegal: list[tuple[str, str, str]]
) -> Stage:
    """CR 608.2b: the fight or bite spell's targets checked again as it resolves."""
    if not illegal:
        return Stage(
            "608.2b",
            ("608.2b",),
            (f"{spell.label}の解決時に対象を確認します。対象はすべて適正なままです (608.2b)。",),
        )
    rules = ["608.2b"]
    notes: list[str] = []
    for ident, rule, why in illegal:
        if rule not in rules:
            rules.append(rule)
        notes.append(
            f"{state.who(ident)}は{why}。{spell.label}の対象として不正になりました ({rule}, 608.2b)。"
        )
    if len(illegal) == len(event.targets):
        notes.append(
            f"{spell.label}の対象はすべて不正になったので、{spell.label}は解決されません。何も起こりません (608.2b)。"
        )
    elif event.type == "fight":
        rules.append("701.14b")
        notes.append(
            f"{spell.label}は残りの対象に対して解決されますが、格闘を指示された対象の一方が不正なので、"
            "どちらのクリーチャーも格闘を行わず、ダメージを与えません (701.14b, 608.2b)。"
        )
    else:
        notes.append(
            f"{spell.label}は残りの対象に対して解決されますが、対象の一方が不正なので、ダメージを与えるはずの"
            "クリーチャーはダメージを与えません(《狂気の一咬み》の公式ルーリング)。不正な対象は呪文の影響を"
            "受けないので、そのクリーチャーが与えることも、そのクリーチャーに与えることも起こりません (608.2b)。"
        )
    return Stage("608.2b", tuple(rules), tuple(notes))


def _resolve(
    scenario: Scenario, event: PowerDamageEvent, state: GameState, before: tuple[Stage, ...]
) -> Resolution:
    by = f"{event.name}の指示で、" if event.name else ""
    notes: list[str] = []
    rules: list[str] = []
    damage: list[tuple[Source, str, int]] = []
    if event.type == "fight":
        rules = ["701.14a", "701.14d"]
        names = "と".join(dict.fromkeys(state.who(a) for a, _b in event.pairs))
        if len(event.pairs) == 1:
            rules.append("701.14c")
            notes.append(
                f"{by}{names}は自分自身と格闘を行うので、自分のパワーの2倍のダメージを自分に与えます (701.14c)。"
            )
        else:
            notes.append(
                f"{by}{names}が格闘を行います：それぞれが自分のパワーに等しい点数のダメージを相手に与えます (701.14a)。"
            )
        missing = [(x, why) for a, _b in event.pairs for x in (a,) if (why := _absent(state, x, event.gone))]
        if missing:
            rules.append("701.14b")
            for x, why in missing:
                notes.append(
                    f"{state.label(x)}は{why}ので、どちらも格闘を行わず、ダメージを与えません (701.14b)。"
                )
        else:
            for a, b in event.pairs:
                power = state.permanent(a).current_power * (2 if a == b else 1)
                damage.append((Source.of(state.permanent(a)), b, max(0, power)))
    else:
        rules = ["120.2b"]
        what = "それぞれ" if event.type == "power_damage" and len(event.pairs) > 1 else ""
        for a, b in event.pairs:
            source_why = _absent(state, a, event.gone)
            why = source_why or ("もう戦場にない" if b in event.gone else None)
            if why:
                culprit = a if source_why else b
                notes.append(
                    f"{state.label(culprit)}は{why}ので、{state.label(a)}は{state.label(b)}にダメージを与えません (608.2b)。"
                )
                if "608.2b" not in rules:
                    rules.append("608.2b")
                continue
            damage.append((Source.of(state.permanent(a)), b, max(0, state.permanent(a).current_power)))
        if damage:
            sources = "、".join(state.who(s.id or "") for s, _to, _n in damage)
            notes.insert(
                0,
                f"{by}{sources}が{what}自分のパワーに等しい点数のダメージを{state.who(damage[0][1])}に与えます。"
                "呪文や能力によるダメージで、戦闘ダメージではありません (120.2b)。",
            )
    for source, _to, n in damage:
        if n <= 0:
            notes.append(f"{state.who(source.id or '')}はパワーが0以下なので、ダメージを与えません (120.8)。")
            if "120.8" not in rules:
                rules.append("120.8")
    if len(damage) > 1:
        notes.append(
            "これらのダメージは同時に与えられ、1つのダメージのイベントとして120.4の手順で処理されます (120.4a)。"
        )
        rules.append("120.4a")
    head = Stage(event.type if event.type != "fight" else "701.14", tuple(rules), tuple(notes))
    if not damage:
        return Resolution(
            legal=True, steps=(Step("damage", (*before, head)),), state=state, effects=scenario.effects
        )
    outcome = deal_damage(
        state, scenario.effects, scenario.choices, damage, combat=False, excess_to=event.excess_to
    )
    return event_resolution(
        scenario,
        before=state,
        outcome=outcome,
        step=Step("damage", (*before, head, *outcome.stages)),
        combat=False,
    )
