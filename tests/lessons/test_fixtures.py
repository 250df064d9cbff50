"""The course's data: fixtures/lessons.json loads with ``load_content`` (by natural key, so a reload
updates in place), and every lesson points at things that exist: a curated board of real cards, CR
paragraphs of the reader, study topics with questions at the level asked."""

import re

import pytest
from django.core.management import call_command

from tutor.common.urls import cr_url
from tutor.models import Card, Lesson, LessonProgress, Paragraph, Scenario
from tutor.study.selectors import study_sources

pytestmark = pytest.mark.django_db

CARD_IN_BRACKETS = re.compile(r"《([^》]+)》")


def test_about_a_dozen_lessons_from_damage_to_planeswalkers_and_battles():
    titles = list(Lesson.objects.values_list("title", flat=True))
    assert 12 <= len(titles) <= 14
    assert titles[0] == "ダメージとは"
    for topic in (
        "戦闘の流れとブロック",
        "トランプルと接死",
        "盾カウンター",
        "置換・軽減効果の順番",
        "先制攻撃",
        "プレインズウォーカーとバトル",
        "ダメージで誘発する能力とスタック",
    ):
        assert topic in titles


def test_the_order_puts_combat_early_and_first_strike_after_combat_damage():
    """Issue 26: the combat steps and blocking soon after damage itself; first strike right after
    combat damage; what can be attacked next; triggers before the prevention lessons."""
    slugs = list(Lesson.objects.values_list("slug", flat=True))
    assert slugs[:6] == [
        "damage-basics",
        "lethal-damage",
        "combat-steps",
        "combat-damage",
        "first-strike",
        "planeswalkers-battles",
    ]
    assert slugs.index("damage-triggers") < slugs.index("prevention")
    steps = Lesson.objects.get(slug="combat-steps")
    for number in ("506.1", "508.1", "509.1b", "702.9b", "702.111b", "510.1c"):
        assert number in steps.rules
    assert {"506.3", "508.1b"} <= set(Lesson.objects.get(slug="planeswalkers-battles").rules)
    assert {"120.4b", "603.2", "603.3"} <= set(Lesson.objects.get(slug="damage-triggers").rules)


def test_the_three_statements_are_corrected():
    """704.5g: lethal damage destroys (it matters for indestructible and regeneration); 122.1c: a
    shield counter stops destruction only as the result of an effect; the player a creature attacks
    is not 「攻撃しているプレイヤー」 (that is the one whose creatures attack)."""
    lethal = Lesson.objects.get(slug="lethal-damage")
    assert "墓地に置きます" not in lethal.body and "破壊します" in lethal.body
    assert "破壊されない" in lethal.body and "再生" in lethal.body
    shield = Lesson.objects.get(slug="shield-counters")
    assert "盾カウンターは破壊からも守ります" not in shield.body
    assert "効果の結果として破壊される" in shield.body and "状況起因処理による破壊" in shield.body
    for lesson in Lesson.objects.all():
        assert "攻撃しているプレイヤー" not in lesson.body + lesson.summary + lesson.predict_hint, lesson.slug
    assert "防御プレイヤー" in Lesson.objects.get(slug="combat-damage").body


def test_reloading_updates_in_place_and_keeps_progress():
    lesson = Lesson.objects.get(slug="damage-basics")
    LessonProgress.objects.create(learner_key="k" * 32, lesson=lesson, right=1, judged=2)
    lesson.title = "書き換えた題名"
    lesson.save()
    count = Lesson.objects.count()
    call_command("load_content", verbosity=0)
    assert Lesson.objects.count() == count
    assert Lesson.objects.get(slug="damage-basics").title == "ダメージとは"
    assert LessonProgress.objects.get().lesson_id == lesson.pk


def test_every_board_is_curated_and_made_of_real_cards():
    catalogue = set(Card.objects.values_list("ja_name", flat=True))
    for lesson in Lesson.objects.all():
        scenario = Scenario.objects.get(slug=lesson.board)
        assert scenario.is_curated, lesson.slug
        document = scenario.document
        names = [p["name"].strip("《》") for p in document["permanents"]]
        source = (document["event"].get("source") or {}).get("name", "")
        names += CARD_IN_BRACKETS.findall(source)
        names += [n for e in document["effects"] for n in CARD_IN_BRACKETS.findall(e.get("name", ""))]
        names += CARD_IN_BRACKETS.findall(scenario.description)
        assert names, lesson.slug
        assert set(names) <= catalogue, (lesson.slug, set(names) - catalogue)


def test_every_paragraph_taught_is_in_the_reader():
    current = set(Paragraph.objects.filter(is_current=True).values_list("number", flat=True))
    for lesson in Lesson.objects.all():
        assert lesson.rules, lesson.slug
        for number in lesson.rules:
            assert number in current and cr_url(number), (lesson.slug, number)


def test_every_check_question_can_be_made():
    for lesson in Lesson.objects.all():
        assert 1 <= len(lesson.questions) <= 2, lesson.slug
        for question in lesson.questions:
            assert question["templates"], (lesson.slug, question)
            assert study_sources(topic=question["topic"], level=question["level"]), (lesson.slug, question)


def test_explanations_are_polite_japanese_without_repository_words():
    for lesson in Lesson.objects.all():
        assert "です" in lesson.body or "ます" in lesson.body, lesson.slug
        for word in ("seeds", ".json", "fixture", "curated"):
            assert word not in lesson.body + lesson.predict_hint + lesson.summary, (lesson.slug, word)
