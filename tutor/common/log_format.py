"""How the log lines look: logfmt (``key=value``), one line per event, times in UTC.

``tutor/settings.py`` configures structlog and Python's logging with these; the request's fields
(request id, visitor, method, path, status, duration) come from ``tutor.common.request_log``. Nothing
here imports Django: the settings module loads it before Django is set up.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

import structlog

# Every control character but the newline, which the logfmt renderer writes as \n itself: a path or an
# exception message comes from the visitor, and a raw CR or terminal escape would forge or hide lines.
# U+2028 and U+2029 end a line in some log viewers, so they are written out too.
_ESCAPES = {code: f"\\x{code:02x}" for code in (*range(0x20), 0x7F, *range(0x80, 0xA0)) if code != 0x0A}
_ESCAPES |= {0x2028: "\\u2028", 0x2029: "\\u2029"}

KEY_ORDER = ["timestamp", "level", "event", "request_id", "ip", "method", "path", "status", "duration_ms"]


def escape_controls(
    logger: Any, method_name: str, event_dict: MutableMapping[str, Any]
) -> MutableMapping[str, Any]:
    """Write every control character of a text value as ``\\xNN`` (the newline is the renderer's).

    >>> escape_controls(None, "info", {"path": "/a\\rb\\x1b[31m", "status": 200})
    {'path': '/a\\\\x0db\\\\x1b[31m', 'status': 200}
    """
    for key, value in event_dict.items():
        if isinstance(value, str):
            event_dict[key] = value.translate(_ESCAPES)
    return event_dict


def drop_security_tracebacks(
    logger: Any, method_name: str, event_dict: MutableMapping[str, Any]
) -> MutableMapping[str, Any]:
    """Leave out the traceback of Django's security warnings (a refused Host header, a bad cookie).

    Their message says everything, the traceback is always the same few frames of Django's, and anyone
    can send them by the thousand: a line each is enough.

    >>> drop_security_tracebacks(None, "error", {"logger": "django.security.DisallowedHost", "exc_info": True})
    {'logger': 'django.security.DisallowedHost'}
    """
    if str(event_dict.get("logger", "")).startswith("django.security."):
        event_dict.pop("exc_info", None)
    return event_dict


def shared_processors() -> list[Any]:
    """What every line gets, from structlog or from Python's logging (Django's own loggers)."""
    return [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]


def formatter() -> dict[str, Any]:
    """The ``LOGGING`` formatter: the traceback (if any) on the event's own line, then logfmt."""
    return {
        "()": structlog.stdlib.ProcessorFormatter,
        "processors": [
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            drop_security_tracebacks,
            structlog.processors.format_exc_info,
            escape_controls,
            structlog.processors.LogfmtRenderer(key_order=KEY_ORDER, drop_missing=True),
        ],
        "foreign_pre_chain": shared_processors(),
    }


def configure_structlog() -> None:
    """structlog hands its events to Python's logging, which formats them with :func:`formatter`."""
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            *shared_processors(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
