"""Web timings: server time of pages (Django's test Client, in process) and their page weight.

Run from the repository root: ``python bench/bench_web.py [area …]`` (areas: see ``AREAS``;
default: all). It builds a throwaway test database (in memory with SQLite, as the test suite
does), loads the shipped fixtures, then for each page:

* server time: ``REQUESTS`` GETs through the whole middleware stack (no network), after
  ``WARMUP`` requests; median and 95th percentile in milliseconds;
* page weight: the HTML plus every stylesheet and script it links (fetched through WhiteNoise),
  raw and gzip-compressed (what a browser would transfer from the production server, which
  serves WhiteNoise's pre-compressed files).

Areas add a function to ``AREAS``; the reader's is ``reader``.
"""

from __future__ import annotations

import gzip
import os
import re
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings_test")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

REQUESTS = 200
WARMUP = 10
ASSET = re.compile(r'<(?:link[^>]+rel="stylesheet"[^>]+href|script[^>]+src)="(?P<url>/static/[^"]+)"')


def server_time(
    client: Client,
    url: str | Callable[[int], str],
    *,
    requests: int = REQUESTS,
    headers: Mapping[str, str] | None = None,
) -> dict[str, float]:
    """GET ``url`` (or ``url(i)`` for the i-th request) ``requests`` times after a warm-up: the times."""
    address = url if callable(url) else lambda _i: url
    for i in range(WARMUP):
        assert client.get(address(i), headers=headers).status_code == 200, address(i)
    samples = []
    for i in range(WARMUP, WARMUP + requests):
        start = time.perf_counter()
        response = client.get(address(i), headers=headers)
        samples.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, address(i)
    samples.sort()
    return {
        "median_ms": statistics.median(samples),
        "p95_ms": samples[int(len(samples) * 0.95) - 1],
        "min_ms": samples[0],
    }


def page_weight(client: Client, url: str) -> dict[str, int]:
    # getvalue(), not .content: a static file comes streamed (WhiteNoise), and getvalue() joins its chunks
    html = client.get(url).getvalue()
    sizes = {"html": len(html), "html_gz": len(gzip.compress(html, 9))}
    css = js = css_gz = js_gz = 0
    for match in ASSET.finditer(html.decode()):
        asset = client.get(match.group("url")).getvalue()
        if match.group("url").endswith(".css"):
            css, css_gz = css + len(asset), css_gz + len(gzip.compress(asset, 9))
        else:
            js, js_gz = js + len(asset), js_gz + len(gzip.compress(asset, 9))
    sizes.update(css=css, css_gz=css_gz, js=js, js_gz=js_gz)
    sizes["total"] = sizes["html"] + css + js
    sizes["total_gz"] = sizes["html_gz"] + css_gz + js_gz
    return sizes


def report_times(label: str, times: dict[str, float]) -> None:
    print(f"  {label:<44} median {times['median_ms']:6.2f} ms   p95 {times['p95_ms']:6.2f} ms")


def bench_reader(client: Client) -> None:
    print("reader (/cr/…)")
    pages = [
        ("/cr/120/", {}),
        ("/cr/120/?lang=both", {}),
        ("/cr/702.19/", {}),
        ("/cr/", {}),
        ("/cr/120/diff/", {}),
        ("/cr/glossary/", {}),
        ("/cr/search/?q=致死ダメージ", {}),
        (
            "/cr/search/?q=致死ダメージ (htmx partial)",
            {"HX-Request": "true", "HX-Target": "search-results"},
        ),
        ("/cr/120.4/paragraph/?lang=both (htmx)", {"HX-Request": "true"}),
        ("/cr/cards/稲妻/ (htmx popover)", {"HX-Request": "true"}),
    ]
    for label, headers in pages:
        url = label.split(" ")[0]
        report_times(label, server_time(client, url, headers=headers))
    weight = page_weight(client, "/cr/120/")
    print(
        "  page weight /cr/120/: "
        f"HTML {weight['html']:,} B + CSS {weight['css']:,} B + JS {weight['js']:,} B = {weight['total']:,} B; "
        f"gzip: {weight['html_gz']:,} + {weight['css_gz']:,} + {weight['js_gz']:,} = {weight['total_gz']:,} B"
    )


