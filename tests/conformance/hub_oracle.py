#!/usr/bin/env python3
"""Conformance oracle for lollms_hub's tool executor (the "LTP" universal executor).

Runs the REAL reference code of ParisNeo/lollms_hub, taken at run time from a
git snapshot (nothing of it is stored in this repository), on the fixture
libraries in hub_executor/fixtures/ and prints canonical JSON.  The cases are
listed in hub_executor/cases.json; the recorded outputs are in
hub_executor/golden/<case>.json.  hub_executor/README.md documents the format,
what runs for real and what was replaced.

Sub-commands
------------
case ID                 Run one case of cases.json in this process and print
                        its output (what golden/<ID>.json holds).
golden [--write]        Run every case (each in a fresh interpreter) and compare
                        with golden/<ID>.json, or (re)write them.  Prints
                        "N passed, M failed"; exit 1 on a mismatch.
    --only ID           restrict to a case (repeatable)
    --dir DIR           golden folder (default hub_executor/golden)
    --pyodide           run each case with run_in_pyodide.mjs (Python 3.14)
                        instead of this interpreter; with --write, cases whose
                        3.14 output differs from the recorded one are written to
                        hub_executor/py314/golden/<ID>.json (see README).
    --node-runner FILE  run_in_pyodide.mjs (default: env RUN_IN_PYODIDE or
                        ../../../shared/conformance/run_in_pyodide.mjs)
    --pyodide-dir DIR   the pyodide npm package (default: node_modules/pyodide
                        of the repository)

Common options
--------------
--hub-ref DIR           lollms_hub git dir or work tree (or env LTP_HUB_REF)
--hub-rev REV           default: the pinned commit below
--site DIR              extra site-packages put on sys.path (needed under
                        Pyodide, where the venv's pure-Python packages are used)

Exit codes: 0 ok; 1 golden mismatch; 2 usage or setup problem.
"""

import argparse
import ast
import asyncio
import copy
import hashlib
import importlib.abc
import importlib.machinery
import io
import json
import logging
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import types

HUB_COMMIT = "eb5a10676d7d0536b37d07220c9bf590fb2f74c9"
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "hub_executor")
FIXTURES = os.path.join(DATA, "fixtures")
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))

ROUTES_TOOLS = "app/api/v1/routes/tools.py"
AGENT = "app/nodes/standard/agent/agent.py"
# files and folders of the hub that are imported for real (extracted as they are)
HUB_TREE = [
    "app/__init__.py",
    "app/api/__init__.py",
    "app/api/v1/__init__.py",
    "app/api/v1/routes/__init__.py",
    "app/core",
    "app/database",
    "app/nodes/__init__.py",
    "app/nodes/base.py",
    "app/nodes/standard/__init__.py",
    "app/nodes/standard/tools",
    "app/skills",
    "app/tools",
]
# functions of routes/tools.py that run (the module as a whole imports the
# entire web application, so only these definitions are compiled, unchanged)
ROUTE_FUNCTIONS = ("api_init_tool", "execute_tool_universally", "_execute_tool_call_local")
# module-level imports of routes/tools.py that are NOT executed (web-app
# internals the three functions never use); their names become placeholders
SKIPPED_IMPORT_MODULES = ("app.api.v1.dependencies", "app.api.v1.routes.admin",
                          "app.api.v1.routes.proxy", "app.crud", "app.core")
# third-party packages the bundled libraries need (network clients); they are
# made "not installed" so that runs are the same on every machine
ABSENT_PACKAGES = ("arxiv", "wikipedia", "requests", "duckduckgo_search", "httpx",
                   "scrapemaster", "youtube_transcript_api", "safe_store", "numpy")
ANON_USER = {"id": 0, "username": "system_anon", "is_admin": True}
IS_PYODIDE = sys.platform == "emscripten"


def canon(obj):
    return json.dumps(obj, sort_keys=True, indent=2, ensure_ascii=False)


def die(msg):
    print(f"hub_oracle: {msg}", file=sys.stderr)
    sys.exit(2)


# --------------------------------------------------------------------------
# the reference snapshot
# --------------------------------------------------------------------------

