// No import circle in the TypeScript and Svelte sources (src/), read with TypeScript's own
// pre-processor; the engine's Python has its own test (tests/python/import-graph.test.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backEdges, circles, graphOf, importGraph } from './source-graph.ts';

/**
 * The folders of src/ from the bottom up: each may import only the folders before it, so the
 * dependencies run one way (docs/architecture.md). protocol holds the shared types; the engine and
 * what runs calls sit below the places that keep state (workspace, share) and show it (app, ui).
 */
export const FOLDER_ORDER = [
  'protocol',
  'agent',
  'net',
  'workspace',
  'share',
  'packages',
  'engine',
  'bash',
  'loki',
  'call',
  'scratch',
  'expect',
  'course',
  'tool-tests',
  'evals',
  'diff',
  'examples',
  'preview',
  'worker',
  'app',
  'cli',
  'ui',
  '(root)',
] as const;

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

describe('src import graph', () => {
  it('has no circle', () => {
    const graph = graphOf(SRC);
    expect(graph.size).toBeGreaterThan(150);
    expect(circles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('runs one way between folders: none imports a folder above it', () => {
    expect(backEdges(graphOf(SRC), FOLDER_ORDER)).toEqual([]);
  });

  it('names an import against the folder order, and a folder the order does not know', () => {
    const graph = importGraph({
      'protocol/types.ts': "import { x } from '../app/state.ts';",
      'app/state.ts': "import type { T } from '../protocol/types.ts';",
      'extra/new.ts': "import type { T } from '../protocol/types.ts';",
    });
    expect(backEdges(graph, ['protocol', 'app'])).toEqual([
      'extra/new.ts: folder extra is not in the order',
      'protocol/types.ts -> app/state.ts',
    ]);
    expect(backEdges(graph, ['protocol', 'app', 'extra'])).toEqual(['protocol/types.ts -> app/state.ts']);
  });

  it('sees static, type-only, re-exported and dynamic imports, and Svelte scripts; names a circle', () => {
    const graph = importGraph({
      'a.ts': "import { b } from './b.ts';\nexport type { T } from './t.ts';",
      'b.ts': "const c = () => import('./sub/c.svelte');",
      'sub/c.svelte':
        "<script lang=\"ts\">\n  import type { A } from '../a.ts';\n  import x from 'svelte';\n</script>\n<p>hi</p>",
      't.ts': "import './self.ts';",
      'self.ts': "import './self.ts';",
    });
    expect(Object.fromEntries(graph)).toEqual({
      'a.ts': ['b.ts', 't.ts'],
      'b.ts': ['sub/c.svelte'],
      'sub/c.svelte': ['a.ts'],
      't.ts': ['self.ts'],
      'self.ts': [],
    });
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'sub/c.svelte']]);
  });
});
