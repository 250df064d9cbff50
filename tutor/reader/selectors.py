"""Read-only queries of the reader. Keyword-only functions named ``<entity>_<action>``; views stay thin.

``scenarios_for`` draws the reader's 「盤面で試す」 links to the curated boards.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import zip_longest
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet
from django.urls import reverse
from django.utils.safestring import SafeString

from tutor.cards.keywords import glossary_entry
from tutor.common.content_cache import per_content_version
from tutor.common.urls import rule_url
from tutor.lessons.selectors import lesson_list, lessons_by_rule
from tutor.models import Card, Edition, Example, Language, Note, Paragraph, Scenario, Section, Term
from tutor.reader.search_text import closeness, normalise, query_words
from tutor.reader.text import (
    KANA_ROWS,
    CardLink,
    LinkContext,
    TermLink,
    highlight,
    is_rule_number,
    is_within,
    kana_row,
    parse_rule_number,
    ref_matches,
    rule_refs,
    sort_key,
)
from tutor.study.topics import TOPICS as STUDY_TOPICS

SEARCH_MAX_LENGTH = 100
SEARCH_LIMIT = 50

# --- Linking ---------------------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def _url(name: str, argument: str) -> str:
    """``reverse`` for the many term and card links of a page; URLs never change at run time."""
    return reverse(name, args=[argument])


@per_content_version
def link_context_build() -> LinkContext:
    """Everything the linker needs, from the database, built once per content version (the whole CR
    has some 6,000 numbers): our notes and glossary entries edited in the admin are linked with it;
    the CR's own text was linked at import time."""
    return _link_context_query()


def _link_context_query() -> LinkContext:
    sections = list(Section.objects.values_list("number", "title_ja", "number_ja"))
    anchors: dict[str, str] = {number: rule_url(number, number) for number, _, _ in sections}
    title_lists: dict[str, list[str]] = defaultdict(list)
    for number, title, _ in sections:
        title_lists[title].append(number)
    headings = Paragraph.objects.filter(is_current=True, language=Language.JA, is_heading=True)
    for number, text in headings.values_list("number", "text"):
        title_lists[text.split("／")[0].strip()].append(number)
    titles = {title: tuple(numbers) for title, numbers in title_lists.items()}
    ja_numbers = {printed: number for number, _, printed in sections if printed}
    rows = Paragraph.objects.filter(is_current=True).values_list("number", "section__number", "number_ja")
    for number, section, printed in rows:
        anchors[number] = rule_url(section, number)
        if printed:
            ja_numbers[printed] = number
    glossary = reverse("reader:glossary")
    terms: dict[str, TermLink] = {}
    for name, rule, aliases in Term.objects.filter(autolink=True).values_list("name_ja", "rule", "aliases"):
        link = TermLink(
            name=name,
            rule=rule,
            href=f"{glossary}#term-{name}",
            popover_href=_url("reader:term", name),
        )
        for surface in [name, *(aliases or [])]:
            terms[surface] = link
    cards: dict[str, CardLink] = {}
    for ja_name, slug, aliases in Card.objects.exclude(ja_name=None).values_list(
        "ja_name", "slug", "aliases"
    ):
        if ja_name is None or slug is None:
            continue
        card_link = CardLink(
            name=ja_name, href=_url("cards:detail", slug), popover_href=_url("reader:card", ja_name)
        )
        for surface in [ja_name, *(aliases or [])]:
            cards[surface] = card_link
    return LinkContext(anchors=anchors, terms=terms, cards=cards, ja_numbers=ja_numbers, titles=titles)


def revisions_current() -> dict[str, str]:
    """The version date of the current text in each language: ``{"ja": "2026-01-16", "en": …}``."""
    editions = dict(Edition.objects.values_list("language", "revision"))
    if editions:
        return editions
    rows = Paragraph.objects.filter(is_current=True).values_list("language", "revision").distinct()
    return {language: revision for language, revision in sorted(rows)}


def edition_get(*, language: str) -> Edition | None:
    return Edition.objects.filter(language=language).first()


# --- Sections ----------------------------------------------------------------------------------------


@dataclass
class SectionSummary:
    section: Section
    ja_count: int
    en_count: int
    earlier_count: int


@dataclass
class Chapter:
    """A chapter of the CR (「7. その他のルール」) with its rules, for the index page."""

    number: str
    title: str
    summaries: list[SectionSummary]


