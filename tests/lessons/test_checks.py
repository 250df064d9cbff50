"""Each lesson's check questions ask only about what that lesson and the ones before it taught
(issue 26): a question's topics, as :func:`tutor.study.involvement.involved_topics` reads them from
its board, ask and citations, are all among the topics of the paragraphs taught so far."""

import pytest

from tutor.lessons.checks import check_for, taught_by, topics_of
from tutor.models import Lesson, StudyQuestion
from tutor.study.building import cited_rules, question_topics
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.involvement import involved_topics

pytestmark = pytest.mark.django_db

DRAWS = 12


def _course() -> list[tuple[Lesson, frozenset[str]]]:
    lessons = list(Lesson.objects.filter(is_published=True))
    return [(lesson, taught_by(lessons, lesson)) for lesson in lessons]


def test_the_first_lesson_teaches_damage_and_lethal_damage_only():
    (first, taught), *_ = _course()
    assert first.slug == "damage-basics"
    assert taught == {"120.3", "704.5"}
    assert "battle" not in taught  # the stray question of issue 26 was about a Siege
    assert topics_of(["310.6", "702.19b"]) == {"battle", "702.19b", "trample"}


def test_every_check_question_is_about_topics_taught_so_far_and_can_be_drawn():
    lessons = [lesson for lesson, _ in _course()]
    for lesson, taught in _course():
        for question in lesson.questions:
            topic, level = question["topic"], question["level"]
            assert topic in taught, (lesson.slug, topic)
            check = check_for(lessons, lesson, topic=topic, level=level)
            assert check is not None and check.pool, (lesson.slug, question)
            assert check.within == taught
            for source in check.pool:
                template = TEMPLATES_BY_SLUG[source.removeprefix("builtin:")]
                fitting = 0
                for seed in range(DRAWS):
                    draft = template.draft(seed, level)
                    rules = [*draft.rules, *cited_rules(draft.explanation)]
                    involved = involved_topics(draft.scenario, draft.ask, rules)
                    if involved <= taught and topic in question_topics(template, draft, level, rules):
                        fitting += 1
                # at least a quarter of the draws fit, so a learner is never left without a question
                assert fitting * 4 >= DRAWS, (lesson.slug, source, fitting)


def test_a_check_question_started_from_a_lesson_stays_within_the_course(client):
    """Through the page's own form (POST /study/start/ with the lesson), for every lesson."""
    for lesson, taught in _course():
        for question in lesson.questions:
            started = client.post(
                "/study/start/",
                {"topic": question["topic"], "level": question["level"], "lesson": lesson.slug},
            )
            assert started.status_code == 302, (lesson.slug, question)
            token = started["Location"].split("/q/")[1].split("/")[0]
            made = StudyQuestion.objects.get(token=token)
            assert made.source.removeprefix("builtin:") in question["templates"], (lesson.slug, made.source)
            involved = involved_topics(made.scenario, made.ask, made.rules)
            assert involved <= taught, (lesson.slug, made.source, involved - taught)
            assert question["topic"] in made.topics


def test_the_same_topic_from_the_study_page_is_not_restricted(client):
    """Without a lesson, 120.3 at the introductory level draws from every source (battles too)."""
    sources = set()
    for _ in range(12):
        started = client.post("/study/start/", {"topic": "120.3", "level": "intro"})
        token = started["Location"].split("/q/")[1].split("/")[0]
        sources.add(StudyQuestion.objects.get(token=token).source)
    assert len(sources) > 1
