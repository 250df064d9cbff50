"""CR 510.1, 702.19, 702.2c: how combat damage may be assigned.

This module is the arithmetic of the combat damage *assignment* (CR 510.1):
which creature may put how many points on which player, planeswalker, battle
or creature.  It knows nothing of prevention, replacement or state-based
actions: those come after the assignment (CR 510.2, 120, 615, 704) and are the
damage pipeline's business.  It imports nothing from the rest of
``rules_core`` but its errors and labels; the caller describes the combat with
three small value objects (:class:`AttackView`, :class:`BlockView`,
:class:`CombatView`).

Its queries take a view and end in ``_in_view``; :mod:`rules_core.combat.steps`
builds the views from a scenario and is the public home of the same queries
by their plain names (``check_assignment(scenario)``, …), as python-chess
keeps ``is_pseudo_legal`` beside ``is_legal``.

Since 2024 there is no damage assignment order: a blocked creature divides its
damage among its blockers as its controller likes (CR 510.1c), and trample only
asks that every blocker has been assigned lethal damage before anything goes
past them (CR 702.19b).  The example of CR 702.19b (a 2/2 that can block an
additional creature blocks a 1/1 and a 3/3 with trample):

>>> view = CombatView(
...     attacks=(AttackView.of("ox", 1, "B", blockers=("wall",)),
...              AttackView.of("wurm", 3, "B", blockers=("wall",), trample=True)),
...     blocks=(BlockView.of("wall", 2, ("ox", "wurm")),),
...     lethal={"wall": 2}, loyalty={})

The 1/1's point counts towards the wall's lethal damage, so the trampler needs
only one more point there and may send two to the player:

>>> check_assignment_in_view(view, {"ox": {"wall": 1}, "wurm": {"wall": 1, "B": 2}},
...                  {"wall": {"ox": 1, "wurm": 1}})
()
>>> [v.rule for v in check_assignment_in_view(view, {"ox": {"wall": 1}, "wurm": {"B": 3}}, {})]
['702.19b']
>>> default_assignment_in_view(view)[0]
{'ox': {'wall': 1}, 'wurm': {'wall': 1, 'B': 2}}
>>> count_assignments_in_view(view, "wurm")
3

Conventions used throughout:

* An assignment of one creature is a mapping ``{recipient id: points}``; a
  whole assignment maps each creature id to one (``assignments`` for attackers,
  ``blocker_assignments`` for blockers: ``scenario-format.md``).
* Dicts this module returns **omit recipients with 0 points** (a creature that
  assigns nothing maps to ``{}``); :func:`check_assignment_in_view` accepts explicit
  zeros anywhere, because 0 points is no damage at all.
* Where a creature is missing from ``assignments``/``blocker_assignments`` its
  default assignment is used (:func:`complete_assignment`).
* Messages are Japanese and name creatures and players through
  ``CombatView.names`` (or the ``names`` keyword of :func:`check_assignment_in_view`),
  falling back to their ids.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from math import comb
from typing import Final

from ..model._fast import fast_frozen
from ..model.errors import AssignmentError
from ..model.ja import DAMAGE_BASIS_JA, DEFENDER_KIND_JA, quoted

__all__ = [
    "DEFENDER_KINDS",
    "AssignmentError",
    "AttackView",
    "BlockView",
    "CombatView",
    "Violation",
    "check_assignment_in_view",
    "checked_assignment",
    "chose_unblocked",
    "complete_assignment",
    "count_assignments_in_view",
    "default_assignment_in_view",
    "format_assignment",
    "legal_assignments_in_view",
    "lethal_needed",
    "loyalty_needed",
    "max_damage_assignment_in_view",
    "recipients_in_view",
]

DEFENDER_KINDS: Final = ("player", "planeswalker", "battle")
"""What an attacking creature can attack (CR 506.1, 508.1b)."""

NO_ORDER_NOTE: Final = "割り振る順番はありません (510.1c)"
"""CR 510.1c: a creature blocked by several divides its damage among them freely, in no order. The
former rules rewrite this sentence of the assignment stage (``era_order``: 2024's damage assignment
order; ``eras.era_2007``: 310.2c), so it is written once, here."""
FREE_DIVISION_NOTE: Final = "自由に分けて割り振ります。" + NO_ORDER_NOTE
"""The end of the assignment note for a creature blocked by several (CR 510.1c)."""


# --------------------------------------------------------------------------------------------
# Value objects
# --------------------------------------------------------------------------------------------


@fast_frozen
@dataclass(frozen=True, slots=True)
class AttackView:
    """One attacking creature as the assignment sees it (CR 506.4, 508, 509, 510.1).

    ``power`` is the damage it assigns this step: its power, or its toughness
    when ``by_toughness`` (an effect such as 《包囲の塔、ドラン》's changes CR
    510.1a); 0 or less assigns none (510.1a).  ``as_though_unblocked``: it may
    assign its combat damage as though it weren't blocked (《茨の精霊》), so a
    blocked one has two choices, the blocked one (510.1c) and the unblocked
    one (510.1b).  ``defender`` is the attacked player, planeswalker or battle, or
    ``None`` when it attacks nothing; ``defender_removed`` says the attacked
    planeswalker or battle was removed from combat (CR 506.4c, 702.19e).
    ``defender_controller`` is the controller of an attacked planeswalker (the
    player trample over planeswalkers may pass excess damage to, CR 702.19c).
    ``blockers`` are the creatures still blocking it, in the order listed;
    ``blocked`` with no ``blockers`` means its blockers have left combat (CR
    510.1c, 702.19d).

    >>> AttackView.of("wurm", 6, "B", blockers=("bear",), trample=True).blocked
    True
    >>> AttackView.of("elf", 1, "B", blockers=("bear",), blocked=False)
    Traceback (most recent call last):
    ...
    rules_core.model.errors.AssignmentError: elf: an unblocked attacker has no blockers
    """

    attacker: str
    power: int
    defender: str | None
    defender_kind: str
    defender_controller: str | None
    blocked: bool
    blockers: tuple[str, ...]
    trample: bool
    trample_over_planeswalkers: bool
    deathtouch: bool
    defender_removed: bool = False
    by_toughness: bool = False
    as_though_unblocked: bool = False
    _plan: _Plan = field(init=False, repr=False, compare=False)
    """Its recipients (:func:`_attack_plan`), worked out once."""
    _unblocked: AttackView | None = field(init=False, repr=False, compare=False)
    """Blocked with ``as_though_unblocked``: the same attack unblocked, whose plan is the other choice."""
    _reach: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The recipients of either choice: the damage that counts for another creature's lethal damage or loyalty."""
    _default_plan: _Plan = field(init=False, repr=False, compare=False)
    """The plan of the choice its default assignment makes: the blocked one (510.1c), unless that one
    assigns nothing and the unblocked one (510.1b) assigns something (its blockers have left combat)."""

    def __post_init__(self) -> None:
        if self.defender_kind not in DEFENDER_KINDS:
            raise AssignmentError(
                f"{self.attacker}: defender_kind must be one of {DEFENDER_KINDS}, not {self.defender_kind!r}"
            )
        if self.blockers and not self.blocked:
            raise AssignmentError(f"{self.attacker}: an unblocked attacker has no blockers")
        plan = _attack_plan(self)
        object.__setattr__(self, "_plan", plan)
        unblocked = None
        reach = plan.recipients
        default = plan
        if self.as_though_unblocked and self.blocked and self.power > 0:
            unblocked = replace(self, blocked=False, blockers=(), as_though_unblocked=False)
            reach += tuple(r for r in unblocked._plan.recipients if r not in reach)
            if (
                plan.assigns_nothing
            ):  # its blockers have left combat: the unblocked choice (if it assigns anything)
                default = unblocked._plan
        object.__setattr__(self, "_unblocked", unblocked)
        object.__setattr__(self, "_reach", reach)
        object.__setattr__(self, "_default_plan", default)

    @classmethod
    def of(
        cls,
        attacker: str,
        power: int,
        defender: str | None,
        *,
        blockers: tuple[str, ...] = (),
        blocked: bool | None = None,
        defender_kind: str = "player",
        defender_controller: str | None = None,
        trample: bool = False,
        trample_over_planeswalkers: bool = False,
        deathtouch: bool = False,
        defender_removed: bool = False,
        by_toughness: bool = False,
        as_though_unblocked: bool = False,
    ) -> AttackView:
        """Keyword-friendly constructor; ``blocked`` defaults to "has blockers".

        >>> AttackView.of("bear", 2, "B").blocked
        False
        """
        return cls(
            attacker=attacker,
            power=power,
            defender=defender,
            defender_kind=defender_kind,
            defender_controller=defender_controller,
            blocked=bool(blockers) if blocked is None else blocked,
            blockers=tuple(blockers),
            trample=trample,
            trample_over_planeswalkers=trample_over_planeswalkers,
            deathtouch=deathtouch,
            defender_removed=defender_removed,
            by_toughness=by_toughness,
            as_though_unblocked=as_though_unblocked,
        )

    @property
    def tramples(self) -> bool:
        """CR 702.19c: trample over planeswalkers is a variant of trample (702.19g: one is enough)."""
        return self.trample or self.trample_over_planeswalkers

    @property
    def attacks_nothing(self) -> bool:
        """CR 506.4c: attacking no player, planeswalker or battle (none, or removed from combat)."""
        return self.defender is None or self.defender_removed

    @property
    def basis(self) -> str:
        """What its combat damage equals (CR 510.1a): ``"power"``, or ``"toughness"`` under a Doran-like effect."""
        return "toughness" if self.by_toughness else "power"


