// The browser build ships the engine compiled (src/engine/bytecode.node.ts, vite.config.ts): every
// module gets a .pyc that this Pyodide accepts, and an installed engine runs the compiled code
// rather than compiling its source again (a probe module whose source says otherwise proves it).
import { describe, expect, it } from 'vitest';
import { loadPyodide } from 'pyodide';
import { compileEngineBytecode } from '../../src/engine/bytecode.node.ts';
import { installEngine } from '../../src/engine/install.ts';
import { readEngineSources } from '../../src/engine/sources.node.ts';
import { Engine } from '../../src/engine/engine.ts';

describe('engine bytecode', () => {
  it('compiles every module, and Python imports the compiled ones', { timeout: 120_000 }, async () => {
    const sources = { ...readEngineSources(), 'toolplay/_bytecode_probe.py': 'MADE_FROM = "the compiled text"\n' };
    const bytecode = await compileEngineBytecode(sources);
    const modules = Object.keys(sources).map((rel) => rel.replace(/([^/]+)\.py$/, '__pycache__/$1.cpython-314.pyc'));
    expect(Object.keys(bytecode).sort()).toEqual(modules.sort());

    const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
    installEngine(py, { ...sources, 'toolplay/_bytecode_probe.py': 'MADE_FROM = "the source"\n' }, bytecode);
    expect(py.runPython('import toolplay._bytecode_probe as p; p.MADE_FROM')).toBe('the compiled text');
    // The compiled engine works: a real method through the one door.
    expect(new Engine(py).call('ping', {}).python).toMatch(/^3\.14\./);
  });
});
