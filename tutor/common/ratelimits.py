"""Who a visitor is for throttling, and the rate limits of the writing views (django-ratelimit).

Behind the proxy (``deploy/nginx.conf``) every request comes from 127.0.0.1; the visitor's address is
the ``X-Real-IP`` header the proxy sets (and overwrites, so a client cannot choose it). The header is
believed only from a loopback peer: a request that reached gunicorn directly from elsewhere is
counted by its own address. The login lockout (django-axes, ``AXES_CLIENT_IP_CALLABLE``) and the rate
limits below count by that same address.

The decorators answer a request over its limit with the styled 429 page (``RATELIMIT_VIEW``).
Apply them to the views (outermost, above ``require_POST``)::

    @board_write_limit
    @require_POST
    def player_add(request, slug=None): ...
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest
from django_ratelimit.core import get_usage
from django_ratelimit.decorators import ratelimit
from django_ratelimit.exceptions import Ratelimited

View = TypeVar("View", bound=Callable[..., Any])

LOOPBACK = {"127.0.0.1", "::1"}

BOARD_WRITE_RATE = "60/m"
"""Board edits (each one stores a board): about one a second, far above any person editing."""
ASSIGNMENT_CHECK_RATE = "240/m"
"""The live assignment check runs on every change of a stepper (htmx), so it gets more room."""
STUDY_ANSWER_RATE = "30/m"
"""Answers and new questions: one every two seconds is faster than anyone reads a question."""
EXAM_MOVE_RATE = "120/m"
"""Saving a mock exam's answer and moving to the next or previous question (one row updated): a
learner going back over an exam clicks 前へ／次へ faster than they answer practice questions."""
SIGNUP_RATE = "10/h"
"""New accounts from one address."""
LOGIN_RATE = "30/h"
"""Logins from one address, right or wrong. The lockout (django-axes) counts a user name and an address
together, so that a stranger cannot lock the owner out; this limit is what stops one address from
trying a few passwords on each of many accounts. Thirty an hour leaves a household or a classroom
behind one address room to log in."""

AXES_USERNAME_LENGTH = 255
"""django-axes keeps the attempted user name in a column this long."""


def _valid_ip(value: str) -> str | None:
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        return None


def client_ip(request: HttpRequest, *args: Any, **kwargs: Any) -> str:
    """The visitor's address: the proxy's ``X-Real-IP`` when the peer is the local proxy.

    (django-axes calls it with ``(request, credentials)``; the extra arguments are ignored.)
    """
    remote = request.META.get("REMOTE_ADDR", "") or ""
    if remote in LOOPBACK:
        forwarded = _valid_ip(request.META.get("HTTP_X_REAL_IP", "") or "")
        if forwarded:
            return forwarded
    # A request built in process (the test client's login) has none: an empty address is stored as
    # NULL, where a made-up word would not fit PostgreSQL's inet column.
    return _valid_ip(remote) or ""


def axes_username(request: HttpRequest | None, credentials: dict[str, Any] | None = None) -> str | None:
    """The user name django-axes records and looks up (``AXES_USERNAME_CALLABLE``), cut to its column.

    The login form refuses a longer name before anyone is asked; this covers any other login form
    (the admin's), where a longer name would not fit PostgreSQL's column (a 500).
    """
    value = (credentials or {}).get("username")
    if value is None and request is not None:
        value = request.POST.get("username")
    return value[:AXES_USERNAME_LENGTH] if isinstance(value, str) else None


def ratelimit_key(group: str, request: HttpRequest) -> str:
    """django-ratelimit's key: the visitor's address (:func:`client_ip`)."""
    return client_ip(request) or "unknown"


def _limit(rate: str, group: str, methods: tuple[str, ...] = ("POST",)) -> Callable[[View], View]:
    def decorate(view: View) -> View:
        limited: View = ratelimit(
            key="tutor.common.ratelimits.ratelimit_key",
            rate=rate,
            method=list(methods),
            block=True,
            group=group,
        )(view)

        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
            try:
                return limited(request, *args, **kwargs)
            except Ratelimited:
                # the 429 page says how long this limit's window still runs (a minute, or an hour)
                request.ratelimit_wait = _time_left(request, group, rate, methods)  # type: ignore[attr-defined]
                raise

        return cast(View, wrapped)

    return decorate


def _time_left(request: HttpRequest, group: str, rate: str, methods: tuple[str, ...]) -> int:
    usage = get_usage(
        request, group=group, key="tutor.common.ratelimits.ratelimit_key", rate=rate, method=list(methods)
    )
    left = int(usage["time_left"]) if usage else 0
    return left if left > 0 else 60


board_write_limit = _limit(BOARD_WRITE_RATE, "board-write")
"""For the board's writing views (edits, assignment save, choices, import)."""
assignment_check_limit = _limit(ASSIGNMENT_CHECK_RATE, "board-check", ("GET", "POST"))
"""For ``assignment_check`` (it stores nothing but resolves the board): htmx asks with GET, a page
without JavaScript posts its form. A GET served from the content cache is not counted: the cache
decorator stands outside this one."""
study_answer_limit = _limit(STUDY_ANSWER_RATE, "study-answer")
"""For the study views that store rows (answers, new questions)."""
exam_move_limit = _limit(EXAM_MOVE_RATE, "exam-move")
"""For a mock exam's question page (save an answer, 前へ／次へ)."""
signup_limit = _limit(SIGNUP_RATE, "signup")
"""For the sign-up view."""


def login_wait(request: HttpRequest) -> int | None:
    """Counts a login attempt (a POST) against the address's :data:`LOGIN_RATE`: the seconds until it
    may try again when it is over, else None. The login page says how long (an hour's window, not
    the minute of the other limits' 429 page), so it counts here rather than with a decorator."""
    usage = get_usage(
        request,
        group="login",
        key="tutor.common.ratelimits.ratelimit_key",
        rate=LOGIN_RATE,
        method="POST",
        increment=True,
    )
    if usage is None or not usage["should_limit"]:
        return None
    left = int(usage["time_left"])
    return left if left > 0 else 60  # the cache could not count: refuse for a minute


class LockoutBackend(AxesStandaloneBackend):  # type: ignore[misc]  # django-axes is untyped
    """django-axes' lockout check, for logins that come with a request.

    Every login over the web does (Django's ``LoginView`` and the admin pass it to ``authenticate``);
    a call without one (``manage.py shell``, the test client's ``login``) has no visitor to lock out,
    so it is left to the next backend instead of failing.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        # axes' check returns nothing; a locked-out login raises (and the login page says so)
        super().authenticate(request, username=username, password=password, **kwargs)
        return None
