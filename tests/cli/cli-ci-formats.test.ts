// `--format github` (lint, test, diff) and `lint --format sarif`: output CI reads. The escaping of
// GitHub's workflow commands is held against @actions/core's rules (packages/core/src/command.ts:
// escapeData and escapeProperty), the SARIF log against the SARIF 2.1.0 JSON Schema.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import sarifSchema from '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json' with { type: 'json' };
import { annotation, escapeData, escapeProperty, workspacePath } from '../../src/cli/github-annotations.ts';
import { diagnosticTitles, sarifUri } from '../../src/cli/sarif.ts';
import { testLines } from '../../src/tool-tests/test-lines.ts';
import { sandbox, toolplay } from './run.ts';

const T = { timeout: 300_000 };
const repo = new URL('../../', import.meta.url);
const packageVersion = (JSON.parse(readFileSync(new URL('package.json', repo), 'utf8')) as { version: string }).version;

/** A value read back as the runner reads it: each `%XX` the escaping wrote, in one pass. */
const unescape = (text: string): string =>
  text.replace(/%(25|0D|0A|3A|2C)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A workflow command split as the runner splits it: `::name k=v,k=v::data`, values unescaped. */
function parseCommand(line: string): { name: string; properties: Record<string, string>; data: string } {
  const m = /^::([a-z]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!m) throw new Error(`not a workflow command: ${line}`);
  const properties: Record<string, string> = {};
  for (const pair of (m[2] ?? '').split(',').filter(Boolean)) {
    const at = pair.indexOf('=');
    properties[pair.slice(0, at)] = unescape(pair.slice(at + 1));
  }
  return { name: m[1] ?? '', properties, data: unescape(m[3] ?? '') };
}

describe('GitHub workflow commands, escaped as @actions/core escapes them', () => {
  it('data: % is %25 (first, so a written %0A stays text), CR is %0D, LF is %0A; : and , are left alone', () => {
    expect(escapeData('100%')).toBe('100%25');
    expect(escapeData('a\r\nb')).toBe('a%0D%0Ab');
    expect(escapeData('x: 1, y')).toBe('x: 1, y');
    expect(escapeData('literally %0A')).toBe('literally %250A');
    expect(unescape(escapeData('literally %0A\nthen 50%'))).toBe('literally %0A\nthen 50%');
  });

  it('properties: as data, and : is %3A, , is %2C (they would end the value)', () => {
    expect(escapeProperty('tools/a,b:c.py')).toBe('tools/a%2Cb%3Ac.py');
    expect(escapeProperty('50%\n')).toBe('50%25%0A');
    expect(escapeProperty('%3A')).toBe('%253A');
  });

  it('a command line: file, line, col, endLine, endColumn, title; a value that is not there is left out', () => {
    expect(
      annotation({
        level: 'error',
        message: 'bad: very\nbad',
        file: 'my tools/a,b.py',
        line: 3,
        col: 5,
        endLine: 3,
        endColumn: 9,
        title: 'LCP001',
      }),
    ).toBe('::error file=my tools/a%2Cb.py,line=3,col=5,endLine=3,endColumn=9,title=LCP001::bad: very%0Abad');
    expect(annotation({ level: 'notice', message: '2 passed, 0 failed' })).toBe('::notice::2 passed, 0 failed');
    expect(annotation({ level: 'warning', message: 'm', file: 'a.py' })).toBe('::warning file=a.py::m');
  });

  it('columns go only with a range on one line (the runner refuses them when line and endLine differ)', () => {
    expect(annotation({ level: 'error', message: 'm', file: 'a.py', line: 1, col: 15, endLine: 3, endColumn: 2 })).toBe(
      '::error file=a.py,line=1,endLine=3::m',
    );
    expect(annotation({ level: 'error', message: 'm', file: 'a.py', line: 2, col: 4 })).toBe(
      '::error file=a.py,line=2,col=4::m',
    );
  });

  it('a title or path holding :: and , still splits into the right properties', () => {
    const line = annotation({ level: 'warning', message: 'x:: y', file: 'a::b,c.py', line: 1, title: 't, u: v' });
    expect(parseCommand(line)).toEqual({
      name: 'warning',
      properties: { file: 'a::b,c.py', line: '1', title: 't, u: v' },
      data: 'x:: y',
    });
  });

  it('paths are relative to the current directory, / between folders', () => {
    expect(workspacePath('/repo/tools/a.py', '/repo')).toBe('tools/a.py');
    expect(workspacePath('/elsewhere/a.py', '/repo')).toBe('../elsewhere/a.py');
    expect(sarifUri('/repo/my tools/a#1.py', '/repo')).toBe('my%20tools/a%231.py');
  });
});

describe('the pieces the formats read', () => {
  it("docs/diagnostics.md gives each code's title, without markup or the severity note", () => {
    const titles = diagnosticTitles(readFileSync(new URL('docs/diagnostics.md', repo), 'utf8'));
    expect(titles.get('LCP001')).toBe('the annotation maps to the wrong JSON type');
    expect(titles.get('LCP004')).toBe('Optional[...] without a default is still required');
    expect(titles.get('LTP002')).toBe('TOOL_TITLES that is not a literal dict');
    expect(titles.size).toBeGreaterThanOrEqual(40);
  });

  it("a test file's tests start on these lines", () => {
    expect(testLines('{"toolplayTests": 1,\n "tests": [\n  {"name": "a"},\n\n  {"name": "b"}]}')).toEqual([3, 5]);
    expect(testLines('{"tests": 1}')).toEqual([]);
  });
});

// A folder name with a comma and a space (the runner needs the comma escaped, a URI the space);
// LTP002's range spans three lines, LCP012 is a warning, LCP018 (a nested tool) info.
const MULTI = `TOOL_TITLES = dict(
    tool_a="A",
)
TOOL_LIBRARY_NAME = "x"


def tool_a(args: dict):
    """Do a.

    Args:
        args: the args
    """

    def tool_inner():
        pass

    return {}
`;

interface Finding {
  code: string;
  severity: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  fix?: string;
}

describe('toolplay lint --format github|sarif', () => {
  const root = sandbox({ 'lib, v2/multi.py': MULTI });

  it(
    'github: one command per diagnostic at its range (columns only on one line), code as title; exit code as the text output',
    T,
    async () => {
      const [github, json] = await Promise.all([
        toolplay(['lint', 'lib, v2', '--format', 'github'], root),
        toolplay(['lint', 'lib, v2', '--json'], root),
      ]);
      expect(github.code).toBe(1);
      expect(json.code).toBe(1);
      const found = JSON.parse(json.stdout) as Finding[];
      expect(found.map((d) => `${d.code} ${d.severity}`)).toEqual(['LTP002 error', 'LCP012 warning', 'LCP018 info']);
      const lines = github.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(found.length);
      const level = { error: 'error', warning: 'warning', info: 'notice' } as Record<string, string>;
      lines.forEach((line, i) => {
        const d = found[i] as Finding;
        const oneLine = d.line === d.endLine;
        expect(parseCommand(line)).toEqual({
          name: level[d.severity],
          properties: {
            file: 'lib, v2/multi.py',
            line: String(d.line),
            ...(oneLine ? { col: String(d.column), endColumn: String(d.endColumn) } : {}),
            endLine: String(d.endLine),
            title: d.code,
          },
          data: `${d.message}${d.fix ? ` (fix: ${d.fix})` : ''}`,
        });
      });
      expect(lines.find((l) => l.includes('title=LTP002'))).toMatch(
        /^::error file=lib%2C v2\/multi\.py,line=1,endLine=3,title=LTP002::/,
      );
      expect(lines[2]).toMatch(
        /^::notice file=lib%2C v2\/multi\.py,line=14,col=9,endLine=14,endColumn=19,title=LCP018::/,
      );
      // The summary stays on stderr: stdout holds only commands.
      expect(github.stderr).toContain('toolplay lint: 1 error for hub (LTP002)');
    },
  );

  it(
    'sarif: one log the SARIF 2.1.0 schema accepts; rules from the docs, results at the ranges; --profile keeps its exit code',
    T,
    async () => {
      const [all, lcp] = await Promise.all([
        toolplay(['lint', 'lib, v2', '--format', 'sarif'], root),
        toolplay(['lint', 'lib, v2', '--format', 'sarif', '--profile', 'lcp'], root),
      ]);
      expect(all.code).toBe(1);
      expect(lcp.code).toBe(0);
      // The schema's `language` pattern ends in `]?$`, which only a non-unicode regular expression reads.
      const ajv = new Ajv({ allErrors: true, unicodeRegExp: false });
      addFormats(ajv);
      const validate = ajv.compile(sarifSchema);
      const log = JSON.parse(all.stdout) as {
        version: string;
        runs: {
          tool: { driver: { name: string; version: string; informationUri: string; rules: Record<string, unknown>[] } };
          columnKind: string;
          results: Record<string, unknown>[];
        }[];
      };
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
      expect(validate(JSON.parse(lcp.stdout))).toBe(true);
      // The validator is live: a level SARIF does not know is refused.
      expect(
        validate({ ...log, runs: [{ ...log.runs[0], results: [{ message: { text: 'x' }, level: 'info' }] }] }),
      ).toBe(false);

      const run = log.runs[0];
      expect(run?.tool.driver).toMatchObject({ name: 'toolplay', version: packageVersion });
      expect(fileURLToPath(run?.tool.driver.informationUri ?? '')).toBe(fileURLToPath(new URL('docs/cli.md', repo)));
      expect(run?.columnKind).toBe('utf16CodeUnits');
      const rules = run?.tool.driver.rules ?? [];
      expect(rules.map((r) => r.id)).toEqual(['LCP012', 'LCP018', 'LTP002']);
      const docs = readFileSync(new URL('docs/diagnostics.md', repo), 'utf8');
      for (const rule of rules) {
        const [page = '', anchor = ''] = String(rule.helpUri).split('#');
        expect(existsSync(fileURLToPath(page))).toBe(true);
        expect(anchor).toBe(String(rule.id).toLowerCase());
        expect(docs).toContain(`<a id="${anchor}"></a>`);
      }
      expect(rules[2]).toMatchObject({ shortDescription: { text: 'TOOL_TITLES that is not a literal dict' } });

      const ltp002 = run?.results.find((r) => r.ruleId === 'LTP002');
      expect(ltp002).toMatchObject({
        ruleIndex: 2,
        level: 'error',
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'lib%2C%20v2/multi.py', uriBaseId: '%SRCROOT%' },
              region: { startLine: 1, startColumn: 15, endLine: 3, endColumn: 2 },
            },
          },
        ],
      });
      expect(run?.results.find((r) => r.ruleId === 'LCP018')).toMatchObject({ level: 'note' });
      expect(run?.results.find((r) => r.ruleId === 'LCP012')).toMatchObject({ level: 'warning' });
      // --profile lcp leaves the hub's error out of the log as it does out of the text.
      const lcpLog = JSON.parse(lcp.stdout) as typeof log;
      expect(lcpLog.runs[0]?.results.map((r) => r.ruleId)).not.toContain('LTP002');
    },
  );
});

