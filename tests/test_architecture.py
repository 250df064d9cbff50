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
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
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


def test_no_template_comment_spans_lines():
    """Django's ``{# … #}`` ends on its own line: one left open is printed on the page as it stands (the
    study answer showed its partial's note to learners). Longer notes use ``{% comment %}``."""
    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\{#(?!.*?#\})", line):
                offenders.append(f"{path.relative_to(ROOT)}:{line_number}")
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


# --- the engine's layers (docs/layout.md) -----------------------------------------------------------

ENGINE_LAYERS = ("model", "document", "sba", "damage", "events", "combat", "eras")
"""rules_core's packages, lowest first: a module may import its own package and the ones before it. The
modules directly in rules_core (the engine, 616.1 orders, the examples, the command line, the public
API) are the top."""


def _engine_layer(module: str) -> int:
    parts = module.split(".")
    assert parts[0] == "rules_core", module
    if len(parts) > 2 and parts[1] in ENGINE_LAYERS:
        return ENGINE_LAYERS.index(parts[1])
    if len(parts) == 2 and parts[1] in ENGINE_LAYERS:  # the package itself
        return ENGINE_LAYERS.index(parts[1])
    return len(ENGINE_LAYERS)


def _engine_modules() -> dict[str, Path]:
    modules = {}
    for path in sorted((ROOT / "rules_core").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _engine_imports(module: str, path: Path) -> list[tuple[ast.stmt, list[str]]]:
    """Each import statement of ``path`` with the rules_core modules (or names in them) it reads."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if target == "rules_core" or target.startswith("rules_core."):
                found.append((node, [f"{target}.{alias.name}" for alias in node.names]))
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name == "rules_core" or a.name.startswith("rules_core.")]
            if names:
                found.append((node, names))
    return found


def test_every_engine_package_has_a_layer():
    packages = {p.name for p in (ROOT / "rules_core").iterdir() if (p / "__init__.py").exists()}
    assert packages == set(ENGINE_LAYERS)


def test_engine_layers_import_only_downwards():
    """model < document < sba < damage < events < combat < eras < the engine: where the rules recurse
    (a trigger's damage is a new damage event), the higher layer hands the lower one what it needs."""
    offenders = []
    for module, path in _engine_modules().items():
        own = _engine_layer(module)
        for node, targets in _engine_imports(module, path):
            for target in targets:
                if _engine_layer(target) > own:
                    offenders.append(f"{module}:{node.lineno} imports {target}")
    assert offenders == []


def test_engine_modules_import_only_at_module_level():
    """An import inside a function hides a cycle; every rules_core import is at the top of its module."""
    offenders = []
    for module, path in _engine_modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
                offenders.extend(
                    f"{module}:{inner.lineno}"
                    for inner in ast.walk(node)
                    if isinstance(inner, ast.Import | ast.ImportFrom)
                )
    assert offenders == []


def test_engine_packages_name_their_rules():
    """Each package's docstring says which rules of the Comprehensive Rules it holds."""
    missing = []
    for name in ENGINE_LAYERS:
        doc = ast.get_docstring(ast.parse((ROOT / "rules_core" / name / "__init__.py").read_text("utf-8")))
        if not doc or not re.search(r"\bCR \d{3}", doc):
            missing.append(name)
    assert missing == []


# --- the web side's layers (docs/layout.md) ---------------------------------------------------------

AREAS = ("reader", "board", "study", "accounts")


def _python_files(*parts: str) -> list[Path]:
    return sorted((ROOT.joinpath(*parts)).rglob("*.py"))


def test_results_never_import_models():
    """``tutor.results`` turns engine results into view data; it never reads the database."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in _python_files("tutor", "results")
        if any(name == "tutor.models" or name.startswith("tutor.models.") for name in _imported_modules(path))
    ]
    assert offenders == []


def test_board_documents_never_import_django():
    """The board's document edits are pure functions: document in, new document out."""
    names = _imported_modules(ROOT / "tutor" / "board" / "documents.py")
    assert not [name for name in names if name == "django" or name.startswith("django.")]


def test_areas_do_not_import_each_others_views():
    offenders = []
    for area in AREAS:
        others = [a for a in AREAS if a != area]
        for path in _python_files("tutor", area):
            for name in _imported_modules(path):
                if any(
                    name == f"tutor.{other}.views" or name.startswith(f"tutor.{other}.views.")
                    for other in others
                ):
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_no_flat_module_shared_by_areas_remains():
    """Each area keeps its forms, selectors, services and views in its own package."""
    flat = ("forms", "presenters", "services", "selectors", "assignment", "curated", "text", "views")
    left = [
        name for name in flat if (ROOT / "tutor" / f"{name}.py").exists() or (ROOT / "tutor" / name).is_dir()
    ]
    assert left == []
    assert not list((ROOT / "tutor").glob("urls_*.py"))


def test_no_mid_file_imports():
    offenders = [
        str(path.relative_to(ROOT))
        for path in _python_files("tutor")
        if "noqa: E402" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


# A class styled only where a page never is: the board's phone stepper shows the stage titles' numbers
# and hides the titles (watch.css, under .play--result); elsewhere the titles show as they are.
CONTEXT_ONLY_CLASSES = {"stage-index-title"}


def _styled_classes() -> dict[str, set[str]]:
    """Each class a style sheet's selectors name, with the sheets that name it."""
    styled: dict[str, set[str]] = {}
    for sheet in (ROOT / "static" / "css").glob("*.css"):
        text = re.sub(r"/\*.*?\*/", "", sheet.read_text(encoding="utf-8"), flags=re.DOTALL)
        selectors = re.sub(r"\{[^{}]*\}", " ", re.sub(r"@media[^{]*\{", " ", text))
        for match in re.finditer(r"\.([a-zA-Z_][\w-]*)", selectors):
            styled.setdefault(match.group(1), set()).add(sheet.name)
    return styled


def test_a_class_is_styled_on_every_page_that_uses_it():
    """A class styled only in an area's sheet (board.css, study.css…) must be used only by pages that load
    that sheet: a partial drawn on another area's page was left unstyled (a card's text at the wrong size
    in a study question, an embed's stage list reading 「2120.4a」, a lesson's crumbs). Pages are the
    templates that extend another; a page loads the sheets it and its parents name, and uses its
    parents' and included templates' classes."""
    templates = ROOT / "templates"
    texts = {str(p.relative_to(templates)): p.read_text(encoding="utf-8") for p in templates.rglob("*.html")}
    parent = {n: m.group(1) for n, t in texts.items() if (m := re.search(r'{%\s*extends\s+"([^"]+)"', t))}
    includes = {n: set(re.findall(r'{%\s*include\s+"([^"]+)"', t)) for n, t in texts.items()}
    sheets = {n: set(re.findall(r"css/([\w-]+\.css)", t)) for n, t in texts.items()}

    def ancestry(name: str) -> list[str]:
        line: list[str] = []
        while name in texts and name not in line:
            line.append(name)
            name = parent.get(name, "")
        return line

    def drawn(names: list[str]) -> set[str]:
        todo, seen = list(names), set()
        while todo:
            name = todo.pop()
            if name in texts and name not in seen:
                seen.add(name)
                todo += includes[name]
        return seen

    styled = _styled_classes()
    offenders = set()
    for page in parent:
        loaded = set().union(*(sheets[n] for n in ancestry(page)))
        for name in drawn(ancestry(page)):
            for attribute in re.findall(r'class="([^"]*)"', texts[name]):
                for cls in attribute.split():
                    where = styled.get(cls, set())
                    if (
                        where
                        and "tutor.css" not in where
                        and cls not in CONTEXT_ONLY_CLASSES
                        and not loaded & where
                    ):
                        offenders.add(f"{name}: .{cls} ({', '.join(sorted(where))}) on {page}")
    assert sorted(offenders) == []