def chapter_list() -> list[Chapter]:
    """The three-digit rules by chapter (100-123 in 1, …); the keyword pages are reached from 701 and 702."""
    edition = edition_get(language=Language.JA)
    titles = dict(edition.chapters) if edition else {}
    chapters: dict[str, Chapter] = {}
    for summary in section_list(top_level=True):
        head = summary.section.number[0]
        if head not in chapters:
            chapters[head] = Chapter(head, titles.get(head, ""), [])
        chapters[head].summaries.append(summary)
    return list(chapters.values())


def section_list(*, top_level: bool = False) -> list[SectionSummary]:
    """Every section with its paragraph counts; ``top_level``: the three-digit rules only."""
    query = Section.objects.exclude(number__contains=".") if top_level else Section.objects.all()
    sections = query.annotate(
        ja_count=Count("paragraphs", filter=Q(paragraphs__language=Language.JA, paragraphs__is_current=True)),
        en_count=Count("paragraphs", filter=Q(paragraphs__language=Language.EN, paragraphs__is_current=True)),
        earlier_count=Count("paragraphs", filter=Q(paragraphs__is_current=False)),
    ).order_by("position")  # explicit: Meta.ordering is not applied to aggregate queries
    return [SectionSummary(s, s.ja_count, s.en_count, s.earlier_count) for s in sections]


def section_get(*, number: str) -> Section | None:
    if not is_rule_number(number):
        return None
    return Section.objects.filter(number=number).first()


def section_neighbours(*, section: Section) -> tuple[Section | None, Section | None]:
    before = Section.objects.filter(position__lt=section.position).order_by("-position").first()
    after = Section.objects.filter(position__gt=section.position).order_by("position").first()
    return before, after


def paragraph_locate(*, number: str) -> str | None:
    """The section page that shows paragraph ``number`` (current text, either language)."""
    if not is_rule_number(number):
        return None
    return (
        Paragraph.objects.filter(number=number, is_current=True)
        .order_by("language")
        .values_list("section__number", flat=True)
        .first()
    )


@dataclass
class ExampleItem:
    position: int
    anchor: str
    ja: Example | None
    en: Example | None
    scenarios: list[Scenario] = field(default_factory=list)


@dataclass
class ParagraphItem:
    """One paragraph number as the section page shows it: both languages, notes, differences."""

    number: str
    section_number: str
    ja: Paragraph | None
    en: Paragraph | None
    examples: list[ExampleItem]
    notes: list[Note]
    differences: list[str]
    revision_status: str  # "changed" / "new" (compared with the earlier revision) / ""
    scenarios: list[Scenario]
    show_en: bool = False
    toggle_url: str = ""  # the language toggle without JavaScript (set by the view)
    permalink: str = ""  # /cr/120.4a/ (redirects to the section at the anchor)
    diff_url: str = ""  # this paragraph on the revision page, when the section has an earlier revision
    terms: list[str] = field(default_factory=list)  # the glossary entries it defines (not the section's own)

    @property
    def anchor(self) -> str:
        return f"cr-{self.number}"

    @property
    def label(self) -> str:
        """The number shown: a Japanese-only paragraph (``ja-805.10f``) shows the number it prints."""
        if self.number.startswith("ja-") and self.ja is not None:
            return self.ja.number_ja or self.number
        return self.number

    @property
    def is_heading(self) -> bool:
        return any(p is not None and p.is_heading for p in (self.ja, self.en))

    @property
    def depth(self) -> int:
        parts = parse_rule_number(self.number)
        if parts is None or not parts[1]:
            return 0
        return 2 if parts[2] else 1


@dataclass
class SectionPage:
    section: Section
    items: list[ParagraphItem]
    section_notes: list[Note]
    has_earlier: bool
    header_is_anchor: bool  # no paragraph carries the section's own number: the heading does
    children: list[SectionLink] = field(default_factory=list)  # 702: its keyword abilities' pages


@dataclass
class SectionLink:
    """A keyword's page in the index of 701 or 702 (URL built once: 200 of them on a page)."""

    number: str
    title_ja: str
    title_en: str
    has_japanese: bool
    url: str


