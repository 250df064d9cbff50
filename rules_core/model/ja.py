"""The engine's Japanese vocabulary: every label rules_core puts into notes, reasons and messages.

One module, so that a word is chosen once (the same term the Japanese CR uses) and the web side
takes its labels from here rather than keeping its own copies.

>>> KEYWORD_JA["trample"], COLOR_JA["red"], DEFENDER_KIND_JA["battle"]
('トランプル', '赤', 'バトル')
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from rules_core.model.type_names_ja import CARD_TYPES_JA, SUBTYPES_JA, SUPERTYPES_JA

COLOR_JA: Final = {"white": "白", "blue": "青", "black": "黒", "red": "赤", "green": "緑"}
"""CR 105.1: the five colours, as the Japanese CR names them."""

KEYWORD_JA: Final = {
    "deathtouch": "接死",
    "double_strike": "二段攻撃",
    "first_strike": "先制攻撃",
    "hexproof": "呪禁",
    "indestructible": "破壊不能",
    "infect": "感染",
    "lifelink": "絆魂",
    "shroud": "被覆",
    "trample": "トランプル",
    "trample_over_planeswalkers": "プレインズウォーカー越えトランプル",
    "wither": "萎縮",
    "defender": "防衛",
    "flying": "飛行",
    "menace": "威迫",
    "reach": "到達",
}
"""The keyword abilities of ``state.PERMANENT_KEYWORDS`` by their Japanese CR names."""

DEFENDER_KIND_JA: Final = {"player": "プレイヤー", "planeswalker": "プレインズウォーカー", "battle": "バトル"}
"""CR 506.3, 508.1b: what a creature can attack."""

DAMAGE_BASIS_JA: Final = {"power": "パワー", "toughness": "タフネス"}
"""CR 510.1a: what a creature's combat damage equals (its toughness under 《包囲の塔、ドラン》-like effects)."""

COMBAT_ROLE_JA: Final = {"attacker": "攻撃クリーチャー", "blocker": "ブロック・クリーチャー"}
"""CR 506.3: the two roles of a creature in combat."""

ASSIGNMENT_ORIGIN_JA: Final = {"given": "指定された割り振り", "default": "既定の割り振り"}
"""Where a creature's combat damage assignment came from: the scenario, or the default (``scenario-format.md``)."""

EFFECT_LABEL_JA: Final[dict[str, str]] = {
    "assign_by_toughness": "タフネスで戦闘ダメージを割り振らせる効果",
    "prevent_next": "軽減の盾",
    "prevent_next_from_source": "発生源からの次のダメージの軽減",
    "prevent_all": "すべてのダメージの軽減",
    "prevent_static": "常在型の軽減効果",
    "prevent_from_color": "色を指定した軽減",
    "damage_multiplier": "ダメージを増やす置換効果",
    "life_gain_multiplier": "ライフ獲得を増やす置換効果",
    "no_life_gain": "ライフを得られない効果",
    "life_floor": "ライフの下限の置換効果",
    "no_counters": "カウンターを置けない効果",
    "counter_multiplier": "カウンターを増やす置換効果",
    "cant_be_prevented": "軽減できない効果",
}
"""Each effect ``type`` of the scenario format, named for a learner."""

# --- shield counters, regeneration, life-total rules (rules_core.damage.shields, rules_core.damage.life) ---

EFFECT_LABEL_JA.update(
    {
        "exile_instead": "墓地に置かれる代わりに追放する効果",
        "regenerate": "再生",
        "cant_be_regenerated": "再生できない効果",
        "life_cant_change": "ライフの総量が変化しない効果",
        "no_loss_for_life": "ライフが0点以下でも敗北しない効果",
    }
)


def quoted(name: str) -> str:
    """A name inside a sentence: 「対戦相手」, but a card's name, already in 《》, stands as it is.

    >>> quoted("対戦相手"), quoted("《灰色熊》")
    ('「対戦相手」', '《灰色熊》')
    """
    return name if name.startswith("《") and name.endswith("》") else f"「{name}」"


TYPE_JA: Final = {
    kind: CARD_TYPES_JA[kind.capitalize()]
    for kind in ("creature", "planeswalker", "battle", "artifact", "enchantment")
}
"""CR 300.1: the card types a permanent of the scenario format can have, in the words of 205.2a."""

COUNTER_JA: Final = {"+1/+1": "+1/+1カウンター", "-1/-1": "-1/-1カウンター", "shield": "盾カウンター"}
"""Counter kinds of ``permanents[].counters`` (CR 122.1, 122.1c)."""

# --------------------------------------------------------------------------- effects2: redirection (614.9),
# prevention with additional effects (615.5), protection from any quality (702.16), damage modifiers

PROTECTION_QUALITY_JA: Final = {
    "multicolored": "多色",
    "monocolored": "単色",
    "creatures": "クリーチャー",
    "artifacts": "アーティファクト",
    "enchantments": "エンチャント",
    "planeswalkers": "プレインズウォーカー",
    "instants": "インスタント",
    "sorceries": "ソーサリー",
    "battles": "バトル",
    "everything": "すべて",
}
"""CR 702.16a, j: protection qualities other than colours and players, as the Japanese CR names them."""

_JA_NAMES: Final = Counter(SUBTYPES_JA.values())
_SUBTYPE_BY_JA: Final = {ja: en for en, ja in SUBTYPES_JA.items() if _JA_NAMES[ja] == 1}
"""Japanese name -> English, for the names that belong to one subtype only."""


