"""Issue 26: a lesson's step comes from the content cache (tutor.lessons.caching), for a visitor who has
predicted as for one who has not, while what is one learner's own (their answers in the form, their
verdicts at the last stage, their finished mark) is never shown to anyone else."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

FIRST = "/lessons/damage-basics/"
HX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "lesson-reveal"}
WAITING = "あなたの予想は、最後の段階で答え合わせします。"


def _text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def _cache(response) -> str | None:
    return response.get("X-Content-Cache")


def _predicted(life: str) -> Client:
    client = Client()
    assert client.post(FIRST + "predict/", {"life_1": life, "damage_0": "1"}).status_code == 302
    return client


def test_a_step_without_a_prediction_is_rendered_once_and_served_to_the_next_visitor():
    first, second = Client().get(FIRST + "?stage=2", **HX), Client().get(FIRST + "?stage=2", **HX)
    assert (_cache(first), _cache(second)) == ("miss", "hit")
    assert second.content == first.content and "段階 <b>2</b>" in second.content.decode()
    assert WAITING not in second.content.decode()
    # the page before predicting too, with its form empty for everyone
    assert _cache(Client().get(FIRST)) == "miss" and _cache(Client().get(FIRST)) == "hit"


def test_a_stage_before_the_last_is_shared_by_everyone_who_predicted_and_the_verdicts_are_not():
    # the lesson's board (CR 120.3a, 120.3e): 1 damage to the opponent (20 → 19) and 1 to 《灰色熊》
    right, wrong, another = _predicted("19"), _predicted("5"), _predicted("7")
    # the first render tells the cache how many stages the board has; until then a learner who has
    # predicted gets a page of their own
    assert _cache(right.get(FIRST + "?stage=1", **HX)) is None
    first, served = wrong.get(FIRST + "?stage=1", **HX), another.get(FIRST + "?stage=1", **HX)
    assert (_cache(first), _cache(served)) == ("miss", "hit")
    assert WAITING in _text(served) and "段階 1" in _text(served)
    unpredicted = Client().get(FIRST + "?stage=1", **HX)
    assert _cache(unpredicted) == "miss" and WAITING not in _text(unpredicted)  # another page
    for last in ("?stage=all", "?stage=99"):
        mine, theirs = right.get(FIRST + last, **HX), wrong.get(FIRST + last, **HX)
        assert _cache(mine) is None and _cache(theirs) is None
        assert "3個中3個が当たり" in _text(mine)
        assert "3個中2個が当たり" in _text(theirs)


def test_what_is_one_learners_own_is_rendered_for_them_alone():
    right, wrong = _predicted("19"), _predicted("5")
    # before resolving, the form holds each learner's own answers
    mine, theirs = right.get(FIRST, **HX), wrong.get(FIRST, **HX)
    assert _cache(mine) is None and _cache(theirs) is None
    assert 'value="19"' in mine.content.decode() and 'value="5"' in theirs.content.decode()
    # the whole page says the lesson is finished, to that learner only
    page = right.get(FIRST + "?stage=1")
    assert _cache(page) is None and "このレッスンは終了しています" in _text(page)
    fresh = Client().get(FIRST + "?stage=1")
    assert "このレッスンは終了しています" not in _text(fresh)


def test_a_signed_in_learners_step_in_place_comes_from_the_cache_and_their_page_does_not(django_user_model):
    """The step in place (#lesson-reveal) shows nothing of who is signed in: a signed-in learner who has
    predicted gets the stage before the last that everyone who predicted shares, and their verdicts at
    the last stage and their whole page (their name, their finished mark) are still theirs alone."""
    warm = _predicted("5")
    warm.get(FIRST + "?stage=1", **HX)  # the first render tells the cache the number of stages
    assert _cache(warm.get(FIRST + "?stage=1", **HX)) in ("miss", "hit")
    learner = Client()
    learner.force_login(django_user_model.objects.create_user("kanae", password="x" * 12))
    assert learner.post(FIRST + "predict/", {"life_1": "19", "damage_0": "1"}).status_code == 302
    served = learner.get(FIRST + "?stage=1", **HX)
    assert _cache(served) == "hit" and WAITING in _text(served) and "kanae" not in _text(served)
    last = learner.get(FIRST + "?stage=all", **HX)
    assert _cache(last) is None and "3個中3個が当たり" in _text(last)
    page = learner.get(FIRST + "?stage=1")
    assert _cache(page) is None and "kanae" in _text(page) and "このレッスンは終了しています" in _text(page)
    assert "kanae" not in _text(Client().get(FIRST + "?stage=1"))
