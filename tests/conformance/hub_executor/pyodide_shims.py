"""Stand-ins that let hub_oracle.py replay the cases on Pyodide (Python 3.14).

Imported by hub_oracle.py only when it runs under Pyodide (sys.platform ==
"emscripten"); the recorded CPython goldens never use it.  Pyodide has no
threads and no greenlet, and the venv's pydantic_core is a CPython 3.11
binary, so these pieces are replaced here (README.md, "Python 3.14"):

* fastapi: only what the three executor functions of routes/tools.py use.
  run_in_threadpool runs the function at once, in the calling thread, as a
  CPython worker thread would see it: no running event loop, no current
  task, and asyncio.get_event_loop() raising RuntimeError (the running loop,
  the current task and the event-loop policy are swapped for the call and
  restored after).
  JSONResponse keeps status_code and the JSON body.  The names used only in
  route signatures (Form, Depends, ...) are inert markers.
* pydantic_settings.BaseSettings: class defaults overridden by environment
  variables of the same name (all app.core.config needs).
* asyncio.run: run_in_pyodide.mjs's replacement does not refuse to start
  inside a running loop; the check CPython's asyncio.run makes first is
  restored ("asyncio.run() cannot be called from a running event loop").
* the database: SQLAlchemy's asyncio layer needs greenlet and aiosqlite needs
  a thread, so any use of app.database.session.AsyncSessionLocal marks the step
  as not replayable (guard_database); hub_oracle.py then reports the step as
  {"$unavailable": ...} and the comparison skips it.
"""

import asyncio
import asyncio.events as _events
import json
import os
import sys
import types

DB_TOUCHED = []


class _WorkerThreadPolicy:
    """What asyncio's policy answers in a CPython worker thread that has no
    event loop of its own (anyio's worker threads)."""

    def __init__(self, outer):
        self._outer = outer

    def get_event_loop(self):
        raise RuntimeError("There is no current event loop in thread 'AnyIO worker thread'.")

    def set_event_loop(self, loop):
        pass

    def new_event_loop(self):
        return self._outer.new_event_loop()


async def run_in_threadpool(func, *args, **kwargs):
    running = _events._get_running_loop()
    task = asyncio.tasks._swap_current_task(running, None)
    outer = _events._event_loop_policy
    _events._event_loop_policy = _WorkerThreadPolicy(outer)
    _events._set_running_loop(None)
    try:
        return func(*args, **kwargs)
    finally:
        _events._set_running_loop(running)
        _events._event_loop_policy = outer
        asyncio.tasks._swap_current_task(running, task)


class JSONResponse:
    def __init__(self, content, status_code=200, **_):
        self.status_code = status_code
        self.body = json.dumps(content, ensure_ascii=False, allow_nan=False,
                               separators=(",", ":")).encode("utf-8")


def _marker(name):
    def make(*args, **kwargs):
        return (name, args, tuple(sorted(kwargs)))
    make.__name__ = name
    return make


def _install_fastapi():
    fastapi = types.ModuleType("fastapi")
    for name in ("Depends", "Form", "File", "Header", "Query", "Body"):
        setattr(fastapi, name, _marker(name))
    for name in ("APIRouter", "Request", "UploadFile", "HTTPException", "status"):
        setattr(fastapi, name, type(name, (), {}))
    concurrency = types.ModuleType("fastapi.concurrency")
    concurrency.run_in_threadpool = run_in_threadpool
    responses = types.ModuleType("fastapi.responses")
    responses.JSONResponse = JSONResponse
    for name in ("HTMLResponse", "Response", "StreamingResponse", "FileResponse"):
        setattr(responses, name, type(name, (), {}))
    fastapi.concurrency, fastapi.responses = concurrency, responses
    fastapi.__path__ = []
    sys.modules.update({"fastapi": fastapi, "fastapi.concurrency": concurrency, "fastapi.responses": responses})


class BaseSettings:
    def __init__(self, **values):
        for klass in reversed(type(self).__mro__):
            for name in getattr(klass, "__annotations__", {}):
                if name in os.environ:
                    value = os.environ[name]
                    kind = klass.__annotations__[name]
                    setattr(self, name, kind(value) if kind in (int, float) else value)
                elif hasattr(klass, name):
                    setattr(self, name, getattr(klass, name))
        for name, value in values.items():
            setattr(self, name, value)


def _install_pydantic_settings():
    mod = types.ModuleType("pydantic_settings")
    mod.BaseSettings = BaseSettings
    mod.SettingsConfigDict = dict
    sys.modules["pydantic_settings"] = mod


def _install_asyncio_run_check():
    """run_in_pyodide.mjs replaces asyncio.run with a Runner of its own that
    lacks CPython's first check; put it back (CPython 3.14 asyncio/runners.py
    raises this before touching the coroutine)."""
    inner = asyncio.run
    host_loop = _events._get_running_loop()  # Pyodide's own WebLoop counts as none

    def run(main, **kwargs):
        if _events._get_running_loop() not in (None, host_loop):
            raise RuntimeError("asyncio.run() cannot be called from a running event loop")
        return inner(main, **kwargs)
    asyncio.run = run
    asyncio.runners.run = run


class _NoDatabase(RuntimeError):
    pass


def guard_database(session_module):
    def unavailable(*args, **kwargs):
        DB_TOUCHED.append(True)
        raise _NoDatabase("hub_oracle: no database under Pyodide (needs threads and greenlet)")
    session_module.AsyncSessionLocal = unavailable


_install_fastapi()
_install_pydantic_settings()
_install_asyncio_run_check()
