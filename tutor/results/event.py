"""The damage event the learner declared, in Japanese sentences."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.results.names import Names


def event_describe(document: Mapping[str, Any]) -> list[str]:
    """The damage event as Japanese sentences (what the learner declared)."""
    event = document.get("event") or {}
    names = Names(document)
    if event.get("type") == "noncombat":
        source = event.get("source")
        src = names(source) if isinstance(source, str) else (source or {}).get("name") or "呪文・能力"
        lines = [
            f"{src}が{names(d['to'])}に{d['amount']}点のダメージを与える。" for d in event.get("damage", [])
        ]
        if event.get("excess_to"):
            lines.append(f"余剰のダメージは代わりに{names(event['excess_to'])}に与える(120.4a)。")
        if event.get("cant_be_prevented"):
            lines.append("このダメージは軽減できない(615.12)。")
        return lines
    if event.get("type") == "combat":
        lines = []
        for attack in event.get("attacks", []):
            line = f"{names(attack['attacker'])}が{names(attack['defender'])}を攻撃"
            if attack.get("blockers"):
                line += "し、" + "と".join(names(b) for b in attack["blockers"]) + "にブロックされた。"
            elif attack.get("blocked"):
                line += "し、ブロックされたが、ブロック・クリーチャーは戦闘から取り除かれた。"
            else:
                line += "し、ブロックされなかった。"
            lines.append(line)
        return lines
    if event.get("type") == "destroy":
        source = event.get("source")
        src = names(source) if isinstance(source, str) else (source or {}).get("name") or "呪文・能力"
        targets = "と".join(names(t) for t in event.get("targets", []))
        lines = [f"{src}が{targets}を破壊する(701.8a)。"]
        if event.get("cant_be_regenerated"):
            lines.append("それらは再生できない(701.19c)。")
        return lines
    return []
