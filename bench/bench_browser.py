"""Click-to-paint timings of the board in a real browser: ``python bench/bench_browser.py [--runs N]``.

Prints figures only (no assertions): a benchmark, not a test. It starts the app as production runs
it (gunicorn with ``deploy/gunicorn.conf.py``, ``DEBUG`` off, a throwaway SQLite database with the
shipped content, static files through WhiteNoise) on 127.0.0.1, then drives Debian's chromium with
Playwright:

* **resolve**: on the CR 702.19b example board, click 「解決する(1段ずつ)」, and in another run
  「すべての段階を表示」 (an htmx request that resolves the board and swaps the result in), and wait
  for the new content to be painted; 「解決する」 once more as a signed-in learner (an account made
  through the sign-up page), whose result comes from the same cache;
* **a bound for resolve**: 「すべての段階を表示」 once more on a page whose style sheet leaves out the
  stages' text and the final board (``WITHOUT_STAGE_TEXT``; the page is opened with its CSP bypassed to
  add it). Not a page learners see: what the click costs with the drawing and the stage list alone,
  so a lower bound for the real click. When the bound itself is near 1.5× the floor, no arrangement of
  the stages' text brings the real click under it;
* **assignment change**: on the same board, click a −/＋ stepper of the damage assignment (an htmx
  GET that checks the new assignment and swaps the panel in) and wait for the paint. The two checks the
  clicks send (− then ＋, back and forth) are warmed in every worker first, as the boards are: a check's
  answer depends only on the board and the numbers in its address, and the content cache keeps it.
  The same clicks are timed again with a field the check does not read added to the form, its value
  new at each click, so that each check's address is new to the cache and the check is worked out:
  what a learner's first visit of some numbers costs;
* **lesson step**: on the first lesson, once the learner has predicted (the lesson's own path), at its
  first stage, click 次の段階 (an htmx request that swaps the lesson's drawing and stages,
  ``#lesson-reveal``);
* **study answer**: on a check question started from the first lesson, answer and click 回答する (an
  htmx post that grades the answer and swaps the result in);
* **the floor**: a button the benchmark adds to the page swaps in a small static file with htmx (the
  browser's and htmx's own cost of a click, a request to the same server, a swap and a paint, with
  nothing of the app's in it). It is timed on the same page load as each timed click above, just
  before it or just after it in turn (after it, once the swapped part's animations have ended), so
  that each measure has floors of its own, taken at the same moments: this machine's speed drifts by
  more than the differences measured, and a floor timed once before all the measures made their
  ratios move from run to run. Each click-to-paint is printed as a ratio to the median of its own
  floors (the goal's ratio), and to the median of all the floors of its width in the run (steadier: a
  measure's own 20 floors have a median that moves by a millisecond or two from one measure to the
  next; see ``_summary``): the issue 26 goal is at most 1.5× for resolve, a lesson step and −/＋.

"Click to paint" runs from the click event's timestamp to the end of the frame in which the
swapped-in content is drawn: the first ``requestAnimationFrame`` after htmx's ``afterSwap``, then a
message posted from it, which the browser handles once that frame is painted. Also printed: when the
response has arrived (htmx's ``beforeSwap``), when it is in the page (``afterSwap``), and the end of
the frame after htmx's settle step (its 20 ms default delay, kept for the CSS transitions of swapped
elements). Each figure is the median and the 95th percentile over ``--runs`` clicks (default 20),
after two warm-up clicks; before each click the page is left to come to rest (network idle, 0.3 s), as
it is by the time a learner clicks.

When each click comes: a learner clicks at any moment between two of the display's frames (60 a
second), and what the click swaps in then waits for the next frame, 0 to 16.7 ms. The benchmark's own
rhythm (a page load, a rest of 0.3 s, the click) puts its clicks at about the same point of a frame
each time, so that the ratios depend on where that point falls in a run: with the floor's swap ending
just before a frame and the measure's just after one, a ratio was 1.86× in one batch of 20 clicks and
1.01× in another of the same run. So each click (the floor's too) is made after a frame, at a random
moment within the next 16.7 ms. A median of 20 clicks still moves by a millisecond or two from run to
run, and a ratio by about ±0.1; more clicks (``--runs``) narrow that.

Where each button is: a learner clicks a button on screen, having scrolled to it; the board's resolve
buttons are below the screen of a page just opened, at both widths. So a button off the screen is
first scrolled to the middle of it (and the page left to come to rest again), and what the click swaps
in is drawn where the learner looks. Clicked where it lay off the screen, the new content was partly
drawn off the screen too, which cost less: 「すべての段階を表示」 painted 4-5 ms sooner that way.

The browser asks for Japanese pages (``ja-JP``), as the tutor's learners' browsers do, and the
warm-up requests ask for the same: the language is part of a cached page's key. The resolve figures
say how many of the timed answers came from the page cache (all of them, once every worker is warm):
a board permalink's result is rendered once per worker and content version, then served.
"""

