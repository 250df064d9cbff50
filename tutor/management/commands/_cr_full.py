"""Reading the whole Japanese CR (2026-01-16) and pairing it with the English one (2026-06-19).

The Japanese file is published as one paragraph a line, but not always: a number may stand alone with
its text on the next line (500.10a), 「例：」 may stand alone above its example (123.6b), the space after
a number may be missing (709.5e), an example may use an ASCII colon (「例:」), and a definition in the
glossary may or may not be indented. The text itself is kept as published.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_NUMBERED = re.compile(r"^(?P<number>\d{3}(?:\.\d{1,3}[a-z]?)?)(?![\d])\.?\s*(?P<text>.*)$")
_CHAPTER = re.compile(r"^(?P<number>\d)\. (?P<text>\S.*)$")
_EXAMPLE = ("例：", "例:")
_TERM_HEAD = re.compile(r"^(?P<name>[^（／　。]*?)\s*（(?P<reading>[^）]+)）\s*／\s*(?P<en>[^。]+?)\s*$")


@dataclass
class Parsed:
    number: str
    text: str
    heading: bool = False
    examples: list[str] = field(default_factory=list)


def is_heading(text: str) -> bool:
    """A line without a sentence in it is a heading (``702.19. トランプル``, ``Trample``)."""
    return (
        bool(text) and "。" not in text and not text.endswith((".", ":", "”", ".)", "”)")) and len(text) < 80
    )


def parse_ja_full(lines: list[str]) -> tuple[list[Parsed], list[tuple[str, str]]]:
    """The rules part of the Japanese file -> (paragraphs and headings in order, chapters).

    >>> parsed, chapters = parse_ja_full(["1. 考え方", "100. 原則", "100.1. 文。", "例：", "例文。",
    ...     "500.10a", "後の行。", "709.5e続き。", "　字下げ。"])
    >>> [(p.number, p.heading, p.text, p.examples) for p in parsed]
    [('100', True, '原則', []), ('100.1', False, '文。', ['例文。']), ('500.10a', False, '後の行。', []), ('709.5e', False, '続き。\\n\\u3000字下げ。', [])]
    >>> chapters
    [('1', '考え方')]
    """
    parsed: list[Parsed] = []
    chapters: list[tuple[str, str]] = []
    waiting = ""  # "text": a number stood alone; "example": 「例：」 stood alone
    for raw in lines:
        line = raw.rstrip()
        if not line.strip():
            continue
        if chapter := _CHAPTER.match(line):
            chapters.append((chapter.group("number"), chapter.group("text")))
            waiting = ""
            continue
        if line.startswith(_EXAMPLE) and parsed:
            rest = line[2:].strip()
            parsed[-1].examples.append(rest)
            waiting = "" if rest else "example"
            continue
        numbered = _NUMBERED.match(line)
        if numbered and not line.startswith("\u3000"):
            text = numbered.group("text").strip()
            parsed.append(Parsed(numbered.group("number"), text, heading=is_heading(text)))
            waiting = "" if text else "text"
            continue
        if not parsed:  # はじめに: the lines before rule 100 (kept on the index page)
            continue
        last = parsed[-1]
        if waiting == "example":
            last.examples[-1] = line.strip()
        elif waiting == "text":
            last.text = line.strip()
            last.heading = is_heading(last.text)
        elif last.examples:
            last.examples[-1] += "\n" + line
        else:
            last.text += "\n" + line
        waiting = ""
    return parsed, chapters


def introduction(lines: list[str]) -> list[str]:
    """The lines of 「0. はじめに」 (before the first chapter heading that follows it)."""
    text: list[str] = []
    started = False
    for line in lines:
        if line.startswith("0. "):
            started = True
            continue
        if started:
            if _CHAPTER.match(line):
                break
            text.append(line.strip())
    return [line for line in text if line]


def parse_ja_glossary_full(lines: list[str]) -> list[dict[str, str]]:
    """``用語（よみ）／English`` then one or more lines of definition (indented or not).

    >>> parse_ja_glossary_full(["接死（せっし）／Deathtouch", "　キーワード能力。", "「双頭」戦（そう）／2HG", "説明。"])
    [{'name_ja': '接死', 'reading': 'せっし', 'name_en': 'Deathtouch', 'definition': 'キーワード能力。'}, {'name_ja': '「双頭」戦', 'reading': 'そう', 'name_en': '2HG', 'definition': '説明。'}]
    """
    entries: list[dict[str, str]] = []
    for raw in lines:
        line = raw.rstrip()
        if not line.strip():
            continue
        head = _TERM_HEAD.match(line)
        if head and not line.startswith("\u3000"):
            name = head.group("name").strip()
            entries.append(
                {
                    # one head of the source lacks its name (「（へや）／Room」): shown as published
                    "name_ja": name or f"（{head.group('reading').strip()}）",
                    "reading": head.group("reading").strip(),
                    "name_en": head.group("en").strip(),
                    "definition": "",
                }
            )
            continue
        if not entries:
            raise ValueError(f"glossary text before any entry: {line[:40]}")
        body = line.strip().lstrip("\u3000").strip()
        entries[-1]["definition"] = f"{entries[-1]['definition']}\n{body}".strip()
    return entries


# --- Pairing the Japanese paragraphs with the English ones -----------------------------------------

# The English of 2026-06-19 inserts 722 (Preparation Cards): the Japanese 722-732 are the English
# 723-733. Each pair is checked by its titles in both texts (the importer stops if one changes).
MOVED_SECTIONS: dict[str, tuple[str, str, str]] = {
    "722": ("723", "他のプレイヤーをコントロールする", "Controlling Another Player"),
    "723": ("724", "ターンやフェイズを終了させる", "Ending Turns and Phases"),
    "724": ("725", "統治者", "The Monarch"),
    "725": ("726", "イニシアチブ", "The Initiative"),
    "726": ("727", "ゲームを再び開始する", "Restarting the Game"),
    "727": ("728", "RADカウンター", "Rad Counters"),
    "728": ("729", "サブゲーム", "Subgames"),
    "729": ("730", "パーマネントの合同", "Merging with Permanents"),
    "730": ("731", "昼と夜", "Day and Night"),
    "731": ("732", "行動の省略", "Taking Shortcuts"),
    "732": ("733", "不正な処理の扱い", "Handling Illegal Actions"),
}

# Paragraphs that moved inside a rule: the English inserted or removed a sub-rule, so the letters
# (or numbers) after it differ. Found by reading both texts side by side; each with why.
MOVED_PARAGRAPHS: dict[str, tuple[str, str]] = {
    "506.3d": ("506.3e", "英語版が 506.3d（宣言ステップ中に攻撃している状態で出たクリーチャー）を追加"),
    "506.3e": ("506.3f", "英語版が 506.3d を追加"),
    "506.3f": ("506.3g", "英語版が 506.3d を追加"),
    "601.5": ("601.6", "英語版が 601.5（対象や配分を宣言している間のこと）を追加"),
    "601.5a": ("601.6a", "英語版が 601.5 を追加"),
    "601.6": ("601.7", "英語版が 601.5 を追加"),
    "601.6a": ("601.7a", "英語版が 601.5 を追加"),
    "601.6b": ("601.7b", "英語版が 601.5 を追加"),
    "601.7": ("601.8", "英語版が 601.5 を追加"),
    "701.50b": ("701.50f", "英語版は 701.50b の内容を 701.50f に移し、701.50e（謀議0）を追加"),
    "701.50c": ("701.50b", "英語版で 701.50b の内容が 701.50f に移動"),
    "701.50d": ("701.50c", "英語版で 701.50b の内容が 701.50f に移動"),
    "701.50e": ("701.50d", "英語版で 701.50b の内容が 701.50f に移動"),
    "702.122c": ("702.122d", "英語版が 702.122c（搭乗した／crewed by）を追加"),
    "702.122d": ("702.122e", "英語版が 702.122c を追加"),
    "714.3b": ("714.3c", "英語版が 714.3b（先読を持つ英雄譚）を追加"),
    "805.10g": ("805.10f", "英語版が 805.10f（ダメージ割り振り順）を削除"),
}

# Japanese paragraphs with no English counterpart, and why (stored under a number of their own).
JA_ONLY: dict[str, str] = {
    "805.10f": "英語版（2026-06-19）で削除された条文（共有チーム・ターンでのダメージ割り振り順）",
}
JA_ONLY_PREFIX = "ja-"
"""A Japanese-only paragraph is stored as ``ja-805.10f``: its printed number belongs to another English
paragraph, and pairing is by stored number."""


def stored_number(ja_number: str) -> str:
    """The number a Japanese paragraph is stored (and paired) under: the English one.

    >>> stored_number("722.1"), stored_number("731"), stored_number("506.3d"), stored_number("120.4a")
    ('723.1', '732', '506.3e', '120.4a')
    """
    if ja_number in MOVED_PARAGRAPHS:
        return MOVED_PARAGRAPHS[ja_number][0]
    if ja_number in JA_ONLY:
        return JA_ONLY_PREFIX + ja_number
    head, dot, rest = ja_number.partition(".")
    if head in MOVED_SECTIONS:
        return MOVED_SECTIONS[head][0] + dot + rest
    return ja_number
