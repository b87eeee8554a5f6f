// The gallery and the schema diff view, with the real engine (Node adapter)
// and fake-indexeddb: search, opening an example with its set-up, diffing a kept version.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { encodeFiles } from '../../src/course/run-check.ts';
import { createIdbVersionStore, readSavedVersion } from '../../src/diff/versions.ts';
import { EXAMPLES } from '../../src/examples/index.ts';
import { GalleryState } from '../../src/app/state/gallery.svelte.ts';
import { SchemaDiffState } from '../../src/app/state/schema-diff.svelte.ts';
import type { Profile } from '../../src/protocol/engine.ts';
import type { OpenRequest } from '../../src/app/open-workspace.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

describe('GalleryState', () => {
  it('search keeps the cards whose text has every word', () => {
    const g = new GalleryState(EXAMPLES, host, async () => true);
    g.query = 'sqlite';
    expect(g.shown.map((e) => e.id)).toEqual(['lcp-database-ops']);
    g.query = 'loki  BASH';
    expect(g.shown.map((e) => e.id)).toEqual(['loki-tools', 'loki-demo']);
    g.query = 'nothing-like-this';
    expect(g.shown).toEqual([]);
  });

  it('opens an example with its set-up done and its first call pre-filled', async () => {
    const opened: OpenRequest[] = [];
    const g = new GalleryState(EXAMPLES, host, async (r) => (opened.push(r), true));
    await g.open(EXAMPLES.find((e) => e.id === 'lcp-database-ops')!);
    expect(opened[0]?.files['shop.db']).toBeInstanceOf(Uint8Array);
    expect(opened[0]).toMatchObject({
      title: 'Example: database_ops.py (the LCP guide)',
      openPath: 'tools/database_ops.py',
      args: { tool_execute_query: expect.stringContaining('"database_name": "shop.db"') },
    });
    expect(g.opening).toBeNull();
  });

  it('a failed set-up is one sentence, and nothing is opened', async () => {
    const opened: OpenRequest[] = [];
    const broken = {
      ...host,
      writeScratch: async () => Promise.reject(new Error('Python is not loaded yet')),
    } as unknown as NodeScratchHost;
    const g = new GalleryState(EXAMPLES, broken, async (r) => (opened.push(r), true));
    await g.open(EXAMPLES.find((e) => e.id === 'lcp-database-ops')!);
    expect(g.error).toBe('Could not open "database_ops.py (the LCP guide)": Python is not loaded yet');
    expect(opened).toEqual([]);
  });
});

const V1 =
  'def tool_search(query: str, limit: int = 5) -> dict:\n    """Search.\n\n    Args:\n        query: words\n        limit: how many\n    """\n';

describe('SchemaDiffState', () => {
  function setup(files: Record<string, string>, versions = createIdbVersionStore(`v-${Math.random()}`)) {
    const workspace = { id: 'ws1', files: encodeFiles(files), settings: { profile: 'lcp' as Profile } };
    return { workspace, versions, diff: new SchemaDiffState({ host, workspace, versions, now: () => 1_000 }) };
  }

  it('compares the files as opened with an edit, then with a kept version (kept across a reload)', async () => {
    const { workspace, versions, diff } = setup({ 'tools/search.py': V1 });
    await diff.load();
    expect(diff.kept).toBeNull();
    workspace.files = encodeFiles({ 'tools/search.py': V1.replace('query: str, limit: int = 5', 'query: str') });
    await diff.compare();
    expect(diff.result?.diff).toMatchObject({
      breaking: 1,
      changes: [{ kind: 'param-removed', param: 'limit', breaking: true }],
    });

    await diff.keep();
    await diff.compare();
    expect(diff.result?.diff.changes).toEqual([]);
    const reloaded = setup({ 'tools/search.py': V1 }, versions).diff;
    await reloaded.load();
    expect(reloaded.kept?.savedAt).toBe(1_000);
    expect([...(reloaded.kept?.files.keys() ?? [])]).toEqual(['tools/search.py']);
  });

  it('a Loki layout with a Bash tool, under the loki profile', async () => {
    const sh = (opt: string) => `# @describe Count.\n# @option ${opt} The file\n`;
    const { workspace, diff } = setup({ 'functions/tools/count.sh': sh('--path') });
    workspace.files = encodeFiles({ 'functions/tools/count.sh': sh('--path!') });
    diff.profile = 'loki';
    await diff.compare();
    expect(diff.result).toMatchObject({
      profile: 'loki',
      diff: {
        breaking: 1,
        changes: [{ tool: 'count', kind: 'param-required', message: 'parameter `path`: now required' }],
      },
    });
  });

  it('compares with another workspace of the list, or with the link this one came from', async () => {
    const versions = createIdbVersionStore(`v-${Math.random()}`);
    const older = encodeFiles({
      'tools/search.py': V1.replace('query: str, limit: int = 5', 'query: str, limit: int = 5, lang: str'),
    });
    const workspace = {
      id: 'ws1',
      files: encodeFiles({ 'tools/search.py': V1 }),
      settings: { profile: 'lcp' as Profile },
    };
    const others = [
      { id: 'ws1', name: 'This one' },
      { id: 'ws2', name: 'Older copy' },
    ];
    const read: string[] = [];
    const diff = new SchemaDiffState({
      host,
      workspace,
      versions,
      now: () => 1_000,
      others: () => others,
      filesOf: async (id) => (read.push(id), older),
    });
    await diff.load();
    // The list minus this workspace; no link, so no link source.
    expect(diff.others).toEqual([{ id: 'ws2', name: 'Older copy' }]);
    expect(diff.link).toBeNull();
    diff.source = 'workspace:ws2';
    await diff.compare();
    expect(read).toEqual(['ws2']);
    expect(diff.result?.diff.breaking).toBe(1);
    expect(diff.result?.diff.changes[0]).toMatchObject({ kind: 'param-removed', param: 'lang', breaking: true });

    // A workspace opened from a link: what the link brought is its own baseline.
    await versions.save('ws1', { savedAt: 5, files: older }, 'link');
    const linked = new SchemaDiffState({ host, workspace, versions, now: () => 1_000 });
    await linked.load();
    expect(linked.link?.savedAt).toBe(5);
    expect(linked.kept).toBeNull();
    linked.source = 'link';
    await linked.compare();
    expect(linked.result?.diff.changes[0]).toMatchObject({ kind: 'param-removed', param: 'lang', breaking: true });
    // A workspace that left the list meanwhile is said, not compared.
    diff.source = 'workspace:gone';
    await diff.compare();
    expect(diff.error).toBe('The comparison failed: that workspace is no longer in the list');
  });

  it('reads damaged kept versions as none', () => {
    expect(readSavedVersion({ savedAt: 1, files: [['a', 'not bytes']] })).toBeNull();
    expect(readSavedVersion(42)).toBeNull();
  });
});
