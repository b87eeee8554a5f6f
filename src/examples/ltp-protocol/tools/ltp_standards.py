"""The rest of the LTP protocol's rules, made visible: the naming standard and the two argument
standards the other file does not use.

Only functions named ``tool_*`` are tools: ``summarise`` below is a private helper, hidden from
the AI (the protocol's own ``def my_logic(args)`` case). The status line previews ``url`` and
``command`` as it previews ``query`` and ``path``.
"""

TOOL_LIBRARY_NAME = "LTP standards"
TOOL_LIBRARY_DESC = "The naming rule and the url and command argument standards, offline."
TOOL_LIBRARY_ICON = "📏"

TOOL_TITLES = {
    "tool_fetch_page": "🌐 Reading a web page",
    "tool_run_command": "💻 Running a command",
}


def summarise(text: str) -> str:
    """A helper, not a tool: its name has no tool_ prefix, so no host shows it to the model."""
    return text if len(text) <= 60 else text[:57] + "..."


def tool_fetch_page(args: dict = None, **kwargs) -> dict:
    """Reads a web page (offline here: it says what it would fetch).

    Args:
        - url (str): The address of the page.
    """
    params = {**(args or {}), **kwargs}
    url = str(params.get("url", ""))
    return {"success": True, "output": summarise(f"would fetch {url} (toolplay runs without network)")}


def tool_run_command(args: dict = None, **kwargs) -> dict:
    """Runs a shell command (here: only echoes it back).

    Args:
        - command (str): The command line.
    """
    params = {**(args or {}), **kwargs}
    return {"success": True, "output": summarise(f"would run: {params.get('command', '')}")}
