// The Evals tab's code reaches the shared runner without a Node module: every file the browser's
// evals import (the tab's state, its panel, Save as eval), followed through the source graph, imports
// no `node:` module and not the JUnit builder (only the CLI's `toolplay eval` loads those).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { graphOf } from '../structure/source-graph.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ENTRIES = [
  'app/state/evals.svelte.ts',
  'app/state/evals-of.ts',
  'app/state/eval-draft.svelte.ts',
  'ui/evals/EvalsPanel.svelte',
  'ui/evals/SaveAsEval.svelte',
];
const NODE_ONLY = /^(node:|fs$|path$|os$|child_process$|junit-report-builder$)/;

/** Every source file the entries reach. */
function reached(graph: Map<string, string[]>): Set<string> {
  const seen = new Set<string>();
  const walk = (f: string): void => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const next of graph.get(f) ?? []) walk(next);
  };
  ENTRIES.forEach(walk);
  return seen;
}

/** The packages and built-ins a file imports (its bare specifiers). */
function bareImports(path: string): string[] {
  let text = readFileSync(`${SRC}${path}`, 'utf8');
  if (path.endsWith('.svelte'))
    text = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('\n');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => !s.startsWith('.'));
}

describe("the browser's evals", () => {
  it('reach src/evals/run.ts and import no Node module on the way', () => {
    const files = reached(graphOf(SRC));
    expect(files.has('evals/run.ts')).toBe(true);
    expect(files.has('evals/scratch-ports.ts')).toBe(true);
    const nodeOnly = [...files].flatMap((f) =>
      bareImports(f)
        .filter((s) => NODE_ONLY.test(s))
        .map((s) => `${f}: ${s}`),
    );
    expect(nodeOnly).toEqual([]);
  });
});
