"""The confirmation handler toolplay gives every LCP tool library.

lollms tool modules call their host's handler in several ways (docs/protocols/lcp.md §7):
``handler(source, label, argv)`` (execute_python), ``handler(command, label)`` and
``handler(command, label, None)`` (system_shell), one dict ``{"tool_name", "action_type",
"source"|"command", "script_label", "label", "content", "metadata"}``, or ``handler(command)``.
Every form becomes one request ``{"tool", "label", "content", "raw"}`` for ``hooks.confirm``
(a popup in the browser), and the answer goes back as the ``(decision, reason)`` tuple the
reference tools unpack. One ``ConfirmBridge`` lives as long as its binding session, because
modules keep the handler they were given; each call attaches its own telemetry context.
"""

from __future__ import annotations

import json
from typing import Any

from ...core.json_text import json_safe
from ...core.telemetry import Emitter

DECISIONS = ("allow", "always", "reject")
DECLINED = "Declined by user."


def describe(args: tuple[Any, ...], kwargs: dict[str, Any], tool: str) -> dict[str, Any]:
    """``{"tool", "label", "content", "raw"}`` for any of the calling conventions."""
    if len(args) == 1 and isinstance(args[0], dict) and not kwargs:
        d = args[0]
        content = d.get("content") or d.get("source") or d.get("command") or ""
        return {"tool": str(d.get("tool_name") or tool), "label": str(d.get("label") or d.get("script_label") or ""),
                "content": _text(content), "raw": json_safe(d)}
    content = args[0] if args else kwargs.get("command", kwargs.get("source", kwargs.get("content", "")))
    label = args[1] if len(args) > 1 else kwargs.get("label", kwargs.get("script_label", kwargs.get("title", "")))
    raw: dict[str, Any] = {"args": json_safe(list(args))}
    if kwargs:
        raw["kwargs"] = json_safe(kwargs)
    return {"tool": tool, "label": _text(label), "content": _text(content), "raw": raw}


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(json_safe(value), ensure_ascii=False)


class ConfirmBridge:
    """Callable ``handler(*args, **kwargs) -> (decision, reason)``; remembers "always"."""

    def __init__(self) -> None:
        self.always = False
        self._emitter: Emitter | None = None
        self._hooks: Any = None
        self._tool = ""
        self._auto: str | None = None

    def attach(self, emitter: Emitter, hooks: Any, tool: str, auto: str | None) -> None:
        self._emitter, self._hooks, self._tool, self._auto = emitter, hooks, tool, auto

    def detach(self) -> None:
        self._emitter, self._hooks, self._auto = None, None, None

    def __call__(self, *args: Any, **kwargs: Any) -> tuple[str, str]:
        request = describe(args, kwargs, self._tool)
        emitter = self._emitter
        if emitter is not None:
            emitter.emit("confirm.asked", tool=request["tool"], label=request["label"], content=request["content"])
        decision, reason, auto = self._answer(request)
        if decision == "always":
            self.always = True
        if emitter is not None:
            fields: dict[str, Any] = {"decision": decision}
            if reason:
                fields["reason"] = reason
            if auto:
                fields["auto"] = True
            emitter.emit("confirm.answered", **fields)
        if decision == "reject" and not reason:
            reason = DECLINED
        return decision, reason

    def _answer(self, request: dict[str, Any]) -> tuple[str, str, bool]:
        if self.always:
            return "always", "", True
        if self._auto is not None:
            return self._auto, "", True
        ask = getattr(self._hooks, "confirm", None) if self._hooks is not None else None
        if ask is None:
            return "reject", "Nobody can answer: no confirm hook and no --confirm answer was given.", True
        return (*_parse_reply(ask(json.dumps(request, ensure_ascii=False))), False)


def _parse_reply(reply: Any) -> tuple[str, str]:
    """``{"decision", "reason"?}`` as JSON text (or an already-converted object)."""
    try:
        if hasattr(reply, "to_py"):
            reply = reply.to_py()
        data = json.loads(reply) if isinstance(reply, str) else reply
        decision = data.get("decision")
        reason = data.get("reason") or ""
    except (ValueError, AttributeError, TypeError):
        return "reject", f"Unreadable confirm reply: {str(reply)[:200]}"
    if decision not in DECISIONS:
        return "reject", f"Unknown confirm decision {decision!r} (expected allow, always or reject)"
    return decision, str(reason)
