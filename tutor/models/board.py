"""Saved board scenarios: each distinct board stored once under a stable slug (its permalink)."""

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from django.db import models


def scenario_digest(document: Mapping[str, Any]) -> str:
    """A stable hash of a scenario document: the same content always gives the same digest."""
    canonical = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ScenarioManager(models.Manager["Scenario"]):
    def get_by_natural_key(self, slug: str) -> "Scenario":
        return self.get(slug=slug)


class Scenario(models.Model):
    """A board state and its damage event, stored once per content; ``slug`` is the permalink.

    Curated scenarios (``fixtures/scenarios.json``, built by ``manage.py curated_scenarios``) carry
    readable slugs (``cr120-4-ex1``) and are loaded by that natural key, so reloading the fixture
    updates them in place and never touches the learners' boards (whose slugs are base32).
    """

    slug = models.SlugField("短いID", max_length=16, unique=True)
    digest = models.CharField("内容のハッシュ", max_length=64, unique=True)
    document = models.JSONField("シナリオ")
    title = models.CharField("題名", max_length=200, blank=True)
    description = models.TextField("説明", blank=True)
    illustrates = models.CharField("示す条文", max_length=16, blank=True, db_index=True)
    example_position = models.PositiveIntegerField("例の番号", null=True, blank=True)
    is_curated = models.BooleanField("収録シナリオ", default=False)
    position = models.PositiveIntegerField("並び順", default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ScenarioManager()

    class Meta:
        ordering = ["position", "id"]
        verbose_name = "シナリオ"
        verbose_name_plural = "シナリオ"

    def __str__(self) -> str:
        return self.title or self.slug

    def natural_key(self) -> tuple[str]:
        return (self.slug,)


# --- study mode ---
