"""The comparison of a learner's prediction with the engine's result (tutor.results.predictions):
pure Python, run on documents the engine resolves, with no Django and no database."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core import resolve_document
from tutor.results.predictions import Prediction, explaining_stage, predictions_compare, score

PLAYERS = [
    {"id": "A", "name": "あなた", "life": 20, "poison": 0},
    {"id": "B", "name": "対戦相手", "life": 20, "poison": 0},
]


def _bear(ident: str = "bear", controller: str = "B") -> dict[str, Any]:
    return {
        "id": ident,
        "name": "灰色熊",
        "controller": controller,
        "types": ["creature"],
        "power": 2,
        "toughness": 2,
    }


def _bolt(damage: list[tuple[str, int]], effects: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "format": 1,
        "active_player": "A",
        "players": copy.deepcopy(PLAYERS),
        "permanents": [_bear()],
        "effects": effects or [],
        "event": {
            "type": "noncombat",
            "source": {
                "id": "spell",
                "name": "《稲妻》",
                "controller": "A",
                "colors": ["red"],
                "types": ["instant"],
            },
            "damage": [{"to": t, "amount": n} for t, n in damage],
        },
        "choices": {},
    }


def _by_label(verdicts):
    return {v.label: v for v in verdicts}


def test_lethal_damage_is_judged_with_the_stage_that_moves_the_bear():
    """CR 120.3e: the bear marks 3 damage; CR 704.5g: 3 ≥ toughness 2, so it is put into the graveyard
    by the state-based actions (the stage that moves it)."""
    document = _bolt([("bear", 3)])
    result = resolve_document(document)
    prediction = Prediction(damage={"bear": 3}, leaves=frozenset(), judged_permanents=frozenset({"bear"}))
    verdicts = _by_label(predictions_compare(prediction, document, result))
    damage, dies = verdicts["灰色熊が負うダメージ"], verdicts["灰色熊は戦場を離れるか"]
    assert damage.correct and damage.actual == 3
    assert not dies.correct and dies.actual is True and dies.predicted is False
    stages = [s for step in result["steps"] for s in step["stages"]]
    assert stages[dies.stage]["stage"] == "704"
    assert stages[damage.stage]["stage"] == "120.4d"
    assert score(list(verdicts.values())) == (1, 2)


def test_life_loss_and_blank_fields_are_not_judged():
    """CR 120.3a: 3 damage to a player without infect makes them lose 3 life (20 → 17). A player whose
    life the learner left blank is not judged."""
    document = _bolt([("B", 3)])
    result = resolve_document(document)
    verdicts = predictions_compare(Prediction(life={"B": 17}), document, result)
    assert [(v.label, v.predicted, v.actual, v.correct) for v in verdicts] == [
        ("対戦相手のライフ", 17, 17, True)
    ]


def test_prevented_damage_points_at_the_prevention_stage():
    """CR 615.7 and 120.4b: a shield preventing the next 3 damage stops all of 《稲妻》's 3; the life
    did not change, so the explaining stage is the one that prevented the damage."""
    effects = [{"type": "prevent_next", "to": "B", "amount": 3, "name": "《治癒の軟膏》"}]
    document = _bolt([("B", 3)], effects)
    result = resolve_document(document)
    (verdict,) = predictions_compare(Prediction(life={"B": 17}), document, result)
    assert not verdict.correct and verdict.actual == 20
    stages = [s for step in result["steps"] for s in step["stages"]]
    assert stages[verdict.stage]["stage"] == "120.4b"


def test_an_illegal_assignment_judges_nothing():
    """CR 510.1e: an illegal combat damage assignment is rewound, so there is no outcome to compare."""
    assert predictions_compare(Prediction(life={"B": 1}), {"players": PLAYERS}, {"legal": False}) == []


def test_ids_the_board_no_longer_has_are_skipped():
    document = _bolt([("B", 3)])
    result = resolve_document(document)
    prediction = Prediction(life={"Z": 3}, damage={"gone": 1}, judged_permanents=frozenset({"gone"}))
    assert predictions_compare(prediction, document, result) == []


def test_a_surviving_permanent_points_at_the_state_based_actions():
    """CR 704.3: the state-based actions are checked and find nothing lethal on 1 damage."""
    result = {"steps": [{"stages": [{"stage": "120.4d", "changes": []}, {"stage": "704", "changes": []}]}]}
    assert explaining_stage(result, "bear", "dies") == 1
    assert explaining_stage(result, "bear", "damage") is None


def test_text_of_values():
    document = _bolt([("bear", 1)])
    result = resolve_document(document)
    prediction = Prediction(
        damage={"bear": 1}, leaves=frozenset({"bear"}), judged_permanents=frozenset({"bear"})
    )
    dies, damage = predictions_compare(prediction, document, result)
    assert dies.text(dies.predicted) == "戦場を離れる" and dies.text(dies.actual) == "戦場に残る"
    assert damage.text(1) == "1点"


@settings(max_examples=60, deadline=None)
@given(to_bear=st.integers(0, 6), to_player=st.integers(0, 25))
def test_predicting_the_engine_s_own_outcome_is_always_right(to_bear: int, to_player: int):
    """Whatever the damage, a prediction copied from the engine's final state is judged all right,
    and one off by one on the life total is judged wrong on exactly that line."""
    document = _bolt([("bear", to_bear), ("B", to_player)])
    result = resolve_document(document)
    final = result["final"]
    exact = Prediction(
        life={p: v["life"] for p, v in final["players"].items()},
        poison={p: v["poison"] for p, v in final["players"].items()},
        leaves=frozenset(p for p, v in final["permanents"].items() if v["zone"] != "battlefield"),
        damage={p: v["damage"] for p, v in final["permanents"].items()},
        judged_permanents=frozenset(final["permanents"]),
    )
    verdicts = predictions_compare(exact, document, result)
    assert verdicts and all(v.correct for v in verdicts)
    off = Prediction(life={"B": final["players"]["B"]["life"] + 1})
    (wrong,) = predictions_compare(off, document, result)
    assert not wrong.correct


@given(
    life=st.dictionaries(st.sampled_from(["A", "B"]), st.integers(-999, 999)),
    leaves=st.frozensets(st.sampled_from(["x", "y"])),
)
def test_the_session_form_round_trips(life: dict[str, int], leaves: frozenset[str]):
    prediction = Prediction(life=life, leaves=leaves, judged_permanents=leaves | {"z"})
    assert Prediction.from_dict(prediction.to_dict()) == prediction


def test_a_tampered_session_value_is_refused():
    for bad in (None, "x", {"life": []}, {"leaves": "x"}, {"damage": {"a": True}}, {"poison": {"A": 1.5}}):
        assert Prediction.from_dict(bad) is None, bad
