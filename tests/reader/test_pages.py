"""Reader pages through Django's test client: sections, redirects, 404s, htmx partials, toggles."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tutor.lessons.selectors import lesson_list
from tutor.models import Language, Paragraph, Scenario, Section, Term
from tutor.reader import selectors as reader_selectors
from tutor.reader.selectors import TERM_BOARDS_SHOWN, TERM_CARDS_SHOWN
from tutor.reader.text import is_within, sort_key
from tutor.study.topics import TOPICS as STUDY_TOPICS

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def get(url: str, **headers) -> tuple[int, str]:
    response = Client().get(url, **headers)
    return response.status_code, response.content.decode()


def text_of(markup: str) -> str:
    return re.sub(r"<[^>]+>", "", markup)


def anchors(page: str) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', page))


def test_index_lists_every_rule_by_chapter_with_counts_and_a_search_box():
    status, page = get("/cr/")
    assert status == 200
    listed = re.findall(r'<th scope="row"><a href="/cr/([^/]+)/"', page)
    assert listed == list(Section.objects.exclude(number__contains=".").values_list("number", flat=True))
    assert listed[:4] == ["100", "101", "102", "103"] and listed[-1] == "905" and len(listed) == 147
    assert "1. ゲームの考え方" in page and "9. カジュアル変種ルール" in page and "0. はじめに" in page
    assert '<td class="num">25</td>' in page  # 120: 25 Japanese paragraphs
    assert "（日本語版では 732）" in page  # 733 不正な処理の扱い
    assert 'name="q"' in page and 'action="/cr/search/"' in page
    assert 'aria-current="page">条文' in page


def test_keyword_rules_list_their_pages_with_japanese_and_english_names():
    for number, first, example in (
        ("702", "702.2", ("702.9", "飛行", "Flying")),
        ("701", "701.2", ("701.19", "再生する", "Regenerate")),
    ):
        status, page = get(f"/cr/{number}/")
        assert status == 200
        index = page[page.index('<nav class="section-index"') :]
        index = index[: index.index("</nav>")]
        children = re.findall(r'href="/cr/(7\d\d\.\d+)/"', index)
        assert children[0] == first and children == list(
            Section.objects.filter(number__startswith=f"{number}.").values_list("number", flat=True)
        )
        child, ja, en = example
        assert (
            f'<span class="section-index__num">{child}</span> {ja}</a> <span class="muted" lang="en">{en}</span>'
            in index
        )
        assert len(page) < 200_000  # the whole section is its index, not every keyword's paragraphs


@pytest.mark.parametrize(
    "number", ["120", "615", "702.19", "506", "614", "704", "609", "810", "601", "903", "100"]
)
def test_section_page_shows_every_paragraph_with_its_anchor_and_permalink(number):
    status, page = get(f"/cr/{number}/")
    assert status == 200
    section = Section.objects.get(number=number)
    assert f"{section.title_ja}" in page
    ids = anchors(page)
    for paragraph in section.paragraphs.filter(language=Language.JA, is_current=True):
        assert f"cr-{paragraph.number}" in ids
        assert f'href="/cr/{paragraph.number}/"' in page  # the permalink (¶)
    assert f"cr-{number}" in ids  # the section's own anchor (heading or paragraph)
    assert len([i for i in ids if i.startswith("cr-")]) == len(
        set(ids) & {i for i in ids if i.startswith("cr-")}
    )


def test_examples_sit_under_their_paragraph():
    _, page = get("/cr/120/")
    article = page[page.index('id="cr-120.5"') : page.index('id="cr-120.6"')]
    assert 'id="cr-120.5-ex1"' in article
    assert "《稲妻》" in article and "状況起因処理によって破壊される" in text_of(article)


@pytest.mark.parametrize(
    ("url", "location"),
    [
        ("/cr/120.4a/", "/cr/120/#cr-120.4a"),
        ("/cr/702.19b/", "/cr/702.19/#cr-702.19b"),
        ("/cr/506.4c/", "/cr/506/#cr-506.4c"),
        ("/cr/506.4/", "/cr/506/#cr-506.4"),
        ("/cr/120.10/", "/cr/120/#cr-120.10"),
        ("/cr/120.4a/?lang=both", "/cr/120/?lang=both#cr-120.4a"),
        ("/cr/120.4a/paragraph/", "/cr/120/#cr-120.4a"),
        ("/cr/120.4a/paragraph/?lang=both", "/cr/120/?en=120.4a#cr-120.4a"),
    ],
)
def test_paragraph_url_redirects_to_its_section_anchor(url, location):
    response = Client().get(url)
    assert response.status_code == 302
    assert response["Location"] == location


def test_a_keyword_page_carries_its_number_on_its_heading():
    status, page = get("/cr/702.9/")
    assert status == 200 and 'id="cr-702.9"' in page and "飛行" in page
    assert Client().get("/cr/609.7/")["Location"] == "/cr/609/#cr-609.7"  # a page of its own before


@pytest.mark.parametrize(
    "url",
    [
        "/cr/999.9z/",
        "/cr/999/",
        "/cr/120.99/",
        "/cr/abc/",
        "/cr/120.4a.b/",
        "/cr/120.4aa/",
        "/cr/%3Cscript%3E/",
        "/cr/" + "1" * 500 + "/",
        "/cr/306/diff/",
        "/cr/120.4a/diff/",
        "/cr/zzz/diff/",
        "/cr/999.9z/paragraph/",
        "/cr/glossary/存在しない/",
        "/cr/glossary/" + "あ" * 300 + "/",
        "/cr/cards/存在しないカード/",
        "/cr/cards/%3Cscript%3E/",
        "/cr/120/extra/",
    ],
)
def test_bad_urls_are_a_friendly_404(url):
    status, page = get(url)
    assert status == 404
    assert "ページが見つかりません" in page and "条文の一覧へ" in page
    assert "<script>" not in page.replace('<script src="', "")


def test_odd_query_parameters_are_ignored():
    for url in ("/cr/120/?lang=%00", "/cr/120/?en=%00&en=<script>&en=120.4a", "/cr/120/?lang=both&lang=x"):
        assert Client().get(url).status_code == 200


def test_reader_views_only_answer_get():
    assert Client().post("/cr/120/").status_code == 405
    assert Client().post("/cr/search/", {"q": "x"}).status_code == 405


def test_both_languages_side_by_side_with_version_dates_and_lang_attributes():
    status, page = get("/cr/120/?lang=both")
    assert status == 200
    assert 'class="paragraphs paragraphs--both"' in page
    assert page.count('class="para__lang para__lang--en" lang="en"') == 25
    assert "English 2026-06-19" in page and "日本語 2026-01-16" in page
    assert "Damage is processed in a four-part sequence." in page
    assert 'lang="en"><span class="example__label">Example</span>' in page


def test_japanese_only_by_default_with_a_toggle_per_paragraph_that_works_without_js():
    _, page = get("/cr/120/")
    assert "Damage is processed in a four-part sequence." not in page
    assert 'href="/cr/120/?en=120.4#cr-120.4"' in page
    assert 'hx-get="/cr/120.4/paragraph/?lang=both"' in page
    _, page = get("/cr/120/?en=120.4")
    assert "Damage is processed in a four-part sequence." in page
    assert "Damage may have one or more" not in page  # only the chosen paragraph
    assert re.search(
        r'<a class="para__toggle" href="/cr/120/#cr-120.4" hx-get="/cr/120.4/paragraph/"[^>]*>英語を隠す',
        page,
    )


def test_htmx_paragraph_toggle_returns_only_that_paragraph():
    status, fragment = get("/cr/120.4/paragraph/?lang=both", **HTMX)
    assert status == 200
    assert fragment.lstrip().startswith('<article class="para')
    assert fragment.count("<article") == 1 and "<html" not in fragment
    assert "Damage is processed in a four-part sequence." in fragment
    status, fragment = get("/cr/120.4/paragraph/", **HTMX)
    assert "Damage is processed" not in fragment and ">English</a>" in fragment


def test_htmx_page_toggle_returns_the_body_partial_and_history_restore_gets_the_full_page():
    _, fragment = get("/cr/120/?lang=both", HTTP_HX_TARGET="cr-body", **HTMX)
    assert fragment.lstrip().startswith('<div id="cr-body"') and "<html" not in fragment
    _, full = get(
        "/cr/120/?lang=both", HTTP_HX_TARGET="cr-body", HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX
    )
    assert "<html" in full
    response = Client().get("/cr/120/")
    assert "HX-Request" in response["Vary"]


def test_version_differences_are_detected_and_marked():
    _, page = get("/cr/510/")
    article = page[page.index('id="cr-510.1e"') : page.index('id="cr-510.2"')]
    # 「rule 731〔不正な処理の扱い〕」 and "rule 733" name the same rule: not a difference
    assert "参照している条文番号が違います" not in article
    _, page = get("/cr/702.80/")
    article = page[page.index('id="cr-702.80a"') : page.index('id="cr-702.80b"')]
    assert "英語だけ: 120.3" in article
    _, page = get("/cr/120/")
    article = page[page.index('id="cr-120.4a"') : page.index('id="cr-120.4b"')]
    assert "版による違いあり" not in article


def test_paragraph_missing_in_english_is_marked():
    paragraph = Paragraph.objects.get(number="120.9", language=Language.EN)
    paragraph.delete()
    _, page = get("/cr/120/")
    article = page[page.index('id="cr-120.9"') : page.index('id="cr-120.10"')]
    assert "版による違いあり" in article and "英語版（2026-06-19）にはこの番号の条文がありません" in article


def test_notes_sit_beside_paragraphs_and_former_rules_are_marked_with_the_year():
    _, page = get("/cr/510/")
    article = page[page.index('id="cr-510.2"') : page.index('id="cr-510.3"')]
    assert "以前のルール・2009年（基本セット2010）に廃止" in article
    assert "これは現在のルールではありません。" in article
    assert "ダメージはスタックを使わない" in article
    _, page = get("/cr/120/")
    assert "0点のダメージは「ダメージを与えた」ことにならない" in page
    assert "以前の版（旧版）について" in page  # the section-level note, named for what it is
    assert "ダメージそのものに色はない" in page


def test_revision_diff_shows_word_by_word_changes():
    status, page = get("/cr/120/diff/")
    assert status == 200
    assert "以前の版（2026年1月より前の日本語訳）" in page and "2026-01-16" in page
    row = page[page.index('id="diff-120.1"') : page.index('id="diff-120.1a"')]
    assert "<ins>バトル、</ins>" in row
    row = page[page.index('id="diff-120.3g"') : page.index('id="diff-120.3h"')]
    assert "追加" in row
    row = page[page.index('id="diff-120.6"') : page.index('id="diff-120.7"')]
    assert "rule <del>701.15</del><ins>701.19</ins>〔再生する〕" in row  # regenerate was renumbered
    _, section = get("/cr/120/")
    assert 'href="/cr/120/diff/"' in section
    # the badges only when the reader asks for the comparison (a plain link, no JS)
    assert "旧版から変更" not in section and 'href="/cr/120/?compare=1"' in section
    _, compared = get("/cr/120/?compare=1")
    assert 'href="/cr/120/diff/#diff-120.1">旧版から変更' in compared
    assert compared.count("badge--rev") == section.count("badge--rev") + 22  # 22 of 25 paragraphs differ
    assert 'href="/cr/120/">旧版の印を消す' in compared


def test_glossary_lists_every_term_with_its_defining_paragraph():
    status, page = get("/cr/glossary/")
    assert status == 200
    assert 'id="term-プレインズウォーカー越えトランプル"' in page
    entry = page[page.index('id="term-萎縮"') : page.index('id="term-感染"')]
    assert '定義している条文：<a class="ref" href="/cr/702.80/#cr-702.80">rule 702.80</a>' in entry
    assert "チューター独自" in page  # our own entries are labelled


def test_term_page_is_a_full_page_and_an_htmx_popover_partial():
    status, page = get("/cr/glossary/感染/")
    assert status == 200 and "<html" in page and "用語集で見る" in page
    status, fragment = get("/cr/glossary/感染/", **HTMX)
    assert status == 200 and "<html" not in fragment
    assert "オブジェクトがクリーチャーやプレイヤーにどのようにダメージを与えるか" in fragment


def _related_section(page: str) -> str:
    start = page.find('<section class="term-related"')
    return page[start : page.index("</section>", start)] if start >= 0 else ""


def test_term_page_shows_the_lessons_boards_and_cards_where_the_term_is_at_work():
    _, page = get("/cr/glossary/トランプル/")
    related = _related_section(page)
    assert "「トランプル」を学ぶ" in related
    taught = re.findall(r'href="/lessons/([^/]+)/"', related)
    assert taught == [
        lesson.slug for lesson in lesson_list() if any(r.startswith("702.19") for r in lesson.rules)
    ]
    assert len(taught) == 2
    # the curated boards under 702.19, in rule order, the first six, and how many more
    under = sorted(
        (s for s in Scenario.objects.filter(is_curated=True) if is_within(s.illustrates, "702.19")),
        key=lambda s: (sort_key(s.illustrates), s.example_position or 0, s.position),
    )
    shown = re.findall(r'href="/board/s/([^/]+)/"', related)
    assert shown == [s.slug for s in under[:TERM_BOARDS_SHOWN]] and len(under) > TERM_BOARDS_SHOWN
    assert f"ほかに{len(under) - TERM_BOARDS_SHOWN}件の盤面があります。" in text_of(related)
    assert 'href="/cr/702.19/#cr-702.19"' in related  # where they are, paragraph by paragraph
    # the cards with the keyword (《ダークスティールの巨像》) and those of its rules without it (《強行突破》)
    cards = re.findall(r'href="/cards/([^/]+)/"', related)
    assert {"darksteel-colossus", "ram-through"} <= set(cards) and len(cards) <= TERM_CARDS_SHOWN
    assert "《ダークスティールの巨像》" in related
    # and where to practise it: the practice topics of the same rules
    practice = [t.slug for t in STUDY_TOPICS if any(is_within(r, "702.19") for r in t.rules)]
    assert {"trample", "702.19b"} <= set(practice)
    for slug in practice:
        assert f'href="{reverse("study:topic", args=[slug])}"' in related


def test_term_related_reads_keywords_with_a_parameter_and_never_a_neighbouring_rule(monkeypatch):
    monkeypatch.setattr(reader_selectors, "TERM_CARDS_SHOWN", 500)
    protection = reader_selectors.term_related(senses=Term.objects.filter(name_ja="プロテクション"))
    slugs = {card.slug for card in protection.cards}
    assert {"white-knight", "progenitus"} <= slugs  # Protection from black, from everything
    assert protection.cards_more == 0
    # 702.1 is its own rule: it takes in neither 702.19 (trample) nor 702.15 (lifelink)
    neighbour = reader_selectors.term_related(senses=[Term(name_ja="仮", name_en="", rule="702.1")])
    assert not any(s.illustrates.startswith(("702.19", "702.15")) for s in neighbour.boards)
    assert not any(r.startswith(("702.19", "702.15")) for card in neighbour.cards for r in card.rules)


def test_a_section_names_the_glossary_entries_it_defines():
    _, page = get("/cr/702.19/")
    terms = re.search(r'<p class="section-head__terms">(.*?)</p>', page).group(1)
    assert text_of(terms) == "用語集：トランプル、プレインズウォーカー越えトランプル"
    assert f'href="{reverse("reader:term", args=["トランプル"])}"' in terms
    _, page = get("/cr/101/")  # no entry is defined by 101
    assert "section-head__terms" not in page
    # a paragraph names the entries it defines, also when its language toggle swaps it alone
    _, page = get("/cr/120/")
    for markup in (page[page.index('id="cr-120.4a"') :], get("/cr/120.4a/paragraph/?lang=both", **HTMX)[1]):
        terms = re.search(r'<p class="para__terms">(.*?)</p>', markup).group(1)
        assert text_of(terms) == "この条文が定義する用語：致死ダメージ、余剰のダメージ"
    assert page.count('class="para__terms"') == 1  # 与える and ダメージ (120 itself) are under the title


def test_term_popover_and_terms_without_lessons_boards_or_cards_have_no_related_section():
    _, fragment = get("/cr/glossary/トランプル/", **HTMX)
    assert "term-related" not in fragment and "トランプル" in fragment
    assert 'href="/cr/glossary/%E3%83%88%E3%83%A9%E3%83%B3%E3%83%97%E3%83%AB/">この用語のページ' in fragment
    _, page = get("/cr/glossary/相棒/")
    assert "term-related" not in page and "相棒" in page


def test_card_page_without_js_and_popover_partial_show_names_type_and_text():
    response = Client().get("/cr/cards/稲妻/", follow=True)
    status, page = response.status_code, response.content.decode()
    assert response.redirect_chain == [("/cards/lightning-bolt/", 302)]  # the catalogue's page
    assert status == 200 and "<html" in page
    for text in (
        "《稲妻》",
        "Lightning Bolt",
        "インスタント",
        "1つを対象とする。稲妻はそれに3点のダメージを与える。",
    ):
        assert text in page
    assert 'href="/cr/120/#cr-120.5"' in page  # where the card is named
    _, fragment = get("/cr/cards/稲妻/", **HTMX)
    assert "<html" not in fragment and "Lightning Bolt deals 3 damage to any target." in fragment


def test_unverified_card_fields_say_so_and_are_never_guessed():
    _, page = get("/cr/cards/マロー/", **HTMX)  # the popover
    assert page.count("未確認</span>") == 2  # its Oracle text and its Japanese type line
    assert "＊" not in page and "*／*" in page
    _, page = get("/cr/cards/灰色熊/", **HTMX)
    assert "（ルール・テキストなし）" in page
    _, page = get("/cr/cards/防御円/", **HTMX)
    assert "サイクル全体の呼び名" in page


def test_corrupted_card_spellings_redirect_to_the_card():
    response = Client().get("/cr/cards/エルフの再生</")
    assert response.status_code == 302 and response["Location"] == "/cards/elvish-regrower/"
    assert Client().get("/cr/cards/マロ―/", follow=True).status_code == 200


def test_try_on_board_links_appear_once_a_scenario_illustrates_the_paragraph():
    Scenario.objects.all().delete()  # whatever the board ships, start from none
    _, page = get("/cr/120/")
    assert "盤面で試す" not in page
    Scenario.objects.create(
        slug="bolt22",
        digest="x" * 64,
        document={},
        title="稲妻で2/2",
        illustrates="120.5",
        example_position=0,
    )
    Scenario.objects.create(slug="para120", digest="y" * 64, document={}, title="", illustrates="120.4")
    _, page = get("/cr/120/")
    example = page[page.index('id="cr-120.5-ex1"') : page.index('id="cr-120.6"')]
    assert 'href="/board/s/bolt22/"' in example and "盤面で試す" in example
    article = page[page.index('id="cr-120.4"') : page.index('id="cr-120.4a"')]
    assert 'href="/board/s/para120/"' in article


def test_examples_after_the_last_sub_rule_also_answer_to_the_parent_rule():
    Scenario.objects.all().delete()
    Scenario.objects.create(
        slug="boon", digest="z" * 64, document={}, title="加護の反射", illustrates="120.4", example_position=0
    )
    _, page = get("/cr/120/")
    example = page[page.index('id="cr-120.4d-ex1"') : page.index('id="cr-120.4d-ex2"')]
    assert 'href="/board/s/boon/"' in example


def test_reader_pages_have_no_inline_styles_or_scripts():
    for url in (
        "/cr/",
        "/cr/120/",
        "/cr/120/?lang=both",
        "/cr/120/diff/",
        "/cr/glossary/",
        "/cards/lightning-bolt/",
        "/cards/?q=稲妻",
        "/cr/search/?q=感染",
    ):
        _, page = get(url)
        assert not re.search(r"\sstyle=", page), url
        assert not re.search(r"<script(?![^>]*\ssrc=)", page), url
        assert not re.search(r"\son[a-z]+=", page), url
        assert '<link rel="stylesheet" href="/static/css/reader.css">' in page


def test_english_only_paragraph_says_the_japanese_text_is_not_included():
    """506.3d is in the English CR only (not in the Japanese excerpt of 2026-01-16)."""
    _, page = get("/cr/506/")
    article = page[page.index('id="cr-506.3d"') : page.index('id="cr-506.3e"')]
    assert "日本語訳はまだありません（英語版 2026年6月19日で追加・変更）" in article
    assert "unblocked" in article
    japanese = page[page.index('id="cr-506.3"') : page.index('id="cr-506.3a"')]
    assert "日本語訳はまだありません" not in japanese  # a paragraph with Japanese text has no such note


def test_long_sections_have_a_jump_list_of_their_paragraph_numbers():
    _, page = get("/cr/120/")
    nav = page[
        page.index('<nav class="jump-list"') : page.index("</nav>", page.index('<nav class="jump-list"'))
    ]
    assert 'href="#cr-120.4"' in nav and 'href="#cr-120.10"' in nav
    assert 'href="#cr-120.4a"' not in nav  # lettered sub-rules are reached from their rule
    _, short = get("/cr/702.19/")
    assert 'class="jump-list"' not in short  # a few paragraphs need no list


def test_no_page_names_a_file_or_the_older_revision_by_a_repository_word():
    for url in ("/cr/120/", "/cr/510/", "/cr/702.19/", "/cr/120/diff/"):
        _, page = get(url)
        visible = text_of(page)
        assert "seeds" not in visible and "シード" not in visible and ".txt" not in visible, url


def test_glossary_has_a_kana_index_with_each_entry_under_its_row():
    _, page = get("/cr/glossary/")
    nav = page[
        page.index('<nav class="kana-index"') : page.index("</nav>", page.index('<nav class="kana-index"'))
    ]
    rows = re.findall(r'href="#kana-(.)"', nav)
    assert rows == sorted(rows, key="あかさたなはまやらわ".index) and {"あ", "た", "は", "や"} <= set(rows)
    for row in rows:
        assert f'id="kana-{row}"' in page
    # ダメージ (だめーじ) sits under た行, プロテクション (ぷろてくしょん) under は行
    ta = page[page.index('id="kana-た"') : page.index('id="kana-な"')]
    assert 'id="term-ダメージ"' in ta and 'id="term-トランプル"' in ta
    ha = page[page.index('id="kana-は"') : page.index('id="kana-ま"')]
    assert 'id="term-プロテクション"' in ha and 'id="term-絆魂"' in ha
