"""Caching the pages that show only the imported content (CR sections, glossary, cards, examples),
and board permalinks (a slug names one document for good), except for a visitor whose session holds
something the page shows (:func:`cache_content_page_unless`: a board with the visitor's prediction).

Those pages change only when an administrator runs ``manage.py load_content``; rendering them (the
linked CR text) is most of the reader's cost. :func:`cache_content_page` keeps a view's rendered page
in Django's cache (local memory, or Redis with ``REDIS_URL``) under a *content version*;
``load_content`` calls :func:`bump_content_version`, after which every cached page is a miss.

What is cached, and why only that:

* only GET/HEAD requests of anonymous visitors with no message waiting: a signed-in learner's page
  carries their name and their logout form, and a message is for one visitor only. Those requests are
  rendered as usual, every time. A view whose htmx parts show nothing of the visitor (``parts``: a
  board's result, a lesson's step; :func:`cache_shared_part`: the board's assignment check, which
  answers only with its part) serves signed-in learners from the cache too, for those parts only: the
  whole page, with the learner's name, is still theirs alone;
* a view whose page shows a little of the visitor's session names that part (``variant``): the key
  holds it, so visitors in the same state share the page (a lesson's stage for everyone who has
  predicted, and another for everyone who has not), and a state that is one visitor's own is rendered
  for them alone;
* only a 200 that set no cookie and left the session unchanged;
* the CSRF token is never shared: it is cut out of the stored page and each visitor's own token is
  put back when the page is served (the page's ``<body hx-headers>`` and any form keep working); the
  CSP nonce of the script tags likewise (today's policy does not use it, a stricter one would);
* the key holds the host, the scheme, the full path with its query, the language, and the htmx
  headers (``HX-Request``, ``HX-Target``, ``HX-History-Restore-Request``), so a partial is never
  served for a whole page or the other way round. A view that reads only some query parameters names
  them (``query_keys``): its key holds just those, so no other parameter added to a permalink makes a
  miss (a board page at the limits costs about a second to build);
* one page is built once at a time: the first request of a miss builds it while later ones for the
  same key wait for it (:data:`BUILD_WAIT` at most, then they build it themselves), so many visitors
  opening one new permalink at once cost one build per process (per site with Redis), not one each.

The content version lives in the cache (shared through Redis by every app server) together with the
time of a stamp file that ``load_content`` touches: with the local-memory cache, whose entries other
processes cannot see, the gunicorn workers of the same machine still notice a new import at once.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import time
import uuid
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.messages import get_messages
from django.contrib.messages.storage.base import BaseStorage
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csp import get_nonce
from django.middleware.csrf import get_token

from tutor.common.htmx import htmx_partial

VERSION_KEY = "tutor:content-version"
KEY_PREFIX = "tutor:content-page"
TIMEOUT = 24 * 3600
"""A day: the version makes entries stale on import; the timeout only frees memory of unused pages."""
MAX_QUERY = 512
"""Longer query strings are rendered, not cached (they would only fill the cache)."""
CSRF_PLACEHOLDER = "\x00csrf-token\x00"
CSRF_IN_PAGE = re.compile(
    r'(?P<before>"X-CSRFToken": "|name="csrfmiddlewaretoken" value=")(?P<token>[A-Za-z0-9]{32,64})(?P<after>")'
)
NONCE_PLACEHOLDER = "\x00csp-nonce\x00"
NONCE_IN_PAGE = re.compile(r'(?P<before> nonce=")(?P<nonce>[A-Za-z0-9_\-+/=]{8,64})(?P<after>")')
KEPT_HEADERS = ("Content-Type", "Content-Language", "Vary", "HX-Retarget", "HX-Reswap", "HX-Trigger")
CACHE_HEADER = "X-Content-Cache"
BUILD_LOCK = 30
"""Seconds a build's lock lasts if its process dies mid-build (gunicorn's timeout: no build outlives it)."""
BUILD_WAIT = 3.0
"""Seconds a request waits for another request's build of the same page before building it itself."""
BUILD_POLL = 0.05


def stamp_path() -> Path:
    """The file ``load_content`` touches (``DJANGO_CONTENT_STAMP``, default next to ``manage.py``)."""
    return Path(os.environ.get("DJANGO_CONTENT_STAMP", Path(settings.BASE_DIR) / ".content-stamp"))


def _stamp() -> int:
    try:
        return stamp_path().stat().st_mtime_ns
    except OSError:
        return 0


VERSION_FRESH = 0.5
"""Seconds a process trusts the version it last read: a page asks for it once per card link and per
cached part, and each read is a cache query and a stat of the stamp file. Another process's import is
seen that much later at most; this process's own import at once (:func:`bump_content_version`)."""
_last_version: tuple[float, str] = (-1.0, "")


