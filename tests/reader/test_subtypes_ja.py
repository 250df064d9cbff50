"""Subtypes in Japanese: the engine's table is the Japanese CR's own list (205.3g-205.3q), and every
subtype the shipped content uses has its Japanese name there (a card shows 「クリーチャー — 熊」)."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management import call_command

from rules_core.model.ja import subtype_ja
from rules_core.model.subtypes_ja import SUBTYPES_JA
from tutor.management.commands.subtypes_ja import paragraphs_of, subtype_pairs, table_source

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_the_table_is_the_current_japanese_crs_list_of_subtypes():
    # CR 205.3m 「熊／Bear」, 205.3q 「包囲戦／Siege」, 205.3j 「チャンドラ／Chandra」
    pairs = subtype_pairs(paragraphs_of(FIXTURES / "cr.json"))
    assert pairs == SUBTYPES_JA
    assert len(pairs) > 500
    assert (pairs["Bear"], pairs["Siege"], pairs["Chandra"], pairs["Time Lord"]) == (
        "熊",
        "包囲戦",
        "チャンドラ",
        "タイムロード",
    )
    call_command("subtypes_ja", "--check")  # the module is what the command writes, byte for byte
    assert (Path(__file__).resolve().parents[2] / "rules_core" / "model" / "subtypes_ja.py").read_text(
        encoding="utf-8"
    ) == table_source(pairs)


def test_every_subtype_of_the_shipped_cards_and_boards_has_a_japanese_name():
    used: set[str] = set()
    for row in json.loads((FIXTURES / "cards.json").read_text(encoding="utf-8")):
        for permanent in (row["fields"].get("engine") or {}).get("permanents", []):
            used |= set(permanent.get("subtypes") or [])
    for row in json.loads((FIXTURES / "scenarios.json").read_text(encoding="utf-8")):
        for permanent in row["fields"]["document"].get("permanents", []):
            used |= set(permanent.get("subtypes") or [])
    english = {s for s in used if s.isascii()}
    assert english and not {s for s in english if subtype_ja(s) == s}
