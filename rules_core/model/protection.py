"""CR 702.16: protection from any quality, on permanents and on players.

A protection quality is a string:

- a colour (``"red"``): sources of that colour (702.16a);
- ``"multicolored"`` / ``"monocolored"``: sources with two or more colours / exactly one (CR 105.4);
- a card type in the plural (``"creatures"``, ``"artifacts"``...): sources of that card type (702.16a);
- ``"everything"``: every source (702.16j);
- ``"player:<id>"``: sources that player controls (702.16k); written ``{"player": id}`` in a document;
- ``"subtype:<type>"``: sources with that creature type, e.g. protection from Goblins (702.16a: "protection
  from [quality]" where the quality is a creature type); written ``{"subtype": "Goblin"}`` in a document.

Damage from a source with a stated quality is prevented (702.16e, j, k); an attacking creature with
protection can't be blocked by creatures with a stated quality (702.16f), a restriction checked only
as blockers are declared (509.1b): protection gained afterwards does not undo the block (509.1h).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from .ja import COLOR_JA, PROTECTION_QUALITY_JA, subtype_ja
from .state import COLORS, GameState, Permanent, Source

PLAYER_PREFIX: Final = "player:"
SUBTYPE_PREFIX: Final = "subtype:"

CARD_TYPE_QUALITIES: Final = {
    "creatures": "creature",
    "artifacts": "artifact",
    "enchantments": "enchantment",
    "planeswalkers": "planeswalker",
    "instants": "instant",
    "sorceries": "sorcery",
    "battles": "battle",
}
"""Protection from a card type (702.16a): the quality and the card type it names."""

QUALITIES: Final = (*COLORS, "multicolored", "monocolored", *CARD_TYPE_QUALITIES, "everything")
"""Every quality written as a plain string, in the order a document lists them."""

SOURCE_TYPES: Final = ("creature", "artifact", "enchantment", "planeswalker", "battle", "instant", "sorcery")
"""Card types an inline source (a spell or ability's object) may give, for protection from a card type."""


def player_quality(player_id: str) -> str:
    """The quality "protection from ``player_id``" (702.16k)."""
    return PLAYER_PREFIX + player_id


def subtype_quality(subtype: str) -> str:
    """The quality "protection from ``subtype``" (702.16a: a creature type, e.g. Goblins)."""
    return SUBTYPE_PREFIX + subtype


def has_quality(quality: str, source: Source) -> bool:
    """Whether ``source`` has the stated ``quality`` (CR 702.16a, j, k).

    >>> bolt = Source(id=None, controller="A", colors=("red",), types=("instant",))
    >>> [q for q in ("red", "monocolored", "multicolored", "creatures", "everything", "player:A")
    ...  if has_quality(q, bolt)]
    ['red', 'monocolored', 'everything', 'player:A']
    """
    if quality in COLOR_JA:
        return quality in source.colors
    if quality == "everything":
        return True
    if quality == "multicolored":
        return len(source.colors) >= 2
    if quality == "monocolored":
        return len(source.colors) == 1
    if quality.startswith(PLAYER_PREFIX):
        # 702.16k: objects the player controls (owners are not modelled: an object's owner is its controller).
        return source.controller == quality[len(PLAYER_PREFIX) :]
    if quality.startswith(SUBTYPE_PREFIX):
        # 702.16a: sources with that subtype, on the battlefield or not (a kindred Goblin spell has it too)
        return quality[len(SUBTYPE_PREFIX) :] in source.subtypes
    card_type = CARD_TYPE_QUALITIES.get(quality)
    if card_type is not None:
        return card_type in source.types or (card_type == "creature" and source.is_creature)
    return False


def matching(protection: Iterable[str], source: Source) -> list[str]:
    """The qualities of ``protection`` that ``source`` has: damage from it is prevented (702.16e)."""
    return [q for q in protection if has_quality(q, source)]


def quality_ja(quality: str, name_of: Any = str) -> str:
    """A quality as a learner reads it inside 「プロテクション(…)」.

    >>> quality_ja("red"), quality_ja("everything"), quality_ja("player:B", {"B": "対戦相手"}.get)
    ('赤', 'すべて', 'プレイヤー「対戦相手」')
    """
    if quality in COLOR_JA:
        return COLOR_JA[quality]
    if quality.startswith(PLAYER_PREFIX):
        return f"プレイヤー「{name_of(quality[len(PLAYER_PREFIX) :])}」"
    if quality.startswith(SUBTYPE_PREFIX):
        return subtype_ja(quality[len(SUBTYPE_PREFIX) :])
    return PROTECTION_QUALITY_JA.get(quality, quality)


def label(qualities: Sequence[str], name_of: Any = str) -> str:
    """「プロテクション(赤)」「プロテクション(白と緑)」「プロテクション(すべて)」."""
    return f"プロテクション({'と'.join(quality_ja(q, name_of) for q in qualities)})"


def sort_qualities(qualities: Iterable[str]) -> tuple[str, ...]:
    """Without repeats (702.16m), the plain qualities in :data:`QUALITIES` order, then players as listed.

    >>> sort_qualities(["player:B", "green", "white", "green", "everything"])
    ('white', 'green', 'everything', 'player:B')
    """
    present = dict.fromkeys(qualities)
    plain = tuple(q for q in QUALITIES if q in present)
    kinds = tuple(q for q in present if q.startswith(SUBTYPE_PREFIX))
    return plain + kinds + tuple(q for q in present if q.startswith(PLAYER_PREFIX))


def entry_doc(quality: str, *, after_blocks: bool = False) -> Any:
    """A quality as written in a document: a colour or word as a string, a player as ``{"player": id}``;
    an object with ``"after_blocks": true`` when gained after blockers were declared (509.1h)."""
    if quality.startswith(PLAYER_PREFIX):
        doc: dict[str, Any] = {"player": quality[len(PLAYER_PREFIX) :]}
    elif quality.startswith(SUBTYPE_PREFIX):
        doc = {"subtype": quality[len(SUBTYPE_PREFIX) :]}
    elif not after_blocks:
        return quality
    else:
        doc = {"from": quality}
    if after_blocks:
        doc["after_blocks"] = True
    return doc


def protection_doc(qualities: Sequence[str], after_blocks: Sequence[str] = ()) -> list[Any]:
    """The ``protection`` list of a permanent or player document."""
    late = set(after_blocks)
    return [entry_doc(q, after_blocks=q in late) for q in qualities]


def blocking_forbidden(attacker: Permanent, blocker: Permanent) -> str | None:
    """CR 702.16f, j, k, 509.1b: the first quality of ``attacker``'s protection that forbids ``blocker``
    to block it, ignoring protection gained after blockers were declared (509.1h); None if the block is legal."""
    if not attacker.protection:
        return None
    late = attacker.protection_after_blocks
    as_source = Source.of(blocker)
    for quality in attacker.protection:
        if quality not in late and has_quality(quality, as_source):
            return quality
    return None


def cant_block_message(quality: str, name_of: Any = str) -> str:
    """The Japanese parse error for a forbidden block, naming the quality."""
    if quality in COLOR_JA:
        what = f"{COLOR_JA[quality]}のクリーチャーに"
    elif quality == "everything":
        what = "どのクリーチャーにも"
    elif quality.startswith(PLAYER_PREFIX):
        what = f"「{name_of(quality[len(PLAYER_PREFIX) :])}」がコントロールするクリーチャーに"
    elif quality in ("multicolored", "monocolored"):
        what = f"{PROTECTION_QUALITY_JA[quality]}のクリーチャーに"
    elif quality.startswith(SUBTYPE_PREFIX):
        what = f"クリーチャー・タイプが{quality_ja(quality)}であるクリーチャーに"
    else:
        what = f"{PROTECTION_QUALITY_JA.get(quality, quality)}であるクリーチャーに"
    return f"{label([quality], name_of)}を持つ攻撃クリーチャーは{what}ブロックされません (702.16f)"


def protection_of(state: GameState, recipient: str) -> tuple[str, ...]:
    """The protection qualities of a permanent or a player (702.16j, k: players can have protection)."""
    if state.is_permanent(recipient):
        return state.permanent(recipient).protection
    if state.is_player(recipient):
        return state.player(recipient).protection
    return ()


def rule_of(qualities: Sequence[str]) -> str:
    """The rule by which protection from these qualities prevents damage: 702.16j for everything,
    702.16k for a player, else 702.16e."""
    if "everything" in qualities:
        return "702.16j"
    if any(q.startswith(PLAYER_PREFIX) for q in qualities):
        return "702.16k"
    return "702.16e"


def entries_label(entries: Sequence[Any], name_of: Any = str) -> str:
    """「プロテクション(…)」 for a document's ``protection`` list as it stands (strings and objects), for pages
    that show a board; ``""`` for none. A quality gained after blocks is marked (509.1h).

    >>> entries_label(["red", {"player": "B"}, {"from": "creatures", "after_blocks": True}], {"B": "対戦相手"}.get)
    'プロテクション(赤とプレイヤー「対戦相手」とクリーチャー(ブロック後))'
    """
    parts: list[str] = []
    for entry in entries:
        if isinstance(entry, str):
            parts.append(quality_ja(entry, name_of))
        elif isinstance(entry, dict):
            if "player" in entry:
                quality = player_quality(entry["player"])
            elif "subtype" in entry:
                quality = subtype_quality(str(entry["subtype"]))
            else:
                quality = str(entry.get("from"))
            text = quality_ja(quality, name_of)
            parts.append(f"{text}(ブロック後)" if entry.get("after_blocks") else text)
    return f"プロテクション({'と'.join(parts)})" if parts else ""
