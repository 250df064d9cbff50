"""What the result page and the exam report show for an order or a parts question: the engine's order
with each stage and its rules, or each part right or wrong. No Django."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from tutor.study.asks import AskError, answer_text, order_trace, part_label
from tutor.study.building import part_marks

SEQUENCE_FORMATS: Final = ("order", "parts")


def sequence_feedback(
    *, scenario: Mapping[str, Any], ask: Mapping[str, Any], answer: Any, response: Any
) -> dict[str, Any] | None:
    """``{"order": [...]}`` or ``{"parts": [...]}`` for the two formats, else None."""
    kind = ask.get("kind")
    names = {
        p["id"]: p.get("name") or p["id"]
        for p in [*scenario.get("players", []), *scenario.get("permanents", [])]
    }
    if kind == "order":
        try:
            trace = order_trace(scenario, ask)
        except AskError:
            return None
        given = response if isinstance(response, list) else []
        return {
            "order": [
                {**item, "n": n, "ok": n - 1 < len(given) and given[n - 1] == item["key"]}
                for n, item in enumerate(trace, start=1)
            ]
        }
    if kind == "parts":
        marks = part_marks(answer, response)
        given = response if isinstance(response, list) else []
        return {
            "parts": [
                {
                    "label": part_label(part, names),
                    "given": answer_text(part, given[n], names) if n < len(given) else "（未回答）",
                    "right": answer_text(part, answer[n], names),
                    "ok": marks[n],
                }
                for n, part in enumerate(ask.get("parts", []))
                if n < len(marks)
            ]
        }
    return None
