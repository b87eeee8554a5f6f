/**
 * Tracebacks from toolplay's own tool wrapper carry the reference wrapper's frames: Loki's
 * `bin/<stem>` and llm-functions' `scripts/run-tool.py`, each frame on the line where the
 * reference has that statement, shown without source lines; the tool's frames keep theirs.
 * The recorded run cases cover a tool that raises under Loki (loki-run.test.ts); these cover the
 * wrapper's other frames and the llm-functions wrapper, from the references' line numbers.
 */
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { callLoki, lokiLayout } from './loki.fixtures.ts';

const ANSI = /\x1b\[[0-9;]*m/g;
const FRAME = /^ {2}File "([^"]*)", line (\d+), in (.+)$/;

/** `[file, line, function]` per frame, colours dropped. */
function frames(stderr: string): [string, number, string][] {
  return stderr.replace(ANSI, '').split('\n').flatMap((l) => {
    const m = FRAME.exec(l);
    return m ? [[m[1] ?? '', Number(m[2]), m[3] ?? '']] : [];
  });
}

/** The lines printed under each frame of `file` (none, for a file without source). */
function sourceUnder(stderr: string, file: string): string[] {
  const out: string[] = [];
  let inside = false;
  for (const line of stderr.replace(ANSI, '').split('\n')) {
    const m = FRAME.exec(line);
    if (m) inside = m[1] === file;
    else if (inside && line.startsWith('    ')) out.push(line);
    else inside = false;
  }
  return out;
}

async function run(flavour: 'loki' | 'llm-functions', stem: string, source: string, extra: Record<string, string> = {}) {
  const engine = await getEngine();
  const layout = lokiLayout(engine, 'traceback');
  const file = layout.write(`tools/${stem}.py`, source);
  for (const [rel, text] of Object.entries(extra)) layout.write(rel, text);
  const result = callLoki(engine, { paths: flavour === 'loki' ? [file] : [layout.tools], tool: stem, args: {}, workspace: layout.cwd, flavour });
  const wrapper = flavour === 'loki' ? `${layout.functions}/bin/${stem}` : `${layout.functions}/scripts/run-tool.py`;
  return { result, file, wrapper, tools: layout.tools };
}

describe('tracebacks through the tool wrapper', () => {
  it('llm-functions: run-tool.py frames at its own lines, uncoloured, the tool frame with its source', async () => {
    const { result, file, wrapper } = await run('llm-functions', 'boom', 'def run():\n    """Boom."""\n    raise RuntimeError("no")\n');
    expect(result.exit_code).toBe(1);
    expect(frames(result.stderr)).toEqual([[wrapper, 148, '<module>'], [wrapper, 20, 'main'], [wrapper, 101, 'run'], [file, 3, 'run']]);
    expect(sourceUnder(result.stderr, wrapper)).toEqual([]);
    expect(sourceUnder(result.stderr, file)).toEqual(['    raise RuntimeError("no")']);
    expect(result.stderr).not.toMatch(ANSI);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('RuntimeError: no');
  });

  it('Loki: a tool that fails on import fails in the wrapper\'s exec_module line', async () => {
    const { result, file, wrapper } = await run('loki', 'noimport', 'import no_such_module_here\n\ndef run():\n    """X."""\n');
    const got = frames(result.stderr);
    expect(got.slice(0, 3)).toEqual([[wrapper, 153, '<module>'], [wrapper, 38, 'main'], [wrapper, 101, 'run']]);
    expect(got.at(-1)).toEqual([file, 1, '<module>']);
    expect(result.stderr).toContain('\x1b[1;35mModuleNotFoundError\x1b[0m: \x1b[35mNo module named \'no_such_module_here\'\x1b[0m');
  });

  it('Loki: no run, and its message names the tool file without .py, as build_binaries fills it in', async () => {
    const { result, wrapper, tools } = await run('loki', 'norun', 'def other():\n    """X."""\n');
    expect(frames(result.stderr)).toEqual([[wrapper, 153, '<module>'], [wrapper, 38, 'main'], [wrapper, 104, 'run']]);
    expect(result.stderr.replace(ANSI, '').trimEnd().split('\n').at(-1)).toBe(`Exception: No module function 'run' at '${tools}/norun'`);
  });

  it('llm-functions: no run says "Not module function" with the full path', async () => {
    const { result, wrapper, file } = await run('llm-functions', 'norun', 'def other():\n    """X."""\n');
    expect(frames(result.stderr)).toEqual([[wrapper, 148, '<module>'], [wrapper, 20, 'main'], [wrapper, 99, 'run']]);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(`Exception: Not module function 'run' at '${file}'`);
  });

  it('Loki: a result JSON cannot hold fails in return_to_llm at json.dumps', async () => {
    const { result, wrapper } = await run('loki', 'odd', 'def run():\n    """X."""\n    return {"when": object()}\n');
    const got = frames(result.stderr);
    expect(got.slice(0, 4)).toEqual([[wrapper, 153, '<module>'], [wrapper, 38, 'main'], [wrapper, 107, 'run'], [wrapper, 124, 'return_to_llm']]);
    expect(got.at(-1)?.[0]).toMatch(/\/json\/encoder\.py$/);
    // Python 3.14 adds a note saying where in the value the encoder stopped.
    expect(result.stderr.replace(ANSI, '')).toMatch(/TypeError: Object of type object is not JSON serializable\nwhen serializing dict item 'when'\n$/);
    expect(result.stderr).toContain('\x1b[1;35mTypeError\x1b[0m');
  });

  it('a file at the wrapper path does not lend it source lines', async () => {
    const { result, wrapper } = await run('loki', 'shadow', 'def run():\n    """X."""\n    raise KeyError("k")\n', {
      'bin/shadow': Array.from({ length: 200 }, (_, i) => `# line ${i + 1} of a stale wrapper`).join('\n'),
    });
    expect(frames(result.stderr).slice(0, 3)).toEqual([[wrapper, 153, '<module>'], [wrapper, 38, 'main'], [wrapper, 106, 'run']]);
    expect(sourceUnder(result.stderr, wrapper)).toEqual([]);
  });
});
