"""The catalogue cards a question names, so its page can show each card's text (issue 24, item 3).

A judge answers with the cards' text in front of them; the exam's prompt no longer says which ability
decides (:mod:`tutor.study.prompts`), so each card named in the prompt (《…》) or sitting on the board
shows its verified Japanese text, or our labelled explanation, or 「未確認」, and the English Oracle
(``templates/study/_card_texts.html``, one ``<details>`` a card). Read from the catalogue as the card
pages read it; one query for every question of a page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from tutor.models import Card

CARDS_SHOWN: Final = 12
"""Most cards listed with one question (a board of the study area holds far fewer)."""

_NAMED = re.compile(r"《([^《》\n]{1,60})》")


def _names(prompt: str, scenario: Mapping[str, Any]) -> list[str]:
    """Names in the order a learner meets them: the prompt's 《…》, then the board's objects."""
    names = _NAMED.findall(prompt or "")
    event = scenario.get("event") or {}
    source = event.get("source")
    objects: list[Any] = [*(scenario.get("permanents") or []), *(scenario.get("effects") or [])]
    if isinstance(source, Mapping):
        objects.append(source)
    for thing in objects:
        name = thing.get("name") if isinstance(thing, Mapping) else None
        if isinstance(name, str):
            names.append(name.strip("《》"))
    return list(dict.fromkeys(names))


def question_cards(questions: Iterable[tuple[str, Mapping[str, Any]]]) -> list[list[Card]]:
    """For each ``(prompt, scenario)``, the catalogue cards it names, first named first."""
    wanted = [_names(prompt, scenario)[: 4 * CARDS_SHOWN] for prompt, scenario in questions]
    everything = {name for names in wanted for name in names}
    by_name = {card.ja_name: card for card in Card.objects.exclude(slug=None).filter(ja_name__in=everything)}
    return [[by_name[n] for n in names if n in by_name][:CARDS_SHOWN] for names in wanted]
