"""docs/scenario.schema.json against the documents the project holds and against the parser.

The schema is read from docs/ (its only copy). Every scenario the project ships validates. Then the
schema must accept a document exactly when ``rules_core.parse_scenario`` does, on three sets of documents:

- those scenarios mutated by hypothesis (a key dropped, added or renamed, a value of another type,
  another integer or string, a list grown to its limit and past it);
- every part of the format (each effect, event, trigger, permanent, …) on a small board, key by key:
  each key with right and wrong values, the schema's own bounds and lengths at and past each limit,
  wrong types, and the pairs of keys the schema's rules tie together;
- the same parts with several keys at once, drawn by hypothesis.

Where the parser refuses what a JSON Schema cannot say (the schema's ``$comment``: references between
ids, one key unique across items, sums), its refusal must match :data:`BEYOND_SCHEMA`; nothing else is
excused. Three places where the parser was laxer than the format have a test each below.
"""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from rules_core import ScenarioError, parse_scenario
from rules_core.examples import EXAMPLES
from tutor.cards.placement import scenario_of

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "docs" / "scenario.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)


def _markdown_examples() -> Iterator[tuple[str, dict[str, Any]]]:
    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    for marker in ("<!-- example-scenario -->", "<!-- effects-example -->"):
        for i, block in enumerate(text.split(marker)[1:]):
            yield (
                f"scenario-format.md {marker} {i}",
                json.loads(block.split("```json", 1)[1].split("```", 1)[0]),
            )