def _is_git_dir(d):
    r = subprocess.run(["git", "-C", d, "rev-parse", "--git-dir"], capture_output=True, text=True)
    return r.returncode == 0


def _git(d, *args):
    r = subprocess.run(["git", "-C", d, *args], capture_output=True)
    if r.returncode != 0:
        die(f"git {' '.join(args)} failed in {d}: {r.stderr.decode(errors='replace').strip()}")
    return r.stdout


class Reference:
    def __init__(self, ref, rev):
        if not ref:
            die("no lollms_hub reference: pass --hub-ref DIR or set LTP_HUB_REF")
        self.ref, self.rev = ref, rev
        self.git = _is_git_dir(ref)
        self.commit = _git(ref, "rev-parse", "--verify", f"{rev}^{{commit}}").decode().strip() if self.git else None

    def text(self, path):
        if self.git:
            return _git(self.ref, "show", f"{self.rev}:{path}").decode("utf-8")
        with open(os.path.join(self.ref, path), encoding="utf-8") as f:
            return f.read()

    def extract(self, paths, dest):
        if self.git:
            data = _git(self.ref, "archive", "--format=tar", self.rev, "--", *paths)
            with tarfile.open(fileobj=io.BytesIO(data)) as tf:
                try:
                    tf.extractall(dest, filter="data")
                except TypeError:
                    tf.extractall(dest)
            return
        for p in paths:
            src, dst = os.path.join(self.ref, p), os.path.join(dest, p)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            (shutil.copytree if os.path.isdir(src) else shutil.copy2)(src, dst)


# --------------------------------------------------------------------------
# third-party stand-ins (not lollms code)
# --------------------------------------------------------------------------

TRACED = []     # what the executor passed to ascii_colors.trace_exception
PIPMASTER = []  # calls made to pipmaster


def _ascii_colors_stub():
    mod = types.ModuleType("ascii_colors")

    class _Any(type):
        def __getattr__(cls, name):
            if name.startswith("_"):
                raise AttributeError(name)
            return lambda *a, **k: None

    class ASCIIColors(metaclass=_Any):
        pass

    def trace_exception(ex):
        TRACED.append(f"{type(ex).__name__}: {ex}")

    mod.ASCIIColors, mod.trace_exception = ASCIIColors, trace_exception
    return mod


def _pipmaster_stub():
    mod = types.ModuleType("pipmaster")

    def recorder(name):
        def call(*args, **kwargs):
            PIPMASTER.append({"fn": name, "args": _jsonable(list(args)), "kwargs": _jsonable(kwargs)})
            return True
        return call

    mod.__getattr__ = recorder
    for n in ("ensure_packages", "install", "install_if_missing", "is_installed"):
        setattr(mod, n, recorder(n))
    return mod


class _Absent(importlib.abc.MetaPathFinder):
    """Makes the listed packages behave as not installed."""

    def find_spec(self, fullname, path, target=None):
        top = fullname.split(".")[0]
        if top in ABSENT_PACKAGES:
            raise ModuleNotFoundError(f"No module named {top!r}", name=top)
        return None


def install_stubs():
    sys.modules["ascii_colors"] = _ascii_colors_stub()
    sys.modules["pipmaster"] = _pipmaster_stub()
    sys.meta_path.insert(0, _Absent())
    if IS_PYODIDE:
        import pyodide_shims  # noqa: F401  (hub_executor/pyodide_shims.py; see README)


# --------------------------------------------------------------------------
# JSON-safe values and normalisation
# --------------------------------------------------------------------------

def _jsonable(v):
    t = type(v)
    if v is None or t in (bool, int, str):
        return v
    if t is float:
        return v if v == v and v not in (float("inf"), float("-inf")) else {"$py": "float", "repr": repr(v)}
    if t is list:
        return [_jsonable(x) for x in v]
    if t is dict and all(type(k) is str for k in v):
        return {k: _jsonable(x) for k, x in v.items()}
    return {"$py": t.__name__, "repr": repr(v)}


def _exc(e):
    return {"type": type(e).__name__, "message": str(e)}


