"""Hub (LTP) rules: what lollms_hub's ToolsManager makes of a file (lcp.md §8).

The hub has its own parser: metadata globals read with `ast.literal_eval` (failing silently),
`TOOL_TITLES` that must be a literal, tools as top-level `def tool_*(args)` called with one dict,
and parameters only from `- name (type): description` docstring lines.
"""

from __future__ import annotations

import ast

from ..hosts.hub.tools_manager import DEFAULT_METADATA, METADATA_KEYS, PARAM_LINE, TITLES, TYPE_NAMES
from .lcp_docs import entries
from .source import Collector, docstring_lines, is_literal, statements

METADATA = tuple(METADATA_KEYS)
LTP_GLOBALS = METADATA + (TITLES,)
# What the library shows for each global the hub could not read (settings: none at all).
_DEFAULTS = {name: DEFAULT_METADATA.get(key, "no settings") for name, key in METADATA_KEYS.items()}


def _assigns(tree: ast.Module) -> list[tuple[str, ast.Assign]]:
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.append((target.id, node))
    return found


def is_hub_style(func: ast.FunctionDef) -> bool:
    """`def tool_x(args)`: the hub's one-dict calling convention."""
    params = func.args.posonlyargs + func.args.args
    return len(params) == 1 and params[0].arg == "args"


def targets_hub(tree: ast.Module) -> bool:
    """A file is written for the hub when it sets an LTP global (in any form), or when all its tools
    (async ones too) take one `args` dict."""
    tools = hub_tools(tree) + async_tools(tree)
    return (any(name in LTP_GLOBALS for name, _ in _assigns(tree)) or bool(_unread_globals(tree))
            or (bool(tools) and all(is_hub_style(f) for f in tools)))


def hub_tools(tree: ast.Module) -> list[ast.FunctionDef]:
    return [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("tool_")]


def async_tools(tree: ast.Module) -> list[ast.AsyncFunctionDef]:
    return [n for n in tree.body if isinstance(n, ast.AsyncFunctionDef) and n.name.startswith("tool_")]


def _unread_globals(tree: ast.Module) -> list[tuple[str, ast.expr, str]]:
    """LTP globals the hub never reads: ``(name, target node, how it was written)`` for an annotated
    assignment (``NAME: str = …``, an ``ast.AnnAssign``) or a name inside a tuple or list target
    (``A, B = …``): ToolsManager reads only an ``ast.Assign`` whose target is a plain name."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id in LTP_GLOBALS:
            found.append((node.target.id, node.target, "annotated"))
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, (ast.Tuple, ast.List)):
                    found.extend((t.id, t, "tuple") for t in ast.walk(target) if isinstance(t, ast.Name) and t.id in LTP_GLOBALS)
    return found


def lint_ltp_file(out: Collector, tree: ast.Module) -> None:
    if not targets_hub(tree):
        # The hub lists the `def tool_*` of any file in its folder and calls each with one dict: a
        # file written for LCP fails there, which the hub profile must say (LTP005 only).
        for func in hub_tools(tree):
            _check_signature(out, func, for_hub=False)
        return
    tools = hub_tools(tree)
    _check_unread_globals(out, tree)
    _check_async_tools(out, tree)
    _check_metadata(out, tree)
    _check_titles(out, tree, tools)
    for func in tools:
        _check_params(out, func)
        _check_signature(out, func)
        _check_lollms(out, func)


def _check_metadata(out: Collector, tree: ast.Module) -> None:
    assigns = [(name, node) for name, node in _assigns(tree) if name in METADATA]
    for i, (name, node) in enumerate(assigns):
        if is_literal(node.value):
            continue
        lost = sorted({n for n, _ in assigns[i:]})
        shown = ", ".join(f"{n} → {_DEFAULTS[n]!r}" for n in lost)
        out.add("LTP003", "warning", out.node_span(node.value),
                f"The hub reads `{name}` with `ast.literal_eval`, which cannot evaluate this expression; it then stops "
                f"reading metadata silently, so the library shows defaults: {shown}.",
                f"write a plain literal: `{name} = \"...\"`")
        return


def _check_unread_globals(out: Collector, tree: ast.Module) -> None:
    """LTP009: metadata written in a form the hub's reading skips: it keeps its default."""
    for name, target, form in _unread_globals(tree):
        shown = "no titles are shown" if name == TITLES else f"the library shows {_DEFAULTS[name]!r}"
        written = (f"`{name}: …` is an annotated assignment" if form == "annotated"
                   else f"`{name}` is assigned through a tuple")
        out.add("LTP009", "warning", out.node_span(target),
                f"{written}; the hub reads only a plain `{name} = <literal>` (an assignment to one name), so it "
                f"never sees this value and {shown}.",
                f"write it on its own line without an annotation: `{name} = ...`")


