"""Property-based tests (hypothesis) over generated scenarios.

Valid scenarios: resolving raises nothing; per damage item ``amount + prevented
== would_deal + added`` (``added`` is 0 without multipliers); lifelink gain equals
the damage its source actually dealt; no negative life loss; a permanent goes to
the graveyard exactly when a 704.5 condition held. Invalid documents: always
``ScenarioError``, never another exception.
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import ScenarioError, parse_scenario, resolve, resolve_document
from rules_core.model.state import COLORS, KEYWORDS

# RULES_CORE_EXAMPLES=3000 for a longer run (the default keeps the suite fast).
SETTINGS = settings(
    max_examples=int(os.environ.get("RULES_CORE_EXAMPLES", "120")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

PLAYER_IDS = ["A", "B"]
SUBTYPES = ["Cleric", "Bear", "Elf"]


@st.composite
def permanents(draw: st.DrawFn) -> list[dict[str, Any]]:
    out = []
    n = draw(st.integers(0, 7))
    for i in range(n):
        types = draw(st.sets(st.sampled_from(["creature", "planeswalker", "battle"]), min_size=1))
        controller = draw(st.sampled_from(PLAYER_IDS))
        p: dict[str, Any] = {"id": f"p{i}", "controller": controller, "types": sorted(types)}
        if draw(st.booleans()):
            p["name"] = f"パーマネント{i}"
        if "creature" in types:
            p["power"] = draw(st.integers(-1, 6))
            p["toughness"] = draw(st.integers(0, 6))
        if "planeswalker" in types:
            p["loyalty"] = draw(st.integers(0, 6))
        if "battle" in types:
            p["defense"] = draw(st.integers(0, 6))
            p["protector"] = "B" if controller == "A" else "A"
        p["damage"] = draw(st.integers(0, 3))
        p["counters"] = {"+1/+1": draw(st.integers(0, 2)), "-1/-1": draw(st.integers(0, 2))}
        p["keywords"] = sorted(draw(st.sets(st.sampled_from(KEYWORDS), max_size=3)))
        p["toxic"] = draw(st.integers(0, 2))
        p["protection"] = sorted(draw(st.sets(st.sampled_from(COLORS), max_size=1)))
        p["colors"] = sorted(draw(st.sets(st.sampled_from(COLORS), max_size=2)))
        p["subtypes"] = sorted(draw(st.sets(st.sampled_from(SUBTYPES), max_size=2)))
        out.append(p)
    return out


def _objects(perms: list[dict[str, Any]]) -> list[str]:
    return PLAYER_IDS + [p["id"] for p in perms]


@st.composite
def effects(draw: st.DrawFn, perms: list[dict[str, Any]], sources: list[str]) -> list[dict[str, Any]]:
    objs = _objects(perms)
    out = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(
            st.sampled_from(
                [
                    "prevent_next",
                    "prevent_next_from_source",
                    "prevent_all",
                    "prevent_static",
                    "prevent_from_color",
                    "damage_multiplier",
                    "life_gain_multiplier",
                    "no_life_gain",
                    "life_floor",
                    "no_counters",
                    "counter_multiplier",
                    "cant_be_prevented",
                ]
            )
        )
        e: dict[str, Any] = {"type": kind}
        if kind == "prevent_next":
            e.update(to=draw(st.sampled_from(objs)), amount=draw(st.integers(0, 5)))
        elif kind == "prevent_next_from_source":
            if not sources:
                continue
            e["source"] = draw(st.sampled_from(sources))
            if draw(st.booleans()):
                e["gain_life_to"] = draw(st.sampled_from(PLAYER_IDS))
        elif kind == "prevent_all":
            if draw(st.booleans()):
                e["to"] = draw(st.sampled_from(objs))
            if sources and draw(st.booleans()):
                e["from"] = draw(st.sampled_from(sources))
            e["combat_only"] = draw(st.booleans())
        elif kind == "prevent_static":
            e["amount"] = draw(st.integers(0, 3))
            choice = draw(st.integers(0, 2))
            if choice == 1:
                e["to"] = draw(st.sampled_from(objs))
            elif choice == 2:
                e["to_filter"] = {
                    "controller": draw(st.sampled_from(PLAYER_IDS)),
                    "subtype": draw(st.sampled_from(SUBTYPES)),
                }
        elif kind == "prevent_from_color":
            e.update(
                color=draw(st.sampled_from(COLORS)),
                to=draw(st.sampled_from(objs)),
                next_only=draw(st.booleans()),
            )
        elif kind == "damage_multiplier":
            e["factor"] = draw(st.integers(1, 3))
            if draw(st.booleans()):
                e["to"] = draw(st.sampled_from(objs))
            if draw(st.booleans()):
                e["from_controller"] = draw(st.sampled_from(PLAYER_IDS))
        elif kind == "life_gain_multiplier":
            e.update(player=draw(st.sampled_from(PLAYER_IDS)), factor=draw(st.integers(1, 3)))
        elif kind == "no_life_gain":
            if draw(st.booleans()):
                e["player"] = draw(st.sampled_from(PLAYER_IDS))
        elif kind == "life_floor":
            e.update(
                player=draw(st.sampled_from(PLAYER_IDS)), floor=1, if_controls_creature=draw(st.booleans())
            )
        elif kind == "no_counters":
            e["on"] = draw(st.sampled_from(objs))
        elif kind == "counter_multiplier":
            e["factor"] = draw(st.integers(1, 3))
            if draw(st.booleans()):
                e["by_controller"] = draw(st.sampled_from(PLAYER_IDS))
        else:
            if sources and draw(st.booleans()):
                e["from"] = draw(st.sampled_from(sources))
            e["combat_only"] = draw(st.booleans())
        out.append(e)
    return out


@st.composite
def noncombat_documents(draw: st.DrawFn) -> dict[str, Any]:
    perms = draw(permanents())
    objs = _objects(perms)
    if perms and draw(st.booleans()):
        source: Any = draw(st.sampled_from([p["id"] for p in perms]))
        sources = [p["id"] for p in perms]
    else:
        source = {
            "id": "spell",
            "name": "呪文",
            "controller": draw(st.sampled_from(PLAYER_IDS)),
            "colors": sorted(draw(st.sets(st.sampled_from(COLORS), max_size=2))),
            "keywords": sorted(
                draw(st.sets(st.sampled_from(["deathtouch", "lifelink", "infect", "wither"])))
            ),
        }
        sources = [p["id"] for p in perms] + ["spell"]
    targets = draw(st.lists(st.sampled_from(objs), min_size=1, max_size=5, unique=True))
    event = {
        "type": "noncombat",
        "source": source,
        "damage": [{"to": t, "amount": draw(st.integers(0, 8))} for t in targets],
        "excess_to": draw(st.sampled_from([None, "controller", *objs])),
        "cant_be_prevented": draw(st.booleans()),
    }
    effs = draw(effects(perms, sources))
    return _finish(draw, perms, effs, event)


@st.composite
def combat_documents(draw: st.DrawFn) -> dict[str, Any]:
    perms = draw(permanents())
    for p in perms:  # make sure there are creatures on both sides
        if draw(st.booleans()) and "creature" not in p["types"]:
            p["types"] = sorted([*p["types"], "creature"])
            p["power"], p["toughness"] = 2, 2
    attackers = [p for p in perms if p["controller"] == "A" and "creature" in p["types"]]
    if not attackers:
        perms.append(
            {
                "id": "atk",
                "controller": "A",
                "types": ["creature"],
                "power": 3,
                "toughness": 3,
                "keywords": sorted(draw(st.sets(st.sampled_from(KEYWORDS), max_size=3))),
            }
        )
        attackers = [perms[-1]]
    defenders = ["B"] + [
        p["id"]
        for p in perms
        if ("battle" in p["types"] and p.get("protector") == "B")
        or ("battle" not in p["types"] and "planeswalker" in p["types"] and p["controller"] == "B")
    ]
    blockers = [p["id"] for p in perms if p["controller"] == "B" and "creature" in p["types"]]
    attacks = []
    chosen = draw(
        st.lists(st.sampled_from(attackers), min_size=1, max_size=len(attackers), unique_by=lambda p: p["id"])
    )
    for a in chosen:
        defender = draw(st.sampled_from([d for d in defenders if d != a["id"]]))
        allowed = [
            b
            for b in blockers  # 702.16f: not blocked by creatures of a colour it has protection from
            if not set(a.get("protection", ())) & set(next(p for p in perms if p["id"] == b)["colors"])
        ]
        bs = draw(st.lists(st.sampled_from(allowed), max_size=2, unique=True)) if allowed else []
        bs = [b for b in bs if b != defender]
        attack: dict[str, Any] = {"attacker": a["id"], "defender": defender, "blockers": bs}
        if not bs and draw(st.integers(0, 5)) == 0:
            attack["blocked"] = True
        attacks.append(attack)
    # 509.1a: a creature listed under several attacks can block that many (issue 23)
    listed = [b for attack in attacks for b in attack["blockers"]]
    for p in perms:
        if listed.count(p["id"]) > 1:
            p["additional_blocks"] = listed.count(p["id"]) - 1
    event: dict[str, Any] = {"type": "combat", "attacks": attacks}
    if draw(st.booleans()):
        # Random assignments, often illegal: the engine must say so, not crash.
        a = draw(st.sampled_from(attacks))
        recipients = [a["defender"], *a["blockers"]]
        event["assignments"] = {a["attacker"]: {r: draw(st.integers(0, 6)) for r in recipients}}
    sources = [p["id"] for p in perms]
    effs = draw(effects(perms, sources))
    return _finish(draw, perms, effs, event)


def _finish(
    draw: st.DrawFn, perms: list[dict[str, Any]], effs: list[dict[str, Any]], event: dict[str, Any]
) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": 1,
        "active_player": "A",
        "players": [
            {"id": "A", "life": draw(st.integers(1, 30)), "poison": draw(st.integers(0, 9))},
            {
                "id": "B",
                "name": "対戦相手",
                "life": draw(st.integers(1, 30)),
                "poison": draw(st.integers(0, 9)),
            },
        ],
        "permanents": perms,
        "effects": effs,
        "event": event,
    }
    choices: dict[str, Any] = {}
    if effs and draw(st.booleans()):
        obj = draw(st.sampled_from(_objects(perms)))
        choices["replacement_order"] = {obj: draw(st.permutations(list(range(len(effs)))))}
    shields = [i for i, e in enumerate(effs) if e["type"] == "prevent_next"]
    if shields and perms and draw(st.booleans()):
        choices["shield_allocation"] = {
            str(shields[0]): {
                perms[0]["id"]: draw(st.integers(0, 3)),
            }
        }
    doc["choices"] = choices
    return doc


documents = st.one_of(noncombat_documents(), combat_documents())


def _source_keywords(doc: dict[str, Any]) -> dict[str, set[str]]:
    out = {p["id"]: set(p.get("keywords", [])) for p in doc["permanents"]}
    source = doc["event"].get("source")
    if isinstance(source, dict):
        out[source.get("id") or source.get("name") or "source"] = set(source.get("keywords", []))
    return out


def _check_invariants(doc: dict[str, Any], result: dict[str, Any]) -> None:
    keywords = _source_keywords(doc)
    has_multiplier = any(e["type"] == "damage_multiplier" for e in doc["effects"])
    perms = {p["id"]: p for p in doc["permanents"]}
    track = {
        pid: {
            "damage": p.get("damage", 0),
            "plus": p.get("counters", {}).get("+1/+1", 0),
            "minus": p.get("counters", {}).get("-1/-1", 0),
            "loyalty": p.get("loyalty"),
            "defense": p.get("defense"),
            "zone": "battlefield",
        }
        for pid, p in perms.items()
    }
    for step in result["steps"]:
        stages = {s["stage"]: s for s in step["stages"]}
        dealt_by: dict[str, int] = {}
        deathtouched: set[str] = set()
        for e in stages["120.4b"]["events"]:
            assert e["amount"] >= 0 and e["prevented"] >= 0 and e["added"] >= 0
            assert e["amount"] + e["prevented"] == e["would_deal"] + e["added"]
            if not has_multiplier:
                assert e["added"] == 0
                assert e["amount"] + e["prevented"] == e["would_deal"]
            dealt_by[e["source"]] = dealt_by.get(e["source"], 0) + e["amount"]
            if (
                e["amount"] > 0
                and "deathtouch" in keywords[e["source"]]
                and e["to"] in perms
                and "creature" in perms[e["to"]]["types"]
            ):
                deathtouched.add(e["to"])
        for r in stages["120.4c"]["events"]:
            assert r["amount"] >= 0
            if r["result"] == "life_gain" and r["rule"] == "120.3f":
                assert r.get("before_replacement", r["amount"]) == dealt_by[r["source"]]
                assert "lifelink" in keywords[r["source"]]
        lifelinkers = {s for s, n in dealt_by.items() if n > 0 and "lifelink" in keywords[s]}
        assert lifelinkers == {
            r["source"]
            for r in stages["120.4c"]["events"]
            if r["result"] == "life_gain" and r["rule"] == "120.3f"
        }
        for c in stages["120.4d"]["changes"]:
            if c["attribute"] == "life":
                assert c["after"] - c["before"] == c.get("gained", 0) - c.get("lost", 0)
                assert c.get("lost", 0) >= 0
            t = track.get(c["object"])
            if t is not None:
                key = {
                    "damage": "damage",
                    "counters.-1/-1": "minus",
                    "loyalty": "loyalty",
                    "defense": "defense",
                }
                t[key[c["attribute"]]] = c["after"]
        expected = set()
        for pid, t in track.items():
            if t["zone"] != "battlefield":
                continue
            p = perms[pid]
            dies = False
            if "creature" in p["types"]:
                tough = p["toughness"] + t["plus"] - t["minus"]
                indestructible = "indestructible" in p.get("keywords", [])
                dies = tough <= 0 or (
                    not indestructible and ((t["damage"] > 0 and t["damage"] >= tough) or pid in deathtouched)
                )
            if "planeswalker" in p["types"] and t["loyalty"] <= 0:
                dies = True
            if "battle" in p["types"] and t["defense"] <= 0:
                dies = True
            if dies:
                expected.add(pid)
        moved = set()
        for s in step["stages"]:
            if s["stage"] != "704":
                continue
            for c in s["changes"]:
                if c["attribute"] == "zone":
                    moved.add(c["object"])
                    track[c["object"]]["zone"] = c["after"]
                elif c["attribute"] == "counters.+1/+1":
                    track[c["object"]]["plus"] = c["after"]
                elif c["attribute"] == "counters.-1/-1":
                    track[c["object"]]["minus"] = c["after"]
        assert moved == expected
    if result["legal"]:
        for pid, t in track.items():
            assert result["final"]["permanents"][pid]["zone"] == t["zone"]


@SETTINGS
@given(documents)
def test_valid_scenarios_resolve_and_keep_the_invariants(doc: dict[str, Any]) -> None:
    scenario = parse_scenario(doc)
    assert parse_scenario(scenario.to_dict()) == scenario
    result = resolve(scenario).to_dict()
    json.dumps(result, ensure_ascii=False)
    if result["legal"]:
        assert set(result["final"]["players"]) == {"A", "B"}
        assert set(result["final"]["permanents"]) == {p["id"] for p in doc["permanents"]}
        assert len(result["final"]["effects"]) == len(doc["effects"])
        assert result["violations"] == []
        _check_invariants(doc, result)
    else:
        assert result["steps"] == [] and "final" not in result
        assert result["violations"] and all(v["rule"] and v["message"] for v in result["violations"])


# --------------------------------------------------------------------------- invalid documents

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**9), 10**9),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, (*prefix, i)))
    return out


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    target = doc
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value


def _delete(doc: Any, path: tuple[Any, ...]) -> None:
    target = doc
    for part in path[:-1]:
        target = target[part]
    del target[path[-1]]


@SETTINGS
@given(documents, st.data())
def test_random_mutations_give_a_result_or_scenario_error_never_another_exception(
    doc: dict[str, Any], data: st.DataObject
) -> None:
    mutated = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _paths(mutated)
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        action = data.draw(st.sampled_from(["junk", "delete", "unknown_id"]))
        if action == "junk":
            _set(mutated, path, data.draw(JUNK))
        elif action == "delete":
            _delete(mutated, path)
        else:
            _set(mutated, path, "ghost")
    try:
        resolve_document(mutated)
    except ScenarioError as err:
        assert err.field and err.message


def _int_paths(doc: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [p for p in _paths(doc) if type(_get(doc, p)) is int]


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        doc = doc[part]
    return doc


@SETTINGS
@given(documents, st.data())
def test_wrong_types_unknown_keys_and_ids_are_always_scenario_errors(
    doc: dict[str, Any], data: st.DataObject
) -> None:
    mutated = copy.deepcopy(doc)
    kind = data.draw(
        st.sampled_from(["int_to_str", "bool_for_int", "unknown_key", "missing_key", "ghost_id"])
    )
    ints = _int_paths(mutated)
    if kind in ("int_to_str", "bool_for_int") and ints:
        path = data.draw(st.sampled_from(ints))
        _set(mutated, path, str(_get(mutated, path)) if kind == "int_to_str" else True)
    elif kind == "unknown_key":
        objs = [
            p
            for p in _paths(mutated)
            if isinstance(_get(mutated, p), dict)
            and not (
                p
                and p[-1] in ("assignments", "blocker_assignments", "replacement_order", "shield_allocation")
            )
            and not (len(p) >= 2 and p[-2] in ("assignments", "shield_allocation"))
        ]
        target = _get(mutated, data.draw(st.sampled_from(objs))) if objs else mutated
        target["zzz_unknown"] = 1
    elif kind == "missing_key":
        # (Without "event" a document is a board with no event yet, which is valid; without its type it isn't.)
        victim = data.draw(st.sampled_from(["players", "event_type", "permanent_id", "damage_to"]))
        if victim == "permanent_id" and mutated["permanents"]:
            del mutated["permanents"][0]["id"]
        elif victim == "damage_to" and mutated["event"]["type"] == "noncombat":
            del mutated["event"]["damage"][0]["to"]
        elif victim == "players":
            del mutated["players"]
        else:
            del mutated["event"]["type"]
    else:
        if mutated["event"]["type"] == "noncombat":
            mutated["event"]["damage"][0]["to"] = "ghost"
        else:
            mutated["event"]["attacks"][0]["attacker"] = "ghost"
    if mutated == doc:
        mutated["players"] = "not a list"
    try:
        parse_scenario(mutated)
    except ScenarioError as err:
        assert err.field and err.message
    else:
        raise AssertionError(f"accepted an invalid document ({kind})")