def section_page(
    *, section: Section, english: bool | set[str] = False, revisions: dict[str, str] | None = None
) -> SectionPage:
    """Every paragraph of ``section`` in order. ``english`` is True (all) or a set of numbers."""
    items, section_notes, has_earlier = _paragraph_items(
        section=section, numbers=None, english=english, revisions=revisions
    )
    children = []
    if "." not in section.number:
        rows = Section.objects.filter(number__startswith=f"{section.number}.").order_by("position")
        children = [
            SectionLink(number, title_ja, title_en, not scope, rule_url(number))
            for number, title_ja, title_en, scope in rows.values_list(
                "number", "title_ja", "title_en", "scope"
            )
        ]
    return SectionPage(
        section=section,
        items=items,
        section_notes=section_notes,
        has_earlier=has_earlier,
        header_is_anchor=section.number not in {item.number for item in items},
        children=children,
    )


def paragraph_item(*, number: str, english: bool) -> ParagraphItem | None:
    """A single paragraph, for the htmx swap of its language toggle."""
    section_number = paragraph_locate(number=number)
    if section_number is None:
        return None
    section = Section.objects.get(number=section_number)
    items, _, _ = _paragraph_items(section=section, numbers={number}, english=english)
    return items[0] if items else None


def _paragraph_items(
    *,
    section: Section,
    numbers: set[str] | None,
    english: bool | set[str],
    revisions: dict[str, str] | None = None,
) -> tuple[list[ParagraphItem], list[Note], bool]:
    """The items of a section page, its section-level notes, and whether it has an earlier revision.
    Queries: paragraphs (all revisions and languages) + their examples, notes, scenarios."""
    revisions = revisions if revisions is not None else revisions_current()
    rows = list(section.paragraphs.prefetch_related(Prefetch("examples", to_attr="example_list")))
    ja = {p.number: p for p in rows if p.is_current and p.language == Language.JA}
    en = {p.number: p for p in rows if p.is_current and p.language == Language.EN}
    earlier = {p.number: p for p in rows if not p.is_current and p.language == Language.JA}
    ordered = sorted(set(ja) | set(en), key=sort_key)
    wanted = ordered if numbers is None else [n for n in ordered if n in numbers]
    notes = defaultdict(list)
    for note in Note.objects.filter(paragraph_number__in=[*wanted, section.number]):
        notes[note.paragraph_number].append(note)
    ja_children, en_children = _children_map(ja), _children_map(en)
    owners = _example_owners(ja, ja_children)
    scenarios = scenarios_by_number(numbers=[*wanted, *(owners[n] for n in wanted if n in owners)])
    # the section's own entries are named under its title (terms_defined_by)
    defined = _terms_by_rule(numbers=[n for n in wanted if n != section.number])
    base = reverse("reader:index")
    items = []
    for number in wanted:
        ja_p, en_p = ja.get(number), en.get(number)
        ja_examples = ja_p.example_list if ja_p else []
        en_examples = en_p.example_list if en_p else []
        examples = [
            ExampleItem(
                position=i,
                anchor=f"cr-{number}-ex{i + 1}",
                ja=ja_examples[i] if i < len(ja_examples) else None,
                en=en_examples[i] if i < len(en_examples) else None,
                scenarios=scenarios.get((number, i), []) + scenarios.get((owners.get(number, ""), i), []),
            )
            for i in range(max(len(ja_examples), len(en_examples)))
        ]
        items.append(
            ParagraphItem(
                number=number,
                section_number=section.number,
                ja=ja_p,
                en=en_p,
                examples=examples,
                notes=notes.get(number, []),
                differences=version_differences(
                    number=number,
                    ja=ja_p,
                    en=en_p,
                    ja_examples=[e.text for e in ja_examples],
                    en_examples=[e.text for e in en_examples],
                    ja_children=ja_children.get(number, set()),
                    en_children=en_children.get(number, set()),
                    revisions=revisions,
                ),
                revision_status=_revision_status(number, ja_p, earlier) if earlier else "",
                scenarios=scenarios.get((number, None), []),
                show_en=english is True or (isinstance(english, set) and number in english),
                permalink=f"{base}{number}/"
                if is_rule_number(number)
                else f"{base}{section.number}/#cr-{number}",
                diff_url=f"{base}{section.number}/diff/#diff-{number}" if earlier else "",
                terms=defined.get(number, []),
            )
        )
    section_notes = [] if section.number in ja or section.number in en else notes.get(section.number, [])
    return items, section_notes, bool(earlier)


