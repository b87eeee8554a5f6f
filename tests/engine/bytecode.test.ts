// The browser build ships the engine compiled (src/engine/bytecode.node.ts, vite.config.ts): every
// module gets a .pyc that this Pyodide accepts, the standard-library modules the engine imports come
// along compiled, and an installed engine runs the compiled code rather than compiling its source
// again (a probe module whose source says otherwise proves it).
import { describe, expect, it } from 'vitest';
import { engineFs } from '../../src/engine/fs.ts';
import { loadPyodide } from 'pyodide';
import { compileEngine } from '../../src/engine/bytecode.node.ts';
import { installEngine } from '../../src/engine/install.ts';
import { readEngineSources } from '../../src/engine/sources.node.ts';
import { Engine } from '../../src/engine/engine.ts';

describe('engine bytecode', () => {
  it(
    'compiles every module and the stdlib modules it imports; Python imports the compiled ones',
    { timeout: 120_000 },
    async () => {
      const engineSources = {
        ...readEngineSources(),
        'toolplay/_bytecode_probe.py': 'MADE_FROM = "the compiled text"\n',
      };
      const { sources, bytecode } = await compileEngine(engineSources);
      const pyc = (rel: string): string => rel.replace(/([^/]+)\.py$/, '__pycache__/$1.cpython-314.pyc');
      expect(Object.keys(bytecode).sort()).toEqual(Object.keys(sources).map(pyc).sort());
      for (const [rel, text] of Object.entries(engineSources)) expect(sources[rel]).toBe(text);
      // ast.unparse (LCP's non-literal defaults) lives in a module of its own since Python 3.14.
      expect(sources['stdlib/_ast_unparse.py']).toContain('class Unparser(NodeVisitor)');
      expect(Object.keys(sources).filter((rel) => rel.startsWith('stdlib/') && rel.slice(7).includes('/'))).toEqual([]);

      const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
      installEngine(py, { ...sources, 'toolplay/_bytecode_probe.py': 'MADE_FROM = "the source"\n' }, bytecode);
      expect(py.runPython('import toolplay._bytecode_probe as p; p.MADE_FROM')).toBe('the compiled text');
      expect(py.runPython('import _ast_unparse; _ast_unparse.__cached__')).toBe(
        '/toolplay-engine/stdlib/__pycache__/_ast_unparse.cpython-314.pyc',
      );
      // The compiled engine works: a real method through the one door, and ast.unparse from stdlib/.
      const engine = new Engine(py);
      expect(engine.call('ping', {}).python).toMatch(/^3\.14\./);
      engineFs(py).mkdirTree('/t');
      engineFs(py).writeFile('/t/x.py', 'LIMIT = 3\n\ndef tool_x(n: int = LIMIT * 2):\n    """X."""\n');
      const [tool] = engine.call('schema', { paths: ['/t'], profile: 'lcp', format: 'native' }) as {
        input_schema: { properties: { n: { default: unknown } } };
      }[];
      expect(tool?.input_schema.properties.n.default).toBe('LIMIT * 2');
    },
  );
});
