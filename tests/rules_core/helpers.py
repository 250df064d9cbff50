"""Small builders for scenario documents, so each test shows only what matters to its rule."""

from __future__ import annotations

from typing import Any

from rules_core import Resolution, parse_scenario, resolve

PLAYERS = [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}]


def creature(ident: str, power: int, toughness: int, controller: str = "B", **kw: Any) -> dict[str, Any]:
    return {"id": ident, "controller": controller, "types": ["creature"], "power": power,
            "toughness": toughness, **kw}


def planeswalker(ident: str, loyalty: int, controller: str = "B", **kw: Any) -> dict[str, Any]:
    return {"id": ident, "controller": controller, "types": ["planeswalker"], "loyalty": loyalty, **kw}


def battle(ident: str, defense: int, controller: str = "A", protector: str = "B", **kw: Any) -> dict[str, Any]:
    return {"id": ident, "controller": controller, "protector": protector, "types": ["battle"],
            "defense": defense, **kw}


def spell(damage: dict[str, int], *, name: str = "呪文", controller: str = "A", colors: tuple[str, ...] = (),
          keywords: tuple[str, ...] = (), **kw: Any) -> dict[str, Any]:
    """A non-combat event from an inline spell source."""
    return {"type": "noncombat",
            "source": {"name": name, "controller": controller, "colors": list(colors), "keywords": list(keywords)},
            "damage": [{"to": to, "amount": n} for to, n in damage.items()], **kw}


def from_permanent(source: str, damage: dict[str, int], **kw: Any) -> dict[str, Any]:
    """A non-combat event whose source is a permanent."""
    return {"type": "noncombat", "source": source,
            "damage": [{"to": to, "amount": n} for to, n in damage.items()], **kw}


def attack(attacker: str, defender: str = "B", blockers: tuple[str, ...] = (), **kw: Any) -> dict[str, Any]:
    return {"attacker": attacker, "defender": defender, "blockers": list(blockers), **kw}


def combat(*attacks: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"type": "combat", "attacks": list(attacks), **kw}


def doc(permanents: list[dict[str, Any]] | None = None, event: dict[str, Any] | None = None,
        effects: list[dict[str, Any]] | None = None, players: list[dict[str, Any]] | None = None,
        choices: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"format": 1, "active_player": "A", "players": players or PLAYERS,
                           "permanents": permanents or [], "effects": effects or [],
                           "event": event or spell({"B": 1})}
    if choices is not None:
        out["choices"] = choices
    return out


def run(document: dict[str, Any]) -> tuple[Resolution, dict[str, Any]]:
    resolution = resolve(parse_scenario(document))
    return resolution, resolution.to_dict()


def final(document: dict[str, Any]) -> dict[str, Any]:
    _, result = run(document)
    assert result["legal"], result["violations"]
    return result["final"]


def stage(result: dict[str, Any], name: str, step: int = 0) -> dict[str, Any]:
    for s in result["steps"][step]["stages"]:
        if s["stage"] == name:
            return s
    raise KeyError(name)


def notes(result: dict[str, Any], name: str, step: int = 0) -> str:
    return "\n".join(stage(result, name, step)["notes"])
