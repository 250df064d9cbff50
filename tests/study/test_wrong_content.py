"""The wrong content issue 24 found in study questions, each with the test that would have caught it.

Each test builds the template's questions over many seeds (the engine answers them, as on the site)
and checks the one thing that was wrong, citing the CR rule it enforces.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from rules_core import resolve_document
from tutor.study.building import BuiltQuestion, question_build
from tutor.study.generators import TEMPLATES_BY_SLUG
from tutor.study.topics import L1, L2

SEEDS = range(60)


@cache
def _built(slug: str, level: str) -> tuple[BuiltQuestion, ...]:
    template = TEMPLATES_BY_SLUG[slug]
    return tuple(question_build(template, seed=seed, level=level) for seed in SEEDS)


def _prevented_to(scenario: dict, pid: str) -> tuple[int, int]:
    """(damage that would be dealt to ``pid``, damage prevented) in the engine's 120.4b stage."""
    would = prevented = 0
    for step in resolve_document(scenario)["steps"]:
        for stage in step["stages"]:
            if stage["stage"] == "120.4b":
                for event in stage["events"]:
                    if event["to"] == pid:
                        would += event["would_deal"]
                        prevented += event["prevented"]
    return would, prevented


@pytest.mark.parametrize("level", [L1, L2])
def test_late_shield_says_how_much_it_prevented_as_the_engine_does(level: str) -> None:
    """CR 615.7: the shield prevents the later damage up to its 3 points; the text's numbers are the engine's."""
    for question in _built("card-late-shield", level):
        would, prevented = _prevented_to(question.scenario, "my")
        assert f"後から来た{would}点のうち{prevented}点を軽減" in question.explanation, question.explanation
        left = 3 - prevented
        assert (f"{left}点分が残ります" in question.explanation) == (left > 0)
        assert prevented <= would  # never "3 of the 2 points"


def test_leyline_is_a_prohibition_not_a_replacement() -> None:
    """CR 119.7 (a player can't gain life) vs 614.1a (an "instead" effect is a replacement effect)."""
    seen = set()
    for level in (L1, L2):
        for question in _built("card-no-life-gain", level):
            names = {e.get("name") for e in question.scenario["effects"]}
            if "《処罰の力線》" in names:
                seen.add("leyline")
                assert "119.7" in question.rules
                assert "置換効果ではなく" in question.explanation
                assert "120.4c" not in question.rules
                assert all("120.4c" not in m["label"] for m in question.mistakes)
            else:
                seen.add("vortex")
                assert "《硫黄の渦》" in names
                assert "置換効果" in question.explanation and "614.1a" in question.rules
    assert seen == {"leyline", "vortex"}


def test_lifelink_shield_never_blames_a_block_on_an_unblocked_attacker() -> None:
    """CR 702.15b: the "lifelink stops when blocked" feedback appears only where a lifelinker is blocked."""
    shown = 0
    for level in ("intro", L1, L2):
        for question in _built("lifelink-shield", level):
            attacks = question.scenario["event"]["attacks"]
            blocked = any(a["blockers"] for a in attacks)
            labels = [m["label"] for m in question.mistakes] + [
                o.get("mistake", "") for o in question.options
            ]
            if any("ブロックされると働かない" in label for label in labels):
                shown += 1
                assert blocked, question.prompt
    assert shown > 0


@pytest.mark.parametrize("slug", ["card-reckoner", "card-stuffy-doll"])
def test_is_dealt_damage_triggers_cite_120_4b_and_603_2_not_120_9(slug: str) -> None:
    """CR 120.4b, 603.2: an "is dealt damage" trigger triggers as damage is dealt; 120.9 is about the
    damage a *specific source* deals, which these cards do not refer to."""
    template = TEMPLATES_BY_SLUG[slug]
    assert "120.9" not in template.topics and "120.4" in template.topics
    for level in template.levels:
        for question in _built(slug, level):
            assert "120.9" not in question.rules and "120.9" not in question.topics
            assert {"120.4b", "603.2"} <= set(question.rules)
            assert "120.4" in question.topics
            assert "(120.9" not in question.explanation


