"""Our own notes beside CR paragraphs, and the glossary entries we add ourselves.

Everything here is written for this tutor, in our own words: the seeds (a wiki article and a
2007 blog post) told us *what* to explain, never the sentences. ``import_cr`` writes these into
``fixtures/notes.json`` and ``fixtures/glossary.json``; content editors then work in the admin.
"""

# Sources as a learner reads them: what each document is, never where the repository keeps it.
WIKI = "MTG Wiki の記事「ダメージ」の要点を、このチューターの言葉でまとめたもの"
BLOG_2007 = "2007年のブログ記事「戦闘ダメージステップ」（当時のルール）をもとに、このチューターがまとめたもの"
CR_EN_GLOSSARY = "英語版総合ルール（2026-06-19）の用語集「Damage Assignment Order (Obsolete)」と、2007年のブログ記事「戦闘ダメージステップ」"
CR_VERSIONS = "日本語訳（2026-01-16）と英語版（2026-06-19）の総合ルールの比較"
EARLIER_120 = "CR 120 の以前の日本語訳と、現行の日本語訳（2026-01-16）の比較"

NOTES: list[dict[str, str]] = [
    {
        "paragraph_number": "120",
        "kind": "explanation",
        "title": "以前の版（旧版）について",
        "body": (
            "このチューターは、CR 120 の以前の日本語訳（2026年1月より前のもの）も比べられるように残しています。"
            "正確な日付がわからないため、「以前の版（旧版）」と呼びます。"
            "バトル（rule 120.1、rule 120.3h）と毒性（rule 120.3g）の記述がなく、再生を今とは違う番号で参照しているので、"
            "それらが加わる前の版です。現行版（2026-01-16）との違いは「旧版との違い」のページで語ごとに確かめられます。"
        ),
        "source": EARLIER_120,
    },
    {
        "paragraph_number": "120.3a",
        "kind": "misconception",
        "title": "ライフを失う・支払うことはダメージではない",
        "body": (
            "ダメージの結果としてライフが減ることはあります（この条文）が、逆は成り立ちません。"
            "「ライフを失う」「ライフを支払う」はダメージではないので、軽減効果で防ぐことも、"
            "ダメージを対象にした置換効果で変えることもできません。感染や絆魂のようなダメージに関する能力も関係しません。"
        ),
        "source": WIKI,
    },
    {
        "paragraph_number": "120.4c",
        "kind": "explanation",
        "title": "手順3で働く効果",
        "body": (
            "手順3で、受けたダメージは「ライフを失う」「カウンターが置かれる」「（絆魂で）ライフを得る」といった結果に変わり、"
            "その結果に関わる置換効果がここで適用されます。rule 120.4d の下の1つ目の例では、絆魂で得るライフが"
            "《加護の反射》によって2倍になっています。MTG Wiki の記事は、この手順に関わるカードとして《硫黄の渦》と"
            "《破れ翼トビ》を挙げています。"
        ),
        "source": WIKI,
    },
    {
        "paragraph_number": "120.6",
        "kind": "explanation",
        "title": "ダメージはタフネスを下げない",
        "body": (
            "ダメージを負ってもタフネスは変わりません。2/2の《灰色熊》に1点のダメージを与えても1/1にはならず、"
            "「1点のダメージを負っている2/2」のままです。負っているダメージの合計がタフネス以上になったときに、"
            "状況起因処理で破壊されます（rule 704.5g）。ダメージを負ったクリーチャーのタフネスを上げると助かるのはこのためです。"
        ),
        "source": WIKI,
    },
    {
        "paragraph_number": "120.6",
        "kind": "explanation",
        "title": "クリーチャーでなくなってもダメージは残る",
        "body": (
            "負ったダメージはクリンナップ・ステップまで残ります。一時的にクリーチャーでなくなったパーマネントは"
            "ダメージでは破壊されませんが、同じターンのうちに再びクリーチャーになり、残っているダメージがタフネス以上なら、"
            "状況起因処理で破壊されます。"
        ),
        "source": WIKI,
    },
    {
        "paragraph_number": "120.7",
        "kind": "misconception",
        "title": "ダメージそのものに色はない",
        "body": (
            "ダメージは色を持ちません。「赤の発生源からのダメージ」のように色を見る効果が見ているのは、"
            "ダメージを与えたオブジェクト、つまり発生源の色です。《防御円》が軽減するのも、選ばれた赤の発生源からのダメージです。"
            "その色は、ダメージを軽減しようとする時点で改めて確かめられます（rule 609.7b、rule 615.9）。"
        ),
        "source": WIKI,
    },
    {
        "paragraph_number": "120.8",
        "kind": "misconception",
        "title": "0点のダメージは「ダメージを与えた」ことにならない",
        "body": (
            "0点のダメージは、何も起きなかったのと同じです。「ダメージを与えたとき」に誘発する能力は誘発せず、"
            "絆魂でライフを得ることもありません。戦闘では、0点以下を割り振ることになるクリーチャーは、"
            "そもそも戦闘ダメージを割り振りません（rule 510.1a）。"
        ),
        "source": WIKI,
    },
    {
        "paragraph_number": "510.1c",
        "kind": "former_rule",
        "title": "ダメージ割り振り順序（2009年〜2024年）",
        "body": (
            "基本セット2010（2009年）から『ファウンデーションズ』（2024年）までのルールでは、複数のクリーチャーに"
            "ブロックされたクリーチャーのコントローラーは、ブロック・クリーチャーに「ダメージ割り振り順序」を付けました。"
            "順序の先にいるクリーチャーに致死ダメージを割り振るまで、次のクリーチャーには割り振れませんでした。"
            "現在は順序がなく、この条文の例のように自由に分けられます。英語版の用語集もこの語を「(Obsolete)」（廃止）として残しています。"
            "なお、2007年の記事の時代（2009年より前）にも順序はなく、攻撃側が好きなように割り振っていました。"
        ),
        "source": CR_EN_GLOSSARY,
        "changed_in": "2024年（『ファウンデーションズ』）に廃止",
    },
    {
        "paragraph_number": "510.2",
        "kind": "explanation",
        "title": "ダメージはスタックを使わない",
        "body": (
            "スタックに置かれるのは、ダメージを与える呪文や能力です。ダメージを与えること自体はスタックに置かれず、"
            "呪文や能力が解決したその場で与えられるので、それに対応することはできません。"
            "戦闘ダメージも同じで、割り振り（rule 510.1）も与えること（この条文）もスタックを使わないターン起因処理です。"
        ),
        "source": WIKI,
    },
    {
        "paragraph_number": "510.2",
        "kind": "former_rule",
        "title": "戦闘ダメージがスタックに置かれていた時代",
        "body": (
            "基本セット2010（2009年）のルール変更までは、戦闘ダメージの割り振りがスタックに置かれ、それが解決されて"
            "はじめてダメージが与えられました。その間にプレイヤーは優先権を得たので、たとえば《貪欲なるベイロス》は"
            "ダメージを割り振った後、解決前に自分自身を生け贄に捧げてライフを得つつ、ブロックした相手にもダメージを与えられました。"
            "《ゴブリンのそり乗り》で割り振り後にタフネスを上げて生き残る、という使い方もありました。"
            "現在は割り振りから実際にダメージを受けるまでの間に呪文や能力を使う機会がないので、こうした動きはできません。"
        ),
        "source": BLOG_2007,
        "changed_in": "2009年（基本セット2010）に廃止",
    },
    {
        "paragraph_number": "702.19b",
        "kind": "explanation",
        "title": "トランプルの割り振りを数で確かめる",
        "body": (
            "5/5のトランプルを持つクリーチャーが3/3にブロックされたら、3点をブロック・クリーチャーに割り振れば、"
            "残りの2点をプレイヤーに割り振れます（2007年の記事の例は、この点では今も成り立ちます）。"
            "致死ダメージかどうかは既に負っているダメージも考えるので、3/3が1点負っていれば2点で足ります。"
            "攻撃クリーチャーが接死を持つなら、1点で足ります（rule 702.2c）。"
        ),
        "source": BLOG_2007,
    },
    {
        "paragraph_number": "506.3d",
        "kind": "explanation",
        "title": "日本語訳とは記号が1つずれています",
        "body": (
            "この条文は英語版（2026-06-19）で加わったもので、日本語訳（2026-01-16）にはありません。"
            "そのため日本語訳では、このあとの3つの条文（ここでの 506.3e、506.3f、506.3g）が1つ前の記号（d、e、f）で書かれています。"
            "このチューターでは、日本語訳の本文も英語版の番号の位置に並べています。"
        ),
        "source": CR_VERSIONS,
    },
    {
        "paragraph_number": "509.1",
        "kind": "explanation",
        "title": "日本語訳の「731」は英語版の 733",
        "body": (
            "日本語訳（2026-01-16）が不正な処理の扱いとして参照している「731」は、英語版（2026-06-19）では"
            "番号が変わって rule 733 になっています（英語版の 731 番は昼と夜の規則です）。rule 510.1e の参照も同じです。"
        ),
        "source": CR_VERSIONS,
    },
]

