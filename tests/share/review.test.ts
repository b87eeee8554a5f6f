// Opening a link or file: a new workspace in review mode (nothing runs until "Trust"; "Trust and run" runs the shared call),
// the open workspace untouched; a refused link changes nothing at all.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { encodeFile, encodeLink } from '../../src/share/codec.ts';
import type { SharedWorkspace } from '../../src/share/payload.ts';
import { REVIEW_REASON } from '../../src/app/session-core.svelte.ts';
import type { ToolInfo } from '../../src/protocol/engine.ts';
import { createIdbStore } from '../../src/workspace/store.ts';
import { createListStore } from '../../src/workspace/list-store.ts';
import { createIdbVersionStore } from '../../src/diff/versions.ts';
import { openTab } from '../workspace/session-support.ts';
import { FakePython } from '../ui/fake-python.ts';
import type { PythonVersion } from '../../src/protocol/pythons.ts';
import { AgentState } from '../../src/app/state/agent.svelte.ts';
import { BASE } from './refusals.ts';

let n = 0;
const enc = new TextEncoder();
const TOOL: ToolInfo = {
  name: 'tool_write_note',
  file: '/workspace/tools/notes.py',
  line: 1,
  description: '',
  title: null,
  spec: {},
  inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
};

const SHARED: SharedWorkspace = {
  name: 'Bug #42',
  files: new Map([
    ['tools/notes.py', enc.encode('def tool_write_note(path: str) -> dict:\n    """W."""\n    return {}\n')],
    ['data/x.bin', Uint8Array.of(1, 2)],
  ]),
  folders: ['notes'],
  profile: 'hub',
  open: 'tools/notes.py',
  call: { tool: 'tool_write_note', argsText: '{"path": "a.md", "n": 2.0}' },
  host: { notes: { autonomy_level: 'strict' } },
  telemetry: [
    { type: 'call.started', callId: 'sender-1', tool: 'tool_write_note', args: {}, statusLine: 'Saving\n', t: 1 },
    { type: 'call.finished', callId: 'sender-1', result: { ok: true }, durationMs: 2, t: 3 },
  ],
};

function python(): FakePython {
  const p = new FakePython();
  p.inspection = (q) => ({
    profile: q.profile,
    libraries: [],
    tools: [{ ...TOOL, name: 'tool_other' }, TOOL],
    diagnostics: [],
  });
  return p;
}

async function withMine() {
  const db = `review-${++n}`;
  const tab = await openTab(db, python(), { now: () => new Date(2025, 4, 1, 14, 5) });
  tab.session.workspace.write('mine.py', 'x = 1\n');
  await tab.session.workspace.flush();
  return { db, ...tab };
}

