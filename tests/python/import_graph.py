"""The import graph of a Python package, read with ``ast``, and the circles in it.

Every ``import`` and ``from … import`` counts, at any depth (an import inside a function closes a
circle as surely as one at the top, only later). An edge also goes to each package that must be
initialised on the way to the imported module, unless the importer lives inside that package
(its own packages are initialised before it runs). A string that is exactly an engine module's
name counts as an import of it: the host registry imports its modules by name (importlib).
"""

import ast


def module_names(sources):
    """``{"toolplay/a/b.py": text}`` -> ``{"toolplay.a.b": (path, is_package)}``."""
    out = {}
    for path in sources:
        parts = path[: -len(".py")].split("/")
        package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if package else parts)
        out[name] = (path, package)
    return out


def _imported(node, name, package, known):
    """The engine modules one import statement names."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name in known]
    base = name if package else name.rpartition(".")[0]
    for _ in range(node.level - 1):
        base = base.rpartition(".")[0]
    if node.level and node.module:
        base = f"{base}.{node.module}"
    elif not node.level:
        base = node.module or ""
    found = []
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        found.append(sub if sub in known else base)
    return [m for m in found if m in known]


def _ancestors(name):
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def import_graph(sources):
    """``{module: set of engine modules it imports}``."""
    known = module_names(sources)
    graph = {}
    for name, (path, package) in known.items():
        own = _ancestors(name) | ({name} if package else set())
        edges = set()
        for node in ast.walk(ast.parse(sources[path], filename=path)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                targets = _imported(node, name, package, known)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in known:
                targets = [node.value]
            else:
                continue
            for target in targets:
                edges.add(target)
                edges |= {p for p in _ancestors(target) if p in known and p not in own}
        edges.discard(name)
        graph[name] = edges
    return graph


def cycles(graph):
    """One circle per strongly connected group of modules, as ``[a, b, …, a]``, sorted."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(_circle(graph, group) for group in groups)


def _circle(graph, group):
    """A path from the group's first module back to itself, through the group only."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v]):
            if w == start:
                return paths[v] + [start]
            if w in group and w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    return [start, start]
