"""The anonymous learner a study test answers as: the test client's session carries its key."""

from __future__ import annotations

from django.test import Client

from tutor.study.selectors import Learner


def anonymous_learner(client: Client, key: str = "k" * 32) -> Learner:
    """An anonymous learner whose session ``client`` carries (questions made for it open in the client)."""
    learner = Learner(user=None, key=key)
    session = client.session
    session["study_learner"] = learner.key
    session.save()
    return learner
