"""CR 122.1c, 615: the prevention half of shield counters.

Shield counters (CR 122.1c): however many a permanent has, they make **one** prevention effect
("if damage would be dealt to this permanent, prevent that damage and remove a shield counter from
it") and **one** replacement effect ("if this permanent would be destroyed as the result of an
effect, instead remove a shield counter from it"). The prevention effect takes part in stage 120.4b
like any other (616.1: the controller orders it; ``"shield_counter"`` in ``replacement_order``);
against damage that can't be prevented it prevents nothing but the counter is still removed
(615.12; ruling 2022-04-29). State-based actions are not effects (701.8b), so lethal damage or
deathtouch damage that was dealt still destroys the permanent (704.5g, 704.5h; ruling 2022-04-29).

The replacement half, with regeneration (CR 614.8, 701.19), replaces destruction, which the
state-based actions need under this layer: :mod:`rules_core.sba.guard`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model.hits import Hit
from ..model.state import GameState
from ..model.text import source_name, who
from ..sba.guard import SHIELD_COUNTER, SHIELD_LABEL

__all__ = ["SHIELD_COUNTER", "SHIELD_LABEL", "prevent_with_shield_counter"]


def prevent_with_shield_counter(
    state: GameState,
    recipient: str,
    rhits: list[Hit],
    record: Callable[[Hit, int, int], None],
    notes: list[str],
    rules: list[str],
    removed: list[str],
) -> None:
    """CR 122.1c, 615: the shield counters' prevention effect on all the damage ``recipient`` would be dealt.

    One application covers every source's damage dealt at the same time and removes one counter
    (ruling 2022-04-29). Unpreventable damage is dealt, but the counter is still removed (615.12;
    ruling 2022-04-29). ``record(hit, before, after)`` notes a prevention; ``removed`` collects the
    permanents that lose a counter.
    """
    live = [h for h in rhits if h.amount > 0]
    if not live:
        return  # CR 616.1f: all of it was already prevented, so this effect no longer applies.
    to_name = who(state, recipient)
    prevented = 0
    for hit in live:
        if hit.unpreventable:
            notes.append(
                f"{to_name}の盾カウンターの軽減効果は{source_name(state, hit.source)}からのダメージにも適用されるが、"
                "軽減できないダメージなので何も軽減しません。それでも盾カウンターは取り除かれます (615.12, 122.1c)。"
            )
            _add(rules, "615.12")
            continue
        before = hit.amount
        hit.amount = 0
        hit.prevented += before
        prevented += before
        record(hit, before, 0)
    count = state.permanent(recipient).shield_counters
    if prevented:
        what = (
            f"複数の発生源から同時に与えられるダメージ合計{prevented}点"
            if len(live) > 1
            else f"{source_name(state, live[0].source)}からの{prevented}点のダメージ"
        )
        notes.append(f"{to_name}の盾カウンターにより、{what}がすべて軽減されます (122.1c, 615.1)。")
    many = f"盾カウンターは{count}個あるが、効果は1つなので" if count > 1 else ""
    notes.append(f"{many}{to_name}から盾カウンターを1個取り除きます (122.1c)。")
    _add(rules, "122.1c")
    removed.append(recipient)


def _add(rules: list[str], rule: str) -> None:
    if rule not in rules:
        rules.append(rule)
