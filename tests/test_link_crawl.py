"""Every internal link a learner can follow, from the entry pages: no dead end, no repository words.

Issue 14 ("Done when"): a crawl from ``/``, ``/cr/``, ``/board/examples/``, ``/study/`` (and
``/cards/`` when that page exists) finds no 404 or 500 and no page that shows a file name or an
internal word. Bounded: at most ``MAX_PAGES`` pages, so a link loop cannot run away.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qsl, urldefrag, urlsplit

import pytest
from django.http import Http404, HttpResponse, HttpResponseNotFound
from django.test import Client, RequestFactory
from django.urls import NoReverseMatch, Resolver404, resolve

from tutor.models import Paragraph, Section

pytestmark = pytest.mark.django_db

MAX_PAGES = 12000
STARTS = ["/", "/cr/", "/board/examples/", "/study/", "/lessons/"]
# Links that change state or end the session are not pages to read.
SKIPPED = re.compile(r"^/(accounts/logout|admin)/|/(check|resolve|delete|export)/?(\?|$)")
# Words a learner must never see: file names and the repository's own vocabulary.
# ... and template syntax that reached the page (a comment left open prints as it stands), and a card
# name put in 《》 twice (a board's names carry their 《》 already)
INTERNAL_WORDS = re.compile(
    r"seeds?\b|\.json\b|\.txt\b|fixtures|curated_sources|\{#|#\}|\{%|%\}|\{\{|\}\}|《《|》》", re.IGNORECASE
)
HREF = re.compile(r'href="([^"]+)"')
IDS = re.compile(r'\sid="([^"]+)"')
# A board page has many editor states (?add=…, ?edit=…, ?event=…, ?stage=…): a few of each page, and each
# kind of state (?add=creature, ?event=fight, an ?edit=, a ?stage=) on a dozen boards, reach every kind
# of link and keep the crawl well inside MAX_PAGES. The same form on all 170 boards would only repeat
# itself; every state of every board is opened by the board tests (tests/board/).
QUERY_VARIANTS_PER_PATH = 6
BOARD_STATES_PER_KIND = 12
# The reader has 400 pages of the CR: two states of each (?lang=both, one paragraph's English) are enough.
READER_VARIANTS_PER_PATH = 2
# /cr/<paragraph number>/ (a permalink, some 6,000 of them) answers with a redirect to its page's anchor:
# the crawl checks the redirect and the anchor, and does not render the page again for each.
PERMALINK = re.compile(r"^/cr/\d{3}\.\d{1,3}[a-z]?/$")
# Every permalink is one view's answer: one in ten goes through the whole site (middleware, the content
# cache) as a learner's request does, the others ask the view itself, which is a sixth of the work.
PERMALINKS_THROUGH_THE_SITE = 10
ENGLISH_ONLY = re.compile(r'<article class="para[^"]*para--english-only[^"]*" id="cr-([^"]+)"')
# The data sources of a card (URLs of the card data files) are citations, not words of the tutor.
CITATIONS = re.compile(r'<span class="source-url">[^<]*</span>')


def visible_text(page: str) -> str:
    """The page as a reader sees it: no tags, no attribute values, no scripts or styles."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.DOTALL | re.IGNORECASE)
    body = CITATIONS.sub(" ", body)
    return unescape(re.sub(r"<[^>]+>", " ", body))


def internal_links(page: str) -> list[tuple[str, str]]:
    """``(url, fragment)`` of every internal link worth following."""
    links = []
    for raw in HREF.findall(page):
        url, fragment = urldefrag(unescape(raw))
        if url.startswith("/") and not url.startswith("//") and not SKIPPED.search(url):
            links.append((url, fragment))
    return links


def starts() -> list[str]:
    found = list(STARTS)
    try:
        resolve("/cards/")
        found.append("/cards/")
    except (Resolver404, NoReverseMatch):
        pass
    return found


class Crawl:
    """What a bounded breadth-first walk over the internal links found."""

    def __init__(self) -> None:
        self.statuses: dict[str, int] = {}  # url -> final status (redirects followed)
        self.linked_from: dict[str, str] = {}  # url -> the page that first linked it
        self.words: dict[str, str] = {}  # url -> the first internal word its text shows
        self.ids: dict[str, set[str]] = {}  # url -> the ids of its page (fragment targets)
        self.fragments: dict[tuple[str, str], str] = {}  # (url, #fragment) -> the page linking it
        self.english_only: dict[str, set[str]] = {}  # url -> numbers shown with the English-only notice
        self.permalinks = 0

    def missing_fragments(self) -> dict[str, str]:
        """``url#fragment`` -> linking page, for links to an anchor that the (crawled) page lacks."""
        return {
            f"{url}#{fragment}": source
            for (url, fragment), source in self.fragments.items()
            if url in self.ids and fragment not in self.ids[url]
        }


