"""A board embedded in another site's page: the frame is allowed and shows the stages (chromium)."""

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import Browser, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]

SLUG = "cr702-19b"


@pytest.fixture
def other_site(live_server) -> Iterator[str]:
    """A page on another origin (127.0.0.1 on its own port; the tutor is on localhost) that frames a board."""
    page = (
        '<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>よそのブログ</title></head><body>'
        f'<h1>よそのブログ</h1><iframe src="{live_server.url}/embed/board/{SLUG}/" width="720" height="640"'
        ' title="埋め込んだ盤面"></iframe></body></html>'
    ).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, format: str, *args: object) -> None:  # keep the test output quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_another_site_frames_a_board_and_sees_its_stages(
    live_server, browser: Browser, other_site: str
) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    refusals: list[str] = []
    page.on("console", lambda message: refusals.append(message.text) if message.type == "error" else None)
    page.goto(other_site)
    frame = page.frame_locator("iframe")
    expect(frame.locator(".stage").first).to_be_visible()
    expect(frame.locator(".stage-title").first).not_to_be_empty()
    expect(frame.locator(".lane-svg").first).to_be_visible()
    # drawn and listed as on the board: cards' text at 11 px (card_face lays it out so), and the stage
    # list without the phone stepper's numbers before each title (「2120.4a」 once)
    name = frame.locator("svg.card .card-name").first
    assert name.evaluate("e => getComputedStyle(e).fontSize") == "11px"
    number = frame.locator(".stage-index-no").first.bounding_box()
    assert number is not None and number["width"] <= 1 and number["height"] <= 1
    back = frame.locator("#embed-permalink")
    expect(back).to_have_attribute("href", f"{live_server.url}/board/s/{SLUG}/")
    expect(back).to_have_attribute("target", "_blank")
    assert not [text for text in refusals if "frame" in text.lower() or "Content Security" in text], refusals
    # the frame left no cookie of ours in the browser
    assert not [c for c in context.cookies() if c["domain"] in ("localhost", ".localhost")]
    context.close()
