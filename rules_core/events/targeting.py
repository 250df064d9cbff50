"""CR 601.2c, 702.21a, 608.2b: a non-combat damage spell or ability with targets, from the stack to its damage.

The parser has already refused a target that was illegal as the spell was cast (601.2c). Here the
spell's way through the stack is staged:

1. ``601.2c``: which recipients are targets, which are dealt damage without being targeted (115.10a);
2. ``702.21a``: each targeted permanent with ward, targeted by an opponent, triggers; its ability is put
   on the stack above the spell and resolves first (405.2, 405.5). Unpaid, the spell is countered
   (701.6a): nothing more of the event happens;
3. ``in_response``: what the players did while the spell waited (a creature given hexproof or
   protection, sacrificed...), each resolving before the spell (405.5);
4. ``608.2b``: as it resolves, the spell checks its targets again. An illegal target is dealt none of
   its damage, and the damage divided among the others stays as divided; if every target is illegal,
   the spell doesn't resolve at all, and nothing else of it happens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..damage.deal import deal_damage
from ..document.scenario import DamageSpec, NoncombatEvent, Scenario
from ..model import protection as pr
from ..model.ja import KEYWORD_JA
from ..model.state import GameState, Permanent, Player, Source, evolve
from ..model.targets import Response, ward_triggers, why_untargetable
from ..model.trace import Change, Resolution, Stage, Step
from .triggers import delayed_created, event_resolution

_ZONE_WORD = {"graveyard": "墓地に置かれました", "exile": "追放されました", "hand": "手札に戻りました"}


def _recipient(state: GameState, ident: str) -> Permanent | Player:
    return state.permanent(ident) if state.is_permanent(ident) else state.player(ident)


def _cast_stage(state: GameState, event: NoncombatEvent, spell: Source) -> Stage:
    targets = [d.to for d in event.damage if d.target]
    others = [d.to for d in event.damage if not d.target]
    notes: list[str] = []
    rules = ["601.2c", "115.1"]
    if targets:
        notes.append(
            f"{spell.label}の対象は{'、'.join(state.who(t) for t in targets)}です。"
            "対象は呪文を唱えるとき(能力ならスタックに置くとき)に選ばれ、その時点で適正でなければなりません (601.2c, 115.1)。"
        )
    else:
        notes.append(f"{spell.label}は何も対象にとりません (115.1)。")
    if others:
        rules.append("115.10a")
        notes.append(
            f"{'、'.join(state.who(t) for t in others)}には対象をとらずにダメージを与えます(「それぞれの」など)。"
            "対象ではないので、呪禁・被覆・プロテクションによる対象の制限は関係ありません (115.10a)。"
        )
    return Stage("601.2c", tuple(rules), tuple(notes))


def _ward_stage(state: GameState, event: NoncombatEvent, spell: Source) -> tuple[Stage | None, bool]:
    """The ward abilities the targets trigger, resolved; ``(stage, countered)``."""
    return ward_stage(state, spell, [(d.to, d.ward_paid) for d in event.damage if d.target])


def ward_stage(
    state: GameState, spell: Source, targets: Sequence[tuple[str, bool]]
) -> tuple[Stage | None, bool]:
    """CR 702.21a: each target ``(id, ward paid)`` whose ward triggers, resolved first (405.5);
    ``(stage, countered)``."""
    notes: list[str] = []
    countered = False
    for ident, paid in targets:
        target = _recipient(state, ident)
        if not ward_triggers(target, spell, state.teams):
            continue
        assert isinstance(target, Permanent) and target.ward is not None
        payer = state.label(spell.controller)
        notes.append(
            f"{target.label}が対戦相手の{spell.label}の対象になったので、護法({target.ward})が誘発します。"
            f"この誘発型能力は{spell.label}の上に置かれ、先に解決されます (702.21a, 405.5)。"
        )
        if paid:
            notes.append(
                f"{payer}は護法のコスト({target.ward})を支払ったので、{spell.label}は打ち消されません (702.21a)。"
            )
        else:
            countered = True
            notes.append(
                f"{payer}は護法のコスト({target.ward})を支払わなかったので、{spell.label}は打ち消されます。"
                "打ち消された呪文や能力は解決されず、その効果はどれも起こりません (702.21a, 701.6a)。"
            )
    if not notes:
        return None, False
    rules = ("702.21a", "405.5", "701.6a") if countered else ("702.21a", "405.5")
    return Stage("702.21a", rules, tuple(notes)), countered


def announce_targets(state: GameState, spell: Source, targets: Sequence[str], rule: str = "601.2c") -> Stage:
    """The stage naming the targets chosen as the spell is cast (601.2c) or the ability put on the stack
    (603.3d)."""
    when = "呪文を唱えるとき" if rule == "601.2c" else "能力をスタックに置くとき"
    return Stage(
        rule,
        (rule, "115.1"),
        (
            f"{spell.label}の対象は{'、'.join(state.who(t) for t in targets)}です。"
            f"対象は{when}に選ばれ、その時点で適正でなければなりません ({rule}, 115.1)。",
        ),
    )


def illegal_targets(state: GameState, spell: Source, targets: Sequence[str]) -> list[tuple[str, str, str]]:
    """CR 608.2b: the targets that are illegal as the spell or ability resolves, ``(id, rule, why)``."""
    out: list[tuple[str, str, str]] = []
    for ident in targets:
        why = why_untargetable(_recipient(state, ident), spell, state.teams)
        if why is not None:
            out.append((ident, *why))
    return out


def until_resolution(
    state: GameState,
    spell: Source,
    targets: Sequence[str],
    ward_paid: Sequence[str],
    responses: tuple[Response, ...],
) -> tuple[GameState, list[Stage], bool]:
    """From casting a targeted spell to its resolution: the targets chosen (601.2c), ward (702.21a) and the
    responses (405.5). Returns the state then, the stages, and whether an unpaid ward countered the spell
    (then nothing further happens)."""
    stages: list[Stage] = []
    if targets:
        stages.append(announce_targets(state, spell, targets))
    ward, countered = ward_stage(state, spell, [(t, t in ward_paid) for t in targets])
    if ward is not None:
        stages.append(ward)
    if countered:
        return state, stages, True
    if responses:
        state, responded = _respond(state, responses)
        stages.append(responded)
    return state, stages, False


def _respond(state: GameState, responses: tuple[Response, ...]) -> tuple[GameState, Stage]:
    """Apply what the players did while the spell waited on the stack (each resolved before it, 405.5)."""
    notes: list[str] = []
    changes: list[Change] = []
    for r in responses:
        by = f"{r.name}により、" if r.name else ""
        if r.type == "gain_protection" and state.is_player(r.object):
            player = state.player(r.object)
            quality = r.quality or ""
            if quality not in player.protection:
                protection = pr.sort_qualities((*player.protection, quality))
                state = state.with_players({player.id: replace(player, protection=protection)})
            notes.append(f"{by}{player.label}は{pr.label([quality], state.label)}を得ました。")
            changes.append(Change(player.id, f"protection.{quality}", False, True, "611.2a"))
            continue
        permanent = state.permanent(r.object)
        if not permanent.on_battlefield:
            notes.append(f"{permanent.label}はもう戦場にないので、{by}何も変わりません (400.7)。")
            continue
        if r.type == "gain_keyword":
            keyword = r.keyword or ""
            if keyword not in permanent.keywords:
                state = state.with_permanents(
                    {permanent.id: evolve(permanent, keywords=permanent.keywords | {keyword})}
                )
                changes.append(Change(permanent.id, f"keyword.{keyword}", False, True, "611.2a"))
            notes.append(f"{by}{permanent.label}は{KEYWORD_JA.get(keyword, keyword)}を得ました。")
        elif r.type == "gain_protection":
            quality = r.quality or ""
            if quality not in permanent.protection:
                state = state.with_permanents(
                    {
                        permanent.id: evolve(
                            permanent, protection=pr.sort_qualities((*permanent.protection, quality))
                        )
                    }
                )
                changes.append(Change(permanent.id, f"protection.{quality}", False, True, "611.2a"))
            notes.append(f"{by}{permanent.label}は{pr.label([quality], state.label)}を得ました。")
        else:
            zone = r.zone or "graveyard"
            state = state.with_permanents({permanent.id: evolve(permanent, zone=zone)})
            changes.append(Change(permanent.id, "zone", "battlefield", zone, "400.7"))
            notes.append(f"{by}{permanent.label}は戦場を離れ、{_ZONE_WORD[zone]} (400.7)。")
    notes.insert(
        0,
        "この呪文や能力がスタックにある間に、プレイヤーは優先権を得て呪文や能力を使えます。"
        "あとから使われたものが先に解決されます (117.3c, 405.5)。",
    )
    return state, Stage("in_response", ("117.3c", "405.5"), tuple(notes), tuple(changes))


def _resolution_check(
    state: GameState, event: NoncombatEvent, spell: Source
) -> tuple[Stage, list[DamageSpec], bool]:
    """CR 608.2b: the targets checked again as the spell resolves; ``(stage, damage dealt, resolves)``."""
    notes: list[str] = []
    rules = ["608.2b"]
    kept: list[DamageSpec] = []
    legal_targets = 0
    targets = 0
    for d in event.damage:
        who = state.who(d.to)
        if d.target:
            targets += 1
            why = why_untargetable(_recipient(state, d.to), spell, state.teams)
            if why is None:
                legal_targets += 1
                kept.append(d)
                continue
            rule, reason = why
            if rule not in rules:
                rules.append(rule)
            notes.append(
                f"{who}は{reason}。{spell.label}の対象として不正になったので、"
                f"{d.amount}点のダメージは与えられません ({rule}, 608.2b)。"
            )
        elif state.is_permanent(d.to) and not state.permanent(d.to).on_battlefield:
            notes.append(f"{who}はもう戦場にないので、ダメージを与えられません (400.7)。")
        else:
            kept.append(d)
    resolves = legal_targets > 0 or targets == 0
    if not resolves:
        notes.append(
            f"{spell.label}の対象はすべて不正になったので、{spell.label}は解決されません。"
            "スタックから取り除かれ、ダメージもほかの効果も何も起こりません (608.2b)。"
        )
        kept = []
    elif len(notes) == 0:
        notes.append(f"{spell.label}の解決時に対象を確認します。対象はすべて適正なままです (608.2b)。")
    elif targets > 1:
        notes.append(
            "残りの対象は適正なので、呪文は解決されます。唱えるときに決めたダメージの割り振りは変わりません。"
            "不正になった対象の分がほかの対象に移ることはありません (608.2b, 601.2d)。"
        )
    return Stage("608.2b", tuple(rules), tuple(notes)), kept, resolves


def resolve_targeted(scenario: Scenario, event: NoncombatEvent, spell: Source) -> Resolution:
    """Resolve a non-combat damage event that has targets or changes in response (``event.targeted``)."""
    state = scenario.state
    stages = [_cast_stage(state, event, spell)]
    ward, countered = _ward_stage(state, event, spell)
    if ward is not None:
        stages.append(ward)
    if countered:
        return Resolution(
            legal=True, steps=(Step("damage", tuple(stages)),), state=state, effects=scenario.effects
        )
    if event.in_response:
        state, responded = _respond(state, event.in_response)
        stages.append(responded)
    check, kept, resolves = _resolution_check(state, event, spell)
    stages.append(check)
    if not resolves or not kept:
        return Resolution(
            legal=True, steps=(Step("damage", tuple(stages)),), state=state, effects=scenario.effects
        )
    if event.delayed is not None:  # made as the spell resolves, so only when it does (603.7a)
        made = delayed_created(scenario)
        if made is not None:
            stages.append(made)
    outcome = deal_damage(
        state,
        scenario.effects,
        scenario.choices,
        [(spell, d.to, d.amount) for d in kept],
        combat=False,
        excess_to=event.excess_to,
        cant_be_prevented=event.cant_be_prevented,
        cant_be_regenerated=event.cant_be_regenerated,
    )
    return event_resolution(
        scenario,
        before=state,
        outcome=outcome,
        step=Step("damage", (*stages, *outcome.stages)),
        combat=False,
    )


__all__ = ["announce_targets", "illegal_targets", "resolve_targeted", "until_resolution", "ward_stage"]
