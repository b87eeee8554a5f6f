/**
 * The worker's `rescan` (the editor's, after every edit): the engine's patch of the page's
 * generation, passed on as the engine's JSON text. The worker applies every change to its
 * workspace itself, so it tells the engine which paths changed since the last rescan and the
 * engine need not `stat` the others (python/toolplay/core/vouched.py). After anything it cannot
 * account for (a tool call, scratch work, the workspace replaced) it vouches for nothing, and the
 * engine checks every file. A Loki layout or a Loki profile is answered whole, as `inspect`
 * answers it (src/loki/inspect.ts): Bash tools and Loki's verdicts are not patched.
 */
import type { Engine } from '../engine/engine.ts';
import type { FileChange, WorkerMethods, WorkspaceInspection } from '../protocol/worker.ts';
import { isOneOf, LOKI_FLAVOURS } from '../protocol/vocabulary.ts';
import type { InspectionPatch, TrackedInspection } from '../protocol/engine.ts';
import { inspectWorkspace } from '../loki/inspect.ts';
import { JsonReply } from './json-reply.ts';

/** Which paths of the workspace changed since the engine's last rescan, as far as the worker knows. */
export class RescanVouch {
  readonly #root: string;
  /** Engine paths written or deleted since the last rescan; null: the worker cannot say. */
  #changed: Set<string> | null = null;

  constructor(root: string) {
    this.#root = root;
  }

  /** The page's files were written into the workspace (`replace`: and every other file removed). */
  synced(files: readonly FileChange[], replace: boolean): void {
    if (replace) this.doubt();
    else for (const f of files) this.#changed?.add(`${this.#root}/${f.path}`);
  }

  /** Something may have changed files the worker cannot name. */
  doubt(): void {
    this.#changed = null;
  }

  /** The paths a rescan of `paths` can be told changed, or null when it must check every file. */
  vouchFor(paths: readonly string[]): string[] | null {
    const inside = paths.every((p) => p === this.#root || p.startsWith(`${this.#root}/`));
    return inside && this.#changed ? [...this.#changed] : null;
  }

  /** The engine answered a rescan: from now on the changes since it count. */
  rescanned(): void {
    this.#changed = new Set();
  }
}

export function rescanWorkspace(
  engine: Engine,
  params: WorkerMethods['rescan']['params'],
  vouch: RescanVouch,
): JsonReply<TrackedInspection | InspectionPatch> | WorkspaceInspection {
  const { loki, base, ...request } = params;
  if (loki || isOneOf(LOKI_FLAVOURS, request.profile)) return inspectWorkspace(engine, { ...request, ...(loki ? { loki } : {}) });
  try {
    const json = engine.callText('rescan', { ...request, base, changed: vouch.vouchFor(request.paths) });
    vouch.rescanned();
    return new JsonReply(json);
  } catch (e) {
    vouch.doubt();
    throw e;
  }
}
