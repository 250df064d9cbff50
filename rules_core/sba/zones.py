"""CR 614.1a, 614.6, 700.4: a permanent about to be put into a graveyard, and what may put it in exile instead.

Every way the engine puts a permanent into a graveyard (the state-based actions, a ``destroy`` event, a
destruction between the combat damage steps) goes through :func:`to_graveyard` with the event's
:class:`ZoneRules` (:func:`zone_rules`). With no ``exile_instead`` effect on the board
(``state.features.exile_instead`` false, so no ``ZoneRules``) it is the plain move.
Otherwise the effects that apply to that permanent (Rest in Peace: any card or token; Kalitas: a
nontoken creature an opponent controls) replace the event: the permanent is exiled instead (614.6), so a
creature doesn't die (700.4) and "dies" abilities don't trigger (603.6c, 603.10a). With several, the
permanent's controller chooses one (616.1, ``choices.replacement_order``; default: listed order); once
it is exiled the others no longer apply (616.1f). Kalitas's controller creates its token (111.1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..model._frozen import FrozenMap
from ..model.effects import Effect, ExileInstead, effect_label
from ..model.ja import COLOR_JA, subtype_ja
from ..model.state import GameState, Permanent, evolve
from ..model.trace import NO_EXTRA, Change

NOWHERE: Final = "nowhere"
"""The ``before`` of a created token's ``zone`` change: it was in no zone (CR 111.1)."""

TOKEN_STEM: Final = "token"
"""Ids of created tokens: ``token1``, ``token2``… (the first free ones)."""


@dataclass(frozen=True, slots=True)
class ZoneRules:
    """The ``exile_instead`` effects of an event (with their indexes) and the players' choice among them."""

    effects: tuple[tuple[int, ExileInstead], ...]
    order: Mapping[str, tuple[int | str, ...]]


def zone_rules(
    state: GameState, effects: Sequence[Effect], order: Mapping[str, tuple[int | str, ...]]
) -> ZoneRules | None:
    """The event's :class:`ZoneRules`, or None when nothing replaces a move to a graveyard (the board's feature,
    worked out once, says whether to look: a board without the effect pays one attribute test)."""
    if not state.features.exile_instead:
        return None
    found = tuple((i, e) for i, e in enumerate(effects) if isinstance(e, ExileInstead))
    return ZoneRules(found, order) if found else None


@dataclass(frozen=True, slots=True)
class Moved:
    """Where one permanent went instead of (or to) the graveyard, and what the move made happen."""

    permanent: Permanent
    change: Change
    notes: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    tokens: tuple[tuple[str, ExileInstead], ...] = ()
    """(the player who creates it, the effect) for each token to create once the event is over."""


def _opponents(state: GameState, one: str, other: str) -> bool:
    """CR 102.2, 810.2: players on different teams (every other player when there are no teams)."""
    if one == other:
        return False
    for team in state.teams:
        if one in team:
            return other not in team
    return True


def applies(state: GameState, effect: ExileInstead, p: Permanent) -> bool:
    """Whether ``effect`` replaces ``p``'s move to a graveyard (its effect's player still in the game, 800.4a)."""
    if effect.creatures and not p.is_creature:
        return False
    if effect.on and p.id not in effect.on:
        return False
    if effect.nontoken and p.token:
        return False
    if effect.opponents and not _opponents(state, effect.controller, p.controller):
        return False
    return not (state.is_player(effect.controller) and state.player(effect.controller).left)


def token_label(effect: ExileInstead) -> str:
    """「2/2の黒のゾンビ・クリーチャー・トークン」 for Kalitas's token."""
    spec = effect.token
    assert spec is not None
    colors = "・".join(COLOR_JA[c] for c in spec.colors)
    kinds = "・".join(subtype_ja(s) for s in spec.subtypes)
    what = (f"{colors}の" if colors else "無色の") + (f"{kinds}・" if kinds else "")
    return f"{spec.power}/{spec.toughness}の{what}クリーチャー・トークン"


