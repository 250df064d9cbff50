"""The assignment panel's −/＋ buttons move damage between recipients (CR 510.1a: a creature assigns
combat damage equal to its power, so with all of it assigned, one more point here is one point less
elsewhere).

When a row already assigns exactly the creature's power, ＋ on a recipient takes the point from
another recipient and − gives it to another: the first one (in the row's order) for which the engine
finds the creature's assignment legal, else the first that can give or take. A row that does not add
up to the power (the learner typed a number) steps the one number, as a plain stepper does.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from rules_core import AssignmentError, check_assignment
from tutor.board.documents import assignment_set, scenario_parse_or_none

SMALL_MAX = 999


def _number(value: Any) -> int:
    try:
        return max(0, min(SMALL_MAX, int(str(value).strip())))
    except (TypeError, ValueError):
        return 0


def field_position(name: str) -> tuple[int, int] | None:
    """``a_<row>_<recipient>`` → (row, recipient).

    >>> field_position("a_2_0"), field_position("b_1_1"), field_position("a_x_1")
    ((2, 0), None, None)
    """
    parts = name.split("_")
    if len(parts) != 3 or parts[0] != "a" or not all(p.isdigit() for p in parts[1:]):
        return None
    return int(parts[1]), int(parts[2])


def _tables(rows: list[dict[str, Any]], data: Mapping[str, Any]) -> dict[str, dict[str, dict[str, int]]]:
    out: dict[str, dict[str, dict[str, int]]] = {}
    for r, row in enumerate(rows):
        if row["recipients"]:
            out.setdefault(row["key"], {})[row["id"]] = {
                rec["id"]: _number(data.get(f"a_{r}_{k}")) for k, rec in enumerate(row["recipients"])
            }
    return out


def _row_legal(
    document: Mapping[str, Any], rows: list[dict[str, Any]], data: Mapping[str, Any], r: int
) -> bool:
    """Whether the engine finds row ``r``'s creature's assignment legal with the numbers ``data``."""
    parsed = scenario_parse_or_none(assignment_set(document=document, tables=_tables(rows, data)))
    if parsed is None:
        return False
    try:
        violations = check_assignment(parsed)
    except AssignmentError:
        return False
    row = rows[r]
    return not any(v.attacker == row["id"] and v.step == row["step"] for v in violations)


def nudged(
    document: Mapping[str, Any],
    rows: list[dict[str, Any]],
    data: MutableMapping[str, Any],
    field: str,
    delta: int,
) -> str | None:
    """Apply the ＋ (``delta`` 1) or − (−1) of ``field`` to the posted numbers ``data`` in place.

    Returns the label of the recipient the point moved from or to, or None when only ``field`` changed.
    """
    where = field_position(field)
    if where is None or where[0] >= len(rows) or delta not in (1, -1):
        return None
    r, k = where
    recipients = rows[r]["recipients"]
    if k >= len(recipients):
        return None
    values = [_number(data.get(f"a_{r}_{j}")) for j in range(len(recipients))]
    if values[k] + delta < 0:
        return None
    data[field] = str(min(SMALL_MAX, values[k] + delta))
    if sum(values) != rows[r]["power"] or len(recipients) < 2:
        return None
    partners = [
        j
        for j, rec in enumerate(recipients)
        if j != k and (values[j] > 0 if delta > 0 else not rec.get("forbidden") and not rec.get("gone"))
    ]
    if not partners:
        return None  # nowhere to take the point from or put it: the feedback says what is wrong
    posted = {name: data.get(name) for name in data}
    chosen = partners[0]
    for j in partners:
        trial = {**posted, f"a_{r}_{j}": str(values[j] - delta)}
        if _row_legal(document, rows, trial, r):
            chosen = j
            break
    data[f"a_{r}_{chosen}"] = str(values[chosen] - delta)
    return str(recipients[chosen]["label"])
