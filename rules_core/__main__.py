"""Command line: ``python -m rules_core resolve FILE`` (``-`` for standard input).

Prints the result document as JSON (UTF-8, indented) and exits 0. A document
that is not a valid scenario, an unreadable file or text that is not JSON
prints ``{"error": "...", "field": ..., "message": ...}`` and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from .document.limits import check_document
from .engine import resolve_document
from .model.errors import ScenarioError

EXIT_OK = 0
EXIT_INVALID = 2


def _print(doc: dict[str, Any], out: TextIO) -> None:
    out.write(json.dumps(doc, ensure_ascii=False, indent=2))
    out.write("\n")


def _error(field: str, message: str, message_en: str) -> dict[str, str]:
    return {"error": f"{field}: {message}", "field": field, "message": message, "message_en": message_en}


def _read(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules_core",
        description="ダメージのルール (CR 120, 510, 614-616, 702.19, 704) でシナリオを解決し、"
        "結果をJSONで表示します。Resolve a damage scenario (scenario-format.md) and print the result as JSON.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    resolve = sub.add_parser(
        "resolve",
        help="シナリオを解決して結果を表示する / resolve a scenario",
        description='シナリオのJSONを読み、結果のJSONを表示します。不正なシナリオは {"error": …} を表示して'
        "終了コード2で終わります。",
    )
    resolve.add_argument("file", metavar="FILE", help="シナリオのJSONファイル (- で標準入力)")
    return parser


def main(
    argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run the command line; returns the exit status."""
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    args = build_parser().parse_args(argv)
    try:
        text = _read(args.file, stdin)
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        _print(
            _error("file", f"ファイルを読めません: {args.file} ({reason})", f"cannot read {args.file}"),
            stdout,
        )
        return EXIT_INVALID
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"{exc.lineno}行{exc.colno}列"
        _print(_error("document", f"JSONとして読めません({where}): {exc.msg}", f"not JSON: {exc}"), stdout)
        return EXIT_INVALID
    except RecursionError:
        _print(_error("document", "JSONの入れ子が深すぎます", "JSON nested too deeply"), stdout)
        return EXIT_INVALID
    except ValueError as exc:  # e.g. an integer with too many digits
        _print(_error("document", f"JSONとして読めません: {exc}", f"not JSON: {exc}"), stdout)
        return EXIT_INVALID
    try:
        check_document(doc)  # a document from outside: its size, values and depth too
        result = resolve_document(doc)
    except ScenarioError as err:
        _print(err.to_dict(), stdout)
        return EXIT_INVALID
    _print(result, stdout)
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    try:
        sys.exit(main())
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stdout = None
        sys.exit(EXIT_OK)
