"""Records what real CPython versions do with each file in fixtures/: import it the way a host
loads a tool library (by path, a module of its own), call its `tool_check()` when it has one, and
keep the first failure as `Type: message`, or "ok".

    python3 import_oracle.py ~/.pyenv/versions/3.1[0-3]*/bin/python > golden.json

Each file runs in a fresh interpreter (`-I`: no user site, no PYTHON* variables; `-B`: no bytecode left beside the fixtures), so nothing one
file imports is seen by the next. tests/python/lint-versions.test.ts reads golden.json.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).parent
FIXTURES = HERE / "fixtures"

PROBE = r"""
import importlib.util, json, sys, warnings
warnings.simplefilter("ignore")
path = sys.argv[1]
try:
    spec = importlib.util.spec_from_file_location("fixture_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if hasattr(module, "tool_check"):
        module.tool_check()
    print(json.dumps("ok"))
except BaseException as exc:
    print(json.dumps(f"{type(exc).__name__}: {exc.msg if isinstance(exc, SyntaxError) else exc}"))
"""


def outcome(python: str, path: pathlib.Path) -> str:
    done = subprocess.run([python, "-I", "-B", "-c", PROBE, str(path)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def version(python: str) -> str:
    done = subprocess.run([python, "-I", "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def main(pythons: list[str]) -> None:
    versions = {version(p): p for p in pythons}
    cases = {
        f.name: {v: outcome(p, f) for v, p in sorted(versions.items())}
        for f in sorted(FIXTURES.glob("*.py"))
    }
    full = {v: subprocess.run([p, "-I", "-c", "import sys; print(sys.version.split()[0])"], capture_output=True,
                              text=True, check=True).stdout.strip() for v, p in sorted(versions.items())}
    print(json.dumps({"pythons": full, "cases": cases}, indent=1, sort_keys=True, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
