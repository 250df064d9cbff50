"""Effects in words: what each one does, what is left of it after the event, and the paragraph it follows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_core.model.ja import COLOR_JA, EFFECT_LABEL_JA, PREVENT_THEN_JA, TYPE_JA, subtype_ja
from tutor.results.links import rule_links
from tutor.results.names import Names

EFFECT_RULES: dict[str, tuple[str, ...]] = {
    "prevent_next": ("615.7",),
    "prevent_next_from_source": ("615.8",),
    "prevent_all": ("615.1",),
    "prevent_static": ("615.10",),
    "prevent_from_color": ("615.9",),
    "damage_multiplier": ("614.1a", "120.4b"),
    "life_gain_multiplier": ("120.4c",),
    "no_life_gain": ("120.4c",),
    "life_floor": ("120.4c",),
    "no_counters": ("120.4c",),
    "counter_multiplier": ("120.4c",),
    "cant_be_prevented": ("615.12",),
    "regenerate": ("701.19a", "614.8"),
    "cant_be_regenerated": ("701.19c",),
    "life_cant_change": ("119.7", "119.8"),
    "no_loss_for_life": ("704.5a",),
    "assign_by_toughness": ("510.1a",),
    "redirect_damage": ("614.9",),
    "prevent_and": ("615.5",),
    "damage_plus": ("614.1a",),
    "prevent_half": ("615.1",),
    "prevent_all_but": ("615.1", "609.7b"),
    "exile_instead": ("614.6", "700.4"),
}
"""The paragraph each effect kind follows (scenario-format.md, effects table)."""

EFFECT_TYPES_ORDER = tuple(EFFECT_RULES)


def effect_describe(effect: Mapping[str, Any], names: Names) -> str:
    """One Japanese sentence saying what an effect does."""
    kind = effect.get("type")
    n = names
    if kind == "prevent_next":
        return f"このターン、{n(effect['to'])}が次に受ける{effect['amount']}点のダメージを軽減します。"
    if kind == "prevent_next_from_source":
        text = f"このターン、{n(effect['source'])}が次に与えるダメージをすべて軽減します。"
        if effect.get("gain_life_to"):
            text += f"{n(effect['gain_life_to'])}は軽減されたダメージに等しい点数のライフを得ます(615.5)。"
        return text
    if kind == "prevent_all":
        who = f"{n(effect['to'])}が受ける" if effect.get("to") else ""
        src = f"{n(effect['from'])}から" if effect.get("from") else ""
        what = "戦闘ダメージ" if effect.get("combat_only") else "ダメージ"
        return f"このターン、{src}{who}{what}をすべて軽減します。"
    if kind == "prevent_static":
        if effect.get("to"):
            target = n(effect["to"])
        elif effect.get("to_filter"):
            flt = effect["to_filter"]
            parts = []
            if flt.get("controller"):
                parts.append(f"{n(flt['controller'])}がコントロールしている")
            if flt.get("subtype"):
                parts.append(subtype_ja(str(flt["subtype"])))
            types = "・".join(TYPE_JA.get(t, t) for t in flt.get("types", []))
            parts.append(types or ("" if flt.get("subtype") else "パーマネント"))
            target = "".join(parts)
        else:
            target = "すべて"
        return f"発生源1つが{target}にダメージを与えるなら、そのダメージ{effect['amount']}点を軽減します(常在型)。"
    if kind == "prevent_from_color":
        once = "次に" if effect.get("next_only") else ""
        color = COLOR_JA.get(effect["color"], effect["color"])
        if effect.get("source"):
            return (
                f"このターン、選ばれた発生源{n(effect['source'])}が{once}{n(effect['to'])}に与えるダメージを、"
                f"その時点で{color}であれば軽減します。"
            )
        return f"このターン、{color}の発生源が{once}{n(effect['to'])}に与えるダメージを軽減します。"
    if kind == "damage_multiplier":
        src = (
            f"{n(effect['from_controller'])}がコントロールしている発生源が"
            if effect.get("from_controller")
            else "発生源が"
        )
        to = f"{n(effect['to'])}に" if effect.get("to") else ""
        if effect.get("to_opponents_of"):
            to = f"{n(effect['to_opponents_of'])}の対戦相手かそのパーマネントに"
        return f"{src}{to}ダメージを与えるなら、代わりにその{effect['factor']}倍のダメージを与えます。"
    if kind == "life_gain_multiplier":
        return f"{n(effect['player'])}がライフを得るなら、代わりにその{effect['factor']}倍の点数のライフを得ます。"
    if kind == "no_life_gain":
        who = n(effect["player"]) if effect.get("player") else "プレイヤー"
        return f"{who}はライフを得られません。"
    if kind == "life_floor":
        cond = "クリーチャーをコントロールしているなら、" if effect.get("if_controls_creature") else ""
        if isinstance(effect.get("condition"), Mapping):
            cond = f"{_condition_ja(effect['condition'])}をコントロールしているなら、"
        floor = effect.get("floor", 1)
        if isinstance(effect.get("if_life_at_least"), int):
            cond = f"{effect['if_life_at_least']}点以上のライフを持っているかぎり、" + cond
        return (
            f"{n(effect['player'])}が{cond}そのライフの総量を{floor}点未満にするダメージは、"
            f"代わりにライフの総量を{floor}点にします。"
        )
    if kind == "no_counters":
        return f"{n(effect['on'])}にはカウンターを置けません。"
    if kind == "counter_multiplier":
        who = f"{n(effect['by_controller'])}が" if effect.get("by_controller") else ""
        if effect.get("on_controlled_by"):
            return (
                f"{who}{n(effect['on_controlled_by'])}がコントロールするパーマネントにカウンターを置くなら、"
                f"代わりにその{effect['factor']}倍の個数を置きます。"
            )
        return f"{who}カウンターを置くなら、代わりにその{effect['factor']}倍の個数を置きます。"
    if kind == "cant_be_prevented":
        src = (
            f"{n(effect['from'])}が与える"
            if effect.get("from")
            else f"{n(effect['from_controller'])}がコントロールしている発生源が与える"
            if effect.get("from_controller")
            else ""
        )
        what = "戦闘ダメージ" if effect.get("combat_only") else "ダメージ"
        return f"{src}{what}は軽減できません。"
    return _describe_more(effect, names) or str(kind)


def _condition_ja(condition: Mapping[str, Any]) -> str:
    """A ``life_floor`` condition: 「白のクリーチャー2つ以上」, 「天使」."""
    controls = condition.get("controls") or {}
    colors = "・".join(COLOR_JA.get(c, c) for c in controls.get("colors", []))
    types = "・".join(TYPE_JA.get(t, t) for t in controls.get("types", []))
    subtype = subtype_ja(str(controls["subtype"])) if controls.get("subtype") else ""
    what = (f"{colors}の" if colors else "") + subtype + (types or "")
    at_least = condition.get("at_least", 1)
    return f"{what or 'パーマネント'}{at_least}つ以上" if at_least > 1 else (what or "パーマネント")


def _describe_more(effect: Mapping[str, Any], names: Names) -> str:
    """The sentences of the kinds of shield counters, regeneration, life rules, redirection and modifiers."""
    kind = effect.get("type")
    n = names
    if kind == "regenerate":
        if effect.get("static"):
            return f"{n(effect.get('on'))}が破壊されるなら、そのたびに代わりに再生します(常在型、701.19b)。"
        return f"このターン、次に{n(effect.get('on'))}が破壊されるなら、代わりに再生します(再生の盾)。"
    if kind == "cant_be_regenerated":
        return (
            f"{n(effect.get('on'))}は再生できません。"
            if effect.get("on")
            else "パーマネントは再生できません。"
        )
    if kind == "life_cant_change":
        return (
            f"{n(effect.get('player'))}のライフの総量は変化しません(ライフを得ることも失うこともありません)。"
        )
    if kind == "no_loss_for_life":
        text = f"{n(effect.get('player'))}はライフが0点以下でもゲームに敗北しません。"
        if effect.get("damage_as_infect"):
            text += "ライフが0点以下であるかぎり、そのプレイヤーへのダメージは感染を持つ発生源からのように与えられます。"
        return text
    if kind == "assign_by_toughness":
        who = f"{n(effect.get('controller'))}がコントロールしている" if effect.get("controller") else ""
        return f"{who}各クリーチャーは、パワーではなくタフネスに等しい戦闘ダメージを割り振ります。"
    if kind == "redirect_damage":
        whom = n(effect.get("from")) + (
            "か、そのプレイヤーがコントロールしている他のパーマネント" if effect.get("and_permanents") else ""
        )
        src = f"{n(effect.get('source'))}から" if effect.get("source") else ""
        what = f"次の{effect.get('amount')}点のダメージ" if effect.get("amount") else "ダメージ"
        return f"{src}{whom}に与えられる{what}は、代わりに{n(effect.get('to'))}に与えられます。"
    if kind == "prevent_and":
        if effect.get("amount"):
            what = f"このターン、{n(effect.get('to'))}が次に受ける{effect.get('amount')}点のダメージ"
        elif effect.get("source"):
            what = f"このターン、{n(effect.get('source'))}が次に{n(effect.get('to'))}に与えるダメージ"
        else:
            what = f"{n(effect.get('to'))}が受けるダメージすべて"
        then = PREVENT_THEN_JA.get(str(effect.get("then")), str(effect.get("then")))
        if effect.get("then") == "draw" and effect.get("player"):
            then = f"{n(effect.get('player'))}が軽減した分だけカードを引く"
        return f"{what}を軽減し、{polite_ending(then)}。"
    if kind == "damage_plus":
        color = COLOR_JA.get(effect.get("source_color") or "", "")
        src = (
            f"{n(effect.get('from_controller'))}がコントロールしている"
            if effect.get("from_controller")
            else ""
        ) + (f"{color}の発生源" if color else "発生源")
        if effect.get("to_opponents"):
            to = "対戦相手か対戦相手がコントロールしているパーマネントに"
        else:
            to = f"{n(effect.get('to'))}に" if effect.get("to") else ""
        return f"{src}が{to}ダメージを与えるなら、代わりにその点数に{effect.get('amount')}を足したダメージを与えます。"
    if kind == "prevent_half":
        return f"{n(effect.get('player'))}か、そのプレイヤーがコントロールしているパーマネントに与えられるダメージの半分(端数切り上げ)を軽減します。"
    if kind == "exile_instead":
        return _exile_instead_ja(effect, names)
    if kind == "prevent_all_but":
        leave = effect.get("leave", 1)
        return f"このターン、ブロックされていない{n(effect.get('source'))}が次に{n(effect.get('to'))}に与える戦闘ダメージを、{leave}点を除いてすべて軽減します。"
    return ""


POLITE_VERBS = {
    "置く": "置きます",
    "与える": "与えます",
    "引く": "引きます",
    "取り除く": "取り除きます",
    "得る": "得ます",
    "失う": "失います",
}
"""The verbs that the plain clauses of effects end in (``PREVENT_THEN_JA``'s, a triggered ability's
effect as the card says it), and their です・ます forms: the clauses stay plain where the engine's notes,
the form's choices and the editor use them."""


