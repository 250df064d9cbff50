"""The exam's wording of a question: it names the cards and what happens, not the rule that decides.

A template's prompt is written for practice by topic, where the learner already knows the rule and
the sentence may say 「トランプルを持つ3/3の熊」. In a mock exam the candidate must see for themselves
which ability matters (issue 24, item 2), so :func:`exam_prompt` takes the keyword abilities out of
the sentence; they stay where a judge reads them at a table: the board (each creature's row lists
its keywords) and the cards' own text shown with the question. A paragraph number cited in a prompt
goes too. The explanation and the feedback keep citing the rule: they are read after answering.

The rewrite is generic (it reads only the text), so a new template module gets it without a change;
``tests/study/test_exam_prompts.py`` checks it over thousands of generated questions.

Pure Python: no Django, no engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from rules_core.model.ja import KEYWORD_JA
from tutor.study.topics import TOPICS_BY_SLUG

KEYWORD_RULES: Final = {
    "702.2": "接死",
    "702.3": "防衛",
    "702.4": "二段攻撃",
    "702.7": "先制攻撃",
    "702.9": "飛行",
    "702.11": "呪禁",
    "702.12": "破壊不能",
    "702.15": "絆魂",
    "702.16": "プロテクション",
    "702.17": "到達",
    "702.18": "被覆",
    "702.19": "トランプル",
    "702.80": "萎縮",
    "702.90": "感染",
    "702.111": "威迫",
    "702.164": "毒性",
}
"""The keyword abilities of CR 702 that questions use, by rule and by their Japanese CR names."""

WORDS: Final = tuple(sorted({*KEYWORD_JA.values(), *KEYWORD_RULES.values()}, key=lambda w: (-len(w), w)))
"""Every keyword a prompt may name, longest first (so プレインズウォーカー越えトランプル goes whole)."""

_WORD = "(?:" + "|".join(map(re.escape, WORDS)) + ")"
_HAS_WORD = re.compile(_WORD)
# 「萎縮を持つ」「接死と絆魂を持つ」 before the noun they describe
_HAVING = re.compile(f"{_WORD}(?:[とや、]{_WORD})*を持つ")
# a full-width parenthetical, with at most one level inside: （3/3、プロテクション（赤））
_GROUP = re.compile(r"（((?:[^（）]|（[^（）]*）)*)）")
_CITATION = re.compile(r"\s?[(（][^()（）]*\d{3}\.\d+[a-z]?[^()（）]*[)）]")
_STEP = re.compile(f"{_WORD}の戦闘ダメージ・ステップ")


def _items(inner: str) -> list[str]:
    """``inner`` split at its top-level 「、」 (never inside a nested parenthesis)."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        if ch == "（":
            depth += 1
        elif ch == "）":
            depth -= 1
        elif ch == "、" and depth == 0:
            items.append(inner[start:i])
            start = i + 1
    items.append(inner[start:])
    return items


def _group(match: re.Match[str]) -> str:
    inner = match.group(1)
    if not _HAS_WORD.search(inner):
        return match.group(0)
    if "。" in inner or "「" in inner:
        return ""  # a card's rules text: the card's own text is shown with the question
    items = _items(inner)
    kept = [item for item in items if not _HAS_WORD.search(item)]
    if kept and kept[-1] != items[-1] and kept[-1].endswith("し"):
        kept[-1] += "ている"  # 「装備し、接死を持つ」 cut after its first verb still ends as a phrase
    return f"（{'、'.join(kept)}）" if kept else ""


def exam_prompt(prompt: str) -> str:
    """``prompt`` with no keyword ability and no CR paragraph named in it.

    >>> exam_prompt("あなたの3/3の熊（トランプル、ダメージ1点を負っている）が攻撃します (702.19b)。")
    'あなたの3/3の熊（ダメージ1点を負っている）が攻撃します。'
    >>> exam_prompt("萎縮を持つあなたの黒の呪文が《コーの火歩き》（2/2、プロテクション（赤））に2点を与えます。")
    'あなたの黒の呪文が《コーの火歩き》（2/2）に2点を与えます。'
    >>> exam_prompt("《熊》（2/2）（《首輪》を装備し、接死と絆魂を持つ）が攻撃します。")
    '《熊》（2/2）（《首輪》を装備している）が攻撃します。'
    >>> exam_prompt("先制攻撃の戦闘ダメージ・ステップの後、何点ですか？")
    '最初の戦闘ダメージ・ステップの後、何点ですか？'
    """
    text = _CITATION.sub("", prompt)
    text = _STEP.sub("最初の戦闘ダメージ・ステップ", text)
    text = _GROUP.sub(_group, text)  # before the phrases: a dropped item may hold 「…を持つ」
    text = _HAVING.sub("", text)
    return text


def deciding_words(topics: Iterable[str], rules: Iterable[str]) -> set[str]:
    """The keywords whose rule decides a question: its keyword topics and the 702 rules it cites."""
    words = {
        TOPICS_BY_SLUG[t].label
        for t in topics
        if t in TOPICS_BY_SLUG and TOPICS_BY_SLUG[t].label in KEYWORD_RULES.values()
    }
    for rule in rules:
        found = re.match(r"702\.\d+", rule)
        if found and found.group(0) in KEYWORD_RULES:
            words.add(KEYWORD_RULES[found.group(0)])
    return words


def named_paragraphs(text: str) -> list[str]:
    """CR paragraph numbers written in ``text`` (``702.19b``, ``120.4``)."""
    return re.findall(r"(?<![\d.])\d{3}\.\d+[a-z]?", text)
