"""A card's engine fragment in Japanese words, and the rules its resolution cites (pure; no Django)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import rules_core
from rules_core.model.block_types import BlockerFilter
from rules_core.model.evasion import filters_ja
from rules_core.model.ja import (
    COLOR_JA,
    EFFECT_LABEL_JA,
    KEYWORD_JA,
    TRIGGER_EFFECT_JA,
    TYPE_JA,
    subtype_ja,
)
from tutor.cards.placement import scenario_of
from tutor.results.triggers import when_ja

PLAYER_JA = {"A": "あなた", "B": "対戦相手"}
EVENT_JA = {
    "noncombat": "戦闘以外のダメージ",
    "combat": "戦闘",
    "destroy": "破壊",
    "fight": "格闘",
    "bite": "一方的にダメージを与える",
    "power_damage": "パワーに等しいダメージ",
}


def _name(ident: str, fragment: Mapping[str, Any]) -> str:
    if ident in PLAYER_JA:
        return PLAYER_JA[ident]
    for permanent in fragment.get("permanents", []):
        if permanent["id"] == ident:
            return f"《{str(permanent.get('name', ident)).strip('《》')}》"
    return ident


def _permanent(permanent: Mapping[str, Any], fragment: Mapping[str, Any] | None = None) -> str:
    kinds = "・".join(TYPE_JA[t] for t in permanent["types"] if t in TYPE_JA)
    stats = ""
    if "power" in permanent:
        stats = f" {permanent['power']}/{permanent['toughness']}"
    elif "loyalty" in permanent:
        stats = f" 忠誠度{permanent['loyalty']}"
    elif "defense" in permanent:
        stats = f" 守備値{permanent['defense']}"
    extras = [KEYWORD_JA.get(k, k) for k in permanent.get("keywords", [])]
    if permanent.get("toxic"):
        extras.append(f"毒性{permanent['toxic']}")
    for quality in permanent.get("protection", []):
        if isinstance(quality, Mapping) and "subtype" in quality:  # 702.16a: a creature type (§ 16.2)
            label = subtype_ja(str(quality["subtype"]))
        else:
            label = COLOR_JA.get(quality, "すべて" if quality == "everything" else str(quality))
        extras.append(f"プロテクション（{label}）")
    for kind, amount in (permanent.get("counters") or {}).items():
        if amount:
            extras.append(f"{'盾' if kind == 'shield' else kind}カウンター{amount}個")
    for trigger in permanent.get("triggers", []):
        effect = trigger["effect"]
        # 603.3d: a "target" ability's target is checked (hexproof, shroud, protection, ward)
        aimed = f"、対象の{_name(str(effect['to']), fragment or {})}に" if effect.get("target") else ""
        extras.append(
            f"誘発型能力（{when_ja(trigger)}、{TRIGGER_EFFECT_JA.get(effect['type'], effect['type'])}{aimed}）"
        )
    if permanent.get("ward"):
        extras.append(f"護法{permanent['ward']}")
    if permanent.get("may_assign_as_though_unblocked"):
        extras.append("ブロックされていないかのように割り振れる")
    extras += block_rules(permanent)
    owner = PLAYER_JA.get(permanent["controller"], permanent["controller"])
    tail = f"（{'、'.join(extras)}）" if extras else ""
    return f"{owner}の{kinds}《{str(permanent.get('name', permanent['id'])).strip('《》')}》{stats}{tail}"


BLOCK_KEYWORD_RULES = {
    "flying": "飛行も到達も持たないクリーチャーにはブロックされない (702.9b)",
    "reach": "飛行を持つクリーチャーをブロックできる (702.17b)",
    "menace": "2体以上のクリーチャーにしかブロックされない (702.111b)",
    "defender": "攻撃できない (702.3b)",
}
"""What each keyword checked as attackers and blockers are declared does, with its rule."""


def block_rules(permanent: Mapping[str, Any]) -> list[str]:
    """The restrictions on its attacking and blocking that the engine checks, each with its rule.

    >>> block_rules({"keywords": ["flying"], "cant_be_blocked_by": [{"power_at_most": 2}], "additional_blocks": 1})
    ['飛行も到達も持たないクリーチャーにはブロックされない (702.9b)', 'パワーが2以下のクリーチャーにはブロックされない (509.1b)', '追加で1体ブロックできる (509.1a)']
    """
    keywords = permanent.get("keywords", [])
    out = [text for k, text in BLOCK_KEYWORD_RULES.items() if k in keywords]
    if permanent.get("cant_block"):
        out.append("ブロックできない (509.1b)")
    if permanent.get("cant_be_blocked"):
        out.append("ブロックされない (509.1b)")
    for key, tail in (
        ("cant_be_blocked_by", "にはブロックされない"),
        ("cant_be_blocked_except_by", "にしかブロックされない"),
    ):
        if permanent.get(key):
            out.append(f"{filters_ja([BlockerFilter(**f) for f in permanent[key]])}{tail} (509.1b)")
    if permanent.get("min_blockers"):
        out.append(f"{permanent['min_blockers']}体以上のクリーチャーにしかブロックされない (509.1b)")
    extra = permanent.get("additional_blocks")
    if extra == "any":
        out.append("好きな数のクリーチャーをブロックできる (509.1a)")
    elif extra:
        out.append(f"追加で{extra}体ブロックできる (509.1a)")
    return out


def _event(event: Mapping[str, Any], fragment: Mapping[str, Any]) -> str:
    kind = str(event.get("type", ""))
    label = EVENT_JA.get(kind, kind)
    if kind == "noncombat":
        # 115.1, 115.10a: say which recipient is a target (hexproof, shroud, protection and ward look only at those)
        targets = event.get("targets") or []
        parts = "、".join(
            f"{'対象の' if d['to'] in targets else ''}{_name(d['to'], fragment)}に{d['amount']}点"
            for d in event["damage"]
        )
        source = event["source"]
        name = source.get("name", "") if isinstance(source, Mapping) else _name(str(source), fragment)
        untargeted = "" if targets else "（対象をとらない）"
        return f"{label}: {name}が{parts}{untargeted}"
    if kind == "combat":
        attacks = []
        for attack in event["attacks"]:
            blockers = "・".join(_name(b, fragment) for b in attack.get("blockers", []))
            tail = f"、{blockers}がブロック" if blockers else "、ブロックされない"
            attacks.append(
                f"{_name(attack['attacker'], fragment)}が{_name(attack['defender'], fragment)}を攻撃{tail}"
            )
        between = [f"戦闘ダメージの間に{c.get('name', '')}" for c in event.get("between_steps", [])]
        return f"{label}: " + "。".join(attacks + between)
    if kind == "destroy":
        # § 14.4: "destroy target creature" targets; "destroy all" does not (115.10a)
        prefix = "対象の" if event.get("targeted") else ""
        tail = "" if event.get("targeted") else "（対象をとらない）"
        return f"{label}: {prefix}" + "・".join(_name(t, fragment) for t in event["targets"]) + tail
    targets = event.get("targets") or []

    def aimed(ident: str) -> str:
        return f"{'対象の' if ident in targets else ''}{_name(ident, fragment)}"

    if kind == "fight":
        return f"{label}: " + "と".join(aimed(f) for f in event["fighters"])
    if kind == "bite":
        return f"{label}: {aimed(event['source'])}が{aimed(event['to'])}に"
    return label


def describe(fragment: Mapping[str, Any]) -> list[str]:
    """What the board holds, line by line: permanents, effects, then the event.

    >>> describe({"kind": "event", "permanents": [], "effects": [{"type": "no_life_gain", "name": "《頭蓋割り》"}],
    ...           "event": {}})
    ['効果: 《頭蓋割り》（ライフを得られない効果）']
    """
    lines = [_permanent(p, fragment) for p in fragment.get("permanents", [])]
    for effect in fragment.get("effects", []):
        label = EFFECT_LABEL_JA.get(effect["type"], effect["type"])
        if effect.get("on_controlled_by"):  # CR 122.6, 614.1a: whose permanents, not who puts them
            label += (
                f"、{_name(effect['on_controlled_by'], fragment)}がコントロールするパーマネントに置かれるもの"
            )
        lines.append(f"効果: {effect.get('name', '')}（{label}）" if effect.get("name") else f"効果: {label}")
    if fragment.get("event"):
        lines.append(_event(fragment["event"], fragment))
    return lines


def cited_rules(fragment: Mapping[str, Any]) -> list[str]:
    """Every rule the resolution's stages cite, in the order they first appear.

    :raises rules_core.ScenarioError: when the engine refuses the fragment.
    """
    resolution = rules_core.resolve(rules_core.parse_scenario(scenario_of(fragment)))
    seen: dict[str, None] = {}
    for step in resolution.steps:
        for stage in step.stages:
            for rule in stage.rules:
                seen.setdefault(rule, None)
    return list(seen)
