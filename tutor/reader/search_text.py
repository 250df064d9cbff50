"""The text search compares: one normalised form of a text, the same on SQLite and PostgreSQL.

Stored beside each paragraph, example and glossary entry at import time, and applied to the query, so
that a plain ``LIKE`` (Django's ``contains``) on either database answers kana-, width- and
case-insensitively: ｔｒａｍｐｌｅ, Trample and trample are one word, and so are トランプル, ﾄﾗﾝﾌﾟﾙ and
とらんぷる.
"""

from __future__ import annotations

import unicodedata

_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}


def normalise(text: str) -> str:
    """NFKC (full-width letters and digits, half-width kana), lower case, katakana as hiragana, and
    whitespace runs as one space.

    >>> normalise("ﾄﾗﾝﾌﾟﾙ　Ｔｒａｍｐｌｅ ２体")
    'とらんぷる trample 2体'
    """
    folded = unicodedata.normalize("NFKC", text).lower().translate(_KATAKANA_TO_HIRAGANA)
    return " ".join(folded.split())


# Words a learner types for what the rules say another way (ours, not the CR's): 「2体」 for 「クリーチャー(群)」
# or 「複数のクリーチャー」. A query word matches its own text or any of these. Kept short on purpose:
# each entry is a counting word the rules never use as the learner does.
_CREATURES = (
    "複数のクリーチャー",
    "クリーチャー(群)",
    "2体以上",
    "two creatures",
    "more than one creature",
    "multiple creatures",
)
SYNONYMS: dict[str, tuple[str, ...]] = {
    "2体": _CREATURES,
    "二体": ("2体", *_CREATURES),
    "複数体": ("2体", *_CREATURES),
    "複数": ("(群)", "multiple", "more than one"),
}


def query_words(query: str, *, limit: int = 8) -> list[tuple[str, ...]]:
    """The words of a query, normalised, each with the other ways the text says it.

    >>> query_words("トランプル　２体")
    [('とらんぷる',), ('2体', '複数のくりーちゃー', 'くりーちゃー(群)', '2体以上', 'two creatures', 'more than one creature', 'multiple creatures')]
    """
    words = normalise(query).split()[:limit]
    return [(word, *(normalise(s) for s in SYNONYMS.get(word, ()))) for word in words]


def closeness(text: str, words: list[tuple[str, ...]]) -> int | None:
    """How close together the words occur in normalised ``text``: the length of the shortest stretch
    holding one form of every word (``None`` when one is missing).

    >>> closeness("あいうえお かきくけこ", [("い",), ("く",)]), closeness("あいう", [("い",), ("ん",)])
    (8, None)
    """
    hits: list[tuple[int, int, int]] = []  # (start, end, word index)
    for index, forms in enumerate(words):
        found = False
        for form in forms:
            start = text.find(form)
            while start != -1:
                hits.append((start, start + len(form), index))
                found = True
                start = text.find(form, start + 1)
        if not found:
            return None
    hits.sort()
    best: int | None = None
    last: dict[int, tuple[int, int]] = {}
    for start, end, index in hits:
        last[index] = (start, end)
        if len(last) == len(words):
            first = min(s for s, _ in last.values())
            stretch = max(e for _, e in last.values()) - first
            best = stretch if best is None else min(best, stretch)
    return best
