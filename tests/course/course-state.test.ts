// The Lessons panel's state with the real engine (Node adapter) and progress in fake-indexeddb:
// start, check (fail, then pass), progress kept across a reload, storage failures said in words.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { COURSE } from '../../src/course/bundle.ts';
import { createIdbProgressStore, readCourseRecord, type ProgressStore } from '../../src/course/progress.ts';
import { encodeFiles } from '../../src/course/run-check.ts';
import { CourseState } from '../../src/app/state/course.svelte.ts';
import type { OpenRequest } from '../../src/app/open-workspace.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

const arrays = COURSE.find((l) => l.id === 'lcp-arrays')!;

function setup(progress: ProgressStore = createIdbProgressStore(`course-${Math.random()}`), accept = true) {
  const workspace = { id: 'first', files: new Map<string, Uint8Array>(), blocked: null as string | null };
  const opened: OpenRequest[] = [];
  const putBack: OpenRequest[] = [];
  const open = async (request: OpenRequest) => {
    opened.push(request);
    if (accept) {
      workspace.id = `opened-${opened.length}`;
      workspace.files = encodeFiles(request.files as Record<string, string>);
    }
    return accept;
  };
  const replace = (request: OpenRequest) => {
    putBack.push(request);
    workspace.files = new Map([...workspace.files, ...encodeFiles(request.files as Record<string, string>)]);
  };
  const course = new CourseState({ lessons: COURSE, host, workspace, progress, open, replace });
  return { course, workspace, opened, putBack, progress };
}

