/**
 * A SQLite file of the workspace, shown for what it holds: its tables, their columns, row counts
 * and first rows, read by Python's own sqlite3 in the worker, on a scratch copy (so the workspace
 * is never touched, and nothing of the person's code runs: a workspace in review may be read too).
 */
import { SCRATCH_ROOT, type ScratchHost } from '../scratch/scratch.ts';
import previewTool from './sqlite_preview.py?raw';

export interface TablePreview {
  name: string;
  columns: string[];
  /** The first rows, each value as SQLite gave it (a blob as "<N bytes>"). */
  rows: unknown[][];
  count: number;
}

/** How many rows of each table are shown. */
export const PREVIEW_ROWS = 20;

const MAGIC = 'SQLite format 3\u0000';
const ROOT = `${SCRATCH_ROOT}/preview`;
const TOOLS = '.toolplay-preview/tools';
const encoder = new TextEncoder();

/** Whether `bytes` start as a SQLite database file does. */
export function isSqlite(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && [...MAGIC].every((c, i) => bytes[i] === c.charCodeAt(0));
}

/** One preview at a time: they share one scratch folder. */
let queue: Promise<unknown> = Promise.resolve();

/** The database's tables; throws with a sentence when it cannot be read. */
export function readDatabase(host: ScratchHost, bytes: Uint8Array): Promise<TablePreview[]> {
  const next = queue.then(() => read(host, bytes));
  queue = next.catch(() => {});
  return next;
}

async function read(host: ScratchHost, bytes: Uint8Array): Promise<TablePreview[]> {
  await host.writeScratch(ROOT, [{ path: 'database.sqlite', content: bytes }]);
  try {
    const run = await host.scratchCall({
      base: ROOT,
      profile: 'lcp',
      toolsDir: TOOLS,
      tool: 'tool_preview_database',
      args: { database: 'database.sqlite', rows: PREVIEW_ROWS },
      overlay: [{ path: `${TOOLS}/sqlite_preview.py`, content: encoder.encode(previewTool) }],
    });
    if (!('result' in run))
      throw new Error(
        'refused' in run ? run.refused : 'escaped' in run ? run.escaped : `still reading after ${run.timedOut} s`,
      );
    const result = run.result as { success?: unknown; output?: unknown; error?: unknown } | null;
    if (result?.success !== true || !Array.isArray(result.output))
      throw new Error(typeof result?.error === 'string' ? result.error : 'Python could not read it as a database');
    return result.output as TablePreview[];
  } finally {
    await host.writeScratch(ROOT, null);
  }
}
