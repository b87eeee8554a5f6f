"""What a workspace's tool files ask for, read statically (with ``ast``, never importing them):

* ``import x`` / ``from x import y`` of modules that are neither the standard library, nor Pyodide's
  own, nor the engine's (``pipmaster``), nor a local module next to the file;
* the calls real libraries make to pipmaster (``pm.ensure_packages({...})``, ``pipmaster.install("x")``,
  ``get_pip_manager().install_if_missing(...)``…) with literal arguments, and the function they are in
  (``init_tool_library``, ``init_tools_library``, the module itself, a tool);
* ``requirements.txt`` lines, at the workspace root and in the tools folder or a library's folder.

Each need keeps where it was asked for (file, line, columns), so the Packages view lists it and a
diagnostic can sit on the very import line. Per file, the reading is kept with its content.
"""

from __future__ import annotations

import ast
import os
import sys
from typing import Any, Iterator

from ..core import file_cache
from ..core.python_source import parsed

# Modules a tool can import that are not the standard library's: Pyodide's own and the engine's.
PROVIDED = {"pyodide", "pyodide_js", "js", "_pyodide", "pipmaster", "toolplay", "__future__"}

# pipmaster's calls that install, and how each names its packages: the position of the argument
# holding them, and whether it is one name or a collection (ensure_packages: dict, list or string).
PIPMASTER_CALLS = {
    "ensure_packages": (0, "many"), "async_ensure_packages": (0, "many"),
    "install": (0, "one"), "async_install": (0, "one"),
    "install_if_missing": (0, "one"), "async_install_if_missing": (0, "one"),
    "install_multiple": (0, "many"), "async_install_multiple": (0, "many"),
    "install_multiple_if_not_installed": (0, "many"),
    "install_or_update": (0, "one"), "install_or_update_multiple": (0, "many"),
    "install_version": (0, "version"),
}


def _need(kind: str, text: str, path: str, node: ast.AST | None, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": kind, "text": text, "file": path}
    if node is not None:
        out.update(line=node.lineno, col=node.col_offset + 1, endLine=node.end_lineno, endCol=node.end_col_offset + 1)
    out.update(extra)
    return out


def _local_names(path: str, roots: list[str]) -> set[str]:
    """Modules a file can import from its own folder or the tools folders: files and packages there."""
    names: set[str] = set()
    for folder in {os.path.dirname(path), *roots}:
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        for entry in entries:
            stem, ext = os.path.splitext(entry)
            if ext == ".py" or (not ext and os.path.isdir(os.path.join(folder, entry))):
                names.add(stem)
    return names


def _scopes(tree: ast.Module) -> Iterator[tuple[ast.AST, str, bool]]:
    """Every node with the function it is in ('<module>' at the top) and whether a ``try`` guards it
    (an ``except ImportError`` fallback makes the import optional); ``if TYPE_CHECKING:`` is skipped."""
    stack: list[tuple[ast.AST, str, bool]] = [(child, "<module>", False) for child in reversed(tree.body)]
    while stack:
        node, where, guarded = stack.pop()
        yield node, where, guarded
        if isinstance(node, ast.If) and isinstance(node.test, (ast.Name, ast.Attribute)) and \
                (getattr(node.test, "id", None) or getattr(node.test, "attr", None)) == "TYPE_CHECKING":
            continue
        inner = node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else where
        now_guarded = guarded or (isinstance(node, ast.Try) and _catches_import_error(node))
        children = list(ast.iter_child_nodes(node))
        if isinstance(node, ast.Try):
            # Only the try body is guarded: the handlers are the fallback, imported when the first fails.
            body = set(map(id, node.body))
            stack.extend((c, inner, now_guarded if id(c) in body else guarded) for c in reversed(children))
        else:
            stack.extend((c, inner, now_guarded) for c in reversed(children))


def _catches_import_error(node: ast.Try) -> bool:
    for handler in node.handlers:
        names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        if handler.type is None or any(getattr(n, "id", getattr(n, "attr", "")) in ("ImportError", "ModuleNotFoundError", "Exception") for n in names):
            return True
    return False


def _pipmaster_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """Names bound to the pipmaster module (``import pipmaster as pm``) and to its functions
    (``from pipmaster import ensure_packages``), anywhere in the file."""
    modules: set[str] = set()
    functions: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(a.asname or a.name for a in node.names if a.name == "pipmaster")
        elif isinstance(node, ast.ImportFrom) and node.module == "pipmaster" and node.level == 0:
            functions.update(a.asname or a.name for a in node.names if a.name in PIPMASTER_CALLS or a.name == "get_pip_manager")
    return modules, functions


def _pipmaster_call(node: ast.Call, modules: set[str], functions: set[str]) -> str | None:
    """The pipmaster function a call invokes (``pm.install``, ``install``, ``pm.get_pip_manager().install``), or None."""
    func = node.func
    if isinstance(func, ast.Name) and func.id in functions and func.id in PIPMASTER_CALLS:
        return func.id
    if not isinstance(func, ast.Attribute) or func.attr not in PIPMASTER_CALLS:
        return None
    target = func.value
    if isinstance(target, ast.Name) and target.id in modules:
        return func.attr
    if isinstance(target, ast.Call):  # pm.get_pip_manager().install(...) / get_pip_manager().install(...)
        inner = target.func
        if (isinstance(inner, ast.Attribute) and inner.attr == "get_pip_manager" and isinstance(inner.value, ast.Name)
                and inner.value.id in modules) or (isinstance(inner, ast.Name) and inner.id == "get_pip_manager" and inner.id in functions):
            return func.attr
    return None


def _literal(node: ast.AST | None) -> Any:
    try:
        return ast.literal_eval(node) if node is not None else None
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NOT_LITERAL


_NOT_LITERAL = object()


def _requirements_of(call: ast.Call, name: str) -> list[str] | None:
    """The requirement texts a pipmaster call names, or None when they are not literals."""
    position, shape = PIPMASTER_CALLS[name]
    arg = call.args[position] if len(call.args) > position else next(
        (k.value for k in call.keywords if k.arg in ("requirements", "package", "packages")), None)
    value = _literal(arg)
    if value is _NOT_LITERAL or value is None:
        return None
    if shape == "version":
        version = _literal(call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "version"), None))
        return [f"{value}=={version}"] if isinstance(value, str) and isinstance(version, str) else None
    if shape == "one":
        if not isinstance(value, str):
            return None
        spec = _literal(next((k.value for k in call.keywords if k.arg == "version_specifier"), None))
        return [value + spec if isinstance(spec, str) and spec.strip() else value]
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        out = []
        for pkg, spec in value.items():
            if not isinstance(pkg, str):
                return None
            out.append(pkg + spec if isinstance(spec, str) and spec.strip() and spec.strip() != "latest" else pkg)
        return out
    if isinstance(value, (list, tuple, set)) and all(isinstance(v, str) for v in value):
        return [v.strip() for v in value if v.strip()]
    return None


