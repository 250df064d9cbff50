"""The sentences the board writes about a board are in です・ます style: the declared event's lines, each
effect's sentence, the 2007 window's actions and what each triggered ability does. Clauses inside a
sentence stay plain (「…を攻撃し、…」), as do quoted card text in 「」 and the citations in parentheses."""

import re

import pytest

from rules_core import resolve_document
from rules_core.model.ja import PREVENT_THEN_JA
from tutor.board.curated import CURATED
from tutor.board.era_compare import era_summary
from tutor.results.effects import effect_describe, effects_present
from tutor.results.event import event_describe
from tutor.results.names import Names
from tutor.results.triggers import SIEGE_DEFEATED, trigger_view, triggers_by_id

POLITE_ENDINGS = ("です", "ます", "ません", "でした", "ました", "ませんでした")


def plain_sentences(text: str) -> list[str]:
    """The sentences of ``text`` that do not end in です・ます (quoted text and parentheses taken out).

    >>> plain_sentences("灰色熊は破壊されます(701.8a)。ブロックされなかった。")
    ['ブロックされなかった。']
    >>> plain_sentences("《恐怖》: 灰色熊を破壊する")
    ['《恐怖》: 灰色熊を破壊する']
    """
    bare = re.sub(r"「[^」]*」", "「」", text)
    bare = re.sub(r"\([^()]*\)|（[^（）]*）", "", bare)
    sentences = [s.strip() for s in re.split(r"(?<=。)", bare) if s.strip()]
    return [s for s in sentences if not s.rstrip("。").endswith(POLITE_ENDINGS)]


def _board_texts(document: dict) -> list[str]:
    """Every sentence the board and its result write about ``document`` that this style covers."""
    texts = list(event_describe(document))
    texts += [e["text"] for e in effects_present(document)]
    texts += [line for line in era_summary(document)["lines"] if "スタックにある間の行動" in line]
    if any(p.get("triggers") for p in document.get("permanents", [])):
        result = resolve_document(document)
        texts += [t["does"] for t in triggers_by_id(result, document, Names(document)).values()]
    return texts


def test_every_curated_boards_lines_end_in_desu_masu():
    """Event lines (「…にブロックされました。」), effects (「…追放します(700.4)。」), the 2007 window's actions and
    the abilities' effects, on each of the curated boards: none ends in a plain form."""
    problems = {}
    checked = 0
    for item in CURATED:
        for text in _board_texts(item.document):
            checked += 1
            if plain_sentences(text):
                problems.setdefault(item.slug, []).append(text)
    assert checked > 300
    assert problems == {}


NAMES = {
    "players": [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}],
    "permanents": [
        {"id": "bear", "name": "灰色熊", "controller": "A"},
        {"id": "wurm", "name": "大喰らいのワーム", "controller": "B"},
        {
            "id": "mate",
            "name": "アジャニの群れ仲間",
            "controller": "A",
            "triggers": [
                {"when": "gain_life", "effect": {"type": "counters", "amount": 1}},
                {"when": "gain_life", "effect": {"type": "lose_life", "player": "each_opponent"}},
            ],
        },
    ],
}
BETWEEN = [
    {"type": "pump", "creature": "bear", "power": 3, "toughness": 3, "name": "《巨大化》"},
    {"type": "gain_keyword", "creature": "bear", "keyword": "first_strike"},
    {"type": "lose_keyword", "creature": "bear", "keyword": "first_strike"},
    {"type": "enter_attacking", "creature": "bear", "defender": "B"},
    {"type": "enter_blocking", "creature": "wurm", "blocking": "bear"},
    {"type": "ninjutsu", "creature": "bear", "returned": "wurm"},
    {"type": "damage", "source": {"name": "《ショック》"}, "damage": [{"to": "bear", "amount": 2}]},
    {"type": "remove_from_combat", "creature": "bear"},
    {"type": "destroy", "creature": "bear"},
    {"type": "return_to_hand", "creature": "bear"},
]
EVENTS = [
    {
        "type": "noncombat",
        "source": {"name": "《稲妻》"},
        "targets": ["bear"],
        "damage": [{"to": "bear", "amount": 3}, {"to": "A", "amount": 1}],
        "ward_paid": ["bear"],
        "in_response": [
            {"type": "gain_keyword", "permanent": "bear", "keyword": "indestructible"},
            {"type": "gain_protection", "object": "bear", "from": "red"},
            *(
                {"type": "leave_battlefield", "permanent": "wurm", "zone": zone}
                for zone in ("graveyard", "exile", "hand")
            ),
        ],
        "excess_to": "A",
        "cant_be_prevented": True,
        "exile_if_dies": True,
        "delayed": {"creature": "bear", "amount": 3},
    },
    {
        "type": "combat",
        "attacks": [
            {"attacker": "bear", "defender": "B", "blockers": ["wurm"]},
            {"attacker": "wurm", "defender": "A", "blockers": [], "blocked": True},
            {"attacker": "mate", "defender": "B", "blockers": []},
        ],
        "between_steps": BETWEEN,
    },
    {
        "type": "destroy",
        "source": {"name": "《神の怒り》"},
        "targets": ["bear", "wurm"],
        "cant_be_regenerated": True,
    },
    {"type": "fight", "name": "《捕食》", "fighters": ["bear", "wurm"], "gone": ["mate"]},
    {"type": "bite", "source": "bear", "to": "wurm", "excess_to": "B", "gone": ["mate"]},
    {"type": "power_damage", "sources": ["bear", "wurm"], "to": "mate"},
]


