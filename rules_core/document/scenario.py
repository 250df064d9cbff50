"""The parsed scenario (``scenario-format.md`` § 1) and its writing back: :class:`Scenario`, its event, its
choices, and :meth:`Scenario.to_dict`, the normalized document (§ 1.8) that parses back to an equal value.

The value objects are frozen; :mod:`rules_core.document.parse` builds them from a document.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, Final

from ..model import protection as pr
from ..model._fast import fast_frozen
from ..model._frozen import FrozenMap
from ..model.block_types import ANY_NUMBER, BlockerFilter, BlockRules
from ..model.effects import Effect
from ..model.era_types import EraSpec
from ..model.features import Features, board_features
from ..model.state import GameState, Permanent, Player, Source
from ..model.step_changes import ENTERING, StepChange
from ..model.targets import Response
from ..model.trigger_types import DelayedTrigger

FORMAT_VERSION: Final = 1


@fast_frozen
@dataclass(frozen=True, slots=True)
class DamageSpec:
    """One entry of a non-combat event's ``damage`` list: ``amount`` damage to ``to``."""

    to: str
    amount: int
    target: bool = False
    """拡張: the spell or ability targets this recipient (CR 115.1; the event's ``targets``); False for
    "each creature" (115.10a)."""
    ward_paid: bool = False
    """拡張: the ward cost of this target was paid (CR 702.21a; the event's ``ward_paid``); unpaid, the spell is
    countered."""

    def to_dict(self) -> dict[str, Any]:
        return {"to": self.to, "amount": self.amount}


@fast_frozen
@dataclass(frozen=True, slots=True)
class NoncombatEvent:
    """Damage dealt by a spell or ability (CR 120.2b). ``source`` is a permanent id or an inline :class:`Source`."""

    source: str | Source
    damage: tuple[DamageSpec, ...]
    excess_to: str | None = None
    cant_be_prevented: bool = False
    cant_be_regenerated: bool = False
    """Extension: a creature dealt damage by this event can't be regenerated this turn (CR 701.19c, Incinerate)."""
    in_response: tuple[Response, ...] = ()
    """拡張: what changed while the spell or ability waited on the stack (CR 608.2b checks its targets again)."""
    targeted: bool = False
    """拡張: some recipient is a target or something changed in response: the targeting rules apply (worked out
    at parse, so an event without targets pays nothing for them)."""
    exile_if_dies: bool = False
    """Extension (§ 16.1): if a creature dealt damage by this event would die this turn, it is exiled instead
    (CR 614.6, Anger of the Gods)."""
    delayed: DelayedTrigger | None = None
    """拡張: the delayed triggered ability the spell creates as it resolves (CR 603.7a, 《灼熱の血》)."""

    type: ClassVar[str] = "noncombat"

    def to_dict(self) -> dict[str, Any]:
        if isinstance(self.source, Source):
            src: Any = {
                "name": self.source.name,
                "controller": self.source.controller,
                "colors": list(self.source.colors),
                "keywords": sorted(self.source.keywords),
            }
            if self.source.name is None:
                del src["name"]
            if self.source.types:
                src["types"] = list(self.source.types)
            if self.source.id is not None:
                src = {"id": self.source.id, **src}
        else:
            src = self.source
        doc = {
            "type": "noncombat",
            "source": src,
            "damage": [d.to_dict() for d in self.damage],
            "excess_to": self.excess_to,
            "cant_be_prevented": self.cant_be_prevented,
        }
        if self.cant_be_regenerated:
            doc["cant_be_regenerated"] = True
        if self.targeted:
            targets = [d.to for d in self.damage if d.target]
            if targets:
                doc["targets"] = targets
            paid = [d.to for d in self.damage if d.ward_paid]
            if paid:
                doc["ward_paid"] = paid
        if self.in_response:
            doc["in_response"] = [r.to_dict() for r in self.in_response]
        if self.exile_if_dies:
            doc["exile_if_dies"] = True
        if self.delayed is not None:
            doc["delayed"] = self.delayed.to_dict()
        return doc


