"""``LcpBinding``: lollms_client's ``LCPBinding`` (reference I, f952faea) re-implemented for toolplay.

Same inputs (``tools_folders``, ``tool_files``, ``host_tool_configs``), same ``discover_tools()``
items in the same order, same ``execute_tool`` results (§5 of docs/protocols/lcp.md), same
``to_chat_tool_specs()`` (the base class's conversion). Documented deviations:

* folders are scanned in name order, not raw ``os.scandir`` order (see scan.py);
* no bundled ``default_tools``: with no folders and no files nothing is discovered;
* ``KeyboardInterrupt`` (toolplay's Stop) is never turned into a "crashed" result;
* ``warnings`` collects what the reference logs at discovery plus facts toolplay adds
  (which duplicate won, same-stem files sharing one module slot), with file and line;
  ``exec_log`` holds the lines the reference logs during the last ``execute_tool``;
* module handling for a playground (each binding's own module slots, re-import after an
  edit, the confirm handler given at load): see modules.py.
"""

from __future__ import annotations

import copy
import inspect
import os
import sys
import traceback
from typing import Any, Callable

from ...core import memfs_stamp
from ...core.json_text import RawJson
from . import discovery
from .file_tools import FileTools, file_tools
from .modules import MODULE_PREFIX, ModuleSlots
from .result import crashed, normalise
from .scan import scan_folder
from .specs import chat_tool_specs