def file_needs(path: str, roots: list[str]) -> list[dict[str, Any]]:
    """One tool file's needs (module docstring), kept with its content."""
    def build(data: bytes) -> list[dict[str, Any]]:
        source = parsed(data, path)
        if source.tree is None:
            return []
        return _read(source.tree, path, roots)

    # The local names depend on the folder, not only on the content: kept per content, checked each time.
    needs = file_cache.value(path, "needs", build)
    local = _local_names(path, roots)
    return [n for n in needs if not (n["kind"] == "import" and n["text"] in local)]


def _read(tree: ast.Module, path: str, roots: list[str]) -> list[dict[str, Any]]:
    modules, functions = _pipmaster_names(tree)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for node, where, guarded in _scopes(tree):
        if isinstance(node, ast.Import):
            tops = [(a.name.split(".")[0], a) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops = [(node.module.split(".")[0], node)]
        elif isinstance(node, ast.Call):
            name = _pipmaster_call(node, modules, functions)
            if name is not None:
                reqs = _requirements_of(node, name)
                if reqs is None:
                    out.append(_need("pipmaster", "", path, node, where=where, call=name, literal=False))
                for req in reqs or []:
                    out.append(_need("pipmaster", req, path, node, where=where, call=name))
            continue
        else:
            continue
        for top, at in tops:
            if top in sys.stdlib_module_names or top in PROVIDED or top in seen:
                continue
            seen.add(top)
            out.append(_need("import", top, path, at if isinstance(at, ast.AST) and hasattr(at, "lineno") else node,
                             where=where, optional=guarded))
    return out


def requirements_files(workspace: str | None, tool_paths: list[str]) -> list[str]:
    """The requirements.txt files a workspace's hosts would read: its root's, the tools folders' and
    each library folder's (one level down, the LCP folder layout)."""
    found: list[str] = []
    candidates = [workspace] if workspace else []
    for root in tool_paths:
        if os.path.isdir(root):
            candidates.append(root)
            candidates.extend(os.path.join(root, d) for d in sorted(os.listdir(root)) if os.path.isdir(os.path.join(root, d)))
    for folder in candidates:
        path = os.path.join(folder, "requirements.txt")
        if os.path.isfile(path) and path not in found:
            found.append(path)
    return found


def tool_files(paths: list[str]) -> list[str]:
    """Every ``.py`` file under ``paths`` (folders walked in code-point order, ``__pycache__`` skipped)."""
    out: list[str] = []
    for given in paths:
        path = os.path.abspath(given)
        if os.path.isfile(path) and path.endswith(".py"):
            out.append(path)
        elif os.path.isdir(path):
            for folder, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
                out.extend(os.path.join(folder, f) for f in sorted(files) if f.endswith(".py"))
    return out


def workspace_needs(paths: list[str], workspace: str | None) -> list[dict[str, Any]]:
    """Every need of the tool files under ``paths`` and of the requirements files, in reading order."""
    roots = [os.path.abspath(p) for p in paths if os.path.isdir(p)]
    out: list[dict[str, Any]] = []
    for path in tool_files(paths):
        out.extend(file_needs(path, roots))
    for path in requirements_files(workspace, roots):
        with open(path, encoding="utf-8", errors="replace") as fh:
            for number, raw in enumerate(fh, start=1):
                line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
                if line:
                    out.append({"kind": "requirement", "text": line, "file": path, "line": number, "col": 1,
                                "endLine": number, "endCol": len(raw.rstrip("\n")) + 1})
    return out
