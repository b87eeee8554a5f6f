/**
 * A Python with packages for the tests: Pyodide started with the local package server's lock file
 * (the real lock plus the test's wheels), the installer attached with an in-memory (or given) wheel
 * cache, and a folder of tool files mounted where calls run.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadNodeEngine } from '../../src/engine/node.ts';
import type { Engine } from '../../src/engine/engine.ts';
import { attachPackages } from '../../src/packages/attach.ts';
import { MemoryPlanStore, type PlanStore } from '../../src/packages/plans.ts';
import { MemoryWheelStore, WheelCache } from '../../src/packages/wheel-cache.ts';
import type { PackageServer } from '../support/package-server.ts';
import { wrappedCall } from '../python/calls.ts';
import type { CallOptions } from '../../src/protocol/engine.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';

export interface Stores {
  cache: WheelCache;
  plans: PlanStore;
}

export const memoryStores = (): Stores => ({
  cache: new WheelCache(new MemoryWheelStore()),
  plans: new MemoryPlanStore(),
});

/** Where a test Python's packages come from: a lock file's text, the base of its wheels, the index. */
export interface TestSource {
  lockText: string;
  base: string;
  indexUrl: string;
}

export async function sourceOf(server: PackageServer): Promise<TestSource> {
  return {
    lockText: await (await fetch(server.lockUrl)).text(),
    base: `${server.url}/files/`,
    indexUrl: server.indexUrl,
  };
}

/** A Python whose Pyodide packages and index are `source`'s (a server's, or one that has gone away). */
export async function pythonWith(
  source: TestSource,
  stores: Stores = memoryStores(),
  timeoutMs = 10_000,
): Promise<Engine> {
  const engine = await loadNodeEngine({
    packageSource: { lockFileContents: source.lockText, packageBaseUrl: source.base },
  });
  engine.packages = attachPackages(engine.py, {
    ...stores,
    origin: null,
    sources: { indexUrls: [source.indexUrl], timeoutMs, packageBase: source.base },
  });
  return engine;
}

/** A workspace folder on disk with `files`, mounted into the engine at the same path. */
/** A tool file: `head` (imports), then `name()` returning what `body` (indented for it) returns. */
export const tool = (name: string, body: string, head = ''): string =>
  `${head}\ndef ${name}() -> dict:\n    """A tool."""\n${body
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}\n`;

export function workspace(engine: Engine, files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'toolplay-packages-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  engine.fs.mkdirTree(root);
  engine.py.mountNodeFS(root, root);
  return root;
}

/** One call through the call wrapper (as the worker and the CLI run it), tools in `<root>/tools`. */
export async function callIn(
  engine: Engine,
  root: string,
  tool: string,
  args: unknown,
  options: Partial<CallOptions> = {},
): Promise<{ result: unknown; events: TelemetryEvent[]; status: string }> {
  const { end, events } = await wrappedCall(engine, {
    profile: 'lcp',
    paths: [join(root, 'tools')],
    tool,
    args,
    workspace: root,
    ...options,
  });
  return { result: end.status === 'finished' ? end.result : end.message, events, status: end.status };
}

export const ofType = <T extends TelemetryEvent['type']>(
  events: TelemetryEvent[],
  type: T,
): Array<Extract<TelemetryEvent, { type: T }>> =>
  events.filter((e): e is Extract<TelemetryEvent, { type: T }> => e.type === type);
