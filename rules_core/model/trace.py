"""What the engine records while it resolves: stages, structured changes, the final board.

A :class:`Stage` carries CR numbers, short Japanese notes for a learner and
structured data (:class:`Change` items and ``events``) that the web page
draws. :meth:`Resolution.to_dict` writes the contract's result document
(``docs/scenario-format.md``, "Result"), extensions included.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ._fast import fast_frozen
from ._frozen import FrozenMap, ScalarMap
from .effects import Effect
from .state import GameState, Permanent, Player

NO_EXTRA: Final[FrozenMap[str, Any]] = FrozenMap()
"""The empty ``extra`` shared by every change and stage without one (it is immutable)."""


def _plain(value: Any) -> Any:
    """JSON-ready copy: tuples become lists, mappings dicts (fast paths for the common scalar case)."""
    t = type(value)
    if t is str or t is int or t is bool or value is None:
        return value
    if t is tuple or t is list:
        return [_plain(v) for v in value]
    if t is FrozenMap or isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _plain_map(value: FrozenMap[str, Any]) -> dict[str, Any]:
    data = value._data  # the map's own dict, read here without a method call per map (a result has hundreds)
    for v in data.values():  # most maps hold scalars only: one pass, then a plain copy
        t = type(v)
        if not (t is str or t is int or t is bool or v is None):
            return {k: _plain(v) for k, v in data.items()}
    return data.copy()


@fast_frozen
@dataclass(frozen=True, slots=True)
class Change:
    """One attribute of one object changing: ``before`` → ``after``, because of ``rule``.

    ``attribute`` is one of ``damage``, ``life``, ``poison``, ``counters.-1/-1``,
    ``counters.+1/+1``, ``loyalty``, ``defense``, ``zone``, ``lost`` (the board; 拡張: ``left``,
    ``controller``, ``power/toughness``, ``keyword.<keyword>``, ``zone`` ``exile``/``left_game``/``hand``), or
    ``redirected``, ``multiplied``, ``prevented``, ``shield`` (the damage in flight,
    stages 120.4a-b). ``extra`` holds e.g. the ``effect`` index or the ``source``.

    >>> Change("bear", "damage", 0, 3, "120.3e").to_dict()
    {'object': 'bear', 'attribute': 'damage', 'before': 0, 'after': 3, 'rule': '120.3e'}
    """

    object: str
    attribute: str
    before: Any
    after: Any
    rule: str
    extra: FrozenMap[str, Any] = NO_EXTRA

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "object": self.object,
            "attribute": self.attribute,
            "before": self.before,
            "after": self.after,
            "rule": self.rule,
        }
        extra = self.extra
        if extra is not NO_EXTRA:  # an empty map adds nothing either
            doc.update(extra._data if type(extra) is ScalarMap else _plain_map(extra))
        return doc


@fast_frozen
@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of a step: ``assignment``, ``120.4a``-``120.4d`` or ``704``."""

    stage: str
    rules: tuple[str, ...]
    notes: tuple[str, ...]
    changes: tuple[Change, ...] = ()
    events: tuple[FrozenMap[str, Any], ...] = ()
    extra: FrozenMap[str, Any] = NO_EXTRA
    orders: FrozenMap[str, Any] = NO_EXTRA
    """Stage 120.4b (boards with redirection or damage modifiers): per affected object, the effects that
    could apply and those that applied, in order (CR 616.1); read by :mod:`rules_core.ordering`, not written."""

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "stage": self.stage,
            "rules": list(self.rules),
            "notes": list(self.notes),
            "changes": [c.to_dict() for c in self.changes],
            # most events are ScalarMaps (hits, results): a copy each, no call and no look at the values
            "events": [e._data.copy() if type(e) is ScalarMap else _plain_map(e) for e in self.events],
        }
        extra = self.extra
        if extra is not NO_EXTRA:  # an empty map adds nothing either
            doc.update(extra._data if type(extra) is ScalarMap else _plain_map(extra))
        return doc


@fast_frozen
@dataclass(frozen=True, slots=True)
class Step:
    """A step in which damage is dealt: ``damage``, ``first_strike_damage`` or ``combat_damage``."""

    name: str
    stages: tuple[Stage, ...]

    def stage(self, name: str) -> Stage:
        """The first stage called ``name``."""
        for stage in self.stages:
            if stage.stage == name:
                return stage
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "stages": [s.to_dict() for s in self.stages]}


@fast_frozen
@dataclass(frozen=True, slots=True)
class ViolationRecord:
    """An illegal combat damage assignment: the rule broken and a Japanese message."""

    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


def permanent_final(p: Permanent) -> dict[str, Any]:
    """A permanent's entry in ``final`` (its last values on the battlefield if it left)."""
    doc: dict[str, Any] = {"zone": p.zone, "damage": p.damage}
    counters: dict[str, int] = {}
    if p.plus_counters:
        counters["+1/+1"] = p.plus_counters
    if p.minus_counters:
        counters["-1/-1"] = p.minus_counters
    if p.shield_counters:
        counters["shield"] = p.shield_counters
    doc["counters"] = counters
    if p.is_creature:
        doc["power"] = p.current_power
        doc["toughness"] = p.current_toughness
    if p.loyalty is not None:
        doc["loyalty"] = p.loyalty
    if p.defense is not None:
        doc["defense"] = p.defense
    if p.tapped:
        doc["tapped"] = True
    if p.removed_from_combat:
        doc["removed_from_combat"] = True
    if p.owner is not None:
        doc["controller"] = p.controller
    if p.created:  # not in the document: the page names it from here (CR 111.1)
        doc.update(created=True, token=True, name=p.label, controller=p.controller)
    return doc


def player_final(p: Player) -> dict[str, Any]:
    doc: dict[str, Any] = {"life": p.life, "poison": p.poison, "lost": p.lost}
    if p.left:
        doc["left"] = True
    return doc


@fast_frozen
@dataclass(frozen=True, slots=True)
class Resolution:
    """The outcome of :func:`rules_core.resolve`.

    ``state`` and ``effects`` are the board and the effects afterwards (None
    when the combat damage assignment was illegal).
    """

    legal: bool
    steps: tuple[Step, ...]
    state: GameState | None
    effects: tuple[Effect, ...] | None
    violations: tuple[Any, ...] = ()

    def step(self, name: str) -> Step:
        for step in self.steps:
            if step.name == name:
                return step
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The result document (``docs/scenario-format.md`` § 2), extensions included."""
        doc: dict[str, Any] = {
            "legal": self.legal,
            "violations": [{"rule": v.rule, "message": v.message} for v in self.violations],
            "steps": [s.to_dict() for s in self.steps],
        }
        if self.state is not None and self.effects is not None:
            doc["final"] = {
                "players": {p.id: player_final(p) for p in self.state.players},
                "permanents": {p.id: permanent_final(p) for p in self.state.permanents},
                "effects": [e.to_dict() for e in self.effects],
            }
        return doc
