/**
 * Every command the README shows under "The `toolplay` command" runs, as written, in a folder laid
 * out with the names it uses, and prints what its comment says (issue 34). The two that run until
 * Ctrl+C (`proxy`, `serve`) have their own tests (cli-proxy, cli-serve); `link decode` decodes the
 * link `link encode` printed, in place of the README's elided one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandbox, toolplay, type CliRun } from './run.ts';

/** The README's command lines, each split as a shell splits it (quotes without escapes, as they use). */
function readmeCommands(): string[][] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## The `toolplay` command'));
  const block = /```bash\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean)
    .flatMap((l) => l.split(' && '))
    .map((l) => [...l.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? ''))
    .map((words) => (words[0] === 'npx' ? words.slice(2) : words));
}

const NOTES = `TOOL_TITLES = {"tool_search_wikipedia": "📖 Consulting Wikipedia"}


def tool_write_note(path: str, text: str) -> dict:
    """Write a note.

    Args:
        path (str): The file.
        text (str): What to write.
    """
    with open(path, "w") as f:
        f.write(text)
    return {"success": True, "output": f"wrote {path}"}


def tool_search_wikipedia(query: str) -> dict:
    """Search Wikipedia (offline here).

    Args:
        query (str): What to look for.
    """
    return {"success": True, "output": [query]}


def tool_x(q: int) -> dict:
    """A tool x.

    Args:
        q (int): A number.
    """
    return {"success": True, "output": q}
`;

const WIKI = `TOOL_LIBRARY_NAME = "Wiki"


def tool_search(args: dict):
    """Search the wiki.

    - query (str): What to look for.
    """
    return f"found {args['query']}"
`;

const TESTS = JSON.stringify({
  toolplayTests: 1,
  tests: [
    {
      name: 'writes',
      tool: 'tool_x',
      args: { q: 2 },
      expect: { result: { paths: [{ path: '$.output', equals: 2 }] } },
    },
  ],
});

const root = sandbox({
  'my_tools/notes.py': NOTES,
  'ws/.keep': '',
  'hub_tools/wiki.py': WIKI,
  'checks.jsonl':
    '{"cmd": "lint", "args": ["my_tools", "--profile", "lcp"]}\n{"cmd": "schema", "args": ["my_tools"]}\n',
  'old/tools/notes.py': NOTES,
  'tools/notes.py': NOTES.replace('def tool_x(q: int)', 'def tool_x(q: int, r: int = 0)'),
  'my_workspace/tools/notes.py': NOTES,
  'my_workspace/tests/notes.toolplay-test.json': TESTS,
  'turns.json': JSON.stringify([
    [{ call: 'tool_search_wikipedia', args: { query: 'quantum computing' } }],
    { say: 'done' },
  ]),
});

const json = (run: CliRun): unknown => JSON.parse(run.stdout) as unknown;
type Shape = (run: CliRun, args: string[]) => void;

/** What each command's README comment (and docs/cli.md) says it prints, by its first words. */
const SHAPES: Array<[RegExp, Shape]> = [
  [
    /^schema my_tools\/ --profile lcp$/,
    (r) => {
      const tools = json(r) as Array<{ name: string; _python_file_path: string }>;
      expect(tools.map((t) => t.name)).toEqual(['tool_write_note', 'tool_search_wikipedia', 'tool_x']);
      expect(new Set(tools.map((t) => t._python_file_path))).toEqual(new Set(['notes.py']));
    },
  ],
  [
    /--format openai-strict$/,
    (r) => {
      for (const t of json(r) as Array<{ type: string; function: { strict: boolean } }>)
        expect(t).toMatchObject({ type: 'function', function: { strict: true } });
    },
  ],
  [
    /--libraries$/,
    (r) =>
      expect(json(r)).toEqual([
        expect.objectContaining({ metadata: expect.any(Object), tool_definitions: expect.any(Array) }),
      ]),
  ],
  [/^call my_tools\//, (r) => expect(json(r)).toEqual({ output: 'wrote a.md', status_code: 200, success: true })],
  [/^call hub_tools\//, (r) => expect(json(r)).toMatchObject({ model_content: 'found Python', logs: '' })],
  [/^packages /, (r) => expect(r.stdout + r.stderr).not.toContain('toolplay: ')],
  [/^status /, (r) => expect(r.stdout).toBe('📖 Consulting Wikipedia: "Quantum Computing"\n')],
  [/^lint /, (r) => expect(r.stderr).toMatch(/^toolplay lint for lcp: 0 errors/m)],
  [
    /^batch /,
    (r) =>
      expect(
        r.stdout
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { cmd: string }).cmd),
      ).toEqual(['lint', 'schema']),
  ],
  [/^link encode /, (r) => expect(r.stdout).toMatch(/#share=1\./)],
  [/^link decode /, (_r, a) => expect(readFileSync(`${root}/${a[a.length - 1]}/notes.py`, 'utf8')).toBe(NOTES)],
  [/^diff /, (r) => expect(r.stdout).toContain('tool_x')],
  [/^lesson start /, (r) => expect(r.stdout).toContain('tools/greet.py')],
  [/^lesson check /, (r) => expect(r.stdout).toMatch(/^✗ /m)],
  [/^test /, (_r) => expect(readFileSync(`${root}/report.xml`, 'utf8')).toContain('<testsuite')],
  [
    /^chat /,
    (r) => {
      // The hub's NDJSON chunks: the Agent Loop block, the status line, the line that ends the task.
      const text = r.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { message: { content: string } }).message.content)
        .join('');
      expect(text).toContain('<processing type="tool_execution" title="Agent Loop" round="1">');
      expect(text).toContain('📖 Consulting Wikipedia: "quantum computing"\n');
      expect(text).toContain('* Task finalized by scripted.\n');
    },
  ],
];

/** Exit codes the README's comments promise; 0 where it says nothing. */
const EXIT: Array<[RegExp, number]> = [[/^lesson check /, 1]];

describe("the README's toolplay commands", () => {
  it('are the ones this test knows, and each prints what its comment says', { timeout: 900_000 }, async () => {
    const commands = readmeCommands().filter((c) => c[0] !== 'proxy' && c[0] !== 'serve');
    let link = '';
    for (const shown of commands) {
      const args = shown[0] === 'link' && shown[1] === 'decode' ? ['link', 'decode', link, ...shown.slice(3)] : shown;
      const line = shown.join(' ');
      const shape = SHAPES.find(([re]) => re.test(line));
      expect(shape, `no expectation for: ${line}`).toBeDefined();
      const run = await toolplay(args, root);
      if (shown[0] === 'link' && shown[1] === 'encode') link = run.stdout.trim().split('\n').pop() ?? '';
      expect(run.code, `${line}\n${run.stderr}`).toBe(EXIT.find(([re]) => re.test(line))?.[1] ?? 0);
      shape?.[1](run, args);
    }
    expect(commands.length).toBeGreaterThan(15);
  });
});