class Normalizer:
    def __init__(self, pairs, tmpdir):
        self.pairs = sorted(((os.path.realpath(p), t) for p, t in pairs), key=lambda x: -len(x[0]))
        self.pairs += [(p, t) for p, t in pairs if os.path.realpath(p) != p]
        self.pairs.sort(key=lambda x: -len(x[0]))
        tmp = re.escape(tmpdir)
        self.toolfile = re.compile(tmp + r"/tmp[a-z0-9_]{8}\.py")
        self.toolname = re.compile(r"\btmp[a-z0-9_]{8}\.py\b")
        self.address = re.compile(r" at 0x[0-9a-fA-F]+")

    def s(self, text):
        text = self.toolfile.sub("$TOOLFILE", text)
        text = self.toolname.sub("$TOOLNAME", text)
        for p, tok in self.pairs:
            text = text.replace(p, tok)
        return self.address.sub(" at 0x…", text)

    def apply(self, obj):
        if isinstance(obj, str):
            return self.s(obj)
        if isinstance(obj, dict):
            return {self.s(k): self.apply(v) for k, v in obj.items()}
        if isinstance(obj, list):
            return [self.apply(v) for v in obj]
        return obj


# --------------------------------------------------------------------------
# loading the hub
# --------------------------------------------------------------------------

def _compile_defs(src, path, names):
    """Compile the named top-level definitions of `src` (decorators dropped)."""
    tree = ast.parse(src)
    body, found = [], {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in names:
            node.decorator_list = []
            body.append(node)
            found[node.name] = node.lineno
    missing = set(names) - set(found)
    if missing:
        die(f"{path}: definitions not found: {sorted(missing)}")
    return compile(ast.Module(body=body, type_ignores=[]), path, "exec"), found


def _module_imports(src, path):
    """The module-level import statements of `src`, minus the skipped ones.
    Returns (code, names bound by the skipped ones)."""
    tree = ast.parse(src)
    keep, skipped = [], []
    for node in tree.body:
        if isinstance(node, ast.Import):
            keep.append(node)
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if any(mod == m or mod.startswith(m + ".") for m in SKIPPED_IMPORT_MODULES):
                skipped += [a.asname or a.name for a in node.names]
            else:
                keep.append(node)
    return compile(ast.Module(body=keep, type_ignores=[]), path, "exec"), skipped


class _Placeholder:
    """Stands for a web-app object the executor functions never use."""

    def __init__(self, name):
        self._name = name

    def __call__(self, *a, **k):
        raise RuntimeError(f"hub_oracle placeholder {self._name} was used")

    def __getattr__(self, attr):
        raise RuntimeError(f"hub_oracle placeholder {self._name}.{attr} was used")


def _agent_exec_loop(src):
    """The agent's LTP tool-execution loop (the `for call in ...` that calls
    execute_tool_universally), wrapped unchanged in a coroutine function
    (ai_msg, tools, scratchpad, engine, json, ToolsManager, run_in_threadpool)."""
    tree = ast.parse(src)
    target = None
    for node in ast.walk(tree):
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name) and node.target.id == "call":
            names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            if "execute_tool_universally" in names or any(
                    isinstance(n, ast.ImportFrom) and any(a.name == "execute_tool_universally" for a in n.names)
                    for n in ast.walk(node)):
                target = node
                break
    if target is None:
        die(f"could not locate the tool execution loop in {AGENT}")
    params = ("ai_msg", "tools", "scratchpad", "engine", "json", "ToolsManager", "run_in_threadpool")
    fkw = dict(name="_agent_tool_loop",
               args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=n) for n in params], vararg=None,
                                  kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
               body=[target], decorator_list=[], returns=None)
    if "type_params" in ast.AsyncFunctionDef._fields:
        fkw["type_params"] = []
    mod = ast.Module(body=[ast.AsyncFunctionDef(**fkw)], type_ignores=[])
    ast.fix_missing_locations(mod)
    ns = {}
    exec(compile(mod, AGENT, "exec"), ns)
    return ns["_agent_tool_loop"], target.lineno


