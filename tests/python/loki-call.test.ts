/**
 * A Loki call as a process: telemetry, workspace changes, a fresh interpreter state per call
 * (and the previous one restored), Stop, and which file a tool name selects.
 */
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { callLoki, lokiLayout, py, recordingHooks } from './loki.fixtures.ts';
import { wrappedCall } from './calls.ts';

const STATE =
  "import os, sys, json; json.dumps([dict(os.environ), os.getcwd(), sys.argv, sys.path, sorted(sys.modules), repr(sys.stdout), repr(sys.stderr), repr(sys.excepthook), repr(os._exit), repr(os.abort)])";

describe('telemetry', () => {
  it('the runner streams stdout and stderr only; the wrapper opens with Loki\'s line, diffs once and finishes', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    engine.fs.writeFile(`${layout.cwd}/old.txt`, 'old');
    engine.fs.writeFile(`${layout.cwd}/keep.txt`, 'same');
    engine.fs.writeFile(`${layout.cwd}/edit.txt`, 'abc');
    const file = layout.write(
      'tools/touch.py',
      'import os, sys\n\ndef run(n: int):\n    """Touch files."""\n    print("working")\n    print("careful", file=sys.stderr)\n' +
        '    os.makedirs("sub", exist_ok=True)\n    open("sub/new.txt", "w").write("x" * n)\n    open("edit.txt", "w").write("xyz")\n' +
        '    os.remove("old.txt")\n    return "done"\n',
    );
    const runner = recordingHooks();
    const reply = engine.call('call', { profile: 'loki', paths: [file], tool: 'touch', args: { n: 2 }, workspace: layout.cwd }, runner.hooks);
    // print() writes the text and then "\n": one event per line (the output is batched in Python).
    expect(runner.events).toMatchObject([{ type: 'call.stdout', text: 'working\n' }, { type: 'call.stderr', text: 'careful\n' }]);
    expect(reply).toMatchObject({ result: { model_value: { output: 'done' } }, durationMs: expect.any(Number) });

    engine.fs.writeFile(`${layout.cwd}/old.txt`, 'old');
    const { end, events } = await wrappedCall(engine, { profile: 'loki', paths: [file], tool: 'touch', argsJson: '{"n": 2}', workspace: layout.cwd, callId: 'c-42' });
    expect(events.map((e) => e.type)).toEqual(['call.started', 'call.stdout', 'call.stderr', 'fs.changed', 'call.finished']);
    expect(events.every((e) => e.callId === 'c-42' && typeof e.t === 'number')).toBe(true);
    // Loki prints `Call <name> <compact JSON>` on the terminal before it runs a tool.
    expect(events[0]).toMatchObject({ tool: 'touch', args: { n: 2 }, statusLine: 'Call touch {"n":2}' });
    const text = (type: 'call.stdout' | 'call.stderr'): string =>
      events.flatMap((e) => (e.type === type && (e.type === 'call.stdout' || e.type === 'call.stderr') ? [e.text] : [])).join('');
    expect(text('call.stdout')).toBe('working\n');
    expect(text('call.stderr')).toBe('careful\n');
    expect(events[3]).toMatchObject({ created: [], modified: [], deleted: ['old.txt'] });
    expect(end).toMatchObject({ callId: 'c-42', status: 'finished', result: { model_value: { output: 'done' } } });
    expect(events[4]).toMatchObject({ type: 'call.finished', result: end.status === 'finished' ? end.result : null });
  });

  it('reports an empty fs.changed when nothing changed, as for LCP tools', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    const file = layout.write('tools/quiet.py', 'def run():\n    """Nothing."""\n');
    const { end, events } = await wrappedCall(engine, { profile: 'loki', paths: [file], tool: 'quiet', args: {}, workspace: layout.cwd });
    expect(end).toMatchObject({ status: 'finished', result: { model_value: 'DONE' } });
    expect(events.map((e) => e.type)).toEqual(['call.started', 'fs.changed', 'call.finished']);
    expect(events[1]).toMatchObject({ created: [], modified: [], deleted: [] });
  });

  it('a Bash tool gets the same lifecycle and Loki\'s same opening line', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    layout.write('tools/hi.sh', '# @describe Say hi.\n# @option --name! Who\nmain() {\n  echo "hi $argc_name" >> "$LLM_OUTPUT"\n  echo "$argc_name" > bash_out.txt\n}\neval "$(argc --argc-eval "$0" "$@")"\n');
    const { end, events } = await wrappedCall(engine, { profile: 'loki', paths: [layout.tools], tool: 'hi', argsJson: '{"name": "Bo"}', workspace: layout.cwd });
    expect(end).toMatchObject({ status: 'finished', result: { exit_code: 0, llm_output: 'hi Bo\n' } });
    expect(events.map((e) => e.type)).toEqual(['call.started', 'fs.changed', 'call.finished']);
    expect(events[0]).toMatchObject({ tool: 'hi', statusLine: 'Call hi {"name":"Bo"}' });
    expect(events[1]).toMatchObject({ created: ['bash_out.txt'] });
  });
});

