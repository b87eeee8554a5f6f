/**
 * Every lesson's check fails on its start and passes on its shipped solution and on the other
 * correct solutions of alternatives.ts, in the real engine (Pyodide under Node); and a check
 * never changes the files it judges.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { COURSE } from '../../src/course/bundle.ts';
import { readLessonFiles, loadCourse } from '../../src/course/bundle.node.ts';
import { NodeScratchHost } from '../../src/course/node-host.ts';
import { encodeFiles, runLessonCheck } from '../../src/course/run-check.ts';
import type { Lesson } from '../../src/course/types.ts';
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
  it('has the thirteen lessons in order, each with text, a task, hints, a start and a solution', () => {
    expect(COURSE.map((l) => l.id)).toEqual([
      'lcp-first-tool', 'lcp-optional', 'lcp-arrays', 'lcp-docstrings', 'lcp-folders', 'lcp-host-config', 'lcp-confirm',
      'lcp-dynamic-prompt', 'ltp-titles', 'ltp-preview', 'loki-python', 'loki-bash', 'loki-env',
    ]);
    for (const l of COURSE) {
      expect(l.title, l.id).not.toBe('');
      expect(l.intro.length, l.id).toBeGreaterThan(0);
      expect(l.task.length, l.id).toBeGreaterThan(0);
      expect(l.hints.length, l.id).toBeGreaterThan(1);
      expect(Object.keys(l.solution), l.id).toContain(l.openPath);
    }
  });

  it('reads the same lessons from disk (the CLI) as from the bundle (the app)', () => {
    const disk = loadCourse();
    expect(disk.map((l) => [l.id, l.title, l.start, l.solution])).toEqual(COURSE.map((l) => [l.id, l.title, l.start, l.solution]));
    expect(Object.keys(readLessonFiles())).toContain('./loki-env/start/functions/.env');
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
  it.each(MISTAKES.map((m) => [m.lesson, m.why, m.fails, m.files] as const))('%s: %s', async (id, _why, fails, changes) => {
    const files: Record<string, string> = { ...lesson(id).start };
    for (const [path, text] of Object.entries(changes)) {
      if (text === null) delete files[path];
      else files[path] = text;
    }
    const report = await runLessonCheck(host, lesson(id), encodeFiles(files));
    expect(report.passed).toBe(false);
    expect(report.items.filter((i) => !i.ok).map((i) => i.text)).toContain(fails);
  });
});

describe('a solution that never returns', () => {
  it('is stopped at the time limit: the check ends, that item is missing and says why, the next check runs', async () => {
    const quick = new NodeScratchHost(host.engine, 500);
    const spin = 'def tool_greet(name: str) -> str:\n    """Greets.\n\n    Args:\n        name: who to greet\n    """\n    import time\n    end = time.monotonic() + 60\n    while time.monotonic() < end:\n        pass\n    raise RuntimeError("not stopped within 60 s")\n';
    const files = { ...lesson('lcp-first-tool').solution, 'tools/greet.py': spin };
    const report = await runLessonCheck(quick, lesson('lcp-first-tool'), encodeFiles(files));
    expect(report.passed).toBe(false);
    const call = report.items.find((i) => i.text.startsWith('Calling tool_greet'));
    expect(call).toMatchObject({ ok: false });
    expect(call?.detail).toContain('It was still running after 0.5 s, so it was stopped: does it wait or loop forever?');
    expect((await runLessonCheck(quick, lesson('lcp-first-tool'), encodeFiles(lesson('lcp-first-tool').solution))).passed).toBe(true);
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
