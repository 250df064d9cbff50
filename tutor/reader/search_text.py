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
