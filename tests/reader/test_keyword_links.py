"""Keyword abilities in the loaded CR text: each links to its glossary entry wherever the text names it
(the brief: "every keyword to its definition"), except on its own page, inside a longer word that means
something else, and for the three names that are mostly other words (KEYWORDS_NOT_AUTOLINKED)."""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest

from tutor.management.commands._cr_notes import KEYWORDS_NOT_AUTOLINKED
from tutor.models import Language, Paragraph, Section, Term
from tutor.reader.text import NOT_TERMS, is_within

pytestmark = pytest.mark.django_db

TERM_LINK = re.compile(r'<a class="term-ref" href="/cr/glossary/#term-([^"]+)"[^>]*>([^<]+)</a>')


def _linked(number: str) -> list[str]:
    """The names of the glossary entries paragraph ``number`` (Japanese, current) links, in order."""
    html = Paragraph.objects.get(number=number, language=Language.JA, is_current=True).html
    return [unquote(name) for name, _label in TERM_LINK.findall(html)]


def _keyword_sections() -> dict[str, str]:
    """Keyword ability name -> its rule (702.9 for 飛行), for the keywords the glossary has."""
    names = set(Term.objects.values_list("name_ja", flat=True))
    return {
        title: number
        for number, title in Section.objects.filter(number__regex=r"^702\.\d+$").values_list(
            "number", "title_ja"
        )
        if number != "702.1" and title in names
    }


def test_every_keyword_ability_links_but_the_three_that_are_mostly_other_words():
    keywords = _keyword_sections()
    assert len(keywords) > 180
    autolinked = set(Term.objects.filter(autolink=True).values_list("name_ja", flat=True))
    assert set(keywords) - autolinked == set(KEYWORDS_NOT_AUTOLINKED)


def test_a_list_of_keywords_links_each_of_them():
    # 122.1b: the keywords that a keyword counter may give (飛行, 先制攻撃, 二段攻撃, 接死, 腐乱, 速攻, …)
    linked = _linked("122.1b")
    assert {"飛行", "先制攻撃", "二段攻撃", "接死", "腐乱", "速攻", "呪禁", "威迫", "到達", "警戒"} <= set(
        linked
    )
    # 702.9b, on 飛行's page: 到達 links, 飛行 does not (the reader is on its page already)
    assert "到達" in _linked("702.9b") and "飛行" not in _linked("702.9b")


def test_no_keyword_page_links_its_own_name():
    for name, rule in _keyword_sections().items():
        for number, html in Paragraph.objects.filter(
            number__startswith=rule, language=Language.JA, is_current=True
        ).values_list("number", "html"):
            if is_within(number, rule):
                assert name not in [unquote(n) for n, _label in TERM_LINK.findall(html)], number


def test_a_word_that_only_holds_a_keyword_stays_plain():
    # 205.3m lists 飛行機械 (Thopter) among the creature types: it is not flying
    assert "飛行" not in _linked("205.3m")
    # no paragraph cuts such a word with a link (「<a …>飛行</a>機械」): where the text has it, so does the markup
    for word in NOT_TERMS:
        holding = Paragraph.objects.filter(text__contains=word, language=Language.JA, is_current=True)
        assert holding.exists(), word
        for number, html in holding.values_list("number", "html"):
            assert word in html, (word, number)
    # 601.2b 「前段階での選択」: 段階 is a keyword (702.183) but here the plain word
    text = Paragraph.objects.get(number="601.2b", language=Language.JA, is_current=True).text
    assert "段階" in text and "段階" not in _linked("601.2b")
    # エンチャント is a card type more often than the keyword (702.5): never linked
    assert not Paragraph.objects.filter(html__contains="#term-エンチャント").exists()