from __future__ import annotations

import argparse
import itertools
import os
import runpy
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
BOARD = "/board/s/cr702-19b-ex2/"
# The browser is a Japanese learner's. The language is part of a cached page's key: the warm-up
# requests must ask for the language the browser asks for, or each worker's first timed click misses.
LOCALE = "ja-JP"
LESSON = "/lessons/damage-basics/"
FLOOR_FILE = "/static/favicon.svg"
"""The floor's response: a static file of a few hundred bytes, served as the app serves its own."""
REST_MS = 300
"""How long the page is left to come to rest before each click."""

# Installed by Playwright: a button that swaps ``FLOOR_FILE`` into a small box with htmx, fixed in a
# corner so that the swap moves nothing else on the page. The query string keeps the browser's cache
# out of it (the file itself is served whatever the query).
INSTALL_FLOOR = """
(path) => {
  for (const old of document.querySelectorAll("#bench-floor, #bench-floor-target")) old.remove();
  const button = document.createElement("button");
  button.id = "bench-floor";
  button.type = "button";
  button.textContent = "floor";
  button.setAttribute("hx-get", path);
  button.setAttribute("hx-target", "#bench-floor-target");
  button.setAttribute("hx-swap", "innerHTML");
  button.style.cssText = "position:fixed;top:0;left:0;z-index:99";
  const box = document.createElement("div");
  box.id = "bench-floor-target";
  box.style.cssText = "position:fixed;top:0;left:5rem;width:2rem;height:2rem;overflow:hidden;z-index:99";
  document.body.append(button, box);
  htmx.process(button);
}
"""

