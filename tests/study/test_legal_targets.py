"""Every generated study question is legal regarding targets (issue 23, item 5; docs/scenario-format.md § 14).

Over at least 3,000 generated questions (every template, every level, many seeds) each board parses, and
no spell or ability targets what it can't: a catalogue spell whose text says "target" targets each of its
recipients but its caster (CR 115.1; 《Char》's "2 damage to you" is not a target, 115.10a), and each of
those must be a legal target as the spell is cast (601.2c): no hexproof creature targeted by an opponent
(702.11b), no shroud (702.18a), no protection from the spell's quality (702.16b). The same holds for the
targets of a fight or a bite spell (《捕食》: "target creature you control fights target creature you
don't control") and of a triggered ability's damage (《ボロスの反攻者》: "any target", 603.3d).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from rules_core import parse_scenario
from rules_core.document.scenario import DestroyEvent, NoncombatEvent, PowerDamageEvent, Scenario
from rules_core.model.state import Permanent, Player, Source
from rules_core.model.targets import why_untargetable
from tutor.study.cardpool import _catalogue
from tutor.study.generators import TEMPLATES

SEEDS = range(40)
QUESTIONS_AT_LEAST = 3000


@cache
def _targeting_spells() -> dict[str, dict[str, Any]]:
    """Catalogue spells by the name a question gives them (《稲妻》): their encoding's event, when it targets."""
    out: dict[str, dict[str, Any]] = {}
    for facts in _catalogue().values():
        event = facts.engine.get("event") or {}
        if (event.get("type") == "noncombat" and event.get("targets")) or event.get("type") in (
            "fight",
            "bite",
        ):
            out[facts.label] = event
    return out


def _colors_of(label: str) -> tuple[str, ...]:
    for facts in _catalogue().values():
        if facts.label == label:
            source = (facts.engine.get("event") or {}).get("source")
            if isinstance(source, dict):
                return tuple(source.get("colors", ()))
            permanent = next((p for p in facts.engine.get("permanents", []) if p.get("id") == "card"), {})
            return tuple(permanent.get("colors", ()))
    return ()


def _who(scenario: Scenario, ident: str) -> Permanent | Player:
    state = scenario.state
    return state.permanent(ident) if state.is_permanent(ident) else state.player(ident)


def _illegal_targets(scenario: Scenario) -> list[str]:
    """Each target the scenario's spell or abilities choose that is illegal (CR 601.2c, 603.3d)."""
    problems: list[str] = []
    event = scenario.event
    teams = scenario.teams
    if isinstance(event, NoncombatEvent):
        source = (
            event.source if isinstance(event.source, Source) else Source.of(scenario.permanent(event.source))
        )
        targeting = source.label in _targeting_spells() or any(d.target for d in event.damage)
        for d in event.damage:
            if not targeting or (d.to == source.controller and not d.target):
                continue  # 115.10a: "to you" is not a target
            why = why_untargetable(_who(scenario, d.to), source, teams)
            if why is not None:
                problems.append(f"{source.label} → {d.to}: {why[0]}")
    elif isinstance(event, PowerDamageEvent) and event.type in ("fight", "bite") and event.name:
        caster = scenario.permanent(event.pairs[0][0]).controller  # "target creature you control"
        spell = Source(id=None, controller=caster, name=event.name, colors=_colors_of(event.name))
        for ident in dict.fromkeys(x for pair in event.pairs for x in pair):
            why = why_untargetable(scenario.permanent(ident), spell, teams)
            if why is not None:
                problems.append(f"{event.name} → {ident}: {why[0]}")
    elif isinstance(event, DestroyEvent) and event.targeted:  # § 14.4: "destroy target creature" (《殺害》)
        source = (
            event.source if isinstance(event.source, Source) else Source.of(scenario.permanent(event.source))
        )
        for ident in event.targets:
            why = why_untargetable(scenario.permanent(ident), source, teams)
            if why is not None:
                problems.append(f"{source.label} → {ident}: {why[0]}")
    for permanent in scenario.permanents:
        for trigger in permanent.triggers:
            to = trigger.effect.to if trigger.effect.type == "damage" else None
            if to and to != "controller" and scenario.state.is_permanent(to):
                why = why_untargetable(scenario.permanent(to), Source.of(permanent), teams)
                if why is not None:
                    problems.append(f"{permanent.label}の誘発型能力 → {to}: {why[0]}")
    return problems


@cache
def _drafts() -> tuple[tuple[str, dict[str, Any]], ...]:
    return tuple(
        (f"{template.slug}/{level}/{seed}", template.draft(seed, level).scenario)
        for template in TEMPLATES
        for level in template.levels
        for seed in SEEDS
    )


def test_enough_questions_are_generated() -> None:
    assert len(_drafts()) >= QUESTIONS_AT_LEAST


