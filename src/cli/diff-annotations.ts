/**
 * `toolplay diff --format github`: the schema diff's changes as GitHub annotations, an error per
 * breaking change and a notice per other change, then the closing count. Each points at the tool
 * where it can: its file and `def` line in NEW_PATH as the profile's host reads it (the engine's
 * inspection, Loki's Bash tools included); a removed tool at its old file when NEW_PATH still has
 * that file (no line: the tool is gone from it); a file the host cannot build at that file.
 */
import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Engine } from '../engine/engine.ts';
import type { SchemaChange, SchemaDiff } from '../diff/diff.ts';
import { formatDiff } from '../diff/format.ts';
import { inspectWorkspace } from '../loki/inspect.ts';
import type { Profile } from '../protocol/vocabulary.ts';
import { workspacePath, type Annotation } from './github-annotations.ts';

/** Where a tool is: its file, and the line of its definition when the tool is there. */
export interface Place {
  file: string;
  line?: number;
}

/** Each tool of `path` (the first of a name) as the profile's host lists it, with its file and line. */
function toolPlaces(engine: Engine, path: string, profile: Profile): Map<string, Place> {
  const places = new Map<string, Place>();
  for (const t of inspectWorkspace(engine, { paths: [path], profile }).tools)
    if (!places.has(t.name)) places.set(t.name, { file: t.file, line: t.line });
  return places;
}

/** Where `file` of OLD_PATH is in NEW_PATH, when NEW_PATH has it. */
function sameFileIn(before: string, after: string, file: string): string | null {
  const candidate = statSync(before).isFile() ? after : join(after, relative(before, file));
  return existsSync(candidate) && statSync(candidate).isFile() ? candidate : null;
}

/** Where a change is, or null when it cannot be told. */
export type Locate = (change: SchemaChange) => Place | null;

/**
 * Where the changes between OLD_PATH (`before`, read by `oldEngine`) and NEW_PATH (`after`) are:
 * asked only for annotations (the diff itself needs no positions). The old version is inspected
 * only when a tool was removed.
 */
export function changeLocator(
  diff: { before: string; after: string; profile: Profile; changes: readonly SchemaChange[] },
  oldEngine: Engine,
  newEngine: Engine,
): Locate {
  const { before, after, profile } = diff;
  const now = toolPlaces(newEngine, after, profile);
  const then = diff.changes.some((c) => c.kind === 'tool-removed')
    ? toolPlaces(oldEngine, before, profile)
    : new Map<string, Place>();
  return (c) => {
    if (c.kind === 'build-error') return { file: c.tool };
    if (c.kind !== 'tool-removed') return now.get(c.tool) ?? null;
    const old = then.get(c.tool);
    const file = old ? sameFileIn(before, after, old.file) : null;
    return file ? { file } : null;
  };
}

export function diffAnnotations(diff: SchemaDiff, profile: Profile, locate: Locate): Annotation[] {
  const annotations = diff.changes.map((c): Annotation => {
    const place = locate(c);
    const name = c.kind === 'build-error' ? workspacePath(c.tool) : c.tool;
    return {
      level: c.breaking ? 'error' : 'notice',
      message: `${name}: ${c.message}`,
      ...(place ? { file: workspacePath(place.file), ...(place.line ? { line: place.line } : {}) } : {}),
      title: `${c.breaking ? 'Breaking change' : 'Change'} (${profile})`,
    };
  });
  // The text report's closing line: `2 breaking changes, 1 other change.` or `No change in what …`.
  const closing = formatDiff(diff, profile).trimEnd().split('\n').at(-1) ?? '';
  return [...annotations, { level: 'notice', message: closing, title: 'toolplay diff' }];
}
