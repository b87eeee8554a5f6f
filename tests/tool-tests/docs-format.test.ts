// docs/tool-tests.md shows the format by example: each JSON block there reads as a test file (a
// whole file, one test or a list of tests, or an `expect`), so the documentation cannot drift from
// the reader; and its one-line refusal is the reader's own line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTestFile } from '../../src/tool-tests/read.ts';
import { problemLine } from '../../src/tool-tests/problem.ts';

const DOC = readFileSync(new URL('../../docs/tool-tests.md', import.meta.url), 'utf8');
const blocks = [...DOC.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());

/** A block as a whole file: a file as it is, a test or tests in a list, an `expect` in a test. */
function asFile(block: string): string {
  if (block.startsWith('{\n  "toolplayTests"')) return block;
  if (block.startsWith('"expect"')) return `{"toolplayTests": 1, "tests": [{"name": "x", "tool": "t", ${block}}]}`;
  return `{"toolplayTests": 1, "tests": [${block}]}`;
}

describe('docs/tool-tests.md', () => {
  it('has the examples this test reads', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });

  it.each(blocks.map((b, i) => [i, b] as const))('JSON block %i reads as a test file', (_i, block) => {
    const read = readTestFile('doc.toolplay-test.json', asFile(block));
    expect('problem' in read ? problemLine(read.problem) : null).toBeNull();
  });

  it("quotes the reader's refusal word for word", () => {
    const quoted = /^toolplay: (tests\/maths\.toolplay-test\.json: .*)$/m.exec(DOC)?.[1];
    const read = readTestFile(
      'tests/maths.toolplay-test.json',
      JSON.stringify({
        toolplayTests: 1,
        tests: [{ name: 'adds two numbers', tool: 'tool_add', expect: { result: { equal: 5 } } }],
      }),
    );
    expect('problem' in read ? problemLine(read.problem) : null).toBe(quoted);
  });
});
