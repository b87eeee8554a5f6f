"""Fixture: LTP metadata the hub does not read (annotated, tuple-assigned) and an async tool it never lists."""
from typing import Dict

TOOL_LIBRARY_NAME: str = "Annotated Name"
TOOL_LIBRARY_DESC, TOOL_LIBRARY_ICON = "Tuple description", "🧪"
TOOL_TITLES: Dict[str, str] = {"tool_plain": "🔎 Plain"}
TOOL_SETTINGS_METADATA = {"api_key": {"type": "str"}}


def tool_plain(args: dict):
    """A plain tool: listed.

    - query (str): what to look for
    """
    return args


async def tool_awaited(args: dict):
    """An async tool: never listed, awaited when called by name."""
    return args
