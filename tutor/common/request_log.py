"""The request log: what django-structlog's ``RequestMiddleware`` writes, with the fields an operator needs.

One line per request (``event=request_finished``), or for a request that raised, one line with the
traceback (``event=request_failed``). Each line, and every other line logged while the request runs,
carries the request id (``X-Request-ID`` from nginx, which logs the same ``$request_id``) and the
visitor's address (:func:`tutor.common.ratelimits.client_ip`). The line itself has the method, the
path, the status and the duration in milliseconds. The id is sent back in ``X-Request-ID``.

An id that came with the request is kept only when it looks like one (nginx's is 32 hex digits, a UUID
has dashes); anything else is replaced by a new one, so a visitor cannot write into the log through it.
"""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

import structlog
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django_structlog import signals

from tutor.common.errors import safe_text
from tutor.common.ratelimits import client_ip

REQUEST_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z-]{7,63}")
MAX_PATH = 300
_STARTED = "tutor.request_started"


def request_id_for(request: HttpRequest) -> str:
    """The id sent by the proxy when it is well formed, else a new one.

    >>> from django.test import RequestFactory
    >>> request_id_for(RequestFactory().get("/", HTTP_X_REQUEST_ID="0f1e2d3c4b5a69788796a5b4c3d2e1f0"))
    '0f1e2d3c4b5a69788796a5b4c3d2e1f0'
    >>> len(request_id_for(RequestFactory().get("/", HTTP_X_REQUEST_ID="x\\nevent=forged")))
    32
    """
    given = request.META.get("HTTP_X_REQUEST_ID", "")
    if isinstance(given, str) and REQUEST_ID.fullmatch(given):
        return given
    return uuid.uuid4().hex


def _request_fields(request: HttpRequest, log_kwargs: dict[str, Any]) -> None:
    """django-structlog's ``request="GET /path"`` and ``code=`` as separate fields, with the duration."""
    log_kwargs.pop("request", None)
    status = log_kwargs.pop("code", None)
    started = request.META.get(_STARTED)
    log_kwargs["method"] = safe_text(request.method or "", 16)
    log_kwargs["path"] = safe_text(request.get_full_path(), MAX_PATH)
    log_kwargs["status"] = status
    if isinstance(started, float):
        log_kwargs["duration_ms"] = round((time.perf_counter() - started) * 1000, 1)


@receiver(signals.bind_extra_request_metadata, dispatch_uid="tutor-request-started")
def _started(request: HttpRequest, log_kwargs: dict[str, Any], **kwargs: Any) -> None:
    request_id = request_id_for(request)
    # What the rest of the request reads is the checked id, never the raw header.
    request.META["HTTP_X_REQUEST_ID"] = request_id
    request.META[_STARTED] = time.perf_counter()
    structlog.contextvars.bind_contextvars(request_id=request_id, ip=client_ip(request) or "-")


@receiver(signals.bind_extra_request_finished_metadata, dispatch_uid="tutor-request-finished")
def _finished(
    request: HttpRequest, response: HttpResponse, log_kwargs: dict[str, Any], **kwargs: Any
) -> None:
    _request_fields(request, log_kwargs)
    response["X-Request-ID"] = request.META.get("HTTP_X_REQUEST_ID", "")


@receiver(signals.bind_extra_request_failed_metadata, dispatch_uid="tutor-request-failed")
def _failed(request: HttpRequest, log_kwargs: dict[str, Any], **kwargs: Any) -> None:
    _request_fields(request, log_kwargs)


@receiver(signals.update_failure_response, dispatch_uid="tutor-request-failed-response")
def _failure_response(request: HttpRequest, response: HttpResponse, **kwargs: Any) -> None:
    response["X-Request-ID"] = request.META.get("HTTP_X_REQUEST_ID", "")
