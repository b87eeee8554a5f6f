// `toolplay batch FILE|-`: JSON-line commands run in one Python, one JSON answer a line; a failing
// line says so in its own answer and the others run; the batch exits with the highest line code.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandbox, toolplay } from './run.ts';

const ECHO = `def tool_echo(query):
    """Say what arrived, and leave a note in the workspace."""
    print("tool says hi")
    with open("note.txt", "w") as f:
        f.write(repr(query))
    return {"success": True, "output": f"{type(query).__name__} {query!r}"}
`;
const COUNT = `CALLS = 0


def tool_count():
    """How many calls this Python has run."""
    global CALLS
    CALLS += 1
    return {"success": True, "output": CALLS}
`;
const HUB_ONLY = `TOOL_LIBRARY_NAME = "Lookups"


def tool_lookup(query: str, limit: int):
    """Look something up.

    Args:
        query (str): What to look up.
        limit (int): How many answers.
    """
    return {"success": True, "output": query}
`;
const root = sandbox({
  'tools/echo.py': ECHO,
  'tools/count.py': COUNT,
  'lib/lookups.py': HUB_ONLY,
  'ws/.keep': '',
  'cwd/.keep': '',
});
const cwd = `${root}/cwd`;
const T = { timeout: 300_000 };

interface Answer {
  line: number;
  id?: unknown;
  cmd: string | null;
  code: number;
  json?: unknown;
  stdout?: string;
  stderr: string;
}
const answers = (stdout: string): Answer[] =>
  stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Answer);
const line = (value: unknown): string => JSON.stringify(value);

describe('toolplay batch', () => {
  it(
    'mixed commands, some failing: each line answers for itself, the rest run, exit is the highest code',
    T,
    async () => {
      const file = `${root}/checks.jsonl`;
      writeFileSync(
        file,
        [
          line({ cmd: 'schema', args: [`${root}/tools`], id: 'snapshot' }),
          line({ cmd: 'lint', args: [`${root}/lib`] }),
          '',
          line({ cmd: 'call', args: [`${root}/tools`, 'tool_echo', '{"query": 2.0}', '--workspace', `${root}/ws`] }),
          line({ cmd: 'call', args: [`${root}/tools`, 'tool_nope', '{}'] }),
          'not json',
          line({ cmd: 'deploy', args: [] }),
          line({ cmd: 'lint', args: [`${root}/lib`, '--profile', 'lcp'], id: 7 }),
          line({ cmd: 'call', args: [`${root}/tools`, 'tool_echo', { query: 1 }] }),
          line({ cmd: 'status', args: [`${root}/tools`, 'tool_echo', '{"query": "Quantum"}'] }),
        ].join('\n'),
      );
      const run = await toolplay(['batch', file], cwd);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(2);
      const got = answers(run.stdout);
      expect(got.map((a) => [a.line, a.cmd, a.code])).toEqual([
        [1, 'schema', 0],
        [2, 'lint', 1],
        [4, 'call', 0],
        [5, 'call', 2],
        [6, null, 2],
        [7, 'deploy', 2],
        [8, 'lint', 0],
        [9, null, 2],
        [10, 'status', 0],
      ]);
      const [schema, lint, call, unknownTool, notJson, unknownCmd, lcpLint, objectArgs, status] = got;
      expect(schema?.id).toBe('snapshot');
      expect((schema?.json as { name: string }[]).map((t) => t.name)).toEqual(['tool_count', 'tool_echo']);
      expect(lint?.stdout).toMatch(/lookups\.py:4:17: error LTP005 /);
      expect(lint?.stderr).toMatch(/^toolplay lint: 1 error for hub \(LTP005\); /);
      expect(call).toMatchObject({ json: { success: true, output: 'float 2.0' }, stderr: 'tool says hi\n' });
      expect(readFileSync(`${root}/ws/note.txt`, 'utf8')).toBe('2.0');
      expect(unknownTool).toMatchObject({
        stdout: '',
        stderr: "toolplay: unknown tool 'tool_nope' in " + `${root}/tools (tools: tool_count, tool_echo)\n`,
      });
      expect(notJson?.stderr).toMatch(/^toolplay: not a JSON line: /);
      expect(unknownCmd?.stderr).toMatch(
        /^toolplay: unknown command 'deploy' \(choose from schema, call, status, lint, link, diff, lesson, test, chat, eval, packages, proxy, serve, batch; /,
      );
      expect(lcpLint).toMatchObject({
        id: 7,
        stdout: '',
        stderr: 'toolplay lint for lcp: 0 errors; 0 warnings; 0 info. Left out: 3 findings for other hosts (hub).\n',
      });
      expect(objectArgs?.stderr).toMatch(/"args" must be a list of strings/);
      expect(status).toMatchObject({ stdout: '🛠️ Echo: "Quantum"\n', stderr: '' });
    },
  );

  it('reads stdin with -, in one Python: a module global counts across lines', T, async () => {
    const calls = [1, 2, 3].map(() =>
      line({ cmd: 'call', args: [`${root}/tools`, 'tool_count', '{}', '--workspace', `${root}/ws`] }),
    );
    const run = await toolplay(['batch', '-'], cwd, `${calls.join('\n')}\n`);
    expect(run.code).toBe(0);
    expect(answers(run.stdout).map((a) => a.json)).toEqual(
      [1, 2, 3].map((n) => ({ success: true, output: n, status_code: 200 })),
    );
  });

  it("a line's answer is what the command prints alone", T, async () => {
    const alone = await toolplay(['schema', `${root}/tools`, '--profile', 'hub', '--format', 'openai'], cwd);
    const run = await toolplay(
      ['batch', '-'],
      cwd,
      line({ cmd: 'schema', args: [`${root}/tools`, '--profile', 'hub', '--format', 'openai'] }),
    );
    expect(answers(run.stdout)[0]?.json).toEqual(JSON.parse(alone.stdout));
  });

  it('a missing FILE, or a batch inside a batch, is bad input', T, async () => {
    expect(await toolplay(['batch', `${root}/nope.jsonl`], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: `toolplay: FILE not found: ${root}/nope.jsonl\n`,
    });
    const nested = await toolplay(['batch', '-'], cwd, line({ cmd: 'batch', args: ['-'] }));
    expect(answers(nested.stdout)).toEqual([
      { line: 1, cmd: null, code: 2, stdout: '', stderr: 'toolplay: a batch cannot run another batch\n' },
    ]);
  });
});
