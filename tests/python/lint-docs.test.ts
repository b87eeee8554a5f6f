// Every code the linter can emit is documented in docs/diagnostics.md and asserted by a lint test.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../', import.meta.url);
const read = (rel: string): string => readFileSync(new URL(rel, repo), 'utf8');
const codesIn = (text: string, pattern: RegExp): Set<string> => new Set([...text.matchAll(pattern)].map((m) => m[1] ?? ''));

const engineFiles = readdirSync(new URL('python/toolplay/lint/', repo)).filter((f) => f.endsWith('.py'));
const emitted = codesIn(engineFiles.map((f) => read(`python/toolplay/lint/${f}`)).join('\n'), /"((?:LCP|LTP|LOKI|PY)\d{3})"/g);
const documented = codesIn(read('docs/diagnostics.md'), /^## ((?:LCP|LTP|LOKI|PY)\d{3}) /gm);
const testFiles = readdirSync(new URL('tests/python/', repo)).filter((f) => /^lint-.*\.test\.ts$/.test(f) && f !== 'lint-docs.test.ts');
const tested = codesIn(testFiles.map((f) => read(`tests/python/${f}`)).join('\n'), /\[".*?", "((?:LCP|LTP|LOKI|PY)\d{3})", "/g);

describe('diagnostic codes', () => {
  it('the engine emits a sane number of codes', () => {
    expect(emitted.size).toBeGreaterThanOrEqual(40);
  });
  it('every emitted code has a section in docs/diagnostics.md, and every section a code', () => {
    expect([...emitted].filter((c) => !documented.has(c))).toEqual([]);
    expect([...documented].filter((c) => !emitted.has(c))).toEqual([]);
  });
  it('every emitted code is asserted by a lint test with its exact range and message', () => {
    expect([...emitted].filter((c) => !tested.has(c)).sort()).toEqual([]);
  });
});