def _corpus() -> list[tuple[str, dict[str, Any]]]:
    docs: list[tuple[str, dict[str, Any]]] = []
    fixtures = ROOT / "fixtures"
    for row in json.loads((fixtures / "scenarios.json").read_text(encoding="utf-8")):
        docs.append((f"fixtures/scenarios.json {row['fields']['slug']}", row["fields"]["document"]))
    for path in sorted((fixtures / "curated_sources").glob("*.json")):
        for draft in json.loads(path.read_text(encoding="utf-8")):
            docs.append((f"{path.name} {draft['slug']}", draft["document"]))
    for key, example in EXAMPLES.items():
        docs.append((f"EXAMPLES[{key!r}]", example.document))
    for row in json.loads((fixtures / "cards.json").read_text(encoding="utf-8")):
        fragment = row["fields"].get("engine")
        if fragment:
            for player in ("A", "B"):
                docs.append(
                    (f"card {row['fields']['slug']} for {player}", scenario_of(fragment, player=player))
                )
    docs.extend(_markdown_examples())
    # JSON files under tests/ holding a scenario (none today; any added later is checked too)
    for path in sorted((ROOT / "tests").rglob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(doc, dict) and "players" in doc:
            docs.append((str(path.relative_to(ROOT)), doc))
    return docs


CORPUS = _corpus()


def _schema_errors(doc: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in VALIDATOR.iter_errors(doc)]


def test_the_schema_is_valid_draft_2020_12() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["additionalProperties"] is False
    assert "(1) references" in SCHEMA["$comment"]


def test_the_format_document_links_the_schema() -> None:
    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    assert "(scenario.schema.json)" in text.split("## 1. Scenario", 1)[0]


def test_every_scenario_the_project_holds_validates() -> None:
    kinds = {name.split(" ", 1)[0] for name, _doc in CORPUS}
    assert {"fixtures/scenarios.json", "card", "scenario-format.md"} <= kinds
    assert sum(name.startswith("EXAMPLES") for name, _doc in CORPUS) == len(EXAMPLES)
    for name, doc in CORPUS:
        parse_scenario(doc)  # the corpus itself is valid: a refusal here is a broken fixture
        assert _schema_errors(doc) == [], name


# --------------------------------------------------------------------------- the parser's refusals beyond JSON Schema

BEYOND_SCHEMA: tuple[tuple[str, str], ...] = (
    # (1) references between ids and objects
    ("存在しない", "an id or effect index that does not exist"),
    ("IDが重複しています", "ids unique across players, permanents and the inline source"),
    ("prevent_next(軽減の盾)か", "a shield_allocation index naming an effect that is not a shield"),
    ("クリーチャーではありません:", "an assignment key that is not an attacking / blocking creature"),
    ("攻撃クリーチャーを指定するのはアクティブ・プレイヤー", "508.1: attackers are the active player's"),
    ("クリーチャーでないパーマネントは攻撃できません", "508.1: only a creature attacks"),
    ("同じクリーチャーが2回攻撃しています", "508.1: a creature attacks once"),
    ("攻撃できるのはプレイヤー、プレインズウォーカー、バトルだけです", "506.1: what can be attacked"),
    ("自分自身や自分が守るパーマネントは攻撃できません", "508.1b"),
    ("クリーチャーでないパーマネントはブロックできません", "509.1a"),
    ("ブロックできるのは防御プレイヤーのクリーチャーだけです", "509.1a"),
    ("ブロックされません (702.16f)", "702.16f: protection against the blocker"),
    ("攻撃クリーチャーはブロックできません", "an attacker can't block"),
    ("ステップの間はありません", "between_steps needs a first or double striker in combat"),
    ("クリーチャーを指定してください", "a change or window action on a non-creature"),
    ("すでに戦闘にいるクリーチャーは", "an entering creature already in combat"),
    ("戦闘にいないクリーチャーです", "a change on a creature not in combat"),
    ("攻撃している状態で戦場に出るのは", "508.4d: the active player's creature enters attacking"),
    ("攻撃クリーチャーを指定してください", "enter_blocking names an attacker"),
    ("忍術", "702.49a: ninjutsu returns an unblocked attacker of the ninja's controller, not the ninja"),
    ("すでに手札に戻っています", "a creature returned to its owner's hand twice between the steps"),
    ("カウンターを置く効果では to にパーマネントを", "prevent_and counters on a permanent"),
    ("移し替え先は from と別のもの", "redirect_damage to other than from"),
    ("from がプレイヤーのときだけ", "and_permanents with a player"),
    ("ブロックされたクリーチャーは選べません", "prevent_all_but on an unblocked creature"),
    ("このイベントのクリーチャーではありません", "gone lists the event's own creatures"),
    ("割り振る順に並べてください", "order: a permutation of the blockers"),
    ("盤面の", "a 2007 window action naming what is not on the board"),
    ("2007年の窓には対応していません", "a 2007 window with first or double strike"),
    ("同じプレイヤーが2回指定されています", "Two-Headed Giant: a player in both teams"),
    ("チームの", "Two-Headed Giant: a team's shared life and poison"),
    ("の対象には選べません", "601.2c: a target illegal as the spell is cast (hexproof, shroud, protection)"),
    ("護法が誘発するのは", "702.21a: ward_paid where no ward triggers"),
    ("ダメージを与える相手(damage の to)から", "115.1: a noncombat event's targets are among its recipients"),
    ("この格闘や噛みつきにかかわるもの", "§ 14.4: a fight's or bite's targets are among its creatures"),
    ("ゲームから抜け", "800.4a: a player who left only in a multiplayer game that goes on, owning nothing"),
    # (2) one key unique across list items
    ("同じ相手が2回指定されています", "a damage list naming a recipient twice"),
)
SUM_LIMITS = frozenset(
    ("blocks", "assignment_entries", "replacement_order_entries", "shield_allocations", "effects")
)
"""(3) limits over sums (``effects``: with the 2007 window's effects added)."""


def _beyond_schema(error: ScenarioError) -> bool:
    limit = getattr(error, "limit", None)  # a LimitExceeded (its module moves with the layers of issue 22)
    if limit is not None:
        return limit in SUM_LIMITS
    return any(fragment in error.message for fragment, _why in BEYOND_SCHEMA)


def _window_actions(doc: Any) -> list[Any]:
    event_doc = doc.get("event") if isinstance(doc, dict) else None
    actions = event_doc.get("on_stack_actions") if isinstance(event_doc, dict) else None
    return actions if isinstance(actions, list) else []


# --------------------------------------------------------------------------- mutations

Path_ = tuple[str | int, ...]

OTHER_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 3, 1.5, "", "x", "zz", [], ["x"], {}, {"x": 1})
"""Values put in place of another. No integral float (1.0): JSON Schema calls it an integer ($comment (4))."""
INTEGERS = (
    -1_000_001,
    -1_000_000,
    -100,
    -1,
    0,
    1,
    2,
    8,
    25,
    60,
    99,
    100,
    1000,
    1001,
    5000,
    5001,
    1_000_000,
    1_000_001,
)
STRINGS = (
    "",
    "zz",
    "x" * 61,
    "x" * 65,
    "x" * 101,
    "x" * 201,
    "a\nb",
    "a\tb",
    "a\u3000b",
    "a\u200bb",
    "\ue000",
    "a\x00b",
    "\ud800",
    "a b",
    "《稲妻》",
    "controller",
    "protection",
    "self",
    "that_much",
    "creature",
    "combat",
    "red",
    "0",
    "01",
    "+1/+1",
)
"""Strings put in place of another: too long for each bound, unprintable (assigned characters only: $comment
(5)), unsafe, reserved, words of the format's enumerations."""
ADDED: tuple[tuple[str, Any], ...] = (
    ("era", "current"),
    ("era", "2009-2024"),
    ("era", "2007"),
    ("order", []),
    ("on_stack_actions", []),
    ("variant", "two_headed_giant"),
    ("teams", [["A", "C"], ["B", "D"]]),
    ("blocked", False),
    ("blocked", True),
    ("tapped", True),
    ("used", True),
    ("static", True),
    ("next_only", True),
    ("name", None),
    ("triggers", []),
    ("protector", "A"),
    ("owner", "B"),
    ("may_assign_as_though_unblocked", True),
    ("watch", "self"),
    ("damage", "combat"),
    ("recipient", "player"),
    ("dealer", {"controller": "A"}),
    ("player", "A"),
    ("amount", 2),
    ("source", "A"),
    ("to", "B"),
    ("to_filter", {"types": ["creature"]}),
    ("condition", {"controls": {"types": ["creature"]}}),
    ("if_controls_creature", True),
    ("to_opponents", True),
    ("between_steps", []),
    ("assignments", {}),
    ("choices", {}),
    ("event", {}),
    ("event", None),
)
"""Keys a mutation adds where they may or may not belong, with values that are right for the key: the
conditional rules (era, variant, roles of a permanent, effect keys that exclude each other)."""
LIMITS = {
    "players": 8,
    "permanents": 100,
    "effects": 24,
    "damage": 100,
    "attacks": 40,
    "blockers": 40,
    "triggers": 8,
    "subtypes": 20,
    "between_steps": 100,
    "on_stack_actions": 16,
    "order": 16,
    "teams": 2,
    "fighters": 2,
}