class Hub:
    """The hub, set up in a temporary folder for one case."""

    def __init__(self, ref, case):
        self.root = tempfile.mkdtemp(prefix="hub_oracle_")
        self.hub = os.path.join(self.root, "hub")      # the hub's working directory
        self.home = os.path.join(self.root, "home")    # HOME (USER_TOOLS_DIR lives here)
        self.tmp = os.path.join(self.root, "tmp")      # tempfile.gettempdir()
        for d in (self.hub, self.home, self.tmp):
            os.makedirs(d)
        ref.extract(HUB_TREE, self.hub)
        self.sources = {p: ref.text(p) for p in (ROUTES_TOOLS, AGENT)}

        os.environ["HOME"] = self.home
        os.environ["DATABASE_URL"] = "sqlite+aiosqlite:///:memory:"
        os.chdir(self.hub)
        sys.path.insert(0, self.hub)
        tempfile.tempdir = self.tmp
        # app.main calls setup_logging(settings.LOG_LEVEL) with LOG_LEVEL "info":
        # the root logger's level is INFO (its console/file handlers are left out)
        logging.getLogger().setLevel(logging.INFO)
        # ...and it has handlers (console and file, left out): one that drops
        # everything stands for them, so logging.info() & co. never fall back
        # to logging.basicConfig() as they would on a root without handlers
        logging.getLogger().addHandler(logging.NullHandler())

        user_dir = os.path.join(self.home, ".lollms_hub", "tools")
        os.makedirs(user_dir)
        for name in case.get("libraries", []):
            shutil.copy(os.path.join(FIXTURES, name), os.path.join(user_dir, name))

        from app.core.tools_manager import ToolsManager
        self.ToolsManager = ToolsManager
        from app.database import models
        self.models = models
        from app.database import session
        if IS_PYODIDE:
            # no threads, no greenlet: steps that reach the database are not replayed
            import pyodide_shims
            pyodide_shims.guard_database(session)
            self.db_ok = False
        else:
            self.db_ok = True
            self.AsyncSessionLocal = session.AsyncSessionLocal

            async def create_tables():  # as app.main.init_db does (its migrations aside)
                async with session.engine.begin() as conn:
                    await conn.run_sync(models.Base.metadata.create_all)
            asyncio.run(create_tables())

        # routes/tools.py: its imports (minus web-app internals) + the three functions
        src = self.sources[ROUTES_TOOLS]
        ns = {"__name__": "app.api.v1.routes.tools", "__file__": os.path.join(self.hub, ROUTES_TOOLS)}
        imports, skipped = _module_imports(src, ROUTES_TOOLS)
        for n in skipped:
            ns[n] = _Placeholder(n)
        exec(imports, ns)
        ns["logger"] = logging.getLogger("app.api.v1.routes.tools")
        code, self.route_lines = _compile_defs(src, ROUTES_TOOLS, ROUTE_FUNCTIONS)
        exec(code, ns)
        self.routes = ns
        self.real_executor = ns["execute_tool_universally"]
        self.calls = []
        ns["execute_tool_universally"] = self._recording_executor
        mod = types.ModuleType("app.api.v1.routes.tools")
        mod.__dict__.update(ns)
        sys.modules["app.api.v1.routes.tools"] = mod
        import app.api.v1.routes as routes_pkg
        routes_pkg.tools = mod

        self.agent_loop, self.agent_line = _agent_exec_loop(self.sources[AGENT])
        from app.nodes.standard.tools.tools import ToolSelectorNode
        self.selector = ToolSelectorNode()
        from fastapi.concurrency import run_in_threadpool
        self.run_in_threadpool = run_in_threadpool

        stdlib = {sysconfig.get_paths()["stdlib"], os.path.dirname(os.__file__)}  # Pyodide: a zip
        self.norm = Normalizer([(self.hub, "$HUB"), (self.home, "$HOME"), (self.tmp, "$TMPDIR")]
                               + [(p, "$STDLIB") for p in stdlib], self.tmp)

    # -- the executor, watched -------------------------------------------------
    def _recording_executor(self, code, fn_name, args, user, library_name):
        entry = {"args": _jsonable(copy.deepcopy(args)), "library_name": library_name,
                 "user_id": getattr(user, "id", None)}  # as received, before the executor pops anything
        self.calls.append(entry)
        try:
            ret = self.real_executor(code, fn_name, args, user, library_name)
        except BaseException as e:
            entry["raised"] = _exc(e)
            raise
        if isinstance(ret, tuple) and len(ret) == 2:
            entry["result"], entry["logs"] = _jsonable(ret[0]), ret[1]
        else:
            entry["returned"] = _jsonable(ret)
        return ret

    def user(self, spec):
        return self.models.User(**(spec or ANON_USER))

    def raw(self, library):
        lib = next((x for x in self.ToolsManager.get_all_tools() if x["filename"] == library), None)
        if lib is None:
            die(f"library {library} not found")
        return lib["raw"]

    async def tool_defs(self, library, extra):
        """What a Tool Selector node set to [ALL FUNCTIONS] of `library` hands
        the agent, plus hand-made definitions (names) for that library."""
        node = {"properties": {"library": library, "function": "[ALL FUNCTIONS]"}}
        defs = await self.selector.execute(None, node, 0) or []
        for name in extra:
            defs.append({"type": "function", "function": {"name": name, "parameters": {}},
                         "library": library, "pretty_name": None})
        return defs

    def dump_store(self):
        from sqlalchemy import select
        T = self.models.UserToolData

        async def q():
            async with self.AsyncSessionLocal() as db:
                res = await db.execute(select(T.user_id, T.library_name, T.key, T.value, T.is_persistent))
                return res.all()
        rows = asyncio.run(q())
        return sorted(({"user_id": r[0], "library": r[1], "key": r[2], "value": _jsonable(r[3]),
                        "is_persistent": r[4]} for r in rows),
                      key=lambda r: (r["user_id"], r["library"], r["key"]))


