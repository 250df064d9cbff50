"""Who is studying: a signed-in user, or an anonymous learner known by a random key in the session."""

from __future__ import annotations

import uuid

from django.http import HttpRequest

from tutor.study.selectors import Learner

LEARNER_SESSION_KEY = "study_learner"


def learner_get(request: HttpRequest, *, create: bool = False) -> Learner:
    """The learner of this request; an anonymous one gets a random key in the session when needed."""
    key = request.session.get(LEARNER_SESSION_KEY, "")
    if not isinstance(key, str):
        key = ""
    if not key and create:
        key = uuid.uuid4().hex
        request.session[LEARNER_SESSION_KEY] = key
    user = request.user if request.user.is_authenticated else None
    return Learner(user=user, key=key)