def _example_owners(paragraphs: Mapping[str, Paragraph], children: dict[str, set[str]]) -> dict[str, str]:
    """Examples printed after the last sub-rule of a rule that has none of its own (120.4's two
    examples follow 120.4d) also illustrate that rule: ``{"120.4d": "120.4"}``. A board scenario
    may name either number."""
    owners = {}
    for parent, numbers in children.items():
        last = max(numbers, key=sort_key)
        if parent in paragraphs and not _examples(paragraphs[parent]) and _examples(paragraphs[last]):
            owners[last] = parent
    return owners


def _examples(paragraph: Paragraph) -> list[Example]:
    """The examples prefetched with ``Prefetch("examples", to_attr="example_list")``."""
    examples: list[Example] = paragraph.example_list  # type: ignore[attr-defined]  # set by the prefetch
    return examples


def _children_map(numbers: Iterable[str]) -> dict[str, set[str]]:
    """``{"120.4": {"120.4a", …}}``: the lettered sub-rules under each numbered rule."""
    children: dict[str, set[str]] = defaultdict(set)
    for number in numbers:
        parts = parse_rule_number(number)
        if parts and parts[2]:
            children[f"{parts[0]}.{parts[1]}"].add(number)
    return children


def _revision_status(number: str, current: Paragraph | None, earlier: Mapping[str, Paragraph]) -> str:
    if current is None:
        return ""
    old = earlier.get(number)
    if old is None:
        return "new"
    same_text = old.text == current.text
    same_examples = [e.text for e in _examples(old)] == [e.text for e in _examples(current)]
    return "" if same_text and same_examples else "changed"


def version_differences(
    *,
    number: str,
    ja: Paragraph | None,
    en: Paragraph | None,
    ja_examples: list[str],
    en_examples: list[str],
    ja_children: set[str],
    en_children: set[str],
    revisions: dict[str, str],
) -> list[str]:
    """Where the Japanese and English versions of a paragraph differ in a way we can see mechanically:
    one of them lacks the number, their sub-rule letters or their example counts differ, or they
    refer to different rule numbers (e.g. 510.1e: 731 in Japanese, 733 in English)."""
    ja_date, en_date = revisions.get("ja", ""), revisions.get("en", "")
    if ja is None and en is None:
        return []
    if en is None:
        return [f"英語版（{en_date}）にはこの番号の条文がありません。"]
    if ja is None:
        return [f"日本語版（{ja_date}）にはこの番号の条文がありません（英語版だけにあります）。"]
    found = []
    if ja_children != en_children:
        only_en = ", ".join(sorted(en_children - ja_children, key=sort_key)) or "なし"
        only_ja = ", ".join(sorted(ja_children - en_children, key=sort_key)) or "なし"
        found.append(f"下位規則が違います（英語版だけ: {only_en}／日本語版だけ: {only_ja}）。")
    if len(ja_examples) != len(en_examples):
        found.append(f"例の数が違います（日本語 {len(ja_examples)}／英語 {len(en_examples)}）。")
    # the Japanese numbers as the paragraphs they mean (its 「rule 731〔不正な処理の扱い〕」 is 733)
    resolver = link_context_build()
    ja_refs = Counter(
        resolver.resolve_ja(number, title) or number
        for number, title in ref_matches(" ".join([ja.text, *ja_examples]))
    )
    en_refs = Counter(rule_refs(" ".join([en.text, *en_examples]), "en"))
    if ja_refs != en_refs:
        only_ja = ", ".join(sorted((ja_refs - en_refs).elements(), key=sort_key)) or "なし"
        only_en = ", ".join(sorted((en_refs - ja_refs).elements(), key=sort_key)) or "なし"
        found.append(f"参照している条文番号が違います（日本語だけ: {only_ja}／英語だけ: {only_en}）。")
    return found


# --- Revisions ------------------------------------------------------------------------------------


@dataclass
class DiffRow:
    number: str
    status: str  # "same" / "changed" / "added" / "removed"
    old: str
    new: str
    examples: list[tuple[str, str]]  # (old, new) per example position

    @property
    def anchor(self) -> str:
        return f"diff-{self.number}"


