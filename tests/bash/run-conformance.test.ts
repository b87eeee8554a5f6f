import { describe, expect, it } from 'vitest';
import { InMemoryFs } from 'just-bash';
import { runBashTool } from '../../src/bash/run-tool.ts';
import { readConformance, readConformanceJson, runCases } from './conformance.ts';

interface ExpectedRun {
  exit_code: number;
  llm_output: string;
  loki_model_value_emulated: unknown;
  stdout: string;
}

const bashCases = runCases().filter((c) => c.file.endsWith('.sh'));

/** Lays the tool out as the oracle does: <root>/functions/tools/<stem>.sh, cwd an empty dir. */
async function run(file: string, json: string) {
  const fs = new InMemoryFs();
  const base = file.split('/').pop() ?? file;
  await fs.mkdir('/loki/functions/tools', { recursive: true });
  await fs.mkdir('/loki/cwd', { recursive: true });
  await fs.writeFile(`/loki/functions/tools/${base}`, readConformance(file));
  return runBashTool({
    fs,
    toolPath: `/loki/functions/tools/${base}`,
    args: json,
    cwd: '/loki/cwd',
    env: { HOME: '/home/user', PATH: '/usr/bin:/bin' },
  });
}

describe('Bash run cases match Loki (loki_expected/run/b*_bash_*)', () => {
  it('has the recorded bash cases', () => {
    expect(bashCases.map((c) => c.name)).toHaveLength(7);
  });
  for (const c of bashCases) {
    it(c.name, async () => {
      const expected = readConformanceJson(`loki_expected/run/${c.name}.json`) as ExpectedRun;
      const result = await run(c.file, c.json);
      expect(result.exit_code).toBe(expected.exit_code);
      expect(result.llm_output).toBe(expected.llm_output);
      expect(result.model_value).toEqual(expected.loki_model_value_emulated);
      expect(result.stdout).toBe(expected.stdout);
    });
  }
});
