"""Keyword abilities as printed on a card (English), named in Japanese for the card pages."""

from __future__ import annotations

from collections.abc import Mapping

KEYWORD_JA = {
    "Flying": "飛行", "Vigilance": "警戒", "Haste": "速攻", "Reach": "到達", "Flash": "瞬速", "Hexproof": "呪禁",
    "Prowess": "果敢", "Islandwalk": "島渡り", "Deathtouch": "接死", "Double Strike": "二段攻撃",
    "First Strike": "先制攻撃", "Indestructible": "破壊不能", "Infect": "感染", "Lifelink": "絆魂",
    "Trample": "トランプル", "Wither": "萎縮", "Morph": "変異", "Flashback": "フラッシュバック",
    "Enchant creature": "エンチャント（クリーチャー）", "Shroud": "被覆",
}  # fmt: skip


PROTECTION_JA = {
    "white": "白", "blue": "青", "black": "黒", "red": "赤", "green": "緑", "everything": "すべて",
    "Demons": "デーモン", "Dragons": "ドラゴン",
}  # fmt: skip


def keyword_ja(keyword: str) -> str:
    """A printed keyword in Japanese (the English word when we have no Japanese for it).

    >>> keyword_ja("Toxic 1"), keyword_ja("Protection from red"), keyword_ja("Equip 2")
    ('毒性1', 'プロテクション（赤）', '装備2')
    """
    if keyword.startswith("Toxic "):
        return "毒性" + keyword.removeprefix("Toxic ")
    if keyword.startswith("Protection from "):
        quality = keyword.removeprefix("Protection from ")
        return f"プロテクション（{PROTECTION_JA.get(quality, quality)}）"
    if keyword.startswith("Ward "):
        return "護法" + keyword.removeprefix("Ward ")
    if keyword.startswith("Equip "):
        return "装備" + keyword.removeprefix("Equip ")
    if keyword.startswith("Monstrosity "):
        return "怪物化" + keyword.removeprefix("Monstrosity ")
    return KEYWORD_JA.get(keyword, keyword)


def glossary_entry(keyword: str, by_english: Mapping[str, str]) -> str | None:
    """The glossary entry a printed keyword belongs to: the longest leading words of it that name one
    (``by_english``: Japanese names by casefolded English ones). None when no entry has it.

    >>> names = {"protection": "プロテクション", "first strike": "先制攻撃", "equip": "装備"}
    >>> [glossary_entry(k, names) for k in ("Protection from red", "First Strike", "Equip 2", "Morph")]
    ['プロテクション', '先制攻撃', '装備', None]
    """
    words = keyword.casefold().split()
    for length in range(len(words), 0, -1):
        name = by_english.get(" ".join(words[:length]))
        if name is not None:
            return name
    return None