def revision_diff(*, section: Section) -> tuple[str, str, list[DiffRow]] | None:
    """The earlier Japanese revision against the current one, paragraph by paragraph."""
    earlier = {
        p.number: p
        for p in section.paragraphs.filter(language=Language.JA, is_current=False).prefetch_related(
            "examples"
        )
    }
    if not earlier:
        return None
    current = {
        p.number: p
        for p in section.paragraphs.filter(language=Language.JA, is_current=True).prefetch_related("examples")
    }
    rows = []
    for number in sorted(set(earlier) | set(current), key=sort_key):
        old, new = earlier.get(number), current.get(number)
        old_examples = [e.text for e in old.examples.all()] if old else []
        new_examples = [e.text for e in new.examples.all()] if new else []
        examples = list(zip_longest(old_examples, new_examples, fillvalue=""))
        if old is None:
            status = "added"
        elif new is None:
            status = "removed"
        elif old.text == new.text and old_examples == new_examples:
            status = "same"
        else:
            status = "changed"
        rows.append(DiffRow(number, status, old.text if old else "", new.text if new else "", examples))
    old_label = next(iter(earlier.values())).revision
    new_label = next(iter(current.values())).revision if current else ""
    return old_label, new_label, rows


# --- Glossary and cards ---------------------------------------------------------------------------


def term_list() -> list[Term]:
    return list(Term.objects.all())


@dataclass
class TermEntry:
    term: Term
    anchor: str  # term-トランプル; a homonym's second sense: term-イベント-Tournament


@dataclass
class TermGroup:
    """One row of the kana table (あ行) in the glossary, with its entries in reading order."""

    row: str  # あ, か, … or 他
    terms: list[TermEntry]

    @property
    def label(self) -> str:
        return f"{self.row}行" if self.row != "他" else "その他"

    @property
    def anchor(self) -> str:
        return f"kana-{self.row}"


def term_groups() -> list[TermGroup]:
    """The glossary by kana row (あ行, か行, …), the rows in table order, empty rows left out."""
    grouped: dict[str, list[TermEntry]] = defaultdict(list)
    seen: set[str] = set()
    for term in Term.objects.order_by("reading", "name_ja", "name_en"):
        anchor = f"term-{term.name_ja}" if term.name_ja not in seen else f"term-{term.name_ja}-{term.name_en}"
        seen.add(term.name_ja)
        grouped[kana_row(term.reading or term.name_ja)].append(TermEntry(term, anchor))
    order = [*KANA_ROWS, "他"]
    return [TermGroup(row, grouped[row]) for row in order if grouped.get(row)]


def _plausible_name(name: str) -> bool:
    """Names come from URLs: refuse control characters (PostgreSQL rejects NUL) and long strings."""
    return bool(name) and len(name) <= 100 and not any(ord(c) < 32 or ord(c) == 127 for c in name)


def term_get(*, name: str) -> Term | None:
    if not _plausible_name(name):
        return None
    term = Term.objects.filter(name_ja=name).first()
    if term is None:
        term = next((t for t in Term.objects.exclude(aliases=[]) if name in (t.aliases or [])), None)
    return term


def terms_defined_by(*, number: str) -> list[str]:
    """The glossary's names whose defining rule is ``number`` (702.19: トランプル), in kana order."""
    return _terms_by_rule(numbers=[number]).get(number, [])


def _terms_by_rule(*, numbers: list[str]) -> dict[str, list[str]]:
    """The glossary's names by the rule that defines them (120.4a: 余剰のダメージ, 致死ダメージ), each list
    in kana order; one query for a whole page."""
    rows = (
        set(Term.objects.filter(rule__in=numbers).values_list("rule", "name_ja", "reading"))
        if numbers
        else set()
    )
    grouped: dict[str, list[str]] = defaultdict(list)
    for rule, name, _ in sorted(rows, key=lambda row: (row[2] or row[1], row[1])):
        grouped[rule].append(name)
    return grouped


def term_senses(*, term: Term) -> list[Term]:
    """Every entry of the glossary under ``term``'s name (イベント: Event and Tournament)."""
    return list(Term.objects.filter(name_ja=term.name_ja).order_by("name_en"))


TERM_BOARDS_SHOWN = 6
TERM_CARDS_SHOWN = 12


@dataclass(frozen=True)
class LessonLink:
    slug: str
    number: int  # its place in the course, from 1
    title: str


@dataclass(frozen=True)
class BoardLink:
    slug: str
    title: str
    illustrates: str


@dataclass(frozen=True)
class RelatedCard:
    slug: str
    display_name: str
    entries: tuple[str, ...]  # the glossary entries of its keywords (トランプル for Trample)
    rules: tuple[str, ...]