AREAS: dict[str, Callable[[Client], None]] = {"reader": bench_reader}

UNCACHED_REQUESTS = 40


def uncached_time(client: Client, url: str, *, requests: int = UNCACHED_REQUESTS) -> dict[str, float]:
    """Server time of a content-cache miss: the cache is emptied before each timed request (outside
    the timing), so every one renders the page from the database."""
    from django.core.cache import cache

    for _ in range(3):
        cache.clear()
        assert client.get(url).status_code == 200, url
    samples = []
    for _ in range(requests):
        cache.clear()
        start = time.perf_counter()
        response = client.get(url)
        samples.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, url
        assert response.get("X-Content-Cache", "miss") != "hit", url
    samples.sort()
    return {
        "median_ms": statistics.median(samples),
        "p95_ms": samples[int(len(samples) * 0.95) - 1],
        "min_ms": samples[0],
    }


def bench_cr(client: Client) -> None:
    """The whole CR (issue 25): a long rule's index page, a keyword's page, 120 and a search, each
    rendered from the database (content cache emptied) and from the content cache; the page size."""
    print("whole CR: uncached (content cache emptied before each request) / cached")
    for url in (
        "/cr/702/",
        "/cr/702.19/",
        "/cr/120/",
        "/cr/903/",
        "/cr/search/?q=トランプル 2体",
        "/cr/glossary/",
    ):
        miss = uncached_time(client, url)
        hit = server_time(client, url, requests=REQUESTS)
        size = len(client.get(url).getvalue())
        print(
            f"  {url:<32} uncached median {miss['median_ms']:7.2f} ms (p95 {miss['p95_ms']:7.2f})   "
            f"cached median {hit['median_ms']:6.2f} ms   {miss['median_ms'] / hit['median_ms']:5.1f}x   "
            f"HTML {size:,} B"
        )


AREAS["cr"] = bench_cr


def bench_board(client: Client) -> None:
    """The board: the resolve request (the engine runs on every request: no cache), stepping with htmx,
    the same steps as a signed-in learner, the combat assignment check, and the first load of a board
    page."""
    print("board (/board/…)")
    htmx_play = {"HX-Request": "true", "HX-Target": "play"}
    pages = [
        ("/board/s/cr120-4-ex1/ (board, not resolved)", {}),
        ("/board/s/cr120-4-ex1/?stage=all (resolve, full page)", {}),
        ("/board/s/cr120-4-ex1/?stage=0 (resolve, htmx partial)", htmx_play),
        ("/board/s/cr120-4-ex1/?stage=3 (step, htmx partial)", htmx_play),
        ("/board/s/cr615-7/?stage=all (resolve + 615.7 choices compared)", {}),
        ("/board/s/cr702-19b-ex1/?stage=all (two attackers, shared blocker)", {}),
        ("/board/s/cr615-10-ex/?stage=all (non-combat, four targets)", {}),
        ("/board/ (empty board)", {}),
    ]
    for label, headers in pages:
        url = label.split(" ")[0]
        report_times(label, server_time(client, url, headers=headers))
    # a signed-in learner's steps: the parts show nothing of who they are and come from the content
    # cache as everyone's do; their whole page, which names them, is rendered for them each time
    learner = Client()
    learner.force_login(get_user_model().objects.create_user("bench-learner", password=os.urandom(12).hex()))
    htmx_reveal = {"HX-Request": "true", "HX-Target": "lesson-reveal"}
    for label, headers in (
        ("/board/s/cr120-4-ex1/?stage=0 (resolve, htmx partial, signed in)", htmx_play),
        ("/lessons/damage-basics/?stage=2 (lesson step, htmx partial, signed in)", htmx_reveal),
        ("/board/s/cr120-4-ex1/?stage=0 (resolve, full page, signed in: not cached)", {}),
    ):
        report_times(label, server_time(learner, label.split(" ")[0], headers=headers))
    # the check as htmx sends it (a GET), with numbers never sent before (the work of a check) and
    # with the same numbers again (what the content cache gives a learner going back and forth)
    check = "/board/s/cr702-19b/assignment/check/?a_0_0={}&a_0_1={}&nudge=a_0_1:%2B1"
    htmx_check = {"HX-Request": "true", "HX-Target": "assignment"}
    client.get("/board/s/cr702-19b/")  # the visitor's CSRF cookie, as on the page: a first answer sets it
    for label, address in (
        ("GET assignment/check/ (htmx −/＋, new numbers)", lambda i: check.format(i, 0)),
        ("GET assignment/check/ (htmx −/＋, the same numbers again)", lambda _i: check.format(3, 2)),
    ):
        report_times(label, server_time(client, address, headers=htmx_check))
    for url in ("/board/s/cr120-4-ex1/", "/board/s/cr120-4-ex1/?stage=all", "/board/"):
        weight = page_weight(client, url)
        print(
            f"  page weight {url}: "
            f"HTML {weight['html']:,} B + CSS {weight['css']:,} B + JS {weight['js']:,} B = {weight['total']:,} B; "
            f"gzip: {weight['html_gz']:,} + {weight['css_gz']:,} + {weight['js_gz']:,} = {weight['total_gz']:,} B"
        )


