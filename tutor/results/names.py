"""Names of players and permanents as the learner reads them, and the Japanese words for attributes, zones and types."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules_core.model.block_types import BlockerFilter
from rules_core.model.evasion import filters_ja
from rules_core.model.ja import COLOR_JA, KEYWORD_JA, PROTECTION_QUALITY_JA, subtype_ja
from rules_core.model.protection import entries_label

ATTRIBUTE_JA = {
    "damage": "負っているダメージ",
    "life": "ライフ",
    "poison": "毒カウンター",
    "counters.-1/-1": "-1/-1カウンター",
    "counters.+1/+1": "+1/+1カウンター",
    "loyalty": "忠誠度",
    "defense": "守備値",
    "zone": "領域",
    "lost": "敗北",
    "prevented": "軽減後のダメージ",
    "redirected": "移し替え後のダメージ",
    "multiplied": "置換後のダメージ",
    "increased": "増えたあとのダメージ",
    "shield": "軽減の盾の残り",
    "counters.shield": "盾カウンター",
    "tapped": "タップ状態",
    "removed_from_combat": "戦闘から取り除かれたか",
}
ZONE_JA = {
    "battlefield": "戦場",
    "graveyard": "墓地",
    "exile": "追放",
    "hand": "手札",
    "left_game": "ゲームの外",
    "nowhere": "(新たに生成)",
}


def source_key(source: Any) -> str:
    """How the engine names an event's source in ``events`` and choices: a permanent's id, else the
    inline source's id, else its name (``rules_core`` ``Source.key``)."""
    if isinstance(source, str):
        return source
    source = source or {}
    return source.get("id") or source.get("name") or "source"


class Names:
    """How a learner reads the ids of one document: players' and permanents' names, else the id."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        self.players = {p["id"]: p for p in document.get("players", [])}
        self.permanents = {p["id"]: p for p in document.get("permanents", [])}
        self.labels: dict[str, str] = {}
        for ident, p in {**self.players, **self.permanents}.items():
            self.labels[ident] = p.get("name") or ident
        event = document.get("event") or {}
        source = event.get("source")
        self.inline_source: Mapping[str, Any] | None = source if isinstance(source, Mapping) else None
        if self.inline_source is not None:
            key = source_key(self.inline_source)
            self.labels[key] = self.inline_source.get("name") or "呪文・能力"

    def learn_created(self, final: Mapping[str, Any] | None) -> None:
        """The names of the tokens a resolution created (CR 111.1): they are in its ``final``, not the document."""
        for ident, values in ((final or {}).get("permanents") or {}).items():
            if isinstance(values, Mapping) and values.get("created") and ident not in self.labels:
                self.labels[ident] = str(values.get("name") or "トークン")

    def __call__(self, ident: Any) -> str:
        if ident == "controller":
            return "ダメージを受けたパーマネントのコントローラー"
        if ident is None:
            return ""
        key = str(ident)
        label = self.labels.get(key)
        if label is None and _CREATED.fullmatch(key):
            return "生成されたトークン"  # a token a resolution created, where its final is not at hand
        return label if label is not None else key


_CREATED = re.compile(r"token\d+(?:\d*_\d+)?")
"""Ids the engine gives the tokens it creates (``rules_core.sba.zones``), never a document's own."""


def colors_ja(colors: Iterable[Any]) -> str:
    """Colours, or protection qualities (702.16): a word, or ``{"from": …}`` / ``{"player": …}``."""
    words = []
    for c in colors:
        if isinstance(c, Mapping):
            c = c.get("from") or (
                f"{c['player']}"
                if c.get("player")
                else subtype_ja(str(c["subtype"]))
                if c.get("subtype")
                else ""
            )
        words.append(COLOR_JA.get(c, PROTECTION_QUALITY_JA.get(c, c)))
    return "・".join(words)


def keywords_ja(permanent: Mapping[str, Any], name_of: Callable[[str], str] = str) -> list[str]:
    out = [KEYWORD_JA.get(k, k) for k in permanent.get("keywords", [])]
    if permanent.get("toxic"):
        out.append(f"毒性{permanent['toxic']}")
    if permanent.get("protection"):
        out.append(entries_label(permanent["protection"], name_of))
    return out + block_rules_ja(permanent)


_FILTER_KEYS = frozenset(BlockerFilter.__dataclass_fields__)


def block_rules_ja(permanent: Mapping[str, Any]) -> list[str]:
    """A document permanent's block restrictions (§ 13, CR 509.1a-b) as short Japanese labels.

    >>> block_rules_ja({"cant_block": True, "cant_be_blocked_by": [{"power_at_most": 2}], "additional_blocks": "any"})
    ['ブロックできない', 'パワーが2以下のクリーチャーにはブロックされない', '好きな数のクリーチャーをブロックできる']
    """
    out = []
    if permanent.get("cant_block"):
        out.append("ブロックできない")
    if permanent.get("cant_be_blocked"):
        out.append("ブロックされない")
    for key, tail in (
        ("cant_be_blocked_by", "にはブロックされない"),
        ("cant_be_blocked_except_by", "にしかブロックされない"),
    ):
        filters = permanent.get(key)
        if isinstance(filters, list) and filters:
            known = [
                {k: v for k, v in f.items() if k in _FILTER_KEYS} for f in filters if isinstance(f, Mapping)
            ]
            out.append(filters_ja([BlockerFilter(**f) for f in known]) + tail)
    if permanent.get("min_blockers"):
        out.append(f"{permanent['min_blockers']}体以上にしかブロックされない")
    extra = permanent.get("additional_blocks")
    if extra == "any":
        out.append("好きな数のクリーチャーをブロックできる")
    elif extra:
        out.append(f"追加で{extra}体ブロックできる")
    return out
