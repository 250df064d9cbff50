"""A content page for the cache's tests (the reader's views get the decorator where they live)."""

from django.http import HttpResponse
from django.template import engines
from django.urls import path

from tutor.common.content_cache import cache_content_page

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


def leave_message(request):
    from django.contrib import messages

    messages.success(request, "保存しました")
    return HttpResponse("ok")


urlpatterns = [path("content/", content), path("session/", with_session), path("message/", leave_message)]
