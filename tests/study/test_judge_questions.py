"""The judge questions (issue 24, item 1): legal or not, who decides, and what each choice gives.

One shared set of questions (every judge template at L1 and L2 over ``SEEDS`` seeds) is checked for: the
key is the engine's, every wrong option is wrong, every feedback value is what its belief gives on the
board as that belief sees it, the stored board is legal with its real cards (only the asked declaration
may be illegal), the prompt does not name the deciding keyword or paragraph, and L2 is not L1 again.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from django.test import Client

from rules_core import parse_scenario
from rules_core.verdicts import declaration_verdict
from tests.study.learners import anonymous_learner
from tests.study.test_exams import answer_post
from tutor.models import Exam, LearnerRating, QuestionRating, ReviewItem, StudyQuestion
from tutor.study import exam_services
from tutor.study.asks import KINDS, AskError, answer_format, answer_text, declared, engine_answer
from tutor.study.building import BuiltQuestion, grade, outcome_scenario, question_build
from tutor.study.cardpool import _catalogue, card_names
from tutor.study.exams import exam_build
from tutor.study.generators import TEMPLATES, TEMPLATES_BY_SLUG
from tutor.study.judge_questions import JUDGE_TEMPLATES
from tutor.study.misconceptions import SLIP, recompute
from tutor.study.sequence_questions import SEQUENCE_TEMPLATES
from tutor.study.services import question_create
from tutor.study.topics import L1, L2, TOPICS_BY_SLUG

SEEDS = range(60)
"""60 seeds × 15 templates × 2 levels: 1,800 questions, built once for the module (the whole catalogue's
3,000-question bar is ``test_misconceptions``'s)."""

DECIDING_WORDS = (
    "飛行",
    "到達",
    "威迫",
    "防衛",
    "呪禁",
    "被覆",
    "護法",
    "プロテクション",
    "トランプル",
    "接死",
    "ブロックできない",
    "ブロックされない",
    "追加で",
)
PARAGRAPH = re.compile(r"\d{3}\.\d")


@cache
def _questions() -> tuple[tuple[str, BuiltQuestion], ...]:
    return tuple(
        (template.slug, question_build(template, seed=seed, level=level))
        for template in JUDGE_TEMPLATES
        for level in (L1, L2)
        for seed in SEEDS
    )


def _distractors(question: BuiltQuestion) -> list[tuple[object, str]]:
    shown = [(o["value"], o["mistake"]) for o in question.options if o.get("mistake")]
    return shown + [(m["value"], m["label"]) for m in question.mistakes]


def test_at_least_thirteen_templates_at_l1_and_l2_in_the_catalogue() -> None:
    slugs = {t.slug for t in TEMPLATES}
    assert len(JUDGE_TEMPLATES) >= 13
    assert all(t.slug in slugs and t.levels == (L1, L2) for t in JUDGE_TEMPLATES)
    assert {"verdict", "chooser", "reachable"} <= set(KINDS)
    assert len(_questions()) >= 1500


def test_every_key_is_the_engines_and_every_wrong_option_is_wrong() -> None:
    for slug, q in _questions():
        assert engine_answer(q.scenario, q.ask) == q.answer, (slug, q.seed)
        assert q.answer_format == answer_format(q.ask, q.level)
        if q.answer_format == "choice":
            assert [o["value"] for o in q.options].count(q.answer) == 1, (slug, q.seed)
            assert len(q.options) >= 2
        for value, label in _distractors(q):
            assert value != q.answer, (slug, q.seed, label)
        assert q.topics and all(t in TOPICS_BY_SLUG for t in q.topics)


def test_verdicts_offer_three_choices_when_the_family_has_them() -> None:
    """Never a coin toss: a verdict offers the key and two others (a belief's answer or a look-alike rule)."""
    for slug, q in _questions():
        if q.ask["kind"] == "verdict":
            assert len(q.options) >= 3, (slug, q.level, q.seed)


def test_every_feedback_value_is_what_its_belief_gives() -> None:
    """Item 6: each label's value is the engine's answer on the board as that belief sees it (702.17b reach
    ignored, 702.11b hexproof read as shroud, 2024-08-02 510.1c the old damage assignment order …)."""
    wrong, checked = [], 0
    for slug, q in _questions():
        for value, label in _distractors(q):
            expected = recompute(slug, label, q.scenario, q.ask, q.answer)
            if expected is SLIP:
                continue
            checked += 1
            if expected != value:
                wrong.append((slug, q.level, q.seed, label, value, expected))
            assert PARAGRAPH.search(label), label
    assert not wrong, wrong[:5]
    assert checked >= 1500


def test_every_answer_occurs_and_l2_is_not_l1_again() -> None:
    answers: dict[tuple[str, str], set[str]] = {}
    boards: dict[tuple[str, str], set[str]] = {}
    for slug, q in _questions():
        answers.setdefault((slug, q.level), set()).add(repr(q.answer))
        boards.setdefault((slug, q.level), set()).add(repr((q.scenario, q.ask)))
    for template in JUDGE_TEMPLATES:
        assert len(answers[(template.slug, L1)]) >= 2 and len(answers[(template.slug, L2)]) >= 2, (
            template.slug
        )
        assert not boards[(template.slug, L1)] & boards[(template.slug, L2)], template.slug


def test_the_stored_board_is_legal_and_only_the_asked_declaration_may_not_be() -> None:
    """CR 509.1, 601.2c: every block and target on the stored board is legal with its real cards; the asked
    block or target is in the ask, so the board always parses and draws, legal or not."""
    illegal = 0
    for slug, q in _questions():
        parse_scenario(q.scenario)
        if q.ask["kind"] == "verdict" and q.ask.get("declare"):
            assert declaration_verdict(q.scenario).legal, (slug, q.seed)
            verdict = declaration_verdict(declared(q.scenario, q.ask))
            illegal += not verdict.legal
            assert outcome_scenario(q.scenario, q.ask, q.answer) == declared(q.scenario, q.ask)
    assert illegal > 200


def test_prompts_name_cards_not_the_deciding_keyword_or_paragraph() -> None:
    """Item 2: the prompt says what is declared; the board table shows the abilities."""
    for slug, q in _questions():
        assert not PARAGRAPH.search(q.prompt), (slug, q.prompt)
        named = [w for w in DECIDING_WORDS if w in q.prompt]
        assert not named, (slug, named, q.prompt)
        assert q.prompt.endswith(("か。", "ください。")), q.prompt


def test_reachable_outcomes_come_from_the_engines_enumeration() -> None:
    """616.1, 510.1c: every offered outcome the engine reaches is in the key, and grading a learner who picks
    exactly those is right, one who picks only the default order's outcome is wrong with its belief."""
    seen = 0
    for slug, q in _questions():
        if q.ask["kind"] != "reachable":
            continue
        seen += 1
        right = grade(
            ask=q.ask,
            answer=q.answer,
            answer_format=q.answer_format,
            options=q.options,
            mistakes=q.mistakes,
            scenario=q.scenario,
            response=list(q.answer),
        )
        assert right.correct, (slug, q.seed)
        for mistake in q.mistakes:
            graded = grade(
                ask=q.ask,
                answer=q.answer,
                answer_format=q.answer_format,
                options=q.options,
                mistakes=q.mistakes,
                scenario=q.scenario,
                response=list(mistake["value"]),
            )
            assert not graded.correct and graded.mistake == mistake["label"]
        assert answer_text(q.ask, q.answer)
    assert seen >= 200


def _judge_question(client: Client, slug: str, level: str, key: str = "judge-test") -> StudyQuestion:
    """A question of judge template ``slug`` at ``level``, made for the anonymous learner of ``client``."""
    learner = anonymous_learner(client, key)
    template = next(t for t in JUDGE_TEMPLATES if t.slug == slug)
    return question_create(learner=learner, topic=template.topics[0], level=level, source=f"builtin:{slug}")


@pytest.mark.django_db
def test_an_illegal_block_shows_its_key_and_no_stages(client: Client) -> None:
    """CR 702.9b: the engine refuses to read the declared block, so the result shows the key and the
    explanation, not a resolution in which the block silently did not happen."""
    template = next(t for t in JUDGE_TEMPLATES if t.slug == "judge-flying-block")
    seed = next(s for s in SEEDS if question_build(template, seed=s, level=L1).answer == "702.9b")
    built = question_build(template, seed=seed, level=L1)
    question = _judge_question(client, "judge-flying-block", L1, key="judge-illegal")
    StudyQuestion.objects.filter(pk=question.pk).update(
        seed=seed,
        prompt=built.prompt,
        scenario=built.scenario,
        ask=built.ask,
        answer=built.answer,
        options=built.options,
        mistakes=built.mistakes,
        explanation=built.explanation,
        rules=built.rules,
    )
    question.refresh_from_db()
    right = next(o["key"] for o in question.options if o["value"] == question.answer)
    response = client.post(f"/study/q/{question.token}/answer/", {"answer": right})
    html = client.get(response["Location"]).content.decode()
    assert answer_text(built.ask, "702.9b") in html and 'href="/cr/702.9/#cr-702.9b"' in html
    assert "解決後の盤面" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    "slug", ["judge-flying-block", "judge-ward-target", "judge-who-orders", "judge-division-outcomes"]
)
def test_a_judge_question_is_shown_answered_and_explained(client: Client, slug: str) -> None:
    """The practice page draws the board (the asked declaration only in the words), takes an answer (choice
    or checkboxes) and shows the key, the explanation and the engine's stages."""
    question = _judge_question(client, slug, L2)
    page = client.get(f"/study/q/{question.token}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert question.prompt.split("。")[-2] in html  # the question itself (card names become links)
    assert 'class="study-prompt"' in html
    keys = [o["key"] for o in question.options]
    if question.answer_format == "choice":
        response_value: object = next(o["key"] for o in question.options if o["value"] != question.answer)
    else:  # one checkbox short of the key, or one too many
        response_value = question.answer[1:] or [next(k for k in keys if k not in question.answer)]
    response = client.post(f"/study/q/{question.token}/answer/", {"answer": response_value})
    assert response.status_code == 302
    result = client.get(response["Location"]).content.decode()
    names = {p["id"]: p["name"] for p in [*question.scenario["players"], *question.scenario["permanents"]]}
    assert answer_text(question.ask, question.answer, names) in result.replace("&quot;", '"')
    assert "不正解" in result or "正解" in result
    assert StudyQuestion.objects.filter(pk=question.pk, attempt__isnull=False).exists()
    # the wrong answer brings this kind back (FSRS) and moves both ratings
    assert ReviewItem.objects.filter(source=question.source, level=L2).exists()
    assert LearnerRating.objects.get().matches == 1
    assert QuestionRating.objects.get(source=question.source, level=L2).matches == 1


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["judge-order-outcomes", "judge-division-outcomes"])
def test_checkboxes_of_possible_outcomes_are_worded_for_what_is_asked(client: Client, slug: str) -> None:
    """A question of every outcome the choices can reach is answered with checkboxes, as the "which
    creatures die" one is; its legend and its message for none checked speak of outcomes, not of the
    graveyard."""
    question = _judge_question(client, slug, L1)
    assert question.ask["kind"] == "reachable" and question.answer_format == "multi"
    html = client.get(f"/study/q/{question.token}/").content.decode()
    assert "ありうるもの（すべて選ぶ）" in html and "墓地に置かれるもの（すべて選ぶ）" not in html
    refused = client.post(f"/study/q/{question.token}/answer/", {}).content.decode()
    assert "ありうるものを1つ以上選んでください。" in refused and "どれも墓地に置かれないなら" not in refused
    assert not StudyQuestion.objects.filter(pk=question.pk, attempt__isnull=False).exists()


