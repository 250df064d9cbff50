"""The 《赤の防御円》 question: the shield is for the one red source the player chose (CR 609.7a, 615.9)."""

import pytest

from rules_core import resolve_document
from tutor.study.building import question_build
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.topics import L1, L2


@pytest.mark.parametrize("level", [L1, L2])
@pytest.mark.parametrize("seed", range(12))
def test_the_shield_names_the_chosen_attacker_and_only_its_damage_is_prevented(seed, level):
    """609.7a: the effect's ``source`` is the attacker the prompt says was chosen; the answer is the life
    left after every other attacker's damage, and it is the engine's."""
    question = question_build(TEMPLATES_BY_SLUG["card-circle"], seed=seed, level=level)
    (effect,) = question.scenario["effects"]
    attackers = question.scenario["permanents"]
    chosen = attackers[0]
    assert effect["source"] == chosen["id"]
    assert "609.7a" in question.explanation
    start = question.scenario["players"][0]["life"]
    others = sum(a["power"] for a in attackers[1:])
    assert question.answer == start - others
    assert resolve_document(question.scenario)["final"]["players"]["A"]["life"] == question.answer
