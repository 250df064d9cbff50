"""``manage.py import_cards``: the catalogue fixture is built deterministically from the sources."""

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tutor.management.commands.import_cards import build_cards, dump, shown_keyword, type_line_of

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
needs_sources = pytest.mark.skipif(
    not (SHARED / "cards").is_dir(), reason="the maintainer's sources are not here"
)


@needs_sources
def test_fixture_is_deterministic_and_up_to_date():
    payload = dump(build_cards(SHARED))
    assert payload == dump(build_cards(SHARED))
    assert (ROOT / "fixtures" / "cards.json").read_text(encoding="utf-8") == payload


@needs_sources
def test_check_mode_reports_a_stale_fixture(tmp_path):
    (tmp_path / "cards.json").write_text("[]\n", encoding="utf-8")
    with pytest.raises(CommandError, match="stale"):
        call_command("import_cards", "--source", str(SHARED), "--output", str(tmp_path), "--check")
    call_command("import_cards", "--source", str(SHARED), "--output", str(tmp_path))
    call_command("import_cards", "--source", str(SHARED), "--output", str(tmp_path), "--check")


def test_forge_internal_lines_are_not_keywords():
    """The README: `Unblockable`, `CantBeBlockedBy …`, `etbCounter:SHIELD:2` are Forge's, not keywords."""
    for line in ("Unblockable", "CantBeBlockedBy Creature.powerLE2", "etbCounter:SHIELD:2",
                 "ETBReplacement:Other:ChooseP", "MayEffectFromOpeningHand:FromHand",
                 "If CARDNAME would be put into a graveyard from anywhere, reveal CARDNAME"):  # fmt: skip
        assert shown_keyword(line) is None, line
    assert shown_keyword("Protection from white") == "Protection from white"


def test_type_lines_get_their_dash_back():
    assert type_line_of("Creature Wurm") == "Creature — Wurm"
    assert (
        type_line_of("Legendary Artifact Creature Phyrexian Mite")
        == "Legendary Artifact Creature — Phyrexian Mite"
    )
    assert type_line_of("Sorcery") == "Sorcery"
