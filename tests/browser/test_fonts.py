"""Japanese text is drawn with a Japanese font straight from the font stack, in chromium.

The stack (``--font`` in tutor.css) names a Japanese family of each system before ``system-ui``.
When none of them is installed, the first font found has no Japanese glyphs and every Japanese
character is drawn through the font fallback instead, which took about half of the layout time of a
resolved board on Debian. Debian's Japanese font here is IPA P Gothic (``make chromium`` installs
``fonts-ipafont-gothic``).
"""

import shutil
import subprocess

import pytest
from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("content_db")]


def _installed(family: str) -> bool:
    if not shutil.which("fc-list"):
        return False
    listed = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True, check=False).stdout
    return any(family in line.split(",") for line in listed.splitlines())


def _fonts_drawing(page: Page, selector: str) -> dict[str, int]:
    """The platform fonts chromium used for the text directly inside ``selector``, with glyph counts."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return {font["familyName"]: font["glyphCount"] for font in fonts}


@pytest.mark.skipif(not _installed("IPAPGothic"), reason="no Japanese font of the stack is installed")
@pytest.mark.parametrize(
    "selector",
    [
        pytest.param(".stage-detail .stage-notes li", id="stage-text"),
        pytest.param(".stage-detail .stage-title", id="stage-title"),
        pytest.param("#table .lane text", id="drawing"),
    ],
)
def test_japanese_text_uses_one_font_from_the_stack(live_server, browser, selector):
    """A resolved board's stage text (Japanese with digits and brackets), its title and the drawing's
    labels are drawn with IPA P Gothic alone: no character goes through the fallback."""
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    page.goto(f"{live_server.url}/board/s/cr702-19b/?stage=1")
    page.locator(selector).first.wait_for()
    fonts = _fonts_drawing(page, selector)
    assert set(fonts) == {"IPAPGothic"}, fonts
    assert fonts["IPAPGothic"] > 0