def board_state_kind(query: str) -> tuple[tuple[str, str], ...]:
    """The kind of a board state: its query's keys, with the form it opens (``add``, ``event``) but not
    the piece or stage it names."""
    return tuple(sorted((k, v if k in ("add", "event") else "") for k, v in parse_qsl(query)))


def permalink_answer(url: str, factory: RequestFactory) -> HttpResponse:
    """The answer of the view ``url`` resolves to, called directly (a 404 as the site would send it)."""
    match = resolve(url)
    try:
        return match.func(factory.get(url), *match.args, **match.kwargs)
    except Http404:
        return HttpResponseNotFound()


def crawl(client: Client) -> Crawl:
    found = Crawl()
    factory = RequestFactory()
    queue = starts()
    variants: dict[str, int] = {}
    board_states: dict[tuple[tuple[str, str], ...], int] = {}
    for url in queue:
        found.linked_from.setdefault(url, "(start)")
    while queue and len(found.statuses) < MAX_PAGES:
        url = queue.pop(0)
        if url in found.statuses:
            continue
        if PERMALINK.match(url):
            found.permalinks += 1
            response = (
                client.get(url)
                if found.permalinks % PERMALINKS_THROUGH_THE_SITE == 1
                else permalink_answer(url, factory)
            )
            if response.status_code == 302:
                target, fragment = urldefrag(response["Location"])
                found.statuses[url] = 200
                found.fragments.setdefault((target, fragment), url)
                if target not in found.linked_from:
                    found.linked_from[target] = url
                    queue.append(target)
                continue
            if response.status_code != 200:
                found.statuses[url] = response.status_code
                continue
        response = client.get(url, follow=True)
        found.statuses[url] = response.status_code
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        page = response.content.decode()
        found.ids[url] = set(IDS.findall(page))
        if notices := set(ENGLISH_ONLY.findall(page)):
            found.english_only[url] = notices
        if match := INTERNAL_WORDS.search(visible_text(page)):
            found.words[url] = match.group(0)
        for link, fragment in internal_links(page):
            if fragment and "?" not in link:
                found.fragments.setdefault((link, fragment), url)
            parts = urlsplit(link)
            if parts.path.startswith("/static/") or link in found.linked_from:
                continue
            if parts.query:
                variants[parts.path] = variants.get(parts.path, 0) + 1
                allowed = (
                    READER_VARIANTS_PER_PATH if parts.path.startswith("/cr/") else QUERY_VARIANTS_PER_PATH
                )
                if variants[parts.path] > allowed:
                    continue
                if parts.path.startswith("/board/"):
                    kind = board_state_kind(parts.query)
                    board_states[kind] = board_states.get(kind, 0) + 1
                    if board_states[kind] > BOARD_STATES_PER_KIND:
                        variants[parts.path] -= 1  # this board may still show a state of another kind
                        continue
            found.linked_from[link] = url
            queue.append(link)
    return found


def test_every_internal_link_opens_a_page_without_repository_words():
    found = crawl(Client())
    print(f"crawled {len(found.statuses)} pages")
    assert len(found.statuses) < MAX_PAGES  # the walk ended by itself: every reachable page was seen
    reached = {urlsplit(url).path.split("/")[1] for url in found.statuses}
    assert {"cr", "board", "study", "lessons"} <= reached
    assert len([u for u in found.statuses if u.startswith("/cr/")]) > 100  # every section, its permalinks
    # every kind of board state was opened: each form to add a piece or an event, an edit, a stage
    states = {
        board_state_kind(urlsplit(u).query) for u in found.statuses if u.startswith("/board/s/") and "?" in u
    }
    assert {(("add", "creature"),), (("event", "fight"),), (("edit", ""),), (("stage", ""),)} <= states
    assert len(states) >= 20
    broken = {
        url: (status, found.linked_from[url]) for url, status in found.statuses.items() if status >= 400
    }
    assert broken == {}
    assert found.words == {}
    assert len(found.fragments) > 300  # the anchors checked: rule links from the reader, boards, study
    assert found.missing_fragments() == {}  # a link to /cr/506/#cr-506.4 needs that anchor on the page
    # every section of the CR was read, and every paragraph's permalink answered
    sections = set(Section.objects.values_list("number", flat=True))
    assert sections <= {
        urlsplit(u).path.strip("/").removeprefix("cr/") for u in found.statuses if u.startswith("/cr/")
    }
    assert found.permalinks > 2500
    # the notice 「日本語訳はまだありません」 only where the Japanese edition has no such paragraph
    japanese = set(Paragraph.objects.filter(is_current=True, language="ja").values_list("number", flat=True))
    assert {
        url: numbers & japanese for url, numbers in found.english_only.items() if numbers & japanese
    } == {}
    assert sum(len(numbers) for numbers in found.english_only.values()) >= 20
