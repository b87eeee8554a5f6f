// `toolplay chat`: the agent loop in a terminal, with a script or a real local endpoint, and its exit codes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chunk, httpError, startChatServer, stream, type ChatServer } from '../support/chat-server.ts';
import { sandbox, toolplay } from './run.ts';

const LIB = `def tool_write_note(name: str, text: str):
    """Write a note into the workspace.

    Args:
        name (str): File name.
        text (str): Content.
    """
    with open(name, "w") as f:
        f.write(text)
    return {"success": True, "output": f"wrote {name}"}


def tool_delete(path: str):
    """Delete a file after asking.

    Args:
        path (str): File to delete.
    """
    decision, reason = _H("rm " + path, "[RISKY] delete")
    return {"success": decision != "reject", "output": f"{decision}: {reason}"}


_H = None


def set_confirm_handler(h):
    global _H
    _H = h
`;

let server: ChatServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function setup(script?: unknown[]): string {
  return sandbox({
    'tools/notes.py': LIB,
    'ws/.keep': '',
    ...(script ? { 'script.json': JSON.stringify(script) } : {}),
  });
}

describe('toolplay chat with a script', () => {
  it('runs the loop, writes into the workspace and prints the transcript (exit 0)', async () => {
    const dir = setup([
      { call: 'tool_write_note', args: { name: 'n.md', text: 'hello' } },
      { say: 'Saved: {{last_result}}' },
    ]);
    const r = await toolplay(
      ['chat', 'tools', 'save a note', '--profile', 'lcp', '--workspace', 'ws', '--script', 'script.json'],
      dir,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      end: unknown;
      messages: Array<{ role: string; calls?: Array<{ sent?: string; statusLine?: string }> }>;
    };
    expect(out.end).toEqual({
      kind: 'final',
      answer: 'Saved: {"output":"wrote n.md","status_code":200,"success":true}',
    });
    expect(out.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(out.messages[1]?.calls?.[0]?.statusLine).toBe('🛠️ Write Note: ""\n');
    expect(readFileSync(join(dir, 'ws/n.md'), 'utf8')).toBe('hello');
  });

  it('--wire ndjson prints the hub stream, chunk by chunk', async () => {
    const dir = setup([{ call: 'tool_write_note', args: { name: 'n.md', text: 'x' } }, { say: 'ok' }]);
    const r = await toolplay(
      ['chat', 'tools', 'go', '--profile', 'hub', '--workspace', 'ws', '--script', 'script.json', '--wire', 'ndjson'],
      dir,
    );
    expect(r.code).toBe(0);
    const chunks = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { model: string; done: boolean; message: { content: string } });
    expect(chunks.map((c) => c.message.content)).toEqual([
      '<processing type="tool_execution" title="Agent Loop" round="1">\n',
      '</processing>\n',
      '🛠️ Write Note: ""\n',
      '<processing type="tool_execution" title="Agent Loop" round="2">\n',
      '</processing>\n',
      '* Task finalized by scripted.\n',
    ]);
    expect(chunks.every((c) => c.model === 'scripted' && c.done === false)).toBe(true);
  });

  it('--confirm reject answers the popup; the tool sees the rejection', async () => {
    const dir = setup([
      { call: 'tool_delete', args: { path: 'x' } },
      { if_error: { say: 'refused' }, else: { say: 'ran' } },
    ]);
    const r = await toolplay(
      ['chat', 'tools', 'delete x', '--workspace', 'ws', '--script', 'script.json', '--confirm', 'reject'],
      dir,
    );
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { end: unknown }).end).toEqual({ kind: 'final', answer: 'refused' });
  });

  it('offers and runs a Loki Bash tool under --profile loki, as the browser does', async () => {
    const bash = `#!/usr/bin/env bash
# @describe Count the lines of a file.
# @option --path! Which file

main() {
    wc -l < "$argc_path" | tr -d ' ' >> "$LLM_OUTPUT"
}

eval "$(argc --argc-eval "$0" "$@")"
`;
    const dir = sandbox({
      'functions/tools/count_lines.sh': bash,
      'ws/three.txt': 'a\nb\nc\n',
      'script.json': JSON.stringify([
        { call: 'count_lines', args: { path: 'three.txt' } },
        { say: 'Lines: {{last_result}}' },
      ]),
    });
    const r = await toolplay(
      ['chat', 'functions/tools', 'count', '--profile', 'loki', '--workspace', 'ws', '--script', 'script.json'],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { end: { kind: string; answer?: string } };
    expect(out.end).toEqual({ kind: 'final', answer: 'Lines: 3' });
  });

  it('exits 1 at the turn limit', async () => {
    const call = { call: 'tool_write_note', args: { name: 'n.md', text: 'x' } };
    const dir = setup([call, call, call]);
    const r = await toolplay(
      ['chat', 'tools', 'loop', '--workspace', 'ws', '--script', 'script.json', '--max-turns', '2'],
      dir,
    );
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { end: unknown }).end).toEqual({ kind: 'limit', turns: 2 });
  });

  it('exits 2 for a script with problems, naming turn and key', async () => {
    const dir = setup([{ call: 'tool_write_note', args: 3 }]);
    const r = await toolplay(['chat', 'tools', 'x', '--workspace', 'ws', '--script', 'script.json'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'toolplay: --script script.json: the script has problems: line 1, column 35: turn 1: "args" must be a JSON object (or a string holding the arguments text exactly as a model would send it)\n',
    );
    expect(r.stdout).toBe('');
  });

  it('exits 2 when a scripted call names a tool the profile does not list', async () => {
    const dir = setup([{ call: 'tool_nope', args: {} }]);
    const r = await toolplay(['chat', 'tools', 'x', '--workspace', 'ws', '--script', 'script.json'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "toolplay: the model called 'tool_nope', which the lcp profile does not list (tools: tool_write_note, tool_delete)\n",
    );
  });

  it.each([
    [
      ['chat', 'tools', 'x'],
      'toolplay: chat: give either --script FILE or --endpoint URL --model NAME (see toolplay chat --help)\n',
    ],
    [
      ['chat', 'tools', 'x', '--endpoint', 'http://127.0.0.1:9/v1'],
      'toolplay: chat: --endpoint needs --model NAME (the model the server should run)\n',
    ],
    [
      ['chat', 'tools', 'x', '--script', 'script.json', '--max-turns', '0'],
      "toolplay: chat: --max-turns must be a whole number of at least 1 (got '0')\n",
    ],
    [
      ['chat', 'tools', 'x', '--script', 'script.json', '--profile', 'standard'],
      "toolplay: chat: unknown profile 'standard' (choose from lcp, hub, loki)\n",
    ],
    [
      [
        'chat',
        'tools',
        'x',
        '--endpoint',
        'http://127.0.0.1:9/v1',
        '--model',
        'm',
        '--api-key-env',
        'TOOLPLAY_TEST_UNSET_KEY',
      ],
      'toolplay: chat: --api-key-env TOOLPLAY_TEST_UNSET_KEY: that environment variable is not set\n',
    ],
  ])('exits 2 for bad input: %j', async (args, stderr) => {
    const r = await toolplay(args, setup([{ say: 'x' }]));
    expect([r.code, r.stderr]).toEqual([2, stderr]);
  });
});

