"""The damage assignment order of Magic 2010 to 2024 (era ``"2009-2024"``, rules file of 2024-08-02).

509.2 of that file: "for each attacking creature that's become blocked, the active player announces
that creature's damage assignment order"; 509.3: the defending player does the same for each blocking
creature. 510.1c: a blocked creature "can't assign combat damage to a creature that's blocking it
unless, when combat damage assignments are complete, each creature that precedes that blocking
creature in its order is assigned lethal damage"; 510.1d says the same of a blocker. Lethal counts
damage already marked and damage other creatures assign in the same step, not prevention (510.1c), and
"any nonzero amount of combat damage assigned to a creature by a source with deathtouch is considered
to be lethal damage" (702.2c). Trample (702.19b) is the same text as today's.

The order rule only narrows today's free division, so an assignment is legal in this era when it is
legal today and respects the order. An attacker's order is its ``blockers`` as listed (the document's
``order`` puts them so); a blocker's order is the order of the attacks it blocks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import islice
from typing import Any, Final

from ..model._frozen import FrozenMap
from ..model.era_types import ERA_FILES, ORDER_ERA
from ..model.ja import quoted
from ..model.trace import Stage
from . import assignment as am
from .assignment import CombatView, Violation

FILE: Final = ERA_FILES[ORDER_ERA]
MAX_SEARCHED: Final = 10_000
"""The most candidates :func:`max_damage_in_view` looks at when it has to search (a bound per request)."""


def cite(rule: str) -> str:
    """A rule of this era's file, as stages and violations cite it (``"2024-08-02:510.1c"``)."""
    return f"{FILE}:{rule}"


def _first_short(
    order: tuple[str, ...], amounts: Mapping[str, int], needs: Mapping[str, int]
) -> tuple[str, str] | None:
    """The first creature in ``order`` given damage while one ahead of it lacks lethal damage: (short, later)."""
    short: str | None = None
    for creature in order:
        n = amounts.get(creature, 0)
        if n > 0 and short is not None:
            return short, creature
        if short is None and n < needs.get(creature, 0):
            short = creature
    return None