@fast_frozen
@dataclass(frozen=True, slots=True)
class Attack:
    """One attacking creature, what it attacks and who blocks it (CR 506, 509)."""

    attacker: str
    defender: str
    blockers: tuple[str, ...] = ()
    blocked: bool = False

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "attacker": self.attacker,
            "defender": self.defender,
            "blockers": list(self.blockers),
        }
        if self.blocked and not self.blockers:
            doc["blocked"] = True
        return doc


Assignment = FrozenMap[str, FrozenMap[str, int]]


def _assignment_doc(a: Assignment) -> dict[str, dict[str, int]]:
    return {k: dict(v) for k, v in a.items()}


@fast_frozen
@dataclass(frozen=True, slots=True)
class CombatEvent:
    """Combat damage (CR 510). Assignments are optional; missing ones are made by default."""

    attacks: tuple[Attack, ...]
    assignments: Assignment = field(default_factory=FrozenMap)
    blocker_assignments: Assignment = field(default_factory=FrozenMap)
    second_step_assignments: Assignment = field(default_factory=FrozenMap)
    second_step_blocker_assignments: Assignment = field(default_factory=FrozenMap)
    between_steps: tuple[StepChange, ...] = ()
    """拡張: what happens between the first-strike and the regular combat damage step (CR 510.4)."""
    delayed: DelayedTrigger | None = None
    """拡張 (§ 17.6): "sacrifice it at the beginning of the next end step", made before combat (《騙し討ち》)."""
    combatants: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The creatures in combat (CR 506.3): the attackers, then the blockers, each once, in the order listed."""

    type: ClassVar[str] = "combat"

    def __post_init__(self) -> None:
        seen = dict.fromkeys(attack.attacker for attack in self.attacks)
        for attack in self.attacks:
            seen.update(dict.fromkeys(attack.blockers))
        object.__setattr__(self, "combatants", tuple(seen))

    def attack_of(self, attacker: str) -> Attack | None:
        for attack in self.attacks:
            if attack.attacker == attacker:
                return attack
        return None

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": "combat", "attacks": [a.to_dict() for a in self.attacks]}
        for key in ASSIGNMENT_KEYS:
            value: Assignment = getattr(self, key)
            if value:
                doc[key] = _assignment_doc(value)
        if self.between_steps:
            doc["between_steps"] = [c.to_dict() for c in self.between_steps]
        if self.delayed is not None:
            doc["delayed"] = self.delayed.to_dict()
        return doc

    @property
    def entrants(self) -> frozenset[str]:
        """Creatures put onto the battlefield attacking or blocking between the steps (CR 508.4d, 509.3c)."""
        return frozenset(c.creature for c in self.between_steps if c.type in ENTERING)


@dataclass(frozen=True, slots=True)
class PowerDamageEvent:
    """拡張: creatures dealing damage equal to their power at once, not combat damage (CR 701.14d, 120.2b).

    ``type`` ``"fight"``: ``pairs`` is ((a, b), (b, a)) — each deals damage equal to its power to the
    other (CR 701.14a; one creature fighting itself is ((a, a),) and deals twice its power, 701.14c);
    ``"bite"``: one (source, recipient) pair, one-sided; ``"power_damage"``: each source to the same
    recipient ("each creature deals damage equal to its power to …"). ``gone``: creatures of the event
    that left the battlefield before it resolved (CR 701.14b, 608.2b).
    """

    type: str
    pairs: tuple[tuple[str, str], ...]
    gone: tuple[str, ...] = ()
    excess_to: str | None = None
    name: str | None = None
    """The spell or ability that instructs it (《捕食》), for notes."""
    spell: Source | None = None
    """拡張 (§ 14.4): the spell or ability that instructs it, when it targets (its controller, colours, types)."""
    targets: tuple[str, ...] = ()
    """拡張 (§ 14.4): the creatures the spell targets (CR 115.1), checked on casting (601.2c) and resolution
    (608.2b); none: nothing is checked."""
    ward_paid: tuple[str, ...] = ()
    """拡張: the targets whose ward cost was paid (CR 702.21a)."""
    in_response: tuple[Response, ...] = ()
    """拡張: what changed while the spell waited on the stack (CR 608.2b)."""

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type}
        if self.name is not None:
            doc["name"] = self.name
        if self.type == "fight":
            first = self.pairs[0]
            doc["fighters"] = list(first)
        elif self.type == "bite":
            doc["source"], doc["to"] = self.pairs[0]
        else:
            doc["sources"] = [a for a, _b in self.pairs]
            doc["to"] = self.pairs[0][1]
        if self.gone:
            doc["gone"] = list(self.gone)
        if self.excess_to is not None:
            doc["excess_to"] = self.excess_to
        if self.spell is not None:
            doc["spell"] = _source_doc(self.spell)
        if self.targets:
            doc["targets"] = list(self.targets)
        if self.ward_paid:
            doc["ward_paid"] = list(self.ward_paid)
        if self.in_response:
            doc["in_response"] = [r.to_dict() for r in self.in_response]
        return doc


def _source_doc(source: Source) -> dict[str, Any]:
    """An inline spell object without ``id`` (a fight's or bite's ``spell``)."""
    doc: dict[str, Any] = {"controller": source.controller}
    if source.name is not None:
        doc["name"] = source.name
    if source.colors:
        doc["colors"] = list(source.colors)
    if source.types:
        doc["types"] = list(source.types)
    return doc


@dataclass(frozen=True, slots=True)
class DestroyEvent:
    """Extension: a spell or ability destroys ``targets`` (CR 701.8a), e.g. Murder; with
    ``cant_be_regenerated`` they can't be regenerated (CR 701.19c, Wrath of God)."""

    source: str | Source
    targets: tuple[str, ...]
    cant_be_regenerated: bool = False
    targeted: bool = False
    """拡張 (§ 14.4): the spell targets them ("destroy target creature", 《殺害》; CR 115.1), checked on casting
    (601.2c) and resolution (608.2b). False: "destroy all creatures" (《神の怒り》) targets nothing."""
    ward_paid: tuple[str, ...] = ()
    """拡張: the targets whose ward cost was paid (CR 702.21a)."""
    in_response: tuple[Response, ...] = ()
    """拡張: what changed while the spell waited on the stack (CR 608.2b)."""

    type: ClassVar[str] = "destroy"

    def to_dict(self) -> dict[str, Any]:
        src: Any = self.source
        if isinstance(self.source, Source):
            src = {"id": self.source.id} if self.source.id is not None else {}
            if self.source.name is not None:
                src["name"] = self.source.name
            src["controller"] = self.source.controller
            src["colors"] = list(self.source.colors)
            src["keywords"] = sorted(self.source.keywords)
            if self.source.types:
                src["types"] = list(self.source.types)
        doc: dict[str, Any] = {"type": "destroy", "source": src, "targets": list(self.targets)}
        if self.cant_be_regenerated:
            doc["cant_be_regenerated"] = True
        if self.targeted:
            doc["targeted"] = True
        if self.ward_paid:
            doc["ward_paid"] = list(self.ward_paid)
        if self.in_response:
            doc["in_response"] = [r.to_dict() for r in self.in_response]
        return doc


