"""Accounts: sign up, log in, password change, with Japanese templates (``templates/registration``).

An anonymous learner's progress (questions, answers, review queue) is kept in the database under a
random key in their session; signing up or logging in gives it to the account
(:func:`tutor.study.services.progress_claim`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm
from django.contrib.auth.views import LoginView, PasswordChangeView
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from tutor.accounts.forms import SignupForm, StudyAuthenticationForm, StudyPasswordChangeForm
from tutor.common.ratelimits import LOGIN_RATE, login_wait, signup_limit
from tutor.common.text_input import text_problem
from tutor.lessons.services import progress_claim as lessons_claim
from tutor.study.exam_services import exam_claim
from tutor.study.learners import LEARNER_SESSION_KEY
from tutor.study.services import progress_claim


def japanese(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """Render in Japanese whatever the browser asks for: Django's own auth messages and password
    rules come translated, like the rest of the Japanese-first tutor."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        with translation.override("ja"):
            response = view(request, *args, **kwargs)
            if hasattr(response, "render") and not getattr(response, "is_rendered", True):
                response.render()
        return response

    return wrapped


RATE_PERIODS = {"s": "1秒", "m": "1分", "h": "1時間", "d": "1日"}
"""django-ratelimit's periods, as the 429 page of the login says them."""


def login_limited(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """The address's login budget (:data:`LOGIN_RATE`) before the login itself: over it, a 429 page
    that says how long to wait, and the password is not checked (nor counted by the lockout)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        wait = login_wait(request)
        if wait is None:
            return view(request, *args, **kwargs)
        count, per = LOGIN_RATE.split("/")
        response = render(
            request,
            "registration/login_limited.html",
            {
                "status": 429,
                "attempts": count,
                "period": RATE_PERIODS.get(per, "一定時間"),
                "minutes": math.ceil(wait / 60),
            },
            status=429,
        )
        response["Retry-After"] = str(wait)
        return response

    return wrapped


def _claim(request: HttpRequest, learner_key: str) -> None:
    claimed = progress_claim(learner_key=learner_key, user=request.user)
    exam_claim(learner_key=learner_key, user=request.user)
    if claimed:
        messages.success(request, f"これまでの練習（{claimed}問の回答）をアカウントに引き継ぎました。")
    lessons = lessons_claim(learner_key=learner_key, user=request.user)
    if lessons:
        messages.success(request, f"入門コースの進み具合（{lessons}レッスン）をアカウントに引き継ぎました。")


def _next_url(request: HttpRequest) -> str | None:
    """``next=`` when it is a path of this site (``/study/``); anything else (a bare word, ``//host``,
    ``https://host``, a text that cannot be encoded) is dropped so the caller falls back to its default."""
    candidate = request.POST.get("next") or request.GET.get("next")
    if (
        isinstance(candidate, str)
        and candidate.startswith("/")
        and not candidate.startswith("//")
        and text_problem(candidate) is None
        and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
    ):
        return candidate
    return None


@signup_limit
@japanese
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("study:index")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        learner_key = request.session.get(LEARNER_SESSION_KEY, "")
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"ようこそ、{user.get_username()}さん。アカウントを作りました。")
        _claim(request, learner_key if isinstance(learner_key, str) else "")
        # a path checked by _next_url, or the named default: redirect() can never fail here
        return HttpResponseRedirect(_next_url(request) or reverse("study:progress"))
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": _next_url(request) or ""},
        status=400 if request.method == "POST" else 200,
    )


class StudyLoginView(LoginView):
    """Django's login, then the session's anonymous progress moves to the account."""

    template_name = "registration/login.html"
    form_class = StudyAuthenticationForm
    redirect_authenticated_user = True

    def get_redirect_url(self, request: HttpRequest | None = None) -> str:
        """Only a local path (:func:`_next_url`); else LOGIN_REDIRECT_URL."""
        return _next_url(request or self.request) or ""

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        learner_key = self.request.session.get(LEARNER_SESSION_KEY, "")
        response = super().form_valid(form)
        _claim(self.request, learner_key if isinstance(learner_key, str) else "")
        return response


class StudyPasswordChangeView(PasswordChangeView):
    template_name = "registration/password_change_form.html"
    form_class = StudyPasswordChangeForm
    success_url = reverse_lazy("password_change_done")

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, "パスワードを変更しました。")
        return response
