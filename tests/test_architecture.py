"""Promises about the shape of the project that are easy to break without noticing."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_rules_core_never_imports_django():
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "rules_core").rglob("*.py")
        if any(name == "django" or name.startswith("django.") for name in _imported_modules(path))
    ]
    assert offenders == []


def test_rules_core_is_typed_package():
    assert (ROOT / "rules_core" / "py.typed").exists()


def test_no_template_loads_from_the_network():
    remote = re.compile(r"""(src|href)\s*=\s*["']\s*(https?:)?//""", re.IGNORECASE)
    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if remote.search(line) and ("<script" in line or "<link" in line or "<img" in line):
                offenders.append(f"{path.relative_to(ROOT)}:{line_number}")
    assert offenders == []


def test_no_inline_script_in_templates():
    """The Content-Security-Policy allows no inline script: every <script> has a src."""
    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"<script(?P<attrs>[^>]*)>", text):
            if "src=" not in match.group("attrs") and 'type="application/json"' not in match.group("attrs"):
                offenders.append(str(path.relative_to(ROOT)))
        if re.search(r"\son[a-z]+\s*=", text):
            offenders.append(f"{path.relative_to(ROOT)} (inline event handler)")
    assert offenders == []


def test_runtime_code_never_reads_shared():
    offenders = []
    for package in ("tutor", "rules_core"):
        for path in (ROOT / package).rglob("*.py"):
            if "management" in path.parts:
                continue
            if "../shared" in path.read_text(encoding="utf-8"):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