@fast_frozen
@dataclass(frozen=True, slots=True)
class BlockView:
    """One blocking creature (CR 509, 510.1d): the attackers it blocks that are still in combat.

    ``power`` and ``by_toughness`` as in :class:`AttackView`.

    >>> BlockView.of("wall", 2, ("ox", "wurm")).blocking
    ('ox', 'wurm')
    """

    blocker: str
    power: int
    deathtouch: bool
    blocking: tuple[str, ...]
    by_toughness: bool = False
    _plan: _Plan = field(init=False, repr=False, compare=False)
    """Its recipients (:func:`_block_plan`), worked out once."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_plan", _block_plan(self))

    @classmethod
    def of(
        cls,
        blocker: str,
        power: int,
        blocking: tuple[str, ...],
        *,
        deathtouch: bool = False,
        by_toughness: bool = False,
    ) -> BlockView:
        """Keyword-friendly constructor."""
        return cls(
            blocker=blocker,
            power=power,
            deathtouch=deathtouch,
            blocking=tuple(blocking),
            by_toughness=by_toughness,
        )

    @property
    def basis(self) -> str:
        """What its combat damage equals (CR 510.1a): ``"power"``, or ``"toughness"`` under a Doran-like effect."""
        return "toughness" if self.by_toughness else "power"


@fast_frozen
@dataclass(frozen=True, slots=True)
class CombatView:
    """Everything the assignment rules look at in one combat damage step.

    ``lethal`` maps each blocker's id to the damage still lethal to it:
    toughness minus damage already marked, at least 0 (CR 120.6, 702.19b).
    Every blocker must have an entry.  It may also hold attackers' ids; those
    are used only for the blockers' *default* assignment (an extension, see
    :func:`default_assignment_in_view`).  ``loyalty`` maps an attacked planeswalker's
    id to its loyalty (CR 702.19c); it is needed only for attackers with
    trample over planeswalkers.  ``names`` (optional) maps ids to the names
    messages show (「灰色熊」 rather than ``bear``).

    Mapping fields make the view unhashable unless the caller passes hashable
    mappings; views are compared, never hashed, here.
    """

    attacks: tuple[AttackView, ...]
    blocks: tuple[BlockView, ...]
    lethal: Mapping[str, int]
    loyalty: Mapping[str, int]
    names: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for a in self.attacks:
            for b in a.blockers:
                if b not in self.lethal:
                    raise AssignmentError(f"lethal has no entry for blocker {b!r} of {a.attacker!r}")
            if _spills_to_controller(a) and not a.attacks_nothing and a.defender not in self.loyalty:
                raise AssignmentError(f"loyalty has no entry for planeswalker {a.defender!r}")
        for blk in self.blocks:
            if blk.blocker not in self.lethal:
                raise AssignmentError(f"lethal has no entry for blocker {blk.blocker!r}")

    def attack(self, attacker: str) -> AttackView:
        """The attack of ``attacker``; :class:`AssignmentError` if there is none."""
        for a in self.attacks:
            if a.attacker == attacker:
                return a
        raise AssignmentError(f"{attacker!r} is not an attacking creature in this view")

    def block(self, blocker: str) -> BlockView:
        """The block of ``blocker``; :class:`AssignmentError` if there is none."""
        for b in self.blocks:
            if b.blocker == blocker:
                return b
        raise AssignmentError(f"{blocker!r} is not a blocking creature in this view")


@fast_frozen
@dataclass(frozen=True, slots=True)
class Violation:
    """One way an assignment breaks the rules: the rule, a Japanese message, the creature at fault.

    ``attacker`` holds the id of the creature whose assignment is wrong; for a
    blocker's assignment that is the blocker's id.  The message says what is
    wrong and the smallest change that makes that creature's assignment legal.
    ``step`` is the combat damage step whose assignment is wrong (CR 510.4):
    1 or 2 when the combat has two (someone has first strike or double
    strike), ``None`` when it has one (and in a bare :class:`CombatView`).
    """

    rule: str
    message: str
    attacker: str | None = None
    step: int | None = None


# --------------------------------------------------------------------------------------------
# Plans: who may receive an attacker's damage, and under which conditions
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Plan:
    """The recipients open to one creature this step (a private record: never changed once made).

    Recipients in three tiers: ``free`` (blockers, or the only recipient, no
    condition), ``target`` (after every blocker in ``blockers`` has lethal
    damage: CR 702.19b/d/e) and ``controller`` (after that and damage at least
    equal to the loyalty of the planeswalker ``target``: CR 702.19c).
    ``blockers`` are the free recipients that carry a lethal-damage condition.
    ``rule`` names the rule that opens the recipients; ``reason`` says why a
    creature with no recipients assigns nothing.

    A recipient is one object, listed once: when the attacked planeswalker (or
    battle) ``target`` is also one of the creatures blocking (a creature
    planeswalker can block the creature attacking it), it is a free recipient,
    and only ``controller`` (if any) lies past the blockers (see
    :func:`_attack_plan`).
    """

    power: int
    free: tuple[str, ...]
    blockers: tuple[str, ...] = ()
    target: str | None = None
    controller: str | None = None
    rule: str = "510.1c"
    reason: str = ""
    past: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The recipients past the blockers: ``target`` and ``controller`` where present and not free."""
    recipients: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """Every recipient, each once: ``free``, then ``past``."""

    def __post_init__(self) -> None:
        self.past = tuple(r for r in (self.target, self.controller) if r is not None and r not in self.free)
        self.recipients = self.free + self.past

    @property
    def target_blocks(self) -> bool:
        """The attacked planeswalker or battle is itself one of the blockers (one object, one recipient)."""
        return self.target is not None and self.target in self.free

    @property
    def assigns_nothing(self) -> bool:
        return not self.recipients

    def forced(self) -> dict[str, int] | None:
        """The one possible assignment, or ``None`` when the controller has a choice."""
        rs = self.recipients
        if not rs:
            return {}
        if len(rs) == 1:
            return {rs[0]: self.power}
        return None


def _spills_to_controller(a: AttackView) -> bool:
    return (
        a.trample_over_planeswalkers
        and a.defender_kind == "planeswalker"
        and a.defender_controller is not None
    )


