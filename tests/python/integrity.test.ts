/**
 * The engine's integrity around tool code (python/toolplay/core/integrity.py), in real Pyodide: what
 * a tool breaks in the engine's own modules and files is put back after the call; what it changes
 * in builtins and the standard library stays for later LCP calls (a lollms host keeps its process)
 * and is put back after a Loki call (a process per call); the engine itself always keeps working.
 * Also time.sleep during a call (interruptible by Stop) and the batched output of a print flood.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import type { Engine } from '../../src/engine/engine.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';
import { getEngine } from './engine.ts';
import { lcpTempDir, recorder, writeTree } from './lcp_support.ts';
import { lokiLayout } from './loki.fixtures.ts';
import { resultOf } from './calls.ts';

const TOOLS = `import builtins, sys, time, os

def tool_break_print():
    """Breaks print for everyone after it."""
    builtins.print = None
    return "done"

def tool_show_print():
    """What print is now."""
    return repr(print)

def tool_fake_json():
    """Replaces the json module."""
    sys.modules["json"] = object()
    return "done"

def tool_json_kind():
    """What import json gives now."""
    import json
    return type(json).__name__

def tool_break_engine():
    """Overwrites an engine file and rebinds an engine function."""
    import toolplay.core.json_text as jt
    jt.encode = None
    root = os.path.dirname(os.path.dirname(jt.__file__))
    with open(os.path.join(root, "api.py"), "w") as f:
        f.write("raise SystemExit('broken')")
    with open(os.path.join(root, "evil.py"), "w") as f:
        f.write("x = 1")
    return "done"

def tool_break_encoder():
    """Replaces a method of the class every JSON reply goes through."""
    import json
    json.JSONEncoder.encode = lambda self, o: "BROKEN"
    return "done"

def tool_encode_now():
    """What json.dumps gives now."""
    import json
    return json.dumps([1])

def tool_same_length_engine_file():
    """Rewrites an engine file with other bytes of the same length."""
    import toolplay.core.json_text as jt
    path = os.path.join(os.path.dirname(os.path.dirname(jt.__file__)), "core", "sleep.py")
    with open(path, "rb") as f:
        size = len(f.read())
    with open(path, "wb") as f:
        f.write(b"#" * size)
    return "done"

def tool_engine_file_in_new_folder():
    """Adds a file under a new folder of the engine."""
    import toolplay.core.json_text as jt
    folder = os.path.join(os.path.dirname(os.path.dirname(jt.__file__)), "extra")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "x.py"), "w") as f:
        f.write("x = 1")
    return "done"

def tool_dict_writes():
    """Rebinds names by writing the namespaces' dicts themselves, not through setattr."""
    import json
    vars(json)["dumps"] = lambda *args, **kwargs: "FAKE"
    del vars(json)["loads"]
    builtins.__dict__.update(input=None)
    return "done"

def tool_break_len():
    """Rebinds a builtin the engine's own check reads."""
    builtins.len = None
    return "done"

def tool_truncate_and_replace_engine_files():
    """Truncates one engine file by path and renames another file over a second one."""
    import toolplay.core.json_text as jt
    core = os.path.join(os.path.dirname(os.path.dirname(jt.__file__)), "core")
    os.truncate(os.path.join(core, "sleep.py"), 3)
    with open("/tmp/integrity-replacement.py", "w") as f:
        f.write("x = 1")
    os.replace("/tmp/integrity-replacement.py", os.path.join(core, "usage.py"))
    return "done"

def tool_break_ast():
    """Changes what an ast node type is made of: no name can be put back to repair it."""
    import ast
    ast.Name._fields = ("id",)
    return "done"

def tool_sleep():
    """Sleeps for ten minutes unless stopped."""
    print("start")  # the call's first output goes out at once...
    print("sleeping")  # ...this one, right after, waits in the batch until the sleep sends it as it begins
    time.sleep(600)
    return "woke"

def tool_nap(seconds: float = 0.01):
    """A short sleep, then the bad values time.sleep refuses."""
    time.sleep(seconds)
    errors = []
    for bad in (-1, "1"):
        try:
            time.sleep(bad)
        except (ValueError, TypeError) as exc:
            errors.append(type(exc).__name__)
    return errors

def tool_flood(n: int = 10000):
    """Prints n short lines, with a line on stderr in the middle."""
    for i in range(n):
        print(i)
        if i == n // 2:
            print("middle", file=sys.stderr)
    return n
`;

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});
// The engine is shared by every Python test file: leave no kept change behind.
afterEach(() => {
  engine.py.runPython('from toolplay.core import integrity\nintegrity.forget()');
});

function setup(): { tools: string; ws: string } {
  const root = lcpTempDir(engine, 'integrity');
  writeTree(engine, root, { 'tools/lib.py': TOOLS });
  engine.fs.mkdirTree(`${root}/ws`);
  return { tools: `${root}/tools`, ws: `${root}/ws` };
}

function call(tool: string, args: Record<string, unknown> = {}): { output: unknown; events: TelemetryEvent[] } {
  const { tools, ws } = setup();
  const hooks = recorder();
  const result = resultOf(engine.call('call', { profile: 'lcp', paths: [tools], tool, args, workspace: ws }, hooks));
  return { output: (result as { output?: unknown }).output, events: hooks.events };
}

const changed = (events: TelemetryEvent[]) => events.find((e) => e.type === 'python.changed');
const engineWorks = (): void => {
  expect(engine.call('ping', {}).profiles).toContain('lcp');
  expect(engine.py.runPython('import json, builtins; json.dumps([1]) + str(builtins.print is not None)')).toBe('[1]True');
};

describe('integrity: what an LCP tool changes in the process stays, as in a host', () => {
  it('builtins.print = None is reported as kept, the engine keeps working, later tools see it', () => {
    const first = call('tool_break_print');
    expect(changed(first.events)).toMatchObject({ kept: ['builtins.print'], restored: [], restart: false });
    engineWorks();
    const later = call('tool_show_print');
    expect(later.output).toBe('None');
    expect(changed(later.events)).toBeUndefined(); // reported once, when it happened
  });

  it("sys.modules['json'] replaced: the engine still has its json, later tools import the fake", () => {
    expect(changed(call('tool_fake_json').events)).toMatchObject({ kept: ["sys.modules['json']"] });
    engineWorks();
    expect(call('tool_json_kind').output).toBe('object');
  });

  it('a method of json.JSONEncoder replaced: put back for the engine (its replies still work), kept for later tools', () => {
    expect(changed(call('tool_break_encoder').events)).toMatchObject({ kept: ['json.encoder.JSONEncoder.encode'], restored: [], restart: false });
    engineWorks();
    expect(call('tool_encode_now').output).toBe('BROKEN');
    engine.py.runPython('from toolplay.core import integrity\nintegrity.forget()');
    expect(call('tool_encode_now').output).toBe('[1]');
  });

  it('names rebound through the dicts themselves (vars(json)[…] =, del, builtins.__dict__.update) are found too', () => {
    const report = changed(call('tool_dict_writes').events);
    expect(report).toMatchObject({ restored: [], restart: false });
    expect(report && 'kept' in report ? [...report.kept].sort() : []).toEqual(['builtins.input', 'json.dumps', 'json.loads']);
    engineWorks();
    expect(call('tool_encode_now').output).toBe('FAKE');
  });

  it('builtins.len = None, which the check itself would read, is still found and the engine keeps working', () => {
    const { tools, ws } = setup();
    const hooks = recorder();
    engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_break_len', args: {}, workspace: ws }, hooks);
    expect(changed(hooks.events)).toMatchObject({ kept: ['builtins.len'], restart: false });
    engineWorks();
  });

  it('a name changed between calls, outside any tool code (a finaliser of a tool\'s object would), is found by the next call', () => {
    call('tool_show_print');
    engine.py.runPython('import builtins\nbuiltins.print = None');
    expect(changed(call('tool_show_print').events)).toMatchObject({ kept: ['builtins.print'] });
  });

  it('in Pyodide a dict watcher says which namespaces to compare; a new one (a restored snapshot makes one) first compares them all', () => {
    call('tool_show_print');
    // Without the watcher these tests would only test the look at every name.
    expect(engine.py.runPython('from toolplay.core import integrity\nintegrity.watched()')).toBe(true);
    engine.py.runPython('from toolplay.core import integrity\nintegrity.forget_javascript()\nimport builtins\nbuiltins.print = None');
    expect(changed(call('tool_show_print').events)).toMatchObject({ kept: ['builtins.print'] });
    expect(engine.py.runPython('from toolplay.core import integrity\nintegrity.watched()')).toBe(true);
  });

  it('damage no name can undo (an ast node type\'s _fields) fails the canary: Python must restart', () => {
    engine.py.runPython('import ast\n_fields_before = ast.Name._fields');
    try {
      expect(changed(call('tool_break_ast').events)).toMatchObject({ restart: true });
    } finally {
      engine.py.runPython('import ast\nast.Name._fields = _fields_before');
    }
    // Repaired by hand here (a restart in the app): the next call reports nothing.
    expect(changed(call('tool_encode_now').events)).toBeUndefined();
  });

  it('Restart Python (here: forgetting the kept changes) gives tools the real ones again', () => {
    call('tool_break_print');
    engine.py.runPython('from toolplay.core import integrity\nintegrity.forget()');
    expect(call('tool_show_print').output).toBe('<built-in function print>');
  });
});

describe("integrity: the engine's own modules and files are put back at once", () => {
  it('an overwritten engine file, an added one and a rebound engine function are restored and reported', () => {
    const apiBefore = engine.fs.readFile('/toolplay-engine/toolplay/api.py', { encoding: 'utf8' });
    const { events } = call('tool_break_engine');
    const report = changed(events);
    expect(report).toMatchObject({ kept: [], restart: false });
    expect(report && 'restored' in report ? [...report.restored].sort() : []).toEqual([
      'engine file toolplay/api.py', 'engine file toolplay/evil.py (added)', 'toolplay.core.json_text.encode',
    ]);
    expect(engine.fs.readFile('/toolplay-engine/toolplay/api.py', { encoding: 'utf8' })).toBe(apiBefore);
    expect(engine.fs.analyzePath('/toolplay-engine/toolplay/evil.py').exists).toBe(false);
    engineWorks();
    expect(call('tool_show_print').output).toBe('<built-in function print>');
  });

  it('after calls that changed nothing (the quick stamp of the files taken), a same-length rewrite and a file in a new folder are still found', () => {
    call('tool_show_print');
    call('tool_show_print');
    // The quick stamp is Pyodide's: without it this test would only test the walk.
    expect(engine.py.runPython('from toolplay.core import engine_files\nengine_files.stamp_unchanged()')).toBe(true);
    const restored = (tool: string): unknown => {
      const report = changed(call(tool).events);
      return report && 'restored' in report ? report.restored : [];
    };
    const before = engine.fs.readFile('/toolplay-engine/toolplay/core/sleep.py', { encoding: 'utf8' });
    expect(restored('tool_same_length_engine_file')).toEqual(['engine file toolplay/core/sleep.py']);
    expect(engine.fs.readFile('/toolplay-engine/toolplay/core/sleep.py', { encoding: 'utf8' })).toBe(before);
    expect(restored('tool_engine_file_in_new_folder')).toEqual(['engine file toolplay/extra/x.py (added)']);
    call('tool_show_print');
    expect([...(restored('tool_truncate_and_replace_engine_files') as string[])].sort()).toEqual(['engine file toolplay/core/sleep.py', 'engine file toolplay/core/usage.py']);
    expect(engine.fs.readFile('/toolplay-engine/toolplay/core/sleep.py', { encoding: 'utf8' })).toBe(before);
    expect(changed(call('tool_show_print').events)).toBeUndefined();
  });
});

describe('integrity: a Loki call is a process of its own', () => {
  it('builtins.print = None is put back after the call and reported as restored', () => {
    const layout = lokiLayout(engine, 'integrity');
    const breaker = layout.write('tools/breaker.py', 'import builtins\n\ndef run():\n    """Break print."""\n    builtins.print = None\n    return "ok"\n');
    const hooks = recorder();
    engine.call('call', { profile: 'loki', paths: [breaker], tool: 'breaker', args: {}, workspace: layout.cwd }, hooks);
    expect(changed(hooks.events)).toMatchObject({ restored: ['builtins.print'], kept: [] });
    expect(call('tool_show_print').output).toBe('<built-in function print>');
  });
});

describe('time.sleep during a call', () => {
  it('is the real time.sleep again after the call, and refuses what time.sleep refuses', () => {
    engine.py.runPython('import time; _sleep_before = time.sleep');
    expect(call('tool_nap').output).toEqual(['ValueError', 'TypeError']);
    expect(engine.py.runPython('time.sleep is _sleep_before')).toBe(true);
  });

  it('Stop during time.sleep(600) raises KeyboardInterrupt in the tool (the sleep does not run out)', async () => {
    const { tools, ws } = setup();
    const interrupt = new SharedArrayBuffer(1);
    const asleep = new SharedArrayBuffer(4);
    // The person: waits until the sleep has begun (its output reaches us when it does), then presses Stop.
    const person = new Worker(
      `const { workerData } = require('node:worker_threads');
       const flag = new Int32Array(workerData.asleep);
       Atomics.wait(flag, 0, 0);
       new Uint8Array(workerData.interrupt)[0] = 2;`,
      { eval: true, workerData: { interrupt, asleep } },
    );
    await new Promise((ok) => person.once('online', ok));
    engine.py.setInterruptBuffer(new Uint8Array(interrupt));
    const hooks = recorder();
    const emit = hooks.emit;
    hooks.emit = (json) => {
      emit(json);
      if (json.includes('sleeping')) {
        Atomics.store(new Int32Array(asleep), 0, 1);
        Atomics.notify(new Int32Array(asleep), 0);
      }
    };
    try {
      // Raised inside the sleep itself: its traceback runs through the engine's sliced sleep.
      expect(() => engine.call('call', { profile: 'lcp', paths: [tools], tool: 'tool_sleep', args: {}, workspace: ws }, hooks)).toThrow(/sliced_sleep[\s\S]*KeyboardInterrupt/);
    } finally {
      engine.py.setInterruptBuffer(undefined as never);
      await person.terminate();
    }
    expect(hooks.events).toMatchObject([{ type: 'call.stdout', text: 'start\n' }, { type: 'call.stdout', text: 'sleeping\n' }]);
    engineWorks();
  });
});

describe('output of a print flood', () => {
  it('crosses into JavaScript in few events, every line in order, stderr where it happened', () => {
    const { events } = call('tool_flood', { n: 10000 });
    const out = events.filter((e) => e.type === 'call.stdout' || e.type === 'call.stderr');
    expect(out.length).toBeLessThan(100);
    const text = (type: string) => out.flatMap((e) => (e.type === type && 'text' in e ? [e.text] : [])).join('');
    expect(text('call.stdout')).toBe(Array.from({ length: 10000 }, (_, i) => `${i}\n`).join(''));
    expect(text('call.stderr')).toBe('middle\n');
    // stderr's line sits between the stdout lines printed before and after it.
    const i = out.findIndex((e) => e.type === 'call.stderr');
    const before = out.slice(0, i).map((e) => ('text' in e ? e.text : '')).join('');
    expect(before.endsWith('5000\n')).toBe(true);
  });
});
