"""LCP rules for one file: which `tool_*` functions the binding finds, and which of those can run.

Reachability follows LCP's `_iter_functions_ordered` (lcp.md §2): it walks the whole module,
yields `def` nodes without descending into them, and descends into classes and `async def`.
A tool runs only when `getattr(module, name)` finds it, i.e. it is bound at module level.
"""

from __future__ import annotations

import ast

from .lcp_docs import check_docs, schema_params
from .lcp_types import check_param_types
from .source import Collector, func_defs_with_parents, scope_kind, statements


def enum_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in statements(tree):
        if isinstance(node, ast.ClassDef):
            bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
            if any(b.endswith("Enum") for b in bases):
                names.add(node.name)
    return names


def lint_lcp_file(out: Collector, tree: ast.Module, for_hub: bool = False) -> list[ast.FunctionDef]:
    """Per-file LCP diagnostics; returns the tools LCP lists for this file, in source order."""
    enums = enum_names(tree)
    listed: list[ast.FunctionDef] = []
    first_by_name: dict[str, ast.FunctionDef] = {}
    for node, parents in func_defs_with_parents(tree):
        if isinstance(node, ast.AsyncFunctionDef) and node.name.startswith("tool_"):
            out.add("LCP016", "error", out.name_span(node),
                    f"LCP only looks for `def tool_*`: `async def {node.name}` is never listed, so the model never sees it.",
                    f"make it a plain `def {node.name}(...)` (run any async code inside with `asyncio.run`)")
            continue
        if not isinstance(node, ast.FunctionDef) or not node.name.startswith("tool_"):
            continue
        if any(isinstance(p, ast.FunctionDef) for p in parents):
            out.add("LCP018", "info", out.name_span(node),
                    f"`{node.name}` is nested inside another function, so LCP does not list it as a tool.",
                    "move it to module level if it should be a tool, or rename it without the `tool_` prefix")
            continue
        listed.append(node)
        kind = scope_kind(parents)
        if kind != "module":
            _not_runnable(out, node, kind)
            continue
        if node.name in first_by_name:
            first = first_by_name[node.name]
            out.add("LCP014", "error", out.name_span(node),
                    f"`{node.name}` is defined twice in this file: LCP builds the schema from the first definition "
                    f"(line {first.lineno}) but Python keeps this last one, which is what runs.",
                    "rename or delete one of the two definitions")
            continue
        first_by_name[node.name] = node
        check_param_types(out, node, enums)
        check_docs(out, node)
        _check_dropped_params(out, node)
        _check_one_dict(out, node, for_hub)
        _check_returned_keys(out, node)
    _check_prompts(out, listed)
    _check_init(out, tree)
    _check_near_misses(out, tree)
    return listed


def _not_runnable(out: Collector, node: ast.FunctionDef, kind: str) -> None:
    where = "a method of a class" if kind == "class" else "nested inside an `async def`"
    extra = " with `self` as a required string parameter" if kind == "class" and node.args.args and node.args.args[0].arg == "self" else ""
    out.add("LCP017", "error", out.name_span(node),
            f"`{node.name}` is {where}: LCP lists it{extra}, but calling it fails with "
            f"\"Function '{node.name}' not found in module.\" because only module-level functions can be run.",
            f"move `def {node.name}` to module level (call the class or helper from inside it)")


def _check_dropped_params(out: Collector, func: ast.FunctionDef) -> None:
    posonly = func.args.posonlyargs
    n_pos_defaults = max(0, len(func.args.defaults) - len(func.args.args))
    for i, arg in enumerate(posonly):
        has_default = i >= len(posonly) - n_pos_defaults
        sev, effect = ("warning", "the model cannot set it") if has_default else (
            "error", f"every call fails with a TypeError, because LCP passes arguments by keyword and never sends `{arg.arg}`")
        out.add("LCP020", sev, out.node_span(arg),
                f"`{arg.arg}` is positional-only (before `/`): LCP leaves it out of the schema, so {effect}.",
                f"remove the `/` so `{arg.arg}` is an ordinary parameter")
    for arg, default in zip(func.args.kwonlyargs, func.args.kw_defaults):
        sev, effect = ("warning", "the model cannot set it") if default is not None else (
            "error", f"every call fails with a TypeError for the missing keyword-only argument `{arg.arg}`")
        out.add("LCP020", sev, out.node_span(arg),
                f"`{arg.arg}` is keyword-only (after `*`): LCP reads only ordinary parameters, so it is not in the "
                f"schema and {effect}.",
                f"move `{arg.arg}` before the `*`")


def _check_one_dict(out: Collector, func: ast.FunctionDef, for_hub: bool) -> None:
    """A hub-style `def tool_x(args)` cannot be called through LCP."""
    if schema_params(func):
        return
    args = func.args.args
    n_required = len(args) - len(func.args.defaults)
    required = [a.arg for a in args[:n_required]]
    if not required or func.args.kwarg is not None:
        return
    # In a file written for the hub this is expected, so it is a warning there, an error elsewhere.
    out.add("LCP012", "warning" if for_hub else "error", out.node_span(args[0]),
            f"LCP never puts `{required[0]}` in the schema, and it drops every argument the model sends that is not a "
            f"parameter name, so {func.name}() is called without `{required[0]}` and fails with a TypeError.",
            f"for LCP, declare the real parameters (`def {func.name}(query: str, limit: int = 5)`); "
            f"the one-dict form is the hub's (LTP) convention")


