"""The engine's value objects built by :mod:`rules_core.model._fast` behave as the dataclasses they are.

:func:`rules_core.model._fast.fast_frozen` replaces a frozen dataclass's ``__init__`` by one that fills the
object faster; these tests hold it to what :mod:`dataclasses` promises: the same fields and defaults,
equality and hashing, frozen after construction, ``dataclasses.replace`` and pickling still work.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.combat import assignment
from rules_core.document import scenario
from rules_core.model import state, trace
from rules_core.model._fast import _DRAFTS, evolver, fast_frozen
from rules_core.model.state import Permanent, Source, evolve

FAST_CLASSES = [
    cls for cls in _DRAFTS if cls.__module__ in {m.__name__ for m in (assignment, scenario, state, trace)}
]


def test_the_hot_value_objects_are_built_fast() -> None:
    names = {cls.__name__ for cls in FAST_CLASSES}
    assert {"Permanent", "Player", "Source", "Stage", "Change", "AttackView", "CombatView", "Attack"} <= names


@pytest.mark.parametrize("cls", FAST_CLASSES, ids=lambda c: c.__name__)
def test_signature_and_frozenness_are_the_dataclass_ones(cls: type) -> None:
    fields = [f for f in dataclasses.fields(cls) if f.init]
    required = [
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    code = cls.__init__.__code__
    assert list(code.co_varnames[1 : code.co_argcount]) == [f.name for f in fields]
    assert len(cls.__init__.__defaults__ or ()) == len(fields) - len(required)
    draft = _DRAFTS[cls]
    assert draft.__slots__ == cls.__slots__  # identical layouts: the change of class is allowed


def test_a_permanent_equals_hashes_and_prints_like_a_dataclass() -> None:
    bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2)
    same = Permanent("bear", "B", ("creature",), power=2, toughness=2)
    assert bear == same and hash(bear) == hash(same)
    assert type(bear) is Permanent
    assert repr(bear).startswith("Permanent(id='bear', controller='B', types=('creature',), name=None")
    assert bear.keywords == frozenset() and bear.zone == "battlefield" and bear.triggers == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        bear.damage = 3  # type: ignore[misc]
    assert dataclasses.replace(bear, damage=1).damage == 1
    assert pickle.loads(pickle.dumps(bear)) == bear


def test_a_default_factory_gives_a_fresh_value_each_time() -> None:
    view = assignment.CombatView((), (), {}, {})
    other = assignment.CombatView((), (), {}, {})
    assert view.names == {} and view.names is not other.names


def test_post_init_still_checks() -> None:
    with pytest.raises(Exception, match="lethal has no entry"):
        assignment.CombatView(
            (),
            (assignment.BlockView(blocker="b", power=1, deathtouch=False, blocking=("a",)),),
            {},
            {},
        )


def test_only_frozen_slotted_dataclasses_are_accepted() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        x: int

    with pytest.raises(TypeError, match="slots"):
        fast_frozen(NoSlots)

    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class KeywordOnly:
        x: int

    with pytest.raises(TypeError, match="positional"):
        fast_frozen(KeywordOnly)


def test_evolve_refuses_an_unknown_field() -> None:
    bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2)
    with pytest.raises(TypeError, match="hp"):
        evolve(bear, hp=1)
    copy_source = evolver(Source)
    assert copy_source(Source.of(bear), name="熊").name == "熊"


_FIELD_VALUES = st.fixed_dictionaries(
    {},
    optional={
        "damage": st.integers(0, 30),
        "plus_counters": st.integers(0, 5),
        "zone": st.sampled_from(["battlefield", "graveyard", "exile"]),
        "keywords": st.frozensets(st.sampled_from(["trample", "deathtouch", "lifelink"])),
        "tapped": st.booleans(),
        "owner": st.none() | st.just("A"),
        "shield_counters": st.integers(0, 3),
    },
)


@given(_FIELD_VALUES)
def test_evolve_is_dataclasses_replace(changes: dict[str, object]) -> None:
    """Property: the fast copy equals :func:`dataclasses.replace` for any changed fields, and leaves the original."""
    bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2, damage=1)
    assert evolve(bear, **changes) == dataclasses.replace(bear, **changes)  # type: ignore[arg-type]
    assert bear.damage == 1
