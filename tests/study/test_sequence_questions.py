"""Questions about more than one moment (issue 24 item 1): ordering questions whose key is the
engine's staged trace, two events in a row, and multi-part answers graded part by part — the keys,
the grading of right, wrong and partial answers, bad input, the pages and the exam's fraction."""

from __future__ import annotations

import re
from functools import cache
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client

from rules_core import parse_scenario
from tutor.common.urls import cr_url
from tutor.models import Exam, ExamQuestion, StudyAttempt, StudyQuestion
from tutor.study.asks import engine_answer, order_trace
from tutor.study.building import BuiltQuestion, answer_points, grade, part_marks, question_build
from tutor.study.exams import SHAPES_BY_SLUG, Marked, exam_score
from tutor.study.forms import StudyAnswerForm
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.learners import LEARNER_SESSION_KEY
from tutor.study.sequence_questions import SEQUENCE_TEMPLATES
from tutor.study.topics import L1, L2, TOPICS_BY_SLUG

RULE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")

SEEDS = range(100)
FORMATS = {"order", "parts"}


@cache
def _built() -> dict[tuple[str, str], tuple[BuiltQuestion, ...]]:
    return {
        (t.slug, level): tuple(question_build(t, seed=seed, level=level) for seed in SEEDS)
        for t in SEQUENCE_TEMPLATES
        for level in t.levels
    }


def _one(slug: str, level: str, seed: int = 0) -> BuiltQuestion:
    return _built()[(slug, level)][seed]


def form_data(question: Any, *, right: bool, part_wrong: int | None = None) -> dict[str, Any]:
    """The POST of a right or wrong answer to an order or parts question (one field per event/part)."""
    if question.answer_format == "order":
        order = list(question.answer)
        if not right:
            order[0], order[1] = order[1], order[0]
        return {f"pos_{key}": str(order.index(key) + 1) for key in order}
    data: dict[str, Any] = {}
    for n, (part, value) in enumerate(zip(question.ask["parts"], question.answer, strict=True)):
        wrong = not right and (part_wrong is None or part_wrong == n)
        if part["kind"] == "dies":
            chosen = list(value)
            if wrong:
                creatures = [p["id"] for p in question.scenario["permanents"] if "creature" in p["types"]]
                chosen = [c for c in creatures if c not in value][:1] or []
            data[f"part_{n}"] = chosen
        else:
            data[f"part_{n}"] = str(value + 1 if wrong else value)
    return data


# --------------------------------------------------------------------------- templates and keys


def test_twelve_templates_each_at_l1_and_l2_in_the_catalogue():
    assert len(SEQUENCE_TEMPLATES) >= 12
    for template in SEQUENCE_TEMPLATES:
        assert set(template.levels) == {L1, L2}
        assert TEMPLATES_BY_SLUG[template.slug] is template
    kinds = {slug.split("-")[0] for slug in (t.slug for t in SEQUENCE_TEMPLATES)}
    assert kinds == {"seq", "resp", "between", "parts"}


@pytest.mark.parametrize("template", SEQUENCE_TEMPLATES, ids=lambda t: t.slug)
def test_l2_is_not_a_copy_of_l1(template):
    l1 = {(q.prompt, repr(q.scenario)) for q in _built()[(template.slug, L1)]}
    l2 = {(q.prompt, repr(q.scenario)) for q in _built()[(template.slug, L2)]}
    assert not l1 & l2

    # L2 differs in kind, not only in numbers: other cards, more events or another ask
    def kinds(level: str) -> set[tuple[Any, ...]]:
        return {
            (
                frozenset(p["name"] for p in q.scenario["permanents"]),
                len(q.scenario["permanents"]),
                repr(q.ask)[:80],
                q.answer_format,
            )
            for q in _built()[(template.slug, level)]
        }

    assert not kinds(L1) & kinds(L2)


def test_every_key_is_the_engines_and_every_wrong_answer_is_wrong():
    for (slug, level), questions in _built().items():
        for q in questions[:30]:
            parse_scenario(q.scenario)  # a valid document with the real cards' blocks and targets
            assert engine_answer(q.scenario, q.ask) == q.answer, (slug, level, q.seed)
        assert question_build(TEMPLATES_BY_SLUG[slug], seed=7, level=level) == questions[7]  # seeded
        # random boards, and for an order random keys: the key is not always the same
        assert len({repr(q.answer) for q in questions}) > 1, (slug, level)
        for q in questions:
            for mistake in q.mistakes:
                assert mistake["value"] != q.answer and mistake["label"], (slug, level, q.seed)
                if q.answer_format == "parts":
                    part = mistake["value"]["part"]
                    assert mistake["value"]["value"] != q.answer[part], (slug, q.seed)
            # prompts name cards and what happens, never a CR paragraph
            assert not re.search(r"\d{3}\.\d", q.prompt), (slug, q.seed)
            assert q.explanation and re.search(r"\(\d{3}\.\d", q.explanation)
            assert q.topics and all(t in TOPICS_BY_SLUG for t in q.topics)
            assert q.rules and all(RULE.match(r) and cr_url(r) for r in q.rules)


