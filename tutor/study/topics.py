"""Study topics (by CR paragraph and by keyword), levels, and links into the CR reader.

Pure Python: no Django, no engine. A topic is what a learner picks on ``/study/``; every
question template names the topics it trains (:mod:`tutor.study.generators`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

INTRO: Final = "intro"
L1: Final = "l1"
L2: Final = "l2"

LEVELS: Final = (INTRO, L1, L2)
LEVEL_LABELS: Final = {INTRO: "入門", L1: "L1", L2: "L2"}
LEVEL_DESCRIPTIONS: Final = {
    INTRO: "はじめてダメージのルールを学ぶプレイヤー向け。1つの発生源と少ない数値。",
    L1: "レベル1ジャッジ候補向け。キーワード能力や軽減の盾が組み合わさります。",
    L2: "レベル2ジャッジ候補向け。効果の順番、盾の割り振り、複数の能力が同時に働く局面。",
}


@dataclass(frozen=True, slots=True)
class Topic:
    """One thing to practise: a CR paragraph (``group == "rule"``) or a keyword (``"keyword"``)."""

    slug: str
    label: str
    group: str
    rules: tuple[str, ...]
    summary: str

    @property
    def title(self) -> str:
        return f"{self.slug} {self.label}" if self.group == "rule" else self.label


TOPICS: Final[tuple[Topic, ...]] = (
    Topic(
        "120.3",
        "ダメージの結果",
        "rule",
        ("120.3",),
        "ダメージがライフの喪失、毒カウンター、-1/-1カウンター、忠誠カウンターや守備カウンターの除去、ライフの獲得になります。",
    ),
    Topic(
        "120.4",
        "ダメージの4つの手順",
        "rule",
        ("120.4",),
        "余剰の移し替え (a)、置換・軽減 (b)、結果への変換 (c)、発生 (d) の順に処理します。ダメージで誘発する能力は (b) で誘発します。",
    ),
    Topic(
        "120.8",
        "0点のダメージ",
        "rule",
        ("120.8",),
        "0点のダメージはダメージではありません。接死も絆魂も毒性も働きません。",
    ),
    Topic(
        "120.9",
        "ダメージで誘発する能力",
        "rule",
        ("120.9", "120.10"),
        "特定の発生源が与えたダメージで誘発する能力。「その点数」はその発生源のダメージだけで、余剰のダメージは受けた後で見ます。",
    ),
    Topic(
        "510.1",
        "戦闘ダメージの割り振り",
        "rule",
        ("510.1",),
        "ブロックされたクリーチャーはブロック・クリーチャーに自由に割り振ります。割り振り順はもうありません。",
    ),
    Topic(
        "510.4",
        "先制攻撃と二段攻撃",
        "rule",
        ("510.4",),
        "先制攻撃や二段攻撃があると戦闘ダメージ・ステップが2回になります。",
    ),
    Topic(
        "615.7",
        "軽減の盾",
        "rule",
        ("615.7",),
        "「次のN点」を軽減する盾。同時に複数の発生源から受けるなら、どのダメージを軽減するかを選びます。",
    ),
    Topic(
        "615",
        "軽減効果",
        "rule",
        ("615",),
        "軽減の盾、特定の発生源や色からのダメージの軽減、プロテクション、盾カウンター、軽減できないダメージ。",
    ),
    Topic(
        "616.1",
        "置換・軽減効果の順番",
        "rule",
        ("616.1",),
        "影響を受けるオブジェクトのコントローラー（またはプレイヤー）が適用する順番を選びます。",
    ),
    Topic(
        "702.19b",
        "トランプルの割り振り",
        "rule",
        ("702.19b",),
        "すべてのブロック・クリーチャーに致死ダメージを割り振ってから、残りをプレイヤーなどに割り振れます。",
    ),
    Topic(
        "704.5",
        "状況起因処理",
        "rule",
        ("704.5",),
        "致死ダメージ、接死、タフネス0以下、忠誠度0、守備値0（誘発した能力を待つ包囲戦は除く）、ライフ0、毒カウンター10個。",
    ),
    # issue 24: the judge questions' declarations (tutor.study.judge_questions)
    Topic(
        "509.1",
        "ブロックの宣言",
        "rule",
        ("509.1", "702.9", "702.111", "702.3", "702.16"),
        "ブロックできるかは宣言のときに決まります。飛行と到達、威迫、防衛、ブロックの制限、プロテクション、追加のブロック。",
    ),
    Topic(
        "601.2c",
        "対象の選択",
        "rule",
        ("601.2c", "115", "702.11", "702.18", "702.21"),
        "対象は唱えるときに選びます。呪禁、被覆、プロテクションを持つものは選べないことがあり、護法は対象にできるが誘発します。",
    ),
    Topic(
        "infect",
        "感染",
        "keyword",
        ("702.90",),
        "プレイヤーには毒カウンター、クリーチャーには-1/-1カウンター。ライフは減りません。",
    ),
    Topic(
        "lifelink",
        "絆魂",
        "keyword",
        ("702.15",),
        "与えたダメージの分だけコントローラーがライフを得ます。軽減されたダメージでは得られません。",
    ),
    Topic(
        "deathtouch",
        "接死",
        "keyword",
        ("702.2",),
        "1点でもダメージを受けたクリーチャーは破壊されます。トランプルでは1点が致死ダメージです。",
    ),
    Topic(
        "trample",
        "トランプル",
        "keyword",
        ("702.19",),
        "致死ダメージを超える分をプレイヤーやプレインズウォーカーやバトルに割り振れます。",
    ),
    Topic(
        "toxic",
        "毒性",
        "keyword",
        ("702.164",),
        "プレイヤーに戦闘ダメージを与えると、毒性の値だけ毒カウンターも置かれます。",
    ),
    Topic(
        "wither",
        "萎縮",
        "keyword",
        ("702.80",),
        "クリーチャーへのダメージはダメージとして負わず、-1/-1カウンターになります。",
    ),
    Topic(
        "battle",
        "バトル",
        "keyword",
        ("310",),
        "バトルへのダメージは守備カウンターを取り除きます。倒された包囲戦は誘発した能力が解決するまで戦場に残り、追放されます。",
    ),
    Topic(
        "planeswalker",
        "プレインズウォーカー",
        "keyword",
        ("306",),
        "プレインズウォーカーへのダメージは忠誠カウンターを取り除きます。忠誠度0で墓地へ。",
    ),
)

TOPICS_BY_SLUG: Final = {topic.slug: topic for topic in TOPICS}