def to_graveyard(
    state: GameState, p: Permanent, rule: str, rules: Sequence[str] = (), zones: ZoneRules | None = None
) -> Moved:
    """``p`` would be put into its owner's graveyard by ``rule`` (``rules``: every rule that put it there)."""
    extra: dict[str, Any] = {"rules": tuple(rules)} if rules else {}
    options = [(i, e) for i, e in zones.effects if applies(state, e, p)] if zones is not None else []
    if not options:
        change = Change(
            p.id, "zone", "battlefield", "graveyard", rule, FrozenMap(extra) if extra else NO_EXTRA
        )
        return Moved(evolve(p, zone="graveyard", deathtouch_damaged=False), change)
    notes: list[str] = []
    cited = ["614.1a", "614.6"]
    assert zones is not None
    chosen = zones.order.get(p.id)
    if chosen:
        first = [o for x in chosen for o in options if o[0] == x]
        options = first + [o for o in options if o not in first]
    name = p.sized()
    if len(options) > 1:
        how = "指定された順番" if chosen else "既定の順番"
        names = " → ".join(effect_label(e, i, state.label) for i, e in options)
        notes.append(
            f"{name}が墓地に置かれる代わりに追放する効果が複数あるので、コントローラーの"
            f"{state.label(p.controller)}が1つを選びます (616.1)。{how}：{names}。選ばれた1つで追放され、"
            "墓地に置かれる出来事はもうないので、ほかは適用されません (616.1f)。"
        )
        cited.append("616.1")
    index, effect = options[0]
    label = effect_label(effect, index, state.label)
    note = f"{name}は墓地に置かれるところだが、{label}により、代わりに追放されます (614.1a, 614.6)。"
    if p.is_creature:
        note += (
            "墓地に置かれないので死亡しません (700.4)。戦場から墓地に置かれる出来事が起きないので、"
            "「死亡したとき」の能力は誘発しません (603.6c, 603.10a)。"
        )
        cited += ["700.4", "603.10a"]
    if p.token:
        note += "トークンは戦場以外の領域に移ると消滅します (111.7)。"
        cited.append("111.7")
    notes.append(note)
    tokens: tuple[tuple[str, ExileInstead], ...] = ()
    if effect.token is not None:
        tokens = ((effect.controller, effect),)
        notes.append(
            f"{label}の置換により、{state.label(effect.controller)}は{token_label(effect)}を1体生成します "
            "(614.6, 111.1)。"
        )
        cited.append("111.1")
    extra["effect"] = index
    change = Change(p.id, "zone", "battlefield", "exile", "614.6", FrozenMap(extra))
    return Moved(
        evolve(p, zone="exile", deathtouch_damaged=False), change, tuple(notes), tuple(cited), tokens
    )


def create_tokens(
    state: GameState, made: Sequence[tuple[str, ExileInstead]]
) -> tuple[GameState, list[Change]]:
    """CR 111.1: the tokens the replacements made, put onto the battlefield once the event is done."""
    if not made:
        return state, []
    new: list[Permanent] = []
    changes: list[Change] = []
    taken: set[str] = set()
    for player, effect in made:
        spec = effect.token
        assert spec is not None
        ident = state.free_id(TOKEN_STEM)
        n = 1
        while ident in taken:
            n += 1
            ident = state.free_id(f"{TOKEN_STEM}{n}_")
        taken.add(ident)
        kinds = "・".join(subtype_ja(s) for s in spec.subtypes)
        new.append(
            Permanent(
                id=ident,
                controller=player,
                types=("creature",),
                name=spec.name or (f"{kinds}・トークン" if kinds else "トークン"),
                subtypes=spec.subtypes,
                colors=spec.colors,
                power=spec.power,
                toughness=spec.toughness,
                token=True,
                created=True,
            )
        )
        changes.append(Change(ident, "zone", NOWHERE, "battlefield", "111.1"))
    return state.with_new_permanents(new), changes


__all__ = ["Moved", "ZoneRules", "applies", "create_tokens", "to_graveyard", "token_label", "zone_rules"]
