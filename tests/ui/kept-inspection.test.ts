// A returning visit lists the last visit's tools before Python answers, only when every input is as
// it was then (src/app/kept-inspection.ts), and Python's answer replaces them.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Playground } from '../../src/app/playground.svelte.ts';
import { KeptInspections, idbKeptStore, inspectionKey, memoryKeptStore } from '../../src/app/kept-inspection.ts';
import type { ToolInfo } from '../../src/protocol/engine.ts';
import type { WorkspaceInspection, WorkspaceRescan } from '../../src/protocol/worker.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import { FakePython } from './fake-python.ts';
import { DEFAULT_PACKAGE_SETTINGS } from '../../src/protocol/packages.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const settle = () => vi.advanceTimersByTimeAsync(50);
/** The edits pause (the playground keeps what it shows a second later), and the store has it (hashing is async). */
const keptIn = async (kept: KeptInspections) => {
  await vi.advanceTimersByTimeAsync(1000);
  await vi.waitFor(async () => expect(await kept.store.get('w')).toBeDefined());
};

const tool = (name: string): ToolInfo => ({
  name,
  file: '/workspace/tools/notes.py',
  line: 1,
  description: name,
  title: null,
  spec: {},
  inputSchema: { type: 'object', properties: {} },
});
const FILES = { 'tools/notes.py': 'def tool_note():\n    """Note."""\n', 'README.md': '# hi' };

let n = 0;
/** One visit: the same workspace store, a Python whose rescans wait until `answer()` is called. */
async function visit(store: string, kept: KeptInspections, fill?: Record<string, string>) {
  const workspace = await Workspace.open(createIdbStore(store), 'w', { channel: `${store}-${++n}` });
  if (fill) workspace.replaceAll(fill, { openPath: 'tools/notes.py' });
  await workspace.flush();
  const python = new FakePython();
  const answers: Array<(r: WorkspaceRescan) => void> = [];
  python.rescanned = () => new Promise((resolve) => answers.push(resolve));
  const playground = new Playground(workspace, python, { kept });
  const started = playground.start(); // resolves once the files are sent and the kept inspection was looked up
  await settle();
  await started;
  const answer = async (names: string[]) => {
    const inspection: WorkspaceInspection = {
      profile: playground.profile,
      libraries: [],
      tools: names.map(tool),
      diagnostics: [],
    };
    for (const a of answers.splice(0)) a(inspection);
    await settle();
  };
  return { workspace, python, playground, answer };
}

