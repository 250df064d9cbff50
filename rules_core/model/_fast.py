"""Fast construction of the engine's frozen value objects.

A frozen dataclass fills each field through ``object.__setattr__`` (its own ``__setattr__`` refuses
every change), about a tenth of a microsecond a field; a resolution makes a few hundred such fields
(stages, changes, sources, permanents). :func:`fast_frozen` gives a frozen, slotted dataclass an
``__init__`` that turns the new object, for the time of its construction, into a *draft*: a plain class
with the same slots, where a field is stored at the cost of an ordinary attribute. The object then
becomes an instance of its own class again, as frozen as before: equal to, hashing and printing like one
made by the dataclass's own ``__init__``, which the tests check.

The code of each ``__init__`` is generated from the dataclass's fields, as :mod:`dataclasses` does,
so it can't fall out of step with the class.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

_DRAFTS: dict[type, type] = {}


def _draft_of(cls: type) -> type:
    if cls.__bases__ != (object,) or not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__}: fast_frozen needs a dataclass whose only base is object")
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    if not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: fast_frozen needs @dataclass(frozen=True, slots=True)")
    return type(f"_{cls.__name__}Draft", (), {"__slots__": cls.__dict__["__slots__"]})


def fast_frozen[T](cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of a ``@dataclass(frozen=True, slots=True)`` by a faster one, same signature.

    >>> @fast_frozen
    ... @dataclasses.dataclass(frozen=True, slots=True)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> p = Point(1, y=2)
    >>> p, p == Point(1, 2), type(p).__name__
    (Point(x=1, y=2), True, 'Point')
    >>> p.x = 3
    Traceback (most recent call last):
    dataclasses.FrozenInstanceError: cannot assign to field 'x'
    """
    draft = _draft_of(cls)
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    namespace: dict[str, Any] = {
        "_set_class": object.__setattr__,
        "_Draft": draft,
        "_Class": cls,
        "_MISSING": dataclasses.MISSING,
    }
    params = ["self"]
    lines = ["    _set_class(self, '__class__', _Draft)"]
    for f in fields:
        has_factory = f.default_factory is not dataclasses.MISSING
        if f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: fast_frozen supports positional fields only")
        if not f.init:  # set by __post_init__, or from its default as dataclasses does
            if has_factory:
                namespace[f"_factory_{f.name}"] = f.default_factory
                lines.append(f"    self.{f.name} = _factory_{f.name}()")
            elif f.default is not dataclasses.MISSING:
                namespace[f"_default_{f.name}"] = f.default
                lines.append(f"    self.{f.name} = _default_{f.name}")
            continue
        if has_factory:  # a fresh value each time, as dataclasses does
            namespace[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            lines.append(f"    self.{f.name} = _factory_{f.name}() if {f.name} is _MISSING else {f.name}")
            continue
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        lines.append(f"    self.{f.name} = {f.name}")
    lines.insert(0, f"def __init__({', '.join(params)}):")
    lines.append("    self.__class__ = _Class")
    if hasattr(cls, "__post_init__"):
        lines.append("    self.__post_init__()")
    exec("\n".join(lines), namespace)  # our own text, made from the class's fields
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - replacing a method, which mypy would refuse
    _DRAFTS[cls] = draft
    return cls


def evolver[T](cls: type[T]) -> Callable[..., T]:
    """A function ``(obj, **changes)`` copying an instance of a :func:`fast_frozen` class with some fields
    changed: a faster :func:`dataclasses.replace` (no ``__init__`` or ``__post_init__`` is run).

    The draft takes every field as it is, then only the changed ones are looked at: a permanent has 26
    fields and a copy usually changes one or two, so no field is tested against ``changes``.
    """
    draft = _DRAFTS[cls]
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = frozenset(f.name for f in fields)
    namespace: dict[str, Any] = {
        "_new": object.__new__,
        "_set": setattr,
        "_Draft": draft,
        "_Class": cls,
        "_fields": names,
    }
    lines = ["def evolve(obj, **changes):", "    new = _new(_Draft)"]
    lines += [f"    new.{f.name} = obj.{f.name}" for f in fields]
    lines += [
        "    for name in changes:",
        "        if name not in _fields:",
        f"            raise TypeError(f'{cls.__name__} has no field among {{sorted(changes.keys() - _fields)}}')",
        "        _set(new, name, changes[name])",
        "    new.__class__ = _Class",
        "    return new",
    ]
    exec("\n".join(lines), namespace)  # our own text, made from the class's fields
    function: Callable[..., T] = namespace["evolve"]
    function.__doc__ = f"A copy of a {cls.__name__} with some fields changed (a faster dataclasses.replace)."
    return function
