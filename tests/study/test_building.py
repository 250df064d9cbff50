"""Pure parts of study mode: options, grading, authored templates, answers typed by authors,
Leitner boxes, the chart, links into the reader."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta

import pytest

from tutor.common.urls import cr_section, cr_url
from tutor.study.asks import AskError, answer_format, answer_text, engine_answer, parse_answer_text
from tutor.study.building import (
    Disagreement,
    authored_build,
    grade,
    make_options,
    prompt_fill,
    question_build,
    substitute,
    variables_draw,
)
from tutor.study.charts import Day, history_chart
from tutor.study.generators import TEMPLATES, TEMPLATES_BY_SLUG, Template, gen_lifelink_shield
from tutor.study.review import REVIEW_STAGE, STEPS, card_new, card_review, stage

BOLT = {
    "format": 1,
    "players": [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手", "life": 20}],
    "permanents": [
        {"id": "bear", "name": "灰色熊", "controller": "B", "types": ["creature"], "power": 2, "toughness": 2}
    ],
    "effects": [],
    "event": {
        "type": "noncombat",
        "source": {"name": "稲妻", "controller": "A", "colors": ["red"]},
        "damage": [{"to": "bear", "amount": 3}],
    },
}


def test_120_5_lightning_bolt_kills_the_bear_by_state_based_action():
    assert engine_answer(BOLT, {"kind": "dies"}) == ["bear"]


def test_unknown_ask_and_missing_player_are_typed_errors():
    with pytest.raises(AskError):
        engine_answer(BOLT, {"kind": "nonsense"})
    with pytest.raises(AskError):
        engine_answer(BOLT, {"kind": "life", "player": "Z"})
    with pytest.raises(AskError):
        engine_answer({"players": "bad"}, {"kind": "life", "player": "B"})


def test_numbers_are_choices_until_l1_and_typed_at_l2():
    assert answer_format({"kind": "life"}, "intro") == "choice"
    assert answer_format({"kind": "life"}, "l2") == "number"
    assert answer_format({"kind": "dies"}, "l2") == "multi"
    assert answer_format({"kind": "legal"}, "l2") == "choice"


def test_options_never_repeat_the_answer_and_are_topped_up():
    options_fmt, options = make_options(
        ask={"kind": "poison", "player": "B"},
        answer=3,
        mistakes=[(3, "same"), (-1, "negative"), (5, "five")],
        level="intro",
        scenario=BOLT,
        rng=random.Random(1),
    )
    assert options_fmt == "choice"
    values = [o["value"] for o in options]
    assert sorted(values).count(3) == 1 and len(set(values)) == 4
    assert all(v >= 0 for v in values)  # no negative poison counters offered
    assert {o["key"] for o in options} == {"a", "b", "c", "d"}


def test_grade_choice_number_and_multi():
    options = [
        {"key": "a", "label": "17点", "value": 17, "mistake": ""},
        {"key": "b", "label": "20点", "value": 20, "mistake": "絆魂を忘れた"},
    ]
    ask = {"kind": "life", "player": "A"}
    right = grade(
        ask=ask, answer=17, answer_format="choice", options=options, mistakes=[], scenario=BOLT, response="a"
    )
    assert right.correct and right.response_text == "17点"
    wrong = grade(
        ask=ask, answer=17, answer_format="choice", options=options, mistakes=[], scenario=BOLT, response="b"
    )
    assert not wrong.correct and wrong.mistake == "絆魂を忘れた"
    typed = grade(
        ask=ask,
        answer=17,
        answer_format="number",
        options=[],
        scenario=BOLT,
        response=20,
        mistakes=[{"value": 20, "label": "絆魂を忘れた"}],
    )
    assert not typed.correct and typed.mistake == "絆魂を忘れた" and typed.response_text == "20点"
    dies = grade(
        ask={"kind": "dies"},
        answer=["bear"],
        answer_format="multi",
        options=[],
        mistakes=[],
        scenario=BOLT,
        response=["bear"],
    )
    assert dies.correct and dies.response_text == "灰色熊"
    none = grade(
        ask={"kind": "dies"},
        answer=["bear"],
        answer_format="multi",
        options=[],
        mistakes=[],
        scenario=BOLT,
        response=["none"],
    )
    assert not none.correct and none.response_text == "どれも墓地に置かれない"


def test_a_template_that_disagrees_with_the_engine_is_refused():
    def wrong(rng, level):
        draft = gen_lifelink_shield(rng, level)
        draft.predicted += 1
        return draft

    with pytest.raises(Disagreement):
        question_build(Template("wrong", "誤り", ("lifelink",), ("intro",), wrong), seed=1, level="intro")


def test_authored_template_fills_placeholders_and_prompt():
    built = authored_build(
        source="template:1",
        title="稲妻",
        topics=["704.5"],
        level="intro",
        prompt="{n}点のダメージ",
        scenario={**BOLT, "event": {**BOLT["event"], "damage": [{"to": "bear", "amount": "$n"}]}},
        ask={"kind": "dies"},
        explanation="",
        rules=["704.5g"],
        seed=3,
        variables={"n": {"min": 1, "max": 3}},
    )
    n = built.scenario["event"]["damage"][0]["amount"]
    assert built.prompt == f"{n}点のダメージ"
    assert built.answer == (["bear"] if n >= 2 else [])


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"n": [1, 3]}, "min"),
        ({"n": {"min": 5, "max": 1}}, "min ≤ max"),
        ({"n": {"choice": []}}, "choice"),
        ({"1x": {"min": 1, "max": 2}}, "変数名"),
        ({"n": {"min": "a", "max": 2}}, "整数"),
    ],
)
def test_bad_variables_are_refused_in_japanese(spec, message):
    with pytest.raises(AskError) as error:
        variables_draw(spec, random.Random(0))
    assert message in error.value.message


def test_undefined_placeholder_and_prompt_variable_are_refused():
    with pytest.raises(AskError, match="定義されていません"):
        substitute({"a": "$missing"}, {})
    with pytest.raises(AskError, match="変数にありません"):
        prompt_fill("{x}点", {})


def test_authored_question_with_wrong_stored_answer_is_refused():
    with pytest.raises(Disagreement, match="一致しません"):
        authored_build(
            source="question:1",
            title="t",
            topics=["704.5"],
            level="intro",
            prompt="p",
            scenario=BOLT,
            ask={"kind": "dies"},
            explanation="",
            rules=[],
            expected=[],
        )
    with pytest.raises(Disagreement, match="同じ"):
        authored_build(
            source="question:1",
            title="t",
            topics=["704.5"],
            level="intro",
            prompt="p",
            scenario=BOLT,
            ask={"kind": "life", "player": "B"},
            explanation="",
            rules=[],
            expected=20,
            wrong=[20],
        )


def test_author_answers_are_parsed():
    assert parse_answer_text({"kind": "life"}, "１７", BOLT) == 17
    assert parse_answer_text({"kind": "legal"}, "不適正", BOLT) is False
    assert parse_answer_text({"kind": "dies"}, "灰色熊", BOLT) == ["bear"]
    assert parse_answer_text({"kind": "dies"}, "なし", BOLT) == []
    with pytest.raises(AskError):
        parse_answer_text({"kind": "dies"}, "誰か", BOLT)
    with pytest.raises(AskError):
        parse_answer_text({"kind": "life"}, "たくさん", BOLT)


def test_answer_text():
    assert answer_text({"kind": "legal"}, True) == "適正"
    assert answer_text({"kind": "dies"}, []) == "どれも墓地に置かれない"
    assert answer_text({"kind": "poison"}, 3) == "3個"


def test_review_waits_grow_with_each_right_answer():
    """FSRS (issue 24 replaced the Leitner boxes): a wrong answer brings the kind back in a minute, each right
    answer when it is due waits longer than the one before, and the kind reaches the review stage."""
    now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    card = card_review(card_new(now), correct=False, now=now)
    assert card.due - now == timedelta(minutes=1)
    waits = []
    for _ in range(5):
        due = card.due
        card = card_review(card, correct=True, now=due)
        waits.append(card.due - due)
    assert waits[:1] == [STEPS[1]]
    assert stage(card.state, card.step) == REVIEW_STAGE
    assert waits == sorted(waits) and waits[-1] > waits[1] > waits[0]


def test_history_chart_scales_bars():
    chart = history_chart([Day(date(2026, 1, d), n, c) for d, n, c in ((1, 10, 5), (2, 0, 0), (3, 5, 5))])
    first, empty, last = chart["bars"]
    assert first["correct_h"] == first["wrong_h"] > 0
    assert empty["correct_h"] == empty["wrong_h"] == 0
    assert last["wrong_h"] == 0 and last["correct_h"] == first["correct_h"]
    assert chart["rate"] == 67


def test_reader_links():
    assert cr_url("702.19b") == "/cr/702.19/#cr-702.19b"
    assert cr_url("615.7") == "/cr/615/#cr-615.7"
    assert cr_url("704.5g") == "/cr/704/#cr-704.5g"
    assert cr_section("120.4a") == "120"


def test_builtin_slugs_are_unique():
    assert len(TEMPLATES_BY_SLUG) == len(TEMPLATES) >= 40
