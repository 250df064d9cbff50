"""The study mode's battle questions follow the Siege rule (CR 310.11b, 704.5v): every generated battle
is a Siege; one whose last defense counter is removed stays on the battlefield while its ability
waits, then is exiled, never put into the graveyard; the explanations say so and cite both rules."""

from __future__ import annotations

import pytest

from rules_core import resolve_document
from tests.study.test_views import key_for, start, url
from tutor.study.building import question_build
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.topics import TOPICS_BY_SLUG

SEEDS = range(60)


def _questions():
    template = TEMPLATES_BY_SLUG["battle"]
    for level in template.levels:
        for seed in SEEDS:
            yield question_build(template, seed=seed, level=level)


def test_every_generated_battle_is_a_siege_and_cites_310_11b_and_704_5v():
    for question in _questions():
        battles = [p for p in question.scenario["permanents"] if "battle" in p["types"]]
        assert battles and all(p.get("subtypes") == ["Siege"] for p in battles)
        assert "310.11b" in question.rules and "704.5v" in question.rules
        assert "追放されます" in question.explanation
        assert "スタックを離れていない間は置かれません (704.5v)" in question.explanation
        assert "墓地に置かれます (704.5v)。" not in question.explanation


def test_a_defeated_siege_is_exiled_by_its_ability_not_put_into_the_graveyard():
    """CR 704.5v: kept while its 310.11b ability waits; CR 310.11b: the ability exiles it. The answer
    (0 defense counters) is the engine's."""
    defeated = [q for q in _questions() if q.answer == 0]
    assert defeated, "some seed defeats the Siege"
    for question in defeated:
        final = resolve_document(question.scenario)["final"]["permanents"]["siege"]
        assert final["zone"] == "exile"
        assert final["defense"] == 0
        assert "この能力が誘発します" in question.explanation


def test_a_siege_left_with_defense_counters_stays_on_the_battlefield():
    for question in _questions():
        if question.answer > 0:
            final = resolve_document(question.scenario)["final"]["permanents"]["siege"]
            assert final["zone"] == "battlefield" and final["defense"] == question.answer
            assert "この能力が誘発します" not in question.explanation


def test_the_battle_topic_no_longer_sends_a_defeated_battle_to_the_graveyard():
    summary = TOPICS_BY_SLUG["battle"].summary
    assert "墓地へ" not in summary
    assert "追放" in summary


@pytest.mark.django_db
def test_a_defeated_siege_question_shows_its_trigger_waiting_after_the_answer(client):
    """After answering, the engine's stages show the Siege's 310.11b ability waiting, then exiling it."""
    # Two attackers of power 1-4 against defense 3-7: about a third of these questions defeat the Siege.
    questions = (start(client, "battle", "l1") for _ in range(60))
    question = next((q for q in questions if q.answer == 0), None)
    assert question is not None, "no defeated Siege in 60 questions"
    client.post(url(question, "answer/"), {"answer": key_for(question, right=True)})
    html = client.get(url(question)).content.decode()
    assert "スタックに置かれるのを待つ誘発型能力" in html
    assert "最後の守備カウンターが取り除かれたとき" in html
    assert "/cr/310/#cr-310.11b" in html and "/cr/704/#cr-704.5v" in html
    assert "追放されます" in html
