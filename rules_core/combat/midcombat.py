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

from ..damage.deal import DamageOutcome, deal_damage, state_based_stages
from ..document.scenario import Assignment, Attack, CombatEvent, Scenario
from ..events.triggers import reacts, scenario_follow_up
from ..model._frozen import FrozenMap
from ..model.effects import Effect
from ..model.ja import KEYWORD_JA
from ..model.state import GameState, Permanent, Source, evolve
from ..model.step_changes import StepChange
from ..model.trace import Change, Stage, Step
from ..sba.multiplayer import game_goes_on, noted
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
    combat of the regular step (who attacks, who blocks), ``between_steps`` steps explain it, and the
    abilities it triggered (a destroyed creature's "dies", CR 603.10a) resolve as ``trigger`` steps.

    The changes up to a damage spell make one step (its state-based actions checked once, 704.3); the
    spell is a step of its own with its 120.4 stages and 704, then the next changes (CR 510.3, 608.2).
    """
    event = scenario.event
    assert isinstance(event, CombatEvent)
    run = _Between(scenario, state, effects, list(earlier))
    for change in event.between_steps:
        if not run.goes_on():
            run.note_end()
            break
        if change.type == "damage":
            run.flush()
            if run.goes_on():
                run.damage(change)
            continue
        run.apply(change)
    else:
        run.flush(last=True)
    return run.regular(), run.state, run.effects, tuple(run.steps)


class _Between:
    """The board while the changes between the steps happen, and the steps made so far."""

    def __init__(
        self, scenario: Scenario, state: GameState, effects: tuple[Effect, ...], earlier: list[Step]
    ) -> None:
        event = scenario.event
        assert isinstance(event, CombatEvent)
        self.scenario = scenario
        self.event = event
        self.state = state
        self.effects = effects
        self.earlier = earlier
        self.steps: list[Step] = []
        self.attacks = list(event.attacks)
        self.removed: set[str] = set()
        self.notes: list[str] = [
            "第1戦闘ダメージ・ステップのあと、プレイヤーは優先権を得て呪文や能力を使えます (510.3)。"
            "第2戦闘ダメージ・ステップの割り振りと適正さは、そのあとの盤面で決まります (510.4)。"
        ]
        self.rules: list[str] = ["510.3", "510.4"]
        self.changes: list[Change] = []
        self.segment_before = state
        self.pending = False
        """Changes not yet in a step (the first step always carries the opening note)."""

    def add(self, rule: str) -> None:
        if rule not in self.rules:
            self.rules.append(rule)

    def goes_on(self) -> bool:
        return game_goes_on(self.state)

    def note_end(self) -> None:
        self.flush()
        last = self.steps[-1]
        self.steps[-1] = Step(
            last.name,
            (
                *last.stages[:-1],
                noted(
                    last.stages[-1],
                    ["ゲームが終わったので、ステップの間のこれ以降の変化は起こりません (104.2a)。"],
                ),
            ),
        )

    def _follow(self, before: GameState, outcome: DamageOutcome, step: Step, *, combat: bool) -> None:
        if not reacts(before):
            self.steps.append(step)
            self.state, self.effects = outcome.state, outcome.effects
            return
        made, self.state, self.effects = scenario_follow_up(
            self.scenario,
            before=before,
            outcome=outcome,
            step=step,
            combat=combat,
            earlier=[*self.earlier, *self.steps],
        )
        self.steps.extend(made)

    def flush(self, *, last: bool = False) -> None:
        """The changes so far as one step, with the state-based actions after them (704.3)."""
        if not self.pending and not (last and not self.steps):
            return
        stage = Stage(STEP_NAME, tuple(self.rules), tuple(self.notes), tuple(self.changes))
        state, sba = state_based_stages(
            self.state, zones=zone_rules(self.state, self.effects, self.scenario.choices.replacement_order)
        )
        step = Step(STEP_NAME, (stage, *sba))
        self._follow(
            self.segment_before, DamageOutcome(state, self.effects, step.stages, ()), step, combat=True
        )
        self.notes, self.rules, self.changes = [], ["510.3"], []
        self.segment_before = self.state
        self.pending = False

    def in_combat(self) -> frozenset[str]:
        ids = {a.attacker for a in self.attacks if a.attacker not in self.removed}
        ids.update(b for a in self.attacks for b in a.blockers if b not in self.removed)
        return frozenset(ids)

    def damage(self, change: StepChange) -> None:
        """A spell or ability dealing noncombat damage between the steps (CR 510.3, 120.2b, 608.2b)."""
        state = self.state
        source = (
            change.source
            if isinstance(change.source, Source)
            else Source.of(state.permanent(change.source or ""))
        )
        name = change.name or source.label
        notes = [*self.notes]
        rules = [*self.rules, "608.2"]
        if state.player(source.controller).left:  # CR 800.4a: its controller's objects left with them
            notes.append(
                f"{name}のコントローラーの{state.label(source.controller)}はゲームから除外されているので、"
                f"{name}は消滅していて、解決しません (800.4a)。"
            )
            self.steps.append(Step(STEP_NAME, (Stage(STEP_NAME, (*rules, "800.4a"), tuple(notes)),)))
            self._reset()
            return
        legal: list[tuple[Source, str, int]] = []
        for to, amount in change.damage:
            gone = state.player(to).left if state.is_player(to) else not state.permanent(to).on_battlefield
            if gone:
                where = "ゲームから除外されている" if state.is_player(to) else "もう戦場にない"
                notes.append(f"{state.label(to)}は{where}ので、{name}はそれにダメージを与えません (608.2b)。")
                if "608.2b" not in rules:
                    rules.append("608.2b")
                continue
            legal.append((source, to, amount))
        if not legal:
            notes.append(f"{name}の対象はすべて不適正なので、{name}は解決しません (608.2b)。")
            self.steps.append(Step(STEP_NAME, (Stage(STEP_NAME, tuple(rules), tuple(notes)),)))
            self._reset()
            return
        listed = "、".join(f"{state.who(to)}に{amount}点" for _s, to, amount in legal)
        notes.append(
            f"{name}が解決し、{listed}のダメージを与えます。戦闘ダメージではありません (120.2b)。"
            "このダメージも120.4の手順で処理され、そのあと状況起因処理が行われます (704.3)。"
        )
        intro = Stage(STEP_NAME, (*rules, "120.2b"), tuple(notes))
        in_combat = self.in_combat()
        blocking = frozenset(b for a in self.attacks for b in a.blockers if b in in_combat)
        outcome = deal_damage(
            state,
            self.effects,
            self.scenario.choices,
            legal,
            combat=False,
            in_combat=in_combat,
            blocking=blocking,
        )
        step = Step(STEP_NAME, (intro, *outcome.stages))
        self._follow(state, outcome, step, combat=False)
        self._reset()

    def _reset(self) -> None:
        self.notes, self.rules, self.changes = [], ["510.3"], []
        self.segment_before = self.state
        self.pending = False

    def _to_hand(self, p: Permanent, rule: str) -> None:
        """CR 400.7, 506.4: ``p`` goes to its owner's hand: a new object there, out of combat, its damage
        and counters gone with the old one."""
        after = evolve(
            p,
            zone="hand",
            damage=0,
            plus_counters=0,
            minus_counters=0,
            shield_counters=0,
            deathtouch_damaged=False,
            tapped=False,
            removed_from_combat=False,
        )
        self.state = self.state.with_permanents({p.id: after})
        self.changes.append(Change(p.id, "zone", "battlefield", "hand", rule))
        if p.damage:
            self.changes.append(Change(p.id, "damage", p.damage, 0, "400.7"))
        self.removed.add(p.id)
        self.add("400.7")
        self.add("506.4")

    def apply(self, change: StepChange) -> None:
        self.pending = True
        state = self.state
        p = state.permanent(change.creature)
        by = _by(change)
        if change.type == "ninjutsu":
            self._ninjutsu(change, p)
            return
        if change.type in ("enter_attacking", "enter_blocking"):
            self._enter(change, p, by)
            return
        if not p.on_battlefield:
            self.notes.append(
                f"{p.label}はもう戦場にないので、{change.name or 'その効果'}は何もしません (608.2b)。"
            )
            self.add("608.2b")
            return
        if change.type == "pump":
            after = evolve(
                p, power=(p.power or 0) + change.power, toughness=(p.toughness or 0) + change.toughness
            )
            self.state = state.with_permanents({p.id: after})
            self.changes.append(
                Change(
                    p.id,
                    "power/toughness",
                    f"{p.current_power}/{p.current_toughness}",
                    f"{after.current_power}/{after.current_toughness}",
                    "510.4",
                )
            )
            self.notes.append(
                f"{by}{p.label}はターン終了時まで{change.power:+d}/{change.toughness:+d}の修整を受け、"
                f"{p.current_power}/{p.current_toughness}から{after.current_power}/{after.current_toughness}になります。"
            )
        elif change.type in ("gain_keyword", "lose_keyword"):
            keyword = change.keyword or ""
            gain = change.type == "gain_keyword"
            keywords = p.keywords | {keyword} if gain else p.keywords - {keyword}
            self.state = state.with_permanents({p.id: evolve(p, keywords=frozenset(keywords))})
            self.changes.append(Change(p.id, f"keyword.{keyword}", not gain, gain, "510.4"))
            word = KEYWORD_JA[keyword]
            self.notes.append(
                f"{by}{p.label}は{word}を{'得ます' if gain else '失います'}。"
                + _keyword_why(keyword, gain, p.id, self.scenario)
            )
            self.add(_keyword_rule(keyword, gain))
        elif change.type == "remove_from_combat":
            self.removed.add(p.id)
            self.notes.append(
                f"{by}{p.label}は戦闘から取り除かれます。もう攻撃クリーチャーでもブロック・クリーチャーでもありません (506.4)。"
            )
            self.add("506.4")
        elif change.type == "return_to_hand":
            self._to_hand(p, "400.7")
            self.notes.append(
                f"{by}{p.label}はオーナーの手札に戻ります。戦場を離れたので戦闘から取り除かれ (506.4)、"
                "あとで戦場に戻っても、以前とは関係のない新しいオブジェクトになります。"
                "負っていたダメージやカウンターも残りません (400.7)。"
            )
        else:  # destroy
            if p.has("indestructible"):
                self.notes.append(
                    f"{by}{p.label}を破壊しようとするが、破壊不能なので破壊されません (702.12b)。"
                )
                self.add("702.12b")
                return
            moved = to_graveyard(
                state,
                p,
                "701.8a",
                zones=zone_rules(state, self.scenario.effects, self.scenario.choices.replacement_order),
            )
            self.state = state.with_permanents({p.id: moved.permanent})
            self.changes.append(moved.change)
            self.removed.add(p.id)
            if moved.notes:
                self.notes.append(f"{by}{p.label}は破壊されます (701.8a)。戦闘から取り除かれます (506.4)。")
                self.notes.extend(moved.notes)
                for r in moved.rules:
                    self.add(r)
                self.state, made = create_tokens(self.state, moved.tokens)
                self.changes.extend(made)
            else:
                self.notes.append(
                    f"{by}{p.label}は破壊され、オーナーの墓地に置かれます (701.8a)。戦闘から取り除かれます (506.4)。"
                )
            self.add("701.8a")
            self.add("506.4")

    def _enter(self, change: StepChange, p: Permanent, by: str) -> None:
        state = self.state
        entered = evolve(p, zone="battlefield")
        self.state = state = state.with_permanents({p.id: entered})
        self.removed.discard(p.id)
        self.changes.append(
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
            self._attack_anew(Attack(p.id, defender, (), False))
            self.notes.append(
                f"{by}{p.sized()}が{state.label(defender)}を攻撃している状態で戦場に出ます。"
                "ブロックされていないクリーチャーとして出ます (508.4d)。第1ステップの開始時には戦闘にいなかったので、"
                "第2戦闘ダメージ・ステップで戦闘ダメージを割り振ります (510.4)。"
            )
            self.add("508.4d")
            return
        index = (
            next(
                i
                for i, a in enumerate(self.attacks)
                if a.attacker == change.blocking and a.attacker not in self.removed
            )
            if any(a.attacker == change.blocking and a.attacker not in self.removed for a in self.attacks)
            else None
        )
        if index is None:
            self.notes.append(
                f"{by}{p.sized()}は戦場に出るが、{state.label(change.blocking or '')}はもう攻撃していないので、"
                "ブロック・クリーチャーにはなりません (506.4)。"
            )
            self.add("506.4")
            return
        attack = self.attacks[index]
        if _attacked_player(state, attack) != p.controller:
            self.notes.append(
                f"{by}{p.sized()}は戦場に出るが、{state.label(attack.attacker)}は{state.label(p.controller)}や"
                "そのパーマネントを攻撃していないので、ブロック・クリーチャーにはなりません (506.3e)。"
            )
            self.add("506.3e")
            return
        self.attacks[index] = Attack(attack.attacker, attack.defender, (*attack.blockers, p.id), True)
        self.notes.append(
            f"{by}{p.sized()}が{state.label(attack.attacker)}をブロックしている状態で戦場に出ます。"
            f"{state.label(attack.attacker)}はブロックされたクリーチャーになります (509.3c)。第2戦闘ダメージ・ステップで"
            "戦闘ダメージを割り振ります (510.4)。"
        )
        self.add("509.3c")

    def _attack_anew(self, attack: Attack) -> None:
        """A creature entering attacking: a new object, so any earlier attack of the same id is gone (400.7)."""
        self.attacks = [a for a in self.attacks if a.attacker != attack.attacker]
        self.attacks.append(attack)

    def _ninjutsu(self, change: StepChange, ninja: Permanent) -> None:
        """CR 702.49a, 702.49c: return an unblocked attacker to its owner's hand; the ninja enters tapped
        and attacking what that creature attacked, unblocked (508.4d)."""
        state = self.state
        returned = state.permanent(change.returned or "")
        attack = next(
            (a for a in self.attacks if a.attacker == returned.id and returned.id not in self.removed), None
        )
        name = change.name or f"{ninja.label}の忍術"
        if attack is None or not returned.on_battlefield or not state.in_combat_still(returned.id):
            self.notes.append(
                f"{returned.label}はもう攻撃していないので、{name}のコストは支払えず、{ninja.label}は戦場に出ません (702.49a)。"
            )
            self.add("702.49a")
            return
        self._to_hand(returned, "702.49a")
        entered = evolve(
            ninja,
            zone="battlefield",
            tapped=True,
            damage=0,
            deathtouch_damaged=False,
            removed_from_combat=False,
        )
        self.state = self.state.with_permanents({ninja.id: entered})
        self.removed.discard(ninja.id)
        self.changes.append(Change(ninja.id, "zone", ninja.zone, "battlefield", "702.49a"))
        self.changes.append(Change(ninja.id, "tapped", ninja.tapped, True, "702.49a"))
        self._attack_anew(Attack(ninja.id, attack.defender, (), False))
        self.notes.append(
            f"{name}のコストとして、ブロックされていない攻撃クリーチャーの{returned.label}をオーナーの手札に戻します。"
            f"{returned.label}は戦場を離れたので戦闘から取り除かれ (506.4)、負っていたダメージも残りません (400.7)。"
            f"{ninja.sized()}がタップ状態で、{state.label(attack.defender)}を攻撃している状態で戦場に出ます "
            "(702.49a, 702.49c)。ブロックされていない攻撃クリーチャーになります (508.4d)。"
            "新しいオブジェクトで、第1ステップの開始時には戦闘にいなかったので、第2戦闘ダメージ・ステップで"
            "戦闘ダメージを割り振ります (400.7, 510.4)。"
        )
        self.add("702.49a")
        self.add("702.49c")
        self.add("508.4d")

    def regular(self) -> Scenario:
        """The combat the regular step sees: who attacks, who blocks (CR 506.4, 509.1h)."""
        event = self.event
        new_attacks: list[Attack] = []
        original = {x.attacker for x in event.attacks}
        notes: list[str] = []
        for a in self.attacks:
            if a.attacker in self.removed:
                continue
            blockers = tuple(b for b in a.blockers if b not in self.removed)
            if a.blockers and not blockers and a.attacker in original:
                notes.append(
                    f"{self.state.label(a.attacker)}をブロックしていたクリーチャーはいなくなったが、"
                    "ブロックされたクリーチャーのままです (509.1h)。"
                )
            new_attacks.append(Attack(a.attacker, a.defender, blockers, a.blocked))
        if notes and self.steps:
            first = next(i for i, s in enumerate(self.steps) if s.name == STEP_NAME)
            step = self.steps[first]
            stage = step.stages[0]
            rules = stage.rules if "509.1h" in stage.rules else (*stage.rules, "509.1h")
            self.steps[first] = Step(
                step.name,
                (
                    Stage(
                        stage.stage, rules, (*stage.notes, *notes), stage.changes, stage.events, stage.extra
                    ),
                    *step.stages[1:],
                ),
            )
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
        return replace(self.scenario, event=regular)


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
            return "第1ステップで戦闘ダメージを与えていても、第2戦闘ダメージ・ステップでも割り振ります (702.4d)。"
        if not gain:
            return "第2戦闘ダメージ・ステップでは戦闘ダメージを割り振りません (702.4c)。"
        return "第1ステップの開始時に先制攻撃も二段攻撃もなかったので、第2戦闘ダメージ・ステップで割り振ります (510.4)。"
    if keyword == "first_strike":
        if gain and not had_first:
            return "それでも第2戦闘ダメージ・ステップで戦闘ダメージを割り振ります (702.7c)。"
        if not gain and had_first:
            return "すでに第1ステップで割り振ったので、二段攻撃がない限り第2戦闘ダメージ・ステップでは割り振りません (702.7c)。"
        return "どのステップで割り振るかは変わりません (510.4)。"
    return ""