def _attack_plan(a: AttackView) -> _Plan:
    """CR 510.1a-c, 702.19b-f: the recipients of attacker ``a``.

    A creature planeswalker (or creature battle) that is attacked and blocks the
    creature attacking it is one recipient, not two: damage assigned to it is
    damage assigned to it.  As a blocking creature it may be assigned any part
    of the damage (510.1c: the blocked creature divides its damage among its
    blockers), so trample's condition (702.19b: lethal damage to every blocker
    before any damage goes to the attacked planeswalker) never keeps damage off
    it — trample only adds recipients, and here it adds none.  With trample
    over planeswalkers its controller lies past the blockers (702.19c): damage
    may go to the controller once every blocker, this one included, has been
    assigned lethal damage and this one damage at least equal to its loyalty
    (both: it is a blocker and the attacked planeswalker).
    """
    power = a.power
    if power <= 0:
        return _Plan(0, (), rule="510.1a", reason="power")
    spill = _spills_to_controller(a)
    if a.attacks_nothing:
        # 506.4c: attacking nothing.  702.19e: trample over planeswalkers still reaches the player.
        target, rule = (a.defender_controller, "702.19e") if spill else (None, "")
    else:
        target, rule = a.defender, "702.19b"
    if not a.blocked:
        if target is None:
            return _Plan(power, (), rule="510.1b", reason="attacks_nothing")
        if spill and not a.attacks_nothing:
            return _Plan(power, (), (), a.defender, a.defender_controller, rule="702.19c")
        return _Plan(power, (target,), rule="702.19e" if a.attacks_nothing else "510.1b")
    if not a.tramples or target is None:
        if not a.blockers:
            return _Plan(
                power, (), rule="510.1c", reason="no_blockers" if not a.tramples else "no_blockers_nothing"
            )
        return _Plan(power, a.blockers, rule="510.1c")
    if spill and not a.attacks_nothing:
        return _Plan(power, a.blockers, a.blockers, a.defender, a.defender_controller, rule="702.19c")
    if not a.blockers:
        return _Plan(power, (target,), rule="702.19e" if a.attacks_nothing else "702.19d")
    return _Plan(power, a.blockers, a.blockers, target, rule=rule)


def _block_plan(b: BlockView) -> _Plan:
    """CR 510.1a, 510.1d: a blocker divides its damage among the attackers it blocks."""
    if b.power <= 0:
        return _Plan(0, (), rule="510.1a", reason="power")
    if not b.blocking:
        return _Plan(b.power, (), rule="510.1d", reason="blocks_nothing")
    return _Plan(b.power, b.blocking, rule="510.1d")


# --------------------------------------------------------------------------------------------
# Tallies: damage other creatures assign in the same step (702.19b, 702.19c, 702.2c)
# --------------------------------------------------------------------------------------------


def _points(value: object) -> int:
    """An amount as counted towards lethal damage or loyalty: non-integers and negatives count 0."""
    return value if type(value) is int and value > 0 else 0


class _Tally:
    """Points assigned to each recipient, and how many deathtouch sources assign nonzero damage to it."""

    __slots__ = ("deathtouch", "total")

    def __init__(self) -> None:
        self.total: dict[str, int] = {}
        self.deathtouch: dict[str, int] = {}

    def add(
        self, amounts: Mapping[str, object], deathtouch: bool, allowed: tuple[str, ...] | None = None
    ) -> None:
        """Count ``amounts``; with ``allowed``, only the points on those recipients.

        Damage a creature may not assign (CR 510.1b-c, 506.4c) is never dealt, so it
        cannot make a blocker lethal or a planeswalker reach its loyalty for another creature.
        """
        for r, v in amounts.items():
            n = _points(v)
            if n and (allowed is None or r in allowed):
                self.total[r] = self.total.get(r, 0) + n
                if deathtouch:
                    self.deathtouch[r] = self.deathtouch.get(r, 0) + 1

    def others(self, r: str, own: Mapping[str, object]) -> int:
        """Points on ``r`` from creatures other than the one whose assignment is ``own``."""
        return self.total.get(r, 0) - _points(own.get(r, 0))

    def others_deathtouch(self, r: str, own: Mapping[str, object], deathtouch: bool) -> bool:
        mine = 1 if deathtouch and _points(own.get(r, 0)) else 0
        return self.deathtouch.get(r, 0) - mine > 0


def _needs(
    view: CombatView, blockers: tuple[str, ...], deathtouch: bool, tally: _Tally, own: Mapping[str, object]
) -> tuple[int, ...]:
    """CR 702.19b, 702.2c: points each blocker still needs from this creature to have lethal damage."""
    out = []
    for b in blockers:
        if tally.others_deathtouch(b, own, deathtouch):
            rest = 0  # 702.2c: another deathtouch source's nonzero damage is already lethal
        else:
            rest = max(0, max(0, view.lethal[b]) - tally.others(b, own))
        out.append(min(rest, 1) if deathtouch else rest)
    return tuple(out)


def _loyalty_need(view: CombatView, pw: str, tally: _Tally, own: Mapping[str, object]) -> int:
    """CR 702.19c: points the planeswalker still needs from this creature to reach its loyalty."""
    return max(0, view.loyalty[pw] - tally.others(pw, own))


# --------------------------------------------------------------------------------------------
# Defaults
# --------------------------------------------------------------------------------------------


def _fill(
    power: int, recipients: tuple[str, ...], needs: tuple[int | None, ...], rest_to: str
) -> dict[str, int]:
    """Give each recipient its need in order (``None`` = all that is left), the rest to ``rest_to``."""
    out: dict[str, int] = {}
    left = power
    for r, need in zip(recipients, needs, strict=True):
        give = left if need is None else min(need, left)
        if give:
            out[r] = out.get(r, 0) + give
            left -= give
    if left:
        out[rest_to] = out.get(rest_to, 0) + left
    return out


def _attack_default(view: CombatView, a: AttackView, plan: _Plan, tally: _Tally) -> dict[str, int]:
    """The default of the contract for one attacker, ``tally`` holding the other creatures' damage."""
    forced = plan.forced()
    if forced is not None:
        return forced
    needs = _needs(view, plan.free, a.deathtouch, tally, {})
    if plan.target is None:  # no trample: lethal to each blocker in order, the rest to the last
        return _fill(plan.power, plan.free, needs, plan.free[-1])
    if plan.controller is None:  # trample: lethal to each blocker, the rest past them
        return _fill(plan.power, plan.free, needs, plan.target)
    # trample over planeswalkers: lethal to each blocker, loyalty to the planeswalker, the rest to its controller
    loyalty = _loyalty_need(view, plan.target, tally, {})
    if plan.target_blocks:  # the planeswalker blocks too: lethal damage and its loyalty, whichever is more
        return _fill(plan.power, plan.free, _with_loyalty(plan, needs, loyalty), plan.controller)
    return _fill(plan.power, (*plan.free, plan.target), (*needs, loyalty), plan.controller)


def _with_loyalty(plan: _Plan, needs: tuple[int, ...], loyalty: int) -> tuple[int, ...]:
    """CR 702.19c: ``needs`` of the blockers, where the attacked planeswalker that also blocks needs
    damage at least equal to its loyalty as well as lethal damage."""
    return tuple(
        max(need, loyalty) if r == plan.target else need for r, need in zip(plan.free, needs, strict=True)
    )


def _block_default(
    view: CombatView, b: BlockView, plan: _Plan, dealt: dict[str, int], dt: dict[str, int]
) -> dict[str, int]:
    forced = plan.forced()
    if forced is not None:
        return forced
    needs: list[int | None] = []
    for attacker in plan.free:
        if dt.get(attacker):
            needs.append(0)
        elif b.deathtouch:
            needs.append(
                0 if attacker in view.lethal and view.lethal[attacker] - dealt.get(attacker, 0) <= 0 else 1
            )
        elif attacker in view.lethal:
            needs.append(max(0, view.lethal[attacker] - dealt.get(attacker, 0)))
        else:
            needs.append(None)  # toughness unknown: it takes everything left
    return _fill(plan.power, plan.free, tuple(needs), plan.free[-1])


