"""The importer: parsing, counts per section, the earlier revision, English numbers, determinism."""

import json
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tutor.management.commands.import_cr import (
    SECTION_NUMBERS,
    build_fixtures,
    choose_rule,
    dump,
    parse_ja_glossary,
    parse_numbered,
)
from tutor.models import Card, Language, Note, Paragraph, Section, Term
from tutor.reader.text import section_of

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
needs_sources = pytest.mark.skipif(
    not (SHARED / "cr" / "ja").is_dir(), reason="the source texts (../shared) are not on this machine"
)

# Paragraphs per section in the Japanese excerpt of 2026-01-16 (heading lines not counted).
EXPECTED_JA = {
    "120": 25, "306": 13, "310": 23, "506.4": 6, "510": 10, "514.2": 1, "609.7": 4, "614": 7,
    "615": 15, "616": 9, "701.19": 3, "702.2": 6, "702.12": 3, "702.15": 6, "702.16": 14,
    "702.19": 7, "702.80": 4, "702.90": 6, "702.164": 3, "704": 37,
}  # fmt: skip


# --- parsing (no source files needed) ------------------------------------------------------------


def test_parse_numbered_reads_headings_paragraphs_examples_and_numbers_without_a_dot():
    lines = [
        "120. ダメージ",
        "120.1. 本文。",
        "例：一つ目。",
        "例：二つ目。",
        "120.1a 下位。",
        "704.6 変種ルール。",
        "関係ない行",
    ]
    parsed = parse_numbered(lines, example_prefix="例：")
    assert [(p.number, p.heading) for p in parsed] == [
        ("120", True), ("120.1", False), ("120.1a", False), ("704.6", False)
    ]  # fmt: skip
    assert parsed[1].examples == ["一つ目。", "二つ目。"]


def test_parse_numbered_reads_the_seed_layout_with_dashes():
    lines = ["総合ルールビューア", "1. ゲームの考え方", "120. ダメージ", "- 120.1 本文。", "例：例。"]
    parsed = parse_numbered(lines, example_prefix="例：", dash_prefix=True)
    assert [(p.number, p.heading, p.examples) for p in parsed] == [
        ("120", True, []),
        ("120.1", False, ["例。"]),
    ]


def test_example_before_any_paragraph_is_an_error():
    with pytest.raises(CommandError):
        parse_numbered(["例：迷子"], example_prefix="例：")


def test_glossary_entries_have_two_lines_and_a_defining_rule():
    entries = parse_ja_glossary(
        ["萎縮（いしゅく）／Wither", "\u3000キーワード能力。rule 702.80〔萎縮〕参照。", "守備値（しゅびち）／Defense",
         "1.一部。rule 210〔守備値〕参照。2.特性。rule 310〔バトル〕参照。"]
    )  # fmt: skip
    assert entries[0] == {
        "name_ja": "萎縮", "reading": "いしゅく", "name_en": "Wither", "definition": "キーワード能力。rule 702.80〔萎縮〕参照。"
    }  # fmt: skip
    assert choose_rule(entries[0]["definition"], {"702.80"}) == "702.80"
    # the first reference the reader holds wins; otherwise the first one
    assert choose_rule(entries[1]["definition"], {"310"}) == "310"
    assert choose_rule(entries[1]["definition"], set()) == "210"


# --- the real sources ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built():
    if not (SHARED / "cr" / "ja").is_dir():
        pytest.skip("the source texts (../shared) are not on this machine")
    return build_fixtures(SHARED)


def _paragraphs(files, language, current):
    return [
        r["fields"]
        for r in files["cr.json"]
        if r["model"] == "tutor.paragraph"
        and r["fields"]["language"] == language
        and r["fields"]["is_current"] is current
    ]


def _section_numbers(files):
    return {r["pk"]: r["fields"]["number"] for r in files["cr.json"] if r["model"] == "tutor.section"}


@needs_sources
def test_paragraph_counts_per_section(built):
    files, _ = built
    sections = _section_numbers(files)
    counts = Counter(sections[p["section"]] for p in _paragraphs(files, "ja", True))
    assert dict(counts) == EXPECTED_JA
    assert list(sections.values()) == SECTION_NUMBERS


@needs_sources
def test_seed_120_is_kept_as_the_earlier_revision(built):
    files, _ = built
    earlier = _paragraphs(files, "ja", False)
    assert len(earlier) == 22
    assert {p["revision"] for p in earlier} == {"旧版（シード）"}
    numbers = {p["number"] for p in earlier}
    assert (
        "120.3g" not in numbers and "120.3h" not in numbers and "120.1a" not in numbers
    )  # no toxic, no battles
    assert "120.10" in numbers


@needs_sources
def test_english_paragraphs_have_the_same_numbers(built):
    files, _ = built
    ja = [p["number"] for p in _paragraphs(files, "ja", True)]
    en = [p["number"] for p in _paragraphs(files, "en", True)]
    assert en == ja
    assert {p["revision"] for p in _paragraphs(files, "en", True)} == {"2026-06-19"}
    assert {p["revision"] for p in _paragraphs(files, "ja", True)} == {"2026-01-16"}


@needs_sources
def test_examples_are_attached_to_the_paragraph_they_follow(built):
    files, _ = built
    paragraphs = {r["pk"]: r["fields"] for r in files["cr.json"] if r["model"] == "tutor.paragraph"}
    examples = [r["fields"] for r in files["cr.json"] if r["model"] == "tutor.example"]
    ja_counts = Counter(
        paragraphs[e["paragraph"]]["number"]
        for e in examples
        if paragraphs[e["paragraph"]]["language"] == "ja" and paragraphs[e["paragraph"]]["is_current"]
    )
    en_counts = Counter(
        paragraphs[e["paragraph"]]["number"]
        for e in examples
        if paragraphs[e["paragraph"]]["language"] == "en"
    )
    assert ja_counts["120.4d"] == 2 and ja_counts["120.5"] == 1 and ja_counts["702.19b"] == 2
    assert ja_counts == en_counts
    assert sum(ja_counts.values()) == 17
    assert all(not e["text"].startswith(("例：", "Example:")) for e in examples)