@per_content_version
def glossary_by_english() -> dict[str, str]:
    """The glossary's Japanese names by their English ones, casefolded (trample → トランプル)."""
    return {
        en.casefold(): ja for en, ja in Term.objects.exclude(name_en="").values_list("name_en", "name_ja")
    }


@dataclass(frozen=True)
class TopicLink:
    slug: str
    title: str


@dataclass
class TermRelated:
    """Where a glossary term is at work in the tutor: under its defining rule, the lessons that teach
    it, the curated boards that illustrate it, the cards that have it and the practice topics that ask
    about it (each list capped or short; ``*_more`` says how many more there are)."""

    rules: list[str]
    lessons: list[LessonLink] = field(default_factory=list)
    boards: list[BoardLink] = field(default_factory=list)
    boards_more: int = 0
    cards: list[RelatedCard] = field(default_factory=list)
    cards_more: int = 0
    topics: list[TopicLink] = field(default_factory=list)  # practice topics of the same rules

    @property
    def empty(self) -> bool:
        return not (self.lessons or self.boards or self.cards or self.topics)


@per_content_version
def _related_index() -> tuple[dict[str, list[LessonLink]], list[BoardLink], list[RelatedCard]]:
    """The lessons by the paragraphs they teach, the curated boards and the placeable cards, read once
    per content version (the glossary's 700 pages each look through them)."""
    course = lesson_list()
    place = {lesson.pk: number for number, lesson in enumerate(course, start=1)}
    lessons = {
        rule: [LessonLink(lesson.slug, place[lesson.pk], lesson.title) for lesson in taught]
        for rule, taught in lessons_by_rule(course).items()
    }
    rows = Scenario.objects.filter(is_curated=True).exclude(illustrates="")
    boards = [
        BoardLink(s.slug, s.title, s.illustrates)
        for s in sorted(
            (
                s
                for s in rows.only("slug", "title", "illustrates", "example_position", "position")
                if is_rule_number(s.illustrates)
            ),
            key=lambda s: (sort_key(s.illustrates), s.example_position or 0, s.position),
        )
    ]
    glossary = glossary_by_english()
    cards = [
        RelatedCard(
            card.slug,
            card.display_name,
            tuple(
                entry
                for k in card.keywords or []
                if isinstance(k, str) and (entry := glossary_entry(k, glossary)) is not None
            ),
            tuple(n for n in card.rules or [] if isinstance(n, str)),
        )
        # as the catalogue lists them: Japanese names first
        for card in sorted(Card.objects.exclude(slug=None), key=lambda c: (c.ja_name is None, c.display_name))
        if card.slug
    ]
    return lessons, boards, cards


def term_related(*, senses: Iterable[Term]) -> TermRelated:
    """The lessons, curated boards and cards of the rules that define ``senses`` (702.19 takes in
    702.19a-g; 702.1 does not take in 702.19), and the cards with a keyword of the entry (Trample;
    Protection from red for プロテクション: see :func:`tutor.cards.keywords.glossary_entry`)."""
    senses = list(senses)
    rules = sorted({s.rule for s in senses if s.rule and is_rule_number(s.rule)}, key=sort_key)
    names = {s.name_ja for s in senses}
    lessons, boards, cards = _related_index()

    def within(numbers: Iterable[str]) -> bool:
        return any(is_within(number, rule) for number in numbers for rule in rules)

    shown_boards = [b for b in boards if within((b.illustrates,))]
    topics = [TopicLink(t.slug, t.title) for t in STUDY_TOPICS if within(t.rules)]
    shown_cards = [c for c in cards if names.intersection(c.entries) or within(c.rules)]
    return TermRelated(
        rules=rules,
        lessons=sorted(
            {link for rule, links in lessons.items() if within((rule,)) for link in links},
            key=lambda link: link.number,
        ),
        boards=shown_boards[:TERM_BOARDS_SHOWN],
        boards_more=max(0, len(shown_boards) - TERM_BOARDS_SHOWN),
        cards=shown_cards[:TERM_CARDS_SHOWN],
        cards_more=max(0, len(shown_cards) - TERM_CARDS_SHOWN),
        topics=topics,
    )


