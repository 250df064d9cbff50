"""Every question template makes only valid questions whose answer the engine confirms, and every
wrong option is really wrong (checked with the engine, not with the template's own arithmetic).

Over 100 seeds per template and level (109 pairs: about 10,900 questions), plus a hypothesis run
over arbitrary seeds.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import parse_scenario, resolve_document
from tutor.common.urls import cr_url
from tutor.study.asks import NUMBER_KINDS, engine_answer, order_losses
from tutor.study.building import NONE_KEY, question_build
from tutor.study.generators import TEMPLATES, TEMPLATES_BY_SLUG
from tutor.study.sequence_questions import SEQUENCE_TEMPLATES
from tutor.study.topics import LEVELS, TOPICS_BY_SLUG

SEEDS = range(100)
# order and parts questions are checked in tests/study/test_sequence_questions.py (their own formats)
SEQUENCE = {t.slug for t in SEQUENCE_TEMPLATES}
PAIRS = [(t.slug, level) for t in TEMPLATES for level in t.levels if t.slug not in SEQUENCE]
RULE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")


def _check(question) -> None:
    """The promises of one built question, each checked against the engine."""
    scenario, ask = question.scenario, question.ask
    parse_scenario(scenario)  # a valid document (raises ScenarioError otherwise)
    result = resolve_document(scenario)
    assert isinstance(result["legal"], bool)
    # The stored answer is the engine's, recomputed from the stored scenario alone.
    assert engine_answer(scenario, ask) == question.answer
    assert question.prompt and question.explanation and question.rules
    assert all(RULE.match(r) and cr_url(r) for r in question.rules)
    assert question.topics and all(t in TOPICS_BY_SLUG for t in question.topics)
    # No known mistake equals the right answer.
    assert all(m["value"] != question.answer for m in question.mistakes)
    kind = ask["kind"]
    if question.answer_format == "choice":
        keys = [o["key"] for o in question.options]
        assert len(keys) == len(set(keys)) >= 2
        right = [o for o in question.options if o["value"] == question.answer]
        assert len(right) == 1
        if kind in NUMBER_KINDS:
            assert len(question.options) == 4
            assert len({o["value"] for o in question.options}) == 4
        if kind == "best_order":
            # Each wrong order really loses more life: the engine resolves every one.
            losses = order_losses(scenario, ask)
            best = losses[question.answer]
            for option in question.options:
                if option["value"] != question.answer:
                    assert losses[option["value"]] > best
        if kind == "legal":
            assert {o["value"] for o in question.options} == {True, False}
    elif question.answer_format == "multi" and kind == "reachable":
        # The outcomes the chooser can bring about are among those offered, each offered once.
        keys = [o["key"] for o in question.options]
        assert len(keys) == len(ask["offered"]) == len(set(map(repr, ask["offered"])))
        assert question.answer and set(question.answer) <= set(keys)
    elif question.answer_format == "multi":
        creatures = {p["id"] for p in scenario["permanents"] if "creature" in p["types"]}
        offered = {o["key"] for o in question.options}
        assert offered == creatures | {NONE_KEY}
        assert set(question.answer) <= creatures
    else:
        assert question.answer_format == "number"
        assert kind in NUMBER_KINDS
        assert isinstance(question.answer, int)


@pytest.mark.parametrize(("slug", "level"), PAIRS)
def test_template_questions_are_confirmed_by_the_engine(slug, level):
    template = TEMPLATES_BY_SLUG[slug]
    answers = set()
    for seed in SEEDS:
        question = question_build(template, seed=seed, level=level)
        _check(question)
        answers.add(repr(question.answer))
    # Random boards: the answer is not always the same.
    assert len(answers) > 1


@pytest.mark.parametrize(("slug", "level"), PAIRS)
def test_template_is_deterministic_for_a_seed(slug, level):
    template = TEMPLATES_BY_SLUG[slug]
    first = question_build(template, seed=12345, level=level)
    again = question_build(template, seed=12345, level=level)
    assert first == again


def test_every_topic_has_questions_and_every_level_is_used():
    covered = {topic for t in TEMPLATES for topic in t.topics}
    assert covered == set(TOPICS_BY_SLUG)
    for level in LEVELS:
        assert any(level in t.levels for t in TEMPLATES)


def test_a_few_thousand_questions_are_checked():
    assert len(PAIRS) * len(SEEDS) >= 3000


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=st.sampled_from(PAIRS), seed=st.integers(min_value=0, max_value=2**48))
def test_any_seed_gives_a_confirmed_question(pair, seed):
    slug, level = pair
    _check(question_build(TEMPLATES_BY_SLUG[slug], seed=seed, level=level))


def test_distractors_come_from_typical_mistakes():
    """The named misunderstandings of the issue all appear as wrong options somewhere."""
    labels = set()
    for slug, level in PAIRS:
        for seed in range(30):
            question = question_build(TEMPLATES_BY_SLUG[slug], seed=seed, level=level)
            labels.update(o.get("mistake", "") for o in question.options)
            labels.update(m["label"] for m in question.mistakes)
    text = "\n".join(labels)
    assert "軽減されたダメージでも絆魂でライフを得ると考えました" in text
    assert "接死があっても致死ダメージはタフネス分だと考えました" in text
    assert "トランプルがなくても余ったダメージがプレイヤーに行くと考えました" in text
    assert "0点のダメージでも接死で破壊されると考えました" in text
    assert "以前のルールの「ダメージ割り振り順」で考えました" in text


def test_lifelink_intro_example():
    """A seed checked by hand: the learner reads the numbers the engine used."""
    question = question_build(TEMPLATES_BY_SLUG["lifelink-shield"], seed=7, level="intro")
    attacker = question.scenario["permanents"][0]
    shield = question.scenario["effects"][0]["amount"]
    life = question.scenario["players"][0]["life"]
    plus = attacker["counters"]["+1/+1"]
    power = attacker["power"] + plus
    # CR 702.15b, 615.6: the life gained is the damage dealt, after the shield of 《治癒の軟膏》 (3)
    assert shield == 3
    assert question.answer == life + max(0, power - shield)
    assert f"{life}点" in question.prompt
    assert f"{attacker['name']}（{power}/" in question.prompt  # 《》 on the board as in the prompt
    assert f"+1/+1カウンター{plus}個" in question.prompt
