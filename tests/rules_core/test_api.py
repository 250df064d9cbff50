"""The public API of rules_core, its packaging, and the shape of the result document."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import rules_core
from rules_core import Resolution, ScenarioError, parse_scenario, resolve, resolve_document
from rules_core.examples import EXAMPLES

PACKAGE = Path(rules_core.__file__).parent

PUBLIC = {
    "ScenarioError",
    "parse_scenario",
    "resolve",
    "resolve_document",
    "Scenario",
    "Resolution",
    "check_assignment",
    "default_assignment",
    "legal_assignments",
    "count_assignments",
    "max_damage_assignment",
    "Violation",
    "recipients",
    "plan_steps",
}


def test_public_names_are_exported() -> None:
    assert set(rules_core.__all__) >= PUBLIC
    for name in rules_core.__all__:
        assert getattr(rules_core, name) is not None


def test_rules_core_never_imports_django() -> None:
    code = (
        "import sys, rules_core, rules_core.__main__, rules_core.examples;"
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=PACKAGE.parent
    )
    assert proc.returncode == 0, proc.stdout
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import django" not in text and "from django" not in text, path


FORMAT_DOC = PACKAGE.parent / "docs" / "scenario-format.md"


def test_package_is_typed_and_documents_its_format() -> None:
    assert (PACKAGE / "py.typed").exists()
    assert "docs/scenario-format.md" in (PACKAGE / "FORMAT.md").read_text(encoding="utf-8")
    text = FORMAT_DOC.read_text(encoding="utf-8")
    for key in (
        "changes",
        "events",
        "second_step_assignments",
        "replacement_order",
        "used",
        "round",
        "拡張 / extension",
        '"event": {}',
    ):
        assert key in text


def _json_after(text: str, marker: str) -> object:
    block = text.split(marker, 1)[1].split("```json", 1)[1].split("```", 1)[0]
    return json.loads(block)


def test_the_format_documents_example_stage_is_what_the_engine_returns() -> None:
    text = FORMAT_DOC.read_text(encoding="utf-8")
    scenario = _json_after(text, "<!-- example-scenario -->")
    assert isinstance(scenario, dict)
    stages = resolve_document(scenario)["steps"][0]["stages"]
    assert _json_after(text, "<!-- example-stage -->") == next(s for s in stages if s["stage"] == "120.4b")


def test_scenario_error_attributes() -> None:
    try:
        parse_scenario({"players": [{"id": "A", "life": True}], "event": {}})
    except ScenarioError as err:
        assert (err.field, err.message) == ("players[0].life", "整数で指定してください")
    else:
        raise AssertionError("no error")


def test_result_document_has_the_contract_shape() -> None:
    result = resolve_document(EXAMPLES["120.4-1"].document)
    assert set(result) == {"legal", "violations", "steps", "final"}
    for step in result["steps"]:
        assert set(step) == {"name", "stages"}
        for stage in step["stages"]:
            assert {"stage", "rules", "notes", "changes", "events"} <= set(stage)
            assert stage["rules"] and all(isinstance(r, str) for r in stage["rules"])
            assert all(isinstance(n, str) and n for n in stage["notes"])
    final = result["final"]
    assert set(final) == {"players", "permanents", "effects"}
    assert set(final["players"]["A"]) == {"life", "poison", "lost"}
    assert set(final["permanents"]["blocker"]) == {"zone", "damage", "counters", "power", "toughness"}


def test_resolve_is_pure() -> None:
    scenario = parse_scenario(EXAMPLES["120.4-1"].document)
    before = scenario.to_dict()
    first = resolve(scenario)
    second = resolve(scenario)
    assert scenario.to_dict() == before
    assert isinstance(first, Resolution)
    assert first.to_dict() == second.to_dict()
    assert first.step("combat_damage").stage("120.4b").rules[0] == "120.4b"


def test_a_board_with_no_event_resolves_to_itself() -> None:
    """Extension (``"event": {}``): legal, no violations, no steps, and ``final`` is the board and the
    effects as given — nothing is dealt, and no state-based action is checked without an event."""
    document = {
        "players": [{"id": "A", "life": 7}, {"id": "B", "poison": 3}],
        "permanents": [
            {
                "id": "bear",
                "name": "灰色熊",
                "controller": "B",
                "types": ["creature"],
                "power": 2,
                "toughness": 2,
                "damage": 1,
                "counters": {"+1/+1": 1},
            },
            {"id": "jace", "controller": "B", "types": ["planeswalker"], "loyalty": 3},
        ],
        "effects": [
            {"type": "prevent_next", "to": "bear", "amount": 2},
            {"type": "prevent_next", "to": "jace", "amount": 1, "used": True},
        ],
        "event": {},
    }
    result = resolve_document(document)
    assert result == {
        "legal": True,
        "violations": [],
        "steps": [],
        "final": {
            "players": {
                "A": {"life": 7, "poison": 0, "lost": False},
                "B": {"life": 20, "poison": 3, "lost": False},
            },
            "permanents": {
                "bear": {
                    "zone": "battlefield",
                    "damage": 1,
                    "counters": {"+1/+1": 1},
                    "power": 3,
                    "toughness": 3,
                },
                "jace": {"zone": "battlefield", "damage": 0, "counters": {}, "loyalty": 3},
            },
            "effects": [
                {"type": "prevent_next", "to": "bear", "amount": 2},
                {"type": "prevent_next", "to": "jace", "amount": 1, "used": True},
            ],
        },
    }
    without_key = {k: v for k, v in document.items() if k != "event"}
    assert resolve_document(without_key) == result
    resolution = resolve(parse_scenario(document))
    assert resolution.steps == () and resolution.state == parse_scenario(document).state


def test_each_assignment_query_has_one_public_name() -> None:
    """Issue 9 item 5: rules_core.combat.steps is the only home of the scenario-level queries; the view-level
    ones in rules_core.combat.assignment carry their own ``*_in_view`` names (python-chess: is_pseudo_legal/is_legal)."""
    from rules_core.combat import assignment
    from rules_core.combat import steps as combat

    queries = {
        "check_assignment",
        "default_assignment",
        "legal_assignments",
        "count_assignments",
        "max_damage_assignment",
        "recipients",
    }
    assert queries <= set(combat.__all__) and queries <= set(rules_core.__all__)
    for name in queries:
        assert getattr(rules_core, name) is getattr(combat, name)
        assert not hasattr(assignment, name), name
        assert f"{name}_in_view" in assignment.__all__
    assert not hasattr(assignment, "describe_options")


def test_typed_errors_and_assignment_keys_are_exported() -> None:
    from rules_core.document.scenario import CombatEvent

    assert issubclass(rules_core.StepError, rules_core.AssignmentError)
    assert issubclass(rules_core.AssignmentError, ValueError)
    assert rules_core.ASSIGNMENT_KEYS == (
        "assignments",
        "blocker_assignments",
        "second_step_assignments",
        "second_step_blocker_assignments",
    )
    assert set(rules_core.ASSIGNMENT_KEYS) <= set(CombatEvent.__dataclass_fields__)
