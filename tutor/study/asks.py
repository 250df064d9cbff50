"""What a question asks about a scenario, and the engine's answer to it.

An *ask* is a small JSON object stored with the question (``{"kind": "life", "player": "B"}``).
:func:`engine_answer` runs ``rules_core`` on the scenario and reads the answer from its result; it
is the only place where a study answer comes from, both when a question is made and when it is
graded (the stored answer is checked again against a fresh resolution).

No Django here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rules_core import AssignmentError, ScenarioError, max_damage_assignment, parse_scenario, resolve_document

NUMBER_KINDS: Final = ("life", "poison", "toughness", "defense", "loyalty", "damage", "max_to_defender")
KINDS: Final = (*NUMBER_KINDS, "dies", "legal", "best_order")

KIND_LABELS: Final = {
    "life": "ライフ",
    "poison": "毒カウンター",
    "toughness": "タフネス",
    "defense": "守備カウンター",
    "loyalty": "忠誠度",
    "damage": "負っているダメージ",
    "max_to_defender": "プレイヤー等に割り振れる最大のダメージ",
    "dies": "墓地に置かれるクリーチャー",
    "legal": "割り振りが適正か",
    "best_order": "効果を適用する順番",
}

UNITS: Final = {
    "life": "点",
    "poison": "個",
    "defense": "個",
    "loyalty": "",
    "toughness": "",
    "damage": "点",
    "max_to_defender": "点",
}

# The permanent field each per-permanent kind reads from ``final.permanents``.
_PERMANENT_FIELDS: Final = {
    "toughness": "toughness",
    "defense": "defense",
    "loyalty": "loyalty",
    "damage": "damage",
}


class AskError(ValueError):
    """The ask cannot be answered on this scenario; ``message`` says why in Japanese."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def answer_format(ask: Mapping[str, Any], level: str) -> str:
    """How the learner answers: ``choice`` (one option), ``multi`` (checkboxes) or ``number`` (typed).

    Numbers are multiple choice up to L1 and typed at L2, where there is nothing to pick from.
    """
    kind = ask.get("kind")
    if kind in (ORDER_KIND, PARTS_KIND):
        return str(kind)
    if kind == "dies":
        return "multi"
    if kind in ("legal", "best_order"):
        return "choice"
    return "number" if level == "l2" else "choice"


def _resolved(scenario: Mapping[str, Any]) -> dict[str, Any]:
    try:
        result = resolve_document(scenario)
    except ScenarioError as error:
        raise AskError(f"シナリオが正しくありません: {error}") from None
    return result


def _final(scenario: Mapping[str, Any]) -> dict[str, Any]:
    result = _resolved(scenario)
    if not result.get("legal", False):
        messages = "、".join(v.get("message", "") for v in result.get("violations", []))
        raise AskError(f"割り振りが不適正なので解決できません: {messages}")
    final: dict[str, Any] = result["final"]
    return final