describe('opening a shared workspace', () => {
  it('creates a new workspace in review mode with everything shared; the open one is untouched', async () => {
    const { db, session, python } = await withMine();
    expect(await session.openShared(encodeLink(SHARED, BASE).link)).toBe(true);
    expect(session.catalog.entries.map((e) => [e.name, e.review])).toEqual([
      ['My workspace', null],
      ['Bug #42', 'pending'],
    ]);
    expect(session.reviewing).toBe(true);
    const ws = session.workspace;
    expect(ws.paths).toEqual(['data/x.bin', 'tools/notes.py']);
    expect(ws.folders).toContain('notes');
    expect(ws.settings).toMatchObject({
      profile: 'hub',
      openPath: 'tools/notes.py',
      tool: 'tool_write_note',
      hostConfig: { notes: { autonomy_level: 'strict' } },
      args: { tool_write_note: '{"path": "a.md", "n": 2.0}' },
    });
    // The sender's telemetry, marked as theirs.
    expect(session.playground.telemetry.calls.map((c) => [c.callId, c.recorded])).toEqual([['sender-1', true]]);
    // The workspace that was open is as it was.
    expect([...(await createIdbStore(db).load('default')).files.keys()].sort()).toEqual([
      'mine.py',
      'tools/example.py',
    ]);

    // Static work goes on; nothing runs: the playground refuses to call, and says why.
    await session.playground.refresh();
    expect(session.playground.selectedTool?.name).toBe('tool_write_note');
    expect(session.playground.formFor(session.playground.selectedTool!).text).toBe('{"path": "a.md", "n": 2.0}');
    expect(session.playground.callBlocked).toBe(REVIEW_REASON);
    expect(session.playground.refusedRuns).toBe(0);
    await session.playground.call();
    expect(python.calls).toEqual([]);
    expect(session.playground.run.status).toBe('idle');
    // Each refused run (Ctrl/⌘+Enter while Run is off) is counted, so the page says why each time.
    expect(session.playground.refusedRuns).toBe(1);

    // Trust: Run is on, and nothing ran yet (the sender's tool runs when the person presses Run).
    await session.trust();
    expect(session.playground.callBlocked).toBeNull();
    expect(session.current?.review).toBe('trusted');
    await session.playground.refresh();
    expect(python.calls).toEqual([]);
    await session.keep();
    expect(session.current?.review).toBeNull();
    // The link's name stays the workspace's name through Trust and Keep.
    expect(session.name).toBe('Bug #42');
    session.dispose();
  });

  it('Trust and run: trusts, then runs the shared call once', async () => {
    const { session, python } = await withMine();
    await session.openShared(encodeLink(SHARED, BASE).link);
    await session.trustAndRun();
    expect(python.calls.map((c) => c.tool)).toEqual(['tool_write_note']);
    expect(session.current?.review).toBe('trusted');
    session.dispose();
  });

  it('a file opens the same way; without a name it is "Shared <date>"; Discard goes back and can be undone', async () => {
    const { session } = await withMine();
    await session.openShared(enc.encode(encodeFile({ ...SHARED, name: null })));
    expect(session.current?.name).toBe('Shared 2025-05-01 14:05');
    await session.discard();
    expect(session.currentId).toBe('default');
    expect(session.catalog.entries.map((e) => e.name)).toEqual(['My workspace']);
    expect(session.undoable).toBe('Shared 2025-05-01 14:05');
    session.dispose();
  });

  it('review mode holds across a reload until trusted', async () => {
    const { db, session } = await withMine();
    await session.openShared(encodeLink(SHARED, BASE).link);
    const shared = session.currentId;
    session.dispose();
    const again = await openTab(db, python(), { tabStore: { getItem: () => shared, setItem: () => {} } });
    expect(again.session.currentId).toBe(shared);
    expect(again.session.playground.callBlocked).toBe(REVIEW_REASON);
    again.session.dispose();
  });

  it('a link in the address bar is taken out of it before it opens', async () => {
    const { session } = await withMine();
    const replaced: string[] = [];
    const link = encodeLink(SHARED, BASE).link;
    await session.openFromAddress(
      { hash: link.slice(link.indexOf('#')), pathname: '/app/', search: '?x=1' },
      { replaceState: (_s, _t, url) => void replaced.push(String(url)) },
    );
    expect(replaced).toEqual(['/app/?x=1']);
    expect(session.current?.name).toBe('Bug #42');
    session.dispose();
  });

  it('the agent loop obeys review mode too: Send says why, and no call of its reaches Python', async () => {
    const { session, python } = await withMine();
    python.schema = async () => [
      {
        type: 'function',
        function: { name: 'tool_write_note', description: '', parameters: { type: 'object', properties: {} } },
      },
    ];
    await session.openShared(encodeLink(SHARED, BASE).link);
    await session.playground.refresh();
    const agent = new AgentState(session.playground, null);
    agent.script = JSON.stringify([{ call: 'tool_write_note', args: { path: 'x.md' } }, { say: 'done' }]);
    expect(agent.blocked).toBe(REVIEW_REASON);
    await agent.send('write it');
    expect(agent.end).toBeNull();
    // The page's one call path refuses by itself, whoever asks.
    expect(await session.playground.runTool('tool_write_note', '{"path": "x.md"}')).toMatchObject({
      status: 'failed',
      reason: 'error',
      message: `Run is off: ${REVIEW_REASON}`,
    });
    expect(python.calls).toEqual([]);
    await session.trust();
    python.calls.length = 0;
    expect(agent.blocked).toBeNull();
    await agent.send('write it');
    expect(agent.end).toMatchObject({ kind: 'final' });
    expect(python.calls.map((c) => c.tool)).toEqual(['tool_write_note']);
    session.dispose();
  });

  it('while a tool of the agent runs, the workspace cannot be left; once left, the old playground runs nothing', async () => {
    const { session, python } = await withMine();
    await session.playground.refresh();
    let finish = (): void => {};
    python.run = (params) =>
      new Promise(
        (ok) =>
          (finish = () =>
            ok({
              callId: `c-${params.tool}`,
              status: 'finished',
              result: { success: true },
              changes: [],
              durationMs: 1,
            })),
      );
    const first = session.playground;
    const running = first.runTool('tool_ex', '{}');
    expect(first.calling).toBe(true);
    expect(await session.create('Other')).toBe(false);
    expect(session.notice?.message).toMatch(/A tool is running here/);
    finish();
    await running;
    expect(first.calling).toBe(false);
    expect(await session.create('Other')).toBe(true);
    expect(await first.runTool('tool_ex', '{}')).toMatchObject({
      status: 'failed',
      message: 'Run is off: this workspace is no longer open in this tab.',
    });
    expect(python.calls).toHaveLength(1);
    session.dispose();
  });

  it('keeps what the link brought, for the schema diff\'s "the link it was opened from"', async () => {
    const versions = createIdbVersionStore(`review-versions-${++n}`);
    const { session } = await openTab(`review-${++n}`, python(), { versions });
    await session.openShared(encodeLink(SHARED, BASE).link);
    session.workspace.write('tools/notes.py', 'edited\n');
    const link = await versions.load(session.currentId, 'link');
    expect([...(link?.files.keys() ?? [])].sort()).toEqual(['data/x.bin', 'tools/notes.py']);
    expect(link?.files.get('tools/notes.py')).toEqual(SHARED.files.get('tools/notes.py'));
    expect(await versions.load(session.currentId)).toBeNull();
    session.dispose();
  });

  it('a browser that cannot store the new workspace (a full quota) says so once and changes nothing', async () => {
    const db = `review-${++n}`;
    const list = createListStore(db);
    const full = {
      ...list,
      create: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
    };
    const { session } = await openTab(db, python(), { list: full });
    expect(await session.openShared(encodeLink(SHARED, BASE).link)).toBe(false);
    expect(session.notice).toEqual({
      title: 'The shared workspace was not opened',
      message: 'it could not be stored in this browser: The quota has been exceeded. Every workspace is as it was.',
    });
    expect(session.catalog.entries.map((e) => e.name)).toEqual(['My workspace']);
    expect(session.currentId).toBe('default');
    session.dispose();
  });

  it('a corrupt link is one notice and changes nothing', async () => {
    const { db, session } = await withMine();
    const before = await createIdbStore(db).list();
    const link = encodeLink(SHARED, BASE).link;
    expect(await session.openShared(link.slice(0, -10))).toBe(false);
    expect(session.notice).toEqual({
      title: 'The shared workspace was not opened',
      message: 'the link is cut off: it ends in the middle of the data. Every workspace is as it was.',
    });
    expect(session.catalog.entries.map((e) => e.name)).toEqual(['My workspace']);
    expect(session.currentId).toBe('default');
    expect(await createIdbStore(db).list()).toEqual(before);
    session.dispose();
  });

  it("a link that opens clears an earlier link's refusal", async () => {
    const { session } = await withMine();
    const link = encodeLink(SHARED, BASE).link;
    expect(await session.openShared(link.slice(0, -10))).toBe(false);
    expect(session.notice?.title).toBe('The shared workspace was not opened');
    expect(await session.openShared(link)).toBe(true);
    expect(session.notice).toBeNull();
    session.dispose();
  });
});

