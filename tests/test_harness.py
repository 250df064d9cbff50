"""The test set-up itself: what the test client records of a page, and for which tests."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_client_keeps_no_template_contexts_by_default(client):
    """Most tests read the page, never its templates' contexts: the client leaves them out (copying them
    was a tenth to a quarter of what a board page cost a test)."""
    response = client.get("/board/examples/")
    assert response.status_code == 200
    assert response.context is None
    assert response.templates == []


def test_a_test_that_asks_for_template_contexts_gets_them(client, template_contexts):
    response = client.get("/board/examples/")
    assert response.status_code == 200
    assert response.context is not None
    assert "base.html" in [template.name for template in response.templates]


def test_after_that_test_the_client_leaves_them_out_again(client):
    response = client.get("/board/examples/")
    assert response.context is None