const MATHS = `def tool_add(a: float, b: float) -> float:
    """Add two numbers.

    Args:
        a: the first
        b: the second
    """
    return a - b
`;

// The tests start on lines 4, 10 and 12.
const TESTS = `{
  "toolplayTests": 1,
  "tests": [
    {
      "name": "adds: two, numbers",
      "tool": "tool_add",
      "args": { "a": 2.0, "b": 3 },
      "expect": { "result": { "paths": [{ "path": "$.output", "equals": 5.0 }] } }
    },
    { "name": "subtracts", "tool": "tool_add", "args": { "a": 0.5, "b": 0.25 },
      "expect": { "result": { "paths": [{ "path": "$.output", "equals": 0.25 }] } } },
    { "name": "whole result", "tool": "tool_add", "args": { "a": 1, "b": 2 },
      "expect": { "result": { "equals": { "output": 3, "status_code": 200, "success": true } } } }
  ]
}
`;

describe('toolplay test --format github', () => {
  it(
    'an error per failed test at its line in the test file, with what it missed; the counts as a notice; exit 1',
    T,
    async () => {
      const root = sandbox({ 'ws/tools/maths.py': MATHS, 'ws/tests/maths.toolplay-test.json': TESTS });
      const run = await toolplay(['test', 'ws', '--format', 'github'], root);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('');
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines).toEqual([
        '::error file=ws/tests/maths.toolplay-test.json,line=4,title=adds%3A two%2C numbers (lcp)::✗ result $.output equals 5.0: it is -1.0',
        expect.stringMatching(
          /^::error file=ws\/tests\/maths\.toolplay-test\.json,line=12,title=whole result \(lcp\)::✗ result equals .*%0A/,
        ),
        '::notice title=toolplay test::1 passed, 2 failed',
      ]);
      // Read back, the message is the text report's lines under that test.
      expect(parseCommand(lines[1] ?? '').data).toBe(
        [
          '✗ result equals {"output":3,"status_code":200,"success":true}: it is {"output":-1,"status_code":200,"success":true}',
          '      {',
          '    -   "output": 3,',
          '    +   "output": -1,',
          '        "status_code": 200,',
          '        "success": true',
          '      }',
        ].join('\n'),
      );
    },
  );
});

