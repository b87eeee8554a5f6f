// The gallery's examples ship tool tests, so a newcomer sees the feature working: every example's
// test files read, and every test in them passes with the real engine, on the example's files as
// the app opens them (each test on its own scratch copy, as the Tests tab runs it).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { encodeFiles } from '../../src/course/run-check.ts';
import { EXAMPLES } from '../../src/examples/index.ts';
import { isTestFile } from '../../src/tool-tests/format.ts';
import { readTestFile, type ReadTestFile } from '../../src/tool-tests/read.ts';
import { casesOf, layoutProfile, runCases } from '../../src/tool-tests/run.ts';
import { resultLines } from '../../src/tool-tests/report.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

const withTests = EXAMPLES.filter((e) => Object.keys(e.files).some(isTestFile));

describe('gallery tool tests', () => {
  it('at least two examples ship tests (an LCP and a Loki one)', () => {
    expect(withTests.map((e) => e.id)).toEqual(expect.arrayContaining(['lcp-quirks', 'loki-tools']));
  });

  it.each(withTests.map((e) => [e.id, e] as const))(
    '%s: every shipped test passes',
    async (_id, example) => {
      const files = encodeFiles(example.files);
      const read: ReadTestFile[] = [];
      for (const [path, text] of Object.entries(example.files)) {
        if (!isTestFile(path)) continue;
        const file = readTestFile(path, text);
        if ('problem' in file) throw new Error(`${path} does not read: ${file.problem.message}`);
        read.push(file);
      }
      const cases = casesOf(read, layoutProfile(files.keys()));
      expect(cases.length).toBeGreaterThan(0);
      const results = await runCases(host, files, cases);
      expect(results.filter((r) => !r.passed).flatMap(resultLines)).toEqual([]);
      expect(results).toHaveLength(cases.length);
    },
    120_000,
  );
});
