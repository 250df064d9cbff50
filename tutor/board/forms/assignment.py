"""Combat damage assignment (CR 510.1): a number for each creature and recipient."""

from __future__ import annotations

from typing import Any

from django import forms

from tutor.board.forms.base import (
    SMALL_MAX,
    _int,
)


class AssignmentForm(forms.Form):
    """Combat damage assignment: a number for each (creature, recipient) pair.

    ``rows`` (``tutor.board.assignment_panel.rows_of``) lists the attackers (and the blockers that block several
    attackers), once for each combat damage step they assign in, with their recipients; field names
    are ``a_<row>_<recipient>`` so that any id is safe in them.
    """

    def __init__(self, *args: Any, rows: list[dict[str, Any]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows = rows
        for r, row in enumerate(rows):
            row["index"] = r
            for k, recipient in enumerate(row["recipients"]):
                name = f"a_{r}_{k}"
                recipient["field"] = name
                self.fields[name] = _int(
                    f"{row['label']} → {recipient['label']}",
                    required=False,
                    initial=recipient.get("initial", 0),
                )

    def tables(self, *, raw: bool = False) -> dict[str, dict[str, dict[str, int]]]:
        """The combat event's assignment tables (``assignments``, ``blocker_assignments`` and the second
        step's, as each row's ``key`` says), from the cleaned data or, ``raw``, from what was typed
        (unparsable or out-of-range numbers count as 0). Rows without recipients are left out."""
        out: dict[str, dict[str, dict[str, int]]] = {}
        for r, row in enumerate(self.rows):
            if not row["recipients"]:
                continue
            out.setdefault(row["key"], {})[row["id"]] = {
                rec["id"]: _safe_int(self.data.get(f"a_{r}_{k}"))
                if raw
                else self.cleaned_data.get(f"a_{r}_{k}") or 0
                for k, rec in enumerate(row["recipients"])
            }
        return out


def _safe_int(value: Any) -> int:
    try:
        n = int(str(value).strip())
    except (TypeError, ValueError):
        return 0
    return max(0, min(n, SMALL_MAX))