# --------------------------------------------------------------------------
# running a case
# --------------------------------------------------------------------------

def run_step(hub, case, i, step):
    out = {}
    TRACED.clear()
    PIPMASTER.clear()
    hub.calls.clear()
    console = io.StringIO()
    saved = sys.stdout
    sys.stdout = console
    try:
        if "init" in step:
            resp = asyncio.run(hub.routes["api_init_tool"](step["init"], hub.user(step.get("user"))))
            if isinstance(resp, dict):
                out["init"] = {"status": 200, "body": _jsonable(resp)}
            else:
                out["init"] = {"status": resp.status_code, "body": json.loads(resp.body.decode())}
        else:
            library = step.get("library") or case["libraries"][0]
            via = step.get("via", "agent")
            fn = step.get("call")
            if "argsText" in step:
                arguments = step["argsText"]
            else:
                arguments = copy.deepcopy(step.get("args", {}))
            if via == "executor":
                asyncio.run(hub.run_in_threadpool(hub.routes["execute_tool_universally"], hub.raw(library), fn,
                                                  arguments, hub.user(step.get("user")), library))
            elif via == "local":
                call = {"id": f"call_{i}", "function": {"name": fn, "arguments": arguments}}
                asyncio.run(hub.routes["_execute_tool_call_local"](hub.raw(library), call, hub.user(step.get("user")),
                                                                    library, step.get("nodeSettings")))
            elif via == "agent":
                function = {"name": fn}
                if "argsText" in step or "args" in step:
                    function["arguments"] = arguments
                ai_msg = {"role": "assistant", "content": "",
                          "tool_calls": [{"id": f"call_{i}", "type": "function", "function": function}]}
                tools = asyncio.run(hub.tool_defs(library, step.get("extraDefs", [])))
                user = hub.user(step["user"]) if step.get("user") else None
                engine = types.SimpleNamespace(request=types.SimpleNamespace(state=types.SimpleNamespace(user=user)))
                scratchpad = []
                try:
                    asyncio.run(hub.agent_loop(ai_msg, tools, scratchpad, engine, json, hub.ToolsManager,
                                               hub.run_in_threadpool))
                    out["model_content"] = scratchpad[-1]["content"]
                except BaseException as e:
                    out["agent_escaped"] = _exc(e)
            else:
                die(f"unknown via {via!r}")
    except BaseException as e:
        if "init" in step or step.get("via", "agent") == "agent":
            raise
        # executor / local: what the caller receives (recorded below unless it
        # is simply the executor's own exception)
        if not (hub.calls and "raised" in hub.calls[0]):
            out["caller_raised"] = _exc(e)
    finally:
        sys.stdout = saved
    if len(hub.calls) > 1:
        die("more than one executor call in a step")
    if hub.calls:
        out["executor"] = dict(hub.calls[0])
    if console.getvalue():
        out["console"] = console.getvalue()
    if TRACED:
        out["traced"] = list(TRACED)
    if PIPMASTER:
        out["pipmaster"] = copy.deepcopy(PIPMASTER)
    if IS_PYODIDE:
        import pyodide_shims
        if pyodide_shims.DB_TOUCHED:
            pyodide_shims.DB_TOUCHED.clear()
            return {"$unavailable": "database"}
    if case.get("dumpStore") and hub.db_ok:
        out["store_after"] = hub.dump_store()
    return out