# Installed in the page by Playwright (not by the app: the app's pages run no inline script). It
# resolves with the click-to-paint time of the next htmx swap started by clicking ``selector``.
MEASURE = """
(selector) => new Promise((done, fail) => {
  const target = document.querySelector(selector);
  if (!target) { fail(new Error("no " + selector)); return; }
  const body = document.body;
  const times = {};
  let clicked = null;
  // The next frame's rendering runs right after its requestAnimationFrame callbacks; a message posted
  // from such a callback is handled once that frame has been painted.
  const frame = (name, last) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      times[name] = performance.now() - clicked;
      if (last) done(times);
    };
    channel.port2.postMessage(null);
  });
  document.addEventListener("click", (e) => { clicked = e.timeStamp; }, { capture: true, once: true });
  body.addEventListener("htmx:beforeSwap", () => { times.response = performance.now() - clicked; }, { once: true });
  body.addEventListener("htmx:afterSwap", (e) => {
    times.swapped = performance.now() - clicked;
    times.cache = e.detail.xhr ? e.detail.xhr.getResponseHeader("X-Content-Cache") : null;
  }, { once: true });
  body.addEventListener("htmx:afterSwap", () => frame("paint", false), { once: true });
  body.addEventListener("htmx:afterSettle", () => frame("settled", true), { once: true });
  // at a random moment between two frames, as a learner's click comes (see the module's docstring)
  requestAnimationFrame(() => setTimeout(() => target.click(), Math.random() * 16.7));
})
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start_app(workdir: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / 'bench.sqlite3'}",
        "DJANGO_SECRET_KEY": "bench-" + os.urandom(24).hex(),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        # plain http on localhost: no TLS redirect and no secure-only cookies (as the test settings)
        "DJANGO_TESTING": "1",
        "DJANGO_RATELIMIT": "0",
        "DJANGO_CONTENT_STAMP": str(workdir / "content-stamp"),
    }
    py = sys.executable
    # --clear: a compressed copy left in the static root by an earlier production-style collect
    # (scripts/smoke_production.sh) would otherwise be served in place of the file as it is now
    for command in (["migrate", "--noinput"], ["load_content"], ["collectstatic", "--noinput", "--clear"]):
        subprocess.run([py, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)
    gunicorn = Path(py).with_name("gunicorn")
    # the app logs each request as production does (the same work in each worker); the lines go to a
    # file, not between the figures, and are shown only if the app does not start
    log = workdir / "app.log"
    with log.open("wb") as log_file:
        app = subprocess.Popen(
            [str(gunicorn), "-c", "deploy/gunicorn.conf.py", "tutor.wsgi"],
            cwd=ROOT,
            # production's gunicorn settings (deploy/gunicorn.conf.py), its 4 × cores + 1 sync workers:
            # a browser keeps spare connections open, which would hold a lone sync worker
            env={**env, "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_ACCESS_LOG": "/dev/null"},
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/", timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)
    else:
        app.kill()
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-40:]
        raise SystemExit("the app did not start; the end of its log:\n" + "\n".join(tail))
    # each worker's first requests load templates and URLs and fill its own cache: warm them all
    # before timing anything. A lone client would not reach them all (an idle sync worker that is
    # slow to wake up may never win the accept), so each round sends one request per worker at once.
    workers = _workers()

    # the pages are cached per worker (with the memory cache): 20 rounds fill every worker's cache
    warm = [(BOARD, "play"), (BOARD + "?stage=1", "play"), (BOARD + "?stage=all", "play")]
    warm += [(LESSON + "?stage=1", "lesson-reveal"), (LESSON + "?stage=2", "lesson-reveal")]
    try:
        _warm(url, warm, workers=workers)
    except BaseException:
        app.terminate()  # main()'s clean-up has not started yet: never leave the server running
        app.wait(timeout=10)
        raise
    return app, url


def _warm(
    url: str, pages: list[tuple[str, str]], *, workers: int, cookie: str = "", whole: bool = True
) -> None:
    """Ask for each of ``pages`` (path, htmx target), whole (unless not ``whole``) and as its htmx
    partial, 20 rounds of one request per worker at once, as the visitor with ``cookie``."""

    def fetch(request: urllib.request.Request) -> None:
        # generous: on a loaded machine a cold worker's first page can take seconds
        urllib.request.urlopen(request, timeout=60).read()

    visitor = {"Accept-Language": LOCALE} | ({"Cookie": cookie} if cookie else {})
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for path, target in pages:
            for _ in range(20):
                htmx_part = {"HX-Request": "true", "HX-Target": target}
                for headers in ({}, htmx_part) if whole else (htmx_part,):
                    request = urllib.request.Request(url + path, headers={**headers, **visitor})
                    list(pool.map(fetch, [request] * workers))


def _workers() -> int:
    return int(runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))["workers"])


def _predict(page: Any, url: str) -> None:
    """Predict on the first lesson as a learner does (every field of the form filled in, sent), then
    warm every worker for the stage the timed clicks open, as this learner: a stage before the last is
    one page for everyone who has predicted, which each worker renders once."""
    _open(page, url + LESSON)
    form = page.locator("#form-prediction")
    for field in form.locator("input[type=number]").all():
        field.fill("1")
    form.get_by_role("button", name="予想して解決する").click()
    page.wait_for_url(lambda address: "stage=1" in address)
    page.wait_for_load_state("networkidle")
    cookie = _cookie_header(page)
    _warm(url, [(LESSON + "?stage=2", "lesson-reveal")], workers=_workers(), cookie=cookie)


def _cookie_header(page: Any) -> str:
    """The browser's cookies as a ``Cookie`` header: the warm-up requests are this visitor's."""
    return "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())


def _warm_checks(page: Any, url: str, selectors: list[str]) -> None:
    """Click each of ``selectors`` (−, then ＋: the board is back where it was) and warm every worker for
    the checks they sent, as this visitor. htmx asks for a check with a GET whose address holds the
    numbers, which the content cache keeps per worker (per site with Redis), as it keeps a resolved
    board: the timed clicks then find each worker warm, as the resolve clicks do."""
    addresses = []
    for selector in selectors:
        with page.expect_response(lambda response: "/assignment/check/" in response.url) as answer:
            page.click(selector)
        addresses.append(answer.value.url.removeprefix(url))
        page.wait_for_load_state("networkidle")
    cookie = _cookie_header(page)
    # a check is only ever asked for by htmx (without it the address goes back to the board)
    checks = [(address, "assignment") for address in addresses]
    _warm(url, checks, workers=_workers(), cookie=cookie, whole=False)
    page.wait_for_timeout(REST_MS)


# A field the check does not read, with a value of its own: the address htmx sends (and so the content
# cache's key) is one the cache has never seen, while the check works out the same numbers as ever.
ADDRESS_NEVER_SENT = """
(value) => {
  const form = document.getElementById("assignment-form");
  let field = form.querySelector("input[name=bench_visit]");
  if (!field) {
    field = document.createElement("input");
    field.type = "hidden";
    field.name = "bench_visit";
    form.append(field);
  }
  field.value = value;
}
"""


def _address_never_sent(page: Any) -> None:
    """Before a −/＋ click: make the check's address new to the cache, then let the page come to rest."""
    page.evaluate(ADDRESS_NEVER_SENT, f"{os.getpid()}-{next(_CLICKS)}")
    page.wait_for_timeout(REST_MS)