@needs_sources
def test_section_titles_come_from_the_texts(built):
    files, _ = built
    titles = {r["fields"]["number"]: r["fields"] for r in files["cr.json"] if r["model"] == "tutor.section"}
    assert titles["120"]["title_ja"] == "ダメージ" and titles["120"]["title_en"] == "Damage"
    assert titles["702.19"]["title_ja"] == "トランプル" and titles["702.19"]["title_en"] == "Trample"
    assert titles["614"]["title_ja"] == "置換効果"  # from rule 614〔置換効果〕
    assert titles["609.7"]["title_en"] == "Sources of Damage"
    assert titles["506.4"]["title_is_editorial"] is True


@needs_sources
def test_glossary_has_the_23_entries_and_our_extra_terms(built):
    files, _ = built
    terms = {r["fields"]["name_ja"]: r["fields"] for r in files["glossary.json"]}
    official = [t for t in terms.values() if t["is_official"]]
    assert len(official) == 23
    assert terms["萎縮"]["rule"] == "702.80"
    assert terms["守備値"]["rule"] == "310"  # 210 is not loaded; 310 is
    assert terms["忠誠カウンター"]["is_official"] is False and terms["忠誠カウンター"]["rule"] == "306.5b"
    assert terms["トランプル"]["definition_en"].startswith(
        "A keyword ability that modifies how a creature assigns"
    )
    assert terms["ダメージ"]["autolink"] is False


@needs_sources
def test_cards_keep_null_as_unverified_and_map_corrupted_spellings(built):
    files, _ = built
    cards = {r["fields"]["ja_name"]: r["fields"] for r in files["cards.json"]}
    assert len(cards) == 28
    assert "エルフの再生<" in cards["エルフの再生家"]["aliases"] and "マロ―" in cards["マロー"]["aliases"]
    assert cards["マロー"]["oracle_text"] is None
    assert cards["灰色熊"]["ja_text"] == ""


@needs_sources
def test_fixtures_are_deterministic_and_up_to_date(built, tmp_path):
    files, _ = built
    again, _ = build_fixtures(SHARED)
    assert {name: dump(records) for name, records in files.items()} == {
        name: dump(records) for name, records in again.items()
    }
    call_command("import_cr", source=str(SHARED), output=str(tmp_path), verbosity=0)
    for name, records in files.items():
        assert (tmp_path / name).read_text(encoding="utf-8") == dump(records)
        assert (ROOT / "fixtures" / name).read_text(encoding="utf-8") == dump(records), (
            f"run make import-cr ({name})"
        )
    primary_keys = [r["pk"] for r in files["cr.json"] if r["model"] == "tutor.paragraph"]
    assert primary_keys == list(range(1, len(primary_keys) + 1))


@needs_sources
def test_check_mode_reports_stale_fixtures(tmp_path):
    (tmp_path / "cr.json").write_text("[]\n", encoding="utf-8")
    with pytest.raises(CommandError, match="stale"):
        call_command("import_cr", source=str(SHARED), output=str(tmp_path), check=True, verbosity=0)


def test_missing_source_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="--source"):
        call_command("import_cr", source=str(tmp_path), output=str(tmp_path), verbosity=0)


# --- what the app loads (the shipped fixtures) ---------------------------------------------------------


@pytest.mark.django_db
def test_loaded_database_matches_the_expected_counts():
    for number, expected in EXPECTED_JA.items():
        section = Section.objects.get(number=number)
        assert section.paragraphs.filter(language=Language.JA, is_current=True).count() == expected, number
        ja = list(
            section.paragraphs.filter(language=Language.JA, is_current=True).values_list("number", flat=True)
        )
        en = list(section.paragraphs.filter(language=Language.EN).values_list("number", flat=True))
        assert sorted(en) == sorted(ja), number
    earlier = Paragraph.objects.filter(is_current=False)
    assert earlier.count() == 22 and {p.section.number for p in earlier} == {"120"}


@pytest.mark.django_db
def test_loaded_terms_notes_and_cards():
    assert Term.objects.filter(is_official=True).count() == 23
    assert Card.objects.count() == 28
    former = Note.objects.filter(kind=Note.Kind.FORMER_RULE)
    assert former.count() >= 2 and all(note.changed_in for note in former)
    assert {"2009" in n.changed_in or "2024" in n.changed_in for n in former} == {True}
    sections = list(Section.objects.values_list("number", flat=True))
    for note in Note.objects.all():
        assert (
            note.paragraph_number in sections
            or Paragraph.objects.filter(number=note.paragraph_number).exists()
        )
    for term in Term.objects.all():
        assert term.rule, term.name_ja


def test_shipped_fixture_files_are_valid_json_with_unique_keys():
    for name in ("cr.json", "glossary.json", "cards.json", "notes.json"):  # the reader's fixtures
        path = ROOT / "fixtures" / name
        records = json.loads(path.read_text(encoding="utf-8"))
        keys = [(r["model"], r["pk"]) for r in records]
        assert len(keys) == len(set(keys)), path.name
    cr = json.loads((ROOT / "fixtures" / "cr.json").read_text(encoding="utf-8"))
    numbers = [r["fields"]["number"] for r in cr if r["model"] == "tutor.paragraph"]
    assert all(section_of(n, SECTION_NUMBERS) for n in numbers)
