"""Spaced review: Leitner boxes for the kinds of questions a learner got wrong.

A *kind of question* is a template at a level (``builtin:trample-max`` at L1, say). Getting one
wrong puts that kind in box 1; the review queue brings it back (as a fresh question of the same
kind, never the same board) when it is due. Each right answer to a due review moves it one box up
and waits longer; a wrong answer sends it back to box 1. After a right answer in the last box it
leaves the queue.

======  ==============  ====================================================
box     wait            why
======  ==============  ====================================================
1       1 minute        see it again in the same session, while it is fresh
2       10 minutes      later in the same session
3       1 day           the next day
4       3 days
5       7 days          a right answer here retires it
======  ==============  ====================================================

A right answer to a kind that is in the queue but not yet due changes nothing (no cramming).
Pure Python: the services apply these rules to ``ReviewItem`` rows.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Final

INTERVALS: Final = {
    1: timedelta(minutes=1),
    2: timedelta(minutes=10),
    3: timedelta(days=1),
    4: timedelta(days=3),
    5: timedelta(days=7),
}
LAST_BOX: Final = max(INTERVALS)


def after_wrong(now: datetime) -> tuple[int, datetime]:
    """Back to box 1, due in a minute.

    >>> from datetime import datetime
    >>> after_wrong(datetime(2026, 1, 1, 12, 0))
    (1, datetime.datetime(2026, 1, 1, 12, 1))
    """
    return 1, now + INTERVALS[1]


def after_right(box: int, now: datetime) -> tuple[int, datetime] | None:
    """One box up with its wait, or ``None`` when a right answer in the last box retires the kind.

    >>> from datetime import datetime
    >>> after_right(2, datetime(2026, 1, 1, 12, 0))
    (3, datetime.datetime(2026, 1, 2, 12, 0))
    >>> after_right(5, datetime(2026, 1, 1)) is None
    True
    """
    if box >= LAST_BOX:
        return None
    box += 1
    return box, now + INTERVALS[box]


def wait_text(delta: timedelta) -> str:
    """A wait as a learner reads it.

    >>> wait_text(timedelta(seconds=30)), wait_text(timedelta(minutes=10)), wait_text(timedelta(days=3))
    ('1分以内', '10分後', '3日後')
    """
    seconds = int(delta.total_seconds())
    if seconds <= 60:
        return "1分以内"
    if seconds < 3600:
        return f"{(seconds + 59) // 60}分後"
    if seconds < 86400:
        return f"{(seconds + 3599) // 3600}時間後"
    return f"{(seconds + 86399) // 86400}日後"
