/**
 * The left pane's tabs beside the files: the tool tests, the course, the example gallery and the schema diff.
 * The course and the gallery belong to the page (they outlive a switch of workspace, which is what
 * opening a lesson or an example does); the diff belongs to one workspace (its kept version).
 */
import type { PythonVersion } from '../../protocol/pythons.ts';
import { COURSE } from '../../course/bundle.ts';
import { createIdbProgressStore } from '../../course/progress.ts';
import type { ScratchHost } from '../../scratch/scratch.ts';
import { createIdbVersionStore } from '../../diff/versions.ts';
import type { Example } from '../../examples/index.ts';
import { CourseState } from './course.svelte.ts';
import { GalleryState } from './gallery.svelte.ts';
import type { Earlier, OpenRequest, OpenWorkspace } from '../open-workspace.ts';
import { SchemaDiffState, type DiffDeps } from './schema-diff.svelte.ts';
import { ToolTestsState } from './tool-tests.svelte.ts';
import type { NetworkPolicy } from '../../protocol/packages.ts';

export const SIDE_TABS = [
  ['files', 'Files'],
  ['packages', 'Packages'],
  ['tests', 'Tests'],
  ['evals', 'Evals'],
  ['lessons', 'Lessons'],
  ['examples', 'Examples'],
  ['diff', 'Diff'],
] as const;
export type SideTab = (typeof SIDE_TABS)[number][0];

export class SidePanels {
  readonly course: CourseState;
  readonly gallery: GalleryState;
  /** The open workspace's tool tests (results belong to the workspace that ran them). */
  readonly tests: ToolTestsState;
  readonly #host: ScratchHost;
  #tab = $state<SideTab>('files');

  /** `files` reads the open workspace's files when a check runs (the workspace changes on a switch). */
  readonly #workspaces: Pick<DiffDeps, 'others' | 'filesOf'>;

  constructor(deps: {
    host: ScratchHost;
    examples: Example[];
    open: OpenWorkspace;
    files: () => ReadonlyMap<string, Uint8Array>;
    blocked: () => string | null;
    /** The open workspace's id, and how a lesson's files are put back into it (CourseDeps.replace). */
    workspaceId: () => string;
    replace: (request: OpenRequest) => void;
    /** The list's workspaces and how to read one's files: the schema diff can compare with any of them. */
    others?: DiffDeps['others'];
    filesOf?: DiffDeps['filesOf'];
    /** The workspaces examples and lessons made before: opening one again offers it. */
    earlier?: Earlier;
    /** The open workspace's network settings: tool tests run with them, as Run does. */
    network?: () => NetworkPolicy;
    /** The Python the open workspace runs: a tool test naming another is not run on this one. */
    python?: () => PythonVersion;
  }) {
    this.#host = deps.host;
    this.#workspaces = {
      ...(deps.others ? { others: deps.others } : {}),
      ...(deps.filesOf ? { filesOf: deps.filesOf } : {}),
    };
    this.tests = new ToolTestsState({
      host: deps.host,
      workspace: {
        get id() {
          return deps.workspaceId();
        },
        get files() {
          return deps.files();
        },
        get blocked() {
          return deps.blocked();
        },
      },
      ...(deps.network ? { network: deps.network } : {}),
      ...(deps.python ? { python: deps.python } : {}),
    });
    this.course = new CourseState({
      lessons: COURSE,
      host: deps.host,
      workspace: {
        get id() {
          return deps.workspaceId();
        },
        get files() {
          return deps.files();
        },
        get blocked() {
          return deps.blocked();
        },
      },
      progress: createIdbProgressStore(),
      open: deps.open,
      replace: deps.replace,
      ...(deps.earlier ? { earlier: deps.earlier } : {}),
    });
    // An example opened from the gallery is shown by its files; a lesson keeps its tab (Check is there).
    const openExample: OpenWorkspace = async (request) => {
      const opened = await deps.open(request);
      if (opened) this.#tab = 'files';
      return opened;
    };
    // Going back to an example's workspace shows it by its files too.
    const made = deps.earlier;
    const earlier: Earlier | null = made
      ? {
          find: (origin) => made.find(origin),
          goTo: async (id) => {
            const went = await made.goTo(id);
            if (went) this.#tab = 'files';
            return went;
          },
        }
      : null;
    this.gallery = new GalleryState(deps.examples, deps.host, openExample, earlier);
    void this.course.load();
  }

  get tab(): SideTab {
    return this.#tab;
  }
  set tab(t: SideTab) {
    this.#tab = t;
  }

  /** The schema diff of one workspace, its kept version read from IndexedDB. */
  diffFor(workspace: DiffDeps['workspace']): SchemaDiffState {
    const diff = new SchemaDiffState({
      host: this.#host,
      workspace,
      versions: createIdbVersionStore(),
      ...this.#workspaces,
    });
    void diff.load();
    return diff;
  }
}