describe('CourseState', () => {
  it('starts a lesson, fails its check on the start, passes it on a fix, and remembers across a reload', async () => {
    const { course, workspace, opened, progress } = setup();
    await course.load();
    expect(course.selected?.id).toBe('lcp-first-tool');
    course.select('lcp-arrays');
    await course.start();
    expect(opened[0]).toMatchObject({
      title: 'Lesson: Lists',
      openPath: 'tools/maths.py',
      profile: 'lcp',
      files: arrays.start,
    });
    expect(course.current).toBe('lcp-arrays');

    await course.check();
    expect(course.report?.passed).toBe(false);
    expect(course.report?.items.find((i) => !i.ok)).toMatchObject({
      text: '`numbers` is an array parameter of tool_sum',
      at: { path: 'tools/maths.py', line: 5 },
    });
    expect(course.isFinished('lcp-arrays')).toBe(false);
    course.toggleSolution();
    expect(course.solutionShown).toBe(false);

    workspace.files = encodeFiles(arrays.solution);
    await course.check();
    expect(course.report?.passed).toBe(true);
    expect(course.isFinished('lcp-arrays')).toBe(true);
    expect(course.finishedCount).toBe(1);
    course.toggleSolution();
    expect(course.solutionShown).toBe(true);

    const again = setup(progress).course;
    await again.load();
    expect(again.selected?.id).toBe('lcp-arrays');
    expect(again.isFinished('lcp-arrays')).toBe(true);
    expect(again.report).toBeNull();
  });

  it("Reset to start puts the files back into the lesson's own workspace, even after a reload; elsewhere it opens a new one", async () => {
    const { course, workspace, opened, putBack, progress } = setup();
    course.select('lcp-arrays');
    await course.start();
    expect(workspace.id).toBe('opened-1');
    workspace.files = encodeFiles(arrays.solution);
    await course.check();
    expect(course.report?.passed).toBe(true);
    await course.reset();
    expect(opened).toHaveLength(1);
    expect(putBack).toEqual([
      expect.objectContaining({ files: arrays.start, openPath: 'tools/maths.py', profile: 'lcp' }),
    ]);
    expect(course.report).toBeNull();
    expect(course.isFinished('lcp-arrays')).toBe(true);

    // The page reloaded: the record still knows which workspace the lesson lives in.
    const reloaded = new CourseState({
      lessons: COURSE,
      host,
      workspace,
      progress,
      open: async () => true,
      replace: (r) => putBack.push(r),
    });
    await reloaded.load();
    await reloaded.reset();
    expect(putBack).toHaveLength(2);

    // Another workspace is open (the person switched): its files are not the lesson's to replace.
    workspace.id = 'someone-else';
    await course.reset();
    expect(opened).toHaveLength(2);
    expect(putBack).toHaveLength(2);
  });

  it('a declined opener changes nothing; hints come one at a time', async () => {
    const { course } = setup(undefined, false);
    course.select('loki-env');
    await course.start();
    expect(course.current).toBeNull();
    course.showHint();
    course.showHint();
    expect(course.hintsShown).toBe(2);
    course.select('lcp-arrays');
    expect(course.hintsShown).toBe(0);
  });

  it('says so when progress cannot be saved, and keeps it in the tab', async () => {
    const failing: ProgressStore = {
      load: async () => readCourseRecord(null),
      save: async () => Promise.reject(new DOMException('quota', 'QuotaExceededError')),
    };
    const { course, workspace } = setup(failing);
    course.select('lcp-arrays');
    workspace.files = encodeFiles(arrays.solution);
    await course.check();
    expect(course.isFinished('lcp-arrays')).toBe(true);
    expect(course.error).toBe('Your progress is kept in this tab but could not be saved: quota');
  });

  it('a check that cannot run says why and can run again', async () => {
    const broken = {
      ...host,
      writeScratch: async () => Promise.reject(new Error('the Python worker is not running')),
    } as unknown as NodeScratchHost;
    const course = new CourseState({
      lessons: COURSE,
      host: broken,
      workspace: { id: 'w', files: new Map(), blocked: null },
      progress: createIdbProgressStore('broken'),
      open: async () => true,
      replace: () => {},
    });
    await course.check();
    expect(course.error).toBe('The check could not run: the Python worker is not running');
    expect(course.checking).toBe(false);
  });

  it('a workspace in review (opened from a link, not trusted) is never checked: no tool of it runs', async () => {
    const { course, workspace } = setup();
    course.select('lcp-arrays');
    await course.start();
    workspace.files = encodeFiles(arrays.solution);
    workspace.blocked = 'this workspace came from a link: press Trust and run first.';
    const used: string[] = [];
    const watched = new Proxy(host, {
      get: (h, key, r) => (used.push(String(key)), Reflect.get(h, key, r) as unknown),
    });
    const gated = new CourseState({
      lessons: COURSE,
      host: watched,
      workspace,
      progress: createIdbProgressStore(`gated-${Math.random()}`),
      open: async () => true,
      replace: () => {},
    });
    gated.select('lcp-arrays');
    expect(gated.blocked).toBe(workspace.blocked);
    await gated.check();
    expect(used).toEqual([]);
    expect(gated.report).toBeNull();
    expect(gated.isFinished('lcp-arrays')).toBe(false);
    expect(gated.error).toBe('Check is off: this workspace came from a link: press Trust and run first.');
    workspace.blocked = null;
    await gated.check();
    expect(gated.isFinished('lcp-arrays')).toBe(true);
  });

  it('Next lesson: the one after the selected, none after the last', () => {
    const { course } = setup();
    const at = COURSE.findIndex((l) => l.id === 'lcp-arrays');
    course.select('lcp-arrays');
    expect(course.next?.id).toBe(COURSE[at + 1]?.id);
    course.select(COURSE.at(-1)!.id);
    expect(course.next).toBeNull();
  });

  it('reads damaged progress records as nothing done', () => {
    expect(readCourseRecord('junk')).toEqual({ lessons: {}, current: null });
    expect(
      readCourseRecord({
        current: 3,
        lessons: {
          a: { status: 'finished', finishedAt: 'x' },
          b: { status: 'won' },
          c: null,
          d: { status: 'started' },
        },
      }),
    ).toEqual({ current: null, lessons: { a: { status: 'finished' }, d: { status: 'started' } } });
  });
});
