"""Property: whatever is posted, the trigger form either refuses it on a named field or yields a
triggered ability the engine accepts (docs/scenario-format.md § 8.1) — the form and the engine agree."""

from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules_core import parse_scenario
from rules_core.model.trigger_types import (
    COUNTER_KINDS,
    DAMAGE_KINDS,
    EFFECT_KINDS,
    RECIPIENT_KINDS,
    WATCH,
    WHEN,
)
from tutor.board.documents import STARTER_DOCUMENT, permanent_put
from tutor.board.event_documents import trigger_add
from tutor.board.forms.triggers import TriggerForm

DOCUMENT = permanent_put(
    document=STARTER_DOCUMENT,
    data={"name": "熊", "controller": "A", "types": ["creature"], "power": 2, "toughness": 2},
)
TARGETS = ["controller", "each_opponent", "self", "A", "B", "c1", "zz"]


def _maybe(values):
    return st.one_of(st.just(""), st.sampled_from(list(values)))


@settings(max_examples=300, deadline=None)
@given(
    when=_maybe(WHEN),
    damage=_maybe(DAMAGE_KINDS),
    recipient=_maybe(RECIPIENT_KINDS),
    watch=_maybe(WATCH),
    effect=_maybe(EFFECT_KINDS),
    amount=st.one_of(st.just(""), st.integers(-5, 2_000_000).map(str)),
    that_much=st.booleans(),
    target=_maybe(TARGETS),
    kind=_maybe(COUNTER_KINDS),
)
@example(  # 《アジャニの群れ仲間》: valid, so the property's second half surely runs
    when="gain_life",
    damage="",
    recipient="",
    watch="",
    effect="counters",
    amount="1",
    that_much=False,
    target="self",
    kind="+1/+1",
)
@example(  # 《ボロスの反攻者》: "that much damage" to a player
    when="dealt_damage",
    damage="",
    recipient="",
    watch="",
    effect="damage",
    amount="",
    that_much=True,
    target="A",
    kind="",
)
def test_a_valid_trigger_form_always_makes_a_board_the_engine_accepts(**posted):
    data = {k: v for k, v in posted.items() if v not in ("", False)}
    data["permanent"] = "c1"
    if posted["that_much"]:
        data["that_much"] = "on"
    form = TriggerForm(data, document=DOCUMENT)
    if not form.is_valid():
        assert form.errors  # refused, on fields of the form (or the form as a whole)
        assert all(name == "__all__" or name in form.fields for name in form.errors)
        return
    trigger = form.to_trigger()
    parsed = parse_scenario(trigger_add(document=DOCUMENT, permanent_id="c1", trigger=trigger))
    (stored,) = parsed.to_dict()["permanents"][0]["triggers"]
    assert stored["when"] == trigger["when"]
    assert stored["effect"]["type"] == trigger["effect"]["type"]
    assert stored["effect"]["amount"] == trigger["effect"]["amount"]
