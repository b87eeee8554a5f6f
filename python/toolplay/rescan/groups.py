"""The tools panel's three lists (libraries, tools, diagnostics), each as per-file groups.

A group is ``(file, text)``: the file every entry of it names, and its entries as JSON texts joined
by ", " (the inside of a JSON array). Each list holds a file's entries together, in the order its
host reads the files, so a list is its groups joined, and a rescan can say which files' entries
changed. Each list is a ``FileGroups`` (lists.py says which for a profile): built from the files
(once per file content, from the per-file caches), then patched for the files the editor's rescan
saw change (``patch``), its cross-file part worked out again only as far as the change reaches.
"""

from __future__ import annotations

from typing import Any

from ..core.json_text import RawJson, encode

Group = tuple[str, str]
LISTS = ("libraries", "tools", "diagnostics")


class FileGroups:
    """One list: a text per file it reads, in its order ('' for a file with no entries now)."""

    def __init__(self, keys: list[str], texts: list[str]) -> None:
        self.keys = keys
        self.texts = texts
        self.position: dict[str, int] = {}  # key -> its first place in the list
        for i, key in enumerate(keys):
            self.position.setdefault(key, i)

    def groups(self) -> list[Group]:
        return [(key, text) for key, text in zip(self.keys, self.texts) if text]

    def text_of(self, key: str) -> str:
        return self.texts[self.position[key]]

    def patch(self, changed: list[str]) -> list[str] | None:
        """Brings the list up to date after ``changed`` (files whose content changed; no file was
        created or deleted); returns the keys whose text changed, or None when only a new build can
        tell (the caller then builds the list again)."""
        return None


class EntryGroups(FileGroups):
    """A host's entries grouped as they come, by the file each names (hosts without per-file caches)."""

    def __init__(self, entries: list[dict[str, Any]]) -> None:
        groups: list[Group] = []
        run: list[str] = []
        for i, entry in enumerate(entries):
            run.append(encode(entry))
            if i + 1 == len(entries) or entries[i + 1]["file"] != entry["file"]:
                groups.append((entry["file"], ", ".join(run)))
                run = []
        super().__init__([key for key, _ in groups], [text for _, text in groups])


def joined(groups: list[Group]) -> RawJson:
    """The list the groups make, as JSON text."""
    return RawJson("[" + ", ".join(text for _, text in groups) + "]")


def full_reply(profile: str, lists: dict[str, FileGroups]) -> dict[str, Any]:
    """The inspection (src/protocol/engine.ts ``Inspection``), its lists joined from the groups' text."""
    return {"profile": profile, **{name: joined(lists[name].groups()) for name in LISTS}}
