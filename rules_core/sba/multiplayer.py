"""CR 800.4a, 506.4, 800.4e: a player who loses a multiplayer game that goes on leaves it.

In a game of three or more players the game continues after a player loses (800.4). As soon as that
player leaves (800.4a; not a state-based action):

1. every object they own leaves the game (here: ``zone`` ``left_game``);
2. effects that gave them control of objects end: a permanent they controlled but someone else owns
   returns to its owner — a change of controller, so it is removed from combat (506.4);
3. anything still controlled by them (owned by a player who has also left) is exiled.

Their triggered abilities on the stack cease to exist and waiting ones are not put on it (800.4a,
800.4d: :mod:`rules_core.events.triggers`). Combat damage isn't assigned to a player who has left (800.4e).
"""

from __future__ import annotations

from dataclasses import replace

from ..document.scenario import Attack, CombatEvent, Scenario
from ..model._frozen import FrozenMap
from ..model.state import GameState, Permanent, Player, evolve
from ..model.trace import Change, Stage

LEFT_GAME = "left_game"


def game_goes_on(state: GameState) -> bool:
    """CR 104.2a, 800.4: the game continues while at least two players (in Two-Headed Giant, two teams,
    810.8a) have not lost."""
    if state.teams:
        return sum(1 for team in state.teams if not all(state.player(p).lost for p in team)) >= 2
    return sum(1 for p in state.players if not p.lost) >= 2


def leavers(state: GameState) -> list[str]:
    """Players who have lost but not yet left, when the game goes on without them (800.4a)."""
    lost = [p.id for p in state.players if p.lost and not p.left]
    if not lost or not game_goes_on(state):
        return []
    return lost


def depart(state: GameState, leaving: list[str]) -> tuple[GameState, Stage]:
    """CR 800.4a: ``leaving`` leave the game; returns the board and a ``800.4a`` stage explaining it."""
    gone = set(leaving) | {p.id for p in state.players if p.left}
    notes: list[str] = []
    changes: list[Change] = []
    rules = ["800.4a"]
    players: dict[str, Player] = {}
    perms: dict[str, Permanent] = {}
    names = "、".join(state.label(p) for p in leaving)
    notes.append(
        f"{names}はゲームに敗北したが、ほかのプレイヤーでゲームは続くので、ゲームから除外されます (800.4, 800.4a)。"
        "これは状況起因処理ではなく、すぐに起こります。"
    )
    for pid in leaving:
        players[pid] = replace(state.player(pid), left=True)
        changes.append(Change(pid, "left", False, True, "800.4a"))
    for p in state.permanents:
        if p.zone == LEFT_GAME:
            continue
        if p.owned_by in gone:
            perms[p.id] = evolve(p, zone=LEFT_GAME, deathtouch_damaged=False)
            changes.append(Change(p.id, "zone", p.zone, LEFT_GAME, "800.4a"))
            if p.on_battlefield:
                notes.append(
                    f"{p.sized()}は{state.label(p.owned_by)}がオーナーなので、ゲームから除外されます (800.4a)。"
                )
        elif p.controller in gone and p.on_battlefield:
            back = evolve(p, controller=p.owned_by)
            perms[p.id] = back
            changes.append(Change(p.id, "controller", p.controller, p.owned_by, "800.4a"))
            notes.append(
                f"{state.label(p.controller)}に{p.label}のコントロールを与えていた効果は終わり、"
                f"オーナーの{state.label(p.owned_by)}のコントロールに戻ります (800.4a)。"
                "コントローラーが変わったので、戦闘に参加していたなら戦闘から取り除かれます (506.4)。"
            )
            if "506.4" not in rules:
                rules.append("506.4")
    return state.replaced(players=players, permanents=perms), Stage(
        "800.4a", tuple(rules), tuple(notes), tuple(changes), extra=FrozenMap({"left": tuple(leaving)})
    )


