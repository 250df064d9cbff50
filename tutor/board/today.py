"""The board of the day (``/board/today/``, ``GET /api/v1/today``): one curated board per date, the
same for every visitor and every server, picked from the date alone."""

from __future__ import annotations

import datetime
import hashlib

from tutor.models import Scenario

QUESTION = (
    "この盤面でダメージを解決すると、どうなるでしょうか。各プレイヤーのライフと毒カウンター、"
    "墓地に置かれるパーマネントを予想してから、答えを確かめてください。"
)
"""The day's question: the predict-then-reveal form every stored board offers asks it."""


def day_index(day: datetime.date, count: int) -> int:
    """The position of the day's board among ``count`` boards: a hash of the date, so that it is the
    same in every process (Python's own ``hash`` of a string is not) and neighbouring days differ.

    >>> day_index(datetime.date(2026, 12, 2), 151) == day_index(datetime.date(2026, 12, 2), 151)
    True
    >>> 0 <= day_index(datetime.date(2027, 1, 1), 7) < 7
    True
    """
    digest = hashlib.sha256(f"board-of-the-day|{day.isoformat()}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") % count


def board_of_the_day(*, day: datetime.date) -> Scenario | None:
    """The curated board for ``day`` (None when no curated board is loaded); two small queries, not
    every curated document."""
    curated = Scenario.objects.filter(is_curated=True).order_by("position", "id")
    keys = list(curated.values_list("pk", flat=True))
    if not keys:
        return None
    return curated.get(pk=keys[day_index(day, len(keys))])