def complete_assignment(
    view: CombatView,
    assignments: Mapping[str, Mapping[str, int]] | None = None,
    blocker_assignments: Mapping[str, Mapping[str, int]] | None = None,
) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
    """The whole assignment: the creatures given keep theirs, the missing ones get the default.

    Keys are every attacker and every blocker of ``view`` in the order listed;
    ids that are not in the view are dropped (:func:`check_assignment_in_view` reports
    them).  Given assignments are copied as they are, zeros included.

    How defaults are made, so that each is legal whatever the others do:

    1. creatures given in the arguments are fixed as given;
    2. then every creature with only one possible assignment (one recipient, or
       none) gets it;
    3. then the others, in the order listed, each counting the damage already
       fixed on the same blockers (and planeswalker) as CR 702.19b-c allow.
       Extra damage from creatures fixed later can only lower what a blocker
       still needs, so a default never becomes illegal.

    Attackers (the contract, ``scenario-format.md``): all damage to the only
    recipient; with trample, lethal damage (702.2c: 1 with deathtouch) to each
    blocker in the order listed and the rest to the attacked player,
    planeswalker or battle; with trample over planeswalkers attacking a
    planeswalker, then damage up to its loyalty to the planeswalker and the
    rest to its controller (702.19c); without trample, lethal damage to each
    blocker in the order listed and the rest to the last.  A trampler whose
    planeswalker or battle left combat has nothing to trample over (506.4c)
    and is treated as one without trample, except for 702.19e.  A creature
    that may assign as though it weren't blocked makes the blocked choice,
    unless that one assigns nothing (its blockers have left combat): then it
    assigns as an unblocked creature would (510.1b).

    Blockers (an extension, the contract is silent): lethal damage to each
    attacker it blocks in the order listed and the rest to the last, where an
    attacker's lethal damage is its entry in ``CombatView.lethal`` minus what
    other blockers already assigned to it (1 with deathtouch); an attacker
    with no entry takes all that is left.

    >>> view = CombatView((AttackView.of("ox", 3, "B", blockers=("b1", "b2")),), (), {"b1": 2, "b2": 2}, {})
    >>> complete_assignment(view)
    ({'ox': {'b1': 2, 'b2': 1}}, {})
    >>> complete_assignment(view, {"ox": {"b1": 0, "b2": 3}})
    ({'ox': {'b1': 0, 'b2': 3}}, {})
    """
    return _complete_attacks(view, assignments or {}), _complete_blocks(view, blocker_assignments or {})


def _complete_attacks(view: CombatView, given: Mapping[str, Mapping[str, int]]) -> dict[str, dict[str, int]]:
    """The attackers' part of :func:`complete_assignment`."""
    out: dict[str, dict[str, int]] = {}
    tally = _Tally()
    plans = {}
    for a in view.attacks:
        if a.attacker in out:
            continue
        if a.attacker in given:
            out[a.attacker] = dict(given[a.attacker])
            tally.add(out[a.attacker], a.deathtouch, a._reach)
        else:
            plans[a.attacker] = a._default_plan
    pending = []
    for a in view.attacks:
        plan = plans.pop(a.attacker, None)
        if plan is None:
            continue
        forced = plan.forced()
        if forced is None:
            pending.append((a, plan))
        else:
            out[a.attacker] = forced
            tally.add(forced, a.deathtouch)
    for a, plan in pending:
        out[a.attacker] = _attack_default(view, a, plan, tally)
        tally.add(out[a.attacker], a.deathtouch)
    return {a.attacker: out[a.attacker] for a in view.attacks}


def _complete_blocks(view: CombatView, given_b: Mapping[str, Mapping[str, int]]) -> dict[str, dict[str, int]]:
    """The blockers' part of :func:`complete_assignment`."""
    bout: dict[str, dict[str, int]] = {}
    dealt: dict[str, int] = {}
    dt: dict[str, int] = {}

    def note(b: BlockView, amounts: Mapping[str, object]) -> None:
        for r, v in amounts.items():
            n = _points(v) if r in b.blocking else 0
            dealt[r] = dealt.get(r, 0) + n
            if n and b.deathtouch:
                dt[r] = dt.get(r, 0) + 1

    bpending = []
    for b in view.blocks:
        if b.blocker in bout:
            continue
        if b.blocker in given_b:
            bout[b.blocker] = dict(given_b[b.blocker])
            note(b, bout[b.blocker])
    for b in view.blocks:
        if b.blocker in bout:
            continue
        plan = b._plan
        forced = plan.forced()
        if forced is None:
            bpending.append((b, plan))
        else:
            bout[b.blocker] = forced
            note(b, forced)
    for b, plan in bpending:
        bout[b.blocker] = _block_default(view, b, plan, dealt, dt)
        note(b, bout[b.blocker])
    return {b.blocker: bout[b.blocker] for b in view.blocks}


def default_assignment_in_view(
    view: CombatView,
) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
    """The assignment a player makes by default (``scenario-format.md``); zeros omitted.

    Returns ``(assignments, blocker_assignments)`` for every attacker and
    blocker of ``view``.  The rules are those of :func:`complete_assignment`
    with nothing given.  The blog post of 2007 (seed 003) shows a 5/5 trampler
    blocked by a 3/3: the default is still 3 to the blocker and 2 to the player.

    >>> view = CombatView((AttackView.of("wurm", 5, "B", blockers=("ox",), trample=True),),
    ...                   (BlockView.of("ox", 3, ("wurm",)),), {"ox": 3}, {})
    >>> default_assignment_in_view(view)
    ({'wurm': {'ox': 3, 'B': 2}}, {'ox': {'wurm': 3}})

    CR 702.19c example: a 1/1 and a 7/7 with trample over planeswalkers attack
    a planeswalker with loyalty 3; the 1/1's point counts towards the loyalty:

    >>> view = CombatView((AttackView.of("ox", 1, "jace", defender_kind="planeswalker", defender_controller="B"),
    ...                    AttackView.of("titan", 7, "jace", defender_kind="planeswalker",
    ...                                  defender_controller="B", trample_over_planeswalkers=True)),
    ...                   (), {}, {"jace": 3})
    >>> default_assignment_in_view(view)[0]
    {'ox': {'jace': 1}, 'titan': {'jace': 2, 'B': 5}}
    """
    return complete_assignment(view, {}, {})


# --------------------------------------------------------------------------------------------
# Queries about one creature, the others held fixed
# --------------------------------------------------------------------------------------------


def _others(
    view: CombatView, attacker: str, assignments: Mapping[str, Mapping[str, int]] | None
) -> tuple[AttackView, _Plan, _Tally]:
    """The attack, its plan and the tally of every *other* attacker (defaults where not given).

    The others' defaults are made as if ``attacker`` assigned nothing, so none of them
    relies on its damage: whatever legal assignment ``attacker`` then makes, the
    defaults stay legal (its damage can only lower what their blockers still need).
    """
    a = view.attack(attacker)
    given = {k: v for k, v in (assignments or {}).items() if k != attacker}
    given[attacker] = {}
    full = _complete_attacks(view, given)
    tally = _Tally()
    for other in view.attacks:
        if other.attacker != attacker:
            tally.add(full[other.attacker], other.deathtouch, other._reach)
    return a, a._plan, tally


def recipients_in_view(view: CombatView, creature: str) -> tuple[str, ...]:
    """Who ``creature`` (an attacker or a blocker) may assign damage to at all this step.

    Blockers first (in the order listed), then the attacked player,
    planeswalker or battle, then (trample over planeswalkers) the
    planeswalker's controller; each once (an attacked creature planeswalker
    that blocks is listed with the blockers).  Conditions (lethal damage,
    loyalty) are not applied here: see :func:`lethal_needed` and
    :func:`loyalty_needed`.

    >>> view = CombatView((AttackView.of("wurm", 6, "B", blockers=("bear",), trample=True),
    ...                    AttackView.of("ox", 2, "B", blockers=("elf",))), (), {"bear": 2, "elf": 1}, {})
    >>> recipients_in_view(view, "wurm"), recipients_in_view(view, "ox")
    (('bear', 'B'), ('elf',))
    """
    if any(a.attacker == creature for a in view.attacks):
        return view.attack(creature)._reach
    return view.block(creature)._plan.recipients


def lethal_needed(
    view: CombatView, attacker: str, assignments: Mapping[str, Mapping[str, int]] | None = None
) -> dict[str, int]:
    """CR 702.19b, 702.2c: points each blocker still needs *from* ``attacker`` to have lethal damage.

    Counts damage already marked (through ``CombatView.lethal``) and damage
    the other attackers assign to it this step (``assignments``, defaults
    where missing), but no prevention or protection.  With deathtouch 1 point
    is enough (702.2c); a blocker already lethally damaged, or hit by another
    deathtouch attacker, needs 0.

    CR 702.19b example 2: a 6/6 green trampler blocked by a 2/2 with
    protection from green still has to assign 2 to it:

    >>> view = CombatView((AttackView.of("wurm", 6, "B", blockers=("knight",), trample=True),),
    ...                   (), {"knight": 2}, {})
    >>> lethal_needed(view, "wurm")
    {'knight': 2}
    """
    a, _plan, tally = _others(view, attacker, assignments)
    return dict(zip(a.blockers, _needs(view, a.blockers, a.deathtouch, tally, {}), strict=True))


