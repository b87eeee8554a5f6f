// The Tests view's state with the real engine (Node's scratch host): a file's tests run, each on
// its own copy; a broken tool fails with its difference; Re-run failed; review mode runs nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { encodeFiles } from '../../src/course/run-check.ts';
import { ToolTestsState } from '../../src/app/state/tool-tests.svelte.ts';
import { savedCallOf, TestDraft } from '../../src/app/state/test-draft.svelte.ts';
import { CallRun } from '../../src/app/state/run.svelte.ts';
import { findExample } from '../../src/examples/index.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

const tool = (body: string) =>
  `def tool_double(n: int) -> int:\n    """Double it.\n\n    Args:\n        n: a number\n    """\n    return ${body}\n`;
const TESTS = JSON.stringify({
  toolplayTests: 1,
  tests: [
    {
      name: 'doubles 2',
      tool: 'tool_double',
      args: { n: 2 },
      expect: { result: { paths: [{ path: '$.output', equals: 4 }] } },
    },
    {
      name: 'doubles 5',
      tool: 'tool_double',
      args: { n: 5 },
      expect: { result: { paths: [{ path: '$.output', equals: 10 }] } },
    },
  ],
});

function setup(blocked: string | null = null) {
  const workspace = {
    id: 'ws',
    files: encodeFiles({
      'tools/maths.py': tool('n * 2'),
      'tests/maths.toolplay-test.json': TESTS,
      'tests/bad.toolplay-test.json': '{"toolplayTests": 1}',
    }),
    blocked,
  };
  return { workspace, tests: new ToolTestsState({ host, workspace }) };
}

