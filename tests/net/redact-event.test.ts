// Telemetry events as they may be kept, shown, exported and shared (src/net/redact-event.ts): every
// text an event carries, its URLs, and its JSON values member by member; ids, times and paths stay.
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { redactEvent, redactJson } from '../../src/net/redact-event.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';

const R = '…redacted';
const KEY = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';

describe('redactEvent', () => {
  it('reads every text of every event type that carries one, and keeps the rest as it was', () => {
    const events: TelemetryEvent[] = [
      {
        type: 'call.started',
        callId: 'c',
        tool: 'tool_get',
        args: { url: 'https://x.example/?api_key=abc', api_key: 'abc', query: 'python', n: new LosslessNumber('2.0') },
        argsJson: '{"api_key": "abc", "query": "python", "n": 2.0}',
        statusLine: `Fetching with ${KEY}`,
        t: 1,
      },
      { type: 'confirm.asked', callId: 'c', tool: 't', label: 'token=abc', content: `send ${KEY}?`, t: 2 },
      { type: 'confirm.answered', callId: 'c', decision: 'reject', reason: `not ${KEY}`, t: 3 },
      { type: 'call.stdout', callId: 'c', text: 'password: hunter2\n', t: 4 },
      { type: 'call.stderr', callId: 'c', text: 'GET http://u:p@h/x failed\n', t: 5 },
      {
        type: 'package.installing',
        callId: 'c',
        requirements: ['pkg @ https://u:tok@index.example/pkg.whl'],
        done: false,
        t: 6,
      },
      {
        type: 'package.installed',
        callId: 'c',
        name: 'pkg',
        version: '1',
        source: 'index',
        url: 'https://u:tok@index.example/pkg.whl',
        bytes: 1,
        cached: false,
        ms: 1,
        t: 7,
      },
      {
        type: 'package.failed',
        callId: 'c',
        requirement: 'pkg',
        message: 'no answer from https://index.example/?token=abc',
        t: 8,
      },
      {
        type: 'net.request',
        callId: 'c',
        method: 'GET',
        url: 'http://u:hunter2@127.0.0.1:9/x',
        status: 0,
        bytes: 0,
        ms: 1,
        error: 'Request cannot be constructed from a URL that includes credentials: http://u:hunter2@127.0.0.1:9/x',
        t: 9,
      },
      {
        type: 'call.finished',
        callId: 'c',
        result: { output: `key ${KEY}`, code: 200, session_id: 'abc123xyz' },
        durationMs: 1,
        t: 10,
      },
      { type: 'call.failed', callId: 'c', reason: 'error', message: `bad token=abc`, durationMs: 1, t: 11 },
      { type: 'agent.text', callId: 'c', round: 1, text: `Here: ${KEY}`, t: 12 },
      { type: 'fs.changed', callId: 'c', created: ['token=abc.txt'], modified: [], deleted: [], t: 13 },
    ];
    const out = events.map(redactEvent);
    const text = JSON.stringify(out);
    for (const secret of [KEY, 'hunter2', 'tok@', 'abc123xyz', '"abc"', 'u:p@'])
      expect(text, secret).not.toContain(secret);
    expect(out[0]).toMatchObject({
      args: { url: 'https://x.example/?api_key=%E2%80%A6redacted', api_key: R, query: 'python' },
      argsJson: `{"api_key": "${R}", "query": "python", "n": 2.0}`,
      statusLine: `Fetching with ${R}`,
    });
    // A number kept as Python wrote it stays that very number.
    expect((out[0] as { args: { n: unknown } }).args.n).toBeInstanceOf(LosslessNumber);
    expect(out[8]).toMatchObject({ url: 'http://%E2%80%A6redacted@127.0.0.1:9/x', status: 0 });
    expect(out[9]).toMatchObject({ result: { output: `key ${R}`, code: 200, session_id: R } });
    // Paths are the workspace's own names: they stay.
    expect(out[12]).toEqual(events[12]);
    expect(out.map((e) => [e.type, e.callId, e.t])).toEqual(events.map((e) => [e.type, e.callId, e.t]));
  });
});

describe('redactJson', () => {
  it('replaces values under secret names at any depth, reads strings as text, keeps numbers under ordinary names', () => {
    expect(
      redactJson({
        headers: { Authorization: 'Bearer x', Accept: 'text/plain' },
        list: [{ password: 'p' }, 'see https://x.example/?sig=abc'],
        max_tokens: 100,
        token: 123456,
        status_code: 200,
        auth: true,
      }),
    ).toEqual({
      headers: { Authorization: R, Accept: 'text/plain' },
      list: [{ password: R }, 'see https://x.example/?sig=%E2%80%A6redacted'],
      max_tokens: 100,
      token: R,
      status_code: 200,
      auth: true,
    });
  });
});
