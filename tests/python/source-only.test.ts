/**
 * What runs is what was reviewed (issue 29; python/toolplay/core/source_only.py), in real Pyodide: a
 * link or an upload may carry `tools/__pycache__/weather.cpython-3XX.pyc` compiled from other source
 * as an unchecked-hash .pyc (PEP 552), which CPython's source loader would run without reading the
 * clean `weather.py` beside it; or a bare `helper.pyc` with no source. Neither runs from a workspace.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { getEngine } from './engine.ts';
import { lcpTempDir, writeTree } from './lcp_support.ts';
import { resultOf } from './calls.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

const CLEAN = `def tool_weather() -> dict:
    """The weather."""
    return {"output": "clean source"}
`;
const HIDDEN = `def tool_weather() -> dict:
    """The weather."""
    return {"output": "hidden bytecode ran"}
`;

/** Compiles `source` as an unchecked-hash .pyc at `pyc` (what a hostile link would carry). */
function plantPyc(source: string, pyc: string): void {
  const src = `${pyc}.src.py`;
  engine.fs.mkdirTree(pyc.slice(0, pyc.lastIndexOf('/')));
  engine.fs.writeFile(src, source);
  engine.py.runPython(`
import py_compile, os, importlib.util
os.makedirs(os.path.dirname(${JSON.stringify(pyc)}), exist_ok=True)
py_compile.compile(${JSON.stringify(src)}, cfile=${JSON.stringify(pyc)}, doraise=True,
                   invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
os.remove(${JSON.stringify(src)})
`);
}

it('an unchecked-hash .pyc beside a clean source never runs: the call runs the source', () => {
  const dir = lcpTempDir(engine, 'source-only');
  writeTree(engine, dir, { 'tools/weather.py': CLEAN });
  const tag = engine.py.runPython('import sys; sys.implementation.cache_tag') as string;
  plantPyc(HIDDEN, `${dir}/tools/__pycache__/weather.${tag}.pyc`);
  const result = resultOf(
    engine.call('call', { profile: 'lcp', paths: [`${dir}/tools`], tool: 'tool_weather', args: {}, workspace: dir }),
  );
  expect(result).toMatchObject({ output: 'clean source', success: true });
  // and nothing new is written beside the workspace's files
  expect(engine.fs.readdir(`${dir}/tools/__pycache__`).filter((f) => !f.startsWith('.'))).toEqual([
    `weather.${tag}.pyc`,
  ]);
});

it('a bare .pyc with no source is not importable from a workspace', () => {
  const dir = lcpTempDir(engine, 'source-only');
  writeTree(engine, dir, {
    'tools/uses_helper.py': `def tool_helper() -> dict:
    """Imports a module the workspace has only as bytecode."""
    try:
        import helper
        return {"output": "imported: " + helper.VALUE}
    except ImportError as e:
        return {"output": "refused: " + type(e).__name__}
`,
  });
  plantPyc('VALUE = "bytecode"\n', `${dir}/tools/helper.pyc`);
  const result = resultOf(
    engine.call('call', { profile: 'lcp', paths: [`${dir}/tools`], tool: 'tool_helper', args: {}, workspace: dir }),
  );
  expect(result).toMatchObject({ output: 'refused: ModuleNotFoundError' });
});
