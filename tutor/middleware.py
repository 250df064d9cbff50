"""Request guards that apply to every page, and the styled pages for errors answered without a body."""

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

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


# The page a form action belongs to: a GET on a POST-only URL (a reload after a form without
# JavaScript left …/assignment/check/ in the address bar) goes there instead of an error.
POST_ONLY_HOMES = (
    (re.compile(r"^(/board/s/[-\w]+/).+"), r"\1"),
    (re.compile(r"^(/study/q/[^/]+/)answer/$"), r"\1"),
    (re.compile(r"^(/board/).+/$"), r"\1"),
    (re.compile(r"^(/study/).+/$"), r"\1"),
)


def post_only_home(path: str) -> str | None:
    """The page to show for a GET on the POST-only URL ``path``.

    >>> post_only_home("/board/s/cr120-4-ex1/assignment/check/"), post_only_home("/study/q/abc/answer/")
    ('/board/s/cr120-4-ex1/', '/study/q/abc/')
    >>> post_only_home("/board/players/add/"), post_only_home("/cr/120/") is None
    ('/board/', True)
    """
    for pattern, home in POST_ONLY_HOMES:
        if pattern.match(path):
            return pattern.sub(home, path)
    return None


class StyledErrorPagesMiddleware:
    """Give a 405 answered without a body (``require_POST`` and friends) the styled page, or for a
    GET on a form's POST-only URL a redirect (303) to the page the form belongs to.

    Django's ``HttpResponseNotAllowed`` is empty; the visitor gets our Japanese page instead, and
    the ``Allow`` header it carries is kept.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 405 and not getattr(response, "streaming", False) and not response.content:
            home = post_only_home(request.path) if request.method in ("GET", "HEAD") else None
            if home is not None:
                redirect = HttpResponseRedirect(home)
                redirect.status_code = 303
                return redirect
            styled = errors.error_page(request, 405)
            if response.has_header("Allow"):
                styled["Allow"] = response["Allow"]
            return styled
        return response
