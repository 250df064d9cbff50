"""CR 508.1c, 509.1a-b: the restrictions on attacking and blocking, checked once, as they are declared.

Evasion abilities (flying 702.9b with reach 702.17b, menace 702.111b, "can't be blocked", "can't be
blocked by ...", "... except by ...") restrict what can block an attacker; "can't block" restricts a
creature; defender (702.3b) keeps a creature from attacking; a creature blocks one attacker unless an
ability lets it block more (509.1a). Each check answers the Japanese refusal, naming its rule, or None
for a legal declaration. Nothing here runs while damage is dealt: a block that was legal stays so
(509.1b: gaining or losing evasion afterwards doesn't change it).
"""

from __future__ import annotations

from collections.abc import Sequence

from .block_types import ANY_NUMBER, NO_BLOCK_RULES, BlockerFilter
from .ja import COLOR_JA, KEYWORD_JA, TYPE_JA
from .state import Permanent


def attack_refusal(attacker: Permanent) -> str | None:
    """CR 702.3b, 508.1c: a creature with defender can't attack."""
    if attacker.has("defender"):
        return f"防衛を持つクリーチャーは攻撃できません: {attacker.label} (702.3b, 508.1c)"
    return None


def filter_ja(f: BlockerFilter) -> str:
    """A filter as a learner reads it: 「パワーが2以下のクリーチャー」「飛行を持つ黒のクリーチャー」.

    >>> filter_ja(BlockerFilter(power_at_most=2)), filter_ja(BlockerFilter(keyword="flying", color="black"))
    ('パワーが2以下のクリーチャー', '飛行を持つ黒のクリーチャー')
    """
    parts: list[str] = []
    if f.keyword is not None:
        parts.append(f"{KEYWORD_JA.get(f.keyword, f.keyword)}を持つ")
    if f.power_at_most is not None:
        parts.append(f"パワーが{f.power_at_most}以下の")
    if f.power_at_least is not None:
        parts.append(f"パワーが{f.power_at_least}以上の")
    if f.color is not None:
        parts.append(f"{COLOR_JA.get(f.color, f.color)}の")
    if f.type is not None and f.type != "creature":
        parts.append(f"{TYPE_JA.get(f.type, f.type)}・")
    if f.subtype is not None:
        parts.append(f"サブタイプ「{f.subtype}」の")
    return "".join(parts) + "クリーチャー"


def filters_ja(filters: Sequence[BlockerFilter]) -> str:
    """Several filters joined by 「か」 (a blocker matching one of them)."""
    return "か".join(filter_ja(f) for f in filters)


def matches(f: BlockerFilter, blocker: Permanent) -> bool:
    """Whether ``blocker`` has every quality ``f`` asks for (power with counters, CR 122.1a)."""
    if f.keyword is not None and not blocker.has(f.keyword):
        return False
    if f.color is not None and f.color not in blocker.colors:
        return False
    if f.type is not None and f.type not in blocker.types:
        return False
    if f.subtype is not None and f.subtype not in blocker.subtypes:
        return False
    if f.power_at_most is not None and blocker.current_power > f.power_at_most:
        return False
    return f.power_at_least is None or blocker.current_power >= f.power_at_least


def matches_any(filters: Sequence[BlockerFilter], blocker: Permanent) -> bool:
    return any(matches(f, blocker) for f in filters)


