"""One JSON shape for every error the API answers (``{"object": "error", "status", "code", "details"}``).

The endpoints raise :class:`ApiError`; ninja's own refusals (a query parameter of the wrong type, a
method the route does not take) and Django's (no such URL, a request over a limit, a crash) are
turned into the same shape, so a client never has to read an HTML page to learn what went wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse

from tutor.common.errors import safe_text

API_PREFIX = "/api/"

STATUS_CODES = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    422: "invalid",
    429: "rate_limited",
    500: "server_error",
}

STATUS_DETAILS = {
    400: "リクエストを読めません。",
    403: "このリクエストは受け付けられません。",
    404: "お探しのものは見つかりません。",
    405: "このURLはこのメソッドを受け付けません。",
    413: "リクエストの本文が大きすぎます。",
    414: "URLが長すぎます。",
    415: "本文は JSON（Content-Type: application/json）で送ってください。",
    422: "入力が正しくありません。",
    429: "リクエストが多すぎます。しばらく待ってから、もう一度お試しください。",
    500: "サーバーで問題が起きました。時間をおいて、もう一度お試しください。",
}


class ApiError(Exception):
    """An error answer: its status, a short English ``code``, a Japanese ``details`` and, for a refused
    input, the ``field`` path (``permanents[0].power``)."""

    def __init__(
        self,
        status: int,
        details: str = "",
        *,
        code: str = "",
        field: str | None = None,
        retry_after: int = 0,
    ) -> None:
        super().__init__(details or STATUS_DETAILS.get(status, ""))
        self.status = status
        self.code = code or STATUS_CODES.get(status, "error")
        self.details = details or STATUS_DETAILS.get(status, "")
        self.field = field
        self.retry_after = retry_after


def error_body(status: int, code: str = "", details: str = "", field: str | None = None) -> dict[str, Any]:
    return {
        "object": "error",
        "status": status,
        "code": code or STATUS_CODES.get(status, "error"),
        "details": details or STATUS_DETAILS.get(status, ""),
        "field": field,
    }


def error_response(error: ApiError) -> JsonResponse:
    response = JsonResponse(
        error_body(error.status, error.code, error.details, error.field),
        status=error.status,
        json_dumps_params={"ensure_ascii": False},
    )
    if error.retry_after:
        response["Retry-After"] = str(error.retry_after)
    return response


def _location(loc: Sequence[Any]) -> str:
    """pydantic's ``("query", "seed")`` as the parameter's name; list indexes in brackets."""
    parts = [str(p) for p in loc if p not in ("query", "path", "body", "header", "cookie")]
    out = ""
    for part in parts:
        out += f"[{part}]" if part.isdigit() else (f".{part}" if out else part)
    return out


def validation_details(errors: Sequence[dict[str, Any]]) -> tuple[str, str | None]:
    """A Japanese sentence for ninja's validation errors and the first field they name."""
    fields = [_location(e.get("loc", ())) for e in errors]
    first = next((f for f in fields if f), None)
    named = "、".join(dict.fromkeys(safe_text(f, 60) for f in fields if f)) or "入力"
    return f"{named} の値が正しくありません。", first


class ApiErrorsMiddleware:
    """Answer every error under ``/api/`` in the API's JSON shape.

    It sits just inside the security and CSP middleware, so the answers of everything after it (the
    NUL guard's 400, the CSRF 403, the URL resolver's 404, the styled 405, a 500) reach the client
    as JSON; a response that is already JSON passes as it is.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith(API_PREFIX) and "\x00" in request.path:
            # the NUL guard's own page says why; this is its answer, in the API's shape
            return error_response(ApiError(400, "URLに使えない文字（NUL）が含まれています。"))
        response = self.get_response(request)
        if not request.path.startswith(API_PREFIX) or response.status_code < 400:
            return response
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        status = response.status_code
        replaced = error_response(ApiError(status, code=STATUS_CODES.get(status, "error")))
        for header in ("Allow", "Retry-After"):
            if response.has_header(header):
                replaced[header] = response[header]
        return replaced


def dumps(payload: Any) -> bytes:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
