"""tutor.reader.text: rule references, terms and cards become links; everything else stays escaped text."""

import doctest
import html
import re
from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st

import tutor.reader.text
from tutor.reader.text import (
    CardLink,
    LinkContext,
    TermLink,
    diff_html,
    highlight,
    is_within,
    link_text,
    range_end,
    rule_refs,
    section_of,
    sort_key,
    tokenize_ja,
)

ANCHORS = {
    "120": "/cr/120/#cr-120",
    "120.6": "/cr/120/#cr-120.6",
    "120.3": "/cr/120/#cr-120.3",
    "614": "/cr/614/#cr-614",
    "614.1c": "/cr/614/#cr-614.1c",
    "614.1d": "/cr/614/#cr-614.1d",
    "615": "/cr/615/#cr-615",
    "616.1a": "/cr/616/#cr-616.1a",
    "616.1f": "/cr/616/#cr-616.1f",
    "702.19": "/cr/702.19/#cr-702.19",
    "702.19b": "/cr/702.19/#cr-702.19b",
}


def _term(name: str, rule: str) -> TermLink:
    return TermLink(
        name=name, rule=rule, href=f"/cr/glossary/#term-{name}", popover_href=f"/cr/glossary/{name}/"
    )


TERMS = {
    "トランプル": _term("トランプル", "702.19"),
    "プレインズウォーカー越えトランプル": _term("プレインズウォーカー越えトランプル", "702.19"),
    "戦闘ダメージ": _term("戦闘ダメージ", "510"),
    "戦闘ダメージ・ステップ": _term("戦闘ダメージ・ステップ", "510"),
    "置換効果": _term("置換効果", "614"),
    "感染": _term("感染", "702.90"),
    "致死ダメージ": _term("致死ダメージ", "120.4a"),
}
CARDS = {
    "稲妻": CardLink("稲妻", "/cr/cards/稲妻/"),
    "マロー": CardLink("マロー", "/cr/cards/マロー/"),
    "マロ―": CardLink("マロー", "/cr/cards/マロー/"),
}
CTX = LinkContext(anchors=ANCHORS, terms=TERMS, cards=CARDS)


def render(text: str, **kwargs) -> str:
    return str(link_text(text, CTX, **kwargs))


