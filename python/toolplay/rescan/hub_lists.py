"""The libraries list (every profile) and the hub's tools: one group per ``.py`` file the hub reads,
made from its LibraryFile (hosts/hub/library_file.py), so a changed file changes only its own."""

from __future__ import annotations

from ..hosts.hub.files import python_files
from ..hosts.hub.host import library_text, tools_text
from ..hosts.hub.library_file import LibraryFile, library_file
from .groups import FileGroups


class _HubGroups(FileGroups):
    def __init__(self, paths: list[str]) -> None:
        keys = python_files(paths)
        super().__init__(keys, [self._text(key) for key in keys])

    def _text(self, path: str) -> str:
        try:
            entry = library_file(path)
        except OSError:  # the hub skips a file it cannot read
            return ""
        return self.text(path, entry) if entry.text is not None else ""

    def text(self, path: str, entry: LibraryFile) -> str:
        raise NotImplementedError

    def patch(self, changed: list[str]) -> list[str] | None:
        moved = []
        for path in changed:
            i = self.position.get(path)
            if i is not None:
                text = self._text(path)
                if text != self.texts[i]:
                    self.texts[i] = text
                    moved.append(path)
        return moved


class HubLibraries(_HubGroups):
    """``LibraryInfo`` per file (hub defaults where it sets none), every file its own group."""

    def text(self, path: str, entry: LibraryFile) -> str:
        return library_text(path, entry)


class HubTools(_HubGroups):
    """The hub's ``ToolInfo`` of each file: the hub reads every file on its own."""

    def text(self, path: str, entry: LibraryFile) -> str:
        return tools_text(path, entry)

