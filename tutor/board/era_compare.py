"""「この盤面を旧ルールで」: the board resolved under each era, side by side (拡張, issue 15).

Like the comparison of the players' choices (``tutor.results.choices``), every number comes from the
engine (``rules_core.compare_eras``); this module only sets the outcomes side by side, marks what
differs from today's, and gathers why: the notes of the era's own stages, which cite the former
paragraph that made the difference, and what of the board does not exist in the other eras.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rules_core import AssignmentError, Scenario, ScenarioError, compare_eras
from tutor.board.era_documents import CURRENT, ERA_SHORT, ORDER_ERA, STACK_ERA, dropped_by, era_of
from tutor.results.era_links import former_rule_link, stage_era
from tutor.results.links import linked_text
from tutor.results.names import ATTRIBUTE_JA, ZONE_JA, Names
from tutor.results.stages import note_text

ATTRIBUTES: Final = ("life", "poison", "lost", "zone", "damage")
"""What the comparison sets side by side: life, poison, who lost, deaths (the zone) and damage marked."""
ERA_ORDER: Final = (CURRENT, ORDER_ERA, STACK_ERA)
ERA_RULES_FILE: Final = {ORDER_ERA: "2024年8月2日版", STACK_ERA: "2007年2月1日版"}
ERA_WHY: Final = {
    ORDER_ERA: "攻撃クリーチャーのコントローラーはブロック・クリーチャー指定ステップに割り振り順を宣言し、"
    "順番で前のクリーチャーに致死ダメージを割り振るまで次には割り振れませんでした(2024-08-02版 509.2, 510.1c)。",
    STACK_ERA: "戦闘ダメージの割り振りはスタックに置かれ、解決される前にプレイヤーは呪文や能力を使えました。"
    "ダメージは割り振ったとおりに与えられました(2007-02-01版 310.1, 310.4a)。",
}
"""The era's rule in one sentence, shown when the outcome differs from today's."""


def _value(attribute: str, value: Any) -> str:
    if attribute == "zone":
        return str(ZONE_JA.get(value or "battlefield", value))
    if attribute == "lost":
        return "敗北" if value else "ゲーム中"
    if value is None:
        return "—"
    return str(value)


def _label(attribute: str) -> str:
    return {"zone": "領域", "lost": "勝敗"}.get(attribute, ATTRIBUTE_JA.get(attribute, attribute))


def _era_notes(result: Mapping[str, Any], sections: Mapping[str, str]) -> list[Any]:
    """The notes of the era's own stages that say what that era did differently (each once)."""
    seen: list[str] = []
    out = []
    for step in result.get("steps", []):
        for stage in step.get("stages", []):
            era = stage_era(stage)
            if era is None:
                continue
            for note in stage.get("notes", []):
                if note in seen or ("年のルール" not in note and "版" not in note):
                    continue
                seen.append(note)
                out.append(note_text(note, sections, era))
    return out


def _era_rules(result: Mapping[str, Any]) -> list[dict[str, str]]:
    cites: list[str] = []
    for step in result.get("steps", []):
        for stage in step.get("stages", []):
            for cite in stage.get("era_rules") or ():
                if ":" in cite and cite not in cites:
                    cites.append(cite)
    for violation in result.get("violations", []):
        cite = violation.get("rule") or ""
        if ":" in cite and cite not in cites:
            cites.append(cite)
    return [former_rule_link(c) for c in cites]