@pytest.mark.django_db
def test_an_exam_of_judge_questions_is_taken_scored_and_reported(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exams draw the judge kinds like any other: each page renders (choice or checkboxes), the answers
    are scored, and the report shows each question's board, key and explanation."""
    # the other kinds answered with one value (order and parts questions are posted field by field)
    others = [
        t for t in TEMPLATES if t not in JUDGE_TEMPLATES and t not in SEQUENCE_TEMPLATES and L2 in t.levels
    ][: 25 - len(JUDGE_TEMPLATES)]
    pool = [*JUDGE_TEMPLATES, *others]
    monkeypatch.setattr(exam_services, "exam_build", lambda shape, seed: exam_build(shape, seed, pool))
    response = client.post("/study/exam/start/", {"kind": "l2", "mode": "closed"})
    assert response.status_code == 302
    token = response["Location"].split("/exam/")[1].split("/")[0]
    exam = Exam.objects.get(token=token)
    entries = list(exam.entries.select_related("question").order_by("position"))
    judged = [e for e in entries if e.question.ask["kind"] in ("verdict", "chooser", "reachable")]
    assert len(judged) == len(JUDGE_TEMPLATES)
    for entry in entries:
        q = entry.question
        assert client.get(f"/study/exam/{token}/q/{entry.position}/").status_code == 200
        # answer_post sends "none" for a checkbox question whose key is the empty set
        posted = client.post(
            f"/study/exam/{token}/q/{entry.position}/", {**answer_post(q, right=True), "go": "next"}
        )
        assert posted.status_code == 302, (q.source, posted.content.decode()[:300])
    assert client.post(f"/study/exam/{token}/score/").status_code == 302
    exam.refresh_from_db()
    assert exam.right == exam.total == 25
    report = client.get(f"/study/exam/{token}/report/").content.decode()
    for entry in judged:
        assert TEMPLATES_BY_SLUG[entry.question.source.removeprefix("builtin:")].title in report
    assert "509.1" in report and "601.2c" in report


@pytest.mark.parametrize(
    "ask",
    [
        {"kind": "verdict", "declare": {"blocks": [["att"]]}},
        {"kind": "verdict", "declare": {"blocks": "att"}},
        {"kind": "verdict", "declare": {"blocks": [["nobody", "b0"]]}},
        {"kind": "verdict", "declare": {"blocks": [["att", "b0"]] * 17}},
        {"kind": "verdict", "declare": {"event": "spell"}},
        {"kind": "verdict", "declare": {"else": 1}},
        {"kind": "chooser", "decision": "616.1", "object": "nobody"},
        {"kind": "chooser", "decision": "510.1c", "object": "b0"},
        {"kind": "chooser", "decision": "702.21a"},
        {"kind": "reachable", "decision": "510.1c", "object": "att", "offered": [""], "labels": []},
        {
            "kind": "reachable",
            "decision": "616.1",
            "object": "B",
            "player": "C",
            "offered": [1],
            "labels": ["1"],
        },
        {"kind": "chooser", "decision": "nothing", "object": "att"},
    ],
)
def test_a_malformed_judge_ask_is_a_japanese_error(ask: dict[str, object]) -> None:
    """An authored or stored ask that is wrong gets a clear Japanese refusal (AskError), never a crash."""
    board = question_build(
        next(t for t in JUDGE_TEMPLATES if t.slug == "judge-division-outcomes"), seed=1, level=L1
    ).scenario
    with pytest.raises(AskError) as error:
        engine_answer(board, ask)
    assert re.search(r"[ぁ-んァ-ン一-龥]", error.value.message)


ABILITIES_NO_CATALOGUE_CARD_HAS = {"keywords": ("menace", "defender", "shroud")}
"""Menace (702.111), defender (702.3), shroud (702.18): no catalogue card has them."""
FIELDS_NO_CATALOGUE_CARD_HAS = ("ward", "additional_blocks", "cant_be_blocked_except_by")
"""Ward (702.21), "can block an additional creature" (509.1a), "can't be blocked except by" (509.1b)."""


def _needs_a_plain_creature(permanent: dict) -> bool:
    keywords = set(permanent.get("keywords") or ())
    return bool(keywords & set(ABILITIES_NO_CATALOGUE_CARD_HAS["keywords"])) or any(
        permanent.get(field) for field in FIELDS_NO_CATALOGUE_CARD_HAS
    )


def test_a_judge_question_shows_a_plain_creature_only_for_an_ability_no_catalogue_card_has():
    """A judge question names catalogue cards; a plain creature 「霊（2/2）」 appears only where the question
    turns on an ability no catalogue card has: on its own board, or, for a creature shown both with and
    without it (衛兵 with or without "can block an additional creature": a catalogue card would give the
    answer away), on another board of the template. Plain flyers and a plain deathtouch creature used to
    stand in for 《チャンドラの吐火》 or 《待ち伏せのバイパー》."""
    printed = []
    for facts in _catalogue().values():
        printed += [p for p in facts.engine.get("permanents", []) if p.get("id") == "card"]
    assert printed and not any(_needs_a_plain_creature(p) for p in printed)
    names = {f"《{name}》" for name in card_names()}  # as a built question names them (cardpool.shown)
    with_ability = {
        (slug, p["name"])
        for slug, q in _questions()
        for p in q.scenario["permanents"]
        if _needs_a_plain_creature(p)
    }
    plain_boards = 0
    for slug, question in _questions():
        permanents = question.scenario["permanents"]
        plain = [p["name"] for p in permanents if p["name"] not in names]
        if plain:
            plain_boards += 1
            assert any(_needs_a_plain_creature(p) for p in permanents) or all(
                (slug, n) in with_ability for n in plain
            ), (slug, question.prompt)
    assert plain_boards  # the abilities above still have questions of their own
