"""The diagnostics list: one group per linted file, in scan order (lint/run.py). A file's own
findings are made once per content; the cross-file ones (lint/cross_file.py) are worked out again
for the files an edit can reach: none when its tools kept their places, the files sharing a name
with it when they only moved, every file when its tool names changed."""

from __future__ import annotations

from ..lint.cross_file import CrossFile, FileLint
from ..lint.run import analysed, ordered_text
from ..lint.scope import collect_files
from .groups import FileGroups


class LintGroups(FileGroups):
    def __init__(self, paths: list[str]) -> None:
        files = collect_files(paths)
        self.results = [analysed(path) for path in files]
        self.cross = CrossFile(list(zip(files, self.results)))
        super().__init__(files, [self._text(path, result) for path, result in zip(files, self.results)])

    def _text(self, path: str, result: FileLint) -> str:
        return ordered_text(result, self.cross.items(path, result))

    def patch(self, changed: list[str]) -> list[str] | None:
        reach: list[str] = []
        again = False
        for path in changed:
            i = self.position.get(path)
            if i is None:
                continue
            old, new = self.results[i], analysed(path)
            if new is old:
                continue
            self.results[i] = new
            if new.tools == old.tools:
                reach.append(path)
            elif new.tools is not None and old.tools is not None and [t[0] for t in new.tools] == [t[0] for t in old.tools]:
                reach += self.cross.moved(path, new.tools)
            else:
                again = True
        if again:
            self.cross = CrossFile(list(zip(self.keys, self.results)))
            reach = self.keys
        moved = []
        for path in dict.fromkeys(reach):
            i = self.position[path]
            text = self._text(path, self.results[i])
            if text != self.texts[i]:
                self.texts[i] = text
                moved.append(path)
        return moved