class LcpBinding:
    binding_name = "LCP"

    def __init__(self, tools_folders: list[str] | None = None, tool_files: list[str] | None = None,
                 host_tool_configs: dict[str, Any] | None = None) -> None:
        self.tools_folders = [os.path.abspath(p) for p in tools_folders or []]
        self.tool_files = [os.path.abspath(p) for p in tool_files or []]
        self.host_tool_configs: dict[str, Any] = host_tool_configs or {}
        self.discovered_tools: list[dict[str, Any]] = []
        self.warnings: list[dict[str, Any]] = []
        # name -> (folder or file dir it was scanned from, 1-based def line)
        self.origins: dict[str, tuple[str, int]] = {}
        self.exec_log: list[dict[str, str]] = []
        # What the tool itself returned in the last execute_tool (a 1-tuple; None when it did not return):
        # a dict as it was before normalise updated it in place.
        self.returned: tuple[Any] | None = None
        self.modules = ModuleSlots()
        self._confirm_handler: Any = None
        self._sources: list[tuple[FileTools, str, list[int] | None]] = []
        # Each tool file in load order, with the folder it was scanned from, that folder's real path
        # and the file's tools (what discovery resolved). Shared: read only.
        self.scanned: discovery.Listing = []
        # Names whose discovered_tools item is this binding's own deep copy (see execute_tool).
        self._private: set[str] = set()
        # The last discovery's items, and the files it read as rescan() last saw them (core/memfs_stamp).
        self._found: list[dict[str, Any]] = []
        self._files_seen = memfs_stamp.Stamp(self.tools_folders + self.tool_files)
        self._discover()

    # ---- discovery -------------------------------------------------------------------------

    def _listing(self) -> discovery.Listing:
        """Each tool file in load order with the folder it was scanned from, that folder's real
        path and the file's tools (file_tools: re-parsed only when the file changed). Folder entries
        come with their real path and stat from the directory listing."""
        listing: discovery.Listing = []
        for folder in self.tools_folders:
            if os.path.isdir(folder):
                real_root = os.path.realpath(folder)
                listing += [(f.path, folder, real_root, file_tools(f.path, f.real, f.stat))
                            for f in scan_folder(folder)]
        for f in self.tool_files:
            if os.path.exists(f) and os.path.splitext(f)[1] == ".py":
                root = os.path.dirname(f)
                listing.append((f, root, os.path.realpath(root), file_tools(f, os.path.realpath(f))))
        return listing

    def _discover(self) -> None:
        notes = [discovery.note(f, None, f"'{os.path.basename(f)}' is not a .py file: LCPBinding ignores it.")
                 for f in self.tool_files if os.path.isfile(f) and os.path.splitext(f)[1] != ".py"]
        self.scanned = self._listing()
        found = discovery.resolve(self.scanned)
        self._found = found.tools
        self.discovered_tools = list(found.tools)  # this binding's own list (execute_tool swaps in copies)
        self.warnings = notes + found.warnings
        self.origins = found.origins
        self._sources = found.sources
        self._private = set()

    @property
    def sources(self) -> list[tuple[FileTools, str, list[int] | None]]:
        """Per file that contributes, in discovery order: its tools, the real root they are shown
        relative to, and the indexes of its tools that won (None: all). Shared: read only."""
        return self._sources

    def json_tools(self) -> list[dict[str, Any]]:
        """``discover_tools()`` JSON-safe, ``_python_file_path`` relative to the folder each tool was
        scanned from (a ``tool_files`` entry: its own folder). Built once per file content and
        shared between calls: read only."""
        out: list[dict[str, Any]] = []
        for found, real_root, kept in self._sources:
            items = found.safe(real_root)
            out.extend(items if kept is None else [items[i] for i in kept])
        return out

    def json_tools_text(self) -> RawJson:
        """``json_tools()`` as JSON text, joined from each file's cached text."""
        parts: list[str] = []
        for found, real_root, kept in self._sources:
            texts = found.safe_json(real_root)
            parts.extend(texts if kept is None else [texts[i] for i in kept])
        return RawJson("[" + ", ".join(parts) + "]")

    def discover_tools(self, specific_tool_names: list[str] | None = None, **kwargs: Any) -> list[dict[str, Any]]:
        if kwargs.get("force_refresh", False) or not self.discovered_tools:
            self._discover()
        if specific_tool_names:
            return [t for t in self.discovered_tools if t.get("name") in specific_tool_names]
        return self.discovered_tools

    list_tools = discover_tools

    def rescan(self) -> None:
        """Re-read the folders (unchanged files come from the parse cache). When no file or folder under
        them changed since the last rescan, the last discovery stands as it is, and the items start
        again from the shared ones, as a rescan makes them."""
        if self._files_seen.unchanged():
            self.discovered_tools = list(self._found)
            self._private = set()
            return
        self._discover()
        self._files_seen.remember()

    def to_chat_tool_specs(self, **discover_kwargs: Any) -> dict[str, dict[str, Any]]:
        discover_kwargs.pop("force_refresh", None)
        return chat_tool_specs(self.discover_tools(force_refresh=False, **discover_kwargs), self.execute_tool,
                               self.binding_name)

    # ---- execution -------------------------------------------------------------------------

    def set_confirm_handler(self, handler: Any) -> None:
        """The handler toolplay gives each library (set_confirm_handler + config["confirm_handler"])."""
        self._confirm_handler = handler

    def _log(self, level: str, msg: str) -> None:
        self.exec_log.append({"level": level, "msg": msg})

    def _init_config(self, stem: str) -> Any:
        config = self.host_tool_configs.get(stem, {})
        if self._confirm_handler is not None and isinstance(config, dict):
            return {**config, "confirm_handler": self._confirm_handler}
        return config

    def execute_tool(self, tool_name: str, params: dict[str, Any], discussion_instance: Any = None,
                     **kwargs: Any) -> dict[str, Any]:
        """Reference I's execute_tool. Mutates ``params`` (schema defaults are injected), as it does."""
        self.exec_log = []
        self.returned = None
        self._log("debug", f"[LCP execute_tool] Calling: '{tool_name}' with params: {params}")
        index = next((i for i, t in enumerate(self.discovered_tools) if t.get("name") == tool_name), None)
        if index is None:
            return {"error": f"Tool '{tool_name}' not found.", "status_code": 404}
        tool_def = self._own(index)
        for prop, info in tool_def.get("input_schema", {}).get("properties", {}).items():
            if prop not in params and isinstance(info, dict) and "default" in info:
                params[prop] = info["default"]
        try:
            path = tool_def.get("_python_file_path")
            stem = os.path.splitext(os.path.basename(path))[0]
            name = MODULE_PREFIX + stem
            self.modules.activate()
            self.modules.drop_if_changed(name)
            if name not in sys.modules:
                failure = self.modules.load(name, path, self._init_config(stem), self._confirm_handler, self._log)
                if failure is not None:
                    return failure
            module = sys.modules[name]
            if not hasattr(module, tool_name):
                return {"error": f"Function '{tool_name}' not found in module.", "status_code": 500}
            return self._run(tool_name, getattr(module, tool_name), params)
        except KeyboardInterrupt:
            raise
        except Exception as exc:
            tb = traceback.format_exc()
            self._log("trace_exception", f"{type(exc).__name__}: {exc}")
            self._log("error", f"[LCP Error Tracking] Unexpected crash executing '{tool_name}':\n{tb}")
            return {"error": f"Error executing '{tool_name}': {exc}", "traceback": tb, "status_code": 500}

    def _own(self, index: int) -> dict[str, Any]:
        """The tool's item as this binding's own deep copy, made on its first call.

        Discovered items are shared with the parse cache; a call hands schema defaults to the tool
        (``params[prop] = default``), and a tool that mutates such a list or dict must change only
        this binding's tool, as in the reference (its item lives until the next rescan). Defaults
        that are all strings, numbers, booleans or None cannot be changed: the shared item serves."""
        tool_def = self.discovered_tools[index]
        if tool_def["name"] not in self._private:
            if _hands_out_containers(tool_def):
                tool_def = self.discovered_tools[index] = copy.deepcopy(tool_def)
            self._private.add(tool_def["name"])
        return tool_def

    def _run(self, tool_name: str, fn: Callable[..., Any], params: dict[str, Any]) -> dict[str, Any]:
        sig = inspect.signature(fn)
        takes_any = any(p.kind == inspect.Parameter.VAR_KEYWORD for p in sig.parameters.values())
        clean = {k: v for k, v in params.items() if k in sig.parameters or takes_any}
        try:
            result = fn(**clean)
        except KeyboardInterrupt:
            # Stop button: the reference catches BaseException here and would report "crashed";
            # toolplay lets it through so the worker reports the call as stopped.
            raise
        except BaseException as exc:
            tb = traceback.format_exc()
            self._log("error", f"[LCP execute_tool] ❌ Tool '{tool_name}' crashed with {type(exc).__name__}: {exc}\n{tb}")
            return crashed(tool_name, exc, tb)
        self.returned = (dict(result) if isinstance(result, dict) else result,)
        shown = str(result)[:500] if result is not None else "None"
        self._log("debug", f"[LCP execute_tool] Tool '{tool_name}' returned: {shown}")
        return normalise(tool_name, result, self._log)


def _hands_out_containers(tool_def: dict[str, Any]) -> bool:
    """Whether a call can hand the tool a list or dict of the item (a schema default that is one)."""
    properties = tool_def.get("input_schema", {}).get("properties", {})
    return any(isinstance(info, dict) and not isinstance(info.get("default"), (str, int, float, bool, type(None)))
               for info in properties.values())