def polite_ending(clause: str) -> str:
    """A plain clause as the end of a です・ます sentence (a 615.5 additional effect, what a triggered
    ability does); a clause ending in no known verb is left as it is.

    >>> polite_ending("軽減した1点につき+1/+1カウンターを置く")
    '軽減した1点につき+1/+1カウンターを置きます'
    """
    for plain, polite in POLITE_VERBS.items():
        if clause.endswith(plain):
            return clause[: -len(plain)] + polite
    return clause


def _exile_instead_ja(effect: Mapping[str, Any], names: Names) -> str:
    """Kalitas: 「あなたの対戦相手がコントロールするトークンでないクリーチャーが死亡するなら、代わりに…」."""
    if effect.get("on"):
        who = "、".join(names(x) for x in effect["on"])
        return f"このターン、{who}が死亡するなら、代わりにそれを追放します(700.4)。"
    what = "クリーチャー" if effect.get("creatures") else "パーマネント"
    if effect.get("nontoken"):
        what = f"トークンでない{what}"
    if effect.get("opponents"):
        what = f"{names(effect.get('controller'))}の対戦相手がコントロールする{what}"
    verb = "死亡する" if effect.get("creatures") else "墓地に置かれる"
    text = f"{what}が{verb}なら、代わりにそれを追放します。"
    token = effect.get("token")
    if isinstance(token, Mapping):
        colors = "・".join(COLOR_JA.get(c, c) for c in token.get("colors") or [])
        kinds = "・".join(subtype_ja(str(k)) for k in token.get("subtypes") or [])
        size = f"{token.get('power')}/{token.get('toughness')}"
        text += (
            f"そうしたとき、{names(effect.get('controller'))}は{size}の{colors + 'の' if colors else ''}"
            f"{kinds + '・' if kinds else ''}クリーチャー・トークンを1体生成します。"
        )
    return text + "死亡しないので「死亡したとき」の能力は誘発しません(700.4)。"