describe('the last visit’s tools', () => {
  it('are listed at once on the next visit, marked, until Python answers; then Python’s answer is shown', async () => {
    let told = 0;
    const kept = new KeptInspections('build-1', memoryKeptStore(), () => told++);
    const first = await visit('kept-a', kept, FILES);
    expect(first.playground.tools.loaded).toBe(false);
    expect(await first.playground.lastVisitShown()).toBe(false); // nothing kept yet: Python need not wait
    await first.answer(['tool_note']);
    await keptIn(kept);
    expect(told).toBe(1); // main.ts notes it: the next visit shows the UI before starting Python
    first.playground.dispose();

    const second = await visit('kept-a', kept);
    expect(await second.playground.lastVisitShown()).toBe(true);
    expect(second.playground.tools.tools.map((t) => t.name)).toEqual(['tool_note']);
    expect(second.playground.toolsFromLastVisit).toBe(true);
    await second.answer(['tool_note', 'tool_more']);
    expect(second.playground.toolsFromLastVisit).toBe(false);
    expect(second.playground.tools.tools.map((t) => t.name)).toEqual(['tool_note', 'tool_more']);
  });

  it('are not listed when one byte of one file, the Python, the profile, the host settings or the engine build differs', async () => {
    const store = memoryKeptStore();
    const kept = new KeptInspections('build-1', store);
    const first = await visit('kept-b', kept, FILES);
    await first.answer(['tool_note']);
    await keptIn(kept);
    first.playground.dispose();

    const changes: Array<(w: Workspace) => void> = [
      (w) => w.write('README.md', '# hi!'),
      (w) => w.update({ profile: 'hub' }),
      (w) => w.update({ packages: { ...DEFAULT_PACKAGE_SETTINGS, python: '3.13' } }),
      (w) => w.update({ hostConfig: { notes: { key: 'x' } } }),
    ];
    for (const change of changes) {
      const w = await Workspace.open(createIdbStore('kept-b'), 'w', { channel: `kept-b-${++n}` });
      const before = {
        files: new Map(w.files),
        settings: { ...w.settings, packages: w.settings.packages ?? DEFAULT_PACKAGE_SETTINGS },
      };
      change(w);
      await w.flush();
      const again = await visit('kept-b', kept);
      expect(await again.playground.lastVisitShown()).toBe(false);
      expect(again.playground.tools.loaded).toBe(false);
      expect(again.playground.toolsFromLastVisit).toBe(false);
      again.playground.dispose();
      // Back as it was: listed again.
      w.replaceAll(Object.fromEntries(before.files), before.settings);
      await w.flush();
      w.dispose();
    }
    const otherBuild = await visit('kept-b', new KeptInspections('build-2', store));
    expect(otherBuild.playground.tools.loaded).toBe(false);
    const sameBuild = await visit('kept-b', kept);
    expect(sameBuild.playground.toolsFromLastVisit).toBe(true);
  });

  it('an answer an edit overtook is not kept (it no longer describes the files)', async () => {
    const store = memoryKeptStore();
    const kept = new KeptInspections('build-1', store);
    const first = await visit('kept-c', kept, FILES);
    first.workspace.write('tools/notes.py', 'def tool_other():\n    """Other."""\n');
    await first.answer(['tool_note']); // the answer to the rescan asked before the edit
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.records.size).toBe(0);
    await first.answer(['tool_other']); // the rescan that covers the edit
    await keptIn(kept);
    expect(store.records.get('w')?.inspection.tools.map((t) => t.name)).toEqual(['tool_other']);
  });

  it('keeps nothing without an engine build (the dev server), and a store that fails loses only the head start', async () => {
    const store = memoryKeptStore();
    const dev = await visit('kept-d', new KeptInspections(null, store), FILES);
    await dev.answer(['tool_note']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.records.size).toBe(0);
    const broken = new KeptInspections('build-1', {
      get: () => Promise.reject(new Error('QuotaExceededError')),
      set: () => Promise.reject(new Error('QuotaExceededError')),
      delete: () => Promise.reject(new Error('gone')),
    });
    const again = await visit('kept-d', broken);
    await again.answer(['tool_note']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(again.playground.tools.tools.map((t) => t.name)).toEqual(['tool_note']);
    await broken.forget('w');
  });

  it('the key covers each input, in an order that does not depend on the map’s', async () => {
    const files = (entries: [string, string][]) => new Map(entries.map(([p, t]) => [p, new TextEncoder().encode(t)]));
    const inputs = { python: '3.14', profile: 'lcp', hostConfig: {}, paths: ['/workspace/tools'], loki: undefined };
    const key = await inspectionKey('b', {
      ...inputs,
      files: files([
        ['a', '1'],
        ['b', '2'],
      ]),
    });
    expect(
      await inspectionKey('b', {
        ...inputs,
        files: files([
          ['b', '2'],
          ['a', '1'],
        ]),
      }),
    ).toBe(key);
    // The same bytes in new arrays (each file's digest is kept by its bytes) make the same key.
    expect(
      await inspectionKey('b', {
        ...inputs,
        files: files([
          ['a', '1'],
          ['b', '2'],
        ]),
      }),
    ).toBe(key);
    // A byte moved from one file's end to the next's start is another workspace.
    expect(
      await inspectionKey('b', {
        ...inputs,
        files: files([
          ['a', '12'],
          ['b', ''],
        ]),
      }),
    ).not.toBe(key);
    expect(
      await inspectionKey('b', {
        ...inputs,
        paths: ['/workspace/x'],
        files: files([
          ['a', '1'],
          ['b', '2'],
        ]),
      }),
    ).not.toBe(key);
  });

  it('lives in IndexedDB per workspace, and is forgotten with it', async () => {
    const kept = new KeptInspections('build-1', idbKeptStore('kept-idb-test'));
    const first = await visit('kept-e', kept, FILES);
    await first.answer(['tool_note']);
    await keptIn(kept);
    first.playground.dispose();
    expect((await visit('kept-e', kept)).playground.toolsFromLastVisit).toBe(true);
    await kept.forget('w');
    expect((await visit('kept-e', kept)).playground.tools.loaded).toBe(false);
  });
});