# Rule numbers the board, the study mode and the engine cite (rules_core docstrings and messages,
# tutor's forms and views) that are not in the Japanese excerpt: the reader imports their English.
CITED_RULES = [
    "105.1",
    "117.5",
    "508.1",
    "508.1b",
    "603.10a",
    "701.21a",
]  # 701.21a: the 2007 window's sacrifice


# Glossary entries the excerpt does not define but the reader must link. The Japanese definitions
# are ours; the English ones come from the English CR glossary when it has the entry.
EXTRA_TERMS: list[dict[str, str]] = [
    {
        "name_ja": "忠誠カウンター",
        "reading": "ちゅうせいかうんたー",
        "name_en": "Loyalty Counter",
        "definition": (
            "プレインズウォーカーの上に置かれるカウンター。プレインズウォーカーはその忠誠度の数の忠誠カウンターが"
            "置かれた状態で戦場に出て（rule 306.5b）、戦場での忠誠度はその数に等しい（rule 306.5c）。"
            "プレインズウォーカーがダメージを受けると、その点数だけ取り除かれる（rule 120.3c）。"
        ),
        "rule": "306.5b",
    },
    {
        "name_ja": "守備カウンター",
        "reading": "しゅびかうんたー",
        "name_en": "Defense Counter",
        "definition": (
            "バトルの上に置かれるカウンター。バトルはその守備値の数の守備カウンターが置かれた状態で戦場に出て"
            "（rule 310.4b）、戦場での守備値はその数に等しい（rule 310.4c）。バトルがダメージを受けると、"
            "その点数だけ取り除かれる（rule 120.3h）。"
        ),
        "rule": "310.4b",
    },
    {
        "name_ja": "毒カウンター",
        "reading": "どくかうんたー",
        "name_en": "Poison Counter",
        "definition": (
            "プレイヤーが得るカウンター。感染を持つ発生源からのダメージ（rule 120.3b）や、毒性を持つクリーチャーの"
            "戦闘ダメージ（rule 120.3g）で与えられる。10個以上になったプレイヤーはゲームに敗北する（rule 704.5c）。"
        ),
        "rule": "120.3b",
    },
]

