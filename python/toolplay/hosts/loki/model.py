"""What Loki hands the model after a tool process ends (`run_llm_function` + `ToolCall::eval`).

Non-zero exit: `{"tool_call_error": "Tool call '<name>' exited with code <n>", "stderr": <trimmed>}`
(key order kept: Loki builds serde_json with preserve_order). Exit 0: the LLM_OUTPUT file, parsed
as JSON the way serde_json parses it (a number past f64, `1e400`, does not parse), else
`{"output": <text>}`; no file, an empty one or the text `null` is `null`, which `eval_tool_calls`
sends as "DONE".
"""

from __future__ import annotations

import json
import math
from typing import Any

from . import rust as rs

DONE = "DONE"
# serde_json starts remaining_depth at 128 and fails when a nesting brings it to 0: 127 levels pass.
_SERDE_MAX_NESTING = 127


def model_value(command_name: str, exit_code: int, stderr: str, output: str | None) -> Any:
    if exit_code != 0:
        value: dict[str, Any] = {"tool_call_error": f"Tool call '{command_name}' exited with code {exit_code}"}
        err = rs.trim(stderr)
        if err:
            value["stderr"] = err
        return value
    if not output:
        return DONE
    parsed = serde_parse(output)
    if parsed is None:  # the text `null`: serde's Value::Null, which eval_tool_calls sends as "DONE" too
        return DONE
    return {"output": output} if parsed is _INVALID else parsed


_INVALID = object()


def serde_parse(text: str) -> Any:
    """`serde_json::from_str::<Value>`: stricter than json.loads (no NaN/Infinity, no lone
    surrogates, 127 levels deep at most) and integers beyond 64 bits become floats."""
    try:
        value = json.loads(text, parse_constant=_reject)
    except ValueError:
        return _INVALID
    try:
        return _check(value, 0)
    except (ValueError, OverflowError):  # serde: "number out of range" past f64
        return _INVALID


def _reject(name: str) -> Any:
    raise ValueError(f"serde_json does not accept {name}")


def _check(value: Any, depth: int) -> Any:
    if isinstance(value, (dict, list)) and depth >= _SERDE_MAX_NESTING:
        raise ValueError("recursion limit exceeded")
    if isinstance(value, dict):
        return {_check_str(k): _check(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_check(v, depth + 1) for v in value]
    if isinstance(value, str):
        return _check_str(value)
    if isinstance(value, int) and not isinstance(value, bool) and not -(2**63) <= value < 2**64:
        return _finite(float(value))
    if isinstance(value, float):
        return _finite(value)
    return value


def _finite(value: float) -> float:
    """serde_json refuses a number past f64 ("number out of range"), where json.loads gives inf."""
    if math.isinf(value):
        raise OverflowError("number out of range")
    return value


def _check_str(s: str) -> str:
    if any("\ud800" <= c <= "\udfff" for c in s):
        raise ValueError("lone surrogate")
    return s
