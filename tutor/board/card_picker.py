"""The card picker of the board editor: the search results, the place panel (``?add=card&card=<slug>``)
and the one-click starting boards built from real cards. Reads the catalogue; the document edits
themselves are the pure :mod:`tutor.board.card_documents`."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from crispy_forms.layout import HTML
from django.utils.html import escape

from tutor.board import documents
from tutor.board.card_documents import (
    NEW,
    PIECE,
    WHOLE,
    PlacementError,
    attackers_of,
    blocker_add,
    card_kind,
    card_place,
    default_bindings,
    may_block,
)
from tutor.board.forms.cards import WHOLE_ONLY, CardPlaceForm
from tutor.cards import selectors as card_selectors
from tutor.cards.describe import describe
from tutor.cards.search import fold
from tutor.models import Card

RESULTS_MAX = 12
"""Cards the picker lists at once (the catalogue page lists them all)."""
KIND_JA = {"permanent": "パーマネント", "effect": "効果", "event": "イベント"}


def card_name(card: Card) -> str:
    """The name the board shows: the official Japanese one, else the English one."""
    return card.ja_name or card.en_name


def engine_of(card: Card) -> dict[str, Any]:
    """The card's engine fragment (an empty one for a row without it)."""
    return dict(card.engine or {})


def card_bases() -> dict[str, dict[str, Any]]:
    """Each catalogue card's own permanent by Japanese name (what a role of an example is without
    what the card gives it); one query of the catalogue's rows."""
    bases: dict[str, dict[str, Any]] = {}
    for ja_name, engine in Card.objects.exclude(ja_name=None).values_list("ja_name", "engine"):
        own = next((p for p in (engine or {}).get("permanents", []) if p.get("id") == "card"), None)
        if own is not None and ja_name:
            bases[str(ja_name)] = own
    return bases


def placeable(slug: str) -> Card | None:
    """The catalogue card ``slug`` when it has an encoding for the engine."""
    if not slug or len(slug) > 100:
        return None
    card = card_selectors.card_get(slug=slug)
    return card if card is not None and card.engine else None


def picker_results(query: str) -> dict[str, Any]:
    """The cards whose Japanese or English name holds ``query`` (kana-insensitive), at most
    :data:`RESULTS_MAX` of them, each with what it is to the engine."""
    if not fold(query):
        return {"query": query, "cards": [], "more": 0, "searched": False}
    needle = fold(query)

    def closeness(card: Card) -> int:
        """The name itself first, then names that start with the query, then the rest (in catalogue order)."""
        names = [fold(n) for n in (card.ja_name or "", card.en_name, *(card.aliases or [])) if n]
        return 0 if needle in names else 1 if any(n.startswith(needle) for n in names) else 2

    found = sorted((c for c in card_selectors.card_search(query=query) if c.engine), key=closeness)
    cards = [
        {
            "slug": c.slug,
            "name": card_name(c),
            "en_name": c.en_name if c.ja_name else "",
            "size": f"{c.power}/{c.toughness}" if c.power is not None and c.toughness is not None else "",
            "kind": KIND_JA.get(card_kind(engine_of(c)), ""),
        }
        for c in found[:RESULTS_MAX]
    ]
    return {"query": query, "cards": cards, "more": max(0, len(found) - RESULTS_MAX), "searched": True}


def place_form(
    card: Card,
    document: Mapping[str, Any],
    action: str,
    data: Mapping[str, Any] | None = None,
    bases: Mapping[str, Mapping[str, Any]] | None = None,
) -> CardPlaceForm:
    """The place form of ``card`` for this board, with sensible defaults: a permanent goes to whoever
    controls nothing yet (as the permanent form does), an effect or event to the active player; each
    role to a fitting permanent of the board; a creature placed for an attacked player blocks."""
    # Imported here: the board page imports this module for its editor panel.
    from tutor.board.page import default_controller

    kind = card_kind(engine_of(card))
    players = [p.get("id") for p in document.get("players", [])]
    player = default_controller(document) if kind == "permanent" else document.get("active_player")
    if player not in players:
        player = players[0] if players else None
    initial: dict[str, Any] = {"card": card.slug, "player": player}
    if player is not None:
        # a role with no fitting permanent on the board defaults to the example's own card, so the
        # first 「例のように」 on an empty board needs no choice
        initial |= {
            f"role_{k}": v or NEW
            for k, v in default_bindings(document, engine_of(card), player=player).items()
        }
        # the first attacker the card may block (a flyer only by a creature with flying or reach): never a
        # default the engine would refuse after the click
        own = next((p for p in engine_of(card).get("permanents", []) if p.get("id") == "card"), None)
        blockable = [a for a in attackers_of(document, str(player)) if own and may_block(document, a, own)]
        if blockable:
            initial["block"] = blockable[0]
    form = CardPlaceForm(
        data,
        document=document,
        action=action,
        fragment=engine_of(card),
        card_name=card_name(card),
        bases=card_bases() if bases is None else bases,
        initial=initial,
    )
    lines = "".join(f"<li>{escape(line)}</li>" for line in describe(engine_of(card)))
    form.helper.layout.fields.insert(
        0,
        _html(
            f'<div class="{WHOLE_ONLY}"><p class="form-text">カードの例(「例のように」置くとこうなります):</p><ul class="event-lines">{lines}</ul>'
            + (
                f'<p class="form-text">盤面での扱い: {escape(card.engine_note)}</p>'
                if card.engine_note
                else ""
            )
            + "</div>"
        ),
    )
    return form


