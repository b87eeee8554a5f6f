import { readFileSync } from 'node:fs';
import type { FooledRight, FooledWrong } from './fooled-checks.ts';

/** A shipped solution of a lesson, with `from` replaced by `to` (which must be there). */
function solutionWith(lesson: string, path: string, from: string, to: string): string {
  const text = readFileSync(new URL(`../../src/course/lessons/${lesson}/solution/${path}`, import.meta.url), 'utf8');
  if (!text.includes(from)) throw new Error(`${lesson}'s solution no longer has ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

/** The LCP lessons' wrong solutions that fooled their checks (issue 34), each now failing at `fails`. */
export const LCP_WRONG: FooledWrong[] = [
  {
    lesson: 'lcp-first-tool',
    why: 'the greeting names Ada whatever name arrives',
    fails: 'And with {"name": "Grete Øst-Lindqvist"}, the greeting names Grete Øst-Lindqvist, not Ada',
    files: {
      'tools/greet.py': `def tool_greet(name: str) -> dict:
    """Greet someone by name.

    Args:
        name (str): Who to greet.
    """
    return {"success": True, "output": "Hello, Ada!"}
`,
    },
  },
  {
    lesson: 'lcp-no-coercion',
    why: 'converts only the string the task names, "2"',
    fails: 'And with {"limit": "4"}, the 4 best',
    files: {
      'tools/scores.py': `SCORES = [98, 95, 91, 88, 84, 80, 77]


def tool_top_scores(limit: int = 3) -> dict:
    """The best scores, highest first.

    Args:
        limit (int): How many scores to return.
    """
    if limit == "2":
        limit = 2
    return {"success": True, "output": sorted(SCORES, reverse=True)[:limit]}
`,
    },
  },
  {
    lesson: 'lcp-no-coercion',
    why: 'the right number of scores, but the lowest ones',
    fails: 'Called with no `limit`, it returns the 3 best scores, highest first',
    files: {
      'tools/scores.py': `SCORES = [98, 95, 91, 88, 84, 80, 77]


def tool_top_scores(limit: int = 3) -> dict:
    """The best scores.

    Args:
        limit (int): How many scores to return.
    """
    return {"success": True, "output": sorted(SCORES)[: int(limit)]}
`,
    },
  },
  {
    lesson: 'lcp-confirm',
    why: "takes the answer's first item: a host that answers True crashes it, and the file stays",
    fails:
      'Allowed in every form a host answers (("allow", "ok"), True, "allow", "always"), the file is deleted and the result is no failure',
    files: {
      'tools/files.py': `import os

_HANDLER = None


def init_tools_library(config=None):
    """Host configuration, with the host's confirm_handler in it."""
    global _HANDLER
    _HANDLER = (config or {}).get("confirm_handler")


def tool_delete_file(path: str) -> dict:
    """Delete a workspace file once the operator agrees.

    Args:
        path: the file
    """
    answer = _HANDLER(f"rm {path}", "[RISKY] delete") if _HANDLER else ("reject", "no handler")
    if answer[0] not in ("allow", "always"):
        raise PermissionError(f"not deleted: {answer[1]}")
    os.remove(path)
    return {"success": True, "output": "gone"}
`,
    },
  },
  {
    lesson: 'lcp-confirm',
    why: 'looks for "reject" in the answer\'s text: a host that answers False gets the file deleted',
    fails: 'Rejected in every form (("reject", "no"), False, "reject"), the file stays and the result is a failure',
    files: {
      'tools/files.py': `from pathlib import Path

_CONFIRM_HANDLER = None


def set_confirm_handler(handler):
    """The host's popup."""
    global _CONFIRM_HANDLER
    _CONFIRM_HANDLER = handler


def tool_delete_file(path: str) -> dict:
    """Delete a file.

    Args:
        path (str): The file.
    """
    answer = _CONFIRM_HANDLER(path, "Delete a file")
    if "reject" in str(answer):
        return {"success": False, "error": f"kept {path}"}
    Path(path).unlink()
    return {"success": True, "output": f"deleted {path}"}
`,
    },
  },
  {
    lesson: 'lcp-autonomy',
    why: 'the listing asks at every level but safe, full_access included',
    fails: 'With "full_access", nothing asks (neither tool) and the file is deleted',
    files: {
      'tools/files.py': solutionWith(
        'lcp-autonomy',
        'tools/files.py',
        '    if AUTONOMY_LEVEL == "full_access" or (AUTONOMY_LEVEL == "safe" and not risky):',
        '    if (AUTONOMY_LEVEL == "full_access" and risky) or (AUTONOMY_LEVEL == "safe" and not risky):',
      ),
    },
  },
  {
    lesson: 'lcp-autonomy',
    why: 'normalises the level only where it tests for full_access: " STRICT " is taken as safe',
    fails: 'A level written " STRICT " is strict: both tools ask',
    files: {
      'tools/files.py': solutionWith(
        'lcp-autonomy',
        'tools/files.py',
        '    level = str(config.get("autonomy_level", "safe")).strip().lower()\n    AUTONOMY_LEVEL = level if level in ("strict", "safe", "full_access") else "safe"\n',
        '    AUTONOMY_LEVEL = str(config.get("autonomy_level", "safe"))\n',
      ).replace(
        '    if AUTONOMY_LEVEL == "full_access" or (AUTONOMY_LEVEL == "safe" and not risky):',
        '    if AUTONOMY_LEVEL.strip().lower() == "full_access" or (AUTONOMY_LEVEL != "strict" and not risky):',
      ),
    },
  },
  {
    lesson: 'lcp-dynamic-prompt',
    why: 'the databases the check used to add, written into the text',
    fails: 'Its text names the .db files of the workspace, called with no arguments as a host calls it',
    files: {
      'tools/database.py': solutionWith(
        'lcp-dynamic-prompt',
        'tools/database.py',
        '    names = sorted(p.name for p in Path(".").glob("*.db"))\n',
        '    names = ["archive.db", "check-inventory.db", "check-sales.db", "shop.db"]\n',
      ),
    },
  },
  {
    lesson: 'lcp-dynamic-prompt',
    why: 'the folder as a required parameter: a host calls the prompt function with none',
    fails: 'Its text names the .db files of the workspace, called with no arguments as a host calls it',
    files: {
      'tools/database.py': solutionWith(
        'lcp-dynamic-prompt',
        'tools/database.py',
        'def tool_list_tables_prompt() -> str:\n    """The description of tool_list_tables, computed when the prompt is built."""\n    names = sorted(p.name for p in Path(".").glob("*.db"))\n',
        'def tool_list_tables_prompt(folder: str) -> str:\n    """The description of tool_list_tables.\n\n    Args:\n        folder (str): Where the databases are.\n    """\n    names = sorted(p.name for p in Path(folder).glob("*.db"))\n',
      ),
    },
  },
];

/** Unusual but right solutions of the same lessons: each passes every requirement. */
export const LCP_RIGHT: FooledRight[] = [
  {
    lesson: 'lcp-first-tool',
    why: 'a plain string built with %, and a keyword-only extra with a default',
    files: {
      'tools/greet.py': `def tool_greet(name: str, *, excited: bool = False):
    """Welcome a person.

    Args:
        name (str): The person's name, as they write it.
    """
    return "Welcome, %s%s" % (name, "!" if excited else ".")
`,
    },
  },
  {
    lesson: 'lcp-no-coercion',
    why: 'None as the default, heapq.nlargest, the text stripped before int()',
    files: {
      'tools/scores.py': `import heapq

SCORES = [98, 95, 91, 88, 84, 80, 77]
TOP = 3


def tool_top_scores(limit: int = None) -> list:
    """The best scores, highest first.

    Args:
        limit (int): How many scores (3 when left out).
    """
    count = TOP if limit is None else int(str(limit).strip())
    return heapq.nlargest(count, SCORES)
`,
    },
  },
  {
    lesson: 'lcp-confirm',
    why: 'every form read in one match statement, a refusal raised as an exception (LCP reports a crash, a failure)',
    files: {
      'tools/files.py': `import os

_ask = None


def set_confirm_handler(handler):
    """The host's popup."""
    global _ask
    _ask = handler


def init_tools_library(config=None):
    """The handler may come in the configuration too."""
    global _ask
    _ask = (config or {}).get("confirm_handler") or _ask


def _allowed(answer) -> bool:
    match answer:
        case bool():
            return answer
        case (decision, *_):
            return _allowed(decision)
        case str():
            return answer.strip().lower() in ("allow", "always")
    return False


def tool_delete_file(path: str):
    """Delete a file once the operator said yes.

    Args:
        path (str): The file.
    """
    if _ask is None or not _allowed(_ask(f"rm {path}", "Delete a file")):
        raise PermissionError(f"{path} was not deleted: the operator said no")
    os.remove(path)
    return f"deleted {path}"
`,
    },
  },
  {
    lesson: 'lcp-autonomy',
    why: 'levels ranked by how much they ask, the level read lazily through the host configuration',
    files: {
      'tools/files.py': `import os

RANK = {"full_access": 0, "safe": 1, "strict": 2}
_config = {}
_handler = None


def init_tools_library(config=None):
    """Keeps the host configuration."""
    global _handler
    _config.update(config or {})
    _handler = _config.get("confirm_handler", _handler)


def set_confirm_handler(handler):
    """The host's popup."""
    global _handler
    _handler = handler


def _rank() -> int:
    return RANK.get(str(_config.get("autonomy_level", "safe")).strip().lower(), RANK["safe"])


def _go(content: str, risky: bool) -> bool:
    if _rank() < (1 if risky else 2):
        return True
    answer = _handler(content, "Confirm") if _handler else False
    if isinstance(answer, tuple):
        answer = answer[0] if answer else False
    return answer is True or (isinstance(answer, str) and answer.lower() in ("allow", "always"))


def tool_list_files() -> dict:
    """The files here."""
    if not _go("ls", risky=False):
        return {"success": False, "error": "listing refused"}
    return {"success": True, "output": sorted(os.listdir("."))}


def tool_delete_file(path: str) -> dict:
    """Remove a file.

    Args:
        path (str): which one
    """
    if not _go(f"rm {path}", risky=True):
        return {"success": False, "error": f"{path} kept"}
    os.remove(path)
    return {"success": True, "output": "removed"}
`,
    },
  },
  {
    lesson: 'lcp-dynamic-prompt',
    why: 'os.scandir, a keyword-only pattern with a default, one name a line',
    files: {
      'tools/database.py': solutionWith(
        'lcp-dynamic-prompt',
        'tools/database.py',
        'def tool_list_tables_prompt() -> str:\n    """The description of tool_list_tables, computed when the prompt is built."""\n    names = sorted(p.name for p in Path(".").glob("*.db"))\n    available = ", ".join(names) if names else "none yet"\n    return f"Lists the tables of a SQLite database in the workspace. Databases: {available}."\n',
        'def tool_list_tables_prompt(*, suffix=".db"):\n    import os\n\n    found = sorted(e.name for e in os.scandir(".") if e.is_file() and e.name.endswith(suffix))\n    return "Lists a database\'s tables. Databases:\\n" + "\\n".join(f"- {n}" for n in found)\n',
      ),
    },
  },
];