def _own_returns(func: ast.FunctionDef) -> list[ast.Return]:
    """The `return` statements of `func` itself (not of functions, lambdas or classes inside it)."""
    found: list[ast.Return] = []
    stack: list[ast.AST] = list(func.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return sorted(found, key=lambda r: (r.lineno, r.col_offset))


def _check_returned_keys(out: Collector, func: ast.FunctionDef) -> None:
    """LCP024: a literal dict returned with keys LCP's execute_tool drops (lcp.md §5): on success it
    keeps only `output` and `success`, with `"success": False` only `output`, `error` and `success`."""
    for ret in _own_returns(func):
        value = ret.value
        if not isinstance(value, ast.Dict):
            continue
        keys = [k.value for k in value.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        failed = any(isinstance(k, ast.Constant) and k.value == "success" and isinstance(v, ast.Constant)
                     and v.value is False for k, v in zip(value.keys, value.values))
        kept = ("output", "error", "success") if failed else ("output", "success")
        dropped = [k for k in keys if k not in kept]
        if not dropped:
            continue
        shown = ", ".join(f"`{k}`" for k in dropped)
        keeps = "`output`, `error` and `success` of a dict with `\"success\": False`" if failed else "`output` and `success`"
        placeholder = "" if failed or "output" in keys else (
            ", and with no `output` the model gets \"Tool executed successfully (no output).\"")
        out.add("LCP024", "info", out.node_span(value),
                f"LCP drops {shown} from what {func.name}() returns: its result keeps only {keeps}, so the model never "
                f"sees {'it' if len(dropped) == 1 else 'them'}{placeholder}.",
                "put what the model needs in `output` (a string, or a dict or list under `output`)")


def _check_prompts(out: Collector, listed: list[ast.FunctionDef]) -> None:
    names = {f.name for f in listed}
    for func in listed:
        if not func.name.endswith("_prompt"):
            continue
        base = func.name[: -len("_prompt")]
        role = (f"LCP flags `{base}` as having a dynamic prompt, but also " if base in names else "LCP ")
        out.add("LCP019", "warning", out.name_span(func),
                f"{role}registers `{func.name}` itself as a tool (it starts with `tool_`), so the model can call it "
                "as a zero-argument tool.",
                f"keep it only if that is intended; a helper that must not be a tool needs another name (e.g. `_{func.name[5:]}`)")


def _check_init(out: Collector, tree: ast.Module) -> None:
    defs = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    init = defs.get("init_tools_library")
    singular = defs.get("init_tool_library")
    if singular is not None and init is None:
        out.add("LCP022", "warning", out.name_span(singular),
                "LCP never calls `init_tool_library` (singular, the hub's spelling); the hub itself runs it only from "
                "its admin \"init\" endpoint. Setup in it does not happen before your tools run.",
                "name it `init_tools_library(config=None)` for LCP")
    if init is None:
        return
    if isinstance(init, ast.AsyncFunctionDef):
        out.add("LCP021", "error", out.name_span(init),
                "LCP calls `init_tools_library` without awaiting it: the coroutine is created and its body never runs.",
                "make it a plain `def init_tools_library(config=None)`")
        return
    a = init.args
    positional = a.posonlyargs + a.args
    required = len(positional) - len(a.defaults)
    if required > 1:
        out.add("LCP021", "error", out.name_span(init),
                f"LCP calls `init_tools_library(host_config)` with one argument, but this one needs {required}: every "
                "call of the file's tools fails with \"Tool initialization failed\".",
                "take one parameter: `def init_tools_library(config=None)`")
    elif required == 1:
        out.add("LCP021", "warning", out.node_span(positional[0]),
                f"`{positional[0].arg}` has no default: the newer binding passes the host config (or `{{}}`), but the "
                "older one calls `init_tools_library()` with no arguments, which raises and rejects the whole file.",
                f"give it a default: `{positional[0].arg}=None`")
    elif not positional and a.vararg is None and a.kwonlyargs:
        out.add("LCP021", "warning", out.node_span(a.kwonlyargs[0]),
                f"LCP passes the host config positionally only when `init_tools_library` has a positional parameter; "
                f"with keyword-only `{a.kwonlyargs[0].arg}` it is called with nothing, so the config never arrives.",
                f"drop the `*`: `def init_tools_library({a.kwonlyargs[0].arg}=None)`")
    elif not positional and a.vararg is not None:
        out.add("LCP021", "info", out.node_span(a.vararg),
                f"LCP calls `init_tools_library(host_config)`: the config arrives as `{a.vararg.arg}[0]` (the older "
                "binding passes nothing, so it is then empty).",
                "name it explicitly: `def init_tools_library(config=None)`")


def _check_near_misses(out: Collector, tree: ast.Module) -> None:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.lower().startswith("tool_") and not node.name.startswith("tool_"):
            out.add("LCP023", "info", out.name_span(node),
                    f"`{node.name}` is not a tool for LCP: the `tool_` prefix is case-sensitive.",
                    f"rename it `tool_{node.name[5:]}` if it should be a tool")
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id.startswith("tool_"):
                    out.add("LCP023", "info", out.node_span(target),
                            f"`{target.id}` is a lambda: LCP only lists `def tool_*` functions, so it is not a tool.",
                            f"write `def {target.id}(...)` with a docstring")
