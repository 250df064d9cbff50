"""A small immutable mapping, so that value objects stay hashable and comparable."""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import TypeVar, overload

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D")


class FrozenMap(Mapping[K, V]):
    """An immutable, hashable mapping that keeps insertion order.

    Equality ignores order, as for ``dict``:

    >>> FrozenMap({"a": 1, "b": 2}) == FrozenMap([("b", 2), ("a", 1)])
    True
    >>> hash(FrozenMap({"a": 1})) == hash(FrozenMap({"a": 1}))
    True

    The read methods are the wrapped ``dict``'s own (the engine reads these maps
    in its inner loops), so they are as fast as a ``dict``'s.
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    @overload
    def get(self, key: K, /) -> V | None: ...
    @overload
    def get(self, key: K, default: V | D, /) -> V | D: ...
    def get(self, key: K, default: object = None, /) -> object:
        return self._data.get(key, default)

    def keys(self) -> KeysView[K]:
        return self._data.keys()

    def values(self) -> ValuesView[V]:
        return self._data.values()

    def items(self) -> ItemsView[K, V]:
        return self._data.items()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def to_dict(self) -> dict[K, V]:
        """A plain, mutable copy."""
        return dict(self._data)

    @classmethod
    def adopt(cls, data: dict[K, V]) -> FrozenMap[K, V]:
        """A map over ``data`` itself, not a copy: for a dict just built that no one else holds.

        >>> FrozenMap.adopt({"a": 1}) == FrozenMap({"a": 1})
        True
        """
        new = object.__new__(cls)
        new._data = data
        new._hash = None
        return new


class ScalarMap(FrozenMap[K, V]):
    """A :class:`FrozenMap` whose values are all ``str``, ``int``, ``bool`` or ``None``, as its maker knows:
    written out (``rules_core.model.trace``) as a plain copy, without looking at each value. It equals,
    hashes and prints as the same :class:`FrozenMap`.

    >>> ScalarMap.adopt({"round": 1}) == FrozenMap({"round": 1}), repr(ScalarMap({"round": 1}))
    (True, "FrozenMap({'round': 1})")
    """

    __slots__ = ()


EMPTY: FrozenMap[object, object] = FrozenMap()
