/**
 * Every lesson's check fails on its start and passes on its shipped solution and on the other
 * correct solutions of alternatives.ts, in the real engine (Pyodide under Node); and a check
 * never changes the files it judges.
 */
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { COURSE } from '../../src/course/bundle.ts';
import { buildCourse } from '../../src/course/catalog.ts';
import { readLessonFiles, loadCourse } from '../../src/course/bundle.node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { encodeFiles, runLessonCheck } from '../../src/course/run-check.ts';
import type { Lesson } from '../../src/course/types.ts';
import type { ScratchCallResult } from '../../src/scratch/scratch.ts';
import { callState } from '../../src/app/lib/outcome.ts';
import { ALTERNATIVES, MISTAKES } from './alternatives.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

const lesson = (id: string): Lesson => {
  const found = COURSE.find((l) => l.id === id);
  if (!found) throw new Error(`no lesson ${id}`);
  return found;
};

describe('the course', () => {
  it('has one lesson per folder, listed by order, each with text, a task, hints, a start and a solution', () => {
    const folders = readdirSync(new URL('../../src/course/lessons/', import.meta.url), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(COURSE.map((l) => l.id).sort()).toEqual(folders.sort());
    const orders = COURSE.map((l) => l.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
    expect(COURSE[0]?.id).toBe('lcp-first-tool');
    for (const l of COURSE) {
      expect(l.title, l.id).not.toBe('');
      expect(l.intro.length, l.id).toBeGreaterThan(0);
      expect(l.task.length, l.id).toBeGreaterThan(0);
      expect(l.hints.length, l.id).toBeGreaterThan(1);
      expect(Object.keys(l.solution), l.id).toContain(l.openPath);
    }
  });

  it('reads the same lessons from disk (the CLI) as from the bundle (the app)', async () => {
    const disk = await loadCourse();
    const parts = (l: Lesson) => [l.id, l.order, l.host, l.openPath, l.title, l.intro, l.start, l.solution, l.agent];
    expect(disk.map(parts)).toEqual(COURSE.map(parts));
    expect(disk.map((l) => l.check)).toEqual(COURSE.map((l) => l.check));
    expect(Object.keys(readLessonFiles())).toContain('./loki-env/start/functions/.env');
    expect(Object.keys(readLessonFiles()).filter((k) => k.endsWith('/check.ts'))).toEqual([]);
  });
});

describe('a lesson folder', () => {
  const raw = {
    './a/lesson.md': '# A\n\ntext\n\n## Task\n\ndo\n\n## Hints\n\n- one\n',
    './a/start/tools/x.py': '',
    './a/solution/tools/x.py': '',
  };
  const define = (order: number) => ({ order, host: 'lcp' as const, openPath: 'tools/x.py', check: async () => [] });

  it('is a lesson once it has lesson.md, start/ with the open file, and check.ts; by order', () => {
    const b = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k.replace('./a/', './b/'), v.replace('# A', '# B')]),
    );
    expect(
      buildCourse({ ...raw, ...b }, { a: define(20), b: define(10) }).map((l) => [l.id, l.title, l.profile]),
    ).toEqual([
      ['b', 'B', 'lcp'],
      ['a', 'A', 'lcp'],
    ]);
  });

  it('names what is missing, or which lesson already has its order', () => {
    expect(() => buildCourse(raw, {})).toThrow('lesson a: check.ts is missing');
    expect(() => buildCourse({}, { a: define(1) })).toThrow('lesson a: lesson.md is missing');
    expect(() => buildCourse({ './a/lesson.md': raw['./a/lesson.md'] }, { a: define(1) })).toThrow(
      'lesson a: start/tools/x.py is missing',
    );
    const b = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.replace('./a/', './b/'), v]));
    expect(() => buildCourse({ ...raw, ...b }, { a: define(10), b: define(10) })).toThrow(
      'lesson b: order 10 is taken by a',
    );
  });
});