describe('process state', () => {
  it('loads the tool and its helpers fresh every call and restores environ, cwd, argv, path, modules and stdio', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    layout.write('lib/helper_counter.py', 'HELPER_CALLS = []\n');
    const file = layout.write(
      'tools/counter.py',
      `import os, sys, colorsys\nsys.path.insert(0, ${JSON.stringify(`${layout.functions}/lib`)})\nimport helper_counter\nCALLS = []\n\n` +
        'def run():\n    """Count."""\n    CALLS.append(1)\n    helper_counter.HELPER_CALLS.append(1)\n    os.environ["LEAK"] = "1"\n' +
        '    sys.argv.append("leak")\n    os.chdir("/")\n    return [len(CALLS), len(helper_counter.HELPER_CALLS)]\n',
    );
    py(engine, 'import colorsys'); // the standard library stays imported, as every fresh process would have it
    const before = py(engine, STATE);
    for (let i = 0; i < 2; i++) {
      expect(callLoki(engine, { paths: [file], tool: 'counter', args: {}, workspace: layout.cwd }).model_value).toEqual([1, 1]);
    }
    expect(py(engine, STATE)).toBe(before);
    expect(py(engine, "import sys; 'helper_counter' in sys.modules")).toBe(false);
  });

  it('does not find modules beside the tool: sys.path[0] is bin/, as for the real wrapper', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    layout.write('tools/helper_mod.py', 'X = 1\n');
    const file = layout.write('tools/uses_helper.py', 'import helper_mod\n\ndef run():\n    """Use a sibling."""\n    return helper_mod.X\n');
    const r = callLoki(engine, { paths: [file], tool: 'uses_helper', args: {}, workspace: layout.cwd });
    expect(r.exit_code).toBe(1);
    expect(r.stderr).toContain("No module named 'helper_mod'");
  });

  it("uses the tool's own sys.excepthook if it installs one", async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    const file = layout.write(
      'tools/hooked.py',
      'import sys\nsys.excepthook = lambda t, v, tb: sys.stderr.write(f"hooked {t.__name__}\\n")\n\ndef run():\n    """Fail."""\n    raise RuntimeError("x")\n',
    );
    const r = callLoki(engine, { paths: [file], tool: 'hooked', args: {}, workspace: layout.cwd });
    expect(r).toMatchObject({ exit_code: 1, stderr: 'hooked RuntimeError\n' });
    expect(py(engine, 'import sys; sys.excepthook is sys.__excepthook__')).toBe(false);
  });

  it('carries on in-process where the wrapper would re-exec a .venv interpreter', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    engine.fs.mkdirTree(`${layout.cwd}/.venv/bin`);
    engine.fs.writeFile(`${layout.cwd}/.venv/bin/python`, '');
    const file = layout.write('tools/venv.py', 'def run():\n    """Hi."""\n    return "hi"\n');
    expect(callLoki(engine, { paths: [file], tool: 'venv', args: {}, workspace: layout.cwd }).model_value).toEqual({ output: 'hi' });
  });

  it('lets Stop (KeyboardInterrupt) propagate after restoring everything', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    const file = layout.write(
      'tools/stop.py',
      'import os\n\ndef run():\n    """Stop."""\n    os.environ["LEAK"] = "1"\n    open("half.txt", "w").write("x")\n    raise KeyboardInterrupt\n',
    );
    const before = py(engine, STATE);
    const { hooks, events } = recordingHooks();
    await expect(wrappedCall(engine, { profile: 'loki', paths: [file], tool: 'stop', args: {}, workspace: layout.cwd }, { confirm: hooks.confirm, events }))
      .rejects.toThrow(/KeyboardInterrupt/);
    expect(py(engine, STATE)).toBe(before);
    // The caller reports stopped or timed out (only it knows which): the wrapper adds nothing after the start,
    // and the workspace is not diffed (the browser puts it back).
    expect(events.map((e) => e.type)).toEqual(['call.started']);
  });
});

describe('which tool a call runs', () => {
  it('finds a tool by its file stem in the tools folder', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    layout.write('tools/alpha.py', 'def run():\n    """A."""\n    return "alpha"\n');
    layout.write('tools/beta.py', 'def run():\n    """B."""\n    return "beta"\n');
    expect(callLoki(engine, { paths: [layout.tools], tool: 'beta', args: {}, workspace: layout.cwd }).model_value).toEqual({ output: 'beta' });
    expect(() => callLoki(engine, { paths: [layout.tools], tool: 'gamma', args: {}, workspace: layout.cwd })).toThrow(
      `no Python tool named 'gamma' in ${layout.tools}`,
    );
  });

  it('explains why Loki cannot run a tool whose declaration name is not its file stem', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    layout.write('tools/GetWeather.py', 'def run():\n    """W."""\n');
    expect(() => callLoki(engine, { paths: [layout.tools], tool: 'getweather', args: {}, workspace: layout.cwd })).toThrow(
      "Loki cannot run 'getweather': it spawns bin/getweather, but the wrapper for GetWeather.py is bin/GetWeather",
    );
  });

  it('needs an existing workspace', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'call');
    const file = layout.write('tools/w.py', 'def run():\n    """W."""\n');
    expect(() => callLoki(engine, { paths: [file], tool: 'w', args: {}, workspace: '/tmp/loki-no-such-dir' })).toThrow(
      "workspace must be an existing folder (the tool's working directory), got '/tmp/loki-no-such-dir'",
    );
  });
});
