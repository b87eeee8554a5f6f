"""Records what lollms_hub's ToolsManager reads from each fixture here: ``parse_metadata`` and
``get_tool_definitions``, from ``app/core/tools_manager.py`` of the reference commit, taken out of a
lollms_hub git dir at run time (nothing of it is kept in this repository).

    LTP_HUB_REF=<lollms_hub git dir> python3 hub_metadata_oracle.py > golden.json
"""
import ast
import json
import os
import subprocess
import sys
import types

HUB_REV = "eb5a10676d7d0536b37d07220c9bf590fb2f74c9"
HERE = os.path.dirname(os.path.abspath(__file__))


def tools_manager():
    source = subprocess.run(["git", "--git-dir", os.environ["LTP_HUB_REF"], "show", f"{HUB_REV}:app/core/tools_manager.py"],
                            check=True, capture_output=True, text=True).stdout
    tree = ast.parse(source)
    # Only the class: the module's other top-level code makes folders and bootstrap files.
    keep = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom)) or (isinstance(n, ast.ClassDef) and n.name == "ToolsManager")]
    module = types.ModuleType("tools_manager")
    exec(compile(ast.Module(body=keep, type_ignores=[]), "tools_manager.py", "exec"), module.__dict__)
    return module.ToolsManager


def main():
    manager = tools_manager()
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".py") and f != os.path.basename(__file__))
    out = {}
    for name in files:
        with open(os.path.join(HERE, name), encoding="utf-8") as f:
            text = f.read()
        out[name] = {"metadata": manager.parse_metadata(text), "tool_definitions": manager.get_tool_definitions(text)}
    doc = {"reference": f"ParisNeo/lollms_hub {HUB_REV} app/core/tools_manager.py", "python": sys.version.split()[0], "files": out}
    print(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False))


if __name__ == "__main__":
    main()
