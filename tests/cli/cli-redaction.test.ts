// `toolplay call` prints a tool's output and its telemetry with secrets redacted by the app's own rule
// set (src/net/redact.ts): the copy of its stdout/stderr, the --events NDJSON and its net.request
// lines. The result on stdout is the tool's answer as it returned it. No request leaves: --no-network.
import { describe, expect, it } from 'vitest';
import { sandbox, toolplay } from './run.ts';

const TOOL = `import sys, urllib.request


def tool_leak() -> dict:
    """Prints what a careless tool prints."""
    print("calling https://api.example.org/v1?q=python&api_key=abc123 with Bearer sk-test-0123456789")
    print("token: ghp_abcdefghijklmnopqrstuvwxyz0123456789", file=sys.stderr)
    try:
        urllib.request.urlopen("http://u:hunter2@127.0.0.1:9/x?code=zz9plural")
    except Exception as e:
        print("failed:", e, file=sys.stderr)
    return {"success": True, "output": "status_code=200"}
`;
const root = sandbox({ 'lcp/leak.py': TOOL, 'ws/.keep': '', 'cwd/.keep': '' });
const SECRETS = ['abc123', 'sk-test-0123456789', 'ghp_', 'hunter2', 'zz9plural'];
const T = { timeout: 300_000 };

describe('toolplay call redacts', () => {
  it('the copy of the tool output on stderr, and every --events line; the result stays as returned', T, async () => {
    const args = ['call', `${root}/lcp`, 'tool_leak', '{}', '--workspace', `${root}/ws`, '--no-network'];
    const plain = await toolplay(args, `${root}/cwd`);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout)).toMatchObject({ output: 'status_code=200' });
    for (const s of SECRETS) expect(plain.stderr, s).not.toContain(s);
    expect(plain.stderr).toContain(
      'https://api.example.org/v1?q=python&api_key=%E2%80%A6redacted with Bearer …redacted',
    );
    expect(plain.stderr).toContain('token: …redacted');

    const events = await toolplay([...args, '--events'], `${root}/cwd`);
    expect(events.code).toBe(0);
    for (const s of SECRETS) expect(events.stderr, s).not.toContain(s);
    const lines = events.stderr
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; url?: string });
    expect(lines.find((e) => e.type === 'net.request')).toMatchObject({
      url: 'http://%E2%80%A6redacted@127.0.0.1:9/x?code=%E2%80%A6redacted',
      error: 'network off',
    });
  });
});