Event = NoncombatEvent | CombatEvent | DestroyEvent | PowerDamageEvent


@fast_frozen
@dataclass(frozen=True, slots=True)
class Choices:
    """Decisions the rules leave to players.

    ``replacement_order``: for an affected player or permanent, the order in
    which its controller applies replacement/prevention effects (CR 616.1) —
    effect indexes, and ``"protection"`` for the permanent's own protection.
    ``shield_allocation``: for a ``prevent_next`` effect, how much of which
    source's damage it prevents (CR 615.7).
    """

    replacement_order: FrozenMap[str, tuple[int | str, ...]] = field(default_factory=FrozenMap)
    shield_allocation: FrozenMap[int, FrozenMap[str, int]] = field(default_factory=FrozenMap)
    countered_triggers: tuple[CounteredTrigger, ...] = ()
    """拡張 (§ 16.5): triggered abilities a spell counters while they are on the stack (CR 701.6a: Stifle)."""

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        if self.replacement_order:
            doc["replacement_order"] = {k: list(v) for k, v in self.replacement_order.items()}
        if self.shield_allocation:
            doc["shield_allocation"] = {str(k): dict(v) for k, v in self.shield_allocation.items()}
        if self.countered_triggers:
            doc["countered_triggers"] = [c.to_dict() for c in self.countered_triggers]
        return doc


