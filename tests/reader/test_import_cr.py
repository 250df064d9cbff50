"""The importer: the whole Japanese CR beside the whole English one, the pairing, counts, determinism."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tutor.management.commands._cr_full import (
    JA_ONLY,
    MOVED_PARAGRAPHS,
    MOVED_SECTIONS,
    parse_ja_full,
    parse_ja_glossary_full,
)
from tutor.management.commands.import_cards import build_cards
from tutor.management.commands.import_cr import build_fixtures, dump, parse_numbered
from tutor.models import Card, Edition, Language, Note, Paragraph, Section, Term

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
needs_sources = pytest.mark.skipif(
    not (SHARED / "cr" / "ja-full").is_dir(), reason="the source texts (../shared) are not on this machine"
)

# Counted in the sources (2026-01-16 / 2026-06-19). Japanese: every numbered line, headings of a
# section not counted (they are its title), 505.4 printed twice counted twice; 例 lines, both 「例：」
# and 「例:」. English: every numbered line but the section headings.
EXPECTED_SECTIONS = 408  # 3-digit rules, and each keyword action (701.N) and ability (702.N)
EXPECTED_JA_PARAGRAPHS = 2860
EXPECTED_JA_EXAMPLES = 276
EXPECTED_EN_PARAGRAPHS = 2892
EXPECTED_GLOSSARY = (
    728  # the Japanese glossary's entries (イベント and エンチャント twice: two English terms)
)
# Paragraphs the English of 2026-06-19 added after the Japanese of 2026-01-16 (a section of them:
# 722 Preparation Cards, 701.69, 702.190-702.194, whose headings are their sections' titles).
EXPECTED_ENGLISH_ONLY = [
    "111.10v", "111.10w", "506.3d", "508.4d", "601.5", "610.5", "700.16", "701.50e", "701.69a",
    "702.122c", "702.190a", "702.190b", "702.191a", "702.191b", "702.192a", "702.193a", "702.193b",
    "702.194a", "702.194b", "702.194c", "707.12a", "714.3b", "722.1", "722.2", "722.2a", "722.2b",
    "722.2c", "722.3", "722.3a", "722.3b", "722.3c", "722.3d", "722.4", "722.5",
]  # fmt: skip


# --- parsing (no source files needed) ------------------------------------------------------------


def test_parse_numbered_reads_headings_paragraphs_examples_and_numbers_without_a_dot():
    lines = [
        "120. ダメージ",
        "120.1. 本文。",
        "例：一つ目。",
        "例：二つ目。",
        "120.1a 下位。",
        "704.6 変種ルール。",
    ]
    parsed = parse_numbered(lines, example_prefix="例：")
    assert [(p.number, p.heading) for p in parsed] == [
        ("120", True), ("120.1", False), ("120.1a", False), ("704.6", False)
    ]  # fmt: skip
    assert parsed[1].examples == ["一つ目。", "二つ目。"]


def test_the_whole_japanese_layout_and_its_quirks():
    """A number alone on its line (500.10a), 「例：」 alone (123.6b), no space after the number (709.5e),
    「例:」 with an ASCII colon (101.4), an indented second line (509.1b), chapters (1. …)."""
    parsed, chapters = parse_ja_full(
        ["1. ゲームの考え方", "101. 黄金律", "101.4. 文。", "例:「各プレイヤーは…」", "123.6b 文。", "例：",
         "プレイヤーが「Dark」と…。", "500.10a", "追加のフェイズや…。", "709.5e閉鎖されている…。",
         "509.1b 防御プレイヤーは…。", "\u3000この制限は…。"]
    )  # fmt: skip
    assert chapters == [("1", "ゲームの考え方")]
    found = {p.number: p for p in parsed}
    assert found["101"].heading and found["101.4"].examples == ["「各プレイヤーは…」"]
    assert found["123.6b"].examples == ["プレイヤーが「Dark」と…。"]
    assert found["500.10a"].text == "追加のフェイズや…。" and not found["500.10a"].heading
    assert found["709.5e"].text == "閉鎖されている…。"
    assert found["509.1b"].text == "防御プレイヤーは…。\n\u3000この制限は…。"


def test_glossary_heads_with_and_without_brackets_and_definitions_over_lines():
    entries = parse_ja_glossary_full(
        ["萎縮（いしゅく）／Wither", "\u3000キーワード能力。", "「双頭巨人戦」変種ルール（そうとう）／Two-Headed Giant Variant",
         "説明。", "続き。", "（へや）／Room", "\u3000部屋。"]
    )  # fmt: skip
    assert [(e["name_ja"], e["reading"], e["name_en"]) for e in entries] == [
        ("萎縮", "いしゅく", "Wither"),
        ("「双頭巨人戦」変種ルール", "そうとう", "Two-Headed Giant Variant"),
        ("（へや）", "へや", "Room"),  # the source's head lacks the name: shown as published
    ]
    assert entries[1]["definition"] == "説明。\n続き。"


# --- the real sources ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built():
    if not (SHARED / "cr" / "ja-full").is_dir():
        pytest.skip("the source texts (../shared) are not on this machine")
    return build_fixtures(SHARED, ROOT / "fixtures")


def _records(files, model):
    return [r["fields"] for r in files["cr.json"] if r["model"] == f"tutor.{model}"]


def _paragraphs(files, language, current=True):
    return [
        p for p in _records(files, "paragraph") if p["language"] == language and p["is_current"] is current
    ]


@needs_sources
def test_every_paragraph_example_and_heading_of_both_texts_is_imported(built):
    files, report = built
    print("\n".join(report))
    sections = _records(files, "section")
    ja, en = _paragraphs(files, "ja"), _paragraphs(files, "en")
    assert len(sections) == EXPECTED_SECTIONS
    assert len(ja) == EXPECTED_JA_PARAGRAPHS and len(en) == EXPECTED_EN_PARAGRAPHS
    paragraph_language = {
        r["pk"]: r["fields"]["language"] + ("" if r["fields"]["is_current"] else "-earlier")
        for r in files["cr.json"]
        if r["model"] == "tutor.paragraph"
    }
    examples = Counter(paragraph_language[e["paragraph"]] for e in _records(files, "example"))
    assert examples["ja"] == EXPECTED_JA_EXAMPLES and examples["ja-earlier"] == 3  # the older 120's
    numbers = {p["number"] for p in ja}
    for number in ("100.1", "601.2a", "702.9b", "903.4", "905.6", "120.4a", "702.19b"):
        assert number in numbers, number
    # headings that are not a page of their own are kept as paragraphs (205.2 カード・タイプ)
    headings = {p["number"]: p["text"] for p in ja if p["is_heading"]}
    assert headings["205.2"] == "カード・タイプ" and headings["903.12"] == "ブロール 選択ルール"
    titles = {s["number"]: s for s in sections}
    assert titles["702.9"]["title_ja"] == "飛行" and titles["702.9"]["title_en"] == "Flying"
    assert titles["720"]["title_ja"] == "前兆カード"  # 「720 . 前兆カード」 in the source
    assert titles["702.189"]["title_ja"] == "火の技"  # 「702.189. 702.189. 火の技／Firebending」
    assert titles["722"]["scope"].startswith("日本語訳はまだありません")
    editions = {
        r["fields"]["language"]: r["fields"] for r in files["cr.json"] if r["model"] == "tutor.edition"
    }
    assert editions["ja"]["revision"] == "2026-01-16" and editions["en"]["revision"] == "2026-06-19"
    assert editions["ja"]["introduction"].startswith("この文書は") and len(editions["ja"]["chapters"]) == 10


@needs_sources
def test_every_pairing_that_is_not_by_equal_number_is_listed_with_why(built):
    """Paragraphs are stored under the English numbers; the Japanese ones that print another number
    keep it in ``number_ja``. Each such pairing is one of: a moved section (722-732 -> 723-733,
    checked by both titles), a listed move inside a rule, a Japanese-only paragraph, or 505.4 printed
    twice."""
    files, _ = built
    printed = {p["number"]: p["number_ja"] for p in _paragraphs(files, "ja") if p["number_ja"]}
    why = {}
    for stored, ja_number in printed.items():
        head = ja_number.split(".")[0]
        if ja_number in MOVED_PARAGRAPHS and MOVED_PARAGRAPHS[ja_number][0] == stored:
            why[stored] = MOVED_PARAGRAPHS[ja_number][1]
        elif head in MOVED_SECTIONS and stored.split(".")[0] == MOVED_SECTIONS[head][0]:
            why[stored] = f"section {head} {MOVED_SECTIONS[head][1]} = English {MOVED_SECTIONS[head][0]}"
        elif stored == f"ja-{ja_number}" and ja_number in JA_ONLY:
            why[stored] = JA_ONLY[ja_number]
        elif stored == "ja-505.4-2":
            why[stored] = "the source prints 505.4 twice"
    for stored in sorted(printed):
        print(f"{printed[stored]:>10} -> {stored:<12} {why.get(stored, '?')}")
    assert set(why) == set(printed)
    assert len([s for s in printed if s.split(".")[0] in {v[0] for v in MOVED_SECTIONS.values()}]) > 100
    # the pairs read as the same rule in both languages
    ja = {p["number"]: p["text"] for p in _paragraphs(files, "ja")}
    en = {p["number"]: p["text"] for p in _paragraphs(files, "en")}
    assert "ブロック" in ja["506.3e"] and "blocking" in en["506.3e"]
    assert "謀議0" in ja.get("701.50e", "謀議0") or "connive 0" in en["701.50e"]
    assert "Can" in ja["702.122d"] and "can’t crew" in en["702.122d"]
    assert "戦闘ダメージ・ステップ開始" in ja["805.10f"] and "combat damage step" in en["805.10f"]
    assert "不正な処理" in ja["733.1"] or "違反" in ja["733.1"] or ja["733.1"]
    assert en["733.1"]  # Handling Illegal Actions


@needs_sources
def test_english_only_paragraphs_are_the_newer_ones(built):
    files, _ = built
    en = _paragraphs(files, "en")
    only = sorted((p["number"] for p in en if p["is_english_only"]), key=EXPECTED_ENGLISH_ONLY.index)
    assert only == EXPECTED_ENGLISH_ONLY
    assert not any(p["is_english_only"] for p in _paragraphs(files, "ja"))


@needs_sources
def test_seed_120_is_kept_as_the_earlier_revision(built):
    files, _ = built
    earlier = _paragraphs(files, "ja", False)
    assert len(earlier) == 22
    assert {p["revision"] for p in earlier} == {"以前の版（2026年1月より前の日本語訳）"}
    numbers = {p["number"] for p in earlier}
    assert "120.3g" not in numbers and "120.3h" not in numbers and "120.10" in numbers


@needs_sources
def test_glossary_has_every_entry_with_reading_english_and_rule(built):
    files, _ = built
    terms = [r["fields"] for r in files["glossary.json"]]
    official = [t for t in terms if t["is_official"]]
    assert len(official) == EXPECTED_GLOSSARY
    by_name = {t["name_ja"]: t for t in terms}
    for name, english, rule in [("飛行", "Flying", "702.9"), ("威迫", "Menace", "702.111"), ("呪禁", "Hexproof", "702.11"),
                                ("トランプル", "Trample", "702.19"), ("再生", "Regenerate", "701.19"),
                                ("与える", "Deal", "120")]:  # fmt: skip
        assert by_name[name]["name_en"] == english and by_name[name]["rule"] == rule, name
    assert all(t["reading"] for t in official)
    assert by_name["トランプル"]["definition_en"].startswith(
        "A keyword ability that modifies how a creature assigns"
    )
    assert by_name["ダメージ"]["autolink"] is False and by_name["トランプル"]["autolink"] is True
    # the damage rules' words and every keyword ability link in the text; the rest by the glossary
    assert by_name["飛行"]["autolink"] and by_name["威嚇"]["autolink"]
    assert not any(by_name[name]["autolink"] for name in ("エンチャント", "段階", "永遠", "呪文"))
    assert [t["name_en"] for t in terms if t["name_ja"] == "イベント"] == ["Event", "Tournament"]
    assert not any(t["name_ja"] == "毒カウンター" and not t["is_official"] for t in terms)  # official now


@needs_sources
def test_rules_the_engine_cites_exist(built):
    """Every CR number in rules_core (docstrings "CR 120.3d", messages "(508.1)") is in the fixtures."""
    files, _ = built
    anchors = {s["number"] for s in _records(files, "section")} | {
        p["number"] for p in _records(files, "paragraph")
    }
    cited = {
        number
        for path in (ROOT / "rules_core").glob("*.py")
        if not path.name.startswith("era")  # the era modules cite the numbers of former rules files
        for number in re.findall(r"(?<![\d.:])\d{3}\.\d{1,3}[a-z]?(?![\d])", path.read_text(encoding="utf-8"))
    }
    assert cited and cited <= anchors, sorted(cited - anchors)


@needs_sources
def test_cards_keep_null_as_unverified_and_map_corrupted_spellings(built):
    files, _ = built
    assert "cards.json" not in files  # manage.py import_cards writes the catalogue
    records = build_cards(SHARED)
    cards = {r["fields"]["ja_name"]: r["fields"] for r in records if r["fields"]["ja_name"]}
    assert "エルフの再生<" in cards["エルフの再生家"]["aliases"] and "マロ―" in cards["マロー"]["aliases"]
    assert cards["マロー"]["oracle_text"] is None


@needs_sources
def test_fixtures_are_deterministic_and_up_to_date(built, tmp_path):
    files, _ = built
    (tmp_path / "cards.json").write_text((ROOT / "fixtures" / "cards.json").read_text(encoding="utf-8"))
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
    current = Paragraph.objects.filter(is_current=True)
    assert current.filter(language=Language.JA).count() == EXPECTED_JA_PARAGRAPHS
    assert current.filter(language=Language.EN).count() == EXPECTED_EN_PARAGRAPHS
    assert Section.objects.count() == EXPECTED_SECTIONS
    assert Term.objects.filter(is_official=True).count() == EXPECTED_GLOSSARY
    earlier = Paragraph.objects.filter(is_current=False)
    assert earlier.count() == 22 and {p.section.number for p in earlier} == {"120"}
    assert dict(Edition.objects.values_list("language", "revision")) == {
        "ja": "2026-01-16",
        "en": "2026-06-19",
    }
    # every paragraph is on the page of its keyword (702.19b) or of its rule (601.2a)
    assert Paragraph.objects.get(number="702.19b", language=Language.JA).section.number == "702.19"
    assert Paragraph.objects.get(number="601.2a", language=Language.JA).section.number == "601"
    assert Paragraph.objects.get(number="702.1", language=Language.JA).section.number == "702"
    assert current.exclude(html="").count() == current.count()  # linked at import time


@pytest.mark.django_db
def test_loaded_notes_and_cards():
    surfaces = {
        s for name, aliases in Card.objects.values_list("ja_name", "aliases") for s in [name, *aliases]
    }
    assert {"稲妻", "崇拝", "マロー", "マロ―", "防御円", "エルフの再生家", "倍増の季節", "灰色熊"} <= surfaces
    former = Note.objects.filter(kind=Note.Kind.FORMER_RULE)
    assert former.count() >= 2 and all(note.changed_in for note in former)
    numbers = set(Paragraph.objects.values_list("number", flat=True)) | set(
        Section.objects.values_list("number", flat=True)
    )
    assert {note.paragraph_number for note in Note.objects.all()} <= numbers
    assert not Note.objects.filter(body_html="").exists()


def test_shipped_fixture_files_are_valid_json_with_unique_keys():
    for name in ("cr.json", "glossary.json", "cards.json", "notes.json"):  # the reader's fixtures
        records = json.loads((ROOT / "fixtures" / name).read_text(encoding="utf-8"))
        keys = [(r["model"], r["pk"]) for r in records]
        assert len(keys) == len(set(keys)), name
