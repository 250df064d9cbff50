"""What a question asks about a scenario, and the engine's answer to it.

An *ask* is a small JSON object stored with the question (``{"kind": "life", "player": "B"}``).
:func:`engine_answer` runs ``rules_core`` on the scenario and reads the answer from its result; it
is the only place where a study answer comes from, both when a question is made and when it is
graded (the stored answer is checked again against a fresh resolution).

No Django here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from rules_core import (
    AssignmentError,
    ScenarioError,
    count_assignments,
    legal_assignments,
    max_damage_assignment,
    parse_scenario,
    recipients,
    resolve,
    resolve_document,
)
from rules_core.model._frozen import FrozenMap
from rules_core.ordering import decisions, legal_orders
from rules_core.verdicts import declaration_verdict, division_chooser, order_chooser, ward_chooser

NUMBER_KINDS: Final = ("life", "poison", "toughness", "defense", "loyalty", "damage", "max_to_defender")
JUDGE_KINDS: Final = ("verdict", "chooser", "reachable")
"""Issue 24's judge questions (:mod:`tutor.study.judge_questions`): legal or which rule refuses it, who
decides, and which outcomes the one who decides can bring about."""
KINDS: Final = (*NUMBER_KINDS, "dies", "legal", "best_order", *JUDGE_KINDS)

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
    "verdict": "宣言が適正か、どのルールが認めないか",
    "chooser": "選ぶプレイヤー",
    "reachable": "選び方によって起こりうる結果",
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
    if kind in ("dies", "reachable"):
        return "multi"
    if kind in ("legal", "best_order", "verdict", "chooser"):
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
    if kind in JUDGE_KINDS:
        return judge_answer(scenario, ask)
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
    if kind in JUDGE_KINDS:
        return judge_text(ask, value, names)
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


# --------------------------------------------------------------------------- judge questions (issue 24, item 1)

VERDICT_TEXT: Final = {
    "legal": "適正です",
    "ward": "対象にできます。ただし護法が誘発し、コストが支払われなければ呪文は打ち消されます",
    "702.9b": "不適正です：飛行を持つクリーチャーは、飛行か到達を持つクリーチャーにしかブロックされません",
    "702.111b": "不適正です：威迫を持つクリーチャーは、2体以上のクリーチャーでなければブロックできません",
    "702.3b": "不適正です：防衛を持つクリーチャーは攻撃できません",
    "509.1b": "不適正です：ブロックに関する制限（ブロックできない・ブロックされない）に反します",
    "509.1a": "不適正です：1体のクリーチャーがブロックできるのは、能力がなければ攻撃クリーチャー1体だけです",
    "702.16f": "不適正です：プロテクションを持つクリーチャーは、その性質を持つクリーチャーにはブロックされません",
    "702.11b": "不適正です：呪禁を持つパーマネントは、対戦相手の呪文や能力の対象になりません",
    "702.18a": "不適正です：被覆を持つものは、どの呪文や能力の対象にもなりません",
    "702.16b": "不適正です：プロテクションを持つものは、その性質を持つ呪文や能力の対象になりません",
    "510.1a": "不適正です：割り振ったダメージの合計がパワーに等しくありません",
    "510.1c": "不適正です：トランプルのないブロックされたクリーチャーは、ブロック・クリーチャーにしか割り振れません",
    "702.19b": "不適正です：トランプルでプレイヤーに割り振れるのは、ブロック・クリーチャーすべてに致死ダメージを割り振った後です",
    "2024-08-02:510.1c": "不適正です：割り振りの順番で先のブロック・クリーチャーに致死ダメージを割り振るまで、次には割り振れません（2024年までの規則）",
}
"""A verdict (``legal``, ``ward`` or the refusing rule) as an option reads; the explanation cites the rule."""


def clone(value: Any) -> Any:
    """A copy of a JSON value (dicts, lists, scalars): several times faster than ``copy.deepcopy``, which the
    judge questions would otherwise call for every belief they rewrite."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    return value


