"""A pretend shell: it only echoes what it would run."""

TOOL_LIBRARY_NAME = "Shell"
TOOL_LIBRARY_DESC = "Runs commands in the workspace (demo: it only says what it would run)."
TOOL_LIBRARY_ICON = "💻"

TOOL_TITLES = {"tool_run_command": "💻 Running a command"}


def tool_run_command(args: dict) -> dict:
    """Run a shell command in the workspace.

    Args:
        - command (str): The command line to run.
    """
    command = args.get("command", "")
    return {"success": True, "output": f"would run: {command}"}
