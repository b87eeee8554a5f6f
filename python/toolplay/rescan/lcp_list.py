"""LCP's tools as the tools panel lists them: one group per tool file that contributes, in
discovery order. A name belongs to the first file in scan order that defines it
(hosts/lcp/discovery.py), so an edit that keeps a file's tool names, or gives it names no other
file has, changes only that file's group; any other edit makes the list again."""

from __future__ import annotations

from typing import Any

from ..hosts.lcp.file_tools import FileTools, file_tools
from ..hosts.lcp.tool_paths import binding_for_paths
from .groups import FileGroups


class LcpTools(FileGroups):
    def __init__(self, paths: list[str], params: dict[str, Any]) -> None:
        binding = binding_for_paths(paths, params.get("hostConfig"))
        self.scanned = list(binding.scanned)  # (path, folder, real folder, FileTools), patched below
        self.at = {path: i for i, (path, *_) in enumerate(self.scanned)}
        self.once = len(self.at) == len(self.scanned)  # a file listed twice (folder and tool_files) is not patched
        sources = iter(binding.sources)  # one per listed file that has tools, in the same order
        self.kept: list[list[int] | None] = []
        self.claims: dict[str, int] = {}  # name -> how many listed files define it
        for *_, found in self.scanned:
            self.kept.append(next(sources)[2] if found.tools else None)
            self._claim(found, 1)
        super().__init__([found.real for *_, found in self.scanned],
                         [_text(found, real_root, kept) for (_, _, real_root, found), kept in zip(self.scanned, self.kept)])

    def patch(self, changed: list[str]) -> list[str] | None:
        moved = []
        for path in changed:
            i = self.at.get(path)
            if i is None:
                continue
            _, root, real_root, old = self.scanned[i]
            new = file_tools(path, old.real)
            if new is old:
                continue
            if not self.once:
                return None
            if new.names != old.names:
                if not self._alone(old, new):
                    return None  # a name another file has: who wins it may change
                self._claim(old, -1)
                self._claim(new, 1)
                self.kept[i] = None
            self.scanned[i] = (path, root, real_root, new)
            text = _text(new, real_root, self.kept[i])
            if text != self.texts[i]:
                self.texts[i] = text
                moved.append(new.real)
        return moved

    def _alone(self, old: FileTools, new: FileTools) -> bool:
        """No other listed file defines a name the file had or has now, and it defines each once."""
        return new.distinct and all(self.claims[n] == 1 for n in set(old.names)) \
            and not any(n in self.claims for n in set(new.names) - set(old.names))

    def _claim(self, found: FileTools, by: int) -> None:
        for name in set(found.names):
            count = self.claims[name] = self.claims.get(name, 0) + by
            if count == 0:
                del self.claims[name]


def _text(found: FileTools, real_root: str, kept: list[int] | None) -> str:
    return found.info_json(real_root, kept) if found.tools and (kept is None or kept) else ""
