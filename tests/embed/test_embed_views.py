"""The embed page, oEmbed and the board preview through the test client: headers, JSON errors, PNG."""

import json
import re
import struct
from io import BytesIO
from urllib.parse import quote

import pytest
from django.test import Client
from PIL import Image

from tutor.board.documents import STARTER_DOCUMENT, event_set, permanent_put
from tutor.board.services import scenario_save
from tutor.models import Scenario

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


@pytest.fixture
def board() -> Scenario:
    creature = {"name": "灰色熊", "controller": "B", "types": ["creature"], "power": 2, "toughness": 2}
    doc = permanent_put(document=STARTER_DOCUMENT, data=creature)
    doc = event_set(
        document=doc,
        event={
            "type": "noncombat",
            "source": {"name": "《稲妻》", "controller": "A", "colors": ["red"]},
            "damage": [{"to": "c1", "amount": 3}],
        },
    )
    doc["title"] = "稲妻で熊を倒す<b>"
    return scenario_save(document=doc)


def test_embed_page_is_framable_sets_no_cookie_and_shows_the_stages(client: Client, board: Scenario) -> None:
    response = client.get(f"/embed/board/{board.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Set-Cookie" not in response.headers and not response.cookies
    assert "X-Frame-Options" not in response.headers
    csp = response["Content-Security-Policy"]
    assert "frame-ancestors *" in csp and "script-src 'self'" in csp
    assert "<script" not in html and "csrfmiddlewaretoken" not in html
    assert 'class="stage ' in html and "lane-svg" in html
    assert f'href="{HOST}/board/s/{board.slug}/" target="_blank"' in html
    assert "稲妻で熊を倒す&lt;b&gt;" in html and "稲妻で熊を倒す<b>" not in html
    # a second view comes from the content cache and still sets nothing
    again = client.get(f"/embed/board/{board.slug}/")
    assert again.status_code == 200 and not again.cookies
    one = client.get(f"/embed/board/{board.slug}/?stage=1")
    assert one.status_code == 200 and "段階 <b>1</b>" in one.content.decode()


def test_other_pages_keep_refusing_frames(client: Client, board: Scenario) -> None:
    for url in (f"/board/s/{board.slug}/", "/board/", "/oembed?url=x"):
        response = client.get(url)
        assert response["X-Frame-Options"] == "DENY", url
        assert "frame-ancestors 'none'" in response["Content-Security-Policy"], url


@pytest.mark.parametrize("slug", ["nope", "a" * 300, "-_-"])
def test_embed_of_a_missing_board_is_a_framable_japanese_404(client: Client, slug: str) -> None:
    response = client.get(f"/embed/board/{slug}/")
    assert response.status_code == 404
    assert "盤面が見つかりません" in response.content.decode()
    assert "frame-ancestors *" in response["Content-Security-Policy"] and not response.cookies


def test_embed_with_a_hostile_path_or_stage_is_never_a_500(client: Client, board: Scenario) -> None:
    assert client.get("/embed/board/%00/").status_code == 400
    for url in ("/embed/board/%ED%A0%80/", "/board/s/%ED%A0%80/preview.png", "/board/s/-/preview.png"):
        assert client.get(url).status_code == 404, url
    for query in (
        "url=%ED%A0%80",
        "url=%00",
        "url=http%3A%2F%2Ftestserver%2Fboard%2Fs%2F%00%2F",
        "format=%00",
    ):
        response = client.get(f"/oembed?{query}")
        assert response.status_code in (404, 501), query
        assert json.loads(response.content)["message"]
    for stage in ("0", "-1", "99999999999999999999", "all", "x" * 100, "１"):
        response = client.get(f"/embed/board/{board.slug}/", {"stage": stage})
        assert response.status_code == 200, stage
        assert 'class="stage ' in response.content.decode()


def test_oembed_describes_a_permalink_and_honours_max_sizes(client: Client, board: Scenario) -> None:
    url = quote(f"{HOST}/board/s/{board.slug}/")
    response = client.get(f"/oembed?url={url}&format=json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    body = json.loads(response.content)
    assert body["version"] == "1.0" and body["type"] == "rich"
    assert (body["width"], body["height"]) == (720, 640)
    assert f'src="{HOST}/embed/board/{board.slug}/"' in body["html"] and body["html"].startswith("<iframe ")
    assert "&lt;b&gt;" in body["html"] and "<b>" not in body["html"]
    small = json.loads(client.get(f"/oembed?url={url}&maxwidth=400&maxheight=300").content)
    assert (small["width"], small["height"]) == (400, 300) and 'width="400" height="300"' in small["html"]
    embed_url = quote(f"{HOST}/embed/board/{board.slug}/")
    assert client.get(f"/oembed?url={embed_url}").status_code == 200


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ("url=BOARD&format=xml", 501, "format_not_implemented"),
        ("", 400, "url_missing"),
        ("url=BOARD&maxwidth=-3", 400, "size_invalid"),
        ("url=BOARD&maxheight=１２", 400, "size_invalid"),
        ("url=http%3A%2F%2Ftestserver%2Fboard%2Fs%2Fnope%2F", 404, "not_found"),
        ("url=http%3A%2F%2Fevil.example%2Fboard%2Fs%2FSLUG%2F", 404, "not_found"),
        ("url=http%3A%2F%2Ftestserver%2Fcr%2F120%2F", 404, "not_found"),
        ("url=http%3A%2F%2F%5B%3A%3A1", 404, "not_found"),
        ("url=javascript%3Aalert(1)", 404, "not_found"),
        ("url=" + "x" * 3000, 404, "not_found"),
    ],
)
def test_oembed_errors_are_json(client: Client, board: Scenario, query: str, status: int, code: str) -> None:
    query = query.replace("BOARD", quote(f"{HOST}/board/s/{board.slug}/")).replace("SLUG", board.slug)
    response = client.get(f"/oembed?{query}")
    assert response.status_code == status
    body = json.loads(response.content)
    assert body["error"] == code and body["status"] == status and body["message"]


