"""The program a Loki or llm-functions Python tool runs in: toolplay's own, doing what the host's does.

Loki starts ``bin/<stem> '<json>'`` for a Python tool, llm-functions ``scripts/run-tool.py <stem>.py
'<json>'``. Either wrapper checks its command line, decodes the JSON, loads the functions folder's
``.env``, sets ``LLM_ROOT_DIR`` / ``LLM_TOOL_NAME`` / ``LLM_TOOL_CACHE_DIR``, imports the tool file
fresh under the module name ``<stem>.py``, calls its ``run(**arguments)`` and writes what it
returned to ``$LLM_OUTPUT`` (loki.md §4, §6).

runner.py compiles this file under the host wrapper's own path, every statement moved to the line
where the host's wrapper has it (the ``# line:`` labels, looked up in wrapper_lines.py), and runs it
as ``__main__`` with ``HOST`` among its globals: the settings of one call (see runner.py). So a
traceback lists the host's frames (file, line, function) without source lines, as Python shows a
frame whose file it cannot read. Left out, because they change nothing here: Loki's re-exec under
a ``.venv`` interpreter found in the working directory (there is no other interpreter) and the
``LLM_DUMP_RESULTS`` echo, which only prints to a terminal (a tool's stdout is a pipe).
"""

import importlib.util
import json
import os
import sys

HOST: dict  # given by the runner: flavour, root_dir, tool_path, env_file, usage, no_run


def main():  # line: main
    tool_name, raw = _command_line()  # line: argv
    arguments = parse_raw_data(raw)  # line: data
    setup_env(HOST["root_dir"], tool_name)  # line: env
    tool_path = HOST["tool_path"] or os.path.join(HOST["root_dir"], "tools", tool_name + ".py")  # line: path
    run(tool_path, arguments)  # line: run


def _command_line():
    """(tool name, JSON text): Loki's wrapper knows its tool and takes the text as argv[1];
    llm-functions' takes ``<name>.py`` and the text. Either missing or empty: the usage line, exit 1."""
    given = sys.argv[1:]
    if HOST["flavour"] == "loki":
        name, raw = HOST["tool_name"], given[0] if given else None
    else:
        name = given[0].removesuffix(".py") if given else ""
        raw = given[1] if len(given) > 1 else ""
    if not (name and raw):
        print(HOST["usage"], file=sys.stderr)  # line: usage
        sys.exit(1)  # line: exit
    return name, raw


def parse_raw_data(raw):  # line: parse
    if not raw:
        raise ValueError("No JSON data")  # line: empty
    try:
        return json.loads(raw)  # line: loads
    except Exception:
        # Raised while the decoder's error is handled: the traceback shows both, chained.
        raise ValueError("Invalid JSON data")  # line: invalid


def setup_env(root_dir, tool_name):  # line: setup
    load_env(HOST["env_file"])  # line: load
    os.environ["LLM_ROOT_DIR"] = root_dir  # line: vars
    os.environ["LLM_TOOL_NAME"] = tool_name
    os.environ["LLM_TOOL_CACHE_DIR"] = os.path.join(root_dir, "cache", tool_name)  # not created


def load_env(path):  # line: dotenv
    """KEY=VALUE lines (blank and ``#`` lines skipped), split at the first ``=``, both sides
    stripped, one pair of surrounding quotes dropped; a variable already set wins. No such file,
    or one that cannot be read: nothing."""
    try:  # line: read
        with open(path) as handle:
            lines = handle.readlines()
    except Exception:  # the host swallows everything here; toolplay's Stop still stops the tool
        return
    found = {}
    for text in lines:
        entry = text.strip()
        if not entry or entry.startswith("#"):
            continue
        key, _, value = entry.partition("=")
        if key.strip() in os.environ:
            continue
        value = value.strip()
        if value[:1] in ("'", '"') and value[-1:] == value[:1]:
            value = value[1:-1]
        found[key.strip()] = value
    os.environ.update(found)  # line: update


def run(tool_path, arguments):  # line: run-def
    spec = importlib.util.spec_from_file_location(os.path.basename(tool_path), tool_path)  # line: spec
    module = importlib.util.module_from_spec(spec)  # line: module
    spec.loader.exec_module(module)  # line: import
    if not hasattr(module, "run"):  # line: check
        raise Exception(HOST["no_run"])  # line: no-run
    value = getattr(module, "run")(**arguments)  # line: call
    return_to_llm(value)  # line: return


def return_to_llm(value):  # line: output
    """``None``: nothing. A str, int, float or bool: its ``str()``. A dict or list: indented JSON
    that must read back equal (a tuple inside does not: AssertionError). Anything else: nothing,
    though ``$LLM_OUTPUT`` is still opened, so emptied. Without ``$LLM_OUTPUT``: stdout."""
    if value is None:
        return
    target = open(os.environ["LLM_OUTPUT"], "w") if "LLM_OUTPUT" in os.environ else sys.stdout  # line: open
    try:
        kind = type(value).__name__
        if kind in ("str", "int", "float", "bool"):
            target.write(str(value))  # line: write-text
        elif kind in ("dict", "list"):
            indented = json.dumps(value, indent=2)  # line: dumps
            assert value == json.loads(indented)  # line: assert
            target.write(indented)  # line: write-json
    finally:
        if target is not sys.stdout:
            target.close()


if __name__ == "__main__":
    main()  # line: start
