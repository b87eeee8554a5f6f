// `toolplay status` (the hub's status line, byte for byte) and `toolplay lint` (lines, JSON, exit codes).
import { describe, expect, it } from 'vitest';
import { readJson, sandbox, toolplay } from './run.ts';

const CLEAN = `def tool_ok(query: str):
    """Look something up.

    Args:
        query (str): What to look up.
    """
    return {"success": True, "output": query}
`;
const ECHO = `def tool_echo(query):
    """Say what arrived."""
    return {"success": True, "output": f"{type(query).__name__} {query!r}"}
`;
const BROKEN = `def tool_bad(x: str:
    """Broken."""
`;
const root = sandbox(
  { 'echo/echo.py': ECHO, 'clean/ok.py': CLEAN, 'broken/bad.py': BROKEN, 'cwd/.keep': '' },
  { 'ltp/ltp_wiki.py': 'lcp_fixtures/ltp/ltp_wiki.py' },
);
const cwd = `${root}/cwd`;
const T = { timeout: 300_000 };

describe('toolplay status', () => {
  it('prints the status line lollms_hub emits (recorded by the oracle), with its newline', T, async () => {
    const golden = readJson('lcp_golden/H/ltp_hub.json') as {
      calls: { tool: string; arguments: unknown; emitted: string[] }[];
    };
    const call = golden.calls.find((c) => c.tool === 'tool_search_wikipedia');
    const run = await toolplay(
      ['status', `${root}/ltp/ltp_wiki.py`, 'tool_search_wikipedia', JSON.stringify(call?.arguments)],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(call?.emitted[0]);
    expect(run.stdout).toBe('📖 Consulting Wikipedia: "Quantum Computing"\n');
  });

  it('shows the arguments as written: {"query": 2.0} is "2.0", as the hub prints it (contract 2)', T, async () => {
    const run = await toolplay(['status', `${root}/echo/echo.py`, 'tool_echo', '{"query": 2.0}'], cwd);
    expect(run).toMatchObject({ code: 0, stdout: '🛠️ Echo: "2.0"\n' });
  });
});

describe('toolplay call keeps the arguments as written', () => {
  it('{"query": 2.0} reaches the tool as the float 2.0, and 12345678901234567891 as that integer', T, async () => {
    const float = await toolplay(['call', `${root}/echo`, 'tool_echo', '{"query": 2.0}', '--workspace', cwd], cwd);
    expect(JSON.parse(float.stdout)).toMatchObject({ output: 'float 2.0' });
    const big = await toolplay(
      ['call', `${root}/echo`, 'tool_echo', '{"query": 12345678901234567891}', '--workspace', cwd],
      cwd,
    );
    expect(JSON.parse(big.stdout)).toMatchObject({ output: 'int 12345678901234567891' });
  });
});

describe('toolplay lint', () => {
  it('a clean file: no output, exit 0', T, async () => {
    const run = await toolplay(['lint', `${root}/clean`, '--profile', 'lcp'], cwd);
    expect(run).toEqual({
      code: 0,
      stdout: '',
      stderr: 'toolplay lint for lcp: 0 errors; 0 warnings; 0 info. Left out: 1 finding for other hosts (hub).\n',
    });
  });

  it(
    'a clean LCP file is still no hub library: the hub calls its tool with one dict (LTP005), a warning, exit 0',
    T,
    async () => {
      const run = await toolplay(['lint', `${root}/clean`], cwd);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        new RegExp(`^${root}/clean/ok\\.py:1:13: warning LTP005 The hub ignores the signature`),
      );
    },
  );

  it('a syntax error: file:line:col: severity CODE message (fix: ...), exit 1', T, async () => {
    const run = await toolplay(['lint', `${root}/broken/bad.py`], cwd);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `^${root}/broken/bad\\.py:1:20: error PY001 SyntaxError: invalid syntax\\. LCP skips the file .+ \\(fix: fix the syntax at this position; until then no host can import the file\\)\\n$`,
      ),
    );
  });

  it('--json prints the diagnostics array; warnings only exit 0', T, async () => {
    const run = await toolplay(['lint', `${root}/ltp/ltp_wiki.py`, '--json'], cwd);
    expect(run.code).toBe(0);
    const diagnostics = JSON.parse(run.stdout) as { code: string; line: number; severity: string }[];
    expect(diagnostics.map((d) => `${d.line} ${d.code}`)).toContain('37 LTP005');
    expect(diagnostics.every((d) => d.severity !== 'error')).toBe(true);
  });
});