const V1 = `def tool_search(query: str, limit: int = 5) -> dict:
    """Search the notes.

    Args:
        query (str): The words to look for.
        limit (int): How many results.
    """


def tool_gone() -> dict:
    """Will go."""
`;
const V2 = `def tool_search(query: int) -> dict:
    """Search the notes.

    Args:
        query (str): The words to look for.
    """


def tool_new(x: str = "a") -> dict:
    """New one.

    Args:
        x: thing
    """
`;
const OLD_ONLY = `def tool_old() -> dict:
    """Its file is gone too."""
`;

describe('toolplay diff --format github', () => {
  it(
    'an error per breaking change and a notice per other one, at the tool in NEW_PATH; the counts last; exit 1',
    T,
    async () => {
      const root = sandbox({
        'v1/tools/search.py': V1,
        'v1/tools/old.py': OLD_ONLY,
        'v2/tools/search.py': V2,
      });
      const run = await toolplay(['diff', 'v1/tools', 'v2/tools', '--format', 'github'], root);
      expect(run).toEqual({
        code: 1,
        stderr: '',
        stdout: [
          // A removed tool points at its old file when NEW_PATH still has it (no line: it is gone), else nowhere.
          '::error file=v2/tools/search.py,title=Breaking change (lcp)::tool_gone: tool removed',
          '::notice file=v2/tools/search.py,line=9,title=Change (lcp)::tool_new: tool added (x?: string)',
          '::error title=Breaking change (lcp)::tool_old: tool removed',
          '::error file=v2/tools/search.py,line=1,title=Breaking change (lcp)::tool_search: parameter `limit` removed',
          '::error file=v2/tools/search.py,line=1,title=Breaking change (lcp)::tool_search: parameter `query`: type string → integer',
          '::notice title=toolplay diff::4 breaking changes, 1 other change.',
          '',
        ].join('\n'),
      });
    },
  );

  it('no change: only the closing notice, exit 0', T, async () => {
    const root = sandbox({ 'v1/tools/search.py': V1 });
    expect(await toolplay(['diff', 'v1/tools', 'v1/tools', '--format', 'github'], root)).toEqual({
      code: 0,
      stderr: '',
      stdout: '::notice title=toolplay diff::No change in what the lcp profile tells the model.\n',
    });
  });
});

describe('--format: an unknown one is bad input, named with the choices (exit 2, before Python starts)', () => {
  const root = sandbox({ 'tools/a.py': 'def tool_a():\n    """A."""\n' });
  it.each([
    [
      ['lint', 'tools', '--format', 'xml'],
      "toolplay: lint: unknown format 'xml' (choose from text, json, github, sarif)",
    ],
    [['test', '--format', 'sarif'], "toolplay: test: unknown format 'sarif' (choose from text, json, github)"],
    [
      ['diff', 'tools', 'tools', '--format', 'junit'],
      "toolplay: diff: unknown format 'junit' (choose from text, json, github)",
    ],
    [
      ['lint', 'tools', '--json', '--format', 'github'],
      'toolplay: lint: --json and --format github ask for two outputs; give one',
    ],
  ])('%j', T, async (args, line) => {
    expect(await toolplay(args, root)).toEqual({ code: 2, stdout: '', stderr: `${line}\n` });
  });
});
