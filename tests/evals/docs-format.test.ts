// docs/evals.md shows the format by example: its JSON block reads as an eval file and its one-line
// refusal is the reader's own line, so the documentation cannot drift from the reader.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evalProblemLine, readEvalFile } from '../../src/evals/read.ts';

const DOC = readFileSync(new URL('../../docs/evals.md', import.meta.url), 'utf8');
const blocks = [...DOC.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());

describe('docs/evals.md', () => {
  it('its example reads as an eval file with three cases', () => {
    expect(blocks).toHaveLength(1);
    const read = readEvalFile('evals/sums.toolplay-eval.json', blocks[0]!);
    if ('problem' in read) throw new Error(evalProblemLine(read.problem));
    expect(read.cases.map((c) => [c.name, c.profiles, c.runs, c.minPassRate, c.execute])).toEqual([
      ['sums a list', ['standard', 'lcp'], 10, 0.8, true],
      ['no tool for a greeting', ['standard', 'lcp'], 3, 0.8, true],
      ['searches, then answers from the recorded page', ['hub'], 10, 0.8, false],
    ]);
  });

  it("quotes the reader's refusal word for word", () => {
    const quoted = /^toolplay: (evals\/bad\.toolplay-eval\.json: .*)$/m.exec(DOC)?.[1];
    const read = readEvalFile(
      'evals/bad.toolplay-eval.json',
      JSON.stringify({
        toolplayEvals: 1,
        cases: [{ name: 'typo', message: 'sum', expect: { tool: 'tool_sum', arg: {} } }],
      }),
    );
    expect('problem' in read ? evalProblemLine(read.problem) : null).toBe(quoted);
  });
});
