"""toolplay's example set-up: builds a SQLite database from an SQL script of the example."""
import sqlite3
from pathlib import Path


def tool_create_database(script: str, database: str) -> dict:
    """Run an SQL script into a new database file of the workspace."""
    target = Path(database)
    if target.exists():
        target.unlink()
    with sqlite3.connect(str(target)) as conn:
        conn.executescript(Path(script).read_text(encoding="utf-8"))
    return {"success": True, "output": database}