def declared(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario with the declaration the question asks about made (``ask["declare"]``): the event of a
    spell with its targets, blockers added to attacks (``[[attacker, blocker], …]``) or attacks added.

    The stored board never holds the asked declaration, so it always parses and draws even when the
    declaration is illegal."""
    declare = _declaration(ask)
    doc: dict[str, Any] = clone(dict(scenario))
    if "event" in declare:
        doc["event"] = clone(declare["event"])
    event = doc.get("event")
    attacks = event.get("attacks") if isinstance(event, dict) else None
    if not isinstance(attacks, list):
        if declare.get("blocks") or declare.get("attacks"):
            raise AskError("ブロックや攻撃を宣言する戦闘がありません")
        return doc
    for attack in declare.get("attacks", []):
        attacks.append(clone(attack))
    for attacker, blocker in declare.get("blocks", []):
        found = next((a for a in attacks if isinstance(a, dict) and a.get("attacker") == attacker), None)
        if found is None or not isinstance(found.setdefault("blockers", []), list):
            raise AskError(f"{attacker!r} は攻撃していません")
        found["blockers"].append(blocker)
    return doc


MAX_DECLARED: Final = 16
"""At most this many declared blocks or attacks in one question (an authored ask is bounded too)."""


def _declaration(ask: Mapping[str, Any]) -> Mapping[str, Any]:
    """``ask["declare"]`` checked for shape, so that an authored ask that is wrong gets a Japanese error."""
    declare = ask.get("declare") or {}
    if not isinstance(declare, Mapping) or not set(declare) <= {"event", "blocks", "attacks"}:
        raise AskError("declare は event、blocks、attacks だけを持つオブジェクトにしてください")
    blocks = declare.get("blocks", [])
    attacks = declare.get("attacks", [])
    if (
        not isinstance(blocks, list)
        or len(blocks) > MAX_DECLARED
        or not all(isinstance(b, list) and len(b) == 2 and all(isinstance(x, str) for x in b) for b in blocks)
    ):
        raise AskError(
            f"blocks は [攻撃クリーチャー, ブロック・クリーチャー] の組のリスト（{MAX_DECLARED}組まで）にしてください"
        )
    if (
        not isinstance(attacks, list)
        or len(attacks) > MAX_DECLARED
        or not all(isinstance(a, dict) for a in attacks)
    ):
        raise AskError(f"attacks は攻撃のオブジェクトのリスト（{MAX_DECLARED}個まで）にしてください")
    if "event" in declare and not isinstance(declare["event"], dict):
        raise AskError("event はイベントのオブジェクトにしてください")
    return declare


def _parsed(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> Any:
    try:
        return parse_scenario(declared(scenario, ask))
    except ScenarioError as error:
        raise AskError(f"シナリオが正しくありません: {error}") from None


def judge_answer(scenario: Mapping[str, Any], ask: Mapping[str, Any]) -> Any:
    """The engine's answer to a judge question (:data:`JUDGE_KINDS`)."""
    kind = ask.get("kind")
    if kind == "verdict":
        try:
            found = declaration_verdict(declared(scenario, ask))
        except ScenarioError as error:
            raise AskError(f"シナリオが正しくありません: {error}") from None
        if not found.legal:
            return found.rules[0] if found.rules else "illegal"
        return "ward" if found.warded else "legal"
    parsed = _parsed(scenario, ask)
    decision = ask.get("decision")
    subject = str(ask.get("object", ""))
    if decision in ("616.1", "510.1c") and not (
        parsed.state.is_permanent(subject) or parsed.state.is_player(subject)
    ):
        raise AskError(f"{subject!r} という対象の物がありません")
    if kind == "chooser":
        if decision == "616.1":
            if subject not in decisions(parsed):
                raise AskError("順番を選ぶ必要のある置換・軽減効果がありません (616.1)")
            return order_chooser(parsed, subject)
        if decision == "510.1c":
            try:
                if len(recipients(parsed, subject)) < 2:
                    raise AskError("ダメージを分ける相手が1つしかありません (510.1c)")
            except AssignmentError as error:
                raise AskError(f"割り振りを計算できません: {error}") from None
            return division_chooser(parsed, subject)
        if decision == "702.21a":
            if not declaration_verdict(declared(scenario, ask)).warded:
                raise AskError("護法は誘発していません (702.21a)")
            return ward_chooser(parsed)
    if kind == "reachable":
        offered, labels = ask.get("offered"), ask.get("labels")
        if not (
            isinstance(offered, list) and isinstance(labels, list) and 1 <= len(offered) == len(labels) <= 8
        ):
            raise AskError("offered と labels は同じ長さ（1〜8個）のリストにしてください")
        found_outcomes = _outcomes(scenario, ask, parsed, decision, subject)
        return outcome_keys(ask, found_outcomes)
    raise AskError(f"知らない種類の問いです: {kind!r} / {decision!r}")


MAX_DIVISIONS: Final = 500
"""Each legal division is resolved once: a question may offer at most this many (a bounded request)."""


def _outcomes(
    scenario: Mapping[str, Any], ask: Mapping[str, Any], parsed: Any, decision: Any, subject: str
) -> set[Any]:
    """Every outcome the chooser can bring about, from the engine's own enumeration of the legal choices:
    the 616.1 orders (:func:`rules_core.ordering.legal_orders`) or the 510.1c divisions
    (:func:`rules_core.legal_assignments`)."""
    if decision == "616.1":
        player = str(ask.get("player", ""))
        if not parsed.state.is_player(player):
            raise AskError(f"プレイヤー {player!r} がいません")
        try:
            options = legal_orders(parsed, subject)
        except ValueError as error:
            raise AskError(f"順番を数えられません: {error}") from None
        return {o.resolution.state.player(player).life for o in options if o.resolution.state is not None}
    if decision == "510.1c":
        out: set[Any] = set()
        try:
            blockers = [b for b in recipients(parsed, subject) if parsed.state.is_permanent(b)]
            if count_assignments(parsed, subject) > MAX_DIVISIONS:
                raise AskError(f"割り振り方が{MAX_DIVISIONS}通りを超えるので、すべては調べません")
            divisions = list(legal_assignments(parsed, subject))
        except AssignmentError as error:
            raise AskError(f"割り振りを計算できません: {error}") from None
        event = parsed.event
        for division in divisions:
            # the parsed board with this division: no document to parse and write back per division
            given = FrozenMap({**event.assignments, subject: FrozenMap(division)})
            state = resolve(replace(parsed, event=replace(event, assignments=given))).state
            if state is None:
                raise AskError("列挙された割り振りが不適正でした")
            out.add("+".join(sorted(b for b in blockers if not state.permanent(b).on_battlefield)))
        return out
    raise AskError(f"知らない選択です: {decision!r}")


OUTCOME_KEYS: Final = "abcdefgh"
"""The checkbox of each offered outcome (``ask["offered"][i]`` is ``OUTCOME_KEYS[i]``): the answer of a
``reachable`` question is the sorted list of the keys of the outcomes that can be brought about, as a
「墓地に置かれるクリーチャー」 question's is the list of its creatures' ids."""


def outcome_keys(ask: Mapping[str, Any], outcomes: Any) -> list[str]:
    """The keys of the offered outcomes that are among ``outcomes``."""
    offered = list(ask.get("offered") or [])[: len(OUTCOME_KEYS)]
    return sorted(OUTCOME_KEYS[i] for i, v in enumerate(offered) if v in outcomes)


def judge_text(ask: Mapping[str, Any], value: Any, names: Mapping[str, str]) -> str:
    kind = ask.get("kind")
    if kind == "verdict":
        return VERDICT_TEXT.get(str(value), f"不適正です ({value})")
    if kind == "chooser":
        return names.get(str(value), str(value))
    labels = list(ask.get("labels") or [])
    shown = [
        labels[OUTCOME_KEYS.index(k)] if k in OUTCOME_KEYS and OUTCOME_KEYS.index(k) < len(labels) else str(k)
        for k in value
    ]
    return "、".join(shown) if shown else "どれも起こりえない"


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
