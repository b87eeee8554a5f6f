import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Playground } from '../../src/app/playground.svelte.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import { FakePython } from './fake-python.ts';
import type { ToolInfo } from '../../src/protocol/engine.ts';
import type { Diagnostic } from '../../src/protocol/diagnostics.ts';
import type { WorkspaceRescan } from '../../src/protocol/worker.ts';

let n = 0;
async function setup(files: Record<string, string>) {
  const workspace = await Workspace.open(createIdbStore(`ui-playground-${++n}`), 'w', {
    channel: `ui-playground-${n}`,
  });
  workspace.replaceAll(files, { openPath: Object.keys(files)[0] ?? null });
  const python = new FakePython();
  const playground = new Playground(workspace, python);
  return { workspace, python, playground };
}
// Fake setTimeout (IndexedDB keeps its real setImmediate); a settle runs every timer due soon and the
// promises after them (the workspace's autosave, the playground's rescans).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const settle = () => vi.advanceTimersByTimeAsync(50);
const writeTool: ToolInfo = {
  name: 'tool_write_note',
  file: '/workspace/tools/notes.py',
  line: 20,
  description: 'Write a note',
  title: '✍️ Saving a note',
  spec: {},
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, append: { type: 'boolean', default: false } },
    required: ['path'],
  },
};
const diag = (code: string, profiles: string[]): Diagnostic => ({
  code,
  severity: 'warning',
  file: '/workspace/tools/notes.py',
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 5,
  message: code,
  profiles,
});

