/**
 * The course's port to the engine: what a lesson check, a gallery set-up and the schema diff need,
 * always on a scratch copy of the files (a folder under SCRATCH_ROOT, outside /workspace), so they
 * never touch the person's workspace. Two adapters implement it: node-host.ts (Engine in Node: the
 * CLI and the tests) and the browser's PythonClient (its writeScratch/scratchCall requests reach
 * scratch-run.ts in the worker).
 */
import type { ConfirmDecision, EngineMethods, HostConfig, Inspection } from '../protocol/engine.ts';
import type { FileChange } from '../protocol/worker.ts';

/** Every scratch folder lives below this one, in the engine's filesystem. */
export const SCRATCH_ROOT = '/scratch';

/** Runs one tool on a fresh copy of a scratch folder; the copy is removed afterwards. */
export interface ScratchCallParams {
  /** A folder under SCRATCH_ROOT written by writeScratch: the files to copy. */
  base: string;
  profile: 'lcp' | 'loki';
  /** The tools folder, relative to the base: `tools` or `functions/tools`. */
  toolsDir: string;
  tool: string;
  args: Record<string, unknown>;
  hostConfig?: HostConfig;
  /** How every confirmation is answered (default reject); each question is reported in `asked`. */
  confirm?: ConfirmDecision;
  /** Files written into (content) or removed from (null) the copy before the call. */
  overlay?: FileChange[];
  /** Paths (relative to the copy) whose existence after the call is reported in `exists`. */
  probe?: string[];
  /** Report the files the call created or changed, with their bytes, in `created`. */
  collect?: boolean;
}

/** A confirmation the tool asked for. */
export interface AskedConfirmation {
  label: string;
  content: string;
}

/** How a scratch call ended. `result` is exactly what the host returned. */
export type ScratchCallResult = (
  | { result: unknown }
  /** An exception escaped the host's own handling (e.g. SystemExit while LCP imports a module). */
  | { escaped: string }
  /** The engine refused the call (bad input, e.g. a tool Loki cannot find). */
  | { refused: string }
) & {
  asked: AskedConfirmation[];
  exists: Record<string, boolean>;
  created: FileChange[];
  /** What the tool printed (stdout and stderr, in order). */
  output: string;
};

/** The engine operations the course uses, on scratch folders only. */
export interface ScratchHost {
  /** Makes `root` (under SCRATCH_ROOT) hold exactly `files`; null removes it. */
  writeScratch(root: string, files: FileChange[] | null): Promise<void>;
  inspect(params: EngineMethods['inspect']['params']): Promise<Inspection>;
  schema(params: EngineMethods['schema']['params']): Promise<unknown>;
  status(params: EngineMethods['status']['params']): Promise<{ line: string }>;
  scratchCall(params: ScratchCallParams): Promise<ScratchCallResult>;
}

/** Rejects paths outside SCRATCH_ROOT: a scratch operation must never reach /workspace. */
export function scratchPath(root: string): string {
  const clean = root.replace(/\/+$/, '');
  const parts = clean.split('/');
  if (!clean.startsWith(`${SCRATCH_ROOT}/`) || parts.includes('..') || parts.includes('.') || parts.length < 3)
    throw new Error(`not a scratch folder: ${root}`);
  return clean;
}
