/**
 * Contract 2: `call` and `status` take `argsJson`, the arguments' JSON text as the person or model
 * wrote it, and Python parses it: 2.0, 1e20, -0.0 and 12345678901234567891 reach the tool and the
 * status line as they were written, not as JavaScript would re-serialise them (2, 100000000000000000000,
 * 0, 12345678901234567000). `args` keeps working, with the same validation messages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { EngineError } from '../../src/engine/engine.ts';
import type { LokiResult } from '../../src/protocol/engine.ts';
import { getEngine } from './engine.ts';
import { lcpTempDir, writeTree } from './lcp_support.ts';
import { lokiLayout } from './loki.fixtures.ts';
import { resultOf, wrappedCall } from './calls.ts';

// A hub-style library without TOOL_TITLES: the hub titles `tool_echo` "🛠️ Echo". The tool
// answers with the repr of what it received, so the Python value itself is visible.
const ECHO = `def tool_echo(query):
    """Echo the query.

    - query (str): What to echo.
    """
    return {"success": True, "output": repr(query)}
`;
const LOKI_ECHO = 'def run(query):\n    """Echo the query."""\n    return repr(query)\n';

// [argsJson, repr in Python, the hub's status line]. The hub (AgentReasonerNode, eb5a1067)
// json.loads the call's arguments and prints str() of the first truthy of query, path, command,
// url: so for {"query": 2.0} it prints 🛠️ Echo: "2.0", and -0.0, being falsy, gives "".
const CASES: [string, string, string][] = [
  ['{"query": 2.0}', '2.0', '🛠️ Echo: "2.0"\n'],
  ['{"query": 1e20}', '1e+20', '🛠️ Echo: "1e+20"\n'],
  ['{"query": -0.0}', '-0.0', '🛠️ Echo: ""\n'],
  ['{"query": 12345678901234567891}', '12345678901234567891', '🛠️ Echo: "12345678901234567891"\n'],
];

let engine: Engine;
let dir: string;
beforeAll(async () => {
  engine = await getEngine();
  dir = lcpTempDir(engine, 'args-fidelity');
  writeTree(engine, dir, { 'tools/echo.py': ECHO, 'ws/.keep': '' });
});

describe('argsJson reaches Python exactly as written', () => {
  for (const [text, repr, line] of CASES) {
    it(`${text}: the LCP tool receives ${repr}, the hub prints ${JSON.stringify(line)}`, () => {
      const result = resultOf(engine.call('call', { profile: 'lcp', paths: [`${dir}/tools`], tool: 'tool_echo', argsJson: text, workspace: `${dir}/ws` }));
      expect(result).toEqual({ output: repr, status_code: 200, success: true });
      expect(engine.call('status', { paths: [`${dir}/tools`], tool: 'tool_echo', argsJson: text }).line).toBe(line);
    });

    it(`${text}: the Loki tool receives ${repr}, and the call opens with Loki's status line for it`, async () => {
      const layout = lokiLayout(engine, 'args-fidelity');
      const file = layout.write('tools/echo.py', LOKI_ECHO);
      const { end, events } = await wrappedCall(engine, { profile: 'loki', paths: [file], tool: 'echo', argsJson: text, workspace: layout.cwd });
      expect(end.status === 'finished' && (end.result as LokiResult).llm_output).toBe(repr);
      const started = events.find((e) => e.type === 'call.started');
      const status = engine.call('status', { paths: [file], tool: 'echo', argsJson: text, profile: 'loki' }).line;
      expect(started).toMatchObject({ statusLine: status });
      expect(status).toBe(`Call echo {"query":${repr}}`);
    });
  }

  it('args (already parsed) still works, for call and status', () => {
    const result = resultOf(engine.call('call', { profile: 'lcp', paths: [`${dir}/tools`], tool: 'tool_echo', args: { query: 'x' }, workspace: `${dir}/ws` }));
    expect(result).toMatchObject({ output: "'x'" });
    expect(engine.call('status', { paths: [`${dir}/tools`], tool: 'tool_echo', args: { query: 'x' } }).line).toBe('🛠️ Echo: "x"\n');
  });
});

describe('argsJson validation', () => {
  const usage = (run: () => unknown): string => {
    try {
      run();
    } catch (e) {
      if (e instanceof EngineError && e.kind === 'usage') return e.message;
      throw e;
    }
    throw new Error('no usage error');
  };

  it('an LCP call gets the same message for an array as with args', () => {
    const params = { profile: 'lcp' as const, paths: [`${dir}/tools`], tool: 'tool_echo', workspace: `${dir}/ws` };
    const viaText = usage(() => engine.call('call', { ...params, argsJson: '[1]' }));
    expect(viaText).toBe('args must be a JSON object of parameter values, got an array');
    expect(usage(() => engine.call('call', { ...params, args: [1] }))).toBe(viaText);
  });

  it('text that is not JSON, or not text, is one clear line', () => {
    const params = { profile: 'lcp' as const, paths: [`${dir}/tools`], tool: 'tool_echo', workspace: `${dir}/ws` };
    expect(usage(() => engine.call('call', { ...params, argsJson: '{"query": ' }))).toBe('argsJson is not valid JSON: Expecting value: line 1 column 11 (char 10)');
    expect(usage(() => engine.call('status', { paths: [`${dir}/tools`], tool: 'tool_echo', argsJson: 5 as unknown as string }))).toBe(
      'argsJson must be the JSON text of the arguments, got a number',
    );
  });

  it('Loki refuses arguments that are neither an object nor a string, in its own words', () => {
    const layout = lokiLayout(engine, 'args-fidelity');
    const file = layout.write('tools/echo.py', LOKI_ECHO);
    expect(usage(() => engine.call('status', { paths: [file], tool: 'echo', argsJson: '[1, 2]', profile: 'loki' }))).toBe(
      "The call 'echo' has invalid arguments: [1,2]",
    );
  });

  it('status knows the hub, Loki and llm-functions lines only', () => {
    expect(usage(() => engine.call('status', { paths: [`${dir}/tools`], tool: 'tool_echo', profile: 'lcp' as 'hub' }))).toBe(
      "unknown profile 'lcp' (choose from hub, loki, llm-functions)",
    );
    expect(engine.call('status', { paths: [`${dir}/tools`], tool: 'echo', argsJson: '{"a": 1}', profile: 'llm-functions' }).line).toBe('Call echo {"a":1}');
  });
});
