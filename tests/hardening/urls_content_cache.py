"""A content page for the cache's tests (the reader's views get the decorator where they live)."""

from django.http import HttpResponse
from django.template import engines
from django.urls import path

from tutor.common.content_cache import cache_content_page, cache_content_page_by
from tutor.common.htmx import htmx_partial

RENDERS = []

PAGE = engines["django"].from_string(
    '<body hx-headers=\'{"X-CSRFToken": "{{ csrf_token }}"}\'>'
    "{% if user.is_authenticated %}<p>{{ user.get_username }}</p>{% endif %}"
    "{% for message in messages %}<p>{{ message }}</p>{% endfor %}"
    '<script src="/static/x.js" nonce="{{ csp_nonce }}"></script>'
    "<p>{{ request.GET.q }}</p><p>hx={{ request.headers.hx_request }}</p></body>"
)


@cache_content_page
def content(request):
    RENDERS.append(request.get_full_path())
    return HttpResponse(PAGE.render({}, request))


@cache_content_page
def with_session(request):
    request.session["seen"] = True
    return HttpResponse("session")


def _colour(request, *args, **kwargs):
    """The session's colour is shown on the page: shared by everyone with that colour; "own" is one
    visitor's alone."""
    colour = request.session.get("colour", "")
    return None if colour == "own" else colour


@cache_content_page_by(_colour)
def by_colour(request):
    RENDERS.append(request.session.get("colour", ""))
    return HttpResponse(f"colour={request.session.get('colour', '')}")


PART = engines["django"].from_string(
    '<form><input type="hidden" name="csrfmiddlewaretoken" value="{{ csrf_token }}"></form>'
    "<p>part {{ request.GET.q }}</p>"
)


@cache_content_page_by(lambda request: "", parts=("part",))
def with_part(request):
    """A page whose htmx part ``#part`` shows nothing of the visitor (the whole page names them)."""
    part = htmx_partial(request, ("part",))
    RENDERS.append(part or "page")
    return HttpResponse((PART if part else PAGE).render({}, request))


def set_colour(request, colour):
    request.session["colour"] = colour
    return HttpResponse("ok")


def leave_message(request):
    from django.contrib import messages

    messages.success(request, "保存しました")
    return HttpResponse("ok")


urlpatterns = [
    path("content/", content),
    path("session/", with_session),
    path("message/", leave_message),
    path("colour/", by_colour),
    path("parted/", with_part),
    path("colour/<str:colour>/", set_colour),
]
