/**
 * Course progress in IndexedDB (idb-keyval, its own database so it never touches a workspace):
 * which lessons are finished, and which one the person is on. What comes back from storage is
 * untrusted and gets narrowed: a damaged record reads as "nothing done yet". Records carry their
 * version: a newer toolplay's record is read as far as this build understands it, never written over.
 */
import { createStore, get, type UseStore } from 'idb-keyval';
import { setUnlessNewer } from '../workspace/record-version.ts';

export interface LessonProgress {
  status: 'started' | 'finished';
  /** When the check first passed (ms since epoch). */
  finishedAt?: number;
}

export interface CourseRecord {
  lessons: Record<string, LessonProgress>;
  /** The lesson the person is on. */
  current: string | null;
  /** The workspace that lesson was started in (its "Reset to start" puts the files back there). */
  workspace?: string;
}

export interface ProgressStore {
  load(): Promise<CourseRecord>;
  save(record: CourseRecord): Promise<void>;
}

const KEY = 'progress';
/** The version of the records this build writes. */
export const PROGRESS_VERSION = 1;

export function readCourseRecord(value: unknown): CourseRecord {
  const record: CourseRecord = { lessons: {}, current: null };
  if (typeof value !== 'object' || value === null) return record;
  const v = value as { lessons?: unknown; current?: unknown; workspace?: unknown };
  if (typeof v.current === 'string') record.current = v.current;
  if (typeof v.workspace === 'string') record.workspace = v.workspace;
  if (typeof v.lessons !== 'object' || v.lessons === null) return record;
  for (const [id, p] of Object.entries(v.lessons as Record<string, unknown>)) {
    if (typeof p !== 'object' || p === null) continue;
    const { status, finishedAt } = p as { status?: unknown; finishedAt?: unknown };
    if (status === 'finished')
      record.lessons[id] = typeof finishedAt === 'number' ? { status, finishedAt } : { status };
    else if (status === 'started') record.lessons[id] = { status };
  }
  return record;
}

export function createIdbProgressStore(name = 'toolplay-course'): ProgressStore {
  const store: UseStore = createStore(name, 'course');
  return {
    load: async () => readCourseRecord(await get(KEY, store)),
    save: (record) => setUnlessNewer(KEY, record, PROGRESS_VERSION, store),
  };
}
