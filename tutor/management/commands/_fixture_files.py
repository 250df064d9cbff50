"""What the importers share: a fixture as the text they write, compared with the file or written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def dump(records: list[dict[str, Any]]) -> str:
    """Records as the importers write them: UTF-8 JSON, one level of indent, a final newline."""
    return json.dumps(records, ensure_ascii=False, indent=1) + "\n"


def is_current(path: Path, payload: str) -> bool:
    """Whether ``path`` holds exactly ``payload`` (what ``--check`` asks)."""
    return path.exists() and path.read_text(encoding="utf-8") == payload


def write(path: Path, payload: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(payload, encoding="utf-8")
