"""Every `rule N` reference in the loaded text renders as a working link or a marked outside reference."""

import re
from functools import cache
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

import pytest
from django.test import Client

from tutor.models import Example, Language, Note, Paragraph, Section, Term
from tutor.reader.text import rule_refs

pytestmark = pytest.mark.django_db


class RefParser(HTMLParser):
    """Collects a.ref hrefs, span.ref--outside labels, term and card links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []  # (href, label)
        self.outside: list[str] = []
        self.terms: list[tuple[str, str]] = []  # (href, hx-get)
        self.cards: list[tuple[str, str]] = []
        self._current: list | None = None
        self._label: list[str] = []
        self._depth = 0
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if self._current is not None:
            self._depth += 1
            if "visually-hidden" in classes:
                self._hidden = self._depth
            return
        if tag == "a" and "ref" in classes:
            self._current, self._label, self._depth = ["link", a["href"]], [], 1
        elif tag == "span" and "ref--outside" in classes:
            assert a.get("title") == "このチューターには未収録"
            self._current, self._label, self._depth = ["outside", None], [], 1
        elif tag == "a" and "term-ref" in classes:
            self.terms.append((a["href"], a["hx-get"]))
        elif tag == "a" and "card-ref" in classes:
            self.cards.append((a["href"], a["hx-get"]))

    def handle_endtag(self, tag):
        if self._current is None:
            return
        if self._hidden == self._depth:
            self._hidden = 0
        self._depth -= 1
        if self._depth == 0:
            label = "".join(self._label)
            if self._current[0] == "link":
                self.links.append((self._current[1], label))
            else:
                self.outside.append(label)
            self._current = None

    def handle_data(self, data):
        if self._current is not None and not self._hidden:
            self._label.append(data)


def parse(page: str) -> RefParser:
    parser = RefParser()
    parser.feed(page)
    return parser


@cache
def fetch(path: str) -> str:
    response = Client().get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def assert_target_exists(href: str) -> None:
    parts = urlsplit(href)
    page = fetch(parts.path + (f"?{parts.query}" if parts.query else ""))
    fragment = unquote(parts.fragment)
    assert f'id="{fragment}"' in page, href


def loaded_numbers() -> set[str]:
    return set(Paragraph.objects.filter(is_current=True).values_list("number", flat=True)) | set(
        Section.objects.values_list("number", flat=True)
    )


def expected_refs(section: Section, language: str) -> list[str]:
    """The references a section page renders in ``language``; the Japanese view also shows the
    English of English-only paragraphs (the Japanese excerpt lacks them)."""
    texts = []
    for paragraph in section.paragraphs.filter(is_current=True, language=language):
        texts.append((paragraph.text, language))
        texts.extend(
            (t, language) for t in Example.objects.filter(paragraph=paragraph).values_list("text", flat=True)
        )
    numbers = [*section.paragraphs.filter(is_current=True).values_list("number", flat=True), section.number]
    if language == Language.JA:
        texts.extend(
            (t, "ja")
            for t in Note.objects.filter(paragraph_number__in=numbers).values_list("body", flat=True)
        )
        for paragraph in section.paragraphs.filter(is_english_only=True):
            texts.append((paragraph.text, "en"))
            texts.extend((t, "en") for t in paragraph.examples.values_list("text", flat=True))
    refs = []
    loaded = loaded_numbers()
    for text, lang in texts:
        # English text cites rules far from damage: those not loaded are plain text, neither a link
        # nor a marker (issue 14: no dead 「未収録」 markers in the English the reader shows)
        refs.extend(n for n in rule_refs(text, lang) if lang == "ja" or n in loaded)
    return refs


# The sections of the Japanese excerpt of 2026-01-16 (README of cr/).
JA_SECTIONS = ["104", "119", "120", "122", "306", "310", "506", "509", "510", "511", "514", "603", "609.7",
               "614", "615", "616", "701.14", "701.19", "702.2", "702.4", "702.7", "702.12", "702.15",
               "702.16", "702.19", "702.80", "702.90", "702.164", "704", "800.4", "810"]  # fmt: skip


def _number_of(label: str, previous: str | None) -> str:
    match = re.search(r"\d{3}(?:\.\d{1,3}[a-z]?)?", label)
    if match:
        return match.group(0)
    assert previous, label  # a range end ("f", "10") follows its start
    return previous


def check_page(path: str, expected: list[str]) -> None:
    __tracebackhide__ = True
    page = fetch(path)
    parser = parse(page)
    loaded = loaded_numbers()
    assert len(parser.links) + len(parser.outside) == len(expected), path
    for href, _label in parser.links:
        assert_target_exists(href)
    for label in parser.outside:
        number = _number_of(label, None) if re.search(r"\d{3}", label) else None
        if number:
            assert number not in loaded, label


@pytest.mark.parametrize("number", JA_SECTIONS)
def test_every_rule_reference_in_the_japanese_text_is_a_working_link_or_marked_outside(number):
    section = Section.objects.get(number=number)
    check_page(f"/cr/{number}/", expected_refs(section, Language.JA))


@pytest.mark.parametrize("number", ["120", "510", "616", "702.19", "702.80"])
def test_every_rule_reference_in_the_english_text_too(number):
    section = Section.objects.get(number=number)
    check_page(
        f"/cr/{number}/?lang=both", expected_refs(section, Language.JA) + expected_refs(section, Language.EN)
    )


@pytest.mark.parametrize("number", ["117", "508", "701.27", "903.12"])
def test_every_rule_reference_in_an_english_only_section_is_a_working_link_or_marked_outside(number):
    section = Section.objects.get(number=number)
    check_page(f"/cr/{number}/", expected_refs(section, Language.JA))


def test_all_loaded_sections_are_covered():
    with_japanese = Section.objects.filter(paragraphs__language=Language.JA).distinct()
    assert sorted(with_japanese.values_list("number", flat=True)) == sorted(JA_SECTIONS)


def test_renumbered_and_cross_section_references_link():
    parser = parse(fetch("/cr/510/"))
    # the Japanese rule 731 is the English 733 (Handling Illegal Actions): linked there
    assert ("/cr/733/#cr-733", "rule 731〔不正な処理の扱い〕") in parser.links
    assert parser.outside == []
    # 119 is in the excerpt now: rule 119.9-10 (702.15b) links both ends
    hrefs = {label: href for href, label in parse(fetch("/cr/702.15/")).links}
    assert hrefs["rule 119.9"] == "/cr/119/#cr-119.9" and hrefs["10"] == "/cr/119/#cr-119.10"


def test_cross_section_references_point_at_the_right_page():
    parser = parse(fetch("/cr/120/"))
    hrefs = {label: href for href, label in parser.links}
    assert hrefs["rule 120.6"] == "/cr/120/#cr-120.6"
    assert hrefs["rule 614〔置換効果〕"] == "/cr/614/#cr-614"
    assert hrefs["rule 702.164〔毒性〕"] == "/cr/702.164/#cr-702.164"
    assert hrefs["rule 514.2"] == "/cr/514/#cr-514.2"
    assert hrefs["rule 701.19〔再生する〕"] == "/cr/701.19/#cr-701.19"


def test_glossary_references_work_too():
    terms = Term.objects.all()
    expected = []
    for term in terms:
        expected += rule_refs(term.definition) + rule_refs(term.definition_en, "en") + [term.rule]
    check_page("/cr/glossary/", expected)


@pytest.mark.parametrize("number", ["120", "510", "615", "616", "702.19", "704"])
def test_every_term_and_card_link_resolves(number):
    parser = parse(fetch(f"/cr/{number}/"))
    for href, popover in parser.terms:
        assert_target_exists(href)
        assert Client().get(popover, HTTP_HX_REQUEST="true").status_code == 200
    for href, popover in parser.cards:
        assert href.startswith("/cards/") and popover.startswith("/cr/cards/")  # the page; the popover
        assert Client().get(href).status_code == 200
        assert Client().get(popover, HTTP_HX_REQUEST="true").status_code == 200


def test_terms_link_on_the_pages_that_use_them():
    page = fetch("/cr/120/")
    for term in ("感染", "萎縮", "絆魂", "接死", "毒性", "致死ダメージ", "状況起因処理", "置換効果", "軽減効果",
                 "忠誠カウンター", "守備カウンター", "バトル", "余剰のダメージ", "戦闘ダメージ・ステップ"):  # fmt: skip
        assert f'href="/cr/glossary/#term-{term}"' in page, term
    assert 'href="/cr/glossary/#term-ダメージ"' not in page  # too common to link
    page = fetch("/cr/702.19/")
    for term in ("トランプル", "プレインズウォーカー越えトランプル", "プロテクション"):
        assert f'href="/cr/glossary/#term-{term}"' in page, term
    article = page[page.index('id="cr-702.19a"') : page.index('id="cr-702.19b"')]
    assert 'href="/cr/glossary/#term-トランプル"' not in article  # 702.19a defines trample
    assert 'href="/cr/glossary/#term-破壊不能"' in fetch("/cr/702.12/").split('id="cr-702.12b"')[1]


def test_no_link_inside_another_link():
    for number in ("120", "510", "616", "702.19"):
        page = fetch(f"/cr/{number}/")
        for anchor in re.findall(r"<a\b[^>]*>(.*?)</a>", page, flags=re.S):
            assert "<a" not in anchor