# Glossary entries that are not linked inside the text: they occur in nearly every sentence.
NOT_AUTOLINKED = {"ダメージ", "プレインズウォーカー"}

# The glossary entries linked inside the text: the damage rules' words (the glossary of the excerpt the
# reader started with, and ours). The whole glossary has 700 more; linking all of them would turn
# every sentence into links, so the rest are reached through the glossary, its index and search.
AUTOLINKED_TERMS = frozenset(
    {
        "萎縮", "格闘", "感染", "軽減効果", "攻撃クリーチャー", "再生", "守備値", "状況起因処理", "接死",
        "先制攻撃", "戦闘ダメージ", "戦闘ダメージ・ステップ", "「双頭巨人戦」変種ルール", "盾カウンター",
        "ダメージ", "ダメージの発生源", "置換効果", "致死ダメージ", "忠誠度", "トランプル", "毒性", "二段攻撃",
        "能力の発生源", "破壊不能", "絆魂", "バトル", "ブロック・クリーチャー", "プレインズウォーカー",
        "プレインズウォーカー越えトランプル", "プロテクション", "防御プレイヤー", "マナの発生源", "誘発型能力",
        "余剰のダメージ", "忠誠カウンター", "守備カウンター", "毒カウンター",
    }
)  # fmt: skip

# Keyword abilities (702.2 and on) link to their glossary entries wherever the text names them, as the
# damage rules' words do. These keywords' names are also other words of the rules, so they stay plain:
KEYWORDS_NOT_AUTOLINKED = {
    "エンチャント": "カード・タイプの「エンチャント」と同じ語で、本文のほとんどはタイプのほう",
    "段階": "「2段階の工程」「その段階で」のように、ふつうの語としてのほうが多い",
    "永遠": "キーワードの外では「共闘 ─ 永遠の友」の一部にしか出てこない",
}

# Cards: spellings found in the CR excerpt that must map to the entries of cards.json, and what the
# reader should say about how sure the names are (from cards/README.md).
CARD_ALIASES = {
    "エルフの再生家": ["エルフの再生<", "エルフの再生‹"],
    "マロー": ["マロ―"],
}
CARD_REMARKS = {
    "エルフの再生家": "日本語名は非公式のカードリストでしか確認できていません（未確認）。CR 510.1c の例では《エルフの再生<》と崩れた表記になっています。",
    "マロー": "CR 704.4 の例では《マロ―》（長音記号ではない文字）と書かれています。",
    "防御円": "《防御円》はサイクル全体の呼び名です。ここでは Circle of Protection: Red（赤の防御円と思われますが未確認）のデータを示します。",
    "ゴブリンのそり乗り": "英語名との対応は、資料の説明（ゴブリンを生け贄に捧げて+1/+1）と Forge のカード・データによるもので、日英両方を載せた資料は見つかっていません。",
    "黒死病": "日本語のテキストは MTG Wiki 掲載の文面です（WHISPER の文面で、現在の日本語オラクルより古い可能性があります）。",
    "輝く群れ": "日本語のテキストは MTG Wiki 掲載の古い文面です。現在は「1つを対象とする」と書かれているとされます。",
}
