"""The damage event the learner declared, in Japanese sentences."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_core.model.ja import KEYWORD_JA
from rules_core.model.protection import entries_label
from tutor.results.names import Names

LEFT_JA = {"graveyard": "墓地に置かれます", "exile": "追放されます", "hand": "手札に戻ります"}
"""Where a permanent that left the battlefield in response went (``in_response``, 608.2b)."""


def event_describe(document: Mapping[str, Any]) -> list[str]:
    """The damage event as Japanese sentences (what the learner declared)."""
    event = document.get("event") or {}
    names = Names(document)
    if event.get("type") == "noncombat":
        source = event.get("source")
        src = names(source) if isinstance(source, str) else (source or {}).get("name") or "呪文・能力"
        targets = event.get("targets") or []
        lines = [
            f"{src}が{'対象の' if d['to'] in targets else ''}{names(d['to'])}に{d['amount']}点のダメージを与えます。"
            for d in event.get("damage", [])
        ]
        if event.get("ward_paid"):
            paid = "、".join(names(t) for t in event["ward_paid"])
            lines.append(f"{paid}の護法のコストは支払われます(702.21a)。")
        for change in event.get("in_response") or []:
            lines.append(f"呪文・能力が解決する前に、{_response_line(change, names)}(608.2b)。")
        if event.get("excess_to"):
            lines.append(f"余剰のダメージは代わりに{names(event['excess_to'])}に与えます(120.4a)。")
        if event.get("cant_be_prevented"):
            lines.append("このダメージは軽減できません(615.12)。")
        if event.get("exile_if_dies"):
            lines.append(
                "このダメージを受けたクリーチャーは、このターン死亡するなら代わりに追放されます(614.6)。"
            )
        delayed = event.get("delayed")
        if isinstance(delayed, Mapping):
            lines.append(
                f"{src}は解決するとき、遅延誘発型能力を作ります:{names(delayed.get('creature'))}がこのターン死亡したとき、"
                f"{src}はそのクリーチャーのコントローラーに{delayed.get('amount', 0)}点のダメージを与えます(603.7a)。"
            )
        return lines
    if event.get("type") == "combat":
        lines = []
        for attack in event.get("attacks", []):
            line = f"{names(attack['attacker'])}が{names(attack['defender'])}を攻撃"
            if attack.get("blockers"):
                line += "し、" + "と".join(names(b) for b in attack["blockers"]) + "にブロックされました。"
            elif attack.get("blocked"):
                line += "し、ブロックされたが、ブロック・クリーチャーは戦闘から取り除かれました。"
            else:
                line += "し、ブロックされませんでした。"
            lines.append(line)
        lines.extend(_between_steps_lines(event, names))
        return lines
    if event.get("type") == "destroy":
        source = event.get("source")
        src = names(source) if isinstance(source, str) else (source or {}).get("name") or "呪文・能力"
        targets = "と".join(names(t) for t in event.get("targets", []))
        lines = [f"{src}が{targets}を破壊します(701.8a)。"]
        if event.get("cant_be_regenerated"):
            lines.append("それらは再生できません(701.19c)。")
        return lines
    return _power_lines(event, names)


BETWEEN_JA = {
    "remove_from_combat": "戦闘から取り除かれます(506.4)",
    "destroy": "破壊されます(701.8)",
    "return_to_hand": "オーナーの手札に戻ります(400.7)",
}


def _between_steps_lines(event: Mapping[str, Any], names: Names) -> list[str]:
    """CR 510.4: what the learner said happens between the two combat damage steps."""
    lines = []
    for change in event.get("between_steps", []):
        who, kind = names(change.get("creature")), change.get("type")
        by = f"{change['name']}で、" if change.get("name") else ""
        if kind == "pump":
            what = f"{who}は{change.get('power', 0):+d}/{change.get('toughness', 0):+d}の修整を受けます"
        elif kind in ("gain_keyword", "lose_keyword"):
            keyword = KEYWORD_JA.get(change.get("keyword", ""), change.get("keyword", ""))
            what = f"{who}は{keyword}を{'得ます' if kind == 'gain_keyword' else '失います'}"
        elif kind == "enter_attacking":
            what = f"{who}が{names(change.get('defender'))}を攻撃している状態で戦場に出ます"
        elif kind == "enter_blocking":
            what = f"{who}が{names(change.get('blocking'))}をブロックしている状態で戦場に出ます"
        elif kind == "ninjutsu":
            what = (
                f"ブロックされていない{names(change.get('returned'))}を手札に戻し、{who}がタップ状態で"
                "攻撃している状態で戦場に出ます(702.49a)"
            )
        elif kind == "damage":
            source = change.get("source")
            src = names(source) if isinstance(source, str) else (source or {}).get("name") or "呪文・能力"
            hits = "、".join(
                f"{names(d.get('to'))}に{d.get('amount', 0)}点"
                for d in change.get("damage", [])
                if isinstance(d, Mapping)
            )
            what = f"{src}が{hits}のダメージを与えます(120.2b)"
            by = ""
        else:
            what = f"{who}は{BETWEEN_JA.get(str(kind), str(kind))}"
        lines.append(f"戦闘ダメージ・ステップの間に、{by}{what}。")
    return lines


def _response_line(change: Mapping[str, Any], names: Names) -> str:
    """One change of ``in_response``, as the event's summary says it."""
    by = f"{change['name']}で、" if change.get("name") else ""
    kind = change.get("type")
    if kind == "gain_keyword":
        keyword = KEYWORD_JA.get(change.get("keyword", ""), change.get("keyword", ""))
        return f"{by}{names(change.get('permanent'))}は{keyword}を得ます"
    if kind == "gain_protection":
        return f"{by}{names(change.get('object'))}は{entries_label([change.get('from')], names)}を得ます"
    went = LEFT_JA.get(str(change.get("zone") or "graveyard"), "墓地に置かれます")
    return f"{by}{names(change.get('permanent'))}は戦場を離れ、{went}"


def _power_lines(event: Mapping[str, Any], names: Names) -> list[str]:
    """Fight, bite and "each deals damage equal to its power" (701.14, 120.2b)."""
    kind = event.get("type")
    by = f"{event['name']}の指示で、" if event.get("name") else ""
    gone = [f"{names(g)}は、解決する前に戦場を離れています(608.2b)。" for g in event.get("gone") or []]
    if kind == "fight":
        fighters = list(event.get("fighters") or [])
        if len(fighters) == 2:
            return [f"{by}{names(fighters[0])}と{names(fighters[1])}が格闘します(701.14a)。", *gone]
    if kind == "bite":
        lines = [
            f"{by}{names(event.get('source'))}がパワーに等しい点数のダメージを{names(event.get('to'))}に与えます。"
        ]
        if event.get("excess_to"):
            lines.append(f"余剰のダメージは代わりに{names(event['excess_to'])}に与えます(120.4a)。")
        return [*lines, *gone]
    if kind == "power_damage":
        sources = "と".join(names(s) for s in event.get("sources", []))
        return [
            f"{by}{sources}がそれぞれパワーに等しい点数のダメージを{names(event.get('to'))}に与えます。",
            *gone,
        ]
    return []
