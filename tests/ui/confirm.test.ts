import { describe, expect, it } from 'vitest';
import { ConfirmQueue } from '../../src/app/state/confirm.svelte.ts';

const req = (callId: string, label: string) => ({
  callId,
  tool: 'tool_run_file_command',
  label,
  content: 'rm docs/old.txt',
  raw: null,
});

describe('ConfirmQueue', () => {
  it('shows one request at a time and resolves each with its own answer', async () => {
    const q = new ConfirmQueue();
    const first = q.ask(req('c1', 'first'));
    const second = q.ask(req('c1', 'second'));
    expect(q.current?.label).toBe('first');
    expect(q.size).toBe(2);
    q.answer('allow');
    expect(await first).toEqual({ decision: 'allow' });
    expect(q.current?.label).toBe('second');
    q.answer('reject', '  not today ');
    expect(await second).toEqual({ decision: 'reject', reason: 'not today' });
    expect(q.current).toBeNull();
  });

  it('rejects the pending requests of a stopped call and keeps the others', async () => {
    const q = new ConfirmQueue();
    const stopped = q.ask(req('c1', 'a'));
    const other = q.ask(req('c2', 'b'));
    q.dropCall('c1');
    expect(await stopped).toEqual({ decision: 'reject', reason: 'The call was stopped.' });
    expect(q.current?.callId).toBe('c2');
    q.answer('always');
    expect(await other).toEqual({ decision: 'always' });
  });
});
