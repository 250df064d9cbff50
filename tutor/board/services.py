"""Storing boards: every board edit's new document is validated, normalized and stored once per content.

Edits never change a stored document: :func:`scenario_save` validates a new document with the engine,
normalizes it and stores it once per content (the same content always gets the same short slug).
All functions take keyword-only arguments and are named ``<entity>_<action>``.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction

import rules_core
from rules_core import ScenarioError
from rules_core.document.limits import check_document
from tutor.board.documents import scenario_normalize
from tutor.models import Scenario, scenario_digest

SLUG_LENGTH = 8
SLUG_MAX_LENGTH = 16
IMPORT_MAX_BYTES = 200 * 1024


class ImportRefused(ValueError):
    """Imported text that is not a scenario: ``field`` (may be empty) and a Japanese ``message``."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


def scenario_slug(*, digest: str, length: int = SLUG_LENGTH) -> str:
    """The short permalink id of a digest: the first ``length`` characters of its base32 form.

    >>> scenario_slug(digest="00" * 32)
    'aaaaaaaa'
    """
    return base64.b32encode(bytes.fromhex(digest)).decode("ascii").lower().rstrip("=")[:length]


def _free_slug(digest: str) -> str:
    for length in range(SLUG_LENGTH, SLUG_MAX_LENGTH + 1):
        slug = scenario_slug(digest=digest, length=length)
        if not Scenario.objects.filter(slug=slug).exists():
            return slug
    raise RuntimeError("no free slug")  # pragma: no cover - 16 base32 characters of a sha256 collide never


def scenario_save(*, document: Mapping[str, Any], parsed: rules_core.Scenario | None = None) -> Scenario:
    """Validate, normalize and store ``document``; return the stored scenario.

    ``parsed`` is the engine's reading of ``document`` when the caller has it already (so a request
    parses its new board once). The same content always maps to the same row (looked up by digest),
    so saving never creates a second permalink for a board and never changes an existing one.

    :raises ScenarioError: when the engine refuses ``document``.
    """
    normalized = parsed.to_dict() if parsed is not None else scenario_normalize(document=document)
    digest = scenario_digest(normalized)
    existing = Scenario.objects.filter(digest=digest).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return Scenario.objects.create(
                slug=_free_slug(digest),
                digest=digest,
                document=normalized,
                title=normalized.get("title") or "",
                description=normalized.get("description") or "",
            )
    except IntegrityError:  # another request stored the same content (or took the slug) just now
        existing = Scenario.objects.filter(digest=digest).first()
        if existing is None:
            raise
        return existing


def scenario_import(*, text: str) -> Scenario:
    """Store a scenario pasted or uploaded as JSON text; :class:`ImportRefused` says what is wrong."""
    document = document_read(text=text)
    try:
        check_document(document)  # from outside: its size, values and depth, before anything else
        return scenario_save(document=document)
    except ScenarioError as error:
        raise ImportRefused(error.message, error.field) from None
    except RecursionError:
        raise ImportRefused("JSON の入れ子が深すぎます") from None


def document_read(*, text: str) -> dict[str, Any]:
    """The JSON object in ``text`` (the board's import and the API read documents alike);
    :class:`ImportRefused` says what is wrong. The document is not checked against the limits yet."""
    if len(text.encode("utf-8")) > IMPORT_MAX_BYTES:
        raise ImportRefused(f"大きすぎます({IMPORT_MAX_BYTES // 1024} KB まで)")
    if not text.strip():
        raise ImportRefused("JSON が空です")
    try:
        document = json.loads(text)
    except RecursionError:
        raise ImportRefused("JSON の入れ子が深すぎます") from None
    except json.JSONDecodeError as error:
        raise ImportRefused(
            f"JSON として読めません({error.lineno}行{error.colno}文字目: {_json_error_ja(error.msg)})"
        ) from None
    except ValueError:  # e.g. an integer with thousands of digits
        raise ImportRefused("JSON として読めません(数が大きすぎます)") from None
    if not isinstance(document, dict):
        raise ImportRefused("シナリオは JSON のオブジェクト({ … })で書いてください", "document")
    return document


_JSON_ERRORS_JA = {
    "Expecting value": "値がありません",
    "Expecting property name enclosed in double quotes": '項目名は " で囲んでください',
    "Expecting ',' delimiter": "「,」がありません",
    "Expecting ':' delimiter": "「:」がありません",
    "Extra data": "余分な文字があります",
    "Unterminated string starting at": "文字列が閉じていません",
    "Invalid control character at": "文字列に制御文字があります",
}


def _json_error_ja(msg: str) -> str:
    for english, japanese in _JSON_ERRORS_JA.items():
        if msg.startswith(english):
            return japanese
    return msg


def scenario_export(*, scenario: Scenario) -> str:
    """The scenario document as pretty JSON text (what ``export.json`` downloads), with the board's
    title and description (a curated board keeps them on its row, not in its document)."""
    document = dict(scenario.document)
    if scenario.title and not document.get("title"):
        document["title"] = scenario.title
    if scenario.description and not document.get("description"):
        document["description"] = scenario.description
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