def eras_present(
    document: Mapping[str, Any], parsed: Scenario | None, *, sections: Mapping[str, str] | None = None
) -> dict[str, Any] | None:
    """The board under each era, or None when the eras cannot differ (no combat) or it cannot resolve.

    ``columns``: one per era (today's first), with the engine's verdict, the era's cited former
    paragraphs and why it differs; ``rows``: one per object and attribute whose final value differs
    between the eras, each cell marked ``changed`` when it differs from today's.
    """
    if parsed is None or (document.get("event") or {}).get("type") != "combat":
        return None
    sections = sections or {}
    try:
        resolved = compare_eras(parsed)
    except (ScenarioError, AssignmentError):
        return None
    names = Names(document)
    board_era = era_of(document)
    results = {era: resolved[era].to_dict() for era in ERA_ORDER if era in resolved}
    finals = {era: result.get("final") or {} for era, result in results.items()}

    rows: list[dict[str, Any]] = []
    for kind in ("players", "permanents"):
        idents = sorted({i for final in finals.values() for i in (final.get(kind) or {})})
        for ident in idents:
            for attribute in ATTRIBUTES:
                values = {
                    era: (final.get(kind) or {}).get(ident, {}).get(attribute)
                    for era, final in finals.items()
                }
                if attribute == "zone":
                    values = {era: v or "battlefield" for era, v in values.items()}
                if len({repr(v) for v in values.values()}) < 2:
                    continue
                today = values.get(CURRENT)
                rows.append(
                    {
                        "label": f"{names(ident)}の{_label(attribute)}",
                        "cells": [
                            {"era": era, "value": _value(attribute, v), "changed": v != today}
                            for era, v in values.items()
                        ],
                    }
                )

    columns: list[dict[str, Any]] = []
    for era, result in results.items():
        legal = bool(result.get("legal", True))
        differs = any(c["changed"] for row in rows for c in row["cells"] if c["era"] == era) or (
            legal != bool(results[CURRENT].get("legal", True))
        )
        why = []
        if era != CURRENT and differs:
            why.append(note_text(ERA_WHY[era], sections, stage_era({"era_rules": [_file_cite(era)]})))
        why += [linked_text(line, sections) for line in dropped_by(document, era)]
        if era != CURRENT:
            why += _era_notes(result, sections)
        violations = [
            note_text(v.get("message", ""), sections, stage_era({"era_rules": [v.get("rule") or ""]}))
            for v in result.get("violations", [])
        ]
        columns.append(
            {
                "era": era,
                "label": ERA_SHORT[era],
                "rules_file": ERA_RULES_FILE.get(era, ""),
                "legal": legal,
                "violations": violations,
                "differs": differs,
                "is_board_era": era == board_era,
                "why": why,
                "rules": _era_rules(result) if era != CURRENT else [],
            }
        )
    return {
        "columns": columns,
        "rows": rows,
        "same": not rows and len({c["legal"] for c in columns}) < 2,
        "board_era": board_era,
        "board_era_label": ERA_SHORT[board_era],
    }


def era_summary(document: Mapping[str, Any]) -> dict[str, Any]:
    """The board's own era, for the banner over the board: its label, and the lines of the event only
    that era has (the 2007 window's actions, the 2009-2024 orders), in Japanese."""
    names = Names(document)
    era = era_of(document)
    event = document.get("event") or {}
    lines = []
    for n, action in enumerate(event.get("on_stack_actions") or [], start=1):
        lines.append(f"戦闘ダメージがスタックにある間の行動{n}: {_action_sentence(action, names)}")
    for attack in event.get("attacks") or []:
        order = attack.get("order")
        if order:
            lines.append(
                f"{names(attack.get('attacker'))}のダメージ割り振り順: " + " → ".join(names(b) for b in order)
            )
    return {
        "era": era,
        "label": ERA_SHORT[era],
        "is_current": era == CURRENT,
        "rules_file": ERA_RULES_FILE.get(era, ""),
        "lines": lines,
    }


def _action_sentence(action: Mapping[str, Any], names: Names) -> str:
    """One action of the 2007 window in words.

    >>> _action_sentence({"type": "pump", "creature": "x", "power": 3, "toughness": 3, "name": "《巨大化》"}, Names({}))
    '《巨大化》: xが+3/+3の修整を受けます'
    """
    kind = action.get("type")
    head = f"{action['name']}: " if action.get("name") else ""
    who = names(action.get("creature"))
    if kind == "sacrifice":
        gain = f"(コントローラーは{action['gain_life']}点のライフを得ます)" if action.get("gain_life") else ""
        return f"{head}{who}を生け贄に捧げます{gain}"
    if kind == "pump":
        return f"{head}{who}が{action.get('power', 0):+d}/{action.get('toughness', 0):+d}の修整を受けます"
    if kind == "destroy":
        return f"{head}{who}を破壊します"
    if kind == "bounce":
        return f"{head}{who}をオーナーの手札に戻します"
    if kind == "damage":
        return f"{head}{names(action.get('source'))}が{names(action.get('to'))}に{action.get('amount', 0)}点のダメージを与えます"
    effect = action.get("effect") or {}
    return f"{head}{effect.get('name') or '効果'}が生じます"


def _file_cite(era: str) -> str:
    return {ORDER_ERA: "2024-08-02:509.2", STACK_ERA: "2007-02-01:310.1"}[era]


__all__ = ["era_summary", "eras_present"]
