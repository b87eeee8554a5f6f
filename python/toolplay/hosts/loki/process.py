"""One Python "process" inside Pyodide, which has no subprocesses.

Runs a script as `python <path> <argv...>` would: fresh `__main__` globals, its own argv,
environment, working directory and captured stdout/stderr, the exit status a parent sees
(`sys.exit(n)`, or 1 plus the traceback that CPython's own excepthook prints for an uncaught
exception, coloured when FORCE_COLOR says so), and afterwards every piece of interpreter state
it touched put back, including the modules it imported from the person's files, so the next
call starts clean.
KeyboardInterrupt (the browser's Stop) is not an exit: it propagates after the restore.
"""

from __future__ import annotations

import builtins
import importlib
import io
import linecache
import operator
import os
import sys
import sysconfig
from types import CodeType
from typing import Any, Callable


class CapturedStream(io.TextIOBase):
    """A pipe: collects text, passes every chunk to `on_text`, is not a terminal."""

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, on_text: Callable[[str], None], on_flush: Callable[[], None] = lambda: None):
        super().__init__()
        self._parts: list[str] = []
        self._on_text = on_text
        self._on_flush = on_flush
        self.buffer = _BinaryView(self)

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, s: str) -> int:
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        if s:
            self._parts.append(s)
            self._on_text(s)
        return len(s)

    def flush(self) -> None:
        self._on_flush()

    def getvalue(self) -> str:
        return "".join(self._parts)


class _BinaryView:
    """`sys.stdout.buffer`, for tools that write bytes."""

    def __init__(self, text: CapturedStream):
        self._text = text

    def write(self, b: bytes) -> int:
        self._text.write(bytes(b).decode("utf-8", errors="replace"))
        return len(b)

    def flush(self) -> None:
        self._text.flush()


class ProcessResult:
    def __init__(self, exit_code: int, stdout: str, stderr: str):
        self.exit_code, self.stdout, self.stderr = exit_code, stdout, stderr


def run_script(
    path: str,
    code: CodeType,
    extra_globals: dict[str, Any],
    argv: list[str],
    env: dict[str, str],
    cwd: str,
    on_stdout: Callable[[str], None],
    on_stderr: Callable[[str], None],
    on_flush: Callable[[], None] = lambda: None,
) -> ProcessResult:
    """Run `code` as the script file `path` would run, `extra_globals` beside its own.

    No source is shown for `path` in a traceback, whatever a file there holds: Python then prints
    the frame's file, line and function alone."""
    out, err = CapturedStream(on_stdout, on_flush), CapturedStream(on_stderr, on_flush)
    saved = _save()
    try:
        os.environ.clear()
        os.environ.update(env)
        os.chdir(cwd)
        sys.argv = [path, *argv]
        sys.stdout, sys.stderr = out, err
        sys.path.insert(0, os.path.dirname(path))  # like `python <path>`
        sys.dont_write_bytecode = True  # no __pycache__ appearing in the person's workspace
        importlib.invalidate_caches()
        linecache.clearcache()  # tool sources may have been edited since the last traceback
        linecache.cache[path] = (0, None, [], path)  # no lines, and no mtime to check them against
        globals_ = {"__name__": "__main__", "__file__": path, "__builtins__": builtins, "__doc__": None,
                    "__package__": None, "__spec__": None, "__loader__": None, "__cached__": None, **extra_globals}
        os._exit, os.abort = _hard_exit, _abort  # the real ones would end Pyodide itself
        try:
            exec(code, globals_)
            exit_code = 0
        except SystemExit as exc:
            exit_code = _exit_status(exc.code)
        except _HardExit as exc:
            exit_code = exc.status
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            _print_uncaught(exc, path, saved["excepthook"])
            exit_code = 1
    finally:
        _restore(saved)
    return ProcessResult(exit_code, out.getvalue(), err.getvalue())


class _HardExit(BaseException):
    """`os._exit(n)` / `os.abort()`: the process ends on the spot, no traceback, no cleanup."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


def _hard_exit(status: int, /) -> None:
    raise _HardExit(operator.index(status) & 0xFF)


def _abort() -> None:
    # SIGABRT: the status has no exit code, and Loki reads `status.code().unwrap_or_default()`, 0.
    raise _HardExit(0)


def _exit_status(code: object) -> int:
    """What the parent sees for SystemExit(code), as CPython's handle_system_exit decides."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    sys.stderr.write(f"{code}\n")
    return 1


def _print_uncaught(exc: BaseException, path: str, pyodide_hook: object) -> None:
    # Drop our own frames: the traceback starts at the script's <module>, as in a real process.
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != path:
        tb = tb.tb_next
    exc = exc.with_traceback(tb)
    # The interpreter calls sys.excepthook; unless the tool installed its own, that is CPython's
    # built-in hook (Pyodide swaps in an uncoloured one, which a real `python` never uses).
    hook = sys.excepthook if sys.excepthook is not pyodide_hook else sys.__excepthook__
    try:
        hook(type(exc), exc, tb)
    except Exception:
        sys.__excepthook__(type(exc), exc, tb)


def _library_roots() -> tuple[str, ...]:
    paths = sysconfig.get_paths()
    roots = {os.path.dirname(os.__file__), *(paths.get(k, "") for k in ("stdlib", "platstdlib", "purelib", "platlib"))}
    return tuple(os.path.normpath(r) + os.sep for r in roots if r)


_LIBRARY_ROOTS = _library_roots()


def _is_library(module: object) -> bool:
    """Standard library and installed packages stay imported: a fresh process would import them
    again unchanged, and some extension modules (numpy) refuse a second import in one process.
    Modules from the person's files are dropped, so edits to them show on the next call."""
    file = getattr(module, "__file__", None)
    if not isinstance(file, str):
        return True  # built-in or frozen
    return os.path.normpath(file).startswith(_LIBRARY_ROOTS)


def _save() -> dict:
    return {
        "environ": dict(os.environ),
        "cwd": os.getcwd(),
        "argv": (sys.argv, sys.argv[:]),
        "path": (sys.path, sys.path[:]),
        "stdout": sys.stdout,
        "stderr": sys.stderr,
        "excepthook": sys.excepthook,
        "modules": dict(sys.modules),
        "dont_write_bytecode": sys.dont_write_bytecode,
        "os_exit": (os._exit, os.abort),
    }


def _restore(saved: dict) -> None:
    os.environ.clear()
    os.environ.update(saved["environ"])
    try:
        os.chdir(saved["cwd"])
    except OSError:
        pass
    # The objects themselves: other code holds references to sys.argv and sys.path.
    sys.argv, sys.argv[:] = saved["argv"][0], saved["argv"][1]
    sys.path, sys.path[:] = saved["path"][0], saved["path"][1]
    sys.stdout, sys.stderr = saved["stdout"], saved["stderr"]
    sys.excepthook = saved["excepthook"]
    sys.dont_write_bytecode = saved["dont_write_bytecode"]
    os._exit, os.abort = saved["os_exit"]
    modules = saved["modules"]
    for name in [n for n in sys.modules if n not in modules and not _is_library(sys.modules[n])]:
        del sys.modules[name]
    for name, module in modules.items():
        if sys.modules.get(name) is not module:
            sys.modules[name] = module
