"""Mixed practice (総合練習): one question after another across every topic of one level.

The learner picks a level and nothing else, so, as in the mock exam, nothing on the page may tell
which rule decides the question before it is answered: the prompt is the exam's wording
(:func:`tutor.study.prompts.exam_prompt`), and the page names neither the topic nor the kind of
question until the result (issue 24, item 2).

How the next question is chosen:

1. **A due review first, every other question at most.** A kind the learner got wrong and whose FSRS
   card is due at this level comes before a new draw, because mixed practice is where a review is
   fair: in topic practice the topic already names the rule. Never two reviews in a row, so a long
   queue does not turn mixed practice into the review queue (「復習する」 is there for that).
2. **Otherwise a topic, then a kind in it.** Each topic that has a kind at this level is drawn with
   the mean of its kinds' rating weights (:func:`tutor.study.ratings.pick_weights`), so a topic whose
   kinds all sit far from the learner's rating comes up less, and with no answers yet every topic is
   equally likely (a topic with many templates does not crowd out one with few). Within the topic
   the kind is drawn as topic practice draws it (:func:`tutor.study.services.question_create`).
3. **No kind again within the last** :data:`RECENT` **mixed questions** (fewer when the level has
   fewer kinds), reviews included.

Any template in ``TEMPLATES`` and any active authored one takes part, so new template modules join
without a change here.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Final

from django.utils import timezone

from tutor.models import AuthoredQuestion, AuthoredTemplate, ReviewItem, StudyQuestion
from tutor.study.generators import TEMPLATES
from tutor.study.selectors import Learner, pick_weights
from tutor.study.services import NoQuestion, question_create
from tutor.study.topics import TOPICS

RECENT: Final = 8
"""No kind of question comes back within this many mixed questions."""


def level_sources(*, level: str) -> dict[str, list[str]]:
    """For each topic with something to ask at ``level``, its sources (built-in, then authored)."""
    by_topic: dict[str, list[str]] = defaultdict(list)
    for topic in TOPICS:
        by_topic[topic.slug] += [f"builtin:{t.slug}" for t in TEMPLATES if t.trains(topic.slug, level)]
    authored = [
        *(
            (f"template:{pk}", topics)
            for pk, topics in AuthoredTemplate.objects.filter(is_active=True, level=level).values_list(
                "pk", "topics"
            )
        ),
        *(
            (f"question:{pk}", topics)
            for pk, topics in AuthoredQuestion.objects.filter(is_active=True, level=level).values_list(
                "pk", "topics"
            )
        ),
    ]
    known = {t.slug for t in TOPICS}
    for source, topics in authored:
        for topic in topics or []:
            if topic in known:
                by_topic[topic].append(source)
    return {topic: sources for topic, sources in by_topic.items() if sources}


def _due_review(*, learner: Learner, level: str, allowed: set[str], recent: set[str]) -> ReviewItem | None:
    due = ReviewItem.objects.filter(learner.q(), level=level, due_at__lte=timezone.now()).order_by(
        "due_at", "id"
    )
    # bounded: only the few that waited longest are looked at
    return next((i for i in due[: RECENT * 2] if i.source in allowed and i.source not in recent), None)


def mixed_create(*, learner: Learner, level: str, rng: random.Random | None = None) -> StudyQuestion:
    """The next question of mixed practice at ``level`` (see the module's docstring for the choice)."""
    rng = rng or random.SystemRandom()
    by_topic = level_sources(level=level)
    every = sorted({s for sources in by_topic.values() for s in sources})
    if not every:
        raise NoQuestion(f"mixed/{level}")
    latest = list(
        StudyQuestion.objects.filter(learner.q(), is_mixed=True).values_list("source", "is_review")[:RECENT]
    )
    recent = {source for source, _ in latest[: min(RECENT, len(every) - 1)]}
    if not (latest and latest[0][1]):
        item = _due_review(learner=learner, level=level, allowed=set(every), recent=recent)
        if item is not None:
            topic = item.topic if item.source in by_topic.get(item.topic, []) else None
            topic = topic or next(t for t, sources in by_topic.items() if item.source in sources)
            try:
                return question_create(
                    learner=learner,
                    topic=topic,
                    level=level,
                    source=item.source,
                    is_review=True,
                    rng=rng,
                    mixed=True,
                )
            except NoQuestion:
                pass  # its kind no longer builds: draw a new one instead
    weights = pick_weights(learner=learner, sources=every, level=level)
    open_topics = {t: [s for s in sources if s not in recent] for t, sources in by_topic.items()}
    open_topics = {t: sources for t, sources in open_topics.items() if sources}
    while open_topics:
        topics = sorted(open_topics)
        topic_weights = [sum(weights[s] for s in open_topics[t]) / len(open_topics[t]) for t in topics]
        [topic] = rng.choices(topics, weights=topic_weights)
        try:
            return question_create(
                learner=learner, topic=topic, level=level, rng=rng, mixed=True, avoid=recent
            )
        except NoQuestion:
            del open_topics[topic]  # nothing in it builds now: try another topic
    raise NoQuestion(f"mixed/{level}")