def _nodes(value: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _nodes(item, (*path, i))


def _set(doc: Any, path: Path_, value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return doc


@st.composite
def _mutated(draw: st.DrawFn) -> tuple[str, Any]:
    name, base = draw(st.sampled_from(CORPUS))
    doc = copy.deepcopy(base)
    done = [name]
    for _ in range(draw(st.integers(0, 2))):
        nodes = list(_nodes(doc))
        path, value = draw(st.sampled_from(nodes))
        kinds = ["type"]
        if isinstance(value, dict):
            kinds += ["add", "drop", "rename"] if value else ["add"]
        if isinstance(value, list):
            kinds.append("grow")
        if type(value) is int:
            kinds.append("integer")
        if isinstance(value, str):
            kinds.append("string")
        kind = draw(st.sampled_from(kinds))
        if kind == "type":
            other = draw(st.sampled_from([v for v in OTHER_VALUES if type(v) is not type(value)]))
            doc = _set(doc, path, copy.deepcopy(other))
        elif kind == "add":
            key, added = draw(
                st.sampled_from(ADDED) | st.tuples(st.just("zz_unknown"), st.sampled_from(OTHER_VALUES))
            )
            value[key] = copy.deepcopy(added)
        elif kind == "drop":
            del value[draw(st.sampled_from(sorted(value)))]
        elif kind == "rename":
            key = draw(st.sampled_from(sorted(value)))
            new = draw(st.sampled_from(STRINGS))
            value[new] = value.pop(key)
        elif kind == "grow":
            limit = LIMITS.get(str(path[-1])) if path else None
            size = (
                draw(st.sampled_from((limit, limit + 1))) if limit else len(value) + draw(st.integers(1, 3))
            )
            filler = value[-1] if value else draw(st.sampled_from(OTHER_VALUES))
            value.extend(copy.deepcopy(filler) for _ in range(max(size - len(value), 0)))
        elif kind == "integer":
            doc = _set(doc, path, draw(st.sampled_from(INTEGERS)))
        else:
            doc = _set(doc, path, draw(st.sampled_from(STRINGS)))
        done.append(f"{kind} at {'/'.join(map(str, path))}")
    return "; ".join(done), doc


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated())
def test_the_parser_and_the_schema_agree(case: tuple[str, Any]) -> None:
    how, doc = case
    schema_errors = _schema_errors(doc)
    try:
        parse_scenario(doc)
    except ScenarioError as error:
        if schema_errors:
            event("both refuse")
            return
        assert _beyond_schema(error), f"{how}: the schema accepts, the parser refuses: {error}"
        event("the parser refuses what the schema cannot say")
        return
    assert schema_errors == [], f"{how}: the parser accepts, the schema refuses"
    event("both accept")


# --------------------------------------------------------------------------- what the schema refuses itself


def _board() -> dict[str, Any]:
    return copy.deepcopy(EXAMPLES[next(iter(EXAMPLES))].document)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.pop("players"), ""),
        (lambda d: d.update(format=2), "format"),
        (lambda d: d.update(zz=1), ""),
        (lambda d: d["players"][0].update(life=True), "players/0/life"),
        (lambda d: d["players"][0].update(life=1.5), "players/0/life"),
        (lambda d: d["players"][0].update(poison=-1), "players/0/poison"),
        (lambda d: d["players"][0].update(id="controller"), "players/0/id"),
        (lambda d: d["players"][0].update(id="a\nb"), "players/0/id"),
        (lambda d: d["players"][0].update(name="x" * 101), "players/0/name"),
        (lambda d: d.update(players=[{"id": str(i)} for i in range(9)]), "players"),
        (lambda d: d.update(title="x\x00"), "title"),
        (lambda d: d.update(era="1994"), "era"),
        (lambda d: d.update(event={"damage": []}), "event"),
    ],
)
def test_the_schema_and_the_parser_refuse_the_same_plain_mistakes(change: Any, where: str) -> None:
    doc = _board()
    change(doc)
    assert any(e.startswith(f"{where}:") for e in _schema_errors(doc)), _schema_errors(doc)
    with pytest.raises(ScenarioError):
        parse_scenario(doc)


# --------------------------------------------------------------------------- the parser's known gaps (to fix there)


def _creature_board() -> dict[str, Any]:
    return {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [{"id": "x", "controller": "A", "types": ["creature"], "power": 1, "toughness": 1}],
    }


def test_falsy_triggers_that_are_not_a_list_are_refused() -> None:
    """``"triggers": 0`` was read as no triggers (the parser tested its truth, not its type)."""
    doc = _creature_board()
    doc["permanents"][0]["triggers"] = 0
    assert _schema_errors(doc)
    with pytest.raises(ScenarioError):
        parse_scenario(doc)


def _window(action: dict[str, Any]) -> dict[str, Any]:
    doc = _creature_board()
    doc["era"] = "2007"
    doc["event"] = {
        "type": "combat",
        "attacks": [{"attacker": "x", "defender": "B"}],
        "on_stack_actions": [action],
    }
    return doc


def test_a_window_actions_name_with_nul_is_refused() -> None:
    """No text of a document may hold NUL, a 2007 window action's name included."""
    doc = _window({"type": "pump", "creature": "x", "power": 1, "toughness": 1, "name": "a\x00"})
    assert _schema_errors(doc)
    with pytest.raises(ScenarioError):
        parse_scenario(doc)


