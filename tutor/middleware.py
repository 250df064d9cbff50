"""Request guards that apply to every page."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.template.loader import render_to_string


class RejectNullBytesMiddleware:
    """Refuse a URL path carrying a NUL character before any view sees it.

    No page of ours has one in its path, and PostgreSQL cannot store or compare text holding NUL, so
    such a lookup would otherwise fail inside the database instead of being a plain "bad request".
    Query strings and form fields are validated where they are read (forms refuse NUL already).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            body = render_to_string("400.html", {"reason": "URLに使えない文字（NUL）が含まれています。"})
            return HttpResponseBadRequest(body)
        return self.get_response(request)
