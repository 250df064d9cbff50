"""CR text -> linked HTML: rule references, glossary terms and 《card》 names.

Safety: the source text is cut into tokens, and every character of it reaches the output exactly
once, through :func:`django.utils.html.escape` (plain runs) or :func:`format_html` (the pieces we
link). Nothing from the text is ever marked safe as it is; ``mark_safe`` is used only to join parts
that are already safe. So any text (``<script>``, quotes, ``&``) comes out escaped.

What is linked (documented choice, see the reader's note):

- Rule references: ``rule 120.6``, ``rules 614.1c–d``, ``rule 614〔置換効果〕`` (the bracketed title is
  part of the link), ranges ``616.1a-f`` / ``119.9-10`` (both ends are linked), and bare dotted
  numbers such as ``702.19b``. A number that is loaded links to its anchor; any other number is a
  marked outside reference (``span.ref--outside``), never a broken link.
- Glossary terms whose ``autolink`` is on (the damage rules' words and every keyword ability), longest
  match first (プレインズウォーカー越えトランプル before トランプル, 戦闘ダメージ・ステップ before
  戦闘ダメージ), once per text block (the first occurrence in a paragraph, an example or a note), never
  in the paragraph that defines the term (see :func:`defining_paragraphs`) nor on a keyword's own page
  (:func:`on_its_own_page`), never inside another link (a card name or a rule title), never inside a
  longer word that means something else (:data:`NOT_TERMS`: the 飛行 of 飛行機械).
- Card names in 《》 that are known (by name or alias) link to the card page and open the popover.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

# A CR number as the reader accepts it in URLs: 120, 120.4, 120.4a, 704.5z.
RULE_NUMBER_RE = re.compile(r"^(?P<rule>\d{3})(?:\.(?P<sub>\d{1,3})(?P<letter>[a-z]?))?$")

_NUM = r"\d{3}(?:\.\d{1,3}[a-z]?)?"
_DOTTED = r"\d{3}\.\d{1,3}[a-z]?"
# The end of a range: a letter after a lettered number (616.1a-f), digits after a dotted number (119.9-10).
_RANGE = r"(?:(?P<dash>\s?[-–～〜]\s?)(?P<end>[a-z](?![A-Za-z0-9])|\d{1,3}(?![\d/])))?"

_CARD = r"《(?P<card>[^《》\n]{1,60})》"
_REF_JA = rf"(?<![A-Za-z])(?P<word>rules?\s?)(?P<num>{_NUM})(?![\d])(?P<title>〔[^〕\n]{{1,40}}〕)?{_RANGE}"
_REF_EN = rf"(?<![A-Za-z])(?P<word>rules?\s)(?P<num>{_NUM})(?![\d]){_RANGE}"
_BARE = rf"(?<![\d.])(?P<bare>{_DOTTED})(?![\d]){_RANGE.replace('dash', 'bdash').replace('end', 'bend')}"
# 「727〔RADカウンター〕」: a number with its title and no "rule" before it (Japanese text only)
_TITLED = rf"(?<![\d.A-Za-z])(?P<tnum>{_NUM})(?![\d])(?P<ttitle>〔[^〕\n]{{1,40}}〕)"

OUTSIDE_TITLE = "このチューターには未収録"

# Words that hold a linked term but are other words (a subtype, a creature type, a variant's name):
# matched as words of their own, longest first, so the term inside them stays plain.
NOT_TERMS = ("飛行機械", "装備品", "多相の戦士", "クリーチャー配備")


def parse_rule_number(number: str) -> tuple[str, str, str] | None:
    """``"120.4a"`` -> ``("120", "4", "a")``; ``None`` when it is not a CR number.

    >>> parse_rule_number("702.19b")
    ('702', '19', 'b')
    >>> parse_rule_number("120")
    ('120', '', '')
    >>> parse_rule_number("999.9z.1") is None
    True
    """
    match = RULE_NUMBER_RE.match(number or "")
    if not match:
        return None
    return match.group("rule"), match.group("sub") or "", match.group("letter") or ""


def is_rule_number(number: str) -> bool:
    return parse_rule_number(number) is not None


def is_within(number: str, parent: str) -> bool:
    """True when ``number`` is ``parent`` or one of its sub-rules (120.4a is within 120 and 120.4).

    >>> is_within("702.19b", "702.19"), is_within("702.190", "702.19"), is_within("120.4a", "120")
    (True, False, True)
    """
    child, outer = parse_rule_number(number), parse_rule_number(parent)
    if child is None or outer is None:
        return False
    if outer[1] == "":
        return child[0] == outer[0]
    if outer[2] == "":
        return child[:2] == outer[:2]
    return child == outer


def defining_paragraphs(rule: str) -> tuple[str, ...]:
    """Where a term with defining rule ``rule`` must not be linked: that paragraph and, when it has
    sub-rules, the first one (by CR convention the sentence that says what the term is).

    >>> defining_paragraphs("702.19"), defining_paragraphs("704"), defining_paragraphs("120.4a")
    (('702.19', '702.19a'), ('704', '704.1'), ('120.4a',))
    """
    parts = parse_rule_number(rule)
    if parts is None:
        return ()
    if not parts[1]:
        return (rule, f"{rule}.1")
    if not parts[2]:
        return (rule, f"{rule}a")
    return (rule,)


def on_its_own_page(number: str, rule: str) -> bool:
    """True when paragraph ``number`` is on the reader's page of the keyword rule ``rule`` defines
    (702.13c under 702.13〔威嚇〕): a keyword's page links its name nowhere, the reader is already there.

    >>> on_its_own_page("702.13c", "702.13"), on_its_own_page("509.1b", "702.13"), on_its_own_page("120.4a", "120")
    (True, False, False)
    """
    parts = parse_rule_number(rule)
    return bool(parts and parts[0] in ("701", "702") and parts[1] and not parts[2]) and is_within(
        number, rule
    )


def section_of(number: str, section_numbers: Iterable[str]) -> str | None:
    """The most specific section that holds ``number`` (``702.19b`` -> ``702.19``, ``120.4a`` -> ``120``)."""
    best = None
    for section in section_numbers:
        if is_within(number, section) and (best is None or len(section) > len(best)):
            best = section
    return best


def sort_key(number: str) -> tuple[int, int, str]:
    """Order CR numbers as the rules do (120.10 after 120.9); a Japanese-only paragraph stored as
    ``ja-805.10f`` (or ``ja-505.4-2``, printed twice) right after the number it prints.

    >>> sorted(["805.10g", "ja-805.10f", "805.10f", "805.10"], key=sort_key)
    ['805.10', '805.10f', 'ja-805.10f', '805.10g']
    """
    if number.startswith("ja-"):
        printed, _, copy = number[3:].partition("-")
        rule, sub, letter = sort_key(printed)
        return (rule, sub, letter + "~" + copy)
    parts = parse_rule_number(number)
    if parts is None:
        return (10**6, 0, number)
    return (int(parts[0]), int(parts[1] or -1), parts[2])


def range_end(start: str, end: str) -> str | None:
    """The number a range ends on: ``616.1a`` + ``f`` -> ``616.1f``; ``119.9`` + ``10`` -> ``119.10``."""
    parts = parse_rule_number(start)
    if parts is None or not parts[1]:
        return None
    rule, sub, letter = parts
    if end.isalpha():
        return f"{rule}.{sub}{end}" if letter and end > letter else None
    if not letter and end.isdigit() and int(end) > int(sub):
        return f"{rule}.{end}"
    return None


JA_LAGGING_RULES = range(721, 732)
"""Rules whose numbers the Japanese text of 2026-01-16 cites as they were before 721 moved them on."""


def _under(number: str, heading: str) -> bool:
    """``number`` is ``heading`` or a sub-rule of it (a title that confirms the number as written)."""
    return (
        number == heading
        or number.startswith(heading + ".")
        or ("." in heading and number.startswith(heading) and number[len(heading) :].isalpha())
    )


@dataclass(frozen=True)
class TermLink:
    name: str  # the entry's name (name_ja)
    rule: str  # the defining paragraph or section
    href: str  # the glossary page at the entry's anchor (works without JS)
    popover_href: str  # the per-term page, used by htmx as the popover content


@dataclass(frozen=True)
class CardLink:
    name: str  # canonical Japanese name
    href: str  # the card's page (works without JS)
    popover_href: str = ""  # the reader's card popover, used by htmx (default: ``href``)


@dataclass(frozen=True)
class LinkContext:
    """What the linker knows: loaded anchors, linkable terms, known cards. Built by a selector."""

    anchors: Mapping[str, str] = field(default_factory=dict)  # CR number -> URL with #fragment
    terms: Mapping[str, TermLink] = field(default_factory=dict)  # surface form -> term
    cards: Mapping[str, CardLink] = field(default_factory=dict)  # surface form (name or alias) -> card
    popover_target: str = "#cr-popover"
    # The Japanese text's own numbers -> the stored (English) ones, where they differ (722 -> 723)
    ja_numbers: Mapping[str, str] = field(default_factory=dict)
    # a section's or heading's Japanese title -> the stored numbers of that title (「〔不正な処理の扱い〕」 -> 733)
    titles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def resolve_ja(self, number: str, title: str = "") -> str | None:
        """The stored number a reference in the Japanese text means. The Japanese text's own numbers
        sometimes lag its renumbering: a 〔title〕 names the rule meant (「rule 731〔不正な処理の扱い〕」 is
        its 732, stored as the English 733); without one, a number in the Japanese numbering (722.1 ->
        723.1), else as written, else one rule on for a number of 721-731 that the Japanese text does
        not have (its 723.1a cites 「rule 722.1f」, written before 721 配備カード moved the rules on).
        ``None`` when nothing has it.

        >>> ctx = LinkContext(anchors=dict.fromkeys(["303", "702.5", "732", "733", "733.2", "724.1f"], "/"),
        ...     ja_numbers={"731": "732", "732": "733", "723.1f": "724.1f"},
        ...     titles={"不正な処理の扱い": ("733",), "エンチャント": ("303", "702.5")})
        >>> ctx.resolve_ja("731", "〔不正な処理の扱い〕"), ctx.resolve_ja("731.2", "〔不正な処理の扱い〕")
        ('733', '733.2')
        >>> ctx.resolve_ja("702.5", "〔エンチャント〕"), ctx.resolve_ja("731"), ctx.resolve_ja("722.1f")
        ('702.5', '732', '724.1f')
        >>> ctx.resolve_ja("999") is None
        True
        """
        direct = [c for c in (self.ja_numbers.get(number), number) if c and c in self.anchors]
        named = self.titles.get(title.strip("〔〕"), ()) if title else ()
        if named and not any(_under(d, n) for d in direct for n in named):
            by_title = named[0]
            parts, titled = parse_rule_number(number), parse_rule_number(by_title)
            # the title names a whole rule: a sub-rule keeps its place under it (731.2 -> 733.2)
            if parts and titled and not titled[1] and parts[1]:
                moved = f"{by_title}.{parts[1]}{parts[2]}"
                if moved in self.anchors:
                    return moved
            if by_title in self.anchors:
                return by_title
        if direct:
            return direct[0]
        head, dot, rest = number.partition(".")
        if head.isdigit() and int(head) in JA_LAGGING_RULES:
            later = f"{int(head) + 1}{dot}{rest}"
            target = self.ja_numbers.get(later, later)
            if target in self.anchors:
                return target
        return None

    def pattern(self, lang: str) -> re.Pattern[str]:
        return _compiled_pattern(tuple(sorted(self.terms)) if lang == "ja" else (), lang)


@lru_cache(maxsize=32)
def _compiled_pattern(surfaces: tuple[str, ...], lang: str) -> re.Pattern[str]:
    parts = [_CARD, _REF_JA, _TITLED] if lang == "ja" else [_REF_EN]
    parts.append(_BARE)
    if surfaces:
        ordered = sorted({*surfaces, *NOT_TERMS}, key=lambda s: (-len(s), s))  # longest first
        parts.append("(?P<term>" + "|".join(re.escape(s) for s in ordered) + ")")
    return re.compile("|".join(parts))


def rule_refs(text: str, lang: str = "ja") -> list[str]:
    """Every CR number the text refers to, in order; a range gives both ends.

    >>> rule_refs("rule 616.1a-f と rule 119.9-10、702.19b 参照")
    ['616.1a', '616.1f', '119.9', '119.10', '702.19b']
    >>> rule_refs("See rules 614.1c–d and rule 704.", lang="en")
    ['614.1c', '614.1d', '704']
    """
    found: list[str] = []
    for match in _compiled_pattern((), lang).finditer(text):
        groups = match.groupdict()
        number = groups.get("num") or groups.get("bare") or groups.get("tnum")
        if not number:
            continue
        found.append(number)
        end = groups.get("end") or groups.get("bend")
        if end and (target := range_end(number, end)):
            found.append(target)
    return found


def ref_matches(text: str) -> list[tuple[str, str]]:
    """``(number, 〔title〕 or "")`` of every rule reference in Japanese text, range ends included.

    >>> ref_matches("rule 731〔不正な処理の扱い〕、727〔RADカウンター〕 と 616.1a-c")
    [('731', '〔不正な処理の扱い〕'), ('727', '〔RADカウンター〕'), ('616.1a', ''), ('616.1c', '')]
    """
    found: list[tuple[str, str]] = []
    for match in _compiled_pattern((), "ja").finditer(text):
        groups = match.groupdict()
        number = groups.get("num") or groups.get("bare") or groups.get("tnum")
        if not number:
            continue
        found.append((number, groups.get("title") or groups.get("ttitle") or ""))
        end = groups.get("end") or groups.get("bend")
        if end and (target := range_end(number, end)):
            found.append((target, ""))
    return found


def _ref(number: str, label: str, ctx: LinkContext, lang: str = "ja", title: str = "") -> SafeString:
    """A link when the rule is loaded; otherwise, in English text plain text, and in Japanese text a
    marked outside reference (the reference test finds none but the documented exceptions)."""
    if lang == "ja":
        target = ctx.resolve_ja(number, title)
        href = ctx.anchors.get(target) if target else None
    else:
        href = ctx.anchors.get(number)
    if href:
        return format_html('<a class="ref" href="{}">{}</a>', href, label)
    if lang != "ja":
        return escape(label)
    return format_html(
        '<span class="ref ref--outside" title="{}">{}<span class="visually-hidden">（{}）</span></span>',
        OUTSIDE_TITLE,
        label,
        OUTSIDE_TITLE,
    )


def _range_tail(
    number: str, dash: str | None, end: str | None, ctx: LinkContext, lang: str = "ja"
) -> SafeString:
    if not end:
        return SafeString("")
    target = range_end(number, end)
    if target is None:
        return escape((dash or "") + end)
    return format_html("{}{}", dash or "", _ref(target, end, ctx, lang))


def link_text(
    text: str,
    ctx: LinkContext,
    *,
    number: str = "",
    lang: str = "ja",
    exclude_terms: Iterable[str] = (),
) -> SafeString:
    """Render CR (or our own) text as HTML with its references, terms and cards linked.

    ``number`` is the paragraph the text belongs to (terms it defines are not linked there).

    >>> ctx = LinkContext(anchors={"120.6": "/cr/120/#cr-120.6"})
    >>> str(link_text("致死ダメージ(rule 120.6 参照)<b>", ctx))
    '致死ダメージ(<a class="ref" href="/cr/120/#cr-120.6">rule 120.6</a> 参照)&lt;b&gt;'

    A term inside a longer word of :data:`NOT_TERMS` stays plain; the term on its own is linked:

    >>> flying = TermLink(name="飛行", rule="702.9", href="/g/#term-飛行", popover_href="/g/飛行/")
    >>> terms = LinkContext(terms={"飛行": flying})
    >>> str(link_text("飛行機械・トークン", terms)), "term-ref" in link_text("飛行機械は飛行を持つ", terms)
    ('飛行機械・トークン', True)
    """
    if not text:
        return SafeString("")
    excluded = set(exclude_terms)
    linked_terms: set[str] = set()
    parts: list[str] = []
    position = 0
    for match in ctx.pattern(lang).finditer(text):
        parts.append(escape(text[position : match.start()]))
        position = match.end()
        whole = match.group(0)
        groups = match.groupdict()
        if groups.get("card") is not None:
            card = ctx.cards.get(groups["card"])
            if card is None:
                parts.append(escape(whole))
            else:
                parts.append(
                    format_html(
                        '<a class="card-ref" href="{}" hx-get="{}" hx-target="{}" hx-swap="innerHTML"'
                        ' aria-haspopup="dialog">{}</a>',
                        card.href,
                        card.popover_href or card.href,
                        ctx.popover_target,
                        whole,
                    )
                )
        elif groups.get("num") is not None:
            label = groups["word"] + groups["num"] + (groups.get("title") or "")
            parts.append(_ref(groups["num"], label, ctx, lang, groups.get("title") or ""))
            parts.append(_range_tail(groups["num"], groups.get("dash"), groups.get("end"), ctx, lang))
        elif groups.get("tnum") is not None:
            parts.append(_ref(groups["tnum"], groups["tnum"] + groups["ttitle"], ctx, lang, groups["ttitle"]))
        elif groups.get("bare") is not None:
            parts.append(_ref(groups["bare"], groups["bare"], ctx, lang))
            parts.append(_range_tail(groups["bare"], groups.get("bdash"), groups.get("bend"), ctx, lang))
        elif groups.get("term") is not None:
            term = ctx.terms.get(whole)
            if (
                term is None
                or term.name in linked_terms
                or term.name in excluded
                or (
                    number
                    and (number in defining_paragraphs(term.rule) or on_its_own_page(number, term.rule))
                )
            ):
                parts.append(escape(whole))
            else:
                linked_terms.add(term.name)
                parts.append(
                    format_html(
                        '<a class="term-ref" href="{}" hx-get="{}" hx-target="{}" hx-swap="innerHTML"'
                        ' aria-haspopup="dialog">{}</a>',
                        term.href,
                        term.popover_href,
                        ctx.popover_target,
                        whole,
                    )
                )
        else:  # pragma: no cover - every alternative has a named group
            parts.append(escape(whole))
    parts.append(escape(text[position:]))
    return mark_safe("".join(parts))  # every part above is escaped or built by format_html


# --- Revisions: a word-by-word diff for Japanese (no spaces between words) -------------------------

_TOKEN_RE = re.compile(
    r"[\u4e00-\u9fff\u3400-\u4dbf々〆ヵヶ]+"  # kanji run
    r"|[\u3041-\u309f]+"  # hiragana run
    r"|[\u30a0-\u30ffー・\uff66-\uff9f]+"  # katakana run (with ー and ・)
    r"|[A-Za-z0-9０-９Ａ-Ｚａ-ｚ]+(?:[./][A-Za-z0-9]+)*"  # latin words, numbers, 120.4a, 2/2
    r"|\s+"
    r"|.",
    re.DOTALL,
)


def tokenize_ja(text: str) -> list[str]:
    """Split Japanese text where the script changes (kanji / kana / latin) and at punctuation.

    >>> tokenize_ja("受けたダメージは、rule 120.6 参照")
    ['受', 'けた', 'ダメージ', 'は', '、', 'rule', ' ', '120.6', ' ', '参照']
    """
    return _TOKEN_RE.findall(text)


def diff_html(old: str, new: str) -> SafeString:
    """``old`` -> ``new`` as HTML with ``<del>`` / ``<ins>``, compared token by token."""
    a, b = tokenize_ja(old), tokenize_ja(new)
    parts: list[str] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            parts.append(escape("".join(a[i1:i2])))
            continue
        if op in ("delete", "replace"):
            parts.append(format_html("<del>{}</del>", "".join(a[i1:i2])))
        if op in ("insert", "replace"):
            parts.append(format_html("<ins>{}</ins>", "".join(b[j1:j2])))
    return mark_safe("".join(parts))  # built from escape() / format_html() pieces only


# --- Search: a snippet around the first match, the matches marked ---------------------------------


_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
# full-width ASCII (Ｔｒａｍｐｌｅ, ２体) as ASCII, one character for one as NFKC would
_FOLD = _KATAKANA_TO_HIRAGANA | {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def fold(text: str) -> str:
    """Text as the snippets compare it: lower case, katakana as hiragana, full-width letters and digits
    as ASCII, one character for one (so a position in the folded text is the same position in the
    original).

    >>> fold("トランプル Trample とらんぷる ２体")
    'とらんぷる trample とらんぷる 2体'
    """
    return "".join(c if len(low := c.lower()) != 1 else low for c in text.translate(_FOLD)).translate(_FOLD)


def search_words(query: str, *, limit: int = 8) -> list[str]:
    """The words of a query (split at ASCII or full-width spaces), folded, at most ``limit``.

    >>> search_words("接死　トランプル  ")
    ['接死', 'とらんぷる']
    """
    return [fold(word) for word in query.split()][:limit]


def matches_all(text: str, words: Iterable[str]) -> bool:
    """Every word occurs in ``text`` (kana- and case-insensitive).

    >>> matches_all("トランプルと接死を持つ", ["接死", "とらんぷる"]), matches_all("接死", ["接死", "飛行"])
    (True, False)
    """
    folded = text.lower().translate(_FOLD)  # the fast fold: positions do not matter here
    return all(word in folded for word in words)


def highlight(text: str, query: str, *, context: int = 40) -> SafeString:
    """An escaped snippet of ``text`` around the first match of ``query``'s words, matches in ``<mark>``.
    Several words are each marked; kana and case do not matter.

    >>> str(highlight("a<b>感染を持つ", "感染"))
    'a&lt;b&gt;<mark>感染</mark>を持つ'
    >>> str(highlight("トランプルと接死", "接死 とらんぷる"))
    '<mark>トランプル</mark>と<mark>接死</mark>'
    """
    words = [w for w in search_words(query) if w]
    if not words:
        return escape(text[: context * 2])
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))
    folded = fold(text)
    first = pattern.search(folded)
    if first is None:
        return escape(text[: context * 2])
    start = max(0, first.start() - context)
    end = min(len(text), first.end() + context)
    parts: list[str] = ["…" if start > 0 else ""]
    position = start
    for match in pattern.finditer(folded, start, end):
        if match.end() > end:
            break
        parts.append(escape(text[position : match.start()]))
        parts.append(format_html("<mark>{}</mark>", text[match.start() : match.end()]))
        position = match.end()
    parts.append(escape(text[position:end]))
    parts.append("…" if end < len(text) else "")
    return mark_safe("".join(parts))  # escape() / format_html() pieces and literal ellipses


# --- The glossary's kana index ----------------------------------------------------------------------

KANA_ROWS = ("あ", "か", "さ", "た", "な", "は", "ま", "や", "ら", "わ")
_ROW_STARTS = "あかさたなはまやらわ"
_ROW_ENDS = "おこそとのほもよろん"


def kana_row(reading: str) -> str:
    """The row of the kana table a reading starts in (「あ」 for あ行), voiced kana with their plain
    ones (だ in た行, ぷ in は行); 「他」 for a reading that does not start with kana.

    >>> [kana_row(r) for r in ("いしゅく", "だめーじ", "ぷろてくしょん", "トランプル", "ゆうはつ", "")]
    ['あ', 'た', 'は', 'た', 'や', '他']
    """
    first = fold(unicodedata.normalize("NFD", reading[:1]))[:1]
    for start, end in zip(_ROW_STARTS, _ROW_ENDS, strict=True):
        if first and start <= first <= end:
            return start
    return "他"


# --- Mana costs: {4}{W} as the learner reads it --------------------------------------------------

MANA_COLOURS = {"W": "白", "U": "青", "B": "黒", "R": "赤", "G": "緑", "C": "無色", "S": "氷雪"}
_MANA_SYMBOL = re.compile(r"\{([^{}]{1,8})\}")


TEXT_SYMBOLS = {"T": "タップ", "Q": "アンタップ", "E": "エネルギー"}


def _mana_symbol(symbol: str) -> tuple[str, str]:
    """One symbol as (what is shown, what is read aloud): ``4`` -> ("4", "不特定4"), ``W/P`` ->
    ("白/Φ", "白またはライフ2点"), ``T`` -> ("T", "タップ")."""
    if symbol in TEXT_SYMBOLS:
        return symbol, TEXT_SYMBOLS[symbol]
    if symbol.isdigit() or symbol in {"X", "Y", "Z"}:
        return symbol, f"不特定{symbol}"
    parts = symbol.split("/")
    shown = "/".join("Φ" if p == "P" else MANA_COLOURS.get(p, p) for p in parts)
    spoken = "または".join(
        "ライフ2点" if p == "P" else (f"不特定{p}" if p.isdigit() else MANA_COLOURS.get(p, p)) for p in parts
    )
    return shown, spoken


def mana_cost_html(cost: str) -> SafeString:
    """A mana cost such as ``{4}{W}`` as readable symbols 「(4)(白)」, with an ``aria-label``.

    >>> str(mana_cost_html("{4}{W}"))
    '<span class="mana-cost" role="img" aria-label="マナ・コスト：不特定4、白"><span class="mana">(4)</span><span class="mana mana--W">(白)</span></span>'
    >>> str(mana_cost_html("")), "(&lt;b&gt;)" in str(mana_cost_html("{2/G}{<b>}"))
    ('<span class="mana-cost muted">なし</span>', True)
    """
    symbols = _MANA_SYMBOL.findall(cost or "")
    if not symbols:
        return SafeString('<span class="mana-cost muted">なし</span>')
    shown_parts: list[str] = []
    spoken: list[str] = []
    for symbol in symbols:
        shown, said = _mana_symbol(symbol)
        spoken.append(said)
        css = f"mana--{symbol}" if symbol in MANA_COLOURS else ("" if symbol.isdigit() else "mana--x")
        shown_parts.append(format_html('<span class="mana{}">({})</span>', f" {css}" if css else "", shown))
    return format_html(
        '<span class="mana-cost" role="img" aria-label="マナ・コスト：{}">{}</span>',
        "、".join(spoken),
        mark_safe("".join(shown_parts)),  # each part built by format_html
    )


def symbols_in_text_html(text: str, *, english: bool = False) -> SafeString:
    """Card text with its symbols (``{T}``, ``{1}{G}``) drawn as the mana cost is, each read aloud by
    its name; the rest of the text escaped. In English text a symbol keeps its letter (「(G)」).

    >>> str(symbols_in_text_html("{T}：{G}を加える。<b>"))
    '<span class="mana" role="img" aria-label="タップ">(T)</span>：<span class="mana mana--G" role="img" aria-label="緑">(緑)</span>を加える。&lt;b&gt;'
    >>> str(symbols_in_text_html("Add {G}.", english=True))
    'Add <span class="mana mana--G" role="img" aria-label="緑">(G)</span>.'
    """
    out: list[str] = []
    last = 0
    for match in _MANA_SYMBOL.finditer(text):
        out.append(str(escape(text[last : match.start()])))
        symbol = match.group(1)
        shown, said = _mana_symbol(symbol)
        css = f" mana--{symbol}" if symbol in MANA_COLOURS else ""
        out.append(
            format_html(
                '<span class="mana{}" role="img" aria-label="{}">({})</span>',
                css,
                said,
                symbol if english else shown,
            )
        )
        last = match.end()
    out.append(str(escape(text[last:])))
    return mark_safe("".join(out))  # each piece escaped or built by format_html
