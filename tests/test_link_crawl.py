"""Every internal link a learner can follow, from the entry pages: no dead end, no repository words.

Issue 14 ("Done when"): a crawl from ``/``, ``/cr/``, ``/board/examples/``, ``/study/`` (and
``/cards/`` when that page exists) finds no 404 or 500 and no page that shows a file name or an
internal word. Bounded: at most ``MAX_PAGES`` pages, so a link loop cannot run away.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urldefrag, urlsplit

import pytest
from django.test import Client
from django.urls import NoReverseMatch, Resolver404, resolve

pytestmark = pytest.mark.django_db

MAX_PAGES = 3000
STARTS = ["/", "/cr/", "/board/examples/", "/study/"]
# Links that change state or end the session are not pages to read.
SKIPPED = re.compile(r"^/(accounts/logout|admin)/|/(check|resolve|delete|export)/?(\?|$)")
# Words a learner must never see: file names and the repository's own vocabulary.
INTERNAL_WORDS = re.compile(r"seeds?\b|\.json\b|\.txt\b|fixtures|curated_sources", re.IGNORECASE)
HREF = re.compile(r'href="([^"]+)"')


def visible_text(page: str) -> str:
    """The page as a reader sees it: no tags, no attribute values, no scripts or styles."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.DOTALL | re.IGNORECASE)
    return unescape(re.sub(r"<[^>]+>", " ", body))


def internal_links(page: str) -> list[str]:
    links = []
    for raw in HREF.findall(page):
        url = urldefrag(unescape(raw)).url
        if url.startswith("/") and not url.startswith("//") and not SKIPPED.search(url):
            links.append(url)
    return links


def starts() -> list[str]:
    found = list(STARTS)
    try:
        resolve("/cards/")
        found.append("/cards/")
    except (Resolver404, NoReverseMatch):
        pass
    return found


def crawl(client: Client) -> tuple[dict[str, int], dict[str, str], dict[str, str]]:
    """Status of each page reached, the page that first linked each one, and the internal words seen."""
    statuses: dict[str, int] = {}
    linked_from: dict[str, str] = {}
    words: dict[str, str] = {}
    queue = starts()
    for url in queue:
        linked_from.setdefault(url, "(start)")
    while queue and len(statuses) < MAX_PAGES:
        url = queue.pop(0)
        if url in statuses:
            continue
        response = client.get(url, follow=True)
        statuses[url] = response.status_code
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        page = response.content.decode()
        if match := INTERNAL_WORDS.search(visible_text(page)):
            words[url] = match.group(0)
        for link in internal_links(page):
            if urlsplit(link).path.startswith("/static/"):
                continue
            if link not in statuses and link not in linked_from:
                linked_from[link] = url
                queue.append(link)
    return statuses, linked_from, words


def test_every_internal_link_opens_a_page_without_repository_words():
    statuses, linked_from, words = crawl(Client())
    print(f"crawled {len(statuses)} pages")
    assert len(statuses) > 200  # the crawl reached the reader, the boards and the study pages
    assert len(statuses) <= MAX_PAGES
    broken = {url: (status, linked_from[url]) for url, status in statuses.items() if status >= 400}
    assert broken == {}
    assert words == {}
