"""A board over the scenario limits, through the web: the import refuses it with a 4xx whose Japanese
message names the limit; a stored board over them (saved before the limits existed) still opens."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from rules_core.document import limits
from tutor.models import Scenario, scenario_digest


def _over_permanents() -> dict:
    return {
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [
            {"id": f"c{i}", "controller": "B", "types": ["creature"], "power": 1, "toughness": 1}
            for i in range(limits.PERMANENTS.maximum + 1)
        ],
        "event": {},
    }


@pytest.mark.django_db
def test_import_over_a_limit_is_a_4xx_naming_it():
    response = Client().post("/board/import/", {"text": json.dumps(_over_permanents())})
    assert 400 <= response.status_code < 500
    page = response.content.decode()
    assert f"盤面に置けるパーマネントは最大{limits.PERMANENTS.maximum}個です" in page
    assert not Scenario.objects.filter(is_curated=False, document__permanents__0__id="c0").exists()


@pytest.mark.django_db
def test_import_of_a_deeply_nested_document_names_the_depth_limit():
    document = {
        "players": [{"id": "A"}],
        "event": {},
        "choices": {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": 1}}}}}}}},
    }
    response = Client().post("/board/import/", {"text": json.dumps(document)})
    assert 400 <= response.status_code < 500
    assert f"シナリオの入れ子は最大{limits.DOCUMENT_DEPTH.maximum}段です" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["", "?stage=all", "?stage=0"])
def test_a_stored_board_over_the_limits_still_opens(query):
    """Boards stored before the limits: the page says the board cannot be shown, never a 500."""
    document = _over_permanents()
    stored = Scenario.objects.create(slug="toolarge1", digest=scenario_digest(document), document=document)
    response = Client(raise_request_exception=False).get(f"/board/s/{stored.slug}/{query}")
    assert response.status_code == 200