AREAS["board"] = bench_board


def _throughput(send: Callable[[], object], requests: int = REQUESTS) -> dict[str, float]:
    """``requests`` calls of ``send`` one after another (one client, in process): requests a second
    over the whole run, and the median and 95th percentile of each."""
    for _ in range(WARMUP):
        send()
    samples = []
    began = time.perf_counter()
    for _ in range(requests):
        start = time.perf_counter()
        send()
        samples.append((time.perf_counter() - start) * 1000)
    elapsed = time.perf_counter() - began
    samples.sort()
    return {
        "per_second": requests / elapsed,
        "median_ms": statistics.median(samples),
        "p95_ms": samples[int(len(samples) * 0.95) - 1],
    }


def bench_api(client: Client) -> None:
    """The JSON API (issue 27): a CR paragraph from the API's cache (and rebuilt, the cache emptied),
    and POST /api/v1/resolve (the engine runs on every request) on two curated boards."""
    import json

    from django.core.cache import cache

    from tutor.models import Scenario

    print("API (/api/v1/…): one client, requests one after another")

    def get(url: str, *, empty: bool = False) -> Callable[[], object]:
        def send() -> object:
            if empty:
                cache.clear()
            response = client.get(url)
            assert response.status_code == 200, url
            return response

        return send

    def resolve(slug: str) -> Callable[[], object]:
        document = json.dumps(Scenario.objects.get(slug=slug).document)

        def send() -> object:
            response = client.post("/api/v1/resolve", data=document, content_type="application/json")
            assert response.status_code == 200, slug
            return response

        return send

    runs = [
        ("GET /api/v1/cr/120.4a (cached)", get("/api/v1/cr/120.4a"), REQUESTS),
        ("GET /api/v1/cr/120 (section, cached)", get("/api/v1/cr/120"), REQUESTS),
        ("GET /api/v1/cr/120.4a (cache emptied each time)", get("/api/v1/cr/120.4a", empty=True), 40),
        ("GET /api/v1/cards/稲妻 (cached)", get("/api/v1/cards/稲妻"), REQUESTS),
        ("POST /api/v1/resolve cr120-4-ex1", resolve("cr120-4-ex1"), REQUESTS),
        ("POST /api/v1/resolve cr702-19b-ex1 (two attackers)", resolve("cr702-19b-ex1"), REQUESTS),
    ]
    for label, send, requests in runs:
        figures = _throughput(send, requests)
        print(
            f"  {label:<52} {figures['per_second']:7.1f} req/s   "
            f"median {figures['median_ms']:6.2f} ms   p95 {figures['p95_ms']:6.2f} ms"
        )


AREAS["api"] = bench_api


def main(argv: list[str]) -> None:
    wanted = argv or list(AREAS)
    unknown = [name for name in wanted if name not in AREAS]
    if unknown:
        raise SystemExit(f"unknown area(s): {', '.join(unknown)}; known: {', '.join(AREAS)}")

    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    call_command("load_content", verbosity=0)
    print(f"{REQUESTS} requests per page after {WARMUP} warm-up; database: {connection.vendor}")
    client = Client()
    for name in wanted:
        AREAS[name](client)


if __name__ == "__main__":
    main(sys.argv[1:])
