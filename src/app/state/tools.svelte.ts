/**
 * What the tools panel shows for the chosen profile. A file that stops parsing keeps its last good
 * tools, marked stale with the parse error, so typing never makes the panel jump.
 */
import { SvelteSet } from 'svelte/reactivity';
import type { Inspection, LibraryInfo, Profile, ToolInfo } from '../../protocol/engine.ts';
import type { Diagnostic } from '../../protocol/diagnostics.ts';

export interface ToolEntry extends ToolInfo {
  /** Why this tool is from an older version of its file (the file does not parse now), or null. */
  stale: string | null;
}

/** The lint's code for "this file does not parse" (python/toolplay/lint/syntax.py): the hosts then see other tools than the author meant. */
export const SYNTAX_ERROR_CODE = 'PY001';

export function isParseError(d: Diagnostic): boolean {
  return d.code === SYNTAX_ERROR_CODE;
}

/** The tools of one file, with its library (hub metadata) when it has one. */
export interface FileTools {
  file: string;
  library: LibraryInfo | null;
  tools: ToolEntry[];
}

export class ToolsView {
  #profile = $state<Profile>('lcp');
  #libraries = $state.raw<LibraryInfo[]>([]);
  #tools = $state.raw<ToolEntry[]>([]);
  #byFile = $state.raw<FileTools[]>([]);
  #diagnostics = $state.raw<Diagnostic[]>([]);
  #error = $state<string | null>(null);
  #loaded = $state(false);
  #previous = $state.raw<{ profile: Profile; specs: Map<string, unknown> } | null>(null);
  /** Each tool's entry, kept while the engine's object is (an unchanged tool stays the very same entry). */
  #entries = new WeakMap<ToolInfo, ToolEntry>();
  /** The names listed, each its own reactive key: what asks `has(name)` hears only of that name. */
  readonly #names = new SvelteSet<string>();
  #firstName = $state<string | null>(null);

  get profile(): Profile {
    return this.#profile;
  }
  get libraries(): readonly LibraryInfo[] {
    return this.#libraries;
  }
  get tools(): readonly ToolEntry[] {
    return this.#tools;
  }
  get diagnostics(): readonly Diagnostic[] {
    return this.#diagnostics;
  }
  /** The engine could not inspect at all (worker failed, method missing): said once, in words. */
  get error(): string | null {
    return this.#error;
  }
  get loaded(): boolean {
    return this.#loaded;
  }

  /**
   * Shows `next`. Entries of tools the engine handed over as the same objects as before (a rescan's
   * patch keeps every unchanged tool) stay the same entries, and so do their files' groups, so the
   * panel's keyed blocks do not touch them.
   */
  apply(next: Inspection): void {
    const broken = new Map<string, string>();
    for (const d of next.diagnostics)
      if (isParseError(d) && !broken.has(d.file)) broken.set(d.file, `line ${d.line}: ${d.message}`);
    const fresh: ToolEntry[] = next.tools.map((t) => this.#entry(t));
    // Same profile only: another profile's old schema would be a wrong answer, not a stale one.
    if (next.profile === this.#profile) {
      for (const [file, why] of broken) {
        if (fresh.some((t) => t.file === file)) continue;
        for (const old of this.#tools)
          if (old.file === file) fresh.push(old.stale === why ? old : { ...old, stale: why });
      }
    }
    // Remember the other profile's specs, so a switch can show what changed.
    if (this.#loaded && next.profile !== this.#profile)
      this.#previous = { profile: this.#profile, specs: new Map(this.#tools.map((t) => [t.name, t.spec])) };
    this.#profile = next.profile;
    this.#libraries = next.libraries;
    this.#tools = fresh;
    this.#byFile = groupByFile(fresh, next.libraries, this.#byFile);
    const names = new Set(fresh.map((t) => t.name));
    for (const name of this.#names) if (!names.has(name)) this.#names.delete(name);
    for (const name of names) this.#names.add(name);
    this.#firstName = fresh[0]?.name ?? null;
    this.#diagnostics = next.diagnostics;
    this.#error = null;
    this.#loaded = true;
  }

  #entry(tool: ToolInfo): ToolEntry {
    let entry = this.#entries.get(tool);
    if (!entry) this.#entries.set(tool, (entry = { ...tool, stale: null }));
    return entry;
  }

  /** The profile shown before the last switch, and its spec of `name` (undefined: it had no such tool). */
  previous(name: string): { profile: Profile; spec: unknown } | null {
    const p = this.#previous;
    return p ? { profile: p.profile, spec: p.specs.get(name) } : null;
  }

  fail(message: string): void {
    this.#error = message;
  }

  /** Tools grouped by the file they come from, in first-seen order. */
  get byFile(): readonly FileTools[] {
    return this.#byFile;
  }

  /** Whether a tool of this name is listed (reactive per name). */
  has(name: string): boolean {
    return this.#names.has(name);
  }

  /** The first tool's name (what is selected when nothing else is). */
  get firstName(): string | null {
    return this.#firstName;
  }

  find(name: string): ToolEntry | undefined {
    return this.#tools.find((t) => t.name === name);
  }

  /** The tool defined at `line` of `file` (1-based), for the editor's hover. */
  at(file: string, line: number): ToolEntry | undefined {
    return this.#tools.find((t) => t.file === file && t.line === line);
  }
}

/** Tools by file in first-seen order; a group whose tools and library are the same as before is the group it was. */
function groupByFile(
  tools: readonly ToolEntry[],
  libraries: readonly LibraryInfo[],
  before: readonly FileTools[],
): FileTools[] {
  const byFile = new Map<string, ToolEntry[]>();
  for (const t of tools) {
    const group = byFile.get(t.file);
    if (group) group.push(t);
    else byFile.set(t.file, [t]);
  }
  const library = new Map(libraries.map((l) => [l.file, l]));
  const old = new Map(before.map((g) => [g.file, g]));
  return [...byFile].map(([file, entries]) => {
    const was = old.get(file);
    const lib = library.get(file) ?? null;
    return was &&
      was.library === lib &&
      was.tools.length === entries.length &&
      was.tools.every((t, i) => t === entries[i])
      ? was
      : { file, library: lib, tools: entries };
  });
}
