"""A subtype is one subtype in either language (CR 205.3m lists 「クレリック／Cleric」): a document may
write it in Japanese, as the board's form suggests, and it still meets filters written in English."""

from __future__ import annotations

from rules_core import resolve_document


def _board(subtypes: list[str], filter_subtype: str) -> dict:
    return {
        "format": 1,
        "active_player": "A",
        "players": [{"id": "A", "name": "あなた", "life": 20}, {"id": "B", "name": "対戦相手", "life": 20}],
        "permanents": [
            {
                "id": "cleric",
                "name": "僧侶",
                "controller": "B",
                "types": ["creature"],
                "subtypes": subtypes,
                "power": 1,
                "toughness": 3,
            }
        ],
        "effects": [
            {
                "type": "prevent_static",
                "amount": 1,
                "to_filter": {"controller": "B", "subtype": filter_subtype},
                "name": "《圧倒する防衛者》",
            }
        ],
        "event": {
            "type": "noncombat",
            "source": {"name": "《ショック》", "controller": "A", "colors": ["red"], "types": ["instant"]},
            "damage": [{"to": "cleric", "amount": 2}],
        },
    }


def test_a_creature_type_written_in_japanese_meets_a_filter_written_in_english_and_back():
    # 《圧倒する防衛者》 prevents 1 of the 2 damage to a Cleric its controller controls (615.10 static)
    for subtypes, filter_subtype in (
        (["クレリック"], "Cleric"),
        (["Cleric"], "クレリック"),
        (["Cleric"], "Cleric"),
    ):
        final = resolve_document(_board(subtypes, filter_subtype))["final"]["permanents"]["cleric"]
        assert final["damage"] == 1, (subtypes, filter_subtype)


def test_another_creature_type_is_not_protected():
    final = resolve_document(_board(["熊"], "Cleric"))["final"]["permanents"]["cleric"]
    assert final["damage"] == 2


def test_protection_from_a_creature_type_written_in_japanese():
    # CR 702.16a, 702.16e: protection from Goblins prevents a Goblin's damage, whichever the language
    board = _board(["Goblin"], "Cleric")
    board["effects"] = []
    board["permanents"][0]["protection"] = [{"subtype": "ゴブリン"}]
    board["permanents"].append(
        {
            "id": "gob",
            "name": "ゴブリン",
            "controller": "A",
            "types": ["creature"],
            "subtypes": ["Goblin"],
            "power": 2,
            "toughness": 2,
        }
    )
    board["event"] = {
        "type": "combat",
        "attacks": [{"attacker": "gob", "defender": "B", "blockers": ["cleric"]}],
    }
    final = resolve_document(board)["final"]["permanents"]["cleric"]
    assert final["damage"] == 0