def _check_async_tools(out: Collector, tree: ast.Module) -> None:
    """LTP008: the Tool Selector lists only plain `def tool_*`; the executor would await one named by hand."""
    for func in async_tools(tree):
        out.add("LTP008", "warning", out.name_span(func),
                f"The hub lists only plain `def tool_*` (its parser takes `ast.FunctionDef`), so the model never sees "
                f"`{func.name}`; only a hand-made definition naming it reaches the executor, which then awaits it.",
                f"write `def {func.name}(args: dict):` and run async code inside it with `asyncio.run(...)` (the hub "
                "runs a plain tool in a thread without an event loop)")


def _check_titles(out: Collector, tree: ast.Module, tools: list[ast.FunctionDef]) -> None:
    titles = [node for name, node in _assigns(tree) if name == TITLES]
    if not titles:
        return
    node = titles[-1]
    if not is_literal(node.value):
        out.add("LTP002", "error", out.node_span(node.value),
                f"`TOOL_TITLES` is not a literal: the hub's `ast.literal_eval` fails and it drops the whole file, so "
                f"none of its {len(tools)} tool(s) are listed.",
                "write it as a dict literal: `TOOL_TITLES = {\"tool_x\": \"🔧 Doing x\"}`")
        return
    if not isinstance(node.value, ast.Dict):
        out.add("LTP002", "error", out.node_span(node.value),
                f"`TOOL_TITLES` is not a dict: the hub's `titles.get(...)` fails and it drops the whole file, so none "
                f"of its {len(tools)} tool(s) are listed.",
                "write it as a dict literal: `TOOL_TITLES = {\"tool_x\": \"🔧 Doing x\"}`")
        return
    names = {t.name for t in tools}
    other = {n.name for n in statements(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for key in node.value.keys:
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)) or key.value in names:
            continue
        why = ("it is not a top-level `def` (the hub skips async, nested and method tools)"
               if key.value in other else "no such function exists in this file")
        out.add("LTP001", "warning", out.node_span(key),
                f"`TOOL_TITLES` has a title for `{key.value}`, but the hub lists no tool of that name: {why}. The "
                "title is never shown.",
                "use the exact name of a top-level `def tool_*` as the key")


def _check_params(out: Collector, func: ast.FunctionDef) -> None:
    hub_lines = {line for line, raw in docstring_lines(func) if PARAM_LINE.match(raw)}
    for line, raw in docstring_lines(func):
        match = PARAM_LINE.match(raw)
        if match and match.group(2).lower() not in TYPE_NAMES:
            out.add("LTP006", "info", out.line_span(line, raw),
                    f"The hub knows the types str, int, float, bool, dict and list; `({match.group(2)})` makes "
                    f"`{match.group(1)}` a string.",
                    f"write `- {match.group(1)} (str|int|float|bool|dict|list): ...`")
    for line, text, name, _desc, section in entries(func):
        if line in hub_lines or name.lower() in ("args", "returns", "example") or not section:
            continue
        if section not in ("args", "arguments", "parameters", "params"):
            continue
        out.add("LTP004", "warning", out.line_span(line, text),
                f"The hub reads parameters only from `- name (type): description` lines (a bullet and a one-word type "
                f"are required), so `{name}` is not a parameter for the hub"
                + ("; with no such line the hub shows a single `args` object." if not hub_lines else "."),
                f"write `- {name} (str): ...` (types: str, int, float, bool, dict, list; add `, optional` if it may be left out)")