def content_version() -> str:
    """The current content version: the cache's token and the stamp file's time."""
    global _last_version
    now = time.monotonic()
    if now - _last_version[0] < VERSION_FRESH and _last_version[1]:
        return _last_version[1]
    token = cache.get(VERSION_KEY)
    if token is None:
        # an evicted (or cleared) token comes back as it was: only bump_content_version makes pages stale
        previous = _last_version[1].rpartition(".")[0]
        cache.add(VERSION_KEY, previous or uuid.uuid4().hex, None)
        token = cache.get(VERSION_KEY) or "none"
    version = f"{token}.{_stamp()}"
    _last_version = (now, version)
    return version


def per_content_version[T](build: Callable[[], T]) -> Callable[[], T]:
    """``build`` made to run once per content version in this process: later calls return what it
    built until an import or an admin's edit of the content makes a new version. For what many requests
    read from the content alone (the linker's anchors, the card links, the curated boards' text). An
    empty result (the content not loaded yet) is built again at the next call."""
    kept: dict[str, T] = {}

    @wraps(build)
    def current() -> T:
        version = content_version()
        if not kept.get(version):
            kept.clear()
            kept[version] = build()
        return kept[version]

    return current


def bump_content_version() -> str:
    """Make every cached content page stale (``load_content`` calls it after importing)."""
    global _last_version
    _last_version = (-1.0, "")
    cache.set(VERSION_KEY, uuid.uuid4().hex, None)
    path = stamp_path()
    # a read-only checkout keeps no stamp: the cache's token (shared with Redis) still changes
    with contextlib.suppress(OSError):
        path.write_text(uuid.uuid4().hex + "\n", encoding="ascii")
    return content_version()


def _pending_messages(request: HttpRequest) -> bool:
    storage = get_messages(request)
    waiting = any(True for _ in storage)
    if isinstance(storage, BaseStorage):
        storage.used = False  # looking must not consume them: the rendered page shows them
    return waiting


def _cacheable_request(request: HttpRequest, *, parts: tuple[str, ...] = ()) -> bool:
    """Whether ``request``'s page may come from the cache (and go into it): see the module docstring.
    A signed-in learner's request may when htmx asks for one of ``parts``."""
    if not getattr(settings, "CONTENT_CACHE", True) or request.method not in ("GET", "HEAD"):
        return False
    if len(request.META.get("QUERY_STRING", "")) > MAX_QUERY:
        return False
    user = getattr(request, "user", None)
    if user is None:
        return False
    # the part first: for it, who the visitor is does not matter, and asking costs the user's row
    if htmx_partial(request, parts) is None and user.is_authenticated:
        return False
    return not _pending_messages(request)


def _path_and_query(request: HttpRequest, query_keys: tuple[str, ...] | None) -> str:
    if query_keys is None:
        return request.get_full_path()
    kept = [(key, request.GET[key]) for key in query_keys if key in request.GET]
    return request.path + "?" + urlencode(kept)


def cache_key(request: HttpRequest, query_keys: tuple[str, ...] | None = None, variant: str = "") -> str:
    """The key of ``request``'s page under the current content version (``query_keys``: the only query
    parameters the page reads; None: the whole query; ``variant``: the form of the page for the
    visitor's session, see :data:`Variant`)."""
    parts: list[str] = [
        variant,
        request.get_host(),
        request.scheme or "",
        _path_and_query(request, query_keys),
        str(getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)),
        request.headers.get("HX-Request", ""),
        request.headers.get("HX-Target", ""),
        request.headers.get("HX-History-Restore-Request", ""),
    ]
    digest = hashlib.sha256("\n".join(parts).encode("utf-8", "surrogatepass")).hexdigest()
    return f"{KEY_PREFIX}:{content_version()}:{digest}"


def _stored(response: HttpResponse) -> dict[str, Any] | None:
    if response.status_code != 200 or getattr(response, "streaming", False) or response.cookies:
        return None
    text = response.content.decode(response.charset or "utf-8")
    text = CSRF_IN_PAGE.sub(lambda m: m["before"] + CSRF_PLACEHOLDER + m["after"], text)
    text = NONCE_IN_PAGE.sub(lambda m: m["before"] + NONCE_PLACEHOLDER + m["after"], text)
    return {
        "content": text,
        "headers": {name: response[name] for name in KEPT_HEADERS if response.has_header(name)},
    }


def _served(request: HttpRequest, entry: dict[str, Any]) -> HttpResponse:
    content = entry["content"]
    if CSRF_PLACEHOLDER in content:
        content = content.replace(CSRF_PLACEHOLDER, get_token(request))
    if NONCE_PLACEHOLDER in content:
        nonce = get_nonce(request)  # a LazyNonce is false until used: compare with None, not truth
        content = content.replace(NONCE_PLACEHOLDER, "" if nonce is None else str(nonce))
    response = HttpResponse(content)
    for name, value in entry["headers"].items():
        response[name] = value
    response[CACHE_HEADER] = "hit"
    return response


