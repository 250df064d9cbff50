"""Where the text of a drawn card goes (``templates/results/_card.html``, a 100×140 SVG card).

Every line is set at 11 px or more at the card's own size, so it stays readable where the page draws
the card at its natural size or larger. A long name wraps onto a second line and is shortened with
「…」 only after that (the full name is the card's ``<title>``); counters, shields and tapped marks
are pills laid out in rows under the text, above the damage marker and the power/toughness box.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

FONT = 11
LINE = 13
NAME_EM = 8.0
"""Characters of 1 em that fit in the name bar (88 px at 11 px; Latin letters and digits count 0.6)."""
TEXT_EM = 8.0
PILL_TOP_LIMIT = 110
"""Pills end above the damage marker and the power/toughness box (they start at y 113)."""
PILL_H = 15
PILL_GAP = 2
CARD_INNER = (4, 96)


def em(text: str) -> float:
    """The width of ``text`` in em: CJK and full-width characters 1, the rest 0.6.

    >>> em("灰色熊"), em("5/5"), em("トランプルを持つ5/5")
    (3.0, 1.8, 9.8)
    """
    return round(sum(1.0 if ord(ch) >= 0x2E80 else 0.6 for ch in text), 2)


NO_LINE_START: Final = frozenset("》」』）)]、。・ー…！？!?ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
"""Characters a Japanese line never starts with (closing brackets, punctuation, small kana: 行頭禁則)."""
NO_LINE_END: Final = frozenset("《「『（([")
"""Characters a Japanese line never ends with (opening brackets: 行末禁則)."""


def wrap(text: str, width: float, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` em; the last ends with 「…」 when cut. A line
    never starts with a closing bracket or ends with an opening one: the character before moves down
    with it (追い出し).

    >>> wrap("灰色熊", 8, 2)
    ['灰色熊']
    >>> wrap("トランプルを持つ5/5", 8, 2)
    ['トランプルを持つ', '5/5']
    >>> wrap("とてもとても長いカードの名前です", 7.5, 2)
    ['とてもとても長', 'いカードの名…']
    >>> wrap("《ボロスの反攻者》", 8, 2)
    ['《ボロスの反攻', '者》']
    >>> wrap("《灰色熊》と《ショック》", 7, 2)
    ['《灰色熊》と', '《ショック》']
    """
    out: list[str] = []
    current = ""
    for ch in text:
        if em(current + ch) > width:
            head, carry = current, ""
            if ch in NO_LINE_START and len(head) > 1:
                head, carry = head[:-1], head[-1]
            while len(head) > 1 and head[-1] in NO_LINE_END:
                head, carry = head[:-1], head[-1] + carry
            out.append(head)
            current = carry + ch
            if len(out) == lines:
                break
        else:
            current += ch
    else:
        out.append(current)
        return [line for line in out if line]
    last = out[-1]
    while last and em(last + "…") > width:
        last = last[:-1]
    out[-1] = last + "…"
    return out


def _pill(kind: str, text: str, changed: bool) -> dict[str, Any]:
    return {"kind": kind, "text": text, "changed": changed, "w": round(em(text) * FONT + 8)}


def _pills(card: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Shields (615.7), shield counters, +1/+1 and -1/-1 counters, tapped, removed from combat."""
    pills = [
        _pill("shield", f"盾{sh['amount']}", bool(sh.get("changed"))) for sh in card.get("shields") or []
    ]
    changed = bool(card.get("counters_changed"))
    if card.get("shield_counters"):
        pills.append(
            _pill(
                "shield", f"盾カウンター×{card['shield_counters']}", bool(card.get("shield_counters_changed"))
            )
        )
    if card.get("plus"):
        pills.append(_pill("plus", f"+1/+1×{card['plus']}", changed))
    if card.get("minus"):
        pills.append(_pill("minus", f"-1/-1×{card['minus']}", changed))
    if card.get("tapped"):
        pills.append(_pill("tapped", "タップ", bool(card.get("tapped_changed"))))
    if card.get("removed_from_combat"):
        pills.append(_pill("tapped", "戦闘外", bool(card.get("tapped_changed"))))
    return pills


def _place(pills: list[dict[str, Any]], top: float) -> list[dict[str, Any]]:
    """Pills left to right in rows from ``top``, as many as fit above the bottom marks."""
    x, row_y = CARD_INNER[0], top
    placed = []
    for pill in pills:
        width = min(pill["w"], CARD_INNER[1] - CARD_INNER[0])
        if x + width > CARD_INNER[1] and x > CARD_INNER[0]:
            x, row_y = CARD_INNER[0], row_y + PILL_H + PILL_GAP
        if row_y + PILL_H > PILL_TOP_LIMIT:
            break
        placed.append(
            {
                **pill,
                "x": x,
                "y": round(row_y),
                "w": width,
                "tx": round(x + width / 2),
                "ty": round(row_y + 11.5),
            }
        )
        x += width + 3
    return placed


def card_face(card: Mapping[str, Any]) -> dict[str, Any]:
    """The lines and pills of ``card`` (a card of ``tutor.results.table``) with their positions."""
    name_lines = wrap(str(card.get("name") or ""), NAME_EM, 2)
    bar_h = 6 + LINE * len(name_lines)
    names = [{"text": t, "y": 5 + 12 + LINE * i} for i, t in enumerate(name_lines)]
    type_y = 5 + bar_h + 13
    type_line = {"text": (wrap(str(card.get("type_line") or ""), TEXT_EM, 1) or [""])[0], "y": type_y}
    pills = _pills(card)
    keywords: list[dict[str, Any]] = []
    placed: list[dict[str, Any]] = []
    for keyword_lines in (2, 1, 0):
        # the keywords give way to the counters when both do not fit (the <title> still says it all)
        y = type_y + LINE
        text = "・".join(card.get("keywords") or [])
        keywords = [{"text": t, "y": y + LINE * i} for i, t in enumerate(wrap(text, TEXT_EM, keyword_lines))]
        keywords = keywords[:keyword_lines]
        y += LINE * len(keywords)
        if card.get("protector"):
            keywords.append({"text": wrap(f"守る者:{card['protector']}", TEXT_EM, 1)[0], "y": y})
            y += LINE
        placed = _place(pills, y - 9)
        if len(placed) == len(pills):
            break
    return {"names": names, "bar_h": bar_h, "type": type_line, "keywords": keywords, "pills": placed}