def test_order_comes_from_the_engines_stages():
    """CR 510.4, 704.3, 603.3b: the key is the order the engine's stages reach the events, each found
    once and at a different stage; the page never lists the events already in that order."""
    orders = [q for (slug, _), qs in _built().items() if slug.startswith("seq-") for q in qs]
    assert len(orders) >= 8 * len(SEEDS)
    for q in orders:
        trace = order_trace(q.scenario, q.ask)
        positions = [t["position"] for t in trace]
        assert positions == sorted(set(positions))
        assert [t["key"] for t in trace] == q.answer and len(q.answer) in (3, 4)
        assert [o["key"] for o in q.options] != q.answer
        assert sorted(o["key"] for o in q.options) == sorted(q.answer)
        for m in q.mistakes:
            assert sorted(m["value"]) == sorted(q.answer)
    # the first-strike step comes before the regular one; a dealt-damage trigger resolves after 704
    fs = order_trace(_one("seq-first-strike", L1).scenario, _one("seq-first-strike", L1).ask)
    assert [t["step"] for t in fs] == [
        "第1戦闘ダメージ・ステップ",
        "第1戦闘ダメージ・ステップ",
        "戦闘ダメージ・ステップ",
    ]
    assert "704.5g" in fs[1]["rules"]
    dealt = order_trace(_one("seq-dealt-trigger", L1).scenario, _one("seq-dealt-trigger", L1).ask)
    assert [t["stage"] for t in dealt] == ["結果が同時に起こる", "状況起因処理", "能力の解決"]


def test_apnap_puts_the_non_active_players_ability_on_top():
    """CR 603.3b: with both players' abilities waiting, the active player's go on the stack first."""
    seen = set()
    for q in _built()[("seq-apnap", L2)]:
        active = q.scenario["active_player"]
        resolves = [e["key"] for e in q.ask["events"] if "resolves" in e["at"]]
        first = next(k for k in q.answer if k in resolves)
        source = next(e["at"]["resolves"] for e in q.ask["events"] if e["key"] == first)
        owner = next(p["controller"] for p in q.scenario["permanents"] if p["id"] == source)
        assert owner != active
        seen.add(active)
    assert seen == {"A", "B"}


def test_two_events_use_a_response_or_a_change_between_the_steps():
    for (slug, _level), questions in _built().items():
        event = questions[0].scenario["event"]
        if slug.startswith("resp-") or slug == "parts-response":
            assert event["in_response"] and event["targets"]
        if slug.startswith("between-"):
            assert event["between_steps"]
    # a target that gains protection is dealt nothing and the division stays (608.2b, 601.2d)
    q = _one("resp-protection", L2)
    b = next(p for p in q.scenario["players"] if p["id"] == "B")
    assert q.answer == b["life"] - 1
    # a blocked non-trampler whose blocker is destroyed between the steps deals nothing (509.1h)
    q = _one("between-removal", L1)
    assert q.answer == next(p for p in q.scenario["players"] if p["id"] == "B")["life"]


# --------------------------------------------------------------------------- grading


def _grade(q: BuiltQuestion, response: Any):
    return grade(
        ask=q.ask,
        answer=q.answer,
        answer_format=q.answer_format,
        options=q.options,
        mistakes=q.mistakes,
        scenario=q.scenario,
        response=response,
    )


def test_an_order_is_right_only_as_a_whole_and_a_known_wrong_order_is_explained():
    q = _one("seq-dealt-trigger", L1)
    assert _grade(q, list(q.answer)).correct
    swapped = [q.answer[0], q.answer[2], q.answer[1]]
    result = _grade(q, swapped)
    assert not result.correct and "状況起因処理" in result.mistake
    assert result.response_text.startswith("1. ") and " → 2. " in result.response_text


def test_parts_are_graded_one_by_one_and_right_only_when_all_are():
    q = _one("parts-combat", L1)
    right = _grade(q, list(q.answer))
    assert right.correct and right.parts == (True, True, True)
    partly = [q.answer[0] + 1, q.answer[1], q.answer[2]]
    result = _grade(q, partly)
    assert not result.correct and result.parts == (False, True, True)
    assert answer_points("parts", q.answer, partly, result.correct) == pytest.approx(2 / 3)
    believed = next(m["value"]["value"] for m in q.mistakes if m["value"]["part"] == 0)
    assert _grade(q, [believed, q.answer[1], q.answer[2]]).mistake  # the belief behind it is named
    assert part_marks(q.answer, None) == [False, False, False]
    assert answer_points("order", ["e1"], ["e1"], True) == 1.0


# --------------------------------------------------------------------------- forms: bad input


def _form(q: BuiltQuestion, data: dict[str, Any]) -> StudyAnswerForm:
    question = SimpleNamespace(
        answer_format=q.answer_format, options=q.options, ask=q.ask, scenario=q.scenario
    )
    return StudyAnswerForm(data, question=question)


