// What engine `call` returns, read in one place: today the host's result itself; with the call
// runner of TEAM.md contract 3, {result, durationMs} or {escaped, durationMs}.
import { describe, expect, it } from 'vitest';
import { hostOutcome } from '../../src/course/scratch-run.ts';

describe('hostOutcome', () => {
  it('takes a host result as it is (LCP and Loki results carry no durationMs)', () => {
    const lcp = { output: 'hi', status_code: 200, success: true };
    expect(hostOutcome(lcp)).toEqual({ result: lcp });
    expect(hostOutcome(null)).toEqual({ result: null });
    const loki = { exit_code: 0, llm_output: '3', model_value: 3, stdout: '', stderr: '' };
    expect(hostOutcome(loki)).toEqual({ result: loki });
  });

  it('unwraps the runner of contract 3', () => {
    expect(hostOutcome({ result: { success: false }, durationMs: 3 })).toEqual({ result: { success: false } });
    expect(hostOutcome({ escaped: 'SystemExit: 3', durationMs: 1 })).toEqual({ escaped: 'SystemExit: 3' });
  });
});
