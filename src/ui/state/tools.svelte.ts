/**
 * What the tools panel shows for the chosen profile. A file that stops parsing keeps its last good
 * tools, marked stale with the parse error, so typing never makes the panel jump.
 */
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

export class ToolsView {
  #profile = $state<Profile>('lcp');
  #libraries = $state.raw<LibraryInfo[]>([]);
  #tools = $state.raw<ToolEntry[]>([]);
  #diagnostics = $state.raw<Diagnostic[]>([]);
  #error = $state<string | null>(null);
  #loaded = $state(false);
  #previous = $state.raw<{ profile: Profile; specs: Map<string, unknown> } | null>(null);

  get profile(): Profile { return this.#profile; }
  get libraries(): readonly LibraryInfo[] { return this.#libraries; }
  get tools(): readonly ToolEntry[] { return this.#tools; }
  get diagnostics(): readonly Diagnostic[] { return this.#diagnostics; }
  /** The engine could not inspect at all (worker failed, method missing): said once, in words. */
  get error(): string | null { return this.#error; }
  get loaded(): boolean { return this.#loaded; }

  apply(next: Inspection): void {
    const broken = new Map<string, string>();
    for (const d of next.diagnostics) if (isParseError(d) && !broken.has(d.file)) broken.set(d.file, `line ${d.line}: ${d.message}`);
    const fresh: ToolEntry[] = next.tools.map((t) => ({ ...t, stale: null }));
    // Same profile only: another profile's old schema would be a wrong answer, not a stale one.
    if (next.profile === this.#profile) {
      for (const [file, why] of broken) {
        if (fresh.some((t) => t.file === file)) continue;
        for (const old of this.#tools) if (old.file === file) fresh.push({ ...old, stale: why });
      }
    }
    // Remember the other profile's specs, so a switch can show what changed.
    if (this.#loaded && next.profile !== this.#profile)
      this.#previous = { profile: this.#profile, specs: new Map(this.#tools.map((t) => [t.name, t.spec])) };
    this.#profile = next.profile;
    this.#libraries = next.libraries;
    this.#tools = fresh;
    this.#diagnostics = next.diagnostics;
    this.#error = null;
    this.#loaded = true;
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
  get byFile(): Array<{ file: string; library: LibraryInfo | null; tools: ToolEntry[] }> {
    const groups = new Map<string, ToolEntry[]>();
    for (const t of this.#tools) groups.set(t.file, [...(groups.get(t.file) ?? []), t]);
    return [...groups].map(([file, tools]) => ({ file, library: this.#libraries.find((l) => l.file === file) ?? null, tools }));
  }

  find(name: string): ToolEntry | undefined {
    return this.#tools.find((t) => t.name === name);
  }

  /** The tool defined at `line` of `file` (1-based), for the editor's hover. */
  at(file: string, line: number): ToolEntry | undefined {
    return this.#tools.find((t) => t.file === file && t.line === line);
  }
}
