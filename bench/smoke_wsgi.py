"""The WSGI application of the production smoke test (``scripts/smoke_production.sh``).

It is ``tutor.wsgi.application`` with :func:`tutor.common.content_cache.cache_content_page` put on the views of
``SMOKE_CACHED_PATHS`` (default ``/cr/120/``) when they do not carry it yet, so that the smoke test
measures the content cache before the reader's views are decorated in their own module. A view that
already carries the decorator is left alone; ``DJANGO_CONTENT_CACHE=0`` switches the cache off either way.
"""

import os

from django.urls import get_resolver, resolve
from django.urls.resolvers import URLPattern, URLResolver

from tutor.common.content_cache import cache_content_page
from tutor.wsgi import application  # noqa: F401  (sets Django up)


def _patterns(resolver: URLResolver):
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