describe('ToolTestsState', () => {
  it('fails a test that names another Python than the workspace runs, without running it on this one', async () => {
    const named = JSON.parse(TESTS) as { tests: Array<Record<string, unknown>> };
    named.tests[0]!.python = '3.13';
    const workspace = {
      id: 'ws',
      files: encodeFiles({ 'tools/maths.py': tool('n * 2'), 'tests/maths.toolplay-test.json': JSON.stringify(named) }),
      blocked: null,
    };
    let calls = 0;
    const counting = new Proxy(host, {
      get: (target, key) => {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'scratchCall') calls++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const tests = new ToolTestsState({ host: counting, workspace, python: () => '3.14' });
    await tests.runAll();
    expect(tests.summary).toBe('1 passed, 1 failed');
    const other = tests.result(tests.cases[0]!.id)!;
    expect(other.passed).toBe(false);
    expect(other.verdicts).toEqual([
      {
        ok: false,
        text: 'runs on Python 3.13',
        detail:
          "not run: the test runs on Python 3.13, and this run's Python is 3.14 (toolplay test --python 3.13, or the workspace's Python in the Tools panel)",
      },
    ]);
    expect(calls).toBe(1); // only the test that names no Python ran
  }, 120_000);

  it('lists the files (a malformed one with its line), runs all, fails a broken tool with its diff, re-runs the failed ones', async () => {
    const { workspace, tests } = setup();
    expect(tests.files.map((f) => [f.path, f.problem ?? null])).toEqual([
      ['tests/bad.toolplay-test.json', 'tests/bad.toolplay-test.json: tests: is missing'],
      ['tests/maths.toolplay-test.json', null],
    ]);
    expect(tests.cases.map((c) => `${c.test.name} (${c.profile})`)).toEqual(['doubles 2 (lcp)', 'doubles 5 (lcp)']);
    await tests.runAll();
    expect(tests.error).toBeNull();
    expect(tests.summary).toBe('2 passed, 0 failed');

    workspace.files = new Map(workspace.files).set('tools/maths.py', new TextEncoder().encode(tool('n + 2')));
    const fresh = new ToolTestsState({ host, workspace });
    await fresh.runAll();
    expect(fresh.summary).toBe('1 passed, 1 failed');
    // n + 2 still doubles 2: only the other test fails.
    expect(fresh.result(fresh.cases[0]!.id)?.passed).toBe(true);
    const failed = fresh.result(fresh.cases[1]!.id)!;
    expect(failed.passed).toBe(false);
    expect(failed.verdicts.filter((v) => !v.ok)).toEqual([
      { ok: false, text: 'result $.output equals 10', detail: 'it is 7' },
    ]);
    expect(fresh.failedCount).toBe(1);

    workspace.files = new Map(workspace.files).set('tools/maths.py', new TextEncoder().encode(tool('n * 2')));
    await fresh.rerunFailed();
    expect(fresh.summary).toBe('1 passed, 0 failed');
    expect(fresh.failedCount).toBe(0);
  }, 120_000);

  it('names files by their workspace paths, as a Run shows them: a test saved from a Run passes in the copy', async () => {
    const where =
      'import os\n\n\ndef tool_where() -> str:\n    """Where am I."""\n    print(__file__)\n    return os.getcwd()\n';
    const workspace = {
      id: 'paths',
      blocked: null,
      files: encodeFiles({
        'tools/where.py': where,
        'tests/where.toolplay-test.json': JSON.stringify({
          toolplayTests: 1,
          tests: [
            {
              name: 'where',
              tool: 'tool_where',
              expect: {
                result: { paths: [{ path: '$.output', equals: '/workspace' }] },
                output: '/workspace/tools/where.py\n',
              },
            },
          ],
        }),
      }),
    };
    const tests = new ToolTestsState({ host, workspace });
    await tests.runAll();
    expect(tests.cases.map((c) => tests.result(c.id)?.verdicts.filter((v) => !v.ok))).toEqual([[]]);
  }, 120_000);

  it('a call saved with the answers the person gave replays them: the test asks, is answered the same, and passes', async () => {
    const example = findExample('confirm-autonomy')!;
    const ws = { id: 'confirm', blocked: null as string | null, files: encodeFiles(example.files) };
    // The person ran `rm docs/old.txt` and pressed Allow in the popup.
    const run = new CallRun();
    run.start('tool_run_file_command', { argsJson: '{"command": "rm docs/old.txt"}', profile: 'lcp', hostConfig: {} });
    run.onEvent({
      type: 'confirm.asked',
      callId: 'c',
      tool: 'tool_run_file_command',
      label: '[RISKY: rm changes files] Run file command',
      content: 'rm docs/old.txt',
      t: 1,
    });
    run.onEvent({ type: 'confirm.answered', callId: 'c', decision: 'allow', t: 2 });
    run.finish(
      {
        callId: 'c',
        status: 'finished',
        result: { success: true, output: 'deleted docs/old.txt' },
        changes: [{ path: 'docs/old.txt', content: null }],
        durationMs: 3,
      },
      (p) => ws.files.get(p) ?? null,
    );
    const draft = new TestDraft(savedCallOf(run, 30_000)!, {
      readText: (p) => (ws.files.has(p) ? new TextDecoder().decode(ws.files.get(p)) : null),
      write: (p, text) =>
        void (ws.files = new Map(ws.files).set(p, typeof text === 'string' ? new TextEncoder().encode(text) : text)),
    });
    expect(draft.proposals.map((p) => p.key)).toEqual(['outcome', 'result', 'file:docs/old.txt', 'asked']);
    draft.setKept('result', false);
    expect(draft.save()).toBe(true);
    expect(new TextDecoder().decode(ws.files.get(draft.path))).toContain('"confirm": [\n        "allow"\n      ]');

    const tests = new ToolTestsState({ host, workspace: ws });
    await tests.runAll();
    expect(tests.cases.map((c) => tests.result(c.id)?.verdicts.filter((v) => !v.ok))).toEqual([[]]);
    expect(tests.summary).toBe('1 passed, 0 failed');
  }, 120_000);

  it('runs nothing in review mode, and says why', async () => {
    const { tests } = setup('this shared workspace is in review: press "Trust and run" first.');
    await tests.runAll();
    expect(tests.error).toBe(
      'Nothing ran. Run is off: this shared workspace is in review: press "Trust and run" first.',
    );
    expect(tests.summary).toBeNull();
    expect(tests.result(tests.cases[0]!.id)).toBeUndefined();
  });
});
