"""The reader's former rules (拡張, issue 15): the archived English paragraphs the stages of another era
cite, each under its era with our own Japanese explanation, and every citation resolving to a page.

The texts are Wizards' rules files of 2007-02-01 (310.1: "All assignments of combat damage go on the
stack as a single object"; 310.4a: damage "is dealt as it was originally assigned even if the creature
dealing damage is no longer in play") and 2024-08-02 (509.2: the damage assignment order).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from rules_core import compare_eras, parse_scenario
from tutor.management.commands.import_former import OUTPUT_NAME, build_records, paragraphs_of
from tutor.models import FormerRule, Scenario
from tutor.reader.era_former import EXPLANATIONS, FILE_BY_DATE
from tutor.results.era_links import cited_in_note, split_cite

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
CURATED_ERAS = ROOT / "fixtures" / "curated_sources" / "eras.json"

pytestmark = pytest.mark.django_db


def _cited_by_the_era_boards() -> set[tuple[str, str]]:
    """Every (file, number) the curated era boards cite under each era: ``era_rules``, violations, and
    the numbers their notes write after 「<date>版」."""
    cited: set[tuple[str, str]] = set()
    for board in json.loads(CURATED_ERAS.read_text(encoding="utf-8")):
        for resolution in compare_eras(parse_scenario(board["document"])).values():
            result = resolution.to_dict()
            stages = [st for step in result["steps"] for st in step["stages"]]
            cites = [c for st in stages for c in st.get("era_rules", ())]
            cites += [v["rule"] for v in result.get("violations", []) if ":" in (v.get("rule") or "")]
            cited |= {split_cite(c) for c in cites}
            for text in [n for st in stages for n in st.get("notes", [])] + [
                v["message"] for v in result.get("violations", [])
            ]:
                cited |= {(date, n) for date, numbers in cited_in_note(text).items() for n in numbers}
    return cited


def test_every_former_rule_an_era_board_cites_has_a_page(client: Client):
    cited = _cited_by_the_era_boards()
    assert ("2007-02-01", "310.4a") in cited and ("2024-08-02", "509.2") in cited
    held = set(FormerRule.objects.values_list("rules_file", "number"))
    assert cited <= held, sorted(cited - held)
    for date, number in sorted(cited):
        assert client.get(f"/cr/former/{date}/{number}/").status_code == 200


def test_a_former_rule_page_shows_the_english_text_and_our_labelled_explanation(client: Client):
    html = client.get("/cr/former/2007-02-01/310.4a/").content.decode()
    assert "Combat damage is dealt as it was originally assigned" in html
    assert "このチューターによる説明" in html and "公式の訳ではなく" in html
    assert "何を定めていたか" in html and "今との違い" in html
    assert "現在のルールではありません" in html
    assert "2007年2月1日版" in html
    # the boards of that era are linked from it
    assert 'href="/board/s/crera-baloth/"' in html


def test_the_file_page_links_its_own_numbers_and_leaves_the_others_plain(client: Client):
    """2007's 306.2 refers to 419.6b (regeneration in that file): no page here, so plain text."""
    html = client.get("/cr/former/2007-02-01/").content.decode()
    assert 'id="former-306.2"' in html and "419.6b" in html
    assert 'href="/cr/former/2007-02-01/419.6b/"' not in html
    assert 'href="/cr/former/2007-02-01/310.4a/"' in html


def test_the_index_lists_the_files_and_the_era_boards(client: Client):
    html = client.get("/cr/former/").content.decode()
    assert "2007年のルール" in html and "2009-2024年のルール" in html
    era_boards = Scenario.objects.filter(is_curated=True, slug__startswith="crera-")
    assert era_boards.count() == len(json.loads(CURATED_ERAS.read_text(encoding="utf-8"))) == 20
    for board in era_boards:
        assert f'href="/board/s/{board.slug}/"' in html


def test_former_rules_notes_and_the_older_revision_link_to_the_former_rules(client: Client):
    assert 'href="/cr/former/"' in client.get("/cr/510/").content.decode()  # the former_rule notes
    assert 'href="/cr/former/"' in client.get("/cr/120/diff/").content.decode()  # 120's older revision
    assert 'href="/cr/former/"' in client.get("/cr/120/").content.decode()
    assert 'href="/cr/former/"' in client.get("/cr/").content.decode()


@pytest.mark.parametrize(
    "url",
    [
        "/cr/former/1999-01-01/",
        "/cr/former/2007-02-01/999.9/",
        "/cr/former/2007-02-01/x/",
        "/cr/former/2024-11-08/510.1c/",
        "/cr/former/2007-02-01/310.4a/extra/",
        "/cr/former/" + "9" * 300 + "/",
    ],
)
def test_unknown_former_pages_are_404(client: Client, url):
    assert client.get(url).status_code == 404


def test_paragraphs_of_reads_numbered_lines_and_their_examples():
    text = "310. Combat Damage Step\n\n310.1. First.\n\nExample: One.\n\n310.2a Second.\n\nGlossary\n\nAttack\nWords."
    found = paragraphs_of(text)
    assert found["310.1"] == ("First.", ["One."])
    assert found["310.2a"] == ("Second.", [])


def test_every_explanation_is_ours_in_japanese_and_names_a_known_file():
    for explanation in EXPLANATIONS:
        assert explanation.date in FILE_BY_DATE
        for text in (explanation.said, explanation.today):
            assert text.endswith("。") and re.search(r"[ぁ-んァ-ン]", text)


@pytest.mark.skipif(not (SHARED / "cr" / "en-former").is_dir(), reason="the source files are not here")
def test_the_fixture_is_what_the_importer_writes(tmp_path):
    """``make import-cr`` would write the same file: the shipped fixture is up to date."""
    records = build_records(SHARED)
    shipped = json.loads((ROOT / "fixtures" / OUTPUT_NAME).read_text(encoding="utf-8"))
    assert records == shipped
    by_number = {(r["fields"]["rules_file"], r["fields"]["number"]): r["fields"] for r in records}
    assert "go on the stack as a single object" in by_number[("2007-02-01", "310.1")]["text"]
    assert "damage assignment order" in by_number[("2024-08-02", "509.2")]["text"]
    call_command("import_former", source=str(SHARED), output=str(tmp_path), verbosity=0)
    assert json.loads((tmp_path / OUTPUT_NAME).read_text(encoding="utf-8")) == shipped


def test_editors_find_the_former_rules_in_the_admin(admin_client):
    assert admin_client.get("/admin/tutor/formerrule/?q=310.4a").status_code == 200
    rule = FormerRule.objects.get(rules_file="2007-02-01", number="310.4a")
    assert admin_client.get(f"/admin/tutor/formerrule/{rule.pk}/change/").status_code == 200
