"""Tags a user gives their notes, kept by the hub between calls."""

TOOL_LIBRARY_NAME = "Tags"
TOOL_LIBRARY_ICON = "🏷️"


def tool_add_tag(args: dict, lollms=None):
    """Add a tag, and say which tags there are now.

    - tag (str): The tag to add.
    """
    tags = lollms.get("tags", set())
    tags.add(args["tag"])
    lollms.set("tags", tags)
    return "Tags: " + ", ".join(sorted(tags))


def tool_list_tags(args: dict, lollms=None):
    """Say which tags there are."""
    tags = lollms.get("tags", [])
    return "Tags: " + ", ".join(sorted(tags)) if tags else "No tags yet."
