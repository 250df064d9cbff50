"""CR 616.1: the orders in which an affected player or controller may apply replacement and prevention
effects to damage, and what each order does.

An order is legal when each effect it applies still applies once those before it have been applied
(616.1f): after a redirection moves the damage away, the effects on the first recipient no longer
apply; once prevention leaves no damage, nothing more applies (614.7a). :func:`legal_orders` resolves the
scenario once per candidate order and keeps the distinct sequences of effects the engine actually
applied, so every order it returns is legal and no two give the same sequence.

>>> from rules_core import parse_scenario
>>> s = parse_scenario({"players": [{"id": "A"}, {"id": "B"}], "effects": [
...     {"type": "damage_plus", "amount": 2, "from_controller": "A", "source_color": "red", "to_opponents": True},
...     {"type": "damage_multiplier", "factor": 2}],
...     "event": {"type": "noncombat", "source": {"name": "稲妻", "controller": "A", "colors": ["red"]},
...               "damage": [{"to": "B", "amount": 3}]}})
>>> [(o.order, o.resolution.state.player("B").life) for o in legal_orders(s, "B")]
[((0, 1), 10), ((1, 0), 12)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any, Final

from .document.parse import parse_scenario
from .document.scenario import Scenario
from .engine import resolve
from .model._frozen import FrozenMap
from .model.trace import Resolution

MAX_CANDIDATES: Final = 6
"""At most 6! = 720 orders are tried for one affected object."""

Order = tuple[int | str, ...]


@dataclass(frozen=True, slots=True)
class OrderOption:
    """One legal order for the affected object (616.1) — the effects applied, in order — and its outcome."""

    order: Order
    resolution: Resolution


def _orders_of(resolution: Resolution, affected: str) -> tuple[Order, Order] | None:
    """The effects that could apply to ``affected`` and those applied, at the first 120.4b stage that
    looked at damage to it."""
    for step in resolution.steps:
        for stage in step.stages:
            if stage.stage == "120.4b" and affected in stage.orders:
                considered, applied = stage.orders[affected]
                return tuple(considered), tuple(applied)
    return None


def candidates(scenario: Scenario, affected: str) -> Order:
    """The effects (and ``"protection"``) that could apply to damage to ``affected`` (616.1)."""
    found = _orders_of(resolve(scenario), affected)
    return () if found is None else found[0]


def decisions(scenario: Scenario) -> dict[str, Order]:
    """CR 616.1: every affected player or object with two or more effects (or ``"protection"``,
    ``"shield_counter"``) that could apply to damage to it, with those candidates, in the order the
    first 120.4b stage that looked at each met them."""
    found: dict[str, Order] = {}
    for step in resolve(scenario).steps:
        for stage in step.stages:
            if stage.stage != "120.4b":
                continue
            for affected, (considered, _applied) in stage.orders.items():
                if affected not in found and len(considered) >= 2:
                    found[affected] = tuple(considered)
    return found


def legal_orders(scenario: Scenario, affected: str) -> tuple[OrderOption, ...]:
    """CR 616.1, 616.1f: every distinct legal order for ``affected``, with its resolution, in the order
    the candidate permutations are tried. ``ValueError`` (Japanese) beyond :data:`MAX_CANDIDATES`."""
    items = candidates(scenario, affected)
    if len(items) > MAX_CANDIDATES:
        raise ValueError(
            f"{affected}に適用しうる効果が{len(items)}個あり、順番の組み合わせが多すぎます"
            f"({MAX_CANDIDATES}個まで)"
        )
    found: dict[Order, OrderOption] = {}
    base = dict(scenario.choices.replacement_order)
    for permutation in permutations(items):
        choices = replace(scenario.choices, replacement_order=FrozenMap({**base, affected: permutation}))
        resolution = resolve(replace(scenario, choices=choices))
        orders = _orders_of(resolution, affected)
        applied = () if orders is None else orders[1]
        if applied not in found:
            found[applied] = OrderOption(applied, resolution)
    return tuple(found.values())


def legal_orders_document(doc: Mapping[str, Any], affected: str) -> list[dict[str, Any]]:
    """:func:`legal_orders` for a scenario document: ``[{"order": [...], "result": result document}]``.

    Raises :class:`~rules_core.model.errors.ScenarioError` for an invalid document, ``ValueError`` for too
    many candidates.
    """
    return [
        {"order": list(option.order), "result": option.resolution.to_dict()}
        for option in legal_orders(parse_scenario(doc), affected)
    ]