describe('toolplay chat with an endpoint', () => {
  it('talks to a local OpenAI-compatible server, the key read from the environment', async () => {
    server = await startChatServer([
      stream(
        chunk({
          tool_calls: [
            {
              index: 0,
              id: 'c1',
              type: 'function',
              function: { name: 'tool_write_note', arguments: '{"name": "e.md", "text": "from the model"}' },
            },
          ],
        }),
        chunk({}, 'tool_calls'),
      ),
      stream(chunk({ content: 'Written.' }, 'stop')),
    ]);
    const dir = setup();
    process.env.TOOLPLAY_TEST_KEY = 'sk-local'; // the child copies the environment when it starts
    const running = toolplay(
      [
        'chat',
        'tools',
        'write e.md',
        '--workspace',
        'ws',
        '--endpoint',
        server.url,
        '--model',
        'llama3',
        '--api-key-env',
        'TOOLPLAY_TEST_KEY',
      ],
      dir,
    );
    delete process.env.TOOLPLAY_TEST_KEY;
    const r = await running;
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { end: unknown }).end).toEqual({ kind: 'final', answer: 'Written.' });
    expect(readFileSync(join(dir, 'ws/e.md'), 'utf8')).toBe('from the model');
    expect(server.received[0]?.headers.authorization).toBe('Bearer sk-local');
    expect(server.received[1]?.body.messages).toContainEqual({
      role: 'tool',
      tool_call_id: 'c1',
      content: '{"output":"wrote e.md","status_code":200,"success":true}',
    });
  });

  it("exits 4 with the endpoint's message when it fails; nothing ran", async () => {
    server = await startChatServer([httpError(401, 'Incorrect API key provided')]);
    const dir = setup();
    const r = await toolplay(
      ['chat', 'tools', 'write', '--workspace', 'ws', '--endpoint', server.url, '--model', 'm'],
      dir,
    );
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      `toolplay: ${server.url}/chat/completions refused the request (401 Unauthorized): check the API key: Incorrect API key provided\n`,
    );
    expect((JSON.parse(r.stdout) as { end: { kind: string } }).end.kind).toBe('error');
    expect(existsSync(join(dir, 'ws/e.md'))).toBe(false);
  });
});
