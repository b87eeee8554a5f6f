/**
 * The course's port to the engine: what a lesson check, a gallery set-up and the schema diff need,
 * always on a scratch copy of the files (a folder under SCRATCH_ROOT, outside /workspace), so they
 * never touch the person's workspace; a call there runs with a copy of it as /workspace, the real one
 * set aside (workspace-aside.ts). Two adapters implement it: node-host.ts (Engine in Node: the
 * CLI and the tests) and the browser's PythonClient (its writeScratch/scratchCall requests reach
 * scratch-run.ts in the worker).
 */
import type { EngineMethods, Inspection } from '../protocol/engine.ts';
import type { FileChange } from '../protocol/worker.ts';
import type { ScratchCallParams, ScratchCallResult } from '../protocol/worker.ts';

export type { AskedConfirmation, ScratchCallParams, ScratchCallResult } from '../protocol/worker.ts';

/** Every scratch folder lives below this one, in the engine's filesystem. */
export const SCRATCH_ROOT = '/scratch';

/** The engine operations the course uses, on scratch folders only. */
export interface ScratchHost {
  /** Makes `root` (under SCRATCH_ROOT) hold exactly `files`; null removes it. */
  writeScratch(root: string, files: FileChange[] | null): Promise<void>;
  inspect(params: EngineMethods['inspect']['params']): Promise<Inspection>;
  schema(params: EngineMethods['schema']['params']): Promise<unknown>;
  status(params: EngineMethods['status']['params']): Promise<{ line: string }>;
  scratchCall(params: ScratchCallParams): Promise<ScratchCallResult>;
  /** Stops the scratch call running now (a tool test run's Stop); its scratchCall then rejects. */
  stopScratch?(): void;
}

/** Rejects paths outside SCRATCH_ROOT: a scratch operation must never reach /workspace. */
export function scratchPath(root: string): string {
  const clean = root.replace(/\/+$/, '');
  const parts = clean.split('/');
  if (!clean.startsWith(`${SCRATCH_ROOT}/`) || parts.includes('..') || parts.includes('.') || parts.length < 3)
    throw new Error(`not a scratch folder: ${root}`);
  return clean;
}
