"""The scenario document (``scenario-format.md``) read as a whole: :func:`parse_scenario` reads the top
level and calls each part in the order of the format — players, permanents (with their triggers), the
event, the effects, the choices, the era — and no part calls back into it.

:func:`parse_scenario` turns a JSON-like mapping into a :class:`~rules_core.document.scenario.Scenario`,
or raises :class:`~rules_core.model.errors.ScenarioError` naming the first bad field.
Nothing is half-accepted: unknown keys, unknown ids, wrong types (``True`` is
not an integer), out-of-range numbers and over-long lists are all refused.

>>> doc = {"players": [{"id": "A"}, {"id": "B"}],
...        "permanents": [{"id": "bear", "controller": "B", "types": ["creature"],
...                        "power": 2, "toughness": 2}],
...        "event": {"type": "noncombat", "source": {"name": "稲妻", "controller": "A", "colors": ["red"]},
...                  "damage": [{"to": "bear", "amount": 3}]}}
>>> scenario = parse_scenario(doc)
>>> scenario.permanent("bear").current_toughness
2
>>> parse_scenario(scenario.to_dict()) == scenario
True
>>> parse_scenario({**doc, "players": [{"id": "A", "life": True}]})
Traceback (most recent call last):
...
rules_core.model.errors.ScenarioError: players[0].life: 整数で指定してください
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .choices import parse_choices
from .effects import check_unblocked_choices, parse_effect
from .eras import era_part, with_era_part
from .events import parse_event, place_entrants
from .fields import (
    MAX_EFFECTS,
    MAX_NAME_LENGTH,
    MAX_PERMANENTS,
    MAX_PLAYERS,
    MAX_TEXT_LENGTH,
    Ids,
    as_list,
    as_record,
    as_text,
    fail,
)
from .limits import check_counts
from .players import check_departed, parse_permanent, parse_player, parse_teams, player_protection
from .scenario import FORMAT_VERSION, CombatEvent, Scenario
from .triggers import check_trigger_ids

_TOP_KEYS = frozenset(
    (
        "format",
        "title",
        "description",
        "active_player",
        "players",
        "permanents",
        "effects",
        "event",
        "choices",
        "variant",
        "teams",
    )
)


def parse_scenario(doc: Mapping[str, Any], *, check_limits: bool = True) -> Scenario:
    """Validate a scenario document fully and return it as a :class:`Scenario`.

    Raises :class:`ScenarioError` (a ``ValueError``) naming the first bad field. The counted limits
    of :mod:`rules_core.document.limits` come first (a :class:`~rules_core.document.limits.LimitExceeded`); every list
    the parser then reads is bounded by them and every key it does not know is refused, so parsing is
    bounded. A document from outside (the board's import, the command line) should go
    through :func:`~rules_core.document.limits.check_document` first, which also walks the whole document for
    its size, number of values and depth. ``check_limits=False`` skips the counted limits, for
    trusted documents only (the benchmarks of the engine's scaling: 1,000 creatures under one spell).
    """
    if check_limits:
        check_counts(doc)  # sizes first (rules_core.document.limits): every later step is bounded by them
    if (type(doc) is dict or isinstance(doc, Mapping)) and "era" in doc:  # 拡張: a former era (§ 12)
        part = era_part(doc)
        if check_limits:
            check_counts(part.rest)  # the window's effects now count among the board's
        return with_era_part(_parse_board(part.rest), part)
    return _parse_board(doc)


def _parse_board(doc: Mapping[str, Any]) -> Scenario:
    """Everything but the era (§§ 1-11), each part in the order of the format."""
    doc = as_record(doc, "", _TOP_KEYS, ("players",))
    if "format" in doc:
        fmt = doc["format"]
        if isinstance(fmt, bool) or fmt != FORMAT_VERSION:
            raise fail(
                "format",
                f"{FORMAT_VERSION} を指定してください(対応している形式は1だけです)",
                f"must be {FORMAT_VERSION}",
            )
    title = None if doc.get("title") is None else as_text(doc["title"], "title", MAX_NAME_LENGTH * 2)
    description = (
        None
        if doc.get("description") is None
        else as_text(doc["description"], "description", MAX_TEXT_LENGTH)
    )

    ids = Ids()
    players = as_list(doc["players"], "players", MAX_PLAYERS, min_len=1)
    for i, raw in enumerate(players):
        player = parse_player(raw, f"players[{i}]", ids)
        ids.players[player.id] = player
    player_protection(players, ids)

    teams = parse_teams(doc, ids)
    active = doc.get("active_player")
    active_player = next(iter(ids.players)) if active is None else ids.player(active, "active_player")

    permanents = as_list(doc.get("permanents", []), "permanents", MAX_PERMANENTS)
    for i, raw in enumerate(permanents):
        permanent = parse_permanent(raw, f"permanents[{i}]", ids)
        ids.permanents[permanent.id] = permanent

    check_departed(ids, teams)
    check_trigger_ids(ids)
    event = parse_event(doc.get("event"), "event", ids)
    if isinstance(event, CombatEvent):
        for i, attack in enumerate(event.attacks):
            if ids.permanents[attack.attacker].controller not in ids.side(active_player):
                raise fail(
                    f"event.attacks[{i}].attacker",
                    "攻撃クリーチャーを指定するのはアクティブ・プレイヤーです(active_player のクリーチャーを"
                    "指定してください) (508.1)",
                    "attacking creatures must be controlled by the active player",
                )

    if isinstance(event, CombatEvent) and event.between_steps:
        place_entrants(event, ids, active_player)

    effects_raw = as_list(doc.get("effects", []), "effects", MAX_EFFECTS)
    effects = tuple(parse_effect(raw, f"effects[{i}]", ids) for i, raw in enumerate(effects_raw))

    choices = parse_choices(doc.get("choices", {}), "choices", ids, effects)
    if isinstance(event, CombatEvent):
        check_unblocked_choices(effects, event)

    return Scenario(
        players=tuple(ids.players.values()),
        permanents=tuple(ids.permanents.values()),
        event=event,
        effects=effects,
        choices=choices,
        active_player=active_player,
        title=title,
        description=description,
        variant="two_headed_giant" if teams else None,
        teams=teams,
    )
