"""The event and the result in words: the declared event, and the result as annotated stages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Final, Literal

from django.utils.safestring import SafeString

from tutor.results.era_links import ERA_LABELS, era_linked_text, former_rule_link, stage_era
from tutor.results.links import linked_text, rule_link, rule_links
from tutor.results.names import ATTRIBUTE_JA, ZONE_JA, Names
from tutor.results.table import BOARD_ATTRIBUTES, BoardState, _value_ja
from tutor.results.triggers import trigger_view, triggers_by_id

STAGE_TITLES = {
    "assignment": "戦闘ダメージの割り振り",
    "120.4a": "120.4a 余剰のダメージの移し替え",
    "120.4b": "120.4b 置換効果・軽減効果の適用",
    "120.4c": "120.4c 結果への変換と修整",
    "120.4d": "120.4d ダメージのイベントの発生",
    "704": "704 状況起因処理",
    "603.3b": "603.3b 誘発型能力をスタックに置く(APNAP順)",
    "608.2": "608.2 誘発型能力の解決",
    "701.14": "701.14 格闘",
    "bite": "一方的にダメージを与える(格闘ではない)",
    "power_damage": "パワーに等しいダメージを与える",
    "800.4a": "800.4a 敗北したプレイヤーがゲームから抜ける",
    "between_steps": "510.4 2つの戦闘ダメージ・ステップの間",
    "615.5": "615.5 軽減に伴う追加の効果",
    "701.8": "701.8 破壊",
    "601.2c": "601.2c 対象の選択",
    "702.21a": "702.21a 護法",
    "in_response": "呪文の解決を待つ間の出来事",
    "608.2b": "608.2b 解決時の対象の確認",
    "701.6a": "701.6a 誘発型能力を打ち消す",
    "603.7a": "603.7a 遅延誘発型能力が作られる",
    "513.1": "513.1 終了ステップの開始",
    "701.21a": "701.21a 生け贄に捧げる",
}
STAGE_PARAGRAPHS = {
    "603.3b": "603.3b",
    "608.2": "608.2",
    "701.14": "701.14a",
    "bite": "120.2b",
    "power_damage": "120.2b",
    "800.4a": "800.4a",
    "between_steps": "510.4",
    "615.5": "615.5",
    "701.8": "701.8",
    "in_response": "405.5",
}
"""The paragraph a stage's title links to, for stages not named by a number of their own."""
STEP_TITLES = {
    "damage": "ダメージ",
    "combat_damage": "戦闘ダメージ・ステップ",
    "first_strike_damage": "第1戦闘ダメージ・ステップ(先制攻撃・二段攻撃)",
    "trigger": "誘発型能力の解決",
    "between_steps": "戦闘ダメージ・ステップの間",
    "destroy": "破壊",
    "counter": "スタック上の能力を打ち消す",
    "end_step": "終了ステップ",
}
AFTER_TITLES = {"615.5": "(615.5の追加の効果が与えるダメージ)"}
"""A suffix for the stages of a damage event that happens after another stage (``"after"`` in the result)."""

PAGE_ITEMS: Final = 600
"""Notes and changes one page writes out in full, over all the stages it shows. A board at the limits can
make thousands (24 effects on each of 100 creatures: 4,900 lines in one stage; a chain of 100 triggers: 705
stages); past this budget a page names how many it leaves out and links the stages one by one, so its
work follows what it shows, never the size of the whole result."""
STAGE_ITEMS_LEAST: Final = 40
"""Lines a stage shown alone always writes out, however much an earlier part of the page used."""
INDEX_ENTRIES: Final = 60
"""Stages the stage index lists by name; a longer result lists the first, those around the stage shown
and the last (every stage stays one ``?stage=N`` away)."""