def effect_left(effect: Mapping[str, Any], final: Mapping[str, Any] | None) -> str:
    """How much of an effect is left: a shield's points, "used up" for a one-shot effect, "lasts" otherwise."""
    state = final or effect
    kind = effect.get("type")
    if kind == "prevent_next" or (kind in ("redirect_damage", "prevent_and") and effect.get("amount")):
        amount = state.get("amount", 0)
        return f"残り{amount}点" if amount else "使い切った"
    if (kind in ("prevent_and", "prevent_all_but") and effect.get("source")) or (
        kind == "regenerate" and not effect.get("static")
    ):
        return "使用済み" if state.get("used") else "未使用"
    if kind in ("prevent_next_from_source", "prevent_from_color") and (
        kind == "prevent_next_from_source" or effect.get("next_only")
    ):
        return "使用済み" if state.get("used") else "未使用"
    return "継続中"


def effects_present(
    document: Mapping[str, Any],
    *,
    final_effects: list[Mapping[str, Any]] | None = None,
    shields: Mapping[int, int] | None = None,
    sections: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The effects on the table: label, sentence, paragraph links and what is left.

    ``final_effects`` (the result's ``final.effects``) gives what is left after the event;
    ``shields`` (effect index → points left) what is left of the shields at some stage.
    """
    names = Names(document)
    out = []
    for index, effect in enumerate(document.get("effects", [])):
        kind = effect.get("type", "")
        final = final_effects[index] if final_effects and index < len(final_effects) else None
        if final is None and shields is not None and index in shields:
            final = {**effect, "amount": shields[index]}
        rules = list(EFFECT_RULES.get(kind, ()))
        if kind == "prevent_next_from_source" and effect.get("gain_life_to"):
            rules.append("615.5")
        out.append(
            {
                "index": index,
                "type": kind,
                "kind_label": EFFECT_LABEL_JA.get(kind, kind),
                "name": effect.get("name") or "",
                "text": effect_describe(effect, names),
                "rules": rule_links(rules, sections),
                "left_before": effect_left(effect, None),
                "left_after": effect_left(effect, final) if final is not None else None,
                "changed": final is not None and effect_left(effect, final) != effect_left(effect, None),
                "shield_to": effect.get("to") if kind == "prevent_next" else None,
            }
        )
    return out
