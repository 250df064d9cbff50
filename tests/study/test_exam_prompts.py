"""The exam's prompts do not give the rule away (issue 24, item 2), over thousands of questions.

Every template at every level over the shared set (``tests/study/generated.py``): the exam's wording
of the prompt names no keyword whose rule decides the question (its keyword topics and the 702 rules
it cites) and no CR paragraph; it keeps the cards, the question sentence and every number; each
keyword it leaves out is on the board, where the creature's row shows it. A built exam uses that
wording. The check is driven by each template's data, so new template modules are covered as they
are added to ``TEMPLATES``.
"""

from __future__ import annotations

import re

from rules_core.model.ja import KEYWORD_JA
from tests.study.generated import built_questions
from tutor.study.building import BuiltQuestion
from tutor.study.exams import SHAPES, exam_build
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.prompts import WORDS, deciding_words, exam_prompt, named_paragraphs

_CARD = re.compile(r"《[^》]*》")
_CARD_TEXT = re.compile(r"（(?:[^（）]|（[^（）]*）)*[。「](?:[^（）]|（[^（）]*）)*）")


def _outside_cards(text: str) -> str:
    """The text without its card names (a card may be called after a keyword)."""
    return _CARD.sub("《》", text)


def _words(text: str) -> set[str]:
    """Keywords named in ``text``; a word named only as 「トランプルなし」 (its absence) is not."""
    text = _outside_cards(text)
    found = {w for w in WORDS if re.search(f"{re.escape(w)}(?!なし)", text)}
    return {w for w in found if not any(w != longer and w in longer for longer in found)}


def _board_words(question: BuiltQuestion) -> set[str]:
    """The keywords the board's rows show (permanents and the spell that deals the damage)."""
    things = list(question.scenario.get("permanents") or [])
    source = (question.scenario.get("event") or {}).get("source")
    if isinstance(source, dict):
        things.append(source)
    words: set[str] = set()
    for thing in things:
        words |= {KEYWORD_JA.get(k, k) for k in thing.get("keywords") or []}
        words |= {"毒性"} if thing.get("toxic") else set()
        words |= {"プロテクション"} if thing.get("protection") else set()
    return words


def test_the_check_runs_over_three_thousand_questions() -> None:
    assert len(built_questions()) >= 3000


def test_no_exam_prompt_names_its_deciding_keyword_or_paragraph() -> None:
    problems = []
    for slug, question in built_questions():
        deciding = deciding_words(TEMPLATES_BY_SLUG[slug].topics, question.rules)
        worded = exam_prompt(question.prompt)
        named = sorted(w for w in deciding if w in _outside_cards(worded)) + named_paragraphs(worded)
        if named:
            problems.append(f"{slug}/{question.level}/{question.seed}: {named}: {worded}")
    assert problems == []


def test_most_questions_have_a_deciding_keyword_to_hide() -> None:
    """The check above is not empty: most generated questions turn on a keyword ability."""
    deciding = [q for slug, q in built_questions() if deciding_words(TEMPLATES_BY_SLUG[slug].topics, q.rules)]
    named_before = [q for q in deciding if _words(q.prompt)]
    assert len(deciding) > len(built_questions()) // 2 and len(named_before) > 1000


def test_the_exam_wording_keeps_cards_numbers_and_question() -> None:
    problems = []
    for slug, question in built_questions():
        worded = exam_prompt(question.prompt)
        before, after = question.prompt, worded
        if _CARD.findall(before) != _CARD.findall(after):
            problems.append(f"{slug}: cards {before}")
        if before.rsplit("。", 1)[-1] != after.rsplit("。", 1)[-1]:
            problems.append(f"{slug}: question sentence {after}")
        # every amount and life total stays; only 「毒性2」-like keyword values may go, and a card's
        # rules text that names a keyword (the card's own text is shown with the question)
        kept = re.sub(
            r"毒性\d+", "", _CARD_TEXT.sub(lambda m: "" if _words(m.group(0)) else m.group(0), before)
        )
        numbers = re.findall(r"\d+", kept)
        if sorted(numbers) != sorted(re.findall(r"\d+", after)):
            problems.append(f"{slug}: numbers {before} → {after}")
        if "（）" in after or "、）" in after or "（、" in after:
            problems.append(f"{slug}: empty parenthesis {after}")
    assert problems == []


def test_every_keyword_left_out_is_on_the_board() -> None:
    problems = []
    for slug, question in built_questions():
        gone = _words(question.prompt) - _words(exam_prompt(question.prompt))
        missing = gone - _board_words(question)
        if missing:
            problems.append(f"{slug}/{question.level}/{question.seed}: {sorted(missing)}")
    assert problems == []


def test_a_built_exam_uses_the_exam_wording() -> None:
    for shape in SHAPES:
        for seed in range(2):
            for question in exam_build(shape, seed):
                assert question.prompt == exam_prompt(question.prompt)
                slug = question.source.removeprefix("builtin:")
                deciding = deciding_words(TEMPLATES_BY_SLUG[slug].topics, question.rules)
                assert not [w for w in deciding if w in _outside_cards(question.prompt)], question.prompt