def loyalty_needed(
    view: CombatView, attacker: str, assignments: Mapping[str, Mapping[str, int]] | None = None
) -> int | None:
    """CR 702.19c: points the attacked planeswalker still needs from ``attacker`` before its controller.

    ``None`` unless ``attacker`` has trample over planeswalkers and attacks a
    planeswalker still in combat.  Other attackers' damage to it counts.
    """
    _a, plan, tally = _others(view, attacker, assignments)
    if plan.controller is None or plan.target is None:
        return None
    return _loyalty_need(view, plan.target, tally, {})


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """All ways to write ``total`` as ``parts`` non-negative integers, most to the first part first."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def _n_compositions(total: int, parts: int) -> int:
    """Stars and bars: the number of ways to write ``total`` as ``parts`` non-negative integers."""
    if total < 0:
        return 0
    if parts == 0:
        return 1 if total == 0 else 0
    return comb(total + parts - 1, parts - 1)


def legal_assignments_in_view(
    view: CombatView, attacker: str, assignments: Mapping[str, Mapping[str, int]] | None = None
) -> Iterator[dict[str, int]]:
    """Every legal assignment of ``attacker`` (zeros omitted), the other attackers' held fixed.

    ``assignments`` holds the other attackers' assignments; they matter
    because 702.19b and 702.19c count their damage.  An entry for
    ``attacker`` itself is ignored.  The others missing from it get their
    default (:func:`complete_assignment`) made *as if* ``attacker`` assigned
    nothing, so no default relies on its damage: together with those
    defaults, every assignment yielded here is legal as a whole (510.1e)
    whenever the given ones are.  A given trampler that relied on this
    attacker's damage may of course stop being legal: check the whole with
    :func:`check_assignment_in_view`.

    ``attacker`` may also be a blocker's id (510.1d; blockers never depend on
    each other).  Order: amounts in decreasing lexicographic order over the
    recipients of :func:`recipients_in_view` (blockers as listed, then the attacked
    object, then its controller), so the first blocker's largest share comes
    first.  A blocked creature that may assign as though it weren't blocked
    then yields the unblocked choice's assignments the blocked one does not
    allow (510.1b).  The generator walks all divisions of the power: keep it
    for small cases and use :func:`count_assignments_in_view` to count.

    CR 510.1c example: a 4/3 blocked by a 2/3 and a 1/1 has five choices:

    >>> view = CombatView((AttackView.of("regrower", 4, "B", blockers=("spawn", "hunter")),),
    ...                   (), {"spawn": 3, "hunter": 1}, {})
    >>> [tuple(d.items()) for d in legal_assignments_in_view(view, "regrower")]  # doctest: +NORMALIZE_WHITESPACE
    [(('spawn', 4),), (('spawn', 3), ('hunter', 1)), (('spawn', 2), ('hunter', 2)),
     (('spawn', 1), ('hunter', 3)), (('hunter', 4),)]
    """
    if not any(a.attacker == attacker for a in view.attacks):
        plan = view.block(attacker)._plan
        if plan.assigns_nothing:
            yield {}
            return
        for vec in _compositions(plan.power, len(plan.recipients)):
            yield {r: n for r, n in zip(plan.recipients, vec, strict=True) if n}
        return
    a, plan, tally = _others(view, attacker, assignments)
    yield from _legal_in_plan(view, a, plan, tally)
    u = a._unblocked
    if u is not None:  # the other choice (510.1b), where it differs from the blocked one
        for amounts in _legal_in_plan(view, u, u._plan, tally):
            if not _fits(view, a, plan, tally, amounts):
                yield amounts


def _legal_in_plan(view: CombatView, a: AttackView, plan: _Plan, tally: _Tally) -> Iterator[dict[str, int]]:
    """The assignments of ``a`` that ``plan`` allows, ``tally`` holding the other attackers' damage."""
    if plan.assigns_nothing:
        yield {}
        return
    rs = plan.recipients
    k = len(plan.free)
    needs = _needs(view, plan.blockers, a.deathtouch, tally, {})
    loyalty = _loyalty_need(view, plan.target, tally, {}) if plan.controller and plan.target else 0
    target = rs.index(plan.target) if plan.target is not None else -1
    controller = rs.index(plan.controller) if plan.controller is not None else -1
    for vec in _compositions(plan.power, len(rs)):
        if any(vec[k:]):  # something past the blockers (702.19b, 702.19c)
            if any(x < n for x, n in zip(vec, needs, strict=False)):
                continue
            if controller >= 0 and vec[controller] and vec[target] < loyalty:
                continue
        yield {r: n for r, n in zip(rs, vec, strict=True) if n}


def _fits(view: CombatView, a: AttackView, plan: _Plan, tally: _Tally, amounts: Mapping[str, int]) -> bool:
    """Whether ``plan`` allows ``amounts`` (non-negative integers), ``tally`` holding the others' damage."""
    given = {r: n for r, n in amounts.items() if n}
    if plan.assigns_nothing:
        return not given
    if any(r not in plan.recipients for r in given) or sum(given.values()) != plan.power:
        return False
    if any(r in given for r in plan.past):
        needs = _needs(view, plan.blockers, a.deathtouch, tally, {})
        if any(given.get(b, 0) < n for b, n in zip(plan.blockers, needs, strict=True)):
            return False
    if plan.controller is not None and plan.target is not None and plan.controller in given:
        return given.get(plan.target, 0) >= _loyalty_need(view, plan.target, tally, {})
    return True


def count_assignments_in_view(
    view: CombatView, attacker: str, assignments: Mapping[str, Mapping[str, int]] | None = None
) -> int:
    """How many legal assignments ``attacker`` has, in closed form (no enumeration).

    With power P (0 if P <= 0: one assignment, the empty one), k free
    recipients and C(n, m) = ways to write n as m non-negative parts
    (stars and bars, ``comb(n + m - 1, m - 1)``):

    * one recipient or none: 1; no trample, k blockers: C(P, k) (510.1c-d);
    * trample, blockers needing N points in all (:func:`lethal_needed`):
      C(P, k) with nothing past the blockers, plus C(P - N - 1, k + 1) with at
      least 1 past them and every blocker lethal (702.19b);
    * trample over planeswalkers attacking a planeswalker that still needs L
      points (:func:`loyalty_needed`): add C(P - N - L - 1, k + 2), the
      assignments with at least 1 to the controller (702.19c).

    The three sets are disjoint (nothing past the blockers; some to the
    planeswalker and none to its controller; some to its controller).  A
    blocked creature that may assign as though it weren't blocked adds the
    unblocked choice's count (the same formulas with no blockers) less the
    assignments both choices allow (:func:`_count_both`), so each counts once.

    >>> view = CombatView((AttackView.of("wurm", 20, "B", blockers=tuple("abcdef"), trample=True),),
    ...                   (), dict.fromkeys("abcdef", 2), {})
    >>> count_assignments_in_view(view, "wurm")  # C(20, 6) + C(20 - 12 - 1, 7) = 53130 + 1716
    54846
    """
    if not any(a.attacker == attacker for a in view.attacks):
        plan = view.block(attacker)._plan
        return 1 if plan.assigns_nothing else _n_compositions(plan.power, len(plan.free))
    a, plan, tally = _others(view, attacker, assignments)
    count = _count_in_plan(view, a, plan, tally)
    u = a._unblocked
    if u is None:
        return count
    return count + _count_in_plan(view, u, u._plan, tally) - _count_both(view, a, u, tally)


def _count_in_plan(view: CombatView, a: AttackView, plan: _Plan, tally: _Tally) -> int:
    """The closed form of :func:`count_assignments_in_view` for one plan of ``a``."""
    if plan.assigns_nothing:
        return 1
    p, k = plan.power, len(plan.free)
    count = _n_compositions(p, k)
    if not plan.past:
        return count
    needs = _needs(view, plan.blockers, a.deathtouch, tally, {})
    if plan.target_blocks:
        # Only the controller lies past the blockers; the planeswalker among them needs its loyalty too.
        assert plan.target is not None
        loyalty = _loyalty_need(view, plan.target, tally, {})
        return count + _n_compositions(p - sum(_with_loyalty(plan, needs, loyalty)) - 1, k + 1)
    n = sum(needs)
    count += _n_compositions(p - n - 1, k + 1)
    if plan.controller is not None and plan.target is not None:
        loyalty = _loyalty_need(view, plan.target, tally, {})
        count += _n_compositions(p - n - loyalty - 1, k + 2)
    return count


