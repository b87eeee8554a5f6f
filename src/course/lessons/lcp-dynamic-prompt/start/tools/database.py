"""SQLite tools for the databases of the workspace."""
import sqlite3
from pathlib import Path


def tool_database_prompt() -> str:
    """Dynamic description of the database tools."""
    return "Lists the tables of a SQLite database in the workspace."


def tool_list_tables(database_name: str) -> dict:
    """List the tables of a SQLite database in the workspace.

    Args:
        database_name (str): The .db file, for example "shop.db".
    """
    if not Path(database_name).is_file():
        return {"success": False, "error": f"no database named {database_name}"}
    with sqlite3.connect(database_name) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall()
    return {"success": True, "output": [name for (name,) in rows]}