def test_a_window_action_with_a_list_for_creature_is_a_scenario_error() -> None:
    """A list where an id stands was a TypeError (a 500 on the board's import), not a refusal."""
    doc = _window({"type": "pump", "creature": ["x"]})
    assert _schema_errors(doc)
    with pytest.raises(ScenarioError):
        parse_scenario(doc)


# --------------------------------------------------------------------------- parts built from the format's words

BOARD: dict[str, Any] = {
    "active_player": "A",
    "players": [{"id": "A"}, {"id": "B"}],
    "permanents": [
        {"id": "bear", "controller": "B", "types": ["creature"], "power": 2, "toughness": 2},
        {
            "id": "knight",
            "controller": "A",
            "types": ["creature"],
            "power": 2,
            "toughness": 2,
            "keywords": ["first_strike"],
        },
        {"id": "ogre", "controller": "A", "types": ["creature"], "power": 3, "toughness": 3},
        {"id": "walker", "controller": "B", "types": ["planeswalker"], "loyalty": 3},
        {"id": "siege", "controller": "B", "protector": "A", "types": ["battle"], "defense": 5},
    ],
}
"""A board whose ids the parts name (and some they don't: ``zz``)."""
BOLT = {
    "type": "noncombat",
    "source": {"id": "bolt", "controller": "A"},
    "damage": [{"to": "bear", "amount": 3}],
}

POOLS: dict[str, tuple[tuple[Any, ...], tuple[Any, ...]]] = {
    "id": (("new",), ("bear", "controller", "")),
    "to": (("A", "B", "bear", "walker"), ("zz", "controller")),
    "from": (("A", "bear", "bolt"), ("red",)),
    "on": (("bear", "self"), ("A", "zz")),
    "player": (("A", "B", "controller"), ("each_opponent", "self")),
    "source": (("bear", "bolt", "knight"), ("A",)),
    "amount": ((0, 2, "that_much"), ()),
    "color": (("red",), ("pink",)),
    "source_color": (("green",), ("pink",)),
    "then": (("plus_counters", "minus_counters", "deal_damage", "draw"), ("heal",)),
    "dealer": (
        ({"controller": "A"}, {"controller": "A", "colors": ["red"], "name": "《掌》"}),
        ({"name": "x"}, {}),
    ),
    "to_filter": (
        ({"types": ["creature"]}, {"controller": "B", "subtype": "Bear"}, {}),
        ({"types": ["artifact"]},),
    ),
    "condition": (
        ({"controls": {"types": ["creature"]}}, {"controls": {"colors": ["red"]}, "at_least": 2}),
        ({},),
    ),
    "controls": (({"types": ["creature"]}, {}), ({"zz": 1},)),
    "kind": (("+1/+1", "-1/-1"), ("shield",)),
    "when": (
        ("deals_damage", "dealt_damage", "gain_life", "damage_prevented", "excess_damage", "dies"),
        ("attacks",),
    ),
    "recipient": (("any", "player", "creature"), ("planeswalker",)),
    "watch": (("self", "you", "opponents", "any"), ("them",)),
    "name": (("《名前》",), ("", "a\nb", "x" * 101)),
    "types": (
        (["creature"], ["planeswalker"], ["battle"], ["creature", "artifact"], ["creature", "creature"]),
        (["artifact"], []),
    ),
    "subtypes": ((["Bear"], []), ([""], ["a\nb"])),
    "colors": ((["red"], ["red", "red"], []), (["pink"],)),
    "keywords": ((["trample"], []), (["flying"],)),
    "subtype": (("Bear",), ("",)),
    "protector": (("A", "B"), ("zz",)),
    "protection": (
        (["red"], ["everything", {"player": "A"}], [{"from": "green", "after_blocks": True}]),
        ([{}], ["pink"]),
    ),
    "counters": (({"+1/+1": 1}, {"shield": 2}, {}), ({"-1/-1": -1}, {"poison": 1})),
    "owner": (("A", "B"), ("zz",)),
    "keyword": (("trample",), ("flying",)),
    "defender": (("B", "walker", "siege"), ("A", "bear")),
    "attacker": (("ogre", "knight"), ("bear", "walker")),
    "blocking": (("knight", "ogre"), ("bear",)),
    "returned": (("knight",), ("bear", "zz")),
    "delayed": (
        (
            {"creature": "bear", "amount": 3},
            {"when": "dies", "creature": "bear", "amount": 0, "name": "《灼熱の血》"},
        ),
        (
            {"creature": "walker", "amount": 1},
            {"amount": 1},
            {"creature": "bear", "amount": 1, "when": "attacks"},
        ),
    ),
    "creature": (("knight", "ogre"), ("bear", "walker", "zz")),
    "blockers": ((["bear"], []), (["bear", "bear"], ["walker"])),
    "targets": ((["bear"], ["bear", "walker"]), (["bear", "bear"], [])),
    "fighters": ((["ogre", "bear"], ["ogre", "ogre"]), (["ogre"],)),
    "sources": ((["ogre"], ["ogre", "knight"]), (["ogre", "ogre"], [])),
    "gone": ((["ogre"], []), (["walker"],)),
    "excess_to": (("controller", "A", "walker"), ("zz",)),
    "damage": (
        ([{"to": "bear", "amount": 3}], [{"to": "A", "amount": 0}, {"to": "bear", "amount": 1}]),
        ([{"to": "bear", "amount": 1}, {"to": "bear", "amount": 1}], [{"to": "bear"}], []),
    ),
    "attacks": (([{"attacker": "ogre", "defender": "B"}],), ([],)),
    "assignments": (({}, {"ogre": {"B": 3}}), ({"ogre": {"B": -1}}, {"ogre": []})),
    "blocker_assignments": (({},), ({"bear": {"ogre": 1.5}},)),
    "second_step_assignments": (({},), ({"ogre": {"": 1}},)),
    "second_step_blocker_assignments": (({},), ({"ogre": None},)),
    "between_steps": (([], None), ([{"type": "pump"}],)),
    "triggers": (([], None, [{"when": "dies", "effect": {"type": "gain_life"}}]), ([{}], [None])),
    "order": ((["bear"],), (["zz"], [])),
    "effect": (
        ({"type": "gain_life", "amount": 1}, {"type": "damage", "amount": "that_much", "to": "A"}),
        ({"type": "mill"},),
    ),
    "format": ((1,), (2,)),
    "era": (("current", "2009-2024", "2007"), ("1994",)),
    "active_player": (("A", "B"), ("zz",)),
    "title": (("題", "a\nb", ""), ("a\x00",)),
    "description": (("説明", "a\nb"), ("\ud800",)),
    "variant": (("two_headed_giant",), ("planechase",)),
    "teams": (([["A", "C"], ["B", "D"]],), ([["A", "A"], ["B", "C"]], [["A"], ["B"]])),
    "replacement_order": (
        ({"bear": [0]}, {"bear": ["protection", "shield_counter", 0]}),
        ({"bear": ["x"]}, {"bear": [0, 0]}),
    ),
    "shield_allocation": (({"0": {"bolt": 1}}, {"0": {}}), ({"x": {}}, {"0": {"bolt": -1}})),
    "effects": (([], [{"type": "no_life_gain"}]), ([{}],)),
    "event": (({}, BOLT), ({"type": "fog"},)),
    "choices": (({},), ([],)),
    "life": ((0, -1_000_000, 30), ()),
    "poison": ((0, 3), ()),
}
"""For each key, values that are usually right here and values that are wrong (for the key, or for this
board); the schema's own bounds for the key are added (:data:`BOUNDS`), and wrong types (:data:`WRONG`)."""
for _flag in ("used", "combat_only", "next_only", "if_controls_creature", "static", "damage_as_infect"):
    POOLS[_flag] = ((True, False), ())