def change_sentence(change: Mapping[str, Any], names: Names) -> str:
    attribute = change.get("attribute", "")
    who = names(change.get("object"))
    before, after = change.get("before"), change.get("after")
    if attribute == "zone":
        before, after = str(before), str(after)
        return f"{who}: {ZONE_JA.get(before, before)} → {ZONE_JA.get(after, after)}"
    if attribute == "lost":
        return f"{who}はゲームに敗北する"
    if attribute in ("tapped", "removed_from_combat"):
        label = ATTRIBUTE_JA.get(attribute, attribute)
        return f"{who}の{label}: {_value_ja(attribute, before)} → {_value_ja(attribute, after)}"
    if attribute == "counters.shield":
        return f"{who}の盾カウンター: {before}個 → {after}個"
    if attribute in ("prevented", "redirected", "multiplied", "increased"):
        source = change.get("source")
        src = f"{names(source)}から" if source else ""
        moved = (
            f"(代わりに{names(change['to'])}へ、614.9)"
            if attribute == "redirected" and change.get("to")
            else ""
        )
        return f"{src}{who}へのダメージ: {before}点 → {after}点{moved}"
    if attribute == "shield":
        return f"{who}の軽減の盾: 残り{before}点 → {after}点"
    if attribute == "life" and (change.get("lost") or change.get("gained")):
        parts = []
        if change.get("lost"):
            parts.append(f"{change['lost']}点失い")
        if change.get("gained"):
            parts.append(f"{change['gained']}点得る")
        return f"{who}のライフ: {before} → {after}({'、'.join(parts)})"
    label = ATTRIBUTE_JA.get(attribute, attribute)
    return f"{who}の{label}: {before} → {after}"


def _number_repeated_titles(steps: list[dict[str, Any]]) -> None:
    """Each step's ``label``: its title, numbered as 704's rounds are when the title comes back (two
    triggered abilities resolve one after the other: 誘発型能力の解決(1回目), (2回目)). The page names
    each step's region by it, and a region's name must be its own."""
    counts = Counter(step["title"] for step in steps)
    seen: Counter[str] = Counter()
    for step in steps:
        seen[step["title"]] += 1
        repeated = counts[step["title"]] > 1
        step["label"] = f"{step['title']}({seen[step['title']]}回目)" if repeated else step["title"]


def resolution_present(
    document: Mapping[str, Any],
    result: Mapping[str, Any],
    *,
    sections: Mapping[str, str] | None = None,
    shown: int | Literal["all"] = "all",
) -> dict[str, Any]:
    """The engine's result as stages to read: titles, notes, before → after, linked paragraphs.

    ``shown`` is what the page shows: one stage (its index) or ``"all"``. Every stage gets its title and
    place (the stage index and the navigation need them); only the stages shown get their notes and
    changes written out, within :data:`PAGE_ITEMS` lines for the whole page. A stage that does not fit
    has ``detailed`` false; a stage cut short says how many lines it leaves out (``omitted``).
    """
    names = Names(document)
    names.learn_created(result.get("final"))
    stages: list[dict[str, Any]] = []
    steps = []
    # Trigger steps make a one-step combat several steps long: only a first-strike step makes two.
    two_steps = any(step.get("name") == "first_strike_damage" for step in result.get("steps", []))
    triggers = triggers_by_id(result, document, names)
    budget = PAGE_ITEMS
    for s_index, step in enumerate(result.get("steps", [])):
        name = step.get("name", "")
        title = (
            "第2戦闘ダメージ・ステップ"
            if two_steps and name == "combat_damage"
            else STEP_TITLES.get(name, name)
        )
        step_view: dict[str, Any] = {"name": name, "title": title, "stages": []}
        for st in step.get("stages", []):
            key = st.get("stage", "")
            view: dict[str, Any] = {
                "index": len(stages),
                "step_index": s_index,
                "step_title": step_view["title"],
                "key": key,
                "title": STAGE_TITLES.get(key, key)
                + (f"({st['round']}回目)" if key == "704" and (st.get("round") or 0) > 1 else "")
                + AFTER_TITLES.get(str(st.get("after") or ""), ""),
                "detailed": False,
            }
            wanted = shown == "all" or shown == view["index"]
            if wanted and (budget > 0 or shown != "all"):
                allowed = budget if shown == "all" else max(budget, STAGE_ITEMS_LEAST)
                used = _stage_detail(view, st, document, names, triggers, sections, allowed)
                budget -= used
            stages.append(view)
            step_view["stages"].append(view)
        step_view["detailed"] = any(view["detailed"] for view in step_view["stages"])
        steps.append(step_view)
    _number_repeated_titles(steps)
    violations = [
        {
            "message": note_text(
                v.get("message", ""), sections, stage_era({"era_rules": [v.get("rule") or ""]})
            ),
            "plain": v.get("message", ""),
            "rule": rule_link(v["rule"], sections) if v.get("rule") else None,
        }
        for v in result.get("violations", [])
    ]
    final_lines = _final_lines(document, result.get("final"), names)
    left_out = sum(1 for v in stages if not v["detailed"]) if shown == "all" else 0
    return {
        "legal": result.get("legal", True),
        "violations": violations,
        "steps": steps,
        "stages": stages,
        "count": len(stages),
        "final": final_lines,
        "two_steps": len(steps) > 1,
        "left_out": left_out,
        "index": index_entries(stages, None if shown == "all" else shown),
    }


