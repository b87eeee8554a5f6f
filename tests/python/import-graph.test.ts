/**
 * No import circle in the engine: every module of python/toolplay, every import (function-level
 * ones included) read with Python's own `ast` in the tests' Pyodide. A circle fails the test and
 * is named module by module.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { readEngineSources } from '../../src/engine/sources.node.ts';
import { getEngine } from './engine.ts';

const ANALYSER = readFileSync(new URL('./import_graph.py', import.meta.url), 'utf8');

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
});

/** `[graph, circles]` of a package given as `{"toolplay/x.py": text}`. */
function analyse(sources: Record<string, string>): { graph: Record<string, string[]>; circles: string[][] } {
  engine.py.globals.set('_ig_input', JSON.stringify({ analyser: ANALYSER, sources }));
  const out = engine.py.runPython(`
import json
_ig_args = json.loads(_ig_input)
_ig = {}
exec(_ig_args["analyser"], _ig)
_ig_graph = _ig["import_graph"](_ig_args["sources"])
json.dumps({"graph": {k: sorted(v) for k, v in _ig_graph.items()}, "circles": _ig["cycles"](_ig_graph)})
`) as string;
  return JSON.parse(out) as { graph: Record<string, string[]>; circles: string[][] };
}

describe('engine import graph', () => {
  it('has no circle', () => {
    const { graph, circles } = analyse(readEngineSources());
    expect(Object.keys(graph).length).toBeGreaterThan(50);
    expect(circles.map((c) => c.join(' -> '))).toEqual([]);
  });

  it('sees the imports it must: relative, absolute, inside functions, through packages, by name', () => {
    const { graph } = analyse(readEngineSources());
    expect(graph['toolplay.api']).toEqual(expect.arrayContaining(['toolplay.core.usage', 'toolplay.hosts.registry', 'toolplay.lint.run']));
    expect(graph['toolplay.hosts.registry']).toEqual(expect.arrayContaining(['toolplay.hosts.lcp.host', 'toolplay.hosts.hub.host', 'toolplay.hosts.loki.host', 'toolplay.hosts.standard.host']));
    expect(graph['toolplay.lint.hub']).toEqual(expect.arrayContaining(['toolplay.hosts.hub.tools_manager', 'toolplay.hosts', 'toolplay.hosts.hub']));
  });

  it('names a circle, also one closed by an import inside a function', () => {
    const { circles } = analyse({
      'pkg/__init__.py': '',
      'pkg/a.py': 'from .b import f\n',
      'pkg/b.py': 'def f():\n    from . import c\n',
      'pkg/c.py': 'import pkg.a\n',
      'pkg/sub/__init__.py': 'from .d import x\n',
      'pkg/sub/d.py': 'x = 1\n',
      'pkg/e.py': 'from .sub.d import x\n',
    });
    expect(circles).toEqual([['pkg.a', 'pkg.b', 'pkg.c', 'pkg.a']]);
  });

  it('counts a package whose __init__ imports back into the importer', () => {
    const { circles } = analyse({
      'pkg/__init__.py': '',
      'pkg/sub/__init__.py': 'from ..user import y\n',
      'pkg/sub/d.py': 'x = 1\n',
      'pkg/user.py': 'from .sub.d import x\ny = 2\n',
    });
    expect(circles).toEqual([['pkg.sub', 'pkg.user', 'pkg.sub']]);
  });
});
