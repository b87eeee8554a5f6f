"""The LTP status line lollms_hub's agent streams before it runs a tool call.

Same steps as ``AgentReasonerNode.execute`` (``app/nodes/standard/agent/agent.py`` @ eb5a1067,
"PRETTY TOOL TELEMETRY"): arguments that are a string are JSON-decoded when they can be; the title
is the first definition with that function name's ``pretty_name``, else ``🛠️`` plus the name with
every ``tool_`` removed, ``_`` → space, Python ``str.title()``; the preview takes the first truthy
of query › path › command › url, ``str()`` of it, cut to 57 + ``...`` past 60 characters.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from ...core import memfs_stamp
from ...core.usage import UsageError
from .library_file import definitions

MAX_PREVIEW = 60


def _decode(args: Any) -> Any:
    if args is None:
        return {}  # the hub's own default when a call carries no "arguments"
    if isinstance(args, str):
        try:
            return json.loads(args)
        except ValueError:
            return args  # the hub keeps the raw string and then fails on .get()
    return args


def fallback_title(tool: str) -> str:
    """The title the hub makes up for a tool without a ``TOOL_TITLES`` entry."""
    return "🛠️ " + tool.replace("tool_", "").replace("_", " ").title()


def _preview(args: Any) -> str:
    try:
        value = args.get("query") or args.get("path") or args.get("command") or args.get("url") or ""
    except AttributeError as exc:
        raise UsageError(
            f"{type(exc).__name__}: {exc}. lollms_hub's agent crashes here and streams no status line:"
            " a tool call's arguments must be a JSON object or a string holding one."
        ) from None
    preview = str(value)
    if len(preview) > MAX_PREVIEW:
        preview = preview[:57] + "..."
    return preview


def status_line_for(tool: str, args: Any, definitions: list) -> str:
    """The exact text (trailing newline included) for one call, given the hub definitions in play."""
    args = _decode(args)
    tool_def = next((t for t in definitions if (t.get("function") or {}).get("name") == tool), {})
    pretty = tool_def.get("pretty_name")
    if not pretty:
        pretty = fallback_title(tool)
    return f'{pretty}: "{_preview(args)}"\n'


def status_line(paths: list[str], tool: str, args: Any) -> str:
    """The status line for ``tool`` called with ``args``, titles taken from the files in ``paths``."""
    return status_line_for(tool, args, _definitions(paths))


# paths -> the files under them as last read (core/memfs_stamp) and their definitions: a call's
# opening line reads the same files call after call, and nothing of them changed is the usual case.
_READ: OrderedDict[tuple[str, ...], tuple[memfs_stamp.Stamp, list]] = OrderedDict()
MAX_READ = 8


def _definitions(paths: list[str]) -> list:
    key = tuple(paths)
    read = _READ.pop(key, None)
    if read is None or not read[0].unchanged():
        read = (read[0] if read else memfs_stamp.Stamp(list(paths)), definitions(paths))
        read[0].remember()
    _READ[key] = read
    while len(_READ) > MAX_READ:
        _READ.popitem(last=False)
    return read[1]