describe('Playground', () => {
  it('mirrors every file into Python, then inspects the LCP tools folder with the chosen profile', async () => {
    const { python, playground } = await setup({ 'tools/notes.py': 'x = 1\n', 'README.md': '# hi' });
    // The inspection carries the lint diagnostics (one round trip per edit); a repeated one shows once.
    python.inspection = (p) => ({
      profile: p.profile,
      libraries: [],
      tools: [writeTool],
      diagnostics: [diag('hub-only', ['hub']), diag('everyone', []), diag('lcp-only', ['lcp']), diag('everyone', [])],
    });
    await playground.start();
    await settle();
    expect(python.synced[0]?.map((f) => f.path).sort()).toEqual(['README.md', 'tools/notes.py']);
    // Whole replies (no generation): every rescan asks with no base.
    expect(python.inspected.at(-1)).toEqual({
      paths: ['/workspace/tools'],
      profile: 'lcp',
      hostConfig: {},
      base: null,
    });
    expect(playground.tools.tools.map((t) => t.name)).toEqual(['tool_write_note']);
    // Markers: this profile's and general ones, each once.
    expect(playground.markers.map((d) => d.code)).toEqual(['everyone', 'lcp-only']);
    playground.profile = 'hub';
    await settle();
    expect(python.inspected.at(-1)?.profile).toBe('hub');
    expect(playground.markers.map((d) => d.code)).toEqual(['hub-only', 'everyone']);
  });

  it("the switch shows the other hosts' findings too; a profile change re-filters at once", async () => {
    const { python, playground } = await setup({ 'tools/notes.py': 'x = 1\n' });
    python.inspection = (p) => ({
      profile: p.profile,
      libraries: [],
      tools: [writeTool],
      diagnostics: [
        diag('hub-only', ['hub']),
        diag('everyone', []),
        diag('lcp-only', ['lcp']),
        diag('loki-both', ['loki', 'llm-functions']),
      ],
    });
    await playground.start();
    await settle();
    const { problems } = playground;
    expect([problems.shown.map((d) => d.code), problems.others]).toEqual([['everyone', 'lcp-only'], 2]);
    problems.showOthers = true;
    expect(playground.markers.map((d) => d.code)).toEqual(['hub-only', 'everyone', 'lcp-only', 'loki-both']);
    expect(playground.markers.filter((d) => problems.isOther(d)).map((d) => d.code)).toEqual(['hub-only', 'loki-both']);
    problems.showOthers = false;
    playground.profile = 'llm-functions';
    expect(playground.markers.map((d) => d.code)).toEqual(['everyone', 'loki-both']);
  });

  it('re-inspects after an edit and sends only the edited file', async () => {
    const { python, playground, workspace } = await setup({ 'tools/notes.py': 'x = 1\n' });
    await playground.start();
    await settle();
    const before = python.inspected.length;
    workspace.write('tools/notes.py', 'x = 2\n');
    await settle();
    expect(python.synced.at(-1)).toEqual([{ path: 'tools/notes.py', content: new TextEncoder().encode('x = 2\n') }]);
    expect(python.inspected.length).toBe(before + 1);
  });

  it('runs the selected tool with its form arguments, commits its file changes and logs its telemetry', async () => {
    const { python, playground, workspace } = await setup({ 'tools/notes.py': 'x = 1\n', 'notes/a.md': 'old\n' });
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] });
    python.run = async (params, emit) => {
      emit({
        type: 'call.started',
        callId: 'c1',
        tool: params.tool,
        args: params.args,
        statusLine: '✍️ Saving a note: "notes/a.md"\n',
        t: 1,
      });
      emit({ type: 'call.stdout', callId: 'c1', text: 'wrote\n', t: 2 });
      emit({ type: 'call.finished', callId: 'c1', result: { output: 'Saved' }, durationMs: 4, t: 3 });
      return {
        callId: 'c1',
        status: 'finished',
        result: { output: 'Saved' },
        durationMs: 4,
        changes: [
          { path: 'notes/a.md', content: new TextEncoder().encode('old\nnew\n') },
          { path: 'notes/b.md', content: new TextEncoder().encode('b\n') },
        ],
      };
    };
    await playground.start();
    await settle();
    const tool = playground.selectedTool!;
    playground.formFor(tool).set('path', 'notes/a.md');
    playground.host.setLevel('notes', 'strict');
    await playground.call();
    expect(python.calls[0]).toEqual({
      profile: 'lcp',
      paths: ['/workspace/tools'],
      tool: 'tool_write_note',
      argsJson: '{\n  "path": "notes/a.md"\n}',
      hostConfig: { notes: { autonomy_level: 'strict' } },
      network: { enabled: true, corsProxy: null },
    });
    expect(playground.run.status).toBe('finished');
    expect(playground.run.stdout).toBe('wrote\n');
    expect(playground.run.changes.map((c) => [c.path, c.change])).toEqual([
      ['notes/a.md', 'modified'],
      ['notes/b.md', 'created'],
    ]);
    expect(playground.run.changes[0]?.diff?.filter((l) => l.kind === 'added').map((l) => l.text)).toEqual(['new']);
    expect(workspace.readText('notes/b.md')).toBe('b\n');
    expect(playground.telemetry.calls[0]?.statusLine).toBe('✍️ Saving a note: "notes/a.md"\n');
    // The call's own changes are already in the worker: they are not synced back.
    await settle();
    expect(python.synced.flat().some((f) => f.path === 'notes/b.md')).toBe(false);
    // Arguments are remembered per tool in the workspace settings.
    expect(JSON.parse(workspace.settings.args.tool_write_note ?? '{}')).toEqual({ path: 'notes/a.md' });
  });

  it('a tool that reports failure ends as "Tool failed"; what it changed in Python is on the result', async () => {
    const { python, playground } = await setup({ 'tools/notes.py': 'x = 1\n' });
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] });
    const result = { output: 'no', error: 'no', success: false, status_code: 500 };
    python.run = async (_params, emit) => {
      emit({ type: 'python.changed', callId: 'c1', restored: [], kept: ['builtins.print'], restart: false, t: 1 });
      return { callId: 'c1', status: 'finished', result, durationMs: 3, changes: [] };
    };
    await playground.start();
    await settle();
    await playground.call();
    expect(playground.run.state).toEqual({ state: 'tool-failed', label: 'Tool failed', detail: 'status 500' });
    expect(playground.run.python).toEqual({ restored: [], kept: ['builtins.print'], restart: false });
  });

  it("what the checks after a call's answer find joins its report on the result; a late report of the call before is not the next call's", async () => {
    const { python, playground } = await setup({ 'tools/notes.py': 'x = 1\n' });
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] });
    const report = (callId: string, change: Partial<{ restored: string[]; kept: string[]; restart: boolean }>) => ({
      type: 'python.changed' as const,
      callId,
      restored: [],
      kept: [],
      restart: false,
      t: 1,
      ...change,
    });
    let late: (e: ReturnType<typeof report>) => void = () => {};
    python.run = async (_params, emit) => {
      emit(report('c1', { kept: ['builtins.print'] }));
      late = emit;
      return { callId: 'c1', status: 'finished', result: { success: true }, durationMs: 3, changes: [] };
    };
    await playground.start();
    await settle();
    await playground.call();
    late(report('c1', { restored: ['engine file toolplay/api.py'] }));
    await settle();
    expect(playground.run.python).toEqual({
      restored: ['engine file toolplay/api.py'],
      kept: ['builtins.print'],
      restart: false,
    });
    expect(playground.telemetry.calls[0]?.events.at(-1)).toMatchObject({
      type: 'python.changed',
      restored: ['engine file toolplay/api.py'],
    });

    python.run = async () => {
      late(report('c1', { restart: true }));
      await settle();
      return { callId: 'c2', status: 'finished', result: { success: true }, durationMs: 3, changes: [] };
    };
    await playground.call();
    expect(playground.run.python).toBeNull();
  });

  it('Stop while a confirmation popup is open stops the call and closes the popup at once', async () => {
    const { python, playground } = await setup({ 'tools/notes.py': 'x = 1\n' });
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] });
    let answered: unknown = null;
    let end: (outcome: Awaited<ReturnType<typeof python.run>>) => void = () => {};
    python.run = (params) =>
      new Promise((resolve) => {
        end = resolve;
        void python
          .onConfirm({ callId: 'c1', tool: params.tool, label: 'Run', content: 'rm -rf', raw: null })
          .then((reply) => (answered = reply));
      });
    await playground.start();
    await settle();
    const running = playground.call();
    await settle();
    expect(playground.confirm.current?.content).toBe('rm -rf');
    playground.stop();
    expect(python.stopped).toBe(1);
    expect(playground.confirm.current).toBeNull();
    await settle();
    expect(answered).toMatchObject({ decision: 'reject' });
    end({ callId: 'c1', status: 'failed', reason: 'stopped', message: 'Stopped by you.', durationMs: 5 });
    await running;
    expect(playground.run.state?.state).toBe('stopped');
  });

  it("records a call's changes for Undo; undoing puts the files back and mirrors them into Python", async () => {
    const { python, playground, workspace } = await setup({ 'tools/notes.py': 'x = 1\n', 'notes/a.md': 'old\n' });
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] });
    python.run = async () => ({
      callId: 'c9',
      status: 'finished',
      result: null,
      durationMs: 1,
      changes: [
        { path: 'notes/a.md', content: new TextEncoder().encode('new\n') },
        { path: 'notes/b.md', content: new TextEncoder().encode('b\n') },
        { path: 'tools/notes.py', content: null },
      ],
    });
    await playground.start();
    await settle();
    await playground.call();
    expect(playground.run.callId).toBe('c9');
    expect(playground.journal.impact('c9', playground.toolsFolder.toolsDir)).toBe(
      'This call deleted 1 tool source (tools/notes.py).',
    );
    python.synced.length = 0;
    playground.journal.undo('c9');
    expect(workspace.paths).toEqual(['notes/a.md', 'tools/notes.py']);
    expect(workspace.readText('notes/a.md')).toBe('old\n');
    await settle();
    expect(python.synced.flat().map((f) => [f.path, f.content === null])).toEqual([
      ['notes/a.md', false],
      ['notes/b.md', true],
      ['tools/notes.py', false],
    ]);
  });

  it('finding 2: a call that deletes every tool source empties the Tools panel (no stale tools with Run), and an upload brings tools back', async () => {
    const { python, playground, workspace } = await setup({ 'tools/notes.py': 'x = 1\n' });
    python.inspection = (p) =>
      p.paths.length && workspace.paths.some((f) => f.startsWith('tools/'))
        ? { profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] }
        : (() => {
            throw new Error('no such file or folder: /workspace/tools');
          })();
    python.run = async () => ({
      callId: 'c3',
      status: 'finished',
      result: null,
      durationMs: 1,
      changes: [{ path: 'tools/notes.py', content: null }],
    });
    await playground.start();
    await settle();
    expect(playground.tools.tools.map((t) => t.name)).toEqual(['tool_write_note']);
    await playground.call();
    await settle();
    expect(playground.tools.tools).toEqual([]);
    expect(playground.tools.error).toBeNull();
    expect(playground.selectedTool).toBeNull();
    workspace.write('tools/up.py', 'y = 2\n');
    await settle();
    expect(playground.tools.tools.map((t) => t.name)).toEqual(['tool_write_note']);
    expect(python.synced.flat().map((f) => f.path)).toContain('tools/up.py');
  });

  it('calls Loki tools with the Loki profile, the functions/tools folder and functions/.env', async () => {
    const { python, playground } = await setup({
      'functions/tools/wc.py': 'def run(): ...',
      'functions/.env': 'A=1\n',
      'config.yaml': 'visible_tools:\n  - wc.py\n',
    });
    python.inspection = (p) => ({
      profile: p.profile,
      libraries: [],
      tools: [
        {
          ...writeTool,
          name: 'wc',
          file: '/workspace/functions/tools/wc.py',
          inputSchema: { type: 'object', properties: {} },
        },
      ],
      diagnostics: [],
    });
    await playground.start();
    await settle();
    expect(playground.toolsFolder.kind).toBe('loki');
    await playground.call();
    expect(python.calls[0]).toMatchObject({
      profile: 'loki',
      paths: ['/workspace/functions/tools'],
      tool: 'wc',
      envFile: '/workspace/functions/.env',
    });
  });

  it("asks for one complete inspection of a Loki layout, with config.yaml's text, and shows Loki's verdicts or why there are none", async () => {
    const config = 'visible_tools:\n  - wc.py\n';
    const { python, playground } = await setup({ 'functions/tools/wc.py': 'def run(): ...', 'config.yaml': config });
    const view = {
      visible: ['wc.py'],
      rows: [{ entry: 'wc.py', listed: true, exists: true, verdict: 'builds' as const, says: 'Builds "wc".' }],
      startupError: null,
      builds: 1,
    };
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [], diagnostics: [], loki: view });
    await playground.start();
    await settle();
    expect(python.inspected.at(-1)).toMatchObject({
      paths: ['/workspace/functions/tools'],
      loki: { functionsDir: '/workspace/functions', configText: config },
    });
    expect(playground.loki).toEqual(view);
    python.inspection = (p) => ({
      profile: p.profile,
      libraries: [],
      tools: [],
      diagnostics: [],
      lokiError: 'config.yaml line 1: visible_tools must be a list of tool file names, got 3',
    });
    await playground.refresh();
    expect(playground.loki).toBeNull();
    expect(playground.lokiError).toMatch(/must be a list/);
  });

  it('asks for no Loki verdicts outside a Loki layout', async () => {
    const { python, playground } = await setup({ 'tools/notes.py': 'x = 1\n' });
    await playground.start();
    await settle();
    expect(python.inspected.at(-1)).not.toHaveProperty('loki');
  });

  it('arguments that are not JSON turn Run off, and a call asked for anyway (Ctrl/⌘+Enter) is refused with the same words', async () => {
    const { python, playground } = await setup({ 'tools/notes.py': '' });
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] });
    await playground.start();
    await settle();
    expect(playground.runOff).toBeNull();
    playground.formFor(playground.selectedTool!).setText('{"path": ');
    expect(playground.runOff).toMatch(/^Arguments \(JSON\) is not valid JSON: /);
    await playground.call();
    expect(python.calls).toEqual([]);
    expect(playground.run.status).toBe('idle');
    expect(playground.refusedRuns).toBe(1);
    playground.formFor(playground.selectedTool!).setText('[1]');
    expect(playground.runOff).toBe('Arguments (JSON): arguments must be a JSON object, like {"query": "…"}');
    playground.formFor(playground.selectedTool!).setText('{"path": "a.md"}');
    expect(playground.runOff).toBeNull();
  });

  it('"Always" holds for the LCP session it was answered in until reset or a restart; a reset starts a fresh session with the next call', async () => {
    const { python, playground } = await setup({ 'tools/notes.py': '' });
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] });
    let decision: 'always' | 'allow' = 'always';
    python.run = async (params, emit) => {
      emit({ type: 'confirm.answered', callId: 'c1', decision, t: 1 });
      return { callId: 'c1', status: 'finished', result: null, changes: [], durationMs: 1 };
    };
    await playground.start();
    await settle();
    playground.host.setLevel('notes', 'safe');
    const session = playground.lcpSession!;
    expect(playground.always.holds(session)).toBe(false);
    await playground.call();
    expect(playground.always.holds(session)).toBe(true);
    // Another host configuration is another session, where nothing was answered.
    playground.host.setLevel('notes', 'strict');
    expect(playground.always.holds(playground.lcpSession!)).toBe(false);
    playground.host.setLevel('notes', 'safe');
    expect(playground.lcpSession).toBe(session);
    // "Ask again": said at once, told to Python with the next call only.
    playground.always.reset(session);
    expect(playground.always.holds(session)).toBe(false);
    decision = 'allow';
    await playground.call();
    await playground.call();
    expect(python.calls.map((c) => c.fresh ?? false)).toEqual([false, true, false]);
    expect(playground.always.holds(session)).toBe(false);
    // Answered again, then Python restarts: what it remembered is gone.
    decision = 'always';
    await playground.call();
    expect(playground.always.holds(session)).toBe(true);
    python.restart();
    expect(playground.always.holds(session)).toBe(false);
  });

  it('reports a failed call and never commits changes from it', async () => {
    const { python, playground } = await setup({ 'tools/notes.py': '' });
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] });
    python.run = async () => ({
      callId: 'c2',
      status: 'failed',
      reason: 'stopped',
      message: 'Stopped by you.',
      durationMs: 250,
    });
    await playground.start();
    await settle();
    await playground.call();
    expect([playground.run.status, playground.run.reason, playground.run.message]).toEqual([
      'failed',
      'stopped',
      'Stopped by you.',
    ]);
  });

  it('rescans at once after an edit; edits made while a rescan runs make one more, which covers them all', async () => {
    const { python, playground, workspace } = await setup({ 'tools/notes.py': 'x = 1\n' });
    await playground.start();
    await settle();
    let release = (): void => {};
    const answer = python.rescanned;
    python.rescanned = (p) => new Promise((resolve) => (release = () => resolve(answer(p))));
    const before = python.inspected.length;
    workspace.write('tools/notes.py', 'x = 2\n');
    await settle();
    expect(python.inspected.length).toBe(before + 1); // no quiet time waited for
    for (const x of [3, 4, 5]) workspace.write('tools/notes.py', `x = ${x}\n`);
    await settle();
    expect(python.inspected.length).toBe(before + 1); // waiting for the one in flight
    release();
    await settle();
    expect(python.inspected.length).toBe(before + 2);
    release();
    await settle();
    expect(python.inspected.length).toBe(before + 2);
    expect(python.synced.at(-1)).toEqual([{ path: 'tools/notes.py', content: new TextEncoder().encode('x = 5\n') }]);
  });

  it('patches what it shows by generation, and asks for the whole when a patch is of another generation', async () => {
    const { python, playground, workspace } = await setup({ 'tools/notes.py': 'x = 1\n' });
    const other = { ...writeTool, name: 'tool_other', file: '/workspace/tools/other.py' };
    const answers: WorkspaceRescan[] = [
      { profile: 'lcp', libraries: [], tools: [writeTool, other], diagnostics: [], generation: 4 },
      {
        profile: 'lcp',
        base: 4,
        generation: 5,
        libraries: { changed: [] },
        tools: { changed: [['/workspace/tools/notes.py', [{ ...writeTool, line: 30 }]]] },
        diagnostics: { changed: [] },
      },
      {
        profile: 'lcp',
        base: 9,
        generation: 10,
        libraries: { changed: [] },
        tools: { changed: [] },
        diagnostics: { changed: [] },
      },
      { profile: 'lcp', libraries: [], tools: [writeTool], diagnostics: [], generation: 11 },
    ];
    python.rescanned = () => answers.shift()!;
    await playground.start();
    await settle();
    const shown = playground.tools.tools[1];
    workspace.write('tools/notes.py', 'x = 2\n');
    await settle();
    expect(python.inspected.map((p) => p.base)).toEqual([null, 4]);
    expect(playground.tools.tools.map((t) => t.line)).toEqual([30, 20]);
    expect(playground.tools.tools[1]).toBe(shown);
    workspace.write('tools/notes.py', 'x = 3\n');
    await settle();
    expect(python.inspected.map((p) => p.base)).toEqual([null, 4, 5, null]);
    expect(playground.tools.tools.map((t) => t.name)).toEqual(['tool_write_note']);
  });

  it("asks for the rescan together with the edit's sync, not after its answer", async () => {
    const { python, playground, workspace } = await setup({ 'tools/notes.py': 'x = 1\n' });
    await playground.start();
    await settle();
    const sync = python.sync.bind(python);
    let answer = (): void => {};
    python.sync = (files) => new Promise<void>((resolve) => (answer = () => void sync(files).then(resolve)));
    const before = python.inspected.length;
    workspace.write('tools/notes.py', 'x = 2\n');
    expect(python.inspected.length).toBe(before + 1); // in the same turn as the write
    answer();
    await settle();
    expect(python.synced.at(-1)?.map((f) => f.path)).toEqual(['tools/notes.py']);
  });

  it('names the selected tool as selectedTool does: the chosen one while it is listed, else the first', async () => {
    const { python, playground } = await setup({ 'tools/notes.py': 'x = 1\n' });
    const other = { ...writeTool, name: 'tool_other' };
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool, other], diagnostics: [] });
    await playground.start();
    await settle();
    expect([playground.selectedName, playground.selectedTool?.name]).toEqual(['tool_write_note', 'tool_write_note']);
    playground.selectedTool = playground.tools.find('tool_other') ?? null;
    expect([playground.selectedName, playground.selectedTool?.name]).toEqual(['tool_other', 'tool_other']);
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] });
    await playground.refresh();
    expect([playground.selectedName, playground.selectedTool?.name]).toEqual(['tool_write_note', 'tool_write_note']);
  });

  it('while Python loads, a tools folder with no file yet is not said to have no tools: the tools come once it is ready', async () => {
    const { python, playground, workspace } = await setup({ 'README.md': '# hi\n' });
    let ready = (): void => {};
    const loading = new Promise<void>((resolve) => (ready = resolve));
    const sync = python.sync.bind(python);
    python.sync = async (files) => {
      await loading; // a request waits for Python as PythonClient's do
      return sync(files);
    };
    python.inspection = (p) => ({ profile: p.profile, libraries: [], tools: [writeTool], diagnostics: [] });
    void playground.start();
    await settle();
    expect(playground.tools.loaded).toBe(false);
    workspace.write('tools/notes.py', 'x = 1\n');
    await settle();
    expect(playground.tools.loaded).toBe(false);
    ready();
    await settle();
    expect(playground.tools.tools.map((t) => t.name)).toEqual(['tool_write_note']);
  });
});
