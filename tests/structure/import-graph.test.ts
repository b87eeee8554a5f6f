// No import circle in the TypeScript and Svelte sources (src/), read with TypeScript's own
// pre-processor; the engine's Python has its own test (tests/python/import-graph.test.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circles, graphOf, importGraph } from './source-graph.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

describe('src import graph', () => {
  it('has no circle', () => {
    const graph = graphOf(SRC);
    expect(graph.size).toBeGreaterThan(150);
    expect(circles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('sees static, type-only, re-exported and dynamic imports, and Svelte scripts; names a circle', () => {
    const graph = importGraph({
      'a.ts': "import { b } from './b.ts';\nexport type { T } from './t.ts';",
      'b.ts': "const c = () => import('./sub/c.svelte');",
      'sub/c.svelte': "<script lang=\"ts\">\n  import type { A } from '../a.ts';\n  import x from 'svelte';\n</script>\n<p>hi</p>",
      't.ts': "import './self.ts';",
      'self.ts': "import './self.ts';",
    });
    expect(Object.fromEntries(graph)).toEqual({ 'a.ts': ['b.ts', 't.ts'], 'b.ts': ['sub/c.svelte'], 'sub/c.svelte': ['a.ts'], 't.ts': ['self.ts'], 'self.ts': [] });
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'sub/c.svelte']]);
  });
});
