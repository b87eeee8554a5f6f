/**
 * The worker's `rescan` (the editor's, after every edit): the engine's patch of the page's
 * generation, passed on as the engine's JSON text. The engine itself sees which files changed
 * since its last rescan, whoever wrote them (python/toolplay/core/unchanged_files.py), so nothing
 * here keeps track of writes. A Loki layout or a Loki profile is answered whole, as `inspect`
 * answers it (src/loki/inspect.ts): Bash tools and Loki's verdicts are not patched.
 */
import type { Engine } from '../engine/engine.ts';
import type { WorkerMethods, WorkspaceInspection } from '../protocol/worker.ts';
import { isOneOf, LOKI_FLAVOURS } from '../protocol/vocabulary.ts';
import type { InspectionPatch, TrackedInspection } from '../protocol/engine.ts';
import { inspectWorkspace } from '../loki/inspect.ts';
import { JsonReply } from './json-reply.ts';

export function rescanWorkspace(
  engine: Engine,
  params: WorkerMethods['rescan']['params'],
): JsonReply<TrackedInspection | InspectionPatch> | WorkspaceInspection {
  const { loki, base, ...request } = params;
  if (loki || isOneOf(LOKI_FLAVOURS, request.profile))
    return inspectWorkspace(engine, { ...request, ...(loki ? { loki } : {}) });
  return new JsonReply(engine.callText('rescan', { ...request, base }));
}
