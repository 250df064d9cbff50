"""The Japanese sentence the board shows for each new effect kind, and what is left of it (issue 11)."""

import pytest

from tutor.results.effects import effect_describe, effect_left, effects_present
from tutor.results.names import Names

NAMES = Names(
    {
        "players": [{"id": "A", "name": "あなた"}, {"id": "B", "name": "対戦相手"}],
        "permanents": [{"id": "bear", "name": "灰色熊"}, {"id": "giant", "name": "矢来の巨人"}],
    }
)


@pytest.mark.parametrize(
    ("effect", "sentence"),
    [
        (
            {"type": "assign_by_toughness"},
            "各クリーチャーは、パワーではなくタフネスに等しい戦闘ダメージを割り振ります。",
        ),
        (
            {"type": "redirect_damage", "from": "A", "to": "bear"},
            "あなたに与えられるダメージは、代わりに灰色熊に与えられます。",
        ),
        (
            {"type": "redirect_damage", "from": "A", "to": "giant", "and_permanents": True},
            "あなたか、そのプレイヤーがコントロールしている他のパーマネントに与えられるダメージは、代わりに矢来の巨人に与えられます。",
        ),
        (
            {"type": "prevent_and", "to": "bear", "amount": 3, "then": "plus_counters"},
            "このターン、灰色熊が次に受ける3点のダメージを軽減し、軽減した1点につき+1/+1カウンターを置きます。",
        ),
        (
            {
                "type": "damage_plus",
                "amount": 2,
                "from_controller": "A",
                "source_color": "red",
                "to_opponents": True,
            },
            "あなたがコントロールしている赤の発生源が対戦相手か対戦相手がコントロールしているパーマネントにダメージを"
            "与えるなら、代わりにその点数に2を足したダメージを与えます。",
        ),
        (
            {"type": "damage_multiplier", "factor": 2, "to_opponents_of": "A"},
            "発生源があなたの対戦相手かそのパーマネントにダメージを与えるなら、代わりにその2倍のダメージを与えます。",
        ),
        (
            {"type": "life_cant_change", "player": "B"},
            "対戦相手のライフの総量は変化しません(ライフを得ることも失うこともありません)。",
        ),
        ({"type": "cant_be_regenerated"}, "パーマネントは再生できません。"),
        (
            {"type": "regenerate", "on": "bear", "static": True},
            "灰色熊が破壊されるなら、そのたびに代わりに再生します(常在型、701.19b)。",
        ),
        (
            {
                "type": "life_floor",
                "player": "A",
                "floor": 1,
                "condition": {"controls": {"subtype": "Angel"}, "at_least": 1},
            },
            "あなたが天使をコントロールしているなら、そのライフの総量を1点未満にするダメージは、代わりにライフの総量を1点にします。",
        ),
        (  # a creature type is named in Japanese (《圧倒する防衛者》: "a Cleric creature you control")
            {"type": "prevent_static", "amount": 1, "to_filter": {"controller": "B", "subtype": "Cleric"}},
            "発生源1つが対戦相手がコントロールしているクレリックにダメージを与えるなら、そのダメージ1点を軽減します(常在型)。",
        ),
    ],
)
def test_the_sentence_of_each_new_kind(effect, sentence):
    assert effect_describe(effect, NAMES) == sentence


def test_what_is_left_of_the_new_one_shot_effects():
    """Harm's Way keeps its points like a 615.7 shield; a regeneration shield is used once (701.19a)."""
    harm = {"type": "redirect_damage", "from": "A", "to": "bear", "amount": 2}
    assert effect_left(harm, None) == "残り2点"
    assert effect_left(harm, {**harm, "amount": 0, "used": True}) == "使い切った"
    shield = {"type": "regenerate", "on": "bear"}
    assert effect_left(shield, {**shield, "used": True}) == "使用済み"
    assert effect_left({"type": "regenerate", "on": "bear", "static": True}, None) == "継続中"


def test_the_effects_table_links_the_new_paragraphs():
    document = {
        "players": [{"id": "A"}],
        "permanents": [],
        "effects": [
            {"type": "redirect_damage", "from": "A", "to": "A"},
            {"type": "no_loss_for_life", "player": "A"},
        ],
    }
    redirect, unlife = effects_present(document)
    assert [r["number"] for r in redirect["rules"]] == ["614.9"]
    assert [r["number"] for r in unlife["rules"]] == ["704.5a"]
    assert redirect["kind_label"] == "ダメージの移し替え(置換効果)"
