"""The cards' text in the question (issue 24, item 3) and what a practice page tells before answering
(item 2), over HTTP.

Every catalogue card a question names (《…》 in the prompt, or on the board) has a ``<details>`` with
its verified Japanese text, or our labelled explanation, or 「未確認」, and its English Oracle: on the
practice question page, on each exam question page and in the exam report. The practice page names
the kind of question and its topics only after the answer.
"""

from __future__ import annotations

import random
import re
from html import escape

import pytest

from tests.study.learners import anonymous_learner
from tests.study.test_exams import answer_value, entries, headings
from tests.study.test_exams import start as exam_start
from tutor.models import Card, StudyQuestion
from tutor.study.services import question_create
from tutor.study.topics import TOPICS_BY_SLUG

pytestmark = pytest.mark.django_db

_DETAILS = re.compile(
    r'<details class="question-card">\s*<summary>《([^》]+)》</summary>(.*?)</details>', re.S
)


def _shown(html: str) -> dict[str, str]:
    """Card name -> the body of its <details>."""
    return dict(_DETAILS.findall(html))


def _named(question: StudyQuestion) -> set[str]:
    """Catalogue cards in the prompt or on the board: permanents, effects, the spell dealing damage."""
    names = set(re.findall(r"《([^《》]+)》", question.prompt))
    board = [*question.scenario.get("permanents", []), *question.scenario.get("effects", [])]
    source = (question.scenario.get("event") or {}).get("source")
    board += [source] if isinstance(source, dict) else []
    names |= {str(thing.get("name", "")).strip("《》") for thing in board}
    return set(Card.objects.filter(ja_name__in=names).values_list("ja_name", flat=True))


def _text_ok(card: Card, body: str) -> bool:
    """The body shows the card's text as the card page does: verified, explained, or 未確認."""
    oracle = (card.oracle_text or "").splitlines()
    # mana symbols are drawn ({T} becomes an image): look for the words between them
    words = max(re.split(r"\{[^}]*\}", oracle[0]), key=len).strip() if oracle else ""
    if words and escape(words)[:40] not in body:
        return False
    if card.oracle_text == "" and "ルール・テキストなし" not in body:
        return False
    if card.ja_text is not None:
        return escape((card.ja_text.splitlines() or [""])[0])[:30] in body
    if card.ja_explanation:
        return "このチューターによる説明" in body and escape(card.ja_explanation)[:30] in body
    return "未確認" in body


def test_practice_page_shows_each_cards_text_and_the_kind_only_after_answering(client):
    learner = anonymous_learner(client, "c" * 32)
    # 《紅蓮地獄》 has verified Japanese text, 《ぬいぐるみ人形》 only our explanation
    question = question_create(
        learner=learner, topic="120.4", level="l1", source="builtin:card-stuffy-doll", rng=random.Random(0)
    )
    assert "《紅蓮地獄》" in question.prompt  # this draw's sweeper
    html = client.get(f"/study/q/{question.token}/").content.decode()
    shown = _shown(html)
    assert set(shown) == _named(question) and {"紅蓮地獄", "ぬいぐるみ人形"} <= set(shown)
    for name, body in shown.items():
        assert _text_ok(Card.objects.get(ja_name=name), body), name
    assert question.title not in headings(html) and "問題の種類" not in html
    response = client.post(
        f"/study/q/{question.token}/answer/", {"answer": answer_value(question, right=True)}, follow=True
    )
    after = response.content.decode()
    assert f"問題の種類: {question.title}" in after
    for slug in question.topics:
        assert f'href="/study/t/{slug}/">{TOPICS_BY_SLUG[slug].title}</a>' in after
    assert set(_shown(after)) == set(shown)  # the texts stay with the result


def test_a_card_without_verified_text_or_explanation_says_unverified(client):
    learner = anonymous_learner(client, "c" * 32)
    Card.objects.filter(ja_name="ぬいぐるみ人形").update(ja_text=None, ja_explanation="")
    question = question_create(learner=learner, topic="120.4", level="l1", source="builtin:card-stuffy-doll")
    body = _shown(client.get(f"/study/q/{question.token}/").content.decode())["ぬいぐるみ人形"]
    assert "未確認" in body and "このチューターによる説明" not in body
    assert escape(Card.objects.get(ja_name="ぬいぐるみ人形").oracle_text.splitlines()[0])[:40] in body


def test_exam_pages_and_report_show_each_named_cards_text(client):
    exam = exam_start(client, "l2")
    rows = entries(exam)
    with_cards = 0
    for entry in rows[:12]:  # the pages share one template; the report below checks all 25
        html = client.get(f"/study/exam/{exam.token}/q/{entry.position}/").content.decode()
        shown = _shown(html)
        assert set(shown) == _named(entry.question), entry.question.source
        with_cards += bool(shown)
        for name, body in shown.items():
            assert _text_ok(Card.objects.get(ja_name=name), body), name
    assert with_cards >= 2  # an L2 exam draws many questions with real cards
    # one answer is enough for the report; an order or parts question is answered field by field
    entry = next(e for e in rows if e.question.answer_format not in ("order", "parts"))
    client.post(
        f"/study/exam/{exam.token}/q/{entry.position}/",
        {"answer": answer_value(entry.question, right=True), "go": "list"},
    )
    client.post(f"/study/exam/{exam.token}/score/")
    report = client.get(f"/study/exam/{exam.token}/report/").content.decode()
    expected = sum(len(_named(e.question)) for e in rows)
    assert len(_DETAILS.findall(report)) == expected