def card_panel(
    params: Mapping[str, str], document: Mapping[str, Any], urls: Mapping[str, str]
) -> dict[str, Any] | None:
    """``?add=card&card=<slug>``: the place form of that card (None for any other panel)."""
    if params.get("add") != "card":
        return None
    card = placeable(params.get("card", ""))
    if card is None:
        return {"mode": "menu", "picker": picker_context(params, document, missing=True)}
    form = place_form(card, document, urls["card_place"])
    return {"mode": "form", "title": f"《{card_name(card)}》を置く", "form": form}


def _html(markup: str) -> HTML:
    # crispy renders HTML() as a template: the escaped lines must not be read as template syntax
    return HTML(markup.replace("{", "&#123;").replace("}", "&#125;"))


def picker_context(
    params: Mapping[str, str], document: Mapping[str, Any], *, missing: bool = False
) -> dict[str, Any]:
    """What the picker section of the editor menu shows: the search (with ``?card_q=``, its results
    drawn without JavaScript) and, on a board with nothing on it, the starting boards."""
    query = (params.get("card_q") or "")[:100]
    return {
        **picker_results(query),
        "missing": missing,
        "starters": STARTER_LIST if not document.get("permanents") else [],
    }


# --- one-click starting boards ------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One card placed: its slug, for whom, how, each role's binding (``@n``: the card of step n)
    and, for a creature, the attacker (``@n``) it blocks."""

    slug: str
    player: str
    how: str = PIECE
    roles: tuple[tuple[str, str], ...] = ()
    blocks: str = ""


@dataclass(frozen=True)
class Starter:
    key: str
    title: str
    description: str
    steps: tuple[Step, ...]


STARTERS = (
    Starter(
        "trample",
        "トランプルとブロック",
        "《契約紡ぎ、ファルコ・スパーラ》(3/3・飛行・トランプル)が攻撃し、《万物の声》(2/2・飛行)がブロックします。"
        "ブロック・クリーチャーに致死ダメージを割り振れば、残りはプレイヤーに割り振れます(702.19b)。",
        (Step("falco-spara-pactweaver", "A", WHOLE), Step("voice-of-all", "B", blocks="@1")),
    ),
    Starter(
        "trample-two",
        "トランプルと2体のブロック",
        "《巨大な戦慄大口》(6/6・トランプル)を《灰色熊》と《ラノワールのエルフ》の2体がブロックします。"
        "2体それぞれに致死ダメージ(2点と1点)を割り振れば、残りの3点はプレイヤーに割り振れます(702.19b)。",
        (
            Step("colossal-dreadmaw", "A", WHOLE, roles=(("bear", NEW),)),
            Step("llanowar-elves", "B", blocks="@1"),
        ),
    ),
    Starter(
        "deathtouch-trample",
        "接死とトランプル",
        "《バジリスクの首輪》で接死を得た《巨大な戦慄大口》(6/6・トランプル)を《灰色熊》がブロックします。"
        "接死があれば1点で致死ダメージになり、残りはプレイヤーに割り振れます(702.2c・702.19b)。",
        (
            Step("grizzly-bears", "B"),
            Step("colossal-dreadmaw", "A", WHOLE, roles=(("bear", "@1"),)),
            Step("basilisk-collar", "A", roles=(("ally", "@2"),)),
        ),
    ),
    Starter(
        "shield",
        "ダメージ呪文と盾カウンター",
        "盾カウンター2個の《聖域の番人》に《稲妻》。盾カウンターが1個取り除かれ、ダメージは与えられません(122.1c)。",
        (Step("sanctuary-warden", "B"), Step("lightning-bolt", "A", WHOLE, roles=(("bear", "@1"),))),
    ),
    Starter(
        "redirection",
        "軽減と移し替え",
        "《最下層民》をつけた《灰色熊》があなたへの《稲妻》のダメージを代わりに受け、《治癒の軟膏》がその3点を軽減します。"
        "どちらを先に適用するかはダメージを受けるものが選びます(616.1)。",
        (
            Step("pariah", "A", WHOLE, roles=(("ally", NEW),)),
            Step("healing-salve", "A"),
        ),
    ),
)
"""Starting boards for common questions, each built card by card with the picker's own merge."""

STARTER_LIST = [{"key": s.key, "title": s.title, "description": s.description} for s in STARTERS]


def starter_document(key: str) -> dict[str, Any] | None:
    """The starting board ``key``, built on an empty board (None: no such starter).

    :raises PlacementError: when the catalogue lacks one of its cards (an edited catalogue).
    """
    starter = next((s for s in STARTERS if s.key == key), None)
    if starter is None:
        return None
    document: dict[str, Any] = copy.deepcopy(documents.STARTER_DOCUMENT)
    bases = card_bases()
    placed_ids: list[str | None] = []

    def bound(value: str) -> str:
        if value.startswith("@"):
            return placed_ids[int(value[1:]) - 1] or ""
        return value

    for step in starter.steps:
        card = placeable(step.slug)
        if card is None:
            raise PlacementError("この盤面に使うカードが見つかりません。カードを一枚ずつ置いてください。")
        bindings = default_bindings(document, engine_of(card), player=step.player)
        bindings |= {role: bound(value) for role, value in step.roles}
        placed = card_place(
            document=document,
            fragment=engine_of(card),
            name=card_name(card),
            player=step.player,
            how=step.how,
            bindings=bindings,
            bases=bases,
        )
        document = placed.document
        placed_ids.append(placed.card_id)
        if step.blocks and placed.card_id:
            document = blocker_add(document=document, blocker=placed.card_id, attacker=bound(step.blocks))
    return documents.title_put(document=document, title=starter.title, description=starter.description)
