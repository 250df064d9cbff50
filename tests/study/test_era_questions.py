"""「今も成り立つ？」 (拡張, issue 15): each question's board answered by the engine under today's rules
and under the former era, and the former era's answer offered as the misconception's wrong option.

Rules the answers rest on: today's CR 510.1c (a blocked creature divides its damage as its controller
chooses), 510.2 (no priority between assignment and damage), 702.19b (trample: lethal damage to every
blocker first, unchanged by Foundations); the 2024-08-02 file's 509.2 and 510.1c (the damage assignment
order); the 2007-02-01 file's 310.1 (the assignment on the stack) and 310.4a (dealt as assigned).
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from tutor.study.asks import engine_answer
from tutor.study.building import question_build
from tutor.study.card_questions import VANILLA
from tutor.study.cardpool import card
from tutor.study.era_questions import CASES
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.templatetags.study_tags import rule_links

SEEDS = range(60)
LEVELS = ("intro", "l1", "l2")


def _case(slug: str, level: str, seed: int):
    return CASES[slug](random.Random(f"{slug}|{level}|{seed}"), level)


@pytest.mark.parametrize("slug", sorted(CASES))
@pytest.mark.parametrize("level", LEVELS)
def test_the_engine_confirms_both_eras(slug, level):
    """Today's answer is the question's (checked by question_build); the former era's answer, from the
    engine under that era, is what the template offers as the misconception."""
    differed = 0
    for seed in SEEDS:
        case = _case(slug, level, seed)
        assert engine_answer(case.current, case.ask) == case.predicted
        assert engine_answer(case.former, case.ask) == case.former_predicted
        assert case.former.get("era") in ("2007", "2009-2024") and "era" not in case.current
        differed += case.predicted != case.former_predicted
    assert differed > 0  # the former rule changes the answer on some boards


@pytest.mark.parametrize("slug", sorted(CASES))
@pytest.mark.parametrize("level", LEVELS)
def test_wrong_options_are_wrong_and_the_former_answer_is_one_of_them(slug, level):
    template = TEMPLATES_BY_SLUG[slug]
    for seed in SEEDS:
        question = question_build(template, seed=seed, level=level)
        case = _case(slug, level, seed)
        wrong = [o for o in question.options if o["value"] != question.answer]
        assert all(o["value"] != question.answer for o in wrong)
        if question.answer_format == "choice":
            assert sum(o["value"] == question.answer for o in question.options) == 1
        if case.former_predicted != case.predicted:
            assert any(m["value"] == case.former_predicted for m in question.mistakes)
            labels = [m["label"] for m in question.mistakes if m["value"] == case.former_predicted]
            assert any(re.search(r"20(07|24)", label) for label in labels)  # it names the former era


def test_sacrifice_after_damage_no_longer_gains_life():
    """《貪欲なるベイロス》: today the 4/4 is destroyed by state-based actions before anyone can activate
    its ability (510.2, 704.5g); in 2007 the damage waited on the stack (310.1) and the life was gained."""
    case = _case("era-sacrifice", "l1", 3)
    life = case.current["players"][0]["life"]
    assert engine_answer(case.current, case.ask) == life
    assert engine_answer(case.former, case.ask) == life + 4


def test_sacrifice_l2_two_blockers_kill_the_baloth_together():
    """L2: neither blocker alone deals 4, their damage together is lethal (704.5g), so today the Baloth
    is still gone before its ability could be activated; in 2007 the life was still gained."""
    for seed in range(6):
        case = _case("era-sacrifice", "l2", seed)
        [attack] = case.current["event"]["attacks"]
        powers = [p["power"] for p in case.current["permanents"] if p["id"] in attack["blockers"]]
        assert len(powers) == 2 and max(powers) < 4 <= sum(powers)
        life = case.current["players"][0]["life"]
        assert engine_answer(case.current, case.ask) == life
        assert engine_answer(case.former, case.ask) == life + 4
        assert engine_answer(case.current, {"kind": "dies"}) and "baloth" in engine_answer(
            case.current, {"kind": "dies"}
        )
        assert f"合わせて{sum(powers)}点は致死ダメージ" in case.explanation


def test_explanations_cite_todays_and_the_former_rules_in_polite_japanese():
    for slug in CASES:
        for level in LEVELS:
            question = question_build(TEMPLATES_BY_SLUG[slug], seed=1, level=level)
            text = question.explanation
            assert re.search(r"(2007-02-01|2024-08-02)版 \d{3}\.\d", text)
            assert re.search(r"\((?!20)\d{3}\.\d", text)  # a paragraph of today's rules
            sentences = [s for s in text.split("。") if s.strip()]
            # です・ます: every sentence ends in a polite form (before its citation in parentheses)
            bare = [re.sub(r"\s*\([^()]*\)$", "", s.strip()) for s in sentences]
            assert all(re.search(r"(ます|ません|です|でした|ました)[）)]?$", s) for s in bare), text
            assert question.prompt.endswith(("ですか？", "ください。"))


def test_explanation_links_former_numbers_to_their_era_and_todays_to_the_reader():
    html = str(rule_links("与えられました (2007-02-01版 310.1, 310.4a)。今は違います (510.2)。"))
    assert 'href="/cr/former/2007-02-01/310.1/"' in html and 'href="/cr/former/2007-02-01/310.4a/"' in html
    assert 'href="/cr/510/#cr-510.2"' in html


@pytest.mark.django_db
def test_an_era_question_page_links_the_former_rule(client: Client):
    """After an answer, the explanation of an era question links its former rule to the reader."""
    from tutor.models import StudyQuestion
    from tutor.study.selectors import Learner
    from tutor.study.services import question_create

    first = client.post("/study/start/", {"topic": "510.1", "level": "l1"})
    token = first["Location"].split("/q/")[1].strip("/")
    learner = Learner(user=None, key=StudyQuestion.objects.get(token=token).learner_key)
    question = question_create(learner=learner, topic="510.1", level="l1", source="builtin:era-sacrifice")
    assert client.get(f"/study/q/{question.token}/").status_code == 200
    wrong = next(o["key"] for o in question.options if o["value"] != question.answer)
    answered = client.post(f"/study/q/{question.token}/answer/", {"answer": wrong}, follow=True)
    assert answered.status_code == 200
    html = answered.content.decode()
    assert 'href="/cr/former/2007-02-01/310.1/"' in html
    assert 'href="/cr/510/#cr-510.2"' in html


def test_pump_question_shows_the_card_as_printed_and_the_board_after_giant_growth():
    """《巨大化》 (+3/+3 until end of turn, cast before combat damage today: 510.2): the
    prompt shows the catalogue card as printed, the board the damage sees has the +3/+3, and the former
    era's board keeps the printed size with the pump waiting on the stack (2007-02-01 310.4a)."""
    for level in LEVELS:
        for seed in range(12):
            case = _case("era-pump", level, seed)
            now = next(p for p in case.current["permanents"] if p["id"] == "att")
            then = next(p for p in case.former["permanents"] if p["id"] == "att")
            [printed] = [
                card(slug).permanent("att", "A") for slug in VANILLA if card(slug).ja_name == then["name"]
            ]
            assert (then["power"], then["toughness"]) == (printed["power"], printed["toughness"])
            assert (now["power"], now["toughness"]) == (printed["power"] + 3, printed["toughness"] + 3)
            assert f"《{then['name']}》（{printed['power']}/{printed['toughness']}）" in case.prompt
            assert f"{printed['power'] + 3}/{printed['toughness'] + 3}になりました" in case.prompt
