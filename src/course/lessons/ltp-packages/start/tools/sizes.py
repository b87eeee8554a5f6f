"""File sizes the way people write them: 1.2 MB rather than 1234567 bytes."""
import os

TOOL_LIBRARY_NAME = "File sizes"
TOOL_LIBRARY_DESC = "Says how big a file is, in words people read."
TOOL_LIBRARY_ICON = "📏"
TOOL_TITLES = {"tool_file_size": "📏 Measuring"}


def tool_file_size(args: dict):
    """Say how big a file is.

    - path (str): The file, relative to the working folder.
    """
    try:
        import humanize
    except ImportError:
        return "humanize is not installed: an administrator must press Initialise on this library."
    return humanize.naturalsize(os.path.getsize(args["path"]))