def combat_after_departures(scenario: Scenario, state: GameState) -> tuple[Scenario, list[str]]:
    """CR 506.4: the combat as the next step sees it after players left: creatures whose controller
    changed are out of combat (an attacker they blocked stays blocked, 509.1h); an attack on a player
    who left attacks no one (800.4e: no combat damage is assigned to them)."""
    event = scenario.event
    assert isinstance(event, CombatEvent)
    start = scenario.state

    def changed(c: str) -> bool:
        now = state.permanent(c)
        return now.on_battlefield and now.controller != start.permanent(c).controller

    notes = [
        f"{state.who(a.attacker)}が攻撃していた{state.label(a.defender)}はゲームから除外されたので、"
        "それに戦闘ダメージは割り振られません (800.4e)。"
        for a in event.attacks
        if not a.blocked
        and state.is_player(a.defender)
        and state.player(a.defender).left
        and state.permanent(a.attacker).on_battlefield
    ]
    for a in event.attacks:
        left = [b for b in a.blockers if changed(b) or state.permanent(b).zone == LEFT_GAME]
        stays = [b for b in a.blockers if b not in left and state.permanent(b).on_battlefield]
        if left and not stays and state.permanent(a.attacker).on_battlefield and not changed(a.attacker):
            notes.append(
                f"{state.label(a.attacker)}をブロックしていたクリーチャーは戦闘から取り除かれたが、"
                "ブロックされたクリーチャーのままなので、トランプルがなければ戦闘ダメージを割り振りません (509.1h, 510.1c)。"
            )
    if not any(changed(c) for c in event.combatants):
        return scenario, notes
    attacks = tuple(
        Attack(a.attacker, a.defender, tuple(b for b in a.blockers if not changed(b)), a.blocked)
        for a in event.attacks
        if not changed(a.attacker)
    )
    return replace(scenario, event=replace(event, attacks=attacks)), notes


def absent_from_spell(
    state: GameState, controller: str, name: str, damage: list[tuple[str, int]]
) -> tuple[list[tuple[str, int]], Stage | None]:
    """CR 800.4a, 608.2b: a noncombat spell after players left the game. A spell its controller no longer
    in the game controlled has left with them (no damage at all); a player who left is no longer a legal
    target and is dealt nothing. Returns the damage still dealt and the stage saying why (None when
    nobody it names has left)."""
    if state.player(controller).left:
        note = (
            f"{name}のコントローラーの{state.label(controller)}はゲームから抜けたので、{name}もゲームを離れています。"
            "解決せず、ダメージは与えられません (800.4a)。"
        )
        return [], Stage("800.4a", ("800.4a",), (note,))
    gone = [to for to, _amount in damage if state.is_player(to) and state.player(to).left]
    if not gone:
        return damage, None
    kept = [(to, amount) for to, amount in damage if to not in gone]
    names = "、".join(state.label(p) for p in gone)
    notes = [
        f"{names}はこの呪文が解決する前にゲームから抜けました (800.4a)。もうゲームにいないので不正な対象で、"
        "ダメージは与えられません (608.2b)。"
    ]
    if not kept:
        notes.append(f"{name}の対象はすべて不正なので、{name}は解決しません (608.2b)。")
    return kept, Stage("800.4a", ("800.4a", "608.2b"), tuple(notes))


def noted(stage: Stage, notes: list[str]) -> Stage:
    """``stage`` with ``notes`` added at the end."""
    return Stage(stage.stage, stage.rules, (*stage.notes, *notes), stage.changes, stage.events, stage.extra)


def share_with_teams(state: GameState, life: dict[str, int], poison: dict[str, int]) -> list[str]:
    """CR 810.9, 810.10: life gained and lost and poison counters happen to each player individually; the
    result is applied to the team's shared total. ``life`` and ``poison`` (each player's change in this
    event) become each member's change of the shared total; returns the notes."""
    notes: list[str] = []
    for team in state.teams:
        for changes, what, rule in ((life, "ライフ", "810.9"), (poison, "毒カウンター", "810.10")):
            own = {m: changes[m] for m in team if m in changes}
            if not own:
                continue
            total = sum(own.values())
            parts = "、".join(f"{state.label(m)}は{n:+d}" for m, n in own.items())
            before = getattr(state.player(team[0]), "life" if changes is life else "poison")
            for m in team:
                changes[m] = total
            notes.append(
                f"双頭巨人戦：{what}の増減は各プレイヤーに個別に起こり（{parts}）、その結果がチームの共有の{what}に"
                f"適用されます：{before} → {before + total} ({rule})。"
            )
    return notes