/** A Python that records every package source the page hands it. */
class SourcesPython extends FakePython {
  mirrors: (string | null)[] = [];
  indexes: (string[] | undefined)[] = [];
  setPackageMirror(mirror: string | null): void {
    this.mirrors.push(mirror);
  }
  setIndexUrls(urls: string[] | undefined): void {
    this.indexes.push(urls);
  }
  pythons: string[] = [];
  setPython(python: PythonVersion): void {
    this.pythons.push(python);
  }
}

describe("a link's sources", () => {
  const HOSTILE = {
    mirror: 'http://127.0.0.1:9001/pyodide/',
    indexUrl: 'http://127.0.0.1:9002/simple',
    network: true,
    corsProxy: 'http://127.0.0.1:9003/',
  };
  const hostile = encodeLink({ ...SHARED, packages: HOSTILE }, 'https://sender.example/play/').link;
  const open = async () => {
    const p = new SourcesPython();
    p.inspection = python().inspection;
    const tab = await openTab(`review-${++n}`, p);
    await tab.session.openShared(hostile);
    return { ...tab, python: p };
  };

  it('are listed, not applied, in review mode: Python is never handed the mirror or the index', async () => {
    const { session, python } = await open();
    expect(session.linkSources).toMatchObject({
      from: 'the link from https://sender.example',
      offers: [
        { key: 'mirror', host: '127.0.0.1:9001' },
        { key: 'indexUrl', host: '127.0.0.1:9002' },
        { key: 'corsProxy', host: '127.0.0.1:9003' },
        { key: 'network', value: 'on' },
      ],
    });
    expect(session.playground.packages.settings).toEqual({
      mirror: null,
      indexUrl: null,
      network: false,
      corsProxy: null,
    });
    expect(python.mirrors.filter((m) => m !== null)).toEqual([]);
    expect(python.indexes.filter((i) => i !== undefined)).toEqual([]);
    session.dispose();
  });

  it('a plain Trust keeps ones own: no mirror, no index, no proxy, the network off for the call', async () => {
    const { session, python } = await open();
    await session.trustAndRun();
    expect(python.calls.map((c) => [c.tool, c.network])).toEqual([
      ['tool_write_note', { enabled: false, corsProxy: null }],
    ]);
    expect(python.mirrors.filter((m) => m !== null)).toEqual([]);
    expect(python.indexes.filter((i) => i !== undefined)).toEqual([]);
    expect(session.linkSources).toBeNull();
    expect(session.workspace.settings.linkSources).toBeUndefined();
    session.dispose();
  });

  it('Trust applies exactly the ticked ones, each shown as set by the link; editing one makes it ones own', async () => {
    const { session, python } = await open();
    await session.trustAndRun(['corsProxy', 'network', 'mirror']);
    const from = 'the link from https://sender.example';
    expect(session.playground.packages.settings).toEqual({
      mirror: HOSTILE.mirror,
      indexUrl: null,
      network: true,
      corsProxy: HOSTILE.corsProxy,
      setBy: { corsProxy: from, network: from, mirror: from },
    });
    expect(python.mirrors.at(-1)).toBe(HOSTILE.mirror);
    expect(python.indexes.filter((i) => i !== undefined)).toEqual([]);
    expect(python.calls.map((c) => c.network)).toEqual([{ enabled: true, corsProxy: HOSTILE.corsProxy }]);
    session.playground.packages.settings = { corsProxy: null };
    expect(session.playground.packages.settings.setBy).toEqual({ network: from, mirror: from });
    session.dispose();
  });

  it('a Python version is listed and applied only when ticked; one the browser cannot run says so and runs 3.14', async () => {
    const asking = (python: string) =>
      encodeLink({ ...SHARED, packages: { ...HOSTILE, python } }, 'https://sender.example/play/').link;
    const p = new SourcesPython();
    const { session } = await openTab(`review-${++n}`, p);
    await session.openShared(asking('3.13'));
    expect(session.linkSources?.offers.find((o) => o.key === 'python')).toMatchObject({ value: '3.13' });
    expect(p.pythons.filter((v) => v !== '3.14')).toEqual([]);
    await session.trust(['python']);
    expect(p.pythons.at(-1)).toBe('3.13');
    expect(session.playground.packages.python).toEqual({ python: '3.13', note: null });

    await session.openShared(asking('3.12'));
    await session.trust(['python']);
    expect(p.pythons.at(-1)).toBe('3.14');
    expect(session.playground.packages.python.note).toBe(
      'Python 3.12 runs in the CLI only (toolplay --python 3.12); this workspace runs 3.14.',
    );
    session.dispose();
  });

  it('a .toolplay.json names its file as where its sources came from', async () => {
    const { session } = await withMine();
    await session.openShared(enc.encode(encodeFile({ ...SHARED, packages: HOSTILE })), 'bug-42.toolplay.json');
    expect(session.linkSources?.from).toBe('the file bug-42.toolplay.json');
    await session.trust(['indexUrl']);
    expect(session.playground.packages.settings).toMatchObject({
      indexUrl: HOSTILE.indexUrl,
      mirror: null,
      setBy: { indexUrl: 'the file bug-42.toolplay.json' },
    });
    session.dispose();
  });
});
