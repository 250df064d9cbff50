"""What the request log costs a request: ``.venv/bin/python bench/bench_request_log.py``.

Prints figures only. The request log (django-structlog's ``RequestMiddleware`` with the fields of
``tutor.common.request_log``, one logfmt line formatted by ``tutor.common.log_format``) wraps a view
that does nothing, with the site's settings, the line written to memory; CPU time of this process
(steadier than wall-clock time on a busy machine), best and median of 5 runs of 1,000 requests.
"""

from __future__ import annotations

import io
import logging
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings_test")

import django

django.setup()

from django.http import HttpRequest, HttpResponse  # noqa: E402
from django.test import RequestFactory  # noqa: E402
from django_structlog.middlewares import RequestMiddleware  # noqa: E402

RUNS = 5
PER_RUN = 1000


def view(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def per_request(handler: Callable[[HttpRequest], object], requests: list[HttpRequest]) -> float:
    began = time.process_time()
    for request in requests:
        handler(request)
    return (time.process_time() - began) / len(requests) * 1e6


def main() -> None:
    console = logging.getLogger().handlers[0]
    assert isinstance(console, logging.StreamHandler)  # settings.LOGGING's "console"
    console.stream = io.StringIO()  # formatted, then kept in memory
    factory = RequestFactory()
    headers = {"X-Request-ID": "0f1e2d3c4b5a69788796a5b4c3d2e1f0", "X-Real-IP": "203.0.113.9"}
    logged = RequestMiddleware(view)

    def fresh() -> list[HttpRequest]:
        return [factory.get("/cr/120/?q=a", REMOTE_ADDR="127.0.0.1", headers=headers) for _ in range(PER_RUN)]

    per_request(logged, fresh())  # warm-up
    with_log = [per_request(logged, fresh()) for _ in range(RUNS)]
    without = [per_request(view, fresh()) for _ in range(RUNS)]
    cost = [a - b for a, b in zip(sorted(with_log), sorted(without), strict=True)]
    print(
        f"request log, CPU per request: {min(cost):.0f} µs best, {statistics.median(cost):.0f} µs median "
        f"({RUNS} runs of {PER_RUN}; the view alone {min(without):.1f} µs)"
    )


if __name__ == "__main__":
    main()
