/**
 * What docs/cli.md, the README, `call --help` and docs/agent.md say the commands print, run for real
 * (issue 34): `schema`'s `_python_file_path` relative to the scanned folder, `--init`'s
 * `{status, body}` and `console`, `--format openai-strict` refusing with exit 2, and the hub's model
 * text as `str()` of what the tool returned.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandbox, toolplay } from './run.ts';

const doc = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const CLI = doc('docs/cli.md');
const README = doc('README.md');
const AGENT = doc('docs/agent.md');

const root = sandbox({
  'work/.keep': '',
  'tools/notes.py':
    'def tool_note(text: str) -> dict:\n    """Keep a note."""\n    return {"success": True, "output": text}\n',
  'tools/weather/weather.py': 'def tool_sky(city: str) -> str:\n    """The sky."""\n    return "blue"\n',
  'strict/tools/free.py':
    'def tool_free(options: dict) -> dict:\n    """Takes any object."""\n    return {"success": True, "output": options}\n',
  'hub/loud.py':
    'def init_tool_library():\n    print("checking the articles")\n\n\ndef tool_half(args: dict):\n    """Half a number.\n\n    - n (int): The number.\n    """\n    return {"success": True, "half": args["n"] / 2}\n',
  'hub/quiet.py': 'def init_tool_library():\n    pass\n',
});
const cwd = `${root}/work`;

describe('docs/cli.md and the README tell what the commands print', () => {
  it('schema: _python_file_path is relative to the scanned folder, as both say', { timeout: 300_000 }, async () => {
    expect(CLI).toContain('relative to the\n  scanned folder');
    expect(README).toContain('_python_file_path relative to my_tools/');
    const run = await toolplay(['schema', `${root}/tools`, '--profile', 'lcp'], cwd);
    expect(run.code).toBe(0);
    const paths = (JSON.parse(run.stdout) as Array<{ _python_file_path: string }>).map((t) => t._python_file_path);
    expect(paths.sort()).toEqual(['notes.py', 'weather/weather.py']);
  });

  it('call --init prints {status, body}, and console only when the library printed', { timeout: 300_000 }, async () => {
    expect(CLI).toContain("prints `{status, body}` as the hub's endpoint answers, plus `console`");
    const help = await toolplay(['call', '--help'], cwd);
    expect(help.stdout).toContain('prints {status, body}, and console when it printed');
    const loud = await toolplay(['call', `${root}/hub/loud.py`, '--init', '--profile', 'hub', '--workspace', cwd], cwd);
    expect(loud.code).toBe(0);
    expect(JSON.parse(loud.stdout)).toEqual({
      status: 200,
      body: { success: true, message: 'Dependencies initialized successfully.' },
      console: 'checking the articles\n',
    });
    const quiet = await toolplay(
      ['call', `${root}/hub/quiet.py`, '--init', '--profile', 'hub', '--workspace', cwd],
      cwd,
    );
    expect(Object.keys(JSON.parse(quiet.stdout) as object)).toEqual(['status', 'body']);
  });

  it(
    'schema --format openai-strict refuses a parameter it cannot express: stderr says why, exit 2',
    { timeout: 300_000 },
    async () => {
      expect(CLI).toContain('`--format openai-strict` can refuse');
      expect(README).toContain('--format openai-strict   # exit 2, saying why');
      const run = await toolplay(
        ['schema', `${root}/strict/tools`, '--profile', 'standard', '--format', 'openai-strict'],
        cwd,
      );
      expect(run).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toMatch(/^toolplay: cannot export the standard tools as openai-strict:/);
      expect(run.stderr).toContain('tool_free');
      const plain = await toolplay(
        ['schema', `${root}/strict/tools`, '--profile', 'standard', '--format', 'openai'],
        cwd,
      );
      expect(plain.code).toBe(0);
    },
  );
});

describe("docs/agent.md: the hub's model text", () => {
  it("is str() of the value the tool returned, not of LCP's dict", { timeout: 300_000 }, async () => {
    expect(AGENT).toContain("`{'success': True, 'output': 'hi'}` for a tool that returned that dict, `2.0`");
    const run = await toolplay(
      ['call', `${root}/hub/loud.py`, 'tool_half', '{"n": 5}', '--profile', 'hub', '--workspace', cwd],
      cwd,
    );
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { model_content: string }).model_content).toBe("{'success': True, 'half': 2.5}");
  });
});