def _count_both(view: CombatView, a: AttackView, u: AttackView, tally: _Tally) -> int:
    """How many assignments both choices of ``a`` allow: the blocked one and the unblocked one ``u``.

    Every assignment of the unblocked choice puts all the damage on the attacked object ``t`` (or,
    after 702.19e, on the defending player), and, with trample over planeswalkers, may put some on
    its controller ``c`` once ``t`` has at least its loyalty L (702.19c): ``{t: P}`` and
    ``{t: x, c: P - x}`` for L <= x < P.  The blocked choice allows ``{t: P}`` or not (checked); it
    allows a split with ``c`` when every other blocker needs nothing more and ``t`` gets at least
    L and, if it blocks too, its lethal damage: that is a range of x again.
    """
    blocked, unblocked = a._plan, u._plan
    if unblocked.assigns_nothing:
        return 1 if blocked.assigns_nothing else 0
    power = unblocked.power
    t = unblocked.recipients[0]
    both = 1 if _fits(view, a, blocked, tally, {t: power}) else 0
    c = unblocked.controller
    if c is None or c not in blocked.recipients or t not in blocked.recipients:
        return both
    needs = dict(zip(blocked.blockers, _needs(view, blocked.blockers, a.deathtouch, tally, {}), strict=True))
    if any(n for b, n in needs.items() if b != t):
        return both
    least = max(_loyalty_need(view, t, tally, {}), needs.get(t, 0))
    return both + max(0, power - least)


def max_damage_assignment_in_view(
    view: CombatView, attacker: str, assignments: Mapping[str, Mapping[str, int]] | None = None
) -> dict[str, int]:
    """The legal assignment of ``attacker`` that puts the most damage past its blockers (zeros omitted).

    "Past the blockers" is the attacked player, planeswalker or battle, plus,
    with trample over planeswalkers attacking a planeswalker, that
    planeswalker's controller (702.19c).  Every blocker gets exactly the
    points it still needs (:func:`lethal_needed`) and the rest goes past
    them; with trample over planeswalkers the planeswalker gets only what it
    still needs to reach its loyalty and the controller the rest, so among
    the assignments with the most damage past the blockers this one has the
    most to the player.  Where nothing can go past the blockers (no trample,
    or not enough power) this is the default assignment; a blocked creature
    that may assign as though it weren't blocked puts all of it past them.  The other
    attackers are held fixed as in :func:`legal_assignments_in_view`.

    >>> view = CombatView((AttackView.of("wurm", 6, "B", blockers=("bear", "elf"),
    ...                                  trample=True, deathtouch=True),), (), {"bear": 2, "elf": 1}, {})
    >>> max_damage_assignment_in_view(view, "wurm")
    {'bear': 1, 'elf': 1, 'B': 4}
    """
    a, plan, tally = _others(view, attacker, assignments)
    u = a._unblocked
    if u is not None and not u._plan.assigns_nothing:  # all of it past the blockers (510.1b)
        return _attack_default(view, u, u._plan, tally)
    # The default already gives each blocker exactly its need, then the loyalty, then the rest past them.
    return _attack_default(view, a, plan, tally)


def chose_unblocked(view: CombatView, attacker: str, assignments: Mapping[str, Mapping[str, int]]) -> bool:
    """Whether ``attacker``'s assignment in ``assignments`` (every attacker's, legal) is the choice to assign
    as though it weren't blocked: one the unblocked choice (510.1b) allows and the blocked one (510.1c) does not.

    >>> view = CombatView((AttackView.of("thorn", 7, "B", blockers=("bear",), as_though_unblocked=True),),
    ...                   (), {"bear": 2}, {})
    >>> chose_unblocked(view, "thorn", {"thorn": {"B": 7}}), chose_unblocked(view, "thorn", {"thorn": {"bear": 7}})
    (True, False)
    """
    a = view.attack(attacker)
    u = a._unblocked
    if u is None:
        return False
    tally = _Tally()
    for other in view.attacks:
        if other.attacker != attacker:
            tally.add(assignments.get(other.attacker, {}), other.deathtouch, other._reach)
    own = {r: n for r, n in assignments.get(attacker, {}).items() if _points(n)}
    return not _fits(view, a, a._plan, tally, own) and _fits(view, u, u._plan, tally, own)


# --------------------------------------------------------------------------------------------
# Checking (510.1e: the whole assignment at once)
# --------------------------------------------------------------------------------------------