@dataclass(frozen=True, slots=True)
class CounteredTrigger:
    """CR 701.6a: the triggered ability with result id ``trigger`` (``t1``…) is countered on the stack by a
    spell (``name``, e.g. 《もみ消し》) that ``controller`` cast: it doesn't resolve and none of its effects occur."""

    trigger: str
    name: str | None = None
    controller: str | None = None

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"trigger": self.trigger}
        if self.name is not None:
            doc["name"] = self.name
        if self.controller is not None:
            doc["controller"] = self.controller
        return doc


@fast_frozen
@dataclass(frozen=True, slots=True)
class Scenario:
    """A parsed, valid scenario: the board, the effects, one damage event, the players' choices.

    ``event`` is ``None`` for a board with no damage event yet (``"event": {}``, an
    extension): resolving it changes nothing.
    """

    players: tuple[Player, ...]
    permanents: tuple[Permanent, ...]
    event: Event | None = None
    effects: tuple[Effect, ...] = ()
    choices: Choices = field(default_factory=Choices)
    active_player: str = ""
    title: str | None = None
    description: str | None = None
    format: int = FORMAT_VERSION
    variant: str | None = None
    """拡張: ``"two_headed_giant"`` (CR 810) or None."""
    teams: tuple[tuple[str, ...], ...] = ()
    """拡張: Two-Headed Giant's two teams of two players (CR 810.1)."""
    era: EraSpec | None = None
    """拡張: a former era of the rules (:mod:`rules_core.document.eras`); None for today's rules."""
    _state: GameState = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not self.active_player and self.players:
            object.__setattr__(self, "active_player", self.players[0].id)
        effects: tuple[Effect, ...] = self.effects
        if self.era is not None and self.era.on_stack:  # the 2007 window's effects apply mid-resolution
            effects = (*effects, *(a.effect for a in self.era.on_stack if a.effect is not None))
        features = board_features(self.players, self.permanents, effects)
        if isinstance(self.event, NoncombatEvent) and self.event.exile_if_dies and not features.exile_instead:
            features = replace(
                features, exile_instead=True
            )  # the event makes an exile_instead effect (§ 16.1)
        if isinstance(self.event, NoncombatEvent) and self.event.delayed is not None:
            features = replace(features, triggers=True)  # the delayed trigger may trigger (CR 603.7)
        object.__setattr__(self, "_state", GameState(self.players, self.permanents, self.teams, features))

    @property
    def state(self) -> GameState:
        """The board before the event."""
        return self._state

    @property
    def features(self) -> Features:
        """What this board may need while it resolves (worked out once, when the scenario is made)."""
        return self._state.features

    @property
    def is_combat(self) -> bool:
        return isinstance(self.event, CombatEvent)

    def player(self, player_id: str) -> Player:
        return self._state.player(player_id)

    def permanent(self, permanent_id: str) -> Permanent:
        return self._state.permanent(permanent_id)

    def to_dict(self) -> dict[str, Any]:
        """The normalized contract document; ``parse_scenario(s.to_dict()) == s``."""
        doc: dict[str, Any] = {"format": self.format}
        if self.title is not None:
            doc["title"] = self.title
        if self.description is not None:
            doc["description"] = self.description
        doc["active_player"] = self.active_player
        doc["players"] = [_player_doc(p) for p in self.players]
        doc["permanents"] = [_permanent_doc(p) for p in self.permanents]
        doc["effects"] = [e.to_dict() for e in self.effects]
        doc["event"] = {} if self.event is None else self.event.to_dict()
        doc["choices"] = self.choices.to_dict()
        if self.variant is not None:
            doc["variant"] = self.variant
            doc["teams"] = [list(t) for t in self.teams]
        if self.era is not None:
            era_document(self.era, doc)
        return doc


