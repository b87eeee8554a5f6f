"""How LCP reference I turns what a tool returned (or raised) into ``execute_tool``'s result.

The rules, with their surprises (docs/protocols/lcp.md §5): a non-dict becomes the output;
any falsy output becomes "Tool executed successfully (no output)."; a success dict keeps only
``output`` (``prompt_injection``, ``rows``… are dropped); ``{"error": …}`` without
``success: False`` is a success; ``success: False`` without an error gets a synthesized one.
The tool's own dict is updated in place, as the reference does.
"""

from __future__ import annotations

from typing import Any, Callable

NO_OUTPUT = "Tool executed successfully (no output)."


def normalise(tool_name: str, result: Any, log: Callable[[str, str], None]) -> dict[str, Any]:
    if not isinstance(result, dict):
        result = {"success": True, "output": result}
    if result.get("success") is False:
        if not result.get("error"):
            result["error"] = (
                f"Tool '{tool_name}' returned success=False with no error message. "
                f"Raw keys: {list(result.keys())}. "
                "This may indicate a sandbox block, a missing dependency, or an initialization failure."
            )
            log("error", f"[LCP Error Tracking] Tool '{tool_name}' returned bare success=False. "
                         f"Synthesized error: {result['error']}")
        else:
            log("error", f"[LCP Error Tracking] Tool '{tool_name}' reported failure: {result['error']}")
        if not result.get("output"):
            result["output"] = result.get("error", "Tool failed with no output.")
        return {"output": result.get("output", result.get("error")), "error": result.get("error"),
                "success": False, "status_code": 500}
    if not result.get("output"):
        result["output"] = NO_OUTPUT
    return {"output": result.get("output"), "status_code": 200, "success": True}


def crashed(tool_name: str, exc: BaseException, tb: str) -> dict[str, Any]:
    """A tool that raised (``SystemExit`` included: reference I catches ``BaseException``)."""
    message = f"Tool '{tool_name}' crashed: {exc}"
    return {"output": {"success": False, "error": message}, "error": message, "traceback": tb,
            "success": False, "status_code": 500}