for _flag in ("and_permanents", "to_opponents", "tapped", "may_assign_as_though_unblocked", "blocked"):
    POOLS[_flag] = ((True, False), ())
for _flag in ("cant_be_prevented", "cant_be_regenerated", "after_blocks", "left"):
    POOLS[_flag] = ((True, False), ())
# § 13 block restrictions (CR 509.1a-b)
for _flag in ("cant_block", "cant_be_blocked"):
    POOLS[_flag] = ((True, False, None), ())
for _filters in ("cant_be_blocked_by", "cant_be_blocked_except_by"):
    POOLS[_filters] = (
        ([{"power_at_most": 2}], [{"keyword": "flying"}, {"subtype": "Wall", "color": "red"}], [], None),
        ([{}], [{"zz": 1}], [{"keyword": "banding"}], [{"type": "instant"}]),
    )
POOLS["min_blockers"] = ((0, 2, None), ())
POOLS["additional_blocks"] = ((0, 1, "any", None), ("all",))
for _ref in ("gain_life_to", "from_controller", "to_opponents_of", "by_controller", "controller"):
    POOLS[_ref] = (("A", "B"), ("bear",))
POOLS["on_controlled_by"] = POOLS["by_controller"]  # counter_multiplier: whose permanents (122.6)
POOLS["ward_paid"] = (([], None), (["bear"], ["zz"]))
POOLS["ward"] = (("{2}", "3点のライフを支払う"), ("", "a\nb"))
POOLS["in_response"] = (
    ([], None, [{"type": "gain_keyword", "permanent": "bear", "keyword": "hexproof"}]),
    ([{}], [{"type": "flicker", "permanent": "bear"}]),
)
WRONG: tuple[Any, ...] = (None, True, 1.5, "x", {})


def _schema_bounds() -> tuple[dict[str, set[int]], dict[str, set[int]], dict[str, set[int]]]:
    """Per key name, from the schema: the integers at and past its bounds, the string lengths and the list
    lengths at and past them (the parser, not the schema, then says which are right)."""
    numbers: dict[str, set[int]] = {}
    texts: dict[str, set[int]] = {}
    lengths: dict[str, set[int]] = {}
    seen: set[tuple[str, str]] = set()

    def walk(node: Any, key: str | None) -> None:
        if isinstance(node, dict):
            if key is not None:
                for bound, step in (("minimum", -1), ("maximum", 1)):
                    if isinstance(node.get(bound), int):
                        numbers.setdefault(key, set()).update((node[bound], node[bound] + step))
                for bound, step in (("minLength", -1), ("maxLength", 1)):
                    if isinstance(node.get(bound), int):
                        texts.setdefault(key, set()).update((node[bound], max(node[bound] + step, 0)))
                if isinstance(node.get("maxItems"), int) and node["maxItems"] <= 200:
                    lengths.setdefault(key, set()).update((node["maxItems"], node["maxItems"] + 1))
                ref = node.get("$ref", "")
                if ref.startswith("#/") and (ref, key) not in seen:
                    seen.add((ref, key))
                    target = SCHEMA
                    for step in ref.removeprefix("#/").split("/"):
                        target = target[step]
                    walk(target, key)
            for name, item in node.items():
                if name == "properties" and isinstance(item, dict):
                    for prop, sub in item.items():
                        walk(sub, prop)
                else:
                    walk(item, key if name in ("anyOf", "allOf", "oneOf", "then", "else") else None)
        elif isinstance(node, list):
            for item in node:
                walk(item, key)

    walk(SCHEMA, None)
    return numbers, texts, lengths


