"""The API's docs page (Swagger UI from our own static files) in a real browser: it draws every
endpoint under the site's CSP, asks nothing of another origin and breaks no CSP rule; an endpoint
answers when tried from the page."""

from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]


def test_the_docs_page_draws_every_endpoint_under_the_csp(page: Page, live_server):
    errors: list[str] = []
    origins: set[str] = set()
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("request", lambda request: origins.add(urlparse(request.url).netloc))
    page.goto(f"{live_server.url}/api/v1/docs")
    for path in ("/api/v1/cr/{number}", "/api/v1/resolve", "/api/v1/questions", "/api/v1/today"):
        expect(page.locator(".opblock-summary-path", has_text=path).first).to_be_visible()
    expect(page.locator(".info .title")).to_contain_text("ダメージルール・チューター API")
    page.locator(".opblock-summary-path", has_text="/api/v1/today").first.click()
    page.get_by_role("button", name="Try it out").click()
    page.get_by_role("button", name="Execute").click()
    expect(page.locator(".live-responses-table .response .response-col_status").first).to_contain_text("200")
    assert origins == {urlparse(live_server.url).netloc}, origins  # no CDN, no validator badge
    assert not [e for e in errors if "Content Security Policy" in e], errors
