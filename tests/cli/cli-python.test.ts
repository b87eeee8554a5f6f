// `--python`: a command reads and runs the tools on that Python's own Pyodide. A library whose first
// line is a stray `language:python` (as two of lollms_hub's bundled libraries begin, eb5a1067)
// is a module-level annotation: Python 3.13 evaluates it at import (NameError, the hub's Docker image
// is python:3.13-slim), 3.14 never does (PEP 649). One process serves several Pythons (batch).
import { describe, expect, it } from 'vitest';
import { sandbox, toolplay } from './run.ts';

/** toolplay's own library, starting with the same stray line as the hub's wikipedia_search.py. */
export const STRAY_LINE_LIBRARY = `language:python
TOOL_LIBRARY_NAME = 'Notes'
TOOL_LIBRARY_DESC = 'Keeps a note.'

TOOL_TITLES = {"tool_note": "Taking a note"}


def init_tool_library() -> None:
    print("ready")


def tool_note(args: dict, lollms=None):
    '''
    Keep a note.

    Args:
        args: dict with keys:
            - text (str): The note.
    '''
    return "noted: " + str(args.get("text"))
`;

const NAME_ERROR = "name 'python' is not defined";
// A fresh clone makes each Python's snapshot on its first start (seconds alone, a minute or more
// beside the rest of the suite on two cores).
const T = 300_000;

/** The PY002 findings of a `lint --json` run. */
const py002 = (stdout: string) =>
  (JSON.parse(stdout) as Array<Record<string, unknown>>).filter((d) => d.code === 'PY002');

describe('toolplay --python', () => {
  it(
    "fails the hub's Initialise on 3.13 with the NameError the hub gets, and runs it on 3.14",
    async () => {
      const dir = sandbox({ 'notes.py': STRAY_LINE_LIBRARY });
      const on313 = await toolplay(['call', 'notes.py', '--init', '--profile', 'hub', '--python', '3.13'], dir);
      expect(on313.code, on313.stderr).toBe(0);
      expect(JSON.parse(on313.stdout)).toEqual({ status: 500, body: { error: NAME_ERROR } });
      const on314 = await toolplay(['call', 'notes.py', '--init', '--profile', 'hub'], dir);
      expect(on314.code, on314.stderr).toBe(0);
      expect(JSON.parse(on314.stdout)).toMatchObject({ status: 200, body: { success: true } });
    },
    T,
  );

  it(
    "gives the hub's model the NameError on 3.13 and the tool's answer on 3.14, in one batch",
    async () => {
      const dir = sandbox({ 'notes.py': STRAY_LINE_LIBRARY });
      const call = (python: string) =>
        JSON.stringify({
          cmd: 'call',
          args: ['notes.py', 'tool_note', '{"text": "hi"}', '--profile', 'hub', '--python', python],
        });
      const run = await toolplay(['batch', '-'], dir, `${call('3.13')}\n${call('3.14')}\n${call('3.13')}\n`);
      expect(run.code, run.stderr).toBe(0);
      const answers = run.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { json: { raised?: string; model_content: string } });
      expect(answers.map((a) => a.json.raised ?? null)).toEqual([
        `NameError: ${NAME_ERROR}`,
        null,
        `NameError: ${NAME_ERROR}`,
      ]);
      expect(answers[1]?.json.model_content).toBe('noted: hi');
    },
    T,
  );

  it(
    'lint --profile hub points at line 1 with the fix: an error on 3.13 (exit 1), a warning naming the hub on 3.14',
    async () => {
      const dir = sandbox({ 'notes.py': STRAY_LINE_LIBRARY });
      const on313 = await toolplay(['lint', 'notes.py', '--profile', 'hub', '--python', '3.13', '--json'], dir);
      expect(on313.code, on313.stderr).toBe(1);
      expect(py002(on313.stdout)).toEqual([
        expect.objectContaining({
          severity: 'error',
          line: 1,
          column: 10,
          endColumn: 16,
          message: expect.stringContaining(
            `On Python 3.13 (the version in use), importing the file raises \`NameError: ${NAME_ERROR}\``,
          ),
          fix: expect.stringMatching(/^delete this line/),
        }),
      ]);
      const on314 = await toolplay(['lint', 'notes.py', '--profile', 'hub', '--json'], dir);
      expect(on314.code, on314.stderr).toBe(0);
      expect(py002(on314.stdout)).toEqual([
        expect.objectContaining({
          severity: 'warning',
          line: 1,
          message: expect.stringContaining('(lollms_hub runs 3.13)'),
        }),
      ]);
    },
    T,
  );

  it(
    'says which versions there are for one it does not have, in one line',
    async () => {
      const dir = sandbox({ 'notes.py': STRAY_LINE_LIBRARY });
      const run = await toolplay(['schema', 'notes.py', '--python', '3.11'], dir);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        "toolplay: schema: unknown --python '3.11' (choose from 3.14, 3.13, 3.12; docs/pythons.md says why not others)\n",
      );
    },
    T,
  );

  it(
    'runs a tool test on the Python it names, and the tests that name none on --python',
    async () => {
      const version = (v: string) => ({
        result: { equals: { output: `Python ${v}`, status_code: 200, success: true } },
      });
      const dir = sandbox({
        'tools/version.py': [
          'import sys',
          '',
          'def tool_version() -> dict:',
          '    """Which Python runs this tool."""',
          '    return {"success": True, "output": "Python " + sys.version.split()[0]}',
          '',
        ].join('\n'),
        'tests/version.toolplay-test.json': JSON.stringify({
          toolplayTests: 1,
          tests: [
            { name: 'on 3.13', tool: 'tool_version', python: '3.13', expect: version('3.13.2') },
            { name: 'on the run’s Python', tool: 'tool_version', expect: version('3.14.2') },
          ],
        }),
      });
      const run = await toolplay(['test', '.'], dir);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('2 passed, 0 failed');
      const on313 = await toolplay(['test', '.', '--python', '3.13'], dir);
      expect(on313.code).toBe(1);
      expect(on313.stdout).toContain('1 passed, 1 failed');
      expect(on313.stdout).toContain('Python 3.13.2');
    },
    T,
  );
});
