"""Presenters: result documents turned into stages, links and the drawing (no database needed)."""

from rules_core import resolve_document
from tutor.board.curated import CURATED
from tutor.results.effects import EFFECT_RULES, effect_describe, effects_present
from tutor.results.links import linked_text, rule_link, section_of
from tutor.results.names import Names
from tutor.results.stages import resolution_present
from tutor.results.table import board_state_at, flat_stages, table_present

BOON = next(c for c in CURATED if c.slug == "cr120-4-ex1").document


def test_section_of_paragraph_numbers():
    assert section_of("120.4a") == "120"
    assert section_of("702.19b") == "702.19"
    assert section_of("701.19a") == "701.19"
    assert section_of("704.5g") == "704"


def test_rule_link_prefers_the_database_section():
    assert rule_link("506.4c", {"506.4c": "506.4"})["url"] == "/cr/506.4/#cr-506.4c"
    assert rule_link("615.7")["url"] == "/cr/615/#cr-615.7"


def test_notes_are_escaped_then_linked():
    html = str(linked_text('<img src=x onerror="1"> 軽減される (615.7, 120.4b)。1.5点ではない'))
    assert "<img" not in html
    assert '<a href="/cr/615/#cr-615.7">615.7</a>' in html
    assert '<a href="/cr/120/#cr-120.4b">120.4b</a>' in html
    assert "1.5点" in html


def test_resolution_has_the_six_stages_of_one_combat_damage_step():
    view = resolution_present(BOON, resolve_document(BOON))
    assert [s["key"] for s in view["stages"]] == ["assignment", "120.4a", "120.4b", "120.4c", "120.4d", "704"]
    assert all(s["rules"] for s in view["stages"])
    texts = [c["text"] for s in view["stages"] for c in s["changes"]]
    assert "あなたのライフ: 20 → 22(2点得る)" in texts
    assert "2/2クリーチャーの-1/-1カウンター: 0 → 1" in texts


def test_worship_example_shows_life_lost_and_gained():
    doc = next(c for c in CURATED if c.slug == "cr120-4-ex2").document
    view = resolution_present(doc, resolve_document(doc))
    texts = [c["text"] for s in view["stages"] for c in s["changes"]]
    assert "対戦相手のライフ: 2 → 2(5点失い、5点得る)" in texts


def test_first_strike_gives_two_steps():
    doc = {
        "players": [{"id": "A"}, {"id": "B"}],
        "active_player": "A",
        "permanents": [
            {
                "id": "knight",
                "controller": "A",
                "types": ["creature"],
                "power": 2,
                "toughness": 2,
                "keywords": ["first_strike"],
            },
            {"id": "bear", "controller": "B", "types": ["creature"], "power": 3, "toughness": 3},
        ],
        "event": {
            "type": "combat",
            "attacks": [{"attacker": "knight", "defender": "B", "blockers": ["bear"]}],
        },
    }
    view = resolution_present(doc, resolve_document(doc))
    assert view["two_steps"]
    assert [step["title"] for step in view["steps"]] == [
        "第1戦闘ダメージ・ステップ(先制攻撃・二段攻撃)",
        "第2戦闘ダメージ・ステップ",
    ]


def test_board_state_after_each_stage_ends_at_final():
    result = resolve_document(BOON)
    stages = flat_stages(result)
    last = board_state_at(BOON, result, len(stages) - 1)
    final = board_state_at(BOON, result, -1)
    assert last.players == final.players
    assert last.permanents == final.permanents
    before = board_state_at(BOON, result, None)
    assert before.players["A"]["life"] == 20
    at_c = board_state_at(BOON, result, 3)  # 120.4c: results computed, not yet happened
    assert at_c.players["A"]["life"] == 20
    at_d = board_state_at(BOON, result, 4)
    assert at_d.players["A"]["life"] == 22
    assert at_d.changed[("A", "life")] == 20


def test_table_draws_the_combat_as_a_lane_with_arrows_and_labels():
    table = table_present(BOON, amounts={("attacker", "blocker"): 3, ("blocker", "attacker"): 2})
    [lane] = table["lanes"]
    kinds = sorted(a["kind"] for a in lane["arrows"])
    assert kinds == ["back", "block", "damage"]
    assert {a["label"] for a in lane["arrows"] if a["label"]} == {"3", "2"}
    assert {i["key"] for i in lane["items"]} == {"attacker", "blocker", "B"}
    assert all(i["x"] >= 0 and i["x"] + i["w"] <= lane["width"] for i in lane["items"])
    # the seats keep the players; cards in the lane are not drawn twice
    assert all(not seat["cards"] for seat in table["seats"])


