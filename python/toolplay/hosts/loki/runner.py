"""Call a Python tool the way Loki does: its `bin/<stem>` wrapper run as a process would run it.

Loki spawns `bin/<declaration name> '<compact JSON>'` with LLM_OUTPUT (a fresh temp file),
CLICOLOR_FORCE=1, FORCE_COLOR=1 and `functions/bin` in front of PATH; the wrapper loads
`<functions_dir>/.env`, sets LLM_ROOT_DIR / LLM_TOOL_NAME / LLM_TOOL_CACHE_DIR, imports the tool
fresh and calls `run(**args)`. Here the wrapper is toolplay's own (tool_wrapper.py), compiled as
the host's wrapper file (wrapper_lines.py) and run by process.py as a process would be.
`flavour="llm-functions"` runs it as llm-functions' `scripts/run-tool.py` instead (no colour variables).

A runner (contract 3): it streams the tool's stdout and stderr as events and returns
`{"result", "durationMs"}`; the call's opening line (`status`: Loki's `Call <name> <JSON>`), the
workspace diff and how the call ended are the call wrapper's (src/call/wrapper.ts).
"""

from __future__ import annotations

import json
import os
import pkgutil
import time
import uuid
from types import CodeType
from typing import Any

from ...core import integrity
from ...core.sleep import interruptible_sleep
from ...core.telemetry import Emitter
from ...core.usage import UsageError, arguments_param
from . import model, process, wrapper_lines
from .tools import resolve_tool


def call_loki(params: dict, hooks: Any) -> dict[str, Any]:
    flavour = params.get("flavour", "loki")
    if flavour not in ("loki", "llm-functions"):
        raise UsageError(f"unknown flavour {flavour!r} (choose loki or llm-functions)")
    tool_file, command = resolve_tool(params.get("paths"), params.get("tool"))
    tool_file = os.path.abspath(tool_file)  # Loki's paths are absolute; the tool runs elsewhere
    workspace = params.get("workspace")
    if not isinstance(workspace, str) or not os.path.isdir(workspace):
        raise UsageError(f"workspace must be an existing folder (the tool's working directory), got {workspace!r}")
    workspace = os.path.abspath(workspace)
    raw_args = arguments_param(params, {})
    tool_data = argv_json(raw_args, command)
    functions_dir = os.path.dirname(os.path.dirname(tool_file))
    env_file = os.path.abspath(params.get("envFile") or os.path.join(functions_dir, ".env"))
    # Output events exactly as the LCP runner sends them (same Emitter).
    emitter = Emitter(hooks, str(params.get("callId") or uuid.uuid4().hex))
    started = time.perf_counter()
    llm_output_path = os.path.join(os.environ.get("TMPDIR") or "/tmp", f"loki-{os.getpid()}-eval-{uuid.uuid4()}")
    script_path, code, settings, argv, env = _process(flavour, functions_dir, tool_file, env_file, tool_data, llm_output_path)
    try:
        # Loki starts a process per call: whatever the tool changes in Python is put back after it.
        with integrity.tool_world(keep=False, defer_deep=bool(params.get("deferChecks"))) as changes, interruptible_sleep(emitter.flush):
            proc = process.run_script(
                script_path, code, settings, argv, env, workspace,
                on_stdout=lambda text: emitter.output("call.stdout", text),
                on_stderr=lambda text: emitter.output("call.stderr", text),
                on_flush=emitter.flush,
            )
        output, output_ok = _read_output(llm_output_path)
    finally:
        # Stop (KeyboardInterrupt) passes through here too: the caller reports the call as
        # stopped or timed out (it knows which).
        _remove(llm_output_path)
        emitter.flush()
    if changes:
        emitter.emit("python.changed", **changes.as_event())
    duration = round((time.perf_counter() - started) * 1000, 3)
    if flavour == "loki" and not output_ok and proc.exit_code == 0:
        # read_to_string failed (not UTF-8): eval's Err arm turns the message into an output.
        value: Any = {"output": "Failed to retrieve tool call output"}
    else:
        value = model.model_value(command, proc.exit_code, proc.stderr, output)
    result = {
        "exit_code": proc.exit_code,
        "llm_output": output or "",
        "model_value": value,
        "stdout": proc.stdout,
        "stderr": proc.stderr,
    }
    return {"result": result, "durationMs": duration}


def argv_json(args: Any, command: str) -> str:
    """The wrapper's argv[1]: Loki sends an object as compact JSON and re-serialises a JSON string;
    a string that is not JSON reaches the wrapper as it is (which then fails, as in the run cases)."""
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    if isinstance(args, dict):
        return json.dumps(args, **compact)
    if isinstance(args, str):
        try:
            return json.dumps(json.loads(args), **compact)
        except ValueError:
            return args
    raise UsageError(f"The call '{command}' has invalid arguments: {json.dumps(args, **compact)}")


def _process(flavour: str, functions_dir: str, tool_file: str, env_file: str, tool_data: str,
             llm_output: str) -> tuple[str, CodeType, dict[str, Any], list[str], dict[str, str]]:
    """The wrapper's path, its code, its settings, argv and environment, as the host starts it."""
    stem = os.path.splitext(os.path.basename(tool_file))[0]
    env = dict(os.environ)
    env["LLM_OUTPUT"] = llm_output
    if flavour == "loki":  # `bin/<stem> '<json>'`, as Functions::build_binaries writes it
        bin_dir = os.path.join(functions_dir, "bin")
        path, argv, lines = os.path.join(bin_dir, stem), [tool_data], wrapper_lines.LOKI
        env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
        env["CLICOLOR_FORCE"] = env["FORCE_COLOR"] = "1"
        # build_binaries fills `{tool_path}` (the path without `.py`) wherever the template has
        # it, so the message for a tool without `run` names the file without its extension.
        host = {"tool_name": stem, "tool_path": tool_file, "usage": f"Usage: ./{stem}.py <tool-data>",
                "no_run": f"No module function 'run' at '{os.path.splitext(tool_file)[0]}'"}
    else:  # `argc run@tool`: `python scripts/run-tool.py <stem>.py '<json>'` from the repo root
        path, argv, lines = os.path.join(functions_dir, "scripts", "run-tool.py"), [f"{stem}.py", tool_data], wrapper_lines.LLM_FUNCTIONS
        host = {"tool_name": None, "tool_path": None, "usage": "Usage: ./run-tool.py <tool-name> <tool-data>",
                "no_run": f"Not module function 'run' at '{os.path.join(functions_dir, 'tools', stem + '.py')}'"}
    host.update(flavour=flavour, root_dir=functions_dir, env_file=env_file)
    return path, wrapper_lines.compile_as(_WRAPPER, path, lines), {"HOST": host}, argv, env


def _wrapper_text() -> str:
    data = pkgutil.get_data(__package__, "tool_wrapper.py")
    assert data is not None, "the engine is installed as files, which its loader reads"
    return data.decode("utf-8")


# The wrapper's text, compiled anew for each call under that call's wrapper path.
_WRAPPER = _wrapper_text()


def _read_output(path: str) -> tuple[str | None, bool]:
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None, True
    try:
        return data.decode("utf-8"), True
    except UnicodeDecodeError:
        return data.decode("utf-8", errors="replace"), False


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass
