// How a call ended, as the call status, the result panel and the telemetry show it (src/app/lib/outcome.ts).
import { describe, expect, it } from 'vitest';
import { callState } from '../../src/app/lib/outcome.ts';

const finished = (result: unknown) => callState({ status: 'finished', result });

describe('callState', () => {
  it('a host that reports success: finished', () => {
    expect(finished({ output: 'hi', status_code: 200, success: true })).toEqual({
      state: 'finished',
      label: 'Finished',
      detail: '',
    });
    expect(finished({ exit_code: 0, llm_output: '', model_value: 'x', stdout: '', stderr: '' }).state).toBe('finished');
    // What a tool returned through the hub is the host's business: only the host's own fields count.
    expect(finished('plain text').state).toBe('finished');
    expect(
      finished({ error: 'an error without success: false is a success in LCP', status_code: 200, success: true }).state,
    ).toBe('finished');
  });

  it('LCP success: false, a status >= 400 and a crash result: tool failed', () => {
    expect(finished({ output: 'no', error: 'no', success: false, status_code: 500 })).toEqual({
      state: 'tool-failed',
      label: 'Tool failed',
      detail: 'status 500',
    });
    expect(finished({ error: "Tool 'x' not found.", status_code: 404 })).toEqual({
      state: 'tool-failed',
      label: 'Tool failed',
      detail: 'status 404',
    });
    expect(
      finished({
        output: {},
        error: "Tool 'x' crashed: boom",
        traceback: 'Traceback…',
        success: false,
        status_code: 500,
      }).detail,
    ).toBe('crashed');
    expect(finished({ success: false }).detail).toBe('success: false');
  });

  it('Loki: an exit code other than 0 is a failed tool', () => {
    expect(
      finished({ exit_code: 1, llm_output: '', model_value: { output: '' }, stdout: '', stderr: 'Traceback' }),
    ).toEqual({
      state: 'tool-failed',
      label: 'Tool failed',
      detail: 'exit code 1',
    });
  });

  it('stopped, timed out, crashed and toolplay errors are told apart', () => {
    expect(callState({ status: 'failed', reason: 'stopped' })).toEqual({
      state: 'stopped',
      label: 'Stopped',
      detail: '',
    });
    expect(callState({ status: 'failed', reason: 'timeout' })).toEqual({
      state: 'timeout',
      label: 'Timed out',
      detail: '',
    });
    expect(callState({ status: 'failed', reason: 'crashed' })).toEqual({
      state: 'tool-failed',
      label: 'Tool failed',
      detail: 'crashed',
    });
    expect(callState({ status: 'failed', reason: 'error' })).toEqual({
      state: 'error',
      label: 'toolplay error',
      detail: '',
    });
  });
});
