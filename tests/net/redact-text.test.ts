// The one redaction rule set on free text (output, error messages) and headers (src/net/redact.ts):
// URLs inside text, credentials after an HTTP scheme word, secret `name: value` pairs in the shapes
// tools print them, and key-shaped words; ordinary text and short values survive.
import { describe, expect, it } from 'vitest';
import { redactHeaders, redactText } from '../../src/net/redact.ts';

const R = '…redacted';

describe('redactText', () => {
  it("scans for URLs: the browser's error repeating user:password, trailing punctuation kept", () => {
    expect(
      redactText(
        "TypeError: Failed to execute 'fetch' on 'WorkerGlobalScope': Request cannot be constructed from a URL that includes credentials: http://u:hunter2@127.0.0.1:9/x.",
      ),
    ).toBe(
      "TypeError: Failed to execute 'fetch' on 'WorkerGlobalScope': Request cannot be constructed from a URL that includes credentials: http://%E2%80%A6redacted@127.0.0.1:9/x.",
    );
    expect(redactText('(see https://x.example/cb?code=abcdef123&q=python), then')).toBe(
      '(see https://x.example/cb?code=%E2%80%A6redacted&q=python), then',
    );
  });

  it('credentials after Bearer, Basic, Token; not the words themselves in a sentence', () => {
    expect(redactText('curl -H "Authorization: Bearer sk-test-123456" -u x')).toBe(
      `curl -H "Authorization: ${R}" -u x`,
    );
    expect(redactText('sent bearer abcdefgh12 and Basic dXNlcjpwYXNz')).toBe(`sent bearer ${R} and Basic ${R}`);
    expect(redactText('Token expired. Basic information. Bearer of bad news.')).toBe(
      'Token expired. Basic information. Bearer of bad news.',
    );
  });

  it('secret name: value pairs as tools print them: env, YAML, JSON, Python repr; JSON stays JSON', () => {
    expect(redactText('API_KEY=abcdef MODE=dev')).toBe(`API_KEY=${R} MODE=dev`);
    expect(redactText('password: hunter2\nuser: bob')).toBe(`password: ${R}\nuser: bob`);
    expect(redactText('{"api_key": "abc", "query": "python"}')).toBe(`{"api_key": "${R}", "query": "python"}`);
    expect(redactText("{'token': 'abc', 'n': 1}")).toBe(`{'token': '${R}', 'n': 1}`);
    const json = redactText('{"token": 123456789, "n": 2.0}');
    expect(json).toBe(`{"token": "${R}", "n": 2.0}`);
    expect(JSON.parse(json)).toEqual({ token: R, n: 2 });
    expect(redactText('Cookie: session=abc123; theme=dark')).toBe(`Cookie: ${R}; theme=dark`);
  });

  it('`code` and short names as in URLs: status_code=200 and code=404 stay, code: 9f8e7d6c5b goes', () => {
    expect(redactText('status_code=200 code=404 code: 9f8e7d6c5b k=5 t=42')).toBe(
      `status_code=200 code=404 code: ${R} k=5 t=42`,
    );
  });

  it('key-shaped words anywhere: sk-, GitHub, Slack, AWS, JWT, random base64; a hex digest stays', () => {
    expect(
      redactText(
        'keys ghp_abcdefghijklmnopqrstuvwxyz0123456789, AKIAABCDEFGHIJKLMNOP. xoxp-1234567890-abcdefghij sk-ant-abcdefghijklmnop1234',
      ),
    ).toBe(`keys ${R}, ${R}. ${R} ${R}`);
    expect(redactText('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl end')).toBe(`jwt ${R} end`);
    expect(redactText('got aZ3kLm29QxZpR7tYuV1wXyZ8bCdEfGh0 back')).toBe(`got ${R} back`);
    const digest = 'sha256 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef ok';
    expect(redactText(digest)).toBe(digest);
  });

  it('leaves ordinary output alone, paths and identifiers included, and is idempotent', () => {
    const plain =
      'Saved notes/shared.md (12 bytes)\nTraceback (most recent call last):\n  File "/lib/python3.14/site-packages/requests/ThisIsALongModuleName2.py", line 3\nstatus: 200, keyword: python, max_tokens: 100\n📖 Consulting Wikipedia: "Quantum Computing"';
    expect(redactText(plain)).toBe(plain);
    const once = redactText('token=abc https://u:p@h/x?k=a1b2c3d4e5f6g7h8i9 Bearer abcdefgh12');
    expect(redactText(once)).toBe(once);
  });

  it('stays linear on a long run without separators (no backtracking blow-up)', () => {
    const run = 'a'.repeat(200_000);
    expect(redactText(run)).toBe(run);
    const words = 'key_'.repeat(50_000);
    expect(redactText(words)).toBe(words);
  });
});

describe('redactHeaders', () => {
  it('credentials and secret-named headers go; other values are read as free text', () => {
    expect(
      redactHeaders([
        ['Authorization', 'Bearer x'],
        ['Cookie', 'a=b'],
        ['X-Api-Key', 'abc'],
        ['X-Auth-Token', 'abc'],
        ['Accept', 'application/json'],
        ['X-Trace', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'],
      ]),
    ).toEqual({
      Authorization: R,
      Cookie: R,
      'X-Api-Key': R,
      'X-Auth-Token': R,
      Accept: 'application/json',
      'X-Trace': R,
    });
  });
});
