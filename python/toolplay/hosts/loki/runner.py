"""Call a Python tool the way Loki does: its `bin/<stem>` wrapper (run-tool.py) run in-process.

Loki spawns `bin/<declaration name> '<compact JSON>'` with LLM_OUTPUT (a fresh temp file),
CLICOLOR_FORCE=1, FORCE_COLOR=1 and `functions/bin` in front of PATH; the wrapper loads
`<functions_dir>/.env`, sets LLM_ROOT_DIR / LLM_TOOL_NAME / LLM_TOOL_CACHE_DIR, imports the tool
fresh and calls `run(**args)`. Here the wrapper text is Loki's own (loki_wrapper.py) with its
placeholders filled like `Functions::build_binaries`, run by loki_process as a process would be.
`flavour="llm-functions"` runs llm-functions' `scripts/run-tool.py` instead (no colour variables).
"""

from __future__ import annotations

import json
import os
import time
import uuid
from typing import Any

from ...core.telemetry import Emitter
from ...core.usage import UsageError, arguments_param
from ...core.workspace import changes, snapshot
from . import model, process, wrapper
from .tools import resolve_tool

# Two lines of the wrapper cannot mean in a browser what they mean on a desktop. Each is
# replaced by one line, so every line number in a traceback stays Loki's.
_PYODIDE_PATCHES = (
    # A `.venv` in the working directory makes the wrapper re-exec under that interpreter;
    # there is no other interpreter here, so it carries on in this one.
    ("    os.execv(str(py), [str(py)] + sys.argv)", "    return  # toolplay: no other interpreter to exec"),
    # Loki gives the tool a pipe, never a terminal: ask the captured stream, not fd 1.
    ("(not os.isatty(1))", "(not sys.stdout.isatty())"),
)


def call_loki(params: dict, hooks: Any) -> dict:
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
    tools_dir = os.path.dirname(tool_file)
    functions_dir = os.path.dirname(tools_dir)
    stem = os.path.splitext(os.path.basename(tool_file))[0]
    env_file = os.path.abspath(params.get("envFile") or os.path.join(functions_dir, ".env"))
    # Telemetry exactly as the LCP runtime sends it (same Emitter, same workspace diff).
    emitter = Emitter(hooks, str(params.get("callId") or uuid.uuid4().hex))
    # Loki's own status line: what it prints (dimmed) on the terminal before running the tool.
    emitter.emit("call.started", tool=command, args=raw_args, statusLine=f"Call {command} {tool_data}")
    before = snapshot(workspace)
    started = time.perf_counter()
    llm_output_path = os.path.join(os.environ.get("TMPDIR") or "/tmp", f"loki-{os.getpid()}-eval-{uuid.uuid4()}")
    if flavour == "loki":
        script_path, source, argv, env = _loki_process(functions_dir, tools_dir, stem, env_file, tool_data, llm_output_path)
    else:
        script_path, source, argv, env = _llmf_process(functions_dir, stem, env_file, tool_data, llm_output_path)
    try:
        proc = process.run_script(
            script_path, source, argv, env, workspace,
            on_stdout=lambda text: emitter.emit("call.stdout", text=text),
            on_stderr=lambda text: emitter.emit("call.stderr", text=text),
        )
        output, output_ok = _read_output(llm_output_path)
    finally:
        # Stop (KeyboardInterrupt) passes through here too: the worker reports the call as
        # stopped or timed out (it knows which); the files the tool already changed are real.
        _remove(llm_output_path)
        emitter.emit("fs.changed", **changes(before, snapshot(workspace)))
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
    emitter.emit("call.finished", result=result, durationMs=round((time.perf_counter() - started) * 1000, 3))
    return result


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


def _loki_process(functions_dir: str, tools_dir: str, stem: str, env_file: str, argv_json: str, llm_output: str):
    source = (
        wrapper.TEMPLATE.replace("{function_name}", stem)
        .replace("{root_dir}", functions_dir)
        .replace("{tool_path}", os.path.join(tools_dir, stem))
        .replace("{prompt_utils_file}", os.path.join(functions_dir, "utils", "prompt-utils.sh"))
    )
    for old, new in _PYODIDE_PATCHES:
        source = source.replace(old, new)
    if env_file != os.path.join(functions_dir, ".env"):
        source = source.replace('load_env(os.path.join(root_dir, ".env"))', f"load_env({env_file!r})")
    bin_dir = os.path.join(functions_dir, "bin")
    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    env["LLM_OUTPUT"] = llm_output
    env["CLICOLOR_FORCE"] = "1"
    env["FORCE_COLOR"] = "1"
    return os.path.join(bin_dir, stem), source, [argv_json], env


def _llmf_process(root_dir: str, stem: str, env_file: str, argv_json: str, llm_output: str):
    """`argc run@tool`: `python scripts/run-tool.py <stem>.py '<json>'` from the repo root."""
    source = wrapper.LLMF_TEMPLATE
    if env_file != os.path.join(root_dir, ".env"):
        source = source.replace('load_env(os.path.join(root_dir, ".env"))', f"load_env({env_file!r})")
    env = dict(os.environ)
    env["LLM_OUTPUT"] = llm_output
    return os.path.join(root_dir, "scripts", "run-tool.py"), source, [f"{stem}.py", argv_json], env


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