def _signed_in_page(browser: Any, url: str, viewport: ViewportSize) -> Any:
    """A page of a learner who has just made an account through the sign-up page (and so is signed in)."""
    page = browser.new_page(viewport=viewport, locale=LOCALE)
    _open(page, url + "/accounts/signup/")
    page.fill("input[name=username]", f"bench{os.getpid()}{next(_CLICKS)}")
    secret = os.urandom(12).hex()
    page.fill("input[name=password1]", secret)
    page.fill("input[name=password2]", secret)
    page.get_by_role("button", name="登録する").click()
    page.wait_for_load_state("networkidle")
    if not any(c["name"] == "sessionid" for c in page.context.cookies()):
        raise SystemExit("the benchmark's learner could not sign up")
    return page


# The bound's page: the stages' text and the final board are not drawn (an author style sheet, so the
# page is opened with its CSP bypassed; the app's own pages never need that).
WITHOUT_STAGE_TEXT = ".stage-detail, .final { display: none !important; }"


def _without_stage_text(page: Any, url: str) -> None:
    """Open the board as ``_open`` does, with ``WITHOUT_STAGE_TEXT`` added to its styles."""
    _open(page, url + BOARD)
    page.add_style_tag(content=WITHOUT_STAGE_TEXT)
    page.wait_for_timeout(REST_MS)


def _open(page: Any, address: str) -> None:
    """Open the board and let it come to rest, as it has by the time a learner clicks."""
    page.goto(address, wait_until="networkidle")
    page.wait_for_timeout(REST_MS)


def _figures(label: str, runs: list[dict[str, Any]], floor: float | None = None) -> float:
    """Print the figures of ``runs``; returns the median click to paint."""
    hits = sum(run.get("cache") == "hit" for run in runs)
    cached = f", {hits} served from the page cache" if any(run.get("cache") for run in runs) else ""
    print(f"  {label} ({len(runs)} clicks{cached})")
    for key, what in (
        ("response", "response arrived"),
        ("swapped", "swapped in"),
        ("paint", "click to paint"),
        ("settled", "settled"),
    ):
        ordered = sorted(run[key] for run in runs)
        p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
        ratio = (
            f"  = {statistics.median(ordered) / floor:4.2f}× the floor" if floor and key == "paint" else ""
        )
        print(
            f"    {what:18s} median {statistics.median(ordered):6.1f} ms  p95 {p95:6.1f} ms  "
            f"max {ordered[-1]:6.1f} ms{ratio}"
        )
    return float(statistics.median(run["paint"] for run in runs))


