"""How long ``manage.py load_content`` takes on an empty database (every test run pays it once).

``python bench/bench_load_content.py`` (SQLite in memory, the test settings) prints the seconds of
the migrations and of three loads (the first into empty tables, then two reloads over the content).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings_test")


def main() -> None:
    import django
    from django.conf import settings

    settings.DATABASES["default"] = {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}
    django.setup()
    from django.core.management import call_command

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    print(f"migrate          {time.perf_counter() - started:6.2f} s")
    for attempt in ("first load", "reload", "reload"):
        started = time.perf_counter()
        call_command("load_content", verbosity=0)
        print(f"load_content ({attempt}) {time.perf_counter() - started:6.2f} s")


if __name__ == "__main__":
    main()
