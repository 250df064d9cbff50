"""Site-wide pages: the home page (the error pages are in :mod:`tutor.common.errors`)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tutor.common.faq import QUESTIONS


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"faq": QUESTIONS})
