"""Load every fixture the tutor ships (CR text, glossary, cards, notes, curated scenarios), then make
the cached content pages stale (``tutor.common.content_cache``)."""

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from tutor.common.content_cache import bump_content_version

FIXTURE_DIR = Path(settings.BASE_DIR) / "fixtures"


class Command(BaseCommand):
    help = "fixtures/ にある教材データ（条文・用語・カード・注釈・収録シナリオ）を読み込む"

    def handle(self, *args: Any, **options: Any) -> None:
        fixtures = sorted(str(path) for path in FIXTURE_DIR.glob("*.json"))
        if not fixtures:
            self.stdout.write("fixtures/ に読み込むデータがありません")
            return
        call_command("loaddata", *fixtures, verbosity=options["verbosity"])
        bump_content_version()  # every cached content page is stale from now on
