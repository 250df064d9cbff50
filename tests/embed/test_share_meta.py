"""Share cards: Open Graph and Twitter meta on board permalinks, lessons, cards and CR pages; the
board's og:image is its PNG preview, and its snippet and oEmbed link lead to real pages."""

import html
import json
import re
import struct

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


def meta(page: str) -> dict[str, str]:
    found = re.findall(r'<meta (?:property|name)="([^"]+)" content="([^"]*)">', page)
    return {key: html.unescape(value) for key, value in found}


def lesson_path(client: Client) -> str:
    index = client.get("/lessons/").content.decode()
    found = re.search(r'href="(/lessons/[-\w]+/)"', index)
    assert found, "the course lists its lessons"
    return found[1]


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/cards/craw-wurm/", "大喰らいのワーム"),
        ("/cr/120/", "120 "),
        ("/cr/702.19/", "702.19"),
        ("LESSON", ""),
    ],
)
def test_every_page_kind_has_its_share_card(client: Client, path: str, title: str) -> None:
    if path == "LESSON":
        path = lesson_path(client)
    response = client.get(path)
    assert response.status_code == 200, path
    tags = meta(response.content.decode())
    assert tags["og:url"] == HOST + path
    assert title in tags["og:title"] and tags["og:title"].strip()
    assert tags["og:description"] and len(tags["og:description"]) <= 200
    assert tags["twitter:card"] == "summary" and "og:image" not in tags
    assert "json+oembed" not in response.content.decode()


def test_a_board_permalink_has_its_preview_snippet_and_oembed_link(client: Client) -> None:
    path = "/board/s/cr120-5-ex/"
    page = client.get(path).content.decode()
    tags = meta(page)
    assert tags["og:url"] == HOST + path and tags["twitter:card"] == "summary_large_image"
    assert tags["og:image"] == f"{HOST}{path}preview.png" == tags["twitter:image"]

    image = client.get(tags["og:image"].removeprefix(HOST))
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
    assert image.content[:8] == b"\x89PNG\r\n\x1a\n" and image.content[12:16] == b"IHDR"
    width, height = struct.unpack(">II", image.content[16:24])
    assert 600 <= width <= 1200 and 150 <= height <= 3000

    oembed = re.search(r'<link rel="alternate" type="application/json\+oembed" href="([^"]+)"', page)
    assert oembed
    described = client.get(html.unescape(oembed[1]).removeprefix(HOST))
    assert described.status_code == 200 and json.loads(described.content)["type"] == "rich"

    snippet = re.search(r'<textarea id="embed-code"[^>]*readonly>(.*?)</textarea>', page, re.S)
    assert snippet and html.unescape(snippet[1]).startswith(f'<iframe src="{HOST}/embed/board/cr120-5-ex/"')
    assert client.get("/embed/board/cr120-5-ex/").status_code == 200
