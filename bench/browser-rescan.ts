// The editor's one-file rescan as the bench page measures it: the real Workspace, PythonClient and
// Playground with the app's Tools panel mounted, on the generated 200-file folder (bench/generate.ts).
import type { Page } from 'playwright-core';
import type { PythonClient } from '../src/worker/client.svelte.ts';
import type { Playground } from '../src/app/playground.svelte.ts';
import type { Workspace, createIdbStore } from '../src/workspace/workspace.svelte.ts';
import { librarySource } from './generate.ts';

interface BenchApi {
  Workspace: typeof Workspace;
  createIdbStore: typeof createIdbStore;
  PythonClient: typeof PythonClient;
  Playground: typeof Playground;
  showTools: (playground: Playground, target: HTMLElement) => void;
}
declare const toolplayBench: BenchApi;

export const RESCAN_FILES = 200;

/** A one-file rescan's medians (ms): the whole, where it went, its floor; and the whole inspection asked instead. */
export interface RescanTimes {
  tools: number;
  /** From Workspace.write to the tool's new description in the Tools panel's DOM. */
  total: number;
  /** Workspace.write to the rescan asked (the page: workspace, mirror, requests posted). */
  asked: number;
  /** The rescan's round trip: posted, the worker (sync applied, the engine's patch), answered, parsed. */
  roundTrip: number;
  /** The answer to the DOM: the patch applied (HeldInspection, ToolsView, Problems) and Svelte's update. */
  shown: number;
  /** The same edit's sync and a ping, posted together, to the ping's answer: the messages a rescan cannot do without. */
  floor: number;
  /** A rescan with no base: the whole inspection through the same worker, JSON text parsed by the page. */
  whole: number;
}

/**
 * From an edit written into the workspace (the editor's way in: Workspace.write, which the
 * Playground mirrors to the worker and rescans) to the edited tool's new description in the Tools
 * panel's DOM (a MutationObserver's callback, the microtask after Svelte's update; the browser
 * paints it at its next frame). Each edit changes one tool's description in another file; each
 * starts on a settled page (the frame that painted the last one is over). Medians of 21 edits after
 * 5 untimed ones, each next to its floor.
 */
export async function benchRescan(page: Page): Promise<RescanTimes> {
  await page.evaluate('globalThis.__name ??= (f) => f');
  const sources = Array.from({ length: RESCAN_FILES }, (_, i) => librarySource(i));
  return page.evaluate(async (sources) => {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
    const api = toolplayBench;
    const path = (i: number) => `tools/lib${String(i).padStart(3, '0')}.py`;
    const ws = await api.Workspace.open(api.createIdbStore('toolplay-bench-rescan'), 'rescan', { autosaveMs: 600_000 });
    ws.replaceAll(Object.fromEntries(sources.map((s, i) => [path(i), s])), { openPath: null, profile: 'lcp' });
    const client = new api.PythonClient();
    // When the playground asks for its rescan, and when the answer is back (parsed).
    const rescan = client.rescan.bind(client);
    let asked = 0;
    let answered = 0;
    client.rescan = async (params) => {
      asked = performance.now();
      const reply = await rescan(params);
      answered = performance.now();
      return reply;
    };
    const playground = new api.Playground(ws, client);
    const panel = document.createElement('div');
    document.body.append(panel);
    api.showTools(playground, panel);
    await playground.start();
    const deadline = performance.now() + 120_000;
    while (!(playground.tools.loaded && playground.tools.tools.length > 0)) {
      if (performance.now() > deadline) throw new Error(`no tools: ${playground.tools.error ?? 'still loading'}`);
      await new Promise(requestAnimationFrame);
    }
    const tools = playground.tools.tools.length;
    /** Resolves with the time the panel's DOM first shows `text` as `name`'s description. */
    const shown = (name: string, text: string) =>
      new Promise<number>((resolve) => {
        const find = () => panel.querySelector(`article[aria-label="${name}"] .desc`);
        let description = find();
        const observer = new MutationObserver(() => {
          if (!description?.isConnected) description = find(); // looked up again only if its card was made anew
          if (!description?.textContent?.includes(text)) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(panel, { subtree: true, childList: true, characterData: true });
      });
    const edit = async (k: number) => {
      const i = 20 + ((k * 37) % 160);
      const text = `Edited ${k}: action 0`;
      const seen = shown(`tool_lib${i}_action0`, text);
      const source = (sources[i] ?? '').replace(`Perform action 0 of library ${i}`, `${text} of library ${i}`);
      const t0 = performance.now();
      ws.write(path(i), source);
      const t1 = await seen;
      return { i, total: t1 - t0, asked: asked - t0, roundTrip: answered - asked, shown: t1 - answered };
    };
    const floor = async (i: number): Promise<number> => {
      const content = ws.files.get(path(i)) ?? new Uint8Array();
      const t0 = performance.now();
      const synced = client.sync([{ path: path(i), content }]); // the bytes the worker has already: nothing changes
      await client.ping();
      const ms = performance.now() - t0;
      await synced;
      return ms;
    };
    const settled = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const samples: Array<Omit<RescanTimes, 'tools' | 'whole'>> = [];
    for (let k = 0; k < 26; k++) {
      await settled();
      const { i, ...times } = await edit(k);
      await settled();
      const floorMs = await floor(i);
      if (k >= 5) samples.push({ ...times, floor: floorMs }); // the first five warm up
    }
    const request = { paths: ['/workspace/tools'], profile: 'lcp' as const, hostConfig: {}, base: null };
    const wholes: number[] = [];
    for (let k = 0; k < 7; k++) {
      const t0 = performance.now();
      const reply = await rescan(request);
      wholes.push(performance.now() - t0);
      if (!('tools' in reply) || !Array.isArray(reply.tools) || reply.tools.length !== tools)
        throw new Error('the whole rescan lost tools');
    }
    playground.dispose();
    client.dispose();
    const of = (key: keyof (typeof samples)[number]) => median(samples.map((s) => s[key]));
    return {
      tools,
      total: of('total'),
      asked: of('asked'),
      roundTrip: of('roundTrip'),
      shown: of('shown'),
      floor: of('floor'),
      whole: median(wholes),
    };
  }, sources);
}
