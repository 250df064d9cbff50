"""A board's drawing as one PNG (share cards' ``og:image``), rendered with cairosvg and cached per slug.

The page draws a board as HTML seats around SVG lanes, styled by ``board.css``. A share card needs one
picture, so :func:`board_svg` lays the same pieces out in one SVG, reusing the card, token and lane
templates the page uses, with the drawing's rules of ``board.css`` copied into it (cairosvg reads an
SVG's ``<style>`` but no custom properties, which are replaced by their values here).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import cairosvg
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string

from tutor.board import documents, selectors
from tutor.board.page import declared_amounts
from tutor.common.content_cache import built_once, content_version
from tutor.results.table import table_present

MAX_AGE = 7 * 24 * 3600
"""A week in browsers and proxies: a slug names one document for good, so its picture never changes."""

CACHE_TIMEOUT = 7 * 24 * 3600
OUTPUT_WIDTH = 1200
"""Share cards are shown about this wide (the size Open Graph consumers recommend)."""

PAD = 16
ROW_HEIGHT = 150
TOKEN_ROW_HEIGHT = 76
CARD_STEP = 108
CARDS_PER_ROW = 10
MAX_CARDS_PER_SEAT = CARDS_PER_ROW
"""A seat draws one row of cards at most (the rest are counted in words), so the event stays in the picture."""

MAX_LANE_WIDTH = 1168
"""The widest lane drawn in full (OUTPUT_WIDTH less the margins): a wider one is cut at that width,
so that a share card stays legible and a board at the limits is drawn in a bounded time."""
MAX_HEIGHT = 1200
"""The picture is cut at this height, and lanes that would start below it are left out (the page shows
them all): drawing time grows with the picture's area, and link previews crop a tall picture anyway."""

FONT = "'IPAPGothic', 'IPAGothic', 'Noto Sans CJK JP', sans-serif"
_VALUES = {"--font": FONT, "--bad-soft": "#fde2e1"}
_DRAWING_RULES = (".card", ".token", ".chg >", ".has-change", ".arrow")
"""The rules that style the SVG pieces; the page layout around them (lanes, seats) is not drawn here."""


@cache
def drawing_css() -> str:
    """The rules of ``board.css`` that style cards, tokens and arrows, ready for cairosvg."""
    found = finders.find("css/board.css")
    path = Path(found if isinstance(found, str) else Path(settings.BASE_DIR) / "static/css/board.css")
    lines = path.read_text(encoding="utf-8").splitlines()
    # :not() and !important are beyond cairosvg's selector support; the rest reads as it is
    kept = [
        line.replace(" !important", "")
        for line in lines
        if line.startswith(_DRAWING_RULES) and ":not(" not in line
    ]
    text = "\n".join(kept)
    return re.sub(r"var\((--[\w-]+)\)", lambda m: _VALUES.get(m[1], "inherit"), text)


def _seat_rows(seat: dict[str, Any], y: int) -> tuple[dict[str, Any], int]:
    """A seat as one row from ``y``: its player, then up to :data:`MAX_CARDS_PER_SEAT` cards; the next row's y."""
    cards = [*seat["cards"], *seat["graveyard"]]
    drawn = cards[:MAX_CARDS_PER_SEAT]
    placed = [{"card": card, "x": PAD + 110 + i * CARD_STEP, "y": y} for i, card in enumerate(drawn)]
    height = ROW_HEIGHT if drawn else TOKEN_ROW_HEIGHT  # a player without cards needs only their token
    row = {
        "player": seat["player"],
        "token_y": y + (38 if drawn else 4),
        "cards": placed,
        "more": len(cards) - len(drawn),
        "more_y": y + height - 4,
    }
    return row, y + height + (14 if row["more"] else 0)


_PATH_START = re.compile(r"^M\s*(-?[\d.]+)")


def _cropped(lane: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """``lane`` cut at :data:`MAX_LANE_WIDTH`: the cards and arrows that start beyond it are left out."""
    if int(lane["width"]) <= MAX_LANE_WIDTH:
        return lane, False

    def starts_inside(arrow: dict[str, Any]) -> bool:
        start = _PATH_START.match(str(arrow.get("path", "")))
        return start is not None and float(start[1]) < MAX_LANE_WIDTH

    items = [item for item in lane["items"] if int(item["x"]) < MAX_LANE_WIDTH]
    arrows = [arrow for arrow in lane["arrows"] if starts_inside(arrow)]
    return {**lane, "items": items, "arrows": arrows, "width": MAX_LANE_WIDTH}, True


def board_svg(title: str, document: dict[str, Any]) -> str:
    """The board before its event, as the permalink draws it, in one standalone SVG."""
    parsed = documents.board_parse(document)
    table = table_present(document, result=None, stage=None, amounts=declared_amounts(document, parsed))
    y = PAD + 34
    seats: list[dict[str, Any]] = []
    for seat in table["top_seats"]:
        row, y = _seat_rows(seat, y)
        seats.append(row)
    lanes: list[dict[str, Any]] = []
    cut = False
    for whole in table["lanes"]:
        if lanes and y + int(whole["height"]) > MAX_HEIGHT:
            cut = True
            break
        lane, narrowed = _cropped(whole)
        cut = cut or narrowed
        lanes.append({"lane": lane, "y": y})
        y += int(lane["height"]) + 8
    if table["bottom_seat"]:
        row, y = _seat_rows(table["bottom_seat"], y)
        seats.append(row)
    widths = [PAD * 2 + int(entry["lane"]["width"]) for entry in lanes]
    widths += [PAD * 2 + 110 + min(CARDS_PER_ROW, max(1, len(s["cards"]))) * CARD_STEP for s in seats]
    width = max([600, *widths])
    height = min(y + PAD, MAX_HEIGHT)
    cut = cut or y + PAD > MAX_HEIGHT
    return render_to_string(
        "embed/preview.svg",
        {
            "title": title or "盤面",
            "css": drawing_css(),
            "font": FONT,
            "width": width,
            "height": height,
            "pad": PAD,
            "seats": seats,
            "lanes": lanes,
            "cut": cut,
        },
    )


def board_png(title: str, document: dict[str, Any]) -> bytes:
    """:func:`board_svg` as a PNG :data:`OUTPUT_WIDTH` wide (narrower drawings are not blown up)."""
    svg = board_svg(title, document)
    width = int(re.search(r'width="(\d+)"', svg)[1])  # type: ignore[index]
    png = cairosvg.svg2png(
        bytestring=svg.encode("utf-8"), output_width=min(width, OUTPUT_WIDTH), unsafe=False
    )
    return bytes(png)


def preview_png(slug: str) -> bytes | None:
    """The stored board ``slug``'s preview, made once per slug and content version, one build at a time
    (None: no such board). Link previews of a shared permalink ask for it from many crawlers at once."""

    def build() -> bytes | None:
        scenario = selectors.scenario_get(slug=slug)
        return None if scenario is None else board_png(scenario.title, scenario.document)

    png = built_once(f"tutor:board-preview:{content_version()}:{slug}", build, CACHE_TIMEOUT)
    return png if isinstance(png, bytes) else None