def _check_signature(out: Collector, func: ast.FunctionDef, for_hub: bool = True) -> None:
    """LTP005. `for_hub` False: a file without LTP metadata, written for LCP (the fix then says both sides)."""
    a = func.args
    # `lollms` is the one keyword the hub passes (when the signature names it): not an "other" parameter.
    params = a.posonlyargs + a.args
    with_default = {p.arg for p in params[len(params) - len(a.defaults):]}
    positional = [p for p in params if p.arg != "lollms"]
    required = sum(1 for p in positional if p.arg not in with_default)
    fix = f"write `def {func.name}(args: dict):` and read the values from `args`"
    if not for_hub:
        fix += (" (a file without LTP metadata is read by the hub too; if it is for LCP, which passes each "
                "parameter by name, keep it out of the hub's tools folder)")
    if not positional and a.vararg is None:
        out.add("LTP005", "error", out.name_span(func),
                f"The hub calls `{func.name}(args)` with one positional dict, but this function takes no positional "
                "parameter: every call fails with a TypeError.", fix)
        return
    if not positional:
        return
    first = positional[0]
    anno = ast.unparse(first.annotation) if first.annotation is not None else ""
    if required > 1:
        out.add("LTP005", "error", out.node_span(first),
                f"The hub ignores the signature and calls `{func.name}(args)` with one dict: `{first.arg}` receives the "
                f"whole dict and the other {required - 1} required parameter(s) are missing, so every call fails.",
                fix)
    elif len(positional) > 1 or (anno and "dict" not in anno.lower() and anno not in ("Any", "object")):
        out.add("LTP005", "warning", out.node_span(first),
                f"The hub ignores the signature and calls `{func.name}(args)` with one dict: `{first.arg}`"
                f"{' (annotated ' + anno + ')' if anno else ''} receives the whole dict of arguments"
                f"{', and the other parameters keep their defaults' if len(positional) > 1 else ''}.",
                fix)


def _check_lollms(out: Collector, func: ast.FunctionDef) -> None:
    """LTP007: the code reads ``lollms``, but the hub passes it only to a parameter named exactly that."""
    a = func.args
    names = {p.arg for p in a.posonlyargs + a.args + a.kwonlyargs}
    if "lollms" in names:
        return
    fix = f"add the parameter the hub looks for: `def {func.name}(args: dict, lollms=None):`"
    kwargs = a.kwarg.arg if a.kwarg is not None else None
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and node.id == "lollms" and isinstance(node.ctx, ast.Load):
            out.add("LTP007", "error", out.node_span(node),
                    f"`{func.name}` uses `lollms`, but the hub passes it only to a function whose signature has a "
                    "parameter named `lollms`: here the name is not defined, so the call fails with a NameError "
                    "(reported as a runtime_exception).", fix)
            return
        if kwargs and _reads_key(node, kwargs, "lollms"):
            out.add("LTP007", "error", out.node_span(node),
                    f"`{func.name}` looks for `lollms` in `**{kwargs}`, but the hub passes it only when the signature "
                    f"names a parameter `lollms` (`**{kwargs}` does not count), so `{kwargs}` never holds it.", fix)
            return


def _reads_key(node: ast.AST, mapping: str, key: str) -> bool:
    """``mapping["key"]`` or ``mapping.get("key", …)``."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == mapping:
        return isinstance(node.slice, ast.Constant) and node.slice.value == key
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        target = node.func.value
        first = node.args[0] if node.args else None
        return (isinstance(target, ast.Name) and target.id == mapping and isinstance(first, ast.Constant)
                and first.value == key)
    return False