def test_every_generated_question_targets_only_what_it_may() -> None:
    # CR 601.2c, 702.11b, 702.16b, 702.18a: each board parses (the parser refuses an illegal target it is
    # told of) and no targeted recipient is illegal (whether or not the board says it is a target).
    illegal: list[str] = []
    for where, document in _drafts():
        scenario = parse_scenario(document)
        illegal += [f"{where}: {p}" for p in _illegal_targets(scenario)]
    assert illegal == []


def test_catalogue_burn_spells_in_questions_say_they_target() -> None:
    # CR 115.1: a question's 《稲妻》 is written with its targets, so the engine checks them (601.2c, 608.2b).
    flagged = unflagged = 0
    for _where, document in _drafts():
        event = document.get("event") or {}
        if event.get("type") != "noncombat" or not isinstance(event.get("source"), dict):
            continue
        if event["source"].get("name") in _targeting_spells():
            for d in event["damage"]:
                if d["to"] == event["source"]["controller"]:
                    continue
                if d["to"] in event.get("targets", []):
                    flagged += 1
                else:
                    unflagged += 1
    assert flagged > 100 and unflagged == 0


def test_fight_bite_and_destroy_questions_let_the_engine_check_their_targets() -> None:
    # § 14.4 (601.2c, 608.2b, 701.14b): a question's 《捕食》, 《狂気の一咬み》, 《強行突破》 and 《殺害》 carry their
    # targets, so the parser refuses an illegal one and the resolution stages the check.
    kinds: dict[str, int] = {}
    for _where, document in _drafts():
        event = document.get("event") or {}
        if event.get("type") in ("fight", "bite") or (
            event.get("type") == "destroy" and event.get("targeted")
        ):
            assert event.get("targets"), event
            kinds[event["type"]] = kinds.get(event["type"], 0) + 1
    assert set(kinds) == {"fight", "bite", "destroy"}


def test_every_curated_board_parses_and_targets_only_what_it_may() -> None:
    # CR 601.2c, 702.11b, 702.16b, 702.18a: the shipped boards (fixtures/scenarios.json) too.
    rows = json.loads(
        (Path(__file__).resolve().parents[2] / "fixtures" / "scenarios.json").read_text("utf-8")
    )
    illegal: list[str] = []
    for row in rows:
        fields = row["fields"]
        illegal += [f"{fields['slug']}: {p}" for p in _illegal_targets(parse_scenario(fields["document"]))]
    assert len(rows) > 100 and illegal == []


def test_every_catalogue_cards_example_targets_only_what_it_may() -> None:
    # CR 601.2c, 702.11b: e.g. 《トロールの苦行者》's page never shows an opponent's spell targeting it.
    from tutor.cards.placement import scenario_of

    illegal: list[str] = []
    for facts in _catalogue().values():
        illegal += [f"{facts.slug}: {p}" for p in _illegal_targets(parse_scenario(scenario_of(facts.engine)))]
    assert illegal == []


def _targeted_effect_spells() -> dict[str, tuple[str, ...]]:
    """Catalogue spells whose encoding is a prevention effect on a target, by the effect's name (《畏敬の一撃》:
    "the next time target creature would deal damage"), with the spell's colours."""
    out: dict[str, tuple[str, ...]] = {}
    for row in json.loads(
        (Path(__file__).resolve().parents[2] / "fixtures" / "cards.json").read_text("utf-8")
    ):
        fields = row["fields"]
        text = fields.get("oracle_text") or ""
        if "target" not in text or "Instant" not in (fields.get("type_line") or ""):
            continue
        for effect in (fields.get("engine") or {}).get("effects", []):
            if effect.get("name") == f"《{fields['ja_name']}》":
                colors = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
                cost = fields.get("mana_cost") or ""
                out[effect["name"]] = tuple(sorted({c for k, c in colors.items() if k in cost}))
    return out


def test_a_prevention_spell_in_a_question_targets_only_what_it_may() -> None:
    # CR 702.16b: a question's 《畏敬の一撃》 ("target creature", white) is never on a creature with
    # protection from white (the poison drill's 《ファイレクシアの十字軍》); 《治癒の軟膏》 likewise.
    spells = _targeted_effect_spells()
    assert {"《畏敬の一撃》", "《治癒の軟膏》"} <= set(spells)
    checked = 0
    illegal: list[str] = []
    for where, document in _drafts():
        permanents = {p["id"]: p for p in document.get("permanents", [])}
        for effect in document.get("effects", []):
            colors = spells.get(effect.get("name", ""))
            if colors is None:
                continue
            target = (
                effect.get("source") if effect["type"] == "prevent_next_from_source" else effect.get("to")
            )
            if target not in permanents:
                continue
            checked += 1
            shielded = set(permanents[target].get("protection", [])) & set(colors)
            if shielded:
                illegal.append(f"{where}: {effect['name']} → {target} ({sorted(shielded)})")
    assert checked > 50 and illegal == []