def _everyone(request: HttpRequest, *args: Any, **kwargs: Any) -> str:
    return ""


def cache_content_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve ``view``'s page from the cache for anonymous GETs (see the module docstring).

    Apply it to views whose page depends only on the imported content and the request's URL::

        @cache_content_page
        @require_safe
        def section(request, number): ...
    """
    return cache_content_page_by(_everyone)(view)


def cache_content_page_unless(
    personal: Callable[[HttpRequest], bool] | None,
    *,
    query_keys: tuple[str, ...] | None = None,
    parts: tuple[str, ...] = (),
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """:func:`cache_content_page` for a view whose page depends on the content and the URL, except for
    visitors whose session holds something of their own that the page shows: ``personal(request)``
    true renders the page for them as usual (a board's page with the visitor's prediction on it).
    ``query_keys``: the only query parameters the view reads (it must read no other); ``parts``: as
    for :func:`cache_content_page_by`."""

    def variant(request: HttpRequest, *args: Any, **kwargs: Any) -> str | None:
        return None if personal is not None and personal(request) else ""

    return cache_content_page_by(variant, query_keys=query_keys, parts=parts)


Variant = Callable[..., str | None]
"""Called with the view's arguments (the request first): which of the page's session-dependent forms
this request gets, as a short string that goes into the key, or None for a page that only this visitor
may see (rendered for them, never stored)."""


def cache_content_page_by(
    variant: Variant, *, query_keys: tuple[str, ...] | None = None, parts: tuple[str, ...] = ()
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """:func:`cache_content_page` for a view whose page also shows a little of the visitor's session:
    ``variant(request, *args, **kwargs)`` names which form of the page the request gets (see
    :data:`Variant`). It must name every session state that changes the page.

    ``parts``: the ids of the htmx parts (``render_page``'s partials) that show nothing of who the
    visitor is, no name and no logout form: signed-in learners get those from the cache too, in the
    same form as anyone in their session state."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        return _cached(view, variant, query_keys, parts=parts)

    return decorate


def cache_shared_part(
    *parts: str,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """:func:`cache_content_page` for a view whose GET answers are htmx parts (``parts``: the ids htmx
    targets) that show nothing of the visitor, no name and no logout form (a board's assignment check):
    signed-in learners share them with everyone, served from the cache too."""
    return cache_content_page_by(_everyone, parts=parts)


def _waited(key: str) -> Any | None:
    """The value another request is building under ``key``, once it is there (None after BUILD_WAIT)."""
    deadline = time.monotonic() + BUILD_WAIT
    while time.monotonic() < deadline:
        time.sleep(BUILD_POLL)
        value = cache.get(key)
        if value is not None:
            return value
        if cache.get(key + ":building") is None:  # the build ended without storing
            return None
    return None


def built_once[T](key: str, build: Callable[[], T | None], timeout: int = TIMEOUT) -> T | None:
    """The cache's value under ``key``; on a miss, ``build()``'s, stored unless None. One build runs at a
    time per key: a request that finds another one building waits for its value (:data:`BUILD_WAIT` at
    most, then builds it itself), so a page or picture asked for by many visitors at once costs one
    build per process (per site with Redis), and no worker is held up by the others' copies."""
    value = cache.get(key)
    if value is not None:
        return cast(T, value)
    lock = key + ":building"
    owner = cache.add(lock, 1, BUILD_LOCK)
    if not owner:
        value = _waited(key)
        if value is not None:
            return cast(T, value)
    try:
        value = build()
        if value is not None:
            cache.set(key, value, timeout)
    finally:
        if owner:
            cache.delete(lock)
    return value


def _cached(
    view: Callable[..., HttpResponse],
    variant: Variant,
    query_keys: tuple[str, ...] | None,
    *,
    parts: tuple[str, ...] = (),
) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        cacheable = _cacheable_request(request, parts=parts)
        form = variant(request, *args, **kwargs) if cacheable else None
        if form is None:
            return view(request, *args, **kwargs)
        key = cache_key(request, query_keys, form)
        rendered: list[HttpResponse] = []

        def build() -> dict[str, Any] | None:
            response = view(request, *args, **kwargs)
            if hasattr(response, "render") and not getattr(response, "is_rendered", True):
                response.render()
            rendered.append(response)
            session = getattr(request, "session", None)
            stored = _stored(response) if session is None or not session.modified else None
            if stored is not None:
                response[CACHE_HEADER] = "miss"
            return stored

        entry = built_once(key, build)
        if rendered:
            return rendered[0]
        return _served(request, cast(dict[str, Any], entry))

    wrapped.content_cached = True  # type: ignore[attr-defined]
    return wrapped