BOUNDS, TEXTS, LENGTHS = _schema_bounds()


def _grown(items: list[Any], size: int) -> list[Any]:
    """``items`` made ``size`` long with copies of its first item, each id and string made different."""

    def copy_of(item: Any, i: int) -> Any:
        if i == 0:
            return copy.deepcopy(item)
        if isinstance(item, str):
            return f"{item}{i}"
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            return {**copy.deepcopy(item), "id": f"{item['id']}{i}"}
        return copy.deepcopy(item)

    return [copy_of(items[0], i) for i in range(size)]


def _values(key: str, *, good_only: bool = False) -> list[Any]:
    good, bad = POOLS.get(key, ((), ()))
    if good_only:
        return list(good) if good else sorted(BOUNDS[key])[1:-1]
    sized = [
        _grown(good[0], n)
        for n in sorted(LENGTHS.get(key, ()))
        if good and good[0] and isinstance(good[0], list)
    ]
    texts = ["x" * n for n in sorted(TEXTS.get(key, ()))]
    values = [*good, *bad, *sorted(BOUNDS.get(key, ())), *texts, *sized, *WRONG]
    # each value once (True and 1 apart: JSON tells them apart, and so must the parser)
    return list({json.dumps(v, sort_keys=True): v for v in values}.values())


def _with(doc: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**copy.deepcopy(doc), **changes}


def _permanent_doc(part: dict[str, Any]) -> dict[str, Any]:
    return _with(
        BOARD, permanents=[*copy.deepcopy(BOARD["permanents"]), {"id": "new", "controller": "A", **part}]
    )


def _combat(**attack: Any) -> dict[str, Any]:
    return {"type": "combat", "attacks": [{"attacker": "ogre", "defender": "B", **attack}]}


def _order_doc(part: dict[str, Any]) -> dict[str, Any]:
    """``order`` sits on the attack, ``era`` at the top (§ 12.2)."""
    attack = {"blockers": ["bear"]}
    if "order" in part:
        attack["order"] = part.pop("order")
    return _with(BOARD, **part, event=_combat(**attack))


PLACES: dict[str, Any] = {
    "effect": lambda part: _with(BOARD, effects=[part], event=BOLT),
    "permanent": _permanent_doc,
    "trigger": lambda part: _permanent_doc(
        {"types": ["creature"], "power": 1, "toughness": 1, "triggers": [part]}
    ),
    "trigger_effect": lambda part: _permanent_doc(
        {
            "types": ["creature"],
            "power": 1,
            "toughness": 1,
            "triggers": [{"when": "dealt_damage", "effect": part}],
        }
    ),
    "player": lambda part: _with(BOARD, players=[{"id": "A"}, {"id": "B"}, {"id": "C", **part}]),
    "protection_entry": lambda part: _permanent_doc(
        {"types": ["creature"], "power": 1, "toughness": 1, "protection": [part]}
    ),
    "player_protection_entry": lambda part: _with(
        BOARD, players=[{"id": "A", "protection": [part]}, {"id": "B"}]
    ),
    "condition": lambda part: _with(
        BOARD, effects=[{"type": "life_floor", "player": "A", "condition": part}]
    ),
    "controls": lambda part: _with(
        BOARD, effects=[{"type": "life_floor", "player": "A", "condition": {"controls": part}}]
    ),
    "to_filter": lambda part: _with(
        BOARD, effects=[{"type": "prevent_static", "amount": 1, "to_filter": part}]
    ),
    "dealer": lambda part: _with(
        BOARD, effects=[{"type": "prevent_and", "to": "A", "then": "deal_damage", "dealer": part}]
    ),
    "source": lambda part: _with(BOARD, event={**BOLT, "source": part}),
    "event": lambda part: _with(BOARD, event=part),
    "attack": lambda part: _with(BOARD, event={"type": "combat", "attacks": [part]}),
    "step_change": lambda part: _with(
        BOARD,
        event={
            # ninjutsu returns an unblocked attacker (702.49a): there the first striker is unblocked
            **_combat(attacker="knight", blockers=[] if part.get("type") == "ninjutsu" else ["bear"]),
            "between_steps": [part],
        },
    ),
    "window_action": lambda part: _with(BOARD, era="2007", event={**_combat(), "on_stack_actions": [part]}),
    "order": _order_doc,
    "top": lambda part: {
        **copy.deepcopy({"players": BOARD["players"], "permanents": BOARD["permanents"]}),
        **part,
    },
    "top_2hg": lambda part: {
        "players": [{"id": p} for p in "ABCD"],
        "permanents": [],
        **part,
    },
    "choices": lambda part: _with(
        BOARD, effects=[{"type": "prevent_next", "to": "bear", "amount": 2}], event=BOLT, choices=part
    ),
}
"""Where each kind of part goes to make a whole document."""