class _Text:
    """Japanese wording helpers bound to a names mapping."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names

    def q(self, ident: object) -> str:
        return quoted(self.names.get(ident, ident)) if isinstance(ident, str) else f"「{ident}」"

    def join(self, idents: tuple[str, ...] | list[str], sep: str = "、") -> str:
        return sep.join(self.q(i) for i in idents)


def format_assignment(amounts: Mapping[str, int], names: Mapping[str, str] | None = None) -> str:
    """One creature's assignment as a Japanese phrase, zeros left out.

    >>> format_assignment({"bear": 2, "B": 4}, {"bear": "灰色熊", "B": "対戦相手"})
    '「灰色熊」に2点、「対戦相手」に4点'
    >>> format_assignment({"bear": 0})
    '割り振りなし'
    """
    t = _Text(names or {})
    parts = [f"{t.q(r)}に{n}点" for r, n in amounts.items() if n != 0]
    return "、".join(parts) if parts else "割り振りなし"


def _clean(who: str, amounts: Mapping[str, object], t: _Text, v: list[Violation]) -> dict[str, int]:
    """510.1a: integer, non-negative amounts; the others are reported and counted as 0."""
    out: dict[str, int] = {}
    for r, n in amounts.items():
        if type(n) is not int:
            v.append(
                Violation(
                    "510.1a",
                    f"{t.q(who)}から{t.q(r)}への割り振り {n!r} は整数ではありません。"
                    f"0以上の整数の点数にしてください (510.1a)",
                    who,
                )
            )
        elif n < 0:
            v.append(
                Violation(
                    "510.1a",
                    f"{t.q(who)}から{t.q(r)}への割り振りが{n}点になっています。"
                    f"負の点数は割り振れません。0点以上にしてください (510.1a)",
                    who,
                )
            )
        elif n:
            out[r] = n
    return out


def _no_spill(a: AttackView, r: str, t: _Text, *, removed: bool, fix: str) -> Violation | None:
    """CR 702.19f: without trample over planeswalkers nothing reaches the attacked planeswalker's controller.

    ``None`` unless ``r`` is that controller; ``removed`` says the planeswalker
    has left combat; ``fix`` ends the message (what to undo or move).
    """
    if r != a.defender_controller or a.defender_kind != "planeswalker" or a.trample_over_planeswalkers:
        return None
    pw = t.q(a.defender)
    why = (
        f"攻撃していたプレインズウォーカー{pw}が戦闘から取り除かれても"
        if removed
        else f"プレインズウォーカー{pw}を攻撃していても"
    )
    return Violation(
        "702.19f",
        f"{t.q(a.attacker)}はプレインズウォーカー越えトランプルを持たないので、{why}、"
        f"そのコントローラー{t.q(r)}には割り振れません。{fix} (702.19f)",
        a.attacker,
    )


def _nothing_message(a_or_b: AttackView | BlockView, plan: _Plan, r: str, n: int, t: _Text) -> Violation:
    who = a_or_b.attacker if isinstance(a_or_b, AttackView) else a_or_b.blocker
    x, rq = t.q(who), t.q(r)
    undo = f"{rq}への{n}点を取り消してください"
    if plan.reason == "power":
        return Violation(
            "510.1a",
            f"{x}の{DAMAGE_BASIS_JA[a_or_b.basis]}は{a_or_b.power}なので、戦闘ダメージをまったく割り振りません。"
            f"{undo} (510.1a)",
            who,
        )
    if plan.reason == "blocks_nothing":
        return Violation(
            "510.1d",
            f"{x}がブロックしていたクリーチャーはもう戦闘にいないので、{x}は戦闘ダメージを"
            f"割り振りません。{undo} (510.1d)",
            who,
        )
    assert isinstance(a_or_b, AttackView)
    a = a_or_b
    no_spill = _no_spill(a, r, t, removed=True, fix=undo)
    if no_spill is not None:
        return no_spill
    if plan.reason == "attacks_nothing":
        return Violation(
            "510.1b",
            f"{x}は何も攻撃していない（攻撃していたプレインズウォーカーやバトルが戦闘から"
            f"取り除かれた）うえにブロックされていないので、戦闘ダメージを割り振りません。"
            f"{undo} (510.1b)",
            who,
        )
    if plan.reason == "no_blockers_nothing":
        return Violation(
            "510.1c",
            f"{x}をブロックしていたクリーチャーはもう戦闘におらず、攻撃していた"
            f"{DEFENDER_KIND_JA[a.defender_kind]}も戦闘から取り除かれているので、{x}は戦闘ダメージを"
            f"割り振りません。{undo} (510.1c)",
            who,
        )
    return Violation(
        "510.1c",
        f"{x}をブロックしていたクリーチャーはもう戦闘にいないので、トランプルを持たない{x}は"
        f"戦闘ダメージを割り振りません（トランプルがあれば702.19dにより割り振れます）。"
        f"{undo} (510.1c)",
        who,
    )


def _forbidden_attack(a: AttackView, plan: _Plan, r: str, n: int, t: _Text) -> Violation:
    """A recipient ``a`` may not assign to: the rule that closes it and where the points may go instead."""
    x, rq = t.q(a.attacker), t.q(r)
    dest = t.join(plan.recipients, "か")
    move = f"{rq}への{n}点を{dest}に移してください"
    no_spill = _no_spill(a, r, t, removed=False, fix=move)
    if no_spill is not None:
        return no_spill
    if r == a.defender and a.defender_removed:
        return Violation(
            "506.4c",
            f"{x}が攻撃していた{DEFENDER_KIND_JA[a.defender_kind]}{rq}は戦闘から取り除かれているので、"
            f"{rq}には割り振れません。{move} (506.4c)",
            a.attacker,
        )
    if r == a.defender and a.blocked and not a.tramples:
        return Violation(
            "510.1c",
            f"トランプルを持たないので、ブロックされた{x}は{DEFENDER_KIND_JA[a.defender_kind]}{rq}に"
            f"割り振れません。{rq}への{n}点をブロック・クリーチャー（{dest}）に移してください"
            f" (510.1c)",
            a.attacker,
        )
    if not a.blocked:
        return Violation(
            plan.rule,
            f"ブロックされていない{x}は{dest}にしか割り振れません。{move} ({plan.rule})",
            a.attacker,
        )
    return Violation(
        "510.1c", f"{rq}は{x}をブロックしていないので、{x}は{rq}に割り振れません。{move} (510.1c)", a.attacker
    )


def _wrong_total(who: str, power: int, total: int, plan: _Plan, t: _Text, basis: str) -> Violation:
    head = f"{t.q(who)}の割り振りの合計が{power}点ではなく{total}点です。"
    equal = f"{DAMAGE_BASIS_JA[basis]}に等しい{power}点"
    if len(plan.recipients) == 1:
        fix = f"{t.q(plan.recipients[0])}に{equal}をすべて割り振ってください"
    elif total < power:
        fix = f"{equal}になるよう、あと{power - total}点割り振ってください"
    else:
        fix = f"{equal}になるよう、{total - power}点減らしてください"
    return Violation("510.1a", f"{head}{fix} (510.1a)", who)


def _check_attack(
    view: CombatView, a: AttackView, raw: Mapping[str, object], tally: _Tally, t: _Text
) -> list[Violation]:
    v: list[Violation] = []
    own = _clean(a.attacker, raw, t, v)
    u = a._unblocked
    if u is None:
        _check_choice(view, a, own, raw, tally, t, v)
        return v
    found: list[Violation] = []
    _check_choice(view, a, own, raw, tally, t, found)
    if not found:
        return v
    other: list[Violation] = []
    _check_choice(view, u, own, raw, tally, t, other)
    if not other:  # legal as though it weren't blocked (510.1b in place of 510.1c)
        return v
    blocked_only = [r for r in own if r in a._plan.recipients and r not in u._plan.recipients]
    unblocked_only = [r for r in own if r in u._plan.recipients and r not in a._plan.recipients]
    if blocked_only and unblocked_only:
        totals = [x for x in found if x.rule == "510.1a"]
        return [*v, _split_choices(a, u, own, blocked_only, unblocked_only, t), *totals]
    return v + (other if unblocked_only else found)


def _split_choices(
    a: AttackView, u: AttackView, own: Mapping[str, int], blocked: list[str], unblocked: list[str], t: _Text
) -> Violation:
    """CR 510.1c: a creature that may assign as though it weren't blocked chooses one way for all its damage."""
    dest = t.join(u._plan.recipients, "と")
    return Violation(
        "510.1c",
        f"{t.q(a.attacker)}はブロックされていないかのように戦闘ダメージを割り振れますが、そうするなら"
        f"{u.power}点すべてを{dest}に割り振り、ブロック・クリーチャーには割り振りません。ブロック・クリーチャーと"
        f"{dest}に分けることはできません。{t.join(blocked)}への{sum(own[r] for r in blocked)}点を{dest}に"
        f"移すか、{t.join(unblocked, 'と')}への{sum(own[r] for r in unblocked)}点をブロック・クリーチャーに"
        f"移してください (510.1c)",
        a.attacker,
    )


def _check_choice(
    view: CombatView,
    a: AttackView,
    own: dict[str, int],
    raw: Mapping[str, object],
    tally: _Tally,
    t: _Text,
    v: list[Violation],
) -> None:
    """Add to ``v`` the violations of ``own`` (cleaned) under the plan of ``a``."""
    plan = a._plan
    if plan.assigns_nothing:
        v.extend(_nothing_message(a, plan, r, n, t) for r, n in own.items())
        return
    allowed = set(plan.recipients)
    v.extend(_forbidden_attack(a, plan, r, n, t) for r, n in own.items() if r not in allowed)
    total = sum(own.values())
    if total != plan.power:
        v.append(_wrong_total(a.attacker, plan.power, total, plan, t, a.basis))
    if not plan.past:
        return
    beyond = sum(own.get(r, 0) for r in plan.past)
    if beyond:
        v.extend(_check_lethal(view, a, plan, own, raw, tally, beyond, t))
    if plan.controller is not None and plan.target is not None and own.get(plan.controller, 0):
        need = _loyalty_need(view, plan.target, tally, raw)
        have = own.get(plan.target, 0)
        if have < need:
            v.append(_loyalty_violation(view, a, plan, have, need, own[plan.controller], tally, raw, t))


