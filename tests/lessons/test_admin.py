"""Lessons are editable in the admin; the form refuses references that do not exist."""

import json

import pytest
from django.contrib.auth.models import User

from tutor.lessons.admin import LessonAdminForm
from tutor.models import Lesson

pytestmark = pytest.mark.django_db


def _data(**changes):
    lesson = Lesson.objects.get(slug="damage-basics")
    data = {
        "slug": lesson.slug,
        "position": lesson.position,
        "title": lesson.title,
        "summary": lesson.summary,
        "body": lesson.body,
        "rules": json.dumps(lesson.rules),
        "board": lesson.board,
        "predict_hint": lesson.predict_hint,
        "questions": json.dumps(lesson.questions),
        "is_published": "on",
    }
    return lesson, data | changes


def test_a_lesson_as_loaded_is_valid():
    lesson, data = _data()
    assert LessonAdminForm(data, instance=lesson).is_valid()


def test_unknown_board_rules_or_topics_are_refused_in_japanese():
    lesson, data = _data(
        board="crnosuchboard", rules=json.dumps(["not a rule"]), questions=json.dumps([{"topic": "x"}])
    )
    form = LessonAdminForm(data, instance=lesson)
    assert not form.is_valid()
    assert "収録シナリオにない短いIDです" in form.errors["board"][0]
    assert "条文番号の一覧" in form.errors["rules"][0]
    assert "練習のトピックとレベル" in form.errors["questions"][0]


def test_a_check_question_template_that_does_not_train_its_topic_is_refused():
    bad = [{"topic": "120.3", "level": "intro", "templates": ["first-strike"]}]
    lesson, data = _data(questions=json.dumps(bad))
    form = LessonAdminForm(data, instance=lesson)
    assert not form.is_valid()
    assert "問題の種類(templates)は、トピック 120.3 をレベル intro で" in form.errors["questions"][0]


def test_the_admin_pages_open(client):
    User.objects.create_superuser("editor", password="damage-rules-42")
    client.login(username="editor", password="damage-rules-42")
    lesson = Lesson.objects.get(slug="damage-basics")
    assert client.get("/admin/tutor/lesson/").status_code == 200
    assert client.get(f"/admin/tutor/lesson/{lesson.pk}/change/").status_code == 200
    assert client.get("/admin/tutor/lessonprogress/").status_code == 200
