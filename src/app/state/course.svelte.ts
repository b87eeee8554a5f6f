/**
 * The Lessons panel's state: the course, the person's progress (IndexedDB), the selected lesson,
 * and its check, which runs in the Python worker on a copy of the workspace's files.
 */
import type { CourseRecord, LessonProgress, ProgressStore } from '../../course/progress.ts';
import { runLessonCheck } from '../../course/run-check.ts';
import type { ScratchHost } from '../../scratch/scratch.ts';
import type { CheckReport, Lesson } from '../../course/types.ts';
import { firstCallSettings, type Earlier, type OpenRequest, type OpenWorkspace } from '../open-workspace.ts';

export interface CourseDeps {
  lessons: Lesson[];
  host: ScratchHost;
  /** The open workspace: its id, its files, and why its code may not run now (a shared workspace not trusted yet), or null. */
  workspace: { readonly id: string; readonly files: ReadonlyMap<string, Uint8Array>; readonly blocked: string | null };
  progress: ProgressStore;
  /** A lesson starts in a new workspace of its own. */
  open: OpenWorkspace;
  /** Puts files in the open workspace in place of its own (the replaced ones stay in each file's History). */
  replace: (request: OpenRequest) => void;
  /** The workspaces lessons made before: starting one again offers it. */
  earlier?: Earlier;
}

export const lessonOrigin = (id: string): string => `lesson:${id}`;

export class CourseState {
  readonly lessons: Lesson[];
  readonly #deps: CourseDeps;
  #record = $state<CourseRecord>({ lessons: {}, current: null });
  #selectedId = $state<string>('');
  #report = $state.raw<{ lessonId: string; report: CheckReport } | null>(null);
  #checking = $state(false);
  #error = $state<string | null>(null);
  #hints = $state(0);
  #solution = $state(false);

  constructor(deps: CourseDeps) {
    this.#deps = deps;
    this.lessons = deps.lessons;
    this.#selectedId = deps.lessons[0]?.id ?? '';
  }