def attack_needs(view: CombatView, attacker: str, full_a: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """510.1c, 702.2c (2024-08-02): lethal damage each blocker still needs from ``attacker``."""
    return am.lethal_needed(view, attacker, full_a)


def block_needs(view: CombatView, blocker: str, full_b: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """510.1d, 702.2c (2024-08-02): lethal damage each attacker it blocks still needs from ``blocker``
    (toughness minus damage marked, less what the other blockers assign to it; 1 with deathtouch)."""
    b = view.block(blocker)
    out: dict[str, int] = {}
    for attacker in b.blocking:
        if attacker not in view.lethal:
            continue
        others = sum(amounts.get(attacker, 0) for other, amounts in full_b.items() if other != blocker)
        rest = max(0, view.lethal[attacker] - others)
        out[attacker] = min(rest, 1) if b.deathtouch else rest
    return out


def _attack_violation(
    view: CombatView, attacker: str, amounts: Mapping[str, int], needs: Mapping[str, int]
) -> Violation | None:
    order = view.attack(attacker).blockers
    return _order_violation(view, attacker, order, amounts, needs, rule="510.1c", declared="509.2", fix=True)


def _block_violation(
    view: CombatView, blocker: str, amounts: Mapping[str, int], needs: Mapping[str, int]
) -> Violation | None:
    order = view.block(blocker).blocking
    return _order_violation(view, blocker, order, amounts, needs, rule="510.1d", declared="509.3", fix=False)


def _order_violation(
    view: CombatView,
    creature: str,
    order: tuple[str, ...],
    amounts: Mapping[str, int],
    needs: Mapping[str, int],
    *,
    rule: str,
    declared: str,
    fix: bool,
) -> Violation | None:
    """``rule`` (2024-08-02): ``creature`` assigns nothing to a creature later in its damage assignment
    order (declared under ``declared``) before each earlier one has lethal damage."""
    if len(order) < 2:
        return None
    found = _first_short(order, amounts, needs)
    if found is None:
        return None
    short, later = found
    q = _names(view)
    text = (
        f"2009-2024年のルールでは、{q(creature)}の割り振り順で{q(later)}より前の{q(short)}に致死ダメージ"
        f"({needs[short]}点)を割り振るまで、{q(later)}には割り振れません (2024-08-02版 {declared}, {rule})。"
    )
    if fix:
        text += f"{q(short)}に{needs[short]}点以上割り振ってください。"
    return Violation(cite(rule), text, creature)


def _names(view: CombatView) -> Any:
    def q(ident: str) -> str:
        return quoted(view.names.get(ident, ident))

    return q


def order_violations(
    view: CombatView, full_a: Mapping[str, Mapping[str, int]], full_b: Mapping[str, Mapping[str, int]]
) -> tuple[Violation, ...]:
    """510.1c-e (2024-08-02): the whole assignment, already legal by today's rules, against each order."""
    out: list[Violation] = []
    for a in view.attacks:
        if len(a.blockers) >= 2:
            v = _attack_violation(
                view, a.attacker, full_a[a.attacker], attack_needs(view, a.attacker, full_a)
            )
            if v is not None:
                out.append(v)
    for b in view.blocks:
        if len(b.blocking) >= 2:
            v = _block_violation(view, b.blocker, full_b[b.blocker], block_needs(view, b.blocker, full_b))
            if v is not None:
                out.append(v)
    return tuple(out)


def fits(
    view: CombatView, creature: str, amounts: Mapping[str, int], given: Mapping[str, Mapping[str, int]]
) -> bool:
    """Whether one creature's assignment respects its order, the other attackers' held as ``given``."""
    if any(a.attacker == creature for a in view.attacks):
        full = dict(given)
        full[creature] = dict(amounts)
        return _attack_violation(view, creature, amounts, attack_needs(view, creature, full)) is None
    return _block_violation(view, creature, amounts, block_needs(view, creature, {})) is None


def legal_in_view(
    view: CombatView, creature: str, given: Mapping[str, Mapping[str, int]]
) -> Iterator[dict[str, int]]:
    """Today's legal assignments of ``creature`` that respect its order (510.1c-d, 2024-08-02)."""
    for amounts in am.legal_assignments_in_view(view, creature, given):
        if fits(view, creature, amounts, given):
            yield amounts


def count_in_view(view: CombatView, creature: str, given: Mapping[str, Mapping[str, int]]) -> int:
    """How many legal assignments ``creature`` has under its order (510.1c-d, 2024-08-02), in closed form.

    The order splits the assignments by the first creature in it that gets less than lethal damage
    (its "short" one, at position s): every creature before it gets at least its need n_i, it gets
    0 to n_s - 1, none after it gets anything, and nothing goes past the blockers (trample needs
    every blocker lethal, 702.19b). Writing C(t, m) for the ways to split t into m non-negative
    parts (stars and bars) and N_s for the needs before s, the assignments short at s number
    C(P - N_s, s) - C(P - N_s - n_s, s) (the sum of C(P - N_s - x, s - 1) for x < n_s). Those with no
    short creature are today's division of what is left after every need (:func:`_count_all_lethal`).
    The cost is one pass over the order, whatever the power: the 2009-2024 eight-blocker board that
    enumeration took over 30 s for counts at once.

    >>> from rules_core.combat.assignment import AttackView
    >>> view = CombatView((AttackView.of("wurm", 20, "B", blockers=tuple("abcdefgh"), trample=True),),
    ...                   (), dict.fromkeys("abcdefgh", 3), {})
    >>> count_in_view(view, "wurm", {})  # always short somewhere: 20 < 8 × 3
    872
    """
    attacking = any(a.attacker == creature for a in view.attacks)
    if attacking:
        a = view.attack(creature)
        order = a.blockers
        if len(order) < 2:
            return am.count_assignments_in_view(view, creature, given)
        plan = a._plan
        full = dict(given)
        full[creature] = {}
        needs = attack_needs(view, creature, full)
    else:
        b = view.block(creature)
        order = b.blocking
        plan = b._plan
        if len(order) < 2 or plan.assigns_nothing:
            return am.count_assignments_in_view(view, creature, given)
        needs = block_needs(view, creature, {})
    if plan.assigns_nothing:
        count = 1
    else:
        count = _count_in_order(plan.power, [needs.get(c, 0) for c in order])
        count += _count_all_lethal(view, plan, [needs.get(c, 0) for c in order], creature, given)
    if attacking:
        count += _unblocked_only(view, creature, given)
    return count


def _count_in_order(power: int, needs: list[int]) -> int:
    """Assignments of ``power`` with a short creature in the order (see :func:`count_in_view`)."""
    count = 0
    before = 0
    for position, need in enumerate(needs, start=1):
        if need > 0:
            left = power - before
            count += am._n_compositions(left, position) - am._n_compositions(left - need, position)
        before += need
    return count


def _count_all_lethal(
    view: CombatView, plan: Any, needs: list[int], creature: str, given: Mapping[str, Mapping[str, int]]
) -> int:
    """Assignments in which every creature of the order has its lethal damage: what is left after the
    needs, divided as today's rules allow among the order and whoever lies past it (702.19b-c)."""
    left = plan.power - sum(needs)
    if left < 0:
        return 0
    k = len(plan.free)
    if not plan.past:
        return am._n_compositions(left, k)
    if plan.target_blocks:
        # The attacked planeswalker blocks too: its controller gets damage only once it has its loyalty.
        target = plan.free.index(plan.target)
        extra = max(0, am.loyalty_needed(view, creature, given) or 0) - needs[target]
        return am._n_compositions(left, k) + am._n_compositions(left - max(0, extra) - 1, k + 1)
    count = am._n_compositions(left, k + 1)
    if plan.controller is not None:
        loyalty = am.loyalty_needed(view, creature, given) or 0
        count += am._n_compositions(left - loyalty - 1, k + 2)
    return count


def _unblocked_only(view: CombatView, creature: str, given: Mapping[str, Mapping[str, int]]) -> int:
    """510.1b: the assignments only the "as though it weren't blocked" choice allows that respect the
    order. They put everything on the attacked object and its controller: at most power + 1 of them."""
    u = view.attack(creature)._unblocked
    if u is None:
        return 0
    a, plan, tally = am._others(view, creature, given)
    return sum(
        1
        for amounts in am._legal_in_plan(view, u, u._plan, tally)
        if not am._fits(view, a, plan, tally, amounts) and fits(view, creature, amounts, given)
    )


def max_damage_in_view(
    view: CombatView, attacker: str, given: Mapping[str, Mapping[str, int]]
) -> dict[str, int]:
    """Today's most-damage assignment when it respects the order, else the legal one giving the most
    past the blockers (for trample that is lethal damage to each blocker, as today, 702.19b)."""
    best = am.max_damage_assignment_in_view(view, attacker, given)
    if fits(view, attacker, best, given):
        return best
    blockers = set(view.attack(attacker).blockers)
    # Only reached when an assignment allowed by today's rules alone is the most-damage one (an attacked
    # planeswalker that blocks, or an unblocked choice): the first MAX_SEARCHED candidates bound the search.
    return max(
        islice(legal_in_view(view, attacker, given), MAX_SEARCHED),
        key=lambda d: sum(n for r, n in d.items() if r not in blockers),
    )


def annotate(stage: Stage, view: CombatView) -> Stage:
    """The assignment stage under this era: each order as announced (509.2-509.3), what 510.1c-d of that
    file required of it, and what differs from today (「現在のルールでは…」)."""
    notes = [
        n.replace(
            am.FREE_DIVISION_NOTE,
            "ダメージ割り振り順に従って割り振ります (2024-08-02版 510.1c)",
        )
        for n in stage.notes
    ]
    era_rules = [cite("509.2"), cite("510.1c"), cite("510.1e"), cite("510.2")]
    q = _names(view)
    ordered = False
    for a in view.attacks:
        if len(a.blockers) >= 2:
            ordered = True
            order = "→".join(q(b) for b in a.blockers)
            deathtouch = (
                "接死を持つので、各クリーチャーには1点で致死ダメージになります (2024-08-02版 702.2c)。"
                if a.deathtouch
                else ""
            )
            notes.append(
                f"2009-2024年のルール：ブロック・クリーチャー指定ステップで、アクティブ・プレイヤーが{q(a.attacker)}の"
                f"ダメージ割り振り順を {order} と宣言しました (2024-08-02版 509.2)。順番で前のクリーチャーに"
                f"致死ダメージを割り振るまで、次のクリーチャーには割り振れません (510.1c)。{deathtouch}"
                "現在のルールでは割り振り順はなく、ブロック・クリーチャーの間で自由に分けられます (510.1c)。"
            )
            if a.deathtouch and cite("702.2c") not in era_rules:
                era_rules.append(cite("702.2c"))
            if a.trample and cite("702.19b") not in era_rules:
                era_rules.append(cite("702.19b"))
    for b in view.blocks:
        if len(b.blocking) >= 2:
            ordered = True
            order = "→".join(q(x) for x in b.blocking)
            notes.append(
                f"2009-2024年のルール：防御プレイヤーが{q(b.blocker)}のダメージ割り振り順を {order} と宣言しました"
                "(2024-08-02版 509.3)。前のクリーチャーに致死ダメージを割り振るまで次には割り振れません (510.1d)。"
                "現在のルールでは自由に分けられます (510.1d)。"
            )
            if cite("509.3") not in era_rules:
                era_rules.insert(1, cite("509.3"))
            if cite("510.1d") not in era_rules:
                era_rules.append(cite("510.1d"))
    if not ordered:
        notes.append(
            "2009-2024年のルール：複数のクリーチャーにブロックされた(または複数をブロックした)クリーチャーは"
            "いないので、割り振り順の制限はこの盤面では結果を変えません (2024-08-02版 509.2, 510.1c)。"
        )
    notes.append(
        "2009-2024年のルールでも、戦闘ダメージは割り振られるとすぐに与えられ、その間に呪文や能力は使えません"
        " (2024-08-02版 510.2)。"
    )
    extra = {**stage.extra.to_dict(), "era": ORDER_ERA, "era_rules": tuple(era_rules)}
    return Stage(
        stage.stage, stage.rules, tuple(notes), stage.changes, stage.events, FrozenMap(extra), stage.orders
    )


__all__ = [
    "annotate",
    "attack_needs",
    "block_needs",
    "cite",
    "count_in_view",
    "fits",
    "legal_in_view",
    "max_damage_in_view",
    "order_violations",
]
