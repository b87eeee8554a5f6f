import { describe, expect, it } from 'vitest';
import { getEngine, TEST_PYTHON } from './engine.ts';
import { PYTHON_RUNTIMES } from '../../src/protocol/pythons.ts';
import { EngineError } from '../../src/engine/engine.ts';

describe('engine dispatch', () => {
  it(`runs on the Python asked for (${TEST_PYTHON}) from its npm package`, async () => {
    const engine = await getEngine();
    const reply = engine.call('ping', {});
    expect(reply.python).toBe(PYTHON_RUNTIMES[TEST_PYTHON].cpython);
  });

  it('reports an unknown method as a usage error, not a traceback', async () => {
    const engine = await getEngine();
    expect(() => engine.call('nope' as never, {} as never)).toThrow(EngineError);
    try {
      engine.call('nope' as never, {} as never);
    } catch (e) {
      expect((e as EngineError).kind).toBe('usage');
      expect((e as EngineError).message).toBe("unknown engine method 'nope'");
    }
  });
});

describe('encode (the reply text)', () => {
  it('splices RawJson parts in as they are, at any depth, and leaves look-alike strings alone', async () => {
    const engine = await getEngine();
    const text = engine.py.runPython(`
from toolplay.core.json_text import RawJson, encode
encode({"top": RawJson('[1, {"a": "\\u00e9"}]'), "deep": [{"x": RawJson("null")}],
        "lookalike": "\\x00" + "0:0" + "\\x00", "set": {3}})`) as string;
    expect(JSON.parse(text)).toEqual({
      top: [1, { a: 'é' }], deep: [{ x: null }], lookalike: '\u00000:0\u0000', set: { $py: 'set', repr: '{3}' },
    });
    expect(engine.py.runPython('encode(RawJson("[]"))')).toBe('[]');
  });
});

describe('lokiStartup', () => {
  it("gives Loki's own verdict on a visible_tools list", async () => {
    const engine = await getEngine();
    engine.fs.mkdirTree('/tmp/api-loki/functions/tools');
    engine.fs.writeFile('/tmp/api-loki/functions/tools/hello.py', 'def run(name: str):\n    """Say hello.\n    Args:\n        name: who\n    """\n    return name\n');
    const verdict = engine.call('lokiStartup', {
      functionsDir: '/tmp/api-loki/functions',
      configText: 'model: x\nvisible_tools:\n  - hello.py\n  - gone.py\n',
    });
    expect(verdict.visible).toEqual(['hello.py', 'gone.py']);
    expect(verdict.files).toEqual(['/tmp/api-loki/functions/tools/hello.py']);
    expect(verdict.startupError).toBe('Tool definition file not found: /tmp/api-loki/functions/tools/gone.py');
    expect((verdict.declarations[0] as { name: string }).name).toBe('hello');
  });

  it('rejects a missing config text as bad input', async () => {
    const engine = await getEngine();
    expect(() => engine.call('lokiStartup', { functionsDir: '/x' } as never)).toThrow('configText must be the text of config.yaml');
  });
});

describe('changes_in_javascript (which results also travel as their JSON text)', () => {
  it('is true exactly for numbers JSON.parse would read as another text', async () => {
    const engine = await getEngine();
    const verdicts = engine.py.runPython(`
from toolplay.core.json_text import changes_in_javascript as c
[c(v) for v in (2**53, 2**53 + 1, -(2**53) - 1, 2.0, -0.0, 1e20, 1e-05, 1.5e300, 0.1, 0.30000000000000004, 1e16 + 0.5,
                True, None, "1e+20", {"a": [1, {"b": 3.0}]}, [1, 2.5, "x"], float("nan"))]`) as { toJs(): boolean[] };
    // 2**53 itself still reads exactly; NaN never reaches a reply as a number (json_safe writes its repr).
    expect(verdicts.toJs()).toEqual([false, true, true, true, true, true, true, true, false, false, true, false, false, false, true, false, false]);
    // What JavaScript makes of each "true" above, for the record: the text changes.
    expect([String(JSON.parse('9007199254740993')), String(JSON.parse('2.0')), String(JSON.parse('1e+20')), String(JSON.parse('1e-05'))]).toEqual(['9007199254740992', '2', '100000000000000000000', '0.00001']);
  });
});
