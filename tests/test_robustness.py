"""No request, however malformed, produces a 500 — on SQLite and on PostgreSQL alike."""

import pytest
from django.test import Client

NUL_URLS = [
    "/cr/%00/",
    "/cr/120%00/",
    "/cr/glossary/%00/",
    "/cr/cards/%00%01/",
    "/cr/cards/a%00b/",
    "/board/s/%00/",
    "/study/q/%00/",
    "/study/t/%00/",
    "/api/v1/cr/%00",
    "/api/v1/glossary/%00",
    "/api/v1/cards/a%00b",
    "/api/v1/boards/%00",
]


@pytest.mark.django_db
@pytest.mark.parametrize("url", NUL_URLS)
def test_nul_in_the_url_is_a_bad_request_not_a_server_error(url):
    response = Client(raise_request_exception=False).get(url)
    assert response.status_code == 400
    assert "使えない文字" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/cr/%E3%81%82/",
        "/cr/glossary/%E3%81%82%E3%81%82/",
        "/cr/cards/%3Cscript%3E/",
        "/board/s/zzzzzzzz/",
        "/study/q/zzzz/",
        "/cr/" + "9" * 500 + "/",
        "/api/v1/cr/%E3%81%82",
        "/api/v1/cards/%3Cscript%3E",
        "/api/v1/boards/zzzzzzzz",
        "/api/v1/" + "9" * 500,
    ],
)
def test_unknown_objects_are_friendly_404s(url):
    response = Client(raise_request_exception=False).get(url)
    assert response.status_code == 404
    assert "<script>" not in response.content.decode()