def load_cases():
    with open(os.path.join(DATA, "cases.json"), encoding="utf-8") as f:
        return json.load(f)["cases"]


def cmd_case(a):
    cases = {c["id"]: c for c in load_cases()}
    if a.id not in cases:
        die(f"no case {a.id!r}")
    case = cases[a.id]
    ref = Reference(a.hub_ref or os.environ.get("LTP_HUB_REF"), a.hub_rev)
    install_stubs()
    hub = Hub(ref, case)
    steps = []
    try:
        for i, step in enumerate(case["steps"], 1):
            steps.append(hub.norm.apply(run_step(hub, case, i, step)))
    finally:
        os.chdir(HERE)
        shutil.rmtree(hub.root, ignore_errors=True)
    out = {"case": a.id, "steps": steps}
    if a.meta:
        out["oracle"] = {
            "reference": "ParisNeo/lollms_hub", "commit": ref.commit, "python": platform.python_version(),
            "sha256": {p: hashlib.sha256(hub.sources[p].encode()).hexdigest() for p in hub.sources},
            "functions": {f"{ROUTES_TOOLS}:{n}": line for n, line in hub.route_lines.items()},
            "agent_loop": f"{AGENT}:{hub.agent_line}",
            "database": "real" if hub.db_ok else "unavailable",
        }
    sys.stdout.write(canon(out) + "\n")
    sys.stdout.flush()
    return 0


# --------------------------------------------------------------------------
# golden
# --------------------------------------------------------------------------

def _runner_cmd(a):
    if not a.pyodide:
        return [sys.executable, os.path.abspath(__file__)]
    runner = a.node_runner or os.environ.get("RUN_IN_PYODIDE") or os.path.join(
        REPO_ROOT, "..", "shared", "conformance", "run_in_pyodide.mjs")
    pyo = a.pyodide_dir or os.path.join(REPO_ROOT, "node_modules", "pyodide")
    return ["node", runner, "--pyodide", pyo, "--mount", DATA, os.path.abspath(__file__)]


def _steps_differ(rec, got):
    """Indexes of steps whose 3.14 output differs from `rec`.  A step 3.14
    could not run ({"$unavailable": ...}) is skipped, and so is store_after,
    which 3.14 never has."""
    diff = []
    for i, (r, g) in enumerate(zip(rec["steps"], got["steps"])):
        if "$unavailable" in g or "$unavailable" in r:
            continue
        r = {k: v for k, v in r.items() if k != "store_after"}
        if r != g:
            diff.append(i)
    return diff