def canonical_subtype(subtype: str) -> str:
    """A subtype as documents compare it: its English name, also when written in Japanese.

    A creature type written 「クレリック」 must match a filter written "Cleric" (《圧倒する防衛者》), and
    the reverse (CR 205.3m: it is one creature type in either language).

    >>> canonical_subtype("クレリック"), canonical_subtype("Cleric"), canonical_subtype("Zzyzx")
    ('Cleric', 'Cleric', 'Zzyzx')
    """
    return _SUBTYPE_BY_JA.get(subtype.strip(), subtype.strip())


def subtype_ja(subtype: str) -> str:
    """A creature type in Japanese when we know it, else as written.

    >>> subtype_ja("Goblin"), subtype_ja("Kithkin"), subtype_ja("Zzyzx")
    ('ゴブリン', 'キスキン', 'Zzyzx')
    """
    return SUBTYPES_JA.get(subtype, subtype)


def type_line_ja(type_line: str) -> str | None:
    """CR 205.1a: a card's English type line in the Japanese CR's words, as Japanese cards print it:
    supertypes (205.4a) right before the card types (205.2a), these joined by 「・」, then 「 — 」 and the
    subtypes (205.3) joined by 「・」. None when a word is none of them (nothing is guessed).

    >>> type_line_ja("Legendary Artifact Creature — Human Wizard")
    '伝説のアーティファクト・クリーチャー — 人間・ウィザード'
    >>> type_line_ja("Instant"), type_line_ja("Creature — Time Lord"), type_line_ja("Creature — Zzyzx")
    ('インスタント', 'クリーチャー — タイムロード', None)
    """
    left, _dash, right = type_line.partition("—")
    supertypes: list[str] = []
    card_types: list[str] = []
    for word in left.split():
        if word in SUPERTYPES_JA and not card_types:
            supertypes.append(SUPERTYPES_JA[word])
        elif word in CARD_TYPES_JA:
            card_types.append(CARD_TYPES_JA[word])
        else:
            return None
    if not card_types:
        return None
    subtypes: list[str] = []
    words = right.split()
    while words:
        two = " ".join(words[:2])  # one subtype is two words long (205.3m: Time Lord)
        taken = 2 if len(words) > 1 and two in SUBTYPES_JA else 1
        english = " ".join(words[:taken])
        if english not in SUBTYPES_JA:
            return None
        subtypes.append(SUBTYPES_JA[english])
        words = words[taken:]
    line = "".join(supertypes) + "・".join(card_types)
    return f"{line} — {'・'.join(subtypes)}" if subtypes else line


EFFECT_LABEL_JA.update(
    {
        "redirect_damage": "ダメージの移し替え(置換効果)",
        "prevent_and": "追加の効果を持つ軽減",
        "damage_plus": "ダメージを増やす置換効果(+N)",
        "prevent_half": "半分を軽減する効果",
        "prevent_all_but": "1点を残して軽減する効果",
    }
)

PREVENT_THEN_JA: Final = {
    "plus_counters": "軽減した1点につき+1/+1カウンターを置く",
    "minus_counters": "軽減した1点につき-1/-1カウンターを置く",
    "deal_damage": "軽減した分のダメージをその発生源のコントローラーに与える",
    "draw": "軽減した分だけカードを引く",
    "remove_plus_counters": "軽減した点数と同じ数の+1/+1カウンターを取り除く",
}
"""``then`` of ``prevent_and``: the additional effect of a prevention effect (CR 615.5)."""

__all__ = [
    "ASSIGNMENT_ORIGIN_JA",
    "COLOR_JA",
    "COMBAT_ROLE_JA",
    "COUNTER_JA",
    "DAMAGE_BASIS_JA",
    "DEFENDER_KIND_JA",
    "EFFECT_LABEL_JA",
    "KEYWORD_JA",
    "PREVENT_THEN_JA",
    "PROTECTION_QUALITY_JA",
    "TYPE_JA",
    "canonical_subtype",
    "quoted",
    "subtype_ja",
    "type_line_ja",
]


# --------------------------------------------------------------------------- triggered abilities (CR 603)

TRIGGER_WHEN_JA: Final = {
    "deals_damage": "ダメージを与えるたび",
    "dealt_damage": "ダメージを与えられるたび",
    "gain_life": "コントローラーがライフを得るたび",
    "damage_prevented": "ダメージが軽減されるたび",
    "excess_damage": "余剰のダメージが与えられるたび",
    "dies": "死亡したとき",
    "counters_removed": "+1/+1カウンターが取り除かれるたび",
}
"""The trigger events of ``trigger_types.WHEN``, as a card's text would say them."""

TRIGGER_EFFECT_JA: Final = {
    "gain_life": "ライフを得る",
    "lose_life": "ライフを失う",
    "counters": "カウンターを置く",
    "damage": "ダメージを与える",
}
"""The effects of ``trigger_types.EFFECT_KINDS``."""

SIEGE_ABILITY_JA: Final = "最後の守備カウンターが取り除かれたとき"
"""CR 310.11b: the trigger event of every Siege's intrinsic triggered ability."""

WATCHED_WHEN_JA: Final = {
    "dies": "クリーチャーが死亡するたび",
    "dealt_damage": "クリーチャーがダメージを与えられるたび",
}
"""§ 16.4: the trigger events of an ability that watches other creatures (``watch`` not ``self``)."""

__all__ += ["SIEGE_ABILITY_JA", "TRIGGER_EFFECT_JA", "TRIGGER_WHEN_JA", "WATCHED_WHEN_JA"]
