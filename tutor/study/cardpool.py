"""The card catalogue as the question templates see it: read once, by slug, no database.

The study questions name real cards, so they need each card's Japanese name and its engine encoding
(``Card.engine``, the same fragment the board places). They read the shipped catalogue
``fixtures/cards.json`` — the file ``manage.py load_content`` loads — once per process, and never the
database: a question must be the same for the same template, seed and level (that is how the review
queue and the tests rebuild it), whatever an editor changes in the admin later, and generating
thousands of questions must not cost a query each.

Pure Python: no Django, no engine import.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from rules_core.model.block_types import BlockerFilter
from rules_core.model.evasion import filters_ja
from rules_core.model.ja import COLOR_JA, KEYWORD_JA

CARDS_FILE: Final = Path(__file__).resolve().parents[2] / "fixtures" / "cards.json"
_SWAP: Final = {"A": "B", "B": "A"}


class UnknownCard(KeyError):
    """A template names a slug that is not in the catalogue (a test walks every slug used)."""


@dataclass(frozen=True)
class CardFacts:
    """What a template needs from one catalogue card."""

    slug: str
    ja_name: str
    engine: dict[str, Any]

    @property
    def label(self) -> str:
        """《稲妻》: how prompts name the card."""
        return f"《{self.ja_name}》"

    def permanent(self, pid: str, controller: str, **changes: Any) -> dict[str, Any]:
        """The card as a permanent of ``controller`` with id ``pid`` (its encoding's ``card`` object)."""
        found = next((p for p in self.engine.get("permanents", []) if p.get("id") == "card"), None)
        if found is None:
            raise UnknownCard(f"{self.slug} is not a permanent card")
        doc: dict[str, Any] = copy.deepcopy(found)
        doc.update(id=pid, controller=controller, name=self.ja_name)
        if controller == "B":  # encodings are written for A against B (as the board places them)
            for trigger in doc.get("triggers", []):
                effect = trigger.get("effect", {})
                for key in ("to", "player"):
                    if effect.get(key) in _SWAP:
                        effect[key] = _SWAP[effect[key]]
        doc.update(changes)
        return doc

    def effect(self, index: int = 0, **changes: Any) -> dict[str, Any]:
        """The ``index``-th effect of the card's encoding, with ``changes`` (ids of the question's board)."""
        effects = self.engine.get("effects", [])
        if index >= len(effects):
            raise UnknownCard(f"{self.slug} has no effect {index}")
        doc: dict[str, Any] = copy.deepcopy(effects[index])
        doc.update(changes)
        return doc

    def spell_source(self, controller: str) -> dict[str, Any]:
        """The card as the inline source of a non-combat event (its encoding's event source)."""
        event = self.engine.get("event") or {}
        source = event.get("source")
        if not isinstance(source, dict):
            raise UnknownCard(f"{self.slug} has no spell source")
        doc: dict[str, Any] = copy.deepcopy(source)
        doc.update(controller=controller, name=self.label)
        return doc


@lru_cache(maxsize=1)
def _catalogue() -> dict[str, CardFacts]:
    rows = json.loads(CARDS_FILE.read_text(encoding="utf-8"))
    cards: dict[str, CardFacts] = {}
    for row in rows:
        fields = row.get("fields", {})
        if row.get("model") != "tutor.card" or not fields.get("ja_name") or not fields.get("engine"):
            continue  # a card without a verified Japanese name is never shown
        cards[fields["slug"]] = CardFacts(fields["slug"], fields["ja_name"], fields["engine"])
    return cards


def card(slug: str) -> CardFacts:
    """The catalogue card ``slug``."""
    found = _catalogue().get(slug)
    if found is None:
        raise UnknownCard(slug)
    return found


@lru_cache(maxsize=1)
def card_names() -> frozenset[str]:
    """Every catalogue card's Japanese name (to recognise real cards in a prompt)."""
    return frozenset(c.ja_name for c in _catalogue().values())


def named(name: str) -> str:
    """A catalogue card's name as learners read it, in 《》 (「《灰色熊》」); any other name as it is (「熊」)."""
    return f"《{name}》" if name in card_names() else name


def shown(scenario: dict[str, Any]) -> dict[str, Any]:
    """``scenario`` as a learner reads it: each catalogue card on it named in 《》 (「《灰色熊》」), as the
    board names the cards its picker places, so that the drawing, the stages and the answer say
    「《灰色熊》が負うダメージ」. The templates work with the plain name; a built question stores this."""
    names = card_names()
    if not any(p.get("name") in names for p in scenario.get("permanents", [])):
        return scenario
    return {
        **scenario,
        "permanents": [
            {**p, "name": named(p["name"])} if "name" in p else p for p in scenario.get("permanents", [])
        ],
    }


def permanent(slug: str, pid: str, controller: str, **changes: Any) -> dict[str, Any]:
    """The catalogue card ``slug`` as a permanent of a question's board (:meth:`CardFacts.permanent`)."""
    return card(slug).permanent(pid, controller, **changes)


def draw(
    rng: random.Random,
    pool: Sequence[str],
    pid: str,
    controller: str,
    taken: set[str],
    fits: Callable[[dict[str, Any]], bool] = lambda doc: True,
) -> dict[str, Any]:
    """A card of ``pool`` that ``fits``, as a permanent, other than the cards ``taken`` (two of a name on one
    board would read the same in a prompt); its name joins ``taken``."""
    fitting = [s for s in pool if card(s).ja_name not in taken and fits(permanent(s, pid, controller))]
    if not fitting:
        raise ValueError(f"no card of {pool} fits")
    doc = permanent(rng.choice(fitting), pid, controller)
    taken.add(doc["name"])
    return doc


def pump(doc: dict[str, Any], plus: int) -> int:
    """``plus`` +1/+1 counters on ``doc`` (put there in earlier turns), which varies a question's numbers;
    its power with them."""
    if plus:
        doc["counters"] = {"+1/+1": plus}
    return power_of(doc)


COLLARED: Final = "《バジリスクの首輪》を装備した"
"""How a prompt says that a creature carries 《バジリスクの首輪》 (:func:`equip_collar`)."""


def equip_collar(doc: dict[str, Any]) -> None:
    """``doc`` equipped with 《バジリスクの首輪》: deathtouch and lifelink, which no catalogue trampler has
    of its own (the equipment is told in the prompt, not placed on the board)."""
    doc["keywords"] = sorted({*doc.get("keywords", []), "deathtouch", "lifelink"})


def _counters_net(doc: dict[str, Any]) -> int:
    counters = doc.get("counters") or {}
    net: int = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
    return net


def power_of(doc: dict[str, Any]) -> int:
    """A creature's power with its +1/+1 and -1/-1 counters (CR 122.1a)."""
    power: int = doc["power"] + _counters_net(doc)
    return power


def toughness_of(doc: dict[str, Any]) -> int:
    """A creature's toughness with its +1/+1 and -1/-1 counters (CR 122.1a)."""
    toughness: int = doc["toughness"] + _counters_net(doc)
    return toughness


def stats(doc: dict[str, Any]) -> str:
    """``《吸血鬼の夜鷲》（2/3、接死、絆魂）``: a permanent of a question's board as the prompt shows it."""
    extras: list[str] = []
    counters = doc.get("counters") or {}
    if "creature" in doc.get("types", []):
        extras.append(f"{power_of(doc)}/{toughness_of(doc)}")
    if "planeswalker" in doc.get("types", []):
        extras.append(f"忠誠度{doc['loyalty']}")
    if "battle" in doc.get("types", []):
        extras.append(f"守備値{doc['defense']}")
    extras += [KEYWORD_JA[k] for k in doc.get("keywords", [])]
    if doc.get("toxic"):
        extras.append(f"毒性{doc['toxic']}")
    for quality in doc.get("protection", []):
        if isinstance(quality, str) and quality in COLOR_JA:
            extras.append(f"プロテクション（{COLOR_JA[quality]}）")
        elif quality == "everything":
            extras.append("プロテクション（すべて）")
    if doc.get("cant_be_blocked"):
        extras.append("ブロックされない")
    if doc.get("cant_be_blocked_by"):
        extras.append(
            f"{filters_ja([BlockerFilter(**f) for f in doc['cant_be_blocked_by']])}にはブロックされない"
        )
    if doc.get("cant_block"):
        extras.append("ブロックできない")
    if counters.get("shield"):
        extras.append(f"盾カウンター{counters['shield']}個")
    if counters.get("+1/+1"):
        extras.append(f"+1/+1カウンター{counters['+1/+1']}個")
    if counters.get("-1/-1"):
        extras.append(f"-1/-1カウンター{counters['-1/-1']}個")
    if doc.get("damage"):
        extras.append(f"ダメージ{doc['damage']}点を負っている")
    name = doc.get("name", doc["id"])
    label = name if name.endswith("トークン") else f"《{name}》"
    return f"{label}（{'、'.join(extras)}）" if extras else label
