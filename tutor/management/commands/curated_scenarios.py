"""Write fixtures/scenarios.json (the curated boards) from tutor/board/curated.py."""

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.board.curated import curated_documents

FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "scenarios.json"


def fixture_text() -> str:
    return json.dumps(curated_documents(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


class Command(BaseCommand):
    help = "tutor/board/curated.py から収録シナリオの fixtures/scenarios.json を書き出す(--check は差分の確認だけ)"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true", help="書き出さずに、最新かどうかだけ確かめる")
        parser.add_argument("--output", default=str(FIXTURE), help="書き出すファイル")

    def handle(self, *args: Any, **options: Any) -> None:
        text = fixture_text()
        output = Path(options["output"])
        if options["check"]:
            current = output.read_text(encoding="utf-8") if output.exists() else ""
            if current != text:
                raise CommandError(
                    f"{output} は tutor/board/curated.py と一致しません。manage.py curated_scenarios で書き直してください。"
                )
            self.stdout.write(f"{output} は最新です。")
            return
        output.write_text(text, encoding="utf-8")
        self.stdout.write(f"{len(json.loads(text))} 件を {output} に書き出しました。")