def cmd_golden(a):
    gdir = a.dir or os.path.join(DATA, "golden")
    base = _runner_cmd(a)
    ref = a.hub_ref or os.environ.get("LTP_HUB_REF")
    extra = ["--hub-ref", ref, "--hub-rev", a.hub_rev] if ref else ["--hub-rev", a.hub_rev]
    if a.site:
        extra += ["--site", a.site]
    passed, failures, notes = 0, [], []
    for case in load_cases():
        cid = case["id"]
        if a.only and cid not in a.only:
            continue
        proc = subprocess.run(base + extra + ["case", cid], capture_output=True, text=True, cwd=HERE)
        if proc.returncode != 0:
            failures.append(f"{cid}: oracle exited {proc.returncode}: {proc.stderr.strip()[-800:]}")
            continue
        got = json.loads(proc.stdout)
        path = os.path.join(gdir, f"{cid}.json")
        if a.pyodide:
            with open(path, encoding="utf-8") as f:
                rec = json.load(f)
            unavailable = [i for i, s in enumerate(got["steps"]) if "$unavailable" in s]
            diff = _steps_differ(rec, got)
            p314 = os.path.join(DATA, "py314", "golden", f"{cid}.json")
            if unavailable:
                notes.append(f"{cid}: not replayed on 3.14 (database): steps {[i + 1 for i in unavailable]}")
            if a.write:
                if diff:
                    os.makedirs(os.path.dirname(p314), exist_ok=True)
                    # a step 3.14 could not run keeps its recorded output
                    merged = dict(got, steps=[r if "$unavailable" in g else g
                                              for r, g in zip(rec["steps"], got["steps"])])
                    doc = {"cases": {cid: {"output": merged, "why": case.get("py314_why", "")}},
                           "python": _py314_version(base), "recorded": f"golden/{cid}.json",
                           "steps_differing": [i + 1 for i in diff]}
                    if unavailable:
                        doc["steps_not_replayed"] = [i + 1 for i in unavailable]
                    with open(p314, "w", encoding="utf-8") as f:
                        f.write(canon(doc) + "\n")
                elif os.path.exists(p314):
                    os.remove(p314)
                passed += 1
                if diff:
                    notes.append(f"{cid}: differs on 3.14 in steps {[i + 1 for i in diff]}")
                continue
            want = rec
            if os.path.exists(p314):
                with open(p314, encoding="utf-8") as f:
                    want = json.load(f)["cases"][cid]["output"]
            if len(want["steps"]) != len(got["steps"]) or _steps_differ(want, got):
                failures.append(f"{cid}: 3.14 output differs from {os.path.relpath(p314 if want is not rec else path, DATA)}")
            else:
                passed += 1
            continue
        if a.write:
            os.makedirs(gdir, exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(canon(got) + "\n")
            passed += 1
            continue
        if not os.path.exists(path):
            failures.append(f"{cid}: no golden file")
            continue
        with open(path, encoding="utf-8") as f:
            want = json.load(f)
        if want != got:
            bad = [i + 1 for i, (w, g) in enumerate(zip(want["steps"], got["steps"])) if w != g]
            failures.append(f"{cid}: differs from golden/{cid}.json (steps {bad})")
        else:
            passed += 1
    for n in notes:
        print(f"note {n}")
    for m in failures:
        print(f"FAIL {m}")
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


def _py314_version(base):
    r = subprocess.run(base[:-1] + ["-c", "import platform; print(platform.python_version())"],
                       capture_output=True, text=True)
    return r.stdout.strip() or "3.14"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hub-ref")
    ap.add_argument("--hub-rev", default=HUB_COMMIT)
    ap.add_argument("--site", help="extra site-packages folder put on sys.path")
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("case")
    c.add_argument("id")
    c.add_argument("--meta", action="store_true", help="add an 'oracle' block (commit, hashes, Python)")
    g = sub.add_parser("golden")
    g.add_argument("--write", action="store_true")
    g.add_argument("--only", action="append")
    g.add_argument("--dir")
    g.add_argument("--pyodide", action="store_true")
    g.add_argument("--node-runner")
    g.add_argument("--pyodide-dir")
    a = ap.parse_args(argv)
    if a.site:
        sys.path.append(a.site)
    if IS_PYODIDE:
        sys.path.insert(0, DATA)
    if a.cmd == "case":
        return cmd_case(a)
    return cmd_golden(a)


if __name__ == "__main__":
    sys.exit(main())
