"""The damage in flight: one :class:`Hit` per source and recipient while an event is processed."""

from __future__ import annotations

from typing import Any

from ._frozen import FrozenMap, ScalarMap
from .state import Source


class Hit:
    """Damage one source would deal to one player or permanent in the current event.

    A working record, changed only inside the pure pipeline functions. Its
    counters keep the invariant ``amount + prevented + redirected_out == would_deal + added + redirected_in``:
    ``would_deal`` is the amount after 120.4a (excess redirected), ``added`` what
    replacement effects added (CR 614, e.g. doubling), ``prevented`` what
    prevention effects took away (CR 615), ``amount`` what is dealt; ``redirected_in``/``redirected_out``
    what a redirection effect (CR 614.9) moved to or from this recipient.
    """

    __slots__ = (
        "added",
        "amount",
        "applied",
        "combat",
        "prevented",
        "redirected_from",
        "redirected_in",
        "redirected_out",
        "source",
        "to",
        "unpreventable",
        "would_deal",
    )

    def __init__(self, source: Source, to: str, amount: int, *, combat: bool) -> None:
        self.source = source
        self.to = to
        self.amount = amount
        self.would_deal = amount
        self.added = 0
        self.prevented = 0
        self.combat = combat
        self.unpreventable = False
        self.redirected_from: str | None = None
        # CR 614.9 redirection (rules_core.damage.redirection): damage moved in from / out to another recipient,
        # and the effects that already applied to this damage (CR 614.5: each applies once).
        self.redirected_in = 0
        self.redirected_out = 0
        self.applied: frozenset[int] = frozenset()

    def __repr__(self) -> str:
        return f"Hit({self.source.key!r} -> {self.to!r}: {self.amount})"

    def event(self, *, detailed: bool) -> FrozenMap[str, Any]:
        """The ``events`` item for a stage."""
        doc: dict[str, Any] = {
            "source": self.source.key,
            "to": self.to,
            "amount": self.amount,
            "combat": self.combat,
        }
        if self.redirected_from is not None:
            doc["redirected_from"] = self.redirected_from
        if detailed:
            doc["would_deal"] = self.would_deal
            doc["added"] = self.added
            doc["prevented"] = self.prevented
            if self.unpreventable:
                doc["cant_be_prevented"] = True
            if self.redirected_in:
                doc["redirected_in"] = self.redirected_in
            if self.redirected_out:
                doc["redirected_out"] = self.redirected_out
        return ScalarMap.adopt(doc)  # ids, amounts and flags only