describe.each(COURSE.map((l) => l.id))('%s', (id) => {
  it('fails on the start, with a reason for every missing item', async () => {
    const report = await runLessonCheck(host, lesson(id), encodeFiles(lesson(id).start));
    expect(report.passed).toBe(false);
    for (const i of report.items.filter((x) => !x.ok)) expect(i.detail, i.text).toMatch(/\S/);
  });

  it('passes on the shipped solution', async () => {
    const report = await runLessonCheck(host, lesson(id), encodeFiles(lesson(id).solution));
    expect(report.items.filter((i) => !i.ok)).toEqual([]);
    expect(report.passed).toBe(true);
  });

  // A start whose host lists a tool opens with a call of one of them selected.
  it('has a first call when its host lists a tool on the start, and that tool is one of them', async () => {
    const l = lesson(id);
    let names: string[] = [];
    await runLessonCheck(
      host,
      {
        ...l,
        check: async (port) => {
          names = (await port.inspect(l.profile)).tools.map((t) => t.name);
          return [];
        },
      },
      encodeFiles(l.start),
    );
    if (names.length === 0) expect(l.run).toBeUndefined();
    else expect(names).toContain(l.run?.tool);
  });

  // The call the lesson opens with runs on the start as Run runs it (the hub's lessons by its executor).
  it.runIf(lesson(id).run)('its first call finishes on the start, with the arguments it ships', async () => {
    const l = lesson(id);
    const run = l.run!;
    let ended: ScratchCallResult | undefined;
    const firstCall: Lesson = {
      ...l,
      check: async (port) => {
        ended = await port.call({ ...run, ...(l.profile === 'hub' ? { profile: 'hub' as const } : {}) });
        return [];
      },
    };
    await runLessonCheck(host, firstCall, encodeFiles(l.start));
    expect(ended && 'result' in ended ? callState({ status: 'finished', result: ended.result }).label : ended).toBe(
      'Finished',
    );
  });
});

describe('other correct solutions pass too (the checks judge behaviour, not text)', () => {
  it('covers every host family', () => {
    const families = new Set(ALTERNATIVES.map((a) => lesson(a.lesson).host));
    expect([...families].sort()).toEqual(['lcp', 'loki', 'ltp']);
  });

  it.each(ALTERNATIVES.map((a) => [a.lesson, a.why, a.files] as const))('%s: %s', async (id, _why, changes) => {
    const files: Record<string, string> = { ...lesson(id).start };
    for (const [path, text] of Object.entries(changes)) {
      if (text === null) delete files[path];
      else files[path] = text;
    }
    const report = await runLessonCheck(host, lesson(id), encodeFiles(files));
    expect(report.items.filter((i) => !i.ok)).toEqual([]);
  });
});

describe('wrong solutions fail, at the item they get wrong', () => {
  it.each(MISTAKES.map((m) => [m.lesson, m.why, m.fails, m.files] as const))(
    '%s: %s',
    async (id, _why, fails, changes) => {
      const files: Record<string, string> = { ...lesson(id).start };
      for (const [path, text] of Object.entries(changes)) {
        if (text === null) delete files[path];
        else files[path] = text;
      }
      const report = await runLessonCheck(host, lesson(id), encodeFiles(files));
      expect(report.passed).toBe(false);
      expect(report.items.filter((i) => !i.ok).map((i) => i.text)).toContain(fails);
    },
  );
});

describe('a solution that never returns', () => {
  it('is stopped at the time limit: the check ends, that item is missing and says why, the next check runs', async () => {
    const quick = new NodeScratchHost(host.engine, 500);
    const spin =
      'def tool_greet(name: str) -> str:\n    """Greets.\n\n    Args:\n        name: who to greet\n    """\n    import time\n    end = time.monotonic() + 60\n    while time.monotonic() < end:\n        pass\n    raise RuntimeError("not stopped within 60 s")\n';
    const files = { ...lesson('lcp-first-tool').solution, 'tools/greet.py': spin };
    const report = await runLessonCheck(quick, lesson('lcp-first-tool'), encodeFiles(files));
    expect(report.passed).toBe(false);
    const call = report.items.find((i) => i.text.startsWith('Calling tool_greet'));
    expect(call).toMatchObject({ ok: false });
    expect(call?.detail).toContain(
      'It was still running after 0.5 s, so it was stopped: does it wait or loop forever?',
    );
    expect(
      (await runLessonCheck(quick, lesson('lcp-first-tool'), encodeFiles(lesson('lcp-first-tool').solution))).passed,
    ).toBe(true);
  });
});

describe('a check leaves the files alone', () => {
  it('judges a copy: the files, and the scratch folders afterwards, are as before', async () => {
    const files = encodeFiles(lesson('lcp-confirm').solution);
    const before = new Map([...files].map(([p, b]) => [p, b.slice()]));
    await runLessonCheck(host, lesson('lcp-confirm'), files);
    expect(files).toEqual(before);
    expect(host.engine.fs.analyzePath('/scratch/lesson', false).exists).toBe(false);
    expect(host.engine.fs.analyzePath('/scratch/lesson.call', false).exists).toBe(false);
  });
});
