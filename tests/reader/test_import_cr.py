"""The importer: parsing, counts per section, the earlier revision, English numbers, determinism."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tutor.management.commands.import_cards import build_cards
from tutor.management.commands.import_cr import (
    SECTION_NUMBERS,
    build_fixtures,
    choose_rule,
    dump,
    parse_ja_glossary,
    parse_numbered,
)
from tutor.models import Card, Language, Note, Paragraph, Section, Term
from tutor.reader.text import rule_refs, section_of, sort_key

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
needs_sources = pytest.mark.skipif(
    not (SHARED / "cr" / "ja").is_dir(), reason="the source texts (../shared) are not on this machine"
)

# Paragraphs per section in the Japanese excerpt of 2026-01-16 (heading lines not counted): the
# numbered lines of the source file per section (`grep -c` of the section's numbers, minus the
# heading line where the file has one). 509.1b's second line is part of 509.1b, not a paragraph.
EXPECTED_JA = {
    "104": 7, "119": 17, "120": 25, "122": 19, "306": 13, "310": 23, "506": 27, "509": 10,
    "510": 10, "511": 3, "514": 1, "603": 18, "609.7": 4, "614": 37, "615": 15, "616": 9,
    "701.14": 4, "701.19": 3, "702.2": 6, "702.4": 5, "702.7": 4, "702.12": 3, "702.15": 6,
    "702.16": 14, "702.19": 7, "702.80": 4, "702.90": 6, "702.164": 3, "704": 37, "800.4": 15,
    "810": 19,
}  # fmt: skip
# English-only paragraphs (the English of 2026-06-19 where the Japanese has no paragraph) inside the
# excerpt's sections: sub-rules the Japanese lacks (104.1-104.2a, 104.3g-k, 506.3d) and referenced paragraphs
# (509.2 with 509.2a, 603.7 …). The rest of the English-only paragraphs are in sections of
# their own (117, 508, 701.27, …).
EXPECTED_EN_ONLY_IN_JA_SECTIONS = {
    "104": ["104.1", "104.2", "104.2a", "104.3g", "104.3h", "104.3i", "104.3j", "104.3k"],
    "506": ["506.3d"],
    "509": ["509.2", "509.2a"],
    "603": ["603.7", "603.7d", "603.7f", "603.10", "603.10a", "603.12"],
}
EXPECTED_EN_ONLY = 495


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
    assert [n for n in sections.values() if n in SECTION_NUMBERS] == SECTION_NUMBERS
    assert sum(counts.values()) == 374


@needs_sources
def test_seed_120_is_kept_as_the_earlier_revision(built):
    files, _ = built
    earlier = _paragraphs(files, "ja", False)
    assert len(earlier) == 22
    assert {p["revision"] for p in earlier} == {"以前の版（2026年1月より前の日本語訳）"}
    numbers = {p["number"] for p in earlier}
    assert (
        "120.3g" not in numbers and "120.3h" not in numbers and "120.1a" not in numbers
    )  # no toxic, no battles
    assert "120.10" in numbers


@needs_sources
def test_english_paragraphs_have_the_same_numbers(built):
    files, _ = built
    ja = [p["number"] for p in _paragraphs(files, "ja", True)]
    en = [p["number"] for p in _paragraphs(files, "en", True) if not p["is_english_only"]]
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
        and not paragraphs[e["paragraph"]]["is_english_only"]
    )
    assert ja_counts["120.4d"] == 2 and ja_counts["120.5"] == 1 and ja_counts["702.19b"] == 2
    assert ja_counts["509.1b"] == 1 and ja_counts["614.12"] == 3  # new sections keep their 例 lines
    assert ja_counts == en_counts
    assert sum(ja_counts.values()) == 45  # the 45 例 lines of the excerpt
    assert all(not e["text"].startswith(("例：", "Example:")) for e in examples)


@needs_sources
def test_section_titles_come_from_the_texts(built):
    files, _ = built
    titles = {r["fields"]["number"]: r["fields"] for r in files["cr.json"] if r["model"] == "tutor.section"}
    assert titles["120"]["title_ja"] == "ダメージ" and titles["120"]["title_en"] == "Damage"
    assert titles["702.19"]["title_ja"] == "トランプル" and titles["702.19"]["title_en"] == "Trample"
    assert titles["614"]["title_ja"] == "置換効果"  # now from the heading line 614. 置換効果
    assert titles["609.7"]["title_en"] == "Sources of Damage"
    assert titles["506"]["title_ja"] == "戦闘フェイズ" and titles["506"]["title_is_editorial"] is False
    assert titles["603"]["title_ja"] == "誘発型能力の扱い"  # from rule 603〔誘発型能力の扱い〕
    assert titles["603"]["scope"] == "日本語訳は 603.1〜603.4 のみ収録"
    assert titles["514"]["title_is_editorial"] is True  # the texts never name rule 514
    # sections of English-only paragraphs: the Japanese title where the Japanese text names the rule
    assert (
        titles["117"]["title_ja"] == "タイミングと優先権"
        and titles["117"]["title_en"] == "Timing and Priority"
    )
    assert (
        titles["701.27"]["title_ja"] == "変身する"
        and titles["117"]["scope"] == "英語版のみ（日本語訳は未収録）"
    )


@needs_sources
def test_glossary_has_the_34_entries_and_our_extra_terms(built):
    files, _ = built
    terms = {r["fields"]["name_ja"]: r["fields"] for r in files["glossary.json"]}
    official = [t for t in terms.values() if t["is_official"]]
    assert len(official) == 34 and len(terms) == 37
    # 再生 and 戦闘ダメージ・ステップ are official entries now (no longer ours)
    assert terms["再生"]["is_official"] is True and terms["再生"]["rule"] == "701.19"
    assert terms["戦闘ダメージ・ステップ"]["is_official"] is True
    assert terms["二段攻撃"]["rule"] == "702.4" and terms["格闘"]["rule"] == "701.14"
    assert terms["萎縮"]["rule"] == "702.80"
    assert terms["守備値"]["rule"] == "310"  # 210 is not loaded; 310 is
    assert terms["忠誠カウンター"]["is_official"] is False and terms["忠誠カウンター"]["rule"] == "306.5b"
    assert terms["トランプル"]["definition_en"].startswith(
        "A keyword ability that modifies how a creature assigns"
    )
    assert terms["ダメージ"]["autolink"] is False


@needs_sources
def test_new_sections_of_the_excerpt_are_imported_in_both_languages(built):
    """The excerpt of 2026-01-16 (README of cr/) now also covers 104.3, 119, 122, 506, 509.1, 511,
    603.1-603.4, 614 (all), 701.14, 702.4, 702.7, 800.4 and 810.8-810.10."""
    files, _ = built
    ja = {p["number"]: p for p in _paragraphs(files, "ja", True)}
    en = {p["number"]: p for p in _paragraphs(files, "en", True)}
    for number in ("104.3f", "119.10", "122.9", "506.7g", "509.1i", "511.3", "603.4", "614.17d",
                   "701.14d", "702.4d", "702.7c", "800.4p", "810.10d"):  # fmt: skip
        assert number in ja and number in en and not en[number]["is_english_only"], number
    assert "603.5" not in ja and "810.7" not in ja and "104.4" not in ja  # partial sections stay partial
    assert "二段攻撃" in ja["702.4b"]["text"] and "double strike" in en["702.4b"]["text"]
    assert ja["701.14a"]["text"] and en["701.14a"]["text"].startswith("A spell or ability may instruct")


@needs_sources
def test_a_continued_line_belongs_to_the_paragraph_above(built):
    """CR 509.1b: the Japanese text breaks it over two lines (the second indented); the English has
    one paragraph. The second line was lost before."""
    files, _ = built
    ja = {p["number"]: p for p in _paragraphs(files, "ja", True)}
    assert "\n\u3000この制限は回避能力" in ja["509.1b"]["text"]
    assert "escape restriction" not in ja["509.1b"]["text"]


@needs_sources
def test_506_3_uses_the_english_numbers(built):
    """CR 506.3d (English of 2026-06-19: a creature put onto the battlefield attacking in a later step
    is unblocked) is not in the Japanese of 2026-01-16, whose 506.3d-f are the English 506.3e-g."""
    files, _ = built
    ja = {p["number"]: p for p in _paragraphs(files, "ja", True)}
    en = {p["number"]: p for p in _paragraphs(files, "en", True)}
    assert "506.3d" not in ja
    assert en["506.3d"]["is_english_only"] is True and "unblocked" in en["506.3d"]["text"]
    # the Japanese 506.3d (blocking a creature that is not attacking) sits beside the English 506.3e
    assert "ブロック" in ja["506.3e"]["text"] and "blocking" in en["506.3e"]["text"]
    assert "バトルでもあるクリーチャー" in ja["506.3f"]["text"] and "also a battle" in en["506.3f"]["text"]
    assert ja["506.3g"]["text"].startswith("解決した呪文や能力がバトルを")
    assert en["506.3g"]["text"].startswith("If a resolving spell or ability would cause a battle")
    assert not en["506.3e"]["is_english_only"]
    notes = [r["fields"] for r in files["notes.json"] if r["fields"]["paragraph_number"] == "506.3d"]
    assert len(notes) == 1 and "506.3e、506.3f、506.3g" in notes[0]["body"]


@needs_sources
def test_english_only_paragraphs(built):
    """Paragraphs the Japanese excerpt lacks are imported in English when a shipped text refers to
    them, flagged is_english_only, in the section that holds them or in one of their own."""
    files, _ = built
    sections = _section_numbers(files)
    en = {p["number"]: p for p in _paragraphs(files, "en", True)}
    only = {n: p for n, p in en.items() if p["is_english_only"]}
    assert len(only) == EXPECTED_EN_ONLY
    assert not any(p["is_english_only"] for p in _paragraphs(files, "ja", True))
    for section, numbers in EXPECTED_EN_ONLY_IN_JA_SECTIONS.items():
        found = [n for n, p in only.items() if sections[p["section"]] == section]
        # the sub-rules the Japanese lacks are always there; paragraphs the code cites may add more
        assert set(numbers) <= set(found) and found == sorted(found, key=sort_key), section
    # rule 117〔タイミングと優先権〕 (510.3): the whole rule; 117.5 is cited by the board
    assert {"117.1", "117.5", "117.3a"} <= set(only) and sections[only["117.5"]["section"]] == "117"
    # rule 731〔不正な処理の扱い〕 of the Japanese is 733 in the English: 733 imported, not 731 (Day and Night)
    assert "733.1" in only and not any(n.startswith("731") for n in en)
    # a heading referred to (rule 701.27〔変身する〕 in 616.1d) is a section with its sub-rules
    assert sections[only["701.27a"]["section"]] == "701.27"


@needs_sources
def test_every_reference_of_the_shipped_texts_has_a_page(built):
    """No rule reference in the Japanese or English text of the excerpt's paragraphs, the glossary,
    our notes or the engine stays a dead 「このチューターには未収録」 marker. The one exception is the
    Japanese 「rule 731」 (= English 733, see the note on 509.1): the reader must map it."""
    files, _ = built
    sections = set(_section_numbers(files).values())
    current = [p for p in (*_paragraphs(files, "ja", True), *_paragraphs(files, "en", True))]
    anchors = sections | {p["number"] for p in current}
    paragraph_of = {r["pk"]: r["fields"] for r in files["cr.json"] if r["model"] == "tutor.paragraph"}
    texts = [(p["text"], p["language"]) for p in current if not p["is_english_only"]]
    texts += [
        (r["fields"]["text"], paragraph_of[r["fields"]["paragraph"]]["language"])
        for r in files["cr.json"]
        if r["model"] == "tutor.example" and not paragraph_of[r["fields"]["paragraph"]]["is_english_only"]
        and paragraph_of[r["fields"]["paragraph"]]["is_current"]
    ]  # fmt: skip
    texts += [(t["fields"]["definition"], "ja") for t in files["glossary.json"]]
    texts += [(t["fields"]["definition_en"], "en") for t in files["glossary.json"]]
    texts += [(n["fields"]["body"], "ja") for n in files["notes.json"]]
    dead = {n for text, lang in texts for n in rule_refs(text, lang) if n not in anchors}
    assert dead == {"731"}
    for term in files["glossary.json"]:
        assert term["fields"]["rule"] in anchors, term["fields"]["name_ja"]


@needs_sources
def test_rules_the_engine_cites_have_a_page(built):
    """Every CR number in rules_core (docstrings "CR 120.3d", messages "(508.1)") is in the fixtures."""
    files, _ = built
    anchors = set(_section_numbers(files).values()) | {
        p["number"] for p in (*_paragraphs(files, "ja", True), *_paragraphs(files, "en", True))
    }
    cited = {
        number
        for path in (ROOT / "rules_core").glob("*.py")
        if not path.name.startswith("era")  # the era modules cite the numbers of former rules files
        for number in re.findall(r"(?<![\d.:])\d{3}\.\d{1,3}[a-z]?(?![\d])", path.read_text(encoding="utf-8"))
    }
    assert cited and cited <= anchors, sorted(cited - anchors)
    for number in ("122.1c", "603.3b", "603.10a", "701.19", "800.4a", "810.8", "704.5v", "614.9", "615.5",
                   "509.1h", "510.1a", "510.1c", "702.16f", "117.5", "508.1b", "105.1"):  # fmt: skip
        assert number in anchors, number


@needs_sources
def test_cards_keep_null_as_unverified_and_map_corrupted_spellings(built):
    files, _ = built
    assert "cards.json" not in files  # manage.py import_cards writes the catalogue
    records = build_cards(SHARED)
    assert len(records) == 171
    cards = {r["fields"]["ja_name"]: r["fields"] for r in records if r["fields"]["ja_name"]}
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
        en = list(
            section.paragraphs.filter(language=Language.EN, is_english_only=False).values_list(
                "number", flat=True
            )
        )
        assert sorted(en) == sorted(ja), number
    earlier = Paragraph.objects.filter(is_current=False)
    assert earlier.count() == 22 and {p.section.number for p in earlier} == {"120"}
    assert Paragraph.objects.filter(is_english_only=True).count() == EXPECTED_EN_ONLY
    assert not Paragraph.objects.filter(is_english_only=True).exclude(language=Language.EN).exists()


@pytest.mark.django_db
def test_loaded_terms_notes_and_cards():
    assert Term.objects.filter(is_official=True).count() == 34
    # the 28 cards the CR and the seeds name are all in the catalogue (防御円 as 赤の防御円's other spelling)
    surfaces = {
        s for name, aliases in Card.objects.values_list("ja_name", "aliases") for s in [name, *aliases]
    }
    assert Card.objects.count() == 171
    assert {"稲妻", "崇拝", "マロー", "マロ―", "防御円", "エルフの再生家", "倍増の季節", "灰色熊"} <= surfaces
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
    sections = [r["fields"]["number"] for r in cr if r["model"] == "tutor.section"]
    assert set(SECTION_NUMBERS) <= set(sections)
    assert all(section_of(n, sections) for n in numbers)