def engine_answer(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> Any:
    """The engine's answer to ``ask`` on ``scenario`` (an int, a bool, a sorted id list or an option index)."""
    kind = ask.get("kind")
    if kind in (ORDER_KIND, PARTS_KIND):
        return sequence_answer(scenario, ask)
    if kind in ("life", "poison"):
        final = _final(scenario)
        player = final["players"].get(ask.get("player"))
        if player is None:
            raise AskError(f"プレイヤー {ask.get('player')!r} がいません")
        return int(player[kind])
    if kind in _PERMANENT_FIELDS:
        final = _final(scenario)
        permanent = final["permanents"].get(ask.get("permanent"))
        if permanent is None or _PERMANENT_FIELDS[kind] not in permanent:
            raise AskError(f"パーマネント {ask.get('permanent')!r} の{KIND_LABELS[kind]}がありません")
        return int(permanent[_PERMANENT_FIELDS[kind]])
    if kind == "dies":
        final = _final(scenario)
        creatures = {p["id"] for p in scenario.get("permanents", []) if "creature" in p.get("types", [])}
        return sorted(
            pid for pid, p in final["permanents"].items() if pid in creatures and p["zone"] != "battlefield"
        )
    if kind == "legal":
        return bool(_resolved(scenario)["legal"])
    if kind == "max_to_defender":
        try:
            parsed = parse_scenario(scenario)
            division = max_damage_assignment(parsed, str(ask.get("attacker")))
        except (ScenarioError, AssignmentError) as error:
            raise AskError(f"割り振りを計算できません: {error}") from None
        event = scenario.get("event", {})
        defender = next(
            (a["defender"] for a in event.get("attacks", []) if a.get("attacker") == ask.get("attacker")),
            None,
        )
        return int(division.get(str(defender), 0))
    if kind == "best_order":
        losses = order_losses(scenario, ask)
        best = min(losses)
        if losses.count(best) != 1:
            raise AskError("最善の順番が1つに決まりません")
        return losses.index(best)
    raise AskError(f"知らない種類の問いです: {kind!r}")


def order_losses(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> list[int]:
    """Life the player loses with each order of ``ask["orders"]`` (CR 616.1, ``choices.replacement_order``)."""
    player = ask.get("player")
    start = next((p.get("life", 20) for p in scenario.get("players", []) if p.get("id") == player), None)
    if start is None:
        raise AskError(f"プレイヤー {player!r} がいません")
    losses = []
    for order in ask.get("orders", []):
        trial = dict(scenario)
        choices = dict(trial.get("choices") or {})
        choices["replacement_order"] = {player: list(order)}
        trial["choices"] = choices
        losses.append(start - _final(trial)["players"][player]["life"])
    if not losses:
        raise AskError("順番の選択肢がありません")
    return losses


def with_order(scenario: Mapping[str, Any], ask: Mapping[str, Any], index: int) -> dict[str, Any]:
    """The scenario with the player's choice of order ``index`` (for drawing the correct outcome)."""
    trial = dict(scenario)
    choices = dict(trial.get("choices") or {})
    choices["replacement_order"] = {ask["player"]: list(ask["orders"][index])}
    trial["choices"] = choices
    return trial


def answer_text(ask: Mapping[str, Any], value: Any, names: Mapping[str, str] | None = None) -> str:
    """An answer as the learner reads it (``17点``, ``熊、狼``, ``適正``)."""
    kind = str(ask.get("kind"))
    names = names or {}
    if kind in (ORDER_KIND, PARTS_KIND):
        return sequence_text(ask, value, names)
    if kind == "dies":
        return "、".join(names.get(str(v), str(v)) for v in value) if value else "どれも墓地に置かれない"
    if kind == "legal":
        return "適正" if value else "不適正"
    if kind == "best_order":
        labels = ask.get("labels") or []
        return labels[value] if isinstance(value, int) and 0 <= value < len(labels) else str(value)
    return f"{value}{UNITS.get(kind, '')}"


def parse_answer_text(ask: Mapping[str, Any], text: str, scenario: Mapping[str, Any]) -> Any:
    """An author's answer typed in the admin (``17``, ``適正``/``不適正``, ``熊, 狼`` or ``なし``) as a value."""
    kind = ask.get("kind")
    text = (text or "").strip()
    if kind in NUMBER_KINDS:
        try:
            return int(text.translate(_FULLWIDTH))
        except ValueError:
            raise AskError("答えは整数で書いてください") from None
    if kind == "legal":
        if text in ("適正", "はい", "yes", "true", "legal"):
            return True
        if text in ("不適正", "いいえ", "no", "false", "illegal"):
            return False
        raise AskError("答えは「適正」か「不適正」で書いてください")
    if kind == "dies":
        if text in ("", "なし", "none"):
            return []
        by_name = {}
        for p in scenario.get("permanents", []):
            by_name[p.get("id")] = p.get("id")
            if p.get("name"):
                by_name[p["name"]] = p.get("id")
        ids = []
        for part in text.replace("、", ",").split(","):
            part = part.strip()
            if not part:
                continue
            if part not in by_name:
                raise AskError(f"「{part}」という名前かIDのパーマネントがありません")
            ids.append(by_name[part])
        return sorted(set(ids))
    raise AskError(f"この種類の問い（{kind}）の答えは書けません")


_FULLWIDTH: Final = str.maketrans("０１２３４５６７８９－", "0123456789-")


# --------------------------------------------------------------------------- order and parts (issue 24)
#
# ``order``: ``{"kind": "order", "events": [{"key": "e1", "label": "…", "at": {…}}, …]}``. Each event
# says where to find it in the engine's staged trace (``at``); the answer is the keys in the order the
# trace reaches them, so the order always comes from the resolution and never from the template.
# ``parts``: ``{"kind": "parts", "parts": [ask, …]}``: several number or ``dies`` asks on one board,
# the answer one value per part.

ORDER_KIND: Final = "order"
PARTS_KIND: Final = "parts"
KIND_LABELS.update({ORDER_KIND: "起こる順番", PARTS_KIND: "それぞれの答え"})
PART_KINDS: Final = ("life", "poison", "damage", "toughness", "loyalty", "defense", "dies")

STEP_LABELS: Final = {
    "first_strike_damage": "第1戦闘ダメージ・ステップ",
    "combat_damage": "戦闘ダメージ・ステップ",
    "between_steps": "2つの戦闘ダメージ・ステップの間",
    "trigger": "誘発型能力の解決",
    "damage": "ダメージのイベント",
}
STAGE_LABELS: Final = {
    "assignment": "戦闘ダメージの割り振り",
    "120.4a": "余剰のダメージの移し替え",
    "120.4b": "置換・軽減とダメージの発生",
    "120.4c": "ダメージの結果",
    "120.4d": "結果が同時に起こる",
    "704": "状況起因処理",
    "603.3b": "誘発型能力をスタックに置く",
    "608.2": "能力の解決",
    "in_response": "対応して解決したもの",
    "608.2b": "対象の再確認",
    "601.2c": "対象の選択",
    "between_steps": "戦闘ダメージ・ステップの間の変化",
    "702.21a": "護法",
    "603.7a": "遅延誘発型能力の作成",
    "800.4a": "ゲームから抜けたプレイヤー",
}


def _moment_matches(
    at: Mapping[str, Any], step: Mapping[str, Any], stage: Mapping[str, Any], sources: Mapping[str, str]
) -> bool:
    """Whether ``stage`` (of ``step``) is where the event ``at`` describes happens (``sources``: each
    triggered ability's id to its source)."""
    if "step" in at and step.get("name") != at["step"]:
        return False
    if "change" in at:
        return any(
            c.get("object") == at["change"]
            and c.get("attribute") == at.get("attribute")
            and ("after" not in at or c.get("after") == at["after"])
            for c in stage.get("changes", [])
        )
    if "triggered" in at:
        return any(t.get("source") == at["triggered"] for t in stage.get("triggered") or [])
    if "stacked" in at:
        stack = stage.get("stack") or []
        return stage.get("stage") == "603.3b" and any(sources.get(i) == at["stacked"] for i in stack)
    if "resolves" in at:
        trigger = stage.get("trigger") or {}
        return stage.get("stage") == "608.2" and trigger.get("source") == at["resolves"]
    return False


def order_trace(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ask's events in the order the engine's stages reach them, each with where it happens.

    Each item: ``key``, ``label``, ``position`` (index of the stage over all steps), ``step`` and
    ``stage`` as the learner reads them, and the stage's ``rules``.
    """
    result = _resolved(scenario)
    if not result.get("legal", False):
        raise AskError("割り振りが不適正なので順番を決められません")
    stages = [(step, stage) for step in result.get("steps", []) for stage in step.get("stages", [])]
    sources = {t["id"]: t.get("source") for _, sg in stages for t in sg.get("triggered") or []}
    found = []
    for event in ask.get("events", []):
        at = event.get("at") or {}
        position = next(
            (n for n, (st, sg) in enumerate(stages) if _moment_matches(at, st, sg, sources)), None
        )
        if position is None:
            raise AskError(f"「{event.get('label')}」はこの盤面では起こりません")
        step, stage = stages[position]
        found.append(
            {
                "key": event["key"],
                "label": event["label"],
                "position": position,
                "step": STEP_LABELS.get(str(step.get("name")), str(step.get("name"))),
                "stage": STAGE_LABELS.get(str(stage.get("stage")), str(stage.get("stage"))),
                "rules": list(stage.get("rules", [])),
            }
        )
    positions = [f["position"] for f in found]
    if len(set(positions)) != len(positions):
        raise AskError("同時に起こる出来事があるので順番が1つに決まりません")
    return sorted(found, key=lambda f: f["position"])


def sequence_answer(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> Any:
    """The engine's answer to an ``order`` or ``parts`` ask (a key list, or one value per part)."""
    if ask.get("kind") == ORDER_KIND:
        return [f["key"] for f in order_trace(scenario, ask)]
    parts = ask.get("parts") or []
    if not parts or any(p.get("kind") not in PART_KINDS for p in parts):
        raise AskError("小問の種類が正しくありません")
    final = _final(scenario)  # one resolution answers every part
    return [_part_value(scenario, final, part) for part in parts]


def _part_value(scenario: Mapping[str, Any], final: Mapping[str, Any], part: Mapping[str, Any]) -> Any:
    kind = part.get("kind")
    if kind == "dies":
        creatures = {p["id"] for p in scenario.get("permanents", []) if "creature" in p.get("types", [])}
        return sorted(
            pid for pid, p in final["permanents"].items() if pid in creatures and p["zone"] != "battlefield"
        )
    if kind in ("life", "poison"):
        player = final["players"].get(part.get("player"))
        if player is None:
            raise AskError(f"プレイヤー {part.get('player')!r} がいません")
        return int(player[kind])
    permanent = final["permanents"].get(part.get("permanent"))
    field = _PERMANENT_FIELDS.get(str(kind), "")
    if permanent is None or field not in permanent:
        raise AskError(
            f"パーマネント {part.get('permanent')!r} の{KIND_LABELS.get(str(kind), kind)}がありません"
        )
    return int(permanent[field])


def sequence_text(ask: Mapping[str, Any], value: Any, names: Mapping[str, str]) -> str:
    """``1.《…》 → 2.…`` for an order, ``あなたのライフ: 17点 / …`` for parts."""
    if ask.get("kind") == ORDER_KIND:
        labels = {e["key"]: e["label"] for e in ask.get("events", [])}
        return " → ".join(f"{n}. {labels.get(k, k)}" for n, k in enumerate(value or [], start=1))
    return " / ".join(
        f"{part_label(part, names)}: {answer_text(part, v, names)}"
        for part, v in zip(ask.get("parts", []), value or [], strict=False)
    )


def part_label(part: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """What one part asks, as its field's label: 「対戦相手のライフ」, 「墓地に置かれるクリーチャー」."""
    kind = str(part.get("kind"))
    whose = part.get("player") or part.get("permanent")
    if whose is None:
        return KIND_LABELS.get(kind, kind)
    return f"{names.get(str(whose), str(whose))}の{KIND_LABELS.get(kind, kind)}"