def _check_lethal(
    view: CombatView,
    a: AttackView,
    plan: _Plan,
    own: dict[str, int],
    raw: Mapping[str, object],
    tally: _Tally,
    beyond: int,
    t: _Text,
) -> list[Violation]:
    """CR 702.19b (702.19e): nothing past the blockers until every blocker has lethal damage."""
    needs = _needs(view, plan.blockers, a.deathtouch, tally, raw)
    short = []
    missing = 0
    for b, need in zip(plan.blockers, needs, strict=True):
        have = own.get(b, 0)
        if have >= need:
            continue
        missing += need - have
        if a.deathtouch:
            short.append(f"{t.q(b)}にあと1点（接死を持つので1点で致死ダメージになります、702.2c）")
            continue
        others = tally.others(b, raw)
        detail = f"致死ダメージ{max(0, view.lethal[b])}点に対して"
        if others:
            detail += f"他のクリーチャーから{others}点、"
        short.append(f"{t.q(b)}にあと{need - have}点（{detail}この割り振りで{have}点）")
    if not short:
        return []
    x = t.q(a.attacker)
    past = [r for r in plan.past if own.get(r, 0)]
    past_q = "と".join(t.q(r) for r in past)
    if plan.rule == "702.19e":
        what, rule = f"防御プレイヤー{t.q(plan.target)}", "702.19e"
        holder = "プレインズウォーカー越えトランプルを持つ"
    elif plan.controller is not None and plan.target_blocks:
        what, rule = (
            f"プレインズウォーカー{t.q(plan.target)}のコントローラー{t.q(plan.controller)}",
            "702.19b",
        )
        holder = "プレインズウォーカー越えトランプルを持つ"
    elif plan.controller is not None:
        what, rule = (
            f"プレインズウォーカー{t.q(plan.target)}にもそのコントローラー{t.q(plan.controller)}",
            "702.19b",
        )
        holder = "プレインズウォーカー越えトランプルを持つ"
    else:
        what, rule = f"{DEFENDER_KIND_JA[a.defender_kind]}{t.q(plan.target)}", "702.19b"
        holder = "トランプルを持つ"
    if missing <= beyond:
        fix = f"{past_q}への割り振りから{missing}点をそれらのブロック・クリーチャーに移してください"
    else:
        fix = (
            f"パワーが足りないので、{past_q}への{beyond}点をすべてブロック・クリーチャーに移してください"
            if plan.power < sum(needs)
            else f"{past_q}への{beyond}点をすべてブロック・クリーチャーに移すか、ほかのブロック・クリーチャーへの"
            f"余分な点数も移してください"
        )
    return [
        Violation(
            rule,
            f"{holder}{x}は、ブロック・クリーチャーすべてに致死ダメージを割り振るまで、{what}には"
            f"割り振れません。{'、'.join(short)}足りません。{fix} ({rule})",
            a.attacker,
        )
    ]


def _loyalty_violation(
    view: CombatView,
    a: AttackView,
    plan: _Plan,
    have: int,
    need: int,
    to_controller: int,
    tally: _Tally,
    raw: Mapping[str, object],
    t: _Text,
) -> Violation:
    """CR 702.19c: nothing to the controller until the planeswalker has damage at least equal to its loyalty."""
    assert plan.target is not None and plan.controller is not None
    x, pw, c = t.q(a.attacker), t.q(plan.target), t.q(plan.controller)
    loyalty = view.loyalty[plan.target]
    others = tally.others(plan.target, raw)
    detail = (
        f"忠誠度{loyalty}に対して"
        + (f"他のクリーチャーから{others}点、" if others else "")
        + f"この割り振りで{have}点"
    )
    missing = need - have
    fix = (
        f"{c}への割り振りから{missing}点を{pw}に移してください"
        if missing <= to_controller
        else f"{c}への{to_controller}点を{pw}かブロック・クリーチャーに移してください"
    )
    return Violation(
        "702.19c",
        f"プレインズウォーカー越えトランプルを持つ{x}は、{pw}に忠誠度以上のダメージを割り振るまで、"
        f"そのコントローラー{c}には割り振れません。{pw}にあと{missing}点足りません（{detail}）。"
        f"{fix} (702.19c)",
        a.attacker,
    )


def _check_block(b: BlockView, raw: Mapping[str, object], t: _Text) -> list[Violation]:
    v: list[Violation] = []
    own = _clean(b.blocker, raw, t, v)
    plan = b._plan
    if plan.assigns_nothing:
        v.extend(_nothing_message(b, plan, r, n, t) for r, n in own.items())
        return v
    for r, n in own.items():
        if r not in b.blocking:
            y = t.q(b.blocker)
            dest = t.join(plan.recipients, "か")
            v.append(
                Violation(
                    "510.1d",
                    f"{t.q(r)}は{y}がブロックしているクリーチャーではないので、{y}は{t.q(r)}に"
                    f"割り振れません。{t.q(r)}への{n}点を{dest}に移してください (510.1d)",
                    b.blocker,
                )
            )
    total = sum(own.values())
    if total != plan.power:
        v.append(_wrong_total(b.blocker, plan.power, total, plan, t, b.basis))
    return v


def check_assignment_in_view(
    view: CombatView,
    assignments: Mapping[str, Mapping[str, int]],
    blocker_assignments: Mapping[str, Mapping[str, int]],
    *,
    names: Mapping[str, str] | None = None,
) -> tuple[Violation, ...]:
    """CR 510.1e: check the whole combat damage assignment; ``()`` when it is legal.

    Creatures missing from ``assignments`` or ``blocker_assignments`` get
    their default (:func:`complete_assignment`), and the 702.19b-c checks count
    the damage of every other creature, given or default.  Explicit zeros are
    accepted anywhere.  ``names`` (defaults to ``view.names``) gives the names
    messages use.  Violations come in the order of ``view.attacks``, then of
    ``view.blocks``, then ids that are not attacking or blocking creatures.

    Rules cited: 510.1a (total, negative or non-integer amounts, power 0 or
    less), 510.1b, 510.1c, 510.1d (recipients), 506.4c (a removed
    planeswalker or battle), 702.19b (trample before lethal), 702.19c
    (trample over planeswalkers before loyalty), 702.19e, 702.19f, and 510.1
    for an id that is not an attacking/blocking creature.

    CR 702.19b example 2 (6/6 green trampler, 2/2 with protection from green):

    >>> view = CombatView((AttackView.of("wurm", 6, "B", blockers=("knight",), trample=True),),
    ...                   (BlockView.of("knight", 2, ("wurm",)),), {"knight": 2}, {},
    ...                   names={"wurm": "大ワーム", "knight": "白騎士", "B": "対戦相手"})
    >>> check_assignment_in_view(view, {"wurm": {"knight": 2, "B": 4}}, {})
    ()
    >>> (v,) = check_assignment_in_view(view, {"wurm": {"knight": 1, "B": 5}}, {})
    >>> v.rule, v.attacker
    ('702.19b', 'wurm')
    >>> print(v.message)  # doctest: +NORMALIZE_WHITESPACE
    トランプルを持つ「大ワーム」は、ブロック・クリーチャーすべてに致死ダメージを割り振るまで、プレイヤー「対戦相手」には割り振れません。「白騎士」にあと1点（致死ダメージ2点に対してこの割り振りで1点）足りません。「対戦相手」への割り振りから1点をそれらのブロック・クリーチャーに移してください (702.19b)
    """
    return checked_assignment(view, assignments, blocker_assignments, names=names)[0]


def checked_assignment(
    view: CombatView,
    assignments: Mapping[str, Mapping[str, int]],
    blocker_assignments: Mapping[str, Mapping[str, int]],
    *,
    names: Mapping[str, str] | None = None,
) -> tuple[tuple[Violation, ...], dict[str, dict[str, int]], dict[str, dict[str, int]]]:
    """:func:`check_assignment_in_view` and :func:`complete_assignment` at once: ``(violations, attackers', blockers')``.

    The engine needs both for every combat damage step; the whole assignment is made once.
    """
    t = _Text(view.names if names is None else names)
    full, full_b = complete_assignment(view, assignments, blocker_assignments)
    tally = _Tally()
    for a in view.attacks:
        tally.add(full[a.attacker], a.deathtouch, a._reach)
    v: list[Violation] = []
    seen: set[str] = set()
    for a in view.attacks:
        if a.attacker not in seen:
            seen.add(a.attacker)
            v.extend(_check_attack(view, a, full[a.attacker], tally, t))
    for b in view.blocks:
        if b.blocker not in seen:
            seen.add(b.blocker)
            v.extend(_check_block(b, full_b[b.blocker], t))
    attackers = {a.attacker for a in view.attacks}
    blockers = {b.blocker for b in view.blocks}
    for key in assignments:
        if key not in attackers:
            hint = (
                "ブロック・クリーチャーの割り振りは blocker_assignments に書いてください"
                if key in blockers
                else "この戦闘ダメージ・ステップに戦闘ダメージを割り振るのは攻撃クリーチャーとブロック・クリーチャーだけです"
            )
            v.append(Violation("510.1", f"{t.q(key)}は攻撃クリーチャーではありません。{hint} (510.1)", key))
    for key in blocker_assignments:
        if key not in blockers:
            hint = (
                "攻撃クリーチャーの割り振りは assignments に書いてください"
                if key in attackers
                else "この戦闘ダメージ・ステップに戦闘ダメージを割り振るのは攻撃クリーチャーとブロック・クリーチャーだけです"
            )
            v.append(
                Violation("510.1", f"{t.q(key)}はブロック・クリーチャーではありません。{hint} (510.1)", key)
            )
    return tuple(v), full, full_b
