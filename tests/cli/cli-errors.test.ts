// Bad input: exit 2, exactly one line on stderr, nothing on stdout, never a stack trace.
import { describe, expect, it } from 'vitest';
import { sandbox, toolplay } from './run.ts';

const TOOL = `def tool_x(a: str):
    """X.

    Args:
        a (str): A.
    """
    return a
`;
const FREE_FORM_HUB = 'TOOL_TITLES = {}\n\n\ndef tool_free(args):\n    """No documented keys."""\n';
const root = sandbox({
  'lib/x.py': TOOL,
  'hub/free.py': FREE_FORM_HUB,
  'functions/tools/greet.py': 'def run():\n    """Hi."""\n',
  'functions/tools/hi.sh': '# @describe Hi\nmain() { :; }\n',
  'cwd/.keep': '',
});
const cwd = `${root}/cwd`;
const lib = `${root}/lib`;

const CASES: [string, string[], string][] = [
  [
    'unknown command',
    ['frobnicate'],
    "toolplay: unknown command 'frobnicate' (choose from schema, call, status, lint, link, diff, lesson, test, chat, eval, packages, proxy, serve, batch; see toolplay --help)",
  ],
  ['missing path', ['schema'], 'toolplay: schema: missing PATH (see toolplay schema --help)'],
  ['path not found', ['schema', 'no/such/dir'], 'toolplay: PATH not found: no/such/dir'],
  [
    'unknown profile',
    ['schema', lib, '--profile', 'zzz'],
    "toolplay: schema: unknown profile 'zzz' (choose from lcp, hub, loki, llm-functions, standard)",
  ],
  [
    'unknown format',
    ['schema', lib, '--format', 'xml'],
    "toolplay: schema: unknown format 'xml' (choose from native, openai, openai-strict, anthropic, mcp)",
  ],
  ['unknown flag', ['lint', lib, '--fast'], 'toolplay: lint: unknown option --fast (see toolplay lint --help)'],
  [
    'malformed args JSON, with the position',
    ['call', lib, 'tool_x', '{"a": 1,}'],
    'toolplay: ARGS_JSON is not valid JSON: ',
  ],
  [
    'args not an object',
    ['call', lib, 'tool_x', '[1]'],
    'toolplay: ARGS_JSON must be a JSON object, e.g. {"query": "x"}',
  ],
  ['malformed host config', ['schema', lib, '--host-config', '{x}'], 'toolplay: --host-config is not valid JSON: '],
  [
    'call profile that cannot run tools',
    ['call', lib, 'tool_x', '{}', '--profile', 'standard'],
    "toolplay: call: unknown profile 'standard' (choose from lcp, hub, loki)",
  ],
  [
    'library metadata for another host',
    ['schema', lib, '--libraries'],
    "toolplay: schema: --libraries is the hub's library metadata; it needs --profile hub, not lcp",
  ],
  [
    'library metadata in a vendor shape',
    ['schema', lib, '--profile', 'hub', '--libraries', '--format', 'mcp'],
    "toolplay: schema: --libraries prints the hub's own output; it cannot be shaped as --format mcp",
  ],
  [
    'host config for a profile that has none',
    ['schema', lib, '--profile', 'hub', '--host-config', '{}'],
    "toolplay: schema: --host-config is LCP's host_tool_configs; it does nothing for --profile hub",
  ],
  [
    'env file for an LCP call',
    ['call', lib, 'tool_x', '{}', '--env-file', `${lib}/x.py`],
    'toolplay: call: --env-file is for --profile loki (LCP and hub tools read their configuration from --host-config)',
  ],
  [
    'Bash tools in a non-native export',
    ['schema', `${root}/functions/tools`, '--profile', 'loki', '--format', 'openai'],
    'toolplay: schema: Bash tools can be shown with --format native only (the openai export covers Python tools)',
  ],
  [
    'bad --confirm answer',
    ['call', lib, 'tool_x', '{}', '--confirm', 'maybe'],
    "toolplay: call: unknown --confirm answer 'maybe' (choose from allow, always, reject)",
  ],
  ['missing call arguments', ['call', lib], 'toolplay: call: missing TOOL ARGS_JSON (see toolplay call --help)'],
  [
    'extra argument',
    ['status', lib, 'tool_x', '{}', 'more'],
    "toolplay: status: unexpected argument 'more' (see toolplay status --help)",
  ],
  [
    'workspace is not a folder',
    ['call', lib, 'tool_x', '{}', '--workspace', `${lib}/x.py`],
    `toolplay: --workspace is not a folder: ${lib}/x.py`,
  ],
  ['unknown LCP tool', ['call', lib, 'tool_y', '{}'], `toolplay: unknown tool 'tool_y' in ${lib} (tools: tool_x)`],
  [
    'unknown hub tool for status',
    ['status', lib, 'tool_y', '{}'],
    `toolplay: unknown tool 'tool_y' in ${lib} (tools: tool_x)`,
  ],
  // The exporter explains on several lines; the CLI keeps every cause, on one line.
  [
    'export the engine refuses',
    ['schema', `${root}/hub/free.py`, '--profile', 'hub', '--format', 'openai-strict'],
    'toolplay: cannot export the hub tools as openai-strict: - tool_free',
  ],
  [
    'unknown Loki tool',
    ['call', `${root}/functions/tools`, 'nope', '{}', '--profile', 'loki'],
    `toolplay: no Python tool named 'nope' in ${root}/functions/tools`,
  ],
];

describe('bad input', () => {
  for (const [name, args, line] of CASES) {
    it(name, { timeout: 300_000 }, async () => {
      const run = await toolplay(args, cwd);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.endsWith('\n') && run.stderr.split('\n').length === 2).toBe(true);
      expect(run.stderr.startsWith(line)).toBe(true);
      if (line.endsWith(': ')) expect(run.stderr).toMatch(/position \d+/);
    });
  }

  it('--help for each command prints its usage and exits 0', { timeout: 300_000 }, async () => {
    for (const command of ['schema', 'call', 'status', 'lint']) {
      const run = await toolplay([command, '--help'], cwd);
      expect(run.code).toBe(0);
      expect(run.stdout.startsWith(`Usage: toolplay ${command} `)).toBe(true);
    }
    const top = await toolplay(['--help'], cwd);
    expect(top.stdout).toContain('toolplay schema PATH...');
  });
});