def _answer(page: Any) -> None:
    """Fill in some answer to the question on the page, in whatever format it asks (right or wrong: the
    swap is the same): an order gives each event a place of its own, a choice takes the first option,
    every number field gets 1."""
    form = page.locator(".study-answer")
    for place, select in enumerate(form.locator("select").all(), start=1):
        select.select_option(str(place))
    for kind in ("radio", "checkbox"):
        choices = form.locator(f"input[type={kind}]")
        if choices.count():
            choices.first.check()
    for field in form.locator("input[type=number]").all():
        field.fill("1")


def _measure(
    medians: dict[str, float],
    floors: dict[str, list[float]],
    label: str,
    runs: list[tuple[dict[str, Any], dict[str, Any]]],
) -> None:
    """Print a measure's figures and its floors' (the warm-up clicks left out); note its median click
    to paint and its floors' clicks."""
    runs = runs[WARM_UP:]
    floors[label] = [float(f["paint"]) for f, _ in runs]
    medians[label] = _figures(label, [m for _, m in runs], statistics.median(floors[label]))
    _figures(f"  its floor (htmx swap of {FLOOR_FILE}, just before each click)", [f for f, _ in runs])


def _summary(width: int, height: int, medians: dict[str, float], floors: dict[str, list[float]]) -> list[str]:
    """Each measure's median as a ratio to its own floors and to all the floors of the width.

    A measure's own floors were taken at the same moments and on the same pages as its clicks: that
    ratio is the one the goal is about. But their median moves by a millisecond or two from one measure
    to the next (16-21 ms in one run), which alone moves a ratio by ±0.1; the median of all the width's
    floors (some 150 clicks over the whole run) moves less, and shows how much of a ratio is the noise
    of its own floors. Floors also differ by page: on the assignment's page, where no page is loaded
    between clicks, they were 2-5 ms shorter than on pages just opened, so −/＋ looks better against
    all the floors than against its own."""
    pooled = statistics.median(itertools.chain.from_iterable(floors.values()))
    lines = [f"  {width}×{height} (all its floors: median {pooled:.1f} ms)"]
    for name, median in medians.items():
        own = statistics.median(floors[name])
        lines.append(
            f"    {median / own:4.2f}× its floor ({own:.1f} ms), {median / pooled:4.2f}× all floors  {name}"
        )
    return lines


def _question(page: Any, url: str) -> None:
    """A new check question of the first lesson (a full page), answered but not yet sent."""
    _open(page, url + LESSON)
    check = page.locator(".lesson__check button").first
    # as a learner does: scroll to the check questions, which are drawn once on screen, then click
    check.scroll_into_view_if_needed()
    page.wait_for_timeout(REST_MS)
    check.click()
    page.wait_for_url(lambda address: "/study/q/" in address)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(REST_MS)
    _answer(page)


_CLICKS = itertools.count()
WARM_UP = 2
"""Clicks of each measure that are not kept (the first of each worker and page)."""


# A learner clicks a button they can see: one below the screen (the board's resolve buttons on a
# page just opened, at both widths) is first scrolled to the middle of the screen, as the learner
# scrolls to it, so that what the click swaps in is drawn where they look. Returns whether it scrolled.
ON_SCREEN = """
(selector) => {
  const target = document.querySelector(selector);
  const box = target.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return false;
  target.scrollIntoView({ block: "center", behavior: "instant" });
  return true;
}
"""