def card_get(*, name: str) -> Card | None:
    """A card by its Japanese name or one of its other spellings (《マロ―》 -> マロー)."""
    if not _plausible_name(name):
        return None
    card = Card.objects.filter(ja_name=name).first()
    if card is None:
        card = next((c for c in Card.objects.exclude(aliases=[]) if name in (c.aliases or [])), None)
    if card is None or card.slug is None:
        return None
    return card


def card_mentions(*, card: Card) -> list[tuple[str, str]]:
    """``(paragraph number, section number)`` of the current paragraphs whose text or 例 names the card."""
    surfaces = [name for name in (card.ja_name, *(card.aliases or [])) if name]
    if not surfaces:
        return []
    text_q, example_q = Q(), Q()
    for surface in surfaces:
        text_q |= Q(text__contains=f"《{surface}》")
        example_q |= Q(examples__text__contains=f"《{surface}》")
    rows = (
        Paragraph.objects.filter(is_current=True, language=Language.JA)
        .filter(text_q | example_q)
        .values_list("number", "section__number")
        .distinct()
    )
    return sorted(set(rows), key=lambda row: sort_key(row[0]))


# --- Search ---------------------------------------------------------------------------------------


@dataclass
class SearchResult:
    kind: str  # 条文 / 例 / 用語 / English
    number: str
    title: str
    url: str
    snippet: SafeString
    lang: str = "ja"
    source: str = field(default="", repr=False)  # the text the snippet is cut from (for the shown ones)


@dataclass
class SearchResults:
    query: str
    results: list[SearchResult]
    total: int

    @property
    def truncated(self) -> int:
        return max(0, self.total - len(self.results))


def _matching(query: QuerySet[Any], words: list[tuple[str, ...]]) -> QuerySet[Any]:
    """Rows whose normalised text holds every word (any of its forms): plain ``LIKE``, the same on
    SQLite and PostgreSQL because both sides are normalised alike."""
    for forms in words:
        either = Q()
        for form in forms:
            either |= Q(search_text__contains=form)
        query = query.filter(either)
    return query