def block_refusal(attacker: Permanent, blocker: Permanent) -> str | None:
    """CR 509.1b: the restriction that forbids ``blocker`` to block ``attacker`` on its own, or None.

    Protection (702.16f) is :func:`rules_core.model.protection.blocking_forbidden`; the number of blockers
    (menace) is :func:`blockers_count_refusal`.

    >>> bird = Permanent(id="bird", controller="A", types=("creature",), power=1, toughness=1,
    ...                  keywords=frozenset({"flying"}))
    >>> bear = Permanent(id="bear", controller="B", types=("creature",), power=2, toughness=2)
    >>> block_refusal(bird, bear)
    '飛行を持つクリーチャーは、飛行も到達も持たないクリーチャーにはブロックされません: bird を bear でブロックできません (702.9b, 702.17b)'
    """
    rules, own = attacker.blocks, blocker.blocks
    flying = "flying" in attacker.keywords
    if rules is None and own is None and not flying:
        return None  # the usual board: nothing to check
    pair = f"{attacker.label} を {blocker.label} でブロックできません"
    if own is not None and own.cant_block:
        return f"このクリーチャーはブロックできません: {blocker.label} (509.1b)"
    rules = rules or NO_BLOCK_RULES
    if rules.cant_be_blocked:
        return f"このクリーチャーはブロックされません: {attacker.label} (509.1b)"
    if flying and not ("flying" in blocker.keywords or "reach" in blocker.keywords):
        return f"飛行を持つクリーチャーは、飛行も到達も持たないクリーチャーにはブロックされません: {pair} (702.9b, 702.17b)"
    if rules.cant_be_blocked_by and matches_any(rules.cant_be_blocked_by, blocker):
        return (
            f"{attacker.label}は{filters_ja(rules.cant_be_blocked_by)}にはブロックされません: {pair} (509.1b)"
        )
    if rules.cant_be_blocked_except_by and not matches_any(rules.cant_be_blocked_except_by, blocker):
        what = filters_ja(rules.cant_be_blocked_except_by)
        return f"{attacker.label}は{what}にしかブロックされません: {pair} (509.1b)"
    return None


def least_blockers(attacker: Permanent) -> int:
    """The fewest creatures that may block ``attacker`` at all: 2 with menace (702.111b), else its
    ``min_blockers`` (509.1b), else 1."""
    least = 2 if "menace" in attacker.keywords else 1
    return least if attacker.blocks is None else max(least, attacker.blocks.min_blockers)


def blockers_count_refusal(attacker: Permanent, count: int) -> str | None:
    """CR 702.111b, 509.1b: a restriction on the whole block: blocked by ``count`` creatures, too few.

    >>> rogue = Permanent(id="rogue", controller="A", types=("creature",), power=2, toughness=2,
    ...                   keywords=frozenset({"menace"}))
    >>> blockers_count_refusal(rogue, 1)
    '威迫を持つクリーチャーは、2体以上のクリーチャーにしかブロックされません: rogue をブロックしているのは1体です (702.111b, 509.1b)'
    >>> blockers_count_refusal(rogue, 2) is None and blockers_count_refusal(rogue, 0) is None
    True
    """
    if count == 0 or (attacker.blocks is None and "menace" not in attacker.keywords):
        return None
    least = least_blockers(attacker)
    if count >= least:
        return None
    tail = f"{attacker.label} をブロックしているのは{count}体です"
    if "menace" in attacker.keywords and least == 2:
        return f"威迫を持つクリーチャーは、2体以上のクリーチャーにしかブロックされません: {tail} (702.111b, 509.1b)"
    return f"{attacker.label}は{least}体以上のクリーチャーにしかブロックされません: {tail} (509.1b)"


def block_limit(blocker: Permanent) -> int | None:
    """CR 509.1a: how many attackers ``blocker`` may block; None for any number."""
    extra = 0 if blocker.blocks is None else blocker.blocks.additional_blocks
    if extra == ANY_NUMBER:
        return None
    return 1 + extra


def blocks_count_refusal(blocker: Permanent, count: int) -> str | None:
    """CR 509.1a: a creature blocks one attacker, more only with an ability that says so.

    >>> wall = Permanent(id="wall", controller="B", types=("creature",), power=0, toughness=4)
    >>> blocks_count_refusal(wall, 2)
    'ブロック・クリーチャー1体がブロックできる攻撃クリーチャーは1体だけです(追加でブロックできる能力がありません): wall が2体をブロックしています (509.1a)'
    """
    limit = block_limit(blocker)
    if limit is None or count <= limit:
        return None
    tail = f"{blocker.label} が{count}体をブロックしています"
    if limit == 1:
        return (
            "ブロック・クリーチャー1体がブロックできる攻撃クリーチャーは1体だけです"
            f"(追加でブロックできる能力がありません): {tail} (509.1a)"
        )
    return f"このクリーチャーがブロックできる攻撃クリーチャーは{limit}体までです: {tail} (509.1a)"


__all__ = [
    "attack_refusal",
    "block_limit",
    "block_refusal",
    "blockers_count_refusal",
    "blocks_count_refusal",
    "filter_ja",
    "filters_ja",
    "least_blockers",
    "matches",
]
