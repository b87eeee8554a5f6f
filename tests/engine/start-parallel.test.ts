// The browser worker's start (src/engine/snapshot.browser.ts + start.ts): the snapshot is requested
// and loadPyodide() asked for Python at once, so the runtime's own downloads run beside the
// snapshot's (loadPyodide waits for it only right before it makes the heap); a request that fails
// (an HTTP error, no network) ends in the plain start, which says why.
import { packSnapshot } from '../../src/engine/snapshot-pack.ts';
import { loadPyodide, version } from 'pyodide';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSnapshot } from '../../src/engine/snapshot.browser.ts';
import { startPython } from '../../src/engine/start.ts';
import { readEngineSources } from '../../src/engine/sources.node.ts';

vi.mock('virtual:toolplay-engine-bundle', () => ({
  default: null,
  snapshot: { url: '/assets/engine.snapshot', pyodide: '314.0.7' },
}));
afterEach(() => {
  vi.unstubAllGlobals();
});

const quiet = { stdout: () => {}, stderr: () => {} };
const files = Promise.resolve({ sources: readEngineSources(), bytecode: {} });
const pong = (py: Awaited<ReturnType<typeof startPython>>['py']): unknown =>
  py.runPython('import toolplay.api, json; json.loads(toolplay.api.dispatch("ping", "{}"))["ok"]["profiles"][0]');

describe("the worker's start and the snapshot download", () => {
  it(
    "asks loadPyodide() for Python before the snapshot's response has even begun, handing it the download",
    { timeout: 120_000 },
    async () => {
      let respond: (response: Response) => void = () => {};
      const fetch = vi.fn(() => new Promise<Response>((ok) => (respond = ok)));
      vi.stubGlobal('fetch', fetch);
      const asked: object[] = [];
      const load = async (extra: object) => {
        asked.push(extra);
        if (!('_loadSnapshot' in extra)) return loadPyodide({ ...quiet, ...extra });
        await (extra as { _loadSnapshot: Promise<Uint8Array> })._loadSnapshot; // as loadPyodide() waits for it
        throw new Error('not a Pyodide snapshot (magic number)');
      };
      const started = startPython(load, fetchSnapshot(version), files);
      await expect.poll(() => asked.length).toBe(1);
      expect(fetch).toHaveBeenCalledWith('/assets/engine.snapshot');
      respond(new Response(packSnapshot(new Uint8Array(64)) as Uint8Array<ArrayBuffer>)); // as the build ships it (snapshot-pack.ts)
      const { py, start } = await started;
      expect(start).toMatchObject({
        path: 'plain',
        reason: 'the snapshot did not restore: not a Pyodide snapshot (magic number)',
      });
      expect(pong(py)).toBe('lcp');
    },
  );

  it("a request that fails ends in the plain start, with the request's own reason", { timeout: 120_000 }, async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('gone', { status: 404, statusText: 'Not Found' })));
    const { py, start } = await startPython(
      (extra) => loadPyodide({ ...quiet, ...extra }),
      fetchSnapshot(version),
      files,
    );
    expect(start).toMatchObject({ path: 'plain', reason: 'the snapshot did not load (404 Not Found)' });
    expect(pong(py)).toBe('lcp');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const source = fetchSnapshot(version);
    await expect('bytes' in source ? source.bytes : null).rejects.toThrow(
      'the snapshot did not load (Failed to fetch)',
    );
  });

  it('a snapshot of another Pyodide is not requested at all', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(fetchSnapshot('314.0.8')).toEqual({ missing: "the snapshot is Pyodide 314.0.7's, this is 314.0.8" });
    expect(fetch).not.toHaveBeenCalled();
  });
});
