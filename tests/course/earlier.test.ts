// Opening an example or starting a lesson again offers the workspace it made before, beside a fresh
// copy: the gallery's and the course's side of it (the session's is in tests/workspace/workspaces.test.ts).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { COURSE } from '../../src/course/bundle.ts';
import { createIdbProgressStore } from '../../src/course/progress.ts';
import type { ScratchHost } from '../../src/scratch/scratch.ts';
import { EXAMPLES } from '../../src/examples/index.ts';
import type { Earlier, OpenRequest } from '../../src/app/open-workspace.ts';
import { CourseState } from '../../src/app/state/course.svelte.ts';
import { GalleryState } from '../../src/app/state/gallery.svelte.ts';

/** A list of workspaces in memory: opening adds one (with its origin), goTo switches. */
function workspaces() {
  const list: Array<{ id: string; name: string; origin?: string }> = [{ id: 'first', name: 'My workspace' }];
  const workspace = { id: 'first', files: new Map<string, Uint8Array>(), blocked: null as string | null };
  const open = async (request: OpenRequest) => {
    const id = `ws-${list.length}`;
    list.push({ id, name: request.title, ...(request.origin ? { origin: request.origin } : {}) });
    workspace.id = id;
    return true;
  };
  const earlier: Earlier = {
    find: (origin) => [...list].reverse().find((w) => w.origin === origin) ?? null,
    goTo: async (id) => ((workspace.id = id), true),
  };
  return { list, workspace, open, earlier };
}

const noScratch = {} as ScratchHost;

describe('an example opened before', () => {
  it('offers its workspace; a fresh copy is a new one, offered next time', async () => {
    const { list, workspace, open, earlier } = workspaces();
    const quirks = EXAMPLES.find((e) => e.id === 'lcp-quirks')!;
    const gallery = new GalleryState(EXAMPLES, noScratch, open, earlier);
    expect(gallery.earlierOf(quirks)).toBeNull();
    await gallery.open(quirks);
    expect(list.at(-1)).toEqual({ id: 'ws-1', name: 'Example: LCP quirks', origin: 'example:lcp-quirks' });
    await earlier.goTo('first');
    expect(gallery.earlierOf(quirks)).toEqual({
      id: 'ws-1',
      name: 'Example: LCP quirks',
      origin: 'example:lcp-quirks',
    });
    expect(await gallery.continueIn(quirks)).toBe(true);
    expect(workspace.id).toBe('ws-1');
    await gallery.open(quirks);
    expect(list).toHaveLength(3);
    expect(gallery.earlierOf(quirks)?.id).toBe('ws-2');
  });
});

describe('a lesson started before', () => {
  it('offers the workspace it was started in, and continuing there makes it the lesson again', async () => {
    const { list, workspace, open, earlier } = workspaces();
    const course = new CourseState({
      lessons: COURSE,
      host: noScratch,
      workspace,
      progress: createIdbProgressStore(`earlier-${Math.random()}`),
      open,
      replace: () => {},
      earlier,
    });
    course.select('lcp-arrays');
    expect(course.earlier).toBeNull();
    await course.start();
    expect(list.at(-1)).toMatchObject({ name: 'Lesson: Lists', origin: 'lesson:lcp-arrays' });
    course.select('lcp-optional');
    await course.start();
    expect(course.current).toBe('lcp-optional');
    course.select('lcp-arrays');
    expect(course.earlier).toMatchObject({ id: 'ws-1', name: 'Lesson: Lists' });
    await course.continueEarlier();
    expect(workspace.id).toBe('ws-1');
    expect(course.current).toBe('lcp-arrays');
    expect(list).toHaveLength(3);
  });
});