def _part_kinds() -> dict[str, tuple[str, str | None, list[str], tuple[str, ...]]]:
    """Each kind of part: (place, its ``type`` or None, its keys, the keys it needs), from the schema."""
    defs = SCHEMA["$defs"]

    def keys_of(schema: dict[str, Any], *drop: str) -> list[str]:
        return sorted(k for k in schema["properties"] if k not in ("type", *drop))

    kinds: dict[str, tuple[str, str | None, list[str], tuple[str, ...]]] = {}
    for name, part in defs.items():
        if name.startswith("effect_"):
            kinds[name] = (
                "effect",
                name.removeprefix("effect_"),
                keys_of(part),
                tuple(part.get("required", ())),
            )
        if name.startswith("event_") and "properties" in part:
            required = tuple(part.get("required", ()))
            kinds[name] = ("event", name.removeprefix("event_"), keys_of(part, "on_stack_actions"), required)
    for branch in defs["trigger_effect"]["allOf"]:
        kind = branch["if"]["properties"]["type"]["const"]
        kinds[f"trigger_effect_{kind}"] = ("trigger_effect", kind, keys_of(branch["then"]), ())
    for branch in defs["step_change"]["allOf"]:
        kind = branch["if"]["properties"]["type"]["const"]
        then = branch["then"]
        kinds[f"step_change_{kind}"] = ("step_change", kind, keys_of(then), tuple(then["required"]))
    for branch in defs["window_action"]["allOf"]:
        kind = branch["if"]["properties"]["type"]["const"]
        then = branch["then"]
        kinds[f"window_action_{kind}"] = ("window_action", kind, keys_of(then), tuple(then["required"]))
    plain = {
        "permanent": ("permanent", ("id", "controller")),
        "trigger": ("trigger", ()),
        "player": ("player", ("id",)),
        "inline_source": ("source", ()),
        "attack": ("attack", ("order",)),
        "choices": ("choices", ()),
    }
    for name, (place, drop) in plain.items():
        kinds[name] = (
            place,
            None,
            keys_of(defs[name], *drop),
            tuple(k for k in defs[name].get("required", ()) if k not in drop),
        )
    entry = defs["protection_entry"]["anyOf"][1]
    kinds["protection_entry"] = ("protection_entry", None, keys_of(entry), ())
    kinds["player_protection_entry"] = ("player_protection_entry", None, keys_of(entry), ())
    for name, effect in (
        ("condition", "life_floor"),
        ("dealer", "prevent_and"),
        ("to_filter", "prevent_static"),
    ):
        schema = defs[f"effect_{effect}"]["properties"][name]["anyOf"][1]  # [0] is null
        kinds[name] = (name, None, keys_of(schema), tuple(schema.get("required", ())))
    controls = defs["effect_life_floor"]["properties"]["condition"]["anyOf"][1]
    kinds["controls"] = ("controls", None, keys_of(controls["properties"]["controls"]), ())
    top = [k for k in SCHEMA["properties"] if k not in ("players", "permanents")]
    kinds["top"] = ("top", None, top, ())
    kinds["top_2hg"] = ("top_2hg", None, ["variant", "teams", "active_player", "era"], ())
    kinds["order"] = ("order", None, ["era", "order"], ("order",))
    return kinds


PART_KINDS = _part_kinds()


def _document(kind: str, part: dict[str, Any]) -> dict[str, Any]:
    place, type_, _keys, _required = PART_KINDS[kind]
    body = copy.deepcopy(part)
    if type_ is not None:
        body = {"type": type_, **body}
    return PLACES[place](body)


BASES: dict[str, dict[str, Any]] = {
    "permanent": {"types": ["creature"], "power": 1, "toughness": 1},
    "protection_entry": {"from": "red"},
    "player_protection_entry": {"from": "red"},
    "window_action_effect": {"effect": {"type": "no_life_gain"}},
    "order": {"era": "2009-2024", "order": ["bear"]},
}
"""Parts whose needed keys alone are not a whole part (a creature needs power and toughness)."""


def _conditional_keys(kind: str) -> set[str]:
    """The keys the schema's rules for ``kind`` tie together (if / then / not): the pairs worth trying."""
    place, type_, _keys, _required = PART_KINDS[kind]
    tied: set[str] = set()

    def walk(node: Any, inside: bool) -> None:
        if isinstance(node, dict):
            if inside:
                tied.update(node.get("required", ()))
                tied.update(node.get("properties", {}))
            for name, item in node.items():
                walk(item, inside or name in ("allOf", "if", "then", "else", "not", "oneOf"))
        elif isinstance(node, list):
            for item in node:
                walk(item, inside)

    defs = SCHEMA["$defs"]
    name = {"effect": f"effect_{type_}", "event": f"event_{type_}"}.get(place, kind)
    walk(SCHEMA if place.startswith("top") else defs.get(name, {}), False)
    return tied - {"type"}


def _base(kind: str) -> dict[str, Any]:
    """The smallest part of ``kind`` the parser accepts: its needed keys with usual values."""
    _place, _type, _keys, required = PART_KINDS[kind]
    if kind in BASES:
        return copy.deepcopy(BASES[kind])
    choices = [_values(key, good_only=True) for key in required]
    for values in itertools.product(*choices):
        part = dict(zip(required, values, strict=True))
        try:
            parse_scenario(_document(kind, part))
        except ScenarioError:
            continue
        return part
    raise AssertionError(f"no accepted {kind} among {choices}")


