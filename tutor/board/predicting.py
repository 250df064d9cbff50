"""Predict, then reveal, on any stored board (and in the lessons): the session keeps each board's
prediction; :func:`prediction_panel` is what ``board/_predict.html`` shows.

A prediction is the learner's own scratch work, so it lives in the session (no database row), at
most :data:`KEPT` boards' worth, keyed by the board's slug. The comparison itself is the pure
:func:`tutor.results.predictions.predictions_compare`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

from django.http import HttpRequest

from rules_core import Scenario, resolve
from tutor.board.forms.prediction import PredictionForm
from tutor.results.predictions import Prediction, Verdict, predictions_compare, score

SESSION_KEY = "predictions"
KEPT = 30
"""How many boards' predictions one session keeps (the oldest goes first)."""


def _stored(session: MutableMapping[str, Any]) -> dict[str, Any]:
    raw = session.get(SESSION_KEY)
    return dict(raw) if isinstance(raw, Mapping) else {}


def has_predictions(request: HttpRequest) -> bool:
    """Whether this visitor's session holds any prediction (their board pages then show it)."""
    session = getattr(request, "session", None)
    return bool(session is not None and session.get(SESSION_KEY))


def prediction_load(session: MutableMapping[str, Any], slug: str) -> Prediction | None:
    """This board's prediction, or None (never made, or not one we wrote)."""
    return Prediction.from_dict(_stored(session).get(slug))


def prediction_store(session: MutableMapping[str, Any], slug: str, prediction: Prediction) -> None:
    stored = _stored(session)
    stored.pop(slug, None)
    stored[slug] = prediction.to_dict()
    while len(stored) > KEPT:
        stored.pop(next(iter(stored)))
    session[SESSION_KEY] = stored


def prediction_clear(session: MutableMapping[str, Any], slug: str) -> None:
    stored = _stored(session)
    if stored.pop(slug, None) is not None:
        session[SESSION_KEY] = stored


def verdicts_for(prediction: Prediction, document: Mapping[str, Any], parsed: Scenario) -> list[Verdict]:
    """The prediction beside what the engine makes of this board."""
    return predictions_compare(prediction, document, resolve(parsed).to_dict())


def prediction_panel(
    *,
    session: MutableMapping[str, Any],
    slug: str,
    document: Mapping[str, Any],
    parse: Callable[[], Scenario | None],
    resolvable: bool,
    resolved: bool,
    at_end: bool,
    action: str,
    clear_action: str,
    stage_base: str,
    form: PredictionForm | None = None,
) -> dict[str, Any] | None:
    """What the predict partial shows: before resolving, the form (with the last prediction typed
    in); at the last stage (or all stages), each prediction marked right or wrong; in between, a note.
    None for a board that cannot be resolved (a draft, a refused document, the unsaved empty board).
    ``parse`` reads the board with the engine, called only when the verdicts are shown."""
    if not slug or not resolvable:
        return None
    stored = prediction_load(session, slug)
    panel: dict[str, Any] = {
        "action": action,
        "clear_action": clear_action,
        "stage_base": stage_base,
        "has_prediction": stored is not None,
        "mode": "form",
    }
    if not resolved or form is not None:
        if form is None:
            form = PredictionForm(document=document, action=action, initial=_initial(stored, document))
        panel["form"] = form
        return panel
    if stored is None:
        return None
    if not at_end:
        panel["mode"] = "waiting"
        return panel
    parsed = parse()
    if parsed is None:
        return None
    verdicts = verdicts_for(stored, document, parsed)
    right, judged = score(verdicts)
    panel.update(
        mode="verdicts",
        verdicts=[
            {
                "label": v.label,
                "correct": v.correct,
                "predicted": v.text(v.predicted),
                "actual": v.text(v.actual),
                "stage": v.stage + 1 if v.stage is not None else None,
            }
            for v in verdicts
        ],
        right=right,
        judged=judged,
    )
    return panel


def _initial(stored: Prediction | None, document: Mapping[str, Any]) -> dict[str, Any]:
    """The form's fields filled from the learner's last prediction for this board."""
    if stored is None:
        return {}
    initial: dict[str, Any] = {}
    for i, player in enumerate(p for p in document.get("players") or [] if p.get("id")):
        if player["id"] in stored.life:
            initial[f"life_{i}"] = stored.life[player["id"]]
        if player["id"] in stored.poison:
            initial[f"poison_{i}"] = stored.poison[player["id"]]
    for i, permanent in enumerate(p for p in document.get("permanents") or [] if p.get("id")):
        initial[f"leaves_{i}"] = permanent["id"] in stored.leaves
        if permanent["id"] in stored.damage:
            initial[f"damage_{i}"] = stored.damage[permanent["id"]]
    return initial
