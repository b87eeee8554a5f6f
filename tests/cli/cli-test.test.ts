// `toolplay test`: a workspace's saved tool tests run with the real engine, each on its own copy of
// the workspace; exit 0 all passed, 1 some failed, 2 bad input; JUnit XML that a CI reader accepts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { sandbox, toolplay } from './run.ts';

const T = { timeout: 300_000 };
const JUNIT_XSD = readFileSync(new URL('../tool-tests/junit.xsd', import.meta.url), 'utf8');

const MATHS = `def tool_add(a: float, b: float) -> float:
    """Add two numbers.

    Args:
        a: the first
        b: the second
    """
    return a + b
`;
const BROKEN = MATHS.replace('return a + b', 'return a - b');

const FILES = `import os
import shutil


def tool_wipe() -> str:
    """Delete every file in the workspace."""
    for name in os.listdir('.'):
        shutil.rmtree(name) if os.path.isdir(name) else os.remove(name)
    return "gone"


def tool_read(path: str) -> str:
    """Read a file.

    Args:
        path: the file
    """
    print("reading", path)
    with open(path) as f:
        return f.read()
`;

const TESTS = `{
  "toolplayTests": 1,
  "tests": [
    { "name": "adds two numbers", "tool": "tool_add", "args": { "a": 2.0, "b": 3 },
      "expect": { "result": { "equals": { "output": 5.0, "status_code": 200, "success": true } } } },
    { "name": "keeps floats", "tool": "tool_add", "args": { "a": 0.5, "b": 0.25 },
      "expect": { "result": { "paths": [{ "path": "$.output", "equals": 0.75, "type": "float" }] } } }
  ]
}
`;

async function validJunit(xml: string): Promise<void> {
  const checked = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: JUNIT_XSD }],
  });
  expect(checked.errors.map((e) => e.rawMessage)).toEqual([]);
  expect(checked.valid).toBe(true);
}

