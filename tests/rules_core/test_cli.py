"""python -m rules_core resolve FILE|-: JSON out, exit 0; invalid input: {"error": ...}, exit 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules_core.__main__ import main
from rules_core.examples import EXAMPLES


def _run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


def test_resolve_file_prints_result_json(tmp_path: Path) -> None:
    path = tmp_path / "bolt.json"
    path.write_text(json.dumps(EXAMPLES["120.5"].document, ensure_ascii=False), encoding="utf-8")
    code, out = _run(["resolve", str(path)])
    assert code == 0
    result = json.loads(out)
    assert result["final"]["permanents"]["bear"]["zone"] == "graveyard"
    assert "《稲妻》" in out  # ensure_ascii=False
    assert out.startswith('{\n  "legal": true')  # indent 2


def test_resolve_stdin() -> None:
    code, out = _run(["resolve", "-"], json.dumps(EXAMPLES["120.4-1"].document))
    assert code == 0
    assert json.loads(out)["final"]["players"]["A"]["life"] == 22


def test_invalid_scenario_prints_error_and_exits_2() -> None:
    doc = json.loads(json.dumps(EXAMPLES["120.5"].document))
    doc["permanents"][0]["toughness"] = "2"
    code, out = _run(["resolve", "-"], json.dumps(doc))
    assert code == 2
    assert json.loads(out) == {"error": "permanents[0].toughness: 整数で指定してください",
                               "field": "permanents[0].toughness", "message": "整数で指定してください",
                               "message_en": "must be an integer"}


@pytest.mark.parametrize("text", ["{bad", "", "1" * 5000, "[" * 100000])
def test_bad_json_is_a_japanese_error_exit_2(text: str) -> None:
    code, out = _run(["resolve", "-"], text)
    assert code == 2
    error = json.loads(out)
    assert error["field"] == "document"
    assert error["error"].startswith("document: ")


def test_unreadable_file_exit_2(tmp_path: Path) -> None:
    code, out = _run(["resolve", str(tmp_path / "missing.json")])
    assert code == 2
    assert "ファイルを読めません" in json.loads(out)["message"]
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    code, out = _run(["resolve", str(binary)])
    assert code == 2


def test_module_runs_with_help_and_resolve(tmp_path: Path) -> None:
    help_run = subprocess.run([sys.executable, "-m", "rules_core", "--help"], capture_output=True, text=True,
                              check=False)
    assert help_run.returncode == 0
    assert "resolve" in help_run.stdout
    path = tmp_path / "s.json"
    path.write_text(json.dumps(EXAMPLES["615.10"].document), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "rules_core", "resolve", str(path)], capture_output=True,
                          text=True, check=False, encoding="utf-8")
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["final"]["permanents"]["defender"]["damage"] == 1


def test_an_exported_board_with_no_event_resolves() -> None:
    """A board exported before its damage event is chosen (``"event": {}``) is a valid scenario."""
    doc = {"format": 1, "players": [{"id": "A"}, {"id": "B"}], "permanents": [], "effects": [], "event": {},
           "choices": {}}
    code, out = _run(["resolve", "-"], json.dumps(doc))
    assert code == 0
    result = json.loads(out)
    assert (result["legal"], result["violations"], result["steps"]) == (True, [], [])
    assert result["final"]["players"]["B"] == {"life": 20, "poison": 0, "lost": False}
