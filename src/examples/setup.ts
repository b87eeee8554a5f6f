/**
 * What an example needs on first open beyond its files: today a SQLite database built from one
 * of its SQL scripts, by Python's sqlite3 on a scratch copy (the workspace gets the result).
 */
import type { ScratchHost } from '../scratch/scratch.ts';
import { SCRATCH_ROOT } from '../scratch/scratch.ts';
import type { Example } from './index.ts';
import setupTool from './_setup/sqlite_setup.py?raw';

const encoder = new TextEncoder();
const SETUP_DIR = '.toolplay-setup/tools';

/** The example's files, plus the ones its set-up makes. Throws with a sentence when the set-up fails. */
export async function exampleFiles(example: Example, host: ScratchHost): Promise<Record<string, string | Uint8Array>> {
  const files: Record<string, string | Uint8Array> = { ...example.files };
  const db = example.database;
  if (!db) return files;
  const root = `${SCRATCH_ROOT}/example`;
  await host.writeScratch(
    root,
    Object.entries(example.files).map(([path, text]) => ({ path, content: encoder.encode(text) })),
  );
  try {
    const run = await host.scratchCall({
      base: root,
      profile: 'lcp',
      toolsDir: SETUP_DIR,
      tool: 'tool_create_database',
      args: { script: db.script, database: db.file },
      overlay: [{ path: `${SETUP_DIR}/sqlite_setup.py`, content: encoder.encode(setupTool) }],
      collect: true,
    });
    const made = run.created.find((c) => c.path === db.file)?.content;
    if (!made)
      throw new Error(
        `could not build ${db.file} from ${db.script}: ${'result' in run ? JSON.stringify(run.result) : 'refused' in run ? run.refused : 'escaped' in run ? run.escaped : `still running after ${run.timedOut} s`}`,
      );
    files[db.file] = made;
    return files;
  } finally {
    await host.writeScratch(root, null);
  }
}