/** Every file below `dir` with its text: what a workspace holds. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      out[relative(dir, join(entry.parentPath, entry.name))] = readFileSync(join(entry.parentPath, entry.name), 'utf8');
  }
  return out;
}

describe('toolplay test', () => {
  it(
    'a saved test passes; with the tool broken it fails with the difference (exit 1); both JUnit reports validate',
    T,
    async () => {
      const root = sandbox({ 'ws/tools/maths.py': MATHS, 'ws/tests/maths.toolplay-test.json': TESTS });
      const passing = await toolplay(['test', '--junit', 'reports/pass.xml'], `${root}/ws`);
      expect(passing).toEqual({
        code: 0,
        stderr: '',
        stdout:
          '✓ tests/maths.toolplay-test.json › adds two numbers (lcp)\n✓ tests/maths.toolplay-test.json › keeps floats (lcp)\n2 passed, 0 failed\n',
      });
      const passXml = readFileSync(`${root}/ws/reports/pass.xml`, 'utf8');
      await validJunit(passXml);
      expect(passXml).toContain('<testsuite name="tests/maths.toolplay-test.json"');
      expect(passXml).not.toContain('<failure');

      writeFileSync(`${root}/ws/tools/maths.py`, BROKEN);
      const failing = await toolplay(['test', 'ws', '--junit', `${root}/fail.xml`], root);
      expect(failing.code).toBe(1);
      expect(failing.stderr).toBe('');
      // Paths are told from where the command ran. 2.0 - 3 is -1.0: the float stays a float in the message and in the diff, as Python wrote it.
      expect(failing.stdout).toBe(
        [
          '✗ ws/tests/maths.toolplay-test.json › adds two numbers (lcp)',
          '    ✗ result equals {"output":5.0,"status_code":200,"success":true}: it is {"output":-1.0,"status_code":200,"success":true}',
          '          {',
          '        -   "output": 5.0,',
          '        +   "output": -1.0,',
          '            "status_code": 200,',
          '            "success": true',
          '          }',
          '✗ ws/tests/maths.toolplay-test.json › keeps floats (lcp)',
          '    ✗ result $.output equals 0.75: it is 0.25',
          '0 passed, 2 failed',
          '',
        ].join('\n'),
      );
      const failXml = readFileSync(`${root}/fail.xml`, 'utf8');
      await validJunit(failXml);
      expect(failXml).toMatch(/<testsuite [^>]*tests="2" failures="2"/);
      expect(failXml).toContain('<failure message="result $.output equals 0.75: it is 0.25" type="expectation">');
    },
  );

  it(
    'each test runs on its own copy: a test that deletes every file leaves the workspace, and the next test, untouched',
    T,
    async () => {
      const root = sandbox({
        'ws/tools/files.py': FILES,
        'ws/notes/a.txt': 'alpha',
        'ws/tests/files.toolplay-test.json': JSON.stringify({
          toolplayTests: 1,
          tests: [
            {
              name: 'wipes',
              tool: 'tool_wipe',
              expect: {
                result: { paths: [{ path: '$.output', equals: 'gone' }] },
                files: { 'notes/a.txt': { change: 'deleted' }, 'tools/files.py': { change: 'deleted' } },
              },
            },
            {
              name: 'reads after the wipe',
              tool: 'tool_read',
              args: { path: 'notes/a.txt' },
              expect: {
                result: { paths: [{ path: '$.output', equals: 'alpha' }] },
                output: { lines: ['reading notes/a.txt'] },
              },
            },
            {
              name: 'reads its setup',
              tool: 'tool_read',
              args: { path: 'data/in.txt' },
              setup: { 'data/in.txt': 'from setup' },
              expect: { result: { paths: [{ path: '$.output', equals: 'from setup' }] } },
            },
            {
              name: 'setup is gone again',
              tool: 'tool_read',
              args: { path: 'data/in.txt' },
              expect: { outcome: 'finished', result: { paths: [{ path: '$.success', equals: false }] } },
            },
          ],
        }),
      });
      const before = snapshot(`${root}/ws`);
      const run = await toolplay(['test'], `${root}/ws`);
      expect(run.stdout).toBe(
        [
          '✓ tests/files.toolplay-test.json › wipes (lcp)',
          '✓ tests/files.toolplay-test.json › reads after the wipe (lcp)',
          '✓ tests/files.toolplay-test.json › reads its setup (lcp)',
          '✓ tests/files.toolplay-test.json › setup is gone again (lcp)',
          '4 passed, 0 failed',
          '',
        ].join('\n'),
      );
      expect(run.code).toBe(0);
      expect(snapshot(`${root}/ws`)).toEqual(before);
    },
  );

  it(
    'malformed test files are refused, one line each naming the file, the test and the field; nothing runs (exit 2)',
    T,
    async () => {
      const test = (expect: unknown, extra: Record<string, unknown> = {}) =>
        JSON.stringify({ toolplayTests: 1, tests: [{ name: 'sums', tool: 'tool_add', ...extra, expect }] });
      const root = sandbox({
        'ws/tools/maths.py': MATHS,
        'ws/tests/a-good.toolplay-test.json': TESTS,
        'ws/tests/b-field.toolplay-test.json': test({ result: { equal: 5 } }),
        'ws/tests/c-json.toolplay-test.json': '{"toolplayTests": 1, "tests": [\n',
        'ws/tests/d-profile.toolplay-test.json': test({}, { profile: 'lpc' }),
        'ws/tests/e-regex.toolplay-test.json': test({ output: { matches: '(' } }),
        'ws/tests/f-path.toolplay-test.json': test({ files: { '../outside.txt': { change: 'created' } } }),
        'ws/tests/g-name.toolplay-test.json': JSON.stringify({
          toolplayTests: 1,
          tests: [{ tool: 'tool_add', expect: {} }],
        }),
        'ws/tests/h-twice.toolplay-test.json': JSON.stringify({
          toolplayTests: 1,
          tests: [
            { name: 'x', tool: 'tool_add', expect: {} },
            { name: 'x', tool: 'tool_add', expect: {} },
          ],
        }),
      });
      const run = await toolplay(['test'], `${root}/ws`);
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: [
          'toolplay: tests/b-field.toolplay-test.json: test "sums": expect.result.equal: unknown field (expected one of: equals, contains, matches, type, paths)',
          "toolplay: tests/c-json.toolplay-test.json: not valid JSON: Array item or end of array ']' expected but reached end of input at line 2, column 1",
          'toolplay: tests/d-profile.toolplay-test.json: test "sums": profile: must be one of lcp, hub, loki (got "lpc")',
          'toolplay: tests/e-regex.toolplay-test.json: test "sums": expect.output.matches: is not a regular expression: Invalid regular expression: /(/u: Unterminated group',
          'toolplay: tests/f-path.toolplay-test.json: test "sums": expect.files["../outside.txt"]: must be a path inside the workspace, like data/in.txt',
          'toolplay: tests/g-name.toolplay-test.json: tests[0]: name: is missing',
          'toolplay: tests/h-twice.toolplay-test.json: test "x": name: tests[0] has this name too: each test\'s name is its own',
          '',
        ].join('\n'),
      });
      // One good file alone runs; a PATH that is no workspace is bad input too.
      expect((await toolplay(['test', 'tests/a-good.toolplay-test.json'], `${root}/ws`)).code).toBe(0);
      expect(await toolplay(['test', 'tools'], `${root}/ws`)).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'toolplay: test: tools has no tests/ folder (a workspace keeps its tests in tests/*.toolplay-test.json)\n',
      });
    },
  );

  it('--no-network reaches the tools of every test: a request is refused as the network being off', T, async () => {
    const fetch =
      'import urllib.request\n\n\ndef tool_fetch(url: str) -> str:\n    """Fetch a URL.\n\n    Args:\n        url: where\n    """\n    try:\n        return urllib.request.urlopen(url, timeout=5).read().decode()\n    except Exception as e:\n        return str(e)\n';
    const root = sandbox({
      'ws/tools/fetch.py': fetch,
      'ws/tests/fetch.toolplay-test.json': JSON.stringify({
        toolplayTests: 1,
        tests: [
          {
            name: 'offline',
            tool: 'tool_fetch',
            args: { url: 'http://127.0.0.1:9/' },
            expect: {
              result: {
                paths: [
                  {
                    path: '$.output',
                    matches: 'the network is off for this workspace, so GET http://127\\.0\\.0\\.1:9/ was not',
                  },
                ],
              },
            },
          },
        ],
      }),
    });
    const run = await toolplay(['test', '--no-network'], `${root}/ws`);
    expect(run.stdout).toBe('✓ tests/fetch.toolplay-test.json › offline (lcp)\n1 passed, 0 failed\n');
    expect(run.code).toBe(0);
  });

  it(
    '--filter and --profile choose the runs, --json reports every expectation, a runaway tool ends as a timeout',
    T,
    async () => {
      const root = sandbox({
        'ws/tools/maths.py': `${MATHS}\n\ndef tool_spin() -> str:\n    """Never returns."""\n    while True:\n        pass\n`,
        'ws/tests/maths.toolplay-test.json': TESTS,
        'ws/tools/noisy.py':
          'def tool_noisy() -> str:\n    """Prints what XML cannot hold."""\n    print("\\x1b[31mred\\x1b[0m \\x07 bell ]]> end")\n    return "x"\n',
        'ws/tests/noisy.toolplay-test.json': JSON.stringify({
          toolplayTests: 1,
          tests: [{ name: 'noisy', tool: 'tool_noisy', expect: { output: 'quiet' } }],
        }),
        'ws/tests/slow.toolplay-test.json': JSON.stringify({
          toolplayTests: 1,
          tests: [
            { name: 'spins', tool: 'tool_spin', timeLimitSeconds: 1, expect: { outcome: 'timeout' } },
            { name: 'spins, said to finish', tool: 'tool_spin', timeLimitSeconds: 1, expect: {} },
          ],
        }),
      });
      const filtered = await toolplay(['test', '--filter', 'SPINS', '--json'], `${root}/ws`);
      expect(filtered.code).toBe(1);
      const report = JSON.parse(filtered.stdout) as {
        passed: number;
        failed: number;
        tests: { name: string; outcome: string; expectations: { ok: boolean; text: string; detail?: string }[] }[];
      };
      expect(report.passed).toBe(1);
      expect(report.failed).toBe(1);
      expect(report.tests.map((t) => [t.name, t.outcome])).toEqual([
        ['spins', 'timeout'],
        ['spins, said to finish', 'timeout'],
      ]);
      expect(report.tests[1]?.expectations).toEqual([
        {
          ok: false,
          text: 'the call finished',
          detail: 'it ran past its time limit: still running after 1 s, so it was stopped',
        },
      ]);

      // A test that names no profile runs under --profile P: the hub calls tool_add with one dict.
      const hub = await toolplay(
        ['test', 'tests/maths.toolplay-test.json', '--profile', 'hub', '--filter', 'adds'],
        `${root}/ws`,
      );
      expect(hub.code).toBe(1);
      expect(hub.stdout).toMatch(/^✗ tests\/maths\.toolplay-test\.json › adds two numbers \(hub\)\n/);
      expect(hub.stdout).toMatch(/\n0 passed, 1 failed\n$/);
      expect(await toolplay(['test', '--filter', 'nothing like it'], `${root}/ws`)).toEqual({
        code: 2,
        stdout: '',
        stderr: 'toolplay: test: no test matches --filter "nothing like it"\n',
      });

      // What a tool prints goes into the JUnit report as it can: colours and control characters a
      // terminal would take (XML 1.0 has no place for them) do not make the report unreadable.
      const noisy = await toolplay(['test', 'tests/noisy.toolplay-test.json', '--junit', 'noisy.xml'], `${root}/ws`);
      expect(noisy.code).toBe(1);
      const xml = readFileSync(`${root}/ws/noisy.xml`, 'utf8');
      await validJunit(xml);
      // Read back as an XML reader does (CDATA sections joined): the text, colours gone, BEL replaced, ]]> whole.
      const cdata = (inner: string) =>
        inner
          .replace(/^<!\[CDATA\[/, '')
          .replace(/\]\]>$/, '')
          .replaceAll(']]><![CDATA[', '');
      expect(cdata(/<system-out>([\s\S]*?)<\/system-out>/.exec(xml)?.[1] ?? '')).toBe('red \uFFFD bell ]]> end\n');
      expect(cdata(/<failure [^>]*>([\s\S]*?)<\/failure>/.exec(xml)?.[1] ?? '').match(/]]> end/g)).toHaveLength(2);
    },
  );
});