def test_preview_is_a_png_of_the_board(client: Client, board: Scenario) -> None:
    response = client.get(f"/board/s/{board.slug}/preview.png")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert "max-age=604800" in response["Cache-Control"]
    data = response.content
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert 600 <= width <= 1200 and 200 <= height <= 2000
    image = Image.open(BytesIO(data)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 20  # the drawing, not a blank page
    assert client.get("/board/s/nope/preview.png").status_code == 404


def test_a_preview_being_drawn_is_waited_for_not_drawn_again(
    client: Client, board: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Many link previews of one shared permalink at once: while one request draws the picture, the
    others wait for it instead of drawing it too (one build per key, tutor.common.content_cache)."""
    import threading

    from django.core.cache import cache

    from tutor.common.content_cache import content_version
    from tutor.embed import preview

    key = f"tutor:board-preview:{content_version()}:{board.slug}"
    drawn = b"\x89PNG\r\n\x1a\n drawn by the other request"
    assert cache.add(key + ":building", 1, 30)  # another request is drawing it
    monkeypatch.setattr(preview, "board_png", lambda *a: pytest.fail("drawn a second time"))
    other = threading.Timer(0.2, lambda: cache.set(key, drawn, 60))
    other.start()
    response = client.get(f"/board/s/{board.slug}/preview.png")
    other.join()
    assert response.status_code == 200 and response.content == drawn


def test_a_board_at_the_limits_is_drawn_cut_to_a_share_card() -> None:
    from bench.limit_boards import CASES
    from tutor.embed.preview import MAX_LANE_WIDTH, OUTPUT_WIDTH, board_png, board_svg

    doc = CASES["tramplers-wide"]()
    svg = board_svg("トランプル", doc)
    assert "図の一部です" in svg
    assert (
        max(int(w) for w in re.findall(r'class="lane-svg" x="\d+" y="\d+" viewBox="0 0 (\d+)', svg))
        <= MAX_LANE_WIDTH
    )
    png = board_png("トランプル", doc)
    width, height = struct.unpack(">II", png[16:24])
    assert width == OUTPUT_WIDTH and height < 2000
