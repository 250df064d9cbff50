"""Search: Japanese substring search as a plain GET form and as an htmx partial; never a 500."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.reader import selectors
from tutor.reader.search_text import normalise

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "search-results"}


def search_page(query: str, **headers) -> tuple[int, str]:
    response = Client().get("/cr/search/", {"q": query}, **headers)
    return response.status_code, response.content.decode()


def test_search_finds_paragraphs_and_links_to_their_anchor_with_the_match_marked():
    status, page = search_page("プレインズウォーカー越えトランプル")
    assert status == 200
    assert 'href="/cr/702.19/#cr-702.19c"' in page
    assert "<mark>プレインズウォーカー越えトランプル</mark>" in page
    entry = reverse("reader:term", args=["プレインズウォーカー越えトランプル"])
    assert f'href="{entry}"' in page  # the glossary entry's page too


def test_one_japanese_character_is_enough():
    results = selectors.search(query="熊")
    # the cards are not searched; the damage rules name only 《ルーン爪の熊》 (examples of 614.13a,
    # 614.13b and 800.4a); the whole CR has a few more bears
    assert {"614.13a", "614.13b", "800.4a"} <= {r.number for r in results.results} and results.total < 30
    assert all("<mark>熊</mark>" in r.snippet for r in results.results)
    results = selectors.search(query="盾")
    assert results.total > 3 and all(r.snippet for r in results.results)
    assert any(r.number == "615.7" for r in results.results)


def test_examples_are_found_and_link_to_the_example():
    results = selectors.search(query="稲妻")
    urls = [r.url for r in results.results]
    assert "/cr/120/#cr-120.5-ex1" in urls


def test_english_text_and_a_rule_number_are_found():
    results = selectors.search(query="trample")
    assert any(r.kind == "English" and r.number == "702.19a" for r in results.results)
    assert any(r.kind == "用語" and r.title == "トランプル" for r in results.results)  # its English name
    first = selectors.search(query="120.4a").results[0]
    assert first.url == "/cr/120/#cr-120.4a" and first.title == "120.4a へ移動"
    assert selectors.search(query="702.19").results[0].url == "/cr/702.19/#cr-702.19"


def test_results_are_capped_and_the_total_is_reported():
    results = selectors.search(query="の", limit=10)
    assert len(results.results) == 10 and results.total > 100 and results.truncated == results.total - 10


def test_htmx_request_returns_only_the_results_partial():
    status, fragment = search_page("致死ダメージ", **HTMX)
    assert status == 200
    assert fragment.lstrip().startswith('<div id="search-results"') and "<html" not in fragment
    assert 'href="/cr/120/#cr-120.6"' in fragment


def test_the_form_is_a_plain_get_form_and_an_htmx_search_as_you_type():
    _, page = search_page("")
    assert 'method="get" action="/cr/search/"' in page
    assert 'hx-get="/cr/search/"' in page
    assert 'hx-trigger="input changed delay:300ms, search"' in page
    assert 'hx-target="#search-results"' in page


def test_empty_query_gives_no_results():
    _, page = search_page("")
    assert "件" not in re.sub(r"<[^>]+>", "", page.split('id="search-results"')[1].split("</div>")[0])
    assert selectors.search(query="   ").total == 0


@pytest.mark.parametrize("query", ["%", "_", "'", "\\", '"', "%%", "_%_", "' OR 1=1 --", "\u3000", "ｘ"])
def test_sql_wildcards_and_quotes_are_literal(query):
    status, _ = search_page(query)
    assert status == 200
    results = selectors.search(query=query)
    for result in results.results:  # only texts that really contain the characters (width aside)
        shown = normalise(html.unescape(re.sub(r"<[^>]+>", "", str(result.snippet))))
        assert normalise(query).strip() in shown
    if query in ("%", "%%", "_%_", "' OR 1=1 --"):  # the CR writes blanks as ＿＿＿ (123.6a): "_" finds them
        assert results.total == 0


def test_script_in_the_query_is_escaped():
    status, page = search_page("<script>alert(1)</script>")
    assert status == 200
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_long_queries_are_refused_politely():
    status, page = search_page("あ" * 1000)
    assert status == 200
    assert "検索語は100文字以内にしてください" in page
    status, _ = search_page("あ" * 100)
    assert status == 200


def test_nul_and_control_characters_do_not_break_anything():
    for query in ("\x00", "a\x00b", "\x1b[31m", "\ud7ff", "🂡"):
        status, _ = search_page(query)
        assert status == 200


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=120))
def test_any_query_answers_200(query):
    status, _ = search_page(query)
    assert status == 200
    status, _ = search_page(query, **HTMX)
    assert status == 200


def test_several_words_must_all_occur():
    """「トランプル 接死」: the paragraphs that name both (702.19 with deathtouch, 702.2c), not every
    paragraph that names one of them."""
    both = selectors.search(query="トランプル　接死")  # a full-width space separates words too
    trample = selectors.search(query="トランプル")
    assert 0 < both.total < trample.total
    for result in both.results:
        assert "トランプル" in result.snippet or "接死" in result.snippet
    numbers = {r.number for r in both.results}
    assert numbers <= {r.number for r in trample.results} | {""}
    assert selectors.search(query="トランプル 存在しない語").total == 0


def test_kana_do_not_matter():
    katakana = selectors.search(query="トランプル")
    hiragana = selectors.search(query="とらんぷる")
    assert hiragana.total == katakana.total > 0
    assert [r.url for r in hiragana.results] == [r.url for r in katakana.results]
    assert any(
        "<mark>トランプル</mark>" in r.snippet for r in hiragana.results
    )  # the original text is marked


def test_each_result_is_labelled_by_what_it_opens():
    """A glossary entry opens its page: 「用語」 without a rule number, its definition as the snippet; a
    rule opens the rule."""
    _, page = search_page("トランプル")
    href = re.escape(reverse("reader:term", args=["トランプル"]))
    found = re.search(rf'<a class="result__link" href="{href}">(.*?)</a>(.*?)</li>', page, re.DOTALL)
    entry, snippet = found.group(1), found.group(2)
    assert '<span class="badge">用語</span>' in entry and "702.19" not in entry
    assert (
        "戦闘ダメージを割り振るかを修整するキーワード能力" in snippet and "<mark>トランプル</mark>" in snippet
    )
    rule = re.search(r'<a class="result__link" href="/cr/702.19/#cr-702.19b">(.*?)</a>', page).group(1)
    assert '<span class="badge">条文</span> <span class="result__num">702.19b</span>' in rule
