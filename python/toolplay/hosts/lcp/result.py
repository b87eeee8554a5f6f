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


def dropped_keys(result: Any) -> list[str]:
    """The keys of a tool's dict that ``normalise`` does not carry into ``execute_tool``'s result:
    on success all but ``output`` and ``success``; on ``success: False`` all but ``output``, ``error``
    and ``success``. ``status_code`` is among them: LCP sets its own (200 or 500)."""
    if not isinstance(result, dict):
        return []
    kept = ("output", "error", "success") if result.get("success") is False else ("output", "success")
    return [str(k) for k in result if k not in kept]


def reshaped(result: Any, lcp_result: dict[str, Any]) -> bool:
    """Whether LCP's result hides part of the tool's value: a dict with keys it drops or without a
    truthy ``output`` (replaced by the placeholder or the error), or a falsy value it replaces."""
    try:
        if isinstance(result, dict):
            return bool(dropped_keys(result)) or not result.get("output")
    except Exception:  # an output whose truth value raises (a numpy array): shown
        return True
    return lcp_result.get("output") == NO_OUTPUT and not (isinstance(result, str) and result == NO_OUTPUT)


def crashed(tool_name: str, exc: BaseException, tb: str) -> dict[str, Any]:
    """A tool that raised (``SystemExit`` included: reference I catches ``BaseException``)."""
    message = f"Tool '{tool_name}' crashed: {exc}"
    return {"output": {"success": False, "error": message}, "error": message, "traceback": tb,
            "success": False, "status_code": 500}
