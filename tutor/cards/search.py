"""Card-name matching that ignores the differences a searcher should not have to type.

Both the query and the names go through :func:`fold`: Unicode NFKC (full-width letters and
half-width katakana become ordinary ones), lower case, katakana as hiragana, and without spaces,
middle dots, commas and hyphens.
"""

from __future__ import annotations

import re
import unicodedata

_IGNORED = re.compile(r"[\s・･、,\-‐―ー—:'’「」《》]")
_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}


def fold(text: str) -> str:
    """The searchable form of ``text``.

    >>> fold("ワーム"), fold("わーむ"), fold("Craw Wurm"), fold("ｸﾛｰ")
    ('わむ', 'わむ', 'crawwurm', 'くろ')
    """
    normal = unicodedata.normalize("NFKC", text).casefold()
    return _IGNORED.sub("", normal.translate(_KATAKANA_TO_HIRAGANA))


def matches(query: str, *names: str) -> bool:
    """Whether the folded query is part of one of the folded names (an empty query matches all).

    >>> matches("だいぐらい", "大喰らいのワーム"), matches("らいのわ", "大喰らいのワーム"), matches("craw", "Craw Wurm")
    (False, True, True)
    """
    needle = fold(query)
    return not needle or any(needle in fold(name) for name in names if name)
