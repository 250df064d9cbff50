"""docs/scenario-format.md § 16: each example is a whole scenario; the outcome the section states after it is
what the engine returns (614.6, 700.4, 702.16e, 603.2c, 615.5, 603.10a, 701.6a)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules_core import resolve_document

ROOT = Path(__file__).resolve().parents[3]


def _section_examples() -> list[dict[str, Any]]:
    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    section = text.split("## 16. ", 1)[1].split("\n## ", 1)[0]
    blocks = section.split("```json")[1:]
    return [json.loads(block.split("```", 1)[0]) for block in blocks]


def _triggered(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for step in result["steps"] for stage in step["stages"] for t in stage.get("triggered", ())]


def test_the_section_16_examples_resolve_as_the_section_says() -> None:
    kalitas, rip, goblins, chandra, hydra, dross, stifle = (resolve_document(d) for d in _section_examples())
    # 16.1 Kalitas (614.6, 700.4, 603.10a): exiled, no dies trigger, a Zombie for あなた
    assert kalitas["final"]["permanents"]["myr"]["zone"] == "exile"
    assert kalitas["final"]["permanents"]["kalitas"]["damage"] == 0 and not _triggered(kalitas)
    assert kalitas["final"]["permanents"]["token1"]["controller"] == "A"
    # 16.1 Rest in Peace on a destroy event (701.8a, 614.6)
    assert rip["final"]["permanents"]["bear"]["zone"] == "exile"
    # 16.2 protection from Goblins (702.16e)
    assert goblins["final"]["permanents"]["elf"]["damage"] == 0
    assert goblins["final"]["permanents"]["raiders"]["zone"] == "graveyard"
    # 16.3 Chandra: one trigger for one event (603.2c), 4 damage
    assert [t["amount"] for t in _triggered(chandra)] == [4]
    assert chandra["final"]["players"]["B"]["life"] == 16
    assert chandra["final"]["permanents"]["chandra"]["zone"] == "graveyard"
    # 16.3 Protean Hydra (615.5)
    assert hydra["final"]["permanents"]["hydra"]["counters"] == {"+1/+1": 2}
    assert hydra["final"]["permanents"]["hydra"]["damage"] == 0
    # 16.4 Dross Harvester: one trigger per creature that died (603.2c)
    assert len(_triggered(dross)) == 2
    assert dross["final"]["players"]["A"]["life"] == 24
    # 16.5 Stifle (701.6a)
    assert stifle["final"]["players"]["A"]["life"] == 20
    assert stifle["steps"][-1]["name"] == "counter"