  /** Reads the saved progress; the lesson the person was on is selected again. */
  async load(): Promise<void> {
    try {
      this.#record = await this.#deps.progress.load();
      if (this.#record.current && this.lessons.some((l) => l.id === this.#record.current))
        this.#selectedId = this.#record.current;
    } catch (e) {
      this.#error = `Your course progress could not be read: ${messageOf(e)}`;
    }
  }

  get selected(): Lesson | null {
    return this.lessons.find((l) => l.id === this.#selectedId) ?? null;
  }
  /** The lesson after the selected one in the course, or null after the last. */
  get next(): Lesson | null {
    const at = this.lessons.findIndex((l) => l.id === this.#selectedId);
    return at < 0 ? null : (this.lessons[at + 1] ?? null);
  }
  /** The lesson whose files the workspace holds (the one last started). */
  get current(): string | null {
    return this.#record.current;
  }
  get checking(): boolean {
    return this.#checking;
  }
  /** Why Check cannot run now: a check runs the person's tools, which a workspace in review may not. */
  get blocked(): string | null {
    return this.#deps.workspace.blocked;
  }
  get error(): string | null {
    return this.#error;
  }
  get finishedCount(): number {
    return this.lessons.filter((l) => this.isFinished(l.id)).length;
  }
  /** The selected lesson's last check, when it ran in this session. */
  get report(): CheckReport | null {
    return this.#report?.lessonId === this.#selectedId ? this.#report.report : null;
  }
  get hintsShown(): number {
    return this.#hints;
  }
  get solutionShown(): boolean {
    return this.#solution;
  }

  progressOf(id: string): LessonProgress | null {
    return this.#record.lessons[id] ?? null;
  }
  isFinished(id: string): boolean {
    return this.#record.lessons[id]?.status === 'finished';
  }

  select(id: string): void {
    if (id === this.#selectedId || !this.lessons.some((l) => l.id === id)) return;
    this.#selectedId = id;
    this.#hints = 0;
    this.#solution = false;
    this.#error = null;
  }

  showHint(): void {
    this.#hints = Math.min(this.#hints + 1, this.selected?.hints.length ?? 0);
  }

  toggleSolution(): void {
    if (this.selected && this.isFinished(this.selected.id)) this.#solution = !this.#solution;
  }

  /** The workspace the selected lesson was last started in, if it is still listed. */
  get earlier(): { id: string; name: string } | null {
    const lesson = this.selected;
    return lesson ? (this.#deps.earlier?.find(lessonOrigin(lesson.id)) ?? null) : null;
  }

  /** Back to the workspace the selected lesson was started in before: it is the lesson's again. */
  async continueEarlier(): Promise<void> {
    const lesson = this.selected;
    const earlier = this.earlier;
    if (!lesson || !earlier || !this.#deps.earlier) return;
    if (earlier.id !== this.#deps.workspace.id && !(await this.#deps.earlier.goTo(earlier.id))) return;
    this.#report = null;
    const status = this.#record.lessons[lesson.id];
    await this.#save({
      current: lesson.id,
      workspace: earlier.id,
      lessons: { ...this.#record.lessons, [lesson.id]: status ?? { status: 'started' } },
    });
  }

  /** Opens the lesson's starting files as a new workspace of its own. */
  async start(): Promise<void> {
    const lesson = this.selected;
    if (!lesson) return;
    const opened = await this.#deps.open(this.#startOf(lesson));
    if (!opened) return;
    this.#report = null;
    const status = this.#record.lessons[lesson.id];
    await this.#save({
      current: lesson.id,
      workspace: this.#deps.workspace.id,
      lessons: { ...this.#record.lessons, [lesson.id]: status ?? { status: 'started' } },
    });
  }

  /**
   * "Reset to start": the lesson's starting files go back into the workspace it was started in, in
   * place (what the person wrote stays in each file's History). Anywhere else, it starts afresh.
   */
  async reset(): Promise<void> {
    const lesson = this.selected;
    if (!lesson) return;
    if (this.#record.current !== lesson.id || this.#record.workspace !== this.#deps.workspace.id) return this.start();
    this.#deps.replace(this.#startOf(lesson));
    this.#report = null;
  }

  #startOf(lesson: Lesson): OpenRequest {
    return {
      title: `Lesson: ${lesson.title}`,
      files: lesson.start,
      openPath: lesson.openPath,
      profile: lesson.profile,
      origin: lessonOrigin(lesson.id),
      ...firstCallSettings(lesson.run),
      ...(lesson.agent ? { agent: lesson.agent } : {}),
    };
  }

  /** Runs the selected lesson's check on the workspace's files; a pass finishes the lesson. */
  async check(): Promise<void> {
    const lesson = this.selected;
    if (!lesson || this.#checking) return;
    if (this.blocked !== null) {
      this.#error = `Check is off: ${this.blocked}`;
      return;
    }
    this.#checking = true;
    this.#error = null;
    try {
      const report = await runLessonCheck(this.#deps.host, lesson, new Map(this.#deps.workspace.files));
      this.#report = { lessonId: lesson.id, report };
      if (report.passed && !this.isFinished(lesson.id))
        await this.#save({
          ...this.#record,
          lessons: { ...this.#record.lessons, [lesson.id]: { status: 'finished', finishedAt: Date.now() } },
        });
    } catch (e) {
      this.#error = `The check could not run: ${messageOf(e)}`;
    } finally {
      this.#checking = false;
    }
  }

  /** Keeps the record in memory even when storage fails, and says so. */
  async #save(record: CourseRecord): Promise<void> {
    this.#record = record;
    try {
      await this.#deps.progress.save($state.snapshot(record));
    } catch (e) {
      this.#error = `Your progress is kept in this tab but could not be saved: ${messageOf(e)}`;
    }
  }
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
