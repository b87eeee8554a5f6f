"""toolplay's look into a SQLite file of the workspace: each table with its columns, row count and
first rows. Run on a scratch copy, opened read-only: nothing of the workspace is touched."""
import math
import sqlite3


def tool_preview_database(database: str, rows: int = 20) -> dict:
    """The tables of a SQLite database, with their columns and first rows."""
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        names = [n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        tables = []
        for name in names:
            quoted = '"' + name.replace('"', '""') + '"'
            cursor = conn.execute(f"SELECT * FROM {quoted} LIMIT ?", (rows,))
            columns = [d[0] for d in cursor.description]
            first = [[_cell(v) for v in row] for row in cursor.fetchall()]
            (count,) = conn.execute(f"SELECT COUNT(*) FROM {quoted}").fetchone()
            tables.append({"name": name, "columns": columns, "rows": first, "count": count})
        return {"success": True, "output": tables}
    finally:
        conn.close()


def _cell(value):
    """A value as JSON can carry it: a blob by its size, a float that JSON has no word for as text."""
    if isinstance(value, bytes):
        return f"<{len(value)} bytes>"
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    return value
