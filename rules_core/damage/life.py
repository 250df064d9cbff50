"""Life-total rules beyond Worship: "your life total can't change", "you don't lose the game for having 0
or less life" with damage dealt as though its source had infect, and conditional life floors.

- ``life_cant_change`` (Platinum Emperion, 《白金の帝像》: "Your life total can't change. (You can't gain or
  lose life.)"): damage to the player is still dealt (120.4b; its source's lifelink still works, 120.3f),
  but its life loss (120.3a) and every life gain of that player (their own lifelink, 615.5 gains) don't
  happen (119.7, 119.8). It is not a replacement effect: it is applied before the result replacement
  effects of 120.4c, which then find no life gain or loss to replace (119.7: "a replacement effect that
  would replace a life gain event affecting that player won't do anything"; 119.10). Poison counters
  are not life and still come.
- ``no_loss_for_life`` (Phyrexian Unlife, 《ファイレクシアの非生》): 704.5a doesn't make that player lose;
  with ``damage_as_infect``, as long as the player has 0 or less life, damage dealt to them is dealt as
  though its source had infect (120.3b, 702.90b): poison counters instead of life loss. Whether they
  have 0 or less life is looked at as the damage is dealt, so damage taking them from above 0 to 0 or
  less is ordinary life loss (ruling 2011-06-01: at 3 life, dealt 5 damage, they end at -2).
- ``life_floor.condition``: Worship's "if you control a creature" generalised to "controls at least N
  permanents with these types, subtype and colours" (:class:`~rules_core.model.effects.ControlCondition`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..model.effects import ControlCondition, Effect, LifeCantChange, LifeFloor, NoLossForLife, effect_label
from ..model.ja import COLOR_JA, TYPE_JA
from ..model.state import GameState


def spared_players(state: GameState, effects: Sequence[Effect]) -> dict[str, str]:
    """Players who don't lose the game for having 0 or less life (704.5a doesn't apply to them), each with
    the label of the first effect saying so."""
    out: dict[str, str] = {}
    for i, e in enumerate(effects):
        if isinstance(e, NoLossForLife) and e.player not in out:
            out[e.player] = effect_label(e, i, state.label)
    return out


def ordinary_loss_notes(state: GameState, effects: Sequence[Effect], damaged: Iterable[str]) -> list[str]:
    """Ruling 2011-06-01 (Phyrexian Unlife): a player above 0 life as the damage is dealt loses life as
    usual, even if it takes them to 0 or less; only later damage is dealt as though it had infect."""
    hit = set(damaged)
    notes: list[str] = []
    for i, e in enumerate(effects):
        if isinstance(e, NoLossForLife) and e.damage_as_infect and e.player in hit:
            life = state.player(e.player).life
            if life > 0:
                notes.append(
                    f"ダメージが与えられる時点で{state.label(e.player)}のライフは{life}点(1点以上)なので、"
                    f"{effect_label(e, i, state.label)}の「感染を持つかのように」は適用されず、通常どおりライフを失います。"
                    "0点以下になったあとのダメージから毒カウンターになります (120.3a)。"
                )
    return notes


def infect_damage_players(state: GameState, effects: Iterable[Effect]) -> frozenset[str]:
    """Players to whom damage is dealt as though its source had infect: a ``damage_as_infect`` effect and
    0 or less life as the damage is dealt (the board before the event; ruling 2011-06-01)."""
    return frozenset(
        e.player
        for e in effects
        if isinstance(e, NoLossForLife) and e.damage_as_infect and state.player(e.player).life <= 0
    )


def infect_note(state: GameState, effects: Sequence[Effect], player: str) -> str:
    """Why damage to ``player`` gives poison counters although its source has no infect."""
    for i, e in enumerate(effects):
        if isinstance(e, NoLossForLife) and e.damage_as_infect and e.player == player:
            label = effect_label(e, i, state.label)
            life = state.player(player).life
            return (
                f"{state.label(player)}のライフは{life}点(0点以下)なので、{label}により、ダメージは発生源が"
                "感染を持つかのように与えられます (702.90b)。"
            )
    return ""  # pragma: no cover - only called for players with such an effect


def life_cant_change_players(effects: Iterable[Effect]) -> dict[str, int]:
    """Players whose life total can't change, each with the first effect saying so."""
    out: dict[str, int] = {}
    for i, e in enumerate(effects):
        if isinstance(e, LifeCantChange):
            out.setdefault(e.player, i)
    return out


def condition_holds(state: GameState, player: str, condition: ControlCondition) -> bool:
    """``condition``: ``player`` controls at least ``at_least`` matching permanents on the battlefield."""
    count = 0
    for p in state.permanents:
        if p.controller != player or not p.on_battlefield:
            continue
        if not all(t in p.types for t in condition.types):
            continue
        if condition.subtype is not None and condition.subtype not in p.subtypes:
            continue
        if not all(c in p.colors for c in condition.colors):
            continue
        count += 1
        if count >= condition.at_least:
            return True
    return False


def describe_condition(condition: ControlCondition) -> str:
    """「クリーチャー(天使)を1つ以上」: what the player must control, in Japanese."""
    parts = [COLOR_JA[c] for c in condition.colors]
    kinds = "・".join(TYPE_JA[t] for t in condition.types) or "パーマネント"
    subtype = f"({condition.subtype})" if condition.subtype else ""
    return f"{''.join(parts)}{'の' if parts else ''}{kinds}{subtype}を{condition.at_least}つ以上"


def floor_condition_fails(state: GameState, effect: LifeFloor, player: str, label: str) -> str | None:
    """A note when a life floor's ``condition`` does not hold for ``player`` before the event, else None."""
    if effect.if_life_at_least is not None:
        life = state.player(player).life
        if life < effect.if_life_at_least:
            return (
                f"{state.label(player)}のライフは{life}点で、{effect.if_life_at_least}点以上ではないので、"
                f"{label}は適用されません。条件はこのダメージのイベントの前のライフの総量で判断します (120.4c, 614.1a)。"
            )
    if effect.condition is None or condition_holds(state, player, effect.condition):
        return None
    return (
        f"{state.label(player)}は{describe_condition(effect.condition)}コントロールしていないので、"
        f"{label}の条件を満たさず、適用されません (120.4c)。"
    )
