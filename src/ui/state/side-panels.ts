/**
 * The course, the gallery and the schema diff, wired to the app: the worker as their engine port,
 * IndexedDB for progress and kept versions, and one opener for lessons and examples (today it
 * replaces the workspace's files; with several workspaces it can open a new one instead).
 */
import { COURSE } from '../../course/bundle.ts';
import { createIdbProgressStore } from '../../course/progress.ts';
import type { ScratchHost } from '../../course/scratch.ts';
import { createIdbVersionStore } from '../../diff/versions.ts';
import type { Example } from '../../examples/index.ts';
import { CourseState } from './course.svelte.ts';
import { GalleryState } from './gallery.svelte.ts';
import { ReplaceWorkspace } from './open-workspace.svelte.ts';
import type { Playground } from './playground.svelte.ts';
import { SchemaDiffState } from './schema-diff.svelte.ts';

/** The states behind the side pane's course tabs. */
export interface SidePanels {
  course: CourseState;
  gallery: GalleryState;
  diff: SchemaDiffState;
  opener: ReplaceWorkspace;
}

export function sidePanels(playground: Playground, python: ScratchHost, examples: Example[]): SidePanels {
  const opener = new ReplaceWorkspace(playground);
  const workspace = playground.workspace;
  const side: SidePanels = {
    course: new CourseState({ lessons: COURSE, host: python, workspace, progress: createIdbProgressStore(), open: opener.open }),
    gallery: new GalleryState(examples, python, opener.open),
    diff: new SchemaDiffState({ host: python, workspace, versions: createIdbVersionStore() }),
    opener,
  };
  void side.course.load();
  void side.diff.load();
  return side;
}
