"""Which form of a lesson's page a visitor gets, so that the content cache can serve it
(:func:`tutor.common.content_cache.cache_content_page_by`).

A lesson's page is its content and its board, plus a little of the visitor's session: the prediction
panel (``board/_predict.html``) and, on the whole page, whether the visitor has finished the lesson.
The panel has three forms that depend on the session:

* no prediction for the lesson's board: the same page for everyone;
* a prediction, at a stage before the last: only the note that the verdicts come at the end, the same
  for everyone who has predicted;
* a prediction, before resolving (the form holds the learner's own answers) or at the last stage (their
  answers marked right or wrong): the visitor's own, rendered for them and never stored.

Telling the last stage from the others needs the board's number of stages, which only resolving the
board gives: each render remembers it (:func:`stages_remember`), and until one has, a visitor with a
prediction gets a page of their own.
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest

from tutor.board.page import stage_param
from tutor.board.predicting import has_predictions, prediction_load
from tutor.common.content_cache import TIMEOUT, content_version
from tutor.common.htmx import htmx_partial
from tutor.study.learners import LEARNER_SESSION_KEY

STAGES_KEY = "tutor:lesson-stages"
PREDICTED = "predicted"
"""The variant of a stage before the last for a visitor who has predicted."""


def _key(slug: str) -> str:
    return f"{STAGES_KEY}:{content_version()}:{slug}"


def stages_remember(slug: str, board: str, count: int) -> None:
    """Remember that the lesson ``slug`` shows the board ``board`` in ``count`` stages (this content)."""
    cache.set(_key(slug), (board, count), TIMEOUT)


def lesson_variant(request: HttpRequest, slug: str, *, partials: tuple[str, ...]) -> str | None:
    """The form of the lesson page ``slug`` that ``request`` gets (see the module docstring); the page's
    htmx ``partials`` carry the panel but not the finished mark."""
    session = request.session
    if htmx_partial(request, partials) is None and session.get(LEARNER_SESSION_KEY):
        return None  # the whole page says whether this learner has finished the lesson
    if not has_predictions(request):
        return ""
    known = cache.get(_key(slug))
    if not (isinstance(known, tuple) and len(known) == 2):
        return None
    board, count = known
    if prediction_load(session, board) is None:
        return ""
    stage = stage_param(request.GET)
    return PREDICTED if isinstance(stage, int) and stage < count - 1 else None
