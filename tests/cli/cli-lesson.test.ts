// `toolplay lesson list|start|check`: the course in a terminal, with its exit codes (0 done, 1 missing, 2 bad input).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COURSE } from '../../src/course/bundle.ts';
import { sandbox, toolplay } from './run.ts';

const root = sandbox({ 'cwd/.keep': '', 'taken/tools/maths.py': 'print("mine")\n' });
const cwd = `${root}/cwd`;
const T = { timeout: 300_000 };
const SOLUTION = readFileSync(
  new URL('../../src/course/lessons/lcp-arrays/solution/tools/maths.py', import.meta.url),
  'utf8',
);

describe('toolplay lesson', () => {
  it('list: one line per lesson, id then title, in course order', T, async () => {
    const run = await toolplay(['lesson', 'list'], cwd);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    // Every lesson folder, by its order: a new folder is listed without any other edit.
    expect(lines.map((l) => l.split(/ +/)[0])).toEqual(COURSE.map((l) => l.id));
    expect(lines).toHaveLength(readdirSync(new URL('../../src/course/lessons/', import.meta.url)).length);
    expect(lines[0]).toMatch(/^lcp-first-tool +Your first LCP tool$/);
    for (const [i, l] of COURSE.entries()) expect(lines[i]?.endsWith(`  ${l.title}`), l.id).toBe(true);
  });

  it(
    'start writes the starting files; check then fails with a ✗ line per missing item (exit 1), and passes once fixed (exit 0)',
    T,
    async () => {
      const started = await toolplay(['lesson', 'start', 'lcp-arrays', 'ws'], cwd);
      expect(started.code).toBe(0);
      expect(started.stdout).toContain('Edit ws/tools/maths.py, then run: toolplay lesson check lcp-arrays ws');
      expect(readFileSync(`${cwd}/ws/tools/maths.py`, 'utf8')).toContain('List[int]');

      const failing = await toolplay(['lesson', 'check', 'lcp-arrays', 'ws'], cwd);
      expect(failing.code).toBe(1);
      expect(failing.stdout).toMatch(
        /^✓ LCP lists a tool `tool_sum`\n✗ `numbers` is an array parameter of tool_sum\n {4}tools\/maths\.py:5: LCP maps `numbers: List\[int\]` in tool_sum to "integer", not "array": .*\(LCP001\)\n✓ /,
      );

      writeFileSync(`${cwd}/ws/tools/maths.py`, SOLUTION);
      const passing = await toolplay(['lesson', 'check', 'lcp-arrays', 'ws'], cwd);
      expect(passing).toEqual({
        code: 0,
        stderr: '',
        stdout:
          '✓ LCP lists a tool `tool_sum`\n✓ `numbers` is an array parameter of tool_sum\n✓ Calling tool_sum with {"numbers": [1, 2, 3]} returns 6\n✓ And with {"numbers": [2, 3, 4]} it returns 9\nAll 4 done: lesson lcp-arrays is finished.\n',
      });
      // The check ran the tool on a copy: nothing appeared in the folder.
      expect(readFileSync(`${cwd}/ws/tools/maths.py`, 'utf8')).toBe(SOLUTION);
    },
  );

  it('a Loki lesson runs its Bash tool in the terminal too', T, async () => {
    await toolplay(['lesson', 'start', 'loki-bash', 'bash'], cwd);
    const run = await toolplay(['lesson', 'check', 'loki-bash', 'bash'], cwd);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '✗ Run with {"path": "notes.md"} on a file of 3 lines, the model receives exactly 3\n    functions/tools/count_lines.sh:4: That is not the number 3: Loki sends text it cannot read as JSON as {"output": …}. The model receives {"output":"3 notes.md\\n"}.\n',
    );
  });

  it('unknown lesson or folder: one line on stderr, exit 2', T, async () => {
    expect(await toolplay(['lesson', 'check', 'no-such-lesson', '.'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: "toolplay: lesson: unknown lesson 'no-such-lesson' (see toolplay lesson list)\n",
    });
    expect(await toolplay(['lesson', 'check', 'lcp-arrays', 'missing-dir'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'toolplay: DIR not found: missing-dir\n',
    });
    expect((await toolplay(['lesson', 'teach'], cwd)).code).toBe(2);
  });

  it('start never overwrites a file of yours without --force', T, async () => {
    const run = await toolplay(['lesson', 'start', 'lcp-arrays', `${root}/taken`], cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `toolplay: lesson: tools/maths.py already exists in ${root}/taken with other content (pass --force to overwrite)\n`,
    );
    expect(readFileSync(`${root}/taken/tools/maths.py`, 'utf8')).toBe('print("mine")\n');
    expect((await toolplay(['lesson', 'start', 'lcp-arrays', `${root}/taken`, '--force'], cwd)).code).toBe(0);
    expect(readFileSync(`${root}/taken/tools/maths.py`, 'utf8')).toContain('def tool_sum');
  });
});
