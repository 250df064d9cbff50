"""Test-wide setup: the tutor's content loaded once, Debian's chromium for Playwright."""

import os
import tempfile

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # live_server + sync Playwright
# Each test run loads the content (and some tests load it again): with one stamp file for the runs that
# make test starts side by side, one run's import would make the other's cached pages stale mid-test.
# The same holds for the pytest-xdist workers of one run, which inherit the stamp of the process that
# started them: each worker takes its own.
_STAMP = os.path.join(tempfile.gettempdir(), f"tutor-content-stamp-{os.getpid()}")
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ["DJANGO_CONTENT_STAMP"] = _STAMP
else:
    os.environ.setdefault("DJANGO_CONTENT_STAMP", _STAMP)

try:  # the engine's tests may run without the test tools' extras, never without hypothesis
    from hypothesis import HealthCheck
    from hypothesis import settings as hypothesis_settings

    # make test runs three pytest runs side by side on two cores: an example may take longer than
    # hypothesis's 200 ms deadline, or its data longer to draw, for no fault of the code. Speed is
    # measured by the benchmarks, never by a timed test; every property is still checked in full.
    hypothesis_settings.register_profile("tutor", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    hypothesis_settings.load_profile("tutor")
except ImportError:
    pass

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session", autouse=True)
def _patient_browser_assertions():
    """A loaded 2-core machine can take longer than Playwright's 5 s default to settle an htmx swap;
    waiting longer only slows a failing test, never a passing one."""
    try:
        from playwright.sync_api import expect
    except ImportError:  # the engine's tests run without the browser tools
        return
    expect.set_options(timeout=15_000)


# htmx marks what it is working on: the element that sent a request, and the target while it swaps and
# settles. Nothing so marked: the page is as a reader would next click it.
HTMX_IDLE = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
ANIMATIONS_ENDED = (
    "() => document.getAnimations().every(a => a.playState !== 'running' && a.playState !== 'pending')"
)


@pytest.fixture(scope="session", autouse=True)
def _browser_waits_as_a_reader():
    """A loaded machine stretches what a reader never notices, and a test would act in the middle of it:
    - a click while htmx is still swapping in the last answer can land on an element that is about to be
      replaced, and is lost; each click waits for htmx to be idle first;
    - axe measures colour contrast as the page is painted at that moment, and a stage still fading in
      (watch.css, 0.4 s) has text at part opacity; each axe run waits for htmx and for the page's
      animations and transitions to end."""
    try:
        from axe_playwright_python.sync_playwright import Axe
        from playwright.sync_api import Locator
    except ImportError:  # the engine's tests run without the browser tools
        yield
        return
    click, run = Locator.click, Axe.run

    def settled_click(self, *args, **kwargs):
        self.page.wait_for_function(HTMX_IDLE)
        return click(self, *args, **kwargs)

    def settled_run(self, page, *args, **kwargs):
        page.wait_for_function(HTMX_IDLE)
        page.wait_for_function(ANIMATIONS_ENDED)
        return run(self, page, *args, **kwargs)

    Locator.click, Axe.run = settled_click, settled_run
    yield
    Locator.click, Axe.run = click, run


@pytest.fixture
def context(context):
    context.set_default_timeout(20_000)
    return context


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def _keep_no_template_context(*args, **kwargs):
    """Stands in for the test client's record of each template it rendered."""


@pytest.fixture(scope="session", autouse=True)
def _client_without_template_contexts():
    """Django's test client keeps a copy of the context of every template a response renders, so that a
    test can read ``response.context``. A board page renders some 1,700 templates (each form field is
    one), and those copies were a tenth to a quarter of what a test paid for such a page. Only a test
    that asks for the ``template_contexts`` fixture gets them. Yields the client's own recorder."""
    try:
        import django.test.client as test_client
    except ImportError:  # the engine's tests run without Django
        yield None
        return
    kept = test_client.store_rendered_templates
    test_client.store_rendered_templates = _keep_no_template_context
    yield kept
    test_client.store_rendered_templates = kept


@pytest.fixture
def template_contexts(_client_without_template_contexts, monkeypatch):
    """For a test that reads ``response.context``: the client records the templates' contexts again."""
    monkeypatch.setattr("django.test.client.store_rendered_templates", _client_without_template_contexts)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: cached content pages and rate-limit counters belong to one
    test only (the database is rolled back between tests; the local-memory cache is not)."""
    try:
        from django.core.cache import cache
    except ImportError:  # the engine's tests run without Django
        yield
        return
    from django.conf import settings

    if settings.configured:
        cache.clear()
    yield


# On SQLite, a copy of the test database as load_content left it (one per worker): a test that needs the
# content after a transactional test has emptied the database copies its rows back in a fraction of a
# second, where load_content takes seconds (the 76 browser tests each need it).
_CONTENT_SNAPSHOT: dict[str, str] = {}


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker, tmp_path_factory):
    """Load the tutor's content (CR text, terms, cards, curated scenarios) once per run."""
    from django.core.management import call_command
    from django.db import connection

    with django_db_blocker.unblock():
        call_command("load_content", verbosity=0)
        if connection.vendor == "sqlite":
            snapshot = tmp_path_factory.mktemp("content") / "content.sqlite3"
            with connection.cursor() as cursor:
                cursor.execute("VACUUM INTO %s", [str(snapshot)])
            _CONTENT_SNAPSHOT["path"] = str(snapshot)


def _content_restore(path: str) -> None:
    """Every table back to its rows in the snapshot at ``path`` (the migrations' own table aside)."""
    from django.db import connection, transaction

    with connection.cursor() as cursor:
        cursor.execute("ATTACH DATABASE %s AS content_snapshot", [path])
        try:
            cursor.execute(
                "SELECT name FROM content_snapshot.sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' AND name != 'django_migrations'"
            )
            tables = [row[0] for row in cursor.fetchall()]
            # the rows come back table by table, children before their parents at times: the keys are
            # checked once all are in (foreign_keys can only change outside a transaction)
            cursor.execute("PRAGMA foreign_keys = OFF")
            try:
                with transaction.atomic():
                    for table in tables:
                        cursor.execute(f'DELETE FROM main."{table}"')
                        cursor.execute(f'INSERT INTO main."{table}" SELECT * FROM content_snapshot."{table}"')
                cursor.execute("PRAGMA main.foreign_key_check")
                assert cursor.fetchall() == [], "the content snapshot does not hold together"
            finally:
                cursor.execute("PRAGMA foreign_keys = ON")
        finally:
            cursor.execute("DETACH DATABASE content_snapshot")


@pytest.fixture
def content_db(transactional_db):
    """For live-server tests: transactional tests flush the database, so the content comes back first (from
    the snapshot on SQLite, by load_content elsewhere); every cached content page is stale after it."""
    from django.core.management import call_command

    from tutor.common.content_cache import bump_content_version

    if path := _CONTENT_SNAPSHOT.get("path"):
        _content_restore(path)
        bump_content_version()
    else:
        call_command("load_content", verbosity=0)
    return transactional_db


# Fixtures that reach the database: a test without one of them (or the django_db mark) never touches it.
_DATABASE_FIXTURES = frozenset(
    (
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
        "admin_user",
        "admin_client",
    )
)


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="run only the tests that reach the database (the PostgreSQL run of make test: the pure tests "
        "give the same answer on any database, and the SQLite run has them; so do the tests marked "
        "same_on_every_database)",
    )


# The longest tests (minutes each) start first: run last, they would leave one worker busy while the
# others have nothing left to do (pytest-xdist hands tests out in this order).
_LONGEST_FIRST = (
    "tests/test_link_crawl.py::",
    "tests/hardening/test_concurrent_sqlite.py::",
    "tests/cards/test_pages.py::test_every_card_has_a_page",
)


@pytest.hookimpl(trylast=True)  # after pytest-django has put the transactional tests last
def pytest_collection_modifyitems(config, items):
    longest = sorted(
        (item for item in items if item.nodeid.startswith(_LONGEST_FIRST)),
        key=lambda item: next(n for n, prefix in enumerate(_LONGEST_FIRST) if item.nodeid.startswith(prefix)),
    )
    if longest:
        rest = [item for item in items if not item.nodeid.startswith(_LONGEST_FIRST)]
        items[:] = longest + rest
    if not config.getoption("--database-tests-only"):
        return
    kept, dropped = [], []
    for item in items:
        reaches = item.get_closest_marker("django_db") is not None or not _DATABASE_FIXTURES.isdisjoint(
            getattr(item, "fixturenames", ())
        )
        reaches = reaches and item.get_closest_marker("same_on_every_database") is None
        (kept if reaches else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
