/**
 * Where the colour codes in a Loki tool's traceback come from, pinned: Loki spawns the tool with
 * stderr piped (`Stdio::piped()`) and FORCE_COLOR=1 / CLICOLOR_FORCE=1 in its environment
 * (src/function/mod.rs, run_llm_function, at the reference commit). The tool's stderr is not a
 * terminal here either; Python 3.13+ colours an uncaught exception's traceback because
 * FORCE_COLOR says so, even into a pipe (CPython's _colorize.can_colorize), and Loki hands the
 * model that stderr unchanged: the recorded py314 run r06_raise, checked in loki-run.test.ts.
 * llm-functions sets no colour variable, so the same traceback reaches its model plain.
 */
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { callLoki, lokiLayout } from './loki.fixtures.ts';

const ESCAPES = /[\u001b\u009b]/;

const PROBE = `import os, sys, _colorize

def run():
    """Says how its stderr looks."""
    return {"isatty": sys.stderr.isatty(), "FORCE_COLOR": os.environ.get("FORCE_COLOR"), "colour": _colorize.can_colorize(file=sys.stderr)}
`;
const RAISES = 'def run():\n    """Boom."""\n    raise ValueError("boom")\n';

async function run(flavour: 'loki' | 'llm-functions', stem: string, source: string) {
  const engine = await getEngine();
  const layout = lokiLayout(engine, `colour-${flavour}`);
  const file = layout.write(`tools/${stem}.py`, source);
  return callLoki(engine, { paths: flavour === 'loki' ? [file] : [layout.tools], tool: stem, args: {}, workspace: layout.cwd, flavour });
}

describe("a Loki tool's stderr", () => {
  it('is a pipe, not a terminal; under Loki FORCE_COLOR=1 is what turns colour on', async () => {
    expect(JSON.parse(String((await run('loki', 'probe', PROBE)).llm_output))).toEqual({ isatty: false, FORCE_COLOR: '1', colour: true });
    expect(JSON.parse(String((await run('llm-functions', 'probe', PROBE)).llm_output))).toEqual({ isatty: false, FORCE_COLOR: null, colour: false });
  });

  it("reaches Loki's model value coloured, as Loki with Python 3.14 gives it, and llm-functions' plain", async () => {
    const loki = await run('loki', 'raises', RAISES);
    expect(loki.exit_code).toBe(1);
    expect(JSON.stringify(loki.model_value)).toMatch(/\\u001b\[1;35mValueError\\u001b\[0m: \\u001b\[35mboom\\u001b\[0m/);
    const plain = await run('llm-functions', 'raises', RAISES);
    expect(plain.exit_code).toBe(1);
    expect(plain.stderr).not.toMatch(ESCAPES);
    expect(plain.stderr.trimEnd().split('\n').at(-1)).toBe('ValueError: boom');
  });
});
