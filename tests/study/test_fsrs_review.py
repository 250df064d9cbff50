"""The review queue on FSRS (issue 24, item 5): a wrong answer makes or lapses a kind's card, a right
answer to a due review moves it on, a right answer before it is due changes nothing, and the progress
page shows the FSRS due times in Japanese without internal words."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from fsrs import State

from tests.study.test_views import key_for, start, url
from tutor.models import ReviewItem, ReviewState, StudyQuestion
from tutor.study import review, services
from tutor.study.selectors import Learner, review_next, review_queue

pytestmark = pytest.mark.django_db


def _question(key: str) -> tuple[Learner, StudyQuestion]:
    learner = Learner(user=None, key=key)
    return learner, services.question_create(learner=learner, topic="lifelink", level="intro")


def _item(learner: Learner) -> ReviewItem:
    return ReviewItem.objects.get(learner.q())


def test_a_kind_walks_through_the_steps_into_review_and_its_wait_grows():
    """Wrong: due in 1 minute (step 1); right when due: 10 minutes (step 2); right when due again: out
    of the steps, the wait now days; each further right answer when due waits longer, and stability grows."""
    learner, question = _question("k-walk")
    now = timezone.now()
    services.review_record(learner=learner, question=question, correct=False, now=now)
    item = _item(learner)
    assert item.state == ReviewState.LEARNING and item.box == 1 and item.due_at - now == timedelta(minutes=1)
    assert item.stability is not None and item.difficulty is not None and item.last_review_at == now

    now = item.due_at
    services.review_record(learner=learner, question=question, correct=True, now=now)
    item = _item(learner)
    assert item.box == 2 and item.due_at - now == timedelta(minutes=10)

    waits, stabilities = [], []
    for _ in range(3):
        now = item.due_at
        services.review_record(learner=learner, question=question, correct=True, now=now)
        item = _item(learner)
        assert item.state == ReviewState.REVIEW and item.step is None and item.box == review.REVIEW_STAGE
        waits.append(item.due_at - now)
        stabilities.append(item.stability)
    assert waits[0] >= timedelta(days=1)
    assert waits == sorted(waits) and waits[0] < waits[-1]
    assert stabilities == sorted(stabilities) and stabilities[0] < stabilities[-1]
    assert item.lapses == 1  # right answers are not lapses


def test_a_right_answer_before_the_kind_is_due_changes_nothing():
    """No cramming: answering the kind right again within its minute leaves the card as it was."""
    learner, question = _question("k-early")
    now = timezone.now()
    services.review_record(learner=learner, question=question, correct=False, now=now)
    before = _item(learner)
    services.review_record(learner=learner, question=question, correct=True, now=now + timedelta(seconds=30))
    after = _item(learner)
    assert after.card().to_dict() == before.card().to_dict()
    assert after.box == 1


def test_a_right_answer_to_a_kind_never_missed_makes_no_review():
    learner, question = _question("k-right-only")
    services.review_record(learner=learner, question=question, correct=True, now=timezone.now())
    assert not ReviewItem.objects.filter(learner.q()).exists()


def test_a_lapse_after_the_kind_was_learned_starts_the_steps_again_and_counts():
    """A wrong answer to a learned kind (FSRS's relearning): back within the minute, one more lapse,
    lower stability and higher difficulty than before."""
    learner, question = _question("k-lapse")
    now = timezone.now()
    services.review_record(learner=learner, question=question, correct=False, now=now)
    for _ in range(3):
        now = _item(learner).due_at
        services.review_record(learner=learner, question=question, correct=True, now=now)
    learned = _item(learner)
    assert learned.state == ReviewState.REVIEW
    now = learned.due_at
    services.review_record(learner=learner, question=question, correct=False, now=now)
    lapsed = _item(learner)
    assert lapsed.state == ReviewState.RELEARNING and lapsed.box == 1
    assert lapsed.due_at - now == timedelta(minutes=1)
    assert lapsed.lapses == 2
    assert lapsed.stability is not None and learned.stability is not None
    assert lapsed.stability < learned.stability
    assert lapsed.difficulty is not None and learned.difficulty is not None
    assert lapsed.difficulty > learned.difficulty


def test_the_queue_serves_what_is_due_first_and_lists_the_rest_with_their_due_times():
    learner = Learner(user=None, key="k-queue")
    now = timezone.now()
    sources = []
    for topic in ("lifelink", "infect"):
        question = services.question_create(learner=learner, topic=topic, level="intro")
        sources.append(question.source)
        services.review_record(learner=learner, question=question, correct=False, now=now)
    first, second = (ReviewItem.objects.get(learner.q(), source=s) for s in sources)
    ReviewItem.objects.filter(pk=second.pk).update(due_at=now - timedelta(hours=1))
    queue = review_queue(learner=learner, now=now + timedelta(seconds=1))
    assert [i.pk for i in queue["due"]] == [second.pk] and [i.pk for i in queue["later"]] == [first.pk]
    assert queue["count"] == 2 and queue["due_count"] == 1
    assert queue["later"][0].wait == "1分以内"
    assert review_next(learner=learner, now=now + timedelta(seconds=1)).pk == second.pk
    queue = review_queue(learner=learner, now=now - timedelta(minutes=2))
    assert {i.pk for i in queue["later"]} == {first.pk}


def test_progress_page_shows_fsrs_due_times_and_the_learned_stage_in_japanese(client):
    """A learned kind shows 「定着」, its due date and the chance of answering it right now; a new lapse
    shows 箱1 and 「いま」 once due; no internal word (source, state number, field name) on the page."""
    question = start(client, "infect", "intro")
    client.post(url(question, "answer/"), {"answer": key_for(question, right=False)})
    item = ReviewItem.objects.get()
    card = review.card_for_box(5, timezone.now() + timedelta(days=3))
    item.card_store(card)
    item.save()
    html = client.get("/study/progress/").content.decode()
    assert "定着" in html and "3日後" in html and "いま正解できる見込み" in html
    assert f"{timezone.localtime(item.due_at):%-m/%-d %H:%M}" in html
    recall = round(100 * review.SCHEDULER.get_card_retrievability(card, review.utc(timezone.now())))
    assert 50 < recall < 100 and f"<td>{recall}%</td>" in html  # the chance of recall of the learned kind
    for internal in (question.source, "builtin:", "stability", "difficulty", "Leitner", "FSRS"):
        assert internal not in html
    ReviewItem.objects.update(
        state=ReviewState.LEARNING, step=0, due_at=timezone.now() - timedelta(seconds=5)
    )
    html = client.get("/study/progress/").content.decode()
    assert "箱1" in html and "<strong>いま</strong>" in html and "復習する（1件）" in html


def test_signing_in_keeps_the_card_that_is_due_first():
    """Claiming an anonymous session: where the account has the same kind, the card due first is kept
    (the memory that needs it sooner) and the lapses add up."""
    user = User.objects.create_user("fsrs-claim")
    learner, question = _question("k-claim")
    now = timezone.now()
    services.review_record(learner=learner, question=question, correct=False, now=now)
    account = ReviewItem.objects.create(
        user=user,
        learner_key="other",
        source=question.source,
        level=question.level,
        topic=question.topic,
        title=question.title,
        due_at=now + timedelta(days=5),
        lapses=3,
    )
    account.card_store(review.card_for_box(5, account.due_at))
    account.save()
    services.progress_claim(learner_key="k-claim", user=user)
    [kept] = ReviewItem.objects.filter(user=user)
    assert kept.state == ReviewState.LEARNING and kept.due_at == now + timedelta(minutes=1)
    assert kept.lapses == 4
    assert not ReviewItem.objects.filter(user__isnull=True).exists()


def test_a_leitner_box_converts_to_the_card_fsrs_reaches_through_that_history():
    """The conversion used by the migration: box 1 and 2 are the fixed steps, 3 to 5 learned, due kept,
    the last review one box wait before it, and stability growing with the box."""
    due = timezone.now()
    cards = {box: review.card_for_box(box, due) for box in range(1, 6)}
    assert [cards[b].state for b in (1, 2)] == [State.Learning, State.Learning]
    assert [cards[b].step for b in (1, 2)] == [0, 1]
    assert all(cards[b].state == State.Review for b in (3, 4, 5))
    assert all(card.due == due for card in cards.values())
    assert all(cards[b].last_review == due - review.LEITNER_WAITS[b] for b in cards)
    stabilities = [cards[b].stability for b in range(1, 6)]
    assert stabilities == sorted(stabilities) and len(set(stabilities)) == 5
