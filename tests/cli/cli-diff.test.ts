// `toolplay diff OLD NEW`: the model-facing contract of two versions, breaking changes gated by the exit code.
import { describe, expect, it } from 'vitest';
import { sandbox, toolplay } from './run.ts';

const V1 = `from typing import Literal


def tool_search(query: str, limit: int = 5, mode: Literal["fast", "slow"] = "fast") -> dict:
    """Search the notes.

    Args:
        query (str): The words to look for.
        limit (int): How many results.
    """
`;
/** Only additions: an optional parameter and a new tool. */
const V2_COMPATIBLE = `${V1}    page = 1


def tool_count(query: str) -> dict:
    """Count the notes that match.

    Args:
        query (str): The words to look for.
    """
`.replace('mode: Literal["fast", "slow"] = "fast")', 'mode: Literal["fast", "slow"] = "fast", page: int = 1)');
/** `limit` removed, `query` an integer, `mode` narrowed. */
const V2_BREAKING = V1.replace(
  'query: str, limit: int = 5, mode: Literal["fast", "slow"]',
  'query: int, mode: Literal["fast"]',
);

const root = sandbox({
  'v1/tools/search.py': V1,
  'v2ok/tools/search.py': V2_COMPATIBLE,
  'v2bad/tools/search.py': V2_BREAKING,
  'loki1/functions/tools/count.sh': '# @describe Count.\n# @option --path! The file\n',
  'loki2/functions/tools/count.sh': '# @describe Count.\n# @option --path The file\n# @flag --verbose Say more\n',
});
const T = { timeout: 300_000 };

describe('toolplay diff', () => {
  it('nothing breaking (additions only): the changes, exit 0', T, async () => {
    const run = await toolplay(['diff', 'v1/tools', 'v2ok/tools'], root);
    expect(run).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'Other changes (lcp):\n  tool_count: tool added (query: string)\n  tool_search: parameter `page` added (optional, integer)\n\n0 breaking changes, 2 other changes.\n',
    });
  });

  it('breaking changes are listed first and exit 1 (standard profile keeps the Literal choices)', T, async () => {
    const run = await toolplay(['diff', 'v1/tools', 'v2bad/tools', '--profile', 'standard'], root);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        'Breaking changes (standard):',
        '  tool_search: parameter `limit` removed',
        '  tool_search: parameter `query`: type string → integer',
        '  tool_search: parameter `mode`: allowed values narrowed: "slow" no longer allowed',
        '',
        '3 breaking changes, 0 other changes.',
        '',
      ].join('\n'),
    );
  });

  it('--json: the changes as data, same exit code', T, async () => {
    const run = await toolplay(['diff', 'v1/tools', 'v2bad/tools', '--json'], root);
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout) as {
      profile: string;
      breaking: number;
      changes: Array<{ kind: string; param?: string; breaking: boolean }>;
    };
    expect(out.profile).toBe('lcp');
    expect(out.breaking).toBe(2);
    expect(out.changes.map((c) => [c.kind, c.param, c.breaking])).toEqual([
      ['param-removed', 'limit', true],
      ['param-type', 'query', true],
    ]);
  });

  it('the same library: no change, exit 0', T, async () => {
    expect(await toolplay(['diff', 'v1/tools', 'v1/tools', '--profile', 'hub'], root)).toEqual({
      code: 0,
      stderr: '',
      stdout: 'No change in what the hub profile tells the model.\n',
    });
  });

  it('Loki Bash tools: an option no longer required and a flag added are not breaking', T, async () => {
    const run = await toolplay(['diff', 'loki1/functions/tools', 'loki2/functions/tools', '--profile', 'loki'], root);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  count: parameter `path`: now optional\n');
    expect(run.stdout).toContain('  count: parameter `verbose` added (optional, boolean)\n');
  });

  it('bad input: exit 2 with one line', T, async () => {
    expect(await toolplay(['diff', 'v1/tools'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolplay: diff: missing NEW_PATH (see toolplay diff --help)\n',
    });
    expect((await toolplay(['diff', 'v1/tools', 'nowhere'], root)).stderr).toBe(
      'toolplay: NEW_PATH not found: nowhere\n',
    );
    expect((await toolplay(['diff', 'v1/tools', 'v1/tools', '--profile', 'x'], root)).code).toBe(2);
  });
});
