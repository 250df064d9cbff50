"""The WSGI application of the production smoke test (``scripts/smoke_production.sh``).

It is ``tutor.wsgi.application`` with :func:`tutor.common.content_cache.cache_content_page` put on the views of
``SMOKE_CACHED_PATHS`` (default ``/cr/120/``) when they do not carry it yet, so that the smoke test
measures the content cache before the reader's views are decorated in their own module. A view that
already carries the decorator is left alone; ``DJANGO_CONTENT_CACHE=0`` switches the cache off either way.

With ``SMOKE_FAILURES=1`` it also fails on purpose, so that the smoke test can see what a visitor and
the logs get: ``/_smoke/fail/`` is a view that raises (Django's 500 and its logged traceback),
``/_smoke/bare500/`` fails outside Django (gunicorn's own bare 500), ``/_smoke/die/`` ends the worker
in the middle of the request (as gunicorn does to a worker at its timeout: no answer at all).
"""

import os
from collections.abc import Iterable, Iterator
from typing import NoReturn
from wsgiref.types import StartResponse, WSGIEnvironment

from django.http import HttpRequest
from django.urls import get_resolver, resolve
from django.urls import path as url_path
from django.urls.resolvers import URLPattern, URLResolver

from tutor.common.content_cache import cache_content_page
from tutor.wsgi import application as tutor_application


def _patterns(resolver: URLResolver) -> Iterator[URLPattern]:
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _patterns(pattern)
        elif isinstance(pattern, URLPattern):
            yield pattern


for path in os.environ.get("SMOKE_CACHED_PATHS", "/cr/120/").split(","):
    view = resolve(path).func
    if getattr(view, "content_cached", False):
        continue
    for pattern in _patterns(get_resolver()):
        if pattern.callback is view:
            pattern.callback = cache_content_page(view)


def _fail(request: HttpRequest) -> NoReturn:
    raise RuntimeError("smoke test: a view that fails on purpose")


FAILURES = os.environ.get("SMOKE_FAILURES") == "1"
if FAILURES:
    get_resolver().url_patterns.insert(0, url_path("_smoke/fail/", _fail))


def application(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
    if FAILURES and environ.get("PATH_INFO") == "/_smoke/bare500/":
        raise RuntimeError("smoke test: a failure outside Django")
    if FAILURES and environ.get("PATH_INFO") == "/_smoke/die/":
        os._exit(1)
    return tutor_application(environ, start_response)
