import { describe, expect, it } from 'vitest';
import { bashDeclarations } from '../../src/bash/declarations.ts';
import { listConformance, readConformance, readConformanceJson } from './conformance.ts';

type Expected = { loki: unknown; llm_functions: unknown };

const toolCases = listConformance('loki_cases/bash').filter((f) => f.endsWith('.sh'));
const agentCases: Array<[string, string]> = [
  ['tools.sh', 'agent_tools_sh.json'],
  ['tools_missing_describe.sh', 'agent_tools_missing_describe_sh.json'],
];

describe('Bash declarations match the references (loki_expected/decl)', () => {
  it('covers every recorded bash case', () => {
    expect(toolCases.length).toBe(12);
  });
  for (const file of toolCases) {
    const expected = readConformanceJson(`loki_expected/decl/${file.replace(/\.sh$/, '.json')}`) as Expected;
    const source = readConformance(`loki_cases/bash/${file}`);
    it(`${file} (loki)`, () => {
      expect(bashDeclarations(source, `/ws/functions/tools/${file}`, 'loki')).toEqual(expected.loki);
    });
    it(`${file} (llm-functions)`, () => {
      expect(bashDeclarations(source, `tools/${file}`, 'llm-functions')).toEqual(expected.llm_functions);
    });
  }
  for (const [file, golden] of agentCases) {
    const expected = readConformanceJson(`loki_expected/decl/${golden}`) as Expected;
    // The oracle copies agent cases to agents/oracle/tools.sh, so the stem is `tools`.
    const source = readConformance(`loki_cases/bash-agent/${file}`);
    it(`agent ${file} (loki)`, () => {
      expect(bashDeclarations(source, '/ws/agents/oracle/tools.sh', 'loki')).toEqual(expected.loki);
    });
    it(`agent ${file} (llm-functions)`, () => {
      expect(bashDeclarations(source, 'agents/oracle/tools.sh', 'llm-functions')).toEqual(expected.llm_functions);
    });
  }
});
