"""Type words in Japanese: the engine's tables are the Japanese CR's own lists (card types 205.2a,
subtypes 205.3g-205.3q, supertypes 205.4a); every subtype the shipped content uses has its Japanese name
there (a card shows 「クリーチャー — 熊」), and every catalogue card's type line reads in those words."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management import call_command

from rules_core.model.ja import subtype_ja, type_line_ja
from rules_core.model.type_names_ja import CARD_TYPES_JA, SUBTYPES_JA, SUPERTYPES_JA
from tutor.management.commands.type_names_ja import all_pairs, paragraphs_of, table_source

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_the_tables_are_the_current_japanese_crs_lists_of_type_words():
    # CR 205.3m 「熊／Bear」, 205.3q 「包囲戦／Siege」, 205.3j 「チャンドラ／Chandra」, 205.2a, 205.4a
    tables = all_pairs(paragraphs_of(FIXTURES / "cr.json"))
    pairs = tables["SUBTYPES_JA"]
    assert (tables["CARD_TYPES_JA"], pairs, tables["SUPERTYPES_JA"]) == (
        CARD_TYPES_JA,
        SUBTYPES_JA,
        SUPERTYPES_JA,
    )
    assert len(pairs) > 500 and len(CARD_TYPES_JA) == 15 and len(SUPERTYPES_JA) == 5
    assert (pairs["Bear"], pairs["Siege"], pairs["Chandra"], pairs["Time Lord"]) == (
        "熊",
        "包囲戦",
        "チャンドラ",
        "タイムロード",
    )
    assert (CARD_TYPES_JA["Creature"], CARD_TYPES_JA["Kindred"], SUPERTYPES_JA["Legendary"]) == (
        "クリーチャー",
        "同族",
        "伝説の",
    )
    call_command("type_names_ja", "--check")  # the module is what the command writes, byte for byte
    assert (Path(__file__).resolve().parents[2] / "rules_core" / "model" / "type_names_ja.py").read_text(
        encoding="utf-8"
    ) == table_source(tables)


def test_every_catalogue_cards_type_line_reads_in_the_crs_words_as_the_verified_ones_are_printed():
    """205.1a: supertypes, card types, 「 — 」, subtypes. The cards whose Japanese type line is verified
    (8 of them) print exactly what the translation gives; every other card has one too."""
    cards = [row["fields"] for row in json.loads((FIXTURES / "cards.json").read_text(encoding="utf-8"))]
    verified = [(c["ja_type_line"], type_line_ja(c["type_line"])) for c in cards if c.get("ja_type_line")]
    assert len(verified) >= 8 and all(printed == ours for printed, ours in verified)
    assert all(type_line_ja(c["type_line"]) for c in cards if c.get("type_line"))
    assert type_line_ja("Legendary Planeswalker — Chandra") == "伝説のプレインズウォーカー — チャンドラ"
    assert type_line_ja("Artifact Creature — Golem") == "アーティファクト・クリーチャー — ゴーレム"
    assert type_line_ja("Creature Legendary — Bear") is None  # a supertype comes before the card types
    assert type_line_ja("Tribal Instant — Goblin") is None  # not a word of today's CR (Kindred is)


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
