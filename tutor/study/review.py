"""Spaced review with FSRS (the ``fsrs`` package) for the kinds of questions a learner got wrong.

A *kind of question* is a template at a level (``builtin:trample-max`` at L1, say). Getting one
wrong gives that kind an FSRS card (or lapses the card it has); the review queue brings it back, as a
fresh question of the same kind and never the same board, when the card is due.

* A wrong answer is rated **Again**; a right answer to a due review **Good**. Hard and Easy are not
  used: the only signal would be the time to answer, and on a board question that time is mostly
  reading the board and the cards' text, not how hard the rule was to recall.
* The first two waits are fixed steps, as the Leitner boxes had them: 1 minute (again in the same
  session, while it is fresh), then 10 minutes. A lapse after that starts the same two steps again,
  so a wrong answer always comes back within the minute. Once through the steps the card is in FSRS's
  review state: the wait is the time until the learner's chance of recall is expected to fall to 90 %
  (the card's *stability*), which grows with each right answer, faster for a kind the learner finds
  easy (FSRS's *difficulty*).
* A right answer to a kind that is not yet due changes nothing (no cramming). FSRS itself would take
  that early review and count it for little: the gain in stability shrinks as the recall chance at the
  moment of review nears 1. Here it is not fed to the scheduler at all, so answering the same kind
  twice in a minute cannot move it on a step.
* Fuzzing is off: it spreads the due dates of thousands of cards so that no day is crowded, and a
  learner has a few dozen kinds at most; without it the page's waits are the scheduler's own.
* Cards never retire: a well-known kind's wait grows to months (at most :data:`MAXIMUM_DAYS`).

Pure Python (no database): the services apply it to ``ReviewItem`` rows.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Final

from fsrs import Card, Rating, Scheduler, State

STEPS: Final = (timedelta(minutes=1), timedelta(minutes=10))
MAXIMUM_DAYS: Final = 365
DESIRED_RETENTION: Final = 0.9

SCHEDULER: Final = Scheduler(
    desired_retention=DESIRED_RETENTION,
    learning_steps=STEPS,
    relearning_steps=STEPS,
    maximum_interval=MAXIMUM_DAYS,
    enable_fuzzing=False,
)

# The stage past the fixed steps, as the page numbers it (箱1, 箱2, then the learned stage).
REVIEW_STAGE: Final = len(STEPS) + 1


def utc(moment: datetime) -> datetime:
    """``moment`` in UTC as the scheduler wants it (a database may hand back another zone object)."""
    return moment.astimezone(UTC)


def card_new(now: datetime) -> Card:
    """A kind's card before its first rating (``card_id`` is fixed: the row, not the card, is the identity,
    and a generated id would sleep a millisecond)."""
    return Card(card_id=0, state=State.Learning, step=0, due=utc(now))


def card_review(card: Card, *, correct: bool, now: datetime) -> Card:
    """The card after one answer: Again when wrong, Good when right.

    >>> from datetime import datetime, UTC
    >>> start = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    >>> wrong = card_review(card_new(start), correct=False, now=start)
    >>> wrong.due - start, stage(wrong.state, wrong.step)
    (datetime.timedelta(seconds=60), 1)
    >>> right = card_review(wrong, correct=True, now=wrong.due)
    >>> right.due - wrong.due, stage(right.state, right.step)
    (datetime.timedelta(seconds=600), 2)
    """
    rating = Rating.Good if correct else Rating.Again
    reviewed, _log = SCHEDULER.review_card(card, rating, review_datetime=utc(now))
    return reviewed


def stage(state: State | int, step: int | None) -> int:
    """The stage a learner reads: 1 and 2 for the fixed steps, :data:`REVIEW_STAGE` once learned.

    >>> stage(State.Learning, 0), stage(State.Relearning, 1), stage(State.Review, None)
    (1, 2, 3)
    """
    if State(state) == State.Review or step is None:
        return REVIEW_STAGE
    return min(step, len(STEPS) - 1) + 1


# The former Leitner boxes' waits: what a box meant, for converting a box into a card.
LEITNER_WAITS: Final = {
    1: timedelta(minutes=1),
    2: timedelta(minutes=10),
    3: timedelta(days=1),
    4: timedelta(days=3),
    5: timedelta(days=7),
}


def card_for_box(box: int, due: datetime) -> Card:
    """The card of a kind that stood in Leitner box ``box`` until ``due``.

    A row in box *n* was answered wrong once and then right *n* - 1 times, each time when it was due;
    that history is replayed through the scheduler, so stability and difficulty are FSRS's own, and the
    due time is kept as it was. (The data migration ``0010_fsrs_review`` holds a frozen copy of this.)

    >>> from datetime import datetime, UTC
    >>> due = datetime(2026, 1, 10, tzinfo=UTC)
    >>> card = card_for_box(4, due)
    >>> card.state == State.Review, card.due == due, card.last_review == due - LEITNER_WAITS[4]
    (True, True, True)
    """
    box = min(max(box, 1), max(LEITNER_WAITS))
    due = utc(due)
    moments = [due - LEITNER_WAITS[box]]
    for earlier in range(box - 1, 0, -1):
        moments.insert(0, moments[0] - LEITNER_WAITS[earlier])
    card = card_review(card_new(moments[0]), correct=False, now=moments[0])
    for moment in moments[1:]:
        card = card_review(card, correct=True, now=moment)
    card.due = due
    return card


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


def steps_text() -> list[tuple[int, str]]:
    """The fixed steps as the progress page lists them: ``[(1, '1分以内'), (2, '10分後')]``."""
    return [(number, wait_text(wait)) for number, wait in enumerate(STEPS, start=1)]
