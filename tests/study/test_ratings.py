"""Ratings of learners and kinds of question (issue 24, item 5): each answer is a match, the ratings
move the right way over a fixed sequence of answers, practice draws kinds near the learner's rating,
the progress page shows the rating, and signing up carries it over."""

from __future__ import annotations

import io
import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import timezone

from tests.study.test_views import key_for, start, url
from tutor.models import LearnerRating, QuestionRating, StudyQuestion
from tutor.study import ratings, services
from tutor.study.selectors import Learner, pick_weights, rating_summary, study_sources

pytestmark = pytest.mark.django_db


def _response(question: StudyQuestion, *, right: bool) -> object:
    if question.answer_format == "number":
        return question.answer if right else question.answer + 1
    return key_for(question, right=right)


def _skill(row: LearnerRating | QuestionRating) -> ratings.Skill:
    row.refresh_from_db()
    return ratings.Skill(row.mu, row.sigma)


def test_a_fixed_sequence_of_answers_moves_both_ratings_the_right_way():
    """Right, right, wrong, right on one kind: each right answer raises the learner and lowers the kind,
    the wrong one the other way round; every answer makes both surer (sigma falls)."""
    learner = Learner(user=None, key="k-seq")
    source = None
    before_learner, before_kind = ratings.START, ratings.START
    for right in (True, True, False, True):
        question = services.question_create(learner=learner, topic="lifelink", level="intro", source=source)
        source = question.source
        attempt, scored = services.answer_submit(
            learner=learner, question=question, response=_response(question, right=right)
        )
        assert scored and attempt.correct is right
        mine = _skill(LearnerRating.objects.get(user__isnull=True, learner_key="k-seq"))
        kind = _skill(QuestionRating.objects.get(source=source, level="intro"))
        if right:
            assert mine.mu > before_learner.mu and kind.mu < before_kind.mu
        else:
            assert mine.mu < before_learner.mu and kind.mu > before_kind.mu
        assert mine.sigma < before_learner.sigma and kind.sigma < before_kind.sigma
        before_learner, before_kind = mine, kind
    assert LearnerRating.objects.get(learner_key="k-seq").matches == 4
    assert QuestionRating.objects.get(source=source, level="intro").matches == 4
    assert before_learner.mu > ratings.START.mu  # three of four right: above the start


def test_a_strong_learner_ends_above_a_weak_one_and_the_kind_between_moves_with_them():
    """Two learners answer the same kind five times each, one always right and one always wrong."""
    results = {}
    source = None
    for key, right in (("k-strong", True), ("k-weak", False)):
        learner = Learner(user=None, key=key)
        for _ in range(5):
            question = services.question_create(learner=learner, topic="infect", level="intro", source=source)
            source = question.source
            services.answer_submit(
                learner=learner, question=question, response=_response(question, right=right)
            )
        results[key] = _skill(LearnerRating.objects.get(learner_key=key))
    assert results["k-strong"].mu > ratings.START.mu > results["k-weak"].mu
    assert ratings.chance(results["k-strong"], results["k-weak"]) > 0.9
    kind = QuestionRating.objects.get(source=source, level="intro")
    assert kind.matches == 10


def test_practice_draws_the_kind_nearest_the_learners_rating():
    """Kinds far above the learner weigh almost nothing in the draw: the first question of a fresh
    learner is the kind at its own rating, whatever the seed."""
    sources = study_sources(topic="lifelink", level="l1")
    assert len(sources) >= 3
    near, *far = sources
    QuestionRating.objects.create(source=near, level="l1", mu=ratings.START.mu, sigma=2.0, matches=30)
    for source in far:
        QuestionRating.objects.create(
            source=source, level="l1", mu=ratings.START.mu + 30, sigma=2.0, matches=30
        )
    weights = pick_weights(learner=Learner(user=None, key="k-none"), sources=sources, level="l1")
    assert weights[near] == pytest.approx(1.0) and all(weights[s] < 1e-4 for s in far)
    for seed in range(6):
        learner = Learner(user=None, key=f"k-pick-{seed}")
        question = services.question_create(
            learner=learner, topic="lifelink", level="l1", rng=random.Random(seed)
        )
        assert question.source == near


def test_the_progress_page_shows_the_rating_and_the_chance_per_level(client):
    for right in (True, True, False):
        question = start(client, "infect", "intro")
        client.post(url(question, "answer/"), {"answer": key_for(question, right=right)})
    row = LearnerRating.objects.get()
    html = client.get("/study/progress/").content.decode()
    shown = round(row.mu * ratings.DISPLAY_SCALE)
    assert shown > 1500 and f"<strong>{shown}</strong>" in html and "3問の回答から" in html
    assert "まだ回答が少ないので、目安です" in html
    assert "入門の問題に正解する見込み: 約" in html
    summary = rating_summary(learner=Learner(user=None, key=row.learner_key))
    assert summary["shown"] == shown and summary["matches"] == 3


def test_signing_up_carries_the_rating_over_and_merges_it_with_the_accounts(client):
    question = start(client, "infect", "intro")
    client.post(url(question, "answer/"), {"answer": key_for(question, right=True)})
    anonymous = LearnerRating.objects.get()
    client.post(
        "/accounts/signup/",
        {"username": "rated", "password1": "damage-rules-42", "password2": "damage-rules-42"},
    )
    user = User.objects.get(username="rated")
    assert LearnerRating.objects.get().user == user
    assert LearnerRating.objects.get().mu == anonymous.mu

    # A second anonymous session, claimed by logging in: one rating, surer than either.
    client.logout()
    question = start(client, "infect", "intro")
    client.post(url(question, "answer/"), {"answer": key_for(question, right=True)})
    assert LearnerRating.objects.count() == 2
    sigmas = sorted(LearnerRating.objects.values_list("sigma", flat=True))
    client.post("/accounts/login/", {"username": "rated", "password": "damage-rules-42"})
    [merged] = LearnerRating.objects.all()
    assert merged.user == user and merged.matches == 2
    assert merged.sigma < sigmas[0] and merged.mu > ratings.START.mu


def test_merging_two_ratings_divides_the_shared_start_out_once():
    a, b = ratings.Skill(30.0, 4.0), ratings.Skill(28.0, 4.0)
    both = ratings.merged(a, b)
    assert 28.0 < both.mu < 31.0 and both.sigma < 4.0
    assert ratings.merged(a, ratings.START) == a  # a rating no surer than the start adds nothing


def test_purge_stale_deletes_an_old_anonymous_rating_and_keeps_the_others():
    """An anonymous learner's rating goes with the rest of its stale study data; an account's rating
    and a recently active learner's stay."""
    user = User.objects.create_user("kept")
    LearnerRating.objects.create(learner_key="gone", mu=30.0, sigma=5.0)
    LearnerRating.objects.create(learner_key="recent", mu=30.0, sigma=5.0)
    LearnerRating.objects.create(user=user, learner_key="gone-too", mu=30.0, sigma=5.0)
    old = timezone.now() - timedelta(days=90)
    LearnerRating.objects.exclude(learner_key="recent").update(updated_at=old)
    out = io.StringIO()
    call_command("purge_stale", stdout=out)
    assert "レーティング（アカウントなし） 1件削除" in out.getvalue()
    assert sorted(LearnerRating.objects.values_list("learner_key", flat=True)) == ["gone-too", "recent"]
