/**
 * What a host tells the model about a set of workspace files, computed on a scratch copy (the
 * browser's schema diff): the host's native specs (the worker's `schema`, Loki's Bash tools included,
 * src/loki/schema.ts).
 */
import type { ScratchHost } from '../scratch/scratch.ts';
import type { Profile } from '../protocol/engine.ts';

/** The tools folder of a set of files: Loki's when there is one. */
export const toolsDirOf = (paths: Iterable<string>): string =>
  [...paths].some((p) => p.startsWith('functions/tools/')) ? 'functions/tools' : 'tools';

export async function specsOfFiles(
  host: ScratchHost,
  root: string,
  files: ReadonlyMap<string, Uint8Array>,
  profile: Profile,
  toolsDir: string,
): Promise<unknown[]> {
  const dir = `${toolsDir}/`;
  if (![...files.keys()].some((p) => p.startsWith(dir))) return [];
  await host.writeScratch(
    root,
    [...files].map(([path, content]) => ({ path, content })),
  );
  try {
    const native = await host.schema({ paths: [`${root}/${toolsDir}`], profile, format: 'native' });
    // A file the host cannot build is named by its engine path: make it a workspace path, so the
    // same broken file in both versions is the same file.
    return (Array.isArray(native) ? native : []).map((item: unknown) => {
      const file = (item as { file?: unknown } | null)?.file;
      return typeof file === 'string' && file.startsWith(`${root}/`)
        ? { ...(item as object), file: file.slice(root.length + 1) }
        : item;
    });
  } finally {
    await host.writeScratch(root, null);
  }
}
