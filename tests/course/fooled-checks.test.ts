/**
 * The checks a learner fooled, or that refused a correct answer (issue 34), and the lessons that
 * issue added, on the real engine: each wrong solution of fooled-checks.ts and new-lessons.ts fails
 * at the requirement it gets wrong, and each unusual right one passes every requirement.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { COURSE } from '../../src/course/bundle.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { encodeFiles, runLessonCheck } from '../../src/course/run-check.ts';
import type { CheckReport } from '../../src/course/types.ts';
import { FOOLED_RIGHT, FOOLED_WRONG } from './fooled-checks.ts';
import { NEW_RIGHT, NEW_WRONG } from './new-lessons.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

async function checkWith(id: string, changes: Record<string, string | null>): Promise<CheckReport> {
  const lesson = COURSE.find((l) => l.id === id);
  if (!lesson) throw new Error(`no lesson ${id}`);
  const files: Record<string, string> = { ...lesson.start };
  for (const [path, text] of Object.entries(changes)) {
    if (text === null) delete files[path];
    else files[path] = text;
  }
  return runLessonCheck(host, lesson, encodeFiles(files));
}

describe('a wrong solution that fooled a check now fails, at the item it gets wrong', () => {
  it.each([...FOOLED_WRONG, ...NEW_WRONG].map((m) => [m.lesson, m.why, m.fails, m.files] as const))(
    '%s: %s',
    async (id, _why, fails, changes) => {
      const report = await checkWith(id, changes);
      expect(report.passed).toBe(false);
      expect(report.items.filter((i) => !i.ok).map((i) => i.text)).toContain(fails);
    },
  );
});

describe('an unusual right solution passes', () => {
  it.each([...FOOLED_RIGHT, ...NEW_RIGHT].map((a) => [a.lesson, a.why, a.files] as const))(
    '%s: %s',
    async (id, _why, changes) => {
      const report = await checkWith(id, changes);
      expect(report.items.filter((i) => !i.ok)).toEqual([]);
    },
  );

  it('covers every lesson whose check issue 34 names, with a wrong and a right solution each', () => {
    const named = [
      'lcp-first-tool',
      'lcp-no-coercion',
      'lcp-confirm',
      'lcp-autonomy',
      'lcp-dynamic-prompt',
      'three-hosts',
      'loki-env',
      'ltp-packages',
    ];
    expect([...new Set(FOOLED_WRONG.map((m) => m.lesson))].sort()).toEqual([...named].sort());
    expect([...new Set(FOOLED_RIGHT.map((m) => m.lesson))].sort()).toEqual([...named].sort());
  });
});
