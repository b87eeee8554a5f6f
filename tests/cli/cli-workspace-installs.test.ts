// The CLI keeps a workspace's installed set (issue 32, item 5): what `call --init` (the hub's
// Initialise button, its pipmaster call) installed is installed again, from the wheel cache, by the
// next command on that workspace, as the hub's process keeps what init installed. The index is a
// local one that is gone by then; Pyodide's packages come from a mirror folder (micropip: the
// tests' stand-in).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { micropipStandIn } from '../support/micropip-stand-in.ts';
import { servePackages } from '../support/package-server.ts';
import { buildWheel } from '../support/wheels.ts';
import { sandbox, toolplay } from './run.ts';

const T = { timeout: 300_000 };

// A version no other test serves: its wheel URL and micropip's resolution are this test's own in the cache.
const kept = buildWheel({
  name: 'keptlib',
  version: `1.0.${process.pid}`,
  files: { 'keptlib/__init__.py': 'def hello(n):\n    return "kept " + n\n' },
});

const LIBRARY = `TOOL_LIBRARY_NAME = "Kept"


def init_tool_library() -> None:
    import pipmaster as pm
    pm.ensure_packages({"keptlib": "==${kept.version}"})


def tool_hello(args: dict):
    """Hello.

    - name (str): who
    """
    import keptlib
    return keptlib.hello(args["name"])
`;

describe("a workspace's installed set", () => {
  it('what --init installed is there for the next call, from the cache, with the index gone', T, async () => {
    const standIn = micropipStandIn();
    const server = await servePackages({ packages: [{ wheel: standIn, inLock: true }, { wheel: kept }] });
    const mirror = mkdtempSync(join(tmpdir(), 'toolplay-mirror-'));
    writeFileSync(join(mirror, 'pyodide-lock.json'), await (await fetch(server.lockUrl)).text());
    writeFileSync(join(mirror, standIn.fileName), standIn.bytes);
    const root = sandbox({ 'tools/kept.py': LIBRARY });
    const sources = ['--pyodide-packages', mirror, '--index-url', server.indexUrl];
    try {
      const init = await toolplay(['call', 'tools/kept.py', '--init', '--profile', 'hub', ...sources], root);
      expect(init.code, init.stderr).toBe(0);
      expect(JSON.parse(init.stdout)).toMatchObject({ status: 200 });
    } finally {
      await server.close();
    }
    const file = join(root, '.toolplay', 'installed.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ installs: [[`keptlib==${kept.version}`]] });
    const call = ['call', 'tools/kept.py', 'tool_hello', '{"name": "ada"}', '--profile', 'hub', ...sources];
    const next = await toolplay(call, root);
    expect(next.code, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ result: 'kept ada', model_content: 'kept ada' });
    // chat on the same workspace too.
    writeFileSync(
      join(root, 'script.json'),
      JSON.stringify([{ call: 'tool_hello', args: { name: 'bo' } }, { say: '{{last_result}}' }]),
    );
    const chat = await toolplay(
      ['chat', 'tools/kept.py', 'go', '--profile', 'hub', '--script', 'script.json', ...sources],
      root,
    );
    expect(chat.code, chat.stderr).toBe(0);
    expect(chat.stdout).toContain('kept bo');
    mkdirSync(join(root, 'tests'));
    // And `toolplay test` on that workspace: its tests run with what the workspace installed.
    writeFileSync(
      join(root, 'tests', 'kept.toolplay-test.json'),
      JSON.stringify({
        toolplayTests: 1,
        tests: [
          {
            name: 'hello',
            profile: 'hub',
            tool: 'tool_hello',
            args: { name: 'cy' },
            expect: { result: { equals: { result: 'kept cy', logs: '', model_content: 'kept cy' } } },
          },
        ],
      }),
    );
    const tested = await toolplay(['test', '.', ...sources], root);
    expect(tested.code, tested.stdout + tested.stderr).toBe(0);

    // Another workspace never ran --init: the package is not there (the hub would say the same).
    const other = sandbox({ 'tools/kept.py': LIBRARY });
    const fresh = await toolplay(call, other);
    expect(JSON.parse(fresh.stdout)).toMatchObject({ result: { error: "No module named 'keptlib'" } });
    expect(existsSync(join(other, '.toolplay', 'installed.json'))).toBe(false);
  });

  it('a kept file that is not the list of installs is bad input, naming it', T, async () => {
    const root = sandbox({ 'tools/kept.py': LIBRARY, '.toolplay/installed.json': '{"installs": "keptlib"}' });
    const run = await toolplay(['call', 'tools/kept.py', 'tool_hello', '{"name": "x"}', '--profile', 'hub'], root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('installed.json must be {"installs": [[requirement, …], …]}');
  });
});
