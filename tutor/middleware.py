"""Request guards that apply to every page, and the styled pages for errors answered without a body."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from tutor.common import errors


class RejectNullBytesMiddleware:
    """Refuse a URL path carrying a NUL character before any view sees it.

    No page of ours has one in its path, and PostgreSQL cannot store or compare text holding NUL, so
    such a lookup would otherwise fail inside the database instead of being a plain "bad request".
    Query strings and form fields are validated where they are read (forms refuse NUL already).
    It sits inside the security, frame-options and CSP middleware, so its page carries their headers.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            return errors.error_page(request, 400, reason="URLに使えない文字（NUL）が含まれています。")
        return self.get_response(request)


class StyledErrorPagesMiddleware:
    """Give a 405 answered without a body (``require_POST`` and friends) the styled page.

    Django's ``HttpResponseNotAllowed`` is empty; the visitor gets our Japanese page instead, and
    the ``Allow`` header it carries is kept.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 405 and not getattr(response, "streaming", False) and not response.content:
            styled = errors.error_page(request, 405)
            if response.has_header("Allow"):
                styled["Allow"] = response["Allow"]
            return styled
        return response
