/**
 * The worker's `inspect`: the engine's inspection, completed for Loki. Under the loki and
 * llm-functions profiles the Bash tools join the Python ones, all in Loki's order (config.yaml's
 * `visible_tools` first, as Loki declares them, then the rest of the folder in code-point order);
 * for a Loki layout the answer carries Loki's start-up verdicts too, so the UI gets it in one piece.
 */
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import type { Inspection, ToolInfo } from '../protocol/engine.ts';
import type { LokiView } from '../protocol/loki.ts';
import type { WorkerMethods, WorkspaceInspection } from '../protocol/worker.ts';
import { isOneOf, LOKI_FLAVOURS, type LokiFlavour } from '../protocol/vocabulary.ts';
import { bashToolInfo } from './bash-tools.ts';
import { ToolFs, toolFiles } from './files.ts';
import { lokiVerdicts } from './startup.ts';

/** Adds the `.sh` tools of `paths`, ordered with the Python ones by file, as Loki reads the folder. */
function withBashTools(fs: ToolFs, inspection: Inspection, paths: readonly string[], flavour: LokiFlavour): Inspection {
  const files = toolFiles(fs, paths);
  const tools: ToolInfo[] = [...inspection.tools];
  const diagnostics = [...inspection.diagnostics];
  for (const file of files) {
    if (!file.endsWith('.sh')) continue;
    const text = fs.readText(file);
    if (text === null) continue;
    const bash = bashToolInfo(file, text, flavour);
    tools.push(...bash.tools);
    diagnostics.push(...bash.diagnostics);
  }
  return { ...inspection, tools: sortBy(tools, (t) => files.indexOf(t.file)), diagnostics };
}

/** Tools of listed files first, in `visible_tools` order (the order Loki declares them); stable otherwise. */
function inLokiOrder(tools: ToolInfo[], view: LokiView, functionsDir: string): ToolInfo[] {
  const listed = view.visible.map((entry) => `${functionsDir}/tools/${entry}`);
  return sortBy(tools, (t) => {
    const i = listed.indexOf(t.file);
    return i < 0 ? listed.length : i;
  });
}

/** A stable sort by a numeric key (unknown files, key -1, keep their place at the front). */
function sortBy<T>(items: T[], key: (item: T) => number): T[] {
  return items
    .map((item, i) => ({ item, i, k: key(item) }))
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map((x) => x.item);
}

export function inspectWorkspace(engine: Engine, params: WorkerMethods['inspect']['params']): WorkspaceInspection {
  const { loki, ...request } = params;
  const fs = new ToolFs(engine.fs);
  const flavour = isOneOf(LOKI_FLAVOURS, request.profile) ? request.profile : null;
  const inspection = engine.call('inspect', request);
  const complete = flavour ? withBashTools(fs, inspection, request.paths, flavour) : inspection;
  if (!loki) return complete;
  let view: LokiView;
  try {
    view = lokiVerdicts(engine, fs, loki);
  } catch (e) {
    if (e instanceof EngineError && e.kind === 'usage') return { ...complete, lokiError: e.message };
    throw e;
  }
  const tools =
    flavour === 'loki' ? inLokiOrder(complete.tools, view, loki.functionsDir.replace(/\/+$/, '')) : complete.tools;
  return { ...complete, tools, loki: view };
}