def test_a_lane_with_three_cards_in_a_row_is_wide():
    """Three or more cards side by side are drawn full size and scroll on a phone (board.css ``.lane--wide``):
    shrunk to its width, their text would fall under 8 px (issue 26)."""

    def lane(blockers: int) -> dict:
        document = {
            **BOON,
            "permanents": [
                *BOON["permanents"],
                *(
                    {"id": f"g{i}", "controller": "B", "types": ["creature"], "power": 1, "toughness": 1}
                    for i in range(blockers - 1)
                ),
            ],
        }
        document["event"] = {
            "type": "combat",
            "attacks": [
                {
                    "attacker": "attacker",
                    "defender": "B",
                    "blockers": ["blocker", *(f"g{i}" for i in range(blockers - 1))],
                }
            ],
        }
        return table_present(document)["lanes"][0]

    assert not lane(2)["wide"]
    assert lane(3)["wide"]
    assert lane(3)["width"] > 390


def test_table_after_resolving_shows_changes_and_the_graveyard():
    doc = next(c for c in CURATED if c.slug == "cr120-5-ex").document
    result = resolve_document(doc)
    table = table_present(doc, result=result, stage=-1)
    [lane] = table["lanes"]
    bear = next(i["card"] for i in lane["items"] if i["key"] == "bear")
    assert bear["in_graveyard"]
    assert bear["damage"] == 3


def test_effects_show_their_paragraph_and_what_is_left():
    result = resolve_document(BOON)
    effects = effects_present(BOON, final_effects=result["final"]["effects"])
    boon, shield = effects
    assert boon["rules"][0]["number"] == "120.4c"
    assert shield["rules"][0]["url"] == "/cr/615/#cr-615.7"
    assert shield["left_before"] == "残り2点"
    assert shield["left_after"] == "使い切った"


def test_every_effect_kind_has_a_sentence_and_a_paragraph():
    from rules_core.model.effects import EFFECT_TYPES

    names = Names({"players": [{"id": "A", "name": "あなた"}], "permanents": []})
    samples = {
        "to": "A",
        "amount": 1,
        "source": "A",
        "color": "red",
        "factor": 2,
        "player": "A",
        "on": "A",
        "to_filter": {"subtype": "クレリック"},
    }
    for kind in EFFECT_TYPES:
        assert EFFECT_RULES[kind]
        text = effect_describe({"type": kind, **samples}, names)
        assert text and text != kind


def test_docstring_examples_of_the_board_modules():
    import doctest

    from tutor.board import assignment_panel, documents
    from tutor.results import effects, event, links, names, stages, table

    for module in (links, names, effects, event, stages, table, documents, assignment_panel):
        assert doctest.testmod(module).failed == 0


def test_a_cards_type_line_names_its_creature_types_in_japanese():
    """《圧倒する防衛者》 is a 「クリーチャー — 人間・クレリック」 on the drawn board, as on the Japanese card;
    a type the glossary does not know yet stays as printed."""
    document = {
        "format": 1,
        "active_player": "A",
        "players": [{"id": "A", "name": "あなた", "life": 20}, {"id": "B", "name": "対戦相手", "life": 20}],
        "permanents": [
            {
                "id": "dd",
                "name": "圧倒する防衛者",
                "controller": "A",
                "types": ["creature"],
                "subtypes": ["Human", "Cleric"],
                "power": 3,
                "toughness": 3,
            },
            {
                "id": "odd",
                "name": "謎の者",
                "controller": "B",
                "types": ["creature"],
                "subtypes": ["Zzyzx"],
                "power": 1,
                "toughness": 1,
            },
        ],
        "effects": [],
        "event": {"type": "combat", "attacks": [{"attacker": "dd", "defender": "B", "blockers": []}]},
    }
    table = table_present(document)
    cards = {c["id"]: c for seat in table["seats"] for c in seat["cards"]}
    cards |= {i["card"]["id"]: i["card"] for lane in table["lanes"] for i in lane["items"] if i.get("card")}
    assert cards["dd"]["type_line"] == "クリーチャー — 人間・クレリック"
    assert cards["odd"]["type_line"] == "クリーチャー — Zzyzx"