def search(*, query: str, limit: int = SEARCH_LIMIT) -> SearchResults:
    """Search the whole CR (both languages, paragraphs and examples) and the glossary for every word of
    ``query`` (split at spaces; all must occur), kana-, width- and case-insensitive
    (:mod:`tutor.reader.search_text`).

    Ranked: the rule that defines a glossary entry named by the query (飛行 -> 702.9), then the
    glossary entries whose name holds the words, then paragraphs and examples: those in the rule of
    an entry the query names first (「トランプル 2体」 -> 702.19b), then by how close together the words
    occur, Japanese before English, in CR order.

    Each result is labelled by what it opens: 「条文」「例」「English」 open a paragraph of the
    rules (with its number), 「用語」 the glossary entry (no number: it does not open the rule).
    """
    query = (query or "").strip()
    words = query_words(query)
    if not words or not all(all(forms) for forms in words):
        return SearchResults(query="", results=[], total=0)
    base = reverse("reader:index")
    results: list[SearchResult] = []
    if is_rule_number(query):
        section = paragraph_locate(number=query) or (query if section_get(number=query) else None)
        if section:
            results.append(
                SearchResult("条文", query, f"{query} へ移動", f"{base}{section}/#cr-{query}", SafeString(""))
            )
    whole = normalise(query)
    defining: list[SearchResult] = []
    named_rules: list[str] = []  # the rules of the entries the query names
    entries: list[tuple[int, SearchResult]] = []
    for term in _matching(Term.objects.all(), words).order_by("reading", "name_ja", "name_en"):
        names = [normalise(n) for n in (term.name_ja, term.reading, term.name_en) if n]
        exact = whole in names
        name_match = any(closeness(n, words) is not None for n in names)
        if term.rule and any(n in whole for n in names if len(n) > 1):
            named_rules.append(term.rule)
        if exact and term.rule:
            defining.append(_defining_result(term, base))
        # the title names the entry: the snippet is the definition where it has the words, else the name
        # that matched (a snippet always shows what was found)
        if closeness(normalise(term.definition), words) is not None:
            source, language = term.definition, "ja"
        elif name_match:
            source = next(
                (
                    n
                    for n in (term.name_ja, term.reading, term.name_en)
                    if n and closeness(normalise(n), words) is not None
                ),
                term.name_ja,
            )
            language = "en" if source == term.name_en else "ja"
        else:
            source, language = term.definition_en, "en"
        entry = SearchResult(
            "用語",
            "",
            term.name_ja,
            _url("reader:term", term.name_ja),  # the entry's page: its senses, lessons, boards and cards
            SafeString(""),
            language,
            source,
        )
        entries.append((0 if exact else 1 if name_match else 2, entry))
    ranked: list[tuple[tuple[int, int, int, int], int, SearchResult]] = []
    paragraphs = _matching(Paragraph.objects.filter(is_current=True), words).values_list(
        "number", "text", "search_text", "language", "section__number", "section__title_ja", "position"
    )

    # one word: every match is as close as can be; the stretch is measured for several words only
    def stretch_of(folded: str) -> int | None:
        return closeness(folded, words) if len(words) > 1 else 0

    def rank(kind: str, number: str, title: str, url: str, language: str, text: str, folded: str, position: int,
             order: int) -> None:  # fmt: skip
        """A paragraph (order 0) or example (1) that holds every word, ranked: in a named keyword's rule
        first, then by how close the words stand, Japanese before English."""
        stretch = stretch_of(folded)
        if stretch is None:
            return
        result = SearchResult(
            kind if language == Language.JA else "English", number, title, url, SafeString(""), language, text
        )
        in_named = any(is_within(number.removeprefix("ja-"), rule) for rule in named_rules)
        ranked.append(
            ((0 if in_named else 1, stretch, 0 if language == Language.JA else 1, order), position, result)
        )

    for number, text, folded, language, section_number, title, position in paragraphs:
        rank(
            "条文", number, title, f"{base}{section_number}/#cr-{number}", language, text, folded, position, 0
        )
    examples = _matching(Example.objects.filter(paragraph__is_current=True), words).values_list(
        "text",
        "search_text",
        "position",
        "paragraph__number",
        "paragraph__language",
        "paragraph__section__number",
        "paragraph__section__title_ja",
        "paragraph__position",
    )
    for text, folded, example_position, number, language, section_number, title, position in examples:
        url = f"{base}{section_number}/#cr-{number}-ex{example_position + 1}"
        rank("例", number, title, url, language, text, folded, position, 1)
    ranked.sort(key=lambda row: (row[0], row[1]))
    entries.sort(key=lambda row: row[0])  # stable: reading order within each rank
    named = [entry for rank, entry in entries if rank < 2]
    by_definition = [entry for rank, entry in entries if rank == 2]  # after the rules: a passing mention
    results += defining + named + [result for _, _, result in ranked] + by_definition
    shown = results[:limit]
    for result in shown:  # only the results shown are cut into snippets: a one-letter query finds hundreds
        if result.source:
            result.snippet = highlight(result.source, query)
    return SearchResults(query=query, results=shown, total=len(results))


def _defining_result(term: Term, base: str) -> SearchResult:
    """The rule that defines ``term``, as the first answer to a query that names it."""
    section = paragraph_locate(number=term.rule) or (term.rule if section_get(number=term.rule) else "")
    title = (
        Section.objects.filter(number=term.rule).values_list("title_ja", flat=True).first() or term.name_ja
    )
    first = (
        Paragraph.objects.filter(
            is_current=True, language=Language.JA, number__in=[term.rule, f"{term.rule}a", f"{term.rule}.1"]
        )
        .order_by("position")
        .values_list("text", flat=True)
        .first()
    )
    return SearchResult(
        "条文",
        term.rule,
        f"{title}（「{term.name_ja}」を定義している条文）",
        f"{base}{section or term.rule}/#cr-{term.rule}",
        SafeString(""),
        "ja",
        first or term.definition,
    )


# --- The board's links ("盤面で試す") ---------------------------------------------------------------


def scenarios_for(paragraph_number: str) -> list[Scenario]:
    """Curated board scenarios that illustrate a paragraph (the board area may refine this)."""
    return list(Scenario.objects.filter(illustrates=paragraph_number))


def scenarios_by_number(*, numbers: list[str] | set[str]) -> dict[tuple[str, int | None], list[Scenario]]:
    """Scenarios for many paragraphs in one query, keyed by ``(number, example position or None)``."""
    grouped: dict[tuple[str, int | None], list[Scenario]] = defaultdict(list)
    if not numbers:
        return grouped
    for scenario in Scenario.objects.filter(illustrates__in=list(numbers)).only(
        "slug", "title", "illustrates", "example_position", "position"
    ):
        grouped[(scenario.illustrates, scenario.example_position)].append(scenario)
    return grouped
