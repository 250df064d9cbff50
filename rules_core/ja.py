"""The engine's Japanese vocabulary: every label rules_core puts into notes, reasons and messages.

One module, so that a word is chosen once (the same term the Japanese CR uses) and the web side
takes its labels from here rather than keeping its own copies.

>>> KEYWORD_JA["trample"], COLOR_JA["red"], DEFENDER_KIND_JA["battle"]
('トランプル', '赤', 'バトル')
"""

from __future__ import annotations

from typing import Final

COLOR_JA: Final = {"white": "白", "blue": "青", "black": "黒", "red": "赤", "green": "緑"}
"""CR 105.1: the five colours, as the Japanese CR names them."""

KEYWORD_JA: Final = {
    "deathtouch": "接死",
    "double_strike": "二段攻撃",
    "first_strike": "先制攻撃",
    "indestructible": "破壊不能",
    "infect": "感染",
    "lifelink": "絆魂",
    "trample": "トランプル",
    "trample_over_planeswalkers": "プレインズウォーカー越えトランプル",
    "wither": "萎縮",
}
"""The keyword abilities of ``state.KEYWORDS`` by their Japanese CR names."""

DEFENDER_KIND_JA: Final = {"player": "プレイヤー", "planeswalker": "プレインズウォーカー", "battle": "バトル"}
"""CR 506.3, 508.1b: what a creature can attack."""

EFFECT_LABEL_JA: Final[dict[str, str]] = {
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

__all__ = ["COLOR_JA", "DEFENDER_KIND_JA", "EFFECT_LABEL_JA", "KEYWORD_JA"]


# --------------------------------------------------------------------------- triggered abilities (CR 603)

TRIGGER_WHEN_JA: Final = {
    "deals_damage": "ダメージを与えるたび",
    "dealt_damage": "ダメージを与えられるたび",
    "gain_life": "コントローラーがライフを得るたび",
    "damage_prevented": "ダメージが軽減されるたび",
    "excess_damage": "余剰のダメージが与えられるたび",
    "dies": "死亡したとき",
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

__all__ += ["SIEGE_ABILITY_JA", "TRIGGER_EFFECT_JA", "TRIGGER_WHEN_JA"]