def _stage_detail(
    view: dict[str, Any],
    st: Mapping[str, Any],
    document: Mapping[str, Any],
    names: Names,
    triggers: Mapping[str, Any],
    sections: Mapping[str, str] | None,
    allowed: int,
) -> int:
    """Fill in one stage's notes, changes and abilities, at most ``allowed`` lines; returns the lines used."""
    era = stage_era(st)
    raw_notes = st.get("notes", [])
    raw_changes = st.get("changes", [])
    note_room = min(len(raw_notes), max(allowed - min(len(raw_changes), allowed // 2), 0))
    change_room = min(len(raw_changes), max(allowed - note_room, 0))
    changes = []
    for change in raw_changes[:change_room]:
        changes.append(
            {
                "text": change_sentence(change, names),
                "attribute": change.get("attribute"),
                "object": change.get("object"),
                "before": change.get("before"),
                "after": change.get("after"),
                "board": change.get("attribute") in BOARD_ATTRIBUTES or change.get("attribute") == "shield",
                "rule": rule_link(change["rule"], sections) if change.get("rule") else None,
            }
        )
    key = view["key"]
    view.update(
        {
            "detailed": True,
            "rules": rule_links(st.get("rules", []), sections),
            "notes": [note_text(n, sections, era) for n in raw_notes[:note_room]],
            "era": st.get("era"),
            "era_label": ERA_LABELS.get(str(st.get("era")), ""),
            "era_rules": [former_rule_link(r) for r in st.get("era_rules") or () if ":" in r],
            "plain_notes": list(raw_notes[:3]),
            "changes": changes,
            "omitted": (len(raw_notes) - note_room) + (len(raw_changes) - change_room),
            "nothing": not raw_notes and not raw_changes,
            "title_rule": rule_link(STAGE_PARAGRAPHS.get(key, key), sections)
            if key in STAGE_PARAGRAPHS or key[:1].isdigit()
            else None,
            "triggered": [triggers[str(t.get("id"))] for t in st.get("triggered") or []],
            "stack": [triggers.get(str(i)) or {"id": i} for i in st.get("stack") or []],
            "resolving": trigger_view(st["trigger"], document, names) if st.get("trigger") else None,
            "left": [names(p) for p in st.get("left") or []],
        }
    )
    view["summary"] = _stage_summary(view)
    return note_room + change_room


def index_entries(stages: list[dict[str, Any]], current: int | None) -> list[dict[str, Any] | None]:
    """The stages the index lists by name: all of them up to :data:`INDEX_ENTRIES`, else the first ten,
    those around ``current`` and the last ten, ``None`` standing where some are skipped.

    >>> [e and e["index"] for e in index_entries([{"index": i} for i in range(100)], 50)][:12]
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, None, 30]
    """
    if len(stages) <= INDEX_ENTRIES:
        return list(stages)
    around = 20
    at = current if current is not None and current >= 0 else len(stages) - 1
    keep = (
        set(range(10))
        | set(range(max(at - around, 0), at + around + 1))
        | set(range(len(stages) - 10, len(stages)))
    )
    out: list[dict[str, Any] | None] = []
    for view in stages:
        if view["index"] in keep:
            out.append(view)
        elif out and out[-1] is not None:
            out.append(None)
    return out


def stage_navigation(count: int, stage: int | None) -> dict[str, Any] | None:
    """What ``results/_stages.html`` needs to step: the stage shown (``-1``: all), previous and next.

    >>> stage_navigation(6, 0)["next"], stage_navigation(6, -1)["all"], stage_navigation(0, 0)
    (1, True, None)
    """
    if not count or stage is None:
        return None
    shown = count - 1 if stage == -1 else stage
    return {
        "all": stage == -1,
        "index": shown,
        "number": shown + 1,
        "count": count,
        "prev": shown - 1 if stage != -1 and shown > 0 else None,
        "next": shown + 1 if stage != -1 and shown < count - 1 else None,
        "at_end": stage == -1 or shown == count - 1,
    }


def _stage_summary(view: Mapping[str, Any]) -> str:
    """One sentence for screen readers: which stage, then what it says."""
    head = f"{view['title']}。"
    body = "".join(view["plain_notes"][:3]) or "".join(c["text"] + "。" for c in view["changes"][:3])
    return head + (body or "この段階では何も起こりません。")


def _final_lines(
    document: Mapping[str, Any], final: Mapping[str, Any] | None, names: Names
) -> list[dict[str, Any]]:
    """Before → after for every player and permanent whose numbers changed."""
    if not final:
        return []
    start = BoardState.initial(document)
    lines = []
    for pid, values in (final.get("players") or {}).items():
        before = start.players.get(pid, {})
        diffs = [
            f"{ATTRIBUTE_JA[k]} {before.get(k)} → {values.get(k)}"
            for k in ("life", "poison")
            if k in values and values.get(k) != before.get(k)
        ]
        if values.get("lost"):
            diffs.append("敗北")
        lines.append(
            {
                "id": pid,
                "name": names(pid),
                "kind": "player",
                "diffs": diffs,
                "text": f"ライフ {values.get('life')}、毒カウンター {values.get('poison')}",
            }
        )
    for pid, values in (final.get("permanents") or {}).items():
        before = start.permanents.get(pid, {})
        counters = values.get("counters") or {}
        after = {
            "damage": values.get("damage", 0),
            "counters.+1/+1": counters.get("+1/+1", 0),
            "counters.-1/-1": counters.get("-1/-1", 0),
            "counters.shield": counters.get("shield", 0),
            "loyalty": values.get("loyalty"),
            "defense": values.get("defense"),
            "zone": values.get("zone", "battlefield"),
            "tapped": bool(values.get("tapped", before.get("tapped"))),
            "removed_from_combat": bool(values.get("removed_from_combat")),
        }
        diffs = [
            f"{ATTRIBUTE_JA[k]} {_value_ja(k, before.get(k))} → {_value_ja(k, v)}"
            for k, v in after.items()
            if v != before.get(k)
        ]
        size = f"{values['power']}/{values['toughness']}" if "power" in values else ""
        if values.get("created"):  # not on the board before: a token the resolution created (111.1)
            diffs = ["新たに生成されたトークン (111.1)"]
        lines.append(
            {
                "id": pid,
                "name": str(values.get("name") or "トークン") if values.get("created") else names(pid),
                "kind": "permanent",
                "diffs": diffs,
                "size": size,
                "zone": ZONE_JA.get(values.get("zone", "battlefield"), values.get("zone")),
                "text": size,
            }
        )
    return lines


def note_text(text: str, sections: Mapping[str, str] | None, era: tuple[str, set[str]] | None) -> SafeString:
    """A note (or a violation) with its paragraph numbers linked: a stage of another era links the
    numbers of its rules file to their former pages (``tutor.results.era_links``)."""
    if era is None:
        return linked_text(text, sections)
    return era_linked_text(text, sections, date=era[0], former=era[1])