@pytest.mark.parametrize("event", EVENTS, ids=[e["type"] for e in EVENTS])
def test_every_kind_of_event_line_ends_in_desu_masu(event):
    lines = event_describe({**NAMES, "event": event})
    assert lines
    assert [line for line in lines if plain_sentences(line)] == []


def test_the_lines_that_are_built_from_parts_end_politely_and_keep_their_plain_clauses():
    lines = event_describe({**NAMES, "event": EVENTS[1]})
    assert lines[:3] == [
        "灰色熊が対戦相手を攻撃し、大喰らいのワームにブロックされました。",
        "大喰らいのワームがあなたを攻撃し、ブロックされたが、ブロック・クリーチャーは戦闘から取り除かれました。",
        "アジャニの群れ仲間が対戦相手を攻撃し、ブロックされませんでした。",
    ]
    assert "戦闘ダメージ・ステップの間に、《巨大化》で、灰色熊は+3/+3の修整を受けます。" in lines


def test_every_2007_window_action_ends_in_desu_masu():
    actions = [
        {"type": "sacrifice", "creature": "bear", "gain_life": 2},
        {"type": "pump", "creature": "bear", "power": 3, "toughness": 3, "name": "《巨大化》"},
        {"type": "destroy", "creature": "bear"},
        {"type": "bounce", "creature": "bear"},
        {"type": "damage", "source": "bear", "to": "wurm", "amount": 2},
        {"type": "effect", "effect": {"type": "prevent_all", "name": "《濃霧》"}},
    ]
    document = {
        **NAMES,
        "era": "2007",
        "event": {"type": "combat", "attacks": [], "on_stack_actions": actions},
    }
    lines = era_summary(document)["lines"]
    assert len(lines) == len(actions)
    assert [line for line in lines if plain_sentences(line)] == []


@pytest.mark.parametrize("then", sorted(PREVENT_THEN_JA))
def test_a_prevention_with_an_additional_effect_ends_in_desu_masu(then):
    """CR 615.5: the additional effect is a plain clause in the engine and the form; the sentence ends politely."""
    for player in ({}, {"player": "A"}):
        effect = {"type": "prevent_and", "to": "bear", "amount": 3, "then": then, **player}
        assert plain_sentences(effect_describe(effect, Names(NAMES))) == []


def test_exile_instead_says_it_politely_and_keeps_the_quoted_trigger():
    """CR 700.4 (《カリタス》): 「死亡したとき」 is quoted as the card says it; the sentences end politely."""
    names = Names(NAMES)
    assert effect_describe({"type": "exile_instead", "on": ["bear"]}, names) == (
        "このターン、灰色熊が死亡するなら、代わりにそれを追放します(700.4)。"
    )
    kalitas = {
        "type": "exile_instead",
        "creatures": True,
        "nontoken": True,
        "opponents": True,
        "controller": "A",
    }
    assert effect_describe(kalitas, names) == (
        "あなたの対戦相手がコントロールするトークンでないクリーチャーが死亡するなら、代わりにそれを追放します。"
        "死亡しないので「死亡したとき」の能力は誘発しません(700.4)。"
    )


def test_what_a_triggered_ability_does_is_whole_polite_sentences():
    """Two abilities of one permanent with the same trigger: either may be the one that triggered."""
    names = Names(NAMES)
    view = trigger_view(
        {"id": "t1", "source": "mate", "when": "gain_life", "controller": "A", "amount": 2}, NAMES, names
    )
    assert (
        view["does"]
        == "このパーマネントに+1/+1カウンターを1個置きます。または、各対戦相手は1点のライフを失います。"
    )
    siege = trigger_view(
        {"id": "t2", "source": "bear", "when": SIEGE_DEFEATED, "controller": "A"}, NAMES, names
    )
    assert siege["does"].startswith("これを追放します。") and siege["does"].endswith("唱えてもかまいません。")
    assert plain_sentences(view["does"]) == plain_sentences(siege["does"]) == []