def _paired(
    page: Any, address: str | Callable[[], None] | None, selector: str, *, floor_first: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One timed click of ``selector`` and, on the same page load, one of the floor: before it with
    ``floor_first``, else after it. Taking turns matters: the first click on a page also pays for the
    browser compiling htmx's request code, and it must not always fall on the same side.
    ``address``: the page to open first (a URL, or a function that opens it), None to stay on the page.
    ``selector`` is brought on screen first (``ON_SCREEN``)."""
    if isinstance(address, str):
        _open(page, address)
    elif address is not None:
        address()
    else:
        page.wait_for_timeout(REST_MS)  # the page comes to rest after the last click
    if page.evaluate(ON_SCREEN, selector):
        page.wait_for_timeout(REST_MS)  # it was scrolled to: the page comes to rest again

    def floor() -> dict[str, Any]:
        # a new address each time: the browser's cache must not answer the floor's request
        page.evaluate(INSTALL_FLOOR, f"{FLOOR_FILE}?click={next(_CLICKS)}")
        return dict(page.evaluate(MEASURE, "#bench-floor"))

    if floor_first:
        before = floor()
        page.wait_for_timeout(REST_MS)
        return before, page.evaluate(MEASURE, selector)
    measured = page.evaluate(MEASURE, selector)
    # what changed eases in (watch.css): the floor is timed on a page at rest, not during the animation
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    page.wait_for_timeout(REST_MS)
    return floor(), measured


def _clicks(
    page: Any, address: str | Callable[[], None] | None, selector: str, runs: int
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """``runs`` timed clicks of ``selector`` after the warm-up ones (see :func:`_paired`), the floor
    timed before and after them in turn."""
    return [_paired(page, address, selector, floor_first=n % 2 == 0) for n in range(WARM_UP + runs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="tutor-bench-") as tmp:
        app, url = _start_app(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                summary: list[str] = []
                for width, height in ((1366, 900), (390, 844)):
                    viewport: ViewportSize = {"width": width, "height": height}
                    page = browser.new_page(viewport=viewport, locale=LOCALE)
                    print(f"{width}×{height}, {url}{BOARD}")
                    medians: dict[str, float] = {}
                    floors: dict[str, list[float]] = {}
                    measure = partial(_measure, medians, floors)
                    for selector, label in (
                        ("#resolve-step", "resolve (解決する, stage 1)"),
                        ("#resolve-all", "resolve (すべての段階を表示)"),
                    ):
                        measure(label, _clicks(page, url + BOARD, selector, args.runs))
                    # a bound, not a page learners see: the same click with the stages' text left out
                    lean = browser.new_page(viewport=viewport, locale=LOCALE, bypass_csp=True)
                    measure(
                        "bound: すべての段階を表示 with the stages' text left out (the drawing and the stage list)",
                        _clicks(lean, partial(_without_stage_text, lean, url), "#resolve-all", args.runs),
                    )
                    lean.close()
                    member = _signed_in_page(browser, url, viewport)
                    measure(
                        "resolve (解決する, signed in)",
                        _clicks(member, url + BOARD, "#resolve-step", args.runs),
                    )
                    member.close()
                    _open(page, url + BOARD)
                    steppers = page.locator("#assignment-form button.step")
                    minus = steppers.nth(0).get_attribute("id")
                    plus = steppers.nth(1).get_attribute("id")
                    _warm_checks(page, url, [f"#{minus}", f"#{plus}"])
                    measure(
                        "assignment change (−/＋)",
                        [  # the same page throughout: the learner reads the feedback before the next click
                            _paired(page, None, f"#{minus if n % 2 == 0 else plus}", floor_first=n % 4 < 2)
                            for n in range(WARM_UP + args.runs)
                        ],
                    )
                    # the same clicks as checks no one has asked for before: each one's address is new
                    # to the cache, so the check is worked out, as on a learner's first visit
                    new_address = partial(_address_never_sent, page)
                    measure(
                        "assignment change (−/＋, not cached: worked out at each click)",
                        [
                            _paired(
                                page, new_address, f"#{minus if n % 2 == 0 else plus}", floor_first=n % 4 < 2
                            )
                            for n in range(WARM_UP + args.runs)
                        ],
                    )
                    _predict(page, url)
                    measure(
                        f"lesson step (次の段階 after predicting, {LESSON})",
                        _clicks(page, url + LESSON + "?stage=1", "#stage-next", args.runs),
                    )
                    question = partial(_question, page, url)
                    measure(
                        "study answer (回答する)",
                        _clicks(page, question, ".study-answer button[type=submit]", args.runs),
                    )
                    summary += _summary(width, height, medians, floors)
                    page.close()
                print(
                    "click to paint, median, as a ratio to the floor (goal ≤ 1.5× for resolve, lesson step, −/＋)"
                )
                print("\n".join(summary))
                browser.close()
        finally:
            app.terminate()
            app.wait(timeout=10)


if __name__ == "__main__":
    main()
