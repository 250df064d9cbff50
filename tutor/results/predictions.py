"""Predict, then reveal: what the learner expected a board to end as, against what the engine computed.

Pure Python (no Django, no database): a :class:`Prediction` is read from the learner's form, kept in
the session as :meth:`Prediction.to_dict`, and :func:`predictions_compare` sets it beside the engine's
result document (``rules_core.resolve(...).to_dict()``). Each :class:`Verdict` names the stage of the
result that explains the outcome, so the page can link straight to it.

A learner predicts only what they fill in: a player's life or poison left blank, or a creature's
damage left blank, is not judged. Which permanents leave the battlefield is a choice among all of
them (ticked: leaves; not ticked: stays), so every permanent is judged there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.results.names import Names

KIND_ATTRIBUTE = {"life": "life", "poison": "poison", "dies": "zone", "damage": "damage"}
"""Which change of the engine's stages shows each kind of prediction."""

MARKED = frozenset({"damage", "counters.-1/-1", "loyalty", "defense"})
"""Changes that leave a permanent closer to leaving the battlefield (what the state-based actions check)."""

KIND_JA = {"life": "ライフ", "poison": "毒カウンター", "dies": "戦場を離れるか", "damage": "負うダメージ"}


@dataclass(frozen=True, slots=True)
class Prediction:
    """What the learner expects after the event: players' life and poison, the permanents that leave
    the battlefield (die, or are exiled like a defeated Siege), the damage marked on creatures."""

    life: Mapping[str, int] = field(default_factory=dict)
    poison: Mapping[str, int] = field(default_factory=dict)
    leaves: frozenset[str] = frozenset()
    damage: Mapping[str, int] = field(default_factory=dict)
    judged_permanents: frozenset[str] = frozenset()
    """The permanents the learner was asked about (the board's permanents when they predicted)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (for the session).

        >>> Prediction(life={"B": 17}, leaves=frozenset({"bear"})).to_dict()["leaves"]
        ['bear']
        """
        return {
            "life": dict(self.life),
            "poison": dict(self.poison),
            "leaves": sorted(self.leaves),
            "damage": dict(self.damage),
            "judged": sorted(self.judged_permanents),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Prediction | None:
        """The prediction :meth:`to_dict` wrote, or None for anything else (a stale or tampered session).

        >>> Prediction.from_dict({"life": {"B": 17}, "judged": ["bear"]}).life
        {'B': 17}
        >>> Prediction.from_dict({"life": {"B": "x"}}) is None, Prediction.from_dict([1]) is None
        (True, True)
        """
        if not isinstance(data, Mapping):
            return None
        numbers: dict[str, dict[str, int]] = {}
        for key in ("life", "poison", "damage"):
            raw = data.get(key, {})
            if not isinstance(raw, Mapping):
                return None
            if not all(isinstance(k, str) and type(v) is int for k, v in raw.items()):
                return None
            numbers[key] = dict(raw)
        ids: dict[str, frozenset[str]] = {}
        for key in ("leaves", "judged"):
            raw_ids = data.get(key, [])
            if not isinstance(raw_ids, list) or not all(isinstance(i, str) for i in raw_ids):
                return None
            ids[key] = frozenset(raw_ids)
        return cls(
            life=numbers["life"],
            poison=numbers["poison"],
            leaves=ids["leaves"],
            damage=numbers["damage"],
            judged_permanents=ids["judged"],
        )


@dataclass(frozen=True, slots=True)
class Verdict:
    """One prediction beside the outcome; ``stage`` is the index (from 0, over every step) of the
    stage that explains the outcome, or None when no stage touches it."""

    kind: str
    subject: str
    label: str
    predicted: int | bool
    actual: int | bool
    stage: int | None

    @property
    def correct(self) -> bool:
        return self.predicted == self.actual

    def text(self, value: int | bool) -> str:
        """The value in words (``戦場を離れる`` / ``戦場に残る`` for ``dies``, a number otherwise)."""
        if self.kind == "dies":
            return "戦場を離れる" if value else "戦場に残る"
        unit = "点" if self.kind == "damage" else ("個" if self.kind == "poison" else "")
        return f"{value}{unit}"


def _stages(result: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [stage for step in result.get("steps") or [] for stage in step.get("stages") or []]


def explaining_stage(result: Mapping[str, Any], subject: str, kind: str) -> int | None:
    """The stage that explains ``subject``'s outcome for a prediction of ``kind``.

    The last stage that changed the value (its final change). When none did: for a permanent that
    was dealt damage and stayed, the state-based actions that found it not lethal (CR 704.3);
    else the first stage that did anything to ``subject`` (damage prevented, a shield counter
    removed: why nothing changed); for a permanent nothing touched, the state-based actions; else None.

    >>> result = {"steps": [{"stages": [
    ...     {"stage": "120.4b", "changes": [{"object": "B", "attribute": "prevented"}]},
    ...     {"stage": "120.4d", "changes": [{"object": "bear", "attribute": "damage"}]},
    ...     {"stage": "704", "changes": [{"object": "bear", "attribute": "zone"}]}]}]}
    >>> explaining_stage(result, "bear", "dies"), explaining_stage(result, "B", "life")
    (2, 0)
    >>> explaining_stage(result, "giant", "dies"), explaining_stage(result, "giant", "damage")
    (2, None)
    >>> shielded = {"steps": [{"stages": [
    ...     {"stage": "120.4b", "changes": [{"object": "warden", "attribute": "prevented"}]},
    ...     {"stage": "704", "changes": []}]}]}
    >>> explaining_stage(shielded, "warden", "dies")
    0
    """
    attribute = KIND_ATTRIBUTE[kind]
    stages = _stages(result)
    changed = [
        i
        for i, stage in enumerate(stages)
        if any(
            c.get("object") == subject and c.get("attribute") == attribute for c in stage.get("changes") or []
        )
    ]
    if changed:
        return changed[-1]
    touches = [
        (i, c.get("attribute"))
        for i, stage in enumerate(stages)
        for c in stage.get("changes") or []
        if c.get("object") == subject
    ]
    checks = [i for i, stage in enumerate(stages) if stage.get("stage") == "704"]
    if kind == "dies" and checks and (not touches or any(a in MARKED for _, a in touches)):
        # it was dealt damage (or counters) and stayed: the check that found it not lethal explains it
        return checks[-1]
    return touches[0][0] if touches else None


def predictions_compare(
    prediction: Prediction, document: Mapping[str, Any], result: Mapping[str, Any]
) -> list[Verdict]:
    """Each prediction beside the engine's ``final`` state: players first (life, then poison), then
    each permanent (whether it leaves the battlefield, then its damage), in the document's order.

    An illegal combat damage assignment has no outcome (CR 510.1e: the game rewinds), so nothing is
    judged. Ids the board no longer has (a prediction kept from before an edit) are skipped.
    """
    if not result.get("legal", True):
        return []
    final = result.get("final") or {}
    final_players: Mapping[str, Any] = final.get("players") or {}
    final_permanents: Mapping[str, Any] = final.get("permanents") or {}
    names = Names(document)
    verdicts: list[Verdict] = []
    for player in document.get("players") or []:
        pid = player.get("id")
        after = final_players.get(pid)
        if after is None:
            continue
        for kind, guesses in (("life", prediction.life), ("poison", prediction.poison)):
            if pid in guesses:
                verdicts.append(
                    Verdict(
                        kind=kind,
                        subject=pid,
                        label=f"{names(pid)}の{KIND_JA[kind]}",
                        predicted=guesses[pid],
                        actual=int(after.get(kind, 0)),
                        stage=explaining_stage(result, pid, kind),
                    )
                )
    for permanent in document.get("permanents") or []:
        pid = permanent.get("id")
        after = final_permanents.get(pid)
        if after is None:
            continue
        if pid in prediction.judged_permanents:
            verdicts.append(
                Verdict(
                    kind="dies",
                    subject=pid,
                    label=f"{names(pid)}は戦場を離れるか",
                    predicted=pid in prediction.leaves,
                    actual=after.get("zone", "battlefield") != "battlefield",
                    stage=explaining_stage(result, pid, "dies"),
                )
            )
        if pid in prediction.damage:
            verdicts.append(
                Verdict(
                    kind="damage",
                    subject=pid,
                    label=f"{names(pid)}が負うダメージ",
                    predicted=prediction.damage[pid],
                    actual=int(after.get("damage", 0)),
                    stage=explaining_stage(result, pid, "damage"),
                )
            )
    return verdicts


def score(verdicts: Sequence[Verdict]) -> tuple[int, int]:
    """(right, judged).

    >>> score([Verdict("life", "B", "", 17, 17, 0), Verdict("life", "A", "", 20, 18, 0)])
    (1, 2)
    """
    return sum(1 for v in verdicts if v.correct), len(verdicts)