def _agree(how: str, doc: Any) -> str:
    """What the schema and the parser say of ``doc``; fails when they disagree beyond :data:`BEYOND_SCHEMA`."""
    valid = VALIDATOR.is_valid(doc)  # stops at the first error: a third of the time of listing them all
    try:
        parse_scenario(doc)
    except ScenarioError as error:
        if not valid:
            return "both refuse"
        assert _beyond_schema(error), f"{how}: the schema accepts, the parser refuses: {error}"
        return "the parser refuses what the schema cannot say"
    assert valid, f"{how}: the parser accepts, the schema refuses: {_schema_errors(doc)}"
    return "both accept"


EXTRA: dict[str, list[dict[str, Any]]] = {
    "permanent": [{"types": ["artifact"]}, {"types": ["artifact", "planeswalker"], "loyalty": 1}],
    "trigger": [
        {"when": "dies", "effect": {"type": "damage", "amount": "that_much"}},
        {"when": "dies", "effect": {"type": "damage", "amount": 2}},
        {"when": "gain_life", "damage": "combat", "effect": {"type": "gain_life"}},
        {"when": "excess_damage", "damage": "combat", "watch": "you", "effect": {"type": "gain_life"}},
        {"when": "dealt_damage", "recipient": "player", "effect": {"type": "gain_life"}},
    ],
    "top": [
        {"players": [{"id": f"P{i}"} for i in range(8)], "permanents": []},
        {"players": [{"id": f"P{i}"} for i in range(9)], "permanents": []},
        {"effects": [{"type": "no_life_gain"}] * 24},
        {"effects": [{"type": "no_life_gain"}] * 25},
    ],
}
"""Whole parts the key-by-key changes of a base never reach (several keys at once, whole lists)."""


@pytest.mark.parametrize("kind", sorted(PART_KINDS))
def test_the_parser_and_the_schema_agree_key_by_key(kind: str) -> None:
    """Each key of each part alone with every value of its pool, then each pair of keys with usual values."""
    _place, _type, keys, _required = PART_KINDS[kind]
    base = _base(kind)
    outcomes = {_agree(f"{kind} as it is", _document(kind, base))}
    for key in keys:
        for value in _values(key):
            outcomes.add(_agree(f"{kind} {key}={value!r}", _document(kind, {**base, key: value})))
        if key in base:
            outcomes.add(
                _agree(f"{kind} without {key}", _document(kind, {k: v for k, v in base.items() if k != key}))
            )
    tied = sorted(_conditional_keys(kind) & set(keys))
    for first, second in itertools.combinations(tied, 2):
        for a, b in itertools.product(
            _values(first, good_only=True)[:2], _values(second, good_only=True)[:2]
        ):
            outcomes.add(
                _agree(f"{kind} {first}={a!r} {second}={b!r}", _document(kind, {**base, first: a, second: b}))
            )
    outcomes.add(_agree(f"{kind} with an unknown key", _document(kind, {**base, "zz_unknown": 1})))
    for part in EXTRA.get(kind, []):
        outcomes.add(_agree(f"{kind} {part}", _document(kind, part)))
    assert {"both accept", "both refuse"} <= outcomes


@st.composite
def _built(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    kind = draw(st.sampled_from(sorted(PART_KINDS)))
    _place, _type, keys, required = PART_KINDS[kind]
    part = _base(kind)
    for key in draw(st.lists(st.sampled_from(keys), unique=True, max_size=len(keys))) if keys else []:
        part[key] = copy.deepcopy(draw(st.sampled_from(_values(key, good_only=draw(st.integers(0, 3)) > 0))))
    for key in required:
        if draw(st.integers(0, 14)) == 0:
            part.pop(key, None)
    return kind, _document(kind, part)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_built())
def test_the_parser_and_the_schema_agree_on_parts_with_several_keys(case: tuple[str, dict[str, Any]]) -> None:
    kind, doc = case
    event(_agree(kind, doc))


for _flag in ("creatures", "nontoken", "opponents"):
    POOLS[_flag] = ((True, False), ())
POOLS["token"] = ((True, False, {"power": 2, "toughness": 2}), ({"power": 2},))
POOLS["countered_triggers"] = (
    ([], [{"trigger": "t1", "name": "《もみ消し》", "controller": "A"}]),
    ([{"trigger": "x1"}],),
)
POOLS["each_counter"] = ((True, False), ())
POOLS["counter"] = (("+1/+1", "loyalty"), ("-1/-1",))
POOLS["exile_if_dies"] = ((True, False), ())
# § 14.4: targets of fight, bite, destroy and a trigger's damage; § 17.6: the end step's sacrifice
POOLS["spell"] = (
    ({"controller": "A", "colors": ["green"], "types": ["sorcery"]}, None),
    ({"colors": ["green"]}, {"controller": "zz"}, {"controller": "A", "keywords": []}),
)
POOLS["targeted"] = ((True, False), ())
POOLS["target"] = ((True, False), ())
POOLS["delayed"] = (
    (*POOLS["delayed"][0], {"when": "end_step", "creature": "bear"}),
    (*POOLS["delayed"][1], {"when": "end_step", "creature": "bear", "amount": 1}),
)
