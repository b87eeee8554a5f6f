/** Runs a lesson's check on a set of files through any ScratchHost; never modifies those files. */
import { layoutOfLesson } from './catalog.ts';
import type { ScratchHost } from '../scratch/scratch.ts';
import { ScratchWorkspace } from './scratch-workspace.ts';
import type { CheckReport, Lesson } from './types.ts';

export async function runLessonCheck(
  host: ScratchHost,
  lesson: Lesson,
  files: ReadonlyMap<string, Uint8Array>,
): Promise<CheckReport> {
  const port = await ScratchWorkspace.open(host, files, layoutOfLesson(lesson));
  try {
    const items = await lesson.check(port);
    return { items, passed: items.length > 0 && items.every((i) => i.ok) };
  } finally {
    await port.close();
  }
}

/** Text files (path → text) as the bytes a workspace holds. */
export function encodeFiles(files: Record<string, string>): Map<string, Uint8Array> {
  const encoder = new TextEncoder();
  return new Map(Object.entries(files).map(([path, text]) => [path, encoder.encode(text)]));
}