class _Collector(HTMLParser):
    """Collects the text of rendered HTML (without visually hidden helper text) and its tags."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self._hidden = 0
        self._stack: list[bool] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        hidden = "visually-hidden" in (attributes.get("class") or "")
        self._stack.append(hidden)
        self._hidden += hidden

    def handle_endtag(self, tag):
        self._hidden -= self._stack.pop()

    def handle_data(self, data):
        if not self._hidden:
            self.text.append(data)


def parse(markup: str) -> _Collector:
    collector = _Collector()
    collector.feed(markup)
    collector.close()
    return collector


def test_doctests_of_tutor_text_pass():
    result = doctest.testmod(tutor.reader.text)
    assert result.failed == 0 and result.attempted > 5


# --- rule references ----------------------------------------------------------------------------------


def test_rule_reference_to_a_loaded_paragraph_links_to_its_anchor():
    assert render("致死ダメージ(rule 120.6 参照)") == (
        '<a class="term-ref" href="/cr/glossary/#term-致死ダメージ" hx-get="/cr/glossary/致死ダメージ/"'
        ' hx-target="#cr-popover" hx-swap="innerHTML" aria-haspopup="dialog">致死ダメージ</a>'
        '(<a class="ref" href="/cr/120/#cr-120.6">rule 120.6</a> 参照)'
    )


def test_reference_with_bracketed_title_links_the_title_too_and_no_term_inside_it():
    out = render("rule 614〔置換効果〕、rule 615〔軽減効果〕参照")
    assert '<a class="ref" href="/cr/614/#cr-614">rule 614〔置換効果〕</a>' in out
    assert '<a class="ref" href="/cr/615/#cr-615">rule 615〔軽減効果〕</a>' in out
    assert "term-ref" not in out  # 置換効果 inside the link title is not linked again


def test_reference_outside_the_loaded_text_is_marked_never_a_link():
    out = render("(rule 731〔不正な処理の扱い〕参照)")
    assert "<a" not in out
    assert 'class="ref ref--outside" title="このチューターには未収録"' in out
    assert "rule 731〔不正な処理の扱い〕" in out


def test_ranges_link_both_ends():
    out = render("rule 616.1a-f の手順")
    assert (
        '<a class="ref" href="/cr/616/#cr-616.1a">rule 616.1a</a>-<a class="ref" href="/cr/616/#cr-616.1f">f</a>'
        in out
    )
    out = render("(rule 119.9-10 参照)")
    assert out.count("ref--outside") == 2 and "<a" not in out
    assert rule_refs("rule 119.9-10") == ["119.9", "119.10"]


def test_english_ranges_with_en_dash_and_plural_rules():
    out = render("(See rules 614.1c–d.)", lang="en")
    assert (
        '<a class="ref" href="/cr/614/#cr-614.1c">rules 614.1c</a>–<a class="ref" href="/cr/614/#cr-614.1d">d</a>'
        in out
    )


def test_bare_dotted_number_is_a_reference_but_pt_and_counters_are_not():
    out = render("これはrule 506.4cの例外で、702.19b と同じ。3/3 と -1/-1 と 2026.01 と 1.5")
    assert '<a class="ref" href="/cr/702.19/#cr-702.19b">702.19b</a>' in out
    assert 'ref--outside" title="このチューターには未収録">rule 506.4c<' in out
    assert rule_refs("3/3 と -1/-1 と 2026.01 と 1.5") == []


def test_invalid_range_end_stays_text():
    assert rule_refs("rule 120.6-a") == ["120.6"]  # a letter after an unlettered number is no range
    assert range_end("616.1f", "a") is None
    assert range_end("616.1a", "f") == "616.1f"
    assert range_end("119.9", "10") == "119.10"
    assert range_end("120", "3") is None


# --- terms --------------------------------------------------------------------------------------------


def test_longest_term_wins():
    out = render("プレインズウォーカー越えトランプルを持つ")
    assert out.count("term-ref") == 1
    assert ">プレインズウォーカー越えトランプル</a>" in out
    out = render("第2戦闘ダメージ・ステップが発生する")
    assert ">戦闘ダメージ・ステップ</a>" in out and ">戦闘ダメージ</a>" not in out


def test_each_term_is_linked_once_per_text_block():
    out = render("感染を持つ。感染を持たない。")
    assert out.count('class="term-ref"') == 1
    assert out.endswith("を持つ。感染を持たない。")


def test_term_is_not_linked_in_the_paragraph_that_defines_it():
    # 702.19 is the glossary's rule for トランプル; 702.19a says what trample is.
    assert "term-ref" not in render("トランプルを持つ", number="702.19")
    assert "term-ref" not in render("トランプルは常在型能力である", number="702.19a")
    assert "term-ref" not in render("トランプルを持つ", number="702.19b")  # the keyword's own page
    assert "term-ref" in render("トランプルを持つ", number="510.1c")
    assert "term-ref" not in render("戦闘ダメージを与える", number="510.1")
    assert "term-ref" in render("戦闘ダメージを与える", number="510.1a")
    assert "term-ref" not in render("致死ダメージ", number="120.4a")
    assert "term-ref" in render("致死ダメージ", number="120.4b")
    assert "term-ref" not in render("感染を持つ", exclude_terms=["感染"])


# --- cards --------------------------------------------------------------------------------------------


def test_card_names_link_to_the_card_page_and_the_popover():
    out = render("《稲妻》を唱えた")
    assert out.startswith(
        '<a class="card-ref" href="/cr/cards/稲妻/" hx-get="/cr/cards/稲妻/" hx-target="#cr-popover"'
    )
    assert ">《稲妻》</a>を唱えた" in out


def test_corrupted_spelling_maps_to_the_card_and_unknown_cards_stay_text():
    out = render("《マロ―》と《知らないカード》")
    assert 'href="/cr/cards/マロー/"' in out and ">《マロ―》</a>" in out
    assert "《知らないカード》" in out and out.count("<a") == 1


# --- escaping -----------------------------------------------------------------------------------------


def test_script_in_text_stays_escaped_everywhere():
    text = '<script>alert("x")</script> rule 120.6 《<script>》 感染 & \' " 《稲妻》'
    out = render(text)
    assert "<script" not in out
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in out
    assert "《&lt;script&gt;》" in out
    assert html.unescape(re.sub(r"<[^>]+>", "", out)) == text


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                *"<>&\"'/=- .〔〕《》()abcfr0123456789\n",
                *[
                    "rule ",
                    "rules ",
                    "120.6",
                    "616.1a",
                    "-f",
                    "感染",
                    "トランプル",
                    "プレインズウォーカー越え",
                    "稲妻",
                    "マロ―",
                ],
            ]
        ),
        max_size=40,
    ).map("".join)
)
def test_any_text_round_trips_and_only_our_tags_appear(text):
    out = render(text)
    collected = parse(out)
    assert "".join(collected.text) == text
    for tag, attributes in collected.tags:
        assert tag in {"a", "span"}
        assert set(attributes) <= {
            "class",
            "href",
            "hx-get",
            "hx-target",
            "hx-swap",
            "aria-haspopup",
            "title",
        }


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_arbitrary_unicode_never_breaks_out(text):
    out = render(text)
    assert "".join(parse(out).text) == text
    assert "".join(parse(str(link_text(text, CTX, lang="en"))).text) == text


# --- helpers ------------------------------------------------------------------------------------------


def test_is_within_and_section_of():
    sections = ["120", "506.4", "614", "702.19", "702.2"]
    assert section_of("120.4a", sections) == "120"
    assert section_of("506.4c", sections) == "506.4"
    assert section_of("702.19b", sections) == "702.19"
    assert section_of("702.2c", sections) == "702.2"
    assert section_of("702.20", sections) is None
    assert is_within("120.4a", "120.4") and not is_within("120.4", "120.4a")


def test_sort_key_orders_like_the_rules():
    numbers = ["120.10", "120.2", "120.1a", "120.1", "120"]
    assert sorted(numbers, key=sort_key) == ["120", "120.1", "120.1a", "120.2", "120.10"]


# --- diff and highlight -------------------------------------------------------------------------------


def test_tokenize_splits_where_the_script_changes():
    assert tokenize_ja("プレイヤーに与えられたダメージ") == ["プレイヤー", "に", "与", "えられた", "ダメージ"]
    assert "".join(tokenize_ja("何でも<b>も 戻る")) == "何でも<b>も 戻る"


def test_diff_marks_insertions_and_deletions_word_by_word():
    old = "オブジェクトはクリーチャー、プレイヤーにダメージを与えることができる。"
    new = "オブジェクトはバトル、クリーチャー、プレイヤーにダメージを与えることができる。"
    out = str(diff_html(old, new))
    assert out == "オブジェクトは<ins>バトル、</ins>クリーチャー、プレイヤーにダメージを与えることができる。"


def test_diff_is_escaped_and_reconstructs_both_sides():
    old, new = "a <b> 与えられた", "a <i> 受けた"
    out = str(diff_html(old, new))
    assert "<b>" not in out and "<i>" not in out
    without_ins = html.unescape(re.sub(r"<ins>.*?</ins>|</?del>", "", out))
    without_del = html.unescape(re.sub(r"<del>.*?</del>|</?ins>", "", out))
    assert without_ins == old and without_del == new


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40), st.text(max_size=40))
def test_diff_always_reconstructs_both_sides(old, new):
    out = str(diff_html(old, new))
    assert html.unescape(re.sub(r"<ins>.*?</ins>|</?del>", "", out, flags=re.S)) == old
    assert html.unescape(re.sub(r"<del>.*?</del>|</?ins>", "", out, flags=re.S)) == new


def test_highlight_marks_matches_escaped_and_case_insensitive():
    assert (
        str(highlight("Trample <x> trample", "TRAMPLE"))
        == "<mark>Trample</mark> &lt;x&gt; <mark>trample</mark>"
    )
    long = "あ" * 100 + "感染" + "い" * 100
    out = str(highlight(long, "感染", context=5))
    assert out == "…あああああ<mark>感染</mark>いいいいい…"
    assert str(highlight("<script>", "<script>")) == "<mark>&lt;script&gt;</mark>"


def test_japanese_rule_731_links_to_the_english_733():
    """The Japanese of 2026-01-16 cites rule 731〔不正な処理の扱い〕, which the English of 2026-06-19
    numbers 733 (Handling Illegal Actions): the title decides, and the link goes to 733."""
    ctx = LinkContext(anchors={**ANCHORS, "733": "/cr/733/#cr-733"}, titles={"不正な処理の扱い": ("733",)})
    out = str(link_text("(rule 731〔不正な処理の扱い〕参照)", ctx))
    assert '<a class="ref" href="/cr/733/#cr-733">rule 731〔不正な処理の扱い〕</a>' in out
    assert "ref--outside" not in out
    # in the English text 731 is another rule (Day and Night): never sent to 733
    assert "<a" not in str(link_text("See rule 731.", ctx, lang="en"))


def test_english_reference_to_a_rule_not_loaded_is_plain_text():
    """English-only paragraphs cite rules far from damage (rule 604.3): plain text, no dead marker."""
    out = render("as described in rule 604.3 and rule 120.6.", lang="en")
    assert "ref--outside" not in out and "未収録" not in out
    assert "rule 604.3 and " in out
    assert '<a class="ref" href="/cr/120/#cr-120.6">rule 120.6</a>' in out


def test_mana_costs_read_as_symbols_with_a_spoken_label():
    """{4}{W} is shown 「(4)(白)」 and read 「不特定4、白」; hybrid and Phyrexian symbols too."""
    from tutor.reader.text import mana_cost_html

    out = str(mana_cost_html("{4}{W}"))
    assert "{" not in out and "(4)" in out and "(白)" in out
    assert 'aria-label="マナ・コスト：不特定4、白"' in out
    hybrid = str(mana_cost_html("{1}{W/U}{G/P}"))
    assert "(白/青)" in hybrid and "(緑/Φ)" in hybrid
    assert "白または青" in hybrid and "緑またはライフ2点" in hybrid
    assert "<script>" not in str(mana_cost_html("{<script>}"))  # whatever the data holds stays text
