"""The scenario JSON Schema (``docs/scenario.schema.json``, the one the parser's tests check) in the
OpenAPI document: served as it is at :data:`SCHEMA_PATH`, and copied under
``components/schemas/Scenario`` (its ``$defs`` references rewritten to point there) so that the
request body of ``POST /resolve`` can ``$ref`` it and a validator needs no second document."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from ninja import NinjaAPI
from ninja.openapi.schema import OpenAPISchema
from ninja.types import DictStrAny

SCHEMA_FILE = Path(settings.BASE_DIR) / "docs" / "scenario.schema.json"
SCHEMA_PATH = "/api/v1/scenario.schema.json"
SCENARIO_REF = "#/components/schemas/Scenario"


@cache
def scenario_schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return loaded


def _rebased(node: Any) -> Any:
    if isinstance(node, dict):
        return {
            key: (SCENARIO_REF + value[1:] if key == "$ref" and isinstance(value, str) and value.startswith("#/")
                  else _rebased(value))
            for key, value in node.items()
        }  # fmt: skip
    if isinstance(node, list):
        return [_rebased(item) for item in node]
    return node


@cache
def scenario_component() -> dict[str, Any]:
    """The schema as an OpenAPI component: ``#/$defs/x`` becomes ``#/components/schemas/Scenario/$defs/x``
    and the ``$schema`` line goes (OpenAPI 3.1 says which dialect its schemas use)."""
    component: dict[str, Any] = _rebased(copy.deepcopy(scenario_schema()))
    component.pop("$schema", None)
    component["externalDocs"] = {"description": "The same schema as its own document", "url": SCHEMA_PATH}
    return component


class TutorAPI(NinjaAPI):
    """ninja's API with the scenario schema in its OpenAPI document."""

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: DictStrAny | None = None
    ) -> OpenAPISchema:
        schema = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        components = schema.setdefault("components", {})
        components.setdefault("schemas", {})["Scenario"] = scenario_component()
        return schema
