/**
 * What Loki's start-up (`Functions::init`) makes of config.yaml's `visible_tools`, entry by entry,
 * Python and Bash alike. The engine gives Loki's own verdicts and messages for every entry and
 * declares the Python ones; the `.sh` entries are declared here from their argc comments.
 */
import type { Engine } from '../engine/engine.ts';
import type { LokiLayout, LokiRow, LokiStartupEntry, LokiView } from '../protocol/loki.ts';
import { bashDeclarations } from '../bash/declarations.ts';
import { bashNotes } from './bash-tools.ts';
import type { ToolFs } from './files.ts';

const names = (decls: readonly unknown[]): string[] =>
  decls.map((d) =>
    typeof d === 'object' && d !== null && typeof (d as { name?: unknown }).name === 'string'
      ? (d as { name: string }).name
      : '?',
  );

/** A `.sh` entry the engine selected: its declarations, or the error Loki's Bash builder stops at. */
function bashEntry(fs: ToolFs, e: LokiStartupEntry): LokiStartupEntry {
  const text = fs.readText(e.path);
  if (text === null) return { ...e, error: `Unable to read ${e.path}` };
  const out = bashDeclarations(text, e.path, 'loki');
  if (!Array.isArray(out)) return { ...e, error: out.error };
  const stem = e.path.slice(e.path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  const notes = bashNotes(text, stem, out);
  return { ...e, declarations: out, note: notes.length ? notes.join(' ') : null };
}

function rowOf(e: LokiStartupEntry): LokiRow {
  const base = { entry: e.entry, listed: true, exists: e.exists };
  if (e.error) return { ...base, verdict: 'refuses', says: e.error };
  const decls = e.declarations ?? [];
  if (decls.length === 0)
    return { ...base, verdict: 'silent', says: e.note ?? 'Loki builds no declaration for this file.' };
  const built = `Builds ${names(decls)
    .map((n) => `"${n}"`)
    .join(', ')}.`;
  return { ...base, verdict: 'builds', says: e.note ? `${built} ${e.note}` : built };
}

/** Loki's verdicts for a layout; throws the engine's usage error when config.yaml cannot be read as Loki reads it. */
export function lokiVerdicts(engine: Engine, fs: ToolFs, layout: LokiLayout): LokiView {
  const startup = engine.call('lokiStartup', {
    functionsDir: layout.functionsDir,
    configText: layout.configText ?? '',
  });
  const rows = startup.entries.map((e) => rowOf(!e.error && e.language === 'bash' ? bashEntry(fs, e) : e));
  const startupError = rows.find((r) => r.verdict === 'refuses')?.says ?? null;
  const builds = rows.filter((r) => r.verdict !== 'refuses').length;
  for (const file of startup.unlisted)
    rows.push({
      entry: file,
      listed: false,
      exists: true,
      verdict: 'unlisted',
      says: 'Not in visible_tools: Loki never builds it.',
    });
  return { visible: startup.visible, rows, startupError, builds };
}
