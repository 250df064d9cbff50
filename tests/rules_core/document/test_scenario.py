"""parse_scenario: full validation of the contract, with the bad field named; round trip with to_dict."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules_core import ScenarioError, parse_scenario
from rules_core.examples import EXAMPLES

from ..helpers import attack, combat, creature, doc, spell

BASE = doc(
    [
        creature("bear", 2, 2, name="灰色熊"),
        {"id": "jace", "controller": "B", "types": ["planeswalker"], "loyalty": 3},
    ],
    spell({"bear": 3}),
)


def _with(path: str, value: Any, base: dict[str, Any] | None = None) -> dict[str, Any]:
    d = copy.deepcopy(base or BASE)
    target: Any = d
    parts = path.split("/")
    for part in parts[:-1]:
        target = target[int(part)] if isinstance(target, list) else target[part]
    last = parts[-1]
    if value is _DELETE:
        del target[int(last) if isinstance(target, list) else last]
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return d


_DELETE = object()


def _error(d: Any) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(d)
    return info.value


def test_scenario_error_is_a_value_error_with_field_and_japanese_message() -> None:
    err = _error(_with("permanents/0/toughness", "2"))
    assert isinstance(err, ValueError)
    assert err.field == "permanents[0].toughness"
    assert err.message == "整数で指定してください"
    assert err.message_en == "must be an integer"
    assert str(err) == "permanents[0].toughness: 整数で指定してください"


@pytest.mark.parametrize(
    ("path", "value", "field", "message_part"),
    [
        ("permanents/0/toughness", True, "permanents[0].toughness", "整数"),
        ("permanents/0/toughness", 2.0, "permanents[0].toughness", "整数"),
        ("permanents/0/power", 10**7, "permanents[0].power", "以下の整数"),
        ("permanents/0/damage", -1, "permanents[0].damage", "0以上"),
        ("permanents/0/id", "", "permanents[0].id", "空"),
        ("permanents/0/id", "x" * 65, "permanents[0].id", "64文字"),
        ("permanents/0/id", "B", "permanents[0].id", "重複"),
        ("permanents/0/id", "controller", "permanents[0].id", "予約語"),
        ("permanents/0/name", "n" * 101, "permanents[0].name", "100文字"),
        ("permanents/0/controller", "C", "permanents[0].controller", "存在しないプレイヤー"),
        ("permanents/0/types", [], "permanents[0].types", "1つ以上"),
        ("permanents/0/types", ["land"], "permanents[0].types[0]", "いずれか"),
        ("permanents/0/colors", ["purple"], "permanents[0].colors[0]", "いずれか"),
        ("permanents/0/keywords", ["banding"], "permanents[0].keywords[0]", "いずれか"),
        ("permanents/0/counters", {"+2/+2": 1}, "permanents[0].counters.+2/+2", "未知"),
        ("permanents/0/loyalty", 3, "permanents[0].loyalty", "プレインズウォーカーでない"),
        ("permanents/0/toughness", _DELETE, "permanents[0].toughness", "必須"),
        ("permanents/0/flying", True, "permanents[0].flying", "未知の項目"),
        ("permanents/1/loyalty", _DELETE, "permanents[1].loyalty", "必須"),
        ("permanents/1/power", 1, "permanents[1].power", "クリーチャーでない"),
        ("permanents/1/protector", "A", "permanents[1].protector", "バトルでない"),
        ("players", [], "players", "1個以上"),
        ("players/0/life", "20", "players[0].life", "整数"),
        ("players/0/poison", -1, "players[0].poison", "0以上"),
        ("players/0/lost", True, "players[0].lost", "未知"),
        ("active_player", "C", "active_player", "存在しないプレイヤー"),
        ("format", 2, "format", "1"),
        ("format", True, "format", "1"),
        ("event/type", "magic", "event.type", "いずれか"),
        ("event/damage/0/to", "nobody", "event.damage[0].to", "存在しない"),
        ("event/damage/0/amount", None, "event.damage[0].amount", "整数"),
        ("event/damage", [], "event.damage", "1個以上"),
        ("event/damage", "bear", "event.damage", "配列"),
        ("event/source", 3, "event.source", "オブジェクト"),
        ("event/source", "nobody", "event.source", "存在しないパーマネント"),
        ("event/source/controller", _DELETE, "event.source.controller", "必須"),
        ("event/excess_to", "nobody", "event.excess_to", "存在しない"),
        ("event/cant_be_prevented", "yes", "event.cant_be_prevented", "true か false"),
        ("event", [], "event", "オブジェクト"),
        ("event", {"damage": []}, "event.type", "必須"),
        ("effects", [{"type": "prevent_next", "to": "bear"}], "effects[0].amount", "必須"),
        ("effects", [{"type": "prevent_next", "to": "nobody", "amount": 1}], "effects[0].to", "存在しない"),
        ("effects", [{"type": "fireball"}], "effects[0].type", "いずれか"),
        ("effects", [{"type": "damage_multiplier", "factor": 0}], "effects[0].factor", "1以上"),
        (
            "effects",
            [{"type": "prevent_static", "amount": 1, "to": "B", "to_filter": {}}],
            "effects[0].to_filter",
            "同時に",
        ),
        (
            "effects",
            [{"type": "prevent_static", "amount": 1, "to_filter": {"kind": "x"}}],
            "effects[0].to_filter.kind",
            "未知",
        ),
        (
            "effects",
            [{"type": "prevent_next_from_source", "source": "B"}],
            "effects[0].source",
            "存在しない発生源",
        ),
        (
            "choices",
            {"replacement_order": {"bear": [5]}},
            "choices.replacement_order.bear[0]",
            "存在しない効果",
        ),
        (
            "choices",
            {"shield_allocation": {"0": {"bear": 1}}},
            "choices.shield_allocation.0",
            "存在しない効果",
        ),
        ("choices", {"order": {}}, "choices.order", "未知"),
        ("extra", 1, "extra", "未知"),
    ],
)
def test_invalid_documents_name_the_bad_field(path: str, value: Any, field: str, message_part: str) -> None:
    err = _error(_with(path, value))
    assert err.field == field
    assert message_part in err.message


def test_not_an_object_at_all() -> None:
    assert _error([1, 2]).field == "document"
    assert _error(None).message == "オブジェクト(JSONの{})で指定してください"


def test_duplicate_damage_target_is_refused() -> None:
    d = copy.deepcopy(BASE)
    d["event"]["damage"].append({"to": "bear", "amount": 1})
    assert _error(d).field == "event.damage[1].to"


def test_huge_lists_are_bounded() -> None:
    d = copy.deepcopy(BASE)
    d["permanents"] = [creature(f"c{i}", 1, 1) for i in range(5001)]
    assert _error(d).field == "permanents"
    d = copy.deepcopy(BASE)
    d["players"] = [{"id": f"p{i}"} for i in range(17)]
    assert _error(d).field == "players"


def test_combat_validation() -> None:
    base = doc(
        [creature("a", 2, 2, controller="A"), creature("b", 2, 2), creature("c", 2, 2, controller="A")],
        combat(attack("a", blockers=("b",))),
    )
    assert _error(_with("event/attacks/0/defender", "A", base)).field == "event.attacks[0].defender"
    assert _error(_with("event/attacks/0/defender", "b", base)).field == "event.attacks[0].defender"
    assert _error(_with("event/attacks/0/blockers", ["c"], base)).field == "event.attacks[0].blockers[0]"
    assert _error(_with("event/attacks/0/blockers", ["b", "b"], base)).field == "event.attacks[0].blockers[1]"
    assert _error(_with("event/attacks/0/blocked", False, base)).field == "event.attacks[0].blocked"
    twice = _with("event/attacks", [attack("a"), attack("a")], base)
    assert _error(twice).field == "event.attacks[1].attacker"
    assert _error(_with("event/assignments", {"b": {"a": 2}}, base)).field == "event.assignments.b"
    assert (
        _error(_with("event/assignments", {"a": {"nobody": 2}}, base)).field == "event.assignments.a.nobody"
    )
    assert _error(_with("event/assignments", {"a": {"b": True}}, base)).field == "event.assignments.a.b"
    assert (
        _error(_with("event/blocker_assignments", {"a": {"b": 2}}, base)).field
        == "event.blocker_assignments.a"
    )
    assert _error(_with("event/attacks", [], base)).field == "event.attacks"
    assert _error(_with("active_player", "B", base)).field == "event.attacks[0].attacker"


def test_702_16f_attacker_with_protection_cannot_be_blocked_by_that_colour() -> None:
    d = doc(
        [
            creature("knight", 2, 2, controller="A", protection=["black"]),
            creature("zombie", 2, 2, colors=["black"]),
        ],
        combat(attack("knight", blockers=("zombie",))),
    )
    err = _error(d)
    assert err.field == "event.attacks[0].blockers[0]"
    assert "702.16f" in err.message


@pytest.mark.parametrize("event", [{}, None, _DELETE], ids=["empty", "null", "missing"])
def test_a_board_with_no_event_yet_is_valid(event: Any) -> None:
    """Extension: ``"event": {}`` (the contract's own example), ``null`` or no ``event`` key is a board
    whose damage event is not chosen yet; it is written back as ``{}``."""
    d = _with("event", event)
    s = parse_scenario(d)
    assert s.event is None
    assert not s.is_combat
    assert s.to_dict()["event"] == {}
    assert parse_scenario(s.to_dict()) == s
    assert s.permanent("bear").current_toughness == 2


def test_a_board_with_no_event_is_still_validated() -> None:
    d = _with("event", {})
    assert _error(_with("permanents/0/toughness", "2", d)).field == "permanents[0].toughness"
    assert (
        _error(_with("choices", {"shield_allocation": {"0": {"bear": 1}}}, d)).field
        == "choices.shield_allocation.0"
    )


def test_defaults_are_filled_in() -> None:
    s = parse_scenario(
        {
            "players": [{"id": "A"}],
            "permanents": [creature("x", 1, 1, controller="A")],
            "event": spell({"x": 1}),
        }
    )
    assert s.active_player == "A"
    assert s.player("A").life == 20
    assert s.permanent("x").damage == 0
    assert s.permanent("x").keywords == frozenset()


def test_round_trip_is_normalized_and_equal() -> None:
    for example in EXAMPLES.values():
        s = parse_scenario(example.document)
        again = parse_scenario(s.to_dict())
        assert again == s
        assert again.to_dict() == s.to_dict()


def test_round_trip_keeps_choices_inline_source_id_and_used_flags() -> None:
    d = doc(
        [creature("bear", 2, 2, keywords=["trample", "trample"], colors=["green", "white"])],
        {
            "type": "noncombat",
            "source": {"id": "bolt", "name": "稲妻", "controller": "A", "colors": ["red"]},
            "damage": [{"to": "bear", "amount": 3}],
            "excess_to": "controller",
        },
        [
            {"type": "prevent_next", "to": "bear", "amount": 2, "used": True, "name": "盾"},
            {"type": "prevent_next_from_source", "source": "bolt", "gain_life_to": "B"},
        ],
        choices={
            "replacement_order": {"bear": ["protection", 1, 0]},
            "shield_allocation": {"0": {"bolt": 2}},
        },
    )
    s = parse_scenario(d)
    out = s.to_dict()
    assert out["permanents"][0]["colors"] == ["white", "green"]
    assert out["permanents"][0]["keywords"] == ["trample"]
    assert out["choices"] == {
        "replacement_order": {"bear": ["protection", 1, 0]},
        "shield_allocation": {"0": {"bolt": 2}},
    }
    assert out["event"]["source"]["id"] == "bolt"
    assert parse_scenario(out) == s
    assert hash(parse_scenario(out).choices) == hash(s.choices)


def test_inline_source_id_must_not_clash() -> None:
    d = _with("event/source", {"id": "bear", "controller": "A"})
    assert _error(d).field == "event.source.id"


def test_scenarios_are_hashable_value_objects() -> None:
    a = parse_scenario(EXAMPLES["702.19b-1"].document)
    b = parse_scenario(copy.deepcopy(EXAMPLES["702.19b-1"].document))
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
