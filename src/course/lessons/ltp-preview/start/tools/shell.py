"""A pretend shell: it only echoes what it would run."""

TOOL_LIBRARY_NAME = "Shell"
TOOL_LIBRARY_DESC = "Runs commands in the workspace (demo: it only says what it would run)."
TOOL_LIBRARY_ICON = "💻"

TOOL_TITLES = {"tool_run_command": "💻 Running a command"}


def tool_run_command(args: dict) -> dict:
    """Run a shell command in the workspace.

    Args:
        - cmd (str): The command line to run.
    """
    cmd = args.get("cmd", "")
    return {"success": True, "output": f"would run: {cmd}"}
