/**
 * The Loki view's rows. The verdicts are Loki's own, from the engine's `lokiStartup`
 * (loki.select_tools, with Loki's exact messages); the engine reads Python only, so `.sh`
 * entries get their declarations — or their error — from src/bash here, the same merge
 * `lokiToolsDeclarations` makes for the CLI. Pure, so it is tested without a browser.
 */
import type { LokiStartup } from '../../protocol/engine.ts';
import { bashDeclarations } from '../../bash/declarations.ts';

export type Verdict = 'builds' | 'refuses' | 'silent' | 'unlisted';

export interface LokiRow {
  /** The `visible_tools` entry, or the name of a file Loki does not list. */
  entry: string;
  listed: boolean;
  exists: boolean;
  verdict: Verdict;
  /** What Loki does: its own error message when it refuses to start. */
  says: string;
}

export interface LokiView {
  visible: string[];
  rows: LokiRow[];
  /** The first error in `visible_tools` order: the one Loki stops at. */
  startupError: string | null;
  /** Listed files Loki builds without an error. */
  builds: number;
}

const names = (decls: readonly unknown[]): string[] =>
  decls.map((d) => (typeof d === 'object' && d !== null && typeof (d as { name?: unknown }).name === 'string' ? (d as { name: string }).name : '?'));

/** `readTool(entry)` gives the text of `functions/tools/<entry>` (for `.sh` entries), null when unreadable. */
export function lokiView(startup: LokiStartup, readTool: (entry: string) => string | null): LokiView {
  const rows: LokiRow[] = startup.entries.map((e) => {
    const base = { entry: e.entry, listed: true, exists: e.exists };
    let error = e.error ?? null;
    let decls = e.declarations ?? [];
    if (!error && e.language === 'bash') {
      const text = readTool(e.entry);
      const out = text === null ? { error: `Unable to read ${e.path}` } : bashDeclarations(text, e.path, 'loki');
      if (Array.isArray(out)) decls = out;
      else error = out.error;
    }
    if (error) return { ...base, verdict: 'refuses', says: error };
    if (decls.length === 0) return { ...base, verdict: 'silent', says: e.note ?? 'Loki builds no declaration for this file.' };
    const built = `Builds ${names(decls).map((n) => `"${n}"`).join(', ')}.`;
    return { ...base, verdict: 'builds', says: e.note ? `${built} ${e.note}` : built };
  });
  const startupError = rows.find((r) => r.verdict === 'refuses')?.says ?? null;
  const builds = rows.filter((r) => r.verdict !== 'refuses').length;
  for (const file of startup.unlisted)
    rows.push({ entry: file, listed: false, exists: true, verdict: 'unlisted', says: 'Not in visible_tools: Loki never builds it.' });
  return { visible: startup.visible, rows, startupError, builds };
}