def _player_doc(p: Player) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": p.id}
    if p.name is not None:
        doc["name"] = p.name
    doc["life"] = p.life
    doc["poison"] = p.poison
    if p.protection:
        doc["protection"] = pr.protection_doc(p.protection)
    if p.left:
        doc["left"] = True
    return doc


def _permanent_doc(p: Permanent) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": p.id}
    if p.name is not None:
        doc["name"] = p.name
    doc["controller"] = p.controller
    if p.protector is not None:
        doc["protector"] = p.protector
    doc["types"] = list(p.types)
    doc["subtypes"] = list(p.subtypes)
    doc["colors"] = list(p.colors)
    if p.is_creature:
        doc["power"] = p.power
        doc["toughness"] = p.toughness
    if p.loyalty is not None:
        doc["loyalty"] = p.loyalty
    if p.defense is not None:
        doc["defense"] = p.defense
    doc["damage"] = p.damage
    doc["counters"] = {"+1/+1": p.plus_counters, "-1/-1": p.minus_counters}
    if p.shield_counters:
        doc["counters"]["shield"] = p.shield_counters
    doc["keywords"] = sorted(p.keywords)
    doc["toxic"] = p.toxic
    doc["protection"] = pr.protection_doc(p.protection, p.protection_after_blocks)
    if p.tapped:
        doc["tapped"] = True
    if p.may_assign_as_though_unblocked:
        doc["may_assign_as_though_unblocked"] = True
    if p.triggers:
        doc["triggers"] = [t.to_dict() for t in p.triggers]
    if p.owner is not None:
        doc["owner"] = p.owner
    if p.ward is not None:
        doc["ward"] = p.ward
    if p.token:
        doc["token"] = True
    if p.blocks is not None:
        _block_rules_doc(p.blocks, doc)
    return doc


def _block_rules_doc(rules: BlockRules, doc: dict[str, Any]) -> None:
    """§ 13: each restriction that is set, written back."""
    if rules.cant_block:
        doc["cant_block"] = True
    if rules.cant_be_blocked:
        doc["cant_be_blocked"] = True
    if rules.cant_be_blocked_by:
        doc["cant_be_blocked_by"] = [_filter_doc(f) for f in rules.cant_be_blocked_by]
    if rules.cant_be_blocked_except_by:
        doc["cant_be_blocked_except_by"] = [_filter_doc(f) for f in rules.cant_be_blocked_except_by]
    if rules.min_blockers:
        doc["min_blockers"] = rules.min_blockers
    if rules.additional_blocks:
        doc["additional_blocks"] = "any" if rules.additional_blocks == ANY_NUMBER else rules.additional_blocks


def _filter_doc(f: BlockerFilter) -> dict[str, Any]:
    """A blocker filter as written in a document (§ 13): only the conditions it asks."""
    return {k.name: getattr(f, k.name) for k in fields(f) if getattr(f, k.name) is not None}


ASSIGNMENT_KEYS: Final = (
    "assignments",
    "blocker_assignments",
    "second_step_assignments",
    "second_step_blocker_assignments",
)
"""The combat event's assignment keys (``scenario-format.md`` § 1.5, 2.8), first step's first."""


def era_document(era: EraSpec, doc: dict[str, Any]) -> None:
    """Write the era's keys back into ``doc`` (:meth:`Scenario.to_dict`): ``parse_scenario`` round-trips."""
    doc["era"] = era.name
    event = doc.get("event")
    if not isinstance(event, dict) or event.get("type") != "combat":
        return
    for attack in event["attacks"]:
        order = era.orders.get(attack["attacker"])
        if order is not None:
            attack["order"] = list(order)
    if era.on_stack:
        event["on_stack_actions"] = [a.to_dict() for a in era.on_stack]