def test_worship_lifelink_draws_only_boards_the_cr_settles() -> None:
    """CR 120.4 example: Worship does not apply when the event's loss and gain leave 1 life or more;
    the CR does not settle a net result below 1, so no such board is drawn."""
    for question in _built("card-worship-lifelink", L2):
        life = question.scenario["players"][0]["life"]
        permanents = {p["id"]: p for p in question.scenario["permanents"]}
        net = life - permanents["b2"]["power"] + permanents["ll"]["power"]
        assert net >= 1
        assert question.answer == net  # Worship leaves the total alone


def test_warhammer_labels_give_the_value_of_their_belief() -> None:
    """CR 510.4, 702.4b, 702.15b: lifelink gains for all damage a double striker deals, blockers included."""
    for question in _built("card-warhammer", L2):
        life = question.scenario["players"][0]["life"]
        attacker = question.scenario["permanents"][0]
        blocker = question.scenario["permanents"][1]
        power, lethal = attacker["power"], blocker["toughness"]
        by_label = {m["label"]: m["value"] for m in question.mistakes}
        no_blocker_gain = next(v for k, v in by_label.items() if "絆魂が働かない" in k)
        assert no_blocker_gain == life + (power - lethal) + power
        one_step = next(v for k, v in by_label.items() if "2回目" in k)
        assert one_step == life + power


def test_first_strike_has_no_reversal_label() -> None:
    """CR 510.4: every first-strike distractor names a belief about the two steps, not "the other way round"."""
    for level in (L1, L2):
        for question in _built("first-strike", level):
            assert all("逆にしました" not in m["label"] for m in question.mistakes)
            assert all(any(r in m["label"] for r in ("510.4", "702.4b", "702.7b")) for m in question.mistakes)


def test_stuffy_doll_labels_say_one_belief_each() -> None:
    """CR 120.4b, 603.2: "doesn't trigger" and "counts only up to toughness" are two beliefs with two values."""
    for question in _built("card-stuffy-doll", L1):
        life = question.scenario["players"][1]["life"]
        by_label = {m["label"]: m["value"] for m in question.mistakes}
        assert not any("または" in label for label in by_label)
        assert next(v for k, v in by_label.items() if "誘発しない" in k) == life
        assert next(v for k, v in by_label.items() if "タフネス" in k) == life - 1


def test_trample_walker_prompt_reads_as_the_rule_assigns() -> None:
    """CR 702.19b, 702.19c: lethal damage to the blockers first, the rest where the rules allow."""
    for level in (L1, L2):
        for question in _built("card-trample-walker", level):
            assert "ブロック・クリーチャーより先に" not in question.prompt
            assert re.search(r"ブロック・クリーチャーに致死ダメージを割り振り", question.prompt)


def _signature(question: BuiltQuestion) -> set[str]:
    """What a board is made of: its effects, the spell that deals the damage, the paragraphs cited."""
    event = question.scenario["event"]
    source = event.get("source")
    names = {source["name"]} if isinstance(source, dict) else set()
    return {e["type"] for e in question.scenario["effects"]} | names | set(question.rules)


@pytest.mark.parametrize(
    "slug",
    [
        "card-furnace-shield",
        "card-reckoner",
        "card-siege",
        "card-stuffy-doll",
        "card-late-shield",
        "card-walker",
        "card-trample-protection",
        "card-test-of-faith",
        "card-palisade",
    ],
)
def test_l2_differs_from_l1(slug: str) -> None:
    """Every L2 board has a factor no L1 board has, which the engine computes: 《ウルザの鎧》 and the order of
    three effects (616.1, 615.10), 《ラースの灼熱洞》 doubling a trigger's damage too (120.4b), a shield on
    the battle or the planeswalker (615.7), a later spell larger than the shield (615.7), a first or double
    striker blocking the trampler (510.4), deathtouch past 《信仰の試練》's shield (702.2b), a shield on
    《矢来の巨人》 that also takes redirected damage (616.1f)."""
    l1 = _built(slug, L1)
    l2 = _built(slug, L2)
    seen_l1 = set().union(*(_signature(q) for q in l1))
    for question in l2:
        assert _signature(question) - seen_l1, question.prompt
    assert {q.prompt for q in l1}.isdisjoint({q.prompt for q in l2})
