"""The engine's side of a memory snapshot (src/engine/snapshot.ts makes and restores them).

A snapshot is the interpreter's heap as the build left it: every process restored from it starts
with the build's random state, nonces and caches. ``prepare`` runs right before the snapshot is
taken, ``after_restore`` right after a restore, so nothing the build drew or cached leaks into a
visitor's process, and the environment, ``sys.executable`` and ``sys.path`` become this
start's (JavaScript hands over the runtime's environment strings). ``hash()``'s secret is fixed at interpreter start and Python offers no way to draw it
again, so it stays the build's (string hashes are cached in every str object; changing it would
break every dict).
"""

from __future__ import annotations

import gc
import json
import linecache
import os
import random
import sys

from .core import file_cache, integrity, json_text


def prepare() -> None:
    """Forgets what the warm-up built, so the snapshot holds imported modules and no results
    (and no JavaScript object: the integrity check's file stamp and dict watcher are made again on first use)."""
    integrity.forget_javascript()
    file_cache.reset()
    linecache.clearcache()
    gc.collect()


def after_restore(env_json: str, engine_root: str) -> str:
    """Makes a restored process what a plain start gives; returns the new nonce (JSON).

    ``env_json``: the runtime's environment strings (``["KEY=value", …]``) as a plain start
    would have read them; ``engine_root``: where the engine's files were written back."""
    env = dict(s.split("=", 1) for s in json.loads(env_json))
    # Pyodide sets LD_LIBRARY_PATH after every start, a restored one too: keep this start's.
    env["LD_LIBRARY_PATH"] = os.environ.get("LD_LIBRARY_PATH", "")
    os.environ.clear()
    os.environ.update(env)
    # CPython makes the program name absolute against the start's directory (getpath does).
    program = env.get("_", "")
    sys.executable = sys._base_executable = os.path.abspath(program) if program else ""
    sys.orig_argv[:1] = [program]
    if sys.path[:1] == [""] and "" in sys.path[1:]:
        del sys.path[0]  # the restore's finalize step inserted it a second time
    for folder in [f for f in sys.path_importer_cache if f == engine_root or f.startswith(engine_root + "/")]:
        del sys.path_importer_cache[folder]  # listed before the files were written back

    nonce = json_text.renew_nonce()
    random.seed()  # random's module-level generator was seeded from os.urandom when the build imported it
    tempfile = sys.modules.get("tempfile")
    if tempfile is not None:
        tempfile._name_sequence = None  # its own Random, made on first use
    file_cache.reset()
    linecache.clearcache()
    return json.dumps({"nonce": nonce})
