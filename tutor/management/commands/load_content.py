"""Load every fixture the tutor ships (CR text, glossary, cards, notes, curated scenarios), then make
the cached content pages stale (``tutor.common.content_cache``).

The CR's own files (``cr.json``, ``glossary.json``, ``notes.json``: some 15,000 rows) replace their
tables with ``bulk_create``; ``loaddata`` saves one row at a time, which made every test run wait
several seconds for them. The other fixtures go through ``loaddata`` (natural keys, signals).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.core.management.color import no_style
from django.db import connection, models, transaction

from tutor.common.content_cache import bump_content_version

FIXTURE_DIR = Path(settings.BASE_DIR) / "fixtures"
BULK_FIXTURES = ("cr.json", "glossary.json", "notes.json")
# Deleted children first; created parents first.
BULK_MODELS = (
    "tutor.example",
    "tutor.paragraph",
    "tutor.section",
    "tutor.edition",
    "tutor.term",
    "tutor.note",
)
BATCH = 500


def _instance(model: type[models.Model], record: dict[str, Any]) -> models.Model:
    values: dict[str, Any] = {"pk": record["pk"]}
    for name, value in record["fields"].items():
        field = model._meta.get_field(name)
        # a foreign key is given by its primary key: section -> section_id
        values[field.attname if isinstance(field, models.ForeignKey) else name] = value
    return model(**values)


def load_bulk(paths: list[Path]) -> int:
    """Replace the CR's tables with the rows of ``paths``; the number of rows written."""
    grouped: dict[str, list[dict[str, Any]]] = {label: [] for label in BULK_MODELS}
    for path in paths:
        for record in json.loads(path.read_text(encoding="utf-8")):
            grouped[record["model"]].append(record)
    written = 0
    with transaction.atomic():
        for label in BULK_MODELS:
            # children first, so no cascade is left to collect: one DELETE per table
            query = apps.get_model(label).objects.all()
            query._raw_delete(query.db)
        for label in reversed(BULK_MODELS):
            model = apps.get_model(label)
            rows = [_instance(model, record) for record in grouped[label]]
            for row in rows:
                if normalise := getattr(row, "normalise_for_search", None):
                    normalise()  # the search column is made here, not shipped
            model.objects.bulk_create(rows, batch_size=BATCH)
            written += len(rows)
        # explicit primary keys: PostgreSQL's sequences must move past them (loaddata does the same)
        sequences = connection.ops.sequence_reset_sql(no_style(), [apps.get_model(m) for m in BULK_MODELS])
        with connection.cursor() as cursor:
            for sql in sequences:
                cursor.execute(sql)
    return written


class Command(BaseCommand):
    help = "fixtures/ にある教材データ（条文・用語・カード・注釈・収録シナリオ）を読み込む"

    def handle(self, *args: Any, **options: Any) -> None:
        paths = sorted(FIXTURE_DIR.glob("*.json"))
        if not paths:
            self.stdout.write("fixtures/ に読み込むデータがありません")
            return
        bulk = [path for path in paths if path.name in BULK_FIXTURES]
        rest = [str(path) for path in paths if path.name not in BULK_FIXTURES]
        written = load_bulk(bulk) if bulk else 0
        if options["verbosity"] > 0:
            self.stdout.write(f"総合ルール {written} 件")
        if rest:
            call_command("loaddata", *rest, verbosity=options["verbosity"])
        bump_content_version()  # every cached content page is stale from now on
