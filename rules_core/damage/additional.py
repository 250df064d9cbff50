"""CR 615.5: the additional effects of prevention effects, immediately after the damage event.

The prevention happened as the damage would have been dealt (stage 120.4b); what the effect does besides
(``then`` of ``prevent_and``) happens right afterwards, before state-based actions are checked (704.3):

- ``plus_counters`` / ``minus_counters``: a counter on the shielded permanent for each 1 damage prevented
  (Test of Faith, Phyrexian Hydra); effects on counters placed apply to them (614.16);
- ``remove_plus_counters``: that many +1/+1 counters come off the shielded permanent, as many as it has
  (Protean Hydra, 《変幻のハイドラ》; § 16.3);
- ``draw``: a player draws that many cards (Swans of Bryn Argoll), recorded as an event;
- ``deal_damage``: the effect's object deals that much damage to the source's controller (Deflecting
  Palm): a new damage event with its own 120.4a-d stages.

Damage that can't be prevented has the prevention effect applied but prevents 0 (615.12), so an
additional effect that counts the damage prevented does nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from ..document.scenario import Choices
from ..model._frozen import FrozenMap
from ..model.effects import CounterMultiplier, Effect, NoCounters, effect_label
from ..model.state import GameState, Source, evolve
from ..model.text import plain, source_name, who
from ..model.trace import Change, Stage
from .redirection import Additional

MAX_FOLLOW_UPS: Final = 20
"""Bound on damage events caused by additional effects of one event (each may cause another)."""

EventRunner = Callable[
    [GameState, tuple[Effect, ...], Choices, list[tuple[Source, str, int]]],
    tuple[GameState, tuple[Effect, ...], tuple[Stage, ...], Sequence[Additional]],
]
"""Runs one non-combat damage event through 120.4a-d (no state-based actions)."""

AFTER: Final = FrozenMap({"after": "615.5"})


def carry_out(
    state: GameState,
    effects: tuple[Effect, ...],
    choices: Choices,
    extras: Sequence[Additional],
    run_event: EventRunner,
) -> tuple[GameState, tuple[Effect, ...], list[Stage]]:
    """CR 615.5: the additional effects of ``extras``, then those of any damage event they cause."""
    stages: list[Stage] = []
    pending = list(extras)
    rounds = 0
    while pending and rounds < MAX_FOLLOW_UPS:
        rounds += 1
        state, stage, damage = _one_round(state, effects, pending)
        stages.append(stage)
        pending = []
        for source, to, amount in damage:
            state, effects, more, new_extras = run_event(state, effects, choices, [(source, to, amount)])
            stages.extend(
                Stage(s.stage, s.rules, s.notes, s.changes, s.events, FrozenMap({**s.extra, **AFTER}))
                for s in more
            )
            pending.extend(new_extras)
    return state, effects, stages


def _one_round(
    state: GameState, effects: tuple[Effect, ...], extras: Sequence[Additional]
) -> tuple[GameState, Stage, list[tuple[Source, str, int]]]:
    notes: list[str] = []
    rules: list[str] = ["615.5"]
    changes: list[Change] = []
    events: list[FrozenMap[str, Any]] = []
    damage: list[tuple[Source, str, int]] = []
    changed: dict[str, Any] = {}
    names = state.label

    def add(rule: str) -> None:
        if rule not in rules:
            rules.append(rule)

    for extra in extras:
        label = effect_label(effects[extra.effect], extra.effect, names)
        n = extra.prevented
        if n <= 0:
            notes.append(
                f"{label}は適用されたが、{source_name(state, extra.source)}のダメージは軽減できないので"
                "0点しか軽減していません。軽減した量を数える追加の効果は何もしません (615.12, 615.5)。"
            )
            add("615.12")
            continue
        if extra.then in ("plus_counters", "minus_counters"):
            kind = "+1/+1" if extra.then == "plus_counters" else "-1/-1"
            permanent = changed.get(extra.recipient) or state.permanent(extra.recipient)
            if not permanent.on_battlefield:
                notes.append(f"{permanent.label}はもう戦場にないので、カウンターは置かれません (615.5)。")
                continue
            count, reasons = _counters(state, effects, extra.recipient, permanent.controller, n)
            notes.append(
                f"{label}の追加の効果：軽減した{n}点の1点につき、{who(state, extra.recipient)}に"
                f"{kind}カウンターを置きます。軽減は本来のイベントの時点で、追加の効果はその直後に起こります (615.5)。"
            )
            notes.extend(reasons)
            if reasons:
                add("614.16")
            if count <= 0:
                continue
            attribute = "counters.+1/+1" if kind == "+1/+1" else "counters.-1/-1"
            field = "plus_counters" if kind == "+1/+1" else "minus_counters"
            before = getattr(permanent, field)
            permanent = evolve(permanent, **{field: before + count})
            changed[extra.recipient] = permanent
            changes.append(
                Change(
                    extra.recipient,
                    attribute,
                    before,
                    before + count,
                    "615.5",
                    FrozenMap({"effect": extra.effect}),
                )
            )
            events.append(
                FrozenMap(
                    {
                        "result": attribute,
                        "object": extra.recipient,
                        "amount": count,
                        "rule": "615.5",
                        "effect": extra.effect,
                    }
                )
            )
            notes.append(f"{permanent.label}の{kind}カウンター：{before} → {before + count}")
        elif extra.then == "remove_plus_counters":
            # Protean Hydra: "prevent that damage and remove that many +1/+1 counters from it"
            permanent = changed.get(extra.recipient) or state.permanent(extra.recipient)
            if not permanent.on_battlefield:
                notes.append(f"{permanent.label}はもう戦場にないので、カウンターは取り除かれません (615.5)。")
                continue
            before = permanent.plus_counters
            count = min(n, before)
            notes.append(
                f"{label}の追加の効果：軽減した{n}点と同じ数の+1/+1カウンターを{who(state, extra.recipient)}から"
                f"取り除きます(あるだけ：{count}個)。軽減は本来のイベントの時点で、追加の効果はその直後に起こります (615.5)。"
            )
            if count <= 0:
                continue
            permanent = evolve(permanent, plus_counters=before - count)
            changed[extra.recipient] = permanent
            changes.append(
                Change(
                    extra.recipient,
                    "counters.+1/+1",
                    before,
                    before - count,
                    "615.5",
                    FrozenMap({"effect": extra.effect}),
                )
            )
            events.append(
                FrozenMap(
                    {
                        "result": "counters_removed",
                        "object": extra.recipient,
                        "amount": count,
                        "rule": "615.5",
                        "effect": extra.effect,
                    }
                )
            )
            notes.append(f"{permanent.label}の+1/+1カウンター：{before} → {before - count}")
        elif extra.then == "draw":
            player = extra.player or extra.source.controller
            events.append(
                FrozenMap(
                    {"result": "draw", "object": player, "amount": n, "rule": "615.5", "effect": extra.effect}
                )
            )
            notes.append(
                f"{label}の追加の効果：{plain(state, player)}はカードを{n}枚引きます。軽減したダメージの量だけ引きます (615.5)。"
            )
        elif extra.then == "deal_damage":
            dealer = extra.dealer
            controller = extra.source.controller
            if dealer is None:  # pragma: no cover - parse requires a dealer
                continue
            source = Source(id=None, controller=dealer.controller, name=dealer.name, colors=dealer.colors)
            damage.append((source, controller, n))
            notes.append(
                f"{label}の追加の効果：軽減した{n}点と同じ量のダメージを、{source_name(state, source)}が"
                f"{source_name(state, extra.source)}のコントローラーである{plain(state, controller)}に与えます。"
                f"これは新しいダメージのイベントで、発生源は{source_name(state, extra.source)}ではなく"
                f"{source_name(state, source)}です (615.5, 120.4)。"
            )
            add("120.4")
    if changed:
        state = state.replaced(permanents=changed)
    return state, Stage("615.5", tuple(rules), tuple(notes), tuple(changes), tuple(events)), damage


def _counters(
    state: GameState, effects: tuple[Effect, ...], on: str, putter: str, count: int
) -> tuple[int, list[str]]:
    """CR 614.16: effects that modify counters put on a permanent also modify these."""
    notes: list[str] = []
    for index, effect in enumerate(effects):
        if isinstance(effect, NoCounters) and effect.on == on and count > 0:
            notes.append(
                f"{effect_label(effect, index, state.label)}により、カウンターは置かれません (614.16)。"
            )
            count = 0
        elif (
            isinstance(effect, CounterMultiplier)
            and count > 0
            and effect.covers(putter, state.permanent(on).controller)
        ):
            before = count
            count *= effect.factor
            notes.append(
                f"{effect_label(effect, index, state.label)}により、置かれるカウンターは"
                f"{before}個から{count}個になります (614.16)。"
            )
    return count, notes
