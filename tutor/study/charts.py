"""Geometry of the history chart: one stacked bar per day (right and wrong answers), drawn as SVG
by ``templates/study/_chart.html`` without any script."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Final

WIDTH: Final = 640
HEIGHT: Final = 220
LEFT: Final = 36
BOTTOM: Final = 28
TOP: Final = 12


@dataclass(frozen=True)
class Day:
    day: date
    answered: int
    correct: int


def _ticks(top: int) -> list[int]:
    if top <= 5:
        return list(range(top + 1))
    step = max(1, -(-top // 4))
    return list(range(0, top + 1, step))


def history_chart(days: Sequence[Day]) -> dict[str, Any]:
    """Bars and axis labels for ``days`` (oldest first).

    >>> chart = history_chart([Day(date(2026, 1, 1), 4, 3), Day(date(2026, 1, 2), 0, 0)])
    >>> [(b["correct_h"], b["wrong_h"]) for b in chart["bars"]]
    [(135, 45), (0, 0)]
    >>> chart["total"], chart["correct"]
    (4, 3)
    """
    top = max([d.answered for d in days] + [1])
    ticks = _ticks(top)
    top = max(top, ticks[-1])
    plot_h = HEIGHT - BOTTOM - TOP
    plot_w = WIDTH - LEFT - 8
    slot = plot_w / max(1, len(days))
    bar_w = max(4, round(slot * 0.6))
    bars = []
    for i, d in enumerate(days):
        correct_h = round(plot_h * d.correct / top)
        wrong_h = round(plot_h * (d.answered - d.correct) / top)
        x = round(LEFT + i * slot + (slot - bar_w) / 2)
        base = HEIGHT - BOTTOM
        bars.append(
            {
                "x": x,
                "w": bar_w,
                "correct_y": base - correct_h,
                "correct_h": correct_h,
                "wrong_y": base - correct_h - wrong_h,
                "wrong_h": wrong_h,
                "label_x": x + bar_w // 2,
                "label": f"{d.day.month}/{d.day.day}",
                "show_label": len(days) <= 10 or i % 2 == (len(days) - 1) % 2,
                "title": f"{d.day.month}月{d.day.day}日: {d.answered}問中{d.correct}問正解",
                "answered": d.answered,
                "correct": d.correct,
            }
        )
    grid = [{"y": HEIGHT - BOTTOM - round(plot_h * t / top), "label": t} for t in ticks]
    total = sum(d.answered for d in days)
    correct = sum(d.correct for d in days)
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - 8,
        "base": HEIGHT - BOTTOM,
        "bars": bars,
        "grid": grid,
        "total": total,
        "correct": correct,
        "rate": round(100 * correct / total) if total else None,
        "days": len(days),
    }
