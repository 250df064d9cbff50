"""「よくある質問」 on the home page: the damage questions new players ask most, each answered by a
curated real-card board (``fixtures/curated_sources/s30_faq.json``) opened at the stage that shows the
answer, with the answer in one line."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse


@dataclass(frozen=True)
class Question:
    question: str
    slug: str
    """The curated board that answers it."""
    stage: int
    """The stage (from 1, as ``?stage=`` counts) that shows the answer."""
    answer: str

    @property
    def url(self) -> str:
        return f"{reverse('board:scenario', args=[self.slug])}?stage={self.stage}#play"


QUESTIONS = (
    Question(
        "トランプルのクリーチャーが2体にブロックされたら、プレイヤーにダメージは通りますか?",
        "crfaq-trample2",
        1,
        "通ります。ブロックした2体のそれぞれに致死ダメージを割り振れば、残りをプレイヤーに割り振れます(702.19b)。",
    ),
    Question(
        "接死とトランプルを両方持っていたら、どう割り振れますか?",
        "crfaq-dt-trample",
        1,
        "接死があれば1点で致死ダメージになるので、ブロック・クリーチャーに1点ずつ割り振り、残りはプレイヤーへ割り振れます(702.2c)。",
    ),
    Question(
        "先制攻撃を持つクリーチャーは、いつダメージを与えますか?",
        "crfaq-first",
        7,
        "ほかのクリーチャーより先に、1つ目の戦闘ダメージ・ステップで与えます。そこで倒れたクリーチャーは、2つ目のステップでダメージを与えられません(510.4)。",
    ),
    Question(
        "絆魂のクリーチャーがブロックされても、ライフは得られますか?",
        "crfaq-lifelink",
        4,
        "得られます。絆魂はクリーチャーに与えたダメージでも働き、与えた点数だけライフを得ます(120.3f)。",
    ),
    Question(
        "プレインズウォーカーがダメージを受けると、どうなりますか?",
        "crfaq-pw",
        4,
        "受けたダメージの数だけ忠誠カウンターが取り除かれます。コントローラーのライフは減りません(120.3c)。",
    ),
    Question(
        "ダメージを軽減する「盾」は、どう働きますか?",
        "crfaq-shield",
        4,
        "軽減されたダメージは与えられず、ライフも減りません。盾は軽減した分だけ使われます(615.6)。",
    ),
    Question(
        "破壊不能のクリーチャーが致死ダメージを受けたら、どうなりますか?",
        "crfaq-indestr",
        7,
        "ダメージは負いますが、破壊されずに戦場に残ります(702.12b)。",
    ),
    Question(
        "再生したクリーチャーは、どうなりますか?",
        "crfaq-regen",
        7,
        "破壊される代わりに、ダメージがすべて取り除かれてタップされ、戦場に残ります(701.19a)。",
    ),
    Question(
        "感染のダメージは、プレイヤーにどう効きますか?",
        "crfaq-infect",
        4,
        "ライフは減らず、ダメージの数だけ毒カウンターが置かれます(120.3b)。毒カウンターが10個以上になると敗北します(704.5c)。",
    ),
    Question(
        "ダメージを受けたクリーチャーは、いつ死にますか?",
        "crfaq-dies",
        6,
        "ダメージが与えられた直後の状況起因処理で、致死ダメージを負っていれば破壊されます(704.5g)。",
    ),
)