def test_order_form_takes_positions_and_refuses_bad_ones_in_japanese():
    q = _one("seq-first-strike", L2)
    form = _form(q, form_data(q, right=True))
    assert form.is_valid() and form.cleaned_data["answer"] == q.answer
    html = str(_form(q, {}))
    assert html.count("<select") == 4 and "4番目" in html
    same = {f"pos_{o['key']}": "1" for o in q.options}
    form = _form(q, same)
    assert not form.is_valid() and "同じ順番" in " ".join(form.non_field_errors())
    for bad in ("9", "0", "-1", "x" * 50, "<script>"):
        form = _form(q, {**form_data(q, right=True), f"pos_{q.options[0]['key']}": bad})
        assert not form.is_valid() and "1から4までの数" in str(form.errors)
    missing = form_data(q, right=True)
    missing.pop(f"pos_{q.options[0]['key']}")
    form = _form(q, missing)
    assert not form.is_valid() and "順番を選んでください" in str(form.errors)


def test_parts_form_has_a_field_per_part_and_refuses_bad_ones_in_japanese():
    q = _one("parts-sweep", L2)
    form = _form(q, form_data(q, right=True))
    assert form.is_valid() and form.cleaned_data["answer"] == q.answer
    html = str(_form(q, {}))
    assert "あなたのライフ" in html and "対戦相手のライフ" in html and 'type="checkbox"' in html
    for value, message in (("", "数を入力してください"), ("1" * 40, "9999 以下"), ("三", "整数で入力")):
        form = _form(q, {**form_data(q, right=True), "part_0": value})
        assert not form.is_valid() and message in str(form.errors)
    form = _form(q, {**form_data(q, right=True), "part_2": ["nobody"]})
    assert not form.is_valid() and "選択肢にない値" in str(form.errors)


# --------------------------------------------------------------------------- pages and the exam


def _store(q: BuiltQuestion, client: Client) -> StudyQuestion:
    session = client.session  # the anonymous learner whose question it is
    session[LEARNER_SESSION_KEY] = "seq" * 8
    session.save()
    return StudyQuestion.objects.create(
        token=f"{q.source.split(':')[1]}-{q.seed}",
        learner_key="seq" * 8,
        topic=q.topics[0] if q.topics else "",
        **q.stored_fields(),
    )


@pytest.mark.django_db
def test_posting_each_format_right_wrong_and_bad(client):
    for slug, right in (
        ("seq-apnap", True),
        ("seq-lifelink", False),
        ("parts-double", True),
        ("parts-combat", False),
    ):
        q = _store(_one(slug, L1, 3), client)
        url = f"/study/q/{q.token}/"
        page = client.get(url)
        assert page.status_code == 200 and "回答する" in page.content.decode()
        bad = client.post(url + "answer/", {"pos_e1": "7"} if q.answer_format == "order" else {"part_0": "x"})
        assert bad.status_code == 400 and not StudyAttempt.objects.filter(question=q).exists()
        done = client.post(url + "answer/", form_data(q, right=right, part_wrong=0), HTTP_HX_REQUEST="true")
        html = done.content.decode()
        assert done.status_code == 200 and ("正解！" in html) == right
        attempt = StudyAttempt.objects.get(question=q)
        assert attempt.correct == right
        if q.answer_format == "order":
            assert "すべての順番が合っているときだけ正解です" in html and "状況起因処理" in html
        else:
            assert "小問ごとの採点" in html and html.count("<td>正解</td>") == len(q.answer) - (
                0 if right else 1
            )


@pytest.mark.django_db
def test_an_exam_scores_the_fraction_of_parts_right(client):
    response = client.post("/study/exam/start/", {"kind": "l1", "mode": "closed"})
    token = response["Location"].split("/exam/")[1].split("/")[0]
    exam = Exam.objects.get(token=token)
    entry = ExamQuestion.objects.select_related("question").get(exam=exam, position=1)
    built = _one("parts-combat", L1, 5)
    for name in (
        "source",
        "seed",
        "title",
        "prompt",
        "scenario",
        "ask",
        "answer",
        "answer_format",
        "options",
        "mistakes",
        "explanation",
        "rules",
    ):
        setattr(entry.question, name, getattr(built, name))
    entry.question.save()
    saved = client.post(
        f"/study/exam/{token}/q/1/", {**form_data(built, right=False, part_wrong=1), "go": "next"}
    )
    assert saved.status_code == 302
    page = client.get(f"/study/exam/{token}/q/1/").content.decode()
    assert f'value="{built.answer[0]}"' in page  # the saved parts come back in their fields
    client.post(f"/study/exam/{token}/score/")
    exam.refresh_from_db()
    assert exam.right == 0 and not exam.passed
    html = client.get(f"/study/exam/{token}/report/").content.decode()
    assert "0.67/20点（3%）" in html and "正しい小問の割合を得点にします" in html and "小問ごとの採点" in html
    score = exam_score(
        SHAPES_BY_SLUG["l1"],
        [Marked([], [], True, True)] * 13
        + [Marked(["x"], [], True, False, 0.5)] * 2
        + [Marked([], [], False, False)] * 5,
    )
    assert (score.right, score.points, score.percent, score.passed) == (13, 14.0, 70, True)
    assert score.by_topic[0].shown == "1"
